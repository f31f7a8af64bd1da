package offline

import (
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/automem/automem/internal/lazyregexp"
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
	report string // the check its output reads like (reportShape), if any
}

// mined is what one session contributes; the messages themselves are
// dropped once it is built, and only what the miners use is kept (one run
// per check, the workflow steps), so memory stays bounded by the evidence,
// not by the transcripts.
type mined struct {
	stmts     []stmt
	reversals []reversal
	said      []source   // every sentence the person wrote, for support by mention
	pasted    []setting  // settings the person pasted (key: value lines)
	checks    []shellRun // first run of each verification command
	steps     []shellRun // non-inspection commands, repeats collapsed
	looks     []shellRun // inspection commands (procedureSteps keeps those tied to a step)
	again     []shellRun // a step run again right away with other arguments (procedureSteps)
	substs    []shellRun // sed runs that edit files (substitutedChanges)
	cites     []cite     // the agent's reports that said memory told it so, and the replies
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

// shellOutputAt is a command the agent ran and what it printed.
type shellOutputAt struct {
	cmd    command
	output string
}

// mineSession extracts statements, reversals and commands from the messages
// of one session.
func mineSession(idx int, msgs []transcript.Message, strs *interner) mined {
	var m mined
	seq := 0
	var lastPrompt source
	// unasked: the single commands the agent ran before the person said
	// anything in this session, with their output; a version they print is
	// read at the person's first message, which answers it ("^ that's
	// what's running now").
	var unasked []shellOutputAt
	seenCheck := map[string]bool{}
	// corrective: the previous agent action was cancelled or rejected, so
	// the next human words are likely a correction.
	corrective := false
	// report: what the agent last wrote before the person spoke; a reply
	// that names what it did and rules it out corrects it.
	report := ""
	// quoteBefore: the person's last message only quoted the agent, so
	// this one answers the quote, as a reply under it would.
	quoteBefore := false
	// refused: the command of the last action the person stopped, until
	// they speak; "would you mind not restarting it?" names it.
	refused := ""
	// scopeHead: the person's last message was only a heading that
	// scopes the list under it to every project; the list came in the
	// next message.
	scopeHead := ""
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
				for _, u := range unasked {
					// (A file printed before the person spoke: their
					// first words say what it shows, as a paste's
					// would.)
					m.pasted = append(m.pasted, shownSettings(u.cmd, u.output, lastPrompt)...)
					m.pasted = append(m.pasted, queriedVersion(u.cmd, u.output, lastPrompt)...)
				}
				unasked = nil
			}
			m.pasted = append(m.pasted, pastedSettings(msg.Text, src)...)
			text := msg.Text
			leadQuoted := false
			if rest, agents, ok := quotedLead(text, report); ok {
				// Words in quotes, then the reply: the quote is not
				// the person's, and when it is the agent's the reply
				// disputes it.
				text, leadQuoted = rest, agents
			}
			lines, toldLines := ownTextTold(text)
			own, continued := sentenceParts(lines)
			listed := ruleItems(lines)
			underHead := scopeHead != ""
			var scoped map[string]int
			if underHead {
				// "## Policy (mine, across all my projects)" sent
				// alone, then its list: the heading scopes the
				// items of the next message as it would its own.
				scoped = scopedItems(append([]string{scopeHead}, lines...))
			} else {
				scoped = scopedItems(lines)
			}
			scopeHead = ""
			if len(lines) == 1 && scopeHeading(strings.TrimSpace(lines[0])) {
				scopeHead = strings.TrimSpace(lines[0])
			}
			// Support by mention reads whole sentences: a request to
			// check work names its checks across the clauses of one.
			i := 0
			for _, sent := range sentences(toldLines) {
				for _, part := range runOnParts(sent) {
					if len(textkey.Tokens(part)) < 2 {
						// Too short to name anything: no
						// support for a fact.
						continue
					}
					s := src
					s.quote, s.seq = strs.get(part), seq*1000+i
					m.said = append(m.said, s)
					i++
				}
			}
			labelled := len(own) > 1 && labelRe().MatchString(own[0])
			quoted := leadQuoted || quotesReport(msg.Text, report) || quoteBefore
			quoteBefore = false
			// "Thank you. Would you mind not using the shell module …?":
			// thanks first, then the reply that answers the report.
			thanked := len(own) > 1 && ackOnly(own[0]) && answersReport(own[1], report)
			if len(own) > 0 && answersReport(own[0], report) || labelled && (answersReport(own[1], report) || corrLabelRe().MatchString(own[0])) || quoted || thanked {
				corrective = true
			}
			answered := report
			report = ""
			if cl := citedMemory(answered, msg.Text); cl != "" || answered != "" && deniesRe().MatchString(msg.Text) {
				// (A denial citing nothing is kept with no clause:
				// the folder it names may name the line, citedLines.)
				reply := src
				reply.quote = strs.get(strings.TrimSpace(firstLine(msg.Text)))
				ci := cite{clause: strs.get(cl), reply: reply}
				if cl == "" {
					for _, sp := range backticked(answered) {
						ci.spans = append(ci.spans, strs.get(sp))
					}
				}
				m.cites = append(m.cites, ci)
			}
			if quoted && len(own) == 0 {
				// A message that only quotes the agent ("> I've put
				// the route in generated/routes.ts"): the next one
				// answers the quote.
				report, corrective, quoteBefore = answered, true, true
				continue
			}
			if !corrective && !underHead && !mayMatter(strings.ToLower(msg.Text)) {
				// No sentence of this message can be an instruction or a
				// reversal: skip the parsing.
				continue
			}
			var got []stmt
			// sections numbers the markdown heading each of got is said
			// under: a new heading turns to another matter.
			var sections []int
			section := 0
			told := "" // the person's own telling of a mistake come back
			// Under a quote of the agent's words the whole reply answers
			// them: its first statement is the correction, wherever it is.
			opened, ruled := quoted, false
			parts := rememberPrevious(expandValues(own))
			answersRefusal := refused != ""
			if answersRefusal {
				for i := range parts {
					parts[i] = nameRefused(parts[i], refused)
				}
				refused = ""
			}
			for i, sent := range parts {
				if m := elidedLeadRe().FindStringSubmatch(sent); m != nil && m[0] != sent {
					// `and "added x to the manifest": same as y, …`:
					// the quote (elided by ownTextTold) is not the
					// person's, what answers it is ("and" still
					// turns to another matter).
					sent = m[1] + sent[len(m[0]):]
				}
				if loc := houseRulesRe().FindStringIndex(sent); loc != nil && loc[1] < len(sent) {
					// "let me lay out how we do things here: …": what
					// follows is how the project works, said to last.
					sent, ruled = sent[loc[1]:], true
				}
				if strings.HasPrefix(strings.TrimSpace(sent), "#") {
					section++
				}
				if scoped[sent] > 0 {
					// an item under "## General (all my repos)"
					sent = withScope(sent)
				}
				s := src
				s.quote = sent
				s.seq = seq*1000 + i
				item := listed[sent]
				if item > 0 && !askedRe().MatchString(sent) {
					// (A request to run the checks before calling work
					// done is the verification line's.)
					if n := len(got); n > 0 && i > 0 && listed[parts[i-1]] == item && got[n-1].src.seq == seq*1000+i-1 {
						// The next sentence of the same item: one rule.
						got[n-1].line = strings.TrimSuffix(got[n-1].line, ".") + ". " + asLine(strings.TrimRight(sent, "!. "))
						got[n-1].src.quote += " " + sent
						got[n-1].src.seq = s.seq
						continue
					}
					// An item of the list under "house rules:": said
					// to last, whatever its words.
					sent = "Remember that " + sent
				}
				// Once a message opens as a correction, its next sentences
				// are part of it ("… is generated. Edit the yaml instead.").
				if i == 0 && (bareNoRe().MatchString(sent) || len(parts) > 1 && (verdictRe().MatchString(sent) || echoesReport(sent, answered)) || corrective && labelled || thanked || len(parts) > 1 && thanksThenTurn(sent, parts[1]) || len(parts) > 1 && announcesAnswer(sent, parts[1], answered, s)) {
					// "no." on its own: what follows is the correction;
					// so under a label ("## Fix") that opens a reply,
					// and after thanks when the next sentence turns
					// ("Thank you. However, …").
					corrective, opened = true, true
					continue
				}
				st, rev := classify(sent, corrective && (i == 0 || opened && len(got) == 0) || len(got) > 0 && got[0].correction, s)
				if st != nil && answersRefusal && st.neverOnly && !st.global && refusalHeat(sent) {
					// "Never force push main." as the push is refused:
					// kept once it recurs.
					st.lasting = false
				}
				if st != nil && continued[sent] && !st.lasting && !st.correction && !ruled {
					// A request run on after the day's task: not marked,
					// not kept.
					st = nil
				}
				if st == nil && len(got) == 0 && youNarrateRe().MatchString(sent) {
					// "again you put unsafePartial in Filter.purs": the
					// person tells what the agent did, as a report would.
					answered += "\n" + sent
				}
				if n := len(got); st != nil && n > 0 && got[n-1].src.seq == seq*1000+i-1 && sections[n-1] == section && i > 0 && item == listed[parts[i-1]] && !turns(sent) && (terseRuleOut(st.line) || terseRuleOut(got[n-1].line) && !terseRuleOut(st.line)) {
					// "the shadow image goes through VMA. no raw
					// vkAllocateMemory.": a bare "no X" next to the
					// rule it belongs to is half of that rule, not a
					// second one.
					p := &got[n-1]
					p.line = strings.TrimSuffix(p.line, ".") + ". " + st.line
					p.lasting = p.lasting || st.lasting || ruled
					p.correction = p.correction || st.correction
					p.global = p.global || st.global
					p.src.quote += " " + sent
					p.src.seq = s.seq
					continue
				}
				if st != nil {
					st.lasting = st.lasting || ruled
					st.again = repeatMarked(parts, i)
					got = append(got, *st)
					sections = append(sections, section)
					m.signals++
				} else if n := len(got); n > 0 && got[n-1].src.seq == seq*1000+i-1 && insteadOf(got[n-1].line, sent) {
					// "no moment.js, ever. dayjs only.": what to use
					// instead belongs to the rule that ruled out the other.
					got[n-1].line = strings.TrimSuffix(got[n-1].line, ".") + ". " + asLine(strings.TrimRight(sent, "!. "))
					got[n-1].src.quote += " " + sent
				} else if n := len(got); n > 0 && got[n-1].src.seq == seq*1000+i-1 && st == nil && rev == nil {
					if where, ok := whereItIs(got[n-1].line, sent); ok {
						// "would you mind not importing ApiBadge on
						// each page? It's registered globally in
						// src/theme/MDXComponents.js, so …": where the
						// thing already is says why the rule holds.
						got[n-1].line = strings.TrimSuffix(got[n-1].line, ".") + "; " + where + "."
						got[n-1].src.quote += " " + sent
					} else if alt, ok := betterInstead(got[n-1].line, sent); ok {
						// "would you mind not calling it per item? I
						// think the batch call would be kinder": the
						// polite way to name what to use instead.
						got[n-1].line = strings.TrimSuffix(got[n-1].line, ".") + ". " + asLine(alt)
						got[n-1].src.quote += " " + sent
					} else if got[n-1].correction && howInstead(got[n-1].line, sent) {
						// "Nothing secret lives in superset_config.py.
						// It reads them with os.environ …": how it is
						// done instead, said of what the correction
						// named.
						got[n-1].line = strings.TrimSuffix(got[n-1].line, ".") + ". " + asLine(strings.TrimRight(sent, "!. "))
						got[n-1].src.quote += " " + sent
					}
				}
				if rev != nil {
					m.reversals = append(m.reversals, *rev)
					m.signals++
				}
				if st == nil && rev == nil && len(got) == 0 && !thanksAgainRe().MatchString(sent) && (corrRe().MatchString(fillerRe().ReplaceAllString(sent, "")) || endsAgain(sent) || againThereRe().MatchString(sent)) {
					// "again pandas sneaking in.", "the new service uses
					// field injection again.": too little to keep, but
					// what follows is the correction.
					corrective, opened = true, true
					if endsAgain(sent) {
						// It tells what the agent did, as a report
						// would ("the importer logs with print again").
						told += "\n" + sent
					}
				}
			}
			var did []string
			if answered != "" && len(got) > 0 {
				did = agentDid(answered)
			}
			for i, st := range joinSections(got, sections) {
				if i == 0 {
					// The reply's opening answers the report; what the
					// person turns to after it does not.
					st.did = did
					if told != "" {
						st.told = agentDid(told)
						st.toldLast = lastBeforeAgain(told)
					}
				}
				if danglingRe().MatchString(st.line) && !quantifierRe().MatchString(st.line) || mindsNothing(st.line) {
					// "Never edit it, …" without what "it" is: a broken
					// line, not a memory.
					continue
				}
				m.stmts = append(m.stmts, st)
			}
			corrective = false
		case msg.Role == transcript.RoleAssistant:
			if strings.TrimSpace(msg.Text) != "" {
				// The last thing the agent said before the person
				// answered: usually what it did.
				report = msg.Text
			}
			for _, tc := range msg.ToolCalls {
				if rejected(tc) {
					// The person stopped this action: it did not run, and
					// what they say next is likely a correction.
					corrective = true
					stopped := tc
					stopped.Status = "" // (shellScript reads no cancelled call)
					if script, ok := shellScript(stopped); ok {
						refused = script
					}
					continue
				}
				script, ok := shellScript(tc)
				if !ok {
					continue
				}
				script = strs.get(script)
				cmds := commands(script)
				if len(cmds) == 1 && !tc.Error {
					// `cat config.yml` the person asked to see: its
					// output shows the file as the paste of it would.
					m.pasted = append(m.pasted, shownSettings(cmds[0], tc.Output, lastPrompt)...)
					m.pasted = append(m.pasted, queriedVersion(cmds[0], tc.Output, lastPrompt)...)
					if lastPrompt.quote == "" {
						unasked = append(unasked, shellOutputAt{cmds[0], tc.Output})
					}
				}
				for i, c := range cmds {
					seq++
					if !tc.Error && editsBySed(c) {
						m.substs = append(m.substs, shellRun{cmd: c, src: source{session: idx, msgID: msg.ID, at: msg.Time, seq: seq, quote: script}, prompt: lastPrompt})
					}
					if c.noise {
						if !tc.Error && c.tool != "" && !vcsStep(c) {
							c.norm, c.key, c.step = strs.get(c.norm), strs.get(c.key), strs.get(c.step)
							m.looks = append(m.looks, shellRun{cmd: c, src: source{session: idx, msgID: msg.ID, at: msg.Time, seq: seq, quote: script}, prompt: lastPrompt})
						}
						continue
					}
					c.norm, c.key, c.step = strs.get(c.norm), strs.get(c.key), strs.get(c.step)
					r := shellRun{cmd: c, src: source{session: idx, msgID: msg.ID, at: msg.Time, seq: seq, quote: script}, prompt: lastPrompt}
					if i == len(cmds)-1 && c.category == "" {
						// The output is the last command's; a known
						// check needs no reading of it.
						r.report = reportShape(tc.Output)
					}
					if c.category != "" {
						m.signals++
						// `ctest -L unit …`, then `ctest -L
						// slow …`: each mode is a check run, and so
						// is each kind of check one program runs
						// (`matlab -batch "runtests(…)"`, then `matlab
						// -batch "codeIssues(…)"`).
						if k := c.key + "\x00" + c.flagValues + "\x00" + c.category; !seenCheck[k] {
							seenCheck[k] = true
							m.checks = append(m.checks, r)
						}
					}
					// A program reading a pipe, then run alone
					// (`… | psql -d db`, `psql -d db -c "VACUUM …"`),
					// took two steps.
					if n := len(m.steps); n == 0 || m.steps[n-1].cmd.step != c.step || m.steps[n-1].cmd.flagValues != c.flagValues || (len(m.steps[n-1].cmd.from) > 0) != (len(c.from) > 0) ||
						sameStepOtherCheck(m.steps[n-1].cmd, c) {
						m.steps = append(m.steps, r)
					} else {
						if r.report != "" {
							m.steps[n-1].report = r.report
						}
						if argsText(c.args) != argsText(m.steps[n-1].cmd.args) {
							// The same step again with other values
							// (`varnishadm vcl.load v7 …`, then
							// `varnishadm vcl.use v7`) may be the
							// procedure's next step (splitTokens).
							m.again = append(m.again, r)
						}
					}
				}
			}
		}
	}
	return m
}

