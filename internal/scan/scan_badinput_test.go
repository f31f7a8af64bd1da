package scan

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

// The bad-input tests drive the real transcript reader through Scan over
// the corpus in testdata/badinput (small files, committed) plus inputs
// generated here (large or binary ones). Whatever a file holds, the scan
// must finish, give the file a verdict, say why it was unreadable or count
// the lines it skipped, and keep memory bounded.

var badNow = time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)

// badMtime is the mtime given to every copied corpus file: old enough to be
// idle, so a file whose own timestamps are unusable is judged by it.
var badMtime = badNow.Add(-20 * time.Hour)

const badCorpus = "../../testdata/badinput/gemini"

// copyBadCorpus copies the committed corpus into a fresh chats directory.
func copyBadCorpus(t *testing.T) string {
	t.Helper()
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(badCorpus)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(badCorpus, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeBad(t, filepath.Join(chats, e.Name()), b)
	}
	return chats
}

// writeBad writes a file and gives it the corpus mtime.
func writeBad(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, badMtime, badMtime); err != nil {
		t.Fatal(err)
	}
}

func badOptions(read func(string, transcript.Source) (transcript.Session, error), log zerolog.Logger) Options {
	if read == nil {
		read = func(p string, src transcript.Source) (transcript.Session, error) {
			return new(transcript.Reader).ReadSession(p, src)
		}
	}
	return Options{Now: badNow, MinIdle: 3 * time.Hour, MinUserMessages: 10, Read: read, Log: log}
}

// scanWithin runs Scan and fails the test if it does not return in time: a
// FIFO or a device that got opened would block forever.
func scanWithin(t *testing.T, d time.Duration, files []File, opt Options) ([]Entry, Stats) {
	t.Helper()
	type result struct {
		e  []Entry
		st Stats
	}
	done := make(chan result, 1)
	go func() {
		e, st := Scan(context.Background(), files, opt)
		done <- result{e, st}
	}()
	select {
	case r := <-done:
		return r.e, r.st
	case <-time.After(d):
		t.Fatalf("scan did not finish within %v (a blocking open?)", d)
		return nil, Stats{}
	}
}

func byBase(entries []Entry) map[string]Entry {
	m := make(map[string]Entry, len(entries))
	for _, e := range entries {
		m[filepath.Base(e.Path)] = e
	}
	return m
}

// badWant is the verdict a malformed file must get.
type badWant struct {
	reason string // "" = eligible
	users  int
	bad    int
	errHas string // for unreadable files: part of the error
}

