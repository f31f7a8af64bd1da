package upkeep_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/tombstone"
	"github.com/automem/automem/internal/transcript"
	"github.com/automem/automem/internal/upkeep"
)

// fixtureMemory holds one of each thing upkeep looks for: an exact
// duplicate (7 of 3), a paraphrase (9 of 3), a superseded value (4), a
// deleted script (5), a renamed make target (6), a long-unused line (8),
// and an index longer than its budget of 10 (the Testing section moves).
var fixtureMemory = bt(`# Project Memory

- Run ´make lint´ before pushing.
- The dev server port is 7070.
- Publish releases with ´tools/publish.sh´.
- Deploy with ´make deploy-prod´.
- Run ´make lint´ before pushing.
- The legacy importer needs ´gfortran´ installed.
- Always run ´make lint´ before you push.

## Testing
- Tests run with ´go test ./...´.
- Integration tests need Docker running.
- Snapshot files live in testdata/golden.
- Update snapshots with ´go test ./... -update´.

## Style
- Errors are wrapped with lower-case context.
`)

// gone is the working tree as the fixture has it: the publish script was
// deleted and deploy-prod renamed.
type gone map[string]string

func (g gone) Missing(line string) []string {
	var out []string
	for needle, name := range g {
		if strings.Contains(line, needle) {
			out = append(out, name)
		}
	}
	return out
}

var fixtureNow = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t.Add(10 * time.Hour)
}

func human(id, text string) transcript.Message {
	return transcript.Message{ID: id, Role: transcript.RoleUser, Human: true, Text: text}
}

func shell(id, cmd, output string) transcript.Message {
	args, _ := json.Marshal(map[string]string{"command": cmd})
	return transcript.Message{ID: id, Role: transcript.RoleAssistant, Text: "Running it.",
		ToolCalls: []transcript.ToolCall{{ID: id + "-c", Name: "run_shell_command", Args: args, Output: output, Status: "success"}}}
}

func fixtureSessions() []upkeep.Session {
	return []upkeep.Session{
		{ID: "s-jan", At: day("2026-01-05"), Messages: []transcript.Message{
			human("j1", "The dev server port is 7070, remember that."),
			human("j2", "The legacy importer needs gfortran installed, remember that."),
			shell("j3", "bash tools/publish.sh", "published v1.2"),
			shell("j4", "make deploy-prod", "deployed"),
		}},
		{ID: "s-aug", At: day("2026-08-20"), Messages: []transcript.Message{
			human("a1", "deploy the hotfix"),
			shell("a2", "make deploy-prod", "deployed"),
		}},
		{ID: "s-oct", At: day("2026-10-02"), Messages: []transcript.Message{
			human("o1", "lint and ship the parser change, wrap the error with lower-case context"),
			shell("o2", "make lint", "ok"),
			shell("o3", "go test ./...", "ok"),
			shell("o4", "make deploy", "deployed"),
		}},
		{ID: "s-nov", At: day("2026-11-20"), Messages: []transcript.Message{
			human("n1", "Remember that the dev server port is 7171 now."),
			human("n2", "integration tests fail when docker is not running; refresh the snapshot in testdata/golden"),
			shell("n3", "go test ./... -update", "ok"),
			shell("n4", "make lint", "ok"),
		}},
	}
}

// world is a memory dir with the fixture and the input of a pass over it.
type world struct {
	p  inbox.Paths
	in upkeep.Input
}

func newWorld(t *testing.T) *world {
	t.Helper()
	root := t.TempDir()
	mem := filepath.Join(root, "memory")
	if err := os.MkdirAll(mem, 0o700); err != nil {
		t.Fatal(err)
	}
	w := &world{p: inbox.Paths{Dir: memdir.Shared(mem, filepath.Join(root, ".gemini", "GEMINI.md"), nil)}}
	write(t, w.p.Index(), fixtureMemory)
	return w
}

// input loads the pass's input as the jobs stage does.
func (w *world) input(t *testing.T) upkeep.Input {
	t.Helper()
	files, err := upkeep.LoadFiles(w.p.Dir)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := evidence.Load(w.p.Evidence())
	if err != nil {
		t.Fatal(err)
	}
	tomb, err := tombstone.Load(w.p.Tombstones())
	if err != nil {
		t.Fatal(err)
	}
	return upkeep.Input{Files: files, Index: w.p.Index(), Archive: w.p.Archive(), Sessions: fixtureSessions(),
		Tree:     gone{"tools/publish.sh": "tools/publish.sh", "make deploy-prod": "make deploy-prod"},
		Evidence: ev, Tombstones: tomb, Now: fixtureNow, IndexBudget: 10}
}

