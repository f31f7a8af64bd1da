package offline

import (
	"strings"
	"testing"
	"time"
)

// candidatesOf mines sessions built with convo and groups their statements
// as a run does.
func candidatesOf(sessions ...[]string) []candidate {
	var stmts []stmt
	var revs []reversal
	var said []source
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for i, lines := range sessions {
		m := mineSession(i, convo("s", start.Add(time.Duration(i)*24*time.Hour), lines...), nil)
		stmts, revs, said = append(stmts, m.stmts...), append(revs, m.reversals...), append(said, m.said...)
	}
	return instructionCandidates(stmts, revs, said, func(int) bool { return true })
}

func sessionsOf(c candidate) map[int]bool {
	m := map[int]bool{}
	for _, s := range c.srcs {
		m[s.session] = true
	}
	return m
}

// TestCorrectionRepeatedInOtherWords: the same correction told in two
// sessions in other words is one candidate with both sessions as evidence,
// found by what it names (a code span the agent wrote, said again by the
// person), however the person words it.
func TestCorrectionRepeatedInOtherWords(t *testing.T) {
	got := candidatesOf(
		[]string{"u:add the refund endpoint", "a:Done. The totals are kept as `float64` for simplicity.",
			"u:no `float64` for amounts, keep them in integer cents."},
		[]string{"u:now the invoice export", "a:The export sums the lines as `float64`.",
			"u:Again `float64`!", "u:amounts as `float64` break rounding, I've told you twice already."},
	)
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
	// Said once, with nothing in the agent's report it answers, it is not
	// yet a correction that lasts.
	if got := candidatesOf([]string{"u:no `float64` for amounts, keep them in integer cents."}); len(got) != 0 {
		t.Fatalf("said once: %+v; want nothing", got)
	}
}

// TestCorrectionUnderALabel: a reply that opens with a heading or a label
// ("### Review") and rules out what the agent's report named is a correction;
// a label over a plain request is not.
func TestCorrectionUnderALabel(t *testing.T) {
	a := []string{"a:Wrote the poller with `time.Sleep(2*time.Second)` between tries.", "u:### Review\n- no `time.Sleep` in the poller\n- back off with the retry helper"}
	b := []string{"a:The second poller also uses `time.Sleep`.", "u:stop using time.Sleep, this is the fifth time"}
	got := candidatesOf(a, b)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one candidate from both sessions", got)
	}
	plain := []string{"a:Wrote the poller.", "u:## Next\n- no rush, add the metrics endpoint"}
	if got := candidatesOf(plain, plain); len(got) != 0 {
		t.Fatalf("label over a request: %+v; want nothing", got)
	}
}

// TestQuotesReport: quoting the agent's own words before a reply disputes
// them; a quoted log or a quote of something else does not.
func TestQuotesReport(t *testing.T) {
	report := "I changed the 0042 migration, since it is the newest one, to add the column."
	for _, c := range []struct {
		text string
		want bool
	}{
		{"> \"I changed the 0042 migration, since it is the newest one\"\nit already ran in prod. add a new one.", true},
		{"> changed the 0042 migration\nthat one ran already", true},
		{"> ERROR: relation \"users\" does not exist\nwhat does this mean?", false},
		{"> ok\nfine", false},
		{"I changed my mind about the 0042 migration", false},
	} {
		if got := quotesReport(c.text, report); got != c.want {
			t.Errorf("quotesReport(%q) = %v; want %v", c.text, got, c.want)
		}
	}
}

// TestSaidBeforeMarks: the ways a person says they said it before mark a
// correction and are no part of the line.
func TestSaidBeforeMarks(t *testing.T) {
	for _, c := range []struct{ sentence, want string }{
		{"keep the handlers free of SQL, I have said it three times", "Keep the handlers free of SQL."},
		{"I keep telling you: handlers never open transactions.", "Handlers never open transactions."},
		{"as I mentioned already, the cache key includes the tenant id", "The cache key includes the tenant id."},
	} {
		st, _ := classify(c.sentence, false, source{})
		if st == nil || st.line != c.want || !st.correction {
			t.Errorf("classify(%q) = %+v; want correction %q", c.sentence, st, c.want)
		}
	}
	if got := rememberPrevious([]string{"the handlers stay thin", "Fifth time."}); len(got) != 1 || got[0] != "the handlers stay thin, I said that before" {
		t.Errorf("a count of times alone: %q; want it folded into the sentence before", got)
	}
}

// TestCorrectionParts: a second mistake named "again" is its own
// correction, not part of the first.
func TestCorrectionParts(t *testing.T) {
	two := joinCorrection([]stmt{
		{line: "No `var`.", correction: true, src: source{quote: "no `var`."}},
		{line: "Const by default.", correction: true, src: source{quote: "const by default."}},
		{line: "The import order again, stdlib first.", correction: true, src: source{quote: "and the import order again, stdlib first."}},
	})
	if len(two) != 2 || two[0].line != "No `var`. Const by default." {
		t.Fatalf("joined %+v; want the first two sentences as one, the 'again' one apart", two)
	}
}

