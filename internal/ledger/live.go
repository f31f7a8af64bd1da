package ledger

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/jsonl"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/usage"
)

// Claim is what a running extraction has spent so far plus what its
// request in flight may still spend. Claims live next to the ledger
// (usage.live.jsonl) so that runs in other processes count them against
// the day's budget before their own requests; a run's claim goes when its
// spend is settled into the ledger, or when its process is gone.
type Claim struct {
	// Key names the run (pid, source and project), unique among live runs.
	Key string `json:"key"`
	PID int    `json:"pid"`
	// At is the run's reference time: the day its spend counts in.
	At time.Time `json:"at"`
	usage.Tokens
	Cost *float64 `json:"cost,omitempty"`
}

// livePath is the claims file of the ledger.
func (l Ledger) livePath() string {
	return strings.TrimSuffix(l.Path, filepath.Ext(l.Path)) + ".live.jsonl"
}

func (l Ledger) alive(pid int) bool {
	if l.Alive != nil {
		return l.Alive(pid)
	}
	return lockfile.Alive(pid)
}

// claims reads the claims of live processes, self's excluded.
func (l Ledger) claims(self string) ([]Claim, error) {
	cs, err := jsonl.Read[Claim](l.livePath())
	if err != nil {
		return nil, fmt.Errorf("usage claims: %w", err)
	}
	kept := cs[:0]
	for _, c := range cs {
		if c.Key != self && c.PID > 0 && l.alive(c.PID) {
			kept = append(kept, c)
		}
	}
	return kept, nil
}

// Committed is the day's spend as a budget sees it: the ledger's records
// of the day holding now plus the live claims of that day of every run but
// self.
func (l Ledger) Committed(now time.Time, self string) (Spend, error) {
	s, err := l.Today(now)
	if err != nil {
		return Spend{}, err
	}
	cs, err := l.claims(self)
	if err != nil {
		return Spend{}, err
	}
	start, next := l.Day(now)
	for _, c := range cs {
		if !c.At.Before(start) && c.At.Before(next) {
			s.add(Entry{Tokens: c.Tokens, Cost: c.Cost})
		}
	}
	return s, nil
}

// Reserve replaces self's claim, under the ledger's lock, by what decide
// returns given the day's committed spend without it (nil: no claim), so
// that concurrent runs check and claim one after the other.
func (l Ledger) Reserve(ctx context.Context, self string, now time.Time, decide func(Spend) *Claim) error {
	release, err := l.serialize(ctx)
	if err != nil {
		return err
	}
	defer release()
	committed, err := l.Committed(now, self)
	if err != nil {
		return err
	}
	return l.writeClaims(self, decide(committed))
}

// Settle records e (when not nil) and drops self's claim in one step under
// the lock, so the spend is never counted twice nor missed by another run.
func (l Ledger) Settle(ctx context.Context, self string, e *Entry, now time.Time) error {
	release, err := l.serialize(ctx)
	if err != nil {
		return err
	}
	defer release()
	if e != nil {
		if err := l.add(*e, now); err != nil {
			return err
		}
	}
	return l.writeClaims(self, nil)
}

// writeClaims keeps the live claims but self's, and adds c.
func (l Ledger) writeClaims(self string, c *Claim) error {
	cs, err := l.claims(self)
	if err != nil {
		return err
	}
	if c != nil {
		c.Key = self
		cs = append(cs, *c)
	}
	if len(cs) == 0 {
		if err := os.Remove(l.livePath()); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("usage claims: %w", err)
		}
		return nil
	}
	if err := jsonl.Write(l.livePath(), cs); err != nil {
		return fmt.Errorf("usage claims: %w", err)
	}
	return nil
}
