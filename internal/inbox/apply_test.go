package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
	"github.com/automem/automem/internal/tombstone"
)

const fourHunks = `--- /m/MEMORY.md
+++ /m/MEMORY.md
@@ -1,3 +1,4 @@
 # Project Memory
+- one
 a
 b
@@ -10,3 +11,4 @@
 j
 k
+- two
 l
@@ -20,3 +22,4 @@
 t
+- three
 u
 v
@@ -30,2 +33,3 @@
 z1
 z2
+- four
`

func memText() string {
	var out []string
	out = append(out, "# Project Memory")
	for i := 2; i <= 31; i++ {
		out = append(out, map[int]string{2: "a", 3: "b", 10: "j", 11: "k", 12: "l", 20: "t", 21: "u", 22: "v", 30: "z1", 31: "z2"}[i])
	}
	return strings.Join(out, "\n") + "\n"
}

// fixture builds a memory dir with a 31-line MEMORY.md and a private patch
// of four hunks (the fourHunks text with its paths moved into the dir).
func fixture(t testing.TB) Paths {
	t.Helper()
	root := t.TempDir()
	mem := filepath.Join(root, "memory")
	p := Paths{Dir: memdir.Shared(mem, filepath.Join(root, ".gemini", "GEMINI.md"), nil)}
	os.MkdirAll(p.Inbox(patch.Private), 0o700)
	os.WriteFile(filepath.Join(mem, "MEMORY.md"), []byte(memText()), 0o644)
	text := strings.ReplaceAll(fourHunks, "/m/MEMORY.md", filepath.Join(mem, "MEMORY.md"))
	os.WriteFile(p.ExtractionPatch(patch.Private), []byte(text), 0o600)
	return p
}

func TestLoadAndCommitPartial(t *testing.T) {
	p := fixture(t)
	items, _, err := Scan(p)
	if err != nil {
		t.Fatal(err)
	}
	it, err := Find(items, "private")
	if err != nil || len(it.Hunks) != 4 {
		t.Fatalf("private item = %+v, %v", it, err)
	}
	sel := Selection{
		it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply),
		it.Hunks[1].Hunk: patch.Fill(it.Hunks[1].Hunk, Dismiss),
		it.Hunks[2].Hunk: patch.Fill(it.Hunks[2].Hunk, Apply),
	}
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	res, err := Commit(p, it, sel, now)
	if err != nil {
		t.Fatal(err)
	}
	if res.Applied != 2 || res.Dismissed != 1 || res.Pending != 1 || res.Hash == "" {
		t.Errorf("result = %+v", res)
	}
	got, _ := os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md"))
	if !strings.Contains(string(got), "- one\n") || !strings.Contains(string(got), "- three\n") || strings.Contains(string(got), "- two") || strings.Contains(string(got), "- four") {
		t.Errorf("MEMORY.md = %s", got)
	}
	rest := p.ExtractionPatch(patch.Private)
	data, err := os.ReadFile(rest)
	if err != nil {
		t.Fatal(err)
	}
	rp, err := patch.Parse(data)
	if err != nil || len(rp.Files) != 1 || len(rp.Files[0].Hunks) != 1 || !strings.Contains(string(data), "+- four") {
		t.Fatalf("remainder = %s, %v", data, err)
	}
	validateWithGemini(t, rest, p.Targets.MemoryDir)
	ts, _ := tombstone.Load(p.Tombstones())
	if !ts.Has("two") {
		t.Errorf("dismissed line not tombstoned: %v", ts.Texts())
	}
	// Apply the rest: no empty patch file is left behind.
	items, _, _ = Scan(p)
	it, _ = Find(items, "private")
	if _, err := Commit(p, it, Selection{it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply)}, now); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(rest); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("fully decided patch still there: %v", err)
	}
	got, _ = os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md"))
	if !strings.HasSuffix(string(got), "z2\n- four\n") {
		t.Errorf("MEMORY.md tail = %q", got)
	}
	// Undo the second apply: the patch comes back and MEMORY.md loses "- four".
	if _, err := history.Open(p.History()).Undo(now, false); err != nil {
		t.Fatal(err)
	}
	if back, _ := os.ReadFile(rest); string(back) != string(data) {
		t.Errorf("undo did not restore the remainder:\n%s", back)
	}
}