// announcesAnswer reports whether the first sentence of a message only
// announces the reply that the next one gives: "I must correct one
// point. The fixed leg uses Thirty360, not Actual360", "One thing. …",
// "Careful here. …". The first names nothing the agent's report named and
// nothing of its own (three terms at most, no code, no rule of its own: no
// lasting mark, no instruction opening it), and the second answers the
// report (answersReport). The announcement is the correction's opening,
// as a bare "no" is: what follows it is the correction.
func announcesAnswer(first, next, report string, src source) bool {
	if report == "" || strings.HasSuffix(strings.TrimSpace(first), "?") || len(factTerms(first)) > 3 || len(codeNames(first)) > 0 || sharedTerms(first, report) > 0 {
		return false
	}
	if starterRe().MatchString(stripFillers(strings.TrimSpace(first))) || answersReport(first, report) || !answersReport(next, report) {
		return false
	}
	st, _ := classify(first, false, src)
	return st == nil || !st.lasting && !st.global
}

// youNarrateRe is a person telling what the agent did: "you put …", "you
// used … again".
var youNarrateRe = lazyregexp.New(`(?i)\b(you|u)\s+(\w*[^\We]ed|put|wrote|made|left|did|ran|broke|kept|brought|slipped)\b`)

// rejectedRe matches what Claude Code and Codex record as a tool result
// when the person refused a tool call.
var rejectedRe = lazyregexp.New(`(?i)doesn't want to proceed with this tool use|tool use was rejected|rejected by (the )?user|declined by (the )?user|aborted by (the )?user|\[request interrupted by user`)

