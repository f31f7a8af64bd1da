package offline

import (
	"context"
	"strings"
	"testing"

	"github.com/rs/zerolog"
)

// TestDupProbes runs the duplicate probes of
// testdata/offline-probe/dups.txt: small projects, in the corpus script
// format and in domains and voices the labelled corpus does not hold,
// where a session says a line memory holds again (with a lead-in, a
// reason, another order, a typo, a plural, an abbreviation, another verb)
// or two sessions state one fact in two wordings, and negative ones that
// must stay two lines (the same tool with another rule, the same port of
// another service, "use X for A" beside "use X for B", a value that
// changed). A `not … existing` item may match no proposal, a fact item
// must match exactly one, and every "#keep" text must still be in memory
// once the patch is applied. A probe marked "#open <why>" is a known
// failure, logged until fixed.
func TestDupProbes(t *testing.T) {
	probeFile(t, "dups.txt", 8000, dupProbe)
}

// dupProbe runs the extractor over one probe project and checks that each
// fact is proposed once, no memory line again, and the kept lines stay.
func dupProbe(t *testing.T, p *evalProject, script string, seed int) {
	var keep []string
	fail := t.Errorf
	for _, ln := range strings.Split(script, "\n") {
		if why, ok := strings.CutPrefix(ln, "#open "); ok {
			fail = func(format string, a ...any) { t.Logf("open ("+why+"): "+format, a...) }
		}
		if s, ok := strings.CutPrefix(ln, "#keep "); ok {
			keep = append(keep, s)
		}
	}
	w, in, _ := evalWorld(t, p, seed, func(s string) string { return s })
	res, err := Extract(context.Background(), in(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	outs := producedBy(t, w, res)
	var said []string
	for _, o := range outs {
		said = append(said, o.kind+": "+summary(o.text))
	}
	t.Logf("proposed %q", said)
	for _, it := range p.items {
		n := 0
		for _, o := range outs {
			if o.kind != "skill" && it.m.match(summary(o.text)) {
				n++
			}
		}
		switch {
		case it.kind == "not" && n > 0:
			fail("%s (%s) proposed again: %q", it.id, it.why, said)
		case it.kind != "not" && n != 1:
			fail("%s (%s) proposed %d times: %q", it.id, it.why, n, said)
		}
	}
	// The control: without memory's lines, a line said again is
	// proposed, so the probe tests the repeat, not a sentence the
	// extractor never takes.
	bare := *p
	bare.files = map[string]string{}
	for name := range p.files {
		bare.files[name] = "# Memory\n"
	}
	bw, bin, _ := evalWorld(t, &bare, seed, func(s string) string { return s })
	bres, err := Extract(context.Background(), bin(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	bouts := producedBy(t, bw, bres)
	for _, it := range p.items {
		if it.kind != "not" {
			continue
		}
		n := 0
		for _, o := range bouts {
			if o.kind != "skill" && it.m.match(summary(o.text)) {
				n++
			}
		}
		if n == 0 {
			fail("control: %s (%s) is not proposed even without memory's lines", it.id, it.why)
		}
	}
	final := appliedMemory(t, w)
	for _, k := range keep {
		found := false
		for _, text := range final {
			found = found || strings.Contains(text, k)
		}
		if !found {
			fail("%q gone from memory; proposed %q", k, said)
		}
	}
}
