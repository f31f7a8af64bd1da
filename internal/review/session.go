package review

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
)

// Session is one review conversation. In is the single reader for the whole
// session: a reader made per question would swallow piped answers already
// buffered. Keys, when set, reads single keypresses on a terminal; without
// it every answer is a line, which works everywhere.
type Session struct {
	In    *bufio.Reader
	Out   io.Writer
	Color bool
	Keys  KeyReader
	// Editor opens a file in the person's editor ($EDITOR); nil disables e.
	Editor func(path string) error
	// Evidence returns printable evidence lines for a candidate line.
	Evidence func(text string) []string
	// TempDir holds the file handed to the editor.
	TempDir string
	// Echo repeats each answer read from a non-terminal, so the output of a
	// scripted review reads like the terminal session it stands for.
	Echo bool
	// Ctx, when set, interrupts a pending read (SIGINT, SIGTERM): the
	// review stops with ErrInterrupted and the current item is not written.
	Ctx context.Context
}

// ErrInterrupted ends a review stopped by a signal.
var ErrInterrupted = errors.New("review interrupted; the current item was left as it was")

// readLine reads one line from In, giving up when Ctx is done. The read
// itself cannot be cancelled, so it runs aside and is abandoned then; the
// process is about to end anyway.
func (s *Session) readLine() (string, error) {
	if s.Ctx == nil {
		return s.In.ReadString('\n')
	}
	type res struct {
		line string
		err  error
	}
	ch := make(chan res, 1)
	go func() {
		l, err := s.In.ReadString('\n')
		ch <- res{l, err}
	}()
	select {
	case r := <-ch:
		return r.line, r.err
	case <-s.Ctx.Done():
		fmt.Fprintln(s.Out)
		return "", ErrInterrupted
	}
}

// KeyReader reads one keypress without waiting for Enter (terminal raw
// mode); it gives up with ErrInterrupted when ctx ends.
type KeyReader interface {
	ReadKey(ctx context.Context) (byte, error)
}

func (s *Session) ctx() context.Context {
	if s.Ctx == nil {
		return context.Background()
	}
	return s.Ctx
}

// ask prints prompt and returns the answer key; end of input is "q".
func (s *Session) ask(prompt string) (string, error) {
	fmt.Fprint(s.Out, prompt)
	if s.Keys != nil {
		b, err := s.Keys.ReadKey(s.ctx())
		if errors.Is(err, ErrInterrupted) {
			fmt.Fprint(s.Out, "\r\n")
			return "", err
		}
		if err != nil {
			fmt.Fprintln(s.Out)
			return "q", nil
		}
		if b == 3 || b == 4 { // Ctrl-C, Ctrl-D
			b = 'q'
		}
		fmt.Fprintf(s.Out, "%c\r\n", b)
		return ParseKey(string([]byte{b})), nil
	}
	line, err := s.readLine()
	if errors.Is(err, ErrInterrupted) {
		return "", err
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read answer: %w", err)
	}
	if errors.Is(err, io.EOF) && line == "" {
		fmt.Fprintln(s.Out)
		return "q", nil
	}
	if s.Echo {
		fmt.Fprintln(s.Out, Visible(strings.TrimSpace(line)))
	}
	return ParseKey(line), nil
}

// askLine reads a whole line (for a list of line numbers); ok is false at
// end of input.
func (s *Session) askLine(prompt string) (string, bool, error) {
	fmt.Fprint(s.Out, prompt)
	if s.Keys != nil {
		var b strings.Builder
		for {
			k, err := s.Keys.ReadKey(s.ctx())
			if errors.Is(err, ErrInterrupted) {
				fmt.Fprint(s.Out, "\r\n")
				return "", false, err
			}
			if err != nil || k == 3 || k == 4 {
				fmt.Fprint(s.Out, "\r\n")
				return "", false, nil
			}
			if k == '\r' || k == '\n' {
				fmt.Fprint(s.Out, "\r\n")
				return b.String(), true, nil
			}
			if (k == 127 || k == 8) && b.Len() > 0 {
				str := b.String()[:b.Len()-1]
				b.Reset()
				b.WriteString(str)
				fmt.Fprint(s.Out, "\b \b")
				continue
			}
			b.WriteByte(k)
			fmt.Fprintf(s.Out, "%c", k)
		}
	}
	line, err := s.readLine()
	if errors.Is(err, ErrInterrupted) {
		return "", false, err
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return "", false, fmt.Errorf("read answer: %w", err)
	}
	if errors.Is(err, io.EOF) && line == "" {
		return "", false, nil
	}
	if s.Echo {
		fmt.Fprintln(s.Out, Visible(strings.TrimSpace(line)))
	}
	return strings.TrimSpace(line), true, nil
}

