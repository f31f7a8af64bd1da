package offline

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
)

// A person tells a change in many ways: "we moved the dev server to 3001",
// "develop is gone, everything merges into main now", "raw data: gs://a ->
// s3://b", "pls use uv instead of poetry, we dropped poetry". What memory
// needs from such a sentence is the pair: the value it no longer holds and
// the one it holds now, so the line that states the old value can be
// rewritten with the new one instead of a second line standing beside it.

// change is one value a sentence says changed. old is the value given up
// ("" when only the setting is named: "python 3.12 now"); subject are the
// terms naming the setting the new value belongs to; object, when the
// sentence names what was moved ("moved utils.py from src to lib"), must be
// named by the line the change applies to.
type change struct {
	old, new string
	subject  []string
	object   []string
	terms    []string // the sentence's terms that are not values
	context  string   // the whole message the sentence is part of
	src      source
	// named, when set, is the name the new value was written right
	// after ("iOS 17"): the old value must follow the same name.
	named string
	// set is a setting named and then set to its new value by a verb of
	// change in the past ("bumped the compose plugin to v5.5.0", "moved
	// the dev server to 8085"): told so, the change is the project's
	// news even with the old value unnamed (promoteChanges).
	set bool
	// prose: only a line naming the old value outside a command written
	// as code takes the change (retiredChanges); a command is the
	// verification line's or a skill's to write anew.
	prose bool
	// decided: a move the team decides as the person speaks ("we're
	// moving the base model to Qwen2.5-3B"): it edits the memory line
	// holding the value given up, and makes no statement last
	// (promoteChanges).
	decided bool
}

// name is one value as written: a word, a version, a path, a host, a URL.
const name = `([\w@~/.\\][\w.@/:+#~\\-]*[\w/+#\\]|\w)`

// valueName is a value written as one: with a digit (a port, a version,
// a host) or a path, file or name with dots, colons or underscores.
const valueName = `([\w.@/:+#~-]*\d[\w.@/:+#~-]*|[\w@~-]+[./:_][\w.@/:+#~-]*[\w/+#])`

// slotName is a value read without the old one named: a valueName, or
// a name joined with hyphens ("payments-staging"), which only stands when
// another session gave the same setting a value written the same way.
const slotName = `(` + slotForms + `)`

// slotForms are slotName's forms, without the group.
const slotForms = `[\w.@/:+#~-]*\d[\w.@/:+#~-]*|[\w@~-]+[./:_][\w.@/:+#~-]*[\w/+#]|[a-z][a-z0-9]*(?:-[a-z0-9]+)+`

// placeName is a slotName or a directory written with its trailing slash
// ("content/"), which is a value only as the place things are in ("docs
// are in content/ now"; see placed): "hotfix branches start with fix/"
// names a prefix, not where feature branches start.
const placeName = `(` + slotForms + `|[\w@~-]+/)`

// weSwitchRe is a change the team makes, told in the present ("we switch
// the kitchen driver to dokken"), or one the person or the team made ("I
// switched my shell to zsh last week"); a thing moved is a setting only when
// it is one's own ("I moved my editor to helix", not "I moved the button
// to the left"). Its value may be a plain word, so it only
// rewrites a memory line that names the setting by a label ("Test kitchen
// driver: vagrant."; see labelValue).
var weSwitchRe = lazyregexp.New(`(?i)\b(?:we(?:'re| are)?\s+(?:switch|move|migrate)|(?:we|i)(?:'ve| have)?\s+(?:switched|migrated|changed|moved\s+(?:our|my)\b))\s+(?:the\s+|our\s+|my\s+)?((?:[\w-]+\s+){1,3}?)(?:over\s+)?to\s+` + article + name + `\s*(?:[.,;!]|$|\s+(?:last|this|yesterday|today|on|everywhere)\b)`)

// fromNowIsRe: "from now the MACHINE is acme-cm4", "going forward the
// region is eu-north-1", "as of this week the target frameworks are
// net8.0-android and net8.0-ios".
var fromNowIsRe = lazyregexp.New(`(?i)\b(?:from now(?: on)?|going forward|from today|(?:as of|starting) (?:today|now|this \w+))\s*,?\s+((?:[\w.'-]+\s+){1,3}?)(?:is|are)\s+` + article + valueName)

// article skips a determiner before a value.
const article = `(?:(?:the|a|an|version|v)\s+)?`