// TestGenericYouRule: in a correction, "you never X, you Y" is the rule
// "never X, Y"; a complaint without what to do instead is not.
func TestGenericYouRule(t *testing.T) {
	st, _ := classify("you never touch a released tag, you cut a new patch release", true, source{})
	if st == nil || st.line != "Never touch a released tag, you cut a new patch release." {
		t.Errorf("got %+v; want the rule", st)
	}
	if st, _ := classify("you never read the logs before guessing", true, source{}); st != nil {
		t.Errorf("complaint: got %+v; want nothing", st)
	}
	// a complaint about what the agent fails to do never becomes the
	// prohibition of what the person wants, said as a correction or once
	// to last
	for _, said := range []string{
		"you never rerun the linter before you say it's finished",
		"no, you never bump the schema version when you add a column",
		"you never add a regression test for the crash you fixed, ever",
		"from now on keep in mind: you never close the socket in the poller",
		"you never rebuild the docs after a change, I always have to do it myself",
		"you never regenerate the stubs, I end up doing that myself",
	} {
		if st, _ := classify(said, true, source{}); st != nil && strings.HasPrefix(strings.ToLower(st.line), "never ") {
			t.Errorf("%q: read as the opposite rule %q", said, st.line)
		}
	}
	// the act kept for the person, or what to do instead, makes it one
	for _, c := range []struct{ said, want string }{
		{"you never deploy to staging, I deploy it myself after review", "Never deploy to staging, I deploy it myself after review."},
		{"you never edit the lockfile by hand; regenerate it with the tool instead", "Never edit the lockfile by hand; regenerate it with the tool instead."},
	} {
		if st, _ := classify(c.said, true, source{}); st == nil || st.line != c.want {
			t.Errorf("%q: got %+v; want %q", c.said, st, c.want)
		}
	}
}

// TestRepeatedPolitely: "apologies for repeating myself" and "I believe I
// told you that earlier" mark a correction said again, however softly.
func TestRepeatedPolitely(t *testing.T) {
	for _, sents := range [][]string{
		{"I'd go with the date helper for those as well, it keeps the time zones right.", "Apologies for repeating myself."},
		{"I'd go with the date helper for those as well, it keeps the time zones right.", "I believe I told you that earlier."},
	} {
		var st *stmt
		for _, s := range rememberPrevious(sents) {
			st, _ = classify(s, false, source{})
		}
		if st == nil || !st.correction || st.line != "I'd go with the date helper for those as well, it keeps the time zones right." {
			t.Errorf("%q: got %+v; want a correction", sents, st)
		}
	}
}

// TestCorrectionMergesPastItsInstance: a correction that opens with the
// day's instance and its values ("R7 shipped already. Never rewrite a
// shipped release, bump to R8.") is the same correction as a later
// wording without values, and the merged line is the one without them.
func TestCorrectionMergesPastItsInstance(t *testing.T) {
	a := stmt{line: "R7 is out. Never amend a published tag, cut R8.", correction: true, src: source{session: 0, quote: "r7 is out"}}
	b := stmt{line: "Published tags are never amended.", correction: true, src: source{session: 1, quote: "published tags are never amended"}}
	got := instructionCandidates([]stmt{a, b}, nil, nil, func(int) bool { return true })
	if len(got) != 1 || got[0].line != b.line || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one candidate worded without the instance, from both sessions", got)
	}
}

// TestOperatorNamesTheRule: two corrections that name the same operator of
// code ("?? over ||") are one, however differently worded; prose arrows
// ("a -> b") name nothing.
func TestOperatorNamesTheRule(t *testing.T) {
	a := stmt{line: "Defaults with ?? in the config loader.", correction: true, src: source{session: 0}}
	b := stmt{line: "?? there, not a fallback chain, every getter.", correction: true, src: source{session: 1}}
	if !sameStmt(a, b) {
		t.Errorf("sameStmt(%q, %q) = false; want true", a.line, b.line)
	}
	c := stmt{line: "Renamed: handlers -> routes, keep the old import path.", correction: true, src: source{session: 0}}
	d := stmt{line: "Logs -> stderr only, never to a file.", correction: true, src: source{session: 1}}
	if sameStmt(c, d) {
		t.Errorf("sameStmt(%q, %q) = true; want false", c.line, d.line)
	}
}

// TestRepeatMarksAlone: "how many times" and "sorry to repeat" after a
// rule mark it as said again; after a question they leave the question
// one, and a group of questions only is no memory.
func TestRepeatMarksAlone(t *testing.T) {
	for _, m := range []string{"How many times.", "sorry to repeat"} {
		got := rememberPrevious([]string{"handlers take the context first", m})
		if len(got) != 1 || got[0] != "handlers take the context first, I said that before" {
			t.Errorf("%q: got %q; want the rule marked as said before", m, got)
		}
	}
	q1 := stmt{line: "Could the parser move to src/parse too?.", correction: true, src: source{session: 0}}
	q2 := stmt{line: "The parser goes in src/parse, no?.", correction: true, src: source{session: 1}}
	if got := instructionCandidates([]stmt{q1, q2}, nil, nil, func(int) bool { return true }); len(got) != 0 {
		t.Errorf("questions only: %+v; want nothing", got)
	}
	r := stmt{line: "The parser lives in src/parse.", correction: true, src: source{session: 2}}
	got := instructionCandidates([]stmt{q1, q2, r}, nil, nil, func(int) bool { return true })
	if len(got) != 1 || got[0].line != r.line {
		t.Errorf("questions and a statement: %+v; want the statement's wording", got)
	}
}

