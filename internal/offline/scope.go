package offline

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// People often say that a rule holds in every project apart from the rule
// itself: in the next sentence ("… in simple English. This is for all my
// projects."), in a clause that points back at it ("…, that's the same
// everywhere I work"), in a lead-in before a colon ("one thing that applies
// to all my projects: …") or in the heading over a list ("## General (all
// my repos)"). Each points at the rule with a word that has no content of
// its own ("this", "that way", "one thing"); once the scope is taken off,
// nothing is left of the pointer but such words.

// globalPattern is a scope over every project of the person, in the words
// people put it in. It is built from parts because a closed list of
// phrases misses the next person's: the scope is a preposition, a
// quantifier and the person's projects ("in all my repos", "on every
// project", "for each of our codebases"), which may be followed by who
// works on them ("I work in", "you touch for us", "we work on together"),
// led by a verb that points at the rule ("this applies to …", "holds
// everywhere …") and closed by the place it is set against (", not just
// this one"). A scope may also be the collaboration itself ("wherever we
// work together", "in whatever repo we're in", "no matter the project").
// "any" counts with the person's own projects ("in any of my repos"), set
// off by commas (", in any project,") or at the sentence's end (", in
// any repo."), or with "ever"; "works in any repo" describes, it does not
// scope. "everywhere, not just <here>" sets the person's scope against
// this project. "Anywhere." said alone after a rule is its scope too.
// Without "my" or "our", projects are the person's only when who works
// on them follows or the clause ends there (scopeEnd): "every project
// owner", "for each project in the report" and "regardless of the repo
// state" are about the things a program handles, and "whenever you work
// on the parser" is a trigger inside this project. Looser words scope
// too when they end their clause: "my repos" without a quantifier
// ("across my repos,"), "any repo I own", "whatever repo we're in"
// without a preposition, "not just here but everywhere", "this isn't
// project specific" and a "my global rule:" label; "my projects folder"
// goes on with a place, and scopes nothing. A word may stand before the
// projects ("any of my rust projects", "any other repo of mine"), the
// scope may be said as what it is not ("not here and not in any other
// repo of mine", "not from any project on any machine"), and "of mine"
// makes "any repo" the person's without a comma before it.
const globalPattern = `(?i)(?:,\s*(?:in|for|across) any (?:project|repo|repository|codebase)\b(?:[\s.!]*$|\s*,)` +
	`|,\s*(?:(?:in|for|across|on) )?(?:every|each|all (?:of )?(?:my|our|your)) ` + scopeNoun + `\b(?: of (?:mine|ours|me))?\s*,` +
	`|^\W*anywhere\W*$` +
	// the person's projects said with no break at all, typed fast: at
	// the end with the word that closes the scope ("no emoji all my
	// repos everywhere", "… lowercase all my repos same everywhere"),
	// or opening the rule where no verb follows (terseLead: "all my
	// repos commit messages lowercase"; "all my repos are public"
	// describes them)
	`|\s+all (?:of )?(?:my|our) (?:other )?` + scopeNoun + `(?: too| as well)?,? (?:(?:the )?same(?: way| thing| rule)? )?(?:everywhere|always)[\s.!]*$` +
	`|` + terseLead +
	// "all my stuff: …" as a label, the person's things in a word
	`|^\W*` + discourseLead + `(?:(?:in|for|across|on) )?all (?:of )?(?:my|our) (?:stuff|code|work|things|apps|scripts|programs)\s*[:\x{2014}]` +
	// "globally" set off after a clause ("…, globally.", "…, globally,
	// …"; opening the sentence it is globalOpenRe's); "install it
	// globally" is where a tool goes
	`|(?:[,;:\x{2014}]\s*|\s-+\s*)globally(?:,? not (?:just|only) (?:here|(?:in |for )?this(?: one| project| repo| repository| codebase)?))?(?:\s*[:,;\x{2014}]|\s+-+\s|[\s.!]*$)` +
	// "in general for me": the person's way, not this project's
	`|(?:^\W*|[,;:\x{2014}]\s*)(?:in general|generally),? for me\b` + scopeEnd + `|^\W*for me\s*[:\x{2014}]` + `|[,;]?\s*for me,? (?:in general|generally)[\s.!]*$` +
	`|\s+(?:in |for |on )?(?:any|every|each) (?:other )?` + scopeNoun + ` of (?:mine|ours|me)` + scopeAgainst + scopeEnd +
	`|(?:^|[,;\x{2014}]|\s-+|(?:^\W*|\s+)(?:everywhere|anywhere),?)\s*(?:all(?: (?:of )?(?:my|our))?|every|each|any) ` + scopeNoun + `\b(?: of (?:mine|ours|me))?` + scopeAgainst + `[\s.!]*$` +
	`|[\s,]*\b` + scopePointer + `(?:in|for|across|to|on) (?:all|every(?: one of)?) (?:of )?(?:the )?` + scopeNoun +
	`(?:` + scopeWhoSaid + `\b(?: of (?:mine|ours|me))?` + scopeAgainst + `| of (?:mine|ours|me)` + scopeAgainst + `|` + scopeAgainst + scopeEnd + `)` +
	`|[\s,]*\b` + scopePointer + `(?:not here,? )?(?:not )?(?:everywhere|anywhere|wherever|whenever) (?:i|we|you|u) (?:work|go|code|help me|am|are|'m|'re|end up)(?: together| with me)?` + scopeAgainst + scopeEnd +
	`|[\s,]*\b` + scopePointer + `(?:no matter (?:the|which|what) |regardless of (?:the |which )?)` + scopeNoun + `(?: (?:it is|we'?re in|i'?m in)|` + scopeWhoSaid + `)?` + scopeAgainst + scopeEnd +
	// "my repos" without a quantifier, leading the rule or set off by
	// commas: "bump the version in my repos" is a task for today
	`|(?:^\W*|,\s*)(?:in|for|across) (?:my|our) (?:other )?(?:projects|repos|repositories|codebases)` + scopeWho + scopeAgainst + `\s*,` +
	`|^\W*(?:in|for|across) (?:my|our) (?:other )?(?:projects|repos|repositories|codebases)` + scopeWho + scopeAgainst + `(?:\s*[:;\x{2014}]|\s+-+\s|\s+(?:i|we)\b)` +
	// "any repo I own", leading the rule or after a comma: "should work
	// in any repo we own" describes
	`|(?:^\W*|,\s*)` + scopePointer + `(?:in|for|across|to|on) any (?:other )?` + scopeNoun + scopeWhoSaid + scopeAgainst + scopeEnd +
	// "this isn't project specific" with its pointer, where a clause
	// starts: "the path isn't repo-specific" describes the path
	`|(?:^\W*|[,;:\x{2014}]\s*)(?:this|that|it)(?: is not| isn'?t| is no|'?s not) (?:a )?(?:project|repo|repository|codebase)[- ]specific(?: (?:thing|rule|preference|wish))?\b` + scopeEnd +
	// "not just here but everywhere" where a clause starts: "it fails
	// not just here but everywhere" reports a bug
	`|(?:^\W*|[,;:\x{2014}]\s*|\s-+\s*)not (?:just|only) (?:in |for )?(?:this|here)(?: one| project| repo| repository| codebase)?,? but (?:everywhere|all of them|in all of them|(?:in |for )?(?:all (?:of )?(?:my|our)|every) ` + scopeNoun + `)\b` + scopeEnd +
	// "everything we do (together)" ending its clause: "for everything
	// we do in this repo, …" is this repo's
	`|[\s,]*\b` + scopePointer + `(?:for|in) (?:everything|anything|all the code|any code) (?:i|we) (?:write|build|work on|touch|make|do)(?: together| with you)?` + scopeAgainst + scopeEnd +
	// "whatever repo we're in" without a preposition, leading its
	// clause: "the prompt shows whatever repo you're in" names a thing
	`|(?:^\W*|,\s*)(?:whatever|whichever) (?:project|repo|repository|codebase) (?:i|we|you)(?:'re| are|'m| am)? (?:in|on|work on|working on|work in)` + scopeAgainst + scopeEnd +
	// a "my global rule:" label, or a bare label that cannot be a
	// domain's term: "Global rules:" are a firewall's or a linter's
	`|^\W*(?:(?:this is |that'?s |it'?s )(?:a |my )|my )(?:own )?(?:global|universal) (?:rule|preference|convention|thing)s?\b(?: (?:for|of) (?:me|mine|us|ours))?` + scopeEnd +
	`|^\W*(?:global|universal) (?:preference|convention)\s*:` +
	// "not from any project on any machine", said as what it is not
	// and ending its clause: "must work from any project on any
	// machine" is what a program does
	`|[\s,]*\b(?:not (?:here|(?:in|from|for) this (?:project|repo|repository|codebase))(?:,? (?:and|or|nor))?,? )?(?:not|never) (?:in|for|across|to|on|from) any (?:other )?(?:[a-z][\w+#.-]* )?` + scopeNoun + ` (?:on|from) any (?:machine|box|computer|laptop|host)s?` + scopeAgainst + scopeEnd +
	// a request to keep the rule in the person's global file, opening
	// or closing it: "put this in my global memory: …", "add to the
	// global GEMINI.md that …", "…, save that to your global
	// instructions"; "put it in global memory" is a GPU's
	`|^\W*(?:please |pls )?(?:(?:can|could|would|will) (?:you|u) (?:please )?)?(?:save|add|put|store|write|keep|note|record|stick)(?: (?:this|that|it)(?: down)?)? (?:to|in|into|on) ` + globalFile + `(?: please)?(?: that\b)?` +
	`|[\s,;:\x{2014}(-]*\b(?:and |please |pls )?(?:save|add|put|store|write|keep|note|record|stick) (?:this|that|it) (?:down )?(?:to|in|into|on) ` + globalFile + `(?: please| too| as well)?\)?` + scopeEnd +
	`|[\s,;:\x{2014}(-]*\b(?:and |please |pls )?make (?:this|that|it) (?:a |my )?(?:global|universal) (?:rule|preference|convention|instruction)\b` + scopeEnd +
	// the rule set against the project as the person's own: "a personal
	// preference, not a project one", "this is a me thing, not a repo
	// thing", "not specific to this project:"; "the cache path is not
	// repo-specific" describes the path
	`|(?:^\W*|[,;:.(\x{2014}]\s*|\s-+\s*)(?:(?:this|that|it)(?:'?s| is) )?(?:(?:a|my|more of a|just a|just my) )?(?:personal|me|my|general|global|own) (?:thing|preference|pref|rule|habit|convention|taste|wish)s?,? (?:and |but )?not (?:a |an |the |my )?(?:project|repo|repository|codebase)(?:[- ](?:specific|one|thing|rule|preference|convention|level))?\b` + scopeEnd +
	`|(?:^\W*|[,;:(\x{2014}]\s*|\s-+\s*)(?:(?:this|that|it)(?:'?s| is)(?: not|n'?t) |not )(?:specific|particular|unique|limited|tied) to (?:this|the|one) (?:project|repo|repository|codebase)\b` + scopeEnd +
	// "not in this project or any other", "here and everywhere else"
	`|[\s,]*\b(?:not |never )?(?:(?:in|for) this (?:project|repo|repository|codebase)|here) (?:or|nor|and) (?:in |for )?(?:any|every) ?(?:other|where else)\b(?: (?:project|repo|repository|codebase|one)s?)?` + scopeEnd +
	`|[\s,]*\b(?:not )?here (?:or|nor|and) (?:anywhere|everywhere) else\b` + scopeEnd +
	// the person's way of working, pointing back at the rule: "that's
	// how I work", "I do it this way everywhere"
	`|(?:^\W*|[,;:.\x{2014}]\s*|\s-+\s*)(?:and )?(?:that'?s|thats|this is|that is|it'?s) (?:just |simply |always )?(?:how|the way) i (?:work|do things|like to work|operate|roll)\b` + scopeEnd +
	`|(?:^\W*|[,;:\x{2014}]\s*)(?:i|we) do (?:it|this|that|things)(?: (?:like that|this way|that way))? everywhere\b` + scopeEnd +
	// a label that calls the rule the person's own: "personal
	// preference: …", "my own convention, everywhere: …"
	`|^\W*(?:(?:this is |that'?s |it'?s )?(?:a |my |just a |just my )|my )?(?:own|personal) (?:preference|convention|rule|habit|taste)s?(?:,? (?:everywhere|for everything|anywhere))?\s*[:\x{2014}]` +
	// the person's projects with no preposition, leading the rule:
	// "every repository you work in for us: …", "In any repo, not just
	// this one, …", and with no break at all where a rule word follows
	// at the sentence's start ("all my repos no emoji in …"; the word
	// stays, see withoutScope)
	`|(?:^\W*` + discourseLead + `|,\s*)(?:(?:in|for|across|on) )?(?:any|every|each|all (?:of )?(?:my|our|your)|every one of (?:my|our|your))(?: other)? ` + scopeNoun + `(?: of (?:mine|ours|me))?` + scopeWho + scopeAgainst + `\s*[,:;\x{2014}]` +
	// the same after a colon that announces the rule, where the
	// projects must be the person's ("…, since this isn't the only repo
	// that does it: every repo I own, no emoji"): "Owners: every
	// project, one lead." describes the projects
	`|[:;]\s*(?:(?:in|for|across|on) )?(?:(?:any|every|each)(?: other)? ` + scopeNoun + `(?: of (?:mine|ours|me))?` + scopeWhoSaid +
	`|(?:all (?:of )?(?:my|our|your)|every one of (?:my|our|your))(?: other)? ` + scopeNoun + `(?: of (?:mine|ours|me))?` + scopeWho + `)` + scopeAgainst + `\s*[,:;\x{2014}]` +
	`|^\W*(?:(?:in|for|across|on) )?(?:all (?:of )?(?:my|our|your)|every one of (?:my|our|your)|every|each|any) (?:other )?` + scopeNoun + `(?: of (?:mine|ours|me))?` + scopeWho + scopeAgainst + `\s+` + ruleOpen + `\b` +
	// one word of place or manner set against this project as a label
	// before the rule: "everywhere, not just here: …" typed in a hurry
	// ("evrywhere"), "globally, not only this repo: …", "general, not
	// just here: …"; "Broken, not just here: staging too" reports
	`|^\W*[a-z]{2,}(?:where|ly|al),? not (?:just|only|merely) (?:here|(?:in |for )?this (?:one|project|repo|repository|codebase))\s*[:\x{2014}]` +
	// "across the board", opening the rule or closing it
	`|^\W*across the board\b` + scopeEnd + `|,\s*across the board[\s.!]*$` +
	`|[\s,]*\b` +
	scopePointer + `(` +
	`(in|for|across|to|on) ((all|every( one of)?|each( one)?( of)?) (of )?(my|our|your)|any( one)? of (my|our|your)) (other |[a-z][\w+#.'-]* )?` + scopeNoun + scopeWho +
	`|(not (here|(in|from|for) this (project|repo|repository|codebase))(,? (and|or|nor))?,? )?(not )?(in|for|across|to|on|from) any (other )?([a-z][\w+#.-]* )?(` + scopeNoun + `|` + machineNoun + `) of (mine|ours|me)` +
	`|(for|to) (anything|everything) of (mine|ours)` +
	`|everywhere,? not (just|only) (in |for )?(this|here|[\w.-]+)( one| project| repo)?` +
	`|(in|for) (whatever|whichever) (project|repo|repository|codebase) (i|we|you)('re| are|'m| am)? (in|on|work on|working on|work in)` +
	`|(in |for )?any (project|repo|repository|codebase)s? ever` +
	`|(for|in|to) (everything|anything)( i do)?,? not (just|only) (in )?(this|here)( \w+)?` +
	`|(on|across) (all|every( one of)?) (of )?my (machines?|computers?|laptops?|boxes|hosts|workstations?)` +
	`|(for|in) (everything|anything|all the code|any code) i (write|build|work on|touch|make)` +
	`|(in|for|across) all (of )?(my|our) (stuff|code|work|things|apps|scripts|programs))\b( of (mine|ours))?` + scopeAgainst + `)`

