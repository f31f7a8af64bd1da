package offline

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A version often changes without being told as a change: memory says a
// program's version ("Runtime: Erlang 25.3"), and a later session writes the
// program with another one in passing ("the box runs Erlang 26.2 now, so
// …"). No pattern of a change matches, yet memory holds an old value. Two
// signals make it the new one: the name the memory line writes the version
// after, followed by another version written the same way, and a word of
// change in the same sentence; a question, a plan, a one-off or another
// project's setting tells nothing.

// namedVersion is a version a memory line writes right after a name.
type namedVersion struct {
	line, name, version string
}

// namedVersions lists the versions line writes right after a name: "PHP
// 8.1", "GHC 9.4.8".
func namedVersions(line string) []namedVersion {
	f := strings.Fields(plain(line))
	var out []namedVersion
	for i := 1; i < len(f); i++ {
		if name := f[i-1]; versionName(name) && versionNumber(withoutV(trimValue(f[i]))) {
			out = append(out, namedVersion{line: line, name: name, version: trimValue(f[i])})
		}
	}
	return out
}

// versionName reports whether w, as written, can name what a version
// belongs to: a word starting with a letter, with no digit and no
// punctuation after it, that is not a word building the sentence.
func versionName(w string) bool {
	if w != trimValue(w) || len(w) < 2 || hasDigit(w) || !unicode.IsLetter([]rune(w)[0]) {
		return false
	}
	l := strings.ToLower(w)
	return !textkeyStop(l) && !notValue[l] && !copula[l] && !linkWords[l] && !passWords[l]
}

// withoutV is a version as compared: a tag's "v" ("v2.11", the way a
// release, an image or a Go module writes it) is a way of writing the
// version, not part of it, so "Traefik v2.11" and "traefik:3.2" are two
// versions of one program.
func withoutV(v string) string {
	if len(v) > 1 && (v[0] == 'v' || v[0] == 'V') && v[1] >= '0' && v[1] <= '9' {
		return v[1:]
	}
	return v
}

// writtenAs is version v written the way old is, with old's "v" or
// without one, so that an edit changes the version and not its style.
func writtenAs(v, old string) string {
	if withoutV(old) != old {
		return old[:1] + withoutV(v)
	}
	return withoutV(v)
}

// versionNumber reports whether v is a number or a dotted version.
func versionNumber(v string) bool {
	return v != "" && v[0] >= '0' && v[0] <= '9' && strings.Trim(v, "0123456789.") == "" && !strings.HasSuffix(v, ".")
}

// driftChanges reads, from the sentences of new sessions, the versions
// that silently differ from the ones memory writes after the same name
// (see the top of this file). Of several sentences giving the same line a
// version, the latest stands.
func driftChanges(said []source, k *known, isNew func(int) bool) []change {
	var nvs []namedVersion
	count := map[string]int{}
	for _, l := range k.lines {
		if k.from[l] == "" || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, nv := range namedVersions(l) {
			nvs = append(nvs, nv)
			count[strings.ToLower(nv.name)]++
		}
	}
	mvs := memoryValues(k)
	var bare []memoryValue
	for _, mv := range mvs {
		if mv.bare {
			bare = append(bare, mv)
		}
	}
	if len(nvs) == 0 && len(mvs) == 0 {
		return nil
	}
	latest := map[string]int{} // memory line and name: index in out
	var out []change
	for i, s := range said {
		if !isNew(s.session) {
			continue
		}
		var clean string
		lq := strings.ToLower(s.quote)
		cleaned := func() string {
			if clean == "" {
				clean = withoutAsk(strings.TrimSpace(toldRe().ReplaceAllString(strings.TrimSpace(plain(s.quote)), "")))
			}
			return clean
		}
		add := func(key string, ch change) {
			if j, ok := latest[key]; ok {
				out[j] = ch
				return
			}
			latest[key] = len(out)
			out = append(out, ch)
		}
		for _, mv := range mvs {
			if !mv.bare && !strings.Contains(lq, strings.ToLower(mv.value)) && (mv.stem == "" || !strings.Contains(lq, stemKey(mv.stem))) {
				continue
			}
			if v := memoryValueChange(cleaned(), mv, len(bare) == 1); v != "" {
				add(mv.line+"\x00"+mv.value, change{old: mv.value, new: v, terms: nonValues(cleaned()), src: s, context: message(said, i)})
			}
		}
		for _, nv := range nvs {
			if count[strings.ToLower(nv.name)] > 1 || !strings.Contains(lq, strings.ToLower(nv.name)) {
				// A name memory writes two versions after does
				// not say which one changed.
				continue
			}
			v := driftedVersion(cleaned(), nv, memoryStaleRe().MatchString(message(said, i)))
			if v == "" {
				continue
			}
			add(nv.line+"\x00"+strings.ToLower(nv.name), change{old: nv.name + " " + nv.version, new: nv.name + " " + v, subject: factTerms(nv.name), terms: nonValues(cleaned()), src: s, context: message(said, i)})
		}
	}
	return out
}

