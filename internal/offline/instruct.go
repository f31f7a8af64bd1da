package offline

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// stmt is one sentence a person typed that reads as a lasting instruction,
// already reduced to the memory line it would become.
type stmt struct {
	line       string // the memory line, e.g. "Use pnpm, not npm."
	lasting    bool   // carried an explicit lasting marker
	global     bool   // said to apply in every project
	correction bool   // rejected or corrected something the agent did
	// did is what the agent's report before the message named (agentDid):
	// what a correction answers.
	did []string
	// told is what the person said the agent did once more before the
	// correction ("the export job logs with print again"): their own
	// words name the place beside the mistake, so it ties corrections
	// less readily than a report does (ruledThenTold).
	told []string
	// toldLast are the last terms before each "again" of told ("… got
	// slow again" gives slow): what went wrong, not the place it did.
	toldLast []string
	// again: the person said the mistake came back or that they said
	// this before ("again", "I told you"), in the sentence or the one
	// right before it: the statement repeats one of an earlier session.
	again bool
	// neverOnly: the one lasting signal is an "always" or "never" word.
	// Said in answer to a refused command ("Never force push main.") it
	// is the heat of that refusal, not a rule marked to last.
	neverOnly bool
	src       source
}

// reversal is a sentence that withdraws earlier instructions about a subject.
type reversal struct {
	subject []string // distinctive words; empty = "the previous message"
	src     source
}

var (
	fillerRe = lazyregexp.New(`(?i)^(never ?mind|nvm|just so you know|(just )?(a )?heads[ -]?up|ok(ay)?|also|additionally|furthermore|moreover|and|so|but|btw|by the way|hey|fyi|note that|note|(it'?s |it is )?important( is| it is)? that|the important (thing|part|bit) is( that)?|important|one more thing|another thing|just|please|pls|kindly|oh|hmm|right|sure|thanks|thank you|great|good|in general|generally|while (you'?re|you are|i'?m|i am) (at it|there|in there|here|complaining|on (it|the subject|that))|(i'?m |i am )?(so |very )?sorry( to (be|bother|nag)( (a |an )?\w+)?)?,?( but)?)\b[\s,:;!.\x{2014}-]*`)
	corrRe   = lazyregexp.New(`(?i)^(wrong \w+\s*[-:\x{2014}]+\s*|(no+|nope|nah)(\s+(no+|nope|nah))*\b\s*((please|pls)\b\s*)?([,:;!\x{2014}-]+\s*|\.+(\s+|$)|$)|(no|nope|nah)\s+(please|pls)\s+|(nope|wrong( format| again)*|not like that|that'?s (wrong|not right)|that is (wrong|not right)|` + saidWords + `|again)\b[\s,:;!.\x{2014}-]*)`)
	// terse corrections: "no pandas", "turbo, not nx", "selectolax only"
	terseRe = lazyregexp.New(`(?i)^(no|not)\s+[\w.@/:+-]+(\s+[\w.@/:+-]+)?(\s+please)?\W*$|^[\w.@/:+-]+(\s+[\w.@/:+-]+)?,?\s+(not|never|instead of|rather than)\s+[\w.@/:+-]+(\s+[\w.@/:+-]+)?\W*$|^[\w.@/:+-]+(\s+[\w.@/:+-]+)?\s+only\W*$`)
	// "no pandas in this repo": a ruling-out that opens a correction
	noOpenRe = lazyregexp.New(`(?i)^no\s+([\w.@/:+-]+)`)
	// a credential stated as a value: "the db password is …"
	credRe = lazyregexp.New(`(?i)\b(password|passwd|passphrase|token|api[ _-]?key|secret|credentials?|private key|access key|client secret)\b[^.,;]{0,40}?\s(is|=|:)\s*\S`)
	// "…, remember that X": the part after the marker is the statement;
	// after a topic label ("billing: remember every amount is …") the
	// marker needs no "that".
	rememberMidRe = lazyregexp.New(`(?i)^.*?[,;:\x{2014}]\s*((` + rememberWord + `|keep in mind|note) that|note to self[,:]?)\s+|^[\w .&/-]{1,30}:\s*` + rememberWord + `\s+(that\s+)?`)
	lastingRe     = lazyregexp.New(`(?i)\b(from ?now on|going forward|in (the )?future|henceforth|from here on( out)?|from (today|this point|this day) (on(wards?)?|forward)|(from|starting|as of) tomorrow( (on(wards?)?|forward))?)\b[\s,:]*`)
	// markers that say a statement lasts only when they open it: "next
	// time, run …" (but "let's do that next time"), "moving forward, …"
	// (but "the migration is moving forward").
	lastingOpenRe = lazyregexp.New(`(?i)^(for the record|moving forward|for the future|for next time|next time|as a (general )?rule|by convention|starting (now|today)|always (in|for) this (repo|repository|project|codebase))\b[\s,:]*`)
	rememberRe    = lazyregexp.New(`(?i)^((can|could|would|will) (you|u) (please )?)?(` + rememberWord + `|keep in mind|note for the future|never forget)\b( for (next time|the future|later))?( (to|that))?[\s,:]*`)
	alwaysRe      = lazyregexp.New(`(?i)\b(always|never|every (single )?time|(any ?|each )time (you|we)|whenever|at all times|without exception|no exceptions)\b|,\s*ever\b`)
	// routing to the global file: a scope over every project (see
	// globalPattern), or "globally" opening the sentence ("install it
	// globally" is not one).
	globalRe     = lazyregexp.New(globalPattern)
	globalOpenRe = lazyregexp.New(`(?i)^(globally|everywhere|for every project)\b[\s,:]*`)
	oneOffRe     = lazyregexp.New(`(?i)\b(this time|for now|right now|just now|for the moment|at the moment|today|tonight|tomorrow|yet|just once|this once|temporarily|for this (pr|commit|change|session|task|one|file|branch|run|ticket|bug|fix|post|screen|build|release|page)( only)?|in this (pr|commit|change|session|task|one|branch|run)|anymore|this (?:week|month|quarter|sprint))\b|^now\b|^(fix|do|try|redo|undo|check|change|revert|commit|push) (that|it|this)\b`)
	// "…, as usual", "like every table we have": the person says the
	// thing is how this project always does it, a standing convention.
	conventionRe = lazyregexp.New(`(?i)[\s,;:\x{2014}-]*\b(as (usual|always|before|we always (?:do|did|have))|like (always|usual|before)|like (every|all) (the )?(other )?\w+( we have)?|(like|as with|next to|with|same as) the (others|other ones|rest)( \w+)?|same as (always|usual|before|every \w+)|(the )?same( \w+){1,2} as (always|usual|before)|keep it that way|that'?s how we do it|that'?s (what|how) we do( it| things)?( here)?|that is how we do it|like we (always )?do( (for|with|in) (the )?\w+( \w+)?)?)\b[\s,;.!]*`)
	// "…, I said that before": a correction said again.
	saidBeforeRe = lazyregexp.New(`(?i)[\s,;:\x{2014}-]+(` + saidWords + `|` + nthTime + `)\W*$`)
	// "we're on python 3.10", "the monitor runs at 115200": the current
	// value of a setting; it stands when it recurs or changes later.
	settingRe = lazyregexp.New(`(?i)^(we'?re|we are|we target|we run|we use|(the )?\S+( \S+)? (is|runs|listens))\b.*?\b(on|at|to|is)?\s*\S*\d`)
	// "we build everything with sbt, right": a tag asks for confirmation.
	// The tag follows a comma or asks ("… the Maybe correct." says how,
	// "not the right one" is no tag).
	tagQuestionRe = lazyregexp.New(`(?i)\S+\s+\S+\s+\S+.*(,\s*(right|yeah|yes|correct|innit|eh)\W*|\s(right|yeah|yes|correct|innit|eh)\s*\?+)$`)
	// venting and exclamations: strong feeling, not an instruction
	ventRe = lazyregexp.New(`(?i)\b(never underestimate|never again|i swear|i hate|hate (it|this|that|how)|sick of|tired of|nightmare|cursed|insane|depressing|ugh+|wtf|damn|should never be allowed|drives me|driving me|los(e|ing) my mind|uninstall(ing)? you|how many times)\b|^(wow|yay|awesome|perfect|magnifique|great|nice|cool|thanks|thank you)\b`)
	// "…, remember that": a lasting marker at the end
	rememberTailRe = lazyregexp.New(`(?i)[\s,;:\x{2014}-]+(please )?(` + rememberWord + ` (that|this|it)( for (all )?(the )?(future|later|next time|(future|new|later) \w+))?|keep ((that|this|it) )?in mind( for (the )?(future|new code|later|next time|new \w+))?|don'?t forget( (that|it))?)( please)?\W*$`)
	// a statement of how the project is ("src/gen is generated", "themes/
	// is a submodule", "commit messages start with the ticket", "item
	// stats are RON files under assets/items": a kind of thing and the
	// folder it is in), kept in a correction or when it recurs
	factRe      = lazyregexp.New(`(?i)^\S+(\s+\S+){0,3}\s+(is|are)\s+(generated|a (git )?submodule|shared|read-?only|vendored|deprecated|managed by|owned by|built by|copied from)\b|^\S+(\s+\S+){0,3}\s+(is|are)\s+(always\s+)?(stored|kept|saved|persisted|recorded)\s+(as|in)\s+\S+|^we\s+(always\s+)?(store|keep|save|persist|record)\s+\S+(\s+\S+){0,3}\s+(as|in)\s+\S+|\b(starts?|begins?) with\b|\b(goes|go|lives?|belongs?) (in|under|into|through|thru|via)\b|^\S+(\s+\S+){0,2}\s+are\s+(\S+\s+){1,3}(in|under)\s+` + "`?" + `[\w.-]+/[\w/-]*\w/?` + "`?" + `([\s,;:)]|\.(\s|$)|$)`)
	planRe      = lazyregexp.New(`(?i)^(let'?s|let us|we should|we could|we might|we may|maybe|perhaps|i think|i guess|i'?d like|i would like|i want to|we want to|we'?ll|we will|i'?ll|i will|planning|the plan is|eventually|at some point|someday|should we|could we|would it|what if|consider|i wonder|wondering|probably|it might|might)\b`)
	laterRe     = lazyregexp.New(`(?i)\b(later|next (week|sprint|month|quarter|release)|one day|some day|eventually|at some point|if we have time|when we get to it)\b`)
	questRe     = lazyregexp.New(`(?i)^(why|what|how|where|which|who|whose|is|are|was|were|do|does|did|can|could|would|will|shall|should|have|has|had|am|isn'?t|aren'?t|doesn'?t|didn'?t|won'?t|wouldn'?t|or\s+(?:is|are|was|were|do|does|did|can|could|would|will|should)\s+(?:it|that|this|there|they|we|you|i)\b)\b`)
	reverseRe   = lazyregexp.New(`(?i)\b(ignore|forget|disregard|scratch|drop|cancel|undo|revert|withdraw)\b\s+(what i (said|told you|wrote)|my (earlier|previous|last|old)( (rule|instruction|request|note))?|the (earlier|previous|old) (rule|instruction|request|note)|that (rule|instruction)|the rule|that)\b(\s+(about|on|regarding|for)\s+(.+))?`)
	noLongerRe  = lazyregexp.New(`(?i)\b(we|i) (no longer|don'?t|do not) (use|want|need|prefer)\s+(.+?)\s+anymore\b|\b(we|i) no longer (use|want|need|prefer)\s+(.+)`)
	neverMindRe = lazyregexp.New(`(?i)^(never ?mind|nvm|scratch that|forget (it|that)|ignore (that|this))\b\W*$`)
	// markers of an instruction that needs repetition to count
	instrRe = lazyregexp.New(`(?i)^(don'?t|do not|dont|make sure|ensure|prefer|avoid|stick (to|with)|only use|we use|we prefer|i prefer|i'?d rather|i would rather|we always|we never|we don'?t|we do not|stop|never|always)\b|\b(not|never|instead of)\s+\S+\s*$|\buse\s+\S+(\s+\S+)?\s*(,\s*)?(instead of|not|rather than|over)\s+\S+|\b(must|must not|mustn'?t|should always|should never|ha(ve|s) to be|needs? to be|stays?|belongs? (in|to))\b|,\s*((please|pls)\s+)?(not|never|instead of)\s+(\w+\s+){0,4}[\w.-]+\s*$`)
	// words an imperative instruction can start with once fillers are gone
	starterRe = lazyregexp.New(`(?i)^(always|never|don'?t|dont|do not|make sure|ensure|prefer|use|avoid|stick|keep|put|write|name|run|format|commit|add|call|prefix|target|pin|lint|test|check|document|leave|ask|place|store|import|stop|only|edit|change|modify|update|create|delete|remove|install|move|rename|read|look|follow|wrap|return|handle|log|start|build|deploy|push|pull|merge|rebase|squash|tag|release|bump|generate|regenerate|migrate|comment|split|sort|quote|escape|validate|mark|set|configure|we|i prefer|i'?d rather|i would rather|our|all|every|tests?|commits?|code|new|each|the \S+ (must|should))\b`)
	// "they always fail": always/never describing something, not asking;
	// "I've never known" tells the speaker's own past, "he said always
	// that …" what someone else held ("she said always use X" hands a
	// rule on)
	describedRe = lazyregexp.New(`(?i)\b(it|they|this|that|he|she|which|who|there|these|those|one|mine|yours)\s+(always|never|every time)\b|\b(last night|yesterday|this morning|earlier today|last week|the other day|not sure why|no idea why|dunno why|(?:don'?t|do not) know why)\b|^(every|each) (single )?time i\b|\b(has|have|had|hasn'?t|haven'?t) never\b|['’]ve never\b|\bused to (always|never)\b|\b(he|she|they) (said|says|told|tells)( (me|us|them))? (always|never) that\b`)
	// neverPastRe is "never" before an irregular past form: "we never got
	// it green" tells what happened.
	// A softening adverb may sit between them ("I never quite knew").
	neverPastRe = lazyregexp.New(`(?i)\bnever (?:` + softAdverbs + `\s+)?(got|had|saw|went|did|made|ran|knew|thought|found|came|became|took|gave|told|said|wrote|heard|felt|left|managed|worked|happened|understood|meant|kept|used)\b`)
	// "you should always …" is an instruction addressed to the agent
	youRe = lazyregexp.New(`(?i)^(you|u) (should|must|need to|have to|are to)\s+`)
	// a sentence that describes rather than instructs ("it always fails")
	describeRe = lazyregexp.New(`(?i)^(it|this|that|there|he|she|they|you|the build|the test|ci)\b`)
)

