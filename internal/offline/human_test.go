package offline

import (
	"slices"
	"strings"
	"testing"
)

// TestIntroLineGate: the colon check before introRe decides as the
// pattern does, whatever space ends the line.
// ownText is the person's own lines of a message, without what it only
// tells: what the tests of pasted and quoted material look at.
func ownText(text string) []string {
	own, _ := ownTextTold(text)
	return own
}

func TestIntroLineGate(t *testing.T) {
	for _, ln := range []string{
		"the build log says:", "here's the stack trace:\u00a0", "Output :", "error:", "pasted below", "the docs: they say",
		"Review comment from Dana:", "email from ops:\t", "see the trace", "logs", ": ", "",
	} {
		trim := strings.TrimSpace(ln)
		if got, want := introLine(trim), introRe().MatchString(trim); got != want {
			t.Errorf("introLine(%q) = %v, pattern says %v", trim, got, want)
		}
	}
}

// TestTraceMessageIsPasted: the line right above a stack frame is the
// message of the pasted trace, however it reads ("… must not be
// cleared" is no rule); the person's words around the trace stay.
func TestTraceMessageIsPasted(t *testing.T) {
	msg := "after the upgrade the dashboard prints\nthe cache must not be cleared while a render is pending\n    at flushCache (lib/cache.ts:40:7)\n    at new Renderer (lib/render.ts:9:3)\ncan you find where we clear it"
	got := strings.Join(ownText(msg), "\n")
	if strings.Contains(got, "must not be cleared") {
		t.Errorf("trace message kept as the person's words: %q", got)
	}
	if !strings.Contains(got, "the dashboard prints") || !strings.Contains(got, "find where we clear it") {
		t.Errorf("the person's words around the trace lost: %q", got)
	}
	java := "the importer died overnight\nno ledger row may be written twice\n\tat com.acme.ledger.Writer.put(Writer.java:88)\nplease check the retry"
	if got := strings.Join(ownText(java), "\n"); strings.Contains(got, "written twice") {
		t.Errorf("got %q; want the Java trace's message out", got)
	}
	py := "runner output\nwarning raised while loading the plugin table\n  File \"plugins/load.py\", line 41, in load\nnever import plugins at module level"
	if got := strings.Join(ownText(py), "\n"); strings.Contains(got, "warning raised") || !strings.Contains(got, "never import plugins") {
		t.Errorf("got %q; want the trace's message out and the rule kept", got)
	}
	// A hard-wrapped line going on with a time is the person's sentence,
	// not a frame: the line above it stays theirs.
	for _, tt := range []struct{ msg, keep string }{
		{"for the alerts:\n- never page the on-call person\n  at 03:15 unless the site is down.\n- keep alert titles short.", "- never page the on-call person"},
		{"Keep the staging database running overnight, please\n  at 19:45 the nightly import starts and needs it.", "Keep the staging database running overnight, please"},
	} {
		if got := strings.Join(ownText(tt.msg), "\n"); !strings.Contains(got, tt.keep) {
			t.Errorf("got %q; want %q kept", got, tt.keep)
		}
	}
}

// TestIntroLead: the sentences of an intro line before the one that
// introduces the paste are the person's own telling (a change they tell
// there is read), though no instruction; the introducing sentence, a line
// that is only that sentence, and the paste stay out.
func TestIntroLead(t *testing.T) {
	for _, tt := range []struct{ msg, keep, drop string }{
		{"We moved the wiki to bookstack over the summer. Here is the nginx config now:\n    server_name wiki.lab.lan;\n    listen 8443;", "We moved the wiki to bookstack over the summer.", "Here is the nginx config"},
		{"I've switched the base model to en_core_web_trf, the md one missed names. Would you mind updating the memory? Here is the freeze:\n    spacy==3.8.2", "I've switched the base model to en_core_web_trf", "Here is the freeze"},
		// the intro alone, and one that reads as an intro only through
		// an earlier sentence, keep nothing
		{"here is the log:\n    ERROR worker crashed", "", "here is the log"},
		{"The build log. It failed again, see:\n    error: linker not found", "", "It failed again"},
		// a lead sentence holding a credential, or itself an intro,
		// is not told
		{"My API key is sk-live-abcdef0123456789. Here is the error:\n    401 Unauthorized", "", "sk-live"},
		{"The kiln password is ember42 now. We fired the bisque at cone 04. Here is the controller log:\n    ERROR thermocouple", "We fired the bisque at cone 04.", "ember42"},
		{"Here is the first log: Here is the second log:\n    ERROR again", "", "first log"},
		// the last clause alone may introduce, after the change the
		// sentence tells; a clause that tells none stays out
		{"moved the preview server to 4400 since 4000 clashes with the docs app, vite.config.ts looks like this now:\n    server: { port: 4400 }", "moved the preview server to 4400", "looks like this"},
		{"The nightly run for batch 7 was killed, here the error:\n    ERROR oom", "", "batch 7"},
	} {
		own, told := ownTextTold(tt.msg)
		got := strings.Join(told, "\n")
		if tt.keep != "" && !strings.Contains(got, tt.keep) || strings.Contains(got, tt.drop) || strings.Contains(got, "8443") || strings.Contains(got, "==") || strings.Contains(got, "ERROR") {
			t.Errorf("ownTextTold(%q) told %q; want %q kept and %q left out", tt.msg, got, tt.keep, tt.drop)
		}
		if len(own) != 0 {
			t.Errorf("ownTextTold(%q) own = %q; want no instruction read from the intro line", tt.msg, own)
		}
	}
}

