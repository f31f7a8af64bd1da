package ledger

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/automem/automem/internal/usage"
)

var paris = mustZone("Europe/Paris")

func mustZone(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		return time.FixedZone("CET", 3600)
	}
	return l
}

func cost(v float64) *float64 { return &v }

func TestTodayCountsTheLocalDay(t *testing.T) {
	l := Ledger{Path: filepath.Join(t.TempDir(), "state", FileName), Loc: paris}
	ctx := context.Background()
	// 23:30 UTC on May 1 is 01:30 on May 2 in Paris: the same local day as noon May 2.
	at := func(s string) time.Time { v, _ := time.Parse(time.RFC3339, s); return v }
	for _, e := range []Entry{
		{At: at("2026-05-01T21:30:00Z"), Project: "a", Tokens: usage.Tokens{In: 1, Out: 1}, Cost: cost(1)}, // 23:30 May 1 Paris
		{At: at("2026-05-01T23:30:00Z"), Project: "a", Tokens: usage.Tokens{In: 100, Out: 10, Cached: 5}, Cost: cost(0.5)},
		{At: at("2026-05-02T10:00:00Z"), Project: "b", Tokens: usage.Tokens{In: 200, Out: 20, Estimated: true}},
	} {
		if err := l.Add(ctx, e, e.At); err != nil {
			t.Fatal(err)
		}
	}
	now := at("2026-05-02T12:00:00Z")
	s, err := l.Today(now)
	if err != nil {
		t.Fatal(err)
	}
	want := Spend{Tokens: usage.Tokens{In: 300, Out: 30, Cached: 5, Estimated: true}, Cost: 0.5, Unpriced: 1, Runs: 2}
	if s != want {
		t.Fatalf("today = %+v, want %+v", s, want)
	}
	_, next := l.Day(now)
	if want := time.Date(2026, 5, 3, 0, 0, 0, 0, paris); !next.Equal(want) {
		t.Fatalf("reset = %v, want %v", next, want)
	}
	fi, err := os.Stat(l.Path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("ledger file %v %v, want mode 0600", fi, err)
	}
}

func TestAddDropsOldRecordsAndSurvivesBadLines(t *testing.T) {
	dir := t.TempDir()
	l := Ledger{Path: filepath.Join(dir, FileName), Loc: time.UTC}
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	old, _ := json.Marshal(Entry{At: now.Add(-Retention - time.Hour), Project: "old", Tokens: usage.Tokens{In: 1}})
	keep, _ := json.Marshal(Entry{At: now.Add(-24 * time.Hour), Project: "keep", Tokens: usage.Tokens{In: 2}})
	if err := os.WriteFile(l.Path, []byte(string(old)+"\n{not json\n"+string(keep)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := l.Add(context.Background(), Entry{At: now, Project: "new", Tokens: usage.Tokens{In: 3}}, now); err != nil {
		t.Fatal(err)
	}
	es, err := l.Entries()
	if err != nil || len(es) != 2 || es[0].Project != "keep" || es[1].Project != "new" {
		t.Fatalf("entries = %+v, %v", es, err)
	}
}

func TestConcurrentAddsLoseNothing(t *testing.T) {
	l := Ledger{Path: filepath.Join(t.TempDir(), FileName), Loc: time.UTC}
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := l.Add(context.Background(), Entry{At: now, Project: fmt.Sprint(i), Tokens: usage.Tokens{In: 10, Out: 1}}, now); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	s, err := l.Today(now)
	if err != nil || s.Runs != 20 || s.In != 200 || s.Out != 20 {
		t.Fatalf("today = %+v, %v; want 20 runs", s, err)
	}
}

func TestSummarize(t *testing.T) {
	l := Ledger{Loc: time.UTC}
	d := func(day, hour int) time.Time { return time.Date(2026, 5, day, hour, 0, 0, 0, time.UTC) }
	es := []Entry{
		{At: d(1, 9), Source: "gemini", Project: "p1", Root: "/r1", Tokens: usage.Tokens{In: 50, Out: 5}, Cost: cost(0.1)},
		{At: d(3, 9), Source: "gemini", Project: "p1", Root: "/r1", Tokens: usage.Tokens{In: 100, Out: 10}, Cost: cost(0.2)},
		{At: d(3, 10), Source: "gemini", Project: "p2", Tokens: usage.Tokens{In: 400, Out: 40}},
		{At: d(4, 9), Source: "gemini", Project: "p1", Root: "/r1", Tokens: usage.Tokens{In: 100, Out: 10}, Cost: cost(0.2)},
	}
	s := l.Summarize(es, d(2, 0))
	if s.Total.Runs != 3 || s.Total.In != 600 || s.Total.Out != 60 || s.Total.Unpriced != 1 || s.Total.Cost < 0.399 || s.Total.Cost > 0.401 {
		t.Fatalf("total = %+v", s.Total)
	}
	if len(s.Days) != 2 || s.Days[0].Day != "2026-05-03" || s.Days[1].Day != "2026-05-04" {
		t.Fatalf("days = %+v", s.Days)
	}
	if p := s.Days[0].Projects; len(p) != 2 || p[0].Project != "p2" || p[1].Project != "p1" || p[1].In != 100 {
		t.Fatalf("projects of May 3 = %+v (dearest first)", p)
	}
	if p := s.Projects; len(p) != 2 || p[0].Project != "p2" || p[1].Project != "p1" || p[1].In != 200 || p[1].Runs != 2 || p[1].Root != "/r1" {
		t.Fatalf("projects = %+v", p)
	}
	if empty := l.Summarize(nil, d(2, 0)); empty.Days == nil || empty.Projects == nil {
		t.Fatal("an empty summary must have [] lists for a stable JSON shape")
	}
}