// neverDidRe is "never" before a past form: "it never worked" tells what
// happened, unless a passive auxiliary makes it a rule ("outputs are never
// committed").
// A softening adverb may sit between them: "I never quite settled the
// question" tells what happened as much as "I never settled it".
var neverDidRe = lazyregexp.New(`(?i)(?:^|(\S+)\s+)never\s+(?:` + softAdverbs + `\s+)?\w+ed\b`)

// neverWillRe is a sentence that ends carrying its verb into another
// tense with "never": "… doesn't open Lua files and never will", "… and
// never has".
var neverWillRe = lazyregexp.New(`(?i)\b(?:and|but|or),? never (?:will|would|has|have|did|does|do|can|could)\W*$`)

// softAdverbs soften a past "never" without changing what it tells:
// "never quite", "never really", "never fully", "never properly".
const softAdverbs = `(?:quite|really|actually|fully|properly|truly|even|once|entirely|completely)`

// passiveAux are the words that make "never …ed" a passive rule.
var passiveAux = map[string]bool{"is": true, "are": true, "be": true, "get": true, "gets": true}

// alwaysPastRe is the person telling their own past with "always": "I
// always found the old API confusing", "I've always used Redis in past
// projects", "we always ran flake8 before". Said beside a question or a
// complaint it is how things went, not how to work now ("we always run
// flake8" is). Group 1 is the past form.
var alwaysPastRe = lazyregexp.New(`(?i)(?:\bi(?:'ve|’ve| have)?|\bwe)\s+always\s+(?:` + softAdverbs + `\s+)?(got|had|been|saw|went|did|made|ran|knew|thought|found|came|became|took|gave|wrote|heard|felt|left|managed|worked|happened|understood|meant|kept|used|\w+ed)\b`)

// alwaysPastKept are the past forms after "always" that still hand on a
// rule or a preference: "as I always said, …", "I've always preferred
// tabs", "we always agreed to squash"; and words ending in -ed that are no
// past form ("I always need", "I always embed the fonts").
var alwaysPastKept = map[string]bool{"said": true, "told": true, "mentioned": true, "asked": true, "agreed": true,
	"decided": true, "insisted": true, "preferred": true, "liked": true, "loved": true, "wanted": true,
	"need": true, "embed": true, "seed": true, "shed": true, "feed": true, "speed": true, "proceed": true,
	"succeed": true, "exceed": true, "bleed": true, "breed": true, "shred": true, "wed": true}

// keepOnRe is the person asking that a past habit go on: "keep it",
// "keep doing that", "keep squashing", "stick with it".
var keepOnRe = lazyregexp.New(`(?i)\bkeep (?:it|doing|\w+ing)\b|\bstick(?:ing)? with\b`)

