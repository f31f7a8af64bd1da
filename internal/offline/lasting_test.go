package offline

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// Each way of marking a statement as lasting makes it a lasting line, with
// the marker gone.
func TestLastingMarkers(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Moving forward, the billing worker reads from replica-3.", "The billing worker reads from replica-3."},
		{"As a general rule, every handler logs its request id.", "Every handler logs its request id."},
		{"House rule: no ORM calls inside templates.", "No ORM calls inside templates."},
		{"Policy here: secrets come from vault, never from env files.", "Secrets come from vault, never from env files."},
		{"Bear in mind that the sandbox account resets nightly.", "The sandbox account resets nightly."},
		{"Please save this to memory: the fake SMTP server listens on 2525.", "The fake SMTP server listens on 2525."},
		{"Our convention is to prefix feature branches with feat/.", "Prefix feature branches with feat/."},
		{"The rule is: migrations never drop a column in the same release.", "Migrations never drop a column in the same release."},
		{"Next time, regenerate the client before touching the views.", "Regenerate the client before touching the views."},
		{"Starting today, changelog entries go in changes/unreleased/.", "Changelog entries go in changes/unreleased/."},
		{"Each time you add a flag, document it in docs/flags.md.", "Each time you add a flag, document it in docs/flags.md."},
		{"Remember for next time that the fixtures come from make seed.", "The fixtures come from make seed."},
		{"Translations are loaded lazily, that's a hard rule.", "Translations are loaded lazily."},
		{"For the record, Bootstrap stays.", "Bootstrap stays."},
		{"Actually, I asked the professor and she said always use NimBLE-Arduino in this lab, not the BLE library of the core.", "Actually, I asked the professor and she said always use NimBLE-Arduino in this lab, not the BLE library of the core."},
		{"Note for later: the icons live in assets/icons.", "The icons live in assets/icons."},
		{"Heads up for the future: dates are stored as UTC.", "Dates are stored as UTC."},
		{"Standing rule: no eval.", ""}, // too short to name anything
		{"Team rule: no unsafe.Pointer.", "No unsafe.Pointer."},
		{"For the record, the previous lead's rule was: no cron jobs outside the scheduler.", "No cron jobs outside the scheduler."},
		{"The policy for this project is that we never log request bodies; headers are logged redacted.", "We never log request bodies; headers are logged redacted."},
		{"Just so you know, in this codebase we only talk to the database through the repository layer.", "In this codebase we only talk to the database through the repository layer."},
		{"the tech lead said we should always run migrations inside a transaction, so can you check the new one", "Always run migrations inside a transaction, so can you check the new one."},
		{"I keep forgetting to write this down, note to self: the staging bucket is wiped every sunday", "The staging bucket is wiped every sunday."},
		{"Oh, and never check in anything under build/out, those files are huge and the ignore list is not finished yet, so careful with git add.", "Never check in anything under build/out, those files are huge and the ignore list is not finished yet, so careful with git add."},
		{"note to self + you: every error message is wrapped with the operation name.", "Every error message is wrapped with the operation name."},
		{"going forward, mark shared buffers const wherever nothing writes them, ok?", "Mark shared buffers const wherever nothing writes them."},
		{"as a general thing, and I know I never said it before, fonts live in static/fonts and we never load them from a CDN", "As a general thing, and I know I never said it before, fonts live in static/fonts and we never load them from a CDN."},
	} {
		st, _ := classify(tc.in, false, source{})
		if tc.want == "" {
			if st != nil {
				t.Errorf("%q: got %q, want nothing", tc.in, st.line)
			}
			continue
		}
		if st == nil || !st.lasting || st.line != tc.want {
			t.Errorf("%q: got %+v, want lasting %q", tc.in, st, tc.want)
		}
	}
}