// memoryStaleRe is the person saying memory is behind: "the memory file
// still says the old one", "update MEMORY.md". In the message that names a
// version said as held (after heldWords, or before "now"), it is the word
// of change. Other notes ("the release notes still mention …") are not
// memory.
var memoryStaleRe = lazyregexp.New(`(?i)\b` + memoryFile + `\b.{0,60}\b(?:still|old|outdated|stale|wrong|behind)\b|\b(?:update|fix|correct|change)\s+(?:the\s+)?` + memoryFile + `\b`)

// memoryFile is how a person names a memory file: "the memory file",
// "MEMORY.md", "GEMINI.md".
const memoryFile = `(?:memory(?: file)?|memory\.md|gemini\.md|claude\.md|agents\.md)`

// driftedVersion is the version s gives nv's name in place of nv's, or
// "": s names it right after the name, written the same way, says
// something changed (or its message says memory is behind: stale), and
// neither asks, plans nor names the old version.
func driftedVersion(s string, nv namedVersion, stale bool) string {
	// (A request to change it, in a message asking memory to follow,
	// changes the project, not the day's task.)
	was := withoutV(nv.version)
	left := givenUp(s, was)
	if !left && (containsValue(s, nv.version) || containsValue(s, was)) || !stale && !left && !changeSignalRe().MatchString(s) || tellsNoChange(s) || !stale && requested(s, clauseSplitRe().Split(s, -1)) {
		return ""
	}
	f := strings.Fields(s)
	for i := 0; i+1 < len(f); i++ {
		if !strings.EqualFold(f[i], nv.name) {
			continue
		}
		if i > 0 && datingWords[strings.ToLower(trimValue(f[i-1]))] {
			// "deprecated since Haxe 4.1" dates a change of the
			// language, it does not say what the project is on.
			continue
		}
		held := i > 0 && heldWords[strings.ToLower(trimValue(f[i-1]))]
		if strings.EqualFold(f[i+1], "to") && i+2 < len(f) {
			// "raise the floor to 2.1"
			i, held = i+1, true
		}
		v := withoutV(trimValue(f[i+1]))
		if !versionNumber(v) || v == was || valueShape(v) != valueShape(was) ||
			strings.HasPrefix(v, was+".") || strings.HasPrefix(was, v+".") {
			// ("Godot 4.3" after "Godot 4" is more precise, not new.)
			continue
		}
		if i+2 < len(f) && unitRe().MatchString(trimValue(f[i+2])) || negatedIn(s, strings.ToLower(nv.name)) {
			return ""
		}
		if stale && !changeSignalRe().MatchString(s) && !held && !(i+2 < len(f) && strings.EqualFold(trimValue(f[i+2]), "now")) {
			// memory said to be behind, but the version is not said held
			return ""
		}
		return writtenAs(v, nv.version)
	}
	return ""
}

// givenUp reports whether s names version v only as given up: "asked us
// to retire 4.1.2", "moved off 3.11". Named so, the old version is the
// word of change, not a sign that s still holds it.
func givenUp(s, v string) bool {
	words := strings.Fields(s)
	found := false
	for i, w := range words {
		if withoutV(trimValue(w)) != v {
			continue
		}
		if !droppedValue(words, i) && !leftValue(words, i) {
			return false
		}
		found = true
	}
	return found
}

// memoryValue is a value a memory line holds, as written, read for a
// change that names it or its kind: a host or a name with a number
// ("toot-01"), a program's version joined to its name ("orb-tools@11.6",
// "net8.0"), or a dotted version alone.
type memoryValue struct {
	line, value string
	// stem is what a version joined to a name is written after
	// ("circleci/orb-tools@", "net"): another version written after the
	// same stem replaces it.
	stem string
	// bare: a dotted version (with a "v" or not) and nothing else.
	bare bool
}