// toldPast reports whether s tells the person's own past with "always"
// (alwaysPastRe), the prefilter keeping the regexp off most sentences.
func toldPast(s string) bool {
	l := strings.ToLower(s)
	if !strings.Contains(l, "always") {
		return false
	}
	if (strings.Contains(l, "keep") || strings.Contains(l, "stick")) && keepOnRe().MatchString(s) {
		// "we always tagged releases with a v prefix, keep it": the
		// past is told to be kept up, which is the rule.
		return false
	}
	for _, m := range alwaysPastRe().FindAllStringSubmatch(s, -1) {
		if !alwaysPastKept[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

// described reports whether a sentence describes what happens rather than
// saying what to do. A passive "never …ed" reads as a rule only when the
// person marked the sentence (or corrected with it): "the cache is never
// cleared" alone tells of a bug.
func described(s string, marked bool) bool {
	if describedRe().MatchString(s) || toldPast(s) {
		return true
	}
	if neverPastRe().MatchString(s) && len(alwaysRe().FindAllString(s, 2)) < 2 {
		// "we never got the suite green here"; "I never said it, but we
		// never put styles inline" still states a rule.
		return true
	}
	if !strings.Contains(strings.ToLower(s), "never") {
		return false
	}
	if neverWillRe().MatchString(s) {
		// "the level designer doesn't open Lua files and never will":
		// what someone does, with its tense carried on, is the reason
		// for a rule, not the rule.
		return true
	}
	for _, m := range neverDidRe().FindAllStringSubmatch(s, -1) {
		if marked && strings.HasSuffix(m[1], ",") {
			// "dependency bumps go in their own PR, never mixed into
			// a feature PR": the passive's verb is the clause's
			// before it, said once.
			continue
		}
		if !marked || !passiveAux[strings.ToLower(m[1])] {
			return true
		}
	}
	return false
}

// saidWords is the person saying they said it before: "I said", "as I
// told you already", "I've said it twice", "I keep telling you", "sorry
// to repeat myself, but", "sorry to bring it up again, but", "I should
// have been clearer last time" (the polite say it was said before by
// apologising for saying it again, or for how it was said), "sorry, I
// should have mentioned this earlier" (for not saying it before: what
// follows corrects what the agent did).
const saidWords = `(as |like |i think |i believe )?(i|we)('ve| have)? (said|told you|mentioned)( that| this| it| so)?( before| already| earlier| previously| last time| twice| (three|four|five|many|several|\d+|a (few|dozen|hundred|million)) times)*|(i|we) did (say|mention|tell you)( that| this| it| so)?( before| already| earlier| last time)*|i keep (saying|telling you)( (this|that|it))?|(see,? )?(this|that)('s|’s|s| is) (exactly )?what i (meant|said)|((i'?m |i am )?(so |very )?sorry )?to repeat myself(,? but)?|(i regret that |i'?m afraid )?(i )?(must|have to|need to|am going to have to) repeat myself(,? but)?|((i'?m |i am )?(so |very )?sorry )?to (bring|raise) (it|this|that) (up )?again(,? but)?|(i'?m |i am )?(so |very )?sorry,? i should have been clearer( (last time|before|earlier|the first time))?(,? but)?|i should have been clearer( (last time|before|earlier|the first time))?|((i'?m |i am )?(so |very )?sorry,? )?i should have (mentioned|said) (this|that|it)( (earlier|before|sooner|first))?`

// saidMidRe is a said-before clause inside a run-on sentence: ", I keep
// saying it, ".
var saidMidRe = lazyregexp.New(`(?i)[,;]\s*(` + saidWords + `)\s*[,;]\s*`)

// nthTime is a count of how often the person has said it: "third time",
// "for the second time now".
const nthTime = `(for the |this is the )?(second|third|fourth|fifth|\w+th) time( now| already)?`

// rememberWord is "remember" as typed in a hurry: remmeber, remeber, rember.
const rememberWord = `re?m+e*m*b+e*r`

// notRuling are words after "no" that rule nothing out.
var notRuling = map[string]bool{"problem": true, "worries": true, "idea": true, "need": true, "way": true,
	"one": true, "longer": true, "wait": true, "matter": true, "thanks": true, "rush": true, "luck": true,
	"clue": true, "i": true, "it": true, "that": true, "this": true, "no": true, "more": true}

// classify turns one sentence into a statement, a reversal, or nothing.
// corrective is set when the sentence answers a cancelled or rejected tool
// call, which makes a plain imperative count as a correction.
func classify(sentence string, corrective bool, src source) (*stmt, *reversal) {
	st, rev := classifyWhole(sentence, corrective, src)
	if st != nil || rev != nil || !mayMarkClause(sentence) {
		return st, rev
	}
	return markedHeadClauses(sentence, corrective, src), nil
}

// markedHeadClauses reads a sentence that opens with a lasting marker and
// was dropped whole for what its last clauses add ("from now on every rpc
// gets its own Request message, even if it's empty today"; "from now on
// the revenue asset never reads raw_payments, it always goes through
// stg_payments"): the marker's scope is the clauses right after it, so
// the longest head of the sentence, still marked, that stands as a lasting
// statement is the statement. A question, a vent, a credential or a rule
// for a while only ("… until the audit") is no statement whatever its
// head says.
func markedHeadClauses(sentence string, corrective bool, src source) *stmt {
	// (A head is never cut inside a list: "…, which claims, clusters or
	// users it touches" goes on past "claims"; listTailRe.)
	s := strings.TrimSpace(sentence)
	if strings.HasSuffix(s, "?") || tagQuestionRe().MatchString(s) || ventRe().MatchString(s) || credRe().MatchString(s) || passingClause(s) {
		return nil
	}
	cuts := clauseSplitRe().FindAllStringIndex(s, -1)
	for k, tried := len(cuts)-1, 0; k >= 0 && tried < 3; k-- {
		head := strings.TrimSpace(s[:cuts[k][0]])
		if len(textkey.Tokens(head)) < 4 || openAt(s, cuts[k][0]) || listTailRe().MatchString(s[cuts[k][1]:]) || !marked(head) || !ruleShapeRe().MatchString(head) || condOpenRe().MatchString(head) {
			// A head that states no rule ("remember that the last
			// meeting went badly") or ends inside a condition ("from
			// now on, if we ever open a second site") is no statement.
			continue
		}
		tried++
		if st, _ := classifyWhole(head, corrective, src); st != nil && st.lasting {
			// "… must never read raw_payments directly, it always goes
			// through stg_payments": what is used instead goes with the
			// rule that ruled the other out.
			next := s[cuts[k][1]:]
			if k+1 < len(cuts) {
				next = s[cuts[k][1]:cuts[k+1][0]]
			}
			if negatedClause(head) && insteadClauseRe().MatchString(next) {
				st.line = strings.TrimSuffix(st.line, ".") + ", " + strings.TrimRight(strings.TrimSpace(next), "!. ") + "."
			}
			return st
		}
	}
	return nil
}

// insteadClauseRe is a clause naming what is done instead of what the
// clause before it ruled out: "it always goes through stg_payments",
// "only the vendored copy", "use the queue instead".
var insteadClauseRe = lazyregexp.New(`(?i)^(?:(?:it|they|that|this)\s+)?(?:always|only|instead)\b|\binstead\W*$`)

// ruleShapeRe is a clause shaped as a rule: a modal or a word that says
// how always or how many ("must", "never", "every", "only").
var ruleShapeRe = lazyregexp.New(`(?i)\b(?:must|never|always|every|each|all|only|should|has to|have to|no)\b`)

// classifyWhole is classify on the sentence as a whole.
func classifyWhole(sentence string, corrective bool, src source) (*stmt, *reversal) {
	s := fixTypos(strings.TrimSpace(sentence))
	if c, ok := markerClause(s); ok && utf8.RuneCountInString(c) <= maxSentence {
		// "… also from now on every route validates …", "can you from
		// now on put …?": the marked clause is the statement. Only a
		// clause short enough to be one thought is read again, so a
		// paste of many markers costs no recursion per marker.
		if passingClause(c) {
			// "…, also going forward the staging deploy is frozen
			// until the audit": the marker only says when.
			return nil, nil
		}
		if st, rev := classify(c, corrective, src); st != nil && st.lasting {
			return st, rev
		}
	}
	if utf8.RuneCountInString(s) > maxSentence {
		// Too long to be one thought, unless a marker says what is to
		// last: then its first clauses are the statement.
		s = markedHead(s)
	}
	if s == "" {
		return nil, nil
	}
	// "wait, don't …": the person stops the agent, and what follows is
	// the rule ("wait for the build" stays a request).
	s = waitLeadRe().ReplaceAllString(s, "$1")
	// "please note, going forward, that …": the marker set off inside
	// the asking; what follows "that" is the rule.
	s = noteMarkerThatRe().ReplaceAllString(s, "$1, ")
	if rest, ok := thanksBut(s); ok {
		// "thanks, but please keep the fixtures out of git": the praise
		// is politeness, and the turn after it corrects the work.
		s, corrective = rest, true
	}
	if !corrective && !mayMatter(strings.ToLower(s)) {
		return nil, nil
	}
	if neverMindRe().MatchString(s) {
		return nil, &reversal{src: src}
	}
	if taskLeadRe().MatchString(s) {
		// "then the task: the changelog page, …", "the real task: the
		// SDKs page moved …": what follows the label is the day's work.
		return nil, nil
	}
	if ticketOnlyRe().MatchString(s) {
		// "for ticket OPS-1 only: …", as "for this ticket only": a
		// one-off, whatever rule words follow.
		return nil, nil
	}
	// "would you mind not …?": a request said politely, read as said
	// plainly (polite.go).
	s = reshape(politeAsk(wishIf(formalAsk(s))))
	if asksForThing(s) && !lastingRe().MatchString(s) && !rememberRe().MatchString(s) && !conventionRe().MatchString(s) {
		// "the security team would like a page on phishing, with a
		// callout telling people never to forward the email": the day's
		// work, whatever rule words the thing asked for holds ("…, stored
		// like every other amount, as integer cents" names the rule).
		return nil, nil
	}
	if ventRe().MatchString(s) || credRe().MatchString(s) {
		// Feelings are not instructions, and credentials never belong in
		// memory, whatever the redactor recognises.
		return nil, nil
	}
	if r := reversalOf(s, src); r != nil {
		if nowNamedRe().MatchString(s) {
			// "no we dont use nixpkgs-fmt anymore, its alejandra": the
			// old rule goes, and what rules it out names what holds
			// now, a correction of its own.
			return &stmt{src: src, correction: true, line: asLine(s)}, r
		}
		return nil, r
	}
	if m := okTagRe().FindString(s); m != "" && !questRe().MatchString(s) {
		// "we don't pull in that package, core only, ok?": the tag
		// asks for assent to a rule, it asks nothing.
		s = s[:len(s)-len(m)]
	}
	if loc := hereTooRe().FindStringIndex(s); loc != nil && strings.HasSuffix(s, "?") && len(textkey.Tokens(s[:loc[0]])) >= 3 && hasScope(s[:loc[0]]) {
		// "in every repo I have I keep a CHANGELOG.md, can you start
		// one here?": the rule for every project, then the day's
		// question under it.
		s = s[:loc[0]]
	}
	if strings.HasSuffix(s, "?") || tagQuestionRe().MatchString(s) {
		return nil, nil
	}
	st := &stmt{src: src, correction: corrective}
	open := stripFillers(s)
	if ackLeadRe().MatchString(s) {
		// "good, no warnings now" reports how things stand.
		open = s
	}
	if m := noOpenRe().FindStringSubmatch(open); m != nil && !notRuling[strings.ToLower(m[1])] {
		// "no raw SQL, use a dbt model": ruling something out corrects
		// ("and pls no raw SQL" too).
		st.correction = true
	}
	if thing := askedAgain(s); thing != "" {
		// "…, and again OnPush please": a correction said again, by the
		// name of what it wants; it stands once it merges with the
		// correction it repeats.
		st.correction = true
		st.line = asLine(thing)
		return st, nil
	}
	if notNowRe().MatchString(s) {
		// "not now", "not yet": a suggestion put off, no rule.
		return nil, nil
	}
	if terseRe().MatchString(s) && !globalRe().MatchString(s) {
		// A terse correction only counts once it recurs. ("Global
		// rule: never X" is no terse pair: its label is a scope.)
		st.correction = true
		st.line = asLine(strings.TrimRight(s, "!?. "))
		return st, nil
	}
	if m := saidBeforeRe().FindString(s); m != "" {
		// "…, I said that before": the person repeats a correction.
		st.correction = true
		s = s[:len(s)-len(m)]
		if n := strings.Trim(trailerRe().ReplaceAllString(s, ""), " ,;:.!`"); n != "" && (soleName(n) == n || !strings.ContainsAny(n, " \t") && len(factTerms(n)) == 1) {
			// "MERGE, like I said": the name of what to use is all
			// the repeat says; it stands once it merges with the
			// correction it repeats, as a terse one does. Typed
			// fast, the name is one word in lower case ("dayjs
			// pls, i said this before").
			st.line = asLine(n)
			return st, nil
		}
	} else if loc := saidMidRe().FindStringIndex(s); loc != nil {
		// "…, no allocations in the render loop, I keep saying it, do
		// the formatting once …": in a run-on sentence the clause the
		// person says again is the one before the marker, with what to
		// do instead when it follows.
		head := clauseSplitRe().Split(s[:loc[0]], -1)
		c := strings.TrimSpace(head[len(head)-1])
		if len(head) == 1 && len(textkey.Tokens(c)) < 2 {
			// "see, that's what I meant, every handler …": the marker
			// opens what is said again.
			st.correction = true
			s = s[loc[1]:]
		} else {
			if rest := clauseSplitRe().Split(s[loc[1]:], 2)[0]; starterRe().MatchString(rest) {
				c += ", " + strings.TrimSpace(rest)
			}
			if len(textkey.Tokens(c)) >= 3 {
				st.correction = true
				s = c
			}
		}
	}
	if t := stripFillers(s); againLeadRe().MatchString(t) {
		// "I am sorry to be a bother, but it is the same as with
		// claims: …": the lead follows the politeness.
		s = t
	}
	if m := againLeadRe().FindString(s); m != "" && m != s && !(len(strings.Fields(m)) <= 3 && retryWords[strings.ToLower(strings.Fields(m)[0])]) {
		// "that's the same thing again — no wall-clock time in DAG
		// code": the mistake came back, and the rule follows the dash
		// ("try again: …" asks to retry).
		st.correction = true
		s = s[len(m):]
	}
	if m := youDidLeadRe().FindString(s); m != "" && m != s {
		// "your VARs are named total, prev — variables start with an
		// underscore": what the agent did, then the rule it broke.
		st.correction = true
		s = s[len(m):]
	}
	for {
		t := fillerRe().ReplaceAllString(s, "")
		if m := corrRe().FindString(t); m != "" {
			st.correction = true
			t = t[len(m):]
			if saidVerbRe().MatchString(m) {
				// "I did mention the pipes: …": what was said before
				// is named as a label; the rule follows it.
				t = saidTopicRe().ReplaceAllString(t, "")
			}
		}
		if t == s {
			break
		}
		s = t
	}
	if st.correction && terseRe().MatchString(s) {
		// "no, no pandas", "polars only, I said it before": terse once
		// the marker is gone.
		st.line = asLine(strings.TrimRight(s, "!?. "))
		return st, nil
	}
	if rest, ok := likesWhen(s); ok {
		// "I really like it when you sum up your changes as a bullet
		// list": a standing wish about the agent's replies.
		st.lasting = true
		s = rest
	}
	if m := fixItRe().FindString(s); m != "" && m != s {
		// "we do constructor injection everywhere, fix it": the rule,
		// then the day's request.
		s = s[:len(s)-len(m)]
	}
	remembered := false
	if m := rememberMidRe().FindString(s); m != "" && hereOnlyRe().MatchString(s[len(m):]) && strings.ContainsAny(m, ",;:\u2014") {
		// "in every repo i have it's conventional commits, remember
		// that for here too": what is remembered is what came before.
		st.lasting, remembered = true, true
		s = strings.TrimRight(s[:strings.LastIndexAny(m, ",;:\u2014")], " ")
	} else if m != "" {
		st.lasting, remembered = true, true
		s = s[len(m):]
	} else if rest, ok := rememberRunOn(s); ok {
		st.lasting, remembered = true, true
		s = rest
	}
	if m := rememberTailRe().FindString(s); m != "" {
		st.lasting, remembered = true, true
		s = s[:len(s)-len(m)]
	}
	if m := rememberRe().FindString(s); m != "" {
		// "Remember that money is int64 cents": after the marker, a plain
		// statement of fact is what is to be remembered.
		st.lasting, remembered = true, true
		s = s[len(m):]
	}
	if rest, ok := lastingLabel(s); ok {
		// "house rule: …", "bear in mind that …", "… (team
		// convention)": said to last.
		st.lasting, remembered = true, true
		s = rest
	}
	if repoRuleRe().MatchString(s) {
		// "in this repo we only support X": how the project works.
		st.lasting = true
	}
	if c, ok := ourPlace(s); ok {
		st.lasting = true
		s = c
	}
	if c, ok := conventionClause(s); ok {
		st.lasting = true
		s = c
	}
	if m := lastingOpenRe().FindString(s); m != "" && m != s && !notMarkedRe().MatchString(s[len(m):]) {
		st.lasting = true
		s = s[len(m):]
		if rest, ok := lastingLabel(s); ok {
			// "for the record, the team's rule is: …"
			s = rest
		}
	}
	if loc := fromNowRe().FindStringSubmatchIndex(s); loc != nil && !lastingRe().MatchString(s) && !timeUnits[strings.ToLower(lastWord(s[:loc[2]]))] {
		// "from now the numbers are never reused": "from now on" without
		// its "on" ("two days from now" is a date).
		st.lasting = true
		s = strings.TrimSpace(s[:loc[2]] + " " + s[loc[1]:])
	}
	if lastingRe().MatchString(s) {
		st.lasting = true
		s = lastingRe().ReplaceAllStringFunc(s, func(m string) string {
			if strings.Contains(m, ",") {
				// "… at .40 from now on, update …": the clause break stays.
				return ", "
			}
			return " "
		})
	}
	// the ban opens with "none of": most sentences skip its regexp
	if m := noneOfMine(s); m != nil && (m[1] != "" || includedRe().MatchString(s)) {
		// "none of my crates allow unsafe, this one included": a ban
		// over every project of the person, said as what none of them
		// does; the line keeps its words, which name the scope. Crates,
		// services or modules may be one workspace's own; only "this
		// one included" makes them projects.
		st.global, st.lasting = true, true
		s = includedRe().ReplaceAllString(s, "")
	}
	if hasScope(s) {
		st.global, st.lasting = true, true
		s = askedScopeTail(s)
		s = scopeAppositionRe().ReplaceAllString(unpointed(withoutScope(s)), "")
		// "and this is how I like things in any repo of mine, I'd be
		// grateful if you didn't …": the polite asking followed the
		// scope, so it is read in its plain form only now.
		s = wishIf(formalAsk(strings.TrimSpace(s)))
		s = scopedConvention(s)
	}
	if namesNothing(s) {
		// "every language, I don't care what the style guide says": a
		// scope and a concession, the tail of a rule said before it.
		return nil, nil
	}
	s = strings.TrimSpace(s)
	if m := globalOpenRe().FindString(s); m != "" {
		st.global = true
		s = s[len(m):]
	}
	s = strings.Trim(strings.ReplaceAll(strings.Join(strings.Fields(s), " "), " , ", ", "), " ,;:-\u2014")
	for {
		t := fillerRe().ReplaceAllString(s, "")
		if t == s {
			break
		}
		s = t
	}
	marked := false
	if m := likeYouRe().FindString(s); m != "" && st.lasting {
		// "from now on I'd like you to …": a wish marked to last is an
		// instruction ("I'd like you to look at this" is a request).
		s = s[len(m):]
	}
	if m := genericYouRe().FindStringSubmatch(s); m != nil && (st.correction || st.lasting) {
		// "you never edit base for an env thing, you patch the overlay":
		// the generic "you" of a rule and what to do instead.
		s = "never " + s[len("you never "):]
	}
	if loc := youNeverRe().FindStringSubmatchIndex(s); loc != nil && (st.correction || st.lasting) && !haveToRe().MatchString(s[loc[0]:loc[1]]) {
		// "everywhere: you never publish a release, we do that
		// ourselves": a prohibition addressed to the agent, said to last
		// or as a correction.
		s = "never " + s[loc[2]:]
	}
	if m := youRe().FindString(s); m != "" {
		marked = true
		s = s[len(m):]
	}
	if st.lasting || st.correction {
		s = withoutStory(s)
	}
	if hedged(s) || concedes(s) || (!st.lasting && !st.correction || ifThenLeansBack(s) || futureOnly(s)) && hypothetical(s) || relivesStory(s) || willOnceDone(s) || !st.lasting && !st.correction && !st.global && (describesBehaviour(s) || makesOne(s)) {
		// "not sure we should ever cache it", "if we ever open a
		// second shop, …", "the courier never rings twice": a doubt, a
		// future that may not come, a story wished not to happen again,
		// how one thing behaves or is to be made to, or giving in to
		// what was just shown ("…, fine") (notrule.go).
		return nil, nil
	}
	if symptom(s) {
		// "a raw query in the loader breaks every time the schema
		// moves": how a thing fails, the reason for a rule said
		// around it, never the rule, in a correction too.
		return nil, nil
	}
	if described(mainClause(s), st.lasting || st.correction) && !changedSetting(s) {
		return nil, nil
	}
	if changedSetting(s) {
		whole := s
		defer func() {
			if st.line != "" && !fromToRe().MatchString(whole) && (len(ruledOut(whole)) > 0 || !subset(valueTerms(factTerms(whole)), valueTerms(factTerms(st.line)))) {
				// "moved the sensor to pin 7, 4 is the soil sensor now":
				// a change told with the value it replaces, which the
				// line leaves out, is the project's new state, not a
				// passing remark. ("from redshift to snowflake" names the
				// old value in the line: it stands only when repeated.)
				st.lasting = true
			}
		}()
		s = timeRe().ReplaceAllString(s, "")
		// "bumped to bevy 0.14, fix whatever broke": the change is the
		// fact, the request after it is the day's task. (A comma inside
		// a bracket breaks no clause: splitClauses.)
		parts := splitClauses(s)
		for i, p := range parts {
			if changedSetting(p) {
				j := 0
				for j < i && goneRe().MatchString(parts[j]) && !changedSetting(parts[j]) {
					// "ops took admin away; deploys now use deployer":
					// the old value's going is the story, and the new
					// value stands without a marker.
					j++
					st.lasting = true
				}
				k := i + 1
				if k < len(parts) && !targetRe().MatchString(afterChange(p)) && isNowValueRe().MatchString(parts[k]) {
					// "the cluster got renamed in the config, it's
					// events_v2 now": the new value is the next
					// clause's.
					k++
				}
				s = strings.Join(parts[j:k], ", ")
				break
			}
		}
		if m := mainClause(s); m != s && changedSetting(m) && !subset(valueTerms(factTerms(s[len(m):])), valueTerms(factTerms(m))) {
			// "changed the port to 8085 because 8080 clashes": the
			// reason names the old value, which must not stand again
			// ("because of the sidecar" stays).
			s = strings.TrimRight(m, " ,;")
		}
		if toldBare(s) || toldNoTarget(s) || changedPronoun(s) {
			// "the admins upgraded", "upgraded everything": a change
			// told without what changed to what is news, no memory.
			return nil, nil
		}
	} else if settingRe().MatchString(s) {
		// "the nas is at .40 now, update the inventory": the value is the
		// fact, the request after it is the day's task.
		parts := clauseSplitRe().Split(s, -1)
		if n := len(parts); n > 1 && taskVerbRe().MatchString(parts[n-1]) && settingRe().MatchString(strings.Join(parts[:n-1], ", ")) {
			s = strings.Join(parts[:n-1], ", ")
		}
	}
	// "from now on we should always …" is a rule; "we should always …"
	// alone may be a suggestion.
	explicit := st.lasting
	if !explicit && !st.correction && alwaysFelt(s) {
		// "always fun debugging timezones", "helm charts, pain every
		// single time": the clause the "always" sits in tells how the
		// work goes for the speaker; only what else the sentence says
		// may be a statement.
		s = withoutFelt(s)
	}
	if alwaysRe().MatchString(conventionRe().ReplaceAllString(s, " ")) && !describesEvent(s) && !alwaysHistoric(s) && !alwaysFelt(s) && !alwaysInCause(s) {
		// "deploy same as always" compares with the usual way; the
		// "always" of a rule is its own (eventclause.go).
		st.lasting, st.neverOnly = true, !explicit
	}
	// "…, not eu-west-1 anymore": the old value ruled out, a change,
	// not a one-off ("not today").
	if loc := notAnymoreRe().FindStringIndex(s); loc != nil {
		if strings.HasSuffix(strings.TrimSpace(s[:loc[0]]), ",") {
			// "…, not toeven anymore": the old value ruled out after
			// the new one tells the new state ("emails are not sent
			// anymore" tells of a bug), and who changed their mind is
			// the story.
			st.lasting, st.neverOnly = true, false
			s = strings.TrimSpace(mindRe().ReplaceAllString(s, ""))
		}
		s = notAnymoreRe().ReplaceAllString(s, "not $1")
	}
	later := s
	if explicit {
		// "from now on X, since we ship to Japan next quarter": a
		// later time in the reason is no later rule.
		later = mainClause(s)
	}
	switch {
	case s == "",
		questRe().MatchString(s) && !strings.HasPrefix(strings.ToLower(s), "do not") && !strings.HasPrefix(strings.ToLower(s), "don"),
		planRe().MatchString(s) && !(explicit && shouldRuleRe().MatchString(s)) && !(st.global && scopedWishRe().MatchString(s)), laterRe().MatchString(notLaterRe().ReplaceAllString(later, "")), oneOff(s) && !(st.correction && goneReasonOnly(s)),
		describeRe().MatchString(s) && !thereRuleRe().MatchString(s),
		!st.lasting && !st.correction && !st.global && wantsNewRe().MatchString(s) && !headRuleRe().MatchString(s):
		return nil, nil
	}
	fact := factRe().MatchString(s) && !goOpenRe().MatchString(s) || settingRe().MatchString(s) && !oneOffRe().MatchString(s) || changedSetting(s) || modalRe().MatchString(s) || dataFactRe().MatchString(s)
	// "…, not pytest, because the runner is built on unittest": the
	// contrast ends the statement, the reason only follows it.
	stated := withoutReason(s)
	// In a correction, what the person says is the correction, whatever
	// word it opens with ("derive API for clap", "no raw SQL").
	if !remembered && !fact && !starterRe().MatchString(s) && !st.lasting && !st.correction && !contrastRe().MatchString(s) && !contrastRe().MatchString(stated) {
		return nil, nil
	}
	if !st.lasting && !marked && !fact && !instrRe().MatchString(s) && !st.correction && !contrastRe().MatchString(stated) {
		return nil, nil
	}
	if n := len(textkey.Tokens(s)); n < 3 && !(fact && n == 2) && !(st.correction && len(codeNames(s)) > 0 && strings.ContainsAny(s, "=.()/_:")) && !(st.correction && n == 2 && soleName(s) != "") && !(st.lasting && n == 2 && len(codeNames(s)) > 0 && noOpenRe().MatchString(s)) && !(st.global && n == 2 && (selfHabitRe().MatchString(s) || noOpenRe().MatchString(s) || conventionName(s) || len(strings.Fields(s)) >= 3 && (starterRe().MatchString(s) || personal(s)))) {
		// "catchup=False!!" in a correction names the setting; alone it
		// only stands once it merges with another statement.
		// "themes/ is a submodule" says enough in two words, and so
		// does a habit of the person's said to hold in every project
		// ("I use tabs"), or a thing ruled out there ("no emoji,
		// anywhere"), a wish said as a bare imperative ("all my
		// stuff: reply in bullets") or a fact of the person's ("my
		// shell is fish, globally"), in words that make a clause
		// ("in all my repos, merge conflicts" names a trouble).
		return nil, nil
	}
	s = trailerRe().ReplaceAllString(s, "")
	if loc := leaveItRe().FindStringIndex(s); loc != nil && loc[0] > 0 && (modalRe().MatchString(s[:loc[0]]) || alwaysRe().MatchString(s[:loc[0]])) {
		// "the flag must stay off, don't change it": the rule already
		// says so ("src/gen is generated, don't touch it" keeps it).
		s = s[:loc[0]]
	}
	if loc := addOneRe().FindStringSubmatchIndex(s); loc != nil && len(codeNames(s[loc[2]:loc[3]])) == 1 && len(textkey.Tokens(s[:loc[0]])) >= 3 {
		// "return a Result, add a case AccountClosed": one named thing
		// to add is the day's task after the rule.
		s = s[:loc[0]]
	}
	s = pleaseNotRe().ReplaceAllString(s, "${1}${3}")
	st.line = asLine(asideWordRe().ReplaceAllString(s, ""))
	return st, nil
}

// hereOnlyRe is all a "remember that" may point at when the rule came
// before it: "for here too", "here as well", "for this one".
var hereOnlyRe = lazyregexp.New(`(?i)^(?:for\s+)?(?:here|this (?:one|repo|project))(?:\s+(?:too|as well))?\W*$`)

// listTailRe is the rest of a list after a comma: "clusters or users it
// touches", one word and then "or" or "and".
var listTailRe = lazyregexp.New(`(?i)^\s*[\w./-]+\s+(?:or|and)\s+\w`)

// dataFactRe is how the project writes a kind of data, said as what it
// is: "amounts are int64 cents", "money is cents everywhere in this
// service", "ids are ULIDs", "timestamps are in UTC". Like every fact of
// the project said without a marker, it stands once it recurs.
var dataFactRe = lazyregexp.New(`(?i)^(?:\S+\s+){0,5}?(?:is|are)\s+(?:in\s+)?(?:(?:an?|the)\s+)?(?:(?:integer|int(?:32|64)?|whole|bigint)\s+)?(?:number of\s+)?(?:cents|utc|ulids?|uuids?(?:v[47])?)\b`)

// thereRuleRe is a rule said as what must exist: "there has to be a
// pre-commit config", "there must be a changelog entry".
var thereRuleRe = lazyregexp.New(`(?i)^there (?:has to|have to|must|should|needs? to) be\b`)

// scopeAppositionRe is what a scope over every project names right after
// it, before the rule: "for all my projects, this one and the pottery
// site and everything else I have, commit messages …", "…, this one
// included, …".
var scopeAppositionRe = lazyregexp.New(`(?i)^\W*(?:(?:this|here)(?: one| repo| project)?(?: included| too| as well)|[^,;:]{0,100}\b(?:else|others?) (?:i|we) (?:have|own|run|do|maintain|write|touch))\s*,\s*`)

// scopedWishRe is a wish for a thing, or for how things are done ("I'd
// like Markdown written with one sentence per line"), not for a deed to
// come, said under a scope over every project: "for all my projects I'd
// like type hints on every function" is a standing preference ("I'd like
// to try Zig one day" a plan).
var scopedWishRe = lazyregexp.New(`(?i)^(?:i'?d like|i would like|i'?d love|i would love)\s+(?:a|an|the|\w+s|\w+ \w+s|(?:\w+\s+){1,2}?(?:written|done|kept|made|built|formatted|named|stored|tested|documented|wrapped|sorted)\b)\b`)

// scopedItRe and scopedThereRe open what a scope over every project says
// is so in each of them: "in every repo I have it's conventional
// commits", "in every repo I own there's a CHANGELOG.md".
var (
	scopedItRe    = lazyregexp.New(`(?i)^(?:it'?s|it is)\s+`)
	scopedThereRe = lazyregexp.New(`(?i)^(?:there'?s|there is|there are)\s+`)
)

// widenedRe is the scope over every project widened once more, before
// the rule: "also the private ones, ", "even the old ones: ", "and my
// own, ".
var widenedRe = lazyregexp.New(`(?i)^(?:(?:(?:also|even|including)\s+)?(?:the\s+)?(?:\w+\s+){0,2}ones?|and (?:my|our) own|and mine)\s*[,;:]\s*`)

// scopedConvention words what a scope over every project says is so in
// each of them as the line's own subject: "it's conventional commits"
// becomes "Use conventional commits", "there's a CHANGELOG.md" becomes
// "Each project has a CHANGELOG.md"; read alone, "it" and "there" would
// name nothing. A widening of the scope before the rule goes with it.
func scopedConvention(s string) string {
	// (The scope leaves the mark that closed it: ", also …".)
	s = strings.TrimLeft(s, " ,;:\u2014-")
	if loc := widenedRe().FindStringIndex(s); loc != nil {
		// "also the private ones, the comments …": the scope widened.
		s = s[loc[1]:]
	}
	if loc := scopedItRe().FindStringIndex(s); loc != nil && len(strings.Fields(s[loc[1]:])) >= 2 {
		return "use " + s[loc[1]:]
	}
	if loc := scopedThereRe().FindStringIndex(s); loc != nil && len(strings.Fields(s[loc[1]:])) >= 2 {
		return "each project has " + s[loc[1]:]
	}
	return s
}

// nowNamedRe is the clause after a thing given up that names what is
// used now: "…, its alejandra", "…, we use uv now".
var nowNamedRe = lazyregexp.New(`(?i)[,;]\s*(?:(?:it'?s|its|it is)\s+\S+|we (?:use|run) \S+(?:\s+now)?|\S+ now)\s*[.!]*$`)

// ackLeadRe is an acknowledgement opening a sentence: a "no X" after it
// reports what the person sees ("ok no difference after the restart"),
// where one after a connective ("and pls no X") rules X out.
var ackLeadRe = lazyregexp.New(`(?i)^\W*(?:ok(?:ay)?|right|sure|thanks|thank you|great|good)\b`)

// waitLeadRe is "wait" before a word that rules something out.
var waitLeadRe = lazyregexp.New(`(?i)^(?:wait|hold on|stop)[\s,.!]+((?:no|nope|don'?t|dont|do not|never|not)\b)`)

// rememberRunOnRe is "remember that" inside a sentence typed without
// punctuation: "the id is wrong remember that the id is x everywhere".
var rememberRunOnRe = lazyregexp.New(`(?i)\s(\S+)\s+` + rememberWord + `\s+that\s+`)

// thenTaskRe is the day's next step run on after a rule: "… then rerun".
var thenTaskRe = lazyregexp.New(`(?i)\s+(?:and\s+)?then\s+\w+(?:\s+\w+)?\W*$`)

// notRememberer are the words before "remember" that make it the verb of
// a sentence ("I don't remember that flag", "you remember that?") rather
// than a marker.
var notRememberer = map[string]bool{"i": true, "you": true, "u": true, "we": true, "they": true, "he": true, "she": true,
	"don't": true, "dont": true, "do": true, "did": true, "didn't": true, "can't": true, "cant": true, "not": true,
	"never": true, "to": true, "could": true, "would": true, "can": true, "will": true, "might": true, "please": true,
	"does": true, "should": true, "must": true, "shall": true, "may": true, "wont": true, "doesnt": true, "didnt": true,
	"anyone": true, "anybody": true, "someone": true, "somebody": true, "everyone": true, "everybody": true, "nobody": true}

// askOpenRe is a question typed without "?" that "remember" ends the
// subject of: "does anyone remember that …", "did the team remember that …".
var askOpenRe = lazyregexp.New(`(?i)^\W*(?:do|does|did|can|could|will|would|has|have|had)\s+(?:\S+\s+){0,2}$`)

// rememberRunOn returns what a "remember that" inside a run-on sentence
// marks, without a "then …" step after it, when the word before the
// marker ends the task before it rather than making "remember" its verb.
func rememberRunOn(s string) (string, bool) {
	m := rememberRunOnRe().FindStringSubmatchIndex(s)
	if m == nil {
		return s, false
	}
	// A word that makes "remember" its verb: a subject, an auxiliary
	// ("the client won't remember that …"), or an asking opener.
	if w := strings.ToLower(strings.Trim(s[m[2]:m[3]], ",.;:")); notRememberer[w] || strings.HasSuffix(w, "n't") || strings.HasSuffix(w, "n\u2019t") || askOpenRe().MatchString(s[:m[3]+1]) {
		return s, false
	}
	rest := thenTaskRe().ReplaceAllString(s[m[1]:], "")
	if len(textkey.Tokens(rest)) < 3 {
		return s, false
	}
	return rest, true
}

// saidVerbRe finds the verb of a said-before marker.
var saidVerbRe = lazyregexp.New(`(?i)\b(said|told|mentioned|mention|say|tell)\b`)

// saidTopicRe is the topic a said-before marker names, as a label before
// a colon: "the pipes: ".
var saidTopicRe = lazyregexp.New(`(?i)^(?:the|this|that|those|these) [\w-]+(?: [\w-]+)?\s*:\s*`)

// noteMarkerThatRe is "note, going forward, that": a request to take
// note with a lasting marker set off inside it, up to the "that" that
// opens what is noted.
var noteMarkerThatRe = lazyregexp.New(`(?i)^(?:(?:please|kindly)\s+)?(?:note|keep in mind|bear in mind|be aware|remember)\s*,\s*(from ?now on|going forward|in (?:the )?future|from here on(?: out)?)\s*,\s*that\s+`)

// notLaterRe rules "later" out ("in the same file, not later in
// another"): the rule says when, it puts nothing off. "Sooner or later"
// says a thing is bound to happen, the reason for a rule ("sed breaks
// the indentation sooner or later"), and puts nothing off either.
var notLaterRe = lazyregexp.New(`(?i)\b(?:(?:not|never|no)\s+later|sooner or later)\b`)

// okTagRe is a tag after a statement asking for assent: ", ok?", ",
// got it?", ", understood?".
var okTagRe = lazyregexp.New(`(?i),\s*(ok(ay)?|got it|understood|alright|all right|clear)\s*\?+\s*$`)

// notNowRe is a reply that only puts something off.
var notNowRe = lazyregexp.New(`(?i)^(?:no|not|nah)[\s,]+(?:now|yet|today|right now|for now|this time)\W*$`)

// ticketOnlyRe scopes a request to one named ticket or issue.
var ticketOnlyRe = lazyregexp.New(`(?i)\bfor (ticket|issue|story|bug|pr|card|task) #?[\w.-]*\d[\w.-]* only\b`)

// againLeadRe is a clause saying a mistake came back, before a dash or a
// colon that leads to the rule: "the same thing again — …", "tabs
// again: …", "same mistake as yesterday: …", "it is the same as with
// claims: …".
// Only a mistake or a thing leads so: "same error as before: the login
// test times out" reports a failure that came back, and what follows is
// its symptom, no rule.
var againLeadRe = lazyregexp.New(`(?i)^(?:[^,;:\x{2014}.!?]{0,40}\bagain|(?:(?:it'?s|it is|that'?s|that is|this is)\s+)?(?:the\s+)?` + sameMistake + `)\s*(\x{2014}|--?|:|;)\s*`)

// sameAsBefore is a person saying the agent made a mistake it made
// before: "same thing as last week", "the same mistake as yesterday".
const sameAsBefore = `same (?:thing|mistake|problem|issue|error|bug) ` + asBefore

// sameMistake is sameAsBefore naming the agent's doing, not a failure.
const sameMistake = `(?:same (?:thing|mistake) ` + asBefore + `|same (?:as|like) (?:with|for|in) [^,;:.!?\x{2014}]{1,30})`

// asBefore is the time a repeated thing was seen before.
const asBefore = `(?:as|like) (?:last (?:time|week|month|session)|yesterday|before|the other day)`

// youDidLeadRe is a clause telling what the agent did ("you wrote …",
// "your tests are …") before a dash or a colon that leads to the rule.
var youDidLeadRe = lazyregexp.New(`(?i)^(?:(?:you|u)\s+(?:\w*[^\We]ed|wrote|made|put|left|did|ran|broke|forgot|kept)\b|your\s+\S+(?:\s+\S+)?\s+(?:is|are|was|were|still|uses?|has|have)\b)[^\x{2014}:;]{0,80}?\s*(?:\x{2014}|:|;|\s--?\s)\s*`)

// fromNowRe is "from now" without "on", its marker in group 1.
var fromNowRe = lazyregexp.New(`(?i)(?:^|\W)(from now)\b\s*`)

// timeUnits are the words before "from now" that make it a date: "two
// weeks from now".
var timeUnits = map[string]bool{"minute": true, "minutes": true, "hour": true, "hours": true, "day": true, "days": true,
	"week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true, "time": true}

// firstWord is the first word of s.
func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// lastWord is the last word of s.
func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// genericYouRe is a rule said with the generic "you", ruling one thing out
// and naming the other: "you never edit X, you add Y".
var genericYouRe = lazyregexp.New(`(?i)^you never [a-z]+ [^,;]+[,;]\s*(but |instead |rather )?you [a-z]+\b`)

// youNeverRe is "you never" before a verb (group 1) that a later clause
// makes a prohibition, by keeping the act for the person (", I … myself",
// "we … ourselves") or by naming what to do instead. Without that clause
// "you never" is a complaint about what the agent fails to do ("you never
// run the tests before you say it's done"), and "never run the tests"
// would store the opposite of what the person wants.
var youNeverRe = lazyregexp.New(`(?i)^(?:you|u) never ([a-z]+)\b[^,;]*[,;]\s*(?:(?:i|we)\b[^,;]*\b(?:myself|ourselves)\b|[^,;]*\binstead\b)`)

// haveToRe is the person saying they are made to do a thing ("I always
// have to run them myself", "I end up doing it myself every time"): "you
// never X" before it is a complaint that the agent leaves X to them, not
// X kept for them.
var haveToRe = lazyregexp.New(`(?i)\b(?:(?:have|has|had|need|needs|needed|got) to|end(?:s|ed)? up|every (?:single )?time)\b`)

// likeYouRe opens a wish addressed to the agent: "I'd like you to …".
var likeYouRe = lazyregexp.New(`(?i)^(i'?d like|i would like|i want|i'?d prefer|i would prefer) (you|u) to\s+`)

// shouldRuleRe is "we should always …": a rule, though "we should"
// opens plans.
var shouldRuleRe = lazyregexp.New(`(?i)^(we|you) should (always|never|not|no longer)\b`)

// addOneRe is a closing request to add one named thing: ", add a case
// AccountClosed".
var addOneRe = lazyregexp.New(`(?i)[,;]\s*(?:and\s+)?(?:add|create|write)\s+(?:a|an|the|one)\s+(?:new\s+)?\w+\s+(\S+)\W*$`)

// pleaseNotRe is a "please" before what is ruled out (", please not with
// the runner code"): the ruling-out is the rule, the please is not.
var pleaseNotRe = lazyregexp.New(`(?i)(,\s*)(please|pls)\s+(not|never)\b`)

// leaveItRe is a closing "don't change it" that repeats what a rule says.
var leaveItRe = lazyregexp.New(`(?i)[\s,;]+(do not|don'?t|dont) (ever )?(change|touch|modify) (it|this|that)\W*$`)

// asideWordRe is an aside dropped inside a sentence ("property tests are
// hedgehog btw, not quickcheck", "keep the cache out of git if you don't
// mind, it is rebuilt"): no part of the rule.
var asideWordRe = lazyregexp.New(`(?i)\s+(btw|fyi|if you don'?t mind)\b`)

// taskVerbRe opens a request for the work at hand: "update the
// inventory", "restart the server", "bump go.mod".
var taskVerbRe = lazyregexp.New(`(?i)^(update|fix|rebuild|redeploy|restart|rerun|re-run|deploy|push|commit|apply|reload|bump|regenerate|change) ((the|it|them|this|that|my|our|all)\b|\S*[./]\S*\W*$)`)

// mindRe is who changed their mind, opening a change: "finance changed
// their mind, …".
var mindRe = lazyregexp.New(`(?i)^\S+(\s+\S+){0,3}\s+changed (their|his|her|my|our|its) minds?\s*[,;:\x{2014}-]\s*`)

var notAnymoreRe = lazyregexp.New(`(?i)\bnot\s+([\w.@/+-]+)\s+any ?more\b`)

// fixItRe is a closing request to redo what was just done: ", fix it".
var fixItRe = lazyregexp.New(`(?i)[,;]\s*(please |pls )?(fix|change|redo|update|rewrite|correct|undo) (it|that|this|them|those)( please| pls)?\W*$`)

// trailerRe is what a person adds after the rule that is no part of it:
// "pls", "thx", ", you forgot it".
var trailerRe = lazyregexp.New(`(?i)([\s,;]+(if you (?:please|would|will|don'?t mind)|pls|plz|please|thx|thanks|thank you|ty|ok\??|k))+\W*$|[\s,;]+you (forgot|missed|keep forgetting|did it again|ignored)\b.*$`)

// typos are misspellings of the words the rules look for, as people type
// them in a hurry.
var typos = map[string]string{
	"alwyas": "always", "alwasy": "always", "allways": "always", "alway": "always", "awlays": "always",
	"nevr": "never", "nver": "never", "neve": "never", "enver": "never",
	"dnot": "don't", "dont't": "don't", "doesnt": "doesn't", "shouldnt": "shouldn't", "mustnt": "mustn't",
	"fromnow": "from now", "form now": "from now", "frm now": "from now",
	"remeber": "remember", "rember": "remember", "remmeber": "remember", "remembr": "remember", "remebmer": "remember",
	"pls": "please", "plz": "please", "thru": "through",
}

var typoRe = sync.OnceValue(func() *regexp.Regexp {
	var alts []string
	for w := range typos {
		alts = append(alts, regexp.QuoteMeta(w))
	}
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) })
	return regexp.MustCompile(`(?i)\b(` + strings.Join(alts, "|") + `)\b`)
})

// fixTypos spells the marker words right, keeping the first letter's case.
func fixTypos(s string) string {
	lower, any := strings.ToLower(s), false
	for w := range typos {
		if strings.Contains(lower, w) {
			any = true
			break
		}
	}
	if !any {
		// Most text has none: no regular expression over it.
		return s
	}
	return typoRe().ReplaceAllStringFunc(s, func(w string) string {
		fixed := typos[strings.ToLower(w)]
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
			return strings.ToUpper(fixed[:1]) + fixed[1:]
		}
		return fixed
	})
}

