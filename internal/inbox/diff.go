package inbox

// This file is the inbox's local patch model: parse, render, select and
// apply. It stands in for internal/patch until that engine's Select and
// Commit land; every patch operation the inbox performs goes through here so
// the swap touches one file.

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// DevNull is the old-side name of a section that creates its target.
const DevNull = "/dev/null"

// Line is one hunk line: Op is ' ', '+' or '-'.
type Line struct {
	Op   byte
	Text string
}

// Hunk is one @@ block; OldStart/NewStart are 1-based as written (a side with
// zero lines names the line after which the change goes).
type Hunk struct {
	OldStart, OldLines, NewStart, NewLines int
	Section                                string
	Lines                                  []Line
}

// Section is one ---/+++ pair; several may name the same target, each
// applying on top of the ones before.
type Section struct {
	Path   string
	Create bool
	Hunks  []*Hunk
}

// Patch is a parsed unified diff.
type Patch struct {
	Sections []*Section
}

// ErrMalformed and friends are the reason names printed on refusal, matching
// the design's patch reasons.
const (
	ReasonMalformed      = "malformed"
	ReasonNoHunks        = "noHunks"
	ReasonMissingTarget  = "missingTargetPath"
	ReasonBadHeaders     = "invalidPatchHeaders"
	ReasonOutside        = "outsideAllowedRoots"
	ReasonExists         = "newFileAlreadyExists"
	ReasonNotFound       = "targetNotFound"
	ReasonDoesNotApply   = "doesNotApply"
	ReasonNotRegularFile = "notRegularFile"
)

// PatchError is a refusal with its reason name first, so it prints as-is.
type PatchError struct {
	Reason string
	Detail string
}

func (e *PatchError) Error() string { return e.Reason + ": " + e.Detail }

func refuse(reason, format string, args ...any) *PatchError {
	return &PatchError{Reason: reason, Detail: fmt.Sprintf(format, args...)}
}

