package offline

import (
	"maps"
	"strings"
	"testing"
)

// TestRestatedByBackReference: a fact said in passing and named again in a
// later session as already settled ("still", "the same way", "like the
// others") is one candidate with both sessions, worded by the earlier,
// complete sentence, never by the back-reference.
func TestRestatedByBackReference(t *testing.T) {
	cases := []struct {
		name         string
		first, again string
		want         string
	}{
		{"a folder said again with still",
			"Nightly thumbnails are written to /srv/media/thumbs/, the CDN syncs from there.",
			"the CDN still syncs from /srv/media/thumbs/ like before",
			"Nightly thumbnails are written to /srv/media/thumbs/, the CDN syncs from there."},
		{"a list repeated",
			"The build matrix covers LINUX, MACOS, WINDOWS and FREEBSD; nothing else gets a runner.",
			"for the release branch the same matrix still, LINUX, MACOS, WINDOWS, FREEBSD.",
			"The build matrix covers LINUX, MACOS, WINDOWS and FREEBSD."},
		{"a proper name and one more term",
			"Background jobs run on Beanstalk and every tube is declared in config/tubes.yml.",
			"the mailer gets its own Beanstalk tube too, declared like the others",
			"Background jobs run on Beanstalk and every tube is declared in config/tubes.yml."},
	}
	for _, tc := range cases {
		got := candidatesOf(
			[]string{"u:let's start on the statements page", "u:" + tc.first},
			[]string{"u:next the mailer", "u:" + tc.again},
		)
		if len(got) != 1 || got[0].line != tc.want || len(sessionsOf(got[0])) != 2 {
			t.Errorf("%s: got %+v; want one candidate %q from both sessions", tc.name, got, tc.want)
		}
	}
}

// TestRestatedStatementKeepsItsWording: a statement said once gains the
// back-reference of another session as its second session, even when that
// names its subject by a shorter name ("GoldenFile" for
// GoldenFileHarness); the instance the back-reference asks for is no rule
// of its own.
func TestRestatedStatementKeepsItsWording(t *testing.T) {
	rule := "Snapshot tests compare against the GoldenFileHarness, never against strings pasted into the test."
	got := candidatesOf(
		[]string{"u:" + rule},
		[]string{"u:lexer snapshots go through GoldenFile as well"},
	)
	if len(got) != 1 || !strings.Contains(got[0].line, "GoldenFileHarness") || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the rule from both sessions", got)
	}
	got = candidatesOf(
		[]string{"u:Every migration lives in db/migrate/ and is named with its timestamp."},
		[]string{"u:add the audit_log migration into db/migrate/ like the others"},
	)
	if len(got) != 1 || !strings.HasPrefix(got[0].line, "Every migration lives in db/migrate/") {
		t.Fatalf("got %+v; want the rule only, not the new migration", got)
	}
}

// TestBackReferenceMergesNothingElse: a later sentence that names the same
// thing but reports trouble, asks, names it without referring back, or
// shares only one plain name makes nothing recur.
func TestBackReferenceMergesNothingElse(t *testing.T) {
	first := "u:Nightly thumbnails are written to /srv/media/thumbs/, the CDN syncs from there."
	for _, again := range []string{
		"u:the CDN sync from /srv/media/thumbs/ still fails with a 403",
		"u:does the CDN still sync from /srv/media/thumbs/?",
		"u:copy the CDN thumbnails from /srv/media/thumbs/ to my laptop",
		"u:the CDN still wants the favicon at the root",
	} {
		if got := candidatesOf([]string{first}, []string{again}); len(got) != 0 {
			t.Errorf("%q: got %+v; want nothing", again, got)
		}
	}
	// A "still" that names the old value to have it replaced, or a state
	// that has not ended yet, confirms nothing.
	for _, c := range [][2]string{
		{"u:Nightly dumps go to the vault-a host under /dumps/nightly and are kept for 30 days.",
			"u:We put the dumps on vault-b last week. Update whatever still points at vault-a under /dumps/nightly."},
		{"u:Ticket 88 is open against the Billing repo and waits for Ines's approval.",
			"u:Ticket 88 still waits for Ines's approval in Billing."},
	} {
		if got := candidatesOf([]string{c[0]}, []string{c[1]}); len(got) != 0 && len(sessionsOf(got[0])) > 1 {
			t.Errorf("%q then %q: got %+v; want no fact from both sessions", c[0], c[1], got)
		}
	}
	// Two facts about one product are two facts.
	if got := candidatesOf([]string{"u:The dashboards read their metrics from Grafana Cloud."},
		[]string{"u:Alerts still page through Grafana OnCall."}); len(got) != 0 {
		t.Errorf("one shared name: got %+v; want nothing", got)
	}
}