// cues are substrings without which no rule below can fire; checking them
// first keeps the regular expressions off the ordinary requests that make
// up most of a transcript.
var cues = []string{
	" cents", " utc", "ulid", "uuid",
	"stored as", "stored in", "kept as", "saved as", "persisted as", "recorded in", "we store", "we keep", "we save", "we persist", "we record",
	"always", "never", "don't", "dont", "do not", "make sure", "ensure", "prefer", "avoid",
	"stick", "only use", "we use", "must", "should", "remember", "keep in mind", "from now on",
	"going forward", "future", "henceforth", "from here on", "every time", "whenever",
	"at all times", "instead of", "not ", "rather than", "over ", "stop", "ignore", "forget",
	"disregard", "scratch", "drop", "cancel", "undo", "revert", "withdraw", "no longer", "mind",
	"nvm", "nope", "nah", "wrong", "i said", "i told", "again", "you should", "you must", "need to",
	"have to", "are to", "u should", "u must", "generated", "submodule", "shared", "read-only",
	"readonly", "start with", "starts with", "begin with", "begins with", "live in", "lives in",
	"go in", "goes in", "belong", "don't forget", "in all my", "globally", "keep that in mind",
	"keep this in mind", "keep in mind", " only", "fromnow", "go thru", "go through", "goes through", "as usual", "as always", "like always", "as before", "like every",
	"like all", "the others", "the rest", "same as", "remeber", "remmeber", "rember", "keep it that way",
	"how we do it", "like we do", "like we always do", "have to be", "has to be", "need to be", "needs to be", "stays", "we're on", "we are on",
	"we target", "we run", "runs on", "runs at", "listens on", "we're ", "still on", "upgraded", "moved to", "switched",
	"migrated", "bumped", "renamed", "changed to", "moved", "changed", "swapped", "replaced",
	"all my", "none of my", "none of our", "everything i", "anything i", "moving forward", "from today", "from this", "starting now", "starting today",
	"next time", "as a rule", "as a general rule", "by convention", "bear in mind", "make a note", "take note", "memory", "memori",
	"rule", "convention", "guideline", "policy", "reminder", "any time", "anytime", "each time", "exception", "for the record", "rather",
	"all our", "all of our", "what we do", "this repo", "this project", "this codebase", "note to self", "in every ", "it when you", "it if you", "all project", "all repo", "everywhere i", "anywhere i", "everywhere we", "anywhere we", "for everything", "said it", "ve said", "have said", "told you", "mentioned", "keep saying", "keep telling", "second time", "third time", "repeating myself", "kidding", "to repeat", "how many times", "what i meant", "th time", "moving", "switching", "migrating", " now use", " now run", " now go", " now point",
	// scopes of globalPattern the cues above do not name
	"all of my", "every repo", "every project", "every codebase", "each of my", "each one of my", "wherever", "whatever project", "whatever repo", "whichever", "no matter", "regardless of", "any project", "any repo",
	"my repo", "my project", "my codebase", "our repo", "our project", "our codebase", "any codebase",
	// labels of globalPattern: "global" and "specific" alone are
	// everyday words of code talk (global state, a specific test)
	"project specific", "project-specific", "repo specific", "repo-specific", "repository specific", "repository-specific", "codebase specific", "codebase-specific",
	"global rule", "global pref", "global convention", "global thing", "universal rule", "universal pref", "universal convention", "universal thing",
	// the person's global file named, their way of working, and
	// "across the board" (globalPattern)
	"global gemini", "global memory", "global memories", "global notes", "global instruction", "global file", "personal memory", "gemini.md",
	"how i work", "way i work", "how i do things", "across the board", "everywhere else", "anywhere else", "any other", "do it everywhere", "do this everywhere", "do that everywhere", "do things everywhere",
	"personal pref", "personal conv", "personal rule", "personal habit", "own pref", "own conv", "own rule",
}

