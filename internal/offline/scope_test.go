package offline

import (
	"strings"
	"testing"
	"time"
)

// TestGlobalScopeSaidApart: "this holds in every project" said in the next
// sentence, in a clause pointing back, in a lead-in before a colon or in a
// heading over a list routes the rule to the global memory, and the pointer
// words leave the line.
func TestGlobalScopeSaidApart(t *testing.T) {
	for _, c := range []struct {
		sentences []string
		want      string
	}{
		{[]string{"use British spelling in prose please.", "That holds for all my repos."}, "Use British spelling in prose."},
		{[]string{"I'd like you to keep replies under ten lines.", "this goes for every one of my projects, not just this app."}, "Keep replies under ten lines."},
		{[]string{"sorry to nag, but could you always name the file before each snippet?", "I like things this way in every one of my projects."}, "Always name the file before each snippet."},
		{[]string{"my shell is xonsh, so give me xonsh one-liners, that holds everywhere we code"}, "My shell is xonsh, so give me xonsh one-liners."},
		{[]string{"Something that applies to all my projects, not only here: never add a licence header without asking."}, "Never add a licence header without asking."},
		{[]string{"no trailing summaries in replies.", "and not here only: everywhere we code."}, "No trailing summaries in replies."},
		{[]string{"i want diffs, not whole files.", "this counts for anything i do, not only this codebase"}, "I want diffs, not whole files."},
		{[]string{"numbers read better to me as a table than as prose.", "It's the same across all my repos honestly."}, "Numbers read better to me as a table than as prose."},
		{[]string{"put a blank line between imports and code.", "thats how i like files everywhere, not just here"}, "Put a blank line between imports and code."},
		{[]string{"please quote file names in backticks when you mention them.", "That's how I read them in every repo, quicker to scan."}, "Quote file names in backticks when you mention them."},
		{[]string{"wrap lines at 100 columns.", "I wrap at 100 in all my code, anything wider annoys me."}, "Wrap lines at 100 columns."},
		{[]string{"keep your replies brief.", "I don't read long ones, in any repo."}, "Keep your replies brief."},
		{[]string{"never add a trailing newline to generated json.", "I mean it, in any of my projects."}, "Never add a trailing newline to generated json."},
		{[]string{"could you give your replies as numbered steps?", "That's how I want them in every repo."}, "Give your replies as numbered steps."},
	} {
		var got *stmt
		for _, s := range rememberPrevious(c.sentences) {
			if st, _ := classify(s, false, source{}); st != nil {
				got = st
			}
		}
		if got == nil || got.line != c.want || !got.global || !got.lasting {
			t.Errorf("%q: got %+v; want global lasting %q", c.sentences, got, c.want)
		}
	}
	// a closing "that" of the rule itself is no pointer
	if st, _ := classify("in all my repos I sign my tags, keep doing that", false, source{}); st == nil || !strings.HasSuffix(st.line, "keep doing that.") {
		t.Errorf("got %+v; want the rule to keep its closing words", st)
	}
	// a sentence with content of its own is no scope for the one before
	for _, pair := range [][]string{
		{"run the linter first.", "The staging deploy is for all my projects too, it reads one config."},
		// new words after a rule about the code: no restatement
		{"run the migrations before the tests.", "I keep forgetting, in any repo."},
		// said again after a question, the statement is the rule
		{"could you write dates as ISO?", "I write ISO dates in all my code."},
		// a question is no scope
		{"use spaces in yaml.", "is that the case in all my projects?"},
		// after a reply wish, a scoped rule of its own stays a rule
		{"reply in Portuguese please.", "Never force-push a release tag, in any repo."},
		{"keep your answers to a paragraph.", "I want changelog entries written first, in any repo."},
	} {
		if got := rememberPrevious(pair); len(got) != 2 {
			t.Errorf("folded %q; want the sentences apart", got)
		}
	}
	// a task asked for in every repo is no rule
	if st, _ := classify("can you bump the licence year in all my repos?", false, source{}); st != nil {
		t.Errorf("one task across repos read as a rule: %+v", st)
	}
	// "any" describing what a thing works with is no scope
	for _, s := range []string{"this helper script works in any repo you clone", "the cache is shared for any project on the box"} {
		if globalRe().MatchString(s) {
			t.Errorf("%q: read as a scope over every project", s)
		}
	}
}

// TestScopedItems: the items under a heading that scopes them to every
// project are marked; items under another heading are not.
func TestScopedItems(t *testing.T) {
	lines := []string{"## Everywhere (every one of my repositories)", "- tabs, never spaces", "- sign every commit", "## This PR", "- skip the docs"}
	got := scopedItems(lines)
	if got["tabs, never spaces"] == 0 || got["sign every commit"] == 0 || got["skip the docs"] != 0 {
		t.Errorf("scopedItems = %v; want the first two items only", got)
	}
	// without "my", the phrase scopes only as the whole heading or in
	// parentheses; a heading about a program's projects scopes nothing
	for _, c := range []struct {
		head   string
		scoped bool
	}{
		{"## All repos", true},
		{"Every one of the codebases:", true},
		{"### Conventions (all projects)", true},
		{"## Listing all projects", false},
		{"## Archiving all repos older than a year", false},
		{"Exporting every one of the codebases to CSV:", false},
	} {
		got := scopedItems([]string{c.head, "- always log the request id", "## Other", "- skip the docs"})
		if (got["always log the request id"] != 0) != c.scoped || got["skip the docs"] != 0 {
			t.Errorf("%q: scopedItems = %v; want scoped %v", c.head, got, c.scoped)
		}
	}
}

// TestLikeYouMarked: "I'd like you to …" is an instruction when marked to
// last, and a request when not.
func TestLikeYouMarked(t *testing.T) {
	if st, _ := classify("from now on I would like you to open a draft PR first", false, source{}); st == nil || st.line != "Open a draft PR first." {
		t.Errorf("marked: got %+v; want the instruction", st)
	}
	if st, _ := classify("I would like you to open a draft PR", false, source{}); st != nil {
		t.Errorf("unmarked: got %+v; want nothing", st)
	}
}

