package offline

// Provenance for the rule audit: which rule most likely produced each
// proposal. It is worked out after the run, in the harness only, from what
// the run left behind (the candidate's kind, how many sessions back it, the
// evidence quotes, whether the patch rewrites a line in place), so the
// extractor pays nothing for it and its output cannot change. The markers
// are probed with the extractor's own patterns, in the order classify
// applies them, so a label names the gate a proposal went through.

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/patch"
)

var evalRules = flag.String("eval-rules", "", "write one row per proposal of the non-blind halves (half, project, rule, outcome, kind, text, why) to this file, tab-separated")

// ruleRow is one proposal and the rule that produced it.
type ruleRow struct {
	project, rule, outcome, kind, text, why string
}

// ruleRowOf scores one proposal for the audit: right (a labelled fact of a
// compatible kind and no distractor), not (a distractor), none (nothing
// labelled, or a fact of another kind).
func ruleRowOf(project, rule string, o produced, facts, nots []evalItem) ruleRow {
	r := ruleRow{project: project, rule: rule, outcome: "none", kind: o.kind, text: summary(o.text)}
	switch {
	case len(nots) > 0:
		r.outcome, r.why = "not", nots[0].id+" ("+nots[0].category+")"
	case len(facts) > 0:
		r.outcome, r.why = "right", facts[0].id+" ("+facts[0].category+")"
	}
	return r
}

// marker is one signal classify reads, probed on a sentence.
type marker struct {
	name string
	hit  func(s string) bool
}

// correctionMarkers are the signals that make a sentence a correction, in
// the order classify tries them.
var correctionMarkers = []marker{
	{"asked-again", func(s string) bool { return askedAgain(s) != "" }},
	{"terse", func(s string) bool { return terseRe().MatchString(s) }},
	{"said-before", func(s string) bool { return saidBeforeRe().MatchString(s) || saidMidRe().MatchString(s) }},
	{"again-lead", func(s string) bool { return againLeadRe().MatchString(s) }},
	{"you-did-lead", func(s string) bool { return youDidLeadRe().MatchString(s) }},
	{"corr-word", func(s string) bool { return corrRe().MatchString(fillerRe().ReplaceAllString(s, "")) }},
	{"no-open", func(s string) bool {
		m := noOpenRe().FindStringSubmatch(s)
		return m != nil && !notRuling[strings.ToLower(m[1])]
	}},
}

// lastingMarkers are the signals that let a sentence said once stand.
var lastingMarkers = []marker{
	{"likes-when", func(s string) bool { _, ok := likesWhen(s); return ok }},
	{"remember", func(s string) bool {
		return rememberRe().MatchString(s) || rememberMidRe().MatchString(s) || rememberTailRe().MatchString(s)
	}},
	{"label", func(s string) bool { _, ok := lastingLabel(s); return ok }},
	{"repo-rule", func(s string) bool { return repoRuleRe().MatchString(s) }},
	{"our-place", func(s string) bool { _, ok := ourPlace(s); return ok }},
	{"convention", func(s string) bool { _, ok := conventionClause(s); return ok }},
	{"lasting-open", func(s string) bool { return lastingOpenRe().MatchString(s) }},
	{"from-now", func(s string) bool { return lastingRe().MatchString(s) || fromNowRe().MatchString(s) }},
	{"global", func(s string) bool { return globalRe().MatchString(s) || globalOpenRe().MatchString(s) }},
	{"always", func(s string) bool { return alwaysRe().MatchString(s) }},
	{"not-anymore", func(s string) bool { return notAnymoreRe().MatchString(s) }},
	{"change", changedSetting},
	{"setting", func(s string) bool { return settingRe().MatchString(s) }},
}

// shapeMarkers tell what a sentence with no marker looked like.
var shapeMarkers = []marker{
	{"fact", func(s string) bool { return factRe().MatchString(s) }},
	{"modal", func(s string) bool { return modalRe().MatchString(s) }},
	{"instr", func(s string) bool { return instrRe().MatchString(s) }},
	{"contrast", func(s string) bool { return contrastRe().MatchString(s) }},
	{"starter", func(s string) bool { return starterRe().MatchString(s) }},
}

// firstMarker names the first marker of ms that any of sents carries.
func firstMarker(ms []marker, sents []string) string {
	for _, m := range ms {
		for _, s := range sents {
			if m.hit(strings.TrimSpace(fillerRe().ReplaceAllString(s, ""))) || m.hit(s) {
				return m.name
			}
		}
	}
	return ""
}

