// Package ledger is automem's account of what the model cost: one record
// per extraction run that reached the model, in a JSON Lines file in
// automem's state dir ($XDG_STATE_HOME/automem/usage.jsonl), shared by all
// projects and runs of a user. It answers the two questions a budget asks —
// what has today cost so far, and when does the day end — and the one a
// person asks: what was spent per day and per project.
package ledger

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/automem/automem/internal/jsonl"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/usage"
)

// FileName is the ledger's name in the state dir.
const FileName = "usage.jsonl"

// Retention is how long records are kept; older ones are dropped when the
// next record is written, which bounds the file.
const Retention = 400 * 24 * time.Hour

// Entry is one run's spend.
type Entry struct {
	// At is when the run was recorded (the run's reference time).
	At      time.Time `json:"at"`
	Source  string    `json:"source,omitempty"`
	Project string    `json:"project"`
	Root    string    `json:"root,omitempty"`
	Model   string    `json:"model,omitempty"`
	usage.Tokens
	// Cost in US dollars; nil when the model's price is unknown.
	Cost *float64 `json:"cost,omitempty"`
	// TerminateReason says how the run ended (BUDGET for a budget stop).
	TerminateReason string `json:"terminateReason,omitempty"`
}

// Ledger is the file and the time zone its days are counted in.
type Ledger struct {
	Path string
	// Loc is the zone of a "day" (time.Local when nil): a daily budget
	// resets at the user's midnight.
	Loc *time.Location
	// Alive says whether a claim's process still runs (lockfile.Alive
	// when nil); the claims of dead processes are ignored.
	Alive func(pid int) bool
}

// Path is the ledger of a state dir.
func Path(stateDir string) string { return filepath.Join(stateDir, FileName) }

func (l Ledger) loc() *time.Location {
	if l.Loc == nil {
		return time.Local
	}
	return l.Loc
}

// Entries reads every record, oldest first; a missing file is empty and a
// bad line is skipped.
func (l Ledger) Entries() ([]Entry, error) {
	es, err := jsonl.Read[Entry](l.Path)
	if err != nil {
		return nil, fmt.Errorf("usage ledger: %w", err)
	}
	return es, nil
}

// Add records one run, under a lock shared with every other writer, and
// drops records older than Retention before now.
func (l Ledger) Add(ctx context.Context, e Entry, now time.Time) error {
	release, err := l.serialize(ctx)
	if err != nil {
		return err
	}
	defer release()
	return l.add(e, now)
}

// serialize takes the lock shared by every writer of the ledger and its
// claims.
func (l Ledger) serialize(ctx context.Context) (func(), error) {
	if err := os.MkdirAll(filepath.Dir(l.Path), 0o700); err != nil {
		return nil, fmt.Errorf("usage ledger: %w", err)
	}
	release, err := lockfile.Serialize(ctx, l.Path)
	if err != nil {
		return nil, fmt.Errorf("usage ledger: %w", err)
	}
	return release, nil
}

// add appends e under the caller's lock.
func (l Ledger) add(e Entry, now time.Time) error {
	es, err := l.Entries()
	if err != nil {
		return err
	}
	kept := es[:0]
	for _, x := range es {
		if now.Sub(x.At) <= Retention {
			kept = append(kept, x)
		}
	}
	if err := jsonl.Write(l.Path, append(kept, e)); err != nil {
		return fmt.Errorf("usage ledger: %w", err)
	}
	return nil
}

// Day returns the start of the day holding t and the start of the next
// one (the reset of a daily budget), in the ledger's zone.
func (l Ledger) Day(t time.Time) (start, next time.Time) {
	t = t.In(l.loc())
	start = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, l.loc())
	return start, start.AddDate(0, 0, 1)
}

// Spend is a sum of records.
type Spend struct {
	usage.Tokens
	// Cost sums the priced runs; Unpriced counts runs without a price.
	Cost     float64 `json:"cost"`
	Unpriced int     `json:"unpricedRuns"`
	Runs     int     `json:"runs"`
}

func (s *Spend) add(e Entry) {
	s.Tokens = s.Tokens.Add(e.Tokens)
	if e.Cost != nil {
		// Micro-dollars: sums print the same whatever the order of adding.
		s.Cost = math.Round((s.Cost+*e.Cost)*1e6) / 1e6
	} else {
		s.Unpriced++
	}
	s.Runs++
}