var (
	// fromToChangeRe: "moved the broker from redis to rabbitmq", "we are
	// moving everything from nbg1 to hel1". Group 1 is what was moved, if
	// named. ("latency went from 200 to 50" tells what was seen, not what
	// was set.)
	fromToChangeRe = lazyregexp.New(`(?i)\b(?:(?:moved|moving|move|switched|switching|switch|migrated|migrating|migrate|changed|change|upgraded|downgraded|bumped|raised|lowered|ported|converted|renamed|updated|upped|goes|go)\s+(.{0,40}?)\s*)?\bfrom\s+` + article + name + `\s+(?:to|onto|over to)\s+` + article + name)
	// goesRe opens a "from … to …" told by going there: "goes from",
	// "goes down from". (Gone there, "the p95 went from 300 to 120", it
	// is what was seen.)
	goesRe = lazyregexp.New(`(?i)^(?:goes|go)\b`)
	// arrowRe: "1.5 -> 1.9".
	arrowRe = lazyregexp.New(`(?i)(?:^|[\s(:,])` + name + `\s*(?:->|-->|=>|\x{2192})\s*` + name)
	// insteadRe: "use uv instead of poetry", "it's pnpm, not yarn", "18
	// chargers now instead of 12" (the unit between).
	insteadRe = lazyregexp.New(`(?i)\b(?:use|using|prefer|go with|on|it'?s|its|is|are|switch to|move to|with)\s+` + article + name + `\s*,?\s+(?:instead of|rather than|not(?:\s+more)?)\s+` + article + name +
		`|` + valueName + `(?:\s+[a-z]+)?(?:\s+now)?\s*,?\s+(?:instead of|rather than)\s+` + article + valueName)
	// insteadPlaceRe: "workloads are now deployed to swedencentral
	// rather than westeurope" (a place a thing goes to), "session store
	// valkey now, not memcached" (the value said to hold now, then the one
	// it is not), "the libs are now in extern/ and not vendor/" (a place,
	// then the one it no longer is, in a sentence telling a change). The
	// value given up closes its clause: "tests go in tests/ rather than
	// next to the code" gives up no value.
	insteadPlaceRe = lazyregexp.New(`(?i)\b(?:to|in|at|via|through|under)\s+` + article + name + `(?:\s+now)?\s*,?\s+(?:instead of|rather than|(?:and|but)\s+not(?:\s+(?:in|at|under|on))?|not\s+(?:in|at|under|on))\s+` + article + name + `\s*(?:[.,;:!)]|$)` +
		`|` + name + `\s+now\s*,?\s+(?:not|instead of|rather than)\s+` + article + name + `\s*(?:[.,;:!)]|$|\s+(?:any ?more|now|since|because|as)\b)`)
	// valueNotRe: "so now we are in 24.05, not 24.01": a value held and,
	// after a comma, the one it is not, both written with digits and
	// closing the clause. Group 1 is the value held.
	valueNotRe = lazyregexp.New(`(?:^|[\s(])(\d[\w.:-]*\d)(?:\s+now)?\s*,\s+not\s+(\d[\w.:-]*\d)\s*(?:[.;:!)]|$)`)
	// unitNotRe: "500 Hz, not 250 Hz", "2 spaces rather than 4
	// spaces", "2.4 Msps now, not 1 Msps": two numbers in one unit, the
	// first held, the second not
	// (readChanges checks the units are the same word).
	// The second unit may be left out at the clause's end: "250 kbit/s
	// now, not 500".
	unitNotRe = lazyregexp.New(`(?i)\b(\d[\d.]*)\s*([a-z]{1,8}(?:/s)?)(?:\s+now)?\s*,?\s+(?:not|instead of|rather than)\s+(\d[\d.]*)(?:\s*([a-z]{1,8}(?:/s)?)\b|\s*(?:[.;:!)]|$))`)
	// nowThatRe is "now that" as a conjunction: what follows is a
	// reason, not a change.
	nowThatRe = lazyregexp.New(`(?i)\bnow that\b`)
	// insteadOfRe: "instead of poetry, use uv".
	insteadOfRe = lazyregexp.New(`(?i)\binstead of\s+` + article + name + `\s*,?\s+(?:we\s+)?(?:use|go with|it'?s|its|switch to|are on|'re on|run)\s+` + article + name)
	// replacedRe: "replaced sidekiq with good_job", "swapped redis for
	// valkey", "swapped rapier out for avian".
	// A name may go on with its model: "replaced the Basys 3 with the
	// Cmod A7-35T" (withModel).
	replacedRe = lazyregexp.New(`(?i)\b(?:replaced|swapped|switched|traded)\s+(?:out\s+)?` + article + name + `(?:\s+` + modelForm + `)?(?:\s+out)?\s+(?:with|by|for)\s+` + article + name)
	// isNowRe: "billing-jobs is now billing-jobs-v2".
	isNowRe = lazyregexp.New(`(?i)\b` + name + `\s+(?:is|are)\s+now\s+` + article + name)
	// swappedRe: "added target-bigquery in meltano.yml and removed
	// target-snowflake", "removed tap-mysql and added tap-postgres".
	swappedRe = lazyregexp.New(`(?i)\badded\s+` + article + name + `\b.{0,40}?\bremoved\s+` + article + name + `|\bremoved\s+` + article + name + `\b.{0,40}?\badded\s+` + article + name)
	// renamedRe: "renamed the Events autoload to EventBus".
	renamedRe = lazyregexp.New(`(?i)\brenamed\s+` + article + name + `(?:\s+[a-z]+)?\s+to\s+` + article + name)
	// replacedByRe: "sidekiq was replaced by good_job".
	replacedByRe = lazyregexp.New(`(?i)\b` + name + `\s+(?:was|is|were|are|got|has been|have been)\s+replaced\s+(?:with|by)\s+` + article + name)
	// oldOnlyRes name the value given up without the new one: "no longer
	// use sidekiq", "develop is gone", "dropped poetry", "not yarn anymore".
	// The second names the thing before the verb (oldOnlyMatches reads its
	// object, activeGiveUp, by that place in the list).
	oldOnlyRes = []func() *regexp.Regexp{
		lazyregexp.New(`(?i)\bno longer\s+(?:use|uses|using|on|run|runs|running|need|needs|have|has|deploy to|deploys to|go through|goes through|support|supports|writes? to|lives? in|(?:be\s+)?(?:kept|stored|held|written|put) (?:in|on|at|under))?\s*` + article + name),
		lazyregexp.New(`(?i)\b` + name + `(?:\s+[a-z]+)?(?:\s+(?:is|are|was|were|has been|have been|got|'s)|['\x{2019}]s)?\s+(?:now\s+)?(?:no longer (?:used|needed|in use)|unused|gone|retired|dead|deprecated|removed|deleted|decommissioned|dropped|archived|history|old news|outdated|obsolete|no more|out of support|end of life|eol|switched off|turned off|shut down|out of the \w+|goes away|going away|will go away|taken|being (?:shut down|retired|removed|decommissioned|deleted|dropped)|read-only now|frozen now)\b`),
		lazyregexp.New(`(?i)\b` + name + `\s+(?:is|are)\s+out\b\s*(?:[,;:.]|$)`),
		// "config:base was renamed, it's deprecated": renamed to a name
		// the sentence does not give there. (Written as a value: "the
		// integration branch was renamed: it's theme-live now" names
		// the setting, not its old value.)
		lazyregexp.New(`(?i)(?:^|\s)` + valueName + `\s+(?:was|were|has been|have been|got)\s+renamed\s*(?:[,;:.]|$)`),
		// "moved the workspace off npm to pnpm", "migrated the jobs away
		// from cron": the value left is named bare, as a tool is ("moved
		// the search box off the header" leaves a place, not a value).
		lazyregexp.New(`(?i)\b(?:mov(?:ed|ing)|migrat(?:ed|ing)|switch(?:ed|ing)|ported)\s+(?:[\w.-]+\s+){1,3}?(?:off(?:\s+of)?|away\s+from)\s+` + article + `(?:(?:local|old|shared|former|previous)\s+)?` + name),
		lazyregexp.New(`(?i)\(\s*(?:was|previously|formerly|used to be)\s+` + article + name + `\s*\)`),
		lazyregexp.New(`(?i)\b(?:took|grabbed|claimed|stole)\s+` + article + valueName),
		// "8000 collides with the metrics sidecar we added": a value
		// something else now holds.
		lazyregexp.New(`(?i)(?:^|\s)` + valueName + `\s+(?:collides|clashes|conflicts)\s+with\b`),
		lazyregexp.New(`(?i)\b(?:dropp(?:ed|ing)|ditch(?:ed|ing)|retir(?:ed|ing)|removed|(?:i|we)(?:'ve| have)? deleted|killed|got rid of|ripped out|gave up on|moved (?:away )?from|moved off|switched (?:away )?from|we'?re off|we are off|off of|no more(?:\s+of)?)\s+` + article + `((?:[\w.-]+\s+){0,2}?` + name + `)(?:\s*[:;,.]|\s*$|\s+(?:and|now|for|to|in|on|it|we|since|because|so|last|yesterday|today|this|\w+ly)\b)`),
		lazyregexp.New(`(?i)\b` + name + `(?:\s+[a-z]+)?\s+(?:(?:is|are|was|were)\s+(?:not|no longer)|(?:isn'?t|aren'?t|wasn'?t|weren'?t)\s+(?:[a-z]+ed|used|around|there)\b)[^.;,]{0,25}?\bany ?more\b`),
		lazyregexp.New(`(?i)\b(?:don'?t|do not|doesn'?t|does not|no longer)\s+(?:\w+\s+){0,2}?(?:to|in|on|at|with|through|into|from)\s+` + article + name + `\s+any ?more\b`),
		lazyregexp.New(`(?i)\bnot\s+(?:on\s+|using\s+)?` + article + name + `\s+any ?more\b`),
		// "the test:unit script doesn't exist anymore": a value written
		// as one, gone since (a name alone, "the file doesn't exist", or
		// no "anymore", "os.tail doesnt exist, i made it up", is an
		// error seen, not a change).
		lazyregexp.New(`(?i)(?:^|\s)` + valueName + `(?:\s+[a-z]+)?\s+(?:(?:doesn'?t|does not)\s+exists?\s+any ?more|no longer exists?)\b`),
		// "redis isn't on localhost anymore"
		lazyregexp.New(`(?i)\b(?:isn'?t|aren'?t|wasn'?t|is not|are not)\s+(?:on|in|at|under|using)\s+` + article + name + `\s+any ?more\b`),
		// "the old acme-raw bucket is read-only", "the former
		// build-01 box stays up until May": a value called the old one
		// is the one given up, whatever is said of it after (written as
		// a value: "the old server is slow" names none).
		lazyregexp.New(`(?i)\bthe\s+(?:old|former|previous)\s+` + slotName + `(?:\s+[a-z]+)?\s+(?:is|are|was|were|stays|stay|remains|remain|gets|get|goes|will|has|have)\b`),
		// "we ripped flagger out", "pulled the old cache layer out":
		// the verb of giving up split around what is given up.
		lazyregexp.New(`(?i)\b(?:ripped|pulled|tore|torn|phased|threw|thrown)\s+` + article + name + `\s+out\b`),
	}
	// givingUpRe is a word that gives a value up ("we're dropping
	// docker"): after an anchor it is the verb, never the value held now.
	givingUpRe = lazyregexp.New(`(?i)^(?:dropp|ditch|retir|remov|kill|mov|switch|migrat|chang|replac|phas)(?:ed|ing)$`)
	// newAnchorRe ends where the value held now is named, when a
	// sentence named only the old one: "it's main now", "jobs go through
	// good_job now", "we are now on GnuCOBOL 3.2", "input now arrives in
	// /srv/in".
	newAnchorRe = lazyregexp.New(`(?i)\b(?:it'?s|its|we'?re|we are|we use|we'?re using|use|using|uses|now|runs? on|goes through|go through|(?:switch(?:ed|ing)|swapped|changed|moved|migrated|upgraded|bumped|ported|converted|went over|pinned|pointed|set)(?:\s+\S+){0,4}?\s+to|over to|onto|lives? (?:in|under)|arrives? in|lands? in|go(?:es)? to|is|are)\s+(?:now\s+)?(?:on\s+|in\s+|at\s+|under\s+|through\s+)?`)
	// placeTheRe ends a stretch of text with a preposition and "the":
	// what follows is a place or a part, not a value by name.
	placeTheRe = lazyregexp.New(`(?i)\b(?:on|in|at|under|with|through)\s+the\s+$`)
	// nowValueRe is a value said to hold from now: "sepolia now", "ninja
	// only", "europe-west4 for everything", "good, 2.15 it is".
	// ("the vendor only ships X" is no value held: "only" before a verb
	// limits it.)
	nowValueRe = lazyregexp.New(`(?i)` + name + `\s+(?:(?:now|these days|nowadays|for everything|from here(?: on)?|from now(?: on)?|from today|going forward)\b|only(?:\s*[,.;:!)]|\s+(?:now|here|from|for|in|on)\b|\s*$)|it is\s*[,.;!])`)
	// changeSignalRe: a sentence that says something is different now.
	changeSignalRe = lazyregexp.New(`(?i)\b(now|nowadays|these days|any ?more|no longer|moved|moves|switched|migrated|changed|upgraded|downgraded|bumped|raised|lowered|dropped|ditched|replaced|swapped|renamed|retired|deprecated|gone|(?:decided|agreed) to (?:bump|move|switch|upgrade|raise|migrate)|from now on|going forward|actually|from (today|this (week|sprint|month|release))|as of (today|now|this \w+|monday|tuesday|wednesday|thursday|friday)|starting (today|now|this \w+))\b`)
	// slotChangeRe: a value said to hold now or to have been set, the
	// setting named before it: "python 3.12 now", "bumped ruby to 3.3",
	// "moved the dev server to 3001", "the api is on 9090 these days",
	// "docs are in content/ now".
	slotChangeRe = lazyregexp.New(`(?i)((?:[\w.-]+\s+){0,3})\b(?:moved|moves|switched|migrated|changed|upgraded|downgraded|bumped|raised|lowered|updated|upped)\s+(.{0,40}?)\s*\bto\s+` + article + `((?:[a-z][\w+#-]*\s+){0,2}?)` + valueName +
		`|(?:^|[\s,;:])((?:[\w.'-]+\s+){0,4}?)(?:is\s+|are\s+|runs\s+|run\s+|listens\s+)?(?:on\s+|at\s+|in\s+|under\s+)?` + placeName + `\s+(?:now|nowadays|these days|from today|from now(?: on)?|going forward)\b` +
		`|((?:[\w.-]+\s+){0,3})\b(?:were|was|got|have been|has been)\s+(?:rebuilt|reinstalled|redeployed|recreated|reimaged)\s+(?:on|with)\s+((?:[a-z][\w+#-]*\s+){0,2}?)` + valueName)
	// updatedToRe is a thing updated to a value written as one: "I
	// updated TinyGo to 0.33", "upped the pool size to 20", "updated the
	// version catalog to ANTLR 4.13.2" (the value after its name).
	updatedToRe = lazyregexp.New(`(?i)\b(?:updated|upped)\s+.{0,40}?\bto\s+` + article + `(?:[a-z][\w+#-]*\s+){0,2}?` + valueName)
	// installedRe is a version the person put in place themselves: "I
	// installed the SDK 7.3.1", "i checked out v1.11.3", "we've flashed
	// 1.23". Group 1 is what it is of, group 2 the version.
	installedRe = lazyregexp.New(`(?i)\b(?:i|we)(?:'ve| have)?\s+(?:installed|flashed|checked out)\s+(?:the\s+)?((?:[A-Za-z][\w+-]*\s+){0,3}?)v?(\d+(?:\.\d+)+[a-z]?)\b`)
	// goesToRe is a setting written as code said to go to a number:
	// "nf_conntrack_max goes to 524288", "REPORT_INTERVAL goes up to
	// 900". Group 1 is the setting, group 2 the value.
	goesToRe = lazyregexp.New(`\b([A-Za-z]\w*[_.]\w[\w.]*|[A-Z][A-Z0-9]{2,}(?:_[A-Z0-9]+)*)\s+goes\s+(?:up\s+|down\s+)?to\s+(\d[\w.]*)`)
	// installedNewRe: a thing the person has put in place, called the new
	// one and then given its value: "I installed the new Solar2D build,
	// 2025.3710". Group 1 names the thing, group 2 is its value.
	installedNewRe = lazyregexp.New(`(?i)\b(?:installed|got|grabbed|downloaded|set up|deployed|pulled|switched to|moved to|upgraded to|(?:we'?re|i'?m|we are|i am) (?:now )?on)\s+the\s+new\s+((?:[\w+#-]+\s+){0,2}?[\w+#-]+)\s*,?\s+(?:version\s+|v)?` + valueName)
	// flagSetRe: a change made by setting a command-line option: "I have
	// switched the Makefile to --pdf-engine=lualatex". Group 1 is the
	// option's name, group 2 its new value.
	flagSetRe = lazyregexp.New(`(?i)\b(?:switched|moved|changed|set|pointed|updated|bumped|upgraded)\b[^.;]{0,40}?\bto\s+` + "`?" + `--?([a-z][\w-]*)=([\w.@/:+~-]+)`)
	// nowAtRe: a setting named, then "now", then the place it is at,
	// ending the clause: "the backend now is listening on 8081", "the
	// broker is now at mqtt.lan", "the api now runs on 9091.", "remote
	// state now lives in acme-tfstate-central" (slotChangeRe reads "now"
	// after the value, nowSetToRe the copula before it.) Group 1 names the setting; group 2
	// is the copula, which needs no "on" or "at" (group 3) after it ("the
	// host now is cache01.internal"), but then a bare number is no place.
	nowAtRe = lazyregexp.New(`(?i)(?:^|[,;:]\s*)((?:[\w.'-]+\s+){1,4}?)(?:is\s+|are\s+)?now\s+(?:(is|are)\s+(?:(?:running|listening|served|hosted|living|sitting)\s+)?(?:(on|at)\s+)?|(?:runs|listens|lives|sits)\s+(?:on|at)\s+|(?:lives|sits)\s+(?:in|under)\s+|(?:on|at)\s+)(?:port\s+)?` + slotName + `\s*(?:[.,;:!)]|$)`)
	// nowSetToRe: a setting named, its copula, "now", and the value
	// ending the clause: "the build directory is now /srv/yocto/build",
	// "the entrypoint is now src/server.ts". (nowAtRe reads "now" before
	// the copula, slotChangeRe "now" after the value.)
	nowSetToRe = lazyregexp.New(`(?i)(?:^|[,;:]\s*)((?:[\w.'-]+\s+){1,4}?)(?:is|are)\s+now\s+` + article + slotName + `\s*(?:[.,;:!)]|$)`)
	// imperativeRe: a request opens the clause; a request to change a
	// value is the day's task unless it is marked to last.
	imperativeRe = lazyregexp.New(`(?i)^(?:(?:ok|okay|so|and|then|now|please|pls|can you|could you)\s*,?\s+)*(bump|change|set|move|switch|use|make|update|raise|lower|rename|replace|swap|upgrade|downgrade|migrate|point|put|try|add|fix|revert|go)\b`)
	// negChangeRe: "don't switch to …", "never move …": a change ruled out.
	negChangeRe = lazyregexp.New(`(?i)\b(don'?t|dont|do not|never|not going to|won'?t|shouldn'?t|can'?t|cannot|didn'?t|did not|haven'?t|isn'?t|wasn'?t)\s+(\w+\s+){0,2}?(move|moved|moving|switch|switched|switching|migrate|migrated|change|changed|upgrade|upgraded|bump|bumped|replace|replaced|drop|dropped)\b`)
	// hypotheticalRe: a change that may happen, not one that did.
	// (A clause after a colon may open so too: "Out of curiosity: if
	// JetBrains ever replaced IntelliJ with Fleet"; so may one after a
	// conjunction: "And if we ever moved off Netlify to Cloudflare".)
	hypotheticalRe = lazyregexp.New(`(?i)(?:^|[:;]\s*)(if|when|once|unless|whether|in case|before|after|until)\b|(?:^|[:;]\s*)(?:and|but|or|also)\s+(?:if|unless|in case)\b|\bif\s+(?:\w+\s+)?ever\b|\b(might|maybe|perhaps|probably|eventually|thinking about|plan(ning)? to|going to|gonna|want to|wanna|would like to|should we|could we|we could|we should|we'?ll|we will|next (week|sprint|month|quarter|release))\b`)
)

// changesOf reads the changes every sentence tells, oldest first.
func changesOf(said []source) []change {
	var out []change
	for i, s := range said {
		prev, next := "", ""
		if i > 0 && said[i-1].session == s.session && said[i-1].msgID == s.msgID {
			prev = said[i-1].quote
		}
		after := ""
		if i+1 < len(said) && said[i+1].session == s.session && said[i+1].msgID == s.msgID {
			next = said[i+1].quote
			if i+2 < len(said) && said[i+2].session == s.session && said[i+2].msgID == s.msgID {
				after = said[i+2].quote
			}
		}
		for _, c := range changesIn(s.quote, prev, next, after, s) {
			c.context = message(said, i)
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return before(out[i].src, out[j].src) })
	return out
}

// message joins the sentences of the message said[i] belongs to.
func message(said []source, i int) string {
	lo, hi := i, i+1
	for lo > 0 && said[lo-1].session == said[i].session && said[lo-1].msgID == said[i].msgID {
		lo--
	}
	for hi < len(said) && said[hi].session == said[i].session && said[hi].msgID == said[i].msgID {
		hi++
	}
	parts := make([]string, 0, hi-lo)
	for _, s := range said[lo:hi] {
		parts = append(parts, s.quote)
	}
	return strings.Join(parts, " ")
}

// changesIn reads the changes one sentence tells; next is the sentence
// after it in the same message ("we no longer use sidekiq. jobs go through
// good_job now"), where the new value may be, and after the one after
// that ("We're off SQL Server. Hosting bill. Postgres from today.").
func changesIn(sentence, prev, next, after string, src source) []change {
	s := strings.TrimSpace(plain(sentence))
	s = toldRe().ReplaceAllString(s, "")
	s = withoutAsk(s)
	decided := decidedAsDone(s)
	if decided == s {
		decided = requestAsDone(s)
	}
	if !mayTellChange(decided) {
		return measurePair(s, src)
	}
	if decided != s {
		out := readChanges(decided, prev, next, after, src)
		for i := range out {
			out[i].set, out[i].decided = false, true
		}
		return out
	}
	out := readChanges(s, prev, next, after, src)
	if len(out) == 0 {
		if rest := pastQualifiedPart(s); rest != "" {
			out = readChanges(rest, "", next, after, src)
		} else if loc := soFromTodayRe().FindStringIndex(s); loc != nil {
			out = readChanges(strings.TrimLeft(s[loc[0]:], ",; "), "", next, after, src)
		}
	}
	if len(out) == 0 {
		out = measurePair(s, src)
	}
	return out
}

