// Package audience decides who a memory line is for: the whole team that
// works on the repository, or only the person whose sessions it came from.
// With a project's shared instruction file switched on (<root>/GEMINI.md,
// <root>/CLAUDE.md), a team fact goes there, where a teammate's agent reads
// it too, while a personal preference stays in the private memory; putting
// "answer me in German" into a file the whole team loads would be wrong,
// and keeping "run `make check` before a commit" private would hide it from
// everyone else. The rule is one function so the offline extractor, the
// LLM prompt and the tests agree on it.
package audience

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// Audience is who a memory line is for.
type Audience int

const (
	// Person is the one user: their preferences, their machine, how the
	// agent talks to them.
	Person Audience = iota
	// Team is everyone who works on the repository: verification
	// commands, build, test and deploy conventions, rules about the code.
	Team
)

// personalRe finds what makes a line about this person rather than the
// repository: the first person singular ("my laptop", "ask me"), "the user"
// as a memory line calls them, and the agent's conversation with them (how
// it answers, replies or explains, apologies, small talk). Words such as
// "response" alone are left out: "every error response uses ProblemDetails"
// is a rule about the code.
var personalRe = lazyregexp.New(`(?i)\b(i|i'm|i've|i'd|i'll|me|my|mine|myself|the user'?s?|user's)\b` +
	`|\b(answer|reply|respond|talk|speak|write back)\s+(to me|in [a-z]+|briefly|tersely|concisely|with (bullets|bullet points|examples|code))\b` +
	`|\b(your|short|shorter|brief|concise|terse|verbose|detailed|long)\s+(answers?|replies|responses?|explanations?|summar(y|ies))\b` +
	`|\b(answers?|replies|responses?|explanations?)\s+(short|shorter|brief|concise|terse)\b` +
	`|\bexplain (it|things|to)\b|\b(apologi[sz](e|es|ing)|chatty|small talk|greetings?)\b` +
	`|\b(ask|check|confirm) (with )?(first|before)\b`)

// abbrevRe is an abbreviation whose letters would read as a pronoun ("i.e.").
var abbrevRe = lazyregexp.New(`(?i)\b(i\.e|e\.g)\.`)

// codeSpanRe is a `code` span: commands and names in it say nothing about
// who the line is for ("`grep -i me`").
var codeSpanRe = lazyregexp.New("`[^`]*`")

// Of says who a memory line is for. command marks a line that lists the
// commands that verify the project (build, test, lint), which every
// teammate runs; any other line is for the team unless it speaks of the
// person or of how the agent converses with them.
func Of(line string, command bool) Audience {
	if command {
		return Team
	}
	prose := abbrevRe().ReplaceAllString(codeSpanRe().ReplaceAllString(line, " "), " ")
	if personalRe().MatchString(strings.ReplaceAll(prose, "’", "'")) {
		return Person
	}
	return Team
}
