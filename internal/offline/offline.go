// Package offline is automem's extractor for people with no model endpoint,
// or whose transcripts must never leave the machine. It mines the eligible
// sessions deterministically for durable instructions, recurring
// verification commands, repeated corrections and repeated command
// sequences, and writes them as the same inbox candidates the LLM path
// writes: lines merged into the canonical extraction.patch of each memory
// kind and SKILL.md drafts in the skills inbox, with evidence beside them
// (where each lives is internal/memdir's business).
//
// Everything here errs towards proposing nothing: text a person pasted or
// quoted and anything a tool printed is never read as an instruction,
// one-off requests, questions, plans and reversed statements are dropped,
// and a fixed rule set refuses instructions that would weaken the machine's
// safety, whoever typed them.
package offline

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/tombstone"
	"github.com/automem/automem/internal/transcript"
)

// Defaults for the per-run budgets, matching Gemini's prompt (0–2 skills per
// run) and keeping a memory patch reviewable.
const (
	DefaultMaxLines  = 8
	DefaultMaxSkills = 2
)

// Session is one eligible session offered to the miner. Old sessions only
// confirm: every candidate needs support from at least one NEW session.
type Session struct {
	transcript.Session
	New bool
}

// ReadFunc loads the resolved messages of one session; production passes a
// wrapper around transcript.ReadMessages, tests pass fakes.
type ReadFunc func(ctx context.Context, s transcript.Session) ([]transcript.Message, error)

// Input is everything one run of the miner needs. Messages are read one
// session at a time through Read and dropped after mining, so memory use is
// bounded by the evidence found, not by the size of the transcripts.
type Input struct {
	// Dir is where the memory's inbox, evidence and targets live; its
	// skill roots are not used (skill drafts are new skills, not patches).
	Dir memdir.Dir
	// Sessions are the NEW sessions of this run and older ones as support.
	Sessions []Session
	// Read loads a session's messages.
	Read ReadFunc
	// Tombstones are the dismissed lines and skills (nil: none).
	Tombstones *tombstone.Set
	// SkillNames are the installed skills' names (user and workspace).
	SkillNames []string
	// Redact removes secrets; it is applied to every line, quote and skill
	// text written. Required.
	Redact func(string) string
	// Now stamps evidence.
	Now time.Time
	// MaxLines and MaxSkills cap what one run proposes (0: defaults).
	MaxLines, MaxSkills int
	// DryRun mines and reports without writing anything.
	DryRun bool
	// Workers is how many sessions are read and mined at once (0: up to
	// four, bounded by GOMAXPROCS). Read must be safe for concurrent use.
	Workers int
}

// Verdict is what the miner did with a NEW session.
type Verdict string

// Verdicts recorded in the extraction state.
const (
	Read    Verdict = "read"
	Skipped Verdict = "skipped"
)

// Candidate is one proposal written by this run.
type Candidate struct {
	Kind   string `json:"kind"`   // instruction, correction, verification, skill
	Text   string `json:"text"`   // the memory line, or the skill name
	Target string `json:"target"` // absolute memory file, or skills/<dir>
	// Sessions are the supporting session ids, sorted, at most
	// maxCandidateSessions of them; SessionCount is how many there were.
	Sessions     []string `json:"sessions"`
	SessionCount int      `json:"sessionCount"`
}

// maxCandidateSessions keeps reports short when a check ran in thousands of
// sessions.
const maxCandidateSessions = 20

// Result reports one run.
type Result struct {
	// Written lists the files written: patches and SKILL.md drafts.
	Written []string
	// PrivateLines, GlobalLines and ProjectLines count memory lines added
	// this run, per kind.
	PrivateLines, GlobalLines, ProjectLines int
	// Skills are the drafted skill directory names.
	Skills []string
	// Candidates are the proposals, in the order written.
	Candidates []Candidate
	// Verdicts maps each NEW session id to read or skipped.
	Verdicts map[string]Verdict
	// Signals counts, per session id, the instruction, correction and
	// verification signals found: a cheap pre-filter for the LLM path.
	Signals map[string]int
	// Evidence is what was appended to evidence.jsonl.
	Evidence []evidence.Item
	// Warnings are non-fatal problems (a pending patch that does not apply,
	// an unreadable session).
	Warnings []string
}