// TestBadInputCorpus checks every committed malformed transcript: each gets
// the verdict in the table, unreadable ones carry an error, and both read
// paths of the transcript package agree on what they count.
func TestBadInputCorpus(t *testing.T) {
	chats := copyBadCorpus(t)
	want := map[string]badWant{
		"session-ok.jsonl": {users: 10},
		// case 3: a byte order mark at offset 0 is stripped
		"session-bom.jsonl":       {users: 10},
		"session-legacy-bom.json": {users: 10},
		// case 14: CRLF line ends
		"session-crlf.jsonl": {users: 10},
		// case 1: a half-written last line is not read (nor counted as bad)
		"session-truncated-tail.jsonl": {users: 10},
		// a line cut by a crash with appends after it: that record is bad,
		// the rest counts (11 prompts, one of them lost)
		"session-truncated-mid.jsonl": {users: 10, bad: 1},
		// case 3: invalid UTF-8 and lone surrogates decode to U+FFFD
		"session-invalid-utf8.jsonl": {users: 10},
		// case 7: a record with a duplicate "type" is never a human turn,
		// whichever key comes last (10 prompts + 2 ambiguous records),
		// identically in the scan and the full reader
		"session-duplicate-keys.jsonl": {users: 10},
		// case 14: top-level arrays, numbers, strings, null, true
		"session-toplevel.jsonl": {users: 10, bad: 6},
		// case 14: NUL bytes (a line of NULs, one between tokens)
		"session-nul-bytes.jsonl": {users: 10, bad: 2},
		// raw control characters inside a string: JSON.parse (Gemini)
		// rejects the record, so it is a bad line, not an 11th prompt
		"session-control-chars.jsonl": {users: 10, bad: 1},
		// case 14: empty and white-space lines are skipped silently
		"session-blank-lines.jsonl": {users: 10},
		// case 8: a lastUpdated a year ahead is not idle
		"session-future.jsonl": {reason: ReasonActive, users: 10},
		// unparsable times fall back to the file's (old) mtime
		"session-bad-timestamps.jsonl": {users: 10},
		// case 14: unknown schema, empty file, no complete line at all,
		// legacy documents that are not objects
		"session-unknown-schema.jsonl": {reason: ReasonUnreadable, errHas: "no session metadata"},
		"session-empty.jsonl":          {reason: ReasonUnreadable, errHas: "no session metadata"},
		"session-no-newline.jsonl":     {reason: ReasonUnreadable, errHas: "no session metadata"},
		"session-legacy-array.json":    {reason: ReasonUnreadable, errHas: "no session metadata"},
		"session-legacy-null.json":     {reason: ReasonUnreadable, errHas: "no session metadata"},
		// case 2: a truncated whole-document .json is incomplete (Gemini's
		// JSON.parse rejects it; its first part is a cut conversation)
		"session-legacy-truncated.json": {reason: ReasonUnreadable, errHas: "incomplete"},
	}
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	var logBuf lockedBuffer
	entries, st := scanWithin(t, 30*time.Second, files, badOptions(nil, zerolog.New(&logBuf)))
	got := byBase(entries)
	if len(got) != len(want) {
		t.Errorf("scanned %d files, the table has %d: every corpus file needs an expectation", len(got), len(want))
	}
	unreadable := 0
	for name, w := range want {
		e, ok := got[name]
		if !ok {
			t.Errorf("%s: not scanned", name)
			continue
		}
		if e.Reason != w.reason || e.Eligible != (w.reason == "") {
			t.Errorf("%s: reason %q eligible %v, want %q (error %q)", name, e.Reason, e.Eligible, w.reason, e.Error)
		}
		if w.reason == ReasonUnreadable {
			unreadable++
			if !strings.Contains(e.Error, w.errHas) {
				t.Errorf("%s: error %q, want it to mention %q", name, e.Error, w.errHas)
			}
			continue
		}
		if e.Error != "" {
			t.Errorf("%s: unexpected error %q", name, e.Error)
		}
		if e.UserMessages != w.users || e.BadLines != w.bad {
			t.Errorf("%s: %d user messages, %d bad lines; want %d, %d", name, e.UserMessages, e.BadLines, w.users, w.bad)
		}
		wantID := "badinput-" + strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(name, "session-"), ".jsonl"), ".json")
		if name == "session-legacy-bom.json" {
			wantID = "badinput-legacy-ok"
		}
		if e.ID != wantID {
			t.Errorf("%s: session id %q, want %q", name, e.ID, wantID)
		}
		// The full reader (what the model and the offline miner see) must
		// agree with the scan on the same bytes.
		s, msgs, err := transcript.ReadMessages(filepath.Join(chats, name), transcript.Gemini)
		if err != nil {
			t.Errorf("%s: ReadMessages: %v", name, err)
			continue
		}
		human := 0
		for _, m := range msgs {
			if m.Human {
				human++
			}
		}
		if human != e.UserMessages || s.BadLines != e.BadLines {
			t.Errorf("%s: ReadMessages counts %d human, %d bad; scan %d, %d", name, human, s.BadLines, e.UserMessages, e.BadLines)
		}
	}
	if st.Unreadable != unreadable || st.Files != len(want) {
		t.Errorf("stats %+v, want %d files, %d unreadable", st, len(want), unreadable)
	}
	// One warning per unreadable file, naming the path, never the content.
	warns := strings.Count(logBuf.String(), `"level":"warn"`)
	if warns != unreadable {
		t.Errorf("%d warnings for %d unreadable files:\n%s", warns, unreadable, logBuf.String())
	}
	if strings.Contains(logBuf.String(), "please do step") {
		t.Error("transcript text leaked into the log")
	}
}

