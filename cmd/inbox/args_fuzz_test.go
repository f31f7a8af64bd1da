package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/cli/clitest"
)

// parseOnly parses args as inbox would, without running the command.
func parseOnly(args []string) int {
	env := &cli.Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }, Home: "/nonexistent", Version: "test"}
	var c CLI
	_, code := cli.Parse(context.Background(), "inbox", &c, env, args, options(env, &c)...)
	return code
}

// FuzzArgs feeds random argument lists to inbox's parser: whatever the
// arguments, parsing must not panic and must end in a documented way —
// ready to run (-1), done (0: --help, --version) or a usage error (80).
func FuzzArgs(f *testing.F) {
	clitest.FuzzArgs(f, "inbox", []string{
		"list", "list\x00--json", "apply\x00private\x00--hunks\x00abc", "apply\x00private\x00--hunks=1-999999999",
		"dismiss\x00global\x00--hunks=3-1", "promote\x00skill/x\x00--to=nowhere", "promote\x00skill/x",
		"undo\x00--force", "redo\x00--force", "review\x00--allow-scripts", "--color=sometimes\x00status", "--help", "--version",
		"show", "log\x00extra", "--project\x00", "apply\x00private\x00--hunks=,", "apply\x00p\x00--hunks=1,,2",
	}, parseOnly)
}

// TestEveryNumberHasARange: each numeric or duration flag of inbox
// declares min and max, so the parser range-checks it.
func TestEveryNumberHasARange(t *testing.T) {
	env := &cli.Env{Stdout: io.Discard, Stderr: io.Discard, Getenv: func(string) string { return "" }}
	var c CLI
	clitest.RequireRanges(t, &c, options(env, &c)...)
}
