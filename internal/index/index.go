// Package index builds the session index that the extraction agent reads
// first: one line per session, NEW ones it has not processed yet and old
// ones for context, in the exact shape Gemini CLI's Auto Memory uses so the
// same prompt carries over.
package index

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/scan"
)

// Status is what the run history says about one session version.
type Status struct {
	// New is true when this version (id, lastUpdated) was never processed.
	New bool
	// Exhausted is true when it was offered too often without being read;
	// it no longer appears in the index.
	Exhausted bool
	// Offers counts previous offers of this version.
	Offers int
}

// History answers Status for a session version. AllNew is the history of a
// project that has none.
type History interface {
	Status(id string, lastUpdated time.Time) Status
}

// AllNew treats every session as never processed.
type AllNew struct{}

// Status implements History.
func (AllNew) Status(string, time.Time) Status { return Status{New: true} }

// Line is one index line and the session it stands for.
type Line struct {
	Entry  scan.Entry
	Status Status
	Text   string
}

// Build picks at most maxNew NEW sessions (fewest prior offers, then
// newest) and fills up to size lines with old ones (newest first). Only
// eligible entries are considered; exhausted ones are left out. It sorts
// indices into entries, not copies of them: a project has thousands of
// eligible sessions and an index line at most a few dozen, so copying
// every entry into a Line was most of the index's cost.
func Build(entries []scan.Entry, h History, size, maxNew int) []Line {
	if h == nil {
		h = AllNew{}
	}
	type pick struct {
		i  int
		st Status
	}
	var fresh, old []pick
	for i := range entries {
		e := &entries[i]
		if !e.Eligible {
			continue
		}
		st := h.Status(e.ID, e.LastUpdated)
		if st.Exhausted {
			continue
		}
		if st.New {
			fresh = append(fresh, pick{i, st})
		} else {
			old = append(old, pick{i, st})
		}
	}
	newer := func(a, b pick) bool { return entries[a.i].LastUpdated.After(entries[b.i].LastUpdated) }
	sort.SliceStable(fresh, func(i, j int) bool {
		if fresh[i].st.Offers != fresh[j].st.Offers {
			return fresh[i].st.Offers < fresh[j].st.Offers
		}
		return newer(fresh[i], fresh[j])
	})
	sort.SliceStable(old, func(i, j int) bool { return newer(old[i], old[j]) })
	if len(fresh) > maxNew {
		fresh = fresh[:maxNew]
	}
	if size < len(fresh) {
		fresh = fresh[:size]
	}
	picks := append(fresh, old[:min(len(old), max(size-len(fresh), 0))]...)
	lines := make([]Line, len(picks))
	for k, p := range picks {
		lines[k] = Line{Entry: entries[p.i], Status: p.st, Text: Format(entries[p.i], p.st.New)}
	}
	return lines
}

// Format renders one line: "[NEW] <headline> (<n> user msgs) — <path>".
func Format(e scan.Entry, isNew bool) string {
	tag := "[old]"
	if isNew {
		tag = "[NEW]"
	}
	return fmt.Sprintf("%s %s (%d user msgs) — %s", tag, Headline(e.Summary, e.Workflow), e.UserMessages, e.Path)
}

// Headline is the summary, else the workflow hint, else "(no summary)";
// both, when they differ, as "<summary> | workflow: <workflow>".
func Headline(summary, workflow string) string {
	summary, workflow = oneLine(summary), oneLine(workflow)
	switch {
	case summary != "" && workflow != "" && summary != workflow:
		return summary + " | workflow: " + workflow
	case summary != "":
		return summary
	case workflow != "":
		return workflow
	}
	return "(no summary)"
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// NewSessions returns the entries of the NEW lines, in index order.
func NewSessions(lines []Line) []scan.Entry {
	var out []scan.Entry
	for _, l := range lines {
		if l.Status.New {
			out = append(out, l.Entry)
		}
	}
	return out
}