// TestBadInputInvalidUTF8Text checks that invalid bytes reach the renderer
// as U+FFFD, never as raw invalid UTF-8.
func TestBadInputInvalidUTF8Text(t *testing.T) {
	_, msgs, err := transcript.ReadMessages(filepath.Join(badCorpus, "session-invalid-utf8.jsonl"), transcript.Gemini)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, m := range msgs {
		if m.Human && (strings.HasPrefix(m.Text, "bad bytes") || strings.HasPrefix(m.Text, "lone surrogate")) {
			texts = append(texts, m.Text)
		}
	}
	if len(texts) != 2 {
		t.Fatalf("want the two damaged prompts, got %q", texts)
	}
	for _, s := range texts {
		if !strings.ContainsRune(s, '\uFFFD') || strings.ContainsRune(s, 0xD800) {
			t.Errorf("%q: want U+FFFD in place of the bad bytes", s)
		}
		for _, r := range s {
			if r == 0xFFFD {
				continue
			}
			if r >= 0xD800 && r <= 0xDFFF {
				t.Errorf("%q: surrogate kept", s)
			}
		}
		if !utf8Valid(s) {
			t.Errorf("%q is not valid UTF-8", s)
		}
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// goodSession returns a valid, idle Gemini session with n prompts.
func goodSession(id string, n int) []byte {
	var b strings.Builder
	b.WriteString(`{"sessionId":"` + id + `","projectHash":"abababababababababababababababababababababababababababababababab","startTime":"2026-05-01T09:00:00.000Z","lastUpdated":"2026-05-01T09:00:00.000Z","kind":"main"}` + "\n")
	for i := 0; i < n; i++ {
		b.WriteString(`{"id":"u` + itoa(i) + `","timestamp":"2026-05-01T09:00:00.000Z","type":"user","content":[{"text":"prompt ` + itoa(i) + `"}]}` + "\n")
	}
	b.WriteString(`{"$set":{"lastUpdated":"2026-05-01T10:00:00.000Z"}}` + "\n")
	return []byte(b.String())
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var d []byte
	for ; i > 0; i /= 10 {
		d = append([]byte{byte('0' + i%10)}, d...)
	}
	return string(d)
}

// withLine inserts one extra line after the metadata line of a session.
func withLine(session, line []byte) []byte {
	i := bytes.IndexByte(session, '\n') + 1
	out := append([]byte(nil), session[:i]...)
	out = append(out, line...)
	out = append(out, '\n')
	return append(out, session[i:]...)
}

// TestBadInputGenerated covers inputs too large or too binary to commit:
// 100k-deep nesting, a line over the 16 MiB cap, random bytes and NULs
// under a .jsonl name, for every source the scanner reads.
func TestBadInputGenerated(t *testing.T) {
	deepArr := bytes.Repeat([]byte("["), 100_000)
	deepArr = append(deepArr, bytes.Repeat([]byte("]"), 100_000)...)
	deepObj := []byte(`{"id":"deep","type":"user","content":` + strings.Repeat(`{"a":`, 100_000) + "1" + strings.Repeat("}", 100_000) + "}")
	long := append([]byte(`{"id":"long","type":"user","content":[{"text":"`), bytes.Repeat([]byte("x"), transcript.MaxLineBytes+1)...)
	long = append(long, `"}]}`...)
	rnd := rand.New(rand.NewPCG(9, 9))
	binary := make([]byte, 256<<10)
	for i := range binary {
		binary[i] = byte(rnd.UintN(256))
	}

	dir := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	type gen struct {
		name string
		src  transcript.Source
		data []byte
		want badWant
	}
	cases := []gen{
		// case 5: deep nesting rejects that record only
		{name: "session-deep-array.jsonl", src: transcript.Gemini, data: withLine(goodSession("deep-array", 10), deepArr), want: badWant{users: 10, bad: 1}},
		{name: "session-deep-object.jsonl", src: transcript.Gemini, data: withLine(goodSession("deep-object", 10), deepObj), want: badWant{users: 10, bad: 1}},
		// case 4 (small): a line over the cap is skipped and counted
		{name: "session-long-line.jsonl", src: transcript.Gemini, data: withLine(goodSession("long-line", 10), long), want: badWant{users: 10, bad: 1}},
		// a NUL-filled file (a crash on some file systems leaves these)
		{name: "session-nul-filled.jsonl", src: transcript.Gemini, data: make([]byte, 64<<10), want: badWant{reason: ReasonUnreadable, errHas: "no session metadata"}},
		{name: "session-nul-lines.jsonl", src: transcript.Gemini, data: bytes.Repeat(append(make([]byte, 100), '\n'), 100), want: badWant{reason: ReasonUnreadable, errHas: "no session metadata"}},
	}
	// case 14: binary under .jsonl, and the generic shapes, for every source
	claudeBad := map[string]int{"scalars": 5, "deep": 1, "binary": completeLines(binary)}
	for _, src := range []transcript.Source{transcript.Gemini, transcript.Claude, transcript.Codex} {
		for _, g := range []struct {
			name string
			data []byte
		}{
			{"binary", binary},
			{"empty", nil},
			{"scalars", []byte("[]\n42\nnull\n\"s\"\ntrue\n")},
			{"deep", append(deepArr, '\n')},
			{"unterminated", []byte(`{"sessionId":"x","type":"session_meta"`)},
		} {
			name := "session-" + string(src) + "-" + g.name + ".jsonl"
			if src == transcript.Codex {
				name = "rollout-2026-05-01T09-00-00-" + string(src) + "-" + g.name + ".jsonl"
			}
			w := badWant{reason: ReasonUnreadable}
			if src == transcript.Claude {
				// Claude Code names a session by its file, so a file with
				// no usable record is an empty session, its lines counted.
				w = badWant{reason: ReasonTooFew, bad: claudeBad[g.name]}
			}
			cases = append(cases, gen{name: name, src: src, data: g.data, want: w})
		}
	}
	var files []File
	for _, c := range cases {
		p := filepath.Join(dir, c.name)
		writeBad(t, p, c.data)
		files = append(files, File{Path: p, Source: c.src})
	}
	entries, st := scanWithin(t, time.Minute, files, badOptions(nil, zerolog.Nop()))
	got := byBase(entries)
	unreadable := 0
	for _, c := range cases {
		e := got[c.name]
		if e.Reason != c.want.reason {
			t.Errorf("%s: reason %q (error %q), want %q", c.name, e.Reason, e.Error, c.want.reason)
			continue
		}
		if c.want.reason == ReasonUnreadable {
			unreadable++
			if e.Error == "" || !strings.Contains(e.Error, c.want.errHas) {
				t.Errorf("%s: error %q, want one mentioning %q", c.name, e.Error, c.want.errHas)
			}
			continue
		}
		if e.UserMessages != c.want.users || e.BadLines != c.want.bad {
			t.Errorf("%s: %d users %d bad, want %d %d", c.name, e.UserMessages, e.BadLines, c.want.users, c.want.bad)
		}
	}
	if st.Unreadable != unreadable {
		t.Errorf("stats %+v, want %d unreadable", st, unreadable)
	}
}

// completeLines counts the newline-terminated lines that are not blank.
func completeLines(b []byte) int {
	lines := bytes.Split(b, []byte("\n"))
	n := 0
	for _, l := range lines[:len(lines)-1] {
		if len(bytes.TrimSpace(l)) > 0 {
			n++
		}
	}
	return n
}

// TestBadInputTruncatedTailCompletes is case 1 end to end with the cache: a
// half-written last line is ignored, and once the writer finishes it the
// changed file is read again and the line counts.
func TestBadInputTruncatedTailCompletes(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "chats", "session-tail.jsonl")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	full := `{"id":"u99","timestamp":"2026-05-01T09:59:00.000Z","type":"user","content":[{"text":"the last prompt"}]}` + "\n"
	half := full[:len(full)/2]
	writeBad(t, p, append(goodSession("tail", 9), half...))
	cachePath := filepath.Join(dir, "cache.json")
	scan := func() Entry {
		c := OpenCache(cachePath)
		files, err := GeminiFiles(filepath.Dir(p))
		if err != nil {
			t.Fatal(err)
		}
		opt := badOptions(nil, zerolog.Nop())
		opt.Cache = c
		e, _ := Scan(context.Background(), files, opt)
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		if len(e) != 1 {
			t.Fatalf("%d entries", len(e))
		}
		return e[0]
	}
	e := scan()
	if e.UserMessages != 9 || e.BadLines != 0 || e.Reason != ReasonTooFew {
		t.Fatalf("half-written line counted: %+v", e)
	}
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(f, full[len(half):]); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	later := badMtime.Add(time.Minute)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	e = scan()
	if e.UserMessages != 10 || e.BadLines != 0 || !e.Eligible {
		t.Fatalf("completed line not counted: %+v", e)
	}
}

// TestBadInputVanishing is case 9: files deleted between listing and scan,
// or just before the reader opens them, are reported unreadable with the
// error, and every other file is scanned.
func TestBadInputVanishing(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"keep1", "gone-before", "gone-during", "keep2"} {
		writeBad(t, filepath.Join(chats, "session-"+id+".jsonl"), goodSession(id, 10))
	}
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(chats, "session-gone-before.jsonl")); err != nil {
		t.Fatal(err)
	}
	read := func(p string, src transcript.Source) (transcript.Session, error) {
		if filepath.Base(p) == "session-gone-during.jsonl" {
			if err := os.Remove(p); err != nil {
				return transcript.Session{}, err
			}
		}
		return new(transcript.Reader).ReadSession(p, src)
	}
	entries, st := scanWithin(t, 10*time.Second, files, badOptions(read, zerolog.Nop()))
	got := byBase(entries)
	for _, name := range []string{"session-gone-before.jsonl", "session-gone-during.jsonl"} {
		e := got[name]
		if e.Reason != ReasonUnreadable || !strings.Contains(e.Error, "no such file") {
			t.Errorf("%s: reason %q error %q, want unreadable, no such file", name, e.Reason, e.Error)
		}
	}
	for _, name := range []string{"session-keep1.jsonl", "session-keep2.jsonl"} {
		if e := got[name]; !e.Eligible {
			t.Errorf("%s: %+v, want eligible", name, e)
		}
	}
	if st.Unreadable != 2 || st.Files != 4 {
		t.Errorf("stats %+v", st)
	}
}

