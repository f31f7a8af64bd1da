package offline

import (
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// Settings change: the dev port moves, the team upgrades a runtime, a
// branch is renamed, a tool is dropped. When a later statement gives a new
// value for something an earlier one set, only the later one may stand;
// proposing both would leave memory contradicting itself.

// slotTerms name settings whose value changes over time, as terms.
var slotTerms = stemmed(map[string]bool{
	"port": true, "version": true, "branch": true, "namespace": true, "size": true, "delay": true,
	"region": true, "sdk": true, "minsdk": true, "targetsdk": true, "node": true, "ruby": true, "go": true,
	"python": true, "flutter": true, "java": true, "jdk": true, "msrv": true, "bucket": true,
	"timeout": true, "interval": true, "database": true, "db": true, "host": true, "url": true,
	"registry": true, "cluster": true, "image": true, "manager": true, "runtime": true, "rust": true,
	"toolchain": true, "channel": true, "environment": true, "limit": true, "concurrency": true,
	"php": true, "kotlin": true, "swift": true, "xcode": true, "postgr": true, "postgres": true,
	"redis": true, "mysql": true, "deno": true, "bun": true, "pnpm": true, "npm": true, "yarn": true,
	"poetry": true, "uv": true, "pip": true, "gradle": true, "android": true, "ios": true, "api": true,
	"endpoint": true, "domain": true, "account": true, "project": true, "team": true, "owner": true,
	"deploy": true, "stag": true, "prod": true, "production": true, "staging": true, "ci": true,
})

func stemmed(words map[string]bool) map[string]bool {
	m := make(map[string]bool, len(words))
	for w := range words {
		m[textkey.Stem(w)] = true
	}
	return m
}

var (
	// changeRe marks a statement that something changed.
	changeRe = lazyregexp.New(`(?i)\b(now|renamed|moved|changed|switched|upgraded|downgraded|raised|lowered|bumped|migrated|replaced|no longer|anymore|instead)\b`)
	// negatedRe finds a name a statement rules out: "not npm", "never
	// poetry.", "instead of black", "never run yarn" at the end of a
	// clause ("never run pulumi up" names a command, not the tool).
	// "not the F401 anymore": a thing given up, named with its article.
	// "<all_urls> never comes back": a thing kept out for good.
	negatedRe = lazyregexp.New(`(?i)\b(?:not|never|instead of|rather than|no more)\s+(?:(?:use|run)\s+)?([\w.@/+-]+)(?:['\x{2019}]s)?\s*(?:[,.;:!)\x{2014}]|$)|\bnot\s+(?:the|a|an)\s+([\w.@/+-]+)\s+any ?more\b|([\w.@/+-]+)>?\s+(?:never (?:comes?|goes|gets) back|is never coming back|never again)\b`)
	// negatesRe: the same name ruled out in the older line keeps it
	// consistent, not superseded ("prefer pnpm over npm" rules npm out).
	negatesRe = lazyregexp.New(`(?i)\b(not|never|no|don'?t|do not|avoid|instead of|rather than|stop)\b|\bprefer\w*\b.*\bover\s*$`)
)

// preferOverRe rules out what a preference is over: "prefer ruff over
// flake8", "use pnpm over npm", "avoid moment", "don't use lodash".
var preferOverRe = lazyregexp.New(`(?i)\b(?:prefer(?:s|red)?|use|we use|go with|pick)\s+` + "`?" + `[\w.@/+-]+` + "`?" + `\s+over\s+` + "`?" + `([\w.@/+-]+)|\b(?:avoid|don'?t use|do not use|stop using|never use|no more|banned?)\s+` + "`?" + `([\w.@/+-]+)`)

// fromToRe is a change of value: "moved the broker from redis to rabbitmq".
var fromToRe = lazyregexp.New(`(?i)\bfrom\s+([\w.@/+-]+)\s+to\s+[\w.@/+-]+`)

// removableRe is what a line says may go once something else is used:
// "go with DuckDB, the CSV loaders can be removed". Read only beside
// goWithRe, so a chore ("the old fixtures can be deleted") rules nothing
// out.
var (
	removableRe = lazyregexp.New(`(?i)\b(?:the\s+)?([\w.@/+-]+)(?:\s+[a-z]+)?\s+(?:can|could|should|must|will)\s+(?:now\s+)?be\s+(?:removed|deleted|dropped|retired)\b`)
	goWithRe    = lazyregexp.New(`(?i)\b(?:go(?:ing)? with|switch(?:ed|ing)? to|mov(?:e|ed|ing) to|migrat(?:e|ed|ing) to|use|using|instead)\b`)
)

// ruledOut lists the names a line rules out, lower-cased.
func ruledOut(line string) []string {
	var out []string
	if changeRe().MatchString(line) {
		for _, m := range fromToRe().FindAllStringSubmatch(line, -1) {
			if w := strings.ToLower(strings.Trim(m[1], ".-")); w != "" && !textkeyStop(w) {
				out = append(out, w)
			}
		}
	}
	for _, ix := range negatedRe().FindAllStringSubmatchIndex(line, -1) {
		m := make([]string, 4)
		for i := 1; i < 4; i++ {
			if ix[2*i] >= 0 {
				m[i] = line[ix[2*i]:ix[2*i+1]]
			}
		}
		if m[1] != "" && doneBySubject(line[:ix[0]], line[ix[0]:ix[2]]) {
			continue
		}
		w := strings.ToLower(strings.Trim(m[1]+m[2]+m[3], ".-"))
		if w != "" && !textkeyStop(w) {
			out = append(out, w)
		}
	}
	if strings.Contains(line, " be ") && goWithRe().MatchString(line) {
		for _, m := range removableRe().FindAllStringSubmatch(line, -1) {
			if w := strings.ToLower(strings.Trim(m[1], ".-")); valueLike(w) {
				out = append(out, w)
			}
		}
	}
	for _, m := range preferOverRe().FindAllStringSubmatch(line, -1) {
		w := strings.ToLower(strings.Trim(m[1]+m[2], ".-`"))
		if w != "" && !textkeyStop(w) && !notValue[w] {
			out = append(out, w)
		}
	}
	return out
}

// doneBySubject reports whether "never" (neg) follows a thing it is said
// of ("a team whose leg 3 chip never reads,"): the word after it is what
// the thing does, no name ruled out. After a person ("we never"), a modal
// ("must never"), a joining word or punctuation it rules a name out
// ("Use uv, never poetry.").
func doneBySubject(before, neg string) bool {
	if !strings.HasPrefix(strings.ToLower(neg), "never") {
		return false
	}
	f := strings.Fields(before)
	if len(f) == 0 {
		return false
	}
	last := f[len(f)-1]
	if strings.IndexFunc(last, unicode.IsLetter) < 0 || strings.ContainsAny(last[len(last)-1:], ",;:.!?)") {
		return false
	}
	return !neverLeads[strings.ToLower(strings.Trim(last, "'\"("))]
}

// neverLeads are the words after which "never" rules a name out: a
// person, a modal, a joining word.
var neverLeads = map[string]bool{"i": true, "we": true, "you": true, "they": true, "please": true, "and": true, "or": true,
	"but": true, "so": true, "then": true, "just": true, "must": true, "should": true, "shall": true, "will": true,
	"would": true, "can": true, "could": true, "may": true, "might": true, "we'll": true, "i'll": true, "you'll": true,
	"we'd": true, "i'd": true, "also": true, "ever": true, "is": true, "are": true, "it's": true, "that's": true}

func textkeyStop(w string) bool {
	return len(textkey.Terms(w)) == 0 || generic[w]
}

// negatedIn reports whether line itself rules the name out. An empty
// name is ruled out nowhere (and would find itself at every index).
func negatedIn(line, name string) bool {
	if name == "" {
		return false
	}
	l := strings.ToLower(line)
	i := strings.Index(l, name)
	for i >= 0 {
		pre := l[:i]
		if j := strings.LastIndexAny(pre, ".;!?"); j >= 0 {
			pre = pre[j+1:]
		}
		f := strings.Fields(pre)
		if len(f) > 4 {
			f = f[len(f)-4:]
		}
		if negatesRe().MatchString(strings.Join(f, " ")) {
			return true
		}
		next := strings.Index(l[i+len(name):], name)
		if next < 0 {
			break
		}
		i += len(name) + next
	}
	return false
}

// modelTail reports whether name, a model number ("f401"), ends a longer
// one of line ("STM32F401"): people drop the family prefix of a part
// they name again.
func modelTail(line, name string) bool {
	if len(name) < 4 || strings.IndexFunc(name, unicode.IsDigit) < 0 || strings.IndexFunc(name, unicode.IsLetter) < 0 {
		return false
	}
	for _, t := range textkey.Tokens(strings.ReplaceAll(line, "`", " ")) {
		if len(t) > len(name) && strings.HasSuffix(t, name) && strings.IndexFunc(t[:len(t)-len(name)], unicode.IsDigit) >= 0 {
			return true
		}
	}
	return false
}

// everyRuleRe is a rule for every thing of a kind: "Every new dataset
// …", "Any task that touches payments must …", "All scripts need …".
var everyRuleRe = lazyregexp.New(`(?i)^\W*(?:every|each|any|all)\b`)

// typedRival reports whether newer gives a value of a kind older holds
// (typedValues), another than older's: a port for a port, a version of
// the same product.
func typedRival(newer, older string) bool {
	for _, v := range typedValues(newer) {
		for _, o := range typedValues(older) {
			if v.kind == o.kind && !sameValue(v.kind, v.value, o.value) && (v.kind != "version" || sameProduct(v.of, o.of)) {
				return true
			}
		}
	}
	return false
}

// hasWord reports whether name occurs in line as a word of its own, as
// written: "requests" (a library) is not "request".
func hasWord(line, name string) bool {
	for _, t := range textkey.Tokens(strings.ReplaceAll(line, "`", " ")) {
		if t == name {
			return true
		}
	}
	return false
}

// supersedes reports whether newer replaces what older says: it rules out
// a name older relies on ("we deploy from publish now, not gh-pages" after
// "the deploy branch is gh-pages"), or it gives the same setting a new
// value ("the server port is 7171" after "… is 7070"). Said plainly, a
// line about another thing of the same kind (apart: "the frontend dev
// server runs on port 3001" after "Grafana runs on port 3000") is no
// newer value of it.
func supersedes(newer, older string) bool {
	if relabels(newer, older) {
		return true
	}
	for _, w := range ruledOut(newer) {
		if (hasWord(older, w) || modelTail(older, w)) && !negatedIn(older, w) {
			return true
		}
	}
	if everyRuleRe().MatchString(newer) && !everyRuleRe().MatchString(older) && !typedRival(newer, older) {
		// A rule for every thing of a kind ("Every script needs the
		// no-auto-compile shebang") tells how to make the things, not a
		// newer value of a fact about them ("scripts are run with
		// `guile -s`"), unless it gives a value of a kind the fact holds
		// ("Every service now listens on 9000").
		return false
	}
	changed := changeRe().MatchString(newer)
	if !changed && apart(newer, older) {
		return false
	}
	tn, to := factTerms(newer), factTerms(older)
	// The same setting: a shared setting noun ("port", "branch"), or most
	// of the older line's words.
	// named: a shared word that names the thing, not only how it is
	// kept or where ("keep … under" in "keep a CHANGELOG.md updated …
	// under an Unreleased heading" and "keep the gzipped .wasm under 100
	// KB" are two facts).
	slot, named, keys, keysOld := false, false, 0, 0
	in := map[string]bool{}
	for _, t := range tn {
		in[t] = true
	}
	for _, t := range to {
		if valueTerms([]string{t})[t] {
			continue
		}
		keysOld++
		if in[t] {
			keys++
			slot = slot || slotTerms[t]
			named = named || !ruleVerbs[t] && !narration[t] && !placeWords[t]
		}
	}
	if !slot && (!named || 2*keys < keysOld) {
		return false
	}
	vn, vo := valueTerms(tn), valueTerms(to)
	fresh := false
	for v := range vn {
		fresh = fresh || !vo[v]
	}
	if len(vo) > 0 && fresh && (!subset(vo, vn) || changed) {
		return true
	}
	if !changed || len(vo) > 0 && len(vn) > 0 || len(vn) > 0 && len(vo) == 0 {
		// A new number ("we upgraded to sdk 51") replaces an older
		// number, not a line that states none ("add native packages
		// with expo install so they match the sdk").
		return false
	}
	if 2*keys < keysOld && !slotInMain(newer, to) {
		// With no value on either side, a setting noun the newer line
		// names only in a bracketed aside ("we upgraded the tooling
		// (the platform team did it)" after "the product teams grep
		// for it") is not what it changes: two facts share a word.
		return false
	}
	// Named values: the older line has a word the newer one dropped, and
	// the newer one brings a word of its own.
	_, dice := textkey.Overlap(tn, to)
	return dice < 0.9 && hasExtra(to, tn) && hasExtra(tn, to)
}

// slotInMain reports whether newer names one of older's setting nouns
// (olderTerms, slotTerms) outside brackets: in the clause that tells what
// changed, not in an aside about who did it or why.
func slotInMain(newer string, olderTerms []string) bool {
	main := termSet(factTerms(outsideBrackets(newer)))
	for _, t := range olderTerms {
		if slotTerms[t] && main[t] {
			return true
		}
	}
	return false
}

// outsideBrackets is s without its bracketed parts, one left open
// included (it runs to the end): the asides, not the sentence's clauses.
func outsideBrackets(s string) string {
	if !strings.ContainsAny(s, "([") {
		return s
	}
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(' || r == '[':
			depth++
		case (r == ')' || r == ']') && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func subset(a, b map[string]bool) bool {
	for t := range a {
		if !b[t] {
			return false
		}
	}
	return true
}

// hasExtra reports whether term list a holds a term b does not, a
// setting's noun (slotTerms) aside.
func hasExtra(a, b []string) bool {
	in := map[string]bool{}
	for _, t := range b {
		in[t] = true
	}
	for _, t := range a {
		if !in[t] && !slotTerms[t] {
			return true
		}
	}
	return false
}

var (
	// settingLabelRe is a memory line that names its setting before a colon:
	// "Migrations: db/migration/V<number>__description.sql, …".
	settingLabelRe = lazyregexp.New(`^[-*+\s]*([A-Za-z][\w-]*(?:\s+[\w-]+){0,2}):\s+\S`)
	// copulaSubjectRe is a line whose subject, before "is"/"are", names
	// a setting: "Migration versions are timestamps, …".
	copulaSubjectRe = lazyregexp.New(`(?i)^[-*+\s]*((?:[\w-]+\s+){0,3}[\w-]+)\s+(?:is|are)\s+(?:now\s+)?[\w\x60]`)
	// fileExtRe is a file name's extension: ".sql" of
	// "V20260218_1530__order_items.sql".
	fileExtRe = lazyregexp.New(`[\w>]\.([a-z]{1,5})\b`)
)

// relabels reports whether newer gives a new value of the setting older
// names by its label: its subject holds every word of the label, and both
// name a file of the same kind that differs ("Migration versions are
// timestamps, V20260218_1530__order_items.sql style" after "Migrations:
// db/migration/V<number>__description.sql, next number after the
// highest"). Two signals, the setting and a value of one kind, so that
// another fact about the same thing ("Migrations are never edited once
// applied") is not read as its new value.
func relabels(newer, older string) bool {
	lm := settingLabelRe().FindStringSubmatch(older)
	if lm == nil {
		return false
	}
	sm := copulaSubjectRe().FindStringSubmatch(newer)
	if sm == nil {
		return false
	}
	label, subject := factTerms(lm[1]), termSet(factTerms(sm[1]))
	if len(label) == 0 || !subset(termSet(label), subject) {
		return false
	}
	eo, en := fileExtRe().FindAllStringSubmatch(older, -1), fileExtRe().FindAllStringSubmatch(newer, -1)
	for _, o := range eo {
		for _, n := range en {
			if strings.EqualFold(o[1], n[1]) && !strings.EqualFold(o[0], n[0]) && !sameFact(newer, older) {
				return true
			}
		}
	}
	return false
}

// A command's value can change for good too: the same check or step run
// for weeks with one image tag, then, once the person says the new one
// holds ("we're on 1.31 now, 1.29 is gone"), only with the new one. Counted
// over every run, the old form is the most common and would be the one a
// verification line or a skill keeps; it is the retired one.

// retiredValues maps each argument a later run of the same command
// replaced for good to the one that replaced it: two runs of one command
// that differ in that argument only, both values written the same way
// with digits in them (an image tag, a version, a port), every run given
// the old value before the first given the new one, and a sentence of a
// new session telling a change that names the new value's number. A value
// that alternates, or a new one nobody told, retires nothing.
func retiredValues(sessions []mined, said []source, isNew func(int) bool) map[string]retirement {
	first, last := map[string]source{}, map[string]source{}
	// (Runs of one program are compared: the value may be part of
	// what keys a command, as an image is of `docker run`'s.)
	byKey := map[string][]shellRun{}
	for _, m := range sessions {
		for _, r := range m.steps {
			if len(r.cmd.args) == 0 {
				continue
			}
			byKey[r.cmd.args[0].text] = append(byKey[r.cmd.args[0].text], r)
			for _, w := range r.cmd.args {
				if f, ok := first[w.text]; !ok || before(r.src, f) {
					first[w.text] = r.src
				}
				if l, ok := last[w.text]; !ok || before(l, r.src) {
					last[w.text] = r.src
				}
			}
		}
	}
	out := map[string]retirement{}
	// Programs in name order, and each distinct form of a run once: the
	// output does not depend on map order, and a program run thousands
	// of times the same few ways is compared a few times.
	for _, prog := range slices.Sorted(maps.Keys(byKey)) {
		var runs []shellRun
		seen := map[string]bool{}
		for _, r := range byKey[prog] {
			var k strings.Builder
			for _, w := range r.cmd.args {
				k.WriteString(w.text)
				k.WriteByte(0)
			}
			if !seen[k.String()] {
				seen[k.String()] = true
				runs = append(runs, r)
			}
		}
		for _, a := range runs {
			for _, b := range runs {
				o, n, ok := oneArgApart(a.cmd.args, b.cmd.args)
				if _, done := out[o]; !ok || done || !hasDigit(o) || !hasDigit(n) || valueShape(o) != valueShape(n) || !before(last[o], first[n]) {
					continue
				}
				if told, ok := toldValue(said, n, o, isNew); ok {
					out[o] = retirement{n, told}
				}
			}
		}
	}
	return out
}

// oneArgApart gives the one argument in which two runs of a command
// differ, as each gives it.
func oneArgApart(a, b []word) (string, string, bool) {
	if len(a) != len(b) {
		return "", "", false
	}
	o, n, diff := "", "", 0
	for i := range a {
		if a[i].text != b[i].text {
			o, n = a[i].text, b[i].text
			diff++
		}
	}
	return o, n, diff == 1
}

// numberRe is a number as a sentence may name it: "1.31.2", "8443".
var numberRe = lazyregexp.New(`\d+(?:\.\d+)*`)

// retirement is the value that replaced a retired one, and the sentence
// that told the change.
type retirement struct {
	new  string
	told source
}

// toldValue finds a sentence of a new session that tells a change and
// names a number of argument n that argument o does not hold: "we're on
// caddy 2.8.4 now" for the tag "library/caddy:v2.8.4", "moved the project
// to net9.0" for the framework "net9.0-android" (the number inside a part
// of the argument).
func toldValue(said []source, n, o string, isNew func(int) bool) (source, bool) {
	var nums []string
	for _, d := range numberRe().FindAllString(n, -1) {
		if !slices.Contains(numberRe().FindAllString(o, -1), d) {
			nums = append(nums, d)
		}
	}
	for _, s := range said {
		if !isNew(s.session) || !changeSignalRe().MatchString(s.quote) {
			continue
		}
		for _, d := range nums {
			if containsValue(s.quote, d) || namesPart(s.quote, n, d) {
				return s, true
			}
		}
	}
	return source{}, false
}

// namesPart reports whether a word of quote holds the number d and is a
// part of the argument n, longer than d: "net9.0" of "net9.0-android".
func namesPart(quote, n, d string) bool {
	n = strings.ToLower(n)
	for _, f := range strings.Fields(strings.ToLower(quote)) {
		f = strings.Trim(f, ".,;:!?()`'\"")
		if len(f) > len(d) && strings.Contains(f, d) && strings.Contains(n, f) {
			return true
		}
	}
	return false
}

// retiredChanges are the changes of memory that retired values make: the
// one memory line (read from a file, not the verification line) that
// names a retired value as a word of its own, outside a command written
// as code, is behind the runs and the sentence that told the change, and
// takes the new value. (A command is the verification line's or a
// skill's, which withoutRetired writes anew.) A file name
// retires nothing there: one problem set's file after another's is the
// work moving on.
func retiredChanges(retired map[string]retirement, k *known) []change {
	var out []change
	for _, o := range slices.Sorted(maps.Keys(retired)) {
		r := retired[o]
		if fileName(o) {
			continue
		}
		line := k.soleLine(func(l string) bool { return boundedIn(codeSpanRe().ReplaceAllString(l, " "), o) })
		if line == "" {
			continue
		}
		out = append(out, change{old: o, new: r.new, terms: nonValues(line), src: r.told, context: r.told.quote, prose: true})
	}
	return out
}

// fileName reports whether v names a file by its type: a last part of one
// to five letters after a dot ("ps2.rkt"), not a version ("net8.0-android").
func fileName(v string) bool {
	i := strings.LastIndexByte(v, '.')
	ext := v[i+1:]
	return i > 0 && len(ext) <= 5 && ext != "" && strings.Trim(strings.ToLower(ext), "abcdefghijklmnopqrstuvwxyz") == ""
}

// withoutRetired writes the verification line's commands and the skills'
// steps with the values that replaced retired ones (retiredValues), so
// that no line proposed keeps a value the person said is gone.
func withoutRetired(cands []candidate, retired map[string]retirement) {
	if len(retired) == 0 {
		return
	}
	fix := func(cmd string) string {
		f := strings.Fields(cmd)
		hit := false
		for i, w := range f {
			if r, ok := retired[w]; ok {
				f[i], hit = r.new, true
			}
		}
		if !hit {
			return cmd
		}
		return strings.Join(f, " ")
	}
	for i := range cands {
		c := &cands[i]
		switch {
		case c.kind == KindVerification:
			newer := map[string]string{}
			for j, cmd := range c.cmds {
				c.cmds[j] = fix(cmd)
				if n := c.newer[cmd]; n != "" {
					newer[c.cmds[j]] = fix(n)
				}
			}
			c.newer = newer
			c.line = verificationLine(c.cmds)
		case c.skill != nil:
			for j, s := range c.skill.steps {
				c.skill.steps[j] = fix(s)
			}
			c.skill.verify = fix(c.skill.verify)
		}
	}
}