// memoryValues lists the values the memory files' lines hold.
func memoryValues(k *known) []memoryValue {
	var out []memoryValue
	for _, l := range k.lines {
		// (A line a pending patch rewrites still counts: the change
		// is then one the patch already proposes.)
		if k.from[l] == "" || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, w := range strings.Fields(strings.ReplaceAll(l, "`", " ")) {
			v := trimValue(w)
			if !hasDigit(v) || len(v) < 3 {
				continue
			}
			switch stem, _ := versionStem(v); {
			case stem != "":
				out = append(out, memoryValue{line: l, value: v, stem: stem})
			case dotted(strings.TrimPrefix(strings.ToLower(v), "v")):
				out = append(out, memoryValue{line: l, value: v, bare: true})
			case hyphenName(v) || hostLike(v):
				out = append(out, memoryValue{line: l, value: v})
			}
		}
	}
	return out
}

// versionStem splits a version joined to a name: "acme/build-kit@5.1"
// is "acme/build-kit@" and "5.1", "net8.0" is "net" and "8.0". A
// name with digits that is no version ("utf8", "h264") gives "", and so
// does a host and port ("localhost:5173", "db.lan:5432", "10.0.0.5:80",
// "cache:6379"): the port of one host says nothing of another's.
func versionStem(v string) (string, string) {
	if i := strings.LastIndexAny(v, "@:"); i > 0 && i < len(v)-1 {
		if ver := strings.TrimPrefix(v[i+1:], "v"); versionNumber(ver) && !strings.Contains(v[:i], "//") && !(v[i] == ':' && hostPort(v[:i], ver)) {
			return v[:i+1], v[i+1:]
		}
		return "", ""
	}
	i := strings.IndexFunc(v, unicode.IsDigit)
	if i < 2 || strings.Trim(strings.ToLower(v[:i]), "abcdefghijklmnopqrstuvwxyz") != "" || !dotted(v[i:]) || !versionNumber(v[i:]) {
		return "", ""
	}
	return v[:i], v[i:]
}

// hostPort reports whether name:ver is a host and port rather than a
// program and its version: the name is localhost, has a dot or is a
// number, or the "version" is a whole number of four digits or more.
func hostPort(name, ver string) bool {
	n := strings.ToLower(name[strings.LastIndexAny(name, "/")+1:])
	return n == "localhost" || strings.Contains(n, ".") || strings.Trim(n, "0123456789") == "" ||
		len(ver) >= 4 && strings.Trim(ver, "0123456789") == ""
}

// stemKey is a stem as compared: its last path part, lower-cased.
func stemKey(stem string) string {
	return strings.ToLower(stem[strings.LastIndexAny(stem, "/")+1:])
}

// memoryValueChange is the value s gives in place of mv, or "": a sentence
// telling a change (see driftedVersion) that names
//   - a version after mv's stem: the value with that version;
//   - mv itself as given way to another value written the same way, named
//     as the one held now ("moved everything to toot-02, toot-01 gets
//     wiped");
//   - when mv is memory's only dotted version (only), one newer dotted
//     version alone in the clause that tells the change ("we're on 4.3.1
//     now").
func memoryValueChange(s string, mv memoryValue, only bool) string {
	if !changeSignalRe().MatchString(s) || tellsNoChange(s) || requested(s, clauseSplitRe().Split(s, -1)) {
		return ""
	}
	switch {
	case mv.stem != "":
		if containsValue(s, mv.value) {
			return ""
		}
		key := stemKey(mv.stem)
		for _, w := range strings.Fields(s) {
			v := trimValue(w)
			if st, ver := versionStem(v); st != "" && stemKey(st) == key && !strings.HasSuffix(mv.value, ver) {
				return mv.stem + ver
			}
		}
	case mv.bare:
		if !only || containsValue(s, mv.value) || namesOtherThing(s, mv.line) {
			return ""
		}
		var found []string
		held := false
		for _, c := range clauses(s) {
			if !changeSignalRe().MatchString(c) {
				continue
			}
			f := strings.Fields(c)
			for i, w := range f {
				v := trimValue(w)
				if hasDigit(v) || strings.ContainsAny(v, "./:_@") {
					found = append(found, v)
					// Said to be held: "on 4.3.1", "is 4.3.1",
					// "4.3.1 now"; not "4.2 is gone".
					held = i > 0 && heldWords[strings.ToLower(trimValue(f[i-1]))] || i+1 < len(f) && strings.EqualFold(trimValue(f[i+1]), "now")
				}
			}
			if len(oldOnlyMatches(c)) > 0 {
				return ""
			}
			break
		}
		if len(found) != 1 || !held {
			return ""
		}
		old, v := strings.TrimPrefix(strings.ToLower(mv.value), "v"), strings.TrimPrefix(strings.ToLower(found[0]), "v")
		if !dotted(v) || !newerVersion(v, old) {
			return ""
		}
		// (Written without the "v" the old one had, the value reads as
		// the person wrote it.)
		return found[0]
	default:
		if !containsValue(s, mv.value) || negatedIn(s, strings.ToLower(mv.value)) || stillHeld(s, mv.value) {
			return ""
		}
		if v := newValueFor(s, mv.value); v != "" && valueShape(v) == valueShape(mv.value) && !containsValue(mv.line, v) {
			return v
		}
	}
	return ""
}