// TestMarkedHeadClauses: a marked rule dropped whole for a clause after it
// (a plan, a reason, a concession) is read as its head, the clauses the
// marker governs; a question, a rule for a while or a head that says
// nothing lasting is not.
func TestMarkedHeadClauses(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"from now on the revenue asset must never read raw_payments directly, it always goes through stg_payments, because of the refund netting.", "The revenue asset must never read raw_payments directly, it always goes through stg_payments."},
		{"from now on the glaze tests never go in the big kiln, only the test kiln, because the big one is booked.", "The glaze tests never go in the big kiln, only the test kiln."},
		{"from now on every kiln log gets the cone number and the date, it always goes to the shared sheet, because of the insurance.", "Every kiln log gets the cone number and the date."},
		{"from now on the kiln logs are kept for a year, it always goes to the shared sheet?", ""},
		{"from now on the kiln is fired on cone 6, until the new element arrives, it always goes to the shared sheet", ""},
		{"from now on, it always goes through the queue, because of the refunds", ""},
		{"Remember that the spring market went badly for the glazes, don't let that happen again", ""},
		{"From now on, if we ever open a second kiln shed, it's a separate budget.", ""},
	} {
		st := markedHeadClauses(tc.in, false, source{})
		if tc.want == "" {
			if st != nil {
				t.Errorf("%q: got %q, want nothing", tc.in, st.line)
			}
			continue
		}
		if st == nil || !st.lasting || st.line != tc.want {
			t.Errorf("%q: got %+v, want lasting %q", tc.in, st, tc.want)
		}
	}
}

// Words that look like markers but mark nothing stay out: deferrals,
// questions about a rule, narration, a marker followed by something else.
func TestLastingMarkersNotFooled(t *testing.T) {
	for _, s := range []string{
		"We can look at that next time.",
		"Perhaps next time we try the streaming parser.",
		"The refactor is moving forward nicely.",
		"Moving forward with the upgrade, I reran the suite.",
		"The eslint rule is flaky on CI.",
		"Which policy blocks the deploy?",
		"Our convention is confusing, honestly.",
		"Make a note of how long the import took.",
		"For future reference, where do the logs go?",
		"By convention I mean the file naming.",
		"Each time I open the page it reloads twice.",
		"Every time I run the linter it hangs.",
		"Any time now the job should finish.",
		"The reviewer has never seen a monad before.",
		"I've never known.",
		"My professor at university, he made all the GUI with MFC and he said always that the warnings of the toolkit you can ignore.",
		"I’ve never understood the scheduler's retry rules.",
		"We never got the integration suite green in this repo.",
		"I never said it in a session, the nightly build just happened to pass.",
		"The benchmarks in this project are slow.",
		"Our policy was a disaster last quarter.",
		"Release same as always.",
		"never merge it yet, ok?",
		"we always release on mondays, right?",
		"ship the hotfix as always",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.lasting {
			t.Errorf("%q read as lasting %q", s, st.line)
		}
	}
}

// What wraps a marked rule is taken off before it is read: a vent after it,
// a preamble before the marker, the question form of a request with a
// marker, who set the rule, a closing "can you do that?" or "right?".
func TestReshape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"rule: every new endpoint gets a contract test, I'm sick of broken clients", "Every new endpoint gets a contract test."},
		{"going forward, handlers return typed errors instead of strings, it drives me up the wall otherwise", "Handlers return typed errors instead of strings."},
		{"going forward, every job logs its run id, I'm losing my mind with these logs", "Every job logs its run id."},
		{"before you propose it again: for the record, Moment stays.", "Moment stays."},
		{"Also, could you please always use named exports from now on?", "Always use named exports."},
		{"my team lead said that from now on we should always pin actions to a sha — can you do that for every workflow you touch?", "Always pin actions to a sha."},
	} {
		st, _ := classify(tc.in, false, source{})
		if st == nil || !st.lasting || st.line != tc.want {
			t.Errorf("%q: got %+v, want lasting %q", tc.in, st, tc.want)
		}
	}
	// A plain question keeps being a question, and a confirmation tag
	// after a plain statement asks for confirmation.
	for _, s := range []string{"Could you please rename the helper?", "we deploy with helm, right?"} {
		if st, _ := classify(s, false, source{}); st != nil {
			t.Errorf("%q: got %q, want nothing", s, st.line)
		}
	}
	// "…, that's what we do here right?" after an instruction confirms a
	// convention: the instruction stands as one.
	if st, _ := classify("use the $refs.saveButton ref please, that's what we do here right?", false, source{}); st == nil || !st.lasting || !strings.Contains(st.line, "$refs.saveButton") {
		t.Errorf("convention with a tag: got %+v", st)
	}
}