const (
	// discourseLead is the words that turn to a new matter before a
	// scope that opens the sentence: "fyi all my repos: …", "oh and btw,
	// in every repo, …".
	discourseLead = `(?:(?:fyi|btw|ps|also|and|oh|plus|by the way)\b[\s,:]*)*`
	// globalFile is the person's global memory file named as such: "my
	// global memory", "the global GEMINI.md", "~/.gemini/GEMINI.md".
	globalFile = `(?:(?:your|my) (?:global|personal|user[- ]level) (?:memory|memories|notes|gemini\.md|gemini file|memory file|instructions|rules|preferences|prefs)|(?:the |your |my )?global (?:gemini\.md|gemini file|memory file)|~/\.gemini/gemini\.md)`
	// ruleOpen is a word a rule opens with, closing a scope said before
	// it with no break ("all my repos no emoji …"); "all my repos use
	// semver" describes them.
	ruleOpen = `(?:no|never|always|don'?t|dont|please|pls|avoid|stop)`
	// machineNoun is the person's machines: "on any machine of mine".
	machineNoun = `(machines?|box|boxes|computers?|laptops?|hosts?|workstations?)`
	// scopeNoun is the person's projects.
	scopeNoun = `(projects?|repos|repositories|repo|repository|codebases?|code ?bases?)`
	// scopeWho is who works on them: "(that) I work in", "you touch for
	// us", "we work on together".
	scopeWho = scopeWhoSaid + `?`
	// scopeWhoSaid is scopeWho where it must be said: a scope without
	// "my" is the person's only with it or at the clause's end.
	scopeWhoSaid = `(( that| which)? (i|we|you|u) (manage|maintain|own|have|run|touch|handle|open|look after|contribute to|work on|work in|work with|help (me )?with)( together)?( for (me|us))?)`
	// scopeEnd ends the clause a scope without "my" closes: a comma, a
	// colon, a dash, the sentence's end or the person as the next
	// clause's subject ("in all project I want …"), and no noun or place
	// after it ("every project owner", "whenever you work on the parser").
	scopeEnd = `(?:\s*[,;:)\x{2014}]|\s+-+\s|[\s.!]*$|\s+(?:i|we)\b)`
	// scopeAgainst is the place the scope is set against (after a "too"
	// that belongs to the scope: "for all my repos too"): ", not just
	// this one", "not only the thesis", "and not to this one alone".
	scopeAgainst = `( too| as well)?(,? (and |but )?not (just|only|merely) (to |in |for )?(this|here|the [\w.-]+)( one| [\w.-]+)?|,? (and |but )?not (to |in |for )?(this|here)( one| project| repo| repository| codebase)? (alone|only))?`
	// scopePointer is a verb before the scope that points at the rule:
	// "this applies to every repo", "that holds everywhere, not just here".
	scopePointer = `(?:(?:(?:this|that|it|which) )?(?:applies|goes|holds|counts|is true|'s true) |(?:that'?s|thats|that is|this is|it'?s|it is) )?`
)