// TestBadInputPermission is case 11. CI runs as root, where chmod does not
// stop a read, so EACCES is injected through Options.Read; when not root a
// real chmod 000 file is scanned too.
func TestBadInputPermission(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"ok1", "denied", "ok2", "chmod"} {
		writeBad(t, filepath.Join(chats, "session-"+id+".jsonl"), goodSession(id, 10))
	}
	realDenied := os.Geteuid() != 0
	if realDenied {
		if err := os.Chmod(filepath.Join(chats, "session-chmod.jsonl"), 0); err != nil {
			t.Fatal(err)
		}
	}
	read := func(p string, src transcript.Source) (transcript.Session, error) {
		if filepath.Base(p) == "session-denied.jsonl" {
			return transcript.Session{}, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
		}
		return new(transcript.Reader).ReadSession(p, src)
	}
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	var logBuf lockedBuffer
	entries, st := scanWithin(t, 10*time.Second, files, badOptions(read, zerolog.New(&logBuf)))
	got := byBase(entries)
	denied := []string{"session-denied.jsonl"}
	if realDenied {
		denied = append(denied, "session-chmod.jsonl")
	} else if !got["session-chmod.jsonl"].Eligible {
		t.Errorf("chmod file as root: %+v", got["session-chmod.jsonl"])
	}
	for _, name := range denied {
		e := got[name]
		if e.Reason != ReasonUnreadable || !strings.Contains(e.Error, "permission denied") {
			t.Errorf("%s: reason %q error %q", name, e.Reason, e.Error)
		}
		if !strings.Contains(logBuf.String(), name) {
			t.Errorf("no warning names %s:\n%s", name, logBuf.String())
		}
	}
	for _, name := range []string{"session-ok1.jsonl", "session-ok2.jsonl"} {
		if !got[name].Eligible {
			t.Errorf("%s not eligible: %+v", name, got[name])
		}
	}
	if st.Unreadable != len(denied) {
		t.Errorf("stats %+v, want %d unreadable", st, len(denied))
	}
}

