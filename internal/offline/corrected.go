package offline

import (
	"strings"

	"github.com/automem/automem/internal/textkey"
)

// A correction answers something the agent just did, and a person who
// corrects the same mistake in another session rarely uses the same words:
// "use ttk widgets" after the agent built plain tk buttons with pack, then
// "ttk::spinbox and grid" after it packed a classic spinbox. What ties the
// two is structure, not wording: the agent did the same thing both times
// (its reports share a name), and the person asked for the same thing both
// times (the replies share a term the reports do not explain). Either
// signal alone is weak: two corrections of one file may say different
// things, and two replies may share a word by chance.

// narration are the verbs and words an agent's report tells its work with:
// they say that it acted, not what it acted on.
var narration = map[string]bool{
	"add": true, "updat": true, "creat": true, "wrote": true, "write": true, "writ": true, "chang": true,
	"us": true, "use": true, "made": true, "make": true, "ran": true, "run": true, "mov": true, "fix": true,
	"implement": true, "built": true, "build": true, "set": true, "put": true, "done": true, "call": true,
	"i'll": true, "i'd": true, "now": true, "new": true, "also": true, "sure": true, "went": true, "got": true,
	"tri": true, "try": true, "want": true, "need": true, "let": true, "here": true, "went ahead": true,
	"can": true, "should": true, "one": true, "way": true, "it": true, "make sure": true, "instead": true,
}

// agentDid is what the agent's report names as what it did: its terms
// without the words of narration, and the parts of its dotted or joined
// names ("Repo.insert!" names Repo). Nil for no report.
func agentDid(report string) []string {
	if report == "" {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] && !narration[t] && !genericTerms()[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	// "lodash's merge" names lodash.
	for _, t := range textkey.Terms(strings.NewReplacer("'s ", " ", "’s ", " ").Replace(report + " ")) {
		add(t)
		for _, p := range nameParts(t) {
			add(p)
		}
	}
	return out
}

// nameParts are the words of a compound name (tx.origin, io:format,
// src-tauri/capabilities/default.json): a person names it whole once and by
// one part the next time.
func nameParts(t string) []string {
	t = strings.Trim(t, "`")
	parts := strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune("./:_- ", r) })
	if len(parts) < 2 {
		return nil
	}
	var out []string
	for _, p := range parts {
		if len(p) >= 3 && !fileTypes[p] {
			out = append(out, textkey.Stem(p))
		}
	}
	return out
}

// fileTypes are the extensions a part of a file name may be: they name a
// kind of file, not the file.
var fileTypes = map[string]bool{"json": true, "yaml": true, "yml": true, "toml": true, "txt": true, "md": true,
	"go": true, "py": true, "js": true, "ts": true, "tsx": true, "jsx": true, "rs": true, "rb": true, "ex": true,
	"exs": true, "cpp": true, "hpp": true, "java": true, "kt": true, "cs": true, "sh": true, "sql": true, "xml": true,
	"html": true, "css": true, "lock": true, "cfg": true, "ini": true, "conf": true, "src": true, "lib": true}

// replyTerms are the terms of a correction's line with the parts of its
// compound names.
func replyTerms(line string) map[string]bool {
	m := map[string]bool{}
	for _, t := range factTerms(line) {
		m[t] = true
		for _, p := range nameParts(t) {
			m[p] = true
		}
	}
	return m
}

// sameCorrected reports whether two corrections from different sessions
// correct the same thing: the agent's reports before them share a name,
// and the replies share a term beyond what the reports name.
func sameCorrected(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session || len(a.did) == 0 || len(b.did) == 0 {
		return false
	}
	did := map[string]bool{}
	for _, t := range a.did {
		did[t] = true
	}
	both := false
	for _, t := range b.did {
		if did[t] {
			both = true
			break
		}
	}
	if !both {
		return false
	}
	ra := replyTerms(a.line)
	for t := range replyTerms(b.line) {
		if ra[t] && !did[t] && !narration[t] {
			return true
		}
	}
	// Or one reply rules out by name what the agent did both times ("no
	// jQuery", after it used jQuery twice): the same mistake corrected,
	// unless the name is a file the agent may well touch for other
	// reasons.
	ruled := map[string]bool{}
	for _, t := range append(ruledTerms(a.line), ruledTerms(b.line)...) {
		ruled[t] = true
		for _, p := range nameParts(t) {
			ruled[p] = true
		}
	}
	files := map[string]bool{}
	for _, t := range append(a.did, b.did...) {
		if fileLike(t) {
			for _, p := range nameParts(t) {
				files[p] = true
			}
		}
	}
	for _, t := range b.did {
		if did[t] && ruled[t] && !fileLike(t) && !files[t] {
			return true
		}
	}
	return false
}