// TestScopeBeforeAColon: "across all my repos: …" before a colon says where
// the rule holds; it is not a preamble to drop, so the rule goes to the
// global file.
func TestScopeBeforeAColon(t *testing.T) {
	st, _ := classify("Across all my repos: keep the changelog in past tense, never future", false, source{})
	if st == nil || !st.global || strings.Contains(strings.ToLower(st.line), "repos") {
		t.Fatalf("got %+v; want a global rule without the scope words", st)
	}
	st, _ = classify("Before you start: keep the changelog in past tense, always", false, source{})
	if st == nil || st.global {
		t.Fatalf("got %+v; want a project rule", st)
	}
}

// TestGlobalScopeWords: a scope over every project is a preposition, a
// quantifier and the person's projects, in whatever words, with who works
// on them, a pointing verb before it and the place it is set against
// after it; or the work together itself. Each is taken off the line
// whole, and the line goes to the global memory.
func TestGlobalScopeWords(t *testing.T) {
	for _, c := range []struct{ said, want string }{
		{"Keep changelog entries under one line in every repository I contribute to.", "Keep changelog entries under one line."},
		{"Name branches after the ticket; that applies to every codebase you touch for me, not only this one.", "Name branches after the ticket."},
		{"Quick note, and this holds for every project we work on together: spell out acronyms the first time.", "Spell out acronyms the first time."},
		{"When you quote a log line, in any project, keep its timestamp.", "When you quote a log line, keep its timestamp."},
		{"Sign release tags with my SSH key; each repo of mine, not only this one.", "Sign release tags with my SSH key."},
		{"No real sleeps in tests, in any repo of ours.", "No real sleeps in tests."},
		{"I want to add that, for all of our codebases, release notes are written by hand.", "Release notes are written by hand."},
		{"For any repo ever, keep the lockfile committed.", "Keep the lockfile committed."},
		{"I indent with tabs in all my code.", "I indent with tabs."},
		{"whenever you help me, could you show shell commands in fenced blocks?", "Show shell commands in fenced blocks."},
		{"A small request: no matter the repo, could you keep commit subjects under 50 characters?", "Keep commit subjects under 50 characters."},
		{"tables need units in the header row thats for every repo i touch too", "Tables need units in the header row."},
		{"Start each reply with the test command, in all my repos, seriously, not only this one.", "Start each reply with the test command."},
		// without "my", a scope ends its clause or says who works on it
		{"On every project: ask before adding a dependency.", "Ask before adding a dependency."},
		{"In every codebase we keep a CODEOWNERS file.", "We keep a CODEOWNERS file."},
	} {
		st, _ := classify(c.said, false, source{})
		if st == nil || st.line != c.want || !st.global {
			t.Errorf("%q: got %+v; want global %q", c.said, st, c.want)
		}
	}
	// a bare scope said after the rule is its scope
	if got := rememberPrevious([]string{"show me the plan before a multi-file edit.", "every repo of mine, not just this one."}); len(got) != 1 {
		t.Errorf("got %q; want the scope folded into the rule", got)
	} else if st, _ := classify(got[0], false, source{}); st == nil || !st.global {
		t.Errorf("%q: got %+v; want a global rule", got[0], st)
	}
	// a colon inside the rule is no lead-in of the scope
	if st, _ := classify("By the way, across all my repos I tag releases as (major:, minor:), keep doing that.", false, source{}); st == nil || !strings.Contains(st.line, "tag releases") {
		t.Errorf("got %+v; want the rule kept whole", st)
	}
	// a trigger inside this project, or projects as things a program
	// handles, are no scope over every project: the line stays whole
	for _, c := range []struct{ said, want string }{
		{"Whenever you work on the scheduler, rerun the timing benchmarks.", "Whenever you work on the scheduler, rerun the timing benchmarks."},
		{"Whenever we go through the fixtures, drop the ones nobody loads.", "Whenever we go through the fixtures, drop the ones nobody loads."},
		{"Could you bump the schema version whenever we work on the importer?", "Bump the schema version whenever we work on the importer."},
		{"The exporter must never crash regardless of the repository layout.", "The exporter must never crash regardless of the repository layout."},
		{"No matter which project template is picked, always keep the generated Makefile.", "No matter which project template is picked, always keep the generated Makefile."},
		{"Always show the owner's avatar on every project card.", "Always show the owner's avatar on every project card."},
		{"Always send the build report to every project manager on Fridays.", "Always send the build report to every project manager on Fridays."},
		{"Never reuse a deploy key for every repo in the fleet.", "Never reuse a deploy key for every repo in the fleet."},
		{"For each of the repos in the manifest, always verify the checksum first.", "For each of the repos in the manifest, always verify the checksum first."},
	} {
		st, _ := classify(reshape(c.said), false, source{})
		if st == nil || st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want the project rule %q", c.said, st, c.want)
		}
	}
	// the rule's own contrast is no place the scope is set against
	for _, c := range []struct{ said, want string }{
		{"In all my repos, lint the fixtures as well, not just the sources.", "Lint the fixtures as well, not just the sources."},
		{"For every codebase I own, translate the error strings too, not only the exported ones.", "Translate the error strings too, not only the exported ones."},
	} {
		if st, _ := classify(c.said, false, source{}); st == nil || st.line != c.want || !st.global {
			t.Errorf("%q: got %+v; want global %q", c.said, st, c.want)
		}
	}
	// a task asked for in each repo stays a task
	if st, _ := classify("could you bump the copyright year in each of my repos?", false, source{}); st != nil {
		t.Errorf("one task across repos read as a rule: %+v", st)
	}
}

// TestProjectRuleLeavesPreference: a later rule of this project that rules
// out a word of the person's preference for every project does not end
// that preference; both are proposed.
func TestProjectRuleLeavesPreference(t *testing.T) {
	day := func(d int) source {
		return source{session: d, at: time.Date(2026, 5, d+1, 9, 0, 0, 0, time.UTC), quote: "q"}
	}
	pref := stmt{line: "Reply in markdown tables.", global: true, lasting: true, src: day(0)}
	rule := stmt{line: "Release notes use asciidoc, not markdown.", lasting: true, src: day(1)}
	if !supersedes(rule.line, pref.line) {
		t.Fatal("the example no longer rules out a word of the preference")
	}
	all := func(int) bool { return true }
	got := instructionCandidates([]stmt{pref, rule}, nil, nil, all)
	if len(got) != 2 {
		t.Fatalf("got %+v; want the preference and the project rule", got)
	}
	// a project statement still replaces an older one of the project
	old := stmt{line: "Release notes use markdown.", lasting: true, src: day(0)}
	if got := instructionCandidates([]stmt{old, rule}, nil, nil, all); len(got) != 1 || !strings.Contains(got[0].line, "asciidoc") {
		t.Errorf("got %+v; want the newer project rule only", got)
	}
}

