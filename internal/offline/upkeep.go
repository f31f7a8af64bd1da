package offline

import (
	"time"

	"github.com/automem/automem/internal/transcript"
)

// Memory upkeep (internal/upkeep) judges lines already in memory with the
// same rules the miner uses for new ones, so that a fact proposed today
// and a fact kept from last year are compared one way: these are those
// rules, exported, not copies of them.

// Statement is one lasting statement a person made in a session, already
// reduced to the memory line it would become.
type Statement struct {
	Line      string // the memory line, e.g. "The dev server port is 7171."
	Quote     string // the sentence as typed (not redacted here)
	MessageID string
	At        time.Time
}

// Statements lists the lasting statements of one session's messages, in
// order, as the miner reads them (pasted text, questions, plans and
// one-off requests are not statements).
func Statements(msgs []transcript.Message) []Statement {
	m := mineSession(0, msgs, nil)
	out := make([]Statement, 0, len(m.stmts))
	for _, s := range m.stmts {
		out = append(out, Statement{Line: s.line, Quote: s.src.quote, MessageID: s.src.msgID, At: s.src.at})
	}
	return out
}

// SameFact reports whether two memory lines state the same fact: equal
// after normalising, or terms that mostly coincide without giving
// different values.
func SameFact(a, b string) bool { return sameFact(a, b) }

// Supersedes reports whether the newer line gives a new value for what
// the older one says, or rules out a name the older one relies on: only
// the newer may stand.
func Supersedes(newer, older string) bool { return supersedes(newer, older) }

// FactTerms are the terms of a line that tell one fact from another
// (textkey.Terms without the generic words of instructions).
func FactTerms(s string) []string { return factTerms(s) }

// ValueTerms are the exact terms among terms (numbers, versions, paths,
// code spans): two lines whose values differ state different facts, which
// lets upkeep skip comparing most pairs of a large memory.
func ValueTerms(terms []string) map[string]bool { return valueTerms(terms) }