// TestRestatedByItsMeans: a back-reference that names, as its means, a
// tool the rule named in plain words ("rendered with mustache too") makes
// the rule recur, unless the person names that tool in other sessions as
// well: then it is the project's everyday word, not the rule's subject.
func TestRestatedByItsMeans(t *testing.T) {
	rule := []string{"u:Templates stay on mustache, don't pull in another engine."}
	again := []string{"u:the invoice emails rendered with mustache too"}
	got := candidatesOf(rule, again)
	if len(got) != 1 || !strings.Contains(got[0].line, "mustache") || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the rule from both sessions", got)
	}
	if got := candidatesOf(rule, []string{"u:mustache partials sit next to the mailer now"}, again); len(got) != 0 {
		t.Errorf("named in a third session: got %+v; want nothing", got)
	}
}

// TestRareSubjectNamedAgain: a fact said once in passing is named again in
// a later session by its one rare word, the tool it is done with or a name
// the person writes as one, said as settled or as a rule that opens with
// it; the earlier, complete sentence words the fact.
func TestRareSubjectNamedAgain(t *testing.T) {
	cases := []struct {
		name         string
		first, again string
	}{
		{"the tool it goes through, then 'too'",
			"Release notes go through towncrier, one fragment per change.",
			"and a towncrier fragment for the cache rework too"},
		{"the tool it goes in, then 'again'",
			"Load tests go in locust, not a shell loop around curl.",
			"locust again for the checkout scenario please"},
		{"a name, then 'like every'",
			"Coordinates are FixedPoint, not plain ints.",
			"FixedPoint, like every position field."},
		{"the tool, then a rule that opens with it",
			"Schema changes go through flyway, one versioned script each.",
			"flyway migrate for the reporting schema, not a hand-written script file"},
	}
	for _, tc := range cases {
		got := candidatesOf(
			[]string{"u:set up the nightly job", "u:" + tc.first},
			[]string{"u:the sidebar needs a collapse button"},
			[]string{"u:" + tc.again},
		)
		if len(got) != 1 || got[0].line != tc.first || len(sessionsOf(got[0])) != 2 {
			t.Errorf("%s: got %+v; want %q from two sessions", tc.name, got, tc.first)
		}
	}
}

// TestRareSubjectTiesNothingElse: one shared word ties two sessions only
// when the person names it in those two alone, and when the later one
// names it as settled or as what the rule is done with: the project's
// everyday words, two rules about one subject and a new value tie nothing.
func TestRareSubjectTiesNothingElse(t *testing.T) {
	first := "u:Release notes go through towncrier, one fragment per change."
	for _, tc := range []struct {
		name  string
		other []string
		again string
	}{
		{"named in a third session", []string{"u:towncrier complains about the template"}, "u:and a towncrier fragment for the cache rework too"},
		{"neither settled nor opening with it", nil, "u:the docs build runs towncrier before sphinx"},
		{"a question", nil, "u:does towncrier run in CI too?"},
		{"a report of trouble with it", nil, "u:towncrier was too slow, the notes are hand-written again"},
		{"'again' for what happened to it", nil, "u:towncrier mangled the changelog again"},
		{"taken out again", nil, "u:pulling towncrier out again, we write the notes by hand"},
	} {
		sessions := [][]string{{first}}
		if tc.other != nil {
			sessions = append(sessions, tc.other)
		}
		sessions = append(sessions, []string{tc.again})
		if got := candidatesOf(sessions...); len(got) != 0 {
			t.Errorf("%s: got %+v; want nothing", tc.name, got)
		}
	}
	// Two rules that share their subject only are two facts.
	if got := candidatesOf([]string{"u:Kiln shelves are cordierite from the Ashby supplier."}, []string{"u:kiln shelves get a wash of alumina before each firing"}); len(got) != 0 {
		t.Errorf("two rules of one subject: got %+v; want nothing", got)
	}
	// A new value of a setting is another setting.
	if got := candidatesOf([]string{"u:The render farm runs Blender 3.6."}, []string{"u:Blender 4.2 for the thumbnails too"}); len(got) != 0 {
		t.Errorf("a new value: got %+v; want nothing", got)
	}
}