// TestAnywhereThenScope: "anywhere." said alone after a rule scopes it
// over every project, as a bare scope after it does.
func TestAnywhereThenScope(t *testing.T) {
	for _, said := range [][]string{
		{"stop closing each reply with a recap of the diff.", "anywhere.", "every repo."},
		{"no smart quotes in what you write.", "Anywhere!"},
	} {
		got := rememberPrevious(said)
		if len(got) != 1 {
			t.Errorf("got %q; want one rule", got)
			continue
		}
		if st, _ := classify(got[0], false, source{}); st == nil || !st.global || strings.Contains(strings.ToLower(st.line), "anywhere") || strings.Contains(st.line, "all my") {
			t.Errorf("%q: got %+v; want a global rule without its scope", got[0], st)
		}
	}
	// After a rule that names a place of the project, a lone
	// "anywhere" is emphasis inside that place, not a scope.
	for _, said := range [][]string{
		{"No print statements in the released firmware.", "Anywhere."},
		{"Don't hardcode the tile server URL in src/map.", "Anywhere!"},
	} {
		for _, r := range rememberPrevious(said) {
			if st, _ := classify(r, false, source{}); st != nil && st.global {
				t.Errorf("%q: got global %+v; want the rule kept in the project", said, st)
			}
		}
	}
	// "anywhere" inside a sentence is no scope
	if globalRe().MatchString("the cache can live anywhere on disk") {
		t.Error("an inline 'anywhere' read as a scope")
	}
}

// TestGlobalScopeLooserForms: people scope a rule over their work in
// looser words than "in all my projects": "my repos" without a
// quantifier, "whatever repo we're in" without a preposition, "any repo
// I own", "not just here but everywhere", "this isn't project specific",
// a "global rule:" label, "same for every repo" after the rule, and a
// bare "no X" with such a scope is a whole rule. Each goes to the global
// memory without its scope words.
func TestGlobalScopeLooserForms(t *testing.T) {
	for _, c := range []struct {
		said []string
		want string
	}{
		{[]string{"Across my repos, spell out units in variable names."}, "Spell out units in variable names."},
		{[]string{"whichever codebase we're on, show the failing assertion first"}, "Show the failing assertion first."},
		{[]string{"For any repository I maintain, the changelog is written by hand."}, "The changelog is written by hand."},
		{[]string{"Not just this project but everywhere: quote shell variables."}, "Quote shell variables."},
		{[]string{"this isn't repo specific, I want timestamps in UTC"}, "I want timestamps in UTC."},
		{[]string{"My global rule: no ligatures."}, "No ligatures."},
		{[]string{"Universal preference: never abbreviate month names."}, "Never abbreviate month names."},
		{[]string{"prefix scratch branches with wip/.", "Same for every repo."}, "Prefix scratch branches with wip/."},
		{[]string{"no tabs in markdown.", "anywhere."}, "No tabs in markdown."},
		{[]string{"keep diagrams in ascii -- everywhere, not only here."}, "Keep diagrams in ascii."},
		{[]string{"thats for every repo we work on, number the steps in your plans"}, "Number the steps in your plans."},
		{[]string{"General rule for everything we do together: round money half to even."}, "Round money half to even."},
	} {
		var got *stmt
		for _, s := range rememberPrevious(c.said) {
			if st, _ := classify(s, false, source{}); st != nil {
				got = st
			}
		}
		if got == nil || got.line != c.want || !got.global {
			t.Errorf("%q: got %+v; want global %q", c.said, got, c.want)
		}
	}
	// "my" before a place of the disk, "any" before a thing the repo
	// handles, or "same" with content of its own is no such scope
	for _, s := range []string{
		"put the exported charts in my projects folder",
		"the importer accepts any repo on the mirror",
		"keep the same port in the compose file for every repo service",
	} {
		if globalRe().MatchString(s) {
			t.Errorf("%q: read as a scope over every project", s)
		}
	}
	if got := rememberPrevious([]string{"log the request id.", "Same format as the gateway uses for every repo."}); len(got) != 2 {
		t.Errorf("folded %q; want the sentences apart", got)
	}
	// a two-word ruling-out is a rule only with its scope
	if st, _ := classify("no ligatures.", false, source{}); st != nil && st.lasting {
		t.Errorf("a bare 'no X' said once read as lasting: %+v", st)
	}
}

// TestGlobalScopeQualified: a scope over the person's projects keeps its
// meaning with a word before the noun ("any of my go projects", "any
// other repo of mine"), said as what it is not ("not here and not in any
// other repo", "not from any project on any machine"), run on without a
// comma ("… any repo of mine not just this one"), pointed at by "thats",
// or as the work done together ("everything I do with you"). The line
// keeps the rule and loses the scope, its pointer and the comma or
// filler it leaves.
func TestGlobalScopeQualified(t *testing.T) {
	for _, c := range []struct{ said, want string }{
		{"For each of my kotlin projects, keep the detekt baseline empty.", "Keep the detekt baseline empty."},
		{"Leave my ssh config alone, not from this repo and not from any project on any machine.", "Leave my ssh config alone."},
		{"Keep licence headers out of generated files, not in this codebase and not in any other repo of mine.", "Keep licence headers out of generated files."},
		{"Tag releases with a leading v in any repo of mine not only this one.", "Tag releases with a leading v."},
		{"For everything I do with you, label every chart axis with its unit.", "Label every chart axis with its unit."},
		{"across every one of my codebases: you never merge a pull request, we merge them ourselves.", "Never merge a pull request, we merge them ourselves."},
		{"Timestamps are stored in UTC; this holds for every codebase of mine, not merely this one.", "Timestamps are stored in UTC."},
		{"I would request, across all of my repositories, that migrations stay reversible.", "I would request that migrations stay reversible."},
	} {
		st, _ := classify(c.said, false, source{})
		if st == nil || st.line != c.want || !st.global {
			t.Errorf("%q: got %+v; want global %q", c.said, st, c.want)
		}
	}
	// a preference for every project and a project correction that
	// share one word are two facts, though the later one says "again"
	day := func(d int) source {
		return source{session: d, at: time.Date(2026, 3, d+1, 9, 0, 0, 0, time.UTC), quote: "q"}
	}
	pref := stmt{line: "No emoji please, they break my screen reader.", global: true, lasting: true, correction: true, src: day(0)}
	fix := stmt{line: "The reader module is generated, edit the schema instead.", correction: true, again: true, src: day(1)}
	fix2 := stmt{line: "Generated code is not edited by hand.", correction: true, src: day(2)}
	got := instructionCandidates([]stmt{pref, fix, fix2}, nil, nil, func(int) bool { return true })
	for _, c := range got {
		if strings.Contains(c.line, "reader module") && !c.global {
			continue
		}
		if c.global && !strings.Contains(c.line, "emoji") {
			t.Errorf("the project correction was merged into the preference: %+v", got)
		}
	}
	found := false
	for _, c := range got {
		found = found || c.global && strings.Contains(c.line, "emoji")
	}
	if !found {
		t.Errorf("got %+v; want the preference kept on its own", got)
	}
}