func TestCommitCreatesPointer(t *testing.T) {
	p := fixture(t)
	topic := filepath.Join(p.Targets.MemoryDir, "testing.md")
	os.WriteFile(p.ExtractionPatch(patch.Private),
		[]byte(fmt.Sprintf("--- /dev/null\n+++ %s\n@@ -0,0 +1,2 @@\n+# Testing\n+- run go test ./...\n", topic)), 0o600)
	items, _, _ := Scan(p)
	it, _ := Find(items, "private")
	if _, err := Commit(p, it, Selection{it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply)}, time.Now()); err != nil {
		t.Fatal(err)
	}
	mem, _ := os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md"))
	if !strings.Contains(string(mem), "- See "+topic+" for testing notes.") {
		t.Errorf("no pointer line in MEMORY.md:\n%s", mem)
	}
}

func TestCommitRefusesOutside(t *testing.T) {
	p := fixture(t)
	outside := filepath.Join(filepath.Dir(p.Targets.MemoryDir), "evil.md")
	os.WriteFile(outside, []byte("x\n"), 0o644)
	os.WriteFile(p.ExtractionPatch(patch.Private),
		[]byte(fmt.Sprintf("--- %s\n+++ %s\n@@ -1 +1,2 @@\n x\n+y\n", outside, outside)), 0o600)
	link := filepath.Join(p.Targets.MemoryDir, "link.md")
	os.Symlink(outside, link)
	items, _, err := Scan(p)
	if err != nil {
		t.Fatal(err)
	}
	it, _ := Find(items, "private")
	if it != nil {
		t.Errorf("a patch with a target outside the memory dir is listed: %+v", it)
	}
	if len(items) != 0 {
		t.Errorf("items = %d, want 0", len(items))
	}
	// Committing it anyway is refused by the engine.
	pp, _ := patch.Parse([]byte(fmt.Sprintf("--- %s\n+++ %s\n@@ -1 +1,2 @@\n x\n+y\n", link, link)))
	forced := &Item{ID: "private", Kind: patch.Private, Sources: []*Source{{Path: p.ExtractionPatch(patch.Private), Patch: pp}}}
	forced.Hunks = []*HunkRef{{N: 1, Source: forced.Sources[0], Section: pp.Files[0], Hunk: pp.Files[0].Hunks[0]}}
	_, err = Commit(p, forced, Selection{pp.Files[0].Hunks[0]: patch.Fill(pp.Files[0].Hunks[0], Apply)}, time.Now())
	if r := patch.ReasonOf(err); r != patch.NotRegularFile && r != patch.OutsideAllowedRoots {
		t.Errorf("symlink target: %v (reason %q)", err, r)
	}
	if data, _ := os.ReadFile(outside); string(data) != "x\n" {
		t.Errorf("outside file changed: %q", data)
	}
}