// A run-on paragraph is read clause by clause, so a marked rule or a fact in
// its middle is found; a short sentence joined with "and" stays whole, and
// support by mention still reads the whole sentence.
func TestRunOnSplit(t *testing.T) {
	long := "I spent the afternoon chasing the flaky checkout test and I think the retry wrapper in lib/http.ts hides the real timeout, so could you take a look at it today, and going forward please keep request timeouts in config/timeouts.json rather than inline, but that can wait until the fix is in."
	got, cont := sentenceParts([]string{long})
	found := false
	for _, s := range got {
		if strings.HasPrefix(s, "going forward") {
			found = true
		}
	}
	if !found || len(got) < 3 {
		t.Fatalf("run-on not split at its clauses: %q", got)
	}
	if cont[got[0]] || !cont[got[len(got)-1]] {
		t.Errorf("continued clauses: %v", cont)
	}
	m := mineSession(0, []transcript.Message{{Role: transcript.RoleUser, Human: true, ID: "u1",
		Text: "maintenance day today, please bump the lockfile and rebuild the containers on the staging box, and make sure the smoke test passes before you restart anything because last month a bad image took the site down for an hour."}}, nil)
	if len(m.stmts) != 0 {
		t.Errorf("an unmarked request run on after the day's task kept: %+v", m.stmts)
	}
	if whole := sentences([]string{long}); len(whole) != 1 {
		t.Errorf("whole sentences split at a run-on: %q", whole)
	}
	short := "use pnpm, and never npm"
	if got, _ := sentenceParts([]string{short}); len(got) != 1 {
		t.Errorf("short sentence split: %q", got)
	}
}

// A sentence too long to be one thought still yields the rule a marker
// opens, cut at a clause break.
func TestMarkedHead(t *testing.T) {
	s := "and while you are at it please keep in mind that every public class in the sdk/ folder needs an XML doc comment with an example, the docs site is generated from them every night and the build fails loudly when one is missing, so this goes for everything you write in there, not only this change."
	st, _ := classify(s, false, source{})
	if st == nil || !st.lasting || !strings.HasPrefix(st.line, "Every public class in the sdk/ folder needs an XML doc comment") {
		t.Fatalf("got %+v", st)
	}
	mid := "so I spent the evening reading how other teams run their workers and most of the guides run everything with admin rights, which made me think I should finally write this down somewhere, note to self the importer never runs with admin rights, it has its own svc-import account with read access to the share and that's it"
	if st, _ := classify(mid, false, source{}); st == nil || !st.lasting || !strings.Contains(st.line, "svc-import") {
		t.Errorf("marker mid long sentence: got %+v", st)
	}
	unmarked := strings.Repeat("the build was slow and the cache missed again, ", 8)
	if st, _ := classify(unmarked, false, source{}); st != nil {
		t.Errorf("unmarked long sentence read as %q", st.line)
	}
}

// TestMarkedHeadKeepsConsequent: a long marked sentence cut where a
// condition is still open gets the clause that answers it, up to the "and"
// of a second request; a condition already answered, or a next clause that
// asks nothing, leaves the cut where it was.
func TestMarkedHeadKeepsConsequent(t *testing.T) {
	long := ", because last time a change slipped into the nightly export and nobody noticed it until the quarterly review came round and the figures were off by a week"
	for _, c := range []struct{ said, want string }{
		{"oh and while we're here, from now on whenever a migration drops a column, even a tiny one that nobody reads any more, or one the old reports used, write the rollback script next to it and ping me in the PR with the table name and the ticket and the person who asked for the column to go and the date any report last read it" + long,
			"whenever a migration drops a column, even a tiny one that nobody reads any more, or one the old reports used, write the rollback script next to it."},
	} {
		st, _ := classify(c.said, false, source{})
		if st == nil || !st.lasting || !strings.HasSuffix(st.line, c.want) {
			t.Errorf("%q: got %+v; want it to end %q", c.said, st, c.want)
		}
	}
	for _, c := range []struct{ head, rest, want string }{
		// answered already
		{"from now on if the build breaks, revert it", ", then tell me", "from now on if the build breaks, revert it"},
		// the next clause tells, it asks nothing
		{"going forward when the cache is cold, like after a deploy", ", the first request takes a minute", "going forward when the cache is cold, like after a deploy"},
		// no condition
		{"from now on tests go in tests/unit", ", keep them fast", "from now on tests go in tests/unit"},
	} {
		if got := withConsequent(c.head, c.rest); got != c.want {
			t.Errorf("withConsequent(%q, %q) = %q; want %q", c.head, c.rest, got, c.want)
		}
	}
}

