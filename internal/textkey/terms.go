package textkey

import (
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
			if w == "" || stop[w] || stopTerms[w] {
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

// noStem are words the suffix rules would break.
var noStem = map[string]bool{"always": true, "perhaps": true, "news": true, "series": true, "species": true, "during": true, "nothing": true, "something": true, "anything": true, "everything": true, "string": true, "thing": true, "spring": true, "bring": true, "need": true, "speed": true, "feed": true, "seed": true, "embed": true}

// Overlap compares two term lists: shared is how many terms they have in
// common, and the result is the Dice coefficient 2·shared/(|a|+|b|).
func Overlap(a, b []string) (shared int, dice float64) {
	in := make(map[string]bool, len(b))
	for _, t := range b {
		in[t] = true
	}
	for _, t := range a {
		if in[t] {
			shared++
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