// TestLooserScopesDescribeNothing: the looser scope words read as a scope
// only where a scope stands (leading the rule, set off by commas, after a
// pointer word); said inside a sentence about the code, a task or a bug
// they describe, and the sentence is no rule for every project.
func TestLooserScopesDescribeNothing(t *testing.T) {
	for _, s := range []string{
		// "not repo-specific" after a noun subject describes the noun
		"the socket path is not repo-specific, so two clones fight over it",
		"the seed value isn't project specific, which is why the fixtures repeat",
		// "whatever repo you're in" inside a clause names what is shown
		"the status line prints whatever project we're in and the clock",
		// a scope that goes on to name this repo is this repo's
		"for everything we build in this repo, tag the image with the commit",
		// "my repos" after a task is where the task is done today
		"copy the new licence file to my repos as well.",
		"raise the node version in my repos",
		// "any repo we maintain" after a verb of working describes
		"the formatter should run in any repo we own.",
		// "global rules" is a term of firewalls, linters and stylesheets
		"Global rules: drop inbound traffic except 22.",
		"global rules, then the per-site overrides, are read by the proxy",
		// "from any project on any machine" is what a program must do
		"the setup script has to run from any repo on any laptop, so no absolute paths",
		"the sync tool starts from any project on any host without flags",
		// "not just here but everywhere" after a subject and verb reports
		"the flicker shows up not just here but everywhere, so check the renderer",
	} {
		if globalRe().MatchString(s) {
			t.Errorf("%q: read as a scope over every project", s)
		}
		if st, _ := classify(s, false, source{}); st != nil && st.global {
			t.Errorf("%q: read as a rule for every project: %+v", s, st)
		}
	}
	// where the scope stands, each form still scopes
	for _, c := range []struct{ in, want string }{
		{"It isn't project-specific: name test files after the module they test.", "Name test files after the module they test."},
		{"whatever repo I'm in, put generated files under gen/", "Put generated files under gen/."},
		{"For everything we make together, pin actions to a commit hash.", "Pin actions to a commit hash."},
		{"for anything I build with you, cite the man page section", "Cite the man page section."},
		{"In my repos, the default branch is called trunk.", "The default branch is called trunk."},
		{"write dates as ISO 8601, across my projects, in every log line", "Write dates as ISO 8601, in every log line."},
		{"In any repo we maintain, the README opens with the install command.", "The README opens with the install command."},
		{"My own global rule: explain a regex before you write it.", "Explain a regex before you write it."},
		{"Global preference: short commit subjects.", "Short commit subjects."},
		{"write durations with units, not just here but everywhere", "Write durations with units."},
		{"never touch my global gitignore, not in this repo and not from any project on any box, it is mine", "Never touch my global gitignore, it is mine."},
		{"Please write SQL keywords in upper case in all your repositories.", "Write SQL keywords in upper case."},
		{"A personal one, and this is for all of your repositories, not only this one: please keep each migration to one table.", "Keep each migration to one table."},
		{"and since this isn't the only repo where it matters: every repo I own, no trailing whitespace in markdown.", "No trailing whitespace in markdown."},
		{"one more thing: all my repos, tabs not spaces.", "Tabs not spaces."},
		{"in all my repos I write migrations by hand, generated ones drift sooner or later.", "I write migrations by hand, generated ones drift sooner or later."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want global %q", c.in, st, c.want)
		}
	}
}

// TestScopeCuesNarrow: the cheap pre-filter lets a message through for the
// scope labels, not for every "global" or "specific" of code talk.
func TestScopeCuesNarrow(t *testing.T) {
	for _, s := range []string{"the handler reads a global counter", "which specific test timed out?", "the universal binary is built by lipo"} {
		if mayMatter(s) {
			t.Errorf("mayMatter(%q) = true; want the message skipped", s)
		}
	}
	for _, s := range []string{"my global rule: tabs", "this is not repo-specific: tabs", "global preference: tabs"} {
		if !mayMatter(s) {
			t.Errorf("mayMatter(%q) = false; want the scope label seen", s)
		}
	}
}

