package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkStatus measures `inbox status` with 500 registered projects:
// outside any project (summing every inbox) and inside one (the
// shell-prompt case, answered from the registry).
func BenchmarkStatus(b *testing.B) {
	work := b.TempDir()
	home := filepath.Join(work, "home")
	for i := range 500 {
		mem, err := mkproject(work, home, fmt.Sprintf("p%03d", i))
		if err != nil {
			b.Fatal(err)
		}
		os.MkdirAll(filepath.Join(mem, ".inbox", "private"), 0o755)
		patch := "--- /m/MEMORY.md\n+++ /m/MEMORY.md\n" + strings.Repeat("@@ -1 +1,2 @@\n a\n+b\n", 3)
		os.WriteFile(filepath.Join(mem, ".inbox", "private", "extraction.patch"), []byte(patch), 0o600)
	}
	b.Setenv("HOME", home)
	b.Setenv("GEMINI_CLI_HOME", home)
	if v, ok := os.LookupEnv("AUTOMEM_PROJECT"); ok {
		os.Unsetenv("AUTOMEM_PROJECT")
		defer os.Setenv("AUTOMEM_PROJECT", v)
	}
	var out, errs strings.Builder
	if code := run(context.Background(), []string{"status"}, strings.NewReader(""), &out, &errs); code != 0 || out.String() != "1500 memory hunks pending\n" {
		b.Fatalf("status = %d %q %s", code, out.String(), errs.String())
	}
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			run(context.Background(), []string{"status"}, strings.NewReader(""), io.Discard, io.Discard)
		}
	})
	b.Run("one", func(b *testing.B) {
		args := []string{"--project", filepath.Join(work, "p250"), "status"}
		for b.Loop() {
			run(context.Background(), args, strings.NewReader(""), io.Discard, io.Discard)
		}
	})
}
