package jobs_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/internal/recall"
	"github.com/automem/automem/jobs"
)

// TestE2ERecallIndex: a dry run leaves the search index alone; a real run
// builds it from the scanned sessions and the memory files, with secrets
// redacted; the next run changes nothing; a new session is added by the
// run after it.
func TestE2ERecallIndex(t *testing.T) {
	e := newE2E(t)
	secret := "ghp_" + "R8x2Lq7VnT4pZw9KcY3mB6hJd1sF5gA0eU2i"
	w := e.w
	w.Gemini(t, world.Session{ID: "cccccccc-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 6, 0, 0, 0, time.UTC),
		Turns: append(world.Steps(10), world.Exchange{User: "the okapi rollout uses token " + secret, Assistant: "noted"})})
	if err := os.WriteFile(filepath.Join(w.MemoryDir, "MEMORY.md"), []byte("# memory\n- builds use the narwhal cache\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	idx := recall.Path(w.CacheDir)
	cfg := e.config()
	cfg.DryRun = true
	if _, err := e.run(t, cfg, nil); err != nil {
		t.Fatalf("dry run: %v\n%s", err, e.log)
	}
	if _, err := os.Stat(idx); !os.IsNotExist(err) {
		t.Fatalf("a dry run touched the index: %v", err)
	}
	cfg.DryRun = false
	if _, err := e.run(t, cfg, jobs.Offline{}); err != nil {
		t.Fatalf("run: %v\n%s", err, e.log)
	}
	ix, err := recall.OpenReadOnly(idx)
	if err != nil {
		t.Fatalf("no index after a run: %v\n%s", err, e.log)
	}
	defer ix.Close()
	ctx := context.Background()
	find := func(q string, kinds ...string) []recall.Hit {
		t.Helper()
		hits, err := ix.Search(ctx, recall.Query{Text: q, Kinds: kinds, Projects: []string{w.Root}})
		if err != nil {
			t.Fatal(err)
		}
		return hits
	}
	if h := find("okapi", recall.KindSession); len(h) != 1 || h[0].Session != "cccccccc-1111-2222-3333-444455556666" || h[0].Turn == 0 {
		t.Errorf("session hit: %+v", h)
	}
	found := false
	for _, h := range find("narwhal", recall.KindMemory) {
		found = found || filepath.Base(h.Path) == "MEMORY.md" && h.Line == 2
	}
	if !found {
		t.Errorf("MEMORY.md line 2 not found: %+v", find("narwhal", recall.KindMemory))
	}
	if h := find(`"` + secret + `"`); len(h) != 0 {
		t.Errorf("secret findable: %+v", h)
	}
	st, err := jobs.Recall(ctx, cfg, mustDiscover(t, cfg), func(s string) string { return s })
	if err != nil || !st.Unchanged {
		t.Errorf("second index pass: %+v %v, want unchanged", st, err)
	}
	w.Gemini(t, world.Session{ID: "dddddddd-1111-2222-3333-444455556666", Start: time.Date(2026, 5, 1, 7, 0, 0, 0, time.UTC),
		Turns: []world.Exchange{{User: "where is the axolotl config", Assistant: "in etc"}}})
	st, err = jobs.Recall(ctx, cfg, mustDiscover(t, cfg), redactor(t).Hook(ctx, nil, nil))
	if err != nil || st.Indexed != 1 || st.Removed != 0 {
		t.Errorf("after a new session: %+v %v, want 1 indexed", st, err)
	}
	if h := find("axolotl", recall.KindSession); len(h) != 1 {
		t.Errorf("new session: %+v", h)
	}
}

func mustDiscover(t *testing.T, cfg jobs.Config) []jobs.Target {
	t.Helper()
	ts, err := jobs.Discover(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}
