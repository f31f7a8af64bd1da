// Package clitest holds the checks both binaries' tests run on their
// command lines: the argument fuzzer and the range-tag audit, so the two
// binaries are held to one rule.
package clitest

import (
	"strings"
	"testing"

	"github.com/alecthomas/kong"

	"github.com/automem/automem/internal/cli"
)

// FuzzArgs fuzzes a binary's parser: each input is a NUL-separated argument
// list, and parse (cli.Parse without running) must end in a documented
// way — ready to run (-1), done (0: --help, --version) or a usage error
// (80) — and never panic.
func FuzzArgs(f *testing.F, name string, seeds []string, parse func([]string) int) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Split(s, "\x00")
		switch code := parse(args); code {
		case -1, cli.ExitOK, cli.ExitUsage:
		default:
			t.Fatalf("%s %q: exit %d, not a documented code", name, args, code)
		}
	})
}

// RequireRanges fails t for every numeric or duration flag of the parser
// built from root and opts that does not declare min and max.
func RequireRanges(t *testing.T, root any, opts ...kong.Option) {
	t.Helper()
	k, err := kong.New(root, opts...)
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range cli.CheckRangeTags(k) {
		t.Error(err)
	}
}