// pass plans and proposes, returning the proposals.
func (w *world) pass(t *testing.T) []upkeep.Proposal {
	t.Helper()
	in := w.input(t)
	props := upkeep.Plan(in)
	changes, ev := upkeep.Render(in, props)
	if _, err := upkeep.Propose(w.p.Dir, changes, ev, fixtureNow); err != nil {
		t.Fatal(err)
	}
	return props
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const (
	whyDup   = "duplicate of line 3 (same words: run, `make lint`, before, push)"
	whyPara  = "same fact as line 3 (same words: run, `make lint`, before, push)"
	whyPort  = `superseded by session s-nov (2026-11-20): "Remember that the dev server port is 7171 now."; the old value is from session s-jan (2026-01-05)`
	whyPub   = "`tools/publish.sh` does not exist since 2026-08-20"
	whyMake  = "`make deploy-prod` does not exist since 2026-10-02"
	whyOld   = "not mentioned in any session since 2026-01-05"
	whyMoved = `section "Testing" moved to testing.md: MEMORY.md is over its budget of 10 lines`
)

func TestFixtureProposals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	props := w.pass(t)
	type want struct {
		n      int
		action upkeep.Action
		why    string
	}
	wants := []want{
		{4, upkeep.ActionReplace, whyPort},
		{5, upkeep.ActionArchive, whyPub},
		{6, upkeep.ActionArchive, whyMake},
		{7, upkeep.ActionMerge, whyDup},
		{8, upkeep.ActionArchive, whyOld},
		{9, upkeep.ActionMerge, whyPara},
		{11, upkeep.ActionMove, whyMoved}, {12, upkeep.ActionMove, whyMoved}, {13, upkeep.ActionMove, whyMoved},
		{14, upkeep.ActionMove, whyMoved}, {15, upkeep.ActionMove, whyMoved},
	}
	if len(props) != len(wants) {
		for _, p := range props {
			t.Logf("%d %s %s", p.LineNo, p.Action, p.Why)
		}
		t.Fatalf("%d proposals, want %d", len(props), len(wants))
	}
	for i, w := range wants {
		p := props[i]
		if p.LineNo != w.n || p.Action != w.action || p.Why != w.why {
			t.Errorf("proposal %d = line %d %s %q\nwant line %d %s %q", i, p.LineNo, p.Action, p.Why, w.n, w.action, w.why)
		}
	}
	if p := props[0]; p.With != "- The dev server port is 7171 now." || len(p.Proofs) != 2 || p.Proofs[0].SessionID != "s-jan" || p.Proofs[1].SessionID != "s-nov" {
		t.Errorf("replacement %q, proofs %+v", p.With, p.Proofs)
	}
	// The evidence is there for review's v, on the lines each hunk changes.
	ev, err := evidence.Load(w.p.Evidence())
	if err != nil {
		t.Fatal(err)
	}
	for line, why := range map[string]string{
		"- Publish releases with `tools/publish.sh`.": whyPub,
		"- The dev server port is 7171 now.":          whyPort,
		"- Integration tests need Docker running.":    whyMoved,
		"- Always run `make lint` before you push.":   whyPara,
	} {
		items := ev.For(line)
		if len(items) == 0 || items[len(items)-1].Why != why {
			t.Errorf("evidence of %q = %+v, want why %q", line, items, why)
		}
	}
	mem := w.p.Targets.MemoryDir
	wantPatch := strings.ReplaceAll(expectedPatch, "@MEM@", mem)
	if got := read(t, w.p.ExtractionPatch(patch.Private)); got != wantPatch {
		t.Errorf("private extraction.patch:\n%s\nwant:\n%s", got, wantPatch)
	}
	if _, err := os.Stat(w.p.ExtractionPatch(patch.Global)); err == nil {
		t.Error("a global patch was written for a memory without global lines")
	}
	validateWithGemini(t, w)

	// Apply everything, as `inbox apply private` does.
	before := read(t, w.p.Index())
	applyAll(t, w)
	if got := read(t, w.p.Index()); got != expectedIndex {
		t.Errorf("MEMORY.md after apply:\n%s\nwant:\n%s", got, expectedIndex)
	}
	if got := read(t, w.p.Archive()); got != expectedArchive {
		t.Errorf("archive.md after apply:\n%s\nwant:\n%s", got, expectedArchive)
	}
	if got := read(t, filepath.Join(mem, "testing.md")); got != expectedTesting {
		t.Errorf("testing.md after apply:\n%s\nwant:\n%s", got, expectedTesting)
	}
	// A second pass over the upkept memory proposes nothing.
	if props := upkeep.Plan(w.input(t)); len(props) != 0 {
		t.Errorf("second pass proposes %+v", props)
	}
	// Undo restores everything.
	if _, err := history.Open(w.p.History()).Undo(fixtureNow, false); err != nil {
		t.Fatal(err)
	}
	if got := read(t, w.p.Index()); got != before {
		t.Errorf("MEMORY.md after undo:\n%s", got)
	}
	for _, f := range []string{w.p.Archive(), filepath.Join(mem, "testing.md")} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s survives the undo", f)
		}
	}
	if _, err := os.Stat(w.p.ExtractionPatch(patch.Private)); err != nil {
		t.Errorf("undo did not make the proposals pending again: %v", err)
	}
}