// rejected reports whether the person cancelled or refused a tool call.
func rejected(tc transcript.ToolCall) bool {
	switch strings.ToLower(tc.Status) {
	case "cancelled", "canceled", "rejected", "denied", "aborted":
		return true
	}
	// Codex writes a refused command's output as plain text, with no
	// error flag: the whole output is its refusal.
	return tc.Error && rejectedRe().MatchString(tc.Output) || codexRefusalRe().MatchString(tc.Output)
}

// codexRefusalRe is the whole output Codex records for a command the
// person declined to approve.
var codexRefusalRe = lazyregexp.New(`(?i)^\s*exec command rejected by user\s*$`)

// danglingRe is a line whose first verb acts on a pronoun that nothing in
// the line names ("that" before a noun names it: "don't edit that
// migration"; "that one" does not: "strip that one and don't add them").
var danglingRe = lazyregexp.New(`(?i)^(never,? (ever,? )?|don'?t |do not |always |please )?[a-z]+ ((it|them)\b|(this|that|those|these)(\W*$|[,;.:]| (in|on|to|for|from|with|again|anymore|any ?more|please|yet|ever|by|here|there|ones?)\b)|the ((old|new|other|same|first|last|existing|previous) )?ones?\W*$)`)

// mindBackRe is "keep that in mind" (bear, have) in a line's first clause,
// before anything "that" could stand for.
var mindBackRe = lazyregexp.New(`(?i)^[^,;:\x{2014}]*\b(?:keep|kept|keeping|bear|bore|have)\s+(?:that|this|it|those|these)\s+in\s+mind\b`)

// mindsNothing reports whether a line asks to keep in mind what the
// sentence before it said ("I should be grateful if you kept that in mind
// whenever you start the database", cut from the clause that moved the
// port): what is to last is not in it. "Tests hit port 5433, keep that in
// mind" names it first and stays.
func mindsNothing(line string) bool {
	return strings.Contains(strings.ToLower(line), "in mind") && mindBackRe().MatchString(line)
}

// quantifierRe opens a line whose subject is a quantifier ("Anything that
// touches the key …"): its "that" has no antecedent to miss.
var quantifierRe = lazyregexp.New(`(?i)^(anything|everything|something|nothing|all|each|every|any)\b`)

// bareNoRe is a sentence that only says no.
// houseRulesRe opens a statement of how the project works, up to the colon
// after which the person says it: "here's how we do things in this repo:".
var houseRulesRe = lazyregexp.New(`(?i)\b(how we do things|how things are done|how we work|the way we (do things|work)|(our|the) (house|ground) rules|our conventions)\b[^:]{0,80}:\s+`)

