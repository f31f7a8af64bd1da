package offline

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// maxEvidence bounds the evidence items kept per candidate.
const maxEvidence = 5

// writer turns accepted candidates into files: memory lines are collected
// per kind and merged into the canonical patch at flush, skill drafts are
// written as they are accepted, and evidence is appended last.
type writer struct {
	in    Input
	known *known
	log   zerolog.Logger
	res   *Result

	pending     map[patch.Kind][]pendingLine // accepted memory lines per kind
	lines       int
	evidence    []evidence.Item
	tombs       []string // dismissed texts, loaded once
	tombsLoaded bool
}

type pendingLine struct {
	heading string
	c       candidate
}

func (w *writer) dismissed(text string) bool {
	if w.in.Tombstones == nil {
		return false
	}
	if w.in.Tombstones.Has(text) {
		return true
	}
	if !w.tombsLoaded {
		w.tombs, w.tombsLoaded = w.in.Tombstones.Texts(), true
	}
	for _, t := range w.tombs {
		if sameFact(text, t) {
			return true
		}
	}
	return false
}

// dismissedCommand reports whether a verification command was listed on a
// line the person dismissed: it stays dismissed when the line would come
// back with one more command on it.
func (w *writer) dismissedCommand(cmd string) bool {
	if w.in.Tombstones == nil {
		return false
	}
	if !w.tombsLoaded {
		w.tombs, w.tombsLoaded = w.in.Tombstones.Texts(), true
	}
	for _, t := range w.tombs {
		if strings.Contains(t, "`"+cmd+"`") {
			return true
		}
	}
	return false
}

// memory accepts memory-line candidates that are new, not dismissed and
// safe, up to the run's line budget.
func (w *writer) memory(cands []candidate) {
	for _, c := range cands {
		if w.lines >= w.in.MaxLines {
			return
		}
		heading := "## Conventions"
		if c.kind == KindVerification && c.replaces == "" {
			heading = "## Verification"
			// A line that only repeats commands memory already writes
			// as code says nothing new; one that adds a check lists
			// them all, as the project's one list of checks
			// (`cppcheck` beside "run with `make installcheck`").
			var listed []string
			adds := false
			for _, cmd := range c.cmds {
				if !dangerous(cmd) && !w.dismissedCommand(cmd) {
					listed = append(listed, cmd)
					adds = adds || !w.known.mentions(cmd)
				}
			}
			if !adds {
				continue
			}
			c.cmds, c.line = listed, verificationLine(listed)
		}
		line, ok := cleanLine(w.in, c.line, c.replaces, c.kind == KindVerification)
		if ok && c.replaces == "" {
			whole := line
			line, ok = withoutSaid(line, w.said, w.known.holds)
			if !ok || line != whole {
				w.foldEvidence(whole, c.srcs)
			}
			if ok && line != whole && w.known.namesRetired(line) {
				// "… datacenter is now fra1, and ams1 no longer
				// exists, …" beside a pending edit from ams1 to fra1:
				// what is left tells of the value memory gave up.
				ok = false
			}
		}
		if ok {
			line, ok = withoutSaid(line, w.dismissed, w.dismissed)
		}
		if !ok {
			continue
		}
		c.line = line
		if c.replaces != "" {
			w.absorb(&c)
		}
		w.known.addText(line)
		w.lines++
		kind := w.kind(c)
		c.global = kind == patch.Global
		if w.pending == nil {
			w.pending = map[patch.Kind][]pendingLine{}
		}
		w.pending[kind] = append(w.pending[kind], pendingLine{heading, c})
	}
}

// said reports whether a sentence of a line states what memory or a line
// accepted before it states: the same fact (known.has), what a line a
// pending patch takes out states (known.hadPending) unless the sentence
// gives it as a rule, or, said as continuing ("still", "as before"), a
// line memory holds in other words (known.goesOnAs). (A session saying
// "use yarn for installs" of the line the patch takes out may be the
// person turning the pending edit down: it is proposed, for the review to
// see beside the patch.)
func (w *writer) said(s string) bool {
	return w.known.has(s) || !instructs(s) && w.known.hadPending(s) || goesOnRe().MatchString(s) && w.known.goesOnAs(s)
}

// instructs reports whether a sentence is given as a rule: it opens as an
// instruction or a rule of how things must be, or says always or never.
func instructs(s string) bool {
	s = strings.TrimSpace(fillerRe().ReplaceAllString(s, ""))
	return starterRe().MatchString(s) || instrRe().MatchString(s) || modalRe().MatchString(s) || alwaysRe().MatchString(s)
}

