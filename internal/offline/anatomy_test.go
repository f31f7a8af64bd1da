package offline

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// Anatomy of the errors, counted for every half and pooled for the blind
// ones. A blind half lists no items, so its totals alone cannot say whether
// the rules lost a fact's words, put it in the wrong file, or never saw it
// at all; those call for different fixes, and these counts say which one
// the unseen sessions need without showing a single item.
const (
	missWrongKind = "missed, all its words in a line of another kind or fact" // wrong file or kind, or merged
	missPartial   = "missed, half its words in one line"                      // the line lost or changed key words
	missAbsent    = "missed, nothing near"
	wrongKind     = "wrong, a fact of another kind"          // the mirror of missWrongKind
	wrongNear     = "wrong, half the words of a missed fact" // the mirror of missPartial
	wrongAlone    = "wrong, no labelled item near"           // a statement nobody meant as memory

	// The gated counts, sorted the same way: a duplicate or a contradiction
	// blocks a half on its own, and which of these it is names the rule
	// that let it through (the existing-line check, the fold of two
	// candidates, the verification line's update, the newest value).
	dupMemory     = "duplicate, a line already in memory said again"
	dupFact       = "duplicate, one fact proposed twice"
	dupVerify     = "duplicate, a second verification line"
	conflictKept  = "contradiction, a memory line left beside a proposed one"
	conflictTwo   = "contradiction, two proposed lines"
	conflictStale = "contradiction, both lines already in memory"

	// Not gated and not in precision: a memory line the patch takes out
	// or rewrites that no label calls old. The contradiction count rewards
	// replacing lines, so this is the count that says whether a rule
	// replaced one the person still needs.
	lostMemory = "memory line taken out, no label calls it old"
)

// anatomyClasses is the order the classes are printed in.
var anatomyClasses = []string{missWrongKind, missPartial, missAbsent, wrongKind, wrongNear, wrongAlone,
	dupMemory, dupFact, dupVerify, conflictKept, conflictTwo, conflictStale, lostMemory}

// anatomyOf sorts one project's misses and its proposals that matched no
// labelled item (unmatched) into the classes above.
func anatomyOf(into map[string]int, items []evalItem, hits map[string]int, outs, unmatched []produced) {
	var missed []evalItem
	for _, it := range items {
		if it.kind != "not" && hits[it.id] == 0 {
			missed = append(missed, it)
		}
	}
	for _, it := range missed {
		class := missAbsent
		switch {
		case anyMatch(outs, it.m):
			class = missWrongKind
		case anyHalf(outs, it.m):
			class = missPartial
		}
		into[class]++
		into[class+"\x00"+it.category]++
	}
	for _, o := range unmatched {
		one := []produced{o}
		i := slices.IndexFunc(items, func(it evalItem) bool { return it.kind != "not" && it.m.match(o.text) })
		switch {
		case i >= 0:
			into[wrongKind]++
			into[wrongKind+"\x00"+items[i].kind+" fact as a "+o.kind+" line"]++
		case slices.ContainsFunc(missed, func(it evalItem) bool { return anyHalf(one, it.m) }):
			into[wrongNear]++
			into[wrongNear+"\x00"+o.kind+" line"]++
		default:
			into[wrongAlone]++
			into[wrongAlone+"\x00"+o.kind+" line"]++
		}
	}
}

// anyMatch reports whether some proposal matches m, whatever its kind.
func anyMatch(outs []produced, m matcher) bool {
	for _, o := range outs {
		if m.match(o.text) {
			return true
		}
	}
	return false
}

// anyHalf reports whether some proposal holds at least half of m's words
// (and at least one), without matching m: a fact of several words whose
// line kept some of them.
func anyHalf(outs []produced, m matcher) bool {
	if len(m.want) < 2 {
		return false
	}
	for _, o := range outs {
		l := strings.ToLower(o.text)
		n := 0
		for _, w := range m.want {
			if strings.Contains(l, w) {
				n++
			}
		}
		if 2*n >= len(m.want) && !m.match(o.text) {
			return true
		}
	}
	return false
}

// dupOfMemory sorts a proposal that says again a line memory held
// (before the run) by its kind and by how it was worded: close to that
// line (the existing-line check missed a near copy) or in other words (a
// paraphrase, which needs the words matched by meaning).
func dupOfMemory(into map[string]int, o produced, before []string) {
	best := 0.0
	for _, ln := range before {
		best = max(best, wordShare(o.text, ln))
	}
	into[dupMemory]++
	into[dupMemory+"\x00"+o.kind+" line, "+wording(best)]++
}