// corrLabelRe is a label that names the message a correction: "##
// Correction", "Fix:", "Again:".
var corrLabelRe = lazyregexp.New(`(?i)^#*\s*(corrections?|fix|fixes|again|reminder|wrong|mistake)\s*:?\s*$`)

// labelRe is a heading or a label of a word or two that opens a message
// ("## Fix", "Re: mobile", "Again:").
var labelRe = lazyregexp.New(`^(#+\s*[\w.:-]+(\s+[\w.:-]+)?|[\w.-]+(\s+[\w.-]+)?:)\s*$`)

// "are you kidding (me)" on its own rebukes what the agent just did, as a
// bare "no" does.
var bareNoRe = lazyregexp.New(`(?i)^(no+|nope|nah|wrong|stop|are you kidding( me)?|you'?re kidding( me)?)\W*$`)

// verdictRe is a sentence that only judges what the agent just did or
// offered, the way a person opens a correction in full sentences: "I am
// afraid that will not do.", "Let me stop you there, because …", "That's
// not how we do it here.", "The team doesn't do it that way.", "Of course
// I want it changed." What follows it is the correction, as after a bare
// "no"; a reason after "because" adds no rule of its own.
var verdictRe = lazyregexp.New(`(?i)^\W*(?:(?:(?:i'?m|i am) afraid,?\s+)?(?:that|this|it) (?:will|would) not do|(?:(?:i'?m|i am) afraid,?\s+)?(?:that|this|it) won'?t do|let me stop you(?: right)? there|that'?s not how (?:we|i) do (?:it|things|this)(?: here| in this (?:repo|project))?|(?:we|the team|our team) (?:don'?t|doesn'?t|do not|does not) do (?:it|things|this) (?:that|this) way|(?:of course|obviously|yes),? i (?:do )?want (?:it|that|this) (?:changed|fixed)|(?:(?:i'?m|i am) afraid,?\s+)?(?:that|this|it)(?:'s| is| was) (?:not|never|hardly|simply not) (?:acceptable|ok(?:ay)?|right|correct|what i (?:asked for|wanted|meant))|(?:(?:i'?m|i am) afraid,?\s+)?(?:that|this|it)(?:'s| is| was) (?:simply )?unacceptable|(?:(?:i'?m|i am) afraid,?\s+)?(?:i|we)(?:'ll| will| must| have to| need to)(?: have to)? (?:ask|request) (?:you|that you) (?:to )?(?:revise|change|redo|undo|revert|reconsider|correct|amend|rework|fix) (?:that|this|it))(?:\s*[,;:\x{2014}-]\s*(?:because|since|as)\b[^?]*)?[\s.!]*$`)

// shortValueRe is a value written as the tail of a longer one: ".40" for
// 192.168.1.40.
var shortValueRe = lazyregexp.New(`(^|\s)(\.\d+)\b`)

// dottedValueRe is a value with dotted parts: an address, a version.
var dottedValueRe = lazyregexp.New(`\b\d+(\.\d+)+\b`)

// expandValues writes a value abbreviated to its tail (".40") in full when
// an earlier sentence of the message gave it ("it's 192.168.1.40 now.
// remember the nas is at .40"): the line must stand on its own.
func expandValues(sents []string) []string {
	var out []string
	for i, s := range sents {
		if i > 0 && shortValueRe().MatchString(s) {
			s = shortValueRe().ReplaceAllStringFunc(s, func(m string) string {
				tail := strings.TrimSpace(m)
				for j := i - 1; j >= 0; j-- {
					for _, v := range dottedValueRe().FindAllString(sents[j], -1) {
						if strings.HasSuffix(v, tail) {
							return strings.TrimSuffix(m, tail) + v
						}
					}
				}
				return m
			})
		}
		out = append(out, s)
	}
	return out
}

// exclaimedRe is a sentence that ends in an exclamation mark.
var exclaimedRe = lazyregexp.New(`!+\s*$`)

// contrastOpenRe is a sentence that only rules something out: "not
// junit.", "no callbacks".
var contrastOpenRe = lazyregexp.New(`(?i)^(?:not|no|never)\s+([\w.@/:+-]+(?:\s+[\w.@/:+-]+)?)\W*$`)

// rememberValueRe is "remember 0x45": the marker and a value alone.
var rememberValueRe = lazyregexp.New(`(?i)^(?:please )?` + rememberWord + `\s+(?:it'?s |that'?s )?(\S+)\W*$`)

// remembersValueOf reports whether s only asks to remember a value that
// the sentence before it gave ("… the address is 0x45 now. remember 0x45").
func remembersValueOf(s, prev string) bool {
	m := rememberValueRe().FindStringSubmatch(s)
	if m == nil {
		return false
	}
	v := strings.ToLower(strings.Trim(m[1], ".,;:!?"))
	return v != "" && strings.Contains(strings.ToLower(prev), v) && strings.IndexFunc(v, unicode.IsDigit) >= 0
}

// thanksLeadRe opens a sentence of thanks or praise: "Thank you, that is very
// quick.", "Great, thanks!", "Looks good.", "Oh, thank you, that's quick."
var thanksLeadRe = lazyregexp.New(`(?i)^\W*(?:(?:oh|ah|well|ok(?:ay)?)[,!]?\s+)?(?:thanks|thank you|cheers|ty|great|nice|good|cool|perfect|awesome|lovely|looks (?:good|great|nice)|lgtm|appreciated)\b`)

// ackOnly reports whether a sentence only thanks or praises the agent:
// a polite person opens with it, and what answers the agent's report is
// the next sentence. It is short, asks nothing and rules nothing out
// ("thanks, but no lodash" is thanksBut's).
func ackOnly(s string) bool {
	s = strings.TrimSpace(s)
	return thanksLeadRe().MatchString(s) && !strings.HasSuffix(s, "?") && !replyNegRe().MatchString(s) &&
		!strings.Contains(strings.ToLower(s), "but") && len(textkey.Tokens(s)) <= 8
}

// replyNegRe is a word that rules something out or sets a condition.
var replyNegRe = lazyregexp.New(`(?i)\b(no|not|never|avoid|don'?t|dont|do not|stop|instead|needs?|must|can'?t|cannot|doesn'?t|isn'?t|aren'?t|only)\b`)

// answersReport reports whether the first sentence of a person's message
// answers what the agent just reported doing by naming a thing it named
// (a capitalised or code name: "Repo", "String") and ruling it out or
// setting a condition on it ("String needs alloc"): a correction, though
// no tool call was refused.
func answersReport(first, report string) bool {
	// "would you mind not …?" answers as "avoid …" does.
	first = politeAsk(formalAsk(first))
	// "I don't think we use styled-components here": a hedged "we don't
	// use …", ruling out what follows it.
	first = hedgedNotRe().ReplaceAllString(first, "$1 don't ")
	if report == "" || strings.HasSuffix(strings.TrimSpace(first), "?") || !replyNegRe().MatchString(first) {
		return false
	}
	names := reportNames(report)
	words := strings.FieldsFunc(strings.ToLower(first), notWordRune)
	for _, w := range words {
		if names[w] {
			return true
		}
	}
	// A plain word names what the agent did as well ("I ran ocamlformat
	// on lift.ml", "don't call ocamlformat by hand") when the reply rules
	// it out: it stands after the negation, in its clause ("use the
	// existing helper instead of a new one" rules no helper out).
	var ruled strings.Builder
	for _, m := range negScopeRe().FindAllStringSubmatch(first, -1) {
		ruled.WriteString(m[1] + " ")
	}
	if ruled.Len() == 0 {
		return false
	}
	reply := replyTerms(ruled.String())
	for _, t := range agentDid(report) {
		if reply[t] {
			return true
		}
	}
	return false
}

