package offline

import (
	"regexp"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A change of value stated once still recurs when another session named
// the old value before it (or a command used it): these decide which
// changes last, and what line a change that left no statement becomes.

// promoteChanges makes a change of a value another, earlier session stated
// (or used, in a command it ran) a lasting statement: the setting recurs,
// and its newest value is what memory needs ("we're on php 8.1" one week,
// "we have moved to php 8.3" the next). The statement of the change is marked lasting; when the
// sentence gave none (it read as a story), the clause naming the new value
// becomes one.
func promoteChanges(stmts []stmt, said, ran []source, changes []change) []stmt {
	for _, ch := range changes {
		if ch.decided {
			continue
		}
		earlier := saidBefore(said, ch)
		if earlier == nil && !(ch.old != "" && settingValue(ch.old) && settingValue(ch.new) && !notOursRe().MatchString(ch.context)) && !ranBefore(ran, ch) && !setOnItsOwn(ch) {
			// A tool named once may be a passing remark; a port, a
			// version or a host told with the one it replaces is the
			// project's new setting.
			continue
		}
		// The statements of the message that name the new value: one
		// already said to last needs no help; else the first that does
		// not name the old value too ("we migrated from redshift to
		// snowflake" keeps the old name alive) is made lasting.
		if o, ok := followedChange(ch, changes); ok {
			// "we are on SWI-Prolog 9.2.1 now, … and I've changed
			// the version check to require 9.2": the sentence's line
			// is worded from the setting named with its value.
			ch = o
		}
		if rulesOutOther(ch) {
			// "…, the new one is a BME280, and again gpiozero, not
			// RPi.GPIO": the sentence carries a rule too, and made to
			// last it would end that rule's own statements.
			continue
		}
		pick, lasting := -1, false
		for i, st := range stmts {
			if st.src.session != ch.src.session || st.src.msgID != ch.src.msgID || !containsValue(st.line, ch.new) {
				continue
			}
			lasting = lasting || st.lasting
			if pick < 0 && (ch.old == "" || !containsValue(st.line, ch.old)) {
				pick = i
			}
		}
		switch {
		case lasting:
		case pick >= 0:
			stmts[pick].lasting = true
		default:
			if line := restatedIf(earlier, ch); line != "" && !holdsRetired(line, ch, changes) {
				stmts = append(stmts, stmt{line: line, lasting: true, src: ch.src})
			} else if line := changeClause(ch); line != "" {
				stmts = append(stmts, stmt{line: line, lasting: true, src: ch.src})
			}
		}
	}
	return stmts
}

// setOnItsOwn reports whether a change stands without an earlier
// session: a setting named and set by a verb of change in the past to a
// value written as one ("upgraded the toolchain to 1.79", "moved the dev
// server to 8085") tells the project's new state as plainly as one that
// names the value it replaces. The sentence already passed the gates of a
// request, a question, a plan and a one-off (readChanges).
func setOnItsOwn(ch change) bool {
	return ch.set && settingValue(ch.new) && !notOursRe().MatchString(ch.context)
}

// unplacedSets clears the mark of a change set on its own (setOnItsOwn)
// when a line of memory holds a value of the new one's kind (a port for a
// port, a version for a version) and the change rewrites no line: memory
// may state the setting under another name ("internal_port 8080 in
// fly.toml" for "moved the server to 3000"), and the change's own line
// would stand beside the old value. Where the change finds its line, or
// memory holds no such value, the mark stays. A set change first takes
// the old version its message names (versionFromMessage), which is how
// it finds a line that calls the setting otherwise.
func (k *known) unplacedSets(changes []change) []change {
	for i, ch := range changes {
		if !ch.set {
			continue
		}
		ch = k.versionFromMessage(ch)
		changes[i] = ch
		rival, placed := false, false
		for _, l := range k.lines {
			if k.removed[l] || strings.Contains(l, verificationPrefix) {
				continue
			}
			if changedMemoryLine(l, ch) != "" {
				placed = true
				break
			}
			for _, w := range strings.Fields(strings.ReplaceAll(l, "`", " ")) {
				if v := trimValue(w); v != "" && hasDigit(v) && !strings.EqualFold(v, ch.new) && valueShape(v) == valueShape(ch.new) && !portAndVersion(v, ch.new) {
					rival = true
				}
			}
		}
		if rival && !placed {
			changes[i].set = false
		}
	}
	return changes
}

// versionFromMessage gives a change told without its old value ("I've
// changed spark_version in databricks.yml to 15.4.x-scala2.12") the
// version of the one memory line whose version its message names as well
// ("13.3 is going out of support …", beside "Job clusters use Databricks
// Runtime 13.3 LTS."), when the new value opens with a version of the
// same shape: the message tells that line's value moved, in the words of
// another setting. The new value is cut to that shape (15.4). An image
// set to a new tag takes its product's version in memory (productVersion).
func (k *known) versionFromMessage(ch change) change {
	if ch.old != "" || ch.context == "" {
		return ch
	}
	if old, now := k.productVersion(ch.new); old != "" {
		ch.old, ch.new = old, now
		return ch
	}
	head := numberRe().FindString(ch.new)
	if !strings.Contains(head, ".") || !strings.HasPrefix(ch.new, head) || head == ch.new {
		return ch
	}
	found := ""
	for _, l := range k.lines {
		// (A line a pending patch removes still names the old value:
		// the next run reads the change as that patch's again.)
		if strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, v := range numberRe().FindAllString(l, -1) {
			if strings.Count(v, ".") != strings.Count(head, ".") || v == head || !containsValue(ch.context, v) {
				continue
			}
			if found != "" && found != v {
				return ch
			}
			found = v
		}
	}
	if found == "" {
		return ch
	}
	ch.old, ch.new = found, head
	return ch
}

// productVersion reads a new value that names a product and its version
// ("dolibarr/dolibarr:20.0.2", an image set in docker-compose.yml) as the
// new version of the one version memory gives that product ("Dolibarr
// 19.0"): the version memory gives and the new one, or "", "".
func (k *known) productVersion(v string) (string, string) {
	product, tag := imageOf(strings.ToLower(v))
	m := dottedVersionRe().FindStringSubmatch(tag)
	if product == "" || m == nil {
		return "", ""
	}
	now, found := m[1], ""
	for _, l := range k.lines {
		if strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, tv := range typedValues(l) {
			if tv.kind != "version" || tv.of != product || tv.value == now || strings.HasPrefix(now, tv.value+".") {
				continue
			}
			if found != "" && found != tv.value {
				return "", ""
			}
			found = tv.value
		}
	}
	if found == "" {
		return "", ""
	}
	return found, now
}

// rulesOutOther reports whether the change's sentence also rules out a
// name other than the value the change gave up.
func rulesOutOther(ch change) bool {
	for _, w := range ruledOut(ch.src.quote) {
		if !strings.EqualFold(w, ch.old) {
			return true
		}
	}
	return false
}

// ranCommands lists the commands the agent ran, for evidence that a value
// was in use: `cmake -G "Unix Makefiles"` before "ninja only from here,
// makefiles dir deleted".
func ranCommands(sessions []mined) []source {
	var out []source
	for _, m := range sessions {
		for _, r := range m.steps {
			out = append(out, r.src)
		}
		for _, r := range m.checks {
			out = append(out, r.src)
		}
	}
	return out
}

// ranBefore reports whether a command of another, earlier session used
// the value the change gave up.
func ranBefore(ran []source, ch change) bool {
	if ch.old == "" {
		return false
	}
	for _, r := range ran {
		if r.session != ch.src.session && before(r, ch.src) && containsValue(r.quote, ch.old) {
			return true
		}
	}
	return false
}

// saidBefore finds the latest sentence of another, earlier session that
// stated the value the change gives up: the old value named, or a value of
// the same setting.
func saidBefore(said []source, ch change) *source {
	var found *source
	for i := range said {
		s := &said[i]
		if s.session == ch.src.session || !before(*s, ch.src) {
			continue
		}
		if ch.old != "" && (containsValue(s.quote, ch.old) || inAddress(s.quote, ch.old)) || ch.old == "" && slotValue(s.quote, ch) != "" {
			if found == nil || before(*found, *s) {
				found = s
			}
		}
	}
	return found
}

// restated is the clause of an earlier sentence that stated the old value,
// given the new one: "we pin terraform 1.5 in this repo" becomes "We pin
// terraform 1.9 in this repo." A request, a question or a one-off in that
// clause gives none.
func restated(earlier source, ch change) string {
	old := ch.old
	if old == "" {
		old = slotValue(earlier.quote, ch)
	}
	for _, c := range clauseSplitRe().Split(strings.TrimSpace(earlier.quote), -1) {
		c = strings.TrimSpace(fillerRe().ReplaceAllString(toldRe().ReplaceAllString(c, ""), ""))
		if !containsValue(c, old) {
			continue
		}
		if strings.HasSuffix(c, "?") || imperative(c) || questRe().MatchString(c) || planRe().MatchString(c) || oneOffRe().MatchString(c) || len(nonValues(c)) < 2 || handedOverRe().MatchString(c) {
			return ""
		}
		if !settingValue(old) && !predicatedRe(old).MatchString(c) {
			// A tool named in passing ("webpack build slow af") is no
			// statement of the setting: only "we're on X", "X is …",
			// "runs on X" is.
			return ""
		}
		if nl := replaceValue(c, old, ch.new); nl != "" {
			return asLine(strings.TrimRight(withSiblingValues(nl, ch), " .!"))
		}
		return ""
	}
	return ""
}

// handedOverRe is a clause telling that the old value went to something
// else ("ops gave 8080 to the envoy sidecar", "the metrics agent grabbed
// 9100"): the reason for the change, which the new value would make
// false.
var handedOverRe = lazyregexp.New(`(?i)\b(?:gave|given|handed|took|taken|claimed|grabbed|grabs|clashes|collides|conflicts)\b`)

// clauseOrAskRe splits clauses, a question from what follows it ("can you
// switch the build? and the cluster has CUDA 12.4 now"), and sentences run
// together in lower case ("swapped to vite. webpack gone"). See clauses
// for a clause run on after "anymore".
var clauseOrAskRe = lazyregexp.New(`[;,\x{2014}]\s+|[?!]\s+|\.\s+`)

// anymoreRunOnRe finds a clause that gives a value up ("… anymore")
// followed by at least two more words, the first of which may start a new
// clause.
var anymoreRunOnRe = lazyregexp.New(`(?i)\bany ?more\s+([\w'-]+)\s+\S`)

// joinerRe is a word after "anymore" that goes on with the same clause
// rather than start a new one: a conjunction, a preposition, an adverb
// ("we don't use yarn anymore because it broke the lockfile").
var joinerRe = lazyregexp.New(`(?i)^(?:because|cause|cuz|since|as|and|but|so|or|nor|for|after|before|until|till|though|although|while|when|whenever|once|if|unless|then|either|now|at|in|on|to|from|with|without|by|here|there|than|which|that|who|where|yet|anyway|too|ever|really|thanks|except|like|given|due|plus|instead|per|via)$`)

// clauses splits s into its clauses (clauseOrAskRe), and also cuts a
// clause that gives a value up from a new one run on after it without a
// word joining them ("we dont publish from main anymore github pages
// builds from gh-pages now"); a word that goes on with the clause
// (joinerRe) joins it.
func clauses(s string) []string {
	var out []string
	from := 0
	for _, m := range anymoreRunOnRe().FindAllStringSubmatchIndex(s, -1) {
		if joinerRe().MatchString(s[m[2]:m[3]]) {
			continue
		}
		out = append(out, clauseOrAskRe().Split(strings.TrimRight(s[from:m[0]], " \t"), -1)...)
		from = m[2]
	}
	return append(out, clauseOrAskRe().Split(s[from:], -1)...)
}

// predicatedRe finds a value stated as a setting's: "we're on X", "uses
// X", "X is the …".
func predicatedRe(v string) *regexp.Regexp {
	q := regexp.QuoteMeta(v)
	return regexp.MustCompile(`(?i)\b(?:is|are|on|uses?|using|with|via|through|in)\s+(?:the\s+)?` + q + `\b|\b` + q + `\s+(?:is|are)\b`)
}

// withoutOld drops the words that name the old value beside the new one:
// "has CUDA 12.4 now instead of 12.2" is "has CUDA 12.4 now", "bumped X
// from 1.5 to 1.9" is "bumped X to 1.9".
func withoutOld(c, old string) string {
	if old == "" {
		return c
	}
	q := regexp.QuoteMeta(old)
	re := regexp.MustCompile(`(?i)\s*,?\s*\b(?:instead of|rather than|not|replacing)\s+(?:the\s+)?` + q + `\b(?:\s+any ?more)?|\bfrom\s+(?:the\s+)?` + q + `\s+(to\b)`)
	return strings.TrimSpace(re.ReplaceAllString(c, "$1"))
}

// holdsRetired reports whether line, an earlier sentence restated with
// ch's new value, still names a value another change gave up ("run it with
// elm-live and deploy to staging.example.io" when elm-live and that host
// were both replaced): the sentence is of a time both values held, and
// written with one of them new it would state the other again. The
// change's own clause stands instead.
func holdsRetired(line string, ch change, changes []change) bool {
	for _, o := range changes {
		if o.old != "" && !strings.EqualFold(o.old, ch.old) && !strings.EqualFold(o.old, ch.new) && containsValue(line, o.old) {
			return true
		}
	}
	return false
}

// restatedIf is restated for an earlier sentence, if there is one.
func restatedIf(earlier *source, ch change) string {
	if earlier == nil {
		return ""
	}
	return restated(*earlier, ch)
}

// settingValue reports whether v is written the way a setting's value is:
// with a digit (a port, a version, a host) or as a path or address.
func settingValue(v string) bool {
	return hasDigit(v) || strings.ContainsAny(v, "/\\:")
}

// followedChange finds, for a change set by one's own verb of change
// ("I've changed the version check in load.pl to require 9.2"), another
// change of the same sentence to the same release that names the setting
// with its value and is no such telling ("we are on SWI-Prolog 9.2.1
// now"): the edit was made to follow it, and the memory line is the
// setting's own clause, not the side edit's.
func followedChange(ch change, changes []change) (change, bool) {
	if !ch.set {
		return change{}, false
	}
	for _, o := range changes {
		if !o.set && o.new != ch.new && sameMessage(o.src, ch.src) && o.src.quote == ch.src.quote && sameRelease(o.new, ch.new) {
			return o, true
		}
	}
	return change{}, false
}

// sameRelease reports whether two versions name the same release, one
// written to more places than the other ("9.2" and "9.2.1").
func sameRelease(a, b string) bool {
	a, b = strings.ToLower(strings.TrimPrefix(a, "v")), strings.ToLower(strings.TrimPrefix(b, "v"))
	return dotted(a) && dotted(b) && (strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+"."))
}

