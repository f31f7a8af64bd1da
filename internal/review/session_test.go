package review

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

const twoGroups = `@@ -1,6 +1,7 @@
 a
-b
+B
 c
 d
 e
+f2
 g
`

func item(t *testing.T, body string) *inbox.Item {
	t.Helper()
	p, err := patch.Parse([]byte("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n" + body))
	if err != nil {
		t.Fatal(err)
	}
	it := &inbox.Item{ID: "private", Kind: patch.Private, Sources: []*inbox.Source{{Path: "/m/x.patch", Patch: p}}}
	for _, sec := range p.Files {
		for _, h := range sec.Hunks {
			it.Hunks = append(it.Hunks, &inbox.HunkRef{N: len(it.Hunks) + 1, Source: it.Sources[0], Section: sec, Hunk: h})
		}
	}
	return it
}

func session(answers string) (*Session, *strings.Builder) {
	var out strings.Builder
	return &Session{In: bufio.NewReader(strings.NewReader(answers)), Out: &out}, &out
}

func decisions(sel inbox.Selection, h *inbox.Hunk) string {
	var b strings.Builder
	for i, l := range h.Lines {
		if l.Op == ' ' {
			continue
		}
		b.WriteByte("PAD"[sel[h][i]])
	}
	return b.String()
}

func TestReviewKeys(t *testing.T) {
	tests := []struct {
		name, answers, want string
		quit                bool
	}{
		{"yes", "y\n", "AAA", false},
		{"no", "n\n", "DDD", false},
		{"split then y n", "s\ny\nn\n", "AAD", false},
		{"split then quit", "s\ny\nq\n", "AAP", true},
		{"eof quits", "", "PPP", true},
		{"choose lines 1 and 3", "l\n1,3\n", "APA", false},
		{"bad list re-asks", "l\n9\nl\n2\n", "PAP", false},
		{"unknown key then d", "z\n\nd\n", "DDD", false},
		{"split then a", "s\na\n", "AAA", false},
	}
	for _, tt := range tests {
		it := item(t, twoGroups)
		s, out := session(tt.answers)
		sel := inbox.Selection{}
		quit, err := s.ReviewHunks(it, sel)
		if err != nil {
			t.Fatal(err)
		}
		if got := decisions(sel, it.Hunks[0].Hunk); got != tt.want || quit != tt.quit {
			t.Errorf("%s: decisions %s quit %v, want %s %v\n%s", tt.name, got, quit, tt.want, tt.quit, out)
		}
	}
}

func TestReviewEdit(t *testing.T) {
	it := item(t, "@@ -1,2 +1,3 @@\n a\n+new line\n b\n")
	s, out := session("e\ne\n")
	calls := 0
	s.TempDir = t.TempDir()
	s.Editor = func(path string) error {
		calls++
		data, _ := os.ReadFile(path)
		text := string(data)
		if calls == 1 { // break the context: refused, offered again
			text = strings.Replace(text, " b\n", " changed\n", 1)
		} else {
			text = strings.Replace(text, "+new line\n", "+edited line\n+second\n", 1)
		}
		return os.WriteFile(path, []byte(text), 0o600)
	}
	sel := inbox.Selection{}
	if _, err := s.ReviewHunks(it, sel); err != nil {
		t.Fatal(err)
	}
	if calls != 2 || !strings.Contains(out.String(), "does not apply") {
		t.Fatalf("editor calls %d, output:\n%s", calls, out)
	}
	h := it.Hunks[0].Hunk
	applied, _, err := patch.Select(it.Sources[0].Patch, sel)
	if err != nil {
		t.Fatal(err)
	}
	got := string(applied.Bytes())
	if !strings.Contains(got, "+edited line\n+second\n") || strings.Contains(got, "new line") {
		t.Errorf("applied after edit:\n%s", got)
	}
	if decisions(sel, h) != "AA" {
		t.Errorf("decisions = %s", decisions(sel, h))
	}
	ents, _ := os.ReadDir(s.TempDir)
	if len(ents) != 0 {
		t.Errorf("edit file left behind")
	}
}

