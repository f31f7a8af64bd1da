package offline

import (
	"slices"
	"testing"
	"time"
)

// TestDisownedLines: a message calling what a memory line says wrong,
// naming the line by what it says or by what it is about (a part of a
// dotted name too), disowns that line; a message naming memory without
// calling it wrong, or naming a thing no line or two lines hold, disowns
// nothing.
func TestDisownedLines(t *testing.T) {
	mem := []string{"- Reeling reads the crank's absolute angle with playdate.getCrankPosition().", "- Save data goes through playdate.datastore.",
		"- Debug output goes through log.Printf with a [splitview] prefix.", "- Local storage is SQLite.",
		"- Appointment times are stored in warehouse local time (Europe/Warsaw)."}
	for _, tt := range []struct{ msg, want string }{
		{"use getCrankChange(), the delta. the memory note about getCrankPosition is from before we knew better", mem[0]},
		{"ah no, the log.Printf thing in the memory is from before i knew better. use clog.", mem[2]},
		{"the memory file still says SQLite; that's been wrong since December", mem[3]},
		// memory granted only to be gone against, a thing called old
		{"I know the memory say we use SQLite, but that is why we lost data in 2019.", mem[3]},
		{"the memory thing about getCrankPosition is old.", mem[0]},
		// memory called wrong about a thing in the same words
		{"the notes are wrong about SQLite. We report from Postgres.", mem[3]},
		{"And ignore what memory says about log.Printf, that's how I did v1.", mem[2]},
		// a hyphenated name of the words the line writes apart
		{"everything in the db is UTC. the local-time line in your memory file is wrong, ignore it.", mem[4]},
		// Negatives.
		{"the memory note about getCrankPosition is fine, keep it", ""},
		{"the memory note about playdate is from before we knew better", ""},
		{"the memory note about bluetooth is from before we knew better", ""},
		{"I know the memory says SQLite, and it stays.", ""},
		{"the release notes are wrong about SQLite.", ""},
	} {
		if got := disownedBy(mem, tt.msg); got != tt.want {
			t.Errorf("disownedLines(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}

// disownedBy is the line disownedLines finds over memory mem for one
// message, "" for none.
func disownedBy(mem []string, msg string) string {
	got := ""
	for l := range memKnown(mem...).disownedLines([]source{{session: 0, msgID: "m1", quote: msg}}, func(int) bool { return true }) {
		got = l
	}
	return got
}

// citedBy is the line citedLines finds over memory mem for a report and
// the reply to it, said in a new session or not, "" for none.
func citedBy(mem []string, report, reply string, isNew bool) string {
	r := source{session: 1, msgID: "m2", quote: reply}
	var cites []cite
	if cl := citedMemory(report, reply); cl != "" {
		cites = append(cites, cite{clause: cl, reply: r})
	}
	got := ""
	for l := range memKnown(mem...).citedLines(cites, []source{r}, func(int) bool { return isNew }) {
		got = l
	}
	return got
}

// TestDisownsInSameMessage: a rule said in the message that disowns a
// memory line takes the line's place though it names neither the line's
// thing nor its subject; said in another message that names the thing in
// passing, it does not.
func TestDisownsInSameMessage(t *testing.T) {
	line := "- Amplitudes in 16-bit integer scale (up to 32767)."
	disowned := map[string]disowner{line: {name: "16-bit"}}
	for _, tt := range []struct {
		msg  string
		want string
	}{
		{"the piece runs with 0dbfs = 1 now. everything is normalised to 0dbfs=1. the memory thing about 16-bit is old.", line},
		{"everything is normalised to 0dbfs=1. the 16-bit converter is in the rack.", ""},
	} {
		k := memKnown(line)
		said := []source{{session: 1, msgID: "m1", quote: tt.msg}}
		c := candidate{kind: KindCorrection, line: "Everything is normalised to 0dbfs=1.", srcs: []source{{session: 1, msgID: "m1"}}}
		if got, _ := k.disowns(c, said, disowned, map[string]bool{}); got != tt.want {
			t.Errorf("disowns(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}

// TestCitedLines: a report sentence saying memory told the agent, and a
// reply that denies it or calls it wrong, name the memory line the
// sentence shares the most terms with; a reply that agrees, an old
// session, or a sentence tying two lines alike name none.
func TestCitedLines(t *testing.T) {
	mem := []string{"- Timing warnings on dev bitstreams can be ignored.", "- Board: Digilent Arty A7-35T.", "- sys clock is 100 MHz."}
	report := "The build finished. Timing fails by 0.21 ns, but per the project notes timing warnings on dev bitstreams can be ignored, so I loaded it."
	for _, tt := range []struct {
		report, reply string
		isNew         bool
		want          string
	}{
		{report, "no. negative slack is a broken bitstream, dev or not. fix the path.", true, mem[0]},
		{report, "Loaded fine, but that's the old way: failing timing is never acceptable.", true, mem[0]},
		// a reply pointing at "that memory line" names the line the
		// report followed, the report citing nothing
		{"Built it on the Arty A7-35T board as recorded and loaded it.", "Ah, no, that memory line is out of date: we moved to the A7-100T.", true, mem[1]},
		{"Loaded it; timing warnings on dev bitstreams are ignored, as noted in memory.", "Nope. negative slack is a broken bitstream, dev or not.", true, mem[0]},
		// Negatives.
		{report, "great, thanks. now the uart core.", true, ""},
		{report, "no. negative slack is a broken bitstream, dev or not.", false, ""},
		{"The build finished and I loaded it.", "no. negative slack is a broken bitstream, dev or not.", true, ""},
		{"As the notes say, the board and the clock are set.", "no, wrong board.", true, ""},
		{"Built it on the Arty A7-35T board as recorded and loaded it.", "Ah, no, the board is the A7-100T.", true, ""},
	} {
		got := citedBy(mem, tt.report, tt.reply, tt.isNew)
		if got != tt.want {
			t.Errorf("citedLines(%q, %q) = %q, want %q", tt.report, tt.reply, got, tt.want)
		}
	}
	// The line the reply meant taken away by a pending patch, the next
	// best is no line it meant: a second run pairs nothing anew.
	k := memKnown(append(mem, "- Board pins: the Arty A7 header JA.")...)
	k.removed[mem[1]] = true
	report = "Built it on the Arty A7-35T board as recorded and loaded it."
	reply := source{session: 1, msgID: "m2", quote: "Ah, no, that memory line is out of date."}
	cites := []cite{{clause: citedMemory(report, reply.quote), reply: reply}}
	if got := k.citedLines(cites, []source{reply}, func(int) bool { return true }); len(got) != 0 {
		t.Errorf("citedLines with the meant line removed = %v, want none", got)
	}
	// The rule said in the denying reply takes the line's place; one said
	// elsewhere does not.
	k = memKnown(mem...)
	cited := map[string]source{mem[0]: {session: 1, msgID: "m2"}}
	rule := candidate{kind: KindCorrection, line: "A bitstream with negative WNS doesn't get loaded.", srcs: []source{{session: 1, msgID: "m2"}}}
	if got, _ := k.followed(rule, cited, map[string]bool{}); got != mem[0] {
		t.Errorf("followed = %q, want %q", got, mem[0])
	}
	rule.srcs = []source{{session: 1, msgID: "m9"}}
	if got, _ := k.followed(rule, cited, map[string]bool{}); got != "" {
		t.Errorf("followed from another message = %q", got)
	}
}

// TestPathLine: a denial citing nothing names the one memory line that
// holds a folder or file it names; a path two lines hold, or none, names
// no line.
func TestPathLine(t *testing.T) {
	views := "- New dimensions go in the view files generated from the tables (views/*.view.lkml)."
	k := memKnown(views, "- Persistent derived tables go to the looker_scratch schema.", "- Explores live in explores/ and models/.")
	reply := source{session: 1, msgID: "m2", quote: "no. views/ is regenerated from the tables by scripts/regen_views.py, whatever you put there gets wiped."}
	got := k.citedLines([]cite{{reply: reply}}, []source{reply}, func(int) bool { return true })
	if _, ok := got[views]; !ok || len(got) != 1 {
		t.Errorf("citedLines(denial naming views/) = %v, want the views line", got)
	}
	for _, quote := range []string{
		"no. the measure is wrong, margin is over revenue.",
		"no. views/ and explores/ are both generated.",
	} {
		if l := k.pathLine(quote); l != "" {
			t.Errorf("pathLine(%q) = %q, want none", quote, l)
		}
	}
}

// TestSpanLine: a denial citing nothing of a report that wrote a memory
// line's setting as code ("consistency: :strong") names that line; a
// span too plain to name a setting (one word), or one no line writes,
// names none.
func TestSpanLine(t *testing.T) {
	dispatch := "- Command dispatch goes through Timeledger.App with consistency: :strong."
	k := memKnown(dispatch, "- Event store is EventStore on Postgres, port 5433.")
	m := mineSession(1, convo("s", time.Now(), "u:add timesheet approval",
		"a:The controller dispatches with `consistency: :strong` so the 200 response can include the `approved` state.",
		"u:no. take that out. we dispatch eventually consistent here, the controller answers 202."), nil)
	if len(m.cites) != 1 || !slices.Equal(m.cites[0].spans, []string{"consistency: :strong", "approved"}) {
		t.Fatalf("cites = %+v", m.cites)
	}
	got := k.citedLines(m.cites, []source{m.cites[0].reply}, func(int) bool { return true })
	if _, ok := got[dispatch]; !ok || len(got) != 1 {
		t.Errorf("citedLines(denied report writing the setting) = %v, want the dispatch line", got)
	}
	if l := k.spanLine([]string{"approved", "consistency: :eventual"}); l != "" {
		t.Errorf("spanLine = %q, want none", l)
	}
}

// TestMinedCites: mining keeps the reply to a report that cites memory
// with the citing sentence, the reply pointing at "that memory line" with
// the whole report, and a bare denial with no clause; a reply that agrees
// with a report citing nothing is no cite.
func TestMinedCites(t *testing.T) {
	for _, tt := range []struct {
		report, reply string
		want          []string // the clauses kept ("" for a bare denial)
	}{
		{"Built it. Per the project notes the warnings can be ignored, so I loaded it.", "no. negative slack is broken.", []string{"Per the project notes the warnings can be ignored, so I loaded it."}},
		{"Channels are CamelCase as recorded.", "Ah, no, that memory line is out of date.", []string{"Channels are CamelCase as recorded."}},
		{"Added the measure to views/sales.view.lkml.", "no. views/ is regenerated.", []string{""}},
		{"Added the measure to views/sales.view.lkml.", "great, thanks.", nil},
	} {
		m := mineSession(0, convo("s", time.Now(), "u:add a margin measure", "a:"+tt.report, "u:"+tt.reply), nil)
		var got []string
		for _, c := range m.cites {
			got = append(got, c.clause)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("cites after %q / %q = %q, want %q", tt.report, tt.reply, got, tt.want)
		}
	}
}

// TestCitedLinesWording: the ways a report cites memory ("like MEMORY.md
// says", "following the … rule in the notes", "the … note in memory", a
// sentence opening "MEMORY.md says") and a reply that denies it ("nooo")
// or owns it as a mistake name the line the citing clause shares the
// most terms with, one being enough; the clause is the one that cites, not
// an earlier one of the sentence that names another line.
func TestCitedLinesWording(t *testing.T) {
	mem := []string{"- Timestamps are shown in local time.", "- Awards are disbursed in two equal instalments, six months apart.",
		"- Templates use the *ngIf / *ngFor structural directives.", "- Shift start and end are stored as ISO strings in UTC.",
		"- Never edit non-English .ftl files by hand; fixes go through Weblate.", "- Images are referenced with relative paths under assets/img."}
	for _, tt := range []struct{ report, reply, want string }{
		{"Added the column; entries are converted with chrono::Local as MEMORY.md says.", "Local time is precisely wrong, the boxes sit in three zones.", mem[0]},
		{"It creates two rows, each for half the award, following the two-equal-instalments rule in the notes.", "ahh ok that one's on me, the notes are out of date.", mem[1]},
		{"On the shift card I added start/end with the London zone, and listed the breaks with *ngFor, in line with the structural-directive note in memory.", "That memory note is stale: new templates use @for.", mem[2]},
		{"MEMORY.md says non-English .ftl files are never edited by hand, so I've not touched pt-BR.", "No no, for pt-BR it is different.", mem[4]},
		{"The map image uses a relative path like the MEMORY notes say.", "nooo. the CDN, absolute links, every time.", mem[5]},
		{"Awards are split in two, as in the project notes.", "Thank you. I'm afraid the note about instalments is my own mistake.", mem[1]},
		// Negatives: a reply that agrees, a report citing nothing.
		{"The map image uses a relative path like the MEMORY notes say.", "great, and now the footer.", ""},
		{"The map image uses a relative path.", "nooo. the CDN, absolute links, every time.", ""},
	} {
		got := citedBy(mem, tt.report, tt.reply, true)
		if got != tt.want {
			t.Errorf("citedLines(%q, %q) = %q, want %q", tt.report, tt.reply, got, tt.want)
		}
	}
}

// TestTakesDenied: a denied line no rule took goes to the one rule said at
// or after the denying reply that shares the most terms with it, two at
// least; a rule said before the reply, a rule for every project, a tie or
// a rule sharing one term take nothing.
func TestTakesDenied(t *testing.T) {
	line := "- DNF/DNC boats score the number of starters + 1."
	at := func(day int) source {
		return source{session: day, msgID: "m", at: time.Date(2026, 3, day, 9, 0, 0, 0, time.UTC)}
	}
	reply := at(2)
	rule := func(text string, day int) candidate {
		return candidate{kind: KindCorrection, line: text, srcs: []source{at(day)}}
	}
	same := "A boat that didn't finish scores the number of boats entered in the series plus one."
	for _, tt := range []struct {
		name  string
		cands []candidate
		want  int // the index of the candidate that takes the line, -1 for none
	}{
		{"after the reply", []candidate{rule("Use the Oxford comma.", 3), rule(same, 3)}, 1},
		{"in the reply's session", []candidate{rule(same, 2)}, 0},
		{"before the reply", []candidate{rule(same, 1)}, -1},
		{"one term", []candidate{rule("Every boat gets a sail.", 3)}, -1},
		{"a tie", []candidate{rule(same, 3), rule(same+" Always.", 4)}, -1},
		{"global", []candidate{{kind: KindInstruction, line: same, global: true, srcs: []source{at(3)}}}, -1},
	} {
		k := memKnown(line)
		taken := map[string]bool{}
		k.takesDenied(tt.cands, map[string]disowner{line: {by: reply}}, nil, taken, "")
		got := slices.IndexFunc(tt.cands, func(c candidate) bool { return c.replaces == line })
		if got != tt.want || taken[line] != (tt.want >= 0) {
			t.Errorf("%s: line taken by %d (taken %v), want %d", tt.name, got, taken[line], tt.want)
		}
	}
}

// TestDisownedLinesWording: memory named as saying a thing in other words
// ("the MEMORY thing says", "the notes say"), called deprecated, a
// mistake, from before a change or to be ignored, disowns the line holding
// the thing; a thing no line holds word for word names the one line
// sharing the most terms with it (a plural, a clause). A message that
// agrees, or a thing two lines share alike, disowns nothing.
func TestDisownedLinesWording(t *testing.T) {
	mem := []string{"- Frame-based timers use room_speed.", "- Movement speeds are in pixels per frame; the loop runs at 60 FPS.",
		"- player.js tracks the trust score and passes it into the story.", "- The post button is built with the widget API (createWidget).",
		"- Known issues are excluded in tests/a11y/axe-config.ts (disableRules) until the player team fixes them.",
		"- Field names are emitted in camelCase.", "- The post list uses the story API.", "- Timestamps are shown in local time.",
		"- Everything fetched from upstream is cached forever."}
	for _, tt := range []struct{ msg, want string }{
		{"the MEMORY thing says room_speed but that's deprecated so don't use that either", mem[0]},
		{"That per-frame line in the memory file is from the stone age, ignore it.", mem[1]},
		{"I know the notes say player.js keeps it, but I think that was a mistake on my part.", mem[2]},
		{"And ignore what memory says about widgets, that's how I did v1.", mem[3]},
		{"I know the memory says we park known issues in disableRules, but that is out of date.", mem[4]},
		{"I know the memory says camelCase; that was before we changed the backend.", mem[5]},
		{"Snapshots must not land in the cache. I know the memory file says everything is cached forever; that's true for releases only.", mem[8]},
		// Memory called wrong with nothing named is wrong about what its
		// message calls wrong.
		{"Local time is precisely wrong. UTC. The memory note is wrong, fix that as well.", mem[7]},
		// Negatives.
		{"That is wrong. The memory note is wrong.", ""},
		{"Local time is precisely wrong, use UTC.", ""},
		{"the notes say player.js keeps it, and it does.", ""},
		{"the memory says the post API, but that is out of date.", ""},
	} {
		if got := disownedBy(mem, tt.msg); got != tt.want {
			t.Errorf("disownedLines(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}

// TestTakesDeniedByName: a denied line no rule shares two terms with goes
// to the rule said nearest after a sentence naming what the line was
// disowned for, in the same message; two rules as near take nothing.
func TestTakesDeniedByName(t *testing.T) {
	line := "- Timestamps are shown in local time."
	denial := source{session: 1, msgID: "m1", seq: 3, quote: "The memory note is wrong, fix that as well."}
	named := source{session: 4, msgID: "m4", seq: 1, quote: "You've stamped the export with local time."}
	said := []source{denial, named}
	rule := func(text string, seq int) candidate {
		return candidate{kind: KindCorrection, line: text, srcs: []source{{session: 4, msgID: "m4", seq: seq}}}
	}
	utc := rule("Everything jtail shows or writes is UTC, no exceptions.", 2)
	emoji := rule("No emoji in commit messages.", 3)
	for _, tt := range []struct {
		name  string
		cands []candidate
		want  int
	}{
		{"nearest after the name", []candidate{emoji, utc}, 1},
		{"as near", []candidate{utc, rule("Logs are kept for 30 days.", 2)}, -1},
		{"no name said before", []candidate{rule("Everything jtail shows or writes is UTC.", 0)}, -1},
	} {
		k := memKnown(line)
		cands := slices.Clone(tt.cands)
		k.takesDenied(cands, map[string]disowner{line: {name: "local time", by: denial}}, said, map[string]bool{}, "")
		if got := slices.IndexFunc(cands, func(c candidate) bool { return c.replaces == line }); got != tt.want {
			t.Errorf("%s: line taken by %d, want %d", tt.name, got, tt.want)
		}
	}
}
