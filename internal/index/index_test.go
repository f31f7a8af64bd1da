package index

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/scan"
	"github.com/automem/automem/internal/transcript"
)

var base = time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)

func entry(id string, hoursAgo int, eligible bool) scan.Entry {
	return scan.Entry{Session: transcript.Session{ID: id, Path: "/c/" + id + ".jsonl", LastUpdated: base.Add(-time.Duration(hoursAgo) * time.Hour), UserMessages: 12}, Eligible: eligible}
}

// table is a hand-written History.
type table map[string]Status

func (t table) Status(id string, _ time.Time) Status {
	if s, ok := t[id]; ok {
		return s
	}
	return Status{New: true}
}

func TestBuildOrderAndCaps(t *testing.T) {
	var entries []scan.Entry
	h := table{}
	for i := 0; i < 100; i++ { // 100 processed sessions
		id := fmt.Sprintf("p%03d", i)
		entries = append(entries, entry(id, i, true))
		h[id] = Status{}
	}
	for i := 0; i < 5; i++ { // 5 unprocessed, older than all processed ones
		entries = append(entries, entry(fmt.Sprintf("n%d", i), 200+i, true))
	}
	h["n0"] = Status{New: true, Offers: 2} // retried: comes last among NEW
	h["n1"] = Status{New: true, Exhausted: true, Offers: 3}
	entries = append(entries, entry("skip", 1, false))

	lines := Build(entries, h, 50, 10)
	if len(lines) != 50 {
		t.Fatalf("got %d lines", len(lines))
	}
	var ids []string
	for _, l := range lines[:4] {
		ids = append(ids, l.Entry.ID)
	}
	if got := strings.Join(ids, ","); got != "n2,n3,n4,n0" {
		t.Errorf("NEW order = %s", got)
	}
	if lines[4].Entry.ID != "p000" || lines[4].Status.New {
		t.Errorf("first old line = %+v", lines[4].Entry.ID)
	}
	for _, l := range lines {
		if l.Entry.ID == "n1" || l.Entry.ID == "skip" {
			t.Errorf("%s must not be indexed", l.Entry.ID)
		}
	}
	if n := len(NewSessions(lines)); n != 4 {
		t.Errorf("NewSessions = %d", n)
	}
	if small := Build(entries, h, 50, 2); len(NewSessions(small)) != 2 {
		t.Errorf("maxNew not applied")
	}
}

func TestFormat(t *testing.T) {
	e := entry("x", 0, true)
	e.Summary = "Fix emoji\n tokenizer"
	e.Workflow = "run_shell_command: make | validated"
	got := Format(e, true)
	want := "[NEW] Fix emoji tokenizer | workflow: run_shell_command: make | validated (12 user msgs) — /c/x.jsonl"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	for _, c := range []struct{ s, w, want string }{
		{"", "", "(no summary)"}, {"a", "a", "a"}, {"", "w", "w"}, {"s", "", "s"},
	} {
		if got := Headline(c.s, c.w); got != c.want {
			t.Errorf("Headline(%q,%q) = %q", c.s, c.w, got)
		}
	}
	if got := Format(e, false); !strings.HasPrefix(got, "[old] ") {
		t.Errorf("old tag: %q", got)
	}
}