// Tally counts what Scan lists: a memory patch list hides (a target its
// kind may not touch) is not counted; a rejected entry that needs
// attention, and a skill update patch that does not parse (listed, not
// hidden), are counted apart from the rejected candidates.
func TestTally(t *testing.T) {
	p := fixture(t)
	os.MkdirAll(filepath.Join(p.Targets.MemoryDir, "skills", "deploy"), 0o755)
	os.WriteFile(filepath.Join(p.Targets.MemoryDir, "skills", "deploy", "SKILL.md"), []byte("---\nname: deploy\ndescription: d\n---\n"), 0o644)
	os.WriteFile(filepath.Join(p.Targets.MemoryDir, "skills", "lint.patch"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(p.Inbox(patch.Private), "outside.patch"), []byte("--- /etc/x\n+++ /etc/x\n@@ -1 +1,2 @@\n a\n+b\n"), 0o644)
	os.MkdirAll(p.Rejected(), 0o700)
	for name, reason := range map[string]string{"a": "malformed: x", "b": intent.AttentionPrefix + "the line is gone"} {
		os.WriteFile(filepath.Join(p.Rejected(), name+".patch"), []byte("x\n"), 0o600)
		os.WriteFile(filepath.Join(p.Rejected(), name+".reason"), []byte(reason+"\n"), 0o600)
	}
	items, hidden, err := Scan(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(hidden) != 1 || filepath.Base(hidden[0].Path) != "outside.patch" {
		t.Errorf("hidden = %+v, want the outside patch only", hidden)
	}
	if it, _ := Find(items, "skill-patch/lint"); it == nil || it.Group != GroupAttention || !strings.HasPrefix(it.Reason, intent.AttentionPrefix) || it.Files[0] != filepath.Join(p.Skills(), "lint.patch") {
		t.Errorf("broken skill patch: %+v, want it under attention with its reason and file", it)
	}
	if got := Tally(items).String(); got != "4 memory hunks, 1 skill, 1 rejected pending, 2 need attention" {
		t.Errorf("status = %q", got)
	}
	if got := (Counts{Attention: 2}).String(); got != "2 need attention" {
		t.Errorf("status = %q", got)
	}
	if (Counts{}).String() != "nothing pending" {
		t.Errorf("empty status wrong")
	}
}

// validateWithGemini runs Gemini CLI's own inbox validator on a patch.
func validateWithGemini(t *testing.T, patchFile, memDir string) {
	t.Helper()
	gref.Require(t)
	out, err := gref.Node(t, "validate.mjs", patchFile, memDir)
	if err != nil || !strings.Contains(string(out), `"valid":true`) {
		t.Errorf("Gemini validator refused the remainder: %v\n%s", err, out)
	}
}

func TestPathsAllowed(t *testing.T) {
	p := Paths{Dir: memdir.Shared("/h/.gemini/tmp/x/memory", "/h/.gemini/GEMINI.md", nil), Homes: skills.Homes{Home: "/h", Gemini: "/h/.gemini", Claude: "/h/.claude", Codex: "/h/.codex"}, WorkspaceRoot: "/w"}
	tests := map[string]bool{
		// targets
		"/h/.gemini/tmp/x/memory/MEMORY.md":  true,
		"/h/.gemini/tmp/x/memory/testing.md": true,
		"/h/.gemini/GEMINI.md":               true,
		"/h/.gemini/skills/deploy/SKILL.md":  true,
		"/h/.agents/skills/deploy/SKILL.md":  true,
		"/w/.gemini/skills/release/run.sh":   true,
		// every agent's skill folders (a promotion for that agent)
		"/h/.claude/skills/deploy/SKILL.md": true,
		"/w/.claude/skills/deploy/SKILL.md": true,
		"/h/.codex/skills/deploy/SKILL.md":  true,
		"/w/.agents/skills/deploy/SKILL.md": true,
		"/w/.codex/skills/deploy/SKILL.md":  true,
		"/h/.claude/CLAUDE.md":              false,
		"/h/.codex/memories/x.md":           false,
		// inbox source patches and skill draft files
		"/h/.gemini/tmp/x/memory/.inbox/private/a.patch":           true,
		"/h/.gemini/tmp/x/memory/.inbox/global/extraction.patch":   true,
		"/h/.gemini/tmp/x/memory/skills/lint.patch":                true,
		"/h/.gemini/tmp/x/memory/skills/deploy/SKILL.md":           true,
		"/h/.gemini/tmp/x/memory/skills/deploy/scripts/run.sh":     true,
		"/h/.gemini/tmp/x/memory/.inbox/private/a.md":              false,
		"/h/.gemini/tmp/x/memory/.inbox/private/sub/a.patch":       false,
		"/h/.gemini/tmp/x/memory/.inbox/other/a.patch":             false,
		"/h/.gemini/tmp/x/memory/.inbox/private":                   false,
		"/h/.gemini/tmp/x/memory/skills/.hidden.patch":             false,
		"/h/.gemini/tmp/x/memory/skills/.tmp/SKILL.md":             false,
		"/h/.gemini/tmp/x/memory/skills/notes.md":                  false,
		"/h/.gemini/tmp/x/memory/.automem/tombstones.jsonl":        true, // a dismissal changes it
		"/h/.gemini/tmp/x/memory/.automem/history/manifest.json":   false,
		"/h/.gemini/tmp/x/memory/.automem/rejected/bad.patch":      true, // undo of a discard
		"/h/.gemini/tmp/x/memory/.automem/rejected/bad.sh":         false,
		"/h/.gemini/tmp/x/memory/.automem/apply.journal":           false,
		"/h/.gemini/tmp/x/memory/.extraction-state.json":           false,
		"/h/.gemini/tmp/x/memory/.x.md":                            false,
		"/h/.gemini/tmp/x/memory/.md":                              false,
		"/h/.gemini/tmp/x/memory/notes.txt":                        false,
		"/h/.gemini/tmp/x/memory/sub/x.md":                         false,
		"/h/.gemini/tmp/x/memory/.inbox/private/../../MEMORY.md":   false,
		"/h/.gemini/tmp/x/memory/../memory/.inbox/private/a.patch": false,
		"/h/.gemini/settings.json":                                 false,
		"/h/.gemini/tmp/x/memory":                                  false,
		"/etc/passwd":                                              false,
		"/w/src/main.go":                                           false,
		"MEMORY.md":                                                false,
	}
	for path, want := range tests {
		if got := p.Allowed(path); got != want {
			t.Errorf("Allowed(%s) = %v, want %v", path, got, want)
		}
	}
}

func TestCommitRefusesChangedPatch(t *testing.T) {
	p := fixture(t)
	items, _, _ := Scan(p)
	it, _ := Find(items, "private")
	src := it.Sources[0].Path
	// An extraction rewrites the patch while the person reviews.
	os.WriteFile(src, append(append([]byte(nil), it.Sources[0].Raw...), []byte("--- "+filepath.Join(p.Targets.MemoryDir, "MEMORY.md")+"\n+++ "+filepath.Join(p.Targets.MemoryDir, "MEMORY.md")+"\n@@ -1 +1,2 @@\n # Project Memory\n+- new\n")...), 0o600)
	before, _ := os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md"))
	_, err := Commit(p, it, Selection{it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply)}, time.Now())
	var ce *ChangedError
	if !errors.As(err, &ce) {
		t.Fatalf("err = %v, want ChangedError", err)
	}
	after, _ := os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md"))
	if string(before) != string(after) {
		t.Errorf("MEMORY.md written despite the changed patch")
	}
}

// TestUndoRestoresInbox: an apply records the source patch it rewrote in the
// same history commit as the target, and undo (limited to Paths.Allowed)
// puts both back, the patch byte for byte and with its mode.
func TestUndoRestoresInbox(t *testing.T) {
	p := fixture(t)
	src := p.ExtractionPatch(patch.Private)
	origPatch, _ := os.ReadFile(src)
	origMem, _ := os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md"))
	items, _, _ := Scan(p)
	it, _ := Find(items, "private")
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if _, err := Commit(p, it, Selection{it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply)}, now); err != nil {
		t.Fatal(err)
	}
	repo := history.Open(p.History())
	repo.Allowed = p.Allowed
	log, err := repo.Log()
	if err != nil || len(log) != 1 {
		t.Fatalf("log = %+v, %v", log, err)
	}
	if want := []string{filepath.Join(p.Targets.MemoryDir, "MEMORY.md"), src}; strings.Join(log[0].Files, "\n") != strings.Join(want, "\n") {
		t.Errorf("recorded files = %q, want %q", log[0].Files, want)
	}
	if _, err := repo.Undo(now, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(src); string(got) != string(origPatch) {
		t.Errorf("patch after undo:\n%s\nwant:\n%s", got, origPatch)
	}
	if fi, err := os.Stat(src); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("patch mode after undo = %v, %v; want 0600", fi.Mode().Perm(), err)
	}
	if got, _ := os.ReadFile(filepath.Join(p.Targets.MemoryDir, "MEMORY.md")); string(got) != string(origMem) {
		t.Errorf("MEMORY.md after undo:\n%s", got)
	}
}

