package scan

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// TestSubagentDirCache checks that a sub-agent directory's listing is
// served from the cache only while its mtime is unchanged, and that the
// lazy listing gives the same entries as GeminiFiles.
func TestSubagentDirCache(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	parent := filepath.Join(chats, "parent-1")
	if err := os.MkdirAll(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name string, mtime time.Time) {
		t.Helper()
		p := filepath.Join(parent, name)
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	touchDir := func(ago time.Duration) {
		t.Helper()
		m := time.Now().Add(-ago)
		if err := os.Chtimes(parent, m, m); err != nil {
			t.Fatal(err)
		}
	}
	t1 := time.Date(2026, 1, 2, 3, 4, 5, 6000, time.UTC)
	write("a.jsonl", t1)
	write("notes.txt", t1)
	touchDir(time.Hour)

	cachePath := filepath.Join(t.TempDir(), "scan.gob")
	opt := Options{Now: time.Now(), MinIdle: time.Hour, MinUserMessages: 1, Log: zerolog.Nop()}
	type row struct {
		Path, ID, Reason string
		Updated          time.Time
	}
	rows := func(es []Entry) []row {
		var out []row
		for _, e := range es {
			out = append(out, row{e.Path, e.ID, e.Reason, e.LastUpdated})
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
		return out
	}
	lazy := func() []row {
		t.Helper()
		files, err := GeminiFilesLazy(chats)
		if err != nil {
			t.Fatal(err)
		}
		c := OpenCache(cachePath)
		o := opt
		o.Cache = c
		es, st := Scan(context.Background(), files, o)
		if st.Files != len(es) {
			t.Errorf("Stats.Files = %d, want %d", st.Files, len(es))
		}
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return rows(es)
	}
	eager := func() []row {
		t.Helper()
		files, err := GeminiFiles(chats)
		if err != nil {
			t.Fatal(err)
		}
		es, _ := Scan(context.Background(), files, opt)
		return rows(es)
	}
	check := func(want ...string) {
		t.Helper()
		got := lazy()
		if e := eager(); !reflect.DeepEqual(got, e) {
			t.Fatalf("lazy listing %v, GeminiFiles %v", got, e)
		}
		var names []string
		for _, r := range got {
			if r.Reason != ReasonSubagent {
				t.Errorf("%s: reason %q", r.Path, r.Reason)
			}
			names = append(names, filepath.Base(r.Path))
		}
		if !reflect.DeepEqual(names, want) {
			t.Fatalf("listed %v, want %v", names, want)
		}
	}

	check("a.jsonl")
	if d, ok := OpenCache(cachePath).oldDirs[parent]; !ok || len(d.Files) != 1 || d.Files[0].MtimeNs != t1.UnixNano() {
		t.Fatalf("listing not cached: %+v", d)
	}
	check("a.jsonl") // from the cache

	write("b.jsonl", t1.Add(time.Minute))
	touchDir(30 * time.Minute)
	check("a.jsonl", "b.jsonl")

	if err := os.Remove(filepath.Join(parent, "a.jsonl")); err != nil {
		t.Fatal(err)
	}
	touchDir(20 * time.Minute)
	check("b.jsonl")

	// A directory modified within the racy window is listed but not
	// cached, so a file created in the same timestamp tick is not missed.
	write("c.jsonl", t1)
	touchDir(0)
	check("b.jsonl", "c.jsonl")
	if _, ok := OpenCache(cachePath).oldDirs[parent]; ok {
		t.Fatal("a directory modified just now was cached")
	}

	if err := os.RemoveAll(parent); err != nil {
		t.Fatal(err)
	}
	check()
}

// TestGeminiFilesLazyPaths checks that the lazy listing joins paths as
// filepath.Join does, for unclean and relative directories too.
func TestGeminiFilesLazyPaths(t *testing.T) {
	root := t.TempDir()
	chats := filepath.Join(root, "chats")
	if err := os.MkdirAll(filepath.Join(chats, "parent"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(chats, "session-1.jsonl"), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(chats)
	for _, dir := range []string{chats, chats + "/", chats + "/../chats", ".", "./"} {
		files, err := GeminiFilesLazy(dir)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]bool{filepath.Join(dir, "session-1.jsonl"): false, filepath.Join(dir, "parent"): true}
		if len(files) != len(want) {
			t.Fatalf("%s: %v", dir, files)
		}
		for _, f := range files {
			if isDir, ok := want[f.Path]; !ok || isDir != f.Dir {
				t.Errorf("%s: listed %+v, want one of %v", dir, f, want)
			}
		}
	}
}