func applyAll(t *testing.T, w *world) { decideAll(t, w, inbox.Apply) }

// decideAll decides every line of the private item, as `inbox apply
// private` or `inbox dismiss private` does.
func decideAll(t *testing.T, w *world, d patch.Decision) {
	t.Helper()
	items, _, err := inbox.Scan(w.p)
	if err != nil {
		t.Fatal(err)
	}
	var it *inbox.Item
	for _, i := range items {
		if i.ID == "private" {
			it = i
		}
	}
	if it == nil {
		t.Fatal("no private item")
	}
	sel := inbox.Selection{}
	for _, h := range it.Hunks {
		sel[h.Hunk] = patch.Fill(h.Hunk, d)
	}
	if _, err := inbox.Commit(w.p, it, sel, fixtureNow); err != nil {
		t.Fatal(err)
	}
}

func validateWithGemini(t *testing.T, w *world) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil || testing.Short() {
		t.Log("node absent or -short: Gemini oracle skipped")
		return
	}
	gref.Require(t)
	if out, err := gref.Node(t, "validate.mjs", w.p.ExtractionPatch(patch.Private), w.p.Targets.MemoryDir); err != nil {
		t.Errorf("gemini rejects the private upkeep patch: %v\n%s", err, out)
	}
}

var expectedPatch = bt(`--- @MEM@/MEMORY.md
+++ @MEM@/MEMORY.md
@@ -1,18 +1,10 @@
 # Project Memory
 
 - Run ´make lint´ before pushing.
-- The dev server port is 7070.
-- Publish releases with ´tools/publish.sh´.
-- Deploy with ´make deploy-prod´.
-- Run ´make lint´ before pushing.
-- The legacy importer needs ´gfortran´ installed.
-- Always run ´make lint´ before you push.
+- The dev server port is 7171 now.
 
-## Testing
-- Tests run with ´go test ./...´.
-- Integration tests need Docker running.
-- Snapshot files live in testdata/golden.
-- Update snapshots with ´go test ./... -update´.
+- [Testing](testing.md)
+- [Archive](archive.md): lines taken out of memory by upkeep, with the reason.
 
 ## Style
 - Errors are wrapped with lower-case context.
--- /dev/null
+++ @MEM@/archive.md
@@ -0,0 +1,10 @@
+# Archive
+
+Lines memory upkeep took out of memory, with the reason. Nothing here is loaded as memory.
+
+- The dev server port is 7070. (archived 2026-12-01 from MEMORY.md line 4: superseded by session s-nov (2026-11-20): "Remember that the dev server port is 7171 now."; the old value is from session s-jan (2026-01-05))
+- Publish releases with ´tools/publish.sh´. (archived 2026-12-01 from MEMORY.md line 5: ´tools/publish.sh´ does not exist since 2026-08-20)
+- Deploy with ´make deploy-prod´. (archived 2026-12-01 from MEMORY.md line 6: ´make deploy-prod´ does not exist since 2026-10-02)
+- Run ´make lint´ before pushing. (archived 2026-12-01 from MEMORY.md line 7: duplicate of line 3 (same words: run, ´make lint´, before, push))
+- The legacy importer needs ´gfortran´ installed. (archived 2026-12-01 from MEMORY.md line 8: not mentioned in any session since 2026-01-05)
+- Always run ´make lint´ before you push. (archived 2026-12-01 from MEMORY.md line 9: same fact as line 3 (same words: run, ´make lint´, before, push))
--- /dev/null
+++ @MEM@/testing.md
@@ -0,0 +1,5 @@
+## Testing
+- Tests run with ´go test ./...´.
+- Integration tests need Docker running.
+- Snapshot files live in testdata/golden.
+- Update snapshots with ´go test ./... -update´.
`)
var expectedIndex = bt(`# Project Memory

- Run ´make lint´ before pushing.
- The dev server port is 7171 now.

- [Testing](testing.md)
- [Archive](archive.md): lines taken out of memory by upkeep, with the reason.

## Style
- Errors are wrapped with lower-case context.
`)
var expectedArchive = bt(`# Archive

Lines memory upkeep took out of memory, with the reason. Nothing here is loaded as memory.

- The dev server port is 7070. (archived 2026-12-01 from MEMORY.md line 4: superseded by session s-nov (2026-11-20): "Remember that the dev server port is 7171 now."; the old value is from session s-jan (2026-01-05))
- Publish releases with ´tools/publish.sh´. (archived 2026-12-01 from MEMORY.md line 5: ´tools/publish.sh´ does not exist since 2026-08-20)
- Deploy with ´make deploy-prod´. (archived 2026-12-01 from MEMORY.md line 6: ´make deploy-prod´ does not exist since 2026-10-02)
- Run ´make lint´ before pushing. (archived 2026-12-01 from MEMORY.md line 7: duplicate of line 3 (same words: run, ´make lint´, before, push))
- The legacy importer needs ´gfortran´ installed. (archived 2026-12-01 from MEMORY.md line 8: not mentioned in any session since 2026-01-05)
- Always run ´make lint´ before you push. (archived 2026-12-01 from MEMORY.md line 9: same fact as line 3 (same words: run, ´make lint´, before, push))
`)
var expectedTesting = bt(`## Testing
- Tests run with ´go test ./...´.
- Integration tests need Docker running.
- Snapshot files live in testdata/golden.
- Update snapshots with ´go test ./... -update´.
`)

