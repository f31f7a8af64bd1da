package patch

// Part is the lines [From,To) of a hunk: a group of changes the review
// offers as one question, or the window of lines it shows around them.
type Part struct{ From, To int }

// Span is the part of h from its first to its last change line; ok is
// false when h changes nothing.
func (h *Hunk) Span() (p Part, ok bool) {
	p = Part{From: -1}
	for i, l := range h.Lines {
		if l.Op != Context {
			if p.From < 0 {
				p.From = i
			}
			p.To = i + 1
		}
	}
	return p, p.From >= 0
}

// Split cuts part p of h at its runs of context, as git add -p's s key
// does: one part per group of adjacent change lines, in order. A part with
// one group comes back alone. The parts share h's lines, so decisions on
// them are decisions on h and the cut stays exact however they are mixed.
func (h *Hunk) Split(p Part) []Part {
	var out []Part
	for i := p.From; i < p.To; {
		if h.Lines[i].Op == Context {
			i++
			continue
		}
		j := i
		for j < p.To && h.Lines[j].Op != Context {
			j++
		}
		out = append(out, Part{From: i, To: j})
		i = j
	}
	return out
}

// Window widens p by up to n context lines on each side: what a review
// shows of a part, and what it hands to the editor.
func (h *Hunk) Window(p Part, n int) Part {
	w := p
	for w.From > 0 && p.From-w.From < n && h.Lines[w.From-1].Op == Context {
		w.From--
	}
	for w.To < len(h.Lines) && w.To-p.To < n && h.Lines[w.To].Op == Context {
		w.To++
	}
	return w
}

// Sub returns lines p of h as a hunk of its own with exact starts and
// counts, so HunkHeader(h.Sub(p)) is the @@ line of that window. It has no
// section text (that belongs to the hunk's first line).
func (h *Hunk) Sub(p Part) *Hunk {
	oldPos, newPos := h.oldPos(), h.newPos()
	for _, l := range h.Lines[:p.From] {
		if l.Op != Add {
			oldPos++
		}
		if l.Op != Delete {
			newPos++
		}
	}
	s := &Hunk{Lines: append([]Line(nil), h.Lines[p.From:p.To]...)}
	count(s)
	s.setOldPos(oldPos)
	s.NewStart = newPos
	if s.NewLines > 0 {
		s.NewStart++
	}
	return s
}

// Replace puts lines in place of part p of h (the review's edited window)
// and recounts h, keeping where it starts, so later windows of h still get
// exact headers.
func (h *Hunk) Replace(p Part, lines []Line) {
	oldPos, newPos := h.oldPos(), h.newPos()
	h.Lines = append(append(append([]Line(nil), h.Lines[:p.From]...), lines...), h.Lines[p.To:]...)
	count(h)
	h.setOldPos(oldPos)
	h.NewStart = newPos
	if h.NewLines > 0 {
		h.NewStart++
	}
}
