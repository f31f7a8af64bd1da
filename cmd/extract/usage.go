package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/ledger"
)

// UsageCmd prints what the model cost, per day and per project, from the
// usage ledger.
type UsageCmd struct {
	Since    string `help:"Start of the period: a number of days (7d), a duration (36h) or a date (2026-05-01)." default:"7d" env:"AUTOMEM_USAGE_SINCE"`
	JSON     bool   `name:"json" help:"Print the totals as JSON." env:"AUTOMEM_JSON"`
	StateDir string `help:"automem's state dir (the usage ledger)." type:"path" default:"${state_dir}" env:"AUTOMEM_STATE_DIR"`
}

// Run implements `extract usage`.
func (c *UsageCmd) Run(env *cli.Env) error {
	l := (&BudgetFlags{StateDir: c.StateDir}).ledger(env)
	since, err := parseSince(c.Since, env.Now(), l)
	if err != nil {
		return cli.Usage(err)
	}
	es, err := l.Entries()
	if err != nil {
		return err
	}
	sum := l.Summarize(es, since)
	if c.JSON {
		enc := json.NewEncoder(env.Stdout)
		if env.StdoutTTY {
			enc.SetIndent("", "  ")
		}
		if err := enc.Encode(sum); err != nil {
			return fmt.Errorf("write usage: %w", err)
		}
		return nil
	}
	return printUsage(env, sum)
}

// parseSince reads --since: Nd (days back from the start of today), a Go
// duration back from now, or a date (its midnight in the ledger's zone).
func parseSince(s string, now time.Time, l *ledger.Ledger) (time.Time, error) {
	s = strings.TrimSpace(s)
	if n, ok := strings.CutSuffix(s, "d"); ok {
		var days int
		if _, err := fmt.Sscanf(n, "%d", &days); err == nil && days >= 0 && days <= 3660 && fmt.Sprint(days) == n {
			start, _ := l.Day(now)
			return start.AddDate(0, 0, -days+1), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 && d <= 3660*24*time.Hour {
		return now.Add(-d), nil
	}
	loc := l.Loc
	if loc == nil {
		loc = time.Local
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, loc); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("--since %q: want days (7d), a duration (36h) or a date (2026-05-01)", s)
}

func printUsage(env *cli.Env, sum ledger.Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "model usage since %s: %s\n", sum.Since, sum.Total)
	if len(sum.Days) > 0 {
		b.WriteString("\nper day:\n")
		for _, d := range sum.Days {
			fmt.Fprintf(&b, "  %s  %s\n", d.Day, d.Spend)
			for _, p := range d.Projects {
				fmt.Fprintf(&b, "    %s %s %s  %s\n", p.Source, p.Project, orUnknown(p.Root), p.Spend)
			}
		}
		b.WriteString("\nper project:\n")
		for _, p := range sum.Projects {
			fmt.Fprintf(&b, "  %s %s %s  %s\n", p.Source, p.Project, orUnknown(p.Root), p.Spend)
		}
	}
	if _, err := fmt.Fprint(env.Stdout, b.String()); err != nil {
		return fmt.Errorf("write usage: %w", err)
	}
	return nil
}

func orUnknown(root string) string {
	if root == "" {
		return "(root unknown)"
	}
	return root
}
