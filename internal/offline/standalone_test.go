package offline

import (
	"strings"
	"testing"
)

func TestStandsAlone(t *testing.T) {
	wantEach(t, "standsAlone", standsAlone, map[string]bool{
		// Fragments that lean on the conversation.
		"Sure, yeah, go ahead with that approach.":                         false,
		"On the laptop it's fine, always, the desktop is the odd one out.": false,
		"That is the way we like it, one commit per feature.":              false,
		// Lines that say what they are about.
		"Yeah, the staging database listens on 6543 now.":            true,
		"It's Forgejo now, not the old Gitea box.":                   true,
		"Every endpoint returns problem+json errors, no exceptions.": true,
		"Fixtures are never shared between test modules.":            true,
		"Always write docstrings in the imperative mood.":            true,
		// A determiner before a noun names the subject; a yes or an
		// "exactly" inside the rule is not a reply.
		"This repo always squashes merge commits.":                     true,
		"Each test has exactly one assertion, always.":                 true,
		"This project never vendors dependencies.":                     true,
		"These migrations are append-only, never edit an applied one.": true,
		"Never answer yes to an interactive prompt on the server.":     true,
		"This is how we do it here, always.":                           false,
		"Ok, yes, keep doing that every time.":                         false,
		// Stressing the rule of the sentence before: the rule is there.
		"No exceptions, the product teams grep for it.":            false,
		"Without exception: the auditors sample them every month.": false,
		"Every single time, the night nurse checks it twice.":      false,
		"No exceptions: every migration gets a down script.":       true,
		"No exceptions, ferry tickets are checked at pier 4.":      true,
	})
}

// wantEach checks what a predicate over sentences says of each case.
func wantEach(t *testing.T, name string, f func(string) bool, cases map[string]bool) {
	t.Helper()
	for s, want := range cases {
		if got := f(s); got != want {
			t.Errorf("%s(%q) = %v, want %v", name, s, got, want)
		}
	}
}

// A fragment said once is not proposed; said in two sessions, recurrence
// is its second signal and it goes through the usual merging.
func TestFragmentSaidOnceIsDropped(t *testing.T) {
	all := func(int) bool { return true }
	frag := stmt{line: "On the laptop it's fine, always.", lasting: true, src: source{session: 0, quote: "on the laptop it's fine, always"}}
	if got := instructionCandidates([]stmt{frag}, nil, nil, all); len(got) != 0 {
		t.Fatalf("fragment said once proposed: %+v", got)
	}
	rule := stmt{line: "Always run migrations through the make target.", lasting: true, src: source{session: 0, quote: "always run migrations through the make target"}}
	if got := instructionCandidates([]stmt{rule}, nil, nil, all); len(got) != 1 {
		t.Fatalf("a rule said once with its subject: got %d candidates, want 1", len(got))
	}
	for _, line := range []string{"This repo always squashes merge commits.", "Each test has exactly one assertion, always."} {
		once := stmt{line: line, lasting: true, src: source{session: 0, quote: strings.ToLower(strings.TrimSuffix(line, "."))}}
		if got := instructionCandidates([]stmt{once}, nil, nil, all); len(got) != 1 {
			t.Errorf("%q said once: got %d candidates, want 1", line, len(got))
		}
	}
}

// TestCutShortIsDropped: a line that stops on a word that opens more of
// the sentence (a relative pronoun, a conjunction, an article) is half a
// sentence and never a candidate, however it was marked; a line ending on
// a word a sentence may end on stays.
func TestCutShortIsDropped(t *testing.T) {
	all := func(int) bool { return true }
	for _, line := range []string{
		"A cancellation records cancelled_at, which.",
		"Every greenhouse sensor reports to the panel, and.",
		"Sample plates are labelled with the donor id, whose.",
		"Always store the readings in the.",
	} {
		st := stmt{line: line, lasting: true, src: source{session: 0, quote: strings.ToLower(line)}}
		if got := instructionCandidates([]stmt{st}, nil, nil, all); len(got) != 0 {
			t.Errorf("%q: got %+v, want nothing", line, got)
		}
	}
	for _, line := range []string{
		"Every greenhouse sensor reports to the panel, never to the cloud.",
		"Never hand-edit the lock file, regenerate that.",
		"Sample plates are labelled with the donor id, which is the LIMS key.",
	} {
		st := stmt{line: line, lasting: true, src: source{session: 0, quote: strings.ToLower(line)}}
		if got := instructionCandidates([]stmt{st}, nil, nil, all); len(got) != 1 {
			t.Errorf("%q: got %d candidates, want 1", line, len(got))
		}
	}
}