// dupOfFact sorts a fact proposed more than once by the kinds of its
// proposals and how alike their words are.
func dupOfFact(into map[string]int, outs []produced) {
	var kinds []string
	least := 1.0
	for i, o := range outs {
		kinds = append(kinds, o.kind)
		for _, p := range outs[:i] {
			least = min(least, wordShare(o.text, p.text))
		}
	}
	sort.Strings(kinds)
	into[dupFact] += len(outs) - 1
	into[dupFact+"\x00"+strings.Join(kinds, "+")+", "+wording(least)] += len(outs) - 1
}

// conflictOf sorts a contradiction by where its two lines came from: a
// line memory held before the run (before) or one the patch added, and
// whether one of them is the verification line.
func conflictOf(into map[string]int, a, b string, before []string) {
	heldA, heldB := slices.Contains(before, a), slices.Contains(before, b)
	class := conflictTwo
	switch {
	case heldA && heldB:
		class = conflictStale
	case heldA || heldB:
		class = conflictKept
	}
	part := "memory lines"
	if isVerificationLine(a) || isVerificationLine(b) {
		part = "one a verification line"
	}
	into[class]++
	into[class+"\x00"+part]++
}

// lostLines are the lines memory held before the run (before) that the
// applied patch (final) no longer holds, though no label calls them old:
// no side of a conflict and no old-value distractor matches them, they
// are not the verification line (updated in place by design), and no
// line the patch added holds every word of theirs (an edit that only
// adds to a line keeps it). Each is sorted as rewritten (an added line,
// named too, shares half its words) or removed.
func lostLines(into map[string]int, before []string, final map[string]string, items []evalItem, conflicts [][2]matcher) []string {
	held := map[string]bool{}
	var added []string
	for _, text := range final {
		for _, ln := range strings.Split(text, "\n") {
			held[ln] = true
			if !slices.Contains(before, ln) {
				added = append(added, ln)
			}
		}
	}
	old := func(ln string) bool {
		for _, c := range conflicts {
			if c[0].match(ln) || c[1].match(ln) {
				return true
			}
		}
		return slices.ContainsFunc(items, func(it evalItem) bool {
			return it.kind == "not" && it.category == "old-value" && it.m.match(ln)
		})
	}
	var lost []string
	for _, ln := range before {
		if held[ln] || strings.TrimSpace(strings.TrimLeft(ln, "-*# ")) == "" || strings.HasPrefix(ln, "#") ||
			isVerificationLine(ln) || old(ln) {
			continue
		}
		how, as, best := "removed", "", 0.5
		for _, a := range added {
			if keepsWords(ln, a) {
				how = ""
				break
			}
			if share := wordShare(ln, a); share >= best {
				how, as, best = "rewritten", " as "+strconv.Quote(a), share
			}
		}
		if how == "" {
			continue
		}
		into[lostMemory]++
		into[lostMemory+"\x00"+how]++
		lost = append(lost, how+" "+strconv.Quote(ln)+as)
	}
	return lost
}

// keepsWords reports whether b holds every word and number of a, case
// folded.
func keepsWords(a, b string) bool {
	wb := wordSet(b, 1)
	for w := range wordSet(a, 1) {
		if !wb[w] {
			return false
		}
	}
	return true
}

// isVerificationLine reports whether ln is the structured line of
// verification commands.
func isVerificationLine(ln string) bool {
	return strings.Contains(strings.ToLower(ln), "verification commands for this project")
}

// wording names a word share: "close wording" when most of the shorter
// line's words are in the other, "other wording" when not.
func wording(share float64) string {
	if share >= 0.5 {
		return "close wording"
	}
	return "other wording"
}

// wordShare is the share of the shorter text's words (four letters or
// more, case folded) that the other text holds too.
func wordShare(a, b string) float64 {
	wa, wb := wordSet(a, 4), wordSet(b, 4)
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	if len(wa) == 0 {
		return 0
	}
	n := 0
	for w := range wa {
		if wb[w] {
			n++
		}
	}
	return float64(n) / float64(len(wa))
}

// wordSet is the set of a text's words (runs of letters and digits)
// that are least characters long or longer, case folded.
func wordSet(s string, least int) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) >= least {
			out[w] = true
		}
	}
	return out
}

// writeAnatomy prints each class with its count, then its parts (a
// missed fact's category, a wrong line's kind) on the same line.
func writeAnatomy(b *strings.Builder, title string, counts map[string]int) {
	fmt.Fprintf(b, "\n%s:\n\n", title)
	for _, k := range anatomyClasses {
		var parts []string
		for sub, n := range counts {
			if c, part, ok := strings.Cut(sub, "\x00"); ok && c == k {
				parts = append(parts, fmt.Sprintf("%s %d", part, n))
			}
		}
		sort.Strings(parts)
		fmt.Fprintf(b, "- %s: %d", k, counts[k])
		if len(parts) > 0 {
			fmt.Fprintf(b, " (%s)", strings.Join(parts, ", "))
		}
		b.WriteString("\n")
	}
}

