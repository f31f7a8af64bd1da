//go:build unix

package scan

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

// TestBadInputSpecialFiles is case 12: FIFOs, symlink loops, symlinks to
// /dev/zero or to a valid session, and a FIFO swapped in after listing are
// never opened (the scan would block or read forever), are reported
// unreadable, and do not stop the other files.
func TestBadInputSpecialFiles(t *testing.T) {
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	j := func(name string) string { return filepath.Join(chats, name) }
	writeBad(t, j("session-ok.jsonl"), goodSession("ok", 10))
	writeBad(t, j("session-swapped.jsonl"), goodSession("swapped", 10))
	writeBad(t, filepath.Join(t.TempDir(), "elsewhere.jsonl"), goodSession("elsewhere", 10))
	if err := syscall.Mkfifo(j("session-fifo.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"session-loop.jsonl":  "session-loop.jsonl",
		"session-loop2.jsonl": "session-loop3.jsonl",
		"session-loop3.jsonl": "session-loop2.jsonl",
		"session-zero.jsonl":  "/dev/zero",
		"session-link.jsonl":  "session-ok.jsonl",
	} {
		if err := os.Symlink(target, j(link)); err != nil {
			t.Fatal(err)
		}
	}
	// A sub-agent directory holding a FIFO and a link to /dev/zero.
	sub := j("parent-id")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(sub, "agent-fifo.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(sub, "agent-zero.jsonl")); err != nil {
		t.Fatal(err)
	}

	listed, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range listed {
		names = append(names, filepath.Base(f.Path))
	}
	if strings.Join(names, ",") != "session-ok.jsonl,session-swapped.jsonl" && strings.Join(names, ",") != "session-swapped.jsonl,session-ok.jsonl" {
		t.Errorf("GeminiFiles listed %v, want only the two regular files", names)
	}
	// After listing, a regular file is replaced by a FIFO.
	if err := os.Remove(j("session-swapped.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(j("session-swapped.jsonl"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Hand the scanner every special path directly too, as a caller with
	// its own listing (Claude, Codex discovery) might.
	files := append([]File(nil), listed...)
	for _, n := range []string{"session-fifo.jsonl", "session-loop.jsonl", "session-loop2.jsonl", "session-zero.jsonl", "session-link.jsonl"} {
		files = append(files, File{Path: j(n), Source: transcript.Gemini})
	}
	for _, src := range []transcript.Source{transcript.Claude, transcript.Codex} {
		files = append(files, File{Path: j("session-fifo.jsonl"), Source: src}, File{Path: j("session-zero.jsonl"), Source: src})
	}
	entries, st := scanWithin(t, 20*time.Second, files, badOptions(nil, zerolog.Nop()))
	unreadable := 0
	for _, e := range entries {
		base := filepath.Base(e.Path)
		if base == "session-ok.jsonl" {
			if !e.Eligible {
				t.Errorf("ok: %+v", e)
			}
			continue
		}
		unreadable++
		if e.Reason != ReasonUnreadable || e.Error == "" {
			t.Errorf("%s (%s): reason %q error %q, want unreadable with an error", base, e.Source, e.Reason, e.Error)
		}
	}
	if unreadable != len(files)-1 || st.Unreadable != unreadable {
		t.Errorf("%d unreadable of %d files, stats %+v", unreadable, len(files), st)
	}

	// The readers refuse the same paths on their own (no Lstat by the
	// scanner in front of them) without blocking.
	for _, n := range []string{"session-fifo.jsonl", "session-swapped.jsonl", "session-zero.jsonl", "session-loop.jsonl", "session-link.jsonl"} {
		done := make(chan error, 1)
		go func() {
			_, err := new(transcript.Reader).ReadSession(j(n), transcript.Gemini)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				t.Errorf("ReadSession(%s) succeeded", n)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("ReadSession(%s) blocked", n)
		}
	}
}

// TestBadInputHugeLine is case 4: a 1 GiB single line (a sparse file, so it
// costs no disk) between valid records is skipped and counted, the rest of
// the session is read, and the heap grows by less than 64 MiB.
func TestBadInputHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 1 GiB")
	}
	chats := filepath.Join(t.TempDir(), "chats")
	if err := os.MkdirAll(chats, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(chats, "session-huge.jsonl")
	s := goodSession("huge", 10)
	meta := s[:strings.IndexByte(string(s), '\n')+1]
	if err := os.WriteFile(p, meta, 0o644); err != nil {
		t.Fatal(err)
	}
	const gib = 1 << 30
	if err := os.Truncate(p, int64(len(meta))+gib); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(append([]byte("\n"), s[len(meta):]...)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, badMtime, badMtime); err != nil {
		t.Fatal(err)
	}
	files, err := GeminiFiles(chats)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	entries, st := scanWithin(t, 2*time.Minute, files, badOptions(nil, zerolog.Nop()))
	runtime.ReadMemStats(&after)
	if len(entries) != 1 {
		t.Fatalf("%d entries", len(entries))
	}
	e := entries[0]
	if !e.Eligible || e.UserMessages != 10 || e.BadLines != 1 {
		t.Errorf("huge line: %+v, want eligible with 10 user messages and 1 bad line", e)
	}
	if st.BytesRead < gib {
		t.Errorf("stats %+v: the file was not read through", st)
	}
	// TotalAlloc only grows, so its delta bounds the heap growth at any
	// moment of the scan, not just at the end.
	const limit = 64 << 20
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %.1f MiB, heap in use %+.1f MiB, heap sys %+.1f MiB while scanning a 1 GiB line",
		float64(alloc)/(1<<20), (float64(after.HeapInuse)-float64(before.HeapInuse))/(1<<20),
		(float64(after.HeapSys)-float64(before.HeapSys))/(1<<20))
	if alloc >= limit {
		t.Errorf("scan allocated %d MiB for a 1 GiB line, want < 64 MiB", alloc>>20)
	}
	if after.HeapSys > before.HeapSys && after.HeapSys-before.HeapSys >= limit {
		t.Errorf("heap reserved %d MiB more, want < 64 MiB", (after.HeapSys-before.HeapSys)>>20)
	}
}