// hasScope reports whether s says a rule holds in every project of the
// person. A scope that only says where a thing is or happens is not one:
// "the stale badge is in all my repos, delete it here" and "this warning
// shows up in every one of my projects" describe, and "I have the same
// editorconfig in all my repos" tells what the person owns (see
// locatedBeforeRe); "it's for all my repos" and "tabs are what I use in
// every repo" still scope, and so does "this is in all my repos not just
// here, …" where it points at the rule after it (pointsAhead).
func hasScope(s string) bool {
	if !mayScope(s) {
		return false
	}
	for _, loc := range globalRe().FindAllStringIndex(s, -1) {
		if terseLeadRe().MatchString(s[loc[0]:loc[1]]) && describesMine(s[loc[1]:]) {
			// "all my repos are public": the projects are the
			// subject, and what follows says what they are.
			continue
		}
		if !located(s[:loc[0]], s[loc[0]:loc[1]]) || pointsAhead(s[loc[0]:loc[1]], s[loc[1]:]) {
			return true
		}
	}
	return false
}

// askedScopeTail is s from the scope on when the scope is asked for in the
// middle of the sentence ("Last week you removed models/Old.cfg without
// asking, I'm not upset but please, for all my projects, never delete a
// file without asking me first"): what comes before the "please" is the
// story that prompted the rule, the rule follows the scope; so after a
// lead-in and its colon ("One more thing on team hygiene, since it came up
// in the retro: in all my teams' repos, nobody force-pushes …"), where a
// label of one word ("Tags:") stays with the rule. s itself
// otherwise, and when little follows the scope (the rule came before it:
// "answers as bullet points please, in all my repos").
func askedScopeTail(s string) string {
	for _, loc := range globalRe().FindAllStringIndex(s, -1) {
		if i := strings.LastIndex(s[loc[0]:loc[1]], ": "); i >= 0 {
			// "…, because it's not specific to this repo: in every
			// repo I have, …": one scope said twice around the colon.
			loc[0] += i + 1
		}
		before := strings.TrimRight(s[:loc[0]], " ,")
		if loc[0] > 0 && (pleaseEndRe().MatchString(before) || leadsToRule(before, s[loc[1]:])) && len(strings.Fields(s[loc[1]:])) >= 4 {
			return strings.TrimLeft(s[loc[0]:], " ,")
		}
		if c, ok := habitClause(s, loc); ok {
			return c
		}
	}
	return s
}