// hedgedNotRe is a negation put on the person's belief instead of the
// act: "I don't think we use …" says "we don't use …".
var hedgedNotRe = lazyregexp.New(`(?i)\bi (?:don'?t|do not) (?:think|believe) (we|you)\s+`)

// negScopeRe is a negation and the rest of its clause: what it rules out.
// It ends where the clause does or where what to do instead begins ("no
// live fetches in tests, ever use the fixtures": live fetches). "avoid" is
// how a polite "would you mind not …?" reads (politeAsk).
var negScopeRe = lazyregexp.New(`(?i)\b(?:no|not|never|don'?t|dont|do not|stop|avoid|without|instead of|rather than)\s+([^,;.!?\x{2014}]+?)(?:\s+(?:use|using|instead|but|rather)\b|[,;.!?\x{2014}]|$)`)

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }

// reportNames are the names an agent's report gives, lower-cased: words
// written with a capital after the first word of a sentence, or with an
// underscore or an inner capital.
func reportNames(report string) map[string]bool {
	names := map[string]bool{}
	for _, span := range codeSpanRe().FindAllString(report, -1) {
		// "typed as `any`": what the agent wrote as code is a name,
		// whatever its case.
		if w := strings.ToLower(strings.Trim(span, "`")); w != "" && !strings.ContainsAny(w, " \t") {
			names[w] = true
		}
	}
	for _, sent := range splitSentences(strings.Join(strings.Fields(report), " ")) {
		for i, w := range strings.FieldsFunc(sent, notWordRune) {
			if len(w) < 3 {
				continue
			}
			r, _ := utf8.DecodeRuneInString(w)
			if len(textkey.Tokens(w)) == 0 || generic[strings.ToLower(w)] {
				// "Here is what I found: The …": a common word, not a name.
				continue
			}
			if i > 0 && unicode.IsUpper(r) || strings.Contains(w, "_") || strings.IndexFunc(w[1:], unicode.IsUpper) >= 0 {
				names[strings.ToLower(w)] = true
			}
		}
	}
	return names
}

// emphasisRe is a sentence of one lasting word, said after a rule for
// weight: "ALWAYS.", "Every file.", "No exceptions!".
var emphasisRe = lazyregexp.New(`(?i)^(always|never|ever|every (single )?(one|file|module|test|commit|job|template|page|table|function|class|component)|no exceptions?|without exception|everywhere)\W*$`)

// emphasisLeadRe is "no exceptions" opening a sentence that goes on with
// a reason ("no exceptions, it bit us before"), up to where the reason
// starts.
var emphasisLeadRe = lazyregexp.New(`(?i)^(no exceptions?|without exception)\s*[,;:\x{2014}-]\s*(we|it|they|this|that|these|because|since|as|otherwise|there|i|our|you)\b`)

// rememberAloneRe is a sentence that only marks the one before it as
// lasting: "We deploy from publish now. Remember that."
var rememberAloneRe = lazyregexp.New(`(?i)^(please )?(remember (that|this|it)|keep (that|this|it) in mind|don'?t forget( (that|it))?|note (that|this))( please)?\W*$`)

// saidAloneRe is a sentence that only says the one before was said before.
var saidAloneRe = lazyregexp.New(`(?i)^(` + saidWords + `|` + nthTime + `|(sorry|apologies) (for repeating|to repeat)( myself)?|how many times( do i have to (say|tell you)( (it|this|that))?)?|i('m| am) repeating myself|same as (last time|before|the last time)|(and |yet |once )?again)\W*$`)

// keepBackRe is a closing clause that asks to keep what the sentence said
// before it from now on: "…; I would ask you to observe this from now
// on", "…, please stick to that going forward", "…, and do it like this
// from here on". The marker is said of the rule before it, not of what
// follows.
var keepBackRe = lazyregexp.New(`(?i)\s*[;,\x{2014}]\s*(?:and\s+|so\s+)?(?:please\s+|kindly\s+|i(?:'d| would| must| will)?\s+(?:ask|like|want|need)\s+(?:you\s+)?to\s+)?(?:observe|follow|keep|do|apply|stick to|respect|honou?r|remember)\s+(?:this|that|it)(?:\s+(?:rule|way|like this|like that))?\s+(?:from now on|going forward|henceforth|from here on(?: out)?)\b`)

// keptBack is a sentence whose closing clause marks the rule before it
// to last (keepBackRe), as "Remember that <rule>", or s as it is. A head
// that asks, or is too short to say anything, is left alone.
func keptBack(s string) string {
	l := strings.ToLower(s)
	if !strings.Contains(l, "now on") && !strings.Contains(l, "forward") && !strings.Contains(l, "henceforth") && !strings.Contains(l, "here on") {
		return s
	}
	loc := keepBackRe().FindStringIndex(s)
	if loc == nil {
		return s
	}
	head := strings.TrimSpace(s[:loc[0]])
	if len(strings.Fields(head)) < 5 || strings.Contains(head, "?") || strings.HasSuffix(strings.TrimSpace(s), "?") {
		return s
	}
	return "Remember that " + strings.TrimRight(head, ".,;: ") + "."
}