// absorb takes into an edit of a memory line the lines accepted before it
// in this run that state the fact it now states: the writer compares every
// new line with the lines accepted before it (known.has), but an edit is
// decided by reconcile before the writer sees it, so a line of the same
// fact accepted first, in another wording, would stand beside the edited
// line. Their sessions become the edit's evidence and their place in the
// run's budget is given back.
func (w *writer) absorb(c *candidate) {
	for kind, pls := range w.pending {
		kept := pls[:0]
		for _, pl := range pls {
			if pl.c.replaces != "" || pl.c.kind != KindInstruction && pl.c.kind != KindCorrection || !sameFact(pl.c.line, c.line) {
				kept = append(kept, pl)
				continue
			}
			for _, s := range pl.c.srcs {
				if !slices.ContainsFunc(c.srcs, func(o source) bool { return o.session == s.session && o.msgID == s.msgID }) {
					c.srcs = append(c.srcs, s)
				}
			}
			w.lines--
		}
		w.pending[kind] = kept
	}
}

// statesNothing reports whether text holds no rule (a request, a rule
// word) and no clause stating how something is (factClauses): narration,
// a verdict on it, a back-reference.
func statesNothing(text string) bool {
	for _, c := range clauseSplitRe().Split(text, -1) {
		if c = strings.TrimSpace(c); c != "" && (imperative(c) || ruleWordRe().MatchString(c)) {
			return false
		}
	}
	for _, s := range factUnits(text) {
		if facts, _ := factClauses(s); len(facts) > 0 {
			return false
		}
	}
	return true
}

// withoutSaid is line without the sentences said already (said: a memory
// line or one accepted before it states it, or the person dismissed it),
// and whether anything is left. A line of several sentences ("Always run
// `make lint` before pushing. Never edit files under vendor/.") may carry
// one fact memory holds beside one it does not: such a line is compared
// sentence by sentence, and only its new sentences are proposed; compared
// whole, memory's line would be found in it and its news dropped with it.
// A line none of whose sentences is said alone is said when it is said
// whole (one fact told across two sentences).
func withoutSaid(line string, said, held func(string) bool) (string, bool) {
	sents := factUnits(line)
	if len(sents) < 2 {
		if said(line) {
			return "", false
		}
		return line, true
	}
	kept := sents[:0:0]
	for _, s := range sents {
		// A sentence telling a change ("the team renamed the test
		// stage from dev to sandbox") is news however much of memory's
		// line it names, unless memory holds its very words (held: a
		// second run reading its first run's line).
		if news := tellsChange(s); news && !held(s) || !news && !said(s) {
			kept = append(kept, s)
		}
	}
	switch {
	case len(kept) == 0:
		return "", false
	case len(kept) < len(sents):
		rest := strings.Join(kept, " ")
		if statesNothing(rest) {
			// What is left once the news went ("I put that option
			// there myself two years ago, it was a mistake.") only
			// told how the person came to it.
			return "", false
		}
		return rest, true
	case said(line):
		// No sentence alone, but the line whole: the fact is told
		// across its sentences.
		return "", false
	}
	return line, true
}

// factUnits are the sentences of a line, a sentence of two clauses joined
// by a semicolon or ", and" split into both ("Timestamps are stored in
// UTC; the API returns ISO 8601 strings", "jobs run on Sidekiq, and every
// job must be idempotent"), each written as a sentence of its own: one
// clause may restate memory's line while the other is news, and compared
// whole the line would either be memory's line again or, found to state
// it, lose its news with it. A sentence is split only when every clause
// holds three fact terms or more, so that a list ("black, isort, and
// flake8") or a short aside stays with its sentence.
func factUnits(line string) []string {
	var out []string
	for _, s := range splitSentences(line) {
		parts := joinedClauses(s)
		if len(parts) < 2 {
			out = append(out, s)
			continue
		}
		for _, p := range parts {
			out = append(out, asLine(p))
		}
	}
	return out
}