// namesOtherThing reports whether s, telling a version with no name,
// names something memory line line does not: "I updated the chart
// library, we're on 1.22.0 now" is about the chart library, not the wiki
// line's only version. A sentence sharing a word with the line, or naming
// nothing beyond the change itself ("ops finished the upgrade, we're on
// 4.1.2 now"), is about the line.
func namesOtherThing(s, line string) bool {
	own := termSet(nonValues(line))
	other := false
	for _, t := range nonValues(memoryStaleRe().ReplaceAllString(s, " ")) {
		if own[t] {
			return false
		}
		other = other || !changeTalk()[t]
	}
	return other
}

// changeTalk are the words, as terms, of a sentence that tells a change
// and names nothing changed: who did it, when, and the change itself.
var changeTalk = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("ops team admin admins they i we someone finally just finish finished done complete completed " +
		"upgrade upgraded upgrading update updated updating bump bumped move moved switch switched migrate migrated roll rolled back " +
		"went go gone through over got version release latest new old one fix say says said still all news " +
		"last night morning afternoon evening today yesterday weekend week monday tuesday wednesday thursday friday saturday sunday") {
		m[w] = true
		m[textkey.Stem(w)] = true
		for _, t := range textkey.Terms(w) {
			m[t] = true
		}
	}
	return m
})

// heldWords stand right before a value said to be the one held: "we're
// on 4.3.1", "it is 4.3.1", "moved to 4.3.1", "the box ships X 2.1".
var heldWords = map[string]bool{"on": true, "to": true, "is": true, "are": true, "at": true, "runs": true, "uses": true, "ships": true}