// TestRevertThatUndoesWork: "revert that" asks to undo the agent's change;
// the rule said beside it stays ("ignore that" withdraws the person's own
// words).
func TestRevertThatUndoesWork(t *testing.T) {
	if r := reversalOf("revert that", source{}); r != nil {
		t.Errorf("revert that: %+v; want no reversal", r)
	}
	if r := reversalOf("ignore that", source{}); r == nil {
		t.Error("ignore that: no reversal; want one")
	}
	got := candidatesOf(
		[]string{"a:I switched the cache back to `sync.Map`.", "u:it mustn't. I said a plain map with a mutex, not `sync.Map`. revert that"},
		[]string{"a:Used `sync.Map` for the index.", "u:no `sync.Map`, a map and a mutex"},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the correction from both sessions", got)
	}
}

// TestQuotedReplyCorrects: under a quote of the agent's words, the first
// statement of the reply is the correction even when an objection without
// a rule comes first.
func TestQuotedReplyCorrects(t *testing.T) {
	got := candidatesOf(
		[]string{"a:Timeouts are fine to hard-code in a small tool.", "u:> fine to hard-code in a small tool\nit isn't small anymore. every timeout comes from config.Timeouts"},
		[]string{"u:the retry timeout is hard-coded again. config.Timeouts, as I said before"},
	)
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
}

// TestDottedTail: a dotted name written short is the long one; a file type
// is not a name's tail.
func TestDottedTail(t *testing.T) {
	if !dottedTail(map[string]bool{"fmt.errorf": true}, map[string]bool{"pkg.fmt.errorf": true}) {
		t.Error("fmt.errorf / pkg.fmt.errorf: want the same name")
	}
	if dottedTail(map[string]bool{"yml": true}, map[string]bool{"ci.yml": true}) {
		t.Error("yml / ci.yml: want different names")
	}
}

// TestEmphasisAlone: one lasting word said alone after a rule ("ALWAYS.",
// "No exceptions!") marks it to last; after a question, or first in a
// message, it marks nothing.
func TestEmphasisAlone(t *testing.T) {
	got := rememberPrevious([]string{"tag releases from the release branch", "ALWAYS."})
	if len(got) != 1 {
		t.Fatalf("got %q; want one sentence", got)
	}
	st, _ := classify(got[0], false, source{})
	if st == nil || !st.lasting || st.line != "Tag releases from the release branch, always." {
		t.Errorf("got %+v; want the rule marked to last", st)
	}
	if got := rememberPrevious([]string{"should the cache be warmed on boot?", "Always."}); len(got) != 2 || got[0] != "should the cache be warmed on boot?" {
		t.Errorf("after a question: %q; want the question left as it is", got)
	}
	if got := rememberPrevious([]string{"Never.", "the build is red"}); len(got) != 2 {
		t.Errorf("first in a message: %q; want it kept apart", got)
	}
}

// TestEverClosesARule: "no X, ever" is a rule said to last, like "never X";
// "ever" inside a question or a clause is not.
func TestEverClosesARule(t *testing.T) {
	if st, _ := classify("no raw SQL strings in the handlers, ever", false, source{}); st == nil || !st.lasting {
		t.Errorf("got %+v; want a lasting rule", st)
	}
	if st, _ := classify("the best cache we ever had was the simple one", false, source{}); st != nil && st.lasting {
		t.Errorf("got %+v; want nothing lasting", st)
	}
}

// TestCorrectionLabel: a reply under a label that names it a correction
// ("## Correction") corrects, whatever the agent's report named; under
// another label it does not.
func TestCorrectionLabel(t *testing.T) {
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		label string
		want  bool
	}{{"## Correction", true}, {"Fix:", true}, {"## Notes", false}} {
		m := mineSession(0, convo("s", start, "a:Done, and I set the flag in the dashboard too.", "u:"+c.label+"\n- leave the dashboard alone, flags live in flags.toml"), nil)
		if len(m.stmts) != 1 || m.stmts[0].correction != c.want {
			t.Errorf("%s: %+v; want one statement, correction %v", c.label, m.stmts, c.want)
		}
	}
}

