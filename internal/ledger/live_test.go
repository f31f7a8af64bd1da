package ledger

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/automem/automem/internal/usage"
)

// claimed puts a claim of pid into l under key and fails the test on error.
func claimed(t *testing.T, l Ledger, key string, pid int, at time.Time, tokens int64) {
	t.Helper()
	err := l.Reserve(t.Context(), key, at, func(Spend) *Claim {
		return &Claim{PID: pid, At: at, Tokens: usage.Tokens{In: tokens}}
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestClaimsOfDeadProcessesOtherDaysAndSelfAreNotCounted(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	live := map[int]bool{10: true, 11: true, 12: true}
	l := Ledger{Path: filepath.Join(t.TempDir(), FileName), Loc: time.UTC, Alive: func(pid int) bool { return live[pid] }}
	if err := l.Add(t.Context(), Entry{At: now, Project: "p", Tokens: usage.Tokens{In: 1000}}, now); err != nil {
		t.Fatal(err)
	}
	claimed(t, l, "a", 10, now, 100)
	claimed(t, l, "b", 11, now, 20)
	claimed(t, l, "y", 12, now.Add(-24*time.Hour), 5) // a run of yesterday
	for _, tc := range []struct {
		name  string
		self  string
		dead  int
		total int64
	}{
		{"all live claims of today", "", 0, 1120},
		{"self's claim is not counted against itself", "a", 0, 1020},
		{"a dead process's claim expires", "", 11, 1100},
		{"both", "a", 11, 1000},
	} {
		live[11] = tc.dead != 11
		s, err := l.Committed(now, tc.self)
		if err != nil {
			t.Fatal(err)
		}
		if s.Total() != tc.total {
			t.Errorf("%s: committed %d tokens, want %d", tc.name, s.Total(), tc.total)
		}
	}
	// A dead process's claim is dropped from the file at the next write.
	live[11] = false
	claimed(t, l, "a", 10, now, 300)
	live[11] = true
	if s, _ := l.Committed(now, ""); s.Total() != 1300 {
		t.Fatalf("after a rewrite committed %d, want 1300 (a's new claim, b's dead one gone)", s.Total())
	}
}

func TestReserveSeesOthersAndSettleMovesTheClaimIntoTheLedger(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	l := Ledger{Path: filepath.Join(t.TempDir(), FileName), Loc: time.UTC, Alive: func(int) bool { return true }}
	claimed(t, l, "a", 10, now, 400)
	var seen Spend
	if err := l.Reserve(t.Context(), "b", now, func(s Spend) *Claim { seen = s; return nil }); err != nil {
		t.Fatal(err)
	}
	if seen.Total() != 400 {
		t.Fatalf("b's check saw %d tokens committed, want a's claim of 400", seen.Total())
	}
	e := Entry{At: now, Project: "a", Tokens: usage.Tokens{In: 350}}
	if err := l.Settle(t.Context(), "a", &e, now); err != nil {
		t.Fatal(err)
	}
	s, err := l.Committed(now, "")
	if err != nil || s.Total() != 350 || s.Runs != 1 {
		t.Fatalf("after settling: %+v (%v), want the ledger's 350 tokens only", s, err)
	}
}