// joinedClauses splits a sentence at "; " and ", and " outside code spans,
// brackets and quotations (openAt); nil unless there are two clauses or
// more of three fact terms each (factUnits).
func joinedClauses(s string) []string {
	if !strings.Contains(s, "; ") && !strings.Contains(s, ", and ") {
		return nil
	}
	var parts []string
	start := 0
	for i := 0; i < len(s); i++ {
		sep := 0
		switch {
		case strings.HasPrefix(s[i:], "; "):
			sep = len("; ")
		case strings.HasPrefix(s[i:], ", and "):
			sep = len(", and ")
		}
		if sep == 0 || openAt(s, i) {
			continue
		}
		parts = append(parts, s[start:i])
		start = i + sep
		i += sep - 1
	}
	parts = append(parts, s[start:])
	if len(parts) < 2 {
		return nil
	}
	for _, p := range parts {
		if len(factTerms(p)) < 3 {
			return nil
		}
	}
	return parts
}

// foldEvidence gives the sessions of a line the writer drops, whole or in
// part, as said already to the line accepted this run that says it: one
// fact said in two sessions in two wordings is one line with the evidence
// of both.
func (w *writer) foldEvidence(line string, srcs []source) {
	sents := splitSentences(line)
	for _, pls := range w.pending {
		for i := range pls {
			c := &pls[i].c
			if c.replaces != "" || !sameFact(line, c.line) && !slices.ContainsFunc(sents, func(s string) bool { return sameFact(s, c.line) }) {
				continue
			}
			for _, s := range srcs {
				if !slices.ContainsFunc(c.srcs, func(o source) bool { return o.session == s.session && o.msgID == s.msgID }) {
					c.srcs = append(c.srcs, s)
				}
			}
			return
		}
	}
}

// tellsChange reports whether a sentence tells that a setting changed or
// is to change ("renamed", "moved", "no longer", "update"): never the same
// as memory's line of the old value, however many words they share.
func tellsChange(s string) bool {
	return changedRe().MatchString(s) || unsettled(s)
}

// kind is the memory a line goes to: a rewrite stays in the file of the
// line it rewrites; a line said to hold in every project goes to the global
// file when the agent has one; any other line is routed by the memory
// (memdir.Dir.Route: the project file for what the team needs when the
// project has switched it on, else the private memory).
func (w *writer) kind(c candidate) patch.Kind {
	d := w.in.Dir
	switch {
	case c.replaces != "":
		return d.KindOf(c.replaceIn)
	case c.global && d.Targets.GlobalMemory != "":
		return patch.Global
	}
	return d.Route(c.line, c.kind == KindVerification)
}

// skills writes the drafts that no existing or dismissed skill covers.
func (w *writer) skills(cands []candidate, verify []string) {
	n := 0
	for _, c := range cands {
		if n >= w.in.MaxSkills {
			return
		}
		d := c.skill
		if d.name == "" || w.known.skills[strings.ToLower(d.name)] || w.dismissed(d.name) || w.known.coversSteps(d.steps) {
			continue
		}
		// A step a never rule catches keeps the whole skill out; one a
		// person-run rule catches is the person's step (skillMarkdown).
		if slices.ContainsFunc(d.steps, forbidden) {
			continue
		}
		d = w.withoutSecretArgs(d)
		body := skillMarkdown(d, verify)
		if w.in.Redact(body) != body {
			continue
		}
		draft := filepath.Join(w.in.Dir.Skills(), d.name, "SKILL.md")
		if !w.in.DryRun {
			rel, _ := filepath.Rel(w.in.Dir.Data, draft) // Skills is inside Data
			if err := writeUnder(w.in.Dir.Data, rel, []byte(body)); err != nil {
				w.warn(fmt.Sprintf("skill draft %s not written: %v", d.name, err))
				continue
			}
			w.res.Written = append(w.res.Written, draft)
		}
		n++
		w.known.skills[strings.ToLower(d.name)] = true
		w.known.drafts = append(w.known.drafts, body)
		w.res.Skills = append(w.res.Skills, d.name)
		w.accept(c, d.name, "skills/"+d.name)
	}
}

func (w *writer) warn(msg string) {
	w.log.Warn().Msg("offline: " + msg)
	w.res.Warnings = append(w.res.Warnings, msg)
}

// accept records a written candidate and its evidence.
func (w *writer) accept(c candidate, text, target string) {
	ids := sessionIDs(w.in, c.srcs)
	cand := Candidate{Kind: c.kind, Text: text, Target: target, Sessions: ids, SessionCount: len(ids)}
	if len(ids) > maxCandidateSessions {
		cand.Sessions = ids[:maxCandidateSessions]
	}
	w.res.Candidates = append(w.res.Candidates, cand)
	at := w.in.Now.UTC().Format(time.RFC3339)
	// One item per session first, so the evidence shows the spread, then
	// further statements in order.
	var picked []source
	var rest []source
	seen := map[int]bool{}
	for _, s := range c.srcs {
		if seen[s.session] {
			rest = append(rest, s)
			continue
		}
		seen[s.session] = true
		picked = append(picked, s)
	}
	picked = append(picked, rest...)
	if len(picked) > maxEvidence {
		picked = picked[:maxEvidence]
	}
	for _, s := range picked {
		sess := w.in.Sessions[s.session]
		w.evidence = append(w.evidence, evidence.Item{
			Text: text, Target: target, SessionID: sess.ID, MessageID: s.msgID, Path: sess.Path,
			Quote: evidence.Cut(w.in.Redact(s.quote), evidence.MaxQuote), At: at,
		})
	}
}