var (
	// noneOfMineRe opens a ban said of every project of the person: "none
	// of my crates allow unsafe", "none of our repos use an ORM"; group 1
	// is a noun that can only name whole projects. Only a verb of
	// allowing or using makes it one: "none of my repos build on
	// Windows" tells how things stand.
	noneOfMineRe = lazyregexp.New(`(?i)^\W*none of (?:my|our) (?:[\w+#.-]+ )?(?:(projects|repos|repositories|codebases)|crates|packages|gems|modules|libraries|libs|apps|services|sites|plugins|extensions) (?:allows?|permits?|accepts?|tolerates?|uses?|pulls? in|depends? on|ships? with)\b`)
	// includedRe is the project at hand said to be among them: ", this
	// one included", "(including this one)", "not even this one".
	includedRe = lazyregexp.New(`(?i)[\s,;(\x{2014}-]+(?:(?:this one|this repo|this project|this crate|here) included|including (?:this one|this repo|this project|this crate|here)|not even (?:this one|here))\)?`)
)

// noneOfMine is noneOfMineRe's match, tried only when the sentence holds
// "none of": the classifier runs on every sentence.
func noneOfMine(s string) []string {
	if !strings.Contains(strings.ToLower(s), "none of") {
		return nil
	}
	return noneOfMineRe().FindStringSubmatch(s)
}

