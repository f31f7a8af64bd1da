package intent

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/automem/automem/internal/patch"
)

// TestRebaseProperty edits MEMORY.md at random (insert, delete and change
// lines no candidate targets) with candidates pending, and checks that
// every candidate survives and lands where it was meant to: an added line
// between its anchor and the line that followed it, a replaced line in the
// replaced one's place.
func TestRebaseProperty(t *testing.T) {
	for seed := range uint64(120) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { property(t, seed) })
	}
}

func property(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 7))
	uniq := 0
	line := func(p string) string { uniq++; return fmt.Sprintf("%s %d", p, uniq) }
	var lines []string
	lines = append(lines, "# Project Memory", "")
	for s := range 2 + r.IntN(3) {
		lines = append(lines, fmt.Sprintf("## Section %d", s))
		for range 1 + r.IntN(6) {
			lines = append(lines, line("- fact"))
		}
		lines = append(lines, "")
	}
	orig := strings.Join(lines, "\n") + "\n"
	// Candidates: insert after some lines, replace others (never the same
	// line twice, never next to each other, so each is its own group).
	type cand struct {
		anchor, next string // insertion: between these
		replaced     string // replacement: this line
		add          []string
	}
	var cands []cand
	want := slices.Clone(lines)
	used := map[int]bool{}
	for i := len(lines) - 1; i >= 0; i-- {
		if !strings.HasPrefix(lines[i], "- fact") || used[i] || used[i+1] || used[i-1] || r.IntN(3) != 0 {
			continue
		}
		used[i] = true
		add := []string{line("- new")}
		if r.IntN(2) == 0 {
			add = append(add, line("- new"))
		}
		if r.IntN(3) == 0 {
			cands = append(cands, cand{replaced: lines[i], add: add})
			want = slices.Concat(want[:i], add, want[i+1:])
			continue
		}
		next := ""
		if i+1 < len(lines) {
			next = lines[i+1]
		}
		cands = append(cands, cand{anchor: lines[i], next: next, add: add})
		want = slices.Concat(want[:i+1], add, want[i+1:])
	}
	if len(cands) == 0 {
		return
	}
	d, md := setup(t, orig)
	pend(t, d, md, strings.Join(want, "\n")+"\n")
	if _, err := Rebase(d, patch.Private, now, Options{}); err != nil {
		t.Fatal(err)
	}
	protected := map[string]bool{}
	for _, c := range cands {
		protected[c.anchor], protected[c.next], protected[c.replaced] = true, true, true
	}
	delete(protected, "")
	// Random edits of everything else.
	cur := slices.Clone(lines)
	for range 1 + r.IntN(8) {
		i := r.IntN(len(cur) + 1)
		switch r.IntN(3) {
		case 0:
			cur = slices.Insert(cur, i, line("- mine"))
		case 1:
			if i < len(cur) && !protected[cur[i]] {
				cur = slices.Delete(cur, i, i+1)
			}
		case 2:
			if i < len(cur) && !protected[cur[i]] && strings.TrimSpace(cur[i]) != "" {
				cur[i] += " (fixed)"
			}
		}
	}
	edited := strings.Join(cur, "\n") + "\n"
	write(t, md, edited)
	res, err := Rebase(d, patch.Private, now, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attention) != 0 || res.Broken != "" {
		t.Fatalf("result %+v", res)
	}
	got := strings.Split(strings.TrimSuffix(applied(t, d), "\n"), "\n")
	idx := func(s string) int { return slices.Index(got, s) }
	for _, l := range cur {
		if !protectedReplaced(cands, l, func(c cand) string { return c.replaced }) && idx(l) < 0 {
			t.Fatalf("person's line %q lost\nedited:\n%s\ngot:\n%s", l, edited, strings.Join(got, "\n"))
		}
	}
	for _, c := range cands {
		at := idx(c.add[0])
		if at < 0 || !slices.Equal(got[at:at+len(c.add)], c.add) {
			t.Fatalf("candidate %q lost or split\nedited:\n%s\ngot:\n%s", c.add, edited, strings.Join(got, "\n"))
		}
		if c.replaced != "" {
			if idx(c.replaced) >= 0 {
				t.Fatalf("replaced line %q still there", c.replaced)
			}
			continue
		}
		if a := idx(c.anchor); a < 0 || a > at {
			t.Fatalf("candidate %q not after its anchor %q\nedited:\n%s\ngot:\n%s", c.add, c.anchor, edited, strings.Join(got, "\n"))
		}
		if c.next != "" {
			if n := idx(c.next); n < at {
				t.Fatalf("candidate %q not before %q\nedited:\n%s\ngot:\n%s", c.add, c.next, edited, strings.Join(got, "\n"))
			}
		}
	}
}

func protectedReplaced[C any](cs []C, l string, f func(C) string) bool {
	for _, c := range cs {
		if f(c) == l {
			return true
		}
	}
	return false
}