// measureCues tell which of two spans of time a sentence gives is the
// new one: "every 60 s instead of the 15 min", "3 s is too slow, make it
// 1500 ms". The span after "make it" replaces the one before it; the
// span after the others is the one given up.
var measureCues = [][2]string{{"instead", "of"}, {"rather", "than"}, {"make", "it"}}

// hasMeasureCue reports whether s writes one of measureCues.
func hasMeasureCue(s string) bool {
	l := strings.ToLower(s)
	return slices.ContainsFunc(measureCues, func(c [2]string) bool { return strings.Contains(l, c[0]+" "+c[1]) })
}

// measurePair reads the change of a span of time (durationValue) told by
// two spans, one on each side of a cue (measureCues). A request so told
// sets the project's value, as requestAsDone reads one; a question, a
// plan or a change for a while is none.
func measurePair(s string, src source) []change {
	if !hasDigit(s) || !hasMeasureCue(s) {
		// (Both cheap: the sentences that reach this, most of them,
		// hold neither a number nor a cue.)
		return nil
	}
	f := strings.Fields(s)
	cue, makeIt := -1, false
	var spans []int // word indexes
	var texts []string
	for i := 0; i < len(f); i++ {
		w := strings.ToLower(strings.Trim(f[i], ",;:."))
		for k, c := range measureCues {
			if cue < 0 && w == c[0] && i+1 < len(f) && strings.ToLower(strings.Trim(f[i+1], ",;:.")) == c[1] {
				cue, makeIt = i, k == 2
			}
		}
		if d := durationValue(strings.Trim(f[i], ",;:()"), f[i+1:]); d != "" {
			spans, texts = append(spans, i), append(texts, d)
		}
	}
	if cue < 0 || len(spans) != 2 || spans[0] > cue || spans[1] < cue+2 || seconds(texts[0]) == seconds(texts[1]) {
		// (One span on each side of the cue: "make it 750ms, the old
		// Pi 3s choke" has both after it.)
		return nil
	}
	if tellsNoChange(s) || temporaryRe().MatchString(s) {
		// (Read last: most sentences hold no cue.)
		return nil
	}
	old, new := texts[0], texts[1]
	if !makeIt {
		old, new = new, old
	}
	// (Often asked of the agent, the change edits the line that holds
	// the old span and makes no statement of its own: decided.)
	return []change{{old: old, new: new, terms: nonValues(s), src: src, decided: true}}
}

// soFromTodayRe opens the decision a sentence comes to after what led to
// it: "IT will remove the 18 install next month, so from today we build
// against /opt/llvm-19". What comes before may plan or suppose; the
// decision holds from the day it is said.
var soFromTodayRe = lazyregexp.New(`(?i)[,;]\s*so\s+(?:from (?:today|now on)|starting (?:today|now)|as of (?:today|now))\b`)

// decidedMoveRe is the team deciding a move as it speaks: "we're moving
// to Vale 3", "we're raising the MSRV to Rust 1.81 today", "we move the
// base to release/v1.22 today". Group 1 is the verb in the progressive,
// group 2 in the present.
var decidedMoveRe = lazyregexp.New(`(?i)\bwe(?:'re| are)\s+(moving|raising|bumping|switching|upgrading|migrating)\b|\bwe\s+(move|raise|bump|switch|upgrade|migrate)\b`)

// decidedNowRe is the day a move told in the present is made: said with
// it, the present is the decision ("we move the base to v1.22 today"),
// not a habit ("we bump the version on every release").
var decidedNowRe = lazyregexp.New(`(?i)\b(?:today|tonight|now|from now on|from here on|going forward|this week)\b`)

// pastOfMove is each verb decidedMoveRe reads, in the past.
var pastOfMove = map[string]string{"moving": "moved", "raising": "raised", "bumping": "bumped", "switching": "switched",
	"upgrading": "upgraded", "migrating": "migrated", "move": "moved", "raise": "raised", "bump": "bumped",
	"switch": "switched", "upgrade": "upgraded", "migrate": "migrated"}

// decidedAsDone writes a move the team decides as it speaks as the move
// made, so that the readers of a change told in the past read it: the
// person tells the project's new state. A move in the present needs the
// day it is made (decidedNowRe); a plan for later is the readers' to turn
// down (laterRe).
func decidedAsDone(s string) string {
	if !strings.Contains(s, "we") && !strings.Contains(s, "We") && !strings.Contains(s, "WE") {
		return s
	}
	var b strings.Builder
	last := 0
	for _, ix := range decidedMoveRe().FindAllStringSubmatchIndex(s, -1) {
		present := ix[4] >= 0
		if present && !decidedNowRe().MatchString(s) || !movedToRe().MatchString(s[ix[1]:]) {
			// ("we're moving away from sequelize.define" names no
			// value held: only a move to one is read.)
			continue
		}
		g := 2 // the progressive's group, else the present's
		if present {
			g = 4
		}
		verb := s[ix[g]:ix[g+1]]
		b.WriteString(s[last:ix[0]])
		b.WriteString("we " + pastOfMove[strings.ToLower(verb)])
		last = ix[1]
	}
	if last == 0 {
		return s
	}
	return b.String() + s[last:]
}

// setRequestRe is a clause asking for a setting to take a value written
// as one: "bump targetSdk to 35", "change REPORT_INTERVAL to 900
// seconds", "Bump the nixpkgs input to nixos-25.05". Group 1 is the verb,
// group 2 the setting.
var setRequestRe = lazyregexp.New(`(?i)(?:^|[.;:,!]\s+)(?:(?:ok|okay|so|and|then|please|pls)\s*,?\s+)*(bump|raise|lower|change|set|move|switch|upgrade|update|increase|decrease|drop|cut|reduce)\s+((?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+to\s+[\w.-]*\d[\w.-]*`)

// selfCorrectRe opens words that take back what was just said: "— no
// wait, 128", ", sorry, 4 working days", "I mean 3.12".
var selfCorrectRe = lazyregexp.New(`(?i)^[\s,;:\x{2014}\x{2013}-]*(?:no wait|wait|sorry|i mean|or rather|scratch that|no,? make (?:it|that))\b`)

// pastOfRequest is each verb setRequestRe reads, in the past.
var pastOfRequest = map[string]string{"bump": "bumped", "raise": "raised", "lower": "lowered", "change": "changed",
	"set": "changed", "move": "moved", "switch": "switched", "upgrade": "upgraded", "update": "updated", "increase": "raised",
	"decrease": "lowered", "drop": "lowered", "cut": "lowered", "reduce": "lowered"}

// requestAsDone writes a request that a setting take a new value as the
// change made: the agent carries it out, and the project holds the new
// value from then on. Read so, it is a decided change (changesIn): it
// rewrites the memory line holding the setting's old value and makes no
// statement of its own, since a request said once is no rule. A request
// for a while or for one run ("set the timeout to 60 for this test") is
// none.
func requestAsDone(s string) string {
	if !strings.Contains(s, " to ") || !hasDigit(s) {
		// (The value asked for has a digit: the cheap tests spare the
		// pattern on most sentences.)
		return s
	}
	ix := setRequestRe().FindStringSubmatchIndex(s)
	if ix == nil || temporaryRe().MatchString(s) || hypotheticalRe().MatchString(s) || strings.HasSuffix(s, "?") || selfCorrectRe().MatchString(s[ix[1]:]) {
		// ("set strict_min_version to 127 — no wait, 128": the
		// value asked for is taken back as it is said.)
		return s
	}
	return s[:ix[2]] + "we " + pastOfRequest[strings.ToLower(s[ix[2]:ix[3]])] + s[ix[3]:]
}

// movedToRe opens the rest of a clause that names where a move goes:
// "the base model to Qwen2.5-3B", "to Vale 3".
var movedToRe = lazyregexp.New(`(?i)^(?:\s+[^,.;:!?]{0,40}?)?\s+(?:to|onto)\s`)

// longRunOn is the length from which a sentence is read as clauses run
// on, each group of which may tell its own news.
const longRunOn = 160

// pastQualifiedPart is what follows the part of a long run-on sentence
// that tells something for a while or as a supposition, when that part
// alone keeps the sentence from telling a change: in "I've got the other
// app running on my laptop now because I'm on call and it wants port
// 1420, so I moved our dev server to 1430" the laptop is the other app's,
// and the move after it is news of its own. A sentence that asks, plans,
// rules a change out or places it elsewhere is no such sentence; a short
// one is one clause group, its qualifier covering all of it ("for this
// test I moved the api to 9000").
func pastQualifiedPart(s string) string {
	if len(s) < longRunOn || !tellsNoChange(s) {
		return ""
	}
	if strings.HasSuffix(s, "?") || questRe().MatchString(s) || tagQuestionRe().MatchString(s) || planRe().MatchString(s) || laterRe().MatchString(s) || negChangeRe().MatchString(s) || elsewhereRe().MatchString(s) {
		return ""
	}
	told := toldPart(s)
	if len(told) >= len(s) {
		return ""
	}
	return strings.TrimLeft(s[len(told):], " ,;:\u2014-")
}

// changeWords are the words and signs every pattern of a change needs:
// each pattern below (and changeSignalRe, which the patterns read only in
// its presence) cannot match a sentence holding none of them, lower-cased.
// Most sentences tell no change, and running every pattern on each was a
// third of the extractor's time. TestChangeWordsGate holds the gate to
// that on the corpus.
var changeWords = []string{
	"from", "->", "=>", "\u2192", "(", "now", "instead", "rather", "not", "no more", "any", "out", "off", "away",
	"replaced", "swapped", "switch", "traded", "renamed", "gone", "retired", "dead", "deprecated", "removed",
	"deleted", "decommissioned", "dropped", "archived", "history", "obsolete", "end of life", "eol", "shut down",
	"taken", "took", "grabbed", "claimed", "stole", "collides", "clashes", "conflicts with", "ditched", "ditching", "dropping", "retiring", "killed", "rid of", "gave up", "move", "these days",
	"migrat", "changed", "upgraded", "downgraded", "bumped", "raised", "lowered", "updated", "upped", "going forward", "actually",
	"as of", "starting", "no longer", "decided to", "agreed to", "the new ", "old news", "outdated", "it is.", "it is,", "it is;", "it is!", "installed", "flashed", "checked out",
	"goes to", "goes up to", "goes down to", "unused",
}

// formerWords open "the old acme-raw bucket is read-only": they let a
// sentence past the gate only before a word written as a value (a digit,
// a dot, a dash …, as slotName needs), so "the previous step failed, so
// retry it" skips the patterns.
var formerWords = []string{"the old ", "the former ", "the previous "}

// mayTellChange is the cheap gate before the patterns: false only when the
// sentence holds none of changeWords.
func mayTellChange(s string) bool {
	l := strings.ToLower(s)
	for _, w := range changeWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	for _, w := range formerWords {
		for rest := l; ; {
			i := strings.Index(rest, w)
			if i < 0 {
				break
			}
			rest = rest[i+len(w):]
			if strings.ContainsAny(firstWord(rest), "0123456789./:_-@~+#") {
				return true
			}
		}
	}
	return false
}

