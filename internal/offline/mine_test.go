package offline

import (
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

func TestRememberPreviousFolds(t *testing.T) {
	tests := []struct{ in, want string }{
		// an exclaimed name and what not to use: one terse correction
		{"kotlin!!|not groovy.", "kotlin, not groovy."},
		{"uv!|no poetry", "uv, not poetry"},
		// "remember <value>" marks the sentence that gave the value
		{"the broker listens on 5673 now.|remember 5673", "Remember that the broker listens on 5673 now."},
		// a value not in the sentence before is no fold
		{"the broker listens on 5673 now.|remember 8080", "the broker listens on 5673 now.|remember 8080"},
		// "same as last time" says the correction was said before
		{"ruff, not black.|same as last time", "ruff, not black, I said that before"},
		// "no problem" rules nothing out
		{"done!!|no problem.", "done!!|no problem."},
		// a long exclaimed sentence is no name
		{"that took forever to build!|not great.", "that took forever to build!|not great."},
	}
	for _, tt := range tests {
		got := strings.Join(rememberPrevious(strings.Split(tt.in, "|")), "|")
		if got != tt.want {
			t.Errorf("rememberPrevious(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestExpandValues(t *testing.T) {
	got := expandValues([]string{"the printer got a new lease, it's 10.1.4.22 now.", "it answers on .22 from today"})
	if got[1] != "it answers on 10.1.4.22 from today" {
		t.Fatalf("abbreviated value not written in full: %q", got)
	}
	// nothing to expand from: left as written
	got = expandValues([]string{"bump the timeout.", "it is .5 of a second now"})
	if got[1] != "it is .5 of a second now" {
		t.Fatalf("value changed without a source: %q", got)
	}
}

func TestAnswersReport(t *testing.T) {
	report := "I wrapped the counter in a Mutex and spawned a worker_pool for the jobs."
	tests := []struct {
		first string
		want  bool
	}{
		{"no Mutex here, use a channel", true},
		{"Mutex isn't needed for one counter", true},
		// naming it without ruling anything out is no correction
		{"Mutex looks fine, ship it", false},
		{"don't spawn a worker_pool per request", true},
		{"thanks, looks good", false},
		{"no idea why the build is red", false},
		{"is the Mutex needed?", false},
	}
	for _, tt := range tests {
		if got := answersReport(tt.first, report); got != tt.want {
			t.Errorf("answersReport(%q) = %v, want %v", tt.first, got, tt.want)
		}
	}
	// a capital after a colon opens a sentence; "The" is no name
	if answersReport("the CI says the types are wrong, fix them", "Here is what I found: The billing code now passes.") {
		t.Error("a common word taken as a name the agent gave")
	}
	if answersReport("no Mutex here", "") {
		t.Error("no report, yet a correction")
	}
}

// TestCorrectionsAcrossSessions: a correction that answers what the agent
// reported, and one that opens with "again", are corrections; said in two
// sessions they are one candidate, and a turn to another matter inside a
// correction is a statement of its own.
func TestCorrectionsAcrossSessions(t *testing.T) {
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	msg := func(role transcript.Role, text string) transcript.Message {
		at = at.Add(time.Minute)
		return transcript.Message{Role: role, Human: role == transcript.RoleUser, Text: text, Time: at}
	}
	s1 := []transcript.Message{
		msg(transcript.RoleUser, "add the upload endpoint"),
		msg(transcript.RoleAssistant, "I stored the file with a BlobClient call inside the handler."),
		msg(transcript.RoleUser, "BlobClient does not belong in handlers. storage goes through the files service. also handlers live in web/http, not api."),
	}
	s2 := []transcript.Message{
		msg(transcript.RoleUser, "add the thumbnail endpoint"),
		msg(transcript.RoleAssistant, "Done."),
		msg(transcript.RoleUser, "again BlobClient in a handler. storage always through the files service, use its Put"),
		msg(transcript.RoleAssistant, "Moved."),
		// a mistake that came back opens a correction; the request to
		// redo the work is left out
		msg(transcript.RoleUser, "the thumbnail handler grew a retry loop again. we keep handlers thin, fix it"),
	}
	var stmts []stmt
	var said []source
	for i, s := range [][]transcript.Message{s1, s2} {
		m := mineSession(i, s, nil)
		stmts = append(stmts, m.stmts...)
		said = append(said, m.said...)
	}
	var lines []string
	for _, st := range stmts {
		if !st.correction {
			t.Errorf("not a correction: %q", st.line)
		}
		lines = append(lines, st.line)
	}
	if len(stmts) != 4 || !strings.HasPrefix(stmts[1].line, "Handlers live in web/http") || stmts[3].line != "We keep handlers thin." {
		t.Fatalf("statements %q: want the correction, the turn to where handlers live, the second correction and the third (a mistake that came back)", lines)
	}
	cands := instructionCandidates(stmts, nil, said, func(int) bool { return true })
	n := 0
	for _, c := range cands {
		if strings.Contains(c.line, "files service") {
			n++
			if len(c.srcs) != 2 {
				t.Errorf("correction %q has %d sources, want both sessions", c.line, len(c.srcs))
			}
		}
	}
	if n != 1 {
		t.Fatalf("candidates %+v: want the storage correction once", cands)
	}
}

func TestDanglingOnes(t *testing.T) {
	for _, s := range []string{"Never delete the old ones.", "Don't rename the existing ones.", "Never, ever type that there.", "Never ever push this here!", "Strip that one and don't add them.", "Please repot those ones before the frost."} {
		if !danglingRe().MatchString(s) {
			t.Errorf("%q names nothing, yet kept", s)
		}
	}
	if danglingRe().MatchString("Never delete applied migrations, add new ones instead.") || danglingRe().MatchString("Never, ever type secrets here.") || danglingRe().MatchString("Repot that oneleaf fern in spring.") {
		t.Error("a line that names its subject taken as dangling")
	}
}

// TestSettingNamedAgain: a setting's value stated in passing, without any
// marker, is read; it stands once another session names it again.
func TestSettingNamedAgain(t *testing.T) {
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	user := func(text string) []transcript.Message {
		at = at.Add(time.Hour)
		return []transcript.Message{{Role: transcript.RoleUser, Human: true, Text: text, Time: at}}
	}
	run := func(sessions ...[]transcript.Message) []candidate {
		var stmts []stmt
		var said []source
		for i, s := range sessions {
			m := mineSession(i, s, nil)
			stmts = append(stmts, m.stmts...)
			said = append(said, m.said...)
		}
		return instructionCandidates(stmts, nil, said, func(int) bool { return true })
	}
	got := run(user("wire up the display. the mcu is an rp2040 pico"), user("sleep mode next, still the rp2040 pico"))
	if len(got) != 1 || got[0].line != "The mcu is an rp2040 pico." || len(got[0].srcs) != 2 {
		t.Fatalf("named again: %+v, want the mcu line from both sessions", got)
	}
	if got := run(user("wire up the display. the mcu is an rp2040 pico"), user("sleep mode next")); len(got) != 0 {
		t.Fatalf("said once: %+v, want nothing", got)
	}
}

// A message that opens with how the project works ("here is how we work in
// this repo: …") says what follows to last; the same words without that
// opening need another session.
func TestHouseRulesLast(t *testing.T) {
	at := time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
	mine := func(text string) []stmt {
		msgs := []transcript.Message{{Role: transcript.RoleUser, Human: true, Text: text, Time: at}}
		return mineSession(0, msgs, newInterner()).stmts
	}
	got := mine("new here, so quick note on how we work in this repo: the nightly exports run on the batch queue, so please make sure every job file opens with a queue header; and every migration has to be reversible. Thanks!")
	var lines []string
	for _, st := range got {
		if !st.lasting {
			t.Errorf("%q not lasting after the house-rules opening", st.line)
		}
		lines = append(lines, st.line)
	}
	if want := "Make sure every job file opens with a queue header.|Every migration has to be reversible."; strings.Join(lines, "|") != want {
		t.Fatalf("lines %q, want %q", strings.Join(lines, "|"), want)
	}
	for _, st := range mine("the nightly exports run on the batch queue, so please make sure every job file opens with a queue header") {
		if st.lasting {
			t.Errorf("%q lasting without a marker", st.line)
		}
	}
}

// A value the person holds to, named again in another session with "keep"
// or "still" ("still on max_wal_senders=10"), makes the first session's
// rule recur; naming it in passing does not.
func TestValueKeptAgain(t *testing.T) {
	at := time.Date(2026, 8, 1, 9, 0, 0, 0, time.UTC)
	run := func(texts ...string) []candidate {
		var stmts []stmt
		var said []source
		for i, text := range texts {
			at = at.Add(time.Hour)
			m := mineSession(i, []transcript.Message{{Role: transcript.RoleUser, Human: true, Text: text, Time: at}}, newInterner())
			stmts = append(stmts, m.stmts...)
			said = append(said, m.said...)
		}
		return instructionCandidates(stmts, nil, said, func(int) bool { return true })
	}
	first := "add the replica. the isolation level must be read_committed_v3 here"
	got := run(first, "now the audit table, keep read_committed_v3 obviously")
	if len(got) != 1 || got[0].line != "The isolation level must be read_committed_v3 here." || len(got[0].srcs) != 2 {
		t.Fatalf("kept again: %+v, want the isolation line from both sessions", got)
	}
	if got := run(first, "why is read_committed_v3 so slow on the audit table"); len(got) != 0 {
		t.Fatalf("named in passing: %+v, want nothing", got)
	}
}

// A correction under one markdown heading ends at the next heading: the
// bullets under "## Notes" or "## For all my repos" are other matters, and
// a heading that scopes every project neither folds into the line above
// it nor makes the correction a global one.
func TestCorrectionEndsAtHeading(t *testing.T) {
	at := time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
	msgs := []transcript.Message{
		{Role: transcript.RoleAssistant, Text: "I added a `time.sleep(2)` in the request handler so the cache can warm up.", Time: at},
		{Role: transcript.RoleUser, Human: true, Time: at.Add(time.Minute), Text: "## Fix\n" +
			"- no sleeping in a request handler, ever. warm the cache at startup instead\n" +
			"## Notes\n" +
			"- the staging box has half the memory of prod, watch the heap\n" +
			"## For all my repos\n" +
			"- changelog entries: one line per change, past tense, in every repo of mine"},
	}
	got := mineSession(0, msgs, newInterner()).stmts
	var global, fix []string
	for _, st := range got {
		if st.global {
			global = append(global, st.line)
		}
		if strings.Contains(st.line, "sleeping") {
			fix = append(fix, st.line)
			if st.global {
				t.Errorf("%q: the correction took the scope of a later heading", st.line)
			}
		}
		if strings.Contains(st.line, "heap") && (st.global || strings.Contains(st.line, "all my")) {
			t.Errorf("%q: the heading scoped the line above it", st.line)
		}
	}
	if len(fix) != 1 || strings.Contains(fix[0], "changelog") || strings.Contains(fix[0], "heap") {
		t.Errorf("correction lines %q; want one, without the other headings' bullets", fix)
	}
	if len(global) != 1 || !strings.Contains(strings.ToLower(global[0]), "changelog") {
		t.Errorf("global lines %q; want the changelog rule alone", global)
	}
}

// A bare "no X" said right beside another rule of the same message is the
// other half of that rule (what to use, then what not to) and joins it;
// a bare "no X" alone, one that says what to use, one in another list
// item or one that turns to another matter stays its own line.
func TestTerseRuleOutJoins(t *testing.T) {
	at := time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
	mine := func(text string) []string {
		msgs := []transcript.Message{{Role: transcript.RoleUser, Human: true, Text: text, Time: at}}
		var lines []string
		for _, st := range mineSession(0, msgs, newInterner()).stmts {
			lines = append(lines, st.line)
		}
		return lines
	}
	for _, tc := range []struct{ in, want string }{
		// the rule, then the bare "no X" (after, before)
		{"and the shadow image goes through VMA, like every other allocation here. no raw vkAllocateMemory.", "The shadow image goes through VMA. No raw vkAllocateMemory."},
		{"All time columns are `timestamptz`, stored in UTC, from now on. No plain `timestamp` anywhere.", "All time columns are `timestamptz`, stored in UTC. No plain `timestamp` anywhere."},
		{"From now on all HTTP calls go through the shared apiClient wrapper. No bare fetch, ever.", "All HTTP calls go through the shared apiClient wrapper. No bare fetch, ever."},
		{"No physics bodies, ever. Going forward, movement is kinematic, tweened in the Mover script.", "No physics bodies, ever. Movement is kinematic, tweened in the Mover script."},
		// no join: a separate list item, a turn to another matter, a "no" that names what to use
		{"house rules:\n- every handler logs its request id\n- no emojis in commit messages", "Every handler logs its request id.|No emojis in commit messages."},
		{"From now on all HTTP calls go through the shared apiClient wrapper. Also no emojis in commits, ever.", "All HTTP calls go through the shared apiClient wrapper.|No emojis in commits, ever."},
	} {
		if got := strings.Join(mine(tc.in), "|"); got != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"No heap.", true},
		{"No `!` in our code, never.", true},
		{"Never raw SQL, ever.", true},
		{"No print use logging.", false},
		{"No moment.js, dayjs only.", false},
		{"No sleeping in a request handler, warm the cache at startup instead.", false},
		{"Not on Fridays.", false},
		{"No worries.", false},
		{"No problem!", false},
		{"Never mind.", false},
		{"No thanks", false},
		{"No idea", false},
		{"no luck", false},
		{"No glaze on foot rings.", true},
	} {
		if got := terseRuleOut(tc.line); got != tc.want {
			t.Errorf("terseRuleOut(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestMindsNothing: "keep that in mind" before anything in the line that
// "that" could stand for asks to keep the sentence before it; alone, the
// line says nothing to keep. Said after what it keeps, it stays.
func TestMindsNothing(t *testing.T) {
	for _, s := range []string{
		"I should be grateful if you kept that in mind whenever you start or inspect the database.",
		"Please bear this in mind when you schedule the kiln firings.",
		"Have it in mind for the next harvest batch.",
	} {
		if !mindsNothing(s) {
			t.Errorf("%q keeps nothing of its own, yet kept", s)
		}
	}
	for _, s := range []string{
		"The kiln tops out at 1280 degrees, keep that in mind.",
		"Keep the glaze recipes in mind when you order clay.",
		"Never fire the kiln overnight.",
	} {
		if mindsNothing(s) {
			t.Errorf("%q taken as keeping nothing", s)
		}
	}
	// the whole path: the port move is read, the reminder after the
	// semicolon is no line of its own
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	msgs := []transcript.Message{{Role: transcript.RoleUser, Human: true, ID: "u1", Time: at,
		Text: "I have moved the kiln controller to port 5021; I should be grateful if you kept that in mind whenever you restart it."}}
	moved := false
	for _, st := range mineSession(0, msgs, nil).stmts {
		if strings.Contains(st.line, "in mind") {
			t.Errorf("stmt %q keeps nothing of its own", st.line)
		}
		moved = moved || strings.Contains(st.line, "port 5021")
	}
	if !moved {
		t.Error("the port move before the semicolon is no stmt")
	}
}

// TestTurnsAtEitherEnd: a sentence that ends with an aside word turns to
// another matter as one that opens with a turn word does, so a correction
// is not joined with it into one line of two facts.
func TestTurnsAtEitherEnd(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"timestamp column is event_time btw", true},
		{"the box clock is UTC, fyi", true},
		{"btw the api runs on 4000", true},
		{"the staging db is read-only (by the way)", true},
		{"edit the yaml instead", false},
		{"the fyi channel gets the alerts", false},
		{"ask the btw team first", false},
	} {
		if got := turns(c.s); got != c.want {
			t.Errorf("turns(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestAnnouncesAnswer: a first sentence that only announces the reply
// ("I must correct one point.") before a sentence answering the agent's
// report opens the correction; a rule, a request or a sentence naming the
// report's things is no announcement, nor is one before a sentence that
// answers nothing.
func TestAnnouncesAnswer(t *testing.T) {
	report := "I have added src/swaps/usd_sofr.cpp; the fixed leg uses Actual360."
	next := "The fixed leg of our USD swaps uses Thirty360, not Actual360."
	for _, c := range []struct {
		first, next, report string
		want                bool
	}{
		{"I must correct one point.", next, report, true},
		{"Careful here.", next, report, true},
		{"Hmm, not quite.", next, report, true},
		{"Let me correct one thing.", next, report, true},
		// The bucket, said by another person about another thing.
		{"One remark.", "Buckets live in eu-central-1, not us-east-1.", "I created the bucket in `us-east-1`.", true},
		// A rule of its own, a request, a question, the report's own
		// things: not an announcement.
		{"Always run clang-format.", next, report, false},
		{"Use the pricer template.", next, report, false},
		{"Did you read the spec?", next, report, false},
		{"The fixed leg is wrong.", next, report, false},
		// The next sentence answers nothing the agent did.
		{"One more thing.", "Add a forgot-password link under the form.", "Login page added.", false},
		// No report: nothing to answer.
		{"I must correct one point.", next, "", false},
	} {
		if got := announcesAnswer(c.first, c.next, c.report, source{}); got != c.want {
			t.Errorf("announcesAnswer(%q, %q) = %v, want %v", c.first, c.next, got, c.want)
		}
	}
}

// TestHowInstead: after a correction that rules a thing out, a sentence
// pointing back at it that names how it is done instead is part of the
// correction; a reason, a vent or a question is not, nor is anything after
// a correction that rules nothing out.
func TestHowInstead(t *testing.T) {
	for _, c := range []struct {
		rule, sent string
		want       bool
	}{
		{"Nothing secret lives in superset_config.py.", "It reads them with os.environ and the values come from the .env that compose loads.", true},
		{"No hardcoded hosts in the playbooks.", "They come from `group_vars/all.yml`.", true},
		{"Never call the payments API from the view.", "It goes through PaymentsClient.charge in the service layer.", true},
		{"No jQuery.", "It bloats the bundle and we dropped it last year.", false},
		{"No Scala UDFs.", "They are a black box to Catalyst and `udf(...)` killed us on the last job.", false},
		{"No jQuery.", "Is it really needed?", false},
		{"Nothing secret lives in superset_config.py.", "That file is in git, genius.", false},
		{"Secrets come from the vault.", "It reads them with os.environ.", false},
	} {
		if got := howInstead(c.rule, c.sent); got != c.want {
			t.Errorf("howInstead(%q, %q) = %v, want %v", c.rule, c.sent, got, c.want)
		}
	}
}

// TestGreetingAgainIsNoCorrection: a greeting or thanks said once more
// ("Hello again.") is politeness, so the narration after it is no
// correction; a bare "Again." or a mistake told "again" still opens one.
func TestGreetingAgainIsNoCorrection(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool // a correction is mined
	}{
		{"Hello again. The book is a field guide to urban birds, eighteen chapters, and my editor wants a proof EPUB by Friday; she has been very patient with me.", false},
		{"Hi again. The garden plan has twelve beds, and my neighbour wants the tomato list by Sunday; he has been very kind.", false},
		{"Good morning again! Our choir sings from the blue hymnal, and the organist wants the list by Thursday.", false},
		{"Thanks again. The quarterly report has four tabs and the auditor reads the last one first.", false},
		{"Again. The importer logs with print instead of the logger.", true},
		{"the importer logs with print again. Use the structured logger.", true},
	} {
		m := mineSession(0, []transcript.Message{{Role: transcript.RoleUser, Human: true, Text: tc.in, ID: "a", Time: time.Now()}}, nil)
		got := false
		for _, s := range m.stmts {
			got = got || s.correction
		}
		if got != tc.want {
			t.Errorf("%q: correction mined %v, want %v (%+v)", tc.in, got, tc.want, m.stmts)
		}
	}
}