// TestRuleVerbsTieNoCorrection: a correction and a statement of other
// sessions that share only how they are said ("go through") are two facts.
func TestRuleVerbsTieNoCorrection(t *testing.T) {
	a := stmt{line: "No raw SQL strings, go through the query builder.", correction: true}
	b := stmt{line: "Metrics go through statsd, not stdout."}
	if sameStmt(a, b) || sameStmt(b, a) {
		t.Fatalf("%q and %q read as one fact", a.line, b.line)
	}
}

// TestRareCodeNameLeansBack: a back-reference that shares with an earlier
// sentence only a name written as code, one the person names in those two
// sessions alone, leans on it; the earlier sentence words the fact with
// the clause that goes on about the name ("which …"). Named in a third
// session too, the name is the project's everyday word and ties nothing.
func TestRareCodeNameLeansBack(t *testing.T) {
	first := "u:The nightly export logs in as the report_reader role, which has no write grants, so a bad query costs us nothing."
	again := "u:It still connects through report_reader, naturally."
	got := candidatesOf([]string{first}, []string{"u:the chart colours are off"}, []string{again})
	if len(got) != 1 || got[0].line != "The nightly export logs in as the report_reader role, which has no write grants." || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the role's sentence from both sessions", got)
	}
	got = candidatesOf([]string{first}, []string{"u:report_reader needs a password rotation"}, []string{again})
	if len(got) != 0 {
		t.Fatalf("named in a third session: got %+v; want nothing", got)
	}
}

// TestDirectoryOpensPath: a place named as a directory in one session and
// as the root of a longer path in another is one fact; a plain top-level
// folder every project has ties nothing.
func TestDirectoryOpensPath(t *testing.T) {
	first := "u:The upload bucket is `media-v2/`, not `media/`."
	got := candidatesOf([]string{first}, []string{"u:Reminder the thumbnails all sit under `media-v2/thumbs/<size>/`."})
	if len(got) != 1 || !strings.Contains(got[0].line, "media-v2/") || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the bucket line from both sessions", got)
	}
	got = candidatesOf([]string{"u:The helpers are in `lib/`."}, []string{"u:Reminder the parser sits under `lib/parse/<dialect>/`."})
	if len(got) != 0 {
		t.Fatalf("a plain top-level folder: got %+v; want nothing", got)
	}
}

// TestFailureRuleLeansBack: where failures are sent is a rule, not a
// report of one, and a channel or a handle is a name: "on failure, page
// #x" then "failures go to #x like the others" is one fact of two
// sessions. A failure reported again still ties nothing.
func TestFailureRuleLeansBack(t *testing.T) {
	first := "u:on failure, page #db-oncall via the pager hook in ops/hooks.py"
	got := candidatesOf([]string{first}, []string{"u:new cron job: vacuum_weekly"}, []string{"u:failures go to #db-oncall like the others"})
	if len(got) != 1 || !strings.Contains(got[0].line, "#db-oncall via the pager hook") || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the paging rule from both sessions", got)
	}
	got = candidatesOf([]string{first}, []string{"u:the vacuum job still fails on #db-oncall like before"})
	if len(got) != 0 {
		t.Fatalf("a failure reported again: got %+v; want nothing", got)
	}
}

// TestSettingUsedByNameRecurs: a setting never stated as a rule, only
// named as code in the requests of several sessions, one leaning back on
// it ("same X", "X again", "like the rest"), is one fact of all those
// sessions, worded by the clause that states it, or by the noun and the
// name when no clause does; never by the back-reference.
func TestSettingUsedByNameRecurs(t *testing.T) {
	got := candidatesOf(
		[]string{"u:the kiosk screen needs a clock. the kiosk reads its config from KIOSK_CONF_DIR btw dont hardcode the path"},
		[]string{"u:new screen for the opening hours, same KIOSK_CONF_DIR for the holiday list"},
		[]string{"u:weather widget next, KIOSK_CONF_DIR again for the city"},
	)
	if len(got) != 1 || !strings.HasPrefix(got[0].line, "The kiosk reads its config from KIOSK_CONF_DIR") || len(sessionsOf(got[0])) != 3 {
		t.Fatalf("got %+v; want the config sentence from all three sessions", got)
	}
	got = candidatesOf(
		[]string{"u:add a thumbnail resizer lambda. zone ap-south-2 like the rest"},
		[]string{"u:and a cleanup job for old uploads, ap-south-2"},
	)
	if len(got) != 1 || got[0].line != "Zone ap-south-2." || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the zone from both sessions", got)
	}
}