// TestSaidAgainMidSentence: a said-before clause inside a run-on sentence
// marks the clause before it as the correction ("…, no globals in the
// handlers, I keep telling you, pass the config in …"); "see, that's what
// I meant" opening a sentence marks the rest.
func TestSaidAgainMidSentence(t *testing.T) {
	st, _ := classify("ok and the new cron job reads the env directly, no globals in the handlers, I keep telling you, use the config passed in from main", false, source{})
	if st == nil || !st.correction || st.line != "No globals in the handlers, use the config passed in from main." {
		t.Errorf("got %+v; want the clause said again as a correction", st)
	}
	st, _ = classify("see, that's what I meant, every handler takes the config as its first argument", false, source{})
	if st == nil || !st.correction || st.line != "Every handler takes the config as its first argument." {
		t.Errorf("got %+v; want the rest as a correction", st)
	}
}

// TestSaidAgainTiesBySubject: a correction said as a repeat ("again")
// joins an earlier session's correction that names the same thing, in any
// form of the word, though they share nothing else; without the marker, or
// when the shared word is one the person uses often, they stay apart.
func TestSaidAgainTiesBySubject(t *testing.T) {
	first := []string{"u:parse the config tree", "a:I wrote the tree walk so each node visits its children.",
		"u:no, recursion blows the tiny stack. walk the nodes with an explicit stack"}
	again := []string{"u:now the include handling", "a:The include resolver calls itself for nested files.",
		"u:again, no recursive calls in the parser"}
	plain := []string{"u:now the include handling", "a:The include resolver calls itself for nested files.",
		"u:no recursive calls in the parser"}
	got := candidatesOf(first, again)
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("repeat: got %+v; want one correction from both sessions", got)
	}
	if got := candidatesOf(first, plain); len(got) != 0 {
		t.Fatalf("no repeat marker: got %+v; want nothing", got)
	}
	// A word said often names a thing of the project, not the mistake.
	mentions := []string{"u:the recursive descent grammar needs a new rule. is recursion depth logged? add a recursion test"}
	if got := candidatesOf(first, again, mentions); len(got) != 0 {
		t.Fatalf("common word: got %+v; want nothing", got)
	}
	if !repeatMarked([]string{"the loader froze the UI again.", "no blocking reads on the main thread"}, 1) {
		t.Error("a repeat said in the sentence before is not read")
	}
	if repeatMarked([]string{"try the import again.", "no blocking reads on the main thread"}, 1) {
		t.Error("a request to retry is read as a repeat")
	}
}

// TestSaidAgainManyTimes: a mistake corrected in four or five sessions,
// in other words each time, is still one correction from all of them; its
// name is in every correction, which does not make it a common word.
func TestSaidAgainManyTimes(t *testing.T) {
	first := []string{"u:parse the config tree", "a:I wrote the tree walk so each node visits its children.",
		"u:no, recursion blows the tiny stack. walk the nodes with an explicit stack"}
	repeats := [][]string{
		{"u:now the include handling", "a:The include resolver calls itself for nested files.", "u:again, no recursive calls in the parser"},
		{"u:now the macro expander", "a:The expander calls itself for each nested macro.", "u:recursive expansion again. no recursive calls, use a work list"},
		{"u:now the schema checker", "a:The checker descends into each child by calling itself.", "u:I told you before, no recursive calls in this codebase"},
		{"u:now the pretty printer", "a:The printer calls itself for each subtree.", "u:no, recursive calls again. walk the subtrees with a queue"},
	}
	for n := 2; n <= 4; n++ {
		sessions := append([][]string{first}, repeats[:n]...)
		got := candidatesOf(sessions...)
		if len(got) != 1 || len(sessionsOf(got[0])) != n+1 {
			t.Errorf("%d sessions: got %+v; want one correction from all of them", n+1, got)
		}
	}
}

// TestNoExceptionsWithAReason: "no exceptions" opening a sentence that goes
// on with a reason marks the rule before it to last and adds no line of
// its own; a sentence that rules exceptions out (the language feature)
// stays its own.
func TestNoExceptionsWithAReason(t *testing.T) {
	got := rememberPrevious([]string{"every kiln firing gets a logbook entry", "No exceptions, we cracked a whole shelf once"})
	if len(got) != 1 {
		t.Fatalf("got %q; want one sentence", got)
	}
	st, _ := classify(got[0], false, source{})
	if st == nil || !st.lasting || st.line != "Every kiln firing gets a logbook entry, no exceptions." {
		t.Errorf("got %+v; want the rule marked to last, without the reason", st)
	}
	if got := rememberPrevious([]string{"every formula cell yields an error value on bad input", "no exceptions, we treat exceptions as crashes in the sandbox"}); len(got) != 2 {
		t.Errorf("exceptions ruled out: %q; want two sentences", got)
	}
}

// TestLikeISaidTrailer: "like I said" closing a correction is the person
// repeating it, no part of the line.
func TestLikeISaidTrailer(t *testing.T) {
	st, _ := classify("label each glaze bucket with its batch date, like I said", false, source{})
	if st == nil || !st.correction || st.line != "Label each glaze bucket with its batch date." {
		t.Errorf("got %+v; want the correction without the trailer", st)
	}
}