// TestScopeKeepsTrailingValue: only the break that led to a scope at the
// end goes with it; a rule whose last word is a mark keeps the mark when
// its scope stood before it.
func TestScopeKeepsTrailingValue(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"in all my repos, name hotfix branches fix-", "name hotfix branches fix-"},
		{"across all of my projects, the field separator is ;", "the field separator is ;"},
		{"keep log lines short -- everywhere, not only here.", "keep log lines short."},
	} {
		if got := strings.TrimSpace(strings.TrimLeft(withoutScope(c.in), " ,")); got != c.want {
			t.Errorf("withoutScope(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestLocatedScopeDescribes: "in all my repos" after a verb of being or
// occurring, or after what the person has, says where a thing is, not
// where a rule holds; the same scope on a rule still routes it globally.
func TestLocatedScopeDescribes(t *testing.T) {
	for _, s := range []string{
		"the stale coverage badge is in all my repos and it's wrong again, delete it here",
		"this deprecation warning shows up in every one of my go projects, silence it in the config",
		"I have the same editorconfig in all my repos, it's copied around by hand",
		"it's in all my repos, the broken release script, drop it from this one",
		"the old CI template lives in every repo of mine, so it fails here too",
	} {
		if hasScope(s) {
			t.Errorf("%q: read as a scope over every project", s)
		}
		if st, _ := classify(s, false, source{}); st != nil && st.global {
			t.Errorf("%q: routed to the global memory as %q", s, st.line)
		}
	}
	for _, s := range []string{
		"use tabs in all my repos",
		"that's for all my repos, not just this one",
		"I have to sign tags in all my repos, so always pass -s",
		"a LICENSE file must be in all my repos",
		"tabs are what I use in every repo",
	} {
		if !hasScope(s) {
			t.Errorf("%q: scope over every project not read", s)
		}
	}
}

// TestScopeForms: scopes said as the person's own way of working, as set
// against the project, "across the board", or as a request for the
// person's global file, route the rule there with the scope words gone.
func TestScopeForms(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Across the board: quote every shell variable you write.", "Quote every shell variable you write."},
		{"This is a personal preference, not a project one: sort imports alphabetically.", "Sort imports alphabetically."},
		{"a me thing, not a repo thing: never abbreviate month names.", "Never abbreviate month names."},
		{"not specific to this project: snake_case for every json key.", "Snake_case for every json key."},
		{"I do this everywhere: black before flake8.", "Black before flake8."},
		{"Leave no commented-out code, not in this project or any other.", "Leave no commented-out code."},
		{"Prefer named exports, here and everywhere else.", "Prefer named exports."},
		{"Use SI units in every example you give me, all projects.", "Use SI units in every example you give me."},
		{"Wherever I am, write docs in plain English.", "Write docs in plain English."},
		{"put this in my global memory: never run sudo in a snippet", "Never run sudo in a snippet."},
		{"add to my global GEMINI.md that I want replies in Dutch", "I want replies in Dutch."},
		{"my own convention, everywhere: kebab-case for css classes.", "Kebab-case for css classes."},
		{"keep functions under forty lines, that's how I work.", "Keep functions under forty lines."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want global %q", c.in, st, c.want)
		}
	}
	// said after the rule, the same scopes point back at it
	for _, c := range [][]string{
		{"no force pushes to shared branches.", "same as in all my other repos."},
		{"tag releases with a leading v.", "I want that in all repos."},
		{"dates always in ISO format.", "That's a global rule for me."},
	} {
		got := rememberPrevious(c)
		if len(got) != 1 {
			t.Errorf("%q: kept apart as %q; want one scoped rule", c, got)
		}
	}
	// the same words about a thing of the code, or about GPU memory,
	// are no scope
	for _, s := range []string{
		"the retry limit is not specific to this service, it comes from the client",
		"put the lookup table in global memory, not shared memory",
		"the cache path is not repo-specific",
		"prices went up across the board after the migration",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.global {
			t.Errorf("%q: routed to the global memory as %q", s, st.line)
		}
	}
}

// TestScopeLeadsBare: a scope over the person's projects said with no
// preposition, with no break before the rule, over their machines, in a
// learner's "of me", or set against "this one alone" routes the rule to
// the global file and leaves the line whole.
func TestScopeLeadsBare(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Team-wide, every repository you work in for us: tag releases with the date.", "Tag releases with the date."},
		{"In any repo, not just this one, never rebase shared branches.", "Never rebase shared branches."},
		{"all my repos no tabs in yaml files", "No tabs in yaml files."},
		{"In every project of me, please keep replies short.", "Keep replies short."},
		{"never restart the database by hand not here not on any laptop of mine", "Never restart the database by hand."},
		{"One more thing, which holds across all of my repositories and not merely this one: dates are written as ISO 8601.", "Dates are written as ISO 8601."},
		{"A small remark, which applies to all of my repositories and not to this one alone: prefer early returns.", "Prefer early returns."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want global %q", c.in, st, c.want)
		}
	}
	// "all my repos" describing them, and "every project" of a thing the
	// code handles, are no scope
	for _, s := range []string{"all my repos use semver tags, so bump the minor", "every project owner gets an email"} {
		if st, _ := classify(s, false, source{}); st != nil && st.global {
			t.Errorf("%q: routed to the global memory as %q", s, st.line)
		}
	}
}

// TestScopeAside: a scope carried by an aside that points forward ("…, and
// this is a me thing across all my stuff, <rule>") leaves the rule after
// the aside, without the story told before it; "all our team's repos"
// is the person's projects too.
func TestScopeAside(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"I meant to ask you to drop the old fixtures dir but wait, and this is a me thing across all my stuff, please always ask me before you rename a public function", "Always ask me before you rename a public function."},
		{"I was about to suggest a rebase but actually, and this is how I like things in any repo of mine, never squash merge a release branch", "Never squash merge a release branch."},
		{"Tags: in all our team's repos we sign release tags with the shared key.", "Tags: we sign release tags with the shared key."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want global %q", c.in, st, c.want)
		}
	}
	// a pointer that looks back keeps the rule before it
	if st, _ := classify("numbers read better as a table, that's the same in all my repos, honestly", false, source{}); st == nil || !strings.HasPrefix(st.line, "Numbers read better as a table") {
		t.Errorf("got %+v; want the rule before the pointer kept", st)
	}
}

// FuzzMayScope holds mayScope to what it promises: no sentence the scope
// pattern matches is skipped by it.
func FuzzMayScope(f *testing.F) {
	for _, s := range []string{
		"For every project of mine, tabs.", "no emoji, in any repo", "anywhere", "this isn't repo-specific, keep it short",
		"that's how I work", "here and everywhere else", "put this in my global memory: short answers",
		"not specific to this project: ask first", "across the board, never sudo", "on all my machines, fish",
		"a personal preference, not a project one", "regardless of the codebase, use UTC", "in all of my stuff",
		"éanywhere", "not \u017fpecific to this project: x", "in every project_x, do",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if globalRe().MatchString(s) && !mayScope(s) {
			t.Errorf("the scope pattern matches %q, but mayScope skips it", s)
		}
	})
}