// stillHeld reports whether s says value v stays: "toot-01 still serves
// the media", "db-2 stays".
func stillHeld(s, v string) bool {
	ls, lv := strings.ToLower(s), strings.ToLower(v)
	for i := strings.Index(ls, lv); i >= 0; {
		if r, _ := utf8.DecodeLastRuneInString(ls[:i]); i == 0 || !(r == '_' || r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if stillAfterRe().MatchString(ls[i+len(lv):]) {
				return true
			}
		}
		j := strings.Index(ls[i+1:], lv)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// stillAfterRe is what follows a value said to stay.
var stillAfterRe = lazyregexp.New(`^\s+(?:\w+\s+)?(?:still|stays|remains|keeps|too|also|as well)\b`)

// newerVersion reports whether dotted version a is after b, written with
// as many parts or one more or fewer: 4.3.1 after 4.2.10.
func newerVersion(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	if d := len(pa) - len(pb); d > 1 || d < -1 {
		return false
	}
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, _ := strconv.Atoi(pa[i])
		y, _ := strconv.Atoi(pb[i])
		if x != y {
			return x > y
		}
	}
	return len(pa) > len(pb)
}

// A program's version written into a path or an image ("~/tools/dita-ot-4.1.2",
// "envoyproxy/envoy:v1.29.4") changes most often with no word about it:
// the new sessions' commands just call the new install. ranVersionChanges
// reads a memory line's versioned name as changed when the new sessions'
// commands write that name with other digits, always the same other ones,
// at least twice, and never as memory writes it after the first of those
// runs.

// versionedName reports whether v is a name with a dotted version in it and
// at least two letters around it: a bare "v1.2" or a PCI address
// ("0000:3b:00.1") names no program.
func versionedName(v string) bool {
	if !dottedPartRe().MatchString(v) {
		return false
	}
	n := 0
	for _, r := range withoutV(v) {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n >= 2
}

// dottedPartRe is a dotted version anywhere in a word.
var dottedPartRe = lazyregexp.New(`\d+(?:\.\d+)+`)

// siblingIn is the part of run word a that writes held, "" when none: a
// path prefix of a equal to held, or one with the same shape but other
// digits ("~/tools/dita-ot-4.2.3" of "~/tools/dita-ot-4.2.3/bin/dita" for
// "~/tools/dita-ot-4.1.2").
func siblingIn(a, held string) string {
	shape := withoutDigits(held)
	for i := 0; i <= len(a); i++ {
		if i < len(a) && a[i] != '/' {
			continue
		}
		p := a[:i]
		if p == held || withoutDigits(p) == shape && hasDigit(p) {
			return p
		}
	}
	return ""
}

// ranVersionChanges lists the changes of the versioned names memory lines
// write that the new sessions' commands show (see above).
func ranVersionChanges(runs []shellRun, k *known, isNew func(int) bool) []change {
	type held struct{ line, value string }
	var vals []held
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		// (A command memory writes as code is the verification
		// line's and the skills' to write anew.)
		for _, w := range strings.Fields(codeSpanRe().ReplaceAllString(l, " ")) {
			if v := trimValue(w); versionedName(v) {
				vals = append(vals, held{l, v})
			}
		}
	}
	if len(vals) == 0 {
		return nil
	}
	var out []change
	for _, h := range vals {
		var first *shellRun
		now, n, ok := "", 0, true
		for i, r := range runs {
			if !isNew(r.src.session) {
				continue
			}
			for _, w := range r.cmd.args {
				switch p := siblingIn(w.text, h.value); {
				case p == "":
				case p == h.value:
					ok = ok && first == nil
				case now != "" && p != now:
					ok = false
				default:
					now, n = p, n+1
					if first == nil {
						first = &runs[i]
					}
				}
			}
		}
		if ok && n >= 2 {
			out = append(out, change{old: h.value, new: now, terms: nonValues(h.line), src: first.src})
		}
	}
	return out
}

// runsOf lists the sessions' runs, each once (a check is often a step
// too), oldest first: what ranVersionChanges, ranFlagChanges and
// ranSettingChanges read.
func runsOf(sessions []mined) []shellRun {
	var runs []shellRun
	seen := map[source]bool{}
	for _, m := range sessions {
		for _, l := range [][]shellRun{m.steps, m.checks, m.looks} {
			for _, r := range l {
				if !seen[r.src] {
					seen[r.src] = true
					runs = append(runs, r)
				}
			}
		}
	}
	sort.SliceStable(runs, func(i, j int) bool { return before(runs[i].src, runs[j].src) })
	return runs
}

// A path memory names is often a command's argument too ("Evaluation
// against the gold set in data/gold/" and `cer.py --gold data/gold/`), and
// when the project moves to another one, the commands just start giving
// the option the new path. ranFlagChanges reads a path a memory line
// writes as changed when the commands gave it to one option only, and the
// new sessions' runs then give that option another path, always the same
// one, in two sessions at least, and never memory's again.

// flagArgs maps each option a run gives a path to that path: "--gold
// data/gold/", "--gold=data/gold/".
func flagArgs(args []word) map[string]string {
	out := map[string]string{}
	for i, a := range args {
		if !strings.HasPrefix(a.text, "-") {
			continue
		}
		if f, v, ok := strings.Cut(a.text, "="); ok && strings.Contains(v, "/") {
			out[f] = v
		} else if i+1 < len(args) && strings.Contains(args[i+1].text, "/") && !strings.HasPrefix(args[i+1].text, "-") {
			out[a.text] = args[i+1].text
		}
	}
	return out
}

// scratchPath reports whether p is a place a run uses for the moment, not
// one the project keeps: a device that enumerates as it likes
// (/dev/ttyUSB1, ranToolChanges reads those), a temporary folder.
func scratchPath(p string) bool {
	return strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/tmp/") || strings.HasPrefix(p, "/var/tmp/")
}

// samePath reports whether two paths name one place, with or without a
// slash at the end.
func samePath(a, b string) bool { return strings.TrimSuffix(a, "/") == strings.TrimSuffix(b, "/") }

// ranFlagChanges lists the changes of the paths memory lines write that
// the commands show (see above).
func ranFlagChanges(runs []shellRun, k *known, isNew func(int) bool) []change {
	type use struct {
		flag, path string
		src        source
	}
	var uses []use
	for _, r := range runs {
		for f, p := range flagArgs(r.cmd.args) {
			uses = append(uses, use{f, p, r.src})
		}
	}
	if len(uses) == 0 {
		return nil
	}
	var out []change
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, w := range strings.Fields(codeSpanRe().ReplaceAllString(l, " ")) {
			v := trimValue(w)
			if !strings.Contains(v, "/") || len(v) < 3 {
				continue
			}
			flags := map[string]bool{}
			for _, u := range uses {
				if samePath(u.path, v) {
					flags[u.flag] = true
				}
			}
			if len(flags) != 1 {
				// (Given to two options, the path is no one setting.)
				continue
			}
			var flag string
			for f := range flags {
				flag = f
			}
			now, ok := "", true
			var first source
			givenIn := map[int]bool{} // the sessions giving the option the new path
			for _, u := range uses {
				switch {
				case u.flag != flag || !isNew(u.src.session):
				case samePath(u.path, v):
					ok = ok && now == ""
				case now == "":
					now, first = u.path, u.src
					givenIn[u.src.session] = true
				case samePath(u.path, now):
					givenIn[u.src.session] = true
				default:
					ok = false
				}
			}
			if ok && len(givenIn) >= 2 && !scratchPath(now) {
				// (written the way memory writes it)
				if now = strings.TrimSuffix(now, "/"); strings.HasSuffix(v, "/") {
					now += "/"
				}
				out = append(out, change{old: v, new: now, terms: nonValues(l), src: first})
			}
		}
	}
	return out
}