// flush merges the accepted lines into the canonical patches and appends the
// evidence.
func (w *writer) flush() error {
	counts := map[patch.Kind]*int{patch.Private: &w.res.PrivateLines, patch.Global: &w.res.GlobalLines, patch.Project: &w.res.ProjectLines}
	for _, kind := range memdir.Kinds() {
		lines, target := w.pending[kind], w.in.Dir.File(kind)
		if len(lines) == 0 {
			continue
		}
		var secs []section
		var repl []replacement
		for _, pl := range lines {
			if pl.c.replaces != "" {
				repl = append(repl, replacement{path: pl.c.replaceIn, old: pl.c.replaces, new: pl.c.line})
				continue
			}
			i := 0
			for i < len(secs) && secs[i].heading != pl.heading {
				i++
			}
			if i == len(secs) {
				secs = append(secs, section{heading: pl.heading})
			}
			secs[i].lines = append(secs[i].lines, pl.c.line)
		}
		if !w.in.DryRun {
			patchPath := w.in.Dir.ExtractionPatch(kind)
			ok, err := mergeIntoPatch(w.in.Dir, kind, target, localHeading(kind), secs, repl)
			if err != nil {
				w.warn(fmt.Sprintf("%s memory lines not written: %v", kind, err))
				continue
			}
			if !ok {
				continue
			}
			w.res.Written = append(w.res.Written, patchPath)
		}
		for _, pl := range lines {
			w.accept(pl.c, pl.c.line, target)
		}
		*counts[kind] += len(lines)
	}
	if w.in.DryRun || len(w.evidence) == 0 {
		w.res.Evidence = w.evidence
		return nil
	}
	if err := evidence.Append(w.in.Dir.Evidence(), w.evidence...); err != nil {
		return fmt.Errorf("offline extract: %w", err)
	}
	w.res.Evidence = w.evidence
	return nil
}

// localHeading is the first line of a new file of this project's facts:
// the private index gets Gemini CLI's "# Project Memory"; a shared project
// file (Codex's AGENTS.md) gets none, its first line is a fact.
func localHeading(kind patch.Kind) string {
	if kind == patch.Private {
		return "# Project Memory"
	}
	return ""
}

// withoutSecretArgs is a draft whose steps name "<secret>" where they ran
// with a secret as an argument (`signtool sign … /p "<secret>" …`): the
// password is the person's to give, and the rest of the procedure stays
// worth drafting. A step whose secret is not one word of it keeps the
// secret, and the redactor keeps that draft out.
func (w *writer) withoutSecretArgs(d *skillDraft) *skillDraft {
	out := *d
	out.steps = make([]string, len(d.steps))
	for i, s := range d.steps {
		out.steps[i] = secretArg(s, w.in.Redact)
	}
	out.verify = secretArg(d.verify, w.in.Redact)
	return &out
}

// secretArg is step with each word the redactor changed written as
// "<secret>", keeping what the redactor kept of it (the quotes, the flag
// it is joined to: "--password=", "-p"), or step as it is when the
// redacted text does not line up with it word for word, or still holds a
// secret once so written.
func secretArg(step string, redact func(string) string) string {
	red := redact(step)
	if red == step {
		return step
	}
	f, rf := strings.Fields(step), strings.Fields(red)
	if len(f) != len(rf) {
		return step
	}
	for k, word := range f {
		if rf[k] == word {
			continue
		}
		p := 0
		for p < len(word) && p < len(rf[k]) && word[p] == rf[k][p] {
			p++
		}
		q := 0
		for q < len(word)-p && q < len(rf[k])-p && word[len(word)-1-q] == rf[k][len(rf[k])-1-q] {
			q++
		}
		f[k] = word[:p] + "<secret>" + word[len(word)-q:]
	}
	if t := strings.Join(f, " "); redact(t) == t {
		return t
	}
	return step
}
