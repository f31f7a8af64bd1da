package review

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

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
	// Evidence returns printable evidence lines for a candidate line; for
	// a line the hunk removes (removed set) only why it is removed (memory
	// upkeep's reason), not why it was once added.
	Evidence func(text string, removed bool) []string
	// TempDir holds the file handed to the editor.
	TempDir string
	// Echo repeats each answer read from a non-terminal, so the output of a
	// scripted review reads like the terminal session it stands for.
	Echo bool
	// Ctx, when set, interrupts a pending read (SIGINT, SIGTERM): the
	// review stops with ErrInterrupted, as it does on Ctrl-C typed at a
	// prompt or while the editor runs.
	Ctx context.Context
}

// ErrInterrupted ends a review that a person interrupted (Ctrl-C at any
// prompt or in the editor) or a signal stopped. Like q, it keeps every
// decision already made, the current item's included; unlike q, the
// command exits 130.
var ErrInterrupted = errors.New("review interrupted; decisions made so far are kept, the rest stays pending")

// Control keys read in raw mode, where the terminal sends them as bytes
// instead of signals.
const (
	keyCtrlC = 3
	keyCtrlD = 4
)

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
		if b == keyCtrlC {
			fmt.Fprint(s.Out, "^C\r\n")
			return "", ErrInterrupted
		}
		if b == keyCtrlD {
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
			if k == keyCtrlC {
				fmt.Fprint(s.Out, "^C\r\n")
				return "", false, ErrInterrupted
			}
			if err != nil || k == keyCtrlD {
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

// unit is the part of a hunk offered as one question: from its first change
// to its last (split parts are smaller units).
type unit struct {
	ref   *inbox.HunkRef
	part  patch.Part
	label string
}

// contextLines is how many context lines are shown around a unit.
const contextLines = 3

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
		if span, ok := ref.Hunk.Span(); ok {
			queue = append(queue, &unit{ref: ref, part: span})
		}
	}
	c := painter(s.Color)
	total := len(it.Hunks)
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		h := u.ref.Hunk
		w := h.Window(u.part, contextLines)
		fmt.Fprintf(s.Out, "%s\n", c.paint(bold, fmt.Sprintf("%s  %s  (hunk %d/%d%s)", it.ID, Visible(u.ref.Section.Path), u.ref.N, total, u.label)))
		fmt.Fprintln(s.Out, c.paint(cyan, patch.HunkHeader(h.Sub(w))))
		writeLines(s.Out, c, h.Lines[w.From:w.To], true)
		parts := h.Split(u.part)
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
				set(sel[h], h, u.part, inbox.Apply)
			case "n":
				set(sel[h], h, u.part, inbox.Dismiss)
			case "a", "d":
				d := inbox.Apply
				if k == "d" {
					d = inbox.Dismiss
				}
				for _, r := range queue[i:] {
					set(sel[r.ref.Hunk], r.ref.Hunk, r.part, d)
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
					split = append(split, &unit{ref: u.ref, part: p, label: fmt.Sprintf(", part %d/%d", j+1, len(parts))})
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

func set(dec []inbox.Decision, h *inbox.Hunk, p patch.Part, d inbox.Decision) {
	for j := p.From; j < p.To; j++ {
		if h.Lines[j].Op != ' ' && dec[j] == inbox.Pending {
			dec[j] = d
		}
	}
}

// chooseLines asks for the numbered +/- lines to apply; the others stay
// pending. It returns false when the answer was unusable (ask again).
func (s *Session) chooseLines(dec []inbox.Decision, h *inbox.Hunk, u *unit) (bool, error) {
	var idx []int
	for j := u.part.From; j < u.part.To; j++ {
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
	for j := u.part.From; j < u.part.To; j++ {
		l := h.Lines[j]
		if l.Op == ' ' || s.Evidence == nil {
			continue
		}
		for _, e := range s.Evidence(l.Text, l.Op == '-') {
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
# A "\\ No newline at end of file" line belongs to the line above it.
`

// edit hands the unit (with its context) to the editor and, when the result
// keeps the old side intact, replaces those lines of the hunk with it and
// marks its changes applied. Units later in the same hunk are shifted by
// the change in length.
func (s *Session) edit(sel inbox.Selection, u *unit, later []*unit) (bool, error) {
	h := u.ref.Hunk
	w := h.Window(u.part, contextLines)
	orig := h.Sub(w)
	text := "# Manual hunk edit mode -- see bottom for a quick guide.\n" + patch.FormatHunk(orig) + editHelp
	data, err := s.inEditor("automem-hunk-*.diff", []byte(text))
	var ef *editorFailed
	if errors.As(err, &ef) {
		fmt.Fprintln(s.Out, err)
		return false, nil
	}
	if err != nil {
		return false, err
	}
	edited, err := patch.ParseEditedHunk(orig, string(data))
	if err != nil {
		fmt.Fprintf(s.Out, "Your edited hunk does not apply (%v); it is offered again.\n", err)
		return false, nil
	}
	dec := sel[h]
	newDec := make([]inbox.Decision, len(edited.Lines))
	for j, l := range edited.Lines {
		if l.Op != patch.Context {
			newDec[j] = inbox.Apply
		}
	}
	h.Replace(w, edited.Lines)
	sel[h] = append(append(append([]inbox.Decision(nil), dec[:w.From]...), newDec...), dec[w.To:]...)
	delta := len(edited.Lines) - (w.To - w.From)
	for _, v := range later {
		if v.ref.Hunk == h {
			v.part.From += delta
			v.part.To += delta
		}
	}
	return true, nil
}

// diedOfCtrlC reports whether the editor was ended by SIGINT. Ctrl-C in
// the terminal reaches this process too, but the editor's exit can be seen
// before the signal handler has cancelled the context: without this, a
// loaded machine turned an interrupted edit into a failed one (exit 1,
// not 130).
func diedOfCtrlC(err error) bool {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return false
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGINT
}

// editorFailed is the editor exiting with an error: what it was editing is
// dropped, the question asked again.
type editorFailed struct{ err error }

func (e *editorFailed) Error() string { return "editor failed: " + e.err.Error() }
func (e *editorFailed) Unwrap() error { return e.err }

// inEditor hands text to the editor in a temp file (under TempDir) and
// returns what the person saved. Ctrl-C while the editor runs reaches this
// process too: the edit is dropped and ErrInterrupted returned. A failing
// editor is an *editorFailed.
func (s *Session) inEditor(pattern string, text []byte) ([]byte, error) {
	dir := s.TempDir
	if dir == "" {
		dir = os.TempDir()
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, fmt.Errorf("create edit file: %w", err)
	}
	path := f.Name()
	defer os.Remove(path)
	if _, err := f.Write(text); err != nil {
		f.Close()
		return nil, fmt.Errorf("write edit file: %w", err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("write edit file: %w", err)
	}
	err = s.Editor(path)
	if s.ctx().Err() != nil || diedOfCtrlC(err) {
		return nil, ErrInterrupted
	}
	if err != nil {
		return nil, &editorFailed{err}
	}
	data, err := os.ReadFile(filepath.Clean(path))
	if err != nil {
		return nil, fmt.Errorf("read edit file: %w", err)
	}
	return data, nil
}
