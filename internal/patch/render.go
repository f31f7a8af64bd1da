package patch

import (
	"bufio"
	"fmt"
	"io"
)

// ANSI colours for Render; plain output uses none.
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiCyan  = "\x1b[36m"
	ansiRed   = "\x1b[31m"
	ansiGreen = "\x1b[32m"
)

// Render writes p as a diff with every hunk's number (starting at first) in
// front of its @@ line, coloured when color is true (the caller decides:
// stdout a terminal and NO_COLOR unset). It returns the next free number so
// an aggregate can be rendered source by source.
func Render(w io.Writer, p *Patch, color bool, first int) (int, error) {
	bw := bufio.NewWriter(w)
	paint := func(c, s string) string {
		if !color {
			return s
		}
		return c + s + ansiReset
	}
	n := first
	for _, f := range p.Files {
		old := f.Path
		if f.Create {
			old = DevNull
		}
		note := ""
		if f.Create {
			note = " (new file)"
		}
		fmt.Fprintln(bw, paint(ansiBold, "--- "+old))
		fmt.Fprintln(bw, paint(ansiBold, "+++ "+f.Path+note))
		for _, h := range f.Hunks {
			fmt.Fprintf(bw, "[%d] %s\n", n, paint(ansiCyan, HunkHeader(h)))
			n++
			for _, l := range h.Lines {
				s := string(l.Op) + l.Text
				switch l.Op {
				case Add:
					s = paint(ansiGreen, s)
				case Delete:
					s = paint(ansiRed, s)
				}
				fmt.Fprintln(bw, s)
				if l.NoEOL {
					fmt.Fprintln(bw, `\ No newline at end of file`)
				}
			}
		}
	}
	if err := bw.Flush(); err != nil {
		return n, fmt.Errorf("render patch: %w", err)
	}
	return n, nil
}
