package upkeep

import (
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/patch"
)

// dreamPointer is the index line naming dream.md.
const dreamPointer = "- [Dream notes](dream.md): what worked, mistakes, rules of judgement and warning signs from past sessions."

// numbered is a line of a file with its 1-based number.
type numbered struct {
	n    int
	text string
}

// dreamChange is dream.md as the dream notes rewrite it.
type dreamChange struct {
	path   string
	change Change
	items  []DreamItem // the notes written, for their evidence
	old    []numbered  // the lines the new notes take the place of
}

// dreamNotes renders the input's dream notes (those not dismissed before)
// as dream.md: a title and the four sections, each item a list line. The
// lines of an earlier dream.md go to the archive, never lost. nil when
// there is nothing to write.
func dreamNotes(in Input, byPath map[string]File) *dreamChange {
	var items []DreamItem
	for _, it := range in.Dream {
		if !in.Tombstones.Has("- " + it.Line) {
			items = append(items, it)
		}
	}
	if len(items) == 0 {
		return nil
	}
	path := filepath.Join(filepath.Dir(in.Index), DreamFile)
	var b strings.Builder
	b.WriteString("# Dream notes\n\nWhat past sessions taught, as of " + day(in.Now) + "; each line names its evidence in review.\n")
	for _, sec := range []string{SectionWorked, SectionMistakes, SectionJudgement, SectionWarnings} {
		first := true
		for _, it := range items {
			if it.Section != sec {
				continue
			}
			if first {
				b.WriteString("\n## " + sec + "\n\n")
				first = false
			}
			b.WriteString("- " + it.Line + "\n")
		}
	}
	d := &dreamChange{path: path, items: items}
	f, exists := byPath[path]
	d.change = Change{Path: path, Kind: patch.Private, Old: f.Content, Exists: exists, New: b.String()}
	for i, l := range splitLines(f.Content) {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") && !strings.Contains(b.String(), l+"\n") {
			d.old = append(d.old, numbered{n: i + 1, text: l})
		}
	}
	return d
}
