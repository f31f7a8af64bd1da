package upkeep

import (
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/tombstone"
)

// Action is what a proposal does to memory, as `inbox list --json` names
// it per hunk (DESIGN §12).
type Action string

// Actions of upkeep; ActionAdd is an ordinary extraction candidate.
const (
	ActionAdd     Action = evidence.ActionAdd
	ActionMerge   Action = evidence.ActionMerge
	ActionReplace Action = evidence.ActionReplace
	ActionArchive Action = evidence.ActionArchive
	ActionMove    Action = evidence.ActionMove
)

// Defaults of the pass: Claude Code loads the first 200 lines of
// MEMORY.md, and half a year without a mention makes a line unused.
const (
	DefaultIndexBudget = 200
	DefaultDecay       = 180 * 24 * time.Hour
)

// File is one memory file of the project's targets.
type File struct {
	Path    string
	Kind    patch.Kind // patch.Private or patch.Global
	Content string
}

// Input is everything one pass reads; the caller loads it.
type Input struct {
	// Files are the memory files: the global file, MEMORY.md and the
	// topic files beside it. archive.md is never judged.
	Files []File
	// Index and Archive are MEMORY.md and archive.md (memdir.Dir).
	Index, Archive string
	// Sessions are the processed sessions, any order.
	Sessions []Session
	// Tree answers the freshness check (nil: no stale check).
	Tree Tree
	// Evidence is what was recorded for memory lines (nil: none); it
	// dates a line and tells a dismissed reason from a new one.
	Evidence *evidence.Store
	// Tombstones are the dismissed and kept lines (nil: none).
	Tombstones *tombstone.Set
	// Now is the clock; Decay (0: DefaultDecay) and IndexBudget (0:
	// DefaultIndexBudget) are the settings.
	Now         time.Time
	Decay       time.Duration
	IndexBudget int
	// Dream are the dream notes to propose with the changes (Dream over
	// the sessions since the last dream.md; nil: none).
	Dream []DreamItem
}

// Proposal is one upkeep change of one memory line, with its reason.
type Proposal struct {
	Action Action
	// Path and Line are the file and the line (as written, 1-based
	// number LineNo) the change removes or replaces.
	Path   string
	Line   string
	LineNo int
	// With is the replacement line (replace).
	With string
	// To is where the line goes: archive.md, or a topic file (move).
	To string
	// Why is the reason shown in review, e.g. "duplicate of line 12
	// (same words: …)".
	Why string
	// Proofs are the sessions behind it, oldest first.
	Proofs []Proof
}

// Plan runs every check over the memory files and returns the proposals,
// at most one per line, in file then line order: duplicates, then
// superseded values, stale references, unused lines, and last an index
// over its budget.
func Plan(in Input) []Proposal {
	if in.Decay <= 0 {
		in.Decay = DefaultDecay
	}
	if in.IndexBudget <= 0 {
		in.IndexBudget = DefaultIndexBudget
	}
	m := load(in)
	hist := newHistory(in.Sessions)
	var out []Proposal
	claim := func(ps ...Proposal) {
		for _, p := range ps {
			k := m.key(p.Path, p.LineNo)
			if m.claimed[k] {
				continue
			}
			// A line kept from this very proposal stays claimed: a later
			// check must not propose it again for another reason.
			m.claimed[k] = true
			if !in.dismissed(p) {
				out = append(out, p)
			}
		}
	}
	claim(duplicates(m)...)
	claim(superseded(m, hist, in.Evidence)...)
	if in.Tree != nil {
		claim(stale(m, hist, in.Tree, in.Now)...)
	}
	claim(unused(m, hist, in.Evidence, in.Now, in.Decay)...)
	if !in.movesDeclined(m) {
		claim(overBudget(m, in.IndexBudget, out)...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return m.order[out[i].Path] < m.order[out[j].Path]
		}
		return out[i].LineNo < out[j].LineNo
	})
	for i := range out {
		if out[i].To == "" {
			out[i].To = in.Archive
		}
	}
	return out
}

// dismissed reports whether a person kept p.Line when this very reason was
// proposed before: it comes back only with a new reason.
func (in Input) dismissed(p Proposal) bool {
	at, ok := in.Tombstones.Kept(p.Line)
	if !ok {
		return false
	}
	for _, e := range in.Evidence.For(p.Line) {
		if e.Why == p.Why && e.At <= at {
			return true
		}
	}
	return false
}

// movesDeclined reports whether a person dismissed moving part of the
// index into a topic file: no other section is proposed instead, the index
// stays as they keep it.
func (in Input) movesDeclined(m *memory) bool {
	if m.index == nil {
		return false
	}
	for _, l := range m.index.lines {
		at, ok := in.Tombstones.Kept(l)
		if !ok {
			continue
		}
		for _, e := range in.Evidence.For(l) {
			if e.Action == string(ActionMove) && e.At <= at {
				return true
			}
		}
	}
	return false
}

// memory is the loaded memory files, split into lines.
type memory struct {
	files   []*file
	index   *file // MEMORY.md, nil when absent
	order   map[string]int
	claimed map[string]bool
}

type file struct {
	path  string
	kind  patch.Kind
	lines []string
}

func (m *memory) key(path string, n int) string { return path + "\x00" + strconv.Itoa(n) }

// load orders the files (the global file first, then MEMORY.md, then the
// topic files by name) and leaves out archive.md and dream.md, whose lines
// are not memory to judge.
func load(in Input) *memory {
	m := &memory{order: map[string]int{}, claimed: map[string]bool{}}
	files := append([]File(nil), in.Files...)
	rank := func(f File) int {
		switch {
		case f.Kind == patch.Global:
			return 0
		case f.Path == in.Index:
			return 1
		}
		return 2
	}
	sort.SliceStable(files, func(i, j int) bool {
		if ri, rj := rank(files[i]), rank(files[j]); ri != rj {
			return ri < rj
		}
		return files[i].Path < files[j].Path
	})
	for _, f := range files {
		base := strings.ToLower(filepath.Base(f.Path))
		if f.Path == in.Archive || base == "archive.md" || base == DreamFile {
			continue
		}
		lf := &file{path: f.Path, kind: f.Kind, lines: splitLines(f.Content)}
		m.order[f.Path] = len(m.files)
		m.files = append(m.files, lf)
		if f.Path == in.Index {
			m.index = lf
		}
	}
	return m
}

// splitLines splits content into lines without their terminators.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// each calls fn for every judgeable memory line (not a heading, pointer,
// blank line or code block), in order.
func (m *memory) each(fn func(f *file, n int, text string)) {
	for _, f := range m.files {
		fence := false
		for i, l := range f.lines {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
				fence = !fence
				continue
			}
			if fence || !isMemoryLine(t) {
				continue
			}
			fn(f, i+1, l)
		}
	}
}

// isMemoryLine reports whether a trimmed line states something: not blank,
// a heading, an HTML comment or a pointer to another memory file.
func isMemoryLine(t string) bool {
	switch {
	case t == "", strings.HasPrefix(t, "#"), strings.HasPrefix(t, "<!--"):
		return false
	}
	return !isPointer(t)
}

// isPointer reports whether a line only points at a topic file: a markdown
// link to a .md file, or Gemini CLI's "See <path>.md for … notes." line.
func isPointer(t string) bool {
	body := strings.TrimSpace(strings.TrimLeft(t, "-*+ "))
	if strings.HasPrefix(body, "[") && strings.Contains(body, ".md)") {
		return true
	}
	return strings.HasPrefix(body, "See ") && strings.Contains(body, ".md for ")
}