// TestPreferOverRulesOut: a line preferring one tool over another rules
// the other out, so a later line ruling it out again agrees with it and
// does not replace it.
func TestPreferOverRulesOut(t *testing.T) {
	if supersedes("we use rclone not rsync", "Prefer rclone over rsync for the nightly backups.") {
		t.Error("a restatement supersedes the line it agrees with")
	}
	if !supersedes("we use rclone not rsync", "Backups run with rsync over ssh.") {
		t.Error("a line relying on the ruled-out tool is not superseded")
	}
}

// TestChangeToldBare: a change told with nothing after its verb but a word
// for everything is news without a value, no memory; told with what it
// changed to, it stands.
func TestChangeToldBare(t *testing.T) {
	for _, s := range []string{
		"I sat with the print server for a bit and upgraded everything, then coffee",
		"the label printer finally got upgraded, can you look at the queue",
	} {
		if st, _ := classify(s, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q; want nothing", s, st.line)
		}
	}
	if st, _ := classify("we upgraded the broker to rabbitmq 3.13 last week", false, source{}); st == nil || !strings.Contains(st.line, "3.13") {
		t.Errorf("a change with its value: got %+v; want it kept", st)
	}
}

// TestOwnNamesNothing: "own" ("our own", "the site's own") says whose a
// thing is, not which: two lines sharing it and two more words are not
// one fact.
func TestOwnNamesNothing(t *testing.T) {
	a := "Leave the vendor tree alone, patches for the app belong in our own patches folder."
	b := "The app keeps its own vendor mirror."
	if sameFact(a, b) {
		t.Errorf("sameFact(%q, %q) = true; want false", a, b)
	}
}

// TestAssentTag: ", ok?" after a rule asks for assent, not for an answer:
// the rule stands; a real question with the tag is still a question.
func TestAssentTag(t *testing.T) {
	if st, _ := classify("we never vendor the protobuf runtime, it comes from go.mod, got it?", false, source{}); st == nil || strings.Contains(st.line, "?") {
		t.Errorf("rule with an assent tag: got %+v; want the rule without the tag", st)
	}
	if st, _ := classify("is the staging cache always warm, ok?", false, source{}); st != nil {
		t.Errorf("question with a tag: got %q; want nothing", st.line)
	}
}

// TestKiddingOpensCorrection: "are you kidding me." on its own rebukes
// what the agent did, so the plain statement after it is a correction.
func TestKiddingOpensCorrection(t *testing.T) {
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		opener string
		want   bool
	}{
		{"Are you kidding me.", true},
		{"Thanks.", false},
	} {
		m := mineSession(0, convo("s", start, "a:I read the flags from a global dict.", "u:"+tc.opener+" every flag is read through the config loader."), nil)
		got := len(m.stmts) == 1 && m.stmts[0].correction
		if got != tc.want {
			t.Errorf("after %q: statements %+v; want a correction %v", tc.opener, m.stmts, tc.want)
		}
	}
}

// TestTicketOnlyIsOneOff: a request scoped to one named ticket ("for card
// KB-77 only") is a one-off, as "for this ticket only" is.
func TestTicketOnlyIsOneOff(t *testing.T) {
	if st, _ := classify("for card KB-77 only: never resize the thumbnails, keep originals", true, source{}); st != nil {
		t.Errorf("got %q; want nothing", st.line)
	}
	if st, _ := classify("never resize the thumbnails, keep originals", true, source{}); st == nil {
		t.Error("the rule alone is dropped")
	}
}

// TestCommonTermsCutsAtARune: the root of a term is cut at a letter, so
// two words that differ in a multi-byte letter at the cut are not one.
func TestCommonTermsCutsAtARune(t *testing.T) {
	var said []source
	for i := range 5 {
		said = append(said, source{session: 0, seq: i, quote: "the kaffeeжar tray is full"})
	}
	common := commonTerms(said, nil)
	if common("kaffeeöl") {
		t.Error("a word differing at the cut letter counts toward the term")
	}
	if !common("kaffeeжar") {
		t.Error("a word in five sentences is not common")
	}
}

// TestRepeatWordings: a person saying they said it before is read in the
// forms people use, the present tense included, and not in a plan.
func TestRepeatWordings(t *testing.T) {
	wantEach(t, "repeatRe", repeatRe().MatchString, map[string]bool{
		"i tell you before, the kiln log stays read-only": true,
		"i say already, glaze batches get a label":        true,
		"i tell it before, no wet pots on the top shelf":  true,
		"i said before that the kiln cools overnight":     true,
		"i say we label the glaze batches":                false,
		"tell me before you fire the kiln":                false,
	})
}

