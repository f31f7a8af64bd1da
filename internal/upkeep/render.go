package upkeep

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/patch"
)

// DreamFile is the topic file of dream notes beside MEMORY.md.
const DreamFile = "dream.md"

// archiveHead opens a new archive.md.
const archiveHead = "# Archive\n\nLines memory upkeep took out of memory, with the reason. Nothing here is loaded as memory.\n\n"

// archivePointer is the index line naming archive.md, so Gemini CLI does
// not add a pointer of its own when the file is created.
const archivePointer = "- [Archive](archive.md): lines taken out of memory by upkeep, with the reason."

// Change is the new content of one memory file.
type Change struct {
	Path string
	Kind patch.Kind
	// Old is the current content; Exists is false for a file to create.
	Old    string
	Exists bool
	New    string
}

// Render applies the proposals to the input's files and returns the
// changed files in a stable order (memory files, then topic files and
// archive.md) and the evidence of every changed line.
func Render(in Input, props []Proposal) ([]Change, []evidence.Item) {
	byPath := map[string]File{}
	for _, f := range in.Files {
		byPath[f.Path] = f
	}
	at := map[string]map[int]Proposal{}
	for _, p := range props {
		if at[p.Path] == nil {
			at[p.Path] = map[int]Proposal{}
		}
		at[p.Path][p.LineNo] = p
	}
	stamp := in.Now.UTC().Format(time.RFC3339)
	var ev []evidence.Item
	note := func(text, target string, p Proposal) {
		it := evidence.Item{Text: text, Target: target, Action: string(p.Action), Why: p.Why, At: stamp}
		if n := len(p.Proofs); n > 0 {
			last := p.Proofs[n-1]
			it.SessionID, it.MessageID, it.Quote = last.SessionID, last.MessageID, evidence.Cut(last.Quote, evidence.MaxQuote)
		}
		ev = append(ev, it)
	}
	var out []Change
	extra := map[string][]string{} // added to topic files and archive.md, in order
	var extraOrder []string
	addTo := func(path, line string, p Proposal) {
		if _, ok := extra[path]; !ok {
			extraOrder = append(extraOrder, path)
		}
		extra[path] = append(extra[path], line)
		if strings.TrimSpace(line) != "" {
			note(line, path, p)
		}
	}
	paths := make([]string, 0, len(at))
	for p := range at {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		f := byPath[path]
		lines := splitLines(f.Content)
		var b strings.Builder
		pointed := map[string]bool{}
		for i, l := range lines {
			p, ok := at[path][i+1]
			if !ok {
				b.WriteString(l + "\n")
				continue
			}
			note(l, path, p)
			switch p.Action {
			case ActionReplace:
				b.WriteString(p.With + "\n")
				note(p.With, path, p)
				addTo(in.Archive, archived(l, path, p, in.Now), p)
			case ActionMove:
				if !pointed[p.To] {
					pointed[p.To] = true
					ptr := fmt.Sprintf("- [%s](%s)", strings.TrimSpace(strings.TrimLeft(l, "#")), filepath.Base(p.To))
					b.WriteString(ptr + "\n")
					note(ptr, path, p)
				}
				addTo(p.To, l, p)
			default:
				addTo(in.Archive, archived(l, path, p, in.Now), p)
			}
		}
		out = append(out, Change{Path: path, Kind: f.Kind, Old: f.Content, Exists: true, New: b.String()})
	}
	if d := dreamNotes(in, byPath); d != nil {
		why := "replaced by the dream notes of " + day(in.Now)
		for _, l := range d.old {
			addTo(in.Archive, archived(l.text, d.path, Proposal{LineNo: l.n, Why: why}, in.Now), Proposal{Action: ActionArchive, Why: why})
		}
		out = append(out, d.change)
		for _, it := range d.items {
			ev = append(ev, evidence.Item{Text: "- " + it.Line, Target: d.path, SessionID: it.Proof.SessionID, MessageID: it.Proof.MessageID,
				Quote: evidence.Cut(it.Proof.Quote, evidence.MaxQuote), At: stamp})
		}
		out = point(in, byPath, out, DreamFile, dreamPointer, func(ptr string) {
			note(ptr, in.Index, Proposal{Action: ActionAdd, Why: "dream.md is new: the index names it"})
		})
	}
	if _, ok := extra[in.Archive]; ok {
		out = point(in, byPath, out, filepath.Base(in.Archive), archivePointer, func(ptr string) {
			note(ptr, in.Index, Proposal{Action: ActionArchive, Why: "archive.md is new: the index names it"})
		})
	}
	for _, path := range extraOrder {
		f, exists := byPath[path]
		old := f.Content
		body := strings.Join(extra[path], "\n") + "\n"
		next := old
		switch {
		case !exists && path == in.Archive:
			next = archiveHead + body
		case !exists:
			next = body
		default:
			if next != "" && !strings.HasSuffix(next, "\n") {
				next += "\n"
			}
			next += body
		}
		out = append(out, Change{Path: path, Kind: patch.Private, Old: old, Exists: exists, New: next})
	}
	return out, ev
}

// archived is the archive.md line for a line taken out of memory: its text,
// when and where from, and why.
func archived(line, path string, p Proposal, now time.Time) string {
	body := strings.TrimSpace(line[len(marker(line)):])
	return patch.ArchivedLine(body, day(now), filepath.Base(path), p.LineNo, p.Why)
}

// point adds a pointer line naming the topic file name to the index,
// unless the index names it already or the file exists (creating the
// index if needed).
func point(in Input, byPath map[string]File, out []Change, name, line string, noted func(string)) []Change {
	if _, exists := byPath[filepath.Join(filepath.Dir(in.Index), name)]; exists {
		return out
	}
	for i, c := range out {
		if c.Path == in.Index {
			if !strings.Contains(c.New, name) {
				out[i].New = addPointer(c.New, line)
				noted(line)
			}
			return out
		}
	}
	f, exists := byPath[in.Index]
	if strings.Contains(f.Content, name) {
		return out
	}
	noted(line)
	return append(out, Change{Path: in.Index, Kind: patch.Private, Old: f.Content, Exists: exists, New: addPointer(f.Content, line)})
}

// addPointer puts a pointer line at the end of the index's opening part
// (before its first section heading, after the lines above it), or at the
// end when it has no sections.
func addPointer(s, line string) string {
	lines := splitLines(s)
	at := len(lines)
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "##") {
			at = i
			break
		}
	}
	for at > 0 && strings.TrimSpace(lines[at-1]) == "" {
		at--
	}
	out := append(append(append([]string(nil), lines[:at]...), line), lines[at:]...)
	return strings.Join(out, "\n") + "\n"
}
