package offline

import (
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// TestCorrectedThingTies: two corrections in different sessions, worded
// with no name in common between them, are one when the agent did the same
// thing before each (its reports share a name) and the person asked for
// the same thing each time (the replies share a word the reports lack).
func TestCorrectedThingTies(t *testing.T) {
	got := candidatesOf(
		[]string{"u:the signup form needs a date field",
			"a:I wired the picker with moment and formatted the value with moment().format().",
			"u:no, use date-fns for the formatting, the bundle is big enough already"},
		[]string{"u:the audit log screen next",
			"a:The timestamps in the table are built with moment so they match the form.",
			"u:again, date-fns helpers only please"},
	)
	if len(got) != 1 || got[0].kind != KindCorrection || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
}

// TestCorrectedSameFileApart: the agent touched one file both times, but
// the person corrected two different things about it: no merge, and so no
// memory from either alone.
func TestCorrectedSameFileApart(t *testing.T) {
	got := candidatesOf(
		[]string{"u:add the admin page",
			"a:I edited config/routes.rb to add the admin route at the top level.",
			"u:no, admin routes belong under the admin namespace"},
		[]string{"u:tidy the routing",
			"a:I reformatted config/routes.rb and sorted every block.",
			"u:don't reorder config/routes.rb, the diff has to stay small"},
	)
	if len(got) != 0 {
		t.Fatalf("got %+v; want nothing: two corrections about one file", got)
	}
}

// TestSameCorrectedNeedsBoth: the tie needs the agent's reports to share a
// name and the replies to share a word beyond it; one session is never
// tied to itself.
func TestSameCorrectedNeedsBoth(t *testing.T) {
	a := stmt{line: "Use httpOnly cookies for the session token.", correction: true,
		did: agentDid("I saved the session token to localStorage."), src: source{session: 0}}
	b := stmt{line: "Cookies, httpOnly, like I asked.", correction: true,
		did: agentDid("The refresh flow writes to localStorage now."), src: source{session: 1}}
	if !sameCorrected(a, b) {
		t.Fatalf("same reports' name, same wish: want tied")
	}
	c := b
	c.did = agentDid("The refresh flow keeps the value in memory only.")
	if sameCorrected(a, c) {
		t.Fatalf("the agent did another thing: want apart")
	}
	d := b
	d.line = "Name the store module after the feature."
	if sameCorrected(a, d) {
		t.Fatalf("replies ask for different things: want apart")
	}
	e := b
	e.src.session = 0
	if sameCorrected(a, e) {
		t.Fatalf("one session: want apart")
	}
	f := b
	f.correction = false
	if sameCorrected(a, f) {
		t.Fatalf("not a correction: want apart")
	}
}

// TestAnswersReportPlainWord: a reply that rules out what the agent just
// did, named as a plain lower-case word, answers the report; a word of
// the agent's narration ("ran") shared with the reply does not.
func TestAnswersReportPlainWord(t *testing.T) {
	if !answersReport("don't run black by hand, the hook does it", "I ran black over the package.") {
		t.Fatalf("names the tool the agent ran: want an answer")
	}
	if answersReport("no, I ran it myself yesterday", "I ran the migration on staging.") {
		t.Fatalf("shares only narration: want no answer")
	}
}

// TestAgainAloneRepeats: "again." as a sentence of its own says the one
// before was said before.
func TestAgainAloneRepeats(t *testing.T) {
	got := rememberPrevious([]string{"lint with ruff, not flake8.", "Again!"})
	if len(got) != 1 || got[0] != "lint with ruff, not flake8, I said that before" {
		t.Fatalf("got %q", got)
	}
	if got := rememberPrevious([]string{"Again?"}); len(got) != 1 {
		t.Fatalf("alone: got %q", got)
	}
}

// TestAndTurnsToAnotherMatter: in a correction, a sentence that opens with
// "and", or a rule for every project, adds another matter instead of
// continuing the correction.
func TestAndTurnsToAnotherMatter(t *testing.T) {
	sts := []stmt{{line: "Tabs only.", correction: true, src: source{quote: "tabs only."}},
		{line: "The changelog entries should be dated.", src: source{quote: "And the changelog entries should be dated."}}}
	if got := joinCorrection(sts); len(got) != 2 {
		t.Fatalf("got %+v; want two statements", got)
	}
	sts[1].src.quote = "the changelog entries should be dated."
	if got := joinCorrection(sts); len(got) != 1 {
		t.Fatalf("got %+v; want one joined correction", got)
	}
	// a rule for every project after one of this project is another
	// matter too
	sts[1].global = true
	if got := joinCorrection(sts); len(got) != 2 || got[0].global || !got[1].global {
		t.Fatalf("got %+v; want the project's correction and the global rule apart", got)
	}
}

// TestBareNameAfterRuleOut: after a sentence that rules something out, a
// sentence that is only a name written as code is what to use instead; a
// plain word ("Seriously.") is not, nor a name after a rule that rules
// nothing out.
func TestBareNameAfterRuleOut(t *testing.T) {
	for _, c := range []struct {
		rule, sent string
		want       bool
	}{
		{"Don't shell out to curl in the client", "http-kit.", true},
		{"Never read the env directly", "@Config please", true},
		{"No raw SQL strings", "query_builder.", true},
		{"Don't shell out to curl in the client", "Seriously.", false},
		{"Don't shell out to curl in the client", "use http-kit for requests, it pools.", false},
		{"Wire the client through the pool", "http-kit.", false},
	} {
		if got := insteadOf(c.rule, c.sent); got != c.want {
			t.Errorf("insteadOf(%q, %q) = %v, want %v", c.rule, c.sent, got, c.want)
		}
	}
}

// TestSameRuledOut: a terse correction ("not globals.") is one with a
// statement of another session that rules out all it rules out, and more;
// two rules about one file that rule out different acts on it are apart.
func TestSameRuledOut(t *testing.T) {
	terse := stmt{line: "Not globals.", correction: true, src: source{session: 2}}
	long := stmt{line: "Don't keep state in globals, pass a context struct.", src: source{session: 0}}
	if !sameRuledOut(terse, long) {
		t.Fatalf("terse and long rule out globals: want one")
	}
	if sameRuledOut(stmt{line: "Not globals.", src: source{session: 2}}, long) {
		t.Fatalf("neither a correction: want apart")
	}
	edit := stmt{line: "Never edit schema.graphql by hand.", correction: true, src: source{session: 0}}
	commit := stmt{line: "Never commit schema.graphql.", correction: true, src: source{session: 1}}
	if sameRuledOut(edit, commit) {
		t.Fatalf("editing and committing one file are different mistakes")
	}
	same := terse
	same.src.session = 0
	if sameRuledOut(same, long) {
		t.Fatalf("one session: want apart")
	}
}

// TestRuledOutWhatTheAgentDid: one reply rules out by name what the agent
// did both times; the other says only what to use. One correction, unless
// the name is a file the agent touched both times.
func TestRuledOutWhatTheAgentDid(t *testing.T) {
	a := stmt{line: "No lodash, the platform has these now.", correction: true,
		did: agentDid("I pulled in lodash for the deep clone."), src: source{session: 0}}
	b := stmt{line: "Native structuredClone only.", correction: true,
		did: agentDid("The merge helper uses lodash's merge."), src: source{session: 3}}
	if !sameCorrected(a, b) {
		t.Fatalf("lodash used twice, ruled out once: want one correction")
	}
	fa := stmt{line: "Don't touch package.json, ask first.", correction: true,
		did: agentDid("I bumped the parser in package.json."), src: source{session: 0}}
	fb := stmt{line: "Scripts are named verb:noun.", correction: true,
		did: agentDid("I added a build script to package.json."), src: source{session: 3}}
	if sameCorrected(fa, fb) {
		t.Fatalf("one file touched twice, two different corrections: want apart")
	}
}

// TestCorrectionWordedByItsSubject: of the replies of one correction, the
// line is one that names what the agent did, not the longest.
func TestCorrectionWordedByItsSubject(t *testing.T) {
	did := agentDid("I called os.Exit(1) from the handler.")
	ms := []stmt{
		{line: "No os.Exit outside main.", correction: true, did: did},
		{line: "Library code returns errors and lets the caller decide what happens next.", correction: true},
		{line: "Again os.Exit in a library, return the error.", correction: true, did: did},
	}
	if got := representative(ms); got != ms[0].line && got != ms[2].line {
		t.Fatalf("got %q; want a line naming os.Exit", got)
	}
}

// TestCorrectionWordedByWhatItRulesOut: when both replies name what the
// agent did, the one that rules it out words the line, not a later one
// that only says where to put things instead (which loses the mistake).
func TestCorrectionWordedByWhatItRulesOut(t *testing.T) {
	ms := []stmt{
		{line: "No singletons. Pass the mailer into the job as a parameter.", correction: true,
			did: agentDid("I made the mailer a singleton so the job and the worker can share it.")},
		{line: "Hand the mailer to the job through its constructor if both need it.", correction: true,
			did: agentDid("I kept the mailer in a singleton so both the job and the scheduler can reach it.")},
	}
	if got := representative(ms); got != ms[0].line {
		t.Fatalf("got %q; want %q", got, ms[0].line)
	}
}

// TestCorrectionWordedWhenOnlyQuestionsName: when every reply naming what
// the agent did is a question, the line is still one of the others, never
// empty.
func TestCorrectionWordedWhenOnlyQuestionsName(t *testing.T) {
	did := agentDid("I wrapped the fetch call in a bare retry loop.")
	ms := []stmt{
		{line: "Why a bare retry loop around fetch?", correction: true, did: did},
		{line: "Network calls go through the shared backoff client.", correction: true},
		{line: "A retry loop around fetch again?", correction: true, did: did},
	}
	if got := representative(ms); got != ms[1].line {
		t.Fatalf("got %q; want %q", got, ms[1].line)
	}
}

// TestAgainBeforeADash: a clause saying the mistake came back, before a
// dash or a colon, marks what follows as a correction; "try again:" is a
// retry, not a correction.
func TestAgainBeforeADash(t *testing.T) {
	st, _ := classify("Same slip again — no float math on prices in the cart code.", false, source{})
	if st == nil || !st.correction || strings.Contains(st.line, "again") {
		t.Fatalf("got %+v; want the rule after the dash, as a correction", st)
	}
	if st, _ := classify("Try again: run the import with the small file.", false, source{}); st != nil && st.correction {
		t.Fatalf("a retry taken as a correction: %+v", st)
	}
	// "same mistake as yesterday" says the mistake came back, as
	// "again" does.
	st, _ = classify("same mistake as yesterday: no raw eggs in the cold glaze.", false, source{})
	if st == nil || !st.correction || st.line != "No raw eggs in the cold glaze." {
		t.Fatalf("got %+v; want the rule after the colon, as a correction", st)
	}
	if !repeatMarked([]string{"It's the same problem as last time.", "Keep raw eggs out of the glaze."}, 1) {
		t.Fatal("the sentence after 'same problem as last time' not marked as a repeat")
	}
	// "same error as before" reports a failure that came back: what
	// follows is its symptom, no rule.
	if st, _ := classify("same bug as yesterday: the exporter drops the header row.", false, source{}); st != nil && st.correction {
		t.Fatalf("a symptom taken as a correction: %+v", st)
	}
	failed := func(fix, when string) []string {
		return []string{"u:fix the sync", "a:I " + fix + " in the sync job; it should be green now.",
			"u:same error as " + when + ": the sync job stalls after the first page."}
	}
	if got := candidatesOf(failed("bumped the retry limit", "before"), failed("raised the page size", "yesterday")); len(got) != 0 {
		t.Fatalf("a failure reported twice: %+v; want nothing", got)
	}
}

// TestWeSaidRepeats: "we said this" marks a correction said before, as "I
// said" does.
func TestWeSaidRepeats(t *testing.T) {
	got := rememberPrevious([]string{"pino for logs.", "we said this"})
	if len(got) != 1 || !strings.HasSuffix(got[0], "I said that before") {
		t.Fatalf("got %q", got)
	}
}

// TestNoEndsASentence: "no." ends a sentence unless a number follows it
// ("No. 7").
func TestNoEndsASentence(t *testing.T) {
	if got := splitSentences("the job still polls the api, no. webhooks only"); len(got) != 2 {
		t.Fatalf("got %q; want two sentences", got)
	}
	if got := splitSentences("see ticket no. 7 for the details"); len(got) != 1 {
		t.Fatalf("got %q; want one sentence", got)
	}
}

// TestRuledOutStopsAtTheAlternative: what a negation rules out ends where
// what to use begins.
func TestRuledOutStopsAtTheAlternative(t *testing.T) {
	got := ruledTerms("no hand-written mocks use the generated fakes")
	for _, w := range got {
		if w == "fake" || w == "generat" {
			t.Fatalf("got %q; the alternative is not ruled out", got)
		}
	}
	if len(got) == 0 {
		t.Fatalf("got nothing ruled out")
	}
}

// TestTerseNamesTheAlternative: "snapshots only" after a correction that
// named snapshots as what to use is the same correction; after one that
// ruled snapshots out it is not.
func TestTerseNamesTheAlternative(t *testing.T) {
	terse := stmt{line: "Snapshots only.", correction: true, src: source{session: 3}}
	long := stmt{line: "No assertions on raw html use the stored snapshots.", correction: true, src: source{session: 1}}
	if !sameTerse(terse, long) {
		t.Fatalf("want one correction")
	}
	against := stmt{line: "Never snapshots for this widget, assert on the text.", correction: true, src: source{session: 1}}
	if sameTerse(terse, against) {
		t.Fatalf("the other rules snapshots out: want apart")
	}
	plain := terse
	plain.correction = false
	if sameTerse(plain, long) {
		t.Fatalf("not a correction: want apart")
	}
}

// TestYouDidThenTheRule: "your X are …, — rule" and "you wrote … — rule"
// tell what the agent did, then the rule it broke: a correction, worded
// by the rule.
func TestYouDidThenTheRule(t *testing.T) {
	st, _ := classify("Your tables are named OrderTbl, ItemTbl — table names must be plural snake_case, like order_items.", false, source{})
	if st == nil || !st.correction || strings.Contains(st.line, "ItemTbl") {
		t.Fatalf("got %+v; want the rule after the dash, as a correction", st)
	}
	if st, _ := classify("You wrote a nice summary — thanks.", false, source{}); st != nil {
		t.Fatalf("praise taken as a rule: %+v", st)
	}
	// "need" ends in -ed but tells nothing the agent did.
	if st, _ := classify("you need to hear this — we never merge on release day.", false, source{}); st != nil && st.correction {
		t.Fatalf("a need taken as what the agent did: %+v", st)
	}
}

// TestTagNeedsCommaOrQuestion: a closing "right" or "correct" asks for
// confirmation only after a comma or before a question mark.
func TestTagNeedsCommaOrQuestion(t *testing.T) {
	for s, want := range map[string]bool{
		"we deploy with helm, right":                                    true,
		"we deploy with helm right?":                                    true,
		"keep state out of package vars, we thread it through correct.": false,
		"keep the left panel, not the one on the right":                 false,
	} {
		if got := tagQuestionRe().MatchString(s); got != want {
			t.Errorf("tagQuestionRe(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestRuledThenDone: a correction that ruled out a name in one session is
// one with the correction of another session whose report (or the
// person's telling of it) shows the agent did that very thing.
func TestRuledThenDone(t *testing.T) {
	got := candidatesOf(
		[]string{"u:the export button", "a:Added the button.", "u:no innerHTML in the views, build nodes with the helpers"},
		[]string{"u:the import dialog", "a:Done, the dialog is in place.",
			"u:the modal builds its markup from a string with innerHTML once more, I said so before. createElement and appendChild only."},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
	// A file the agent touched is no such tie.
	a := stmt{line: "No edits to build.gradle without asking.", correction: true, src: source{session: 0}}
	b := stmt{line: "Pin every plugin version.", correction: true, did: agentDid("I updated build.gradle with the new plugin."), src: source{session: 1}}
	if ruledThenDone(a, b) {
		t.Fatalf("a file touched twice tied two corrections")
	}
}

// TestCamelNameParts: a function's camel-case name is named by its words
// in plain speech, both in the agent's report a correction answers and in
// another session's wording of the rule; a type's name is its own.
func TestCamelNameParts(t *testing.T) {
	if got := camelWords("I wrote `loadUserPrefs()`, a PaymentsClient and an iOS target."); got != "load user prefs" {
		t.Errorf("camelWords = %q, want %q", got, "load user prefs")
	}
	if !answersReport("no no the locale always comes from the profile, never read it from the header",
		"I added a `readLocaleFromHeader()` helper for the settings page.") {
		t.Errorf("a reply naming the helper's words rules out what the agent did: want an answer")
	}
	a := stmt{line: "No no the locale always comes from the profile, never read it from the header.", correction: true, src: source{session: 0}}
	b := stmt{line: "Locale comes from getUserProfile not the cookie.", src: source{session: 2}}
	if !sameStmt(a, b) {
		t.Errorf("one rule, the profile named once in words and once by its getter: want tied")
	}
	c := stmt{line: "Locale comes from UserProfile not the cookie.", src: source{session: 2}}
	if sameStmt(a, c) {
		t.Errorf("a type's name is no word of the rule: want apart")
	}
}

// TestSameSwap: a name said in place of the same other name in two
// sessions, about the same thing, is one rule said again; the same pair
// said of two different things is two rules.
func TestSameSwap(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"The billing table is called accounts, not customers, it was renamed years ago because customers clashed with the CRM sync, so every lookup of who paid goes through accounts.",
			"The refund report links to accounts too by the way, same table as the invoices, accounts, not customers.", true},
		{"Log timestamps are UTC, not local.", "Cron schedules run in UTC, not local.", false},
		{"The billing table is called accounts, not customers.", "The billing table keeps cents, not floats.", false},
	}
	for _, tt := range tests {
		a := stmt{line: tt.a, src: source{session: 0}}
		b := stmt{line: tt.b, src: source{session: 1}}
		if got := sameSwap(a, b); got != tt.same {
			t.Errorf("sameSwap(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
		if got := sameStmt(a, b); got != tt.same {
			t.Errorf("sameStmt(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}

// TestVerdictOpensCorrection: a sentence that only judges what the agent
// did ("I am afraid that will not do.", "Let me stop you there, because
// …") opens a correction as a bare "no" does: the rule after it is a
// correction, and the verdict is no line of its own. The same words
// alone, or a verdict on something else, open nothing.
func TestVerdictOpensCorrection(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{"I am afraid that will not do. Every invoice PDF is archived under ledger/2026, never on the desktop.", "Every invoice PDF is archived under ledger/2026, never on the desktop."},
		{"Let me stop you there, because this trips up every new volunteer. Seedlings are watered from below, never over the leaves.", "Seedlings are watered from below, never over the leaves."},
		{"That's not how we do it here. Menus are printed from the shared template in menus/base.odt.", "Menus are printed from the shared template in menus/base.odt."},
		{"I am afraid that is not acceptable. Invoices are archived under ledger/2026; we never keep them on the desktop.", "Invoices are archived under ledger/2026; we never keep them on the desktop."},
		{"I must ask you to revise that. Every invoice PDF is archived under ledger/2026, as the auditors expect.", "Every invoice PDF is archived under ledger/2026, as the auditors expect."},
		{"That is simply unacceptable. Invoice PDFs belong in ledger/2026, never on the desktop.", "Invoice PDFs belong in ledger/2026, never on the desktop."},
	} {
		m := mineSession(0, convo("s", time.Now(), "u:archive the invoices", "a:I saved the invoice PDFs on the desktop.", "u:"+c.msg), nil)
		if len(m.stmts) != 1 || !m.stmts[0].correction || m.stmts[0].line != c.want {
			t.Errorf("%q: got %+v; want one correction %q", c.msg, m.stmts, c.want)
		}
	}
	for _, s := range []string{"I'm afraid the build will not do much today.", "Let me stop you there for lunch.", "We don't do the stocktake that way on Sundays.",
		"That is not acceptable to the auditors, who want paper copies.", "I must ask you to revise the menu for Sunday.", "It is not right to water seedlings at noon."} {
		if verdictRe().MatchString(s) {
			t.Errorf("verdictRe matched %q", s)
		}
	}
	m := mineSession(0, convo("s", time.Now(), "u:archive the invoices", "a:Done.", "u:I am afraid that will not do."), nil)
	if len(m.stmts) != 0 {
		t.Errorf("a verdict alone: %+v; want no line", m.stmts)
	}
}

// TestWhereItIsJoinsTheRule: after a polite prohibition, a sentence
// saying where the thing already lives, by a file's name, is why the rule
// holds and joins it; a reason naming no file stays out.
func TestWhereItIsJoinsTheRule(t *testing.T) {
	for _, c := range []struct{ rule, sent, want string }{
		{"Avoid importing ApiBadge on each page.", "It's registered globally in src/theme/MDXComponents.js, so the import isn't needed.", "it's registered globally in src/theme/MDXComponents.js"},
		{"Don't hard-code the tax rate.", "It is already defined in `config/rates.toml`.", "it's already defined in `config/rates.toml`"},
	} {
		if got, ok := whereItIs(c.rule, c.sent); !ok || !strings.EqualFold(got, c.want) {
			t.Errorf("whereItIs(%q, %q) = %q, %v; want %q", c.rule, c.sent, got, ok, c.want)
		}
	}
	for _, c := range [][2]string{
		{"Avoid importing ApiBadge on each page.", "It's registered globally, so the import isn't needed."},
		{"Put the badge in the header.", "It's defined in src/theme/MDXComponents.js."},
		{"Don't hard-code the tax rate.", "It changes every year."},
	} {
		if got, ok := whereItIs(c[0], c[1]); ok {
			t.Errorf("whereItIs(%q, %q) = %q; want nothing", c[0], c[1], got)
		}
	}
}

// TestEchoOpensCorrection: the agent's own words said back on their own
// ("Quickly. Sure.") dispute them; what follows is the correction. A
// short sentence of the person's own words, or a dry "Sure." alone, is
// no echo.
func TestEchoOpensCorrection(t *testing.T) {
	report := "I glazed the mugs with the clear glaze and fired them quickly at cone 10 to save time."
	m := mineSession(0, convo("s", time.Now(), "u:fire the mugs", "a:"+report,
		"u:Quickly. Sure. We fire stoneware slowly over twelve hours, never a fast ramp."), nil)
	if len(m.stmts) != 1 || !m.stmts[0].correction || !strings.Contains(m.stmts[0].line, "twelve hours") {
		t.Fatalf("got %+v; want one correction about the slow firing", m.stmts)
	}
	for _, c := range []struct {
		sent string
		want bool
	}{
		{"Quickly.", true},
		{"To save time.", true},
		{"Sure.", false},
		{"Lovely colours.", false},
		{"Why cone 10?", false},
	} {
		if got := echoesReport(c.sent, report); got != c.want {
			t.Errorf("echoesReport(%q) = %v; want %v", c.sent, got, c.want)
		}
	}
}

// TestCorrectionKeepsItsOwnMatter: a correction said in several sentences
// is one line, but a later sentence that rules out an alternative of its
// own and names nothing the correction names is another rule ("… Delphi
// mode is not used here. The amount field should be Currency, not
// Double."), and a request to repair what the agent just did ("kindly
// remove the exception you added") is the day's work, no part of the rule.
func TestCorrectionKeepsItsOwnMatter(t *testing.T) {
	for _, c := range []struct {
		sents []string
		want  []string
	}{
		{[]string{"Seedlings are never watered over the leaves.", "The labels should be pencil, not marker, as on every other tray."},
			[]string{"Seedlings are never watered over the leaves.", "The labels should be pencil, not marker, as on every other tray."}},
		{[]string{"Mutual TLS is STRICT across the mesh; we do not permit PERMISSIVE anywhere.", "Change the mode and remove any exception you may have added for the legacy clients."},
			[]string{"Mutual TLS is STRICT across the mesh; we do not permit PERMISSIVE anywhere."}},
		{[]string{"Invoices are never kept on the desktop.", "Please revert that."},
			[]string{"Invoices are never kept on the desktop."}},
		// The correction only says how things are: the rule after it,
		// with its own alternative, is what it explains.
		{[]string{"assets/generated is exported from blender.", "Edit the .blend file and re-export, never the .tres."},
			[]string{"assets/generated is exported from blender. Edit the .blend file and re-export, never the .tres."}},
		// A sentence about the same thing stays with the correction.
		{[]string{"Invoices are never kept on the desktop.", "Archive the invoices under ledger/2026, not in Downloads."},
			[]string{"Invoices are never kept on the desktop. Archive the invoices under ledger/2026, not in Downloads."}},
		// A repair said as a habit is a rule of its own, kept.
		{[]string{"Never glaze over bare clay.", "Remove any glaze you added to the kiln shelf before every firing."},
			[]string{"Never glaze over bare clay. Remove any glaze you added to the kiln shelf before every firing."}},
		{[]string{"Mounts are never edited by hand.", "Update the runbook whenever you changed a mount."},
			[]string{"Mounts are never edited by hand. Update the runbook whenever you changed a mount."}},
		{[]string{"Migrations never drop a column.", "Always revert any drop you added in the same PR."},
			[]string{"Migrations never drop a column. Always revert any drop you added in the same PR."}},
		// A request that changes something else stays too.
		{[]string{"Seedlings are never watered over the leaves.", "Update the care card so it says so."},
			[]string{"Seedlings are never watered over the leaves. Update the care card so it says so."}},
	} {
		var sts []stmt
		for i, s := range c.sents {
			sts = append(sts, stmt{line: s, correction: i == 0, src: source{quote: s}})
		}
		var got []string
		for _, st := range joinCorrection(sts) {
			got = append(got, st.line)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q: got %q; want %q", c.sents, got, c.want)
		}
	}
}

// TestSharedCapsTieCorrections: two corrections in other words that name
// the same two values in capitals, as a config writes them, are one.
func TestSharedCapsTieCorrections(t *testing.T) {
	a := stmt{line: "Mutual TLS is to be STRICT across the entire mesh; we do not permit PERMISSIVE anywhere.", correction: true, src: source{session: 0}}
	b := stmt{line: "The default PeerAuthentication is to remain in STRICT mode, and no namespace may relax it to PERMISSIVE.", again: true, src: source{session: 1}}
	if !sameStmt(a, b) {
		t.Errorf("STRICT and PERMISSIVE in both: want one")
	}
	if n := sharedCaps("The API uses JSON over HTTP.", "The API returns JSON over HTTP when the TODO list is empty."); n != 0 {
		t.Errorf("common acronyms tie lines: %d shared", n)
	}
	if n := sharedCaps("Log at WARN or ERROR, never DEBUG, in the GLAZE and KILN modules.", "The KILN module logs GLAZE batches at INFO."); n != 2 {
		t.Errorf("want the two named values shared, got %d", n)
	}
	c := stmt{line: "The pantry log uses the FIFO rule, and opened jars get a DATE label.", correction: true, src: source{session: 0}}
	d := stmt{line: "Rotate stock FIFO, never LIFO, in the cold room.", src: source{session: 1}}
	if sameStmt(c, d) {
		t.Errorf("one shared word in capitals: want apart")
	}
	if n := sharedCaps("Use JSON over HTTP for the hooks.", "Logs are JSON lines sent over HTTP."); n != 0 {
		t.Errorf("sharedCaps of common acronyms = %d, want 0", n)
	}
	if n := sharedCaps("Keep the API keys out of git.", "The API is versioned."); n != 0 {
		t.Errorf("sharedCaps of three-letter words = %d, want 0", n)
	}
}

// TestPoliteTailsLeaveTheLine: "if you please" and "as I mentioned
// previously" are manners and a reminder, no part of the rule.
func TestPoliteTailsLeaveTheLine(t *testing.T) {
	m := mineSession(0, convo("s", time.Now(), "u:a new tray for the basil", "a:I labelled the new tray with marker.",
		"u:As I mentioned previously, marker is not used on the trays. Pencil labels on every tray, if you please."), nil)
	if len(m.stmts) != 1 || m.stmts[0].line != "Marker is not used on the trays. Pencil labels on every tray." {
		t.Errorf("got %+v; want the rule without the manners", m.stmts)
	}
}

// TestRefusedCommandNamesIt: after the person stops a command, "would you
// mind not restarting it?" is about what the command acted on, and the
// line names it; a verb the command does not hold leaves the pronoun, and
// Codex's plain-text refusal counts as one.
func TestRefusedCommandNamesIt(t *testing.T) {
	for _, c := range []struct{ sent, cmd, want string }{
		{"Oh, sorry, would you mind not restarting it?", "sudo systemctl restart caddy", "Oh, sorry, would you mind not restarting caddy?"},
		{"please don't drop them, we need the history", "psql -c 'drop table' --quiet", "please don't drop them, we need the history"},
		{"never reindex it during opening hours", "bin/console search:reindex --force catalogue", "never reindex it during opening hours"},
		{"don't purge it by hand", "varnishadm ban req.url '~' /", "don't purge it by hand"},
		{"don't deploy it on a Friday", "fly deploy --app shop-web", "don't deploy shop-web on a Friday"},
		{"don't push it", "git push", "don't push it"},
		{"don't put it there", "vault kv put secret/app password=hunter2", "don't put it there"},
		{"please don't delete it yet", "kubectl delete pod -n prod web-1", "please don't delete it yet"},
		{"don't run it", "docker run -p 8080:80 nginx", "don't run nginx"},
		{"don't find it that way", "find . -name '*.go'", "don't find it that way"},
		{"the test it runs is flaky", "go test ./...", "the test it runs is flaky"},
		{"don't install them globally", "npm install -g typescript eslint prettier", "don't install them globally"},
		{"never wipe it by hand", "rm -rf build", "never wipe it by hand"},
		{"don't remove it", "rm -rf build", "don't remove it"},
		{"don't clean it", "cargo clean -p core", "don't clean core"},
		{"please don't fire it again", "kilnctl fire --profile cone6 --token abc", "please don't fire it again"},
	} {
		if got := nameRefused(c.sent, c.cmd); got != c.want {
			t.Errorf("nameRefused(%q, %q) = %q, want %q", c.sent, c.cmd, got, c.want)
		}
	}
	msgs := convo("s", time.Now(), "u:bump the greenhouse sensor firmware", "x:make flash")
	msgs = append(msgs, transcript.Message{ID: "r", Time: time.Now(), Role: transcript.RoleAssistant,
		ToolCalls: []transcript.ToolCall{{ID: "r-t", Name: "exec_command", Args: []byte(`{"cmd":"sudo systemctl restart sensord"}`), Status: "success", Output: "exec command rejected by user"}}})
	msgs = append(msgs, convo("t", time.Now(), "u:would you mind not restarting it? A reload is enough.")...)
	m := mineSession(0, msgs, nil)
	if len(m.stmts) != 1 || !strings.Contains(m.stmts[0].line, "sensord") || !m.stmts[0].correction {
		t.Errorf("got %+v; want one correction naming sensord", m.stmts)
	}
	if rejected(transcript.ToolCall{Status: "success", Output: "grep: 3 requests rejected by user agent filter"}) {
		t.Errorf("an output that mentions a rejection is no refusal")
	}
}

// TestRefusalHeatNeedsRecurrence: a bare "never" said as a command is
// refused ("Never force push main.") is the heat of that refusal and is
// kept only once it recurs; "ever", "in this repo" or an "always" alternative
// mark it to last, and the same words said with no refusal before them last.
func TestRefusalHeatNeedsRecurrence(t *testing.T) {
	refusedThen := func(say string) []transcript.Message {
		msgs := convo("s", time.Now(), "u:rebase the docs branch onto main", "x:git rebase main")
		msgs = append(msgs, transcript.Message{ID: "r", Time: time.Now(), Role: transcript.RoleAssistant,
			ToolCalls: []transcript.ToolCall{{ID: "r-t", Name: "exec_command", Args: []byte(`{"cmd":"git push --force origin main"}`), Status: "success", Output: "exec command rejected by user"}}})
		return append(msgs, convo("t", time.Now(), "u:"+say)...)
	}
	for _, c := range []struct {
		msgs []transcript.Message
		want bool // lasting
	}{
		{refusedThen("Never force push main."), false},
		{refusedThen("Absolutely not, the team builds on it. Never rewrite main."), false},
		{refusedThen("No force push, ever."), true},
		{refusedThen("never force push in this repo."), true},
		{refusedThen("Never pushes by you, always a pull request."), true},
		{convo("s", time.Now(), "u:rebase the docs branch onto main", "a:Rebased.", "u:Never force push main."), true},
	} {
		m := mineSession(0, c.msgs, nil)
		last := c.msgs[len(c.msgs)-1].Text
		if len(m.stmts) == 0 {
			t.Errorf("%q: no statement", last)
			continue
		}
		if got := m.stmts[len(m.stmts)-1].lasting; got != c.want {
			t.Errorf("%q: lasting = %v, want %v", last, got, c.want)
		}
	}
}

// TestCorrectedAgainInFewWords: a correction said again in another session
// in a few words that make no rule of their own ("moment.js crept back in
// again") supports it, in either order (the repeat first names the thing,
// or the correction itself says it repeats an earlier sentence); a later
// mention that is no repeat, a request to retry, or a repeat tied to the
// correction by one plain word of an earlier sentence does not.
func TestCorrectedAgainInFewWords(t *testing.T) {
	dateFix := []string{"u:add the date picker to the booking form", "a:Done. I formatted the dates with moment.js.", "u:no moment.js please, we format dates with date-fns."}
	other := []string{"u:add a settings page with a dark mode toggle"}
	supported := func(cs []candidate, word string) bool {
		for _, c := range cs {
			if strings.Contains(strings.ToLower(c.line), word) && len(sessionsOf(c)) >= 2 {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		name     string
		sessions [][]string
		word     string
		want     bool
	}{
		{"repeat names the thing", [][]string{dateFix, other, {"u:now the invoice list", "a:I added the invoice list with its dates.", "u:moment.js again in the invoice list. we said this."}}, "date-fns", true},
		{"a word and a repeat", [][]string{
			{"u:write tests for the payment gateway", "a:Done. I mocked the gateway client with Mockito.", "u:no Mockito here, the tests mock with MockK."},
			other,
			{"u:tests for the refund client", "a:I mocked the refund client with Mockito.", "u:MockK for mocks. we said this already."}}, "mockk", true},
		{"correction says it repeats", [][]string{
			{"u:why is the ward chart a static image? people hover over the ward charts in plotly"},
			other,
			{"u:add the admissions chart", "a:Added the admissions chart with base plot().", "u:no base plot, I told you before: every chart goes through plotly."}}, "plotly", true},
		{"later mention, no repeat", [][]string{dateFix, other, {"u:the old admin scripts", "a:I looked at the admin scripts.", "u:hmm. moment.js in the admin scripts, who put that there."}}, "date-fns", false},
		{"retry is no repeat", [][]string{dateFix, other, {"u:run the tests again, moment.js is gone from package.json now"}}, "date-fns", false},
		{"one plain word of an earlier sentence", [][]string{
			{"u:the invoice page looks off on mobile, can you look"},
			other,
			{"u:the totals", "a:I rounded the totals half-up.", "u:no, how many times: totals use banker's rounding, invoice or not."}}, "banker", false},
	} {
		if got := supported(candidatesOf(tc.sessions...), tc.word); got != tc.want {
			t.Errorf("%s: supported %v, want %v: %+v", tc.name, got, tc.want, candidatesOf(tc.sessions...))
		}
	}
}

// TestTieTermsOf: the words saying a repeat and the parts of a pasted path
// tie no correction to anything.
func TestTieTermsOf(t *testing.T) {
	never := func(string) bool { return false }
	got := tieTermsOf("Same as every other time, keep `vendor/active_record/base.rb` out of the Dockerfile.", never)
	for _, w := range []string{"other", "time", "active_record", "record"} {
		if got[w] {
			t.Errorf("tie terms hold %q: %v", w, got)
		}
	}
	if !got["dockerfil"] && !got["dockerfile"] {
		t.Errorf("tie terms miss the Dockerfile: %v", got)
	}
}

// TestRulesSomething: a correction a repeat may support says what to do or
// not to do; one that only tells what went wrong does not.
func TestRulesSomething(t *testing.T) {
	for line, want := range map[string]bool{
		"No jQuery. The theme does not load it any more, use `fetch`.":          true,
		"Every file here gets lexical-binding: t in the first line.":            true,
		"Use a cross-reference instead of typing the table number.":             true,
		"Invoices are rounded half-even, the auditors only accept that.":        true,
		"Keep the fixtures out of git.":                                         true,
		"The renderer calls require('fs') and of course that blows up.":         false,
		"The nightly export took four hours and the dashboard was empty again.": false,
	} {
		if got := rulesSomething(line); got != want {
			t.Errorf("rulesSomething(%q) = %v, want %v", line, got, want)
		}
	}
}