// TestQuotedLead: words of the agent's report quoted inline at the start
// of a reply, then the reply, make the reply a correction without the
// quote; other quotes lead only before a dash, and a name in quotes is no
// lead at all.
func TestQuotedLead(t *testing.T) {
	report := "I'll water zone 3 every hour from the scheduler so the seedlings stay wet."
	for _, c := range []struct {
		text, rest string
		agents, ok bool
	}{
		{`"water zone 3 every hour" — no. the valves only open on the soil probe reading.`, "no. the valves only open on the soil probe reading.", true, true},
		{`> “from the scheduler so the seedlings stay wet”: never, the probe decides`, "never, the probe decides", true, true},
		{`"drip lines flush weekly" — greenhouse handbook, page 4`, "greenhouse handbook, page 4", false, true},
		{`"drip lines flush weekly" is what the handbook says`, "", false, false},
		{`"zone 3" is the tomatoes`, "", false, false},
		{`"water zone 3 every hour"`, "", false, false},
		// Agreeing by quoting the agent disputes nothing.
		{`"every hour from the scheduler" — yes. the probe only backs it up.`, "yes. the probe only backs it up.", false, true},
		{`"every hour from the scheduler": yep, keep that schedule.`, "", false, false},
		// A name the reply points back at is its subject.
		{`"zone 3" — flush it by hand after each harvest.`, "", false, false},
		{`"soilctl" — run them through it, never by hand.`, "", false, false},
	} {
		rest, agents, ok := quotedLead(c.text, report)
		if rest != c.rest || agents != c.agents || ok != c.ok {
			t.Errorf("quotedLead(%q) = %q, %v, %v; want %q, %v, %v", c.text, rest, agents, ok, c.rest, c.agents, c.ok)
		}
	}
	// One word of the agent's code is quote enough; one plain word is
	// not.
	report = "I declared `class SeedTray < BaseTray` in the planner module."
	for _, c := range []struct {
		text, rest string
		agents, ok bool
	}{
		{`"< BaseTray" — trays inherit from Garden::Tray here.`, "trays inherit from Garden::Tray here.", true, true},
		{`"planner": that module is frozen.`, "", false, false},
	} {
		rest, agents, ok := quotedLead(c.text, report)
		if rest != c.rest || agents != c.agents || ok != c.ok {
			t.Errorf("quotedLead(%q) = %q, %v, %v; want %q, %v, %v", c.text, rest, agents, ok, c.rest, c.agents, c.ok)
		}
	}
}

// TestCorrectionQuotingTheAgent: a person who answers the agent by
// quoting its words back ("\"…\" — no. …") corrects it, and the same
// correction said that way in two sessions, once in other words and once
// by the name of what to use "like I said", is one candidate from both.
func TestCorrectionQuotingTheAgent(t *testing.T) {
	got := candidatesOf(
		[]string{"u:the photo upload", "a:I'll save the uploaded photos in the assets folder of the repo so the build bundles them.",
			`u:"in the assets folder of the repo" — wrong. user uploads never go into the repo; they belong in the object store.`},
		[]string{"u:now the avatars", "a:I put the avatars in the assets folder as well.",
			`u:"in the assets folder" — that's the same thing as yesterday; uploads go to the object store, never the repo.`},
	)
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 || strings.Contains(got[0].line, "assets folder") || strings.Contains(got[0].line, "…") {
		t.Fatalf("got %+v; want one correction from both sessions, without the agent's quoted words", got)
	}
	named := candidatesOf(
		[]string{"u:the docs index", "a:I'll collect the page titles in a Python dict and write the index from it.",
			`u:"in a Python dict" — no, every index goes through the SQLite table, the search page reads it.`},
		[]string{"u:and the tags", "a:The tags go into a dict too.",
			`u:"into a dict" — I already said SQLite; one row per tag.`},
	)
	if len(named) != 1 || len(sessionsOf(named[0])) != 2 {
		t.Fatalf("repeated by name: %+v; want one candidate from both sessions", named)
	}
	// A suggestion put off is no rule, however it is quoted.
	off := []string{"u:done?", "a:Done. We could also rewrite the tokenizer in Rust for speed.",
		`u:"rewrite the tokenizer in Rust": not yet.`}
	if got := candidatesOf(off, off); len(got) != 0 {
		t.Fatalf("put off: %+v; want nothing", got)
	}
	// Quoting the agent to agree with it corrects nothing.
	agree := candidatesOf([]string{"u:next?", "a:Should I keep the API field names in snake_case like the rest of the schema?",
		`u:"field names in snake_case": yes. api fields are always snake_case in this service.`})
	if len(agree) != 1 || agree[0].kind != KindInstruction {
		t.Fatalf("agreeing by quoting: %+v; want one instruction", agree)
	}
	// A quoted name the reply points back at stays its subject.
	name := candidatesOf([]string{"u:lint?", "a:I can format with black or with ruff format directly.",
		`u:"ruff format" — run it before every push, always.`})
	if len(name) != 1 || !strings.Contains(name[0].line, "ruff format") {
		t.Fatalf("quoted name: %+v; want one candidate naming it", name)
	}
}

// TestElidedQuoteLead: a quotation inside a message, elided, then the
// reply to it ("and "…": same as last time, …"): the reply is read
// without the elision, and "and" still turns to another matter.
func TestElidedQuoteLead(t *testing.T) {
	msgs := convo("s", time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC),
		"a:I moved the seed trays to the window sill and sprayed the mildew with a copper fungicide.",
		`u:"moved the seed trays to the window sill" — no, the trays never leave the heated bench. and "sprayed the mildew with a copper fungicide": same as the neem oil, ask before any new spray goes on the seedlings.`)
	got := mineSession(0, msgs, nil).stmts
	if len(got) != 2 {
		t.Fatalf("got %+v; want two rules", got)
	}
	for _, st := range got {
		if strings.Contains(st.line, "…") {
			t.Errorf("%q keeps the elided quote", st.line)
		}
	}
}