// Where all of a kind of thing is kept, named as code, is a convention.
func TestOurPlace(t *testing.T) {
	st, _ := classify("wire up the new consumer next to the others, all our consumers live in pkg/consumers and they register themselves in init", false, source{})
	if st == nil || !st.lasting || !strings.HasPrefix(st.line, "All our consumers live in pkg/consumers") {
		t.Fatalf("got %+v", st)
	}
	if st, _ := classify("all our tests are in a bad state after the merge", false, source{}); st != nil && st.lasting {
		t.Errorf("no place named as code, got %q", st.line)
	}
}

// A correction said again by the name of what it wants, in another
// session, makes the first correction recur: one line, both sessions.
func TestAskedAgain(t *testing.T) {
	if got := askedAgain("next the settings page, and again StrictMode please, you dropped it again"); got != "StrictMode" {
		t.Errorf("got %q", got)
	}
	for _, s := range []string{"try again please", "and again the same please", "again with feeling please"} {
		if got := askedAgain(s); got != "" {
			t.Errorf("%q: got %q", s, got)
		}
	}
	d0 := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	first, _ := classify("no, wrap the tree in React.StrictMode, we keep the double render checks on", true, source{session: 0, at: d0})
	again, _ := classify("settings page next, and again StrictMode please", false, source{session: 1, at: d0.Add(48 * time.Hour)})
	if first == nil || again == nil {
		t.Fatalf("statements: %+v %+v", first, again)
	}
	cands := instructionCandidates([]stmt{*first, *again}, nil, nil, func(int) bool { return true })
	if len(cands) != 1 || !strings.Contains(cands[0].line, "React.StrictMode") || len(cands[0].srcs) != 2 {
		t.Fatalf("got %+v", cands)
	}
	// Said once, the terse clause is nothing on its own.
	if c := instructionCandidates([]stmt{*again}, nil, nil, func(int) bool { return true }); len(c) != 0 {
		t.Errorf("terse correction alone proposed: %+v", c)
	}
}

// A setting's value named again in another session makes it recur; a
// change that names it as the old value does not.
func TestSettingValueEcho(t *testing.T) {
	if !echoesValue("The canvas is 640x360 and scales by 3.", "at 640x360 the sprites blur, is that expected") {
		t.Error("value named again not seen")
	}
	if echoesValue("The canvas is 640x360.", "we moved the canvas to 960x540, 640x360 was too small") {
		t.Error("a change naming the old value counted as support")
	}
	if echoesValue("Use tabs in the Makefile.", "the Makefile at line 12 breaks") {
		t.Error("no setting stated, yet supported")
	}
}

// "that" before a noun names what the verb acts on; alone it dangles.
func TestDanglingDemonstrative(t *testing.T) {
	if danglingRe().MatchString("Do not edit that migration, it is deployed.") {
		t.Error("named object read as dangling")
	}
	if !danglingRe().MatchString("Never edit that, it is deployed.") {
		t.Error("bare pronoun not dangling")
	}
}

// What to use instead, said in the next sentence after a rule that rules
// something out, is part of that rule.
func TestInsteadJoined(t *testing.T) {
	m := mineSession(0, []transcript.Message{{Role: transcript.RoleUser, Human: true, ID: "u1",
		Text: "also for the record: no `moment`, ever. date-fns with tree shaking only. then fix the header"}}, nil)
	if len(m.stmts) != 1 || m.stmts[0].line != "No `moment`, ever. Date-fns with tree shaking only." {
		t.Fatalf("got %+v", m.stmts)
	}
	if insteadOf("Use tabs.", "spaces only") {
		t.Error("joined to a rule that rules nothing out")
	}
}