// ruledThenDone reports whether one correction rules out by name what the
// agent then did before the other ("no unsafePartial in the code", and in
// a later session the agent put unsafePartial in a module and was
// corrected): the same mistake, made again.
func ruledThenDone(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session {
		return false
	}
	return ruledDid(a, b) || ruledDid(b, a)
}

// ruledDid reports whether x rules out a name, not a file, that y's
// report names.
func ruledDid(x, y stmt) bool {
	if len(y.did) == 0 {
		return false
	}
	did := map[string]bool{}
	for _, t := range y.did {
		if fileLike(t) {
			for _, p := range nameParts(t) {
				did["file:"+p] = true
			}
			continue
		}
		did[t] = true
	}
	for _, t := range ruledTerms(x.line) {
		if fileLike(t) {
			continue
		}
		for _, p := range append([]string{t}, nameParts(t)...) {
			if did[p] && !did["file:"+p] && !genericTerms()[p] && !narration[p] {
				return true
			}
		}
	}
	return false
}

// ruledTerms are the terms a line rules out: what follows a negation in
// its clause ("never edit config.yaml by hand": edit, config.yaml, hand).
func ruledTerms(line string) []string {
	var out []string
	for _, m := range negScopeRe().FindAllStringSubmatch(line, -1) {
		out = append(out, textkey.Terms(m[1])...)
	}
	return out
}

// fileLike reports whether a term names a file or a folder: a path, or a
// name with a file type.
func fileLike(t string) bool {
	if strings.Contains(t, "/") {
		return true
	}
	if i := strings.LastIndexByte(t, '.'); i > 0 {
		return fileTypes[t[i+1:]]
	}
	return false
}

// sameRuledOut reports whether two statements from different sessions, one
// of them a correction, rule out the same thing: everything the terser one
// rules out ("not dicts") the other rules out too ("no raw dicts, use the
// item loader"), and it names something beyond words of instruction.
// "never edit x.yaml by hand" and "never commit x.yaml" rule out other
// things.
func sameRuledOut(a, b stmt) bool {
	if !a.correction && !b.correction || a.src.session == b.src.session {
		return false
	}
	ra, rb := ruledTerms(a.line), ruledTerms(b.line)
	if len(ra) == 0 || len(rb) == 0 {
		return false
	}
	if len(rb) < len(ra) {
		ra, rb = rb, ra
	}
	in := map[string]bool{}
	for _, t := range rb {
		in[t] = true
	}
	named := false
	for _, t := range ra {
		if !in[t] {
			return false
		}
		named = named || !genericTerms()[t] && !narration[t]
	}
	return named
}

// sameTerse reports whether a terse correction that names what to use
// ("fixtures only") is one with a correction of another session that names
// it too and does not rule it out: the person said it whole once and in a
// word or two the next time.
func sameTerse(a, b stmt) bool {
	if !a.correction || !b.correction || a.src.session == b.src.session {
		return false
	}
	return terseIn(a, b) || terseIn(b, a)
}

// terseIn reports whether x is terse (one or two terms, ruling nothing
// out) and all its terms are named in y, outside what y rules out.
func terseIn(x, y stmt) bool {
	tx := factTerms(x.line)
	if len(tx) == 0 || len(tx) > 2 || len(ruledTerms(x.line)) > 0 || len(factTerms(y.line)) <= len(tx) {
		return false
	}
	in, ruled := replyTerms(y.line), map[string]bool{}
	for _, t := range ruledTerms(y.line) {
		ruled[t] = true
	}
	for _, t := range tx {
		if !in[t] || ruled[t] {
			return false
		}
	}
	return true
}