// leadsToRule reports whether before, the words ahead of a scope, is a
// lead-in of two words or more ending in a colon that leads to a rule
// (after, what follows the scope), not to what the person saw: "What I
// noticed yesterday: in all my repos, the CI takes ten minutes" tells;
// "…the one rule that came out of it yesterday: in every repo I have, …"
// announces one, and "saw it in your last commit: in every repo i have,
// no emoji in commit messages" says one.
func leadsToRule(before, after string) bool {
	if !strings.HasSuffix(before, ":") || len(strings.Fields(before)) < 2 {
		return false
	}
	after = strings.TrimLeft(after, " ,;:")
	return !storyLeadRe().MatchString(before) || ruleNameRe().MatchString(before) ||
		noOpenRe().MatchString(after) || starterRe().MatchString(after) || modalRe().MatchString(after)
}

// storyLeadRe is a lead-in that tells what was seen or when; ruleNameRe a
// word that names what follows as a rule.
var (
	storyLeadRe = lazyregexp.New(`(?i)\b(?:noticed|saw|found|realis|realiz|yesterday|last (?:week|night|time)|this morning)`)
	ruleNameRe  = lazyregexp.New(`(?i)\b(?:rules?|conventions?|polic(?:y|ies)|guidelines?)\b`)
)

// habitClause is the clause of s holding the scope at loc when it tells
// the person's own habit between a request and what follows ("can you
// format everything with stylua, i use stylua in all my projects, i forgot
// to run it here"): that clause is the rule.
func habitClause(s string, loc []int) (string, bool) {
	start, end := 0, len(s)
	for _, cut := range clauseSplitRe().FindAllStringIndex(s, -1) {
		if cut[1] <= loc[0] {
			start = cut[1]
		} else if cut[0] >= loc[1] {
			end = cut[0]
			break
		}
	}
	c := strings.TrimSpace(s[start:end])
	if start == 0 || !selfHabitRe().MatchString(c) {
		return "", false
	}
	return c, true
}

// pleaseEndRe is a clause that ends in the asking word, set off from what
// came before, before a scope: "…, but please", "… so please" ("no tables
// please, not in any repo of mine" asks for the rule it has said).
var pleaseEndRe = lazyregexp.New(`(?i)(?:[,;]\s*|\b(?:but|so|and)\s+)please$`)

// terseLeadRe is the scope that opens a rule with no break and no
// preposition, with the space after it: "all my repos commit
// messages lowercase".
var terseLeadRe = lazyregexp.New(`(?i)` + terseLead + `$`)

// terseLead is the pattern of terseLeadRe without its end, one of
// globalPattern's scopes.
const terseLead = `^\W*` + discourseLead + `all (?:of )?(?:my|our) (?:other )?` + scopeNoun + `(?:\s*(?:-+>|=>|\x{2192})\s*|\s)`

// describesMine reports whether the words after "all my repos" said
// without a break make the projects the subject of a verb that tells
// what they are, have or do ("are public", "use semver", "moved to
// GitLab", "should build"), where a rule typed fast goes on with what it
// rules ("commit messages lowercase", "no emoji").
func describesMine(after string) bool {
	w := strings.ToLower(strings.Trim(firstWord(after), ",.;:!?"))
	return describingVerbs[w] || strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "'ve") || strings.HasSuffix(w, "'re") || strings.HasSuffix(w, "ly")
}

// describingVerbs are the words that, right after "all my repos", make
// the projects their subject: verbs and modals, an adverb before the verb
// ("still", "now"), and a word that goes on describing them ("at",
// "with", "which", "and").
var describingVerbs = map[string]bool{
	"are": true, "were": true, "is": true, "was": true, "be": true, "have": true, "has": true, "had": true,
	"use": true, "run": true, "ran": true, "share": true, "need": true, "get": true, "got": true, "look": true,
	"seem": true, "live": true, "sit": true, "build": true, "fail": true, "break": true, "depend": true,
	"do": true, "did": true, "don't": true, "dont": true, "didn't": true, "aren't": true, "arent": true,
	"will": true, "would": true, "can": true, "could": true, "should": true, "must": true, "may": true,
	"might": true, "still": true, "also": true, "now": true, "already": true, "all": true, "both": true,
	"follow": true, "include": true, "contain": true, "go": true, "went": true, "point": true, "pull": true,
	"deploy": true, "ship": true, "target": true, "show": true, "work": true, "compile": true, "pass": true,
	"at": true, "on": true, "in": true, "from": true, "to": true, "and": true, "or": true, "that": true,
	"which": true, "with": true, "of": true, "for": true, "i": true, "we": true, "you": true, "got'": true,
}

// pointsAhead reports whether a scope said with a verb of being ("this
// is in all my repos") points at the rule after it rather than placing a
// thing: the pointer is "this" or "that", the scope is set against this
// project ("not just here") and an instruction follows it after a comma
// ("for commits, this is in all my repos not just here, write the
// messages in lowercase"). "the bug is in all my repos, not just here"
// places the bug, and "this is in all my repos, not just here." has no
// rule after it.
func pointsAhead(m, after string) bool {
	m = strings.ToLower(strings.TrimLeft(m, " ,"))
	if !strings.HasPrefix(m, "this") && !strings.HasPrefix(m, "that") || !strings.Contains(m, "not ") {
		return false
	}
	rest, ok := strings.CutPrefix(strings.TrimLeft(after, " "), ",")
	if !ok && !strings.HasSuffix(m, ",") {
		return false
	}
	if !ok {
		rest = after
	}
	rest = strings.TrimSpace(rest)
	return starterRe().MatchString(rest) && len(textkey.Tokens(rest)) >= 3
}

// scopeWords are the words no scope of globalPattern can be said
// without: each alternative names a quantifier (any, every, each, all,
// everywhere…), the person's projects by noun, their global file, a
// "not project specific" label, or "how I work". globalPattern is long
// and tried on every sentence a person writes; a sentence holding none of
// these words cannot match it, and skipping it there keeps the scope test
// from being most of an offline run.
var scopeWords = map[string]bool{
	"any": true, "anywhere": true, "anything": true, "anyother": true,
	"every": true, "everywhere": true, "everything": true, "everyother": true,
	"each": true, "all": true, "wherever": true, "whenever": true, "whatever": true, "whichever": true,
	"matter": true, "regardless": true,
	"project": true, "projects": true, "repo": true, "repos": true, "repository": true, "repositories": true,
	"codebase": true, "codebases": true,
	"specific": true, "particular": true, "unique": true, "limited": true, "tied": true,
	"global": true, "universal": true, "personal": true, "user": true, "gemini": true,
	"how": true, "way": true, "own": true, "board": true, "globally": true, "general": true, "generally": true,
}