// The items of a list under a heading that announces the project's rules
// are each said to last, one statement per item; a list under a report of
// what failed is not.
func TestRuleListItems(t *testing.T) {
	lines := func(text string) []string {
		m := mineSession(0, []transcript.Message{{Role: transcript.RoleUser, Human: true, ID: "u1", Text: text}}, nil)
		var out []string
		for _, s := range m.stmts {
			if s.lasting {
				out = append(out, s.line)
			}
		}
		return out
	}
	got := lines("quick one first. Team conventions, please keep:\n1. Amounts are stored as integer pence. No floats anywhere.\n2. Every handler validates its input with the schema in api/schemas.\nThen: wire up the refund form.")
	want := []string{"Amounts are stored as integer pence. No floats anywhere.", "Every handler validates its input with the schema in api/schemas."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := lines("## Guidelines\n- one migration per pull request under db/migrate\n## Today\n- rename the export button"); len(got) != 1 || !strings.Contains(got[0], "db/migrate") {
		t.Errorf("list ends at the next heading: %q", got)
	}
	if got := lines("these team rules fail on CI now:\n- max line length of the formatter\n- unused imports in the tests"); len(got) != 0 {
		t.Errorf("a report of failures read as rules: %q", got)
	}
}

// A request to keep something in mind stands though a question about
// today's work follows it.
func TestMindBeforeQuestion(t *testing.T) {
	st, _ := classify("my lead told me to keep in mind that every report must open in LibreOffice 7 because the auditors use it, so should I avoid pivot tables?", false, source{})
	if st == nil || !st.lasting || st.line != "Every report must open in LibreOffice 7." {
		t.Errorf("keep in mind before a question: got %+v", st)
	}
	if st, _ := classify("should I keep in mind that the cache starts cold?", false, source{}); st != nil {
		t.Errorf("a question about keeping in mind read as a rule: %q", st.line)
	}
}

// TestFromNowWithoutOn: "from now" without its "on" marks a rule to last;
// "three days from now" is a date.
func TestFromNowWithoutOn(t *testing.T) {
	st, _ := classify("from now a cancelled booking keeps its reference code, we never hand one out twice.", false, source{})
	if st == nil || !st.lasting || strings.Contains(strings.ToLower(st.line), "from now") {
		t.Fatalf("got %+v; want a lasting rule without the marker", st)
	}
	if st, _ := classify("tag the release three days from now.", false, source{}); st != nil && st.lasting {
		t.Fatalf("a date taken as a lasting marker: %+v", st)
	}
}

// TestRememberForTheFuture: "please remember that for all future
// changes" after a rule marks it to last, and a rule that rules "later"
// out ("in the same file, not later") puts nothing off.
func TestRememberForTheFuture(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Kiln cone 6 for every stoneware batch, please remember that for all future firings", "Kiln cone 6 for every stoneware batch."},
		{"remember that every glaze recipe gets its test tile in the same firing, not later in another one", "Every glaze recipe gets its test tile in the same firing, not later in another one."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want lasting %q", c.in, st, c.want)
		}
	}
	if st, _ := classify("we'll glaze the mugs later", false, source{}); st != nil {
		t.Errorf("a plan for later read as a rule: %+v", st)
	}
}

// TestMarkerInsideTheAsking: a lasting marker set off inside "please
// note, …, that" marks what follows "that"; "remember that" inside a
// sentence typed without punctuation marks what follows it, without the
// "then …" step after it, unless "remember" is the sentence's own verb.
func TestMarkerInsideTheAsking(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Please note, from now on, that every invoice PDF is rendered by the print service and never by the browser.",
			"Every invoice PDF is rendered by the print service and never by the browser."},
		{"bump the icons then the title is wrong remember that the product name is Lumen Desk everywhere not LumenDesk then rebuild",
			"The product name is Lumen Desk everywhere not LumenDesk."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want lasting %q", c.in, st, c.want)
		}
	}
	for _, in := range []string{"honestly I dont remember that flag being there at all", "do you remember that outage in march"} {
		if st, _ := classify(in, false, source{}); st != nil && st.lasting {
			t.Errorf("classify(%q) = %q; want no lasting statement", in, st.line)
		}
	}
}

