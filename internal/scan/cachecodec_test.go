package scan

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

func TestCacheCodecRoundTrip(t *testing.T) {
	// A field added to Session must be added to the codec too.
	if n := reflect.TypeOf(transcript.Session{}).NumField(); n != 12 {
		t.Fatalf("transcript.Session has %d fields: update cachecodec.go and this test", n)
	}
	zone := time.FixedZone("", 2*3600)
	entries := map[string]cacheEntry{
		"/c/session-1.jsonl": {Size: 123, MtimeNs: -5, Session: transcript.Session{
			Source: transcript.Gemini, ID: "id-1", Path: "p", ProjectRoot: "/root", Kind: transcript.KindMain,
			Forked: true, Start: time.Date(2026, 1, 2, 3, 4, 5, 6, zone),
			LastUpdated: time.Date(2026, 2, 3, 4, 5, 6, 7, time.UTC), UserMessages: 42,
			Summary: "sum ✓", Workflow: "wf", BadLines: 3,
		}},
		"/c/bad.jsonl": {Size: 1 << 40, MtimeNs: 1 << 62, Err: "not a session"},
	}
	dirs := map[string]dirEntry{
		"/c/parent": {MtimeNs: 99, Files: []subFile{{"a.jsonl", 1}, {"b.jsonl", -2}}},
		"/c/empty":  {MtimeNs: 7},
	}
	data, err := encodeCache(nil, entries, nil, dirs)
	if err != nil {
		t.Fatal(err)
	}
	f, gotD, err := readCache(data)
	if err != nil {
		t.Fatal(err)
	}
	gotE := decodeAll(f)
	if !reflect.DeepEqual(gotE, entries) {
		t.Errorf("entries:\n got %+v\nwant %+v", gotE, entries)
	}
	if !reflect.DeepEqual(gotD, dirs) {
		t.Errorf("dirs:\n got %+v\nwant %+v", gotD, dirs)
	}
	if size, mtime, ok := f.stamp("/c/bad.jsonl"); !ok || size != 1<<40 || mtime != 1<<62 {
		t.Errorf("stamp = %d %d %v", size, mtime, ok)
	}
	if _, ok := f.entry(-1, "/c/absent"); ok {
		t.Error("an absent path has an entry")
	}
	// Every truncation must fail; every flipped byte must fail, or load
	// with entries that decode or read as missing, never panic.
	for i := 0; i < len(data); i++ {
		if _, _, err := readCache(data[:i]); err == nil {
			t.Errorf("truncated at %d: no error", i)
		}
		bad := append([]byte(nil), data...)
		bad[i] ^= 0xff
		if f, _, err := readCache(bad); err == nil {
			decodeAll(f)
		}
	}
	if _, _, err := readCache(append(data, 0)); err == nil {
		t.Error("trailing byte: no error")
	}
}

// decodeAll decodes every entry that decodes.
func decodeAll(f cacheFile) map[string]cacheEntry {
	out := map[string]cacheEntry{}
	for _, p := range f.paths {
		if e, ok := f.entry(-1, p); ok {
			out[p] = e
		}
	}
	return out
}

// A cache large enough to be mapped rather than read (64 KiB and more)
// serves every entry it saved, and a later Save replaces it cleanly.
func TestLargeCacheRoundTrip(t *testing.T) {
	path := t.TempDir() + "/scan.cache"
	c := OpenCache(path)
	want := map[string]transcript.Session{}
	for i := 0; i < 2000; i++ {
		p := fmt.Sprintf("/chats/session-%04d.jsonl", i)
		s := transcript.Session{Source: transcript.Gemini, ID: fmt.Sprintf("id-%d", i), Kind: transcript.KindMain,
			LastUpdated: time.Unix(int64(i)*3600, 0).UTC(), UserMessages: i, Summary: strings.Repeat("s", i%97)}
		c.Put(p, int64(i), int64(i)*7, s)
		want[p] = s
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() < 1<<16 {
		t.Fatalf("cache too small to be mapped: %v %v", fi, err)
	}
	gone := "/chats/session-0001.jsonl"
	for round := 0; round < 2; round++ {
		c = OpenCache(path)
		for p, s := range want {
			e, ok := c.lookup(-1, p, int64(i0(p)), int64(i0(p))*7)
			if !ok || !reflect.DeepEqual(e.Session, s) {
				t.Fatalf("round %d: %s: %v %+v", round, p, ok, e.Session)
			}
		}
		if _, ok := c.lookup(-1, gone, 1, 7); ok == (round == 1) {
			t.Fatalf("round %d: the entry of a file not seen again: present=%v", round, ok)
		}
		// Every file but one seen again: Save rewrites the file (a rename
		// over the one still mapped) without it.
		delete(want, gone)
		c.markSeen(keys(want), nil)
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
	}
}

func i0(p string) int {
	var i int
	fmt.Sscanf(p, "/chats/session-%04d.jsonl", &i)
	return i
}

func keys(m map[string]transcript.Session) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
