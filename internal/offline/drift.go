package offline

import (
	"strings"
	"unicode"
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
		if name := f[i-1]; versionName(name) && versionNumber(trimValue(f[i])) {
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
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		for _, nv := range namedVersions(l) {
			nvs = append(nvs, nv)
			count[strings.ToLower(nv.name)]++
		}
	}
	if len(nvs) == 0 {
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
		for _, nv := range nvs {
			if count[strings.ToLower(nv.name)] > 1 || !strings.Contains(lq, strings.ToLower(nv.name)) {
				// A name memory writes two versions after does
				// not say which one changed.
				continue
			}
			if clean == "" {
				clean = withoutAsk(strings.TrimSpace(toldRe().ReplaceAllString(strings.TrimSpace(plain(s.quote)), "")))
			}
			v := driftedVersion(clean, nv)
			if v == "" {
				continue
			}
			ch := change{old: nv.name + " " + nv.version, new: nv.name + " " + v, subject: factTerms(nv.name), terms: nonValues(clean), src: s, context: message(said, i)}
			key := nv.line + "\x00" + strings.ToLower(nv.name)
			if j, ok := latest[key]; ok {
				out[j] = ch
				continue
			}
			latest[key] = len(out)
			out = append(out, ch)
		}
	}
	return out
}

// driftedVersion is the version s gives nv's name in place of nv's, or
// "": s names it right after the name, written the same way, says
// something changed, and neither asks, plans nor names the old version.
func driftedVersion(s string, nv namedVersion) string {
	if containsValue(s, nv.version) || !changeSignalRe().MatchString(s) || tellsNoChange(s) || requested(s, clauseSplitRe().Split(s, -1)) {
		return ""
	}
	f := strings.Fields(s)
	for i := 0; i+1 < len(f); i++ {
		if !strings.EqualFold(f[i], nv.name) {
			continue
		}
		v := trimValue(f[i+1])
		if !versionNumber(v) || v == nv.version || valueShape(v) != valueShape(nv.version) ||
			strings.HasPrefix(v, nv.version+".") || strings.HasPrefix(nv.version, v+".") {
			// ("Godot 4.3" after "Godot 4" is more precise, not new.)
			continue
		}
		if i+2 < len(f) && unitRe().MatchString(trimValue(f[i+2])) || negatedIn(s, strings.ToLower(nv.name)) {
			return ""
		}
		return v
	}
	return ""
}