// TestRememberRunOnNeedsATaskBefore: "remember" whose subject or
// auxiliary comes before it, or that ends an asking opener, is the verb
// of the sentence, not a marker.
func TestRememberRunOnNeedsATaskBefore(t *testing.T) {
	for _, in := range []string{
		"does anyone remember that the greenhouse sensor was recalibrated in june",
		"the courier won't remember that the parcel was returned twice",
		"did the auditors remember that the ledger was closed in april",
	} {
		if st, _ := classify(in, false, source{}); st != nil && st.lasting {
			t.Errorf("classify(%q) = %q; want no lasting statement", in, st.line)
		}
	}
	if st, _ := classify("the unit label is off remember that the greenhouse temperatures are always in celsius", false, source{}); st == nil || !st.lasting {
		t.Errorf("got %+v; want the run-on marker after a task", st)
	}
}

// TestMarkerClause: a lasting marker set inside a long or asking sentence
// (after the day's task, inside a question or a bracket, deep in a formal
// paragraph) marks only the clause it opens; a marker that closes the
// clause before it, an opinion question, a hypothetical or a reported
// rule is left to the other readings.
func TestMarkerClause(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// corpus shapes
		{"fix it use crypto.subtle webcrypto also from now on every route validates input with @hono/zod-validator no hand rolled checks then fix the clicks route to match",
			"Every route validates input with @hono/zod-validator no hand rolled checks."},
		{"And a question more, can you from now on put every new subroutine in its own file under vcl/include/ and include it from default.vcl, so the default.vcl stay short?",
			"Put every new subroutine in its own file under vcl/include/ and include it from default.vcl."},
		// other domains
		{"Can you reprint the labels, and (remember that every parcel over 20 kg gets the heavy-lift sticker on two sides) also book the courier?",
			"Every parcel over 20 kg gets the heavy-lift sticker on two sides."},
		// a bracket opened inside the marked clause does not end it
		{"add the new plot, and from now on every figure gets a caption (panel letter + units) under it because the editors insist",
			"Every figure gets a caption (panel letter + units) under it."},
		{"The auditors have been asking for weeks where the signed copies are kept, which has caused a certain amount of friction with the finance office; from this point onward, I would therefore ask that every signed contract be filed under contracts/signed/, one folder per client, so that nobody has to search the shared drive again.",
			"Every signed contract should be filed under contracts/signed/, one folder per client."},
		{"Could you perhaps fix the rota first? And if it isn't too much bother, I was wondering whether, going forward, every shift could get a named backup person, since the clinic was short twice last month?",
			"Every shift should get a named backup person."},
		{"sorry, if you agree, going forward I think the greenhouse vents should never open below 5 degrees; whenever frost is forecast, could they perhaps always stay shut overnight?",
			"The greenhouse vents should never open below 5 degrees; whenever frost is forecast, they should always stay shut overnight."},
		{"And can you remember that this repo has no network access in CI, every test runs offline, OK?",
			"The repo has no network access in CI, every test runs offline."},
		// a polite wish, a hedge or a label after the marker
		{"Could you fix the index first? And, I hope this isn't too fussy, but going forward would it be possible for every recipe card to list its allergens at the top?",
			"Every recipe card should list its allergens at the top."},
		{"One more thing, and I think going forward this should be the rule: every invoice carries the client's VAT number in the footer, so accounting stops asking.",
			"Every invoice carries the client's VAT number in the footer."},
		{"I think from now on it'd be best if every migration is reviewed by a second person, so nothing slips through",
			"Every migration is reviewed by a second person."},
		{"Also, and perhaps I should have said this earlier, would it be all right if, from now on, every sample had its label printed twice, rather than by hand?",
			"Every sample should have its label printed twice, rather than by hand."},
		// a vent that leads on with "so" is the rule's reason; the
		// marker makes the asking after it a rule
		{"I'm tired of handlers that trust the body, so from now on every endpoint binds into a request struct and runs it through the validator, no hand-written if checks.",
			"Every endpoint binds into a request struct and runs it through the validator, no hand-written if checks."},
		{"i always end up changing jump height in like 5 diffrent files which is so anoying, so from now on can you put all the numbers i tweak in conf/tuning.lua?",
			"Put all the numbers i tweak in conf/tuning.lua."},
		// a Rust macro's "!" ends no clause; a clause cut short before
		// what its last word joins is left out
		{"And from now on every SQL statement goes through the sqlx::query! or query_as! macros so it is checked at compile time; no more string queries.",
			"Every SQL statement goes through the sqlx::query! or query_as! macros so it is checked at compile time."},
		{"also from now on every route gets a spec in spec/routes/ , one file per route file, i keep forgetting and then stuff breaks on deploy.",
			"Every route gets a spec in spec/routes/, one file per route file."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want lasting %q", c.in, st, c.want)
		}
	}
	for _, in := range []string{
		// the marker closes the clause before it: read whole, not cut
		"put all register addresses in src/registers.rs from now on no magic numbers in driver.rs",
		"any count below 5 is always suppressed in charts, from now on — showing \"<5\" would be lovely.",
		"only show me the diff from now on, not the whole file",
		"I think we should go with DuckDB from now on, the CSV loaders can be removed.",
	} {
		if _, ok := markerClause(in); ok {
			t.Errorf("markerClause(%q) cut a clause the marker closes", in)
		}
	}
	for _, in := range []string{
		// questions, hypotheticals, reported rules, one-offs
		"Do you think, going forward, we should split the invoices by region?",
		"I was wondering, should we going forward keep the old exports at all?",
		"Suppose, from now on, every order shipped twice, what would break?",
		"do you remember that outage in march",
	} {
		if st, _ := classify(in, false, source{}); st != nil && st.lasting {
			t.Errorf("classify(%q) = %q; want no lasting statement", in, st.line)
		}
	}
	if c, ok := markerClause("my team lead said that from now on we should always pin actions to a sha"); ok {
		t.Errorf("a reported rule cut to %q; reshape reads it whole", c)
	}
}