// mayScope reports whether s holds one of scopeWords, split as the
// pattern's \b splits words (ASCII letters only) and folded as its (?i)
// folds them (the long s and the Kelvin sign are an s and a k), or sets a
// place against this project ("not just", "not only", "not merely"), as
// the one word of place or manner before the rule may be typed in a
// hurry ("evrywhere, not just here: …"), or labels the rule the
// person's ("for me: …").
func mayScope(s string) bool {
	s = strings.Map(func(r rune) rune {
		switch r = unicode.ToLower(r); r {
		case '\u017f':
			return 's'
		case '\u212a':
			return 'k'
		}
		return r
	}, s)
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r < 'a' || r > 'z' }) {
		if scopeWords[w] {
			return true
		}
	}
	// "evrywhere not just here: …": the place set against, said alone
	return strings.Contains(s, "not just ") || strings.Contains(s, "not only ") || strings.Contains(s, "not merely ") ||
		// "(in general) for me: …", a label with no scope word
		strings.Contains(s, "for me")
}

// located reports whether the scope m, said after before, places a thing
// rather than a rule: it opens with a preposition of place ("in", "on",
// "across", "from") and follows a verb of being or occurring, or the
// person having something.
func located(before, m string) bool {
	m = strings.ToLower(strings.TrimLeft(m, " ,"))
	if loc := beingPointerRe().FindStringIndex(m); loc != nil {
		// "it's in all my repos": the pointer is the being verb
		return true
	}
	if !placeOpenRe().MatchString(m) {
		return false
	}
	if locatedBeforeRe().MatchString(before) {
		return true
	}
	// "I have the same editorconfig in all my repos" (but "I have to
	// sign tags in all my repos")
	h := ownBeforeRe().FindStringSubmatch(before)
	return h != nil && !strings.EqualFold(h[1], "to")
}

var (
	// placeOpenRe is a scope that opens with a preposition of place.
	placeOpenRe = lazyregexp.New(`^(in|on|across|from)\b`)
	// beingPointerRe is a scope whose pointer is a verb of being before a
	// place: "it's in all my repos" (but "it's for all my repos").
	beingPointerRe = lazyregexp.New(`^(it|this|that|they)('?s| is| are|'re) (also |still |now |basically )?(in|on|across|from)\b`)
	// locatedBeforeRe ends with a verb of being or occurring (an adverb
	// may follow it): what comes before a scope that only places
	// something.
	locatedBeforeRe = lazyregexp.New(`(?i)(\b(is|are|was|were|lives?|sits?|exists?|(shows?|turns?|crops?|pops?) up|appears?|happens?|occurs?|breaks?|fails?|installed|copied|vendored|duplicated|pasted)|'s|'re)(\s+(also|still|now|basically|everywhere|too))?\s*$`)
	// ownBeforeRe ends with the person having a thing, its first word
	// after the verb apart.
	ownBeforeRe = lazyregexp.New(`(?i)\b(?:i|we)(?:'ve| have| had|'ve got| got| own)\s+(\S+)(?:\s+[^\s.,;:!?]+){0,5}\s*$`)
)

// withoutScope is s with its scope over every project taken off. A scope
// in a lead-in before a colon ("Also, a general thing, across all my repos:
// …") takes the lead-in with it: what follows the colon is the rule.
func withoutScope(s string) string {
	loc := globalRe().FindStringIndex(s)
	if loc == nil {
		return s
	}
	if strings.HasSuffix(s[:loc[1]], ":") {
		// "in every repo: …": the colon closed the scope (scopeEnd)
		loc[1]--
	}
	if s[loc[0]] == ':' || s[loc[0]] == ';' {
		// ": every repo I own, …": the scope opens the clause after a
		// colon, which stays with the lead-in before it.
		loc[0]++
	}
	if c := strings.Index(s, ":"); c >= loc[1] && (strings.Trim(s[loc[1]:c], " ,") == "" || againstOnly(s[loc[1]:c])) && !strings.ContainsAny(s[:loc[0]], ".!?:") && len(textkey.Tokens(s[c+1:])) >= 3 {
		s = s[c+1:]
		// the scope went with the lead-in: find the rule's own, if any
		if loc = globalRe().FindStringIndex(s); loc == nil {
			loc = []int{0, 0}
		}
	}
	if c := strings.LastIndex(s[:loc[0]], ":"); c >= 0 && strings.TrimSpace(s[c+1:loc[0]]) == "" && !strings.ContainsAny(s[:c], ".!?") && len(strings.Fields(s[:c])) >= 3 && askingLead(s[:c]) {
		// "One more thing I'd like you to keep in mind: in all my
		// repositories, not only this one, figures must …": the
		// lead-in announces what follows the scope, which is the rule.
		// A short label keeps its word ("Tags: in all our repos, …"
		// is about tags).
		after := strings.TrimLeft(s[loc[1]:], " ")
		if strings.HasSuffix(strings.TrimSpace(s[loc[0]:loc[1]]), ",") || strings.HasPrefix(after, ",") {
			if rest := strings.TrimSpace(strings.TrimPrefix(after, ",")); len(textkey.Tokens(rest)) >= 3 {
				return rest
			}
		}
	}
	if c := strings.LastIndexAny(s[:loc[0]], ",;\u2014("); c >= 0 {
		_, w := utf8.DecodeRuneInString(s[c:]) // "—" is three bytes
		if lead := s[c+w : loc[0]]; asideLeadRe().MatchString(lead) || bareAndRe().MatchString(lead) && pointedScopeRe().MatchString(s[loc[0]:loc[1]]) {
			// "…, but actually, and this is a me thing across all my
			// stuff, please always ask …": the aside that carries the
			// scope points at what follows it, which is the rule; what
			// came before the aside is another matter. The pointer may
			// be the scope's own ("and this goes for all my repos: …").
			rest := strings.TrimLeft(s[loc[1]:], " ")
			if closed := strings.HasSuffix(strings.TrimSpace(s[loc[0]:loc[1]]), ","); (closed || strings.HasPrefix(rest, ",")) && len(textkey.Tokens(rest)) >= 3 {
				// (the comma that closes the aside may end the
				// scope's match, scopeEnd)
				return strings.TrimSpace(strings.TrimPrefix(rest, ","))
			}
			if strings.HasPrefix(rest, ":") && len(textkey.Tokens(rest)) >= 2 {
				// "and this goes for all my repos: file-scoped
				// namespaces.": a colon announces the rule, however
				// short.
				return strings.TrimSpace(rest[1:])
			}
		}
	} else if c < 0 && openAsideRe().MatchString(s[:loc[0]]) {
		// "this is a me thing across all my stuff, please always ask
		// …": the same aside opening the sentence (a run-on split or a
		// filler took its "and" off), when what follows it opens a rule
		// or asks for one politely ("I'd be grateful if you …").
		rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimLeft(s[loc[1]:], " "), ","))
		if closed := strings.HasSuffix(strings.TrimSpace(s[loc[0]:loc[1]]), ",") || strings.HasPrefix(strings.TrimLeft(s[loc[1]:], " "), ","); closed && (ruleOpenRe().MatchString(firstWord(rest)) || wishIf(formalAsk(rest)) != rest) && len(textkey.Tokens(rest)) >= 3 {
			return rest
		}
	}
	// scopeLast: the scope ends the sentence (bar the place it is set
	// against), so a break left at the end led to it.
	scopeLast := false
	if locs := globalRe().FindAllStringIndex(s, -1); len(locs) > 0 {
		rest := againstLeftRe().ReplaceAllString(s[locs[len(locs)-1][1]:], "${end}")
		scopeLast = strings.Trim(rest, " .!") == ""
	}
	s = globalRe().ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasSuffix(m, ",") {
			if m[0] == ':' || m[0] == ';' {
				// "Tags: in all our repos, we sign …": the
				// colon that opened the scope stays
				return m[:1] + " "
			}
			// ", in any project, …": the clause break stays
			return ", "
		}
		if f := strings.Fields(m); len(f) > 1 && (strings.EqualFold(f[len(f)-1], "i") || strings.EqualFold(f[len(f)-1], "we") || ruleOpenRe().MatchString(f[len(f)-1])) {
			// "in all project I want …": the subject that closed the
			// scope (scopeEnd) stays, and so does the word that opens
			// the rule ("all my repos no emoji …")
			return " " + f[len(f)-1] + " "
		}
		return " "
	})
	// "— that goes for all my projects, honestly, not just this one":
	// the place the scope was set against, left apart by an aside.
	s = againstLeftRe().ReplaceAllString(s, "${end}")
	s = strings.ReplaceAll(strings.Join(strings.Fields(s), " "), " ,", ",")
	// "keep it short -- everywhere, not only here.": the break that led
	// to the scope goes with it; so does the comma that set it off after
	// a verb of wishing ("I prefer, in all my repos, that …"). A scope
	// before the rule left no break at the end: a mark that ends the
	// rule is its value ("prefix them with wip-").
	if scopeLast {
		s = danglingBreakRe().ReplaceAllString(s, "$1")
	}
	s = wishCommaRe().ReplaceAllString(s, "$1 that")
	if m := leadPointerRe().FindString(s); m != "" && len(textkey.Tokens(s[len(m):])) >= 3 {
		// "thats for every repo i touch, keep …": with the scope gone,
		// the word that pointed at the rule is all that is left before
		// it.
		s = s[len(m):]
	}
	if m := mentionLeadRe().FindString(s); m != "" && len(textkey.Tokens(s[len(m):])) >= 3 {
		// "I should also mention, across all of my repositories, that
		// …": with the scope gone the lead-in says nothing.
		s = s[len(m):]
	}
	return s
}