// readChanges is changesIn on a sentence already cleaned and past the gate.
func readChanges(s, prev, next, after string, src source) []change {
	if tellsNoChange(s) {
		return nil
	}
	// ("I updated TinyGo to 0.33" tells a change by a verb too common to
	// be a signal alone: slotChangeRe reads it with its value.)
	signal := changeSignalRe().MatchString(s) || updatedToRe().MatchString(s)
	clauses := clauseSplitRe().Split(s, -1)
	if requested(s, clauses) {
		// "change the timeout from 30 to 60 in this test": the day's
		// task, not the project's new state.
		return nil
	}
	var out []change
	add := func(old, new string, object string) {
		old, new = wholeName(s, trimValue(old)), wholeName(s, trimValue(new))
		if tool := lockfileTools[strings.ToLower(old)]; tool != "" && (!strings.Contains(new, ".") || lockfileTools[strings.ToLower(new)] != "") {
			// "moved to pnpm, the yarn.lock is gone": a lock file
			// stands for the tool that writes it, and so does the
			// one said to replace it ("package-lock.json is deleted,
			// pnpm-lock.yaml is the lockfile now").
			old = tool
			if other := lockfileToolIn(s, tool); other != "" {
				new = other
			}
		}
		if old == "" || new == "" || strings.EqualFold(old, new) || !valueLike(old) || !valueLike(new) || !sameKind(old, new) || settingUnits[strings.ToLower(new)] {
			// (A unit is no value: "250 kbit/s now, not 500".)
			return
		}
		named := ""
		if n, ver, ok := gluedVersion(old); ok && len(n)+len(ver) == len(old) && versionNumber(new) && strings.EqualFold(lastWord(s[:max(0, strings.Index(s, new))]), strings.TrimSuffix(n, "-")) {
			// "dropped llvm-17 …, we're on LLVM 18 now": the version
			// joined to its program's name gives way to the one
			// written after that name.
			old, named = ver, strings.TrimSuffix(n, "-")
		}
		out = append(out, change{old: old, new: new, object: factTerms(object), terms: nonValues(s), src: src, named: named})
	}
	for _, m := range fromToChangeRe().FindAllStringSubmatch(s, -1) {
		if goesRe().MatchString(m[0]) {
			// "the cut-off goes from 50 to 60" may tell a
			// decision or what was seen ("it goes from 1000 to 2000
			// again"): with no word of change, only a memory line
			// holding the old value takes it, and no statement is
			// made of it.
			if n := len(out); !measureRe().MatchString(s) {
				add(m[2], m[3], "")
				if len(out) > n && !signal {
					out[n].decided = true
				}
			}
			continue
		}
		// ("we move from pandas to polars": the verb tells the move
		// with nothing named between.)
		verb, _, _ := strings.Cut(strings.ToLower(m[0]), " ")
		told := m[1] != "" || verb != "from"
		if at := strings.Index(s, m[0]); baseMoves[verb] && (at < 0 || !movers[strings.ToLower(lastWord(s[:at]))]) {
			// "we move from pandas to polars" is the team's move;
			// "the post has to move from drafts to posts" one
			// thing's, unless a word of change tells it ("agreed to
			// switch from ormolu to fourmolu").
			told = false
		}
		if told || signal && !measureRe().MatchString(s) {
			add(m[2], m[3], m[1])
		}
	}
	for _, at := range arrowRe().FindAllStringSubmatchIndex(s, -1) {
		if arrowChained(s[:at[0]], s[at[1]:]) {
			// "read config -> integrate -> write output": steps of
			// a flow, not a value given up for another.
			continue
		}
		if !signal && !hasDigit(s[at[2]:at[3]]) && !hasDigit(s[at[4]:at[5]]) {
			// "its all rust->wasm", "asterisk set -> carrier gw": two
			// names joined by an arrow with no word of change are
			// more often a build or a route than a swap.
			continue
		}
		add(s[at[2]:at[3]], s[at[4]:at[5]], "")
	}
	// (unitNotRe needs two numbers: the digit test first spares the
	// regexp on the many sentences the gate lets past for "not".)
	if hasDigit(s) {
		for _, m := range unitNotRe().FindAllStringSubmatch(s, -1) {
			// "sample at 500 Hz, not 250 Hz": a measure in one unit set
			// against another in the same unit names the value held and the
			// one it is not.
			// ("it took 5 minutes, not 10 minutes" is a measure seen.)
			// ("we had 40 guests, not 400 guests" counts things: only a
			// unit a setting is written in sets one.)
			if m[4] == "" {
				m[3], m[4] = strings.TrimRight(m[3], "."), m[2]
			}
			if strings.EqualFold(m[2], m[4]) && settingUnits[strings.ToLower(m[2])] {
				// The unit goes with the number: a bare number is a value
				// of too many settings.
				add(m[3]+" "+m[4], m[1]+" "+m[2], "")
			}
		}
	}
	for _, ix := range replacedRe().FindAllStringSubmatchIndex(s, -1) {
		add(withModel(s, ix[2], ix[3]), withModel(s, ix[4], ix[5]), "")
	}
	for _, m := range renamedRe().FindAllStringSubmatch(s, -1) {
		add(m[1], m[2], "")
	}
	for _, m := range swappedRe().FindAllStringSubmatch(s, -1) {
		// One plugin of a family added, another removed: the new one
		// in the old one's place.
		added, removed := m[1], m[2]
		if added == "" {
			added, removed = m[4], m[3]
		}
		if samePrefix(added, removed) {
			add(removed, added, "")
		}
	}
	for _, m := range isNowRe().FindAllStringSubmatch(s, -1) {
		// Only names written as values: "the build is now green" is
		// no change of a setting.
		if strings.ContainsAny(m[1], "-_./:0123456789") && strings.ContainsAny(m[2], "-_./:0123456789") {
			add(m[1], m[2], "")
		}
	}
	for _, m := range replacedByRe().FindAllStringSubmatch(s, -1) {
		add(m[1], m[2], "")
	}
	if signal {
		for _, m := range insteadRe().FindAllStringSubmatch(s, -1) {
			if m[1] != "" {
				add(m[2], m[1], "")
			} else {
				add(m[4], m[3], "")
			}
		}
		for _, m := range insteadOfRe().FindAllStringSubmatch(s, -1) {
			add(m[1], m[2], "")
		}
		for _, m := range valueNotRe().FindAllStringSubmatch(s, -1) {
			if valueShape(m[1]) == valueShape(m[2]) {
				add(m[2], m[1], "")
			}
		}
	}
	if len(out) == 0 {
		olds := oldOnlyMatches(s)
		if signal {
			// "switched to pnpm, stop running npm install": what the
			// person asks to stop using is what the change gave up.
			olds = append(olds, stopUsingRe().FindAllStringSubmatch(s, -1)...)
		}
		for _, m := range olds {
			if measureRe().MatchString(m[0]) {
				// "fps dropped from 60 to 45": a measure moved, no
				// value was given up.
				continue
			}
			old := pickValue(trimValue(firstNonEmpty(m[1:])))
			if formerKind(m[0], old) {
				// "I deleted the old folder": the old one of a kind,
				// named by the kind, not by its value.
				continue
			}
			if !valueLike(old) {
				// "ok freewrap is dead": the name is the word after the
				// filler the pattern took for it.
				old = nextValueWord(m[0], old)
			}
			// The sentence itself first, then with the sentences around
			// it ("swapped to vite. webpack gone").
			v := newValueFor(s, old)
			if v == "" {
				v = newValueFor(plain(prev)+". "+s+". "+plain(next), old)
			}
			if v == "" && after != "" {
				// Two sentences on, only a name written as one: a
				// capitalised name or a value ("Postgres from
				// today"), not "the local plugin".
				if w := newValueFor(plain(after), old); capitalized(w) || hasDigit(w) || strings.ContainsAny(w, "./:_") {
					v = w
				}
			}
			if v != "" {
				add(old, v, "")
			}
		}
	}
	if signal {
		// (After the values given up alone: "23.11 is out of support,
		// … modules live under modules/ instead of home/" tells both.)
		for _, ix := range insteadPlaceRe().FindAllStringSubmatchIndex(s, -1) {
			o, n := 4, 2
			if ix[2] < 0 {
				o, n = 8, 6
			}
			// (The value given up is whole: "embed.js now not
			// widget.js (customers …)" gives up widget.js, not the
			// "widget" a closing dot would end.)
			old, v := wholeValue(s, ix[o], ix[o+1]), s[ix[n]:ix[n+1]]
			// "now that we're in production rather than staging" gives
			// a reason, and "it's Tuesday now, not Monday" the date.
			if nowThatRe().MatchString(s) || calendarWord[strings.ToLower(old)] || calendarWord[strings.ToLower(v)] {
				continue
			}
			add(old, v, "")
		}
	}
	if len(out) == 0 && signal {
		for _, m := range slotChangeRe().FindAllStringSubmatch(s, -1) {
			subject, v := m[1]+" "+m[2]+" "+m[3]+" "+m[5]+" "+m[7]+" "+m[8], firstNonEmpty([]string{m[4], m[6], m[9]})
			v = trimValue(v)
			if v == "" || notValue[strings.ToLower(v)] || !hasDigit(v) && !strings.ContainsAny(v, "./:_-") || m[6] != "" && !placed(m[0], m[6]) {
				// Only a value written as one (a number, a version, a
				// path, a host) is read without the old value named.
				continue
			}
			subj := factTerms(subject)
			if at := strings.Index(s, m[0]); len(subj) == 0 && at > 0 && pronounRe().MatchString(strings.TrimSpace(m[5])) {
				// "the broker moved to the new box, it's mqtt.home.lan
				// now": the clause before names the setting.
				subj = nonValues(s[:at])
			}
			if len(subj) == 0 && prev != "" && pronounRe().MatchString(s) {
				// "we moved our dev server. It's on 8081 now": the
				// setting is named in the sentence before.
				subj = nonValues(prev)
			}
			if len(subj) > 0 {
				out = append(out, change{new: v, subject: subj, terms: nonValues(s), src: src, set: m[4] != "" && len(factTerms(m[2]+" "+m[3])) > 0 && ownMove(m[1]) && !ownThing(m[2]) && !calendarSet(m[2]+" "+m[3])})
			} else if o := otherOfShape(s, v); o != "" {
				// "Moved us to 24.11 LTS because 23.11 has the
				// i40e bug": the setting unnamed, the one other
				// value written the same way is the one left.
				add(o, v, "")
			}
		}
	}
	if len(out) == 0 && strings.Contains(lowerASCII(s), "the new ") {
		for _, m := range installedNewRe().FindAllStringSubmatch(s, -1) {
			// "I installed the new Solar2D build, 2025.3710": the
			// thing named, then its new value.
			if v := trimValue(m[2]); !notValue[strings.ToLower(v)] {
				if subj := factTerms(m[1]); len(subj) > 0 {
					out = append(out, change{new: v, subject: subj, terms: nonValues(s), src: src})
				}
			}
		}
	}
	if len(out) == 0 && signal && strings.Contains(s, "=") {
		for _, m := range flagSetRe().FindAllStringSubmatch(s, -1) {
			// "switched the Makefile to --pdf-engine=lualatex": the
			// option names the setting ("PDF engine: xelatex.").
			if v := trimValue(m[2]); v != "" && !notValue[strings.ToLower(v)] {
				out = append(out, change{new: v, subject: factTerms(strings.ReplaceAll(m[1], "-", " ")), terms: nonValues(s), src: src, set: true})
			}
		}
	}
	low := ""
	if len(out) == 0 && signal {
		low = lowerASCII(s)
	}
	if len(out) == 0 && signal && strings.Contains(low, "now") {
		for _, m := range nowAtRe().FindAllStringSubmatch(s, -1) {
			// "the backend now is listening on 8081": the setting
			// named, "now", then where it is.
			v := trimValue(m[4])
			if notValue[strings.ToLower(v)] || !hasDigit(v) && !strings.ContainsAny(v, "./:_-") || m[2] != "" && m[3] == "" && !hasLetter(v) && !strings.ContainsAny(v, "/:") {
				continue
			}
			if subj := factTerms(m[1]); len(subj) > 0 && !pronounRe().MatchString(strings.TrimSpace(m[1])) {
				out = append(out, change{new: v, subject: subj, terms: nonValues(s), src: src})
			}
		}
	}
	if len(out) == 0 && signal && strings.Contains(low, " now ") {
		// (low is set: out only grows, so the branch above ran.)
		for _, m := range nowSetToRe().FindAllStringSubmatch(s, -1) {
			// "the build directory is now /srv/yocto/build": a value
			// written as one with a letter or a path's signs (a bare
			// number after a copula is as often a measure: "the build
			// is now 40").
			v := trimValue(m[2])
			if notValue[strings.ToLower(v)] || !hasLetter(v) && !strings.ContainsAny(v, "/:") || !hasDigit(v) && !strings.ContainsAny(v, "./:_-") {
				continue
			}
			if subj := factTerms(m[1]); len(subj) > 0 && !pronounRe().MatchString(strings.TrimSpace(m[1])) {
				out = append(out, change{new: v, subject: subj, terms: nonValues(s), src: src})
			}
		}
	}
	if len(out) == 0 {
		for _, m := range weSwitchRe().FindAllStringSubmatch(s, -1) {
			if subj, v := factTerms(m[1]), trimValue(m[2]); len(subj) > 0 && valueLike(v) {
				out = append(out, change{new: v, subject: subj, terms: nonValues(s), src: src})
			}
		}
	}
	if len(out) == 0 && signal {
		for _, m := range fromNowIsRe().FindAllStringSubmatch(s, -1) {
			if subj, v := factTerms(m[1]), trimValue(m[2]); len(subj) > 0 && v != "" {
				out = append(out, change{new: v, subject: subj, terms: nonValues(s), src: src})
			}
		}
	}
	if len(out) == 0 {
		for _, m := range installedRe().FindAllStringSubmatch(s, -1) {
			// "I installed IgH EtherCAT master 1.6.2 on the target",
			// "i checked out v1.11.3 in ~/src/coredns": the version
			// put in place, of the thing named before it (or, named
			// nowhere before it, of the sentence's things).
			subj := factTerms(m[1])
			if len(subj) == 0 {
				subj = nonValues(s)
			}
			if len(subj) > 0 {
				out = append(out, change{new: m[2], subject: subj, terms: nonValues(s), src: src})
			}
		}
	}
	if len(out) == 0 && strings.Contains(s, " goes ") && hasDigit(s) {
		for _, m := range goesToRe().FindAllStringSubmatch(s, -1) {
			// "nf_conntrack_max goes to 524288": a setting written as
			// code, said to take a value.
			if subj := factTerms(m[1]); len(subj) > 0 {
				out = append(out, change{new: trimValue(m[2]), subject: subj, terms: nonValues(s), src: src})
			}
		}
	}
	if len(out) == 0 && signal {
		out = loneValueChanges(s, src)
		for i, c := range out {
			if c.named == "" && distinctShape(c.new) && prev != "" {
				// "I changed my emulator. now I use pixel_8_api_35":
				// the sentence before names the setting.
				out[i].subject = append(slices.Clip(c.subject), nonValues(plain(prev))...)
			}
		}
	}
	return withNames(onePerValue(out, s), s)
}