var hunkRE = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$`)

// ParsePatch parses a strict unified diff: exact hunk counts, absolute and
// identical names (or /dev/null to create), a/ b/ prefixes stripped.
func ParsePatch(data []byte) (*Patch, error) {
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	lines := strings.Split(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	p := &Patch{}
	i := 0
	for i < len(lines) {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "--- "):
			if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "+++ ") {
				return nil, refuse(ReasonMalformed, "line %d: --- without +++", i+1)
			}
			sec, err := sectionOf(headerName(l[4:]), headerName(lines[i+1][4:]))
			if err != nil {
				return nil, err
			}
			i += 2
			for i < len(lines) && strings.HasPrefix(lines[i], "@@") {
				h, next, err := parseHunk(lines, i)
				if err != nil {
					return nil, err
				}
				sec.Hunks = append(sec.Hunks, h)
				i = next
			}
			if len(sec.Hunks) == 0 {
				return nil, refuse(ReasonNoHunks, "%s has no hunks", sec.Path)
			}
			p.Sections = append(p.Sections, sec)
		case strings.HasPrefix(l, "diff ") || strings.HasPrefix(l, "index ") || strings.HasPrefix(l, "Index: ") || strings.HasPrefix(l, "===") || (l == "" && len(p.Sections) == 0):
			i++
		default:
			return nil, refuse(ReasonMalformed, "line %d: unexpected %q", i+1, clip(l))
		}
	}
	if len(p.Sections) == 0 {
		return nil, refuse(ReasonNoHunks, "no file sections")
	}
	return p, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// headerName drops a tab-separated timestamp and one a/ or b/ prefix.
func headerName(s string) string {
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	s = strings.TrimRight(s, " ")
	if strings.HasPrefix(s, "a/") || strings.HasPrefix(s, "b/") {
		s = s[2:]
	}
	return s
}

func sectionOf(oldName, newName string) (*Section, error) {
	if oldName == "" || newName == "" {
		return nil, refuse(ReasonMissingTarget, "empty file name")
	}
	if strings.ContainsAny(newName, "\x00\n") || !strings.HasPrefix(newName, "/") || newName == DevNull {
		return nil, refuse(ReasonBadHeaders, "target %q is not an absolute path", clip(newName))
	}
	if oldName == DevNull {
		return &Section{Path: newName, Create: true}, nil
	}
	if oldName != newName {
		return nil, refuse(ReasonBadHeaders, "names differ: %q and %q", clip(oldName), clip(newName))
	}
	return &Section{Path: newName}, nil
}

func parseHunk(lines []string, i int) (*Hunk, int, error) {
	m := hunkRE.FindStringSubmatch(lines[i])
	if m == nil {
		return nil, 0, refuse(ReasonMalformed, "line %d: bad hunk header", i+1)
	}
	num := func(s string, def int) int {
		if s == "" {
			return def
		}
		n, _ := strconv.Atoi(s)
		return n
	}
	h := &Hunk{OldStart: num(m[1], 0), OldLines: num(m[2], 1), NewStart: num(m[3], 0), NewLines: num(m[4], 1), Section: m[5]}
	oldN, newN := 0, 0
	i++
	for i < len(lines) && (oldN < h.OldLines || newN < h.NewLines) {
		l := lines[i]
		op := byte(' ')
		text := ""
		if l != "" {
			op, text = l[0], l[1:]
		}
		switch op {
		case ' ':
			oldN++
			newN++
		case '-':
			oldN++
		case '+':
			newN++
		case '\\':
			i++
			continue
		default:
			return nil, 0, refuse(ReasonMalformed, "line %d: bad hunk line", i+1)
		}
		h.Lines = append(h.Lines, Line{Op: op, Text: text})
		i++
	}
	for i < len(lines) && strings.HasPrefix(lines[i], `\`) {
		i++
	}
	if oldN != h.OldLines || newN != h.NewLines {
		return nil, 0, refuse(ReasonMalformed, "hunk at line %d: counts do not match its lines", i)
	}
	return h, i, nil
}

// Render prints p as a unified diff Gemini CLI's inbox accepts.
func (p *Patch) Render() []byte {
	var b strings.Builder
	for _, s := range p.Sections {
		old := s.Path
		if s.Create {
			old = DevNull
		}
		fmt.Fprintf(&b, "--- %s\n+++ %s\n", old, s.Path)
		for _, h := range s.Hunks {
			h.writeTo(&b)
		}
	}
	return []byte(b.String())
}

func (h *Hunk) writeTo(b *strings.Builder) {
	fmt.Fprintf(b, "@@ -%d,%d +%d,%d @@%s\n", h.OldStart, h.OldLines, h.NewStart, h.NewLines, h.Section)
	for _, l := range h.Lines {
		b.WriteByte(l.Op)
		b.WriteString(l.Text)
		b.WriteByte('\n')
	}
}

// NumHunks counts the hunks of every section.
func (p *Patch) NumHunks() int {
	n := 0
	for _, s := range p.Sections {
		n += len(s.Hunks)
	}
	return n
}

// oldPos is the 0-based index of the first line the old side covers.
func (h *Hunk) oldPos() int {
	if h.OldLines == 0 {
		return h.OldStart
	}
	return h.OldStart - 1
}

// sides returns the old and new side texts.
func (h *Hunk) sides() (old, new []string) {
	for _, l := range h.Lines {
		if l.Op != '+' {
			old = append(old, l.Text)
		}
		if l.Op != '-' {
			new = append(new, l.Text)
		}
	}
	return old, new
}

// HasChanges reports whether the hunk adds or removes anything.
func (h *Hunk) HasChanges() bool {
	for _, l := range h.Lines {
		if l.Op != ' ' {
			return true
		}
	}
	return false
}

// recount sets counts and starts from the lines, given the 0-based old
// position and the running new-side delta of the hunks before it.
func (h *Hunk) recount(oldPos, delta int) {
	h.OldLines, h.NewLines = 0, 0
	for _, l := range h.Lines {
		if l.Op != '+' {
			h.OldLines++
		}
		if l.Op != '-' {
			h.NewLines++
		}
	}
	h.OldStart = oldPos + 1
	if h.OldLines == 0 {
		h.OldStart = oldPos
	}
	newPos := oldPos + delta
	h.NewStart = newPos + 1
	if h.NewLines == 0 {
		h.NewStart = newPos
	}
}

// trimContext keeps at most n context lines at each edge, returning the
// number of leading lines dropped.
func (h *Hunk) trimContext(n int) int {
	lead := 0
	for lead < len(h.Lines) && h.Lines[lead].Op == ' ' {
		lead++
	}
	trail := 0
	for trail < len(h.Lines)-lead && h.Lines[len(h.Lines)-1-trail].Op == ' ' {
		trail++
	}
	drop := max(lead-n, 0)
	end := len(h.Lines) - max(trail-n, 0)
	h.Lines = h.Lines[drop:end]
	return drop
}

// splitText cuts file content into lines without terminators.
func splitText(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func joinText(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// applySection applies sec's hunks to lines: each at its stated line shifted
// by the previous hunk's offset, else at the single place after the previous
// hunk where its old side matches exactly.
func applySection(lines []string, sec *Section) ([]string, error) {
	out := make([]string, 0, len(lines)+16)
	cursor, offset := 0, 0
	for k, h := range sec.Hunks {
		old, nw := h.sides()
		pos := locate(lines, old, cursor, h.oldPos()+offset)
		if pos < 0 {
			return nil, refuse(ReasonDoesNotApply, "%s hunk %d: context does not match near line %d", sec.Path, k+1, h.OldStart)
		}
		out = append(out, lines[cursor:pos]...)
		out = append(out, nw...)
		offset = pos - h.oldPos()
		cursor = pos + len(old)
	}
	return append(out, lines[cursor:]...), nil
}

func locate(lines, want []string, min, stated int) int {
	match := func(at int) bool {
		if at < min || at+len(want) > len(lines) {
			return false
		}
		for j, w := range want {
			if lines[at+j] != w {
				return false
			}
		}
		return true
	}
	if match(stated) {
		return stated
	}
	found := -1
	for at := min; at+len(want) <= len(lines); at++ {
		if match(at) {
			if found >= 0 {
				return -1
			}
			found = at
		}
	}
	return found
}
