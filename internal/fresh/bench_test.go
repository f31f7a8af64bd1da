package fresh

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"syscall"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// benchFiles is the size of the generated working tree the issue names.
const benchFiles = 50000

// bigTree writes benchFiles empty files (500 directories of 100, two levels
// deep) plus the small project's manifests under dir, and returns their
// slash paths.
func bigTree(b *testing.B, dir string) []string {
	b.Helper()
	project(b, dir)
	var names []string
	for d := 0; d < benchFiles/100; d++ {
		sub := filepath.Join(dir, fmt.Sprintf("pkg%02d", d/20), fmt.Sprintf("mod%03d", d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := 0; f < 100; f++ {
			name := fmt.Sprintf("file%03d.go", f)
			if err := os.WriteFile(filepath.Join(sub, name), nil, 0o644); err != nil {
				b.Fatal(err)
			}
			names = append(names, fmt.Sprintf("pkg%02d/mod%03d/%s", d/20, d, name))
		}
	}
	return names
}

// writeIndex makes dir a repository whose index lists the tree's files, as
// `git add` would (object hashes are not needed to list paths).
func writeIndex(b *testing.B, dir string, names []string) {
	b.Helper()
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		b.Fatal(err)
	}
	all := append([]string{"tools/deploy.sh", "scripts/release.sh", "internal/handlers/auth.go", "main.go", "Makefile",
		"justfile", "package.json", "go.mod", "requirements.txt", ".gitignore"}, names...)
	sort.Strings(all)
	idx := &index.Index{Version: 2}
	for _, n := range all {
		idx.Entries = append(idx.Entries, &index.Entry{Name: n, Mode: filemode.Regular, Hash: plumbing.ZeroHash})
	}
	if err := repo.Storer.SetIndex(idx); err != nil {
		b.Fatal(err)
	}
}

// benchLines is a memory file's worth of lines naming things of every kind.
var benchLines = []string{
	"Publish with `tools/publish.sh`.", "Run `make test-unit` before pushing.", "Format with `just fmt`.",
	"Check with npm run lint.", "Edit `handlers/auth.go` for login.", "We use `github.com/rs/zerolog` for logs.",
	"Generated code is in `pkg07/mod140/file042.go`.", "The old API was in `pkg03/oldapi`.", "Secrets go in `.env`.",
	"Prefer table tests and small files.",
}

// BenchmarkFreshness measures one upkeep pass's freshness check on a
// 50,000-file tree: Load plus Missing over a memory file, through the git
// index and through one walk, beside `git ls-files` as the baseline.
func BenchmarkFreshness(b *testing.B) {
	top := b.TempDir()
	repoDir, plainDir := filepath.Join(top, "repo"), filepath.Join(top, "plain")
	writeIndex(b, repoDir, bigTree(b, repoDir))
	bigTree(b, plainDir)
	check := func(b *testing.B, dir string, wantGit bool) {
		defer reportCPU(b, syscall.RUSAGE_SELF)()
		for b.Loop() {
			s, err := Load(dir)
			if err != nil {
				b.Fatal(err)
			}
			if s.git != wantGit || len(s.files) < benchFiles {
				b.Fatalf("git=%v files=%d", s.git, len(s.files))
			}
			n := 0
			for _, l := range benchLines {
				n += len(s.Missing(l))
			}
			if n != 2 { // tools/publish.sh, pkg03/oldapi
				b.Fatalf("%d missing refs, want 2", n)
			}
		}
	}
	b.Run("git-index", func(b *testing.B) { check(b, repoDir, true) })
	b.Run("walk", func(b *testing.B) { check(b, plainDir, false) })
	b.Run("git-ls-files", func(b *testing.B) {
		if _, err := exec.LookPath("git"); err != nil {
			b.Skip("no git")
		}
		defer reportCPU(b, syscall.RUSAGE_CHILDREN)()
		for b.Loop() {
			cmd := exec.Command("git", "ls-files")
			cmd.Dir = repoDir
			if out, err := cmd.Output(); err != nil || len(out) == 0 {
				b.Fatalf("git ls-files: %v", err)
			}
		}
	})
}

// reportCPU reports the CPU time (user plus system) that who (this process
// or its waited-for children) spent per operation until the returned
// function runs: on a shared machine wall time mostly measures the load.
func reportCPU(b *testing.B, who int) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if syscall.Getrusage(who, &ru) != nil {
			return 0
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64((cpu()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		}
	}
}