// TestIntroParagraph: a paragraph of the person's own before the sentence
// that introduces a paste is theirs, its rules read as any other, and so
// is a shorter one marking a rule to last.
func TestIntroParagraph(t *testing.T) {
	for _, msg := range []string{
		"A few things happened since last week. Security reviewed us. Going forward every REST endpoint carries an explicit @RolesAllowed. Here is my .env:\n    TOKEN=x",
		"Going forward every REST endpoint carries an explicit @RolesAllowed. Here is my .env:\n    TOKEN=x",
	} {
		own, _ := ownTextTold(msg)
		if got := strings.Join(sentences(own), "|"); !strings.Contains(got, "Going forward every REST endpoint carries an explicit @RolesAllowed.") || strings.Contains(got, "Here is") || strings.Contains(got, "TOKEN") {
			t.Errorf("ownTextTold(%q) own sentences %q", msg, got)
		}
	}
}

// TestListAfterCode: an item of the person's own list at the margin ends a
// paste of code or log it ran into; a pasted changelog's or YAML's items
// stay pasted.
func TestListAfterCode(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Here's the header after the bump:\n/**\n * Version: 2.3.0\n */\n- Please update readme.txt to match", []string{"- Please update readme.txt to match"}},
		{"the log says:\n[WARN] pool exhausted\n[WARN] retrying\n- also keep the pool at ten connections", []string{"- also keep the pool at ten connections"}},
		{"the changelog reads:\n## 1.2.0\n- Added a retry to the fetch helper", nil},
		{"here's the workflow:\nsteps:\n  - uses: actions/checkout@v4\n- name: always run the linter first", nil},
		{"here is the output:\n\tpanic: nil map\n- ok then", nil},
		// A pasted shell session: the prompt line's output goes on
		// indented under it.
		{"did the upgrade over the weekend\n$ git diff --stat HEAD~1 | tail -1\n 68 files changed, 212 insertions(+)\nplease check it builds", []string{"did the upgrade over the weekend", "please check it builds"}},
	} {
		if got, _ := ownTextTold(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%q: own %q, want %q", c.text, got, c.want)
		}
	}
}

// TestAsideAfterQuestionMark: "?" followed by a comma ends no question, so
// no aside is cut off after it; nor does the "!" of a Rust macro.
func TestAsideAfterQuestionMark(t *testing.T) {
	got := sentences([]string{"Please write full names, no aliases like % or ?, also in the tests. Can you check CI?"})
	want := []string{"Please write full names, no aliases like % or ?, also in the tests.", "Can you check CI?"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// a Rust macro's "!" is no exclamation; "great! now" is
	got = sentences([]string{"Queries go through sqlx::query! or query_as! macros. Thanks!"})
	if want := []string{"Queries go through sqlx::query! or query_as! macros.", "Thanks!"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := sentences([]string{"great! now add the page"}); len(got) != 2 {
		t.Errorf("an exclamation was not cut: %q", got)
	}
	if got := sentences([]string{"add the page, btw the api runs on port 4000"}); len(got) != 2 {
		t.Errorf("an aside after a plain clause was not cut: %q", got)
	}
}

// TestSplitAtKeepsTrailingAside: an aside word that ends a sentence opens
// no new thought and stays with the sentence (where turns reads it); one
// in the middle still cuts, but not right after a bare scope.
func TestSplitAtKeepsTrailingAside(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"the box clock is UTC, fyi", []string{"the box clock is UTC, fyi"}},
		{"add the page, btw the api runs on port 4000", []string{"add the page", "the api runs on port 4000"}},
		{"the vendored copy is patched, by the way.", []string{"the vendored copy is patched, by the way."}},
		// "also" after a bare scope widens it; after a thought it cuts
		{"For all my projects, also the private ones, comments are in English", []string{"For all my projects, also the private ones, comments are in English"}},
		{"for all my projects use tabs, also the api runs on port 4000", []string{"for all my projects use tabs", "the api runs on port 4000"}},
	} {
		got := splitAt(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("splitAt(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