// ownMove reports whether the words before a verb of change leave it the
// person's or the team's ("I bumped", "we've moved", "so, upgraded"), not
// what somebody else did ("somebody bumped the batch size to 64", "the
// intern moved the port"), which is news of a change, not its telling.
func ownMove(before string) bool {
	w := strings.ToLower(strings.Trim(lastWord(before), ".,;:!"))
	return w == "" || ownMoveWords[w]
}

// ownThing reports whether what a verb of change set is the person's own
// belonging ("upgraded my phone to iOS 18.1", "switched my editor to
// neovim 0.10"): their own device or tool, not the project's setting.
func ownThing(object string) bool {
	w := strings.ToLower(firstWord(object))
	return w == "my" || w == "mine"
}

// calendarSet reports whether the setting a verb of change moved is named
// with a day or a month ("moved the client demo to Thursday 14:00"): a
// date in the calendar, not the project's setting.
func calendarSet(words string) bool {
	for _, w := range strings.Fields(words) {
		if calendarWord[strings.ToLower(strings.Trim(w, ".,;:!"))] {
			return true
		}
	}
	return false
}

// ownMoveWords may stand right before the verb of one's own change.
var ownMoveWords = map[string]bool{"i": true, "we": true, "i've": true, "we've": true, "ive": true, "weve": true, "have": true,
	"just": true, "also": true, "finally": true, "already": true, "and": true, "so": true, "ok": true, "okay": true, "btw": true,
	"then": true, "now": true, "yesterday": true, "today": true, "recently": true, "actually": true}

// tellsNoChange reports whether a cleaned sentence cannot tell a change
// that holds: it asks, plans, supposes, rules the change out, makes it for
// a while, or places it in another project.
func tellsNoChange(s string) bool {
	return s == "" || strings.HasSuffix(s, "?") || questRe().MatchString(s) || tagQuestionRe().MatchString(s) ||
		planRe().MatchString(s) || laterRe().MatchString(s) && laterRe().MatchString(toldPart(s)) || hypotheticalRe().MatchString(s) && hypotheticalRe().MatchString(toldPart(s)) || negChangeRe().MatchString(s) ||
		temporaryRe().MatchString(beyondMachine(s)) && (temporaryRe().MatchString(toldPart(withoutCause(beyondMachine(s)))) || undoneRe().MatchString(s)) || elsewhereRe().MatchString(withoutCause(s))
}

// alsoElsewhereRe is one's own machine named with another place the
// change was made in: "on my laptop and in the CI workflow".
var alsoElsewhereRe = lazyregexp.New(`(?i)\bon my (?:laptop|machine|box|computer|mac) and (?:in|on) (?:the |our )?\w+`)

// beyondMachine is s without the mention of one's own machine that
// another place joins: the change holds beyond the machine then.
func beyondMachine(s string) string {
	return alsoElsewhereRe().ReplaceAllString(s, "")
}

// withoutCause is s from the clause that tells a change on, when the
// clauses before it tell why (the clause opens as what followed, "so we
// moved our dev couchdb to port 5985 now", or they tell the old value
// handed to something else, "3000 clashes with the grafana agent on my
// box, dev runs on 3400 now"): a qualifier of the cause ("on my laptop",
// "the other project's redis") is not the change's. Otherwise s whole:
// "for this test, I moved the api to 9000" makes the move one for the
// test.
func withoutCause(s string) string {
	told := toldPart(s)
	parts := clauseSplitRe().Split(told, -1)
	if len(parts) < 2 {
		return othersCause(s, told)
	}
	last := parts[len(parts)-1]
	if !opensConsequence(last) && !handedOverRe().MatchString(strings.Join(parts[:len(parts)-1], " ")) {
		return s
	}
	return s[strings.LastIndex(told, last):]
}

// othersCause is s from the clause after told that opens as what followed
// and tells a change, when told is somebody else's change ("Debian dropped
// llvm-17 from testing on my box, so we're on LLVM 18 now"): where the
// other's change landed qualifies the cause, not the person's news.
// Otherwise s whole.
func othersCause(s, told string) string {
	loc := changeSignalRe().FindStringIndex(told)
	if loc == nil || !strings.HasSuffix(strings.ToLower(told[loc[0]:loc[1]]), "ed") || ownMove(told[:loc[0]]) {
		// (Only a verb of change someone did: "my other project's
		// Postgres 14 now starts on 5432, so I moved ours" places the
		// first clause elsewhere.)
		return s
	}
	for _, c := range clauseSplitRe().Split(s[len(told):], -1) {
		if opensConsequence(c) && changeSignalRe().MatchString(c) {
			return s[len(told)+strings.Index(s[len(told):], c):]
		}
	}
	return s
}

// loneValueChanges reads a change no pattern above knew the wording of:
// the clause that says something changed (or else the sentence) holds one
// value written as one, and that is the setting's new value ("backups go
// to /mnt/nas/b now", "we target iOS 17 minimum now"). A path or a host
// names its setting by the clause's other words; a number names it by the
// word right before it, which the old value must follow too.
func loneValueChanges(s string, src source) []change {
	parts := clauses(s)
	for _, c := range parts {
		if changeSignalRe().MatchString(c) {
			if ch, ok := loneValue(c, src); ok {
				return []change{ch}
			}
		}
	}
	if len(parts) > 1 {
		if i := slices.IndexFunc(parts, changeSignalRe().MatchString); i > 0 && opensConsequence(parts[i]) {
			// "the sidecar binds port 3000 on everyone's machine, so
			// we moved the API itself": the value before "so" is why
			// the change was made, not the value it made.
			return nil
		}
		if ch, ok := loneValue(s, src); ok {
			return []change{ch}
		}
	}
	return nil
}

// opensConsequence reports whether a clause opens as what followed from
// the clause before it ("so we moved the API itself"; consequenceRe).
func opensConsequence(clause string) bool {
	loc := consequenceRe().FindStringIndex(" " + strings.TrimSpace(clause))
	return loc != nil && loc[0] == 0
}

// obligedRe is what a rule obliges, group 1 its verb: "must carry",
// "has to include", "should be".
var obligedRe = lazyregexp.New(`(?i)\b(?:must|should|shall|has to|have to)\s+(?:always\s+)?(\w+)`)

// loneValue is the change of the one value text holds, if it holds one.
func loneValue(text string, src source) (change, bool) {
	words := strings.Fields(plain(text))
	at := -1
	for i, w := range words {
		v := trimValue(w)
		if hasDigit(v) || strings.ContainsAny(v, "./:_") {
			// Any other value ("from ps 4 the lang is htdp/isl+")
			// leaves it unclear which one is the setting's.
			if at >= 0 && strings.Contains(v, trimValue(words[at])+"/") {
				// "/opt/llvm-19 … -DMLIR_DIR=/opt/llvm-19/lib/cmake":
				// a path under the value is the value again.
				continue
			}
			if at >= 0 || strings.ContainsAny(v, "%$") {
				return change{}, false
			}
			at = i
		}
	}
	if at < 0 {
		return change{}, false
	}
	v := trimValue(words[at])
	if !hasDigit(v) && !hostLike(v) && !absPath(v) || negatedIn(text, strings.ToLower(v)) || droppedValue(words, at) || leftValue(words, at) {
		// ("no longer writes to /data/in", "migrated from PeerTube 5.2
		// last summer": the value given up.)
		return change{}, false
	}
	if at+1 < len(words) && unitRe().MatchString(trimValue(words[at+1])) {
		// "it takes 40 seconds now": a measure, not a setting.
		return change{}, false
	}
	ch := change{new: v, terms: nonValues(text), src: src}
	if hostLike(v) || absPath(v) {
		if at == 0 || !linkWords[strings.ToLower(trimValue(words[at-1]))] && strings.ToLower(words[at-1]) != "against" && !strings.HasSuffix(words[at-1], ":") {
			// A host or a path held is one something is, is on, goes
			// to or is built against, or follows a label's colon; "I
			// changed vite.config.ts" names a file edited.
			return change{}, false
		}
		vt := termSet(factTerms(v))
		for _, t := range ch.terms {
			if !vt[t] {
				ch.subject = append(ch.subject, t)
			}
		}
		return ch, len(ch.subject) > 0
	}
	if at == 0 || !hasDigit(v) {
		return change{}, false
	}
	if distinctShape(v) && !valueLike(trimValue(words[at-1])) {
		// "now I use pixel_8_api_35": a value of its own shape needs
		// no name before it; the line holding one written the same
		// way names the setting by the sentence's words (slotValue).
		if m := obligedRe().FindStringSubmatch(strings.Join(words[:at], " ")); m != nil && !strings.EqualFold(m[1], "be") {
			// "Going forward, every upload must carry the SHA-256":
			// what a rule makes things do, not a setting's value.
			return change{}, false
		}
		ch.subject = ch.terms
		return ch, len(ch.subject) > 0
	}
	raw := words[at-1]
	if l := strings.ToLower(raw); (l == "v" || l == "version") && at >= 2 {
		raw = words[at-2]
	}
	name := trimValue(raw)
	if name != raw || !valueLike(name) || hasDigit(name) || len(factTerms(name)) == 0 {
		return change{}, false
	}
	ch.subject, ch.named = factTerms(name), name
	return ch, true
}

// wholeValue is the value s holds from byte i, at least to j: a name a
// pattern ended at one of its own dots ("widget" of "widget.js") runs on
// to the end of the value.
func wholeValue(s string, i, j int) string {
	for j+1 < len(s) && s[j] == '.' && isValueByte(s[j+1]) {
		j++
		for j < len(s) && isValueByte(s[j]) {
			j++
		}
	}
	return s[i:j]
}

// isValueByte reports whether b may stand inside a value's name.
func isValueByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-'
}

// samePrefix reports whether two names share a family prefix ending in a
// hyphen ("target-" of target-bigquery and target-snowflake) and differ.
func samePrefix(a, b string) bool {
	i, j := strings.IndexByte(a, '-'), strings.IndexByte(b, '-')
	return i > 0 && i == j && strings.EqualFold(a[:i], b[:j]) && !strings.EqualFold(a, b)
}

// sameFamily reports whether two names share a namespace written before a
// colon ("config:" of config:base and config:recommended) and differ
// after it. (A folder is no family: models/Old.cfg and models/Raft.cfg
// are two files side by side.)
func sameFamily(a, b string) bool {
	i, j := strings.IndexByte(a, ':'), strings.IndexByte(b, ':')
	return i > 0 && i == j && strings.EqualFold(a[:i], b[:j]) && len(a) > i+1 && len(b) > j+1 && !strings.EqualFold(a, b) && !strings.ContainsAny(a[i+1:]+b[j+1:], ":/")
}

// droppingRe is a word that gives up what it names: "dropped", "retired".
var droppingRe = lazyregexp.New(`(?i)^(?:drop|dropp|ditch|retir|remov|kill|deprecat)(?:e|ed|ing|es|s)?$`)

// droppedValue reports whether the value at words[at] is what a word of
// giving up, right before it or before its name, gives up: "the build
// image dropped Node 18 so I bumped it" tells 18 is gone, not held.
func droppedValue(words []string, at int) bool {
	for i := max(0, at-2); i < at; i++ {
		if droppingRe().MatchString(trimValue(words[i])) {
			return true
		}
	}
	return false
}

// isOutOfRe is a thing said to be out of its place: "the VM is out of
// the cluster", "bbolt's out of the picture".
var isOutOfRe = lazyregexp.New(`(?i)(?:\s(?:is|are|was|were|has been|have been|got)|['\x{2019}]s)\s+(?:now\s+)?out of\b`)

// leftValue reports whether "from", "off" or "out of" stands in the two
// words before the value at words[at]: "migrated from PeerTube 5.2", "DWB
// goes out of nav2_params.yaml" name the value or place left, not the one
// held.
func leftValue(words []string, at int) bool {
	for i := max(0, at-2); i < at; i++ {
		switch w := strings.ToLower(trimValue(words[i])); {
		case w == "from" || w == "off":
			return true
		case w == "of" && i > 0 && strings.EqualFold(trimValue(words[i-1]), "out"):
			return true
		}
	}
	return false
}

// linkWords stand right before a value a setting holds: "it's
// stage.example.dev", "backups go to /mnt/nas".
var linkWords = map[string]bool{"is": true, "are": true, "it's": true, "its": true, "on": true, "to": true, "in": true, "at": true, "into": true, "under": true, "now": true, "be": true}

// unitRe is a unit a measure is counted in: "40 seconds", "3 times".
var unitRe = lazyregexp.New(`(?i)^(?:s|secs?|seconds?|ms|minutes?|mins?|hours?|hrs?|h|days?|weeks?|times|x|%|percent|kb|mb|gb|tb|lines?|files?|rows?|items?|tests?|errors?|warnings?)$`)

// settingUnits are the units a setting's value is written in ("print at
// 300 dpi, not 203 dpi", "4 spaces rather than 2 spaces"); a count of
// guests, laps or cups set against another is a measure told, no
// setting. (Time and size units are left out: "it took 5 ms, not 10 ms"
// is a measure seen.)
var settingUnits = map[string]bool{"hz": true, "khz": true, "mhz": true, "ghz": true, "dpi": true, "ppi": true,
	"baud": true, "bps": true, "kbps": true, "mbps": true, "fps": true, "spaces": true, "space": true, "tabs": true,
	"px": true, "pt": true, "em": true, "rem": true, "cores": true, "threads": true, "workers": true,
	"replicas": true, "columns": true, "cols": true, "chars": true, "characters": true, "bits": true,
	"sps": true, "ksps": true, "msps": true, "kbit/s": true, "mbit/s": true, "kbit": true, "mbit": true}

