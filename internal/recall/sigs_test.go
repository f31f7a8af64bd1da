package recall

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// savedSigsMatch checks that the signatures saved beside the index are the
// index's own, for its current generation.
func savedSigsMatch(t *testing.T, idx string) {
	t.Helper()
	ix, err := open(idx)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	gen, err := ix.gen()
	if err != nil || gen == "" {
		t.Fatalf("generation %q: %v", gen, err)
	}
	saved, ok := readSigs(sigsPath(idx), gen)
	if !ok {
		t.Fatalf("no signatures saved for generation %s", gen)
	}
	want, err := ix.sigs()
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(saved, want) {
		t.Fatalf("saved %d signatures, the index holds %d (or they differ)", len(saved), len(want))
	}
}

// TestSavedSignatures: the signatures saved by an update are exactly the
// index's, after a build and after an update that adds, grows, rewrites
// and removes documents; once another writer changes the index, the saved
// ones are not trusted.
func TestSavedSignatures(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	opt := Options{Redact: hook(t)}
	snap := corpus(t, dir, 12, 4)
	mem := filepath.Join(dir, "MEMORY.md")
	if err := os.WriteFile(mem, []byte("- the kestrel rule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap.Files = []File{{Path: mem, Kind: KindMemory, Agent: "gemini", Project: "/p"}}
	idx := filepath.Join(t.TempDir(), FileName)
	if _, err := Update(ctx, idx, snap, opt); err != nil {
		t.Fatal(err)
	}
	savedSigsMatch(t, idx)

	s := &snap.Sessions[2] // grows
	writeSession(t, dir, s.ID, t0.Add(2*time.Hour), []string{"one", "two", "three", "four", "five", "six", "seven", "eight"})
	s.Updated = s.Updated.Add(time.Hour)
	snap.Sessions = append(snap.Sessions[:5], snap.Sessions[6:]...) // one is gone
	if err := os.WriteFile(mem, []byte("- the kestrel rule\n- and the merlin rule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(mem, t0, t0)
	snap.Sessions = append(snap.Sessions, corpus(t, t.TempDir(), 1, 8).Sessions...) // one is new
	snap.Sessions[len(snap.Sessions)-1].ID = "new"
	st, err := Update(ctx, idx, snap, opt)
	if err != nil || st.Indexed != 3 || st.Removed != 1 {
		t.Fatalf("update: %+v %v", st, err)
	}
	savedSigsMatch(t, idx)

	// Another writer drops a document behind the saved file's back: the
	// next update must see it is missing and index it again.
	ix, err := open(idx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.db.Exec(`DELETE FROM docs WHERE key = ?`, snap.Sessions[0].key()); err != nil {
		t.Fatal(err)
	}
	if _, err := setGen(func(q string, args ...any) error { _, err := ix.db.Exec(q, args...); return err }); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	os.Remove(idx + ".stamp")
	st, err = Update(ctx, idx, snap, opt)
	if err != nil || st.Indexed != 1 {
		t.Fatalf("after another writer: %+v %v, want the dropped document indexed again", st, err)
	}
	savedSigsMatch(t, idx)
}