func TestAnatomyOf(t *testing.T) {
	item := func(id, kind, cat, want string) evalItem {
		return evalItem{id: id, kind: kind, category: cat, m: parseMatcher(want)}
	}
	items := []evalItem{
		item("f1", "global", "global", "tabs | indent"),                   // proposed as project memory
		item("f2", "verification", "verification", "cargo test | clippy"), // line lost clippy
		item("f3", "memory", "newest", "port 8443"),                       // never said
		item("f4", "memory", "lasting", "staging db"),                     // found
		item("n1", "not", "one-off", "just this once"),
	}
	outs := []produced{
		{"memory", "Indent with tabs."},
		{"verification", "Verification commands for this project: `cargo test`."},
		{"memory", "Never touch the staging DB."},
		{"memory", "Rebase before you merge."},
	}
	hits := map[string]int{"f4": 1}
	got := map[string]int{}
	anatomyOf(got, items, hits, outs, []produced{outs[0], outs[1], outs[3]})
	want := map[string]int{
		missWrongKind: 1, missWrongKind + "\x00global": 1,
		missPartial: 1, missPartial + "\x00verification": 1,
		missAbsent: 1, missAbsent + "\x00newest": 1,
		wrongKind: 1, wrongKind + "\x00global fact as a memory line": 1,
		wrongNear: 1, wrongNear + "\x00verification line": 1,
		wrongAlone: 1, wrongAlone + "\x00memory line": 1,
	}
	if !maps.Equal(got, want) {
		t.Errorf("anatomy = %v\nwant %v", got, want)
	}
}

func TestGatedAnatomy(t *testing.T) {
	before := []string{"- The API listens on port 8080.", "- Use pnpm, never npm.", ""}
	got := map[string]int{}
	dupOfMemory(got, produced{"memory", "The API listens on port 8080 in dev."}, before)
	dupOfMemory(got, produced{"global", "Answer me in short sentences."}, before)
	dupOfFact(got, []produced{
		{"memory", "Squash commits before merging."},
		{"memory", "Squash commits before merging to main."},
		{"verification", "Verification commands for this project: `make lint`."},
	})
	conflictOf(got, "- The API listens on port 8080.", "- The API listens on port 9090.", before)
	conflictOf(got, "- Use pnpm, never npm.", "- Verification commands for this project: `npm test`.", before)
	conflictOf(got, "- Deploy from main.", "- Deploy from release.", before)
	want := map[string]int{
		dupMemory: 2, dupMemory + "\x00memory line, close wording": 1, dupMemory + "\x00global line, other wording": 1,
		dupFact: 2, dupFact + "\x00memory+memory+verification, other wording": 2,
		conflictKept: 2, conflictKept + "\x00memory lines": 1, conflictKept + "\x00one a verification line": 1,
		conflictTwo: 1, conflictTwo + "\x00memory lines": 1,
	}
	if !maps.Equal(got, want) {
		t.Errorf("anatomy = %v\nwant %v", got, want)
	}
}

// TestLostLines: a memory line the patch takes out is lost unless a
// conflict or an old-value label names it, it is the verification line,
// or an added line keeps every word of it.
func TestLostLines(t *testing.T) {
	before := []string{
		"# Project memory",
		"- Redis runs on port 6379",                                 // a conflict's side: replacing it is the point
		"- Deploys go through the staging branch first",             // taken out, nothing says it is old
		"- Use pnpm for installs",                                   // kept, with more said
		"- Nightly jobs run at 02:00 UTC",                           // rewritten, nothing says it is old
		"- Verification commands for this project: `go test ./...`", // updated in place by design
		"- Cache builds under /tmp/buildcache",                      // an old-value distractor names it
		"- Releases are tagged by hand",                             // still there
		"",
	}
	final := map[string]string{"MEMORY.md": strings.Join([]string{
		"# Project memory",
		"- Redis runs on port 6380",
		"- Use pnpm for installs and for running scripts",
		"- Nightly jobs run at 03:30 UTC",
		"- Verification commands for this project: `go test ./...`, `go vet ./...`",
		"- Releases are tagged by hand",
		"",
	}, "\n")}
	items := []evalItem{{id: "n1", kind: "not", category: "old-value", m: parseMatcher("/tmp/buildcache")}}
	conflicts := [][2]matcher{{parseMatcher("6379"), parseMatcher("6380")}}
	into := map[string]int{}
	got := lostLines(into, before, final, items, conflicts)
	want := []string{
		`removed "- Deploys go through the staging branch first"`,
		`rewritten "- Nightly jobs run at 02:00 UTC" as "- Nightly jobs run at 03:30 UTC"`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("lostLines = %q, want %q", got, want)
	}
	if into[lostMemory] != 2 || into[lostMemory+"\x00removed"] != 1 || into[lostMemory+"\x00rewritten"] != 1 {
		t.Errorf("counts = %v", into)
	}
}