// conventionNameRe is a thing named in two plain words and nothing else:
// "conventional commits", "file-scoped namespaces", "British spelling".
var conventionNameRe = lazyregexp.New(`(?i)^([a-z][a-z0-9+#-]*)\s+[a-z][a-z0-9+#-]*[.!]*$`)

// notNameWords open two words that answer or point rather than name a
// way of working: "sounds good", "same here", "this one", "thanks again".
var notNameWords = map[string]bool{"the": true, "this": true, "that": true, "these": true, "those": true, "it": true, "its": true, "a": true, "an": true,
	"my": true, "our": true, "your": true, "same": true, "thanks": true, "thank": true, "yes": true, "yeah": true, "ok": true, "okay": true, "sure": true,
	"sounds": true, "looks": true, "good": true, "great": true, "nice": true, "fine": true, "i": true, "we": true, "you": true, "they": true, "me": true, "just": true, "also": true, "and": true, "but": true}

// conventionName reports whether s names a convention in two words and
// no more. Said under a scope over every project ("conventional commits,
// all my repos"), the name is the whole rule; without a scope two such
// words are too little to keep.
func conventionName(s string) bool {
	m := conventionNameRe().FindStringSubmatch(s)
	return m != nil && !notNameWords[strings.ToLower(m[1])] && !troubleWords[strings.ToLower(strings.TrimRight(lastWord(s), ".!"))] && !troubleWords[strings.ToLower(m[1])]
}

// troubleWords name what goes wrong rather than a way of working: "in all
// my repos, broken builds" or "flaky tests" complains, where "conventional
// commits" asks for something.
var troubleWords = map[string]bool{"builds": true, "tests": true, "conflicts": true, "issues": true, "errors": true, "bugs": true,
	"failures": true, "crashes": true, "problems": true, "warnings": true, "broken": true, "flaky": true, "failing": true, "lots": true}

func mayMatter(lower string) bool {
	lower = fixTypos(lower)
	for _, c := range cues {
		if strings.Contains(lower, c) {
			return true
		}
	}
	if strings.Contains(lower, " are ") && strings.Contains(lower, "/") {
		// "item stats are RON files under assets/items": where a kind
		// of thing is kept.
		return true
	}
	if strings.Contains(lower, " is ") && strings.ContainsAny(lower, "0123456789") {
		// "board is the nrf52840 dk": a setting's value, which stands
		// when another session names it again.
		return true
	}
	// "no" only as a word: "no, use pnpm" but not "now" or "notes".
	for _, w := range strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == "no" {
			return true
		}
	}
	return false
}

// reversalOf recognises "ignore what I said about yarn" and "we no longer
// use yarn".
func reversalOf(s string, src source) *reversal {
	if m := reverseRe().FindStringSubmatch(s); m != nil {
		if undoWork[strings.ToLower(m[1])] && strings.EqualFold(m[2], "that") && m[len(m)-1] == "" {
			// "revert that", "undo that": the agent's change goes, not
			// what the person said.
			return nil
		}
		return &reversal{subject: subjectTokens(m[len(m)-1]), src: src}
	}
	if m := noLongerRe().FindStringSubmatch(s); m != nil {
		subj := m[4]
		if subj == "" {
			subj = m[7]
		}
		return &reversal{subject: subjectTokens(subj), src: src}
	}
	return nil
}

// undoWork are the verbs of a reversal that, with a bare "that", undo the
// agent's work rather than the person's words.
var undoWork = map[string]bool{"revert": true, "undo": true}

// subjectTokens keeps the words that name what a reversal is about.
func subjectTokens(s string) []string {
	// "about yarn — we use pnpm" is about yarn: stop at a clause break.
	if i := strings.IndexAny(s, ",;—.:("); i >= 0 {
		s = s[:i]
	}
	if i := strings.Index(strings.ToLower(s), " we "); i >= 0 {
		s = s[:i]
	}
	return contentTokens(s)
}

// asLine turns the instruction text into a memory line: first letter
// upper-case, one full stop at the end.
func asLine(s string) string {
	s = strings.TrimRight(strings.TrimSpace(s), " .!;,:")
	if strings.Contains(s, "…") {
		s = withoutElisions(s)
	}
	if first, _, _ := strings.Cut(s, " "); len(codeNames(first)) > 0 && strings.IndexFunc(first, unicode.IsUpper) > 0 {
		// A name written as code keeps its case: nodeIntegration.
		return s + "."
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:] + "."
}

// elidedClauseRe is a clause left with a word or four before a quotation
// stripQuotes elided (", it's …" of "never call get_parent() like that,
// it's …"; ", so this one is …;"), or the elision alone as an aside (",
// …," and "(…)").
var elidedClauseRe = lazyregexp.New(`\s*\(…\)|[,;:]\s*(?:[\w']+\s+){0,4}…(?:\s*([,;:])|$)`)

// withoutElisions takes out of a line the clauses that held nothing but
// an elided quotation: half a sentence is no line, and an example cut out
// of an aside leaves the rule whole ("commit messages in the present
// tense, …, never \"Added\"").
func withoutElisions(s string) string {
	s = elidedClauseRe().ReplaceAllString(s, "$1")
	return strings.TrimRight(s, " .!;,:")
}

// generic words that say nothing about which fact a line is about.
var generic = map[string]bool{
	"always": true, "never": true, "use": true, "please": true, "make": true,
	"sure": true, "instead": true, "not": true, "don't": true, "do": true,
	"dont": true, "rather": true, "than": true, "over": true, "prefer": true,
	"should": true, "must": true, "remember": true, "stop": true, "only": true,
	"any": true, "them": true, "those": true, "these": true, "about": true,
	"said": true, "rule": true, "ensure": true, "avoid": true, "using": true,
	"run": true, "before": true, "after": true, "commit": true, "committing": true,
	"every": true, "change": true, "changes": true, "code": true, "file": true,
	"files": true, "project": true, "repo": true, "when": true, "you": true,
	"now": true, "from": true, "on": true, "here": true, "everything": true,
	"edit": true, "by": true, "hand": true, "directly": true, "own": true,
	"ever": true, "either": true, "because": true, "otherwise": true,
}

// genericTerms are the generic words as stemmed terms.
var genericTerms = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range generic {
		m[textkey.Stem(w)] = true
		m[w] = true
	}
	return m
})

// contentTokens are the tokens that identify the subject of a line.
func contentTokens(s string) []string {
	var out []string
	for _, t := range textkey.Tokens(s) {
		if !generic[t] {
			out = append(out, t)
		}
	}
	return out
}

// factTerms are a line's terms (textkey.Terms) without the generic words of
// instructions: what tells one fact from another.
func factTerms(s string) []string {
	var out []string
	for _, t := range textkey.Terms(s) {
		if !genericTerms()[t] {
			out = append(out, t)
		}
	}
	return out
}

// valueTerms are the exact terms of a line: numbers, versions, paths and
// code spans.
func valueTerms(terms []string) map[string]bool {
	m := map[string]bool{}
	for _, t := range terms {
		if strings.HasPrefix(t, "`") || strings.IndexFunc(t, unicode.IsDigit) >= 0 {
			m[t] = true
		}
	}
	return m
}

// sameFact tells whether two lines state the same fact. Lines that give
// different values (ports, versions) are different facts, one possibly
// newer than the other; otherwise they are the same when their terms
// mostly coincide, or when nearly all terms of the shorter one are in the
// longer one.
func sameFact(a, b string) bool {
	if textkey.Normalize(a) == textkey.Normalize(b) {
		return true
	}
	ta, tb := factTerms(a), factTerms(b)
	if len(ta) == 0 || len(tb) == 0 {
		return false
	}
	if pa, pb := placement(a), placement(b); pa != "" && pb != "" && samePlace(pa, pb) {
		// (The terms beside the placement: "goes in tests/" ties
		// fixtures to snapshots.)
		if shared, _ := textkey.Overlap(factTerms(placementRe().ReplaceAllString(a, "")), factTerms(placementRe().ReplaceAllString(b, ""))); shared >= 1 {
			// "Tasks live in app/tasks/", "put the digest task in
			// app/tasks/": where one kind of thing goes, whatever
			// instance one names ("migration V15 goes in db/migration",
			// the tail of "src/main/resources/db/migration").
			return true
		}
	}
	va, vb := valueTerms(factTerms(withoutExamples(a))), valueTerms(factTerms(withoutExamples(b)))
	nested := nestedURL(ta, tb)
	if len(va) > 0 && len(vb) > 0 && !intersects(va, vb) && !nested {
		return false
	}
	if (len(va) > 0) != (len(vb) > 0) && !nested && differentNames(withoutExamples(a), withoutExamples(b)) {
		// "thumbnails are cropped to 320, hero images to 1280" and
		// "thumbnails are in media/thumbs/, hero images in
		// media/hero.png": one line gives values, the other names other
		// things exactly; the words they share are the subject of two
		// facts.
		return false
	}
	// A command written as code in one line and told in words in the
	// other ("run `npm run lint:fix`", "run the lint fix script") is
	// compared by the words of the command; two lines giving the same
	// command keep it as one exact term.
	ta, tb = spanWords(ta, tb), spanWords(tb, ta)
	shared, dice := textkey.Overlap(ta, tb)
	if dice >= 0.6 {
		return true
	}
	if nested {
		// The place both name, one a folder of the other.
		shared++
	}
	small := min(len(ta), len(tb))
	if shared >= 2 && float64(shared) >= 0.75*float64(small) {
		return true
	}
	// Two wordings of one rule about a named thing ("partitioned by
	// event_date", "terraform apply only in the pipeline") share that
	// name and half of what they say about it.
	named := sharesName(a, b) || nested
	if named && shared >= 3 || (shared >= 3 || shared >= 2 && named) && 2*shared >= small {
		return true
	}
	return sameMainClause(a, b)
}