// TestMistakeBackTellsWhatTheAgentDid: a session that opens with the
// mistake come back ("… again.") and then only says what to do has no
// report before it; the sentence stands for one, so the reply joins the
// earlier session's correction of the same mistake. The place alone
// ("the export handler") is no mistake: a sentence sharing only it with
// the earlier rule ties nothing.
func TestMistakeBackTellsWhatTheAgentDid(t *testing.T) {
	first := []string{"u:add a nightly cleanup of stale uploads",
		"a:I added a cron handler that loops over the uploads and calls `os.Remove` on each expired file inline.",
		"u:don't delete files inline in the handler, it blocks the request pool. queue a purge job"}
	got := candidatesOf(first, []string{"u:the export handler deletes files inline again. use the purge queue"})
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
	for _, c := range candidatesOf(first, []string{"u:the export handler is slow again. have a look when you can"}) {
		if len(sessionsOf(c)) == 2 {
			t.Fatalf("got %q from both sessions; the place alone ties nothing", c.line)
		}
	}
	// nor does a place of two words the rule names whole: what went
	// wrong ("slow") is no act the rule rules out
	first[2] = "u:don't delete files inline in the export handler, it blocks the request pool. queue a purge job"
	for _, c := range candidatesOf(first, []string{"u:the export handler is slow again. have a look when you can"}) {
		if len(sessionsOf(c)) == 2 {
			t.Fatalf("got %q from both sessions; a two-word place alone ties nothing", c.line)
		}
	}
}

// TestCorrectionJoinsClosestGroup: a later correction that fits two
// sentences of one earlier reply (both answer the same report) joins the
// one it shares its terms with, so the rule it repeats is one candidate
// with both sessions' evidence, not two.
func TestCorrectionJoinsClosestGroup(t *testing.T) {
	got := candidatesOf(
		[]string{"u:add the settings screen",
			"a:Done. The settings screen reads the auth token straight from AsyncStorage. I'd also suggest Detox end-to-end tests for it.",
			"u:no detox. and the auth token lives in src/secure/ only, never read asyncstorage from a screen"},
		[]string{"u:the profile screen",
			"a:Done. The profile screen loads the auth token from AsyncStorage in its effect.",
			"u:wrong. screens never read asyncstorage for the auth token, put the lookup in src/secure/session.ts and call that"},
	)
	var tokens []candidate
	for _, c := range got {
		if strings.Contains(strings.ToLower(c.line), "asyncstorage") {
			tokens = append(tokens, c)
		}
	}
	if len(tokens) != 1 || len(sessionsOf(tokens[0])) != 2 {
		t.Fatalf("got %+v; want one token rule from both sessions", got)
	}
}

// TestQuoteInAMessageOfItsOwn: a message that only quotes the agent is
// answered by the person's next message, as a reply under the quote would
// be; a quote from memory may bend a word of the agent's ("refreshes" for
// "refresh").
func TestQuoteInAMessageOfItsOwn(t *testing.T) {
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	m := mineSession(0, convo("s", start,
		"a:I keep the session key in localStorage so the widget can read it.",
		"u:> I keep the session key in localStorage",
		"u:that is readable by any script on the page. session keys live in the httpOnly cookie and nowhere else"), nil)
	if len(m.stmts) != 1 || !m.stmts[0].correction || len(m.stmts[0].did) == 0 || !strings.Contains(m.stmts[0].line, "httpOnly cookie") {
		t.Fatalf("got %+v; want the reply as a correction of what the agent reported", m.stmts)
	}
	rest, agents, ok := quotedLead(`"refreshes it when it expires" -- tokens are renewed by the auth client, never by hand`,
		"I store the token in a module variable and refresh it when it expires.")
	if !ok || !agents || !strings.HasPrefix(rest, "tokens are renewed") {
		t.Fatalf("quotedLead = %q, %v, %v; want the agent's words quoted, the reply after them", rest, agents, ok)
	}
}

// TestRuleOutAfterFillersAndWait: "no X" rules X out after fillers too
// ("and pls no …"), and "wait, don't …" is the rule without the "wait";
// "wait for …" is no such lead.
func TestRuleOutAfterFillersAndWait(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"and pls no inline styles anywhere in the mailer templates", "No inline styles anywhere in the mailer templates."},
		{"wait dont reseed the staging database!!", "Dont reseed the staging database."},
		{"hold on, never rotate the keys on a Friday", "Never rotate the keys on a Friday."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want %q", c.in, st, c.want)
		}
	}
	if st, _ := classify("and pls no inline styles anywhere in the mailer templates", false, source{}); st == nil || !st.correction {
		t.Errorf("got %+v; want ruling out to correct", st)
	}
	if st, _ := classify("wait for the nightly export before you rotate the keys, always", false, source{}); st == nil || !strings.HasPrefix(st.line, "Wait for the nightly export") {
		t.Errorf("got %+v; want the 'wait for' rule kept whole", st)
	}
}