// Extract runs the miners over the sessions and writes the candidates.
func Extract(ctx context.Context, in Input, log zerolog.Logger) (Result, error) {
	res := Result{Verdicts: map[string]Verdict{}, Signals: map[string]int{}}
	if in.Dir.Data == "" || !filepath.IsAbs(in.Dir.Data) || !filepath.IsAbs(in.Dir.File(in.Dir.Local())) {
		return res, fmt.Errorf("offline extract: memory dir %q or its memory file %q is not absolute", in.Dir.Data, in.Dir.File(in.Dir.Local()))
	}
	if in.Redact == nil {
		return res, errors.New("offline extract: no redaction hook")
	}
	if in.Read == nil {
		return res, errors.New("offline extract: no session reader")
	}
	if in.MaxLines <= 0 {
		in.MaxLines = DefaultMaxLines
	}
	if in.MaxSkills <= 0 {
		in.MaxSkills = DefaultMaxSkills
	}
	sessions, errs := mineAll(ctx, in)
	if err := ctx.Err(); err != nil {
		return res, fmt.Errorf("offline extract: %w", err)
	}
	var stmts []stmt
	var revs []reversal
	var said []source
	var pasted []setting
	var cites []cite
	for i, s := range in.Sessions {
		if errs[i] != nil {
			log.Warn().Err(errs[i]).Str("session", s.ID).Msg("offline: session unreadable, skipped")
			res.Warnings = append(res.Warnings, fmt.Sprintf("session %s unreadable: %v", s.ID, errs[i]))
			if s.New {
				res.Verdicts[s.ID] = Skipped
			}
			continue
		}
		m := &sessions[i]
		stmts = append(stmts, m.stmts...)
		revs = append(revs, m.reversals...)
		said = append(said, m.said...)
		pasted = append(pasted, m.pasted...)
		cites = append(cites, m.cites...)
		m.stmts, m.reversals, m.said, m.pasted, m.cites = nil, nil, nil, nil, nil
		res.Signals[s.ID] += m.signals
		if s.New {
			res.Verdicts[s.ID] = Read
		}
		log.Debug().Str("session", s.ID).Int("signals", m.signals).Msg("offline: mined")
	}
	isNew := func(i int) bool { return i >= 0 && i < len(in.Sessions) && in.Sessions[i].New }

	k, err := loadKnown(in.Dir, in.SkillNames)
	if err != nil {
		return res, err
	}
	var cands []candidate
	askedChecks(sessions, said)
	promoteBuilds(sessions)
	if v := verificationCandidate(sessions, isNew); v != nil {
		cands = append(cands, *v)
	}
	changes := withPasted(k.unplacedSets(changesOf(said)), pastedSaidChanges(pasted, said, isNew))
	stmts = promoteChanges(stmts, said, ranCommands(sessions), changes)
	cands = append(cands, instructionCandidates(stmts, revs, said, isNew)...)
	skills := procedureCandidates(sessions, isNew, in.MaxSkills*3)
	retired := retiredValues(sessions, said, isNew)
	withoutRetired(cands, retired)
	withoutRetired(skills, retired)

	runs := runsOf(sessions)
	changes = withPasted(changes, slices.Concat(pastedChanges(pasted, said, k, isNew), driftChanges(said, k, isNew), ranVersionChanges(runs, k, isNew), ranFlagChanges(runs, k, isNew), ranSettingChanges(runs, said, k, isNew), k.frameChanges(said, isNew),
		substitutedChanges(sessions, k, isNew), ranToolChanges(sessions, said, k, isNew), k.toldValueChanges(said, isNew)))
	cands = reconcile(cands, said, changes, retiredChanges(retired, k), k.citedLines(cites, said, isNew), isNew, k, in.Dir)
	// A request, or a change edit, that only restates the verification
	// commands folds into the verification line (once, after reconcile
	// has made the edits).
	known, _ := k.verificationLine()
	cands = foldStatedChecks(cands, known)
	w := &writer{in: in, known: k, log: log, res: &res}
	w.memory(bySupport(cands, in.MaxLines))
	w.skills(skills, verifyCmds(cands))
	if err := w.flush(); err != nil {
		return res, err
	}
	log.Info().Int("private", res.PrivateLines).Int("global", res.GlobalLines).Int("project", res.ProjectLines).Int("skills", len(res.Skills)).
		Int("sessions", len(in.Sessions)).Msg("offline extraction done")
	return res, nil
}

// mineAll reads and mines every session with a few workers. Each worker
// holds one session's messages at a time; results land by index, so the
// outcome never depends on scheduling.
func mineAll(ctx context.Context, in Input) ([]mined, []error) {
	n := len(in.Sessions)
	out := make([]mined, n)
	errs := make([]error, n)
	workers := in.Workers
	if workers <= 0 {
		workers = min(4, runtime.GOMAXPROCS(0))
	}
	workers = max(1, min(workers, n))
	strs := newInterner()
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				msgs, err := in.Read(ctx, in.Sessions[i].Session)
				if err != nil {
					errs[i] = err
					continue
				}
				out[i] = mineSession(i, msgs, strs)
			}
		}()
	}
	wg.Wait()
	return out, errs
}

func verifyCmds(cands []candidate) []string {
	for _, c := range cands {
		if c.kind == KindVerification {
			return c.cmds
		}
	}
	return nil
}

