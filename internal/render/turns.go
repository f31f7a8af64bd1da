package render

import (
	"strings"
	"time"
)

// Turn is one message of a rendering as the search index keeps it: its
// number (the n of "## [n]"), who spoke, when, and its redacted text
// without the header line.
type Turn struct {
	N    int
	Role string
	Time time.Time
	Text string
}

// Turns splits the rendering into its messages. The session header lines
// (title, summary, workflow) come first as turn 0 with role "session";
// the legend is left out. A message whose whole text sits on its header
// line (a slash command, an info notice, omitted context) keeps the part
// after the role as its text.
func (r *Rendering) Turns() []Turn {
	var out []Turn
	first := len(r.Lines)
	if len(r.marks) > 0 {
		first = r.marks[0].line
	}
	var head []string
	for _, l := range r.Lines[:first] {
		if l != legend {
			head = append(head, strings.TrimPrefix(l, "# "))
		}
	}
	if len(head) > 0 {
		out = append(out, Turn{Role: "session", Text: strings.Join(head, "\n")})
	}
	for i, m := range r.marks {
		end := len(r.Lines)
		if i+1 < len(r.marks) {
			end = r.marks[i+1].line
		}
		t := Turn{N: m.n, Role: role(m.role), Time: m.time}
		var b strings.Builder
		if _, inline, ok := strings.Cut(r.Lines[m.line], ": "); ok && (t.Role == "command" || t.Role == "info") {
			b.WriteString(inline)
		}
		for _, l := range r.Lines[m.line+1 : end] {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(l)
		}
		t.Text = b.String()
		out = append(out, t)
	}
	return out
}

// role shortens a header's role to one word.
func role(r string) string {
	switch r {
	case "user (human)":
		return "user"
	case "user (injected)":
		return "injected"
	case "user command":
		return "command"
	case "tool result":
		return "tool"
	}
	return r
}
