package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/patch"
)

// BenchmarkStatus measures `inbox status` with 500 registered projects:
// --all (summing every inbox) and inside one (the shell-prompt case,
// answered from the registry).
func BenchmarkStatus(b *testing.B) {
	work := b.TempDir()
	home := filepath.Join(work, "home")
	for i := range 500 {
		mem, err := mkproject(work, home, fmt.Sprintf("p%03d", i))
		if err != nil {
			b.Fatal(err)
		}
		if err := pendThree(mem); err != nil {
			b.Fatal(err)
		}
	}
	b.Setenv("HOME", home)
	b.Setenv("GEMINI_CLI_HOME", home)
	if v, ok := os.LookupEnv("AUTOMEM_PROJECT"); ok {
		os.Unsetenv("AUTOMEM_PROJECT")
		defer os.Setenv("AUTOMEM_PROJECT", v)
	}
	run(context.Background(), []string{"status", "--all"}, strings.NewReader(""), io.Discard, io.Discard) // the first settle writes the intents
	var out, errs strings.Builder
	if code := run(context.Background(), []string{"status", "--all"}, strings.NewReader(""), &out, &errs); code != 0 || out.String() != "1500 memory hunks pending\n" {
		b.Fatalf("status = %d %q %s", code, out.String(), errs.String())
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			run(context.Background(), []string{"status", "--all"}, strings.NewReader(""), io.Discard, io.Discard)
		}
	})
	b.Run("one", func(b *testing.B) {
		args := []string{"--project", filepath.Join(work, "p250"), "status"}
		for b.Loop() {
			run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard)
		}
	})
}

// pendThree gives a memory dir a MEMORY.md and a pending patch of three
// hunks that applies to it.
func pendThree(mem string) error {
	var old, want strings.Builder
	for i := range 30 {
		fmt.Fprintf(&old, "- line %d\n", i)
		fmt.Fprintf(&want, "- line %d\n", i)
		if i%10 == 5 {
			fmt.Fprintf(&want, "- new %d\n", i)
		}
	}
	md := filepath.Join(mem, "MEMORY.md")
	if err := os.WriteFile(md, []byte(old.String()), 0o600); err != nil {
		return err
	}
	p := &patch.Patch{Files: []*patch.File{patch.Diff(md, []byte(old.String()), []byte(want.String()))}}
	if err := os.MkdirAll(filepath.Join(mem, ".inbox", "private"), 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(mem, ".inbox", "private", "extraction.patch"), p.Bytes(), 0o600)
}
