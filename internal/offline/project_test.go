package offline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/patch"
)

// teamAndPersonal is a project whose sessions say two things a teammate
// needs (checks run in every one, a package-manager rule) and one thing about
// the person (how to answer them).
func teamAndPersonal(w *world) {
	for _, id := range []string{"p1", "p2", "p3"} {
		w.add(id, true,
			"u:add the export endpoint",
			"x:go build ./...",
			"x:go test ./...",
			"u:from now on, always answer me in short bullet points",
			"u:remember: we use pnpm, never npm, for the web client",
			"x:go vet ./...",
		)
	}
}

// TestProjectFileRouting: with the project's shared file switched on, what
// the team needs goes to the project patch; switched off, it stays private
// as before. Either way, how to answer the person is about them, not the
// project: it goes to the global patch, the person's memory in every
// project (the lead's decision in stop 15; it used to stay private).
func TestProjectFileRouting(t *testing.T) {
	for _, c := range []struct {
		name    string
		project bool
		// wantIn maps a fragment of a line to the kind whose patch holds it.
		wantIn map[string]patch.Kind
	}{
		{"on", true, map[string]patch.Kind{"`go test ./...`": patch.Project, "pnpm": patch.Project, "bullet points": patch.Global}},
		{"off", false, map[string]patch.Kind{"`go test ./...`": patch.Private, "pnpm": patch.Private, "bullet points": patch.Global}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			teamAndPersonal(w)
			root := filepath.Join(w.home, "proj")
			in := w.input()
			if c.project {
				in.Dir.Targets.ProjectMemory = filepath.Join(root, "GEMINI.md")
			}
			res, err := Extract(context.Background(), in, zerolog.Nop())
			if err != nil {
				t.Fatal(err)
			}
			for frag, kind := range c.wantIn {
				var where []patch.Kind
				for _, k := range []patch.Kind{patch.Private, patch.Project, patch.Global} {
					if b, err := os.ReadFile(in.Dir.ExtractionPatch(k)); err == nil && strings.Contains(string(b), frag) {
						where = append(where, k)
					}
				}
				if len(where) != 1 || where[0] != kind {
					t.Errorf("%q is in %v; want only %s", frag, where, kind)
				}
			}
			if c.project && (res.ProjectLines == 0 || res.GlobalLines == 0) {
				t.Errorf("project %d, global %d lines; want both", res.ProjectLines, res.GlobalLines)
			}
			if !c.project && res.ProjectLines != 0 {
				t.Errorf("project lines %d with the file switched off", res.ProjectLines)
			}
			if c.project {
				pp := in.Dir.ExtractionPatch(patch.Project)
				if !strings.Contains(readString(t, pp), "+++ "+in.Dir.Targets.ProjectMemory+"\n") {
					t.Errorf("project patch does not target %s:\n%s", in.Dir.Targets.ProjectMemory, readString(t, pp))
				}
				if strings.HasPrefix(filepath.Dir(pp), filepath.Join(w.memDir, ".inbox")) {
					t.Errorf("project patch %s is in Gemini CLI's inbox, which prunes kinds it does not know", pp)
				}
				validateProjectWithGemini(t, w, pp, root)
			}
			validateWithGemini(t, w)
		})
	}
}

// validateProjectWithGemini runs Gemini CLI's own patch validation on the
// project patch: Gemini CLI has no project kind, so the check is the one for
// a markdown file directly inside an allowed dir, with the repository root
// as that dir (parseable, hunks present, absolute headers, target inside).
func validateProjectWithGemini(t *testing.T, w *world, patchPath, root string) {
	t.Helper()
	if testing.Short() {
		t.Log("-short: Gemini oracle skipped")
		return
	}
	gref.Require(t)
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := gref.Node(t, "validate.mjs", patchPath, root); err != nil {
		t.Errorf("gemini rejects the project patch: %v\n%s", err, out)
	}
}