// againstOnly reports whether the text between a scope and the colon
// after it only sets the scope against this project: "all my projects,
// not just the art:" is the whole lead-in before the rule.
func againstOnly(between string) bool {
	return strings.Contains(between, "not ") && againstLeftRe().ReplaceAllString(between+":", "${end}") == ":"
}

// askingLead reports whether a lead-in before "in all my repos, …" asks
// for what follows ("one more thing to keep in mind:") rather than tells
// what happened ("What I noticed yesterday:"), after which the clause is
// a report, not a rule.
func askingLead(lead string) bool {
	return (askLeadRe().MatchString(lead) || forwardEndRe().MatchString(lead)) && !storyRe().MatchString(lead) && !tellLeadRe().MatchString(lead)
}

// forwardEndRe is a lead-in that points at what the colon after it
// brings: one that ends on a pointer ("what I want is the following",
// "… the only one that does this") or gives the reason for the scope
// that opens the rule ("since this isn't the only repo where it
// matters").
var forwardEndRe = lazyregexp.New(`(?i)\b(?:this|the following)\s*$|^\W*(?:(?:and|but|also) )?(?:since|because|as) \w+`)

var (
	// askLeadRe is a request or "remember" word in a lead-in.
	askLeadRe = lazyregexp.New(`(?i)\b(?:keep in mind|remember|note|for the record|i'?d like|i would like|please|pls|one more thing|bear in mind|make sure|forg[eo]t\w*|(?:to|should|must) (?:say|mention|tell you|add))\b`)
	// tellLeadRe is a lead-in that tells what was seen or why.
	tellLeadRe = lazyregexp.New(`(?i)\b(?:noticed|reason|happened|found|saw)\b`)
)

// ruleOpenRe is ruleOpen alone.
var ruleOpenRe = lazyregexp.New(`(?i)^` + ruleOpen + `$`)

// againstLeftRe is the place a scope was set against, once the scope is
// gone: ", honestly, not just this one". A place ends its clause and is
// this one, here or a project's name: "…, too, not only the exported
// ones" and "…, not just the sources" are the rule's own contrast, and
// stay.
var againstLeftRe = lazyregexp.New(`(?i)[\s,;\x{2014}-]+((honestly|really|seriously|truly|too|as well)[\s,]+)*not (just|only|merely) (in |for )?(this( [\w.-]+)?|here|the [\w.-]*[^\Ws\d]( one| project| repo| repository| codebase)?)\b(?P<end>[\s.!]*$|\s*[,;:\x{2014}])`)

// asideLeadRe opens an aside that points forward at the rule, up to its
// scope: "and this is a me thing", "and this is just how I like things";
// without the "and", ", that's how I do it in every project, …" points
// back at the rule before it.
var asideLeadRe = lazyregexp.New(`(?i)^\s*(?:and|but) (?:this|that)(?:'?s| is)\b[\w\s']{0,40}$`)

var (
	// bareAndRe is an aside opened by "and" or "but" alone, whose pointer
	// is the scope's own (pointedScopeRe).
	bareAndRe = lazyregexp.New(`(?i)^\s*(?:and|but)\s*$`)
	// pointedScopeRe is a scope that opens with a word pointing at the
	// rule: "this goes for all my repos", "that applies to every project".
	pointedScopeRe = lazyregexp.New(`(?i)^[\s,]*(?:this|that|it) (?:applies|goes|holds|counts)\b`)
)

// openAsideRe is asideLeadRe opening the sentence, with or without its
// "and": "this is a me thing", "and that's just how I like things". Said
// first, it may point back at the sentence before as well as forward, so
// withoutScope reads it as pointing forward only when a rule word or a
// polite wish opens what follows ("That's how I work in all my repos,
// saves time" keeps pointing back).
var openAsideRe = lazyregexp.New(`(?i)^\W*(?:(?:and|but) )?(?:this|that)(?:'?s| is)\b[\w\s']{0,40}$`)

// danglingBreakRe is a clause break left at the end once the scope after
// it is gone: "keep it short --.", "no emoji,". It cannot tell such a
// break from a mark the rule ends with, so it is used only when the scope
// ended the sentence.
var danglingBreakRe = lazyregexp.New(`\s*(?:--?|[,;:\x{2014}])\s*([.!]*)$`)

