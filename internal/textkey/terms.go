package textkey

import (
	"slices"
	"strings"
	"unicode"
)

// Terms reduces a line to the terms that decide whether two lines state the
// same fact: inline code spans and values (numbers, versions, paths, flags)
// are kept exactly, plain words are lower-cased and stemmed ("commits",
// "committing" and "commit" are one term), and stop words are dropped. The
// result keeps first-occurrence order and has no repeats.
func Terms(s string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for i, part := range strings.Split(s, "`") {
		if i%2 == 1 && strings.ContainsAny(strings.TrimSpace(part), " \t") {
			// Inside backticks: one exact term.
			add("`" + strings.Join(strings.Fields(strings.ToLower(part)), " ") + "`")
			continue
		}
		words := strings.FieldsFunc(strings.ToLower(part), func(r rune) bool {
			return !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-_./:@+'’", r))
		})
		for j := 0; j < len(words); j++ {
			w := strings.Trim(strings.ReplaceAll(words[j], "’", "'"), ".:-_/'")
			if j+1 < len(words) && number(w) && units[strings.Trim(words[j+1], ".:-_/'")] {
				// "60 fps" is "60fps": one measure, however spaced.
				j++
				w += strings.Trim(words[j], ".:-_/'")
			}
			if w == "w/o" {
				w = "without"
			}
			if w == "" || stop[w] || stopTerms[w] || w == "w" {
				// "w/" is "with", a stop word.
				continue
			}
			if isValue(w) {
				add(w)
				continue
			}
			add(Stem(w))
		}
	}
	return out
}

// isValue reports whether a word is a value to compare exactly: it has a
// digit or path, flag or version punctuation in it.
func isValue(w string) bool {
	for _, r := range w {
		if unicode.IsDigit(r) || strings.ContainsRune("./:@+", r) {
			return true
		}
	}
	return false
}

// number reports whether w is a plain number: 60, 2.5.
func number(w string) bool {
	dots := 0
	for _, r := range w {
		if r == '.' {
			dots++
		} else if !unicode.IsDigit(r) {
			return false
		}
	}
	return w != "" && dots <= 1 && w[0] != '.'
}

// units are the units a measure is written with, glued to its number or
// not ("60fps", "60 fps"; "512 mb").
var units = map[string]bool{
	"fps": true, "ms": true, "px": true, "hz": true, "khz": true, "mhz": true, "ghz": true,
	"kb": true, "mb": true, "gb": true, "tb": true, "kib": true, "mib": true, "gib": true,
	"rpm": true, "dpi": true, "mm": true, "cm": true, "rem": true, "em": true, "vh": true, "vw": true,
}

// stopTerms are frequent words of instructions that say nothing about which
// fact a line states, beyond the stop words of Tokens.
var stopTerms = map[string]bool{
	"please": true, "just": true, "also": true, "really": true, "here": true, "there": true,
	"them": true, "they": true, "its": true, "it's": true, "your": true, "yours": true,
	"me": true, "us": true, "so": true, "then": true, "than": true, "into": true, "about": true,
	"if": true, "can": true, "will": true, "would": true, "could": true, "do": true, "does": true,
	"did": true, "was": true, "were": true, "been": true, "being": true, "have": true, "has": true,
	"had": true, "any": true, "some": true, "such": true, "very": true, "which": true, "what": true,
	"who": true, "these": true, "those": true, "thing": true, "things": true, "like": true,
	"again": true, "ok": true, "okay": true, "yes": true, "no": true, "btw": true,
	"we're": true, "i'm": true, "you're": true, "is": true, "are": true, "be": true,
	"don't": true, "doesn't": true, "isn't": true, "aren't": true, "won't": true, "can't": true,
	"dont": true, "let's": true, "that's": true, "there's": true, "we've": true, "i've": true,
}

// Stem strips common English inflections so that forms of one word compare
// equal. It is deliberately light: a wrong merge of two words is worse than
// a missed one.
func Stem(w string) string {
	if len(w) <= 3 || noStem[w] {
		return w
	}
	for _, suf := range []struct{ from, to string }{
		{"ies", "y"}, {"ied", "y"}, {"ing", ""}, {"ed", ""}, {"es", ""}, {"ly", ""}, {"s", ""},
	} {
		if strings.HasSuffix(w, suf.from) && len(w)-len(suf.from) >= 3 {
			base := w[:len(w)-len(suf.from)] + suf.to
			if suf.from == "es" && !strings.HasSuffix(base, "s") && !strings.HasSuffix(base, "x") &&
				!strings.HasSuffix(base, "ch") && !strings.HasSuffix(base, "sh") && !strings.HasSuffix(base, "z") {
				// "files" → "file", not "fil".
				base = w[:len(w)-1]
			}
			if suf.from == "s" && (strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is")) {
				return w // "class", "status", "analysis"
			}
			// "committing" → "commit", "running" → "run".
			if n := len(base); (suf.from == "ing" || suf.from == "ed") && n >= 2 && base[n-1] == base[n-2] && !strings.ContainsRune("lsz", rune(base[n-1])) {
				base = base[:n-1]
			}
			return base
		}
	}
	return w
}

