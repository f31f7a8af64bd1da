package main

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/transcript"
	"github.com/automem/automem/jobs"
)

// printReport writes the human-readable report on stdout: per project its
// status, the eligible and skipped sessions with reasons, and the index.
func printReport(env *cli.Env, rep jobs.Report, looked []lookedDir) {
	w := env.Stdout
	if len(rep.Projects) == 0 {
		printNoProjects(w, looked)
		return
	}
	for i, p := range rep.Projects {
		if i > 0 {
			fmt.Fprintln(w)
		}
		root := p.Root
		if root == "" {
			root = "(root unknown)"
		}
		fmt.Fprintf(w, "%s project %s %s: %s", p.Source, p.ID, root, statusText(p, env.Now()))
		if p.Error != "" {
			fmt.Fprintf(w, " (%s)", p.Error)
		}
		fmt.Fprintln(w)
		if p.MemoryDir != "" {
			fmt.Fprintf(w, "  memory: %s\n", p.MemoryDir)
		}
		if rep.DryRun {
			printTargets(w, p)
		}
		eligible, reasons := 0, map[string]int{}
		for _, s := range p.Sessions {
			if s.Eligible {
				eligible++
			} else {
				reasons[s.Reason]++
			}
		}
		fmt.Fprintf(w, "  sessions: %d eligible, %d skipped%s\n", eligible, len(p.Sessions)-eligible, reasonSummary(reasons))
		for _, s := range p.Sessions {
			if !rep.DryRun {
				break // a real run reports the summary; --dry-run lists every session
			}
			mark := "eligible"
			if !s.Eligible {
				mark = "skip " + s.Reason
			} else if s.Exhausted {
				mark = "exhausted"
			} else if !s.New {
				mark = "old"
			}
			fmt.Fprintf(w, "    %-32s %3d user msgs  %s  %s\n", mark, s.UserMessages, s.LastUpdated, s.Path)
			if len(s.Redactions) > 0 {
				fmt.Fprintf(w, "      would redact: %s\n", counts(s.Redactions))
			}
		}
		printSpend(w, p)
		if p.Candidates != nil {
			c := p.Candidates
			fmt.Fprintf(w, "  candidates: %d memory, %s, %s, %d rejected\n", c.Memory, plural.Of(c.Skills, "skill", "skills"), plural.Of(c.SkillUpdates, "skill update", "skill updates"), c.Rejected)
			if c.Memory+c.Skills+c.SkillUpdates+c.Rejected > 0 {
				fmt.Fprintf(w, "  review them with: inbox --project %s review\n", shellQuote(p.Root))
			}
		}
		if len(p.Index) > 0 && rep.DryRun {
			fmt.Fprintln(w, "  index:")
			for _, l := range p.Index {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
	}
}

// statusText is a project's status for a person: what happened (or, in a
// dry run, what the real run would do now) with the detail needed to act
// on it — until when, who holds the lock, that --force overrides.
func statusText(p jobs.ProjectReport, now time.Time) string {
	if p.Status == jobs.StatusDryRun {
		due := map[bool]string{true: "; memory upkeep due"}[p.UpkeepDue]
		if p.Would == jobs.WouldRun {
			return "dry-run: would run now" + due
		}
		if p.Would != "" {
			return "dry-run: " + describe(p.Would, p, now) + due
		}
	}
	return describe(p.Status, p, now)
}

func describe(status string, p jobs.ProjectReport, now time.Time) string {
	switch status {
	case jobs.StatusThrottled, jobs.StatusBackoff:
		return fmt.Sprintf("%s until %s (--force runs anyway)", status, p.Until)
	case jobs.StatusBudget:
		return "skipped: budget until " + p.Until
	case jobs.StatusLocked:
		if p.Lock == nil {
			return "locked by another run"
		}
		s := fmt.Sprintf("locked by pid %d", p.Lock.PID)
		if p.Lock.Host != "" {
			s += " on " + p.Lock.Host
		}
		if since, err := time.Parse(time.RFC3339, p.Lock.Since); err == nil {
			s += fmt.Sprintf(" since %s (%s ago)", p.Lock.Since, now.Sub(since).Truncate(time.Second))
		}
		return s
	case jobs.StatusNoMemory:
		return "no memory target (no Gemini CLI project for this root)"
	case jobs.StatusAborted:
		return "aborted (interrupted; recorded as aborted, no backoff)"
	}
	return status
}

// lookedDir is one directory a run read transcripts from, and how a
// person points the run elsewhere.
type lookedDir struct {
	source, dir, moveWith string
	scanned               bool
}

// lookedDirs lists every source's directory, marking those this run
// scanned (--source).
func (c *RunCmd) lookedDirs(env *cli.Env) []lookedDir {
	on := func(s string) bool { return c.Source == jobs.SourceAll || c.Source == s }
	return []lookedDir{
		{jobs.SourceGemini, gemini.ProjectsDir(gemini.Dir(env.Getenv, env.Home)), "GEMINI_CLI_HOME", on(jobs.SourceGemini)},
		{jobs.SourceClaude, transcript.ClaudeDir(c.ClaudeDir), "--claude-dir or CLAUDE_CONFIG_DIR", on(jobs.SourceClaude)},
		{jobs.SourceCodex, transcript.CodexDir(c.CodexHome), "--codex-home or CODEX_HOME", on(jobs.SourceCodex)},
		{jobs.SourceAntigravity, transcript.AntigravityDir(gemini.Dir(env.Getenv, env.Home)), "GEMINI_CLI_HOME", on(jobs.SourceAntigravity)},
	}
}

// printNoProjects says where the run looked and how to look elsewhere.
func printNoProjects(w io.Writer, looked []lookedDir) {
	fmt.Fprintln(w, "no projects found; looked in:")
	var others []string
	for _, l := range looked {
		if l.scanned {
			fmt.Fprintf(w, "  %-6s %s (elsewhere: %s)\n", l.source, l.dir, l.moveWith)
		} else {
			others = append(others, fmt.Sprintf("%s (%s)", l.source, l.dir))
		}
	}
	if len(others) > 0 {
		fmt.Fprintf(w, "not scanned: %s; add them with --source %s or --source all\n", strings.Join(others, ", "), strings.Join(sourceNames(looked), "|"))
	}
}

func sourceNames(looked []lookedDir) []string {
	var out []string
	for _, l := range looked {
		if !l.scanned {
			out = append(out, l.source)
		}
	}
	return out
}

func reasonSummary(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	return " (" + counts(m) + ")"
}

func counts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// shellQuote quotes a path for a command line the user may paste.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// printSpend writes what a run spent on the model, or what a dry run
// estimates it would.
func printSpend(w io.Writer, p jobs.ProjectReport) {
	if u := p.Usage; u != nil {
		fmt.Fprintf(w, "  model usage: %d tokens in, %d out", u.In, u.Out)
		if u.Cached > 0 {
			fmt.Fprintf(w, ", %d cached", u.Cached)
		}
		if u.Estimated {
			fmt.Fprint(w, " (estimated from bytes: the endpoint reported no usage)")
		}
		if u.Cost != nil {
			fmt.Fprintf(w, ", $%.4f", *u.Cost)
		}
		fmt.Fprintln(w)
	}
	if e := p.Estimate; e != nil {
		fmt.Fprintf(w, "  estimate: about %d tokens sent and %d received in %d requests over %d sessions", e.TokensIn, e.TokensOut, e.Requests, e.Sessions)
		if e.Cost != nil {
			fmt.Fprintf(w, ", about $%.4f", *e.Cost)
		}
		fmt.Fprintf(w, " (%s)\n", e.Model)
		if e.DayTokensLeft != nil || e.DayCostLeft != nil {
			fmt.Fprint(w, "  left today:")
			if e.DayTokensLeft != nil {
				fmt.Fprintf(w, " %d tokens", *e.DayTokensLeft)
			}
			if e.DayCostLeft != nil {
				fmt.Fprintf(w, " $%.4f", *e.DayCostLeft)
			}
			fmt.Fprintln(w)
		}
	}
}

// printTargets shows, in a dry run, whose memory a project's candidates
// would go to and the file each kind would write, as the real run would,
// with the other agents' memories that get the same candidates.
func printTargets(w io.Writer, p jobs.ProjectReport) {
	if p.Agent == "" {
		return
	}
	printFiles(w, "targets ("+p.Agent+")", p.Targets)
	for _, agent := range []string{"gemini", "claude", "codex"} {
		if files, ok := p.AlsoTargets[agent]; ok {
			printFiles(w, "also ("+agent+")", files)
		}
	}
	if p.DataDir != "" {
		fmt.Fprintf(w, "  inbox: %s\n", p.DataDir)
	}
	if len(p.Worktrees) > 0 {
		fmt.Fprintf(w, "  worktrees: %s (the main worktree's project)\n", strings.Join(p.Worktrees, ", "))
	}
}

// printFiles prints one memory's file per kind, in review order.
func printFiles(w io.Writer, label string, files map[string]string) {
	fmt.Fprintf(w, "  %s:", label)
	for _, k := range []string{"private", "global", "project"} {
		if f, ok := files[k]; ok {
			fmt.Fprintf(w, " %s %s;", k, f)
		}
	}
	fmt.Fprintln(w)
}
