package history

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRecordLogUndo(t *testing.T) {
	mem := t.TempDir()
	live := filepath.Join(mem, "MEMORY.md")
	skill := filepath.Join(t.TempDir(), "skills", "deploy")
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	os.WriteFile(live, []byte("v1\n"), 0o644)
	r := Open(mem)

	// change 1: MEMORY.md v1 -> v2
	os.WriteFile(live, []byte("v2\n"), 0o644)
	if _, err := r.Record(at, Change{Kind: KindApply, Summary: "private: 1 line", Files: []FileChange{{Path: live, BeforeExists: true, Before: []byte("v1\n"), AfterExists: true, After: []byte("v2\n"), Mode: 0o644}}}); err != nil {
		t.Fatal(err)
	}
	// change 2: a promoted skill folder appears
	os.MkdirAll(skill, 0o755)
	os.WriteFile(filepath.Join(skill, "SKILL.md"), []byte("s\n"), 0o644)
	if _, err := r.Record(at.Add(time.Minute), Change{Kind: KindPromote, Summary: "deploy", Dirs: []string{skill}, Files: []FileChange{{Path: filepath.Join(skill, "SKILL.md"), AfterExists: true, After: []byte("s\n"), Mode: 0o644}}}); err != nil {
		t.Fatal(err)
	}
	log, err := r.Log()
	if err != nil || len(log) != 2 || log[0].Kind != KindPromote || log[1].Summary != "private: 1 line" {
		t.Fatalf("log = %+v, %v", log, err)
	}

	// undo the promotion: folder gone
	e, err := r.Undo(at.Add(2*time.Minute), false)
	if err != nil || e.Kind != KindPromote {
		t.Fatalf("undo = %+v, %v", e, err)
	}
	if _, err := os.Stat(skill); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("promoted folder still there: %v", err)
	}

	// manual edit blocks the next undo
	os.WriteFile(live, []byte("v2 edited\n"), 0o644)
	_, err = r.Undo(at.Add(3*time.Minute), false)
	var ce *ChangedError
	if !errors.As(err, &ce) || len(ce.Files) != 1 || ce.Files[0] != live {
		t.Fatalf("undo after edit = %v, want ChangedError naming %s", err, live)
	}
	if data, _ := os.ReadFile(live); string(data) != "v2 edited\n" {
		t.Errorf("refused undo touched the file: %q", data)
	}
	// forced undo restores v1
	if _, err := r.Undo(at.Add(4*time.Minute), true); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(live); string(data) != "v1\n" {
		t.Errorf("after forced undo = %q", data)
	}
	if _, err := r.Undo(at, false); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("third undo = %v, want ErrNothingToUndo", err)
	}
	log, _ = r.Log()
	if len(log) != 4 || !log[2].Undone || !log[3].Undone {
		t.Errorf("log after undos = %+v", log)
	}
}

func TestEncode(t *testing.T) {
	tests := map[string]string{
		"/home/u/.gemini/GEMINI.md": "home/u/%.gemini/GEMINI.md",
		"/a/.git/x":                 "a/%.git/x",
		"/a/%b":                     "a/%%b",
	}
	for in, want := range tests {
		if got := encode(in); got != want {
			t.Errorf("encode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLogEmpty(t *testing.T) {
	log, err := Open(t.TempDir()).Log()
	if err != nil || len(log) != 0 {
		t.Errorf("Log on fresh dir = %v, %v", log, err)
	}
}

func BenchmarkRecord(b *testing.B) {
	mem := b.TempDir()
	r := Open(mem)
	at := time.Now()
	data := make([]byte, 4096)
	for b.Loop() {
		if _, err := r.Record(at, Change{Kind: KindApply, Summary: "x", Files: []FileChange{{Path: "/x/MEMORY.md", BeforeExists: true, Before: data, AfterExists: true, After: append(data, 'x')}}}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestUndoRefusesDisallowedPath(t *testing.T) {
	mem := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim.txt")
	os.WriteFile(victim, []byte("mine\n"), 0o644)
	r := Open(mem)
	// A tampered entry claims the victim was created by a change.
	if _, err := r.Record(time.Now(), Change{Kind: KindApply, Summary: "x", Files: []FileChange{{Path: victim, AfterExists: true, After: []byte("mine\n")}}}); err != nil {
		t.Fatal(err)
	}
	r.Allowed = func(p string) bool { return filepath.Dir(p) == mem }
	if _, err := r.Undo(time.Now(), true); err == nil {
		t.Fatal("undo of a disallowed path succeeded")
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "mine\n" {
		t.Errorf("victim touched: %q %v", data, err)
	}
}

// A forced undo overwrote newer work; redo brings that work back, the redo
// is undone like any change, and each undo is redone at most once.
func TestRedoRecoversForcedUndo(t *testing.T) {
	mem := t.TempDir()
	live := filepath.Join(mem, "MEMORY.md")
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	r := Open(mem)
	if _, err := r.Redo(at, false); !errors.Is(err, ErrNothingToRedo) {
		t.Fatalf("redo with no history = %v", err)
	}
	os.WriteFile(live, []byte("v2\n"), 0o644)
	if _, err := r.Record(at, Change{Kind: KindApply, Summary: "private: 1 line", Files: []FileChange{{Path: live, BeforeExists: true, Before: []byte("v1\n"), AfterExists: true, After: []byte("v2\n"), Mode: 0o644}}}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(live, []byte("v2\nmy note\n"), 0o644)
	if _, err := r.Undo(at, true); err != nil {
		t.Fatal(err)
	}
	content := func() string { b, _ := os.ReadFile(live); return string(b) }
	if content() != "v1\n" {
		t.Fatalf("after forced undo %q", content())
	}
	// a later edit blocks the redo unless forced
	os.WriteFile(live, []byte("v1 edited\n"), 0o644)
	var ce *ChangedError
	if _, err := r.Redo(at, false); !errors.As(err, &ce) || ce.Files[0] != live {
		t.Fatalf("redo after edit = %v", err)
	}
	os.WriteFile(live, []byte("v1\n"), 0o644)
	e, err := r.Redo(at, false)
	if err != nil || e.Summary != "apply: private: 1 line" || !e.Redone {
		t.Fatalf("redo = %+v %v", e, err)
	}
	if content() != "v2\nmy note\n" {
		t.Fatalf("redo did not bring the overwritten note back: %q", content())
	}
	if _, err := r.Redo(at, false); !errors.Is(err, ErrNothingToRedo) {
		t.Fatalf("second redo = %v", err)
	}
	// the redo is undone like any change, without force
	e, err = r.Undo(at, false)
	if err != nil || e.Kind != KindRedo || content() != "v1\n" {
		t.Fatalf("undo of redo = %+v %v, file %q", e, err, content())
	}
	if _, err := r.Redo(at, false); err != nil || content() != "v2\nmy note\n" {
		t.Fatalf("redo again: %v, file %q", err, content())
	}
	log, _ := r.Log()
	kinds := ""
	for _, l := range log {
		kinds += l.Kind + " "
		if l.Kind == KindUndo && !l.Redone {
			t.Errorf("undo %s not marked redone", l.Summary)
		}
	}
	if kinds != "redo undo redo undo apply " {
		t.Errorf("log kinds %q", kinds)
	}
}