// bt lets the fixtures spell a backtick as ´ inside raw strings.
func bt(s string) string { return strings.ReplaceAll(s, "´", "`") }

// TestDismissedNotProposedAgain: dismissing the upkeep hunks keeps the
// lines (tombstone.KindKeep); the next pass proposes none of them again,
// until a reason changes: a newer session supersedes the port once more.
func TestDismissedNotProposedAgain(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if props := w.pass(t); len(props) == 0 {
		t.Fatal("nothing proposed")
	}
	decideAll(t, w, inbox.Dismiss)
	if got := read(t, w.p.Index()); got != fixtureMemory {
		t.Fatalf("dismissal changed MEMORY.md:\n%s", got)
	}
	if props := upkeep.Plan(w.input(t)); len(props) != 0 {
		for _, p := range props {
			t.Errorf("proposed again: line %d %s %q", p.LineNo, p.Action, p.Why)
		}
	}
	in := w.input(t)
	in.Now = fixtureNow.Add(72 * time.Hour)
	in.Sessions = append(in.Sessions, upkeep.Session{ID: "s-dec", At: fixtureNow.Add(48 * time.Hour), Messages: []transcript.Message{
		human("d1", "Remember that the dev server port is 7272 now."),
	}})
	props := upkeep.Plan(in)
	if len(props) != 1 || props[0].LineNo != 4 || props[0].With != "- The dev server port is 7272 now." {
		t.Errorf("a new reason for the kept port line: got %+v", props)
	}
}

// TestGlobalFileUpkeep: a duplicate in the global file is merged in the
// global patch, its archive line goes to archive.md beside MEMORY.md in
// the private patch, and Gemini CLI's validator accepts both.
func TestGlobalFileUpkeep(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	write(t, w.p.Index(), "# Project Memory\n")
	global := w.p.Targets.GlobalMemory
	write(t, global, "# Global\n\n- Prefer small commits.\n- Prefer small commits.\n")
	in := w.input(t)
	in.Sessions, in.Tree = nil, nil
	props := upkeep.Plan(in)
	if len(props) != 1 || props[0].Path != global || props[0].LineNo != 4 || props[0].Action != upkeep.ActionMerge {
		t.Fatalf("proposals %+v, want the global duplicate merged", props)
	}
	changes, ev := upkeep.Render(in, props)
	if _, err := upkeep.Propose(w.p.Dir, changes, ev, fixtureNow); err != nil {
		t.Fatal(err)
	}
	gp := read(t, w.p.ExtractionPatch(patch.Global))
	if !strings.Contains(gp, "\n-- Prefer small commits.\n") || strings.Contains(gp, "archive.md") {
		t.Errorf("global patch:\n%s", gp)
	}
	pp := read(t, w.p.ExtractionPatch(patch.Private))
	if !strings.Contains(pp, "+- Prefer small commits. (archived 2026-12-01 from GEMINI.md line 4: duplicate of line 3") ||
		!strings.Contains(pp, "+- [Archive](archive.md)") {
		t.Errorf("private patch:\n%s", pp)
	}
	validateWithGemini(t, w)
	if _, err := exec.LookPath("node"); err == nil && !testing.Short() {
		if out, err := gref.Node(t, "validate.mjs", w.p.ExtractionPatch(patch.Global), w.p.Targets.MemoryDir, "--kind=global", "--home="+filepath.Dir(filepath.Dir(global))); err != nil {
			t.Errorf("gemini rejects the global upkeep patch: %v\n%s", err, out)
		}
	}
}

