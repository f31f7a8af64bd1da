package offline

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// A preference about the person rather than the project holds wherever
// they work: how the agent should answer them (short, in bullet points, in
// their language, without restating basics), how they write commit
// messages, which shell or editor they use. Gemini CLI calls its global
// file "the single global personal memory", and the LLM prompt sends
// "facts about the person that hold in every project" there; the offline
// extractor routes such lines to the global patch too, though the person
// never said "in all my projects". A convention of this repository (its
// commit format, its tooling, its files) stays with the project.
//
// Two things must hold: the line is about the person or the agent's
// replies to them (its subject), and it names nothing of the code (no
// path, no code span, not the project itself). A line about the replies needs no first person
// ("Keep explanations to what changed"); a commit-message style or a tool
// of the person's own setup needs it ("I write my own commit messages",
// "my editor is helix"), since "commit messages start with the ticket id"
// is the project's rule.

var (
	// replyRe is the agent's conversation with the person: "answer me
	// in …", "explain it to me", "your summaries", "keep explanations
	// short", "sum up your changes".
	replyRe = lazyregexp.New(`(?i)\b(explain|describe|spell out|walk)\b[^.;]{0,40}\b(to|for|with) me\b` +
		`|\byour (answers?|repl(y|ies)|responses?|explanations?|summar(y|ies)|recaps?|write-?ups?|tone|messages to me)\b` +
		`|\b(keep|make) (the |your )?(answers?|repl(y|ies)|explanations?|summar(y|ies)|recaps?)\b` +
		`|^((short|shorter|brief|terse|concise|plain) (answers?|repl(y|ies)|explanations?|summar(y|ies))|answers|replies|explanations|summaries)\b` +
		`|\b(sum up|summari[sz]e|recap|list)\s+(your|what you)\s+(changes?|changed|did|do|edits?)\b` +
		`|^(always |please )?(answer|reply|respond)\s+(only\s+)?(in [a-z]+|briefly|tersely|concisely|in (short )?bullet)`)
	// talkRe is the agent answering the person: "reply to me in …",
	// "talk to me like …". It is not a manner of replying when it waits
	// for something (coordRe): "talk to me before you change the schema"
	// is a step of the project's work.
	talkRe = lazyregexp.New(`(?i)\b(answer|reply|respond|talk|speak|write back|get back)( to)? me\b` +
		// "show me only the diff", "give me diffs, not whole files": the
		// form the agent's edits come back to the person in.
		`|\b(show|give|send) me (only |just )?(the |a )?(diffs?|patch(es)?|whole files?|full files?)\b`)
	coordRe = lazyregexp.New(`(?i)\b(before|after|when|once|until|whenever|as soon as)\b`)
	// projectRe names the project itself: "the repo's make targets",
	// "in this project".
	projectRe = lazyregexp.New(`(?i)\b(repo|repository|project|codebase)('?s)?\b`)
	// selfRe is the person speaking of their own habits or setup: "I
	// write …", "my editor", "I'm on fish".
	selfRe = lazyregexp.New(`(?i)(^|[^\w'])(i|i'm|i am|my|me)\b`)
	// ownStyleRe is what of the person's own habits goes with them to
	// every project: how they write commit messages or spell, and the
	// shell, editor or terminal they work in.
	ownStyleRe = lazyregexp.New(`(?i)\bcommit (messages?|style|subjects?)\b|\bconventional commits?\b|\bspelling\b|\b(my|i use|i'?m on|i am on|i work in|i live in) (\w+ )?(shell|editor|terminal|keyboard layout|fish|zsh|nushell|neovim|vim|emacs|helix)\b|\b(shell|editor|terminal) (is|of choice)\b`)
	// projectThingRe is a thing of the code a line names: a path or a
	// code span makes it the project's.
	projectThingRe = lazyregexp.New("`|[\\w.-]+/[\\w./-]*")
)

// personal reports whether a memory line is a preference about the person
// rather than the project, and so belongs in the global memory.
func personal(line string) bool {
	if projectThingRe().MatchString(line) || projectRe().MatchString(line) {
		return false
	}
	low := strings.ReplaceAll(line, "’", "'")
	if replyRe().MatchString(low) || talkRe().MatchString(low) && !coordRe().MatchString(low) {
		return true
	}
	return selfRe().MatchString(low) && ownStyleRe().MatchString(low)
}

// likesWhenRe opens a wish about what the agent does, said as a habit:
// "I really like it when you …", "I'd prefer it if you …".
var likesWhenRe = lazyregexp.New(`(?i)^i('d| would)?\s+(really\s+|much\s+|do\s+|always\s+)?(like|love|prefer|appreciate)\s+(it\s+)?(when|if)\s+you\s+`)

// likesWhen reports whether s states a standing wish about how the agent
// answers the person ("I like it when you list your changes at the end")
// and returns the wish as an instruction. A wish about the code ("I like
// it when you run the linter first") is not one: it needs recurrence like
// any other request.
func likesWhen(s string) (string, bool) {
	m := likesWhenRe().FindString(s)
	if m == "" {
		return s, false
	}
	rest := s[len(m):]
	if !personal(rest) {
		return s, false
	}
	return rest, true
}