// TestBadInputReplacedByDirectory: a listed file that became a directory
// is not read and does not stop the scan.
func TestBadInputReplacedByDirectory(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(chats, "session-dir.jsonl")
	writeBad(t, p, goodSession("dir", 10))
	writeBad(t, filepath.Join(chats, "session-ok.jsonl"), goodSession("ok", 10))
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(p); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, _ := scanWithin(t, 10*time.Second, files, badOptions(nil, zerolog.Nop()))
	got := byBase(entries)
	if e := got["session-dir.jsonl"]; e.Reason != ReasonUnreadable || e.Error == "" {
		t.Errorf("directory: %+v", e)
	}
	if !got["session-ok.jsonl"].Eligible {
		t.Errorf("ok: %+v", got["session-ok.jsonl"])
	}
	// Listed afresh, a directory named like a session is not a session.
	files, err = GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		if !f.Subagent {
			names = append(names, filepath.Base(f.Path))
		}
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "session-ok.jsonl" {
		t.Errorf("listed %v", names)
	}
}

// TestBadInputKnownIssues holds behaviour the research plan asks for that
// the code once lacked (see the report of issue 9).
func TestBadInputKnownIssues(t *testing.T) {
	chats := copyBadCorpus(t)
	files := []File{
		{Path: filepath.Join(chats, "session-legacy-truncated.json"), Source: transcript.Gemini},
		{Path: filepath.Join(chats, "session-control-chars.jsonl"), Source: transcript.Gemini},
	}
	entries, _ := Scan(context.Background(), files, badOptions(nil, zerolog.Nop()))
	got := byBase(entries)
	// Case 2: a truncated whole-document .json is incomplete: Gemini's
	// JSON.parse rejects it, and reading its first part offers the model a
	// cut conversation.
	if e := got["session-legacy-truncated.json"]; e.Reason != ReasonUnreadable {
		t.Errorf("truncated legacy document: reason %q (%d users, %d bad), want unreadable", e.Reason, e.UserMessages, e.BadLines)
	}
	// Raw control characters in a JSON string make the record invalid
	// JSON; it must be a bad line, not a prompt.
	if e := got["session-control-chars.jsonl"]; e.UserMessages != 10 || e.BadLines != 1 {
		t.Errorf("control characters in a string: %d users, %d bad; want 10, 1", e.UserMessages, e.BadLines)
	}
}