// shortForms maps the short forms people type for common words of
// software work to the stem of the word they stand for ("db" and
// "database", "deps" and "dependencies", "repo" and "repository"; the
// long "configuration" to the short "config" everyone writes), so that a
// line typed in haste and the line memory holds share the term when
// Overlap compares them. Only short forms with one reading in a project's
// talk are here ("auth" is authentication or authorisation, "doc" a
// document or the docs), and none that names a stage or a setting's value
// ("dev", "prod", "env": a renamed stage "prod" is no "production").
// Terms keeps the word as written: a term is also looked for in text, and
// names ("Repo", Ecto's module) keep theirs.
var shortForms = map[string]string{
	"db": "database", "dbs": "database", "repo": "repository", "dir": "directory",
	"dep": "dependency", "msg": "message", "pkg": "package", "lib": "library",
	"configuration": "config", "impl": "implementation", "param": "parameter", "arg": "argument",
}

// shortForm is the term a short form stands for (shortForms), or t.
func shortForm(t string) string {
	if full, ok := shortForms[t]; ok {
		return full
	}
	return t
}

// noStem are words the suffix rules would break.
var noStem = map[string]bool{"always": true, "perhaps": true, "news": true, "series": true, "species": true, "during": true, "nothing": true, "something": true, "anything": true, "everything": true, "string": true, "thing": true, "spring": true, "bring": true, "need": true, "speed": true, "feed": true, "seed": true, "embed": true}

// Overlap compares two term lists: shared is how many terms they have in
// common, a short form and the word it stands for counted as one
// (shortForms), and a word typed with a slip as the word (OneSlip); the
// result is the Dice coefficient 2·shared/(|a|+|b|).
func Overlap(a, b []string) (shared int, dice float64) {
	in := make(map[string]bool, len(b))
	for _, t := range b {
		in[shortForm(t)] = true
	}
	for _, t := range a {
		if in[shortForm(t)] {
			shared++
			continue
		}
		// A word typed with a letter dropped, doubled or swapped
		// ("comit", "relase", "allways") is the word: one term of b
		// not in a may stand for it.
		for _, u := range b {
			if OneSlip(t, u) && !slices.Contains(a, u) {
				shared++
				break
			}
		}
	}
	if len(a)+len(b) == 0 {
		return 0, 1
	}
	return shared, 2 * float64(shared) / float64(len(a)+len(b))
}

// Shared lists the terms a and b have in common, in a's order: what makes
// two lines "the same words", shown to a person next to a merge.
func Shared(a, b []string) []string {
	in := make(map[string]bool, len(b))
	for _, t := range b {
		in[t] = true
	}
	var out []string
	for _, t := range a {
		if in[t] {
			out = append(out, t)
			delete(in, t)
		}
	}
	return out
}

// OneSlip reports whether two plain words are one word typed with a slip:
// a doubled letter typed once or a vowel left out inside the word
// ("comit" and "commit", "relase" and "release"), a letter doubled by
// mistake ("allways"), or two neighbours inside the word swapped
// ("recieve"). Both are letters only and the longer has six letters or
// more; a first or last letter more or less is another word ("parse" and
// "parser", "error" and "werror"), as is a consonant more inside one
// ("stale" and "stable", "naive" and "native") or a letter typed wrong in
// place ("staging", "stating").
func OneSlip(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b) < 6 || len(b)-len(a) > 1 || a == b || !letters(a) || !letters(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if i == 0 {
		return false
	}
	if len(a) < len(b) {
		// One letter of b left out of a, inside the word: a vowel, or
		// one of two like letters.
		c := b[i]
		return i < len(a) && a[i:] == b[i+1:] && (strings.IndexByte("aeiou", c) >= 0 || b[i-1] == c || b[i+1] == c)
	}
	// Two neighbours swapped, inside the word.
	return i+2 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// letters reports whether s is ASCII letters only.
func letters(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return s != ""
}