// TestWithoutScopeLongLeadIn: a lead-in longer than the rule after its
// colon, and an aside set off by a dash, are taken off whole.
func TestWithoutScopeLongLeadIn(t *testing.T) {
	for in, want := range map[string]string{
		"Something I want you to keep in mind for the future, across all my repos: no emoji ever":                      "no emoji ever",
		"Keep it in one file \u2014 and this is a me thing across all my repos, always ask before adding a dependency": "always ask before adding a dependency",
	} {
		if got := withoutScope(in); got != want {
			t.Errorf("withoutScope(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestScopeAsideOpensSentence: the aside that carries the scope may open
// the sentence once a run-on split or a filler took its "and" off; the
// rule after it is kept, in its plain form when it was asked politely.
// Said first with no rule word after it, the aside still points back.
func TestScopeAsideOpensSentence(t *testing.T) {
	for in, want := range map[string]string{
		"this is a me thing across all my stuff not just this repo, please always ask me before you delete any file":                      "Always ask me before you delete any file.",
		"that's just how I like things in any repository of mine, never reformat a file you did not otherwise touch":                      "Never reformat a file you did not otherwise touch.",
		"Also, and this is how I work in every project of mine, I'd be grateful if you didn't open a pull request without a description.": "Don't open a pull request without a description.",
		"this is a personal habit across all my repos, I'd rather you didn't bump dependencies unasked":                                   "Don't bump dependencies unasked.",
	} {
		st, _ := classify(in, false, source{})
		if st == nil || !st.global || st.line != want {
			t.Errorf("%q: got %+v; want global %q", in, st, want)
		}
	}
	// with no rule word after it, the aside points back at the rule
	// before it, and what follows is a reason
	for _, in := range []string{
		"that's how I work in all my repos, saves me time later",
		"this is how I like things in any repo of mine, it keeps the history readable",
	} {
		if got := withoutScope(in); !strings.HasPrefix(strings.ToLower(got), "th") {
			t.Errorf("withoutScope(%q) = %q; want the pointer kept", in, got)
		}
	}
	// a rule word after a clause with content of its own: no aside
	if got := withoutScope("the build cache is shared across all my repos, please never clear it"); strings.HasPrefix(got, "please") {
		t.Errorf("took a description for an aside: %q", got)
	}
}

// TestScopeOpeningSentenceIsNoScopeOnly: a scope that opens a sentence
// and a rule after its comma is a rule of its own, not a scope for the
// sentence before it; a sentence that is only the scope still is.
func TestScopeOpeningSentenceIsNoScopeOnly(t *testing.T) {
	for _, pair := range [][2]string{
		{"Thanks for the fix.", "In all my repos, please never force push to main."},
		{"Last thing for this week.", "For every project of mine, write dates as ISO 8601."},
		{"That worked.", "In every repo I work in, keep commit subjects under fifty characters."},
	} {
		if scopeOnly(pair[1], pair[0]) {
			t.Errorf("%q read as only the scope of %q", pair[1], pair[0])
		}
	}
	if !scopeOnly("In all my repos, please.", "Keep replies short.") {
		t.Error("a bare scope after a rule should stay its scope")
	}
}

// TestScopeAfterAnnouncingColon: a lead-in that announces a rule ends in a
// colon before the scope; the rule after the scope is kept, and a short
// topic label keeps its word.
func TestScopeAfterAnnouncingColon(t *testing.T) {
	for in, want := range map[string]string{
		"One more thing, which I would like you to keep in mind: in all my repositories, not only this one, figures must use a colour-blind-safe palette": "figures must use a colour-blind-safe palette",
		"Something small I keep forgetting to say: for every project of mine, tests go next to the code they test":                                        "tests go next to the code they test",
	} {
		if got := withoutScope(in); got != want {
			t.Errorf("withoutScope(%q) = %q, want %q", in, got, want)
		}
	}
	if got := withoutScope("Tags: in all our repos, we sign release tags"); !strings.HasPrefix(got, "Tags:") {
		t.Errorf("a topic label was dropped: %q", got)
	}
}

// TestLongSentenceMarkedByScope: a sentence too long to read whole keeps
// its first clauses when they carry a scope over every project, as it does
// for "from now on"; without either it is dropped.
func TestLongSentenceMarkedByScope(t *testing.T) {
	in := "While you are in the build files, one habit I would like you to keep in every one of my projects, not only this one: every Makefile target that deletes anything asks for confirmation, because a stray make clean once wiped a week of benchmark results that I had not copied anywhere else."
	st, _ := classify(in, false, source{})
	if st == nil || !st.global || !strings.HasPrefix(st.line, "Every Makefile target that deletes anything asks for confirmation") {
		t.Errorf("got %+v; want the global rule from the long sentence's head", st)
	}
	plain := "While you are in the build files, one habit I would like to mention that I picked up years ago: every Makefile target that deletes anything asks for confirmation, because a stray make clean once wiped a week of benchmark results that I had not copied anywhere else."
	if markedHead(plain) != "" {
		t.Errorf("an unmarked long sentence kept its head")
	}
}

// TestConventionNamedUnderScope: under a scope over every project, a
// convention named in two words is the rule ("conventional commits"),
// also after an aside whose pointer is the scope's own and a colon;
// two words that answer or point are not, and without a scope a bare
// name is too little to keep.
func TestConventionNamedUnderScope(t *testing.T) {
	for in, want := range map[string]string{
		"Also, and this goes for all my repos not just this one: file-scoped namespaces.": "File-scoped namespaces.",
		"conventional commits everywhere all my repos not just this one.":                 "Conventional commits.",
		"Oh, and that applies to every project of mine: sentence-case headings.":          "Sentence-case headings.",
	} {
		st, _ := classify(in, false, source{})
		if st == nil || !st.global || st.line != want {
			t.Errorf("%q: got %+v; want global %q", in, st, want)
		}
	}
	for _, in := range []string{
		"sounds good, everywhere all my repos not just this one.",
		"Also, and this goes for all my repos not just this one: same here.",
		"conventional commits.",
		"sentence-case headings",
	} {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("%q: got %+v; want nothing", in, st)
		}
	}
}

// TestNoneOfMine: a ban said as what none of the person's projects does
// holds in every project; crates, modules or services are one
// workspace's own unless the project at hand is said to be among them,
// and a state ("none of my repos build on Windows") is no ban.
func TestNoneOfMine(t *testing.T) {
	for in, want := range map[string]string{
		"none of my crates allow unsafe, this one included.":   "None of my crates allow unsafe.",
		"None of my repositories use git submodules.":          "None of my repositories use git submodules.",
		"none of my gems depend on rails (including this one)": "None of my gems depend on rails.",
	} {
		st, _ := classify(in, false, source{})
		if st == nil || !st.global || st.line != want {
			t.Errorf("%q: got %+v; want global %q", in, st, want)
		}
	}
	for _, in := range []string{
		"none of my crates allow unsafe.",
		"none of my repos build on windows.",
		"none of my projects use poetry?",
	} {
		if st, _ := classify(in, false, source{}); st != nil && st.global {
			t.Errorf("%q: got global %+v", in, st)
		}
	}
}

// TestScopeShapesOfNewHalves: a scope stacked as its own sentence
// ("everywhere, all my repos"), the agent's repositories ("all of your
// repositories"), a scope opening the clause after a colon and a rule
// whose reason says a thing is bound to happen ("sooner or later") all
// route the rule to the global memory (those that classify alone are rows
// of TestLooserScopesDescribeNothing's table); the same shapes that
// describe or put off stay out.
func TestScopeShapesOfNewHalves(t *testing.T) {
	// the scope said alone after the rule
	for _, pair := range [][]string{
		{"never hardcode timezone offsets.", "everywhere, all my repos"},
		{"label every chart axis with its unit.", "anywhere, any repo of mine."},
	} {
		if got := rememberPrevious(pair); len(got) != 1 || !strings.HasSuffix(got[0], "in all my projects.") {
			t.Errorf("%q: got %q; want the scope folded onto the rule", pair, got)
		}
	}
	if got := rememberPrevious([]string{"never hardcode timezone offsets.", "everywhere, all my repos?"}); len(got) != 2 {
		t.Errorf("a question folded as a scope: %q", got)
	}
	for _, s := range []string{
		"you can find the config in all your repos.",
		"Owners: every project, one lead.",
		"What I saw yesterday: in all my repos, the build fails.",
		"we'll sort the docs out sooner or later.",
		"in all your repos, is the linter the same?",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.global {
			t.Errorf("%q: read as a rule for every project: %+v", s, st)
		}
	}
}

// TestScopeTailNamesNothing: a sentence that says only a scope, a wider
// scope ("every language") and a concession ("I don't care what the style
// guide says") is the scope of the rule before it; alone it is never a
// line. A scoped sentence that says something of its own stays apart.
func TestScopeTailNamesNothing(t *testing.T) {
	for _, pair := range [][]string{
		{"And while I'm complaining: tabs, not spaces.", "Every repo I own, every language, I don't care what the Lua style guide says."},
		{"Two-space indents in YAML.", "In all my repos, any editor, no matter what its defaults say."},
		{"Semicolons at the end of every statement.", "For every project of mine, whatever the house style guide recommends."},
	} {
		if got := rememberPrevious(pair); len(got) != 1 || !strings.HasSuffix(got[0], "in all my projects.") {
			t.Errorf("%q: got %q; want the scope folded onto the rule", pair, got)
		}
	}
	if got := rememberPrevious([]string{"And while I'm complaining: tabs, not spaces.", "Every repo I own, every language, I don't care what the Lua style guide says."}); len(got) == 1 {
		if st, _ := classify(got[0], false, source{}); st == nil || !st.global || st.line != "Tabs, not spaces." {
			t.Errorf("got %+v; want the global line \"Tabs, not spaces.\"", st)
		}
	}
	for _, s := range []string{
		"Every language, I don't care what the Lua style guide says.",
		"In every repo of mine, every machine, whatever the team wiki says.",
		"The level designer doesn't open Lua files and never will.",
		"The finance team doesn't read YAML and never will.",
	} {
		if st, _ := classify(s, false, source{}); st != nil {
			t.Errorf("%q: proposed %+v; it names no rule of its own", s, st)
		}
	}
	// a scoped sentence that says something of the things it names
	for _, pair := range [][]string{
		{"Run the linter first.", "In all my repos, every test must pass before a merge."},
		{"add the new preview url, via secrets.", "and in all my projects, don't commit for me, leave the commits to me"},
		{"bump the chart version.", "and in every repo of mine, never tag a release yourself, leave that to me"},
	} {
		if got := rememberPrevious(pair); len(got) != 2 {
			t.Errorf("%q: folded into %q; want the sentences apart", pair, got)
		}
	}
}

// TestScopeLeadShapes: scopes said before a colon with what they are set
// against, after a word that turns to a new matter, as one word set
// against this project, or with "this is in …" pointing at the rule
// after it.
func TestScopeLeadShapes(t *testing.T) {
	for _, c := range []struct{ s, want string }{
		{"I'm going to say this once because it's about how I write code anywhere, all my projects, not just the art: const for everything unless it gets reassigned", "Const for everything unless it gets reassigned."},
		{"one more thing, for all my repos, not only this one: snake_case for file names", "Snake_case for file names."},
		{"fyi all my repos: no print statements in library code", "No print statements in library code."},
		{"btw, every repo of mine: sign the release tags", "Sign the release tags."},
		{"evrywhere not just here: no tables in answers, cant read on phone", "No tables in answers, cant read on phone."},
		{"Globally, not only this repo: wrap prose at 100 columns.", "Wrap prose at 100 columns."},
		{"oh and btw for commits, this is in all my repos not just here, write the commit msgs all lowercase", "For commits, write the commit msgs all lowercase."},
		{"for changelogs, that's in every repo of mine, not just here, keep each entry to one line", "For changelogs, keep each entry to one line."},
		{"Personal one from me, and it applies to every repo of mine: dependency bumps go in their own PR, never mixed into a feature PR.", "Dependency bumps go in their own PR, never mixed into a feature PR."},
		{"in all my repos, secrets go in the vault, never committed to git", "Secrets go in the vault, never committed to git."},
	} {
		if st, _ := classify(c.s, false, source{}); st == nil || !st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want global %q", c.s, st, c.want)
		}
	}
	for _, s := range []string{
		"fyi all my repos use poetry",
		"the stale badge is in all my repos, not just here, delete it",
		"this is in all my repos, not just here.",
		"Broken, not just here: staging too.",
		"We tried the redis cache, never worked.",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.global {
			t.Errorf("%q: read as a rule for every project: %+v", s, st)
		}
	}
}

// TestGlobalScopeTyped: a scope over every project typed fast, with no
// break around it ("all my repos commit messages lowercase", "… no emoji
// all my repos everywhere"), as a label over the person's things ("all
// my stuff: …"), set off as "globally" or "(in general) for me:"; and
// the same shapes that describe the projects, place a tool or report
// stay apart.
func TestGlobalScopeTyped(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"all my repos commit messages lowercase no trailing period", "Commit messages lowercase no trailing period."},
		{"all my projects changelog entries past tense", "Changelog entries past tense."},
		{"commit msgs no emoji all my repos everywhere", "Commit msgs no emoji."},
		{"tag names with the v prefix all my repos same everywhere", "Tag names with the v prefix."},
		{"all my repos -> no force push to main ever", "No force push to main ever."},
		{"all my stuff: reply in bullets pls", "Reply in bullets."},
		{"all my code: answer in Dutch", "Answer in Dutch."},
		{"fyi my shell is fish, globally.", "My shell is fish."},
		{"In general for me: no licence headers at the top of files.", "No licence headers at the top of files."},
		{"in all my repos dont add co-authored-by lines to commits, i hate them, ok?", "Dont add co-authored-by lines to commits."},
		{"for every project of mine, never vendor the wheels, i hate that, ok?", "Never vendor the wheels."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.global || st.line != c.want {
			t.Errorf("%q: got %+v; want global %q", c.in, st, c.want)
		}
	}
	for _, s := range []string{
		"all my repos are on GitHub",
		"all my repos use semver tags, so bump the minor",
		"all my repos -> archived last year",
		"all my tests are failing, can you look?",
		"all my branches are stale, delete them",
		"install eslint globally and run it",
		"the lock is held globally, so calls queue up",
		"Globally, I prefer British spelling.",
		"in all my repos, merge conflicts",
		"in general the api is slow",
		"clone all my repos everywhere",
	} {
		if st, _ := classify(s, false, source{}); st != nil && st.global && st.lasting {
			t.Errorf("%q: read as a rule for every project: %+v", s, st)
		}
	}
}

// TestGlobalProbes: whole sessions in voices the rules were not written
// for (terse, a list after a paste, a heading sent alone before its list,
// a code token ending in "?") put the rule said for every project in
// the global memory; rules of this project, one-offs and complaints with
// "all" in them put nothing there.
func TestGlobalProbes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		msgs []string
		want string // a word of the global line; "" for none
	}{
		{[]string{"in every repo of mine, commit messages in imperative mood"}, "imperative"},
		{[]string{"fyi my shell is fish, globally. give me fish syntax not bash"}, "fish"},
		{[]string{"couple of things\n- all my repos: SPDX header on every source file\n- fix the typo in the readme"}, "spdx"},
		{[]string{"here is the log:\n[INFO] started\n[INFO] done\n- also for all my projects: prefer rg over grep"}, "rg"},
		{[]string{"Here's the header after the bump:\n/**\n * Version: 2.3.0\n */\n- And one from me personally: in all my repos the CHANGELOG.md follows Keep a Changelog, please add the entry that way"}, "changelog"},
		{[]string{"## Global (all my repos)\n- reply in Spanish\n## Today\n- bump the version"}, "spanish"},
		{[]string{"## Style (every repo of mine)", "- always name test files after the module they test"}, "test files"},
		{[]string{"all my repos commit messages lowercase no trailing period"}, "lowercase"},
		{[]string{"tag names vX.Y.Z with the v prefix all my repos same everywhere"}, "prefix"},
		{[]string{"all my stuff: reply in bullets pls"}, "bullets"},
		{[]string{"release time. in all my repos dont add signed-off-by lines to commits, i hate them, ok? also the build is red, look"}, "signed-off-by"},
		{[]string{"In all my repositories, please write full variable names, no abbreviations like idx or ?, also in the tests."}, "full variable names"},
		{[]string{"all tests in this repo must pass before merging"}, ""},
		{[]string{"all services here log to stdout"}, ""},
		{[]string{"all my tests are failing, can you look?"}, ""},
		{[]string{"for all my files in this PR, add the licence header"}, ""},
		{[]string{"can you update the readme in all my repos?"}, ""},
		{[]string{"I have a Makefile in all my repos"}, ""},
		{[]string{"all my repos are on GitHub"}, ""},
		{[]string{"install eslint globally and run it"}, ""},
		{[]string{"for me: the build fails on arm since yesterday"}, ""},
		{[]string{"here's the stack:\n  at foo (a.js:1:2)\n  at bar (b.js:3:4)\n- Added a retry to the fetch helper in utils"}, ""},
		{[]string{"the config:\nsteps:\n  - uses: actions/checkout@v4\n- name: always run the linter before tests"}, ""},
	} {
		w := newWorld(t)
		w.add("s1", true, "u:fix the flaky login test", "x:go test ./...")
		lines := []string{"u:look at the parser"}
		if strings.HasPrefix(c.msgs[0], "##") && len(c.msgs) > 1 {
			// the heading sent alone opens the session
			lines = nil
		}
		for _, m := range c.msgs {
			lines = append(lines, "u:"+m)
		}
		w.add("s2", true, append(lines, "x:go test ./...")...)
		var glob []string
		for _, cand := range w.run(t).Candidates {
			if cand.Target == w.global {
				glob = append(glob, cand.Text)
			}
		}
		found := false
		for _, g := range glob {
			found = found || c.want != "" && strings.Contains(strings.ToLower(g), c.want)
		}
		if c.want == "" && len(glob) > 0 || c.want != "" && !found {
			t.Errorf("%q: global lines %q; want one holding %q", c.msgs, glob, c.want)
		}
	}
}

// TestAskedScopeTail: a scope asked for mid-sentence after the story that
// prompted it ("…, but please, for all my projects, …") starts the rule;
// a rule said before "please" and its scope keeps the whole sentence.
func TestAskedScopeTail(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Yesterday you reformatted the whole vendor folder, it's fine but please, in all my repos, never touch vendored code without asking.",
			"in all my repos, never touch vendored code without asking."},
		{"You force-pushed over my branch earlier, so please, for all my projects, ask before any force push to a shared branch.",
			"for all my projects, ask before any force push to a shared branch."},
		{"no tables please, not here and not in any other repo of mine, they render as garbage in my terminal.",
			"no tables please, not here and not in any other repo of mine, they render as garbage in my terminal."},
		{"Answers as bullet points please, in all my repos.", "Answers as bullet points please, in all my repos."},
	} {
		if got := askedScopeTail(tc.in); got != tc.want {
			t.Errorf("askedScopeTail(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