// TestDreamNotes: dream notes become dream.md's sections, linked from the
// index, each line with its session as evidence; an earlier dream.md's
// lines go to the archive; a dismissed note is not proposed again.
func TestDreamNotes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	write(t, w.p.Index(), "# Project Memory\n\n- Use pnpm, not npm.\n")
	in := w.input(t)
	in.Sessions, in.Tree = nil, nil
	proof := upkeep.Proof{SessionID: "s-9", MessageID: "m4", Quote: "no, run the migrations first", At: fixtureNow}
	in.Dream = []upkeep.DreamItem{
		{Section: upkeep.SectionWorked, Line: "`make check` passed in 6 of the last 10 sessions: run it before calling work done.", Proof: proof},
		{Section: upkeep.SectionMistakes, Line: "Run the migrations before the tests (corrected in 2 sessions)", Proof: proof},
	}
	changes, ev := upkeep.Render(in, upkeep.Plan(in))
	if _, err := upkeep.Propose(w.p.Dir, changes, ev, fixtureNow); err != nil {
		t.Fatal(err)
	}
	validateWithGemini(t, w)
	applyAll(t, w)
	want := bt(`# Dream notes

What past sessions taught, as of 2026-12-01; each line names its evidence in review.

## What worked

- ´make check´ passed in 6 of the last 10 sessions: run it before calling work done.

## Mistakes and how to avoid them

- Run the migrations before the tests (corrected in 2 sessions)
`)
	dream := filepath.Join(w.p.Targets.MemoryDir, upkeep.DreamFile)
	if got := read(t, dream); got != want {
		t.Errorf("dream.md:\n%s\nwant:\n%s", got, want)
	}
	if got := read(t, w.p.Index()); !strings.Contains(got, "\n- [Dream notes](dream.md): ") {
		t.Errorf("the index does not link dream.md:\n%s", got)
	}
	evs, err := evidence.Load(w.p.Evidence())
	if err != nil {
		t.Fatal(err)
	}
	if e := evs.For("- Run the migrations before the tests (corrected in 2 sessions)"); len(e) != 1 || e[0].SessionID != "s-9" || e[0].Quote != proof.Quote {
		t.Errorf("dream evidence %+v", e)
	}

	// The next dream replaces the notes: the old lines go to the archive.
	in = w.input(t)
	in.Sessions, in.Tree = nil, nil
	in.Dream = []upkeep.DreamItem{{Section: upkeep.SectionWarnings, Line: "The person refused `git push --force` (2 sessions): ask before running it.", Proof: proof}}
	changes, _ = upkeep.Render(in, upkeep.Plan(in))
	var archive string
	for _, c := range changes {
		if c.Path == w.p.Archive() {
			archive = c.New
		}
	}
	if !strings.Contains(archive, "- Run the migrations before the tests (corrected in 2 sessions) (archived 2026-12-01 from dream.md line 11: replaced by the dream notes of 2026-12-01)") {
		t.Errorf("old dream lines not archived:\n%s", archive)
	}
	// A dismissed note is not proposed again.
	if err := tombstone.Add(w.p.Tombstones(), fixtureNow, tombstone.Tombstone{Kind: tombstone.KindMemory, Target: dream, Text: "- " + in.Dream[0].Line}); err != nil {
		t.Fatal(err)
	}
	in2 := w.input(t)
	in2.Sessions, in2.Tree, in2.Dream = nil, nil, in.Dream
	if changes, _ := upkeep.Render(in2, nil); len(changes) != 0 {
		t.Errorf("a dismissed dream note comes back: %+v", changes)
	}
}