// TestSettingNamedTwiceNeedsALeanBack: a name said in two sessions without
// leaning back, said once with a different statement about it in another
// session, or changed, is no setting said again.
func TestSettingNamedTwiceNeedsALeanBack(t *testing.T) {
	for name, sessions := range map[string][][]string{
		"no lean-back": {
			{"u:the kiosk reads its config from KIOSK_CONF_DIR"},
			{"u:print KIOSK_CONF_DIR in the debug overlay"},
		},
		"another statement": {
			{"u:the kiosk reads its config from KIOSK_CONF_DIR"},
			{"u:the menu reads KIOSK_CONF_DIR the same way"},
			{"u:KIOSK_CONF_DIR is mounted read-only on the old units"},
		},
		"changed": {
			{"u:the kiosk reads its config from KIOSK_CONF_DIR"},
			{"u:same KIOSK_CONF_DIR for the menu"},
			{"u:we moved the config from KIOSK_CONF_DIR to KIOSK_ETC last week"},
		},
	} {
		for _, c := range candidatesOf(sessions...) {
			if strings.HasPrefix(c.line, "The kiosk reads") {
				t.Errorf("%s: got %q; want no line of the config setting", name, c.line)
			}
		}
	}
}

// TestRenamedSettingIsNoRecurrence: a name said to be gone or renamed in
// one session is an old value, however another session leaned on it.
func TestRenamedSettingIsNoRecurrence(t *testing.T) {
	said := []source{
		{session: 0, quote: "add the shelf labels job, printing through spool_a like the others"},
		{session: 1, quote: "ops renamed the spool, spool_a is gone, it's labels_spool now"},
	}
	if got, _ := recurringNames(nil, said, nil); len(got) != 0 {
		t.Fatalf("got %+v; want nothing", got)
	}
}

// TestUnitNameRecurs: a name made of a capital and a word ("K-tick",
// plural or not) is a setting's name too, and a statement of it that
// leans back ("…, like everything else") gives way to the clause of an
// earlier session that states it.
func TestUnitNameRecurs(t *testing.T) {
	got := candidatesOf(
		[]string{"u:Also, the scheduler is K-tick based, not wall-clock, so a frame costs exactly four K-ticks."},
		[]string{"u:And the sleep budget should be in K-ticks, like everything else in the loop."},
	)
	if len(got) != 1 || !strings.HasPrefix(got[0].line, "The scheduler is K-tick based") || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want the scheduler's sentence from both sessions", got)
	}
	if l, _ := wordingOf("keep in mind the scheduler is K-tick based", "k-tick"); l != "The scheduler is K-tick based." {
		t.Fatalf("got %q; want the statement without its lead", l)
	}
}

// TestRecurNamesNumbers: a number of four digits or more is a value a
// setting can hold; a shorter one, or a version, path or sum, is not one
// on its own.
func TestRecurNamesNumbers(t *testing.T) {
	for s, want := range map[string]bool{
		"the monitor reads at 115200, as on the other boards": true,
		"keep it under 200 rows":                              false,
		"we are on 3.12":                                      false,
		"it costs 4.99 per seat":                              false,
	} {
		got := recurNames(s)
		has := false
		for n := range got {
			has = has || strings.Trim(n, "0123456789") == ""
		}
		if has != want {
			t.Errorf("recurNames(%q) = %v, want a number: %v", s, got, want)
		}
	}
}

// TestRecurNamesEverydayWords: a capital and a word is a name of the
// project's own ("Q-step"), but not an everyday word of that shape, which
// would tie two sessions by nothing.
func TestRecurNamesEverydayWords(t *testing.T) {
	got := recurNames("Send it by E-mail, plot the X-axis; counts are in Q-steps and T-class units.")
	want := map[string]bool{"q-step": true, "t-class": true}
	if !maps.Equal(got, want) {
		t.Errorf("recurNames = %v, want %v", got, want)
	}
}

