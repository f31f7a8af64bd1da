package main

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/automem/automem/internal/cli"
)

// BenchmarkParse is the command-line part of every extract start-up:
// building kong's model of the CLI (every command and flag, their help
// interpolated) and parsing a dry run's arguments.
func BenchmarkParse(b *testing.B) { benchParse(b, func() any { return &CLI{} }) }

// BenchmarkParseCycle is the same for the cycle-only parse a run takes
// first (parseCycle).
func BenchmarkParseCycle(b *testing.B) { benchParse(b, func() any { return &cycleCLI{} }) }

func benchParse(b *testing.B, root func() any) {
	env := cli.NewEnv(strings.NewReader(""), io.Discard, io.Discard, "dev")
	args := []string{"--dry-run", "--json", "--now", "2026-11-30T00:00:00Z", "--cache-dir", b.TempDir(), "--log-level", "error"}
	b.ReportAllocs()
	for b.Loop() {
		if kctx, code := cli.Parse(context.Background(), "extract", root(), env, args, options(env)...); kctx == nil {
			b.Fatalf("parse: exit %d", code)
		}
	}
}