// Confirm asks a yes/no question; only y counts as yes.
func (s *Session) Confirm(prompt string) (bool, error) {
	k, err := s.ask(prompt + " [y,n]? ")
	return k == "y", err
}

// unit is the part of a hunk offered as one question: lines [lo,hi) of the
// hunk, from its first change to its last (split parts are smaller units).
type unit struct {
	ref    *inbox.HunkRef
	lo, hi int
	part   string
}

func changeRange(h *inbox.Hunk) (int, int) {
	lo, hi := -1, -1
	for i, l := range h.Lines {
		if l.Op != ' ' {
			if lo < 0 {
				lo = i
			}
			hi = i + 1
		}
	}
	return lo, hi
}

// groups cuts [lo,hi) of a hunk at runs of context lines.
func groups(h *inbox.Hunk, lo, hi int) [][2]int {
	var out [][2]int
	start := -1
	for i := lo; i < hi; i++ {
		if h.Lines[i].Op != ' ' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			out = append(out, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, [2]int{start, hi})
	}
	return out
}

// display returns the lines shown for u: the unit plus up to three context
// lines on each side, and the bounds of that window.
func display(u *unit) (int, int) {
	h := u.ref.Hunk
	a := u.lo
	for a > 0 && u.lo-a < 3 && h.Lines[a-1].Op == ' ' {
		a--
	}
	b := u.hi
	for b < len(h.Lines) && b-u.hi < 3 && h.Lines[b].Op == ' ' {
		b++
	}
	return a, b
}

// header is the @@ line of a window of a hunk.
func header(h *inbox.Hunk, a, b int) string {
	oldPos := h.OldStart - 1
	if h.OldLines == 0 {
		oldPos = h.OldStart
	}
	newPos := h.NewStart - 1
	if h.NewLines == 0 {
		newPos = h.NewStart
	}
	var oldN, newN int
	for i, l := range h.Lines[:b] {
		if i < a {
			if l.Op != '+' {
				oldPos++
			}
			if l.Op != '-' {
				newPos++
			}
			continue
		}
		if l.Op != '+' {
			oldN++
		}
		if l.Op != '-' {
			newN++
		}
	}
	os1, ns := oldPos+1, newPos+1
	if oldN == 0 {
		os1 = oldPos
	}
	if newN == 0 {
		ns = newPos
	}
	return fmt.Sprintf("@@ -%d,%d +%d,%d @@", os1, oldN, ns, newN)
}

const hunkHelp = `y - apply this hunk
n - dismiss this hunk (it will not be proposed again)
a - apply this hunk and the rest of the item
d - dismiss this hunk and the rest of the item
s - split this hunk into smaller hunks
l - choose lines: apply only the numbered +/- lines you list (e.g. 1,3-4)
e - edit this hunk in $EDITOR
v - show the evidence for this hunk
q - quit; undecided hunks stay pending
? - print help
`

