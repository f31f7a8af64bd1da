package main

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/automem/automem/internal/cli"
)

// TestParseCycle checks the cycle-only parse against the whole CLI: a
// cycle's arguments give the same RunCmd in both and print nothing; any
// other command line (help, version, another command, a usage error) is
// left to the whole CLI, printing nothing on the way.
func TestParseCycle(t *testing.T) {
	for _, tc := range []struct {
		args []string
		fast bool // the cycle-only parse takes it
	}{
		{args: nil, fast: true},
		{args: []string{"--dry-run", "--json", "--now", "2026-11-30T00:00:00Z", "--cache-dir", "/tmp/c", "--log-level", "error"}, fast: true},
		{args: []string{"run", "--dry-run", "--min-idle", "5m", "--source", "gemini"}, fast: true},
		{args: []string{"--dry-run", "--force"}, fast: true},
		{args: []string{"--help"}},
		{args: []string{"-h"}},
		{args: []string{"--version"}},
		{args: []string{"run", "--help"}},
		{args: []string{"usage"}},
		{args: []string{"upkeep", "--dry-run"}},
		{args: []string{"schedule", "status"}},
		{args: []string{"--bogus"}},
		{args: []string{"--min-idle", "nope"}},
		{args: []string{"--source", "nope"}},
		{args: []string{"--dry-run", "extra"}},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			env := cli.NewEnv(strings.NewReader(""), &out, &errb, "dev")
			fast := parseCycle(context.Background(), env, tc.args)
			if out.Len()+errb.Len() != 0 {
				t.Fatalf("the cycle-only parse printed %q %q", out.String(), errb.String())
			}
			if (fast != nil) != tc.fast {
				t.Fatalf("cycle-only parse taken: %v, want %v", fast != nil, tc.fast)
			}
			if fast == nil {
				return
			}
			var fout, ferr bytes.Buffer
			fenv := cli.NewEnv(strings.NewReader(""), &fout, &ferr, "dev")
			full, code := cli.Parse(context.Background(), "extract", &CLI{}, fenv, tc.args, options(fenv)...)
			if full == nil {
				t.Fatalf("the whole CLI refuses what the cycle-only parse took (exit %d): %s", code, ferr.String())
			}
			if got, want := fast.Selected().Path(), full.Selected().Path(); got != want {
				t.Fatalf("command %q, the whole CLI's %q", got, want)
			}
			if got, want := fast.Selected().Target.Interface(), full.Selected().Target.Interface(); !reflect.DeepEqual(got, want) {
				t.Fatalf("flags differ:\n%+v\nthe whole CLI's:\n%+v", got, want)
			}
		})
	}
}
