package offline

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/automem/automem/internal/textkey"
	"github.com/automem/automem/internal/transcript"
)

// source says where a piece of evidence came from.
type source struct {
	session int // index into the run's session list
	msgID   string
	at      time.Time
	seq     int    // position in the session, for ordering within a timestamp
	quote   string // the sentence or command as written (not yet redacted)
}

// shellRun is one normalised command the agent ran, and the human message
// that led to it.
type shellRun struct {
	cmd    command
	src    source
	prompt source // zero when no human message came before
}

// mined is what one session contributes; the messages themselves are
// dropped once it is built, and only what the miners use is kept (one run
// per check, the workflow steps), so memory stays bounded by the evidence,
// not by the transcripts.
type mined struct {
	stmts     []stmt
	reversals []reversal
	said      []source   // every sentence the person wrote, for support by mention
	checks    []shellRun // first run of each verification command
	steps     []shellRun // non-inspection commands, repeats collapsed
	signals   int
}

// interner shares the memory of strings that repeat across sessions (the
// same commands run again and again). It is safe for concurrent use; a nil
// interner returns strings unchanged.
type interner struct {
	mu sync.Mutex
	m  map[string]string
}

func newInterner() *interner { return &interner{m: map[string]string{}} }

func (in *interner) get(s string) string {
	if in == nil {
		return s
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if v, ok := in.m[s]; ok {
		return v
	}
	in.m[s] = s
	return s
}

// mineSession extracts statements, reversals and commands from the messages
// of one session.
func mineSession(idx int, msgs []transcript.Message, strs *interner) mined {
	var m mined
	seq := 0
	var lastPrompt source
	seenCheck := map[string]bool{}
	// corrective: the previous agent action was cancelled or rejected, so
	// the next human words are likely a correction.
	corrective := false
	for pos, msg := range msgs {
		seq++
		if msg.ID == "" {
			// Codex user events carry no id: the position still finds it.
			msg.ID = fmt.Sprintf("#%d", pos+1)
		}
		switch {
		case msg.Role == transcript.RoleUser && msg.Human:
			src := source{session: idx, msgID: msg.ID, at: msg.Time, seq: seq}
			if first := strings.TrimSpace(firstLine(msg.Text)); first != "" {
				lastPrompt = src
				lastPrompt.quote = first
			}
			own := sentences(ownText(msg.Text))
			for i, sent := range own {
				if len(sent) > 400 || len(textkey.Tokens(sent)) < 2 {
					// Too long to be one thought, or too short to
					// name anything: no support for a fact.
					continue
				}
				s := src
				s.quote, s.seq = strs.get(sent), seq*1000+i
				m.said = append(m.said, s)
			}
			if !corrective && !mayMatter(strings.ToLower(msg.Text)) {
				// No sentence of this message can be an instruction or a
				// reversal: skip the parsing.
				continue
			}
			var got []stmt
			opened := false
			for i, sent := range rememberPrevious(own) {
				s := src
				s.quote = sent
				s.seq = seq*1000 + i
				// Once a message opens as a correction, its next sentences
				// are part of it ("… is generated. Edit the yaml instead.").
				if i == 0 && bareNoRe().MatchString(sent) {
					// "no." on its own: what follows is the correction.
					corrective, opened = true, true
					continue
				}
				st, rev := classify(sent, corrective && (i == 0 || opened && len(got) == 0) || len(got) > 0 && got[0].correction, s)
				if st != nil {
					got = append(got, *st)
					m.signals++
				}
				if rev != nil {
					m.reversals = append(m.reversals, *rev)
					m.signals++
				}
			}
			for _, st := range joinCorrection(got) {
				if danglingRe().MatchString(st.line) && !quantifierRe().MatchString(st.line) {
					// "Never edit it, …" without what "it" is: a broken
					// line, not a memory.
					continue
				}
				m.stmts = append(m.stmts, st)
			}
			corrective = false
		case msg.Role == transcript.RoleAssistant:
			for _, tc := range msg.ToolCalls {
				if rejected(tc) {
					// The person stopped this action: it did not run, and
					// what they say next is likely a correction.
					corrective = true
					continue
				}
				script, ok := shellScript(tc)
				if !ok {
					continue
				}
				script = strs.get(script)
				for _, c := range commands(script) {
					seq++
					if c.noise {
						continue
					}
					c.norm, c.key, c.step = strs.get(c.norm), strs.get(c.key), strs.get(c.step)
					r := shellRun{cmd: c, src: source{session: idx, msgID: msg.ID, at: msg.Time, seq: seq, quote: script}, prompt: lastPrompt}
					if c.category != "" {
						m.signals++
						if !seenCheck[c.key] {
							seenCheck[c.key] = true
							m.checks = append(m.checks, r)
						}
					}
					if n := len(m.steps); n == 0 || m.steps[n-1].cmd.step != c.step {
						m.steps = append(m.steps, r)
					}
				}
			}
		}
	}
	return m
}

// rejectedRe matches what Claude Code and Codex record as a tool result
// when the person refused a tool call.
var rejectedRe = lazyRegexp(`(?i)doesn't want to proceed with this tool use|tool use was rejected|rejected by (the )?user|declined by (the )?user|aborted by (the )?user|\[request interrupted by user`)

// rejected reports whether the person cancelled or refused a tool call.
func rejected(tc transcript.ToolCall) bool {
	switch strings.ToLower(tc.Status) {
	case "cancelled", "canceled", "rejected", "denied", "aborted":
		return true
	}
	return tc.Error && rejectedRe().MatchString(tc.Output)
}

// danglingRe is a line whose first verb acts on a pronoun that nothing in
// the line names.
var danglingRe = lazyRegexp(`(?i)^(never |don'?t |do not |always |please )?[a-z]+ (it|them|this|that|those|these)\b`)

// quantifierRe opens a line whose subject is a quantifier ("Anything that
// touches the key …"): its "that" has no antecedent to miss.
var quantifierRe = lazyRegexp(`(?i)^(anything|everything|something|nothing|all|each|every|any)\b`)

// bareNoRe is a sentence that only says no.
var bareNoRe = lazyRegexp(`(?i)^(no+|nope|nah|wrong|stop)\W*$`)

// rememberAloneRe is a sentence that only marks the one before it as
// lasting: "We deploy from publish now. Remember that."
var rememberAloneRe = lazyRegexp(`(?i)^(please )?(remember (that|this|it)|keep (that|this|it) in mind|don'?t forget( (that|it))?|note (that|this))( please)?\W*$`)

// saidAloneRe is a sentence that only says the one before was said before.
var saidAloneRe = lazyRegexp(`(?i)^(as )?i (said|told you)( (this|that|it|so))?( (before|already|earlier|last time))*\W*$`)

// rememberPrevious folds a "remember that." sentence into the sentence
// before it.
func rememberPrevious(sents []string) []string {
	out := sents[:0:0]
	for _, s := range sents {
		if rememberAloneRe().MatchString(s) && len(out) > 0 {
			out[len(out)-1] = "Remember that " + out[len(out)-1]
			continue
		}
		if saidAloneRe().MatchString(s) && len(out) > 0 {
			// "catchup=False!! I said this already": a repeat.
			out[len(out)-1] = strings.TrimRight(out[len(out)-1], "!. ") + ", I said that before"
			continue
		}
		out = append(out, s)
	}
	return out
}

// joinCorrection makes one statement of a correction said in several
// sentences ("Don't touch themes/, it's a submodule. Override it in
// layouts/ instead."): the parts only make sense together.
func joinCorrection(sts []stmt) []stmt {
	if len(sts) < 2 || !sts[0].correction {
		return sts
	}
	j := sts[0]
	for _, s := range sts[1:] {
		j.line = strings.TrimSuffix(j.line, ".") + ". " + s.line
		j.lasting = j.lasting || s.lasting
		j.global = j.global || s.global
		j.src.quote += " " + s.src.quote
	}
	return []stmt{j}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
