package upkeep

import (
	"fmt"
	"strings"
	"time"

	"github.com/automem/automem/internal/patch"
)

// stale archives a line that names something the working tree no longer
// has. The date is that of the first session after the last one that
// mentioned the name (the first that did not see it), or today when the
// newest session still did. The global file is skipped: it holds facts
// for every project, and this project's working tree says nothing of them.
func stale(m *memory, h *history, tree Tree, now time.Time) []Proposal {
	var out []Proposal
	m.each(func(f *file, n int, text string) {
		if f.kind == patch.Global {
			return
		}
		names := tree.Missing(text)
		if len(names) == 0 {
			return
		}
		p := Proposal{Action: ActionArchive, Path: f.path, Line: text, LineNo: n}
		var why []string
		for _, name := range names {
			since := now
			last := -1
			var msg, quote string
			for i := len(h.sessions) - 1; i >= 0; i-- {
				if id, q, ok := h.quoteOf(i, name); ok {
					last, msg, quote = i, id, q
					break
				}
			}
			if last >= 0 {
				p.Proofs = append(p.Proofs, h.proof(last, msg, quote))
			}
			if last+1 < len(h.sessions) {
				since = h.sessions[last+1].At
			}
			why = append(why, fmt.Sprintf("`%s` does not exist since %s", name, day(since)))
		}
		p.Why = strings.Join(why, "; ")
		out = append(out, p)
	})
	return out
}
