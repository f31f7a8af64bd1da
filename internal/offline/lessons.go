package offline

import (
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/transcript"
)

// The dream pass of memory upkeep distils many sessions into a few
// judgements. It reads the same signals the extractor mines (the person's
// corrections and rules, the checks the agent ran), plus what only a run of
// sessions shows: checks that failed and were then fixed, failures that
// repeated, commands the person refused. Lessons exports them, grouped
// across sessions with the extractor's own classifiers, so that no second
// notion of "a correction" or "the same fact" exists.

// LessonKind says what a Lesson is.
type LessonKind string

// Lesson kinds.
const (
	LessonCorrection LessonKind = "correction" // the person corrected the agent
	LessonRule       LessonKind = "rule"       // a rule of judgement the person stated
	LessonRefused    LessonKind = "refused"    // the person refused a command
	LessonFixed      LessonKind = "fixed"      // a failing check passed after a command
	LessonFailing    LessonKind = "failing"    // a check failed three times or more in a row
	LessonPassing    LessonKind = "passing"    // a check that passed
)

// Lesson is one thing a run of sessions shows, with the sessions that show
// it.
type Lesson struct {
	Kind LessonKind
	// Line is the correction or rule as a memory line, or the command
	// (the check, or the refused command).
	Line string
	// Fix is, for LessonFixed, the command run between the failure and
	// the pass.
	Fix string
	// Sessions counts the distinct sessions that show it; Times counts
	// the occurrences (refusals, failures).
	Sessions, Times int
	// Proofs are where it was seen, oldest first.
	Proofs []LessonProof
}

// LessonProof is one place a Lesson was seen: the session (its index in
// the input), the message and the sentence or command as written.
type LessonProof struct {
	Session int
	MsgID   string
	Quote   string
	At      time.Time
}

// MinFailStreak is how many failures of one check in a row make a
// LessonFailing.
const MinFailStreak = 3

// Lessons mines the sessions (each its messages, already redacted) for the
// dream pass. Corrections and rules are grouped and filtered as the
// extractor does (reversed statements dropped, newest value wins, durable
// only); commands are grouped by their normalised form, and checks or fixes
// that run a program a correction or rule ruled out are left out. The result is
// sorted by kind, then by sessions and first appearance, so it never depends
// on map order.
func Lessons(sessions [][]transcript.Message) []Lesson {
	var stmts []stmt
	var revs []reversal
	var said []source
	acc := newLessonAcc()
	for idx, msgs := range sessions {
		m := mineSession(idx, msgs, nil)
		stmts = append(stmts, m.stmts...)
		revs = append(revs, m.reversals...)
		said = append(said, m.said...)
		acc.session(idx, msgs)
	}
	var out []Lesson
	banned := map[string]bool{}
	for _, c := range instructionCandidates(stmts, revs, said, func(int) bool { return true }) {
		if c.kind != KindInstruction && c.kind != KindCorrection {
			continue
		}
		for _, w := range ruledOut(c.line) {
			banned[w] = true
		}
		l := Lesson{Kind: LessonRule, Line: c.line}
		switch {
		case c.kind == KindCorrection:
			l.Kind = LessonCorrection
		case changeRe().MatchString(c.line) || !judgementRe().MatchString(c.line):
			// A value that changed ("we're on go 1.23 now") or a plain
			// fact is memory, not a rule of judgement.
			continue
		}
		seen := map[int]bool{}
		sort.SliceStable(c.srcs, func(i, j int) bool { return before(c.srcs[i], c.srcs[j]) })
		for _, s := range c.srcs {
			seen[s.session] = true
			l.Proofs = append(l.Proofs, LessonProof{Session: s.session, MsgID: s.msgID, Quote: s.quote, At: s.at})
		}
		l.Sessions, l.Times = len(seen), len(c.srcs)
		out = append(out, l)
	}
	for _, l := range acc.lessons() {
		// What worked never recommends a program the person ruled out
		// ("use pnpm, never npm" and `npm test` passing).
		if (l.Kind == LessonPassing || l.Kind == LessonFixed) && (usesBanned(l.Line, banned) || usesBanned(l.Fix, banned)) {
			continue
		}
		out = append(out, l)
	}
	order := map[LessonKind]int{LessonCorrection: 0, LessonRule: 1, LessonRefused: 2, LessonFailing: 3, LessonFixed: 4, LessonPassing: 5}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kind != b.Kind {
			return order[a.Kind] < order[b.Kind]
		}
		if a.Sessions != b.Sessions {
			return a.Sessions > b.Sessions
		}
		if a.Times != b.Times {
			return a.Times > b.Times
		}
		return before(a.first(), b.first())
	})
	return out
}