// spanWords is terms with a code span of several words that other lacks
// replaced by the plain words of three letters or more inside it, stemmed,
// generic words aside ("`npm run lint:fix`" is npm, lint, fix): the words
// a person uses when telling the same command in prose. Flags, paths and
// values inside the span are no words (the values of two lines are
// compared exactly before, in sameFact), and a line of two spans or more
// is a list of commands, compared by its commands: its words would tie it
// to any line about the same tool.
func spanWords(terms, other []string) []string {
	var span string
	for _, t := range terms {
		if strings.HasPrefix(t, "`") && strings.Contains(t, " ") {
			if span != "" {
				return terms
			}
			span = t
		}
	}
	if span == "" || slices.Contains(other, span) {
		return terms
	}
	out := make([]string, 0, len(terms)+2)
	for _, t := range terms {
		if t != span {
			out = append(out, t)
			continue
		}
		for _, f := range strings.Fields(strings.Trim(t, "`")) {
			if strings.HasPrefix(f, "-") || strings.ContainsAny(f, "/.=@") || hasDigit(f) {
				continue
			}
			for _, w := range strings.FieldsFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if w = textkey.Stem(w); len(w) >= 3 && !genericTerms()[w] && !slices.Contains(out, w) && !slices.Contains(terms, w) {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// sameMainClause reports whether two lines state one fact once the reason
// or purpose one of them gives is set aside ("Always run `terraform fmt`
// before committing, because the CI lint rejects unformatted files"
// against "Always run `terraform fmt` before committing"): a line's why
// adds terms of its own that dilute every overlap measure, yet says no
// other fact. A line whose main clause keeps too little to tell a fact
// (one plain word: "use pnpm" of "use pnpm as the package manager") is
// compared whole.
func sameMainClause(a, b string) bool {
	ma, mb := clippedClause(a), clippedClause(b)
	if ma == a && mb == b {
		return false
	}
	return sameFact(ma, mb)
}

// clippedClause is s without a reason or purpose clause (mainClause) when
// what is left still names a fact (two terms or a value); s otherwise. The
// cheap test for a reason word comes first: most lines give none.
func clippedClause(s string) string {
	if !hasReasonWord(s) {
		return s
	}
	m := strings.TrimSpace(mainClause(s))
	if m == s {
		return s
	}
	if t := factTerms(m); len(t) >= 2 || len(valueTerms(t)) > 0 {
		return m
	}
	return s
}

// hasReasonWord reports whether s may hold a clause reasonRe finds: one of
// its words after a space or a comma.
func hasReasonWord(s string) bool {
	for _, w := range [...]string{"so ", "because ", "since ", "as ", "which ", "otherwise "} {
		if strings.Contains(s, " "+w) || strings.Contains(s, ","+w) {
			return true
		}
	}
	return false
}

// nestedURL reports whether two lists of terms each hold a URL and one is
// the other with more path after it ("s3://acme-raw" and
// "s3://acme-raw/events"): the same bucket or host named once whole and
// once by a folder of it, so the values do not tell two facts apart.
func nestedURL(a, b []string) bool {
	for _, x := range a {
		if !strings.Contains(x, "://") {
			continue
		}
		x = strings.TrimRight(x, "/")
		for _, y := range b {
			if !strings.Contains(y, "://") {
				continue
			}
			y = strings.TrimRight(y, "/")
			if strings.HasPrefix(y, x+"/") || strings.HasPrefix(x, y+"/") {
				return true
			}
		}
	}
	return false
}

// differentNames reports whether two lines each name things written as
// code (paths, values, identifiers) and none of them is the same, whole or
// as a dotted tail.
func differentNames(a, b string) bool {
	na, nb := codeNames(a), codeNames(b)
	return len(na) > 0 && len(nb) > 0 && !intersects(na, nb) && !dottedTail(na, nb)
}

// placementRe is a line saying where things go: "live in app/tasks/",
// "put it in templates/partials/".
var placementRe = lazyregexp.New(`(?i)\b(lives?|go|goes|put|puts|belongs?|keep|kept|stored?|placed?)\b[^.;]*?\b(in|into|under)\s+` + "`?" + `([\w.$@~-]*/[\w./$@~<>-]*)`)

// samePlace reports whether two placements name one folder: the same
// path, or one the tail of the other (db/migration/ of
// src/main/resources/db/migration/).
func samePlace(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return a == b || strings.HasSuffix(b, "/"+a)
}

// placement is the path a line says things go in, lower-cased; "" if none.
func placement(line string) string {
	if m := placementRe().FindStringSubmatch(line); m != nil {
		return strings.ToLower(strings.TrimRight(m[3], "./") + "/")
	}
	return ""
}

// sameStmt tells whether two statements say the same thing. Corrections of
// one mistake are worded in the heat of the moment ("never disable RLS,
// write a policy", "don't turn off rls!! add a select policy"): a
// correction and a statement that share a name written as code, or a third
// of their terms, are one.
func sameStmt(a, b stmt) bool {
	if sameFact(a.line, b.line) || sameNamed(a, b) || sameCorrected(a, b) || sameRuledOut(a, b) || sameTerse(a, b) || sameSwap(a, b) || ruledThenDone(a, b) || ruledThenTold(a, b) {
		return true
	}
	if !a.correction && !b.correction {
		return false
	}
	ta, tb := factTerms(a.line), factTerms(b.line)
	va, vb := valueTerms(factTerms(withoutExamples(a.line))), valueTerms(factTerms(withoutExamples(b.line)))
	if len(ta) == 0 || len(tb) == 0 || len(va) > 0 && len(vb) > 0 && !intersects(va, vb) && !dottedTail(va, vb) {
		return false
	}
	if len(va) > 0 && len(vb) == 0 && statesSome(a.line) || len(vb) > 0 && len(va) == 0 && statesSome(b.line) {
		// "we use sdk 50" gives a setting's value; a correction that only
		// names the setting ("so the versions match the sdk") is another
		// matter.
		return false
	}
	// A dotted name is named by its tail too in the heat of a correction:
	// "l10n.t" in one, "vscode.l10n.t" in the other.
	// A rule marked to last stands on its own: a third of its words
	// shared is not yet enough to make it a correction said again, and a
	// part of a name in it ("order" of order_date) is no word the
	// correction said ("changed orders").
	marked := !a.correction && a.lasting || !b.correction && b.lasting
	need := min(len(ta), len(tb))
	tiesB := withParts(b.line, tieTerms(tb))
	if marked {
		need++
		tiesB = tieTerms(tb)
	}
	shared := sharedUnits(a.line, tieTerms(ta), tiesB)
	return sharesName(a.line, b.line) || dottedTail(codeNames(a.line), codeNames(b.line)) || shared >= 2 && 3*shared >= need || sharedCaps(a.line, b.line) >= 2
}

// sharedCaps counts the words in capitals of four letters or more that
// two lines share ("STRICT, never PERMISSIVE", then "stays STRICT, no
// PERMISSIVE"): a person writes a setting's values in capitals as they
// are written in the config, and two of them named in both say which
// setting, however the rest is worded.
func sharedCaps(a, b string) int {
	caps := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, w := range strings.FieldsFunc(s, notWordRune) {
			if len(w) >= 4 && !commonCaps[w] && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsUpper(r) }) < 0 {
				m[w] = true
			}
		}
		return m
	}
	ca := caps(a)
	if len(ca) < 2 {
		return 0
	}
	n := 0
	for w := range caps(b) {
		if ca[w] {
			n++
		}
	}
	return n
}

// commonCaps are acronyms and log levels written in capitals in any
// project ("JSON over HTTP", "a TODO"): they name no setting's value, so
// sharing them ties nothing.
var commonCaps = map[string]bool{"API": true, "JSON": true, "HTTP": true, "HTTPS": true, "HTML": true, "CSV": true,
	"SQL": true, "URL": true, "UUID": true, "TODO": true, "NOTE": true, "WARN": true, "INFO": true, "ERROR": true,
	"DEBUG": true, "YAML": true, "XML": true}

// tieTerms are the terms of a line that can tie it to another: not the
// verb a rule is said with nor the preposition that says how ("no raw
// SQL, go through the query builder" and "metrics go through statsd"
// share "go through" and nothing they are about).
func tieTerms(terms []string) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		if !ruleVerbs[t] && !howWords[t] {
			out = append(out, t)
		}
	}
	return out
}

// howWords are prepositions that say by what way or where a thing is
// done, not what it is.
var howWords = map[string]bool{"through": true, "via": true, "using": true, "inside": true, "within": true, "across": true, "onto": true}

// dottedTail reports whether a dotted name of one set is the tail of a
// longer dotted name in the other ("l10n.t", "vscode.l10n.t"): one name,
// written whole once and short the next time.
func dottedTail(a, b map[string]bool) bool {
	for x := range a {
		for y := range b {
			// The tail is itself dotted: "mly" of ".mly" is a file
			// type, not a name.
			if strings.Contains(x, ".") && strings.HasSuffix(y, "."+x) || strings.Contains(y, ".") && strings.HasSuffix(x, "."+y) {
				return true
			}
		}
	}
	return false
}

// isPath tells whether the slashed term t of a lower-cased line is a path
// rather than alternatives ("shell/command"): more than two parts, a
// dot, a slash before or after it, or a place word before it.
func isPath(low, t string, parts int) bool {
	if parts > 2 || strings.Contains(t, ".") || strings.Contains(low, t+"/") || strings.Contains(low, "/"+t) {
		return true
	}
	i := strings.Index(low, t)
	if i < 0 {
		return true
	}
	f := strings.Fields(low[:i])
	return len(f) > 0 && placeWords[strings.Trim(f[len(f)-1], "`")]
}

var placeWords = map[string]bool{"in": true, "into": true, "under": true, "from": true, "to": true, "at": true, "inside": true, "of": true}

// states reports whether a line gives a setting's value: "we use expo sdk
// 50", "upgraded to node 22".
func states(line string) bool { return settingRe().MatchString(line) || changedSetting(line) }

// statesSome reports whether a sentence of a line gives a setting's value
// on its own: "V12 is already applied. Never edit an applied migration,
// add V13." gives none, though its first words and last value would.
func statesSome(line string) bool {
	if !states(line) {
		return false
	}
	for _, s := range splitSentences(line) {
		if states(s) {
			return true
		}
	}
	return false
}

// withParts adds the words of compound terms ("shell/command",
// "to_pandas", "heapless::vec", "getServerSession") to a term list: in the
// heat of a correction a person names the thing whole once and in parts
// the next time.
func withParts(line string, terms []string) []string {
	out := append([]string(nil), terms...)
	low := strings.ToLower(line)
	for _, t := range terms {
		out = append(out, termParts(low, t)...)
	}
	return append(out, camelTermParts(line)...)
}

// termParts are the words of one compound term of a line (low, lower
// case), stemmed: "to_pandas" gives pandas, a path none.
func termParts(low, t string) []string {
	t = strings.Trim(t, "`")
	parts := strings.FieldsFunc(t, func(r rune) bool { return r == '/' || r == '_' || r == ':' })
	if len(parts) < 2 || strings.Contains(t, "/") && isPath(low, t, len(parts)) {
		// A path ("app/tasks/") names a place, not two things.
		return nil
	}
	var out []string
	for _, p := range parts {
		if len(p) >= 3 && strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
			out = append(out, textkey.Stem(p))
		}
	}
	return out
}

// camelTermParts are the words of a line's camel-case names, stemmed:
// "getServerSession" names the session.
func camelTermParts(line string) []string {
	var out []string
	for _, p := range strings.Fields(camelWords(line)) {
		if len(p) >= 3 && !genericTerms()[p] {
			out = append(out, textkey.Stem(p))
		}
	}
	return out
}

// sharedUnits is how many terms of line a (terms ta) another line's
// terms with their parts (bWith, withParts) name, a compound term once
// however many of its parts they name: "nvim_set_keymap" is one thing,
// and "sets no default keymaps" does not name it twice over.
func sharedUnits(a string, ta, bWith []string) int {
	low, n := strings.ToLower(a), 0
	for _, t := range ta {
		if s, _ := textkey.Overlap(append([]string{t}, termParts(low, t)...), bWith); s > 0 {
			n++
		}
	}
	for _, p := range camelTermParts(a) {
		if s, _ := textkey.Overlap([]string{p}, bWith); s > 0 {
			n++
		}
	}
	return n
}

// sharesName reports whether two lines share a name written as code: a
// path, an identifier with an underscore, a dot or a capital inside
// (event_date, .Result, nodeIntegration), a call, a code span, a number.
func sharesName(a, b string) bool {
	na := codeNames(a)
	for n := range codeNames(b) {
		if na[n] {
			return true
		}
	}
	// A name written as code in one line may be plain in the other
	// ("disable RLS", "turn off rls").
	lb := " " + strings.Join(textkey.Tokens(b), " ") + " "
	for n := range na {
		if strings.Contains(lb, " "+n+" ") {
			return true
		}
	}
	return false
}

// codeNames are the words of a line written as code, lower-cased and
// without the punctuation around them.
func codeNames(s string) map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(s) {
		if op := strings.Trim(f, "`,"); operators[op] {
			// "<=" in "nonblocking <= in clocked blocks" names what
			// the rule is about, as an identifier would.
			m[op] = true
			continue
		}
		f = strings.Trim(f, ",;:!?\"'*")
		f = strings.TrimSuffix(f, ".")
		core := strings.Trim(strings.TrimSuffix(f, "()"), "`.")
		if len(core) < 2 {
			continue
		}
		if n := markedName(core); n != "" {
			m[strings.ToLower(n)] = true
			continue
		}
		code := strings.ContainsAny(core, "/_$`.()") || strings.IndexFunc(core, unicode.IsDigit) >= 0 ||
			strings.IndexFunc(core[1:], unicode.IsUpper) >= 0 && strings.IndexFunc(core, unicode.IsLower) >= 0 ||
			strings.HasSuffix(f, "()") || strings.HasPrefix(f, ".") || strings.HasPrefix(f, "`") && strings.HasSuffix(f, "`")
		if code {
			m[strings.ToLower(core)] = true
		}
	}
	return m
}

// markedName is the name inside a word that its punctuation marks as code
// although it holds only letters and dashes: a template attribute or
// placeholder in braces ("{product-name}", "{{site_title}}" is code
// already) and a prefix of custom properties or options between dashes
// ("--bl-", "--mdc-"). Prose never writes words so, and the plain words
// would tie nothing ("name", "bl"), yet the person names one setting of
// the project each time. An option of a command ("--preset") is no such
// name: its word is the command's everyday vocabulary ("the release
// preset"). It returns the name without its marks, as the words around
// it are written ("" when w is no such word).
func markedName(w string) string {
	var n string
	switch {
	case strings.HasPrefix(w, "{") && strings.HasSuffix(w, "}"):
		n = strings.Trim(w, "{}")
	case strings.HasPrefix(w, "--") && strings.HasSuffix(w, "-") && !strings.HasSuffix(w, "--"):
		n = strings.Trim(w, "-")
	default:
		return ""
	}
	if len(n) < 2 || !unicode.IsLetter(rune(n[0])) || strings.IndexFunc(n, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) >= 0 {
		return ""
	}
	return n
}

// operators are the operators of code a rule can be about; arrows are left
// out, as prose uses them for "becomes" ("tests/ -> e2e/").
var operators = map[string]bool{"<=": true, ">=": true, "==": true, "!=": true, "===": true, "!==": true,
	":=": true, "+=": true, "-=": true, "&&": true, "||": true, "::": true, "?.": true, "??": true, "<<": true, ">>": true}

// exampleRe is an example given in passing ("like `INV-42: fix`"): it
// illustrates a rule, it is not a value the rule sets.
var exampleRe = lazyregexp.New("(?i)\\b(e\\.g\\.|like|such as|for example|for instance)[:,]?\\s+`[^`]*`")

func withoutExamples(s string) string { return exampleRe().ReplaceAllString(s, " ") }

func intersects(a, b map[string]bool) bool {
	for t := range a {
		if b[t] {
			return true
		}
	}
	return false
}