// withoutLeadIn drops a short lead-in ended by a colon ("Good news for
// once: we are on 9.2.1 now") when the value is told after it: the lead-in
// says how the speaker feels about the news, not what memory holds.
func withoutLeadIn(c, value string) string {
	i := strings.Index(c, ": ")
	if i <= 0 {
		return c
	}
	lead, rest := c[:i], strings.TrimSpace(c[i+2:])
	if len(strings.Fields(lead)) > 4 || hasDigit(lead) || strings.ContainsAny(lead, "`/=") || !containsValue(rest, value) {
		return c
	}
	return rest
}

// changeClause is the clause of the change's sentence that names the new
// value, as a memory line: "goerli is dead, we're on sepolia now" gives
// "We're on sepolia now."
func changeClause(ch change) string {
	if name, _ := bannerVersion(ch.src.quote); name != "" {
		// A version a program printed of itself tells no clause: the
		// line to write is the memory's, or an earlier statement's.
		return ""
	}
	if line := clauseWithNew(ch.src.quote, ch); line != "" {
		return line
	}
	// "swapped to vite + crxjs. webpack gone": the new value is in
	// another sentence of the message.
	return clauseWithNew(ch.context, ch)
}

// clauseWithNew is the first clause of s that names the change's new value
// and not its old one, as a memory line.
func clauseWithNew(s string, ch change) string {
	s = toldRe().ReplaceAllString(strings.TrimSpace(s), "")
	prev := ""
	for _, c := range clauses(s) {
		c = strings.TrimSpace(toldRe().ReplaceAllString(c, ""))
		c = strings.TrimSpace(fillerRe().ReplaceAllString(withoutOld(c, ch.old), ""))
		c = withoutLeadIn(c, ch.new)
		if containsValue(c, ch.new) && (ch.old == "" || !containsValue(c, ch.old)) && len(textkey.Tokens(c)) >= 3 && !strings.HasSuffix(c, "?") {
			if pronounRe().MatchString(c) && prev != "" && (ch.old == "" || !containsValue(prev, ch.old)) {
				// "we moved our dev server. It's on 8081 now": "it"
				// needs the clause that names it.
				c = asLine(prev) + " " + c
			}
			return asLine(timeRe().ReplaceAllString(c, ""))
		}
		prev = c
	}
	return ""
}