// TestEndsOpen: a line that stops inside a bracket, a code span or a
// quotation it opened is a cut sentence and never passes the last gate
// (cleanLine); brackets and quotes closed, or inside a code span, are
// whole.
func TestEndsOpen(t *testing.T) {
	in := Input{Redact: func(s string) string { return s }}
	for _, line := range []string{
		"We upgraded the build tooling over the weekend (the platform team did it.",
		"Greenhouse sensors report every minute [except the roof ones.",
		"The choir warms up with \"Ave verum before.",
		"Invoices are numbered with `INV-{year}-.",
		"Ferries leave from pier 4 {summer timetable.",
		"The label says “handle with care.",
	} {
		if !endsOpen(line) {
			t.Errorf("endsOpen(%q) = false, want true", line)
		}
		if _, ok := cleanLine(in, line, "", false); ok {
			t.Errorf("cleanLine(%q) kept a line left open", line)
		}
	}
	for _, line := range []string{
		"All dimension tokens (spacing, radius, font size) are authored in rem, not px.",
		"A component token points at a semantic token like `{surface.raised}`, never at a hex code.",
		"Sample ids look like `S(12` in the old LIMS export, keep them as they are.",
		"Say \"pier 4\" in the ferry notices, never \"the east pier\".",
		"Sizes are listed as 1) small 2) large.",
	} {
		if endsOpen(line) {
			t.Errorf("endsOpen(%q) = true, want false", line)
		}
	}
}

