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