// ReviewHunks asks about every hunk of a patch item and records the answers
// in sel. It returns quit=true when the person quit (or input ended).
func (s *Session) ReviewHunks(it *inbox.Item, sel inbox.Selection) (quit bool, err error) {
	var queue []*unit
	for _, ref := range it.Hunks {
		if sel[ref.Hunk] == nil {
			sel[ref.Hunk] = patch.Fill(ref.Hunk, inbox.Pending)
		}
		if lo, hi := changeRange(ref.Hunk); lo >= 0 {
			queue = append(queue, &unit{ref: ref, lo: lo, hi: hi})
		}
	}
	c := painter(s.Color)
	total := len(it.Hunks)
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		h := u.ref.Hunk
		a, b := display(u)
		fmt.Fprintf(s.Out, "%s\n", c.paint(bold, fmt.Sprintf("%s  %s  (hunk %d/%d%s)", it.ID, Visible(u.ref.Section.Path), u.ref.N, total, u.part)))
		fmt.Fprintln(s.Out, c.paint(cyan, header(h, a, b)))
		writeLines(s.Out, c, h.Lines[a:b], true)
		parts := groups(h, u.lo, u.hi)
		for {
			keys := "y,n,a,d"
			if len(parts) > 1 {
				keys += ",s"
			}
			keys += ",l"
			if s.Editor != nil {
				keys += ",e"
			}
			keys += ",v,q,?"
			k, err := s.ask(fmt.Sprintf("Apply this hunk [%s]? ", keys))
			if err != nil {
				return false, err
			}
			done := true
			switch k {
			case "y":
				set(sel[h], h, u.lo, u.hi, inbox.Apply)
			case "n":
				set(sel[h], h, u.lo, u.hi, inbox.Dismiss)
			case "a", "d":
				d := inbox.Apply
				if k == "d" {
					d = inbox.Dismiss
				}
				for _, r := range queue[i:] {
					set(sel[r.ref.Hunk], r.ref.Hunk, r.lo, r.hi, d)
				}
				return false, nil
			case "s":
				if len(parts) < 2 {
					fmt.Fprintln(s.Out, "Sorry, cannot split this hunk.")
					done = false
					break
				}
				fmt.Fprintf(s.Out, "Split into %d hunks.\n", len(parts))
				var split []*unit
				for j, p := range parts {
					split = append(split, &unit{ref: u.ref, lo: p[0], hi: p[1], part: fmt.Sprintf(", part %d/%d", j+1, len(parts))})
				}
				queue = append(queue[:i], append(split, queue[i+1:]...)...)
				i--
			case "l":
				ok, err := s.chooseLines(sel[h], h, u)
				if err != nil {
					return false, err
				}
				done = ok
			case "e":
				if s.Editor == nil {
					done = false
					fmt.Fprint(s.Out, hunkHelp)
					break
				}
				ok, err := s.edit(sel, u, queue[i+1:])
				if err != nil {
					return false, err
				}
				done = ok
			case "v":
				s.showEvidence(h, u)
				done = false
			case "q":
				return true, nil
			case "":
				done = false
			default:
				fmt.Fprint(s.Out, hunkHelp)
				done = false
			}
			if done {
				break
			}
		}
	}
	return false, nil
}

func set(dec []inbox.Decision, h *inbox.Hunk, lo, hi int, d inbox.Decision) {
	for j := lo; j < hi; j++ {
		if h.Lines[j].Op != ' ' && dec[j] == inbox.Pending {
			dec[j] = d
		}
	}
}

// chooseLines asks for the numbered +/- lines to apply; the others stay
// pending. It returns false when the answer was unusable (ask again).
func (s *Session) chooseLines(dec []inbox.Decision, h *inbox.Hunk, u *unit) (bool, error) {
	var idx []int
	for j := u.lo; j < u.hi; j++ {
		if h.Lines[j].Op != ' ' {
			idx = append(idx, j)
		}
	}
	line, ok, err := s.askLine(fmt.Sprintf("Lines to apply (1-%d, e.g. 1,3-4)? ", len(idx)))
	if err != nil {
		return false, err
	}
	if !ok {
		return false, nil
	}
	nums, err := patch.ParseRanges(line, len(idx))
	if err != nil {
		fmt.Fprintf(s.Out, "%v\n", err)
		return false, nil
	}
	for _, n := range nums {
		dec[idx[n-1]] = inbox.Apply
	}
	return true, nil
}

func (s *Session) showEvidence(h *inbox.Hunk, u *unit) {
	found := false
	for j := u.lo; j < u.hi; j++ {
		l := h.Lines[j]
		if l.Op != '+' || s.Evidence == nil {
			continue
		}
		for _, e := range s.Evidence(l.Text) {
			fmt.Fprintf(s.Out, "  %s\n", Visible(e))
			found = true
		}
	}
	if !found {
		fmt.Fprintln(s.Out, "No evidence recorded for this hunk.")
	}
}