// proposalRule labels a proposal kind/admission/marker:
//   - admission is edit (an existing line rewritten in place), lasting (said
//     in one session), recur (said as a statement in two or more sessions)
//     or echo (one session's statement backed by another session that only
//     mentions its terms, or by a change's older value);
//   - marker is the correction or lasting signal classify read, else the
//     shape of the sentence; "other-path" when no quote classifies as a
//     statement (a promoted change, a pasted setting, a joined sentence).
func proposalRule(c Candidate, quotes []evidence.Item, edit bool) string {
	switch c.Kind {
	case KindSkill:
		return "skill"
	case KindVerification:
		if edit {
			return "verification/edit"
		}
		return "verification"
	}
	var stated []string
	sessions := map[string]bool{}
	corrective := false
	for _, q := range quotes {
		st, _ := classify(q.Quote, false, source{quote: q.Quote})
		if st == nil {
			if st, _ = classify(q.Quote, true, source{quote: q.Quote}); st != nil {
				corrective = true
			}
		}
		if st != nil {
			stated = append(stated, q.Quote)
			sessions[q.SessionID] = true
		}
	}
	admission := "lasting"
	switch {
	case edit:
		admission = "edit"
	case len(sessions) >= 2:
		admission = "recur"
	case c.SessionCount >= 2:
		admission = "echo"
	}
	if len(stated) == 0 {
		return c.Kind + "/" + admission + "/other-path"
	}
	mk := ""
	if c.Kind == KindCorrection {
		if mk = firstMarker(correctionMarkers, stated); mk == "" && corrective {
			mk = "after-reject"
		}
	}
	if mk == "" {
		mk = firstMarker(lastingMarkers, stated)
	}
	if mk == "" {
		mk = firstMarker(shapeMarkers, stated)
	}
	if mk == "" {
		mk = "plain"
	}
	return c.Kind + "/" + admission + "/" + mk
}

// editedLines are the lines a run's pending patches write in place of an
// existing line (an added line right after deleted ones).
func editedLines(t *testing.T, paths ...string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for _, pp := range paths {
		p := pendingPatch(t, pp)
		if p == nil {
			continue
		}
		for _, f := range p.Files {
			for _, h := range f.Hunks {
				deleted := 0
				for _, l := range h.Lines {
					switch {
					case l.Op == patch.Delete:
						deleted++
					case l.Op == patch.Add && deleted > 0:
						// Every form a proposal may quote: as written, without
						// its list bullet, and without any leading '-'/'*' (a
						// line may open with "*.lock" or "--no-verify").
						text := strings.TrimSpace(l.Text)
						out[text] = true
						for _, b := range []string{"- ", "* "} {
							if rest, ok := strings.CutPrefix(text, b); ok {
								out[strings.TrimSpace(rest)] = true
							}
						}
						out[strings.TrimLeft(text, "-* ")] = true
						deleted--
					default:
						deleted = 0
					}
				}
			}
		}
	}
	return out
}

// pendingPatch parses the pending patch at path: nil when there is none.
func pendingPatch(t *testing.T, path string) *patch.Patch {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	p, err := patch.Parse(data)
	if err != nil {
		t.Fatalf("pending patch %s: %v", path, err)
	}
	return p
}

// proposalRules labels every candidate of a run, in the order written.
func proposalRules(t *testing.T, w *world, res Result) []string {
	t.Helper()
	edits := editedLines(t, w.privatePatch(), w.globalPatch())
	quotes := map[string][]evidence.Item{}
	for _, e := range res.Evidence {
		quotes[e.Text] = append(quotes[e.Text], e)
	}
	out := make([]string, len(res.Candidates))
	for i, c := range res.Candidates {
		out[i] = proposalRule(c, quotes[c.Text], edits[strings.TrimSpace(c.Text)])
	}
	return out
}

// writeRuleRows writes the audit rows of the non-blind halves: a blind
// half's proposals are never written anywhere.
func writeRuleRows(t *testing.T, path string, halves []*evalResult) {
	t.Helper()
	var b strings.Builder
	b.WriteString("half\tproject\trule\toutcome\tkind\ttext\twhy\n")
	clean := func(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }
	for _, h := range halves {
		if blind[h.name] {
			continue
		}
		for _, r := range h.rules {
			fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", h.name, r.project, r.rule, r.outcome, r.kind, clean(r.text), clean(r.why))
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestEditedLinesKeepsEveryForm: an edited line that opens with '*' or
// '-' of its own is found as written, not only with them stripped.
func TestEditedLinesKeepsEveryForm(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pending.patch")
	diff := "--- /home/u/.gemini/GEMINI.md\n+++ /home/u/.gemini/GEMINI.md\n@@ -1,1 +1,1 @@\n-- *.tmp files are scratch.\n+- *.tmp files are scratch, never committed.\n"
	if err := os.WriteFile(path, []byte(diff), 0o600); err != nil {
		t.Fatal(err)
	}
	got := editedLines(t, path)
	for _, want := range []string{"*.tmp files are scratch, never committed.", ".tmp files are scratch, never committed."} {
		if !got[want] {
			t.Errorf("editedLines = %v; want %q in it", got, want)
		}
	}
}
