package intent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"

	"github.com/automem/automem/internal/patch"
)

// text is a target file as lines without their terminators.
type text struct {
	lines  []string
	noEOL  bool // the last line has no newline
	exists bool
	raw    []byte
}

func readText(path string) (text, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return text{}, nil
	}
	if err != nil {
		return text{}, fmt.Errorf("read memory target %s: %w", path, err)
	}
	t := text{exists: true, raw: data}
	s := string(data)
	if s != "" {
		t.noEOL = !strings.HasSuffix(s, "\n")
		t.lines = strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	}
	return t, nil
}

// weight makes the nearest matching context line count most, and any
// matching non-blank line outweigh every matching blank one: an insert or
// delete near the change shifts the farther lines, never the nearest.
func weight(s string, dist int) int {
	if strings.TrimSpace(s) == "" {
		return 3 - dist
	}
	return [contextLines]int{1000, 100, 10}[dist]
}

// score rates placing it at lines[p:p+n] by the context lines that match
// there, nearest first, and by its section.
func score(lines []string, it Intent, p, n int) int {
	s := 0
	for i := range min(len(it.Before), contextLines) {
		k, b := p-1-i, it.Before[len(it.Before)-1-i]
		if k >= 0 && lines[k] == b {
			s += weight(b, i)
		}
	}
	for i, a := range it.After[:min(len(it.After), contextLines)] {
		if k := p + n + i; k < len(lines) && lines[k] == a {
			s += weight(a, i)
		}
	}
	if it.AtEOF && p+n == len(lines) {
		s++
	}
	if it.Heading != "" && headingAbove(lines, p) == it.Heading {
		s += 5
	}
	return s
}

// place finds where it goes in lines: the index of the first line it
// removes, or where it inserts. ok is false when its lines to remove are
// gone.
func place(lines []string, it Intent) (pos int, ok bool) {
	n := len(it.Remove)
	best, at := -1, -1
	if n > 0 {
		for p := 0; p+n <= len(lines); p++ {
			if lines[p] != it.Remove[0] || !eq(lines[p:p+n], it.Remove) {
				continue
			}
			if s := score(lines, it, p, n); s > best {
				best, at = s, p
			}
		}
		return at, at >= 0
	}
	for p := 0; p <= len(lines); p++ {
		if s := score(lines, it, p, 0); s > best {
			best, at = s, p
		}
	}
	if best >= 10 {
		return at, true // at least one non-blank context line matches
	}
	if it.Heading != "" {
		if end, found := sectionEnd(lines, it.Heading); found {
			return end, true
		}
	}
	return len(lines), true
}

// sectionEnd is the index after the last non-blank line of the section
// under heading.
func sectionEnd(lines []string, heading string) (int, bool) {
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == heading {
			start = i
			break
		}
	}
	if start < 0 {
		return 0, false
	}
	end := len(lines)
	for i := start + 1; i < len(lines); i++ {
		if isHeading(lines[i]) && level(lines[i]) <= level(heading) {
			end = i
			break
		}
	}
	for end > start+1 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	return end, true
}

// present reports whether every non-blank added line is already in lines
// (and there is at least one).
func present(lines []string, add []string) bool {
	have := make(map[string]bool, len(lines))
	for _, l := range lines {
		have[l] = true
	}
	n := 0
	for _, a := range add {
		if strings.TrimSpace(a) == "" {
			continue
		}
		if !have[a] {
			return false
		}
		n++
	}
	return n > 0
}

// placed is an intent with its place in the current file.
type placed struct {
	pos, n int
	idx    int
}

// renderFile applies the intents of one file to its current text. It
// returns the new content and, per intent index, "" (rendered), retired or
// the reason it needs attention.
func renderFile(t text, its []Intent, idx []int) (out []byte, verdict map[int]string) {
	verdict = map[int]string{}
	lines := t.lines
	var ps []placed
	for _, i := range idx {
		it := its[i]
		if it.Create && !t.exists {
			continue
		}
		pos, ok := place(lines, it)
		if ok && it.Heading == "" && !it.Create {
			its[i].Heading = headingAbove(lines, pos)
		}
		gone := len(it.Remove) > 0 && !ok
		if present(lines, it.Add) && (len(it.Remove) == 0 || gone) {
			verdict[i] = retired
			continue
		}
		if gone {
			verdict[i] = fmt.Sprintf("the %s it changes %s gone: %q", plural(len(it.Remove)), isAre(len(it.Remove)), it.Remove[0])
			continue
		}
		if it.Create {
			ps = append(ps, placed{pos: len(lines), idx: i})
			continue
		}
		ps = append(ps, placed{pos: pos, n: len(it.Remove), idx: i})
	}
	sort.SliceStable(ps, func(a, b int) bool { return ps[a].pos < ps[b].pos })
	var b strings.Builder
	cursor, touchesEnd := 0, false
	for _, p := range ps {
		if p.pos < cursor {
			verdict[p.idx] = "it overlaps another pending change of the same lines"
			continue
		}
		for _, l := range lines[cursor:p.pos] {
			b.WriteString(l + "\n")
		}
		add := its[p.idx].Add
		if its[p.idx].Create {
			add = missing(lines, add)
		}
		for _, l := range add {
			b.WriteString(l + "\n")
		}
		cursor = p.pos + p.n
		if cursor == len(lines) && (p.n > 0 || len(add) > 0) {
			touchesEnd = true
		}
	}
	for _, l := range lines[cursor:] {
		b.WriteString(l + "\n")
	}
	// Creations of a file that does not exist yet: in store order.
	for _, i := range idx {
		if its[i].Create && !t.exists {
			for _, l := range its[i].Add {
				b.WriteString(l + "\n")
			}
		}
	}
	s := b.String()
	if t.noEOL && !touchesEnd {
		s = strings.TrimSuffix(s, "\n")
	}
	return []byte(s), verdict
}

// missing is the non-blank lines of add not in lines, for a creation
// whose file appeared meanwhile.
func missing(lines, add []string) []string {
	have := map[string]bool{}
	for _, l := range lines {
		have[l] = true
	}
	var out []string
	for _, a := range add {
		if strings.TrimSpace(a) != "" && !have[a] {
			out = append(out, a)
		}
	}
	return out
}

const retired = "\x00retired"

func plural(n int) string {
	if n == 1 {
		return "line"
	}
	return "lines"
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// render re-anchors every intent on the current files and returns the one
// canonical patch (nil when nothing is pending) and the intents still kept
// (pending or needing attention, retired ones dropped).
func render(its []Intent) (*patch.Patch, []Intent, error) {
	var order []string
	byPath := map[string][]int{}
	for i, it := range its {
		if _, ok := byPath[it.Path]; !ok {
			order = append(order, it.Path)
		}
		byPath[it.Path] = append(byPath[it.Path], i)
	}
	out := &patch.Patch{}
	verdicts := map[int]string{}
	for _, path := range order {
		t, err := readText(path)
		if err != nil {
			return nil, nil, err
		}
		data, v := renderFile(t, its, byPath[path])
		for i, s := range v {
			verdicts[i] = s
		}
		var old []byte
		if t.exists {
			old = t.raw
			if old == nil {
				old = []byte{}
			}
		}
		if f := patch.Diff(path, old, data); f != nil {
			out.Files = append(out.Files, f)
		}
	}
	var kept []Intent
	for i, it := range its {
		switch v := verdicts[i]; v {
		case retired:
			continue
		default:
			it.Attention = v
		}
		kept = append(kept, it)
	}
	if len(out.Files) == 0 {
		return nil, kept, nil
	}
	return out, kept, nil
}