// TestCommitRefusesBrokenHistory: a decision whose history cannot be
// recorded (the repository is damaged) is refused before any file is
// written, so no change is made that undo could not take back and the
// error never reports a failure for a change that was in fact applied.
func TestCommitRefusesBrokenHistory(t *testing.T) {
	p := fixture(t)
	src := p.ExtractionPatch(patch.Private)
	items, _, _ := Scan(p)
	it, _ := Find(items, "private")
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	if _, err := Commit(p, it, Selection{it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply)}, now); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p.History(), ".git", "HEAD"), []byte("garbage\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	mem := filepath.Join(p.Targets.MemoryDir, "MEMORY.md")
	wantMem, _ := os.ReadFile(mem)
	wantPatch, _ := os.ReadFile(src)
	items, _, _ = Scan(p)
	it, _ = Find(items, "private")
	_, err := Commit(p, it, Selection{it.Hunks[0].Hunk: patch.Fill(it.Hunks[0].Hunk, Apply)}, now)
	if err == nil || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("Commit with a broken history = %v; want a refusal that says nothing was changed", err)
	}
	if got, _ := os.ReadFile(mem); string(got) != string(wantMem) {
		t.Errorf("MEMORY.md changed although the decision was refused:\n%s", got)
	}
	if got, _ := os.ReadFile(src); string(got) != string(wantPatch) {
		t.Errorf("pending patch changed although the decision was refused:\n%s", got)
	}

	// discarding a skill draft would remove its files for good
	draft := filepath.Join(p.Skills(), "run-tests", "SKILL.md")
	os.MkdirAll(filepath.Dir(draft), 0o700)
	os.WriteFile(draft, []byte("---\nname: run-tests\ndescription: Run the tests.\n---\n\n1. Run `go test ./...`.\n"), 0o600)
	items, _, _ = Scan(p)
	sk, err := Find(items, "skill/run-tests")
	if err != nil {
		t.Fatal(err)
	}
	if err := Discard(p, sk, now); err == nil || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("Discard with a broken history = %v; want a refusal", err)
	}
	if _, err := os.Stat(draft); err != nil {
		t.Errorf("the draft is gone although its discard was refused: %v", err)
	}
}