func (l Lesson) first() source {
	if len(l.Proofs) == 0 {
		return source{}
	}
	p := l.Proofs[0]
	return source{session: p.Session, at: p.At}
}

// judgementRe marks a rule that weighs options or sets a condition, as
// opposed to a fact about the project.
var judgementRe = lazyregexp.New(`(?i)\b(prefer|rather|instead|only|avoid|always|never|whenever|when|unless|if|before|after|not|don'?t|do not|must|should)\b`)

// lessonAcc groups command lessons across sessions by kind and key.
type lessonAcc struct {
	groups map[string]*Lesson
	forms  map[string]map[string]int // group → command forms seen
	seen   map[string]map[int]bool   // group → sessions
	order  []string
}

func newLessonAcc() *lessonAcc {
	return &lessonAcc{groups: map[string]*Lesson{}, forms: map[string]map[string]int{}, seen: map[string]map[int]bool{}}
}

func (a *lessonAcc) add(kind LessonKind, key, form, fix string, src source) {
	id := string(kind) + "\x00" + key + "\x00" + fix
	l := a.groups[id]
	if l == nil {
		l = &Lesson{Kind: kind, Fix: fix}
		a.groups[id], a.forms[id], a.seen[id] = l, map[string]int{}, map[int]bool{}
		a.order = append(a.order, id)
	}
	a.forms[id][form]++
	l.Times++
	if !a.seen[id][src.session] {
		a.seen[id][src.session] = true
		l.Sessions++
		l.Proofs = append(l.Proofs, LessonProof{Session: src.session, MsgID: src.msgID, Quote: firstLine(src.quote), At: src.at})
	}
}

func (a *lessonAcc) lessons() []Lesson {
	out := make([]Lesson, 0, len(a.order))
	for _, id := range a.order {
		l := *a.groups[id]
		l.Line = mostCommon(a.forms[id])
		out = append(out, l)
	}
	return out
}

// checkState follows one check (by key) through a session.
type checkState struct {
	failing bool
	streak  int
	counted bool     // this streak already recorded
	between []string // commands run since it started failing
}

// session reads one session's tool calls in order.
func (a *lessonAcc) session(idx int, msgs []transcript.Message) {
	checks := map[string]*checkState{}
	passed := map[string]bool{}
	for _, msg := range msgs {
		if msg.Role != transcript.RoleAssistant {
			continue
		}
		for _, tc := range msg.ToolCalls {
			call := tc
			refused := rejected(tc)
			call.Status = "" // a cancelled call still names its command
			script, ok := shellScript(call)
			if !ok {
				continue
			}
			cmds := commands(script)
			src := source{session: idx, msgID: msg.ID, at: msg.Time, quote: script}
			if refused {
				for _, c := range cmds {
					if !c.noise {
						// Shown as run: "git push --force", not its
						// stable form "git push".
						a.add(LessonRefused, c.norm, argsText(c.args), "", src)
					}
				}
				continue
			}
			failed := tc.Error || strings.EqualFold(tc.Status, "error")
			ok = !failed && strings.EqualFold(tc.Status, "success")
			// The call's outcome belongs to its last check; the
			// other commands are steps.
			last := -1
			for i, c := range cmds {
				if c.category != "" && !c.noise {
					last = i
				}
			}
			for i, c := range cmds {
				if c.noise {
					continue
				}
				if i != last {
					for _, st := range checks {
						if st.failing && c.category == "" {
							st.between = append(st.between, c.norm)
						}
					}
					continue
				}
				st := checks[c.key]
				if st == nil {
					st = &checkState{}
					checks[c.key] = st
				}
				switch {
				case failed:
					st.failing = true
					st.streak++
					if st.streak >= MinFailStreak && !st.counted {
						st.counted = true
						a.add(LessonFailing, c.key, c.norm, "", src)
					}
				case ok:
					if st.failing && len(st.between) > 0 {
						a.add(LessonFixed, c.key, c.norm, lastStep(st.between), src)
					}
					*st = checkState{}
					if !passed[c.key] {
						passed[c.key] = true
						a.add(LessonPassing, c.key, c.norm, "", src)
					}
				}
			}
		}
	}
}

// lastStep is the command run last before a check passed again: the one
// most likely to have fixed it.
func lastStep(steps []string) string { return steps[len(steps)-1] }