// absPath reports whether v is a path from the root or the home
// directory: /srv/backups, ~/vaults/dev.
func absPath(v string) bool {
	return len(v) > 1 && (v[0] == '/' || strings.HasPrefix(v, "~/")) && strings.Count(v, "/") >= 1 && !strings.Contains(v, "//")
}

// withNames widens a change of version numbers to the names before them
// when those differ: "We've standardised on Temurin 21; the Corretto 17
// images are history" changes "Corretto 17" to "Temurin 21", not 17 to 21.
func withNames(cs []change, s string) []change {
	before := func(v string) string {
		loc := wordRe(v).FindStringSubmatchIndex(s)
		if loc == nil {
			return ""
		}
		f := strings.Fields(s[:loc[3]])
		if len(f) == 0 {
			return ""
		}
		w := f[len(f)-1]
		if !valueLike(w) || hasDigit(w) || strings.ContainsAny(w, ",;:.()") || participle(w) || verbBefore[strings.ToLower(w)] {
			// ("seq grabbed 8080": a verb before a number names
			// no program it is the version of)
			return ""
		}
		return w
	}
	for i, c := range cs {
		if c.old == "" || valueShape(c.old) != "9" || valueShape(c.new) != "9" {
			continue
		}
		po, pn := before(c.old), before(c.new)
		if po != "" && pn != "" && !strings.EqualFold(po, pn) {
			cs[i].old, cs[i].new = po+" "+c.old, pn+" "+c.new
		}
	}
	return cs
}

// verbBefore are verbs written right before a value that withNames
// would otherwise take for a program's name: "took 8080", "uses 5432".
var verbBefore = map[string]bool{"took": true, "stole": true, "got": true, "uses": true, "use": true, "runs": true, "run": true, "has": true, "have": true, "needs": true, "wants": true, "listens": true}

