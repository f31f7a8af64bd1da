package patch

// Kind says which allowed-target rules a patch is checked against.
type Kind string

// The patch kinds; the names match Gemini CLI's inbox kinds.
const (
	Private Kind = "private" // MEMORY.md and sibling *.md in the project memory dir
	Global  Kind = "global"  // exactly the agent's user memory file (~/.gemini/GEMINI.md)
	Skill   Kind = "skill"   // files under the skills roots
	// Project is exactly the repository's shared instruction file
	// (<root>/GEMINI.md, CLAUDE.md or AGENTS.md): an automem kind that
	// Gemini CLI's inbox does not know, so its patches never sit in .inbox/.
	Project Kind = "project"
)

// DevNull is the name a creating section uses for its old side.
const DevNull = "/dev/null"

// Op is the first column of a hunk line.
type Op byte

// Hunk line operations.
const (
	Context Op = ' '
	Delete  Op = '-'
	Add     Op = '+'
)

// Line is one hunk line. Text excludes the line terminator; NoEOL is set when
// the line was followed by "\ No newline at end of file", meaning the file
// side it belongs to ends without a newline after it.
type Line struct {
	Op    Op
	Text  string
	NoEOL bool
}

// content is the line as it appears in the file, with its terminator.
func (l Line) content() string {
	if l.NoEOL {
		return l.Text
	}
	return l.Text + "\n"
}

// Hunk is one @@ block. Starts are 1-based as written; a side with zero lines
// names the line after which the change goes (0 = start of file).
type Hunk struct {
	OldStart, OldLines int
	NewStart, NewLines int
	Section            string // text after the closing @@, kept for display
	Lines              []Line
}

// File is one ---/+++ section. Several sections may name the same Path; each
// applies on top of the result of the ones before it.
type File struct {
	Path   string // absolute target path, a/ b/ stripped
	Create bool   // the old side was /dev/null
	Hunks  []*Hunk
}

// Patch is a parsed patch: its sections in order.
type Patch struct {
	Files []*File
}

// oldPos is the 0-based index of the first line the hunk's old side covers.
func (h *Hunk) oldPos() int {
	if h.OldLines == 0 {
		return h.OldStart
	}
	return h.OldStart - 1
}

// newPos is the 0-based index of the first line the hunk's new side covers.
func (h *Hunk) newPos() int {
	if h.NewLines == 0 {
		return h.NewStart
	}
	return h.NewStart - 1
}

// Changes counts the added and removed lines of the hunk.
func (h *Hunk) Changes() (added, removed int) {
	for _, l := range h.Lines {
		switch l.Op {
		case Add:
			added++
		case Delete:
			removed++
		}
	}
	return added, removed
}