// A setting memory writes as a variable ("Dev site is moodle-docker
// (MOODLE_DOCKER_DB=pgsql)", "build with MIX_TARGET=rpi0", "-DLLVM_DIR=…")
// is set again by the commands that use it (`MIX_TARGET=rpi3a mix
// firmware`, `echo 'MOODLE_DOCKER_DB=mariadb' >> local.env`, `cmake
// -DLLVM_DIR=…`), and when the project moves, the commands just start
// setting another value. ranSettingChanges reads such a variable as
// changed when the new sessions' runs set it to another value, always the
// same one, and never to memory's after the first of those runs: in two
// runs at least, or in one the person's own words back by naming the new
// value.

// assignmentOf is the variable and value word w sets, NAME=value or a
// CMake definition -DNAME=value, or "", "".
func assignmentOf(w string) (string, string) {
	if m := envAssignRe().FindStringSubmatch(strings.TrimPrefix(w, "-D")); m != nil {
		return m[1], m[2]
	}
	return "", ""
}

// settingIn is the value a run sets the variable name to, for it alone
// or as an argument (`echo 'KEY=v' >> .env`, a CMake definition); false
// when it sets none.
func settingIn(c command, name string) (string, bool) {
	for _, l := range [][]word{c.env, c.args} {
		for _, w := range l {
			if n, v := assignmentOf(w.text); n == name {
				return v, true
			}
		}
	}
	return "", false
}

// ranSettingChanges lists the changes of the variables memory lines set
// that the new sessions' runs show (see above).
func ranSettingChanges(runs []shellRun, said []source, k *known, isNew func(int) bool) []change {
	var out []change
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, w := range strings.Fields(codeSpanRe().ReplaceAllString(l, " ")) {
			name, old := assignmentOf(trimValue(w))
			if name == "" || strings.ContainsAny(old, "<>") {
				continue
			}
			now, n, ok := "", 0, true
			var first source
			for _, r := range runs {
				v, set := settingIn(r.cmd, name)
				switch {
				case !set || !isNew(r.src.session):
				case v == old:
					ok = ok && now == ""
				case now == "":
					now, first, n = v, r.src, 1
				case v == now:
					n++
				default:
					ok = false
				}
			}
			if !ok || now == "" || strings.ContainsAny(now, "$<") || scratchPath(now) {
				continue
			}
			if n < 2 && !slices.ContainsFunc(said, func(s source) bool { return isNew(s.session) && containsValue(s.quote, now) }) {
				continue
			}
			if distinctValue(old) {
				// "Target board is rpi0; build with MIX_TARGET=rpi0":
				// the value wherever the line writes it.
				out = append(out, change{old: old, new: now, terms: nonValues(l), src: first})
			} else {
				// "AFL_USE_ASAN=1": a value that names nothing alone
				// changes where it is set.
				out = append(out, change{old: name + "=" + old, new: name + "=" + now, terms: nonValues(l), src: first})
			}
		}
	}
	return out
}

// distinctValue reports whether a variable's value names something of
// its own wherever a line writes it: a word of three characters or more
// with a letter in it, not a switch (1, true, on: switchWords).
func distinctValue(v string) bool {
	return len(v) >= 3 && strings.ContainsFunc(v, unicode.IsLetter) && !switchWords[strings.ToLower(v)]
}