// TestFoundAgainOpensCorrection: "there was a … again" reports the mistake
// found once more, so what the person says after it is a correction that
// joins the earlier one.
func TestFoundAgainOpensCorrection(t *testing.T) {
	got := candidatesOf(
		[]string{"u:show me the queue depth", "a:I printed the queue depth with fmt.Println so it shows in the terminal.",
			"u:The team's rule is no fmt.Println in services, please use the slog logger with the request context."},
		[]string{"u:Note from review: there was a bare print again in the scheduler. Please, logging only through the slog logger."},
	)
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
}

// TestNoAfterAcknowledgementReports: after "ok", "good" or "right" a "no
// X" reports what the person sees, it rules nothing out; after a
// connective ("also pls no …") it still does.
func TestNoAfterAcknowledgementReports(t *testing.T) {
	for _, in := range []string{"good, no flicker on the canvas now", "ok no difference in the render time after the cache change", "right, no change in the tile count"} {
		if st, _ := classify(in, false, source{}); st != nil && st.correction {
			t.Errorf("classify(%q) = %q; want no correction", in, st.line)
		}
	}
	if st, _ := classify("also pls no global mutable state in the tile loader", false, source{}); st == nil || !st.correction {
		t.Errorf("got %+v; want the ruling-out after a connective to correct", st)
	}
}

// TestCorrectionSaidAcrossTwoSentences: a rule said once and said again in
// another session over two sentences of one message, the thing named in
// one and the rule in the next, recurs; two sentences of two messages, a
// message that names the things without ruling anything, or one that
// shares no name with the rule do not.
func TestCorrectionSaidAcrossTwoSentences(t *testing.T) {
	rule := []string{"u:tidy the nav", "a:Done, I also fixed the footer.", "u:- don't touch anything in `public/`; it's generated, change the templates and rerun the build"}
	logRule := []string{"u:the payout job", "a:I print progress with fmt.Println.", "u:no fmt.Println in services, we log through `zerolog` with the request id"}
	for _, c := range []struct {
		name  string
		first []string
		again []string
		want  bool
	}{
		{"generated folder", rule, []string{"u:I found another hand-patched page under public/. The generated HTML is never edited by hand, fix the template."}, true},
		{"logger", logRule, []string{"u:there are fmt.Println calls in the refund worker. zerolog only, please, never stdout."}, true},
		{"two messages", rule, []string{"u:I found another hand-patched page under public/.", "a:Fixed.", "u:The generated HTML is never edited by hand."}, false},
		{"no rule", rule, []string{"u:I opened the page under public/ to look. The generated HTML looks fine to me."}, false},
		{"no name", logRule, []string{"u:the progress output is noisy. Services should log less."}, false},
	} {
		got := candidatesOf(c.first, append([]string{"u:next thing", "a:Done."}, c.again...))
		found := false
		for _, g := range got {
			found = found || len(sessionsOf(g)) == 2
		}
		if found != c.want {
			t.Errorf("%s: got %+v; want recurring %v", c.name, got, c.want)
		}
	}
}

// TestCorrectionRuledOutAgain: a correction said once after the agent's
// report, and in another session a passing clause that asks for the same
// thing and rules out by name what the agent did the first time, recurs;
// a clause that rules nothing out, or rules out something else, does not.
func TestCorrectionRuledOutAgain(t *testing.T) {
	first := []string{"u:set up the backup job", "a:I scheduled it with a cron entry in /etc/crontab.", "u:no, systemd timers like the other jobs"}
	thumbs := []string{"u:add the thumbnails", "a:I resized them with PIL in the request handler.", "u:no, pyvips in the worker like the other images"}
	selfhost := []string{"u:add jellyfin behind caddy pls", "a:I added `tls internal` to the site block so Caddy issues a local certificate.", "u:no!! dns challenge w cloudflare like the others"}
	for _, c := range []struct {
		name  string
		first []string
		again string
		want  bool
	}{
		{"timer", first, "the log rotation needs one too. systemd timer, not cron", true},
		{"certificates", selfhost, "immich too on caddy_net. certs via cloudflare dns not internal", true},
		{"thumbnails", thumbs, "avatars too, resized by the worker with pyvips and not with PIL in the request", true},
		{"nothing ruled out", selfhost, "immich too on caddy_net. certs via cloudflare dns", false},
		{"something else ruled out", selfhost, "immich too on caddy_net. certs via cloudflare dns not http", false},
	} {
		got := candidatesOf(c.first, []string{"u:next thing", "a:Done.", "u:" + c.again})
		found := false
		for _, g := range got {
			found = found || g.kind == KindCorrection && len(sessionsOf(g)) == 2
		}
		if found != c.want {
			t.Errorf("%s: got %+v; want a recurring correction %v", c.name, got, c.want)
		}
	}
}