// rememberPrevious folds a "remember that." sentence into the sentence
// before it, and a closing "…; keep to this from now on" into the clause
// it closes (keptBack).
func rememberPrevious(sents []string) []string {
	out := sents[:0:0]
	for _, s := range sents {
		s = keptBack(s)
		if n := len(out); n > 0 && emphasisRe().MatchString(s) && !strings.HasSuffix(strings.TrimSpace(out[n-1]), "?") {
			// "pin images by digest. ALWAYS.": the word alone says the
			// sentence before is to last.
			out[n-1] = "Remember that " + strings.TrimRight(out[n-1], "!. ") + ", " + strings.ToLower(strings.Trim(s, "!. "))
			continue
		}
		if n, lead := len(out), emphasisLeadRe().FindString(s); n > 0 && lead != "" && !strings.Contains(strings.ToLower(s[len(lead):]), "exception") && !strings.HasSuffix(strings.TrimSpace(out[n-1]), "?") {
			// "every job pins its image. No exceptions, we got burned
			// twice.": the emphasis marks the rule before to last, and
			// the reason after it is no rule of its own.
			out[n-1] = "Remember that " + strings.TrimRight(out[n-1], "!. ") + ", no exceptions"
			continue
		}
		if len(out) > 0 && !scopeHeadRe().MatchString(strings.TrimSpace(s)) && scopeOnly(s, out[len(out)-1]) {
			// "… in simple English. This is for all my projects.": the
			// scope belongs to the sentence before. A heading ("## For
			// every repo", "Everywhere, all my projects:") scopes the
			// items under it (scopedItems), never the line above it.
			out[len(out)-1] = withScope(out[len(out)-1])
			continue
		}
		if len(out) > 0 && (rememberAloneRe().MatchString(s) || remembersValueOf(s, out[len(out)-1])) {
			out[len(out)-1] = "Remember that " + out[len(out)-1]
			continue
		}
		if n := len(out); n > 0 && exclaimedRe().MatchString(out[n-1]) && len(textkey.Tokens(out[n-1])) <= 2 {
			if m := contrastOpenRe().FindStringSubmatch(s); m != nil && !notRuling[strings.ToLower(strings.Trim(strings.Fields(m[1])[0], ".,;:!"))] {
				// "kotest!!! not junit": the exclaimed name is what to
				// use, the next sentence what not to.
				out[n-1] = strings.TrimRight(out[n-1], "!. ") + ", not " + m[1]
				continue
			}
		}
		if saidAloneRe().MatchString(s) && len(out) > 0 {
			// "catchup=False!! I said this already": a repeat; a
			// question said again supports the correction it repeats,
			// but is never its wording (representative).
			out[len(out)-1] = strings.TrimRight(out[len(out)-1], "!. ") + ", I said that before"
			continue
		}
		out = append(out, s)
	}
	return out
}

// againRe finds "again" in a sentence: a mistake came back. In a message
// that corrects one thing, "and the loop order again" turns to a second.
var againRe = lazyregexp.New(`(?i)\bagain\b`)

// againThereRe is a mistake found again: "there's a sleep in the loop
// again", "QA: there were raw queries in the report again".
var againThereRe = lazyregexp.New(`(?i)^(?:[\w ]{0,30}:\s*)?there(?:'s| is| was| are| were)\b.*\bagain\b`)

// endsAgain reports whether a sentence ends saying a mistake came back:
// "the new service uses field injection again."
// lastBeforeAgain are the last terms before each "again" of s that ends
// a sentence: the word that says what went wrong ("the export got slow
// again" gives slow).
func lastBeforeAgain(s string) []string {
	var out []string
	for _, sent := range strings.Split(s, "\n") {
		locs := againRe().FindAllStringIndex(sent, -1)
		if len(locs) == 0 {
			continue
		}
		if t := agentDid(sent[:locs[len(locs)-1][0]]); len(t) > 0 {
			out = append(out, t[len(t)-1])
		}
	}
	return out
}

func endsAgain(s string) bool {
	locs := againRe().FindAllStringIndex(s, -1)
	return len(locs) > 0 && strings.IndexFunc(s[locs[len(locs)-1][1]:], func(r rune) bool { return !notWordRune(r) }) < 0
}

// turnRe opens a sentence that turns to another matter: a sentence that
// opens with "and" adds one ("elm-ui only. And the list should be …").
var turnRe = lazyregexp.New(`(?i)^(also|btw|by the way|fyi|oh and|and( also)?|plus|ps|separately|unrelated|another thing)\b`)

// asideTailRe is a sentence that ends by marking itself an aside: "timestamp
// column is event_time btw", "the staging db is read-only, fyi".
var asideTailRe = lazyregexp.New(`(?i)[\s,(]+(btw|by the way|fyi|as an aside)\W*$`)

// turns reports whether a sentence turns to another matter: a turn word
// opens it, or an aside word ends it. Said at either end, the word tells
// that what the sentence says is not part of what came before it, so a
// correction joined with it would hold two facts in one line.
func turns(s string) bool {
	return turnRe().MatchString(s) || asideTailRe().MatchString(s)
}

// refusalNeverRe is a "never" that rules out; everAlwaysRe stretches it
// over time or over the repository ("no force push, ever", "never
// auto-approve in this repo") or names what to do instead ("chrome.storage
// always").
var (
	refusalNeverRe = lazyregexp.New(`(?i)\bnever\b`)
	everAlwaysRe   = lazyregexp.New(`(?i)\b(ever|always)\b|\b(in|for) this (repo|repository|project|codebase)\b`)
)

// refusalHeat reports whether a sentence answering a refused command rules
// out with a bare "never" ("Never destroy dev."): said in the heat of the
// refusal, it lasts only once it is said again. An "always" names what
// to do instead, and "ever" or "in this repo" mark it to last.
func refusalHeat(sent string) bool {
	return refusalNeverRe().MatchString(sent) && !everAlwaysRe().MatchString(sent)
}

// refusedItRe is a verb acting on "it" or "them": group 1 the verb, group
// 2 the pronoun.
var refusedItRe = lazyregexp.New(`(?i)\b([a-z]{3,})\s+(it|them)\b`)

// nameRefused writes the thing a stopped command acted on in place of the
// pronoun that points at it ("would you mind not restarting it?" after a
// refused `sudo systemctl restart caddy` is about caddy): the line must
// stand on its own, and a pronoun left in it makes it no memory. Only a
// verb the command itself holds ("restarting", restart) points at the
// command's object; anything else is left as it is.
func nameRefused(sent, cmd string) string {
	if !strings.Contains(sent, " it") && !strings.Contains(sent, " them") {
		return sent
	}
	m := refusedItRe().FindStringSubmatchIndex(sent)
	if m == nil {
		return sent
	}
	if nounLeads[strings.ToLower(lastWord(sent[:m[2]]))] || credRe().MatchString(cmd) {
		// "the test it runs is flaky": the verb's word is a noun here;
		// and a command holding a credential lends no words.
		return sent
	}
	verb := textkey.Stem(strings.ToLower(sent[m[2]:m[3]]))
	words := strings.Fields(firstLine(cmd))
	for i, w := range words {
		if textkey.Stem(strings.ToLower(w)) != verb {
			continue
		}
		// obj holds the words after the verb, vals those right after an
		// option, which may be its value ("-n prod", "-p 8080:80") or,
		// after a switch, the object ("rm -rf build").
		var obj, vals []string
		afterOpt := false
		for _, o := range words[i+1:] {
			if strings.HasPrefix(o, "-") {
				if credOption(o) {
					// "--token abc": its value is a credential.
					return sent
				}
				afterOpt = !strings.Contains(o, "=")
				continue
			}
			if strings.ContainsAny(o, "|&;<>$`'\"(){}") {
				break
			}
			if strings.Contains(o, "=") || !strings.ContainsFunc(o, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
				// "password=hunter2" is never copied into a line, and
				// "." or "./..." names nothing.
				return sent
			}
			if afterOpt {
				vals = append(vals, o)
			} else {
				obj = append(obj, o)
			}
			afterOpt = false
		}
		if len(obj)+len(vals) > 2 {
			// "npm install -g typescript eslint prettier": two words
			// would cut the object, or copy an option's value.
			return sent
		}
		if len(obj) == 0 && len(vals) == 1 {
			// "fly deploy --app shop-web", "cargo clean -p core": the
			// one word there is is what the command acted on.
			obj = vals
		}
		if len(obj) == 0 {
			return sent
		}
		return sent[:m[4]] + strings.Join(obj, " ") + sent[m[5]:]
	}
	return sent
}

