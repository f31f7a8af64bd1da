package cli

import (
	"bytes"
	"context"
	"errors"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/kong"
)

type rangeCLI struct {
	Count int           `min:"1" max:"10" env:"TEST_RANGES_COUNT"`
	Wait  time.Duration `default:"1m" min:"0s" max:"1h"`
	Ratio float64       `default:"0.5" min:"0" max:"1"`
	When  Time          `placeholder:"TIME"`
}

func (c *rangeCLI) Run() error { return nil }

func parseRange(t *testing.T, getenv func(string) string, args ...string) (int, string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &errb, Getenv: getenv}
	_, code := Parse(context.Background(), "t", &rangeCLI{}, env, args)
	return code, errb.String()
}

func TestRanges(t *testing.T) {
	none := func(string) string { return "" }
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--count=5"}, -1, ""},
		{[]string{"--count=1", "--wait=0s", "--ratio=1"}, -1, ""},
		{[]string{"--count=0"}, ExitUsage, "--count=0 is out of range: allowed 1 to 10"},
		{[]string{"--count=-1"}, ExitUsage, "--count=-1 is out of range: allowed 1 to 10"},
		{[]string{"--count=3", "--wait=-1h"}, ExitUsage, "--wait=-1h0m0s is out of range: allowed 0s to 1h"},
		{[]string{"--count=3", "--wait=2h"}, ExitUsage, "--wait=2h0m0s is out of range: allowed 0s to 1h"},
		{[]string{"--count=3", "--ratio=NaN"}, ExitUsage, "--ratio=NaN is out of range"},
		{[]string{"--count=3", "--when=yesterday"}, ExitUsage, `--when: "yesterday" is not an RFC3339 time`},
		{[]string{"--count=99999999999999999999"}, ExitUsage, "--count"},
	} {
		code, msg := parseRange(t, none, c.args...)
		if code != c.code || !strings.Contains(msg, c.msg) {
			t.Errorf("%v: code %d, stderr %q; want %d and %q", c.args, code, msg, c.code, c.msg)
		}
	}
}

func TestRangeNamesTheVariable(t *testing.T) {
	t.Setenv("TEST_RANGES_COUNT", "-4")
	code, msg := parseRange(t, func(k string) string {
		if k == "TEST_RANGES_COUNT" {
			return "-4"
		}
		return ""
	})
	if code != ExitUsage || !strings.Contains(msg, "--count=-4 (from envar TEST_RANGES_COUNT) is out of range") {
		t.Errorf("code %d, stderr %q", code, msg)
	}
	// Typed on the command line, the flag wins and no variable is blamed.
	code, msg = parseRange(t, func(string) string { return "-4" }, "--count=11")
	if code != ExitUsage || strings.Contains(msg, "from envar") {
		t.Errorf("code %d, stderr %q", code, msg)
	}
}

func TestCheckRangeTags(t *testing.T) {
	type bad struct {
		Unbounded int
		OnlyMin   time.Duration `min:"0s"`
		BadTag    int           `min:"x" max:"3"`
		Fine      int           `min:"0" max:"3"`
		Flag      bool
		Name      string
	}
	k, err := kong.New(&bad{})
	if err != nil {
		t.Fatal(err)
	}
	errs := CheckRangeTags(k)
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"--unbounded: declare both", "--only-min: declare both", "--bad-tag: min tag"} {
		if !strings.Contains(joined, want) {
			t.Errorf("missing %q in:\n%s", want, joined)
		}
	}
	if len(errs) != 3 {
		t.Errorf("%d errors, want 3:\n%s", len(errs), joined)
	}
}

func TestVersion(t *testing.T) {
	info := func(v string, settings ...debug.BuildSetting) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Version: v}, Settings: settings}, true
		}
	}
	for _, c := range []struct {
		linked string
		info   func() (*debug.BuildInfo, bool)
		want   string
	}{
		{"v1.2.3", info("v9"), "v1.2.3"},
		{"dev", info("v0.4.0"), "v0.4.0"},
		{"", info("(devel)", debug.BuildSetting{Key: "vcs.revision", Value: "0123456789abcdef0123"},
			debug.BuildSetting{Key: "vcs.time", Value: "2026-12-01T10:00:00Z"},
			debug.BuildSetting{Key: "vcs.modified", Value: "true"}), "dev 0123456789ab 2026-12-01T10:00:00Z modified"},
		{"dev", info("(devel)"), "dev"},
		{"dev", func() (*debug.BuildInfo, bool) { return nil, false }, "dev"},
	} {
		if got := Version(c.linked, c.info); got != c.want {
			t.Errorf("Version(%q) = %q, want %q", c.linked, got, c.want)
		}
	}
}

func TestCodes(t *testing.T) {
	if Code(Interrupted(errors.New("x"))) != ExitInterrupted || Code(Usage(errors.New("x"))) != ExitUsage {
		t.Error("Interrupted/Usage do not map to 130/80")
	}
}
