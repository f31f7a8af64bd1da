package offline

import "testing"

// TestPersonal: a preference about the person (how the agent replies to
// them, their own commit style, shell or editor) goes to the global memory;
// a convention of the project, a rule about the code and a one-off request
// do not.
func TestPersonal(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Reply to me in Portuguese.", true},
		{"Respond tersely, no preamble.", true},
		{"Keep your summaries to three lines.", true},
		{"Explanations short and without analogies.", true},
		{"Don't walk through the basics with me again.", true},
		{"List what you changed at the end of every turn.", true},
		{"I sign off my commit messages with my initials.", true},
		{"My editor is helix, give keybindings for it.", true},
		{"I'm on nushell, so no bash-isms in one-liners.", true},
		// the project's own conventions and rules about the code
		{"Commit messages start with the ticket id.", false},
		{"Commit messages here use the component name as a prefix.", false},
		{"Every error response carries a trace id.", false},
		{"Summaries of the nightly job go to `reports/`.", false},
		{"Explain the retry policy in docs/retries.md.", false},
		{"Ask me before touching the migrations.", false},
		{"I use the staging cluster for smoke tests.", false},
		// a one-off about a description, not how to answer the person
		{"Answer the question in the PR description.", false},
		// waiting for the person is a step of the work, and the
		// person's setup spoken of with the project is the project's
		{"Talk to me before you change the schema.", false},
		{"Get back to me once the backfill has run.", false},
		{"Speak to me like a colleague, not a textbook.", true},
		{"I use zsh with the repo's make targets.", false},
		// the form edits come back in is the person's, unless it waits
		// for a step of the work
		{"Send me a patch rather than the rewritten module.", true},
		{"Give me diffs only, I review on a phone.", true},
		{"Show me the diff before you push to the release branch.", false},
		{"Keep your summaries short in this project.", false},
	} {
		if got := personal(c.line); got != c.want {
			t.Errorf("personal(%q) = %v; want %v", c.line, got, c.want)
		}
	}
}

// TestLikesWhen: "I like it when you …" about the agent's replies is a
// standing wish, marked to last and routed to the global memory; about the
// code it is an ordinary request.
func TestLikesWhen(t *testing.T) {
	for _, c := range []struct {
		sentence string
		want     string // the line; "" when nothing lasting is kept
		global   bool
	}{
		{"I'd really appreciate it if you summarise your changes in two lines when you finish.", "Summarise your changes in two lines when you finish.", true},
		{"I love it when you reply to me with a numbered list.", "Reply to me with a numbered list.", true},
		{"I like it when you run the formatter before the linter.", "", false},
		{"I like it when the build is green.", "", false},
	} {
		st, _ := classify(c.sentence, false, source{})
		got, lasting, global := "", false, false
		if st != nil {
			got, lasting, global = st.line, st.lasting, personal(st.line)
		}
		if c.want == "" {
			if st != nil && lasting {
				t.Errorf("classify(%q) = %q, lasting; want nothing lasting", c.sentence, got)
			}
			continue
		}
		if got != c.want || !lasting || global != c.global {
			t.Errorf("classify(%q) = %q lasting %v global %v; want %q lasting, global %v", c.sentence, got, lasting, global, c.want, c.global)
		}
	}
}