// wishCommaRe is a verb of wishing or asking left apart from its "that"
// clause by a comma once the scope between them is gone.
var wishCommaRe = lazyregexp.New(`(?i)\b(prefer|want|ask|request|insist|suggest|mean|expect|require|wish|like)\s*,\s*that\b`)

// leadPointerRe is a word that pointed from the scope to the rule, left
// before the rule once the scope is gone: "thats, …", "same goes: …".
var leadPointerRe = lazyregexp.New(`(?i)^(?:and |also )?(?:that'?s|thats|this is|that is|it'?s|same(?: goes| here)?)\s*[,:;\x{2014}-]+\s*`)

// sameTailRe is what is left of "same for every repo" or "same as in all
// my other repos" said after a rule once the scope is gone: a pointer back
// at the rule, no rule of its own.
var sameTailRe = lazyregexp.New(`(?i)^\W*(?:and |also )?(?:(?:the )?same(?: thing| rule| deal| here)?(?: as| like)?|(?:just )?(?:like|as))(?: (?:goes|applies|holds|counts))?\W*$`)

// mentionLeadRe is a lead-in that announces what follows: "I should also
// mention that", "I want to add,".
var mentionLeadRe = lazyregexp.New(`(?i)^(and |also |oh )*i (should|must|want to|wanted to|need to|have to|'d like to|would like to) (also )?(mention|add|say)\b[\s,:]*(that\b\s*)?`)

// selfHabitRe is a habit of the person's in two words: "I use tabs", "I
// sign commits".
var selfHabitRe = lazyregexp.New(`(?i)^i (always |never )?(use|write|prefer|sign|indent|wrap|format)\b`)

var (
	// pointerTailRe is what is left of a clause that points back at the
	// rule once its scope is gone: ", that goes", ", that's the same",
	// "I prefer it that way", "thats how i do it".
	pointerTailRe = lazyregexp.New(`(?i)(^|[\s,;:\x{2014}-]+)((and )?(that|this|it)('?s| is| goes| applies| holds| counts)?( (the same|true|so|how i (do|want|like|write) (it|them|things)|what i (do|want|like)))?( (goes|applies|holds|counts))?|i (prefer|want|like|do) (it|them|things) (that way|like that|this way)|(that|this)('?s| is) how (i|we) [\w-]+( (it|them|things|[\w-]+))?|i (say|said|mean|ask) (this|that|it)|i (want|need|expect|prefer) (that|this))( (too|as well|really|honestly|anyway))?[\s,;:.!]*$`)
	// pointerHeadRe is a lead-in before a colon that only points forward
	// once its scope is gone: "one thing that applies :", "this holds:".
	pointerHeadRe = lazyregexp.New(`(?i)^[^:]{0,40}\b(applies|apply|holds|goes|counts)\b[\s,]*:\s*`)
)

// scopeOnly reports whether sentence s, said right after the rule prev,
// adds no more to it than that it holds in every project ("This is for
// all my projects.", "that goes for all my repos"): a scope for prev.
// The clause that carries the scope may be followed by a short reason or
// aside (", saves me time"), and may say the rule again in its own words
// instead of pointing at it: in fewer words of prev ("I sort imports in
// all my code" after "could you sort the imports?"), or in any words
// when prev is a wish about the agent's replies, which is the person's
// anyway ("keep it brief. I hate long answers, in any repo."), unless the
// clause holds a rule of its own (see aboutWishRe). Said again
// after a question, the sentence is the rule itself and stays apart.
func scopeOnly(s, prev string) bool {
	if !hasScope(s) || strings.HasSuffix(strings.TrimSpace(s), "?") {
		return false
	}
	if loneAnywhereRe().MatchString(s) && projectPlaceRe().MatchString(prev) {
		// "No console.log in the shipped code. Anywhere.": the
		// emphasis stays inside the place the rule names.
		return false
	}
	// (A scope that opened the sentence leaves the comma that closed
	// it: "In all my repos, never …" must not read as an empty clause
	// before that comma.)
	rest := strings.TrimLeft(withoutScope(s), " ,;:\u2014-")
	rest = pointerTailRe().ReplaceAllString(rest, "")
	// "Every repo I own, every language, I don't care what the Lua
	// style guide says.": a wider scope and a concession say no rule of
	// their own.
	rest = withoutAsides(rest)
	if len(factTerms(stripFillers(rest))) == 0 || sameTailRe().MatchString(rest) {
		return true
	}
	head, tail, _ := strings.Cut(rest, ",")
	if len(strings.Fields(tail)) > 6 || len(strings.Fields(head)) > 8 {
		return false
	}
	if head = pointerTailRe().ReplaceAllString(head, ""); len(factTerms(stripFillers(head))) == 0 && !ownRule(head) {
		return true
	}
	if strings.HasSuffix(strings.TrimSpace(prev), "?") {
		// after a question the sentence that says it again is the rule
		return false
	}
	return restates(head, prev) || tail == "" && personal(prev) && (personal(head) || aboutWishRe().MatchString(head))
}

var (
	// loneAnywhereRe is "Anywhere." said alone.
	loneAnywhereRe = lazyregexp.New(`(?i)^\W*anywhere\W*$`)
	// projectPlaceRe is a place of the project a rule names: "in the
	// shipped code", "under this module", a path ("src/api").
	projectPlaceRe = lazyregexp.New(`(?i)\b(?:in|inside|under|within|across) (?:the|this|our) \w|\w/\w`)
)

// aboutWishRe finds a clause that leans on a wish said before it: a word
// pointing back ("long ones", "them") or the person's aversion ("I don't
// need essays", "I hate walls of text"), the wish's reason. After a wish
// about the agent's replies such a clause is about those replies, while
// one with neither ("never push to main directly, in any repo", "I want
// failing tests first, in any repo") is a rule of its own.
var aboutWishRe = lazyregexp.New(`(?i)\b(ones?|them|they|it|those|that)\b|^i\s+(don'?t|do not|never|hate|can'?t stand|dislike)\b`)

// ownRule reports whether clause c, left after a scope, opens a rule of
// its own in words too common to be fact terms: "and in all my projects,
// don't commit for me, …" is a rule, not the scope of the sentence
// before ("in all my repos, please." is).
func ownRule(c string) bool {
	c = strings.TrimSpace(c)
	return len(strings.Fields(c)) >= 3 && ruleOpenRe().MatchString(strings.Trim(firstWord(c), ",.;:!"))
}

// restates reports whether clause c names nothing that rule does not.
func restates(c, rule string) bool {
	terms := factTerms(stripFillers(c))
	if len(terms) == 0 {
		return false
	}
	of := map[string]bool{}
	for _, t := range factTerms(rule) {
		of[t] = true
	}
	for _, t := range terms {
		if !of[t] {
			return false
		}
	}
	return true
}

