package upkeep

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// section is a run of index lines under one heading (level 2 or deeper).
type section struct {
	heading    string // without the #s
	start, end int    // 0-based line range, heading included
	free       []int  // its line numbers (1-based) no other proposal took
}

// overBudget moves the largest sections of MEMORY.md into topic files
// while the index, as the other proposals leave it, is longer than its
// budget; each moved section leaves one pointer line.
func overBudget(m *memory, budget int, taken []Proposal) []Proposal {
	idx := m.index
	if idx == nil {
		return nil
	}
	length := len(idx.lines)
	for _, p := range taken {
		if p.Path == idx.path && p.Action != ActionReplace {
			length--
		}
	}
	if length <= budget {
		return nil
	}
	secs := sections(idx, m)
	sort.SliceStable(secs, func(i, j int) bool { return len(secs[i].free) > len(secs[j].free) })
	have := map[string]bool{}
	for _, f := range m.files {
		have[strings.ToLower(filepath.Base(f.path))] = true
	}
	var out []Proposal
	for _, s := range secs {
		if length <= budget || len(s.free) < 2 {
			break
		}
		to := filepath.Join(filepath.Dir(idx.path), topicName(s.heading, have))
		why := fmt.Sprintf("section %q moved to %s: MEMORY.md is over its budget of %d lines", s.heading, filepath.Base(to), budget)
		for _, n := range s.free {
			out = append(out, Proposal{Action: ActionMove, Path: idx.path, Line: idx.lines[n-1], LineNo: n, To: to, Why: why})
		}
		length -= len(s.free) - 1
	}
	return out
}

// sections lists the index's sections under headings of level 2 and
// deeper (the file's own title stays), with the lines still free.
func sections(f *file, m *memory) []section {
	var out []section
	for i, l := range f.lines {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "##") {
			continue
		}
		if len(out) > 0 && out[len(out)-1].end < 0 {
			out[len(out)-1].end = i
		}
		out = append(out, section{heading: strings.TrimSpace(strings.TrimLeft(t, "#")), start: i, end: -1})
	}
	if len(out) > 0 && out[len(out)-1].end < 0 {
		out[len(out)-1].end = len(f.lines)
	}
	for k := range out {
		s := &out[k]
		for s.end > s.start+1 && strings.TrimSpace(f.lines[s.end-1]) == "" {
			s.end-- // trailing blank lines stay as the gap before the next section
		}
		for i := s.start; i < s.end; i++ {
			if !m.claimed[m.key(f.path, i+1)] {
				s.free = append(s.free, i+1)
			}
		}
	}
	return out
}

// topicName is a file name for a section: its heading in lower case with
// dashes, ".md", not taken by another memory file.
func topicName(heading string, have map[string]bool) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(heading) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	stem := strings.Trim(b.String(), "-")
	if stem == "" || stem == "memory" || stem == "archive" || stem == "dream" {
		stem = "notes-" + stem
		stem = strings.Trim(stem, "-")
	}
	name := stem + ".md"
	for i := 2; have[name]; i++ {
		name = fmt.Sprintf("%s-%d.md", stem, i)
	}
	have[name] = true
	return name
}