// onePerValue keeps, of the changes that give the same new value, the one
// whose old value the sentence names first: "dropped PaperMod, the theme
// is in themes/ours now, submodule removed" replaced PaperMod, not the
// word submodule.
func onePerValue(cs []change, s string) []change {
	pos := func(c change) int {
		if loc := wordRe(c.old).FindStringIndex(s); c.old != "" && loc != nil {
			return loc[0]
		}
		return len(s)
	}
	var out []change
	for _, c := range cs {
		dup := false
		for i, o := range out {
			if strings.EqualFold(o.new, c.new) {
				dup = true
				if pos(c) < pos(o) {
					out[i] = c
				}
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

// lockfileTools maps a lock file (lower-cased) to the tool that writes
// it. Its stem is not always the tool: package-lock.json is npm's,
// Gemfile.lock bundler's, so the stem is never guessed from.
// lockfileToolIn is the tool of a lock file s names other than one of
// tool's, or "".
func lockfileToolIn(s, tool string) string {
	for _, w := range strings.Fields(strings.ToLower(s)) {
		if t := lockfileTools[strings.Trim(w, "`'\".,;:!?()")]; t != "" && t != tool {
			return t
		}
	}
	return ""
}

var lockfileTools = map[string]string{
	"package-lock.json": "npm", "package-lock": "npm", "npm-shrinkwrap.json": "npm", "pnpm-lock": "pnpm", "yarn.lock": "yarn", "pnpm-lock.yaml": "pnpm",
	"bun.lockb": "bun", "bun.lock": "bun", "poetry.lock": "poetry", "pipfile.lock": "pipenv", "uv.lock": "uv",
	"gemfile.lock": "bundler", "cargo.lock": "cargo", "composer.lock": "composer", "mix.lock": "mix",
	"pdm.lock": "pdm", "flake.lock": "nix",
}

// oldOnlyMatches runs each way of naming a value given up on its own, so
// that one form ("we've retired …" read as "ve retired") never hides
// another ("retired bloom-dev").
func oldOnlyMatches(s string) [][]string {
	var out [][]string
	for n, re := range oldOnlyRes {
		for _, ix := range re().FindAllStringSubmatchIndex(s, -1) {
			m := make([]string, len(ix)/2)
			for i := range m {
				if ix[2*i] >= 0 {
					// (A path from the root or home is the value whole:
					// "\b" left its "/" out of "/mnt/deid-out is
					// read-only now".)
					from := ix[2*i]
					for i > 0 && from > 0 && (s[from-1] == '/' || s[from-1] == '~') {
						from--
					}
					m[i] = s[from:ix[2*i+1]]
				}
			}
			if f := strings.Fields(m[0]); len(f) > 2 && joiningWords[strings.ToLower(f[1])] {
				// "this site and deprecated stuff": the word of giving
				// up belongs to what follows the conjunction.
				continue
			}
			if n == 1 && activeGiveUp(m[0], s[ix[1]:]) {
				// "the DBA dropped looker_scratch over the weekend":
				// the verb has an object, the thing given up; the
				// name before it is who gave it up.
				continue
			}
			if n == 1 && nounState(m[0]) {
				// "the new SwiftData history API": a word that says a
				// thing is gone only after a verb ("is history") is a
				// noun of the name before it.
				continue
			}
			if n == 1 && withPhrase(s[:ix[0]]+m[0]) {
				// "ELSTER gets it in full euros with the cents
				// dropped": a phrase opened by "with" tells how a thing
				// is done, not what the project gave up.
				continue
			}
			if len(m) > 1 && m[1] != "" && strings.HasPrefix(m[0], m[1]) && notAtPlaceRe().MatchString(m[0]) {
				// "parsing is not on the gui thread anymore": the
				// place is what is given up, not the name before it.
				continue
			}
			if n == 1 && strings.Contains(strings.ToLower(m[0]), " out of the ") && !isOutOfRe().MatchString(m[0]) {
				// "we leave the 2023 yield layer out of the zoning",
				// "which came out of the meeting": only a thing that
				// is out of its place is given up.
				continue
			}
			if strings.EqualFold(lastWord(s[:ix[0]]), "of") || strings.EqualFold(firstWord(m[0]), "of") {
				// "the files of drive are not in files/ anymore": what
				// is given up is what the phrase ending in "of" names,
				// not the word after it.
				continue
			}
			out = append(out, m)
		}
	}
	return out
}

// nounState reports whether a match of a value given up ends in a word
// that says so only after a verb ("history", "old news"), with no verb
// before it: "SwiftData history" names a thing, "SwiftData is history"
// gives it up.
func nounState(m string) bool {
	l := strings.ToLower(m)
	if !strings.HasSuffix(l, "history") && !strings.HasSuffix(l, "old news") {
		return false
	}
	return !copulaRe().MatchString(l) && !strings.Contains(l, "'s ") && !strings.Contains(l, "\u2019s ")
}

// copulaRe is a verb that says what a thing is, before a state.
var copulaRe = lazyregexp.New(`\b(?:is|are|was|were|been|got)\s`)

// withPhrase reports whether the name before the last word of s (a verb
// of giving up) is opened by "with": "with the cents dropped", "with
// its header removed".
func withPhrase(s string) bool {
	f := strings.Fields(strings.ToLower(s))
	if len(f) < 3 {
		return false
	}
	f = f[:len(f)-2] // the name and the verb
	if n := len(f); n > 0 && (f[n-1] == "the" || f[n-1] == "its" || f[n-1] == "their") {
		f = f[:n-1]
	}
	return len(f) > 0 && f[len(f)-1] == "with"
}

// activeGiveUp reports whether a name and a verb of giving up (match,
// with no copula between) are followed by the verb's object, a value
// written as one or a name ("dropped looker_scratch", "removed the v1
// endpoint", "dropped jquery"), or by a word of a fall ("dropped off the
// wifi"): the name is who gave the object up, or what fell.
func activeGiveUp(match, rest string) bool {
	f := strings.Fields(strings.ToLower(match))
	if n := len(f); n >= 3 && (f[n-2] == "has" || f[n-2] == "have" || f[n-2] == "had") && objectOpeners[strings.ToLower(firstWord(strings.TrimSpace(rest)))] {
		// "Salesforce has retired the older API versions": the perfect,
		// its object after it.
		return true
	}
	for _, w := range f[1:] {
		switch w {
		case "is", "are", "was", "were", "has", "have", "been", "got", "gets", "get", "'s":
			return false
		}
	}
	rest = strings.TrimSpace(rest)
	next := firstWord(rest)
	if w := strings.ToLower(next); fallParticles[w] || objectWords[w] {
		// "the pi dropped off the wifi", "the drives dropped to
		// SAFEOP": a fall, not a thing given up; "if Immich ever
		// deleted one of those scans": the verb's object.
		return true
	}
	if w := strings.ToLower(next); w == "the" || w == "our" || w == "a" || w == "an" {
		next = firstWord(rest[len(next):])
	}
	v := trimValue(next)
	if v != next || v == "" {
		// (A word closing the clause is no object: "poetry dropped,
		// uv now".)
		return valueLike(v) && (hasDigit(v) || strings.ContainsAny(v, "._/:-"))
	}
	// A name as the object ("halodesk dropped jquery in the 24.2
	// release"); not a word going on with the sentence ("flake8
	// dropped in favour of ruff", "dropped yesterday").
	w := strings.ToLower(v)
	return valueLike(v) && !textkeyStop(w) && !datingWords[w] && !goesOnWords[w]
}

// goesOnWords go on with a sentence after a verb of giving up without
// being its object: "dropped yesterday", "retired completely".
var goesOnWords = map[string]bool{"yesterday": true, "today": true, "tonight": true, "last": true, "recently": true,
	"completely": true, "entirely": true, "finally": true, "officially": true, "altogether": true, "earlier": true}

// notAtPlaceRe is a thing said to be no longer at a place: what follows
// the negation is a preposition and the place.
var notAtPlaceRe = lazyregexp.New(`(?i)\b(?:not|no longer|isn'?t|aren'?t|wasn'?t|weren'?t)\s+(?:on|in|at|under|inside|within|through|with)\s+\S[^.;,]*\bany ?more$`)

// objectWords stand for a verb's object without naming it.
var objectWords = map[string]bool{"one": true, "any": true, "anything": true, "everything": true, "something": true, "them": true, "those": true, "these": true}

// fallParticles follow a verb of giving up used for a fall or a motion:
// "dropped off", "dropped to 2/3", "dropped below", "dropped out".
var fallParticles = map[string]bool{"off": true, "to": true, "below": true, "under": true, "down": true, "out": true, "into": true, "back": true}

// personalPronoun are the pronouns of persons.
var personalPronoun = map[string]bool{"i": true, "we": true, "you": true, "they": true, "he": true, "she": true}

// verbPreps are the prepositions a verb of place or motion takes
// ("point at", "go to", "live in").
var verbPreps = map[string]bool{"at": true, "to": true, "into": true, "onto": true, "through": true, "via": true, "towards": true}

// objectOpeners open a noun phrase: after a verb of giving up they open
// its object.
var objectOpeners = map[string]bool{"the": true, "our": true, "a": true, "an": true, "all": true, "its": true, "their": true, "some": true, "every": true}

// formerKind reports whether the value a pattern took is only the kind of
// thing given up, called the old one ("deleted the old folder", "the
// previous build"): the value itself is named elsewhere, if at all.
func formerKind(match, old string) bool {
	if !kindNouns[strings.ToLower(old)] {
		return false
	}
	l := strings.ToLower(match)
	for _, w := range formerWords {
		if strings.Contains(l, w+strings.ToLower(old)) {
			return true
		}
	}
	return false
}

// kindNouns name a kind of thing a project holds one of at a time.
var kindNouns = map[string]bool{"folder": true, "directory": true, "dir": true, "one": true, "build": true, "version": true,
	"install": true, "installation": true, "path": true, "location": true, "box": true, "machine": true, "copy": true, "setup": true}

// joiningWords join two things, so a word of giving up after one names
// the other.
var joiningWords = map[string]bool{"and": true, "or": true, "but": true, "nor": true, "plus": true}

// quitRe names a tool the person no longer uses ("we don't do bullmq
// anymore", "we don't do the compose MinIO thing any more", "we don't
// include_str the shaders anymore", "results go to out/results.jsonl, not
// the old CSV", "no JWT anymore", "we stopped using JWT", "we're moving
// off POJO components").
// Read only where a line of memory may be replaced whole (gaveUp): the
// new value the sentence goes on to name may be the first word of a
// longer name ("switched to a twilio messaging service"), no word to put
// in the old one's place.
var quitRe = lazyregexp.New(`(?i)\b(?:don'?t|do not|doesn'?t|does not)\s+(?:use|do|run|need)\s+` + article + name + `(?:\s+[\w.-]+){0,3}?\s+any ?more\b|\b(?:don'?t|do not)\s+([\w-]*[_.][\w.-]*)!?\s+(?:[\w.-]+\s+){0,2}?any ?more\b|\bnot\s+the\s+(?:old|former|previous)\s+` + name +
	`|\bno\s+` + name + `\s+any ?more\b|\b(?:we|i)\s+stop(?:ped)?\s+(?:to\s+)?(?:use|using|run|running)\s+` + article + name +
	`|\b(?:we'?re|we are|i'?m|i am)\s+moving\s+off\s+` + article + name)

// stopUsingRe names a tool the person asks to stop using; read only in a
// sentence that tells a change.
var stopUsingRe = lazyregexp.New(`(?i)\bstop\s+(?:using|running|calling)\s+` + article + name)

// toldPart is the sentence up to the end of the first clause that tells a
// change: a hedge after it ("I upgraded to python 3.12, I hope that's
// alright, so maybe the notes should say so") is about the telling, not
// the change, while one before it ("if we move to 3.12, …") makes the
// change one that may happen.
func toldPart(s string) string {
	start := 0
	for _, loc := range clauseSplitRe().FindAllStringIndex(s, -1) {
		if changeSignalRe().MatchString(s[start:loc[0]]) {
			return s[:loc[0]]
		}
		start = loc[1]
	}
	return s
}

// nextValueWord is the first word of phrase after skip that can be a
// value, or "".
func nextValueWord(phrase, skip string) string {
	f := strings.Fields(phrase)
	for i, w := range f {
		if strings.EqualFold(trimValue(w), skip) {
			for _, n := range f[i+1:] {
				if v := trimValue(n); valueLike(v) && !copula[strings.ToLower(v)] && !givingUpRe().MatchString(v) && !participle(v) {
					return v
				}
			}
			break
		}
	}
	return ""
}

// measureRe is a verb of giving up followed by how a measure moved:
// "dropped from 60 to 45", "dropped to 30", "dropped by half"; such a
// "from … to …" tells what was seen, not what was set.
var measureRe = lazyregexp.New(`(?i)\b(?:dropped|removed|killed)\s+(?:from|to|by|below|under|off)\b`)

// pickValue is the value in a short phrase that names one: "the sht31
// sensor" gives sht31; a phrase with none gives its last word.
func pickValue(phrase string) string {
	f := strings.Fields(phrase)
	for _, w := range f {
		if hasDigit(w) || strings.ContainsAny(w, "._/:\\") {
			return trimValue(w)
		}
	}
	if len(f) == 0 {
		return ""
	}
	if n := len(f); n >= 2 && capitalized(f[n-2]) && capitalized(trimValue(f[n-1])) {
		// "we're off SQL Server": a product's name of two capitalised
		// words is one value.
		return f[n-2] + " " + trimValue(f[n-1])
	}
	return trimValue(f[len(f)-1])
}

// capitalized reports whether w is a word of letters that opens with a
// capital, as a product's name is written ("SQL", "Server").
func capitalized(w string) bool {
	return w != "" && unicode.IsUpper(rune(w[0])) && plainName(w)
}

// plain drops the marks of code and emphasis: "**pwsh 7.4**" is "pwsh 7.4".
func plain(s string) string {
	return strings.NewReplacer("`", " ", "**", " ", "__", " ").Replace(s)
}

// withoutAsk drops a question that closes a sentence after what it tells
// ("the cluster has CUDA 12.4 now instead of 12.2, does CMakeLists need
// anything?"); a sentence that is a question throughout stays one.
func withoutAsk(s string) string {
	if !strings.HasSuffix(s, "?") {
		return s
	}
	i, w := strings.LastIndexAny(s, ",;"), 1
	if j := strings.LastIndex(s, "\u2014"); j > i {
		// "we're on X now — could you swap it?"
		i, w = j, len("\u2014")
	}
	if i <= 0 {
		return s
	}
	raw := strings.TrimSpace(s[i+w:])
	last := strings.TrimSpace(fillerRe().ReplaceAllString(raw, ""))
	if !questRe().MatchString(last) && !strings.HasPrefix(strings.ToLower(last), "can you") && !strings.HasPrefix(strings.ToLower(last), "could you") && !coordinateRe().MatchString(raw) {
		return s
	}
	return withoutAsk(strings.TrimSpace(s[:i]))
}

// coordinateRe opens a clause joined to the one before it by a
// conjunction ("…, and I suspect the cache is stale?"): a clause of its
// own, so the question mark that closes it asks nothing of the clauses
// before.
var coordinateRe = lazyregexp.New(`(?i)^(?:and|but|also|plus|oh and|and also)\s+\S+\s+\S`)

// toldRe opens a sentence that only announces what follows: "I should
// inform you that", "just so you know,", "for context:".
var toldRe = lazyregexp.New(`(?i)^(?:[^,:;]{0,40}?\b)?(?:i(?:'d| would) like to (?:let you know|inform you|tell you|mention|note)|i (?:should|must|have to|need to|want to|wanted to) (?:inform you|tell you|mention|let you know)|just (?:so you know|to let you know)|for (?:context|your information|the record)|(?:please )?note that|be aware that|heads up|fyi|background(?: for today| first)?)\b(?:\s+that)?[\s,:\x{2014}-]*`)

// newValueFor finds the value s says holds now in place of old: a value
// of the same kind named after an anchor ("we're on sepolia", "it's
// EventBus now", "moved everything to postgres") or before "now". Of
// several, the one nearest after the old value's mention is the one that
// replaced it ("bot.db is gone, we moved to postgres, DATABASE_URL is in
// the env now").
func newValueFor(s, old string) string {
	if old == "" {
		return ""
	}
	ok := func(v string) bool {
		v = trimValue(v)
		return v != "" && !strings.EqualFold(v, old) && sameKind(old, v) && valueLike(v)
	}
	// afterDegree reports whether the word at byte i follows a word of
	// degree ("it's pretty calm now"): it describes a state, no value. A
	// number is no state ("yep so 1.1.2837 from now").
	afterDegree := func(i int) bool {
		return degreeWords[strings.ToLower(lastWord(s[:i]))] && !unicode.IsDigit(rune(s[i]))
	}
	// tier: 0 for a value said to be the new one ("switched X to Y",
	// "Y now"), 1 after a plain verb ("is Y", "runs on Y"), 2 a number
	// found only by its shape.
	type found struct {
		v         string
		pos, tier int
	}
	var all []found
	for _, m := range nowValueRe().FindAllStringSubmatchIndex(s, -1) {
		// ("the detector is OpenVINO on the GPU from now": a thing
		// after "on the" is where the value runs, not the value.)
		if v := s[m[2]:m[3]]; ok(v) && !afterDegree(m[2]) && !placeTheRe().MatchString(s[:m[2]]) {
			all = append(all, found{trimValue(v), m[2], 0})
		}
	}
	for _, loc := range newAnchorRe().FindAllStringIndex(s, -1) {
		// The value is the next word, past an article or a name of
		// another kind ("on GnuCOBOL 3.2"); any other word ends the
		// search ("is gone we moved …").
		rest, tier := s[loc[1]:], 1
		if a := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s[loc[0]:loc[1]])), " now"); (a == "is" || a == "are") && personalPronoun[strings.ToLower(lastWord(s[:loc[0]]))] || a == "we are" || a == "we're" {
			// "so we are consistent": a person is no setting (on one,
			// "we're on X", the anchor takes the "on").
			continue
		}
		if changedRe().MatchString(s[loc[0]:loc[1]]) {
			tier = 0
		}
		for i, w := range strings.Fields(rest) {
			if l := strings.ToLower(w); i == 0 && (l == "named" || l == "called") {
				// "is now named prod-east": the word that names
				// the value is none.
				continue
			}
			if i >= 3 || i+1 < len(strings.Fields(rest)) && participle(w) || givingUpRe().MatchString(w) {
				// "runs on the trimmed reads": a past participle
				// before a noun describes it, it names no value.
				break
			}
			if f := strings.Fields(rest); i > 0 && articles[strings.ToLower(f[i-1])] && i+1 < len(f) && plainBeforeName(w, f[i+1]) && ok(trimValue(f[i+1])) {
				// "onto a proper RabbitMQ instance": the plain word
				// tells of the name after it, the value.
				continue
			}
			if f := strings.Fields(rest); i+1 < len(f) && w == strings.ToLower(w) && !hasDigit(w) && verbPreps[strings.ToLower(f[i+1])] {
				// "should now point at https://…": a verb before its
				// preposition names no value.
				break
			}
			if v := strings.Trim(trimValue(w), "`"); ok(v) && !afterDegree(loc[1]+strings.Index(rest, w)) {
				// (a value in backticks is the value)
				if f := strings.Fields(rest); addressPort(v+":1") != "" && w == trimValue(w) && i+2 < len(f) && strings.EqualFold(f[i+1], "port") && whole(trimValue(f[i+2])) {
					// "it's on cache.internal port 6380 now": the
					// host with its port is one address.
					v += ":" + trimValue(f[i+2])
				}
				all = append(all, found{v, loc[1] + strings.Index(rest, w), tier})
				break
			}
			if l := strings.ToLower(w); strings.ContainsAny(w, ",;:.") || !passWords[l] && !valueLike(trimValue(w)) {
				break
			}
		}
	}
	at := 0
	if loc := wordRe(old).FindStringIndex(s); loc != nil {
		at = loc[0]
	}
	// The value the old one gave way to may be written before it, in
	// words the anchors do not know ("wir sind jetzt auf OTP 26, the 25
	// images are gone"): a value written the same way in the sentence
	// (a number, a date).
	if shape := valueShape(old); hasDigit(old) {
		for _, w := range strings.Fields(s) {
			v := trimValue(w)
			if valueShape(v) == shape && v != old && ok(v) && !(isNumber(v) && isNumber(old) && (len(v) < len(old)-1 || len(v) > len(old)+1)) {
				// (Whole numbers are written the same way with about
				// as many digits: "workers 2" in a pasted config is no
				// port that took over from 4567.)
				all = append(all, found{v, strings.Index(s, w), 2})
			} else if port := portOf(v); port != "" && valueShape(port) == shape && port != old && ok(v) {
				// "runs on http://localhost:4173 (not 3000 anymore)":
				// the address with the new port.
				all = append(all, found{v, strings.Index(s, w), 2})
			}
		}
	}
	// A name of the old one's family ("config:recommended" for
	// "config:base"), wherever the sentence writes it.
	for _, w := range strings.Fields(s) {
		if v := trimValue(w); sameFamily(old, v) && ok(v) {
			all = append(all, found{v, strings.Index(s, w), 2})
		}
	}
	// Of the values in one tier, one written the way the old one is
	// first ("switched to pnpm, the lockfile is pnpm-lock.yaml now, stop
	// running npm": pnpm replaced npm, not the lockfile's name), then the
	// nearest.
	best, dist, tier, like, pos := "", -1, 3, false, 0
	shape := valueShape(old)
	for _, f := range all {
		d := f.pos - at
		if d < 0 {
			d = len(s) - d // before the old value: only when none follows
		}
		// (A host given up is written the way an address is: "not on
		// localhost anymore, it's on cache.internal port 6380 now".)
		// (A zone is written the way many names are: "a new bucket,
		// wahl-live-2026, in eu-central-1" for "rnd-wahl-2025".)
		l := valueShape(f.v) == shape && zoneRe().MatchString(strings.ToLower(f.v)) == zoneRe().MatchString(strings.ToLower(old)) ||
			addressPort(f.v) != "" && addressPort(old+":1") != ""
		if f.tier < tier || f.tier == tier && (l && !like || l == like && d < dist) {
			best, dist, tier, like, pos = f.v, d, f.tier, l, f.pos
		}
	}
	if tier == 0 && plainName(best) {
		// "it's argo rollouts now": the anchor's word and the one said
		// to hold now are one name of two words.
		for _, f := range all {
			if f.tier == 1 && plainName(f.v) && !degreeWords[strings.ToLower(f.v)] && f.pos+len(f.v)+1 == pos && s[f.pos+len(f.v)] == ' ' {
				return f.v + " " + best
			}
		}
	}
	return best
}

// plainName reports whether v is a word of letters only, as a tool's
// name of two words is written ("argo rollouts", "github actions").
func plainName(v string) bool {
	return v != "" && strings.Trim(strings.ToLower(v), "abcdefghijklmnopqrstuvwxyz") == ""
}

// portOf is the port of an address written with a scheme
// ("http://localhost:4173" gives 4173), or "".
func portOf(v string) string {
	i := strings.LastIndexByte(v, ':')
	if !strings.Contains(v, "//") || i < strings.Index(v, "//") {
		return ""
	}
	return strings.TrimRight(v[i+1:], "/")
}

// participle reports whether a plain word reads as a past participle.
func participle(w string) bool {
	l := strings.ToLower(trimValue(w))
	return len(l) > 5 && strings.HasSuffix(l, "ed") && !hasDigit(l) && !strings.ContainsAny(l, "._/:-")
}

// passWords stand between an anchor and its value: "now land in /srv".
var passWords = map[string]bool{"the": true, "a": true, "an": true, "in": true, "on": true, "at": true, "to": true, "into": true, "under": true, "through": true}

// declaredRe is a state told in passing inside a request: "bump python
// we're on 3.12 now update the Dockerfile".
var declaredRe = lazyregexp.New(`(?i)\b(?:we'?re|we are|it'?s|its|is|are)\s+(?:now\s+)?(?:on\s+|at\s+|in\s+)?\S*\d\S*\s+(?:now|from today|from now on)\b`)

// temporaryRe is a change made for a while or for one task: "for now",
// "just for the demo", "for the load test …, revert it after".
var temporaryRe = lazyregexp.New(`(?i)\b(` + undoneWords + `|just for|this time|(for|in) this (test|run|pr|branch|demo|one|ticket|task|file|session)|for the( \w+)? (demo|test|tests|run|experiment|benchmark|trial)|on my (laptop|machine|box|computer|mac)|(only|just) locally)\b`)

// undoneRe is a change said to be undone or to hold a while, wherever in
// the sentence: "raised the heap to 6g, put it back after the demo". (A
// limit told after the change about something else stays out of it: "from
// now the board is acme-cm4, the rpi4 was just for prototyping".)
var undoneRe = lazyregexp.New(`(?i)\b(` + undoneWords + `)\b`)

// undoneWords are the words of undoneRe, which temporaryRe holds too.
const undoneWords = `reverted (it|this|that)|rolled (it|this|that) back|for now|for the moment|temporarily|until (we|it|the|further)|revert (it|this|that)|(change|put|set) it back|undo (it|that|this)|for today|today only|tonight`

// notOursRe says a change asks nothing of the project: "the upstream lib
// moved to 1.4.2, no action needed on our side".
var notOursRe = lazyregexp.New(`(?i)\b(no action|nothing to (do|change)|no change(s)? needed|no need to (do|change)|doesn'?t (affect|concern) us|not affected)\b`)

// elsewhereRe places a change outside this project: "in my other project
// we moved to vite", "the frontend team is on node 22".
var elsewhereRe = lazyregexp.New(`(?i)\b((my|our|the|an|another) other (project|repo|app|codebase|service|team)|in another (project|repo|codebase|team)|at (my|our) (old|previous|last|former) (job|company|work|place)|the \w+ team is on)\b`)

// pronounRe opens a sentence about what the one before it named.
var pronounRe = lazyregexp.New(`(?i)^(it'?s|it is|it|they'?re|they are|that'?s|that is)\b`)

// requested reports whether the clause that tells the change is a request
// ("switch the timeout to 60 here") not marked to last.
func requested(s string, clauses []string) bool {
	if lastingRe().MatchString(s) || strings.Contains(strings.ToLower(s), "default") || declaredRe().MatchString(s) {
		return false
	}
	for _, c := range clauses {
		if changeSignalRe().MatchString(c) {
			return imperative(strings.TrimSpace(c))
		}
	}
	return imperative(s)
}

// imperative reports whether a clause opens with a request; "switch is
// 5.1.1 now" names a switch, it asks for none.
func imperative(c string) bool {
	loc := imperativeRe().FindStringIndex(c)
	if loc == nil {
		return false
	}
	next, _, _ := strings.Cut(strings.TrimSpace(c[loc[1]:]), " ")
	return !copula[strings.ToLower(next)]
}

var copula = map[string]bool{"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "'s": true}

func firstNonEmpty(ss []string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// placed reports whether v, a value slotChangeRe read in match, is a
// placeName's directory only where match puts something in or under it:
// any other value is placed anywhere.
func placed(match, v string) bool {
	if !strings.HasSuffix(v, "/") || strings.ContainsAny(strings.TrimSuffix(v, "/"), "0123456789./:_") {
		return true
	}
	low := strings.ToLower(match)
	return strings.Contains(low, " in "+strings.ToLower(v)) || strings.Contains(low, " under "+strings.ToLower(v))
}

// arrowChained reports whether an arrow's pair (arrowRe) is one link of
// a chain: another arrow in the same clause, before it or after it ("read
// config -> integrate -> write output", "orders.in -> enrich from ERP ->
// REST"). Two pairs a comma or a semicolon parts ("8080 -> 8081, 6379 ->
// 6380") are two changes.
func arrowChained(before, after string) bool {
	if i := strings.LastIndexAny(before, ",;"); i >= 0 {
		before = before[i+1:]
	}
	if i := strings.IndexAny(after, ",;"); i >= 0 {
		after = after[:i]
	}
	for _, a := range []string{"->", "=>", "\u2192"} {
		if strings.Contains(before, a) || strings.Contains(after, a) {
			return true
		}
	}
	return false
}

// contracted are the words whose "'s" is a contraction ("it's", "that's",
// "let's"), never a possessive.
var contracted = map[string]bool{"it": true, "that": true, "what": true, "there": true, "here": true, "let": true,
	"he": true, "she": true, "who": true, "where": true, "how": true, "this": true, "everything": true, "nothing": true, "something": true}

// trimValue drops the punctuation a value was written with.
func trimValue(v string) string {
	v = strings.TrimRight(strings.TrimLeft(v, ",;:!)(\"'"), ".,;:!)(\"'")
	// A dot that opens a hidden file or folder (".cullr/thumbs", ".env")
	// or a relative path ("./bin") is the value's.
	if rest := strings.TrimLeft(v, "."); rest == "" || rest != v && !unicode.IsLetter(rune(rest[0])) && rest[0] != '/' {
		v = rest
	}
	// "the Coral's dead": a possessive is the name's, not the value's
	// ("it's" is a contraction).
	for _, p := range []string{"'s", "\u2019s"} {
		if stem, ok := strings.CutSuffix(v, p); ok && len(stem) > 1 && !contracted[strings.ToLower(stem)] {
			v = stem
		}
	}
	return v
}

// sameKind reports whether new can be the value that replaced old: a
// path gives way to a path (not to a word), else both with digits (ports, versions, hosts)
// or both without (tool names): "swapped the sensor for a bme680" does not
// make "sensor" a value.
func sameKind(old, new string) bool {
	if strings.HasPrefix(strings.ToLower(new), strings.ToLower(old)) {
		// "billing-jobs is now billing-jobs-v2"
		return true
	}
	switch po, pn := strings.ContainsAny(old, "/\\"), strings.ContainsAny(new, "/\\"); {
	case po:
		return pn
	case pn:
		// A named thing can give way to a path of its own ("dropped
		// PaperMod, the theme is in themes/ours now"), not to an
		// address: "dropped elasticsearch for opensearch, it runs at
		// http://opensearch.internal:9200" names the new tool's URL, and
		// the old name is no address it replaced. A port or a host
		// does give way to an address.
		return !strings.Contains(new, "://") || !plainName(old)
	}
	// Two names joined with hyphens are of one kind with or without a
	// digit: "dc-east" gives way to "us-east-2".
	if hasDigit(old) == hasDigit(new) || hyphenName(old) && hyphenName(new) {
		return true
	}
	// A host named bare gives way to an address written with its port
	// ("the old search-staging name is gone" for ts-stg.internal:8108):
	// the new address's host is what took the old name's place.
	if h, _ := splitAddress(new); h != "" && !hasDigit(old) {
		return !hasDigit(h)
	}
	return false
}

// baseMoves are the verbs of a move fromToChangeRe reads in the present:
// a move of the team's only after movers.
var baseMoves = map[string]bool{"move": true, "switch": true, "migrate": true, "change": true}

// movers are the words a move of the team's follows: "we move", "let's
// switch".
var movers = map[string]bool{"we": true, "i": true, "let's": true, "lets": true, "we'll": true, "i'll": true}

// wholeName is v with the capitalised words s writes right after it
// ("Unity" of "to Unity Trust Bank, with effect from …"): a name of several
// words is the value whole. A day or a month after it is none of it.
func wholeName(s, v string) string {
	if v == "" || !unicode.IsUpper(rune(v[0])) || strings.ContainsAny(v, "./:_@0123456789") {
		return v
	}
	i := strings.Index(s, v+" ")
	if i < 0 {
		return v
	}
	out := v
	for _, w := range strings.Fields(s[i+len(v):]) {
		t := strings.TrimRight(w, ",;:.!?)")
		if t == "" || !unicode.IsUpper(rune(t[0])) || strings.ContainsAny(t, "./:_@0123456789") || calendarWord[strings.ToLower(t)] || t == "I" {
			break
		}
		out += " " + t
		if t != w {
			break
		}
	}
	return out
}

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// valueLike reports whether a word can be a setting's value: not a word
// that only builds the sentence ("the", "it", "now", "use").
func valueLike(v string) bool {
	l := strings.ToLower(v)
	if hasDigit(l) || strings.ContainsAny(l, "./:_@") {
		return true
	}
	return len(l) > 1 && !textkeyStop(l) && !notValue[l]
}

// notValue are words that fill a value's place without being one; the
// words of degree (degreeWords: "it's pretty calm now") are among them.
var notValue = withDegreeWords(map[string]bool{
	"it": true, "them": true, "that": true, "this": true, "there": true, "here": true, "new": true,
	"old": true, "one": true, "ones": true, "other": true, "same": true, "something": true,
	"everything": true, "anything": true, "nothing": true, "latest": true, "version": true,
	"we": true, "us": true, "you": true, "me": true, "our": true, "my": true, "your": true,
	"he": true, "she": true, "they": true, "him": true, "her": true, "his": true, "their": true,
	"all": true, "both": true, "thing": true, "stuff": true, "way": true, "too": true, "again": true,
	// adverbs: "the REDIS_URL is already updated", "it is still 18"
	"already": true, "still": true, "also": true, "just": true,
	// states: "the fridge is clean now", "it's quiet now"
	"clean": true, "calm": true, "quiet": true, "stable": true, "empty": true, "full": true, "busy": true,
	// states, not values: "is gone", "is done", "are live"
	"gone": true, "dead": true, "retired": true, "removed": true, "deleted": true, "deprecated": true,
	"done": true, "ready": true, "fine": true, "ok": true, "okay": true, "broken": true, "available": true,
	// judgements: "please check the config is right"
	"right": true, "wrong": true, "correct": true, "good": true, "bad": true, "valid": true, "invalid": true,
	"out": true, "off": true, "back": true, "ve": true, "re": true, "ll": true, "live": true, "up": true, "down": true, "fixed": true, "updated": true,
	"obsolete": true, "decommissioned": true, "history": true, "enabled": true, "disabled": true,
	"stale": true, "outdated": true, "unused": true,
	"read-only": true, "readonly": true, "frozen": true, "archived": true,
})

// withDegreeWords adds degreeWords to m, so the list of them is written
// once for notValue and for the two-word names newValueFor joins.
func withDegreeWords(m map[string]bool) map[string]bool {
	for w := range degreeWords {
		m[w] = true
	}
	return m
}

// degreeWords say how much of a state holds ("pretty calm", "really
// quiet"): the word after one describes a state, it names no value, and
// one is never the first word of a two-word name.
var degreeWords = map[string]bool{"pretty": true, "really": true, "very": true, "quite": true, "so": true,
	"much": true, "super": true, "fairly": true, "rather": true, "kinda": true, "extremely": true, "too": true}

// valueShape is how a value is written, letters and digits folded:
// eu-west-1 and eu-central-1 are both "a-a-9", 3.10 and 3.12.1 both "9".
func valueShape(v string) string {
	var b strings.Builder
	last := rune(0)
	for _, r := range strings.ToLower(v) {
		c := r
		switch {
		case unicode.IsDigit(r):
			c = '9'
		case unicode.IsLetter(r) || r == '_':
			c = 'a'
		}
		if c != last || c != '9' && c != 'a' {
			b.WriteRune(c)
		}
		last = c
	}
	shape := b.String()
	for strings.Contains(shape, "9.9") {
		shape = strings.ReplaceAll(shape, "9.9", "9")
	}
	return shape
}

// runOnParts is a sentence as the parts read for support and changes: the
// sentence itself, or, for one run on past 400 characters ("so I spent the
// morning on X, Y is at 2.35 now, …, and then can you …"), its clauses
// joined back into parts of at most 400; a clause longer than that is too
// long to be one thought and is left out.
func runOnParts(sent string) []string {
	if len(sent) <= 400 {
		return []string{sent}
	}
	var out []string
	part := ""
	start := 0
	flush := func() {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
		part = ""
	}
	add := func(c string) {
		switch {
		case len(c) > 400:
			flush()
		case len(part)+len(c) > 400:
			flush()
			part = c
		default:
			part += c
		}
	}
	for _, loc := range clauseSplitRe().FindAllStringIndex(sent, -1) {
		add(sent[start:loc[1]])
		start = loc[1]
	}
	add(sent[start:])
	flush()
	return out
}

// calendarWord are days and months: "it's Tuesday now, not Monday" tells
// the date, no setting of the project.
var calendarWord = map[string]bool{
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true,
	"january": true, "february": true, "march": true, "april": true, "june": true, "july": true,
	"august": true, "september": true, "october": true, "november": true, "december": true,
}

// plainBeforeName reports whether w, after an article, is a plain word in
// lower case and next a name written with a capital ("a proper RabbitMQ",
// "a dedicated Postgres"): w tells of the name, it is no value of its own.
func plainBeforeName(w, next string) bool {
	if strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) >= 0 {
		return false
	}
	n := trimValue(next)
	return n != "" && unicode.IsUpper([]rune(n)[0])
}

// articles are the words plainBeforeName reads a describing word after.
var articles = map[string]bool{"a": true, "an": true, "the": true}

// otherOfShape is the one value s writes the way v is written, other than
// v, or "".
func otherOfShape(s, v string) string {
	found := ""
	for _, w := range strings.Fields(s) {
		if w = trimValue(w); w != v && hasDigit(w) && valueShape(w) == valueShape(v) {
			if found != "" && found != w {
				return ""
			}
			found = w
		}
	}
	return found
}

// modelForm is a model written after a name: "3" of "Basys 3", "A7-35T" of
// "Cmod A7-35T".
const modelForm = `[a-z]*\d(?:[\w.-]*\w)?`

// modelRe is a model right after a name, lower-cased.
var modelRe = lazyregexp.New(`^\s+(` + modelForm + `)\b`)

// withModel is the name s[lo:hi] with the model written after it, if any.
func withModel(s string, lo, hi int) string {
	if m := modelRe().FindStringSubmatch(strings.ToLower(s[hi:])); m != nil {
		return s[lo:hi] + " " + s[hi+len(m[0])-len(m[1]):hi+len(m[0])]
	}
	return s[lo:hi]
}