// TestBadInputUnreadableCached: a file that holds no session (a corrupt or
// foreign file, possibly huge) is read once, not by every hourly scan,
// until it changes; an I/O error is not remembered.
func TestBadInputUnreadableCached(t *testing.T) {
	chats := copyBadCorpus(t)
	var reads atomic.Int64
	denied := "session-ok.jsonl"
	read := func(p string, src transcript.Source) (transcript.Session, error) {
		reads.Add(1)
		if filepath.Base(p) == denied {
			return transcript.Session{}, &fs.PathError{Op: "open", Path: p, Err: syscall.EACCES}
		}
		return new(transcript.Reader).ReadSession(p, src)
	}
	cachePath := filepath.Join(t.TempDir(), "cache.json")
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	scan := func() (map[string]Entry, Stats) {
		c := OpenCache(cachePath)
		opt := badOptions(read, zerolog.Nop())
		opt.Cache = c
		e, st := Scan(context.Background(), files, opt)
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return byBase(e), st
	}
	first, st1 := scan()
	if n := reads.Load(); n != int64(len(files)) {
		t.Fatalf("first scan: %d reads of %d files", n, len(files))
	}
	denied = ""
	second, st2 := scan()
	// Only the file that failed with EACCES is read again.
	if n := reads.Load(); n != int64(len(files))+1 {
		t.Errorf("second scan made %d reads, want 1 (the EACCES file)", n-int64(len(files)))
	}
	if !second["session-ok.jsonl"].Eligible {
		t.Errorf("EACCES remembered: %+v", second["session-ok.jsonl"])
	}
	if st1.Unreadable != st2.Unreadable+1 || st2.CacheHits != len(files)-1 {
		t.Errorf("stats first %+v, second %+v", st1, st2)
	}
	for name, e := range first {
		if name == "session-ok.jsonl" {
			continue
		}
		if s := second[name]; s.Reason != e.Reason || s.Error != e.Error || s.UserMessages != e.UserMessages {
			t.Errorf("%s: cached %+v, fresh %+v", name, s, e)
		}
	}
	// A changed file is read again: the empty file gains a session.
	p := filepath.Join(chats, "session-empty.jsonl")
	writeBad(t, p, goodSession("was-empty", 10))
	later := badMtime.Add(time.Minute)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	third, _ := scan()
	if e := third["session-empty.jsonl"]; !e.Eligible || e.ID != "was-empty" {
		t.Errorf("changed file: %+v", e)
	}
}