// Today sums the records of the day holding now.
func (l Ledger) Today(now time.Time) (Spend, error) {
	es, err := l.Entries()
	if err != nil {
		return Spend{}, err
	}
	start, next := l.Day(now)
	var s Spend
	for _, e := range es {
		if !e.At.Before(start) && e.At.Before(next) {
			s.add(e)
		}
	}
	return s, nil
}

// DayTotal is one day's spend, with its projects.
type DayTotal struct {
	Day string `json:"day"` // YYYY-MM-DD in the ledger's zone
	Spend
	Projects []ProjectTotal `json:"projects"`
}

// ProjectTotal is one project's spend within a day or a period.
type ProjectTotal struct {
	Source  string `json:"source,omitempty"`
	Project string `json:"project"`
	Root    string `json:"root,omitempty"`
	Spend
}

// Summary is what `extract usage` prints: totals per day and per project
// since a time.
type Summary struct {
	Since    string         `json:"since"`
	Total    Spend          `json:"total"`
	Days     []DayTotal     `json:"days"`
	Projects []ProjectTotal `json:"projects"`
}

// Summarize sums the records at or after since: per day (oldest first) and
// per project (dearest first, then by name), so the output is stable.
func (l Ledger) Summarize(es []Entry, since time.Time) Summary {
	sum := Summary{Since: since.In(l.loc()).Format(time.RFC3339), Days: []DayTotal{}, Projects: []ProjectTotal{}}
	days := map[string]*DayTotal{}
	dayProj := map[string]map[string]*ProjectTotal{}
	proj := map[string]*ProjectTotal{}
	for _, e := range es {
		if e.At.Before(since) {
			continue
		}
		sum.Total.add(e)
		d := e.At.In(l.loc()).Format(time.DateOnly)
		if days[d] == nil {
			days[d] = &DayTotal{Day: d}
			dayProj[d] = map[string]*ProjectTotal{}
		}
		days[d].add(e)
		key := e.Source + "\x00" + e.Project
		for _, m := range []map[string]*ProjectTotal{dayProj[d], proj} {
			if m[key] == nil {
				m[key] = &ProjectTotal{Source: e.Source, Project: e.Project, Root: e.Root}
			}
			m[key].add(e)
			if e.Root != "" {
				m[key].Root = e.Root
			}
		}
	}
	for d, t := range days {
		t.Projects = sorted(dayProj[d])
		sum.Days = append(sum.Days, *t)
	}
	sort.Slice(sum.Days, func(i, j int) bool { return sum.Days[i].Day < sum.Days[j].Day })
	sum.Projects = sorted(proj)
	return sum
}

func sorted(m map[string]*ProjectTotal) []ProjectTotal {
	out := make([]ProjectTotal, 0, len(m))
	for _, p := range m {
		out = append(out, *p)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Total() != b.Total() {
			return a.Total() > b.Total()
		}
		if a.Source != b.Source {
			return a.Source < b.Source
		}
		return a.Project < b.Project
	})
	return out
}

// String is the spend for a person: "12,345 tokens (10,000 in, 2,345 out,
// 4,000 cached), $0.0123, 3 runs"; "estimated" marks counted-from-bytes
// figures and unpriced runs are named.
func (s Spend) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s tokens (%s in, %s out", group(s.Total()), group(s.In), group(s.Out))
	if s.Cached > 0 {
		fmt.Fprintf(&b, ", %s cached", group(s.Cached))
	}
	b.WriteString(")")
	if s.Estimated {
		b.WriteString(" partly estimated")
	}
	if s.Runs > s.Unpriced {
		fmt.Fprintf(&b, ", $%.4f", s.Cost)
	}
	if s.Unpriced > 0 && s.Runs > s.Unpriced {
		fmt.Fprintf(&b, " + %d unpriced", s.Unpriced)
	}
	fmt.Fprintf(&b, ", %d run", s.Runs)
	if s.Runs != 1 {
		b.WriteString("s")
	}
	return b.String()
}

// group writes n with thousands separators.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