// A marked clause that tells of a passing state (a time limit, a one-off,
// something not settled) is no lasting rule.
func TestMarkedClausePassing(t *testing.T) {
	for _, s := range []string{
		"the build broke again, also going forward the staging deploy is frozen until the audit",
		"tests are red, also from now on the docs site is read-only until the migration lands",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.lasting {
			t.Errorf("%q read as lasting %q", s, st.line)
		}
	}
	if st, _ := classify("fix the login page, also from now on every route validates its input", false, source{}); st == nil || !st.lasting {
		t.Errorf("marked rule lost: %+v", st)
	}
}

// BenchmarkClassifyMarkers is a paste of 800 "(remember that" markers in
// one message: each marked clause is read again only when it is one
// thought long, so the cost grows with the paste, not with its square
// (17.8 s per op before, for this 26 KB).
func BenchmarkClassifyMarkers(b *testing.B) {
	long := "fix it" + strings.Repeat(" (remember that the cache is warm", 800)
	for i := 0; i < b.N; i++ {
		classify(long, false, source{})
	}
}

// TestRememberAskedAsReproach: "is it really so hard to remember that …?"
// says the rule it asks about; a hypothetical, a thing to remember and a
// question about the agent's memory stay out.
func TestRememberAskedAsReproach(t *testing.T) {
	for _, c := range []struct{ said, want string }{
		{"is it that hard to remember that invoices are numbered per year?", "Invoices are numbered per year."},
		{"Add the export, and since I have to say it again: is it really so difficult to keep in mind that the staging db is shared with QA?", "The staging db is shared with QA."},
	} {
		st, _ := classify(c.said, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("%q: got %+v; want lasting %q", c.said, st, c.want)
		}
	}
	for _, s := range []string{
		"what if it's hard to remember that the api has three versions?",
		"was it hard to remember that meeting?",
		"is it hard to remember that many flags?",
		"do you remember whether the api has three versions?",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.lasting {
			t.Errorf("%q: read as lasting %+v", s, st)
		}
	}
}