// TestSecretSentenceDropped: of a line holding a secret, the sentence
// that holds it goes and the others stay, unless one leans on it by a
// pronoun; a line of one sentence goes whole.
func TestSecretSentenceDropped(t *testing.T) {
	in := Input{Redact: func(s string) string { return strings.ReplaceAll(s, "AKIAQX7ZK4ML2WPN5R8T", "[REDACTED]") }}
	for line, want := range map[string]string{
		"I rotated it: AKIAQX7ZK4ML2WPN5R8T. I want pre-commit hooks.": "I want pre-commit hooks.",
		"The key is AKIAQX7ZK4ML2WPN5R8T. It goes in the vault.":       "",
		"Use AKIAQX7ZK4ML2WPN5R8T for the deploys.":                    "",
		"Use pre-commit hooks.":                                        "Use pre-commit hooks.",
	} {
		if got, _ := cleanLine(in, line, "", false); got != want {
			t.Errorf("cleanLine(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestDependentOpenIsNoLine: a line that opens with what only adds to a
// clause before it is a cut sentence; the same words inside a line are
// not.
func TestDependentOpenIsNoLine(t *testing.T) {
	in := Input{Redact: func(s string) string { return s }}
	for line, want := range map[string]bool{
		"Including the Python 3.12 interpreter.":                                        false,
		"Otherwise the failure never shows up in the stats and we ship a green report.": false,
		"Especially the admin pages.":                                                   false,
		"Roles assume noble, including the Python 3.12 interpreter.":                    true,
		"Retry twice, otherwise the job fails.":                                         true,
		"Because 9000 clashed with MinIO which I also run there.":                       false,
		"(server still on 3000).":                                                       false,
		"Because I know you'll ask, in every repo never use latest tags.":               true,
		"The API listens on 9001 (9000 is MinIO).":                                      true,
	} {
		if _, ok := cleanLine(in, line, "", false); ok != want {
			t.Errorf("cleanLine(%q) kept = %v, want %v", line, ok, want)
		}
	}
}

// TestSplitClausesKeepsBrackets: a comma inside a bracket or a quotation
// separates no clauses; one outside does.
func TestSplitClausesKeepsBrackets(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"We moved the backups to the NAS (the ops team did it, the old disk is wiped), check the cron", 2},
		{"The kiln runs cone 6, glaze firings only", 2},
		{"Use \"Dear guest, welcome\" as the greeting, never \"Hi\"", 2},
		{"Rename the fixture `a, b` to `pair`, then rerun", 2},
		{"No commas here at all", 1},
	}
	for _, tt := range tests {
		if got := splitClauses(tt.s); len(got) != tt.want {
			t.Errorf("splitClauses(%q) = %q, want %d clauses", tt.s, got, tt.want)
		}
	}
}

// TestChangeToldOverWeekendNamesNoTarget: a change told with only when it
// happened ("over the weekend", "overnight") says that something changed,
// not to what: the news of the day, no memory line. One that names its
// new value still stands, the time left out.
func TestChangeToldOverWeekendNamesNoTarget(t *testing.T) {
	for _, s := range []string{
		"We upgraded the build tooling over the weekend (the platform team did it, the lockfile is already merged):",
		"The IT desk migrated the booking system overnight.",
		"We switched the greenhouse controllers at the weekend.",
	} {
		if st, _ := classify(s, false, source{quote: s}); st != nil {
			t.Errorf("classify(%q) = %q, want nothing", s, st.line)
		}
	}
	for _, s := range []string{
		"We bumped the kiln controller firmware to 4.1 over the weekend.",
		"The clinic switched the booking API to v3 last weekend.",
	} {
		st, _ := classify(s, false, source{quote: s})
		if st == nil || strings.Contains(strings.ToLower(st.line), "weekend") {
			t.Errorf("classify(%q) = %+v, want a line without the weekend", s, st)
		}
	}
}

// TestCleanLineLength: a new line longer than maxLine is a paragraph and
// goes; the person's own line that long, rewritten in place, stays, as
// does a long line within the limit.
func TestCleanLineLength(t *testing.T) {
	in := Input{Redact: func(s string) string { return s }}
	para := strings.Repeat("The rota used to be a shared spreadsheet that one person kept. ", 9)
	if _, ok := cleanLine(in, para, "", false); ok {
		t.Errorf("a new %d-rune paragraph was kept", len(para))
	}
	if _, ok := cleanLine(in, para, "- "+para, false); !ok {
		t.Errorf("an in-place edit of the person's own long line was dropped")
	}
	long := strings.Repeat("Figures go to figures/ as PDF, one per panel. ", 8)
	if _, ok := cleanLine(in, long, "", false); !ok {
		t.Errorf("a new %d-rune line within maxLine was dropped", len(long))
	}
}

// TestBySupport: over the line budget, the verification line and edits
// come first, then the facts said in the most sessions; under it the
// order stays as found.
func TestBySupport(t *testing.T) {
	once := candidate{kind: KindInstruction, line: "once", srcs: []source{{session: 1}}}
	thrice := candidate{kind: KindInstruction, line: "thrice", srcs: []source{{session: 1}, {session: 2}, {session: 3}}}
	edit := candidate{kind: KindInstruction, line: "edit", replaces: "- old", srcs: []source{{session: 1}}}
	verify := candidate{kind: KindVerification, line: "verify", srcs: []source{{session: 1}}}
	lines := func(cs []candidate) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.line)
		}
		return strings.Join(out, ",")
	}
	in := []candidate{once, thrice, edit, verify}
	if got := lines(bySupport(in, 8)); got != "once,thrice,edit,verify" {
		t.Errorf("under the budget: %s", got)
	}
	if got := lines(bySupport(in, 2)); got != "edit,verify,thrice,once" {
		t.Errorf("over the budget: %s", got)
	}
}
