package jobs

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// TestMirrorCarriesTopicFilesAndEvidence: with several targets, a pending
// line of a Gemini topic file waits in Claude Code's topic file of the same
// name (with a pointer in its index), in Codex's AGENTS.md (no private
// memory there), or in the shared CLAUDE.md when that project opted in and
// the line is for the team; every copied line brings its evidence, naming
// the target's file; a second run copies nothing twice.
func TestMirrorCarriesTopicFilesAndEvidence(t *testing.T) {
	base := t.TempDir()
	root, home := filepath.Join(base, "src", "alpha"), filepath.Join(base, "home")
	mem := filepath.Join(home, ".gemini", "tmp", "alpha", "memory")
	from := gemini.Layout(filepath.Join(home, ".gemini"), mem, root, "")
	for _, d := range []string{mem, root} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(from.Index(), []byte("# Project Memory\n\n- Build with make.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	deploy := "- Deploy with `make deploy ENV=staging` first, then production."
	pnpm := "- Use pnpm, never npm."
	pending := "--- " + from.Index() + "\n+++ " + from.Index() + "\n@@ -1,3 +1,5 @@\n # Project Memory\n \n - Build with make.\n+" + pnpm +
		"\n+- See " + mem + "/deploy.md for deploy notes.\n--- /dev/null\n+++ " + mem + "/deploy.md\n@@ -0,0 +1,3 @@\n+# deploy\n+\n+" + deploy + "\n"
	world.WriteFile(t, from.ExtractionPatch(patch.Private), pending)
	if err := evidence.Append(from.Evidence(),
		evidence.Item{Text: deploy, Target: mem + "/deploy.md", SessionID: "s1", MessageID: "m1", Quote: "staging first, always"},
		evidence.Item{Text: pnpm, Target: from.Index(), SessionID: "s2", MessageID: "m2", Quote: "pnpm not npm"},
	); err != nil {
		t.Fatal(err)
	}
	state, claudeDir := filepath.Join(base, "state"), filepath.Join(home, ".claude")
	claudeMem := claude.MemoryDir(claudeDir, root)
	for _, c := range []struct {
		name string
		to   memdir.Dir
		// want maps each copied line to the file and kind it waits for.
		want map[string][2]string
		// extra is a line the target's patch must hold besides them.
		extra string
	}{
		{"claude", claude.Layout(claudeDir, filepath.Join(state, "claude"), root, false), map[string][2]string{
			deploy: {claudeMem + "/deploy.md", "private"}, pnpm: {claudeMem + "/MEMORY.md", "private"}},
			"+- See " + claudeMem + "/deploy.md for deploy notes."},
		{"claude shared", claude.Layout(claudeDir, filepath.Join(state, "claude-shared"), root, true), map[string][2]string{
			deploy: {root + "/CLAUDE.md", "project"}, pnpm: {root + "/CLAUDE.md", "project"}}, ""},
		{"codex", codex.Layout(skills.Homes{Codex: filepath.Join(home, ".codex")}, filepath.Join(state, "codex"), root), map[string][2]string{
			deploy: {root + "/AGENTS.md", "project"}, pnpm: {root + "/AGENTS.md", "project"}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Now: time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC), LockStale: 35 * time.Minute}
			if err := mirrorInto(context.Background(), cfg, from, c.to, zerolog.Nop()); err != nil {
				t.Fatal(err)
			}
			snapshot := map[patch.Kind]string{}
			for _, k := range memdir.Kinds() {
				b, _ := os.ReadFile(c.to.ExtractionPatch(k))
				snapshot[k] = string(b)
				if len(b) > 0 {
					if _, err := patch.Validate(c.to.ExtractionPatch(k), c.to.Targets, k); err != nil {
						t.Errorf("%s patch invalid: %v\n%s", k, err, b)
					}
				}
			}
			ev, err := evidence.Load(c.to.Evidence())
			if err != nil {
				t.Fatal(err)
			}
			for line, where := range c.want {
				body := snapshot[patch.Kind(where[1])]
				if got := sectionOf(body, "+"+line); got != where[0] {
					t.Errorf("%q waits in %q; want %s (%s patch)\n%s", line, got, where[0], where[1], body)
				}
				items := ev.For(line)
				if len(items) != 1 || items[0].Target != where[0] {
					t.Errorf("evidence of %q: %+v; want one naming %s", line, items, where[0])
				}
			}
			if c.extra != "" && !strings.Contains(snapshot[patch.Private], c.extra+"\n") {
				t.Errorf("private patch lacks %q:\n%s", c.extra, snapshot[patch.Private])
			}
			if err := mirrorInto(context.Background(), cfg, from, c.to, zerolog.Nop()); err != nil {
				t.Fatal(err)
			}
			for _, k := range memdir.Kinds() {
				if b, _ := os.ReadFile(c.to.ExtractionPatch(k)); string(b) != snapshot[k] {
					t.Errorf("a second copy changed the %s patch:\n%s", k, b)
				}
			}
		})
	}
}

// sectionOf is the file whose section of a patch holds the line, "" when
// none does.
func sectionOf(body, line string) string {
	file := ""
	for _, l := range strings.Split(body, "\n") {
		if f, ok := strings.CutPrefix(l, "+++ "); ok {
			file = f
			continue
		}
		if l == line {
			return file
		}
	}
	return ""
}
