package recall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/transcript"
)

var t0 = time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)

// vocabulary is what the generated sessions talk about: a few hundred
// ordinary words, so every query term is common and ranking matters.
var vocabulary = strings.Fields(`add fix test build run lint index user email router login session token
	billing invoice plan stripe client pool repo migration query parser ranking button modal theme debounce
	error retry timeout cache config deploy release branch merge rebase commit review change file folder
	path module package import export type interface struct function method field value list map slice
	string number float bool channel goroutine context cancel deadline lock mutex atomic write read open
	close flush sync backup restore upgrade downgrade version schema table column row select insert update
	delete join group order limit offset cursor page batch stream queue worker job task cron timer alert`)

// writeSession writes a Gemini CLI transcript with the given human and
// assistant texts (alternating, human first) and returns its path.
func writeSession(t testing.TB, dir, id string, at time.Time, texts []string) string {
	t.Helper()
	path := filepath.Join(dir, "session-"+id+".jsonl")
	var b strings.Builder
	enc := json.NewEncoder(&b)
	_ = enc.Encode(map[string]any{"sessionId": id, "projectHash": strings.Repeat("ab", 32), "startTime": at.Format(time.RFC3339),
		"lastUpdated": at.Add(time.Duration(len(texts)) * time.Minute).Format(time.RFC3339), "kind": "main"})
	for i, text := range texts {
		ts := at.Add(time.Duration(i) * time.Minute).Format(time.RFC3339)
		if i%2 == 0 {
			_ = enc.Encode(map[string]any{"id": fmt.Sprintf("u%d", i), "timestamp": ts, "type": "user", "content": []map[string]string{{"text": text}}})
		} else {
			_ = enc.Encode(map[string]any{"id": fmt.Sprintf("g%d", i), "timestamp": ts, "type": "gemini", "content": text})
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func sentence(r *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = vocabulary[r.Intn(len(vocabulary))]
	}
	return strings.Join(w, " ")
}

// corpus writes n sessions of random talk and returns their snapshot.
func corpus(t testing.TB, dir string, n int, seed int64) Snapshot {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	snap := Snapshot{Scope: Scope{Agents: []string{"gemini"}}}
	for i := range n {
		id := fmt.Sprintf("s%05d", i)
		texts := make([]string, 6+r.Intn(10))
		for j := range texts {
			texts[j] = sentence(r, 8+r.Intn(30))
		}
		at := t0.Add(time.Duration(i) * time.Hour)
		p := writeSession(t, dir, id, at, texts)
		snap.Sessions = append(snap.Sessions, Session{Agent: "gemini", ID: id, Path: p, Source: transcript.Gemini,
			Project: "/p", Updated: at.Add(time.Duration(len(texts)) * time.Minute)})
	}
	return snap
}

var (
	redOnce sync.Once
	red     *redact.Redactor
	redErr  error
)

func hook(t testing.TB) func(string) string {
	redOnce.Do(func() { red, redErr = redact.New(redact.Options{}) })
	if redErr != nil {
		t.Fatal(redErr)
	}
	return red.Hook(context.Background(), func(err error) { t.Errorf("redaction failed: %v", err) }, nil)
}

func search(t *testing.T, path string, q Query) []Hit {
	t.Helper()
	ix, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	hits, err := ix.Search(context.Background(), q)
	if err != nil {
		t.Fatalf("search %q: %v", q.Text, err)
	}
	return hits
}

func TestNeedleRanksFirst(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	dir := t.TempDir()
	snap := corpus(t, dir, n, 1)
	// One turn of one session holds the needle, among sessions that share
	// every other word with it.
	needle := "we dropped approach zebrafish because the flamingo cache thrashed"
	r := rand.New(rand.NewSource(2))
	at := t0.Add(-time.Hour)
	p := writeSession(t, dir, "needle", at, []string{sentence(r, 20), sentence(r, 20), sentence(r, 10) + " " + needle, sentence(r, 20)})
	snap.Sessions = append(snap.Sessions, Session{Agent: "gemini", ID: "needle", Path: p, Source: transcript.Gemini, Project: "/p", Updated: at.Add(4 * time.Minute)})
	idx := filepath.Join(t.TempDir(), FileName)
	st, err := Update(context.Background(), idx, snap, Options{Redact: hook(t)})
	if err != nil {
		t.Fatal(err)
	}
	if st.Rebuilt != ReasonMissing || st.Indexed != n+1 {
		t.Fatalf("stats %+v, want a new index of %d documents", st, n+1)
	}
	for _, q := range []string{`zebrafish`, `"flamingo cache"`, `zebra*`, `flamingo AND cache`, `zebrafish OR nosuchword`, `flamingo NOT nosuchword`} {
		hits := search(t, idx, Query{Text: q, Kinds: []string{KindSession}})
		if len(hits) == 0 || hits[0].Session != "needle" || hits[0].Turn != 3 {
			t.Fatalf("%s: hits %+v, want session needle turn 3 first", q, hits)
		}
		if !strings.Contains(hits[0].Snippet, "**") {
			t.Errorf("%s: snippet %q has no highlight", q, hits[0].Snippet)
		}
	}
	if hits := search(t, idx, Query{Text: `"cache flamingo"`, Kinds: []string{KindSession}}); len(hits) != 0 {
		t.Errorf("phrase in the wrong order matched: %+v", hits)
	}
	if hits := search(t, idx, Query{Text: `zebrafish NOT flamingo`, Kinds: []string{KindSession}}); len(hits) != 0 {
		t.Errorf("NOT ignored: %+v", hits)
	}
	// The same snapshot again: nothing is opened, nothing changes.
	st, err = Update(context.Background(), idx, snap, Options{Redact: hook(t)})
	if err != nil || !st.Unchanged {
		t.Fatalf("second update: %+v %v, want unchanged", st, err)
	}
}

func TestSecretNotFindable(t *testing.T) {
	dir := t.TempDir()
	secret := "ghp_" + "R8x2Lq7VnT4pZw9KcY3mB6hJd1sF5gA0eU2i"
	awsKey := "AKIA" + "QYLPMN5HWKFPZAM2"
	p := writeSession(t, dir, "sec", t0, []string{"my token is " + secret + " keep it safe", "ok, stored " + awsKey + " too"})
	mem := filepath.Join(dir, "MEMORY.md")
	if err := os.WriteFile(mem, []byte("- deploy key: "+secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := Snapshot{Scope: Scope{Agents: []string{"gemini"}},
		Sessions: []Session{{Agent: "gemini", ID: "sec", Path: p, Source: transcript.Gemini, Project: "/p", Updated: t0}},
		Files:    []File{{Path: mem, Kind: KindMemory, Agent: "gemini", Project: "/p"}}}
	idx := filepath.Join(t.TempDir(), FileName)
	if _, err := Update(context.Background(), idx, snap, Options{Redact: hook(t)}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{secret, `"` + secret + `"`, "ghp_R8x2*", awsKey, "R8x2Lq7VnT4pZw9KcY3mB6hJd1sF5gA0eU2i"} {
		if hits := search(t, idx, Query{Text: q}); len(hits) != 0 {
			t.Errorf("secret found by %q: %+v", q, hits)
		}
	}
	if hits := search(t, idx, Query{Text: "token keep safe"}); len(hits) != 1 || !strings.Contains(hits[0].Snippet, "[REDACTED:") {
		t.Errorf("the redacted turn: %+v", hits)
	}
	// Nothing in the database file holds the value either.
	for _, f := range []string{idx, idx + "-wal"} {
		data, _ := os.ReadFile(f)
		if strings.Contains(string(data), secret) || strings.Contains(string(data), awsKey) {
			t.Errorf("%s holds the secret", f)
		}
	}
}

func TestArchiveOnlyWhenAsked(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{"MEMORY.md": "- use pnpm for installs\n", "archive.md": "- we used yarn for installs until May\n"}
	snap := Snapshot{Scope: Scope{Agents: []string{"gemini"}}}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("# notes\n\n"+text), 0o644); err != nil {
			t.Fatal(err)
		}
		kind := KindMemory
		if name == "archive.md" {
			kind = KindArchive
		}
		snap.Files = append(snap.Files, File{Path: p, Kind: kind, Agent: "gemini", Project: "/p"})
	}
	idx := filepath.Join(t.TempDir(), FileName)
	if _, err := Update(context.Background(), idx, snap, Options{Redact: hook(t)}); err != nil {
		t.Fatal(err)
	}
	hits := search(t, idx, Query{Text: "installs", Kinds: []string{KindMemory}, Projects: []string{"/p"}})
	if len(hits) != 1 || filepath.Base(hits[0].Path) != "MEMORY.md" || hits[0].Line != 3 {
		t.Fatalf("memory only: %+v", hits)
	}
	hits = search(t, idx, Query{Text: "installs", Kinds: []string{KindMemory, KindArchive}, Projects: []string{"/p"}})
	if len(hits) != 2 {
		t.Fatalf("with the archive: %+v", hits)
	}
	if hits := search(t, idx, Query{Text: "installs", Projects: []string{"/other"}}); len(hits) != 0 {
		t.Errorf("another project's memory found: %+v", hits)
	}
}

func TestIncrementalAndRebuild(t *testing.T) {
	dir := t.TempDir()
	snap := corpus(t, dir, 30, 3)
	idx := filepath.Join(t.TempDir(), FileName)
	ctx := context.Background()
	opt := Options{Redact: hook(t)}
	if _, err := Update(ctx, idx, snap, opt); err != nil {
		t.Fatal(err)
	}
	// One session grows, one is deleted.
	s := &snap.Sessions[4]
	writeSession(t, dir, s.ID, t0, []string{"the quokka migration is done", "great"})
	s.Updated = s.Updated.Add(time.Hour)
	gone := snap.Sessions[7]
	snap.Sessions = append(snap.Sessions[:7], snap.Sessions[8:]...)
	st, err := Update(ctx, idx, snap, opt)
	if err != nil {
		t.Fatal(err)
	}
	if st.Indexed != 1 || st.Removed != 1 || st.Kept != 28 || st.Rebuilt != "" {
		t.Fatalf("stats %+v, want 1 indexed, 1 removed, 28 kept", st)
	}
	if hits := search(t, idx, Query{Text: "quokka"}); len(hits) != 1 || hits[0].Session != s.ID {
		t.Fatalf("changed session: %+v", hits)
	}
	ix, _ := OpenReadOnly(idx)
	if _, _, err := ix.Turns(ctx, gone.ID, 0, 0, nil); !errors.Is(err, ErrNoSession) {
		t.Errorf("removed session still readable: %v", err)
	}
	info, turns, err := ix.Turns(ctx, s.ID, 1, 1, []string{"/p"})
	if err != nil || info.ID != s.ID || len(turns) != 1 || turns[0].Text != "the quokka migration is done" || turns[0].Role != "user" {
		t.Errorf("turns: %+v %+v %v", info, turns, err)
	}
	if _, _, err := ix.Turns(ctx, s.ID, 0, 0, []string{"/other"}); !errors.Is(err, ErrNoSession) {
		t.Errorf("another project's session readable: %v", err)
	}
	ix.Close()
	// A narrower scope neither removes nor re-reads the rest.
	narrow := Snapshot{Scope: Scope{Agents: []string{"gemini"}, Projects: []string{"/q"}}}
	if st, err := Update(ctx, idx, narrow, opt); err != nil || st.Removed != 0 {
		t.Fatalf("narrow scope: %+v %v", st, err)
	}
	// A corrupt file is rebuilt.
	if err := os.WriteFile(idx, []byte(strings.Repeat("garbage", 1000)), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Remove(idx + "-wal")
	os.Remove(idx + ".stamp")
	st, err = Update(ctx, idx, snap, opt)
	if err != nil || st.Rebuilt != ReasonCorrupt || st.Indexed != 29 {
		t.Fatalf("corrupt index: %+v %v", st, err)
	}
	if hits := search(t, idx, Query{Text: "quokka"}); len(hits) != 1 {
		t.Fatalf("after the rebuild: %+v", hits)
	}
}

func TestMatch(t *testing.T) {
	for _, c := range []struct{ in, want, err string }{
		{in: `go generate`, want: `go generate`},
		{in: `"go generate"`, want: `"go generate"`},
		{in: `generat*`, want: `generat*`},
		{in: `a AND (b OR c) NOT d`, want: `a AND ( b OR c ) NOT d`},
		{in: `generat* AND NOT mock`, want: `generat* NOT mock`},
		{in: `a AND NOT (b OR c)`, want: `a NOT ( b OR c )`},
		{in: `go-git`, want: `"go-git"`},
		{in: `src/db/pool.ts`, want: `"src/db/pool.ts"`},
		{in: `go-gi*`, want: `"go-gi"*`},
		{in: `"unbalanced`, err: "unbalanced quotes"},
		{in: `(a OR b`, err: "unbalanced parentheses"},
		{in: `a) OR b`, err: "closing parenthesis"},
		{in: `   `, err: "empty"},
		{in: `say "he said ""hi"""`, want: `say "he said ""hi"""`},
	} {
		got, err := Match(c.in)
		if c.err != "" {
			if err == nil || !errors.Is(err, ErrQuery) || !strings.Contains(err.Error(), c.err) {
				t.Errorf("Match(%q) = %q, %v; want an error about %s", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("Match(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestSyntaxErrorIsQueryError(t *testing.T) {
	idx := filepath.Join(t.TempDir(), FileName)
	if _, err := Update(context.Background(), idx, Snapshot{Scope: Scope{Agents: []string{"gemini"}}}, Options{Redact: hook(t)}); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenReadOnly(idx)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	for _, q := range []string{`NOT a`, `a AND`, `OR`, `"unbalanced`} {
		if _, err := ix.Search(context.Background(), Query{Text: q}); !errors.Is(err, ErrQuery) {
			t.Errorf("%q: %v, want ErrQuery", q, err)
		}
	}
}

func FuzzMatch(f *testing.F) {
	for _, s := range []string{`a "b c" d*`, `(x OR y) NOT z`, `go-git`, `"a""b"`, `)(`, `"`, `*`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		out, err := Match(q)
		if err != nil {
			if !errors.Is(err, ErrQuery) {
				t.Fatalf("error %v is not ErrQuery", err)
			}
			return
		}
		if strings.Count(out, `"`)%2 != 0 {
			t.Fatalf("Match(%q) = %q: unbalanced quotes", q, out)
		}
	})
}

// TestSelectiveFilterFindsLowRankedHits: when the best few hundred matches
// all belong to other projects, the one in the asked project is still
// found (the ranking falls back from the prefetch to every match).
func TestSelectiveFilterFindsLowRankedHits(t *testing.T) {
	dir := t.TempDir()
	snap := Snapshot{Scope: Scope{Agents: []string{"gemini"}}}
	for i := range prefetch + 50 {
		id := fmt.Sprintf("a%04d", i)
		p := writeSession(t, dir, id, t0, []string{"heron heron heron", "ok"})
		snap.Sessions = append(snap.Sessions, Session{Agent: "gemini", ID: id, Path: p, Source: transcript.Gemini, Project: "/a", Updated: t0})
	}
	long := "heron " + strings.Repeat("and many other words besides ", 40)
	p := writeSession(t, dir, "b0001", t0, []string{long, "ok"})
	snap.Sessions = append(snap.Sessions, Session{Agent: "gemini", ID: "b0001", Path: p, Source: transcript.Gemini, Project: "/b", Updated: t0})
	idx := filepath.Join(t.TempDir(), FileName)
	if _, err := Update(context.Background(), idx, snap, Options{Redact: hook(t)}); err != nil {
		t.Fatal(err)
	}
	if hits := search(t, idx, Query{Text: "heron", Kinds: []string{KindSession}, Projects: []string{"/b"}}); len(hits) != 1 || hits[0].Session != "b0001" {
		t.Fatalf("hits %+v, want b0001", hits)
	}
	if hits := search(t, idx, Query{Text: "heron", Kinds: []string{KindSession}, Limit: 3}); len(hits) != 3 || hits[0].Project != "/a" {
		t.Fatalf("unfiltered: %+v", hits)
	}
}

// TestManyMatchesRankTheNewest: a query matching more rows than a query
// ranks is ranked over the newest sessions (indexed in date order, whatever
// order the snapshot lists them in); with room for every match, the best
// BM25 row wins wherever it is.
func TestManyMatchesRankTheNewest(t *testing.T) {
	dir := t.TempDir()
	snap := Snapshot{Scope: Scope{Agents: []string{"gemini"}}}
	for i := range 30 {
		id := fmt.Sprintf("h%02d", i)
		text := "heron " + strings.Repeat("and many other words besides ", 10)
		if i == 0 {
			text = "heron heron heron" // the best match, in the oldest session
		}
		at := t0.Add(time.Duration(i) * time.Hour)
		p := writeSession(t, dir, id, at, []string{text, "ok"})
		snap.Sessions = append(snap.Sessions, Session{Agent: "gemini", ID: id, Path: p, Source: transcript.Gemini, Project: "/p", Updated: at})
	}
	slices.Reverse(snap.Sessions) // newest first, as a scan may list them
	idx := filepath.Join(t.TempDir(), FileName)
	if _, err := Update(context.Background(), idx, snap, Options{Redact: hook(t)}); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenReadOnly(idx)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	q := Query{Text: "heron", Kinds: []string{KindSession}, Limit: 30}
	hits, err := ix.Search(context.Background(), q)
	if err != nil || len(hits) != 30 || hits[0].Session != "h00" {
		t.Fatalf("every match ranked: %v %+v", err, hits)
	}
	ix.candidates = 5
	hits, err = ix.Search(context.Background(), q)
	if err != nil || len(hits) != 5 {
		t.Fatalf("5 candidates: %v %+v", err, hits)
	}
	for _, h := range hits {
		if h.Session < "h25" {
			t.Errorf("hit in %s, want only the 5 newest sessions (h25-h29)", h.Session)
		}
	}
}

// TestFreshBuildIsPrivateAndAtomic: an index is created 0600 (an index of
// an earlier build, 0644, is narrowed when opened); a fresh build happens
// in a temp file, so a cancelled one leaves the index it was to replace
// as it was, readable, and no temp behind.
func TestFreshBuildIsPrivateAndAtomic(t *testing.T) {
	dir := t.TempDir()
	snap := corpus(t, dir, 5, 4)
	idx := filepath.Join(t.TempDir(), FileName)
	opt := Options{Redact: hook(t)}
	if _, err := Update(context.Background(), idx, snap, opt); err != nil {
		t.Fatal(err)
	}
	mode := func() os.FileMode {
		t.Helper()
		fi, err := os.Stat(idx)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Mode().Perm()
	}
	if m := mode(); m != 0o600 {
		t.Errorf("new index mode %v, want 0600", m)
	}
	if err := os.Chmod(idx, 0o644); err != nil {
		t.Fatal(err)
	}
	s := &snap.Sessions[0]
	writeSession(t, dir, s.ID, t0, []string{"the ibis ledger", "ok"})
	s.Updated = s.Updated.Add(time.Hour)
	if st, err := Update(context.Background(), idx, snap, opt); err != nil || st.Indexed != 1 {
		t.Fatalf("update: %+v %v", st, err)
	}
	if m := mode(); m != 0o600 {
		t.Errorf("mode after an update %v, want 0600", m)
	}
	// A version change starts a rebuild; cancelled, it changes nothing.
	ix, err := open(idx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ix.db.Exec(`UPDATE meta SET value = '0' WHERE key = 'version'`); err != nil {
		t.Fatal(err)
	}
	ix.Close()
	os.Remove(idx + ".stamp") // else the unchanged snapshot is not even looked at
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Update(ctx, idx, snap, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled rebuild: %v", err)
	}
	ents, _ := os.ReadDir(filepath.Dir(idx))
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".automem-tmp") {
			t.Errorf("temp left behind: %s", e.Name())
		}
	}
	ix, err = open(idx)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := ix.version(); err != nil || v != "0" {
		t.Errorf("the old index was touched: version %q %v", v, err)
	}
	ix.Close()
	if st, err := Update(context.Background(), idx, snap, opt); err != nil || st.Rebuilt != ReasonVersion || st.Indexed != 5 {
		t.Fatalf("rebuild: %+v %v", st, err)
	}
	if hits := search(t, idx, Query{Text: "ibis"}); len(hits) != 1 || hits[0].Session != s.ID {
		t.Fatalf("after the rebuild: %+v", hits)
	}
	if m := mode(); m != 0o600 {
		t.Errorf("rebuilt index mode %v, want 0600", m)
	}
}

// TestSessionOverManyBatches: a session with more turns than one INSERT
// carries is indexed whole, in order.
func TestSessionOverManyBatches(t *testing.T) {
	dir := t.TempDir()
	texts := make([]string, batch+batch/2)
	for i := range texts {
		texts[i] = fmt.Sprintf("turn %d", i+1)
	}
	texts[len(texts)-1] = "the last turn names the kiwi"
	p := writeSession(t, dir, "big", t0, texts)
	snap := Snapshot{Scope: Scope{Agents: []string{"gemini"}},
		Sessions: []Session{{Agent: "gemini", ID: "big", Path: p, Source: transcript.Gemini, Project: "/p", Updated: t0}}}
	idx := filepath.Join(t.TempDir(), FileName)
	st, err := Update(context.Background(), idx, snap, Options{Redact: hook(t)})
	if err != nil || st.Rows != len(texts)+1 { // + the session's header row
		t.Fatalf("update: %+v %v", st, err)
	}
	if hits := search(t, idx, Query{Text: "kiwi"}); len(hits) != 1 || hits[0].Turn != len(texts) {
		t.Fatalf("hits %+v, want turn %d", hits, len(texts))
	}
	ix, err := OpenReadOnly(idx)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	_, turns, err := ix.Turns(context.Background(), "big", batch-1, batch+1, nil)
	if err != nil || len(turns) != 3 || turns[0].Text != fmt.Sprintf("turn %d", batch-1) || turns[2].Text != fmt.Sprintf("turn %d", batch+1) {
		t.Fatalf("turns around the batch boundary: %+v %v", turns, err)
	}
}

// TestNarrowScopeAmongManyDocuments: a run narrowed to one project, over
// an index with more documents than docs picks by id, removes the gone
// session of its project, re-reads the changed one and leaves every other
// project's documents alone.
func TestNarrowScopeAmongManyDocuments(t *testing.T) {
	dir := t.TempDir()
	all := Snapshot{Scope: Scope{Agents: []string{"gemini"}}}
	narrow := Snapshot{Scope: Scope{Agents: []string{"gemini"}, Projects: []string{"/b"}}}
	for i := range manyDocs + 20 {
		id, project := fmt.Sprintf("m%04d", i), "/a"
		if i%100 == 0 {
			project = "/b"
		}
		s := Session{Agent: "gemini", ID: id, Path: writeSession(t, dir, id, t0, []string{"talk of " + id, "ok"}),
			Source: transcript.Gemini, Project: project, Updated: t0}
		all.Sessions = append(all.Sessions, s)
		if project == "/b" {
			narrow.Sessions = append(narrow.Sessions, s)
		}
	}
	idx := filepath.Join(t.TempDir(), FileName)
	opt := Options{Redact: hook(t)}
	if _, err := Update(context.Background(), idx, all, opt); err != nil {
		t.Fatal(err)
	}
	gone := narrow.Sessions[1].ID
	narrow.Sessions = slices.Delete(narrow.Sessions, 1, 2)
	ch := &narrow.Sessions[0]
	writeSession(t, dir, ch.ID, t0, []string{"the tapir", "ok"})
	ch.Updated = ch.Updated.Add(time.Hour)
	st, err := Update(context.Background(), idx, narrow, opt)
	if err != nil || st.Indexed != 1 || st.Removed != 1 || st.Kept != len(narrow.Sessions)-1 {
		t.Fatalf("narrow update: %+v %v", st, err)
	}
	if h := search(t, idx, Query{Text: "tapir"}); len(h) != 1 || h[0].Session != ch.ID {
		t.Errorf("changed session: %+v", h)
	}
	if h := search(t, idx, Query{Text: gone}); len(h) != 0 {
		t.Errorf("gone session still found: %+v", h)
	}
	if h := search(t, idx, Query{Text: "m0001", Projects: []string{"/a"}}); len(h) == 0 || h[0].Session != "m0001" {
		t.Errorf("another project's session: %+v", h)
	}
}

// A document's signature is FNV-1a of its key, agent and stamp, each
// followed by a zero byte, as indexes of this version store it: hashed
// piece by piece, it must come out the same.
func TestSignatureOfParts(t *testing.T) {
	want := func(key, agent, stamp string) int64 {
		h := fnv.New64a()
		for _, s := range []string{key, agent, stamp} {
			h.Write([]byte(s))
			h.Write([]byte{0})
		}
		return int64(h.Sum64())
	}
	sessions := []Session{
		{Agent: "gemini", ID: "6f1c-aa", Path: "/h/.gemini/tmp/p/chats/session-1.jsonl", Project: "/src/p", Updated: time.Unix(1700000000, 123456789)},
		{Agent: "claude", ID: "", Path: "/ü/x.jsonl", Project: "id:abc", Updated: time.Unix(-5, 0)},
		{Agent: "codex"},
	}
	for _, s := range sessions {
		if got := s.sign(); got != want(s.key(), s.Agent, s.stamp()) {
			t.Errorf("session %+v: signature %d, want %d", s, got, want(s.key(), s.Agent, s.stamp()))
		}
	}
	files := []File{
		{Path: "/src/p/GEMINI.md", Kind: KindMemory, Agent: "gemini", Project: "/src/p", size: 4096, mtime: 1700000000123456789},
		{Path: "/m/archive.md", Kind: KindArchive, Agent: "claude", size: 0, mtime: -1},
	}
	for _, f := range files {
		if got := f.sign(); got != want(f.key(), f.Agent, f.stamp()) {
			t.Errorf("file %+v: signature %d, want %d", f, got, want(f.key(), f.Agent, f.stamp()))
		}
	}
}

// A build that has run for minutes is not taken for a killed one: another
// build starting meanwhile leaves its temp alone, and it installs.
func TestLongBuildKeepsItsTemp(t *testing.T) {
	idx := filepath.Join(t.TempDir(), FileName)
	first, rebuilt, err := Open(idx)
	if err != nil || rebuilt != ReasonMissing {
		t.Fatalf("open: %q %v", rebuilt, err)
	}
	old := time.Now().Add(-10 * atomicfile.OrphanAge)
	if err := os.Chtimes(first.path, old, old); err != nil {
		t.Fatal(err)
	}
	second, _, err := Open(idx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(first.path); err != nil {
		t.Fatalf("the long build's temp was removed: %v", err)
	}
	if err := second.Close(); err != nil {
		t.Fatal(err)
	}
	if err := first.Install(); err != nil {
		t.Fatal(err)
	}
	ix, err := OpenReadOnly(idx)
	if err != nil {
		t.Fatal(err)
	}
	ix.Close()
}
