package patch

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// Caps that bound the work a hostile patch can cause.
const (
	// MaxPatchBytes caps a patch file; larger input is refused as tooLarge
	// before it is read in full.
	MaxPatchBytes = 1 << 20
	// MaxLineNumber caps @@ starts and counts.
	MaxLineNumber = 10_000_000
	// MaxFileBytes caps a target file read for a dry run and the result written.
	MaxFileBytes = 8 << 20
)

var (
	hunkHeaderRE = lazyregexp.New(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@(.*)$`)
	// edLikeRE recognises ed-script and normal-diff commands for a clearer refusal.
	edLikeRE = lazyregexp.New(`^(\d+(,\d+)?[acdis].*|\.|\d*,?\d*[acd]\d+(,\d+)?|!.*|[wqe]( .*)?)$`)
)

// parser holds the cursor over the patch lines.
type parser struct {
	lines []string
	i     int
}

func (ps *parser) errf(r Reason, format string, args ...any) *Error {
	return &Error{Reason: r, Line: ps.i + 1, Detail: fmt.Sprintf(format, args...)}
}

// Parse parses a strict unified diff and applies every rule that needs no
// filesystem: exact hunk counts, Gemini's header rules, no deletes, renames,
// mode changes, binary patches or ed scripts, lexical name checks and size
// caps. Targets are checked later by Check or DryRun.
func Parse(data []byte) (*Patch, error) {
	if len(data) > MaxPatchBytes {
		return nil, &Error{Reason: TooLarge, Detail: fmt.Sprintf("patch is %d bytes, cap %d", len(data), MaxPatchBytes)}
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		start := bytes.LastIndexByte(data[:i], '\n') + 1
		line := bytes.Count(data[:i], []byte("\n")) + 1
		if bytes.HasPrefix(data[start:], []byte("--- ")) || bytes.HasPrefix(data[start:], []byte("+++ ")) {
			return nil, &Error{Reason: InvalidPatchHeaders, Line: line, Detail: "NUL byte in a name"}
		}
		return nil, &Error{Reason: Unsupported, Line: line, Detail: "NUL byte: binary content"}
	}
	text := string(data)
	text = strings.TrimSuffix(text, "\n")
	var lines []string
	if text != "" {
		lines = strings.Split(text, "\n")
	}
	ps := &parser{lines: lines}
	p := &Patch{}
	pendingGit := false
	for ps.i < len(ps.lines) {
		line := ps.lines[ps.i]
		hdr := strings.TrimSuffix(line, "\r")
		switch {
		case hdr == "":
			ps.i++
		case strings.HasPrefix(hdr, "diff "):
			if pendingGit {
				return nil, ps.errf(NoHunks, "git section without hunks")
			}
			pendingGit = true
			ps.i++
		case strings.HasPrefix(hdr, "index "), strings.HasPrefix(hdr, "Index: "), strings.HasPrefix(hdr, "===="):
			ps.i++
		case strings.HasPrefix(hdr, "new file mode "):
			if strings.TrimSpace(strings.TrimPrefix(hdr, "new file mode ")) != "100644" {
				return nil, ps.errf(Unsupported, "new file mode other than 100644")
			}
			ps.i++
		case isUnsupportedHeader(hdr):
			return nil, ps.errf(Unsupported, "%s", unsupportedWhat(hdr))
		case strings.HasPrefix(hdr, "--- "):
			f, err := ps.section()
			if err != nil {
				return nil, err
			}
			p.Files = append(p.Files, f)
			pendingGit = false
		case strings.HasPrefix(hdr, "+++ "), strings.HasPrefix(hdr, "@@"):
			return nil, ps.errf(MissingTargetPath, "section without --- header")
		case edLikeRE().MatchString(hdr):
			return nil, ps.errf(Malformed, "ed script or normal diff command")
		default:
			return nil, ps.errf(Malformed, "unexpected line outside a hunk")
		}
	}
	if pendingGit {
		return nil, ps.errf(NoHunks, "git section without hunks")
	}
	if len(p.Files) == 0 {
		return nil, &Error{Reason: NoHunks, Detail: "no file sections"}
	}
	changes := 0
	for _, f := range p.Files {
		for _, h := range f.Hunks {
			a, r := h.Changes()
			changes += a + r
		}
	}
	if changes == 0 {
		return nil, &Error{Reason: NoHunks, Detail: "no changes"}
	}
	return p, nil
}

func isUnsupportedHeader(l string) bool {
	for _, pre := range []string{"old mode ", "new mode ", "deleted file mode ", "rename from ", "rename to ",
		"rename old ", "rename new ", "copy from ", "copy to ", "similarity index ", "dissimilarity index ",
		"GIT binary patch", "Binary files ", "literal ", "delta "} {
		if strings.HasPrefix(l, pre) {
			return true
		}
	}
	return false
}

func unsupportedWhat(l string) string {
	switch {
	case strings.Contains(l, "mode"):
		return "mode change"
	case strings.HasPrefix(l, "rename"), strings.Contains(l, "similarity"):
		return "rename"
	case strings.HasPrefix(l, "copy"):
		return "copy"
	default:
		return "binary patch"
	}
}

// section parses a ---/+++ pair and its hunks.
func (ps *parser) section() (*File, error) {
	start := ps.i
	oldName, err := ps.headerName("--- ")
	if err != nil {
		return nil, err
	}
	ps.i++
	if ps.i >= len(ps.lines) || !strings.HasPrefix(ps.lines[ps.i], "+++ ") {
		return nil, ps.errf(MissingTargetPath, "--- without +++")
	}
	newName, err := ps.headerName("+++ ")
	if err != nil {
		return nil, err
	}
	ps.i++
	f, err := sectionTarget(oldName, newName)
	if err != nil {
		err.Line = start + 1
		return nil, err
	}
	for ps.i < len(ps.lines) {
		l := strings.TrimSuffix(ps.lines[ps.i], "\r")
		if l == "" {
			ps.i++
			continue
		}
		if !strings.HasPrefix(l, "@@") {
			break
		}
		h, err := ps.hunk(f.Path, len(f.Hunks)+1)
		if err != nil {
			return nil, err
		}
		if err := checkHunkOrder(f, h); err != nil {
			return nil, err
		}
		f.Hunks = append(f.Hunks, h)
	}
	if len(f.Hunks) == 0 {
		return nil, &Error{Reason: NoHunks, File: f.Path, Line: start + 1, Detail: "section has no hunks"}
	}
	if f.Create && len(f.Hunks) != 1 {
		return nil, &Error{Reason: Malformed, File: f.Path, Hunk: 2, Detail: "a new file takes exactly one hunk"}
	}
	return f, nil
}

func checkHunkOrder(f *File, h *Hunk) *Error {
	n := len(f.Hunks) + 1
	if f.Create && (h.OldStart != 0 || h.OldLines != 0) {
		return &Error{Reason: Malformed, File: f.Path, Hunk: n, Detail: "a new file's hunk must start at -0,0"}
	}
	if len(f.Hunks) > 0 {
		prev := f.Hunks[len(f.Hunks)-1]
		if h.oldPos() < prev.oldPos()+prev.OldLines {
			return &Error{Reason: Malformed, File: f.Path, Hunk: n, Detail: "hunks overlap or are out of order"}
		}
	}
	return nil
}

// headerName extracts and cleans the name of a ---/+++ line following
// jsdiff and Gemini: cut at a tab, trim, unquote, strip one a/ or b/.
func (ps *parser) headerName(prefix string) (string, *Error) {
	raw := strings.TrimSuffix(strings.TrimPrefix(ps.lines[ps.i], prefix), "\r")
	if t := strings.IndexByte(raw, '\t'); t >= 0 {
		raw = raw[:t]
	}
	name := strings.TrimSpace(raw)
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return "", ps.errf(InvalidPatchHeaders, "control character in name")
		}
	}
	if len(name) >= 2 && name[0] == '"' && name[len(name)-1] == '"' {
		inner := name[1 : len(name)-1]
		if strings.ContainsAny(inner, "\\\"") {
			return "", ps.errf(InvalidPatchHeaders, "quoted name with escapes")
		}
		name = inner
	}
	if strings.HasPrefix(name, "a/") || strings.HasPrefix(name, "b/") {
		name = name[2:]
	}
	if name == "" {
		return "", ps.errf(MissingTargetPath, "empty name")
	}
	return name, nil
}

// sectionTarget applies Gemini's header rules to a name pair.
func sectionTarget(oldName, newName string) (*File, *Error) {
	switch {
	case oldName == DevNull && newName == DevNull:
		return nil, &Error{Reason: InvalidPatchHeaders, Detail: "both names are /dev/null"}
	case newName == DevNull:
		return nil, &Error{Reason: Unsupported, File: oldName, Detail: "delete"}
	case oldName == DevNull:
		if err := checkLexical(newName); err != nil {
			return nil, err
		}
		return &File{Path: newName, Create: true}, nil
	case oldName != newName:
		if isAbs(oldName) && isAbs(newName) {
			return nil, &Error{Reason: InvalidPatchHeaders, File: newName, Detail: "names differ (renames are not supported)"}
		}
		return nil, &Error{Reason: InvalidPatchHeaders, File: newName, Detail: "names differ"}
	}
	if err := checkLexical(newName); err != nil {
		return nil, err
	}
	return &File{Path: newName}, nil
}

// hunk parses one @@ block with exact counts.
func (ps *parser) hunk(path string, n int) (*Hunk, *Error) {
	hdr := strings.TrimSuffix(ps.lines[ps.i], "\r")
	m := hunkHeaderRE().FindStringSubmatch(hdr)
	if m == nil {
		return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "bad @@ header"}
	}
	nums := [4]int{0, 1, 0, 1}
	for k, s := range m[1:5] {
		if s == "" {
			continue
		}
		if len(s) > 9 {
			return nil, &Error{Reason: TooLarge, File: path, Hunk: n, Line: ps.i + 1, Detail: "line number too large"}
		}
		v, err := strconv.Atoi(s)
		if err != nil || v > MaxLineNumber {
			return nil, &Error{Reason: TooLarge, File: path, Hunk: n, Line: ps.i + 1, Detail: "line number too large"}
		}
		nums[k] = v
	}
	// (A second carriage return before the newline would come back as the
	// line ending once written: the section text never ends in one.)
	h := &Hunk{OldStart: nums[0], OldLines: nums[1], NewStart: nums[2], NewLines: nums[3], Section: strings.TrimRight(m[5], "\r")}
	if (h.OldLines > 0 && h.OldStart == 0) || (h.NewLines > 0 && h.NewStart == 0) {
		return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "line 0 with a non-empty side"}
	}
	ps.i++
	oldLeft, newLeft := h.OldLines, h.NewLines
	oldEnded, newEnded := false, false
	for oldLeft > 0 || newLeft > 0 {
		if ps.i >= len(ps.lines) {
			return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i, Detail: "hunk shorter than its @@ counts"}
		}
		l := ps.lines[ps.i]
		op := Context
		text := ""
		if l != "" {
			op, text = Op(l[0]), l[1:]
		}
		switch op {
		case Context:
			oldLeft--
			newLeft--
		case Delete:
			oldLeft--
		case Add:
			newLeft--
		case '\\':
			if err := ps.markNoEOL(h, path, n); err != nil {
				return nil, err
			}
			continue
		default:
			return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "line does not start with space, + or -"}
		}
		if oldLeft < 0 || newLeft < 0 {
			return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "hunk longer than its @@ counts"}
		}
		if (op != Add && oldEnded) || (op != Delete && newEnded) {
			return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "line after the end of file"}
		}
		h.Lines = append(h.Lines, Line{Op: op, Text: text})
		ps.i++
		if ps.i < len(ps.lines) && strings.HasPrefix(ps.lines[ps.i], "\\") {
			if err := ps.markNoEOL(h, path, n); err != nil {
				return nil, err
			}
			last := h.Lines[len(h.Lines)-1]
			oldEnded = oldEnded || last.Op != Add
			newEnded = newEnded || last.Op != Delete
		}
	}
	if ps.i < len(ps.lines) {
		l := ps.lines[ps.i]
		if l != "" && (l[0] == ' ' || l[0] == '+' || l[0] == '-') && !isSectionStart(ps.lines, ps.i) {
			return nil, &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "hunk longer than its @@ counts"}
		}
	}
	return h, nil
}

func isSectionStart(lines []string, i int) bool {
	return strings.HasPrefix(lines[i], "--- ") && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "+++ ")
}

func (ps *parser) markNoEOL(h *Hunk, path string, n int) *Error {
	if len(h.Lines) == 0 || h.Lines[len(h.Lines)-1].NoEOL {
		return &Error{Reason: Malformed, File: path, Hunk: n, Line: ps.i + 1, Detail: "misplaced no-newline marker"}
	}
	h.Lines[len(h.Lines)-1].NoEOL = true
	ps.i++
	return nil
}
