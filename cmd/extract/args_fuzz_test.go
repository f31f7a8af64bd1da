package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/cli/clitest"
)

// parseOnly parses args as extract would, without running the command.
func parseOnly(args []string) int {
	env := &cli.Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }, Home: "/nonexistent", Version: "test"}
	_, code := cli.Parse(context.Background(), "extract", &CLI{}, env, args, options(env)...)
	return code
}

// FuzzArgs feeds random argument lists to extract's parser: whatever the
// arguments, parsing must not panic and must end in a documented way —
// ready to run (-1), done (0: --help, --version) or a usage error (80).
func FuzzArgs(f *testing.F) {
	clitest.FuzzArgs(f, "extract", []string{
		"--dry-run", "--max-new=-1", "--index-size\x00-1", "--min-idle=-1h", "--now=yesterday",
		"--now\x002026-05-01T09:00:00Z", "--interval=99999h", "--max-time=1e9h", "--elide-after=-0",
		"schedule\x00install\x00--every=7m", "schedule\x00status\x00--json", "--help", "--version",
		"run\x00--source=all\x00--max-turns=0", "--lock-stale=9223372036854775807ns", "--min-user-messages=+5",
		"--request-timeout=", "-h", "--", "run\x00--\x00x",
	}, parseOnly)
}

// TestEveryNumberHasARange: each numeric or duration flag of extract
// declares min and max, so the parser range-checks it.
func TestEveryNumberHasARange(t *testing.T) {
	env := &cli.Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}
	clitest.RequireRanges(t, &CLI{}, options(env)...)
}

// TestNegativeNumbersAreUsageErrors: every numeric and duration flag of
// extract rejects a negative value (exit 80) instead of running with it.
func TestNegativeNumbersAreUsageErrors(t *testing.T) {
	for _, a := range []string{"--min-idle=-1h", "--min-user-messages=-5", "--index-size=-1", "--max-new=-1",
		"--interval=-1h", "--lock-stale=-1m", "--max-turns=-1", "--max-time=-1s", "--request-timeout=-1s", "--elide-after=-1"} {
		if code := parseOnly([]string{"--dry-run", a}); code != cli.ExitUsage {
			t.Errorf("extract %s: exit %d, want 80", a, code)
		}
	}
}
