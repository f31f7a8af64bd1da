package fresh

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// project writes a small project tree under dir.
func project(t testing.TB, dir string) {
	t.Helper()
	files := map[string]string{
		"tools/deploy.sh":           "#!/bin/sh\n",
		"scripts/release.sh":        "#!/bin/sh\n",
		"internal/handlers/auth.go": "package handlers\n",
		"main.go":                   "package main\n",
		"Makefile": "BIN := app\n.PHONY: build test-unit\nbuild: main.go\n\tgo build\n" +
			"test-unit lint&: \\\n  build\n\tgo test\nbuild-%:\n\techo $*\nifeq ($(X),a:b)\nendif\nFOO = a:b\n",
		"justfile":         "set shell := [\"bash\", \"-c\"]\nalias b := build\nmod web\nversion := \"1:2\"\n\nbuild target='x:y':\n    go build\n@fmt:\n    gofmt -w .\n",
		"package.json":     `{"scripts": {"lint": "eslint .", "build": "vite build"}, "dependencies": {"zod": "^3"}, "devDependencies": {"@types/node": "20"}}`,
		"go.mod":           "module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/rs/zerolog v1.0.0 // indirect\n)\n",
		"requirements.txt": "Requests[socks]>=2.0\n# comment\n",
		".gitignore":       ".env\n*.log\ndist/\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// gitAdd makes dir a repository whose index holds every file in it.
func gitAdd(t testing.TB, dir string) {
	t.Helper()
	repo, err := git.PlainInit(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	if err := wt.AddGlob("."); err != nil {
		t.Fatal(err)
	}
}

func TestMissing(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{"Publish with `tools/publish.sh`.", []string{"tools/publish.sh"}},
		{"Deploy with `tools/deploy.sh` or ./scripts/release.sh.", nil},
		{"Run `make test-unit`, `make lint`, `make build-web` and `make main`.", nil},
		{"Run `make test-integration` before pushing.", []string{"make test-integration"}},
		{"`just fmt`, `just b`, `just build` and `just web::x`.", nil},
		{"Format with `just lint`.", []string{"just lint"}},
		{"Check with npm run lint and `npm run typecheck`.", []string{"npm run typecheck"}},
		{"`npm install zod @types/node` then `npm install lodash`.", []string{"npm install lodash"}},
		{"We use `github.com/rs/zerolog` for logs.", nil},
		{"We use `github.com/sirupsen/logrus` for logs.", []string{"github.com/sirupsen/logrus"}},
		{"Auth lives in `handlers/auth.go`, login in handlers/login.go.", []string{"handlers/login.go"}},
		{"Secrets go in `.env`, logs in `debug.log`, bundles in `dist/app.js`.", nil},
		{"`uv add requests` is there; `uv add flask` too.", []string{"uv add flask"}},
		{"Rebase onto `origin/main`; handlers are in `internal/handlers`.", nil},
		{"The old API was in `internal/oldapi`.", []string{"internal/oldapi"}},
		{"Notes are kept in notes/todo.md.", nil}, // created after the index
		{"`cargo add serde` for JSON.", nil},      // no Cargo.toml: unknowable
		{"Never run `tools/publish.sh` by hand.", nil},
		{"Internal/handlers/auth.go is hand-written; Tools/nope.sh too.", []string{"Tools/nope.sh"}},
	}
	for _, mode := range []string{"git", "walk"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			project(t, dir)
			if mode == "git" {
				gitAdd(t, dir)
			}
			if err := os.MkdirAll(filepath.Join(dir, "notes"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "notes", "todo.md"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := Load(dir)
			if err != nil {
				t.Fatal(err)
			}
			if s.git != (mode == "git") {
				t.Fatalf("git index used = %v", s.git)
			}
			for _, tt := range tests {
				if got := s.Missing(tt.line); strings.Join(got, "|") != strings.Join(tt.want, "|") {
					t.Errorf("Missing(%q) = %q, want %q", tt.line, got, tt.want)
				}
			}
		})
	}
}

// TestMissingSubdir: a project root inside a repository sees only its own
// part of the index.
func TestMissingSubdir(t *testing.T) {
	dir := t.TempDir()
	project(t, filepath.Join(dir, "svc"))
	if err := os.WriteFile(filepath.Join(dir, "top.sh"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gitAdd(t, dir)
	s, err := Load(filepath.Join(dir, "svc"))
	if err != nil {
		t.Fatal(err)
	}
	if !s.git || len(s.byBase["auth.go"]) != 1 || s.byBase["auth.go"][0] != "internal/handlers/auth.go" {
		t.Fatalf("subdir listing: git=%v auth.go=%q", s.git, s.byBase["auth.go"])
	}
	if got := s.Missing("Run `top.sh` and `tools/deploy.sh`."); strings.Join(got, "|") != "top.sh" {
		t.Errorf("Missing = %q, want [top.sh]", got)
	}
}

func TestNoMakefile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "app.c"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	// make's built-in rules build app from app.c; nothing builds deploy.
	// No justfile may mean one in a parent directory; no package.json
	// means no script.
	if got := s.Missing("`make app`, `make deploy`, `just fmt`, `npm run lint`"); strings.Join(got, "|") != "make deploy|npm run lint" {
		t.Errorf("Missing = %q", got)
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nope")); err == nil || !strings.Contains(err.Error(), "snapshot") {
		t.Errorf("missing root: err = %v", err)
	}
	f := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(f); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("file root: err = %v", err)
	}
}

// TestLinkedWorktree: a worktree made by `git worktree add` has a .git
// file pointing into the main repository; its own index is read.
func TestLinkedWorktree(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	main, linked := filepath.Join(dir, "main"), filepath.Join(dir, "linked")
	project(t, main)
	gitAdd(t, main)
	repo, err := git.PlainOpen(main)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		t.Fatal(err)
	}
	sig := &object.Signature{Name: "t", Email: "t@example.com", When: time.Unix(0, 0)}
	if _, err := wt.Commit("init", &git.CommitOptions{Author: sig}); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "-C", main, "worktree", "add", "-q", linked)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git worktree add: %v: %s", err, out)
	}
	s, err := Load(linked)
	if err != nil {
		t.Fatal(err)
	}
	if !s.git || len(s.byBase["auth.go"]) != 1 {
		t.Fatalf("linked worktree: git=%v files=%d", s.git, len(s.files))
	}
	if got := s.Missing("Run `tools/deploy.sh` and `tools/publish.sh`."); strings.Join(got, "|") != "tools/publish.sh" {
		t.Errorf("Missing = %q", got)
	}
}

// TestUntracked: a project not yet added to its repository is walked, and
// a Makefile not yet added still defines its targets.
func TestUntracked(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "top.sh"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gitAdd(t, dir)
	project(t, filepath.Join(dir, "new"))
	s, err := Load(filepath.Join(dir, "new"))
	if err != nil {
		t.Fatal(err)
	}
	if s.git || len(s.byBase["auth.go"]) != 1 {
		t.Errorf("untracked project: git=%v files=%d", s.git, len(s.files))
	}
	if got := s.Missing("`make build`, `make nope`"); strings.Join(got, "|") != "make nope" {
		t.Errorf("untracked project: Missing = %q", got)
	}
	// In a tracked project, an untracked root Makefile counts too.
	repo := t.TempDir()
	if err := os.WriteFile(filepath.Join(repo, "a.sh"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	gitAdd(t, repo)
	if err := os.WriteFile(filepath.Join(repo, "Makefile"), []byte("deploy:\n\t./a.sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = Load(repo)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Missing("`make deploy` and `make nope`"); !s.git || strings.Join(got, "|") != "make nope" {
		t.Errorf("untracked Makefile: git=%v Missing = %q", s.git, got)
	}
}