// TestGoneReasonOnly: in a correction, an "anymore" in a later clause
// that says a thing is gone is the correction's reason, no request for
// now; an "anymore" in the request itself, or in a clause that says
// nothing is gone, still makes a one-off.
func TestGoneReasonOnly(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"its populate_entry_trend and the column is enter_long, buy_trend dosent exist anymore in our version", true},
		{"use the new router, the old one isn't maintained anymore", true},
		{"use io.ReadAll; ioutil is not supported anymore", true},
		{"don't run the migrations anymore today, the db is being restored", false},
		{"don't run the migrations anymore", false},
		{"use the new router, I don't want the old one anymore", false},
		{"for this run only use the old router, the new one doesn't exist anymore", false},
	} {
		if got := goneReasonOnly(c.s); got != c.want {
			t.Errorf("goneReasonOnly(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestRunOnKeepsEllipsis: a long run-on sentence is cut at ", and" /
// ", but", except before a clause that leaves out its subject and verb
// ("…, and never as an inline style"), which stays with the clause it
// goes on, or before the speaker's own ("…, and my own, …"); a clause
// with its own subject is still cut off.
func TestRunOnKeepsEllipsis(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"going forward every colour change is made in the Sass partial assets/css/_colors.scss, and never as an inline style or a one-off override in a component stylesheet",
			[]string{"going forward every colour change is made in the Sass partial assets/css/_colors.scss, and never as an inline style or a one-off override in a component stylesheet"}},
		{"glaze recipes are kept in the binder on the studio shelf, but never under the sink where the damp gets at them",
			[]string{"glaze recipes are kept in the binder on the studio shelf, but never under the sink where the damp gets at them"}},
		{"payroll exports are sent through the SFTP drop, and only through the drop, and the accountant picks them up on Fridays",
			[]string{"payroll exports are sent through the SFTP drop, and only through the drop", "the accountant picks them up on Fridays"}},
		{"the tiles are fired on cone 6, and never fire the test kiln past cone 8",
			[]string{"the tiles are fired on cone 6", "never fire the test kiln past cone 8"}},
		// the speaker's own, added to what was just named, is no clause
		{"in all my teams' repos, and my own, nobody force-pushes to a shared branch",
			[]string{"in all my teams' repos, and my own, nobody force-pushes to a shared branch"}},
	} {
		if got := runOnClauses(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("runOnClauses(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestKeptBack: a closing clause that asks to keep the rule before it
// from now on marks that rule to last; a question, a head too short to
// say anything, and a marker that opens what follows do not.
func TestKeptBack(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Before any change to NS or MX records, the TTL of the affected records must be lowered to 300 seconds; I would ask you to observe this from now on, as the last change hurt.",
			"Remember that Before any change to NS or MX records, the TTL of the affected records must be lowered to 300 seconds."},
		{"Pin every base image by digest; please stick to that going forward, the last drift cost us a day.", "Remember that Pin every base image by digest."},
		{"Invoices are numbered per fiscal year with a four-digit counter, and I'd like you to follow this from now on.", "Remember that Invoices are numbered per fiscal year with a four-digit counter."},
		// asked, too short, or the marker opens the rule after it
		{"I restarted the worker and cleared the queue, do that from now on?", "I restarted the worker and cleared the queue, do that from now on?"},
		{"Fine; do it from now on.", "Fine; do it from now on."},
		{"The report is late again, so from now on the export runs at six.", "The report is late again, so from now on the export runs at six."},
	} {
		if got := keptBack(tc.in); got != tc.want {
			t.Errorf("keptBack(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"Pin every base image by digest; please stick to that going forward, the last drift cost us a day.", "Pin every base image by digest."},
		{"Invoices are numbered per fiscal year with a four-digit counter, and I'd like you to follow this from now on.", "Invoices are numbered per fiscal year with a four-digit counter."},
	} {
		st, _ := classify(keptBack(tc.in), false, source{})
		if st == nil || !st.lasting || st.line != tc.want {
			t.Errorf("%q: got %+v, want lasting %q", tc.in, st, tc.want)
		}
	}
}