// contained is the share of a's tokens found in b.
func contained(a, b []string) float64 {
	in := map[string]bool{}
	for _, t := range b {
		in[t] = true
	}
	n := 0
	for _, t := range a {
		if in[t] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// conventionClause cuts a sentence that calls something the usual way down
// to the clause that says so, without the marker: "add the refunds table,
// new flyway script in db/migration as usual" is "new flyway script in
// db/migration". A clause too short to stand alone keeps the one before it.
func conventionClause(s string) (string, bool) {
	loc := conventionRe().FindStringIndex(s)
	if loc == nil {
		return s, false
	}
	clauses := clauseSplitRe().Split(s[:loc[0]], -1)
	i := len(clauses) - 1
	c := strings.TrimSpace(clauses[i])
	if len(textkey.Tokens(c)) < 3 && i > 0 {
		c = strings.TrimSpace(clauses[i-1]) + ", " + c
	}
	if rest := strings.TrimSpace(s[loc[1]:]); rest != "" && len(textkey.Tokens(c)) < 3 {
		// "as usual, modules go in modules/": the marker opens the clause.
		// Set inside a short subject ("input data as before from
		// /mnt/raw"), it keeps that subject: "from /mnt/raw" alone is
		// half a sentence.
		rest = strings.TrimLeft(rest, ",;: ")
		if i == 0 && c != "" && leadPrepRe().MatchString(rest) {
			rest = c + " " + rest
		}
		c = rest
	}
	c = strings.Trim(c, " ,;:")
	if strings.Count(c, "(") > strings.Count(c, ")") {
		if !strings.HasPrefix(strings.TrimSpace(s[loc[1]:]), ")") {
			// "write the repository in shared for it (shared code is
			// like always in the shared module …)": the marker sits
			// inside a bracket whose sentence goes on after it, and
			// the clause before it is cut mid-sentence.
			return s, false
		}
		// "the lab machines (Rocky Linux 9, as before)": the marker
		// closes the aside, which closes with it.
		c += ")"
	}
	if len(codeNames(c)) == 0 && !factRe().MatchString(c) && !properNameRe().MatchString(c) {
		// "make the button look like the others" compares, it sets no
		// convention: a convention names where or what (a path, a
		// column, a class).
		return s, false
	}
	return c, true
}

// leadPrepRe is a clause that opens with a preposition: "from /mnt/raw",
// "in db/migration", the rest of a sentence whose subject came first.
var leadPrepRe = lazyregexp.New(`^(?:from|in|into|at|on|under|to|via|through|with|for)\s`)

// contrastRe is a statement that rules the alternative out: "config values
// we read from Airflow Variables, not from env vars".
var contrastRe = lazyregexp.New(`(?i),\s*((please|pls)\s+)?(not|never|instead of)\s+(\w+\s+){0,4}[\w.-]+\s*$`)

// properNameRe is a capitalised name inside a clause ("from Airflow
// Variables"): a thing of the project, like a name written as code.
var properNameRe = lazyregexp.New(`\s[A-Z][a-z]+(\s[A-Z][a-z]+)*\b`)

// withoutStory cuts a marked rule before the clause that tells what
// happened once ("always pin the base image digest, a floating tag
// pulled a broken build last month"): the story is the rule's occasion,
// and read as the sentence's it made the whole a narration. The rule
// before it must still say something (three words) and tell nothing
// itself.
func withoutStory(s string) string {
	locs := clauseSplitRe().FindAllStringIndex(s, -1)
	for i, loc := range locs {
		end := len(s)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		if !storyRe().MatchString(s[loc[1]:end]) {
			continue
		}
		head := s[:loc[0]]
		if saidWhenRe().MatchString(s[loc[1]:end]) {
			// "no physics bodies, ever, that's what I said last week,
			// everything that moves is a bump item": the person
			// repeating themselves tells no story; the rule goes on
			// past it with what to do instead.
			if rest := s[end:]; insteadClause(rest) {
				return head + withoutStory(rest)
			}
			return head
		}
		if len(textkey.Tokens(head)) >= 3 && !described(head, true) {
			return head
		}
		return s
	}
	return s
}

// symptomRe is a thing failing again and again, told as what happens:
// "the suite always times out", "the build breaks every time the vendor
// renames a header".
var symptomRe = lazyregexp.New(`(?i)\b(?:always|never|constantly|every (?:single )?time|each time)\s+(?:(?:\S+\s+){1,3}?(?:and|but)\s+)?(?:fails?|runs? out of|goes down|gets stuck|freezes|stalls|locks up|breaks?|crash(?:es)?|times? out|hangs?|complains?|flakes?|dies|explodes?|chokes?|blows? up|segfaults?|panics?|leaks?|errors? out)\b|\b(?:fails?|breaks?|crash(?:es)?|times out|hangs?|complains?|flakes?|dies|explodes?|chokes?|blows up|segfaults?|panics?|leaks?|errors out)\s+(?:(?:on|in|for) \S+\s+)?(?:every (?:single )?time|each time|all the time|always)\b`)

// symptom reports whether s only tells how a thing keeps failing: no
// clause of it asks for anything ("…, so use tokens" does) or says what
// must be.
func symptom(s string) bool {
	if !symptomRe().MatchString(mainClause(s)) {
		return false
	}
	for _, c := range clauseSplitRe().Split(s, -1) {
		c = strings.TrimSpace(soThenRe().ReplaceAllString(c, ""))
		if starterRe().MatchString(c) || modalRe().MatchString(c) || strings.Contains(strings.ToLower(c), "should") {
			return false
		}
	}
	if loc := reasonRe().FindStringIndex(s); loc != nil && starterRe().MatchString(strings.TrimSpace(soThenRe().ReplaceAllString(s[loc[0]:], ""))) {
		return false
	}
	return true
}

// soThenRe is a word joining a clause to what came before: "so", "then".
var soThenRe = lazyregexp.New(`(?i)^\s*(?:so|then|and|thus|hence)\b[\s,]*`)

// storyRe is a time in the past that makes a clause a story: "I saw you
// edit it last week", "it broke prod yesterday".
var storyRe = lazyregexp.New(`(?i)\b(last night|yesterday|this morning|earlier today|last (week|month)|the other day)\b`)

// saidWhenRe is a whole clause saying the rule was said before, and
// when: "that's what I said last week", "I told you yesterday".
var saidWhenRe = lazyregexp.New(`(?i)^\s*(?:` + saidWords + `)\s+(?:last (?:night|week|month|time)|yesterday|the other day|earlier today|this morning)\W*$`)

// insteadClause reports whether the clause after "I told you yesterday"
// goes on with the rule: another rule ("never …") or what holds instead
// ("the margarine is in the blue tub"). One joined by "and" or "so" with
// nothing of the kind ("and the oven broke") tells what happened.
func insteadClause(s string) bool {
	s = strings.TrimLeft(s, " ,;\u2014")
	if ruleOpenRe().MatchString(firstWord(s)) {
		return true
	}
	switch strings.ToLower(firstWord(s)) {
	case "and", "but", "so", "then", "because", "cause", "which", "when":
		return false
	}
	return insteadVerbRe().MatchString(s)
}

// insteadVerbRe is a clause saying what holds or what to use.
var insteadVerbRe = lazyregexp.New(`(?i)\b(?:is|are|goes|go|instead|use|uses|lives?)\b`)

// clauseSplitRe separates the clauses of a sentence.
var clauseSplitRe = lazyregexp.New(`[;,\x{2014}]\s+`)

// modalRe is a requirement stated of a thing: "tasks have to be
// idempotent", "the flag stays false".
var modalRe = lazyregexp.New(`(?i)^\S+(\s+\S+){0,3}\s+(must( not)?|mustn'?t|ha(ve|s) to be|needs? to be|should (always|never|be)|stays?)\b`)

// goOpenRe is a sentence opening with "go through", "go into": the
// person asks the agent to look through something ("go through the
// README and the Makefile and bring them in line"), a task, where factRe's
// "go through" has a subject before it that goes there ("requests go
// through the gateway").
var goOpenRe = lazyregexp.New(`(?i)^\W*(?:(?:please|pls|now|then|just|also|and|ok|okay|so|can you|could you)\W+)*go\s+(?:in|under|into|through|thru|via)\b`)

// reasonTailRe is a reason set off after a statement: ", because …",
// "; since …".
var reasonTailRe = lazyregexp.New(`(?i)\s*[,;]\s*(?:because|since|cause|cuz|coz)\s`)

// withoutReason is s without the reason a comma sets off after it ("The
// tests use unittest, not pytest, because the grader runs on it"): a
// contrast that ends the statement ends it before its why, which people
// add as often as not and which says nothing of the rule's shape. A
// sentence giving no reason so is returned as it is; the cheap test for
// the words comes first.
func withoutReason(s string) string {
	if !strings.Contains(s, "ause ") && !strings.Contains(s, "since ") && !strings.Contains(s, "cuz ") && !strings.Contains(s, "coz ") {
		return s
	}
	if loc := reasonTailRe().FindStringIndex(s); loc != nil && loc[0] > 0 {
		return s[:loc[0]]
	}
	return s
}

// mainClause is a sentence without its purpose or reason ("… so it never
// ships to the browser"): what it says, not why.
func mainClause(s string) string {
	if loc := reasonRe().FindStringIndex(s); loc != nil && loc[0] > 0 {
		return s[:loc[0]]
	}
	return s
}

var reasonRe = lazyregexp.New(`(?i)[\s,]+(so( that)?|because|since|as|which|otherwise)\s`)

// changedRe is a verb that tells a setting changed; "instead" and "now"
// are too common in requests ("return 404 instead of 500") to say so.
// "deploys now use the deployer role", "we now run on arm": a subject that
// uses something else now is a change without a change verb.
var changedRe = lazyregexp.New(`(?i)\b(renamed|moved|changed|switched|upgraded|downgraded|bumped|migrated|replaced|swapped|(we're|we are) (moving|switching|migrating)|(we|\w{3,}s) now (uses?|runs? on|go(es)? through|points? (to|at)))\b`)

// toldBare reports whether a change is told with nothing after its verb
// but a word for everything ("we upgraded everything", "the admins
// upgraded") and no value anywhere: what it changed to is not said.
func toldBare(s string) bool {
	locs := changedRe().FindAllStringIndex(s, -1)
	if len(locs) == 0 || len(valueTerms(factTerms(s))) > 0 || len(codeNames(s)) > 0 {
		return false
	}
	for _, t := range textkey.Tokens(s[locs[len(locs)-1][1]:]) {
		if !bareWords[t] {
			return false
		}
	}
	return true
}

// targetRe is what names the value a change went to, or away from:
// "moved to 3001", "replaced moment with date-fns", "migrated off the
// old host", "it's 8443 now".
var targetRe = lazyregexp.New(`(?i)\b(?:to|into|onto|with|for|off|from|out of|away|over|now|instead|as)\b|->|\x{2192}|=|:`)

// isNowValueRe is a clause giving a value as the current one: "it's
// events_v2 now", "now it's 8443", "they're on v3 now".
var isNowValueRe = lazyregexp.New(`(?i)^\s*(?:(?:it|that|this)(?:'s| is)|they(?:'re| are)|now(?: it(?:'s| is))?)\s+(?:on\s+|at\s+)?\S+(?:\s+now)?\W*$`)

// afterChange is s from its last change verb on ("now point to …"
// keeps its "to").
func afterChange(s string) string {
	locs := changedRe().FindAllStringIndex(s, -1)
	if len(locs) == 0 {
		return s
	}
	return s[locs[len(locs)-1][0]:]
}

// toldNoTarget reports whether a change is told by what changed alone,
// with no value it went to anywhere in the sentence: "upgraded
// collectors check version", "bumped the go version", "the cluster got
// renamed in the config". That is news; the value is what memory needs.
func toldNoTarget(s string) bool {
	// (A colon that ends the sentence introduces what follows it, a
	// paste or a list: it names no target.)
	after := strings.TrimRight(purposeRe().ReplaceAllString(afterChange(s), ""), " :")
	if fromToRe().MatchString(s) || strings.IndexFunc(s, unicode.IsDigit) >= 0 || targetRe().MatchString(after) && !vagueTargetRe().MatchString(after) {
		return false
	}
	// (A bracket makes no word code: "(the platform team did it" is
	// prose in an aside.)
	return len(codeNames(bracketSpace.Replace(after))) == 0 && !strings.ContainsAny(after, "`\"")
}

// purposeRe is what a change was made for, which names no value it went
// to: "changed the block size for less latency", "for speed".
var purposeRe = lazyregexp.New(`(?i)\bfor\s+(?:(?:less|more|better|lower|higher|faster|quicker|smaller|bigger|the sake of)\b.*|(?:speed|performance|latency|stability|safety|clarity|readability|consistency|simplicity)\b)`)

// bracketSpace blanks round brackets, which codeNames would read as a
// call's ("(the", "merged)").
var bracketSpace = strings.NewReplacer("(", " ", ")", " ")

// pronounChangeRe is a change told of "it" or "them": "we moved it into
// the cluster", "ops have switched them over".
var pronounChangeRe = lazyregexp.New(`(?i)\b(?:moved|migrated|switched|changed|renamed|bumped|upgraded|downgraded|relocated|rehosted)\s+(?:it|them)\b`)

// changedPronoun reports whether a change is told of a thing named only by
// a pronoun and to no value ("not any more, we moved it into the cluster",
// the value in a clause the line left out): what moved, and where to, was
// said around it, and the line alone names neither.
func changedPronoun(s string) bool {
	return pronounChangeRe().MatchString(s) && len(valueTerms(factTerms(s))) == 0 && len(codeNames(s)) == 0
}

// vagueTargetRe is a change whose target is only "a new" or "another"
// something at the end of the clause: "moved the Redis to a new machine",
// "switched the mail to another provider". It says that the value
// changed, not what it is now, so it names no target (toldNoTarget);
// "switched to a monorepo" names one.
var vagueTargetRe = lazyregexp.New(`(?i)\b(?:to|into|onto|over to)\s+(?:(?:a|an|some)\s+(?:new|different|other|separate|bigger|smaller|faster|dedicated)|another)\s+[a-z]+\W*$`)

// bareWords name no value after a change verb.
var bareWords = map[string]bool{"everything": true, "all": true, "stuff": true, "things": true, "it": true,
	"them": true, "too": true, "as": true, "well": true, "again": true, "finally": true, "today": true}

// goneRe is a clause telling the old value went away ("ops took admin
// away from us", "the old bucket was retired"): the story of the change,
// no part of the new state.
var goneRe = lazyregexp.New(`(?i)\b(took( \S+){1,3} away|took away|revoked|(is|was|are|were|got) (gone|removed|retired|revoked|deleted|decommissioned|switched off|turned off|shut down))\b`)

// timeRe is when a change happened ("last week", "yesterday", "over the
// weekend"): no part of the memory line, and no target of the change
// ("over" names none in "upgraded the tooling over the weekend").
var timeRe = lazyregexp.New(`(?i)\s*\b(last (week|sprint|month|night|weekend)|this (week|sprint|month|weekend)|(over|on|at|during) the weekend|overnight|yesterday|this morning|earlier today|the other day)\b`)

// changedSetting reports whether a sentence tells of a setting that changed
// ("we moved the broker from redis to rabbitmq last week", "upgraded us to
// electron 31 yesterday"): when it changed does not make it a story.
func changedSetting(s string) bool {
	if !changedRe().MatchString(s) {
		return false
	}
	if fromToRe().MatchString(s) {
		return true
	}
	for _, t := range factTerms(s) {
		if slotTerms[t] || strings.IndexFunc(t, unicode.IsDigit) >= 0 {
			return true
		}
	}
	return false
}
