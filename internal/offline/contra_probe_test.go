package offline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestContraProbes runs the contradiction probes of
// testdata/offline-probe/contra.txt: small projects, in the corpus script
// format, whose memory holds a value a session changes in one of many
// shapes (the setting named the same way or not at all, a version with or
// without its product, a tool given up, a host or port said only in a
// command), and negative ones where the new value is of another thing.
// Once the patch is applied, no `conflict` pair may stand together, and
// every "#keep" text must still be in memory (a line the new one is not
// about is left alone). "#want" texts are the new values, logged when
// missing: proposing the new value at all is the other rules' business,
// except where a probe marks it "#need" (a new value the probe is about
// being dropped as a line memory already holds): then its absence fails.
// A probe marked "#open <why>" is a known failure, logged until fixed.
func TestContraProbes(t *testing.T) {
	probeFile(t, "contra.txt", 7000, probeProject)
}

// probeFile runs check over each project of a probe file of
// testdata/offline-probe (projects in the corpus script format, parted by
// "====="), as a subtest named for the project; the n-th project's world
// is seeded seed+n.
func probeFile(t *testing.T, name string, seed int, check func(t *testing.T, p *evalProject, script string, seed int)) {
	b, err := os.ReadFile(filepath.Join(evalDir, "..", "offline-probe", name))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for i, chunk := range strings.Split(string(b), "=====\n") {
		f := filepath.Join(dir, fmt.Sprintf("p%02d.txt", i))
		if err := os.WriteFile(f, []byte(chunk), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := parseEvalProject(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(p.name, func(t *testing.T) {
			check(t, p, chunk, seed+i)
		})
	}
}

// probeProject runs the extractor over one probe project and checks the
// memory the applied patch leaves.
func probeProject(t *testing.T, p *evalProject, script string, seed int) {
	var keep, want, need []string
	fail := t.Errorf
	for _, ln := range strings.Split(script, "\n") {
		if why, ok := strings.CutPrefix(ln, "#open "); ok {
			// A known failure still open: logged, not failed, so the
			// probe stays to show when it is fixed.
			fail = func(format string, a ...any) { t.Logf("open ("+why+"): "+format, a...) }
		}
		if s, ok := strings.CutPrefix(ln, "#keep "); ok {
			keep = append(keep, s)
		}
		if s, ok := strings.CutPrefix(ln, "#want "); ok {
			want = append(want, s)
		}
		if s, ok := strings.CutPrefix(ln, "#need "); ok {
			need = append(need, s)
		}
	}
	w, in, _ := evalWorld(t, p, seed, func(s string) string { return s })
	if _, err := Extract(context.Background(), in(), zerolog.Nop()); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, text := range appliedMemory(t, w) {
		for _, ln := range strings.Split(text, "\n") {
			if strings.HasPrefix(ln, "- ") {
				lines = append(lines, ln)
			}
		}
	}
	for _, c := range p.conflicts {
		// One line matching both sides counts, as in the eval: a
		// verification line listing `npm test` and `pnpm test`.
		var a, b string
		for _, ln := range lines {
			if a == "" && c[0].match(ln) {
				a = ln
			}
			if b == "" && c[1].match(ln) {
				b = ln
			}
		}
		if a != "" && b != "" {
			fail("both stand: %q and %q", a, b)
		}
	}
	has := func(s string) bool {
		for _, ln := range lines {
			if strings.Contains(strings.ToLower(ln), strings.ToLower(s)) {
				return true
			}
		}
		return false
	}
	for _, k := range keep {
		if !has(k) {
			fail("memory lost %q: %q", k, lines)
		}
	}
	for _, k := range want {
		if !has(k) {
			t.Logf("new value %q not proposed", k)
		}
	}
	for _, k := range need {
		if !has(k) {
			fail("new value %q not proposed: %q", k, lines)
		}
	}
}