// credOption reports whether a command's option names a credential
// ("--token", "-p" is not: only the spelled-out words), so its value is
// never copied.
func credOption(o string) bool {
	l := strings.ToLower(o)
	for _, w := range []string{"pass", "token", "secret", "key", "auth", "cred"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// nounLeads are the words before a verb's form that make it a noun: "the
// test it runs", "my build it started".
var nounLeads = map[string]bool{"the": true, "a": true, "an": true, "this": true, "that": true, "these": true, "those": true,
	"my": true, "our": true, "your": true, "its": true, "their": true, "his": true, "her": true, "each": true, "every": true, "which": true, "what": true}

// fixRequestRe is a request to repair what the agent just did: a verb of
// undoing or changing, then what it did, pointed at ("revert it", "change
// that back") or told as its doing ("remove the exception you added",
// "fix whatever you may have put in the base").
var fixRequestRe = lazyregexp.New(`(?i)^(?:(?:please|kindly|so|then|now)\s+)*(?:change|remove|revert|undo|redo|fix|rewrite|update|delete|drop|replace|amend|correct|rework|take out|roll back|back out)\b(?:\s+(?:it|that|this|them|those)\b(?:\s+back)?\W*$|.*\byou(?:'ve|\s+(?:may|might|must|just|probably))?(?:\s+have)?\s+(?:added|wrote|written|put|created|made|introduced|used|changed|inserted|set)\b)`)

// habitRe is a word that makes a repair a way of working: "remove any
// glaze you added before every firing", "update the runbook whenever you
// changed a mount".
var habitRe = lazyregexp.New(`(?i)\b(?:every|whenever|always|each time|from now on)\b`)

// ownContrastRe is a sentence that names its own alternative to rule out:
// "the amount should be Currency, not Double", "dates go in UTC, never
// local time".
var ownContrastRe = lazyregexp.New(`(?i),\s*(?:not|never|rather than|instead of)\s+\S`)

// ownContrast reports whether a sentence after a correction is a rule of
// its own rather than part of it: the correction already rules something
// out, and the sentence rules out its own alternative and names nothing
// the correction names ("Delphi mode is not used here. … The amount field
// should be Currency, not Double."). Joined, one line would hold two
// facts, and the second would be lost to the first. After a correction
// that only says how things are ("assets/generated is exported from
// blender. edit the .blend file, never the .tres.") the sentence is the
// rule it explains.
func ownContrast(line, next string) bool {
	return strings.Contains(next, ",") && ownContrastRe().MatchString(next) && negatesRe().MatchString(line) && sharedTerms(line, next) == 0
}

// joinCorrection makes one statement of a correction said in several
// sentences ("Don't touch themes/, it's a submodule. Override it in
// layouts/ instead."): the parts only make sense together.
func joinCorrection(sts []stmt) []stmt {
	if len(sts) < 2 || !sts[0].correction {
		return sts
	}
	j := sts[0]
	for i, s := range sts[1:] {
		if turns(s.src.quote) || againRe().MatchString(s.src.quote) || ownContrast(j.line, s.line) || s.global && !j.global {
			// "… return a Result. also components live in src/ecs":
			// the person turns to another matter; so does "all my
			// projects: type hints on …" after a rule of this one.
			return append([]stmt{j}, joinCorrection(sts[1+i:])...)
		}

		if fixRequestRe().MatchString(s.line) && !habitRe().MatchString(s.line) {
			// "… not PERMISSIVE anywhere. Kindly change the mode and
			// remove any exception you may have added.": the day's
			// repair of what the agent did, no part of the rule.
			j.src.quote += " " + s.src.quote
			continue
		}
		j.line = strings.TrimSuffix(j.line, ".") + ". " + s.line
		j.lasting = j.lasting || s.lasting
		j.global = j.global || s.global
		j.src.quote += " " + s.src.quote
	}
	return []stmt{j}
}

// joinSections joins each correction with what follows it under the same
// markdown heading (joinCorrection): the bullets under "## Context" or
// "## For all repos" after a "## Correction" are other matters, and a
// scope over every project under the later heading is not the
// correction's.
func joinSections(sts []stmt, sections []int) []stmt {
	var out []stmt
	for a := 0; a < len(sts); {
		b := a + 1
		for b < len(sts) && sections[b] == sections[a] {
			b++
		}
		out = append(out, joinCorrection(sts[a:b])...)
		a = b
	}
	return out
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// leadQuoteRe is a message that opens with words in quotes and a break
// after them: `"retry it in the handler" — no, …`, `“I'll drop the
// table”: never, …`, `> "…" — …` (a quote mark before the quote). Group 3
// is a dash.
var leadQuoteRe = lazyregexp.New(`^\s*(?:>\s*)?(?:"([^"\n]+)"|“([^”\n]+)”)\s*(?:(\x{2014}|\x{2013}|--?)|:|,|;)\s*`)

// pointsBackRe is a first clause that points back with "it" or "them".
var pointsBackRe = lazyregexp.New(`(?i)^[^.;:!?,\x{2014}]*\b(?:it|them)\b`)

// quotedLead reports whether a message opens by quoting words inline and
// answering them on the same line, and returns the message without the
// quote: the quote is not the person's, what follows it is. agents says
// the quote is words of what the agent just wrote ("\"retry it in the
// handler\" — no. …"): a person who quotes the agent's own words back at
// it disputes them, so the reply is a correction, unless it opens with
// a yes. Every word of such a quote, two at least or one written as
// code, must be in the report; other quotes lead only before a dash
// ("\"…\" — everywhere: code first"), and a quote with no break after it
// is part of a sentence ("\"build\" is the step"). A name quoted as the
// topic that the reply points back at ("\"pnpm lint\" — run it before
// every commit") is the reply's subject, no lead.
func quotedLead(text, report string) (rest string, agents, ok bool) {
	text = strings.TrimLeft(text, " \t\r\n")
	m := leadQuoteRe().FindStringSubmatchIndex(text)
	if m == nil || strings.TrimSpace(firstLine(text[m[1]:])) == "" {
		return "", false, false
	}
	quote := text[max(m[2], m[4]):max(m[3], m[5])]
	q := textkey.Tokens(quote)
	if len(q) <= 2 && pointsBackRe().MatchString(text[m[1]:]) {
		return "", false, false
	}
	// One word is enough when it is written as code ("< BaseView"): the
	// agent's code, quoted.
	agents = (len(q) >= 2 || len(q) == 1 && len(codeNames(quote)) > 0) && report != ""
	if agents {
		// By stem: a person quoting from memory bends a word ("returns"
		// for the agent's "return").
		in := map[string]bool{}
		for _, t := range textkey.Tokens(report) {
			in[textkey.Stem(t)] = true
		}
		for _, t := range q {
			agents = agents && in[textkey.Stem(t)]
		}
	}
	// Quoting the agent to agree with it ("\"in past tense\": yes. …")
	// answers it; it disputes nothing.
	agents = agents && !answerRe().MatchString(text[m[1]:])
	if !agents && m[6] < 0 {
		return "", false, false
	}
	return text[m[1]:], agents, true
}

// elidedLeadRe is a sentence opening with a quotation ownTextTold elided,
// then a break: "and …: same as before, …".
var elidedLeadRe = lazyregexp.New(`^((?:and|but|also|or|then)\s+)?…\s*(?:\x{2014}|\x{2013}|--?|:|,|;)\s*`)

// thanksAgainRe is thanks or a greeting said once more ("Thank you
// again.", "Hello again.", "hi again!"): politeness, not a mistake come
// back.
var thanksAgainRe = lazyregexp.New(`(?i)^\W*(?:(?:thanks|thank you|cheers|ty)(?: (?:so|very) much)?|hello|hi|hey|hiya|howdy|good (?:morning|afternoon|evening|day)|greetings|morning|welcome back|nice to see you)(?: there)?,? again\b`)

// codeSpanRe is a `code` span.
var codeSpanRe = lazyregexp.New("`[^`\n]+`")

// quotesReport reports whether a person's message opens by quoting what
// the agent just wrote ("> \"I updated V12 to add the column\"" and the
// reply under it): people quote the agent to dispute it, so the reply is
// a correction. The quote must be the agent's words, a dozen characters
// or more of them, not a log or an e-mail the person pasted.
func quotesReport(text, report string) bool {
	if report == "" {
		return false
	}
	first := strings.TrimSpace(firstLine(strings.TrimLeft(text, " \t\r\n")))
	if !strings.HasPrefix(first, ">") {
		return false
	}
	q := strings.Trim(strings.TrimLeft(first, "> "), "\"'“”…. ")
	if len(q) < 12 {
		return false
	}
	return strings.Contains(textkey.Normalize(report), textkey.Normalize(q))
}

// itIsWhereRe is a sentence saying where the thing just named already is
// or comes from: "It's registered globally in src/theme/MDXComponents.js,
// so the import isn't needed". The first clause is kept.
var itIsWhereRe = lazyregexp.New(`(?i)^(?:it'?s|it is|they'?re|they are)\s+((?:already\s+)?(?:registered|defined|set|configured|declared|provided|loaded|imported|generated|handled|done)\b[^,;:\x{2014}]*?\b(?:in|by|from)\s+[^,;:\x{2014}]+?)\s*(?:[,;:\x{2014}].*|\.)?$`)

// whereItIs returns the clause of sent that says where the thing a
// prohibition just named already lives, when the clause names a file or a
// code name ("it's registered globally in src/theme/MDXComponents.js"):
// a polite person says why not to do it there, and the place is what a
// later session names when the mistake comes back. Only after a rule
// that rules something out; a sentence naming no file is no place.
func whereItIs(rule, sent string) (string, bool) {
	if !strings.HasPrefix(strings.ToLower(rule), "avoid ") && !negScopeRe().MatchString(rule) {
		return "", false
	}
	low := strings.ToLower(strings.TrimSpace(sent))
	if !strings.HasPrefix(low, "it") && !strings.HasPrefix(low, "they") {
		return "", false
	}
	m := itIsWhereRe().FindStringSubmatch(strings.TrimSpace(sent))
	if m == nil || !strings.ContainsAny(m[1], "/`") && !strings.Contains(m[1], ".") {
		return "", false
	}
	return "it's " + m[1], true
}

// howInstead reports whether sent, said right after a correction that
// rules something out ("Nothing secret lives in superset_config.py."),
// says how it is done instead, of the very thing the correction named:
// it opens by pointing back at it ("It reads them with os.environ …",
// "They come from the vault agent's file via environ.Env()") and names as
// code a thing the correction does not. Such a sentence reads as narration on its own
// (its subject is a pronoun) and is dropped, but it is the other half of
// the rule, and the words a later session says it again with. A sentence
// that says what the thing is ("They are a black box to Catalyst") or
// names nothing as code is a reason or a vent ("It bloats the bundle"),
// and a question asks.
func howInstead(rule, sent string) bool {
	sent = strings.TrimSpace(sent)
	if !pointsBackOpenRe().MatchString(sent) || pointsBackIsRe().MatchString(sent) || strings.HasSuffix(sent, "?") || ventRe().MatchString(sent) || !negScopeRe().MatchString(rule) && !noneRe().MatchString(rule) {
		return false
	}
	in := codeNames(rule)
	for n := range codeNames(sent) {
		if !in[n] {
			return true
		}
	}
	return false
}

// pointsBackOpenRe is a sentence opening with a pronoun for what was just
// named: "It reads …", "They are loaded …".
var pointsBackOpenRe = lazyregexp.New(`(?i)^(?:it|they|these|those)(?:'s|'re)?\s`)

// pointsBackIsRe is a sentence saying what the thing pointed back at is:
// "They are a black box to Catalyst", "It's slow": a reason, not how.
var pointsBackIsRe = lazyregexp.New(`(?i)^(?:it|they|these|those)(?:'s|'re|\s+(?:is|are|was|were))\s`)

// noneRe is a negation by a pronoun of none: "nothing secret lives in …",
// "no one edits …".
var noneRe = lazyregexp.New(`(?i)\b(?:nothing|none|nowhere|no one|nobody)\b`)

// echoAckRe is the dry assent that follows an echo: "Widely used. Sure.",
// "Smoothly. Right."
var echoAckRe = lazyregexp.New(`(?i)^\W*(?:sure|right|great|ok(?:ay)?|yeah|of course|lovely|nice|wonderful|brilliant)\W*$`)

// echoesReport reports whether a sentence only repeats, in one to three
// words, what the agent's report just said ("Widely used." after "I used
// logrus, since it's widely used"; "Smoothly." after "so it scales
// smoothly"): said back on its own, the agent's words are quoted to be
// disputed, as a quote of them is, and what follows is the correction.
// A sentence of the person's own words, or a report the agent did not
// write, is no echo.
func echoesReport(sent, report string) bool {
	words := strings.FieldsFunc(strings.ToLower(sent), notWordRune)
	if report == "" || len(words) == 0 || len(words) > 3 || strings.HasSuffix(strings.TrimSpace(sent), "?") || echoAckRe().MatchString(sent) {
		return false
	}
	said := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(report), notWordRune) {
		said[w] = true
	}
	content := 0
	for _, w := range words {
		if !said[w] {
			return false
		}
		if len(w) > 3 {
			content++
		}
	}
	return content > 0
}

// sameStepOtherCheck reports whether two runs of one step in a row are
// handed different check words (`./tools/run.sh lint`, then
// `./tools/run.sh test`): two checks, not the step run again.
func sameStepOtherCheck(a, b command) bool {
	wa, _ := handedWord(a)
	wb, _ := handedWord(b)
	return wa != wb
}