var errSentinel = errors.New("sentinel")

// TestBadInputReadErrorKeepsGoing: an error from the reader for every
// other file leaves the rest scanned and the count of errors exact.
func TestBadInputReadErrorKeepsGoing(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	const n = 200
	for i := 0; i < n; i++ {
		writeBad(t, filepath.Join(chats, "session-"+itoa(i)+".jsonl"), goodSession("id-"+itoa(i), 10))
	}
	read := func(p string, src transcript.Source) (transcript.Session, error) {
		var i int
		for _, c := range strings.TrimSuffix(strings.TrimPrefix(filepath.Base(p), "session-"), ".jsonl") {
			i = i*10 + int(c-'0')
		}
		if i%2 == 1 {
			return transcript.Session{}, errSentinel
		}
		return new(transcript.Reader).ReadSession(p, src)
	}
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	opt := badOptions(read, zerolog.Nop())
	opt.Workers = 8
	entries, st := scanWithin(t, 30*time.Second, files, opt)
	eligible := 0
	for _, e := range entries {
		if e.Eligible {
			eligible++
		} else if e.Reason != ReasonUnreadable || e.Error != errSentinel.Error() {
			t.Errorf("%s: %+v", e.Path, e)
		}
	}
	if eligible != n/2 || st.Unreadable != n/2 || st.Read != n/2 {
		t.Errorf("eligible %d, stats %+v", eligible, st)
	}
}

// lockedBuffer is a bytes.Buffer safe for Scan's concurrent log writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
