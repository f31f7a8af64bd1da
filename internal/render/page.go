package render

import (
	"fmt"
	"strings"
)

// Paging defaults, as Gemini CLI's read_file: offset is the 0-based first
// line, limit the number of lines. A page also stops at MaxPageBytes so one
// call never returns a huge answer.
const (
	DefaultLimit = 2000
	MaxPageBytes = 64 << 10
)

// Page returns lines [offset, offset+limit) and a footer line that says
// where the next page starts, or that the transcript ended. limit <= 0 means
// DefaultLimit.
func (r *Rendering) Page(offset, limit int) string {
	total := len(r.Lines)
	if limit <= 0 {
		limit = DefaultLimit
	}
	if offset < 0 {
		offset = 0
	}
	if offset >= total {
		return fmt.Sprintf("[automem: offset %d is past the end of this transcript rendering (%d lines)]\n", offset, total)
	}
	end := min(total, offset+limit)
	var b strings.Builder
	i := offset
	for ; i < end; i++ {
		if i > offset && b.Len()+len(r.Lines[i])+1 > MaxPageBytes {
			break
		}
		b.WriteString(r.Lines[i])
		b.WriteByte('\n')
	}
	if i < total {
		fmt.Fprintf(&b, "[automem: lines %d-%d of %d shown; call read_file with offset=%d to continue]\n", offset+1, i, total, i)
	} else if offset > 0 {
		fmt.Fprintf(&b, "[automem: lines %d-%d of %d shown; end of transcript]\n", offset+1, i, total)
	} else {
		fmt.Fprintf(&b, "[automem: end of transcript, %d lines]\n", total)
	}
	return b.String()
}
