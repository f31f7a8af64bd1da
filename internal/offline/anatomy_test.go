package offline

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"
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
)

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

// writeAnatomy prints each class with its count, then its parts (a
// missed fact's category, a wrong line's kind) on the same line.
func writeAnatomy(b *strings.Builder, title string, counts map[string]int) {
	fmt.Fprintf(b, "\n%s:\n\n", title)
	for _, k := range []string{missWrongKind, missPartial, missAbsent, wrongKind, wrongNear, wrongAlone} {
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
