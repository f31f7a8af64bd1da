package offline

import "testing"

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
// "and" adds another matter instead of continuing the correction.
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
}
