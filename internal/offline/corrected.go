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
	for _, t := range textkey.Terms(report) {
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
	parts := strings.FieldsFunc(t, func(r rune) bool { return strings.ContainsRune("./:_-", r) })
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
	return false
}