const editHelp = `# ---
# To remove '-' lines, make them ' ' lines (context).
# To remove '+' lines, delete them.
# Lines starting with # will be removed.
# Context and removed lines must stay as they are, or the edit is refused.
`

// edit hands the unit to the editor and, when the result keeps the old side
// intact, replaces the unit with it and marks its changes applied. Units
// later in the same hunk are shifted by the change in length.
func (s *Session) edit(sel inbox.Selection, u *unit, later []*unit) (bool, error) {
	h := u.ref.Hunk
	a, b := display(u)
	dir := s.TempDir
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, "automem-hunk-*.diff")
	if err != nil {
		return false, fmt.Errorf("create edit file: %w", err)
	}
	path := f.Name()
	defer os.Remove(path)
	var buf strings.Builder
	buf.WriteString("# Manual hunk edit mode -- see bottom for a quick guide.\n")
	buf.WriteString(header(h, a, b) + "\n")
	for _, l := range h.Lines[a:b] {
		buf.WriteString(string(l.Op) + l.Text + "\n")
	}
	buf.WriteString(editHelp)
	if _, err := f.WriteString(buf.String()); err != nil {
		f.Close()
		return false, fmt.Errorf("write edit file: %w", err)
	}
	if err := f.Close(); err != nil {
		return false, fmt.Errorf("write edit file: %w", err)
	}
	if err := s.Editor(path); err != nil {
		fmt.Fprintf(s.Out, "editor failed: %v\n", err)
		return false, nil
	}
	data, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		return false, fmt.Errorf("read edit file: %w", err)
	}
	edited, err := parseEdited(string(data))
	if err == nil {
		err = sameOldSide(h.Lines[a:b], edited)
	}
	if err != nil {
		fmt.Fprintf(s.Out, "Your edited hunk does not apply (%v); it is offered again.\n", err)
		return false, nil
	}
	keepNoEOL(h.Lines[a:b], edited)
	dec := sel[h]
	newDec := make([]inbox.Decision, len(edited))
	for j, l := range edited {
		if l.Op != ' ' {
			newDec[j] = inbox.Apply
		}
	}
	h.Lines = append(append(append([]inbox.Line(nil), h.Lines[:a]...), edited...), h.Lines[b:]...)
	sel[h] = append(append(append([]inbox.Decision(nil), dec[:a]...), newDec...), dec[b:]...)
	delta := len(edited) - (b - a)
	for _, v := range later {
		if v.ref.Hunk == h {
			v.lo += delta
			v.hi += delta
		}
	}
	return true, nil
}

func parseEdited(text string) ([]inbox.Line, error) {
	var out []inbox.Line
	for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "#"), strings.HasPrefix(l, "@@"):
		case l == "":
			out = append(out, inbox.Line{Op: ' '})
		case l[0] == ' ' || l[0] == '+' || l[0] == '-':
			out = append(out, inbox.Line{Op: patch.Op(l[0]), Text: l[1:]})
		default:
			return nil, fmt.Errorf("line %q does not start with ' ', '+' or '-'", l)
		}
	}
	return out, nil
}

// sameOldSide checks that an edit kept the lines the hunk expects to find.
func sameOldSide(orig, edited []inbox.Line) error {
	var a, b []string
	for _, l := range orig {
		if l.Op != '+' {
			a = append(a, l.Text)
		}
	}
	for _, l := range edited {
		if l.Op != '+' {
			b = append(b, l.Text)
		}
	}
	if len(a) != len(b) {
		return fmt.Errorf("context and removed lines changed: %d lines, want %d", len(b), len(a))
	}
	for i := range a {
		if a[i] != b[i] {
			return fmt.Errorf("context line %q changed to %q", a[i], b[i])
		}
	}
	return nil
}

// keepNoEOL carries the no-newline marks of the original old-side lines to
// the edited ones (the edit keeps the old side, line for line).
func keepNoEOL(orig, edited []inbox.Line) {
	var marks []bool
	for _, l := range orig {
		if l.Op != patch.Add {
			marks = append(marks, l.NoEOL)
		}
	}
	i := 0
	for j := range edited {
		if edited[j].Op != patch.Add && i < len(marks) {
			edited[j].NoEOL = marks[i]
			i++
		}
	}
}