// TestSettingSaidInOtherWords: a name written as code that the person
// names in three sessions, leaning back on it once, is one setting even
// when each session words it otherwise ("the boards figure out their role
// through ROLE_PIN", "the role needs the ROLE_PIN jumper"). A session
// that states something of the name itself ("ROLE_PIN is floating on the
// rev A units") still says it is no settled value.
func TestSettingSaidInOtherWords(t *testing.T) {
	got := candidatesOf(
		[]string{"u:ok so the boards figure out their role through ROLE_PIN, they all run one firmware"},
		[]string{"u:new batch of boards arrived; the role needs the ROLE_PIN jumper set on each board"},
		[]string{"u:add a status led, the sensor node is still the ROLE_PIN high one"},
	)
	if len(got) != 1 || !strings.HasPrefix(got[0].line, "The boards figure out their role through ROLE_PIN") || len(sessionsOf(got[0])) != 3 {
		t.Fatalf("got %+v; want the role sentence from all three sessions", got)
	}
	for _, c := range candidatesOf(
		[]string{"u:ok so the boards figure out their role through ROLE_PIN, they all run one firmware"},
		[]string{"u:ROLE_PIN is floating on the rev A units, they need a pull-down"},
		[]string{"u:add a status led, the sensor node is still the ROLE_PIN high one"},
	) {
		if strings.Contains(c.line, "ROLE_PIN") {
			t.Errorf("got %q; want no line: another session states something of ROLE_PIN itself", c.line)
		}
	}
}

// TestSettingNamedInThreeSessions: a name the person uses in three
// sessions, none leaning back, is a setting when one session gives it as
// the value of something ("the signal queue is called QSIGNALS"); a
// constant in capitals is such a name too. A name that is only what each
// request is about ("ChartPanel needs a legend") is no setting.
func TestSettingNamedInThreeSessions(t *testing.T) {
	got := candidatesOf(
		[]string{"u:The signal queue is called QSIGNALS in this firmware."},
		[]string{"u:push the button events onto QSIGNALS"},
		[]string{"u:the watchdog kicks go through QSIGNALS as well"},
	)
	if len(got) != 1 || !strings.HasPrefix(got[0].line, "The signal queue is called QSIGNALS") || len(sessionsOf(got[0])) != 3 {
		t.Fatalf("got %+v; want the queue sentence from all three sessions", got)
	}
	got = candidatesOf(
		[]string{"u:Please add the bond pricer. Note that settlement for all gilts here uses the LONDONSTD calendar."},
		[]string{"u:The repo pricer next, with LONDONSTD for the settlement dates."},
		[]string{"u:Coupon schedule for the linkers; LONDONSTD settlement, obviously."},
	)
	if len(got) != 1 || !strings.Contains(got[0].line, "LONDONSTD calendar") || len(sessionsOf(got[0])) != 3 {
		t.Fatalf("got %+v; want the calendar sentence from all three sessions", got)
	}
	for _, sessions := range [][][]string{
		{{"u:fix the tooltip in ChartPanel"}, {"u:ChartPanel needs a legend"}, {"u:make ChartPanel resizable"}},
		{{"u:is the queue QSIGNALS?"}, {"u:does QSIGNALS drop events?"}, {"u:why is QSIGNALS full?"}},
		{{"u:the signal queue is called QSIGNALS"}, {"u:push the button events onto QSIGNALS"}},
		{{"u:I have added the screen to MAIN_NAV."}, {"u:the settings page goes into MAIN_NAV"}, {"u:sort MAIN_NAV by name"}},
	} {
		for _, c := range candidatesOf(sessions...) {
			if strings.Contains(c.line, "ChartPanel") || strings.Contains(c.line, "QSIGNALS") || strings.HasPrefix(c.line, "I have added") {
				t.Errorf("got %q; want no setting line", c.line)
			}
		}
	}
	if got := recurNames("Run it NEVER EVER against PROD, the queue is QSIGNALS"); len(got) != 0 {
		t.Errorf("recurNames of a shouted sentence = %v, want none", got)
	}
	if got := recurNames("every table here is created ON CLUSTER main_ring, I added theories/Normal.v too"); got["cluster"] {
		t.Errorf("recurNames = %v, want no SQL keyword", got)
	}
	if got := recurNames("the calendar is TARGET, not the US one"); !got["target"] || len(got) != 1 {
		t.Errorf("recurNames = %v, want target", got)
	}
}

