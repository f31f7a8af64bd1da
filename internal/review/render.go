package review

import (
	"fmt"
	"io"
	"strings"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
)

// ANSI colours for diffs on a terminal (only when colour is on: a terminal
// and NO_COLOR unset).
const (
	red    = "\x1b[31m"
	green  = "\x1b[32m"
	cyan   = "\x1b[36m"
	bold   = "\x1b[1m"
	yellow = "\x1b[33m"
	reset  = "\x1b[0m"
)

type painter bool

func (c painter) paint(code, s string) string {
	if !c {
		return s
	}
	return code + s + reset
}

// lineColour picks the colour of a diff line by its first byte.
func lineColour(op patch.Op) string {
	switch op {
	case '+':
		return green
	case '-':
		return red
	}
	return ""
}

// noEOL is printed under a line that ends its file without a newline, as
// diff does: without it a hunk that only adds the final newline would show
// the same line removed and added.
const noEOL = `\ No newline at end of file`

// writeLines prints hunk lines; when numbered, each +/- line gets its
// 1-based number among the changes for the l key.
func writeLines(w io.Writer, c painter, lines []inbox.Line, numbered bool) {
	n := 0
	for _, l := range lines {
		prefix := "    "
		if l.Op != ' ' {
			n++
			if numbered {
				prefix = fmt.Sprintf("%3d ", n)
			}
		}
		fmt.Fprintf(w, "%s%s\n", prefix, c.line(l))
		if l.NoEOL {
			fmt.Fprintf(w, "    %s\n", noEOL)
		}
	}
}

// line is a hunk line made visible and coloured by its operation.
func (c painter) line(l inbox.Line) string {
	text := string(l.Op) + Visible(l.Text)
	if code := lineColour(l.Op); code != "" {
		text = c.paint(code, text)
	}
	return text
}

// WritePatch prints a whole patch item as a diff with hunk numbers, as
// `inbox show` does.
func WritePatch(w io.Writer, color bool, it *inbox.Item) {
	c := painter(color)
	var sec *inbox.Section
	for _, h := range it.Hunks {
		if h.Section != sec {
			sec = h.Section
			old := sec.Path
			if sec.Create {
				old = inbox.DevNull
			}
			fmt.Fprintln(w, c.paint(bold, "--- "+Visible(old)))
			fmt.Fprintln(w, c.paint(bold, "+++ "+Visible(sec.Path)))
		}
		hh := *h.Hunk
		hh.Section = Visible(hh.Section)
		fmt.Fprintln(w, c.paint(cyan, patch.HunkHeader(&hh))+fmt.Sprintf("  [hunk %d]", h.N))
		for _, l := range hh.Lines {
			fmt.Fprintln(w, c.line(l))
			if l.NoEOL {
				fmt.Fprintln(w, noEOL)
			}
		}
	}
}

// WriteFile prints one draft file as a new-file listing.
func WriteFile(w io.Writer, color bool, rel string, exec bool, data []byte) {
	c := painter(color)
	mark := ""
	if exec {
		mark = c.paint(yellow, " (executable)")
	}
	fmt.Fprintf(w, "%s%s\n", c.paint(bold, "=== "+Visible(rel)), mark)
	if isBinary(data) {
		fmt.Fprintf(w, "(binary file, %d bytes, not shown)\n", len(data))
		return
	}
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		fmt.Fprintln(w, c.paint(green, "+"+Visible(l)))
	}
}