// sessionIDs lists the distinct sessions behind a candidate, sorted.
func sessionIDs(in Input, srcs []source) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range srcs {
		id := in.Sessions[s.session].ID
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// kindRoots describes the allowed targets for the generated patches.
func kindRoots(d memdir.Dir) patch.Roots {
	return patch.Roots{MemoryDir: d.Targets.MemoryDir, GlobalMemory: d.Targets.GlobalMemory, ProjectMemory: d.Targets.ProjectMemory}
}

// maxLine is the longest new memory line, in runes: two long sentences
// (maxSentence) and a little more.
const maxLine = 500

// bySupport orders candidates for a run's line budget when there are more
// than it holds: the verification line and edits of lines memory holds
// first, then the facts said in the most sessions, so that what the
// budget leaves to a later run is what the fewest sessions said. Under
// the budget the order stays as found.
func bySupport(cands []candidate, budget int) []candidate {
	if len(cands) <= budget {
		return cands
	}
	type ranked struct {
		c    candidate
		rank int
	}
	rs := make([]ranked, len(cands))
	for i, c := range cands {
		sessions := map[int]bool{}
		for _, s := range c.srcs {
			sessions[s.session] = true
		}
		rs[i] = ranked{c, len(sessions)}
		if c.kind == KindVerification || c.replaces != "" {
			rs[i].rank = math.MaxInt32
		}
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return cmp.Compare(b.rank, a.rank) })
	out := make([]candidate, len(rs))
	for i, r := range rs {
		out[i] = r.c
	}
	return out
}

// dependentOpenRe is a word that opens a phrase adding to the clause
// before it, never a sentence of its own: "Including …", "Otherwise the
// failure never shows up …" (what the rule before it prevents), or a reason
// alone that answers a question asked before it ("Because 9000 clashed
// with MinIO …"; a reason and then a comma may lead to the rule). A line
// wholly in brackets is an aside to what came before ("(server still on
// 3000).").
var dependentOpenRe = lazyregexp.New(`(?i)^(?:including|excluding|especially|except|otherwise)\b|^(?:because|cause|'cause|bc)\b[^,;]*$|^\([^()]*\)\W*$`)

// cleanLine is the last gate for a memory line: redacted, one line, no
// longer than maxLine when new, no dangerous content beyond what the line
// it rewrites (old, or "") already holds, no template syntax, no bracket or
// quote left open (endsOpen). A
// line of commands each judged on its own (judged: the verification line)
// is not judged again as one text, where the words of two commands would
// read as one ("`pio check --skip-packages`, `pio test`": "skip … test").
func cleanLine(in Input, line, old string, judged bool) (string, bool) {
	line = strings.Join(strings.Fields(line), " ")
	if line == "" || !judged && dangerousBeyond(line, old) || endsOpen(line) || dependentOpenRe().MatchString(line) {
		// (A line left inside an open bracket or quote is a cut
		// sentence, whichever rule cut it: endsOpen; so is one that
		// opens with what only adds to a clause before it, "Including
		// the Python 3.12 interpreter.", or only asides: dependentOpenRe)
		return "", false
	}
	if !judged && old == "" && utf8.RuneCountInString(line) > maxLine {
		// A paragraph is no line of memory: one fact is said in a
		// line or two. (A line the person wrote that long stays
		// theirs to edit.)
		return "", false
	}
	// (A token of random letters and digits with no known shape,
	// "New one is xK9vQ2mTz7LpR4wB", is a password said in passing,
	// which no redaction rule knows.)
	secret := func(s string) bool { return in.Redact(s) != s || randomToken(s) }
	if secret(line) {
		// A sentence that carried a secret is not a fact worth keeping;
		// the line's other sentences may be ("i already rotated it:
		// AKIA…. I want pre-commit hooks, …"), unless one leans on it.
		var kept []string
		for _, sent := range splitSentences(line) {
			if secret(sent) {
				continue
			}
			if pronounRe().MatchString(sent) {
				return "", false
			}
			kept = append(kept, sent)
		}
		if len(kept) == 0 || secret(strings.Join(kept, " ")) {
			return "", false
		}
		line = strings.Join(kept, " ")
	}
	return strings.ReplaceAll(line, "${", "{"), true
}

// randomToken reports whether s holds a word of twelve letters and digits
// or more that changes between lower case, upper case and digit at every
// other character or oftener ("xK9vQ2mTz7LpR4wB"): names, even written in
// camel case with a digit ("HttpClient5Factory"), change far less often.
func randomToken(s string) bool {
	class := func(r rune) int {
		switch {
		case unicode.IsUpper(r):
			return 1
		case unicode.IsDigit(r):
			return 2
		}
		return 0
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) < 12 {
			continue
		}
		changes, prev, seen := 0, -1, [3]bool{}
		for _, r := range w {
			c := class(r)
			seen[c] = true
			if prev >= 0 && c != prev {
				changes++
			}
			prev = c
		}
		if seen[0] && seen[1] && seen[2] && 2*changes >= len(w) {
			return true
		}
	}
	return false
}

// ReadTranscript is the production ReadFunc: the resolved messages of the
// session's transcript file, read by the reader of its agent.
func ReadTranscript(_ context.Context, s transcript.Session) ([]transcript.Message, error) {
	_, msgs, err := transcript.ReadMessages(s.Path, s.Source)
	if err != nil {
		return nil, fmt.Errorf("read session %s: %w", s.ID, err)
	}
	return msgs, nil
}