// TestMarkedNameRecurs: a name its punctuation marks as code although it
// holds only letters and dashes (a template attribute in braces, an
// option or a custom property prefix after a double dash) ties a fact
// said once to another session that names it again, in any domain; the
// same words written plainly tie nothing.
func TestMarkedNameRecurs(t *testing.T) {
	cases := []struct {
		name         string
		first, again string
		want         string
	}{
		{"an attribute in braces",
			"The company name goes in as {company-name}, legal changes it every other year.",
			"the letterhead still spells it out, swap it for {company-name} like the others",
			"{company-name}"},
		{"a placeholder in braces",
			"In the mail templates the greeting uses {first-name}, not a typed-out name.",
			"the reminder template has a hardcoded Dear customer, put {first-name} there as well",
			"{first-name}"},
		{"a custom property prefix",
			"All the theme variables come out with the --acme- prefix so the apps can grep for them.",
			"every generated token keeps the --acme- prefix, check the dark theme too",
			"--acme-"},
		{"a prefix of class names",
			"Every utility class in the design system is written with the --ds- prefix, the apps rely on it.",
			"the new spacing helpers also get the --ds- prefix, same as the rest",
			"--ds-"},
	}
	for _, tc := range cases {
		got := candidatesOf(
			[]string{"u:let's start on the templates", "u:" + tc.first},
			[]string{"u:next the mailer", "u:" + tc.again},
		)
		if len(got) != 1 || !strings.Contains(got[0].line, tc.want) || len(sessionsOf(got[0])) != 2 {
			t.Errorf("%s: got %+v; want one candidate naming %q from both sessions", tc.name, got, tc.want)
		}
	}
	// Plain words, a shared word only, a question, or a dash used as a
	// pause recur with nothing.
	for _, tc := range []struct{ first, again string }{
		{"The company name goes in as an attribute, legal changes it every other year.",
			"the letterhead still spells the company name out"},
		{"The company name goes in as {company-name}, legal changes it every other year.",
			"does {company-name} also work in the footer?"},
		{"The nightly sync runs every night at two.",
			"the sync was slow --again-- last night"},
		{"For this debug session only turn -O0 on in the release preset.",
			"configure is still cmake --preset debug, then the release build"},
	} {
		if got := candidatesOf([]string{"u:" + tc.first}, []string{"u:" + tc.again}); len(got) != 0 {
			t.Errorf("%q / %q: got %+v; want nothing", tc.first, tc.again, got)
		}
	}
}

// TestMarkedName: which words are names marked as code, and as what.
func TestMarkedName(t *testing.T) {
	for w, want := range map[string]string{
		"{product-name}": "product-name", "--bl-": "bl", "--mdc-theme-": "mdc-theme", "--no-verify": "", "--preset": "", "--again--": "",
		"{x}": "", "--": "", "---": "", "--2": "", "{{": "", "{site_title}": "", "name": "", "-v": "",
	} {
		if got := markedName(w); got != want {
			t.Errorf("markedName(%q) = %q; want %q", w, got, want)
		}
	}
}

// TestPathEndNamedAlone: a path's last part, a name of the project's own
// with letters and a digit, named alone in another session makes the line
// recur ("assessments go in courseInstances/Fa26", "add it to hw4 in
// Fa26"); a plain word or a number at the end of a path does not.
func TestPathEndNamedAlone(t *testing.T) {
	for _, tc := range []struct{ first, again, want string }{
		{"The regional configs live in deploy/eu2 not deploy/eu1.", "bump the replica count in eu2", "deploy/eu2"},
		{"Exam papers go in archive/ws25 and nowhere else.", "add the resit to ws25", "archive/ws25"},
		{"Student submissions are kept in courses/cs101/spring2027.", "grade the late ones in spring2027", "spring2027"},
	} {
		got := candidatesOf([]string{"u:" + tc.first}, []string{"u:" + tc.again})
		if len(got) != 1 || !strings.Contains(got[0].line, tc.want) || len(sessionsOf(got[0])) != 2 {
			t.Errorf("%q: got %+v; want one candidate naming %q from both sessions", tc.first, got, tc.want)
		}
	}
	for _, tc := range []struct{ first, again string }{
		{"The helpers live in src/api.", "the api is slow today"},
		{"Logs are kept in logs/2026.", "2026 was a long year"},
		{"The regional configs live in deploy/eu2.", "what is in eu2?"},
	} {
		if got := candidatesOf([]string{"u:" + tc.first}, []string{"u:" + tc.again}); len(got) != 0 {
			t.Errorf("%q / %q: got %+v; want nothing", tc.first, tc.again, got)
		}
	}
}