func TestShowColour(t *testing.T) {
	it := item(t, twoGroups)
	var b strings.Builder
	WritePatch(&b, true, it)
	if !strings.Contains(b.String(), green+"+B"+reset) || !strings.Contains(b.String(), red+"-b"+reset) {
		t.Errorf("no colour:\n%q", b.String())
	}
	b.Reset()
	WritePatch(&b, false, it)
	if strings.Contains(b.String(), "\x1b[") {
		t.Errorf("colour when off")
	}
}

// BenchmarkReviewHunks answers 200 hunks from a piped answer stream.
func BenchmarkReviewHunks(b *testing.B) {
	var sb strings.Builder
	for i := range 200 {
		fmt.Fprintf(&sb, "@@ -%d,2 +%d,3 @@\n a\n+line %d\n b\n", 1+i*10, 1+i*11, i)
	}
	answers := strings.Repeat("y\n", 200)
	for b.Loop() {
		b.StopTimer()
		p, err := patch.Parse([]byte("--- /m/MEMORY.md\n+++ /m/MEMORY.md\n" + sb.String()))
		if err != nil {
			b.Fatal(err)
		}
		it := &inbox.Item{ID: "private", Kind: patch.Private, Sources: []*inbox.Source{{Path: "/m/x.patch", Patch: p}}}
		for _, h := range p.Files[0].Hunks {
			it.Hunks = append(it.Hunks, &inbox.HunkRef{N: len(it.Hunks) + 1, Source: it.Sources[0], Section: p.Files[0], Hunk: h})
		}
		s := &Session{In: bufio.NewReader(strings.NewReader(answers)), Out: io.Discard}
		b.StartTimer()
		if _, err := s.ReviewHunks(it, inbox.Selection{}); err != nil {
			b.Fatal(err)
		}
	}
}

// blockingReader never returns, like a terminal nobody types into.
type blockingReader struct{ ch chan struct{} }

func (b blockingReader) Read([]byte) (int, error) { <-b.ch; return 0, io.EOF }

func TestInterruptLeavesItemPending(t *testing.T) {
	it := item(t, twoGroups)
	ctx, cancel := context.WithCancel(context.Background())
	out := &lockedBuilder{}
	block := blockingReader{make(chan struct{})}
	defer close(block.ch)
	s := &Session{In: bufio.NewReader(io.MultiReader(strings.NewReader("s\ny\n"), block)), Out: out, Ctx: ctx}
	sel := inbox.Selection{}
	done := make(chan error, 1)
	go func() {
		_, err := s.ReviewHunks(it, sel)
		done <- err
	}()
	// The first part is answered, then the reader blocks on the second.
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), "part 2/2") {
		if time.Now().After(deadline) {
			t.Fatalf("the second part never came up:\n%s", out.String())
		}
		runtime.Gosched()
	}
	cancel()
	if err := <-done; !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err = %v, want ErrInterrupted", err)
	}
}

// lockedBuilder is a strings.Builder safe for one writer and one reader.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRefusedSelectionKeepsReviewing: answers the engine cannot cut (here
// the added last line without its removed twin) leave the item pending and
// the review goes on, as for any refusal.
func TestRefusedSelectionKeepsReviewing(t *testing.T) {
	dir := t.TempDir()
	mem := dir + "/memory"
	if err := os.MkdirAll(mem+"/.inbox/private", 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(mem+"/MEMORY.md", []byte("# Project Memory\n- old"), 0o644)
	body := "--- " + mem + "/MEMORY.md\n+++ " + mem + "/MEMORY.md\n@@ -1,2 +1,3 @@\n # Project Memory\n-- old\n\\ No newline at end of file\n+- old\n+- new\n\\ No newline at end of file\n"
	pp := mem + "/.inbox/private/extraction.patch"
	os.WriteFile(pp, []byte(body), 0o644)
	paths := inbox.Paths{Dir: memdir.Shared(mem, "", nil)}
	items, _, err := inbox.Scan(paths)
	if err != nil || len(items) != 1 {
		t.Fatalf("items %v, %v", items, err)
	}
	s, out := session("l\n3\n")
	r := &Runner{S: s, Paths: paths, Now: time.Now}
	err = r.Run(items)
	if err == nil || !strings.Contains(out.String(), "Cannot apply private, nothing changed: ") || !strings.Contains(out.String(), "last line") {
		t.Fatalf("err %v, output:\n%s", err, out)
	}
	if data, _ := os.ReadFile(pp); string(data) != body {
		t.Fatalf("patch changed:\n%s", data)
	}
}
