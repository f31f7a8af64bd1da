package state

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fullState is a compacted history: 200 live runs of 10 candidates and 3
// reads each, plus a book of older sessions.
func fullState(b *testing.B) (*State, []Candidate) {
	s := New(LoadOptions{Now: fixedClock(t0)})
	var cands []Candidate
	for r := 0; r < 400; r++ {
		run := Run{RunAt: FormatTime(t0.Add(time.Duration(r) * time.Minute))}
		for i := 0; i < 10; i++ {
			id := fmt.Sprintf("sess-%d-%d", r, i)
			lu := t0.Add(-time.Duration(r*10+i) * time.Minute)
			v := NewVersion(id, lu)
			run.CandidateSessions = append(run.CandidateSessions, v)
			if i < 3 {
				run.ProcessedSessions = append(run.ProcessedSessions, v)
			}
			cands = append(cands, Candidate{id, lu})
		}
		s.Record(run)
	}
	return s, cands
}

func BenchmarkLoad(b *testing.B) {
	s, _ := fullState(b)
	path := filepath.Join(b.TempDir(), ".extraction-state.json")
	if err := s.Save(path); err != nil {
		b.Fatal(err)
	}
	if fi, err := os.Stat(path); err == nil {
		b.SetBytes(fi.Size())
	}
	for b.Loop() {
		if _, err := Load(path, LoadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSave(b *testing.B) {
	s, _ := fullState(b)
	path := filepath.Join(b.TempDir(), ".extraction-state.json")
	for b.Loop() {
		if err := s.Save(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStatusIndex is building the NEW order for 4000 sessions on a
// freshly loaded state (index built once, then one lookup per session).
func BenchmarkStatusIndex(b *testing.B) {
	s, cands := fullState(b)
	for b.Loop() {
		s.agg = nil
		if got := s.NewOrder(cands); len(got) == 0 {
			b.Fatal("no NEW sessions")
		}
	}
}

// BenchmarkLoadTypical is a few months of hourly use: 50 runs of 3
// candidates, no compaction yet.
func BenchmarkLoadTypical(b *testing.B) {
	s := New(LoadOptions{Now: fixedClock(t0)})
	for r := 0; r < 50; r++ {
		run := Run{RunAt: FormatTime(t0.Add(time.Duration(r) * time.Hour))}
		for i := 0; i < 3; i++ {
			v := NewVersion(fmt.Sprintf("%08d-1111-2222-3333-444455556666", r*3+i), t0.Add(-time.Duration(r*3+i)*time.Hour))
			run.CandidateSessions = append(run.CandidateSessions, v)
			run.Verdicts = append(run.Verdicts, SessionVerdict{SessionID: v.SessionID, LastUpdated: v.LastUpdated, Verdict: VerdictSkipped})
		}
		run.ProcessedSessions = run.CandidateSessions[:1]
		s.Record(run)
	}
	path := filepath.Join(b.TempDir(), ".extraction-state.json")
	if err := s.Save(path); err != nil {
		b.Fatal(err)
	}
	if fi, err := os.Stat(path); err == nil {
		b.SetBytes(fi.Size())
	}
	for b.Loop() {
		if _, err := Load(path, LoadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