// withScope puts the scope said apart back on the rule it belongs to,
// where the rule keeps its own shape: before a closing question mark
// ("could you always …?"), else at the end.
func withScope(rule string) string {
	r := strings.TrimRight(rule, " .!;,")
	if strings.HasSuffix(r, "?") {
		return strings.TrimRight(r, "? ") + " in all my projects?"
	}
	return r + ", in all my projects."
}

// unpointed takes off what pointed at the scope once the scope itself is
// gone: a closing ", that's the same" or a lead-in "one thing that applies:".
func unpointed(s string) string {
	if m := pointerHeadRe().FindString(s); m != "" && len(textkey.Tokens(s[len(m):])) >= 3 {
		s = s[len(m):]
	}
	if loc := pointerTailRe().FindStringIndex(s); loc != nil && loc[0] > 0 {
		// ", that goes" and "thats" point; "keep doing that" ends a
		// rule.
		if f := strings.Fields(strings.Trim(s[loc[0]:], " ,;:.!-\u2014")); len(f) >= 2 || len(f) == 1 && contractedRe().MatchString(f[0]) {
			s = s[:loc[0]]
		}
	}
	if loc := hereTooRe().FindStringIndex(s); loc != nil && len(textkey.Tokens(s[:loc[0]])) >= 3 {
		// "…, do that here too", "…, can you start one here?": the
		// rule applied to this project, or the day's task after it.
		s = s[:loc[0]]
	}
	return s
}

// hereTooRe is a closing clause that applies a rule said for every
// project to this one, or asks for the day's task under it: ", remember
// that for here too", ", please apply that here", ", can you start one
// here and add what we did?".
var hereTooRe = lazyregexp.New(`(?i)[,;]\s*(?:(?:so|and)\s+)?(?:please\s+)?(?:(?:do|remember|apply|use|follow|keep)\s+(?:that|this|it)(?:\s+(?:for\s+)?(?:here|in this (?:one|repo|project)))?(?:\s+(?:too|as well))?(?:\s+please)?|(?:can|could|would|will) you\b[^,;]*\?)\s*[.!]*$`)

// contractedRe is a pointer with its verb run on: "that's", "thats".
var contractedRe = lazyregexp.New(`(?i)^(that|this|it)['\x{2019}]?s$`)

// scopeHeadRe is a heading whose scope covers the list under it: "##
// General (all my repos)", "Style, for all my projects:".
var scopeHeadRe = lazyregexp.New(`^(#+\s+.*|[^.!?]{1,60}:)$`)

// allMineRe names every project of the person without a preposition, as
// a heading does: "(all my repos)", "(every repo of mine)", "## All
// repos". Without "my", "our" or "of mine" the phrase is the person's
// projects only as the whole heading or set apart in parentheses; "## Listing all projects" heads a list
// about a program that lists projects.
var allMineRe = lazyregexp.New(`(?i)\b(all|every one) (of )?(my|our) (projects|repos|repositories|codebases)\b|\b(every|each|any)( other)? (project|repo|repository|codebase) of (mine|ours)\b|^(#+\s*)?(all|every one of the) (projects|repos|repositories|codebases)\s*:?$|\((for |in )?(all|every one of the) (projects|repos|repositories|codebases)\)`)

// scopedItems numbers the sentences of the list items under a heading
// that says they hold in every project.
func scopedItems(lines []string) map[string]int {
	return itemsUnder(lines, scopeHeading)
}

// scopeHeading reports whether the trimmed line t is a heading that says
// the list under it holds in every project: "## General (all my repos)".
func scopeHeading(t string) bool {
	return scopeHeadRe().MatchString(t) && (globalRe().MatchString(t) || allMineRe().MatchString(t))
}

// withoutAsides is s without its clauses that name no fact (asideClause):
// what is left is the rule the sentence says, if any.
func withoutAsides(s string) string {
	if !mayAside(s) {
		return s
	}
	return keptClauses(s)
}

// keptClauses is withoutAsides past its cheap test (mayAside), for a
// caller that has made that test already.
func keptClauses(s string) string {
	var kept []string
	for _, c := range clauseBreakRe().Split(s, -1) {
		if c = strings.TrimSpace(c); c != "" && !asideClause(c) {
			kept = append(kept, c)
		}
	}
	return strings.Join(kept, ", ")
}

// namesNothing reports whether every clause of s is one that names no
// fact (asideClause): a wider scope ("every language"), a concession ("I
// don't care what the style guide says") or a tense tail ("and never
// will"). Such a line is the tail of a rule said in the sentence before,
// and is never proposed alone.
func namesNothing(s string) bool {
	return mayAside(s) && strings.Trim(keptClauses(s), " .!,;:") == ""
}

// mayAside is the cheap test before asideClause's patterns: each holds
// one of these words.
func mayAside(s string) bool {
	l := strings.ToLower(s)
	for _, w := range []string{"care", "matter", "whatever", "regardless", "never", "always", "every", "any", "all", "each"} {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}

// asideClause reports whether clause c names no fact of its own: a
// quantifier over a kind of thing with nothing said of it ("every
// language", "any file type"), a concession that the rule holds whatever
// someone else says ("I don't care what the Lua style guide says", "no
// matter what the linter thinks"), or a tail that only carries the tense
// on ("and never will", "and always has").
func asideClause(c string) bool {
	c = strings.Trim(c, " .!;:")
	return quantOnlyRe().MatchString(c) || concessionRe().MatchString(c) || tenseTailRe().MatchString(c)
}

var (
	// clauseBreakRe splits a sentence into clauses at commas, semicolons
	// and dashes.
	clauseBreakRe = lazyregexp.New(`\s*(?:[,;\x{2014}]|\s-+\s)\s*`)
	// quantOnlyRe is a quantifier over a kind of thing in one word, and
	// nothing else: "every language", "in any editor", "all of my
	// machines". ("every test passes" says something of the tests.)
	quantOnlyRe = lazyregexp.New(`(?i)^(?:and |or )?(?:in |for |on |across )?(?:(?:every|each|any)(?: single| other)?|all(?: (?:of )?(?:my|the))?) [a-z][\w+#.-]*$`)
	// concessionRe is the rule held against what someone else says or
	// does: "I don't care what the style guide says", "no matter what
	// the linter thinks", "whatever PEP 8 says", "regardless of what
	// the docs recommend".
	concessionRe = lazyregexp.New(`(?i)^(?:and |but |honestly,? )?(?:(?:i|we) (?:don'?t|do not|couldn'?t|could not|really don'?t) (?:care|mind) (?:what|how|whether|if)|(?:no matter|regardless of) (?:what|how)|whatever)\b.*\b(?:says?|said|thinks?|wants?|recommends?|suggests?|does|do|prefers?|likes?|is|are)\b[^,;]*$`)
	// tenseTailRe is a clause that only carries the verb of the one
	// before into another tense: "and never will", "and always has".
	tenseTailRe = lazyregexp.New(`(?i)^(?:and|but|or)? ?(?:never|always|ever) (?:will|would|has|have|had|did|does|do|was|is|can|could)(?: be)?$`)
)
