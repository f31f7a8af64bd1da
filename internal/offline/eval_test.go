package offline

// TestEval scores the offline extractor on testdata/offline-eval and writes
// the figures to EVAL.md (`just eval`). The held-out half was written before
// the rules it measures and is frozen by checksum; only the tuning half may
// be looked at when rules change.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/redact"
	"github.com/automem/automem/internal/tombstone"
	"github.com/automem/automem/internal/transcript"
)

var (
	evalOut  = flag.String("eval-out", "", "write the evaluation report to this file")
	evalHalf = flag.String("eval-half", "", "score only these halves (comma-separated: "+
		strings.Join(evalHalves, ", ")+") and skip the corpus-size checks")
	evalFast = flag.Bool("eval-fast", false, "skip Gemini's validators")
)

// evalHalves are the corpus halves in scoring order. A half's place seeds
// its sessions' timestamps and IDs, so a new half goes at the end and no
// half's figures move when one is added.
var evalHalves = []string{"heldout", "tuning", "heldout2", "heldout3", "tuning2", "tuning3", "tuning4", "tuning5", "heldout4", "tuning6", "tuning7", "tuning8", "tuning9", "tuning10", "heldout5", "tuning12", "heldout6", "tuning11", "tuning13", "tuning14", "tuning15", "heldout7", "tuning17", "tuning16", "tuning18", "tuning19", "heldout8", "tuning21", "tuning20", "tuning23", "tuning24", "heldout9", "tuning25", "tuning22", "tuning28", "tuning26", "tuning29", "tuning27", "heldout10", "tuning30", "tuning33", "tuning32", "tuning31", "tuning34", "tuning35", "tuning36", "tuning37", "heldout11", "tuning38", "tuning39", "tuning40", "tuning41", "tuning42", "tuning43", "tuning44", "tuning45", "tuning46", "tuning47", "tuning48", "tuning49", "tuning50", "tuning51", "tuning52", "tuning53", "tuning54", "tuning55", "tuning56", "tuning57", "tuning58", "tuning59", "tuning60", "tuning61", "tuning62", "tuning63", "tuning64", "tuning65", "tuning66", "tuning67", "tuning68", "tuning69", "tuning70", "tuning71", "tuning72", "tuning73", "tuning74", "tuning75", "tuning76", "tuning77", "tuning78", "tuning79", "tuning80", "tuning81", "tuning82", "tuning83", "tuning84", "tuning85", "tuning86", "tuning87", "tuning88", "tuning89", "tuning90", "tuning91", "tuning92", "tuning93", "tuning94", "tuning95", "tuning96", "tuning97", "tuning98", "tuning99", "tuning100", "tuning101", "tuning102", "tuning103", "tuning104", "tuning105", "tuning106", "tuning107", "tuning108", "tuning109", "tuning110", "tuning111", "tuning112", "tuning113", "heldout12", "heldout13", "tuning114", "tuning115", "tuning116", "tuning117", "tuning118", "tuning119", "tuning120", "tuning121", "tuning122", "tuning123", "heldout14", "heldout15", "tuning124", "tuning125", "tuning126", "tuning127", "tuning128", "tuning129", "tuning130", "tuning131", "tuning132", "tuning133", "tuning134", "tuning135", "tuning136", "tuning137", "tuning138", "tuning139", "heldout16", "heldout17", "heldout18", "heldout19", "tuning141", "tuning142", "heldout20", "tuning140", "tuning143", "heldout21", "heldout22", "heldout23", "tuning144", "tuning145", "tuning146", "tuning147", "tuning149", "tuning148", "tuning152", "tuning150", "tuning151", "heldout24", "tuning153", "tuning154", "tuning155", "tuning156", "tuning157", "heldout25", "heldout26", "tuning158", "tuning159", "tuning160", "tuning161", "heldout27", "heldout28", "tuning162", "tuning163", "tuning164", "heldout29", "heldout30", "tuning165", "tuning166", "tuning167", "tuning168", "tuning169", "tuning170", "tuning171", "tuning172", "tuning173", "tuning174", "tuning175", "tuning176", "tuning177", "tuning178", "tuning179", "tuning180", "tuning181", "tuning182", "tuning183", "tuning184", "tuning185", "tuning186", "tuning187", "tuning188", "tuning189", "tuning190", "tuning191", "tuning192", "tuning193", "tuning194", "tuning195", "tuning196", "tuning197", "tuning198", "tuning199", "tuning200", "tuning201", "tuning202", "tuning203", "tuning204", "tuning205", "tuning206", "tuning207", "tuning208", "tuning209", "tuning210", "tuning211", "tuning212", "tuning213", "tuning214", "tuning215", "tuning216", "tuning217", "tuning218", "tuning219", "tuning220", "tuning221", "tuning222", "tuning223", "tuning224", "tuning225", "tuning226", "tuning227", "tuning228", "tuning229", "tuning230", "tuning231", "tuning232"}

// evalCount accumulates one category's figures.
type evalCount struct {
	facts, found        int // labelled facts, and how many were proposed
	proposals, correct  int // proposals matching a fact of the category, and those matching no distractor
	distractors, leaked int // labelled distractors, and how many were proposed
	duplicates          int
}

// evalResult is the outcome of one half of the corpus.
type evalResult struct {
	name                   string
	projects, sessions     int
	formats                map[string]int
	proposals, correct     int
	facts, found           int
	duplicates, conflicts  int
	secondRun              int
	byCat                  map[string]*evalCount
	misses, falsePositives []string
	duplicateLines         []string       // each fact proposed twice, with its proposals (non-blind halves' log only)
	lost                   []string       // memory lines taken out that no label calls old (lostLines; log only)
	anatomy                map[string]int // why misses and wrong lines happened (anatomyOf)
	proposed               []string       // every proposal, for reading
	rules                  []ruleRow      // every proposal and its rule (-eval-rules)
}

func (h *evalResult) cat(c string) *evalCount {
	if h.byCat[c] == nil {
		h.byCat[c] = &evalCount{}
	}
	return h.byCat[c]
}

func (h *evalResult) precision() float64 { return ratio(h.correct, h.proposals) }
func (h *evalResult) recall() float64    { return ratio(h.found, h.facts) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// checkFrozen fails when a held-out file changed since it was frozen.
func checkFrozen(t *testing.T, half string) {
	t.Helper()
	dir := filepath.Join(evalDir, half)
	data, err := os.ReadFile(filepath.Join(dir, "FROZEN"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, ln := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		sum, name, _ := strings.Cut(ln, "  ")
		want[name] = sum
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) != len(want) {
		t.Fatalf("held-out has %d scripts, FROZEN lists %d", len(files), len(want))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if hex.EncodeToString(sum[:]) != want[filepath.Base(f)] {
			t.Fatalf("held-out %s changed after it was frozen", filepath.Base(f))
		}
	}
}

func TestEval(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: evaluation skipped")
	}
	checkFrozen(t, "heldout")
	checkFrozen(t, "heldout2")
	checkFrozen(t, "heldout3")
	checkFrozen(t, "heldout4")
	checkFrozen(t, "heldout5")
	checkFrozen(t, "heldout6")
	checkFrozen(t, "heldout7")
	checkFrozen(t, "heldout8")
	checkFrozen(t, "heldout9")
	checkFrozen(t, "heldout10")
	checkFrozen(t, "heldout11")
	checkFrozen(t, "heldout12")
	checkFrozen(t, "heldout13")
	checkFrozen(t, "heldout14")
	checkFrozen(t, "heldout15")
	checkFrozen(t, "heldout16")
	checkFrozen(t, "heldout17")
	checkFrozen(t, "heldout18")
	checkFrozen(t, "heldout19")
	checkFrozen(t, "heldout20")
	checkFrozen(t, "heldout21")
	checkFrozen(t, "heldout22")
	checkFrozen(t, "heldout23")
	checkFrozen(t, "heldout24")
	checkFrozen(t, "heldout25")
	checkFrozen(t, "heldout26")
	checkFrozen(t, "heldout27")
	checkFrozen(t, "heldout28")
	checkFrozen(t, "heldout29")
	checkFrozen(t, "heldout30")
	red, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The production hook: a text the redactor cannot vouch for is held.
	redactFn := red.Hook(context.Background(), nil, nil)
	if *evalHalf != "" {
		for _, h := range strings.Split(*evalHalf, ",") {
			if !slices.Contains(evalHalves, h) {
				t.Fatalf("-eval-half: no half %q (known: %s)", h, strings.Join(evalHalves, ", "))
			}
		}
	}
	var halves []*evalResult
	for seed, half := range evalHalves {
		if *evalHalf != "" && !slices.Contains(strings.Split(*evalHalf, ","), half) {
			continue
		}
		h := &evalResult{name: half, formats: map[string]int{}, byCat: map[string]*evalCount{}, anatomy: map[string]int{}}
		files, _ := filepath.Glob(filepath.Join(evalDir, half, "*.txt"))
		sort.Strings(files)
		for i, f := range files {
			p, err := parseEvalProject(f)
			if err != nil {
				t.Fatal(err)
			}
			evalProjectRun(t, h, p, (seed+1)*100+i, redactFn)
		}
		halves = append(halves, h)
	}
	report := evalReport(halves)
	if *evalRules != "" {
		writeRuleRows(t, *evalRules, halves)
	}
	if *evalOut != "" {
		if err := os.WriteFile(*evalOut, []byte(report), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Log("\n" + report)
	total, projects := 0, 0
	for _, h := range halves {
		total += h.sessions
		projects += h.projects
		if blind[h.name] {
			continue // never in a log either: a failing run prints every line
		}
		for _, m := range h.misses {
			t.Logf("%s: missed %s", h.name, m)
		}
		for _, m := range h.falsePositives {
			t.Logf("%s: false positive %s", h.name, m)
		}
		// A proposal repeating a memory line is a false positive above;
		// one fact proposed twice is named here with both lines.
		for _, m := range h.duplicateLines {
			t.Logf("%s: duplicate %s", h.name, m)
		}
		for _, m := range h.lost {
			t.Logf("%s: lost memory line %s", h.name, m)
		}
	}
	if *evalHalf != "" {
		return
	}
	if total < 80 || projects < 8 {
		t.Errorf("corpus has %d sessions in %d projects; want ≥80 in ≥8", total, projects)
	}
	for _, h := range halves {
		if len(h.formats) < 3 {
			t.Errorf("%s half covers formats %v, want all three", h.name, h.formats)
		}
		// (A blind half's second-run additions are reported in EVAL.md,
		// not gated, for the reason below: a gate naming one would
		// have the rules tuned on it.)
		if h.secondRun != 0 && !untuned[h.name] && !blind[h.name] {
			t.Errorf("%s: a second run proposed %d more items", h.name, h.secondRun)
		}
	}
	// Duplicates and contradictions must be zero on both halves. Precision
	// and recall are held to the floor the held-out half reached when the
	// rules were frozen (a regression guard); EVAL.md says whether the
	// issue's targets are met. heldout3 and the blind halves (heldout4 to
	// heldout19) are measured, not gated: heldout3 was frozen below the
	// targets, the blind halves were frozen unmeasured, and a gate on any
	// would invite tuning the rules on the halves nobody has fitted them to.
	for _, h := range halves {
		if h.name == "heldout3" || blind[h.name] || untuned[h.name] {
			continue
		}
		if h.duplicates != 0 || h.conflicts != 0 {
			t.Errorf("%s: duplicates %d, contradictions %d; want 0", h.name, h.duplicates, h.conflicts)
		}
	}
	ho := halves[0]
	if ho.precision() < heldOutFloor.precision || ho.recall() < heldOutFloor.recall {
		t.Errorf("held-out regressed: precision %.3f (floor %.2f), recall %.3f (floor %.2f)",
			ho.precision(), heldOutFloor.precision, ho.recall(), heldOutFloor.recall)
	}
}

// untuned are tuning halves with real extractor errors still open in the
// gated counts (duplicates, contradictions, a second run's additions): they
// are measured but not gated until those errors are fixed, so that a new
// half can land before the fixes it prompts. Each leaves once it is clean
// (tuning23 did at stop 18, tuning22 and tuning24 to tuning27 at stop 19,
// tuning29, tuning32 and tuning33 at stop 20, tuning35 at stop 21,
// tuning30, tuning36, tuning37 and tuning41 at stop 23, tuning31,
// tuning42 and tuning43 at stop 24, tuning50 at stop 26, tuning54,
// tuning56, tuning63, tuning70 and tuning74 at stop 28, tuning82,
// tuning83, tuning85 and tuning86 at stop 29, tuning34, tuning89,
// tuning94, tuning95 and tuning97 at stop 30, tuning109 at stop 31,
// tuning51, tuning79 and tuning142 at stop 32, tuning108 and tuning129
// at stop 33, tuning57, tuning68, tuning152, tuning153, tuning159 and
// tuning160 at stop 38, tuning61 and tuning165 at stop 39, tuning181 and
// tuning183 at stop 41, tuning156, tuning168, tuning169, tuning190,
// tuning202, tuning209 and tuning224 at stop 46).
// Open now: tuning39
// proposes a line that repeats the global file's date format (joined to
// a rule of the same list item); tuning44
// proposes a correction (reghdfe) twice; tuning49 proposes a correction
// (the Raku grammar) twice from one session; tuning55 restates
// MEMORY.md's roxygen line; tuning62 proposes a recurring rounding
// rule twice and restates two MEMORY.md lines; tuning64 restates
// MEMORY.md's features line, and its 8-line budget leaves a rule to a
// second run; tuning65 restates MEMORY.md's hand-written export list line;
// tuning66 proposes a recurring fact (SVG icons) twice, in two requests;
// tuning67 restates a MEMORY.md line ("the convention stays what it's
// been"); tuning71 proposes a correction ($wpdb prepare) twice;
// tuning73 restates MEMORY.md's
// shelf_router line and proposes a recurring fact (errors through
// ereport) twice; tuning76 proposes a recurring fact (Finset) twice and
// restates MEMORY.md's router line; tuning77 restates MEMORY.md's
// random_state line; tuning80 proposes a recurring fact (secrets rendered
// from Vault) twice; tuning84 proposes a correction (generated CRD yaml) twice and restates
// MEMORY.md's results directory in a global line; tuning90 proposes a skill
// (flashing the garden sensor) and a recurring fact (images in _media)
// twice; tuning91 proposes a recurring fact (UTC timestamps) twice and
// leaves MEMORY.md's nRF Connect SDK 2.5.0 beside 2.7.0; tuning93
// proposes a recurring fact (typing events never stored) twice; tuning98 restates MEMORY.md's levels
// folder line; tuning102 restates MEMORY.md's parseopt line twice and
// proposes a correction (no I/O in a node) twice; tuning105 drafts a
// skill of the migrations MEMORY.md names (its distractor for a restated
// line) and, its skill budget spent, leaves a skill to a second run;
// tuning115 restates MEMORY.md's Skeleton line;
// tuning118 proposes a recurring fact (Warsaw time zone) and a correction
// (shadow DOM) twice; tuning119 proposes a correction (state processors)
// twice; tuning122 proposes a recurring fact (115200 baud) twice;
// tuning124 proposes a recurring fact (no
// account IDs in the code) twice;
// tuning125 restates MEMORY.md's azure-native line; tuning126 restates
// MEMORY.md's autodoc line; tuning127 proposes a recurring
// fact (the fiscal year) twice and a sensor line that restates MEMORY.md;
// tuning128 proposes a correction (the churn threshold in parameters)
// twice; tuning141 proposes a recurring fact (kelvin) twice; tuning143
// proposes a correction (context.log, no console.log) twice; tuning147
// proposes a lasting rule (handoff to a human) twice. tuning155 and tuning157 leave a memory line
// beside the rule that reverses it: tuning155 its policy.csv line,
// tuning157 its COPY_ON_WRITE line.
// tuning161 restates MEMORY.md's test base class line; tuning163
// proposes a recurring fact (Berlin time) twice; tuning166 proposes a
// global rule (named exports) twice; tuning167 proposes a
// correction (the payments worker's floor) twice.
// tuning170 and tuning172 leave a memory line beside the rule that
// reverses it: tuning170 its float degrees line, tuning172 its mesh bed
// levelling line; tuning170
// also proposes a one-off request naming its sensor as MEMORY.md does
// and leaves its no-float correction to a second run, and tuning171
// restates MEMORY.md's sprites line. tuning173 and tuning174 leave a
// memory line beside the rule that replaces it (tuning173 its QTimer
// and annotation rows lines, tuning174 its template copies line);
// tuning173 and tuning176
// propose a recurring fact twice (the hydrogen fraction, the GPS
// interval), and tuning174 and tuning175 restate a MEMORY.md line (the
// compile output, gh-ost); tuning175 also proposes a recurring fact
// (timestamptz) twice, once inside the rule that replaces its volatility
// line. tuning182 restates MEMORY.md's generated-src
// line; tuning184 proposes a lasting rule (cone numbers are text) and a
// rule (detect from the substream) twice and rewrites MEMORY.md's cameras
// line with a sentence that restates it. tuning186 restates MEMORY.md's
// MapLibre line, and tuning187 proposes a recurring fact (the Madeira
// episodes) twice (tuning188 and tuning192, which left a version line and
// a local time line beside their new values, are clean since stop 47 and
// gated). tuning189 restates MEMORY.md's zero-page line, and tuning191
// proposes a recurring fact (four volunteers on Saturdays) twice.
// tuning193 leaves two memory lines beside the rules that reverse them
// (include_str!, no NNUE) and restates MEMORY.md's synthetic samples
// line; tuning195 proposes a recurring fact (camt.053) twice. tuning197 to tuning208 leave a memory line
// beside the rule that reverses it (tuning197 .eslintrc, tuning198 the
// warn-only hook and the decision thresholds, tuning203 fixtures copied
// from real scans, tuning204 the waiting-list order, tuning205 Dolibarr
// 19.0, tuning206 camelCase), propose a fact twice
// (tuning199 the QEMU base, tuning203 the one-page summary, tuning204 the
// clubhouse Excel and the _dupes rule, tuning205 the sender id, tuning208
// the CDN rule and the wheelchair spaces) or restate a MEMORY.md line
// (tuning197 no bundler, tuning200 the Forge deploy, tuning206 the flaky
// definition, tuning207 two). tuning211 to tuning216, written in stop 44,
// leave a memory line beside the rule that reverses it (tuning211 the
// soffice PDF line, tuning212 the score 50 cut-off and the tagged RPKI
// invalids, tuning213 two, tuning215 the loose PNGs), propose a fact
// twice or restate a MEMORY.md line (tuning212 to tuning214, tuning216
// five). tuning217 to tuning219, written in stop 45, leave a memory line
// beside the rule that reverses it (tuning217 streaming into the mirror
// path, tuning219 the pid.c defaults), propose a fact twice (tuning218 the SSCC at pack level and
// PHP 8.3) or restate a MEMORY.md line (tuning219 deu+eng). tuning221
// and tuning223, written in stop 46, leave a memory line beside the value
// that replaces it (tuning221 the pgsql dev site and Weave.jl, tuning223
// the DWB controller) or propose a fact twice (tuning223 KiCad 8).
// tuning225 and tuning226, written in stop 47, leave a memory line beside
// the value that replaces it (tuning225 the gold folder and the 092 call
// numbers, tuning226 pandas) or restate a MEMORY.md line (tuning225 the
// MARC-8 export). tuning230 and tuning231, written in stop 48, propose a
// fact twice (tuning230 UTC, tuning231 the Monday closing); tuning231's
// second-run line (the ZD421 label printer) went with the stop's fixes.
var untuned = map[string]bool{"tuning39": true, "tuning44": true, "tuning49": true,
	"tuning55": true, "tuning62": true, "tuning64": true, "tuning65": true,
	"tuning66": true, "tuning67": true,
	"tuning71": true, "tuning73": true, "tuning76": true, "tuning77": true,
	"tuning80": true,
	"tuning84": true, "tuning90": true, "tuning91": true, "tuning93": true,
	"tuning98": true, "tuning102": true, "tuning105": true,
	"tuning115": true, "tuning118": true, "tuning119": true,
	"tuning122": true, "tuning124": true, "tuning125": true, "tuning126": true, "tuning127": true,
	"tuning128": true, "tuning141": true, "tuning143": true, "tuning147": true,
	"tuning155": true, "tuning157": true, "tuning161": true,
	"tuning163": true, "tuning166": true, "tuning167": true,
	"tuning170": true, "tuning171": true, "tuning172": true,
	"tuning173": true, "tuning174": true, "tuning175": true, "tuning176": true,
	"tuning182": true, "tuning184": true,
	"tuning186": true, "tuning187": true,
	"tuning189": true, "tuning191": true,
	"tuning193": true, "tuning195": true,
	"tuning197": true, "tuning198": true, "tuning199": true, "tuning200": true,
	"tuning203": true, "tuning204": true,
	"tuning205": true, "tuning206": true, "tuning207": true, "tuning208": true,
	"tuning211": true, "tuning212": true,
	"tuning213": true, "tuning214": true, "tuning215": true, "tuning216": true,
	"tuning217": true, "tuning218": true, "tuning219": true,
	"tuning221": true, "tuning223": true, "tuning225": true, "tuning226": true,
	"tuning230": true, "tuning231": true,
}

// heldOutTarget is what issue 14 asks of the held-out half; heldOutFloor is
// what it measured when the rules were frozen.
var (
	heldOutTarget = struct{ precision, recall float64 }{0.9, 0.7}
	heldOutFloor  = struct{ precision, recall float64 }{0.89, 0.80}
)

// evalWorld sets one project up as a person's machine would hold it: its
// memory files in place and its sessions rendered in their agents' own
// formats and read back. in is the extractor's input as it stands (read
// again for each run, so a second run sees the first one's tombstones);
// formats names each session's agent.
func evalWorld(t *testing.T, p *evalProject, seed int, redactFn func(string) string) (w *world, in func() Input, formats []string) {
	t.Helper()
	w = newWorld(t)
	w.memDir = filepath.Join(w.home, ".gemini", "tmp", p.name, "memory")
	if err := os.MkdirAll(w.memDir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, body := range p.files {
		dst := filepath.Join(w.memDir, name)
		if name == "GEMINI.md" {
			dst = w.global
		}
		if err := writeFile(dst, body); err != nil {
			t.Fatal(err)
		}
	}
	paths, err := renderEval(filepath.Join(w.home, "transcripts"), p, seed)
	if err != nil {
		t.Fatal(err)
	}
	var sessions []Session
	for _, ps := range paths {
		s, err := new(transcript.Reader).ReadSession(ps[0], transcript.Source(ps[1]))
		if err != nil {
			t.Fatalf("%s: read %s: %v", p.file, ps[0], err)
		}
		sessions = append(sessions, Session{Session: s, New: true})
		formats = append(formats, ps[1])
	}
	in = func() Input {
		ts, _ := tombstone.Load(w.dir().Tombstones())
		return Input{Dir: w.dir(), Sessions: sessions, Read: ReadTranscript,
			Tombstones: ts, Redact: redactFn, Now: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)}
	}
	return w, in, formats
}

// evalProjectRun runs the extractor twice over one project and scores the
// first run.
func evalProjectRun(t *testing.T, h *evalResult, p *evalProject, seed int, redactFn func(string) string) {
	t.Helper()
	w, in, formats := evalWorld(t, p, seed, redactFn)
	for _, f := range formats {
		h.formats[f]++
	}
	h.projects++
	h.sessions += len(formats)
	res, err := Extract(context.Background(), in(), zerolog.Nop())
	if err != nil {
		t.Fatalf("%s: %v", p.file, err)
	}
	if !*evalFast {
		validateWithGemini(t, w)
	}

	outs := producedBy(t, w, res)
	edits := globalEdits(t, w)
	compatible := func(factKind string, o produced) bool {
		switch factKind {
		case "global", "skill":
			return o.kind == factKind
		}
		return o.kind == "memory" || o.kind == "verification" || o.kind == "global" && edits(o.text)
	}
	var rules []string
	if *evalRules != "" && !blind[h.name] {
		rules = proposalRules(t, w, res)
	}
	hits := map[string]int{}
	lines := map[string][]string{} // the proposals standing for each fact, for the duplicate log
	byFact := map[string][]produced{}
	var before []string // every line memory held before the run
	for _, body := range p.files {
		before = append(before, strings.Split(body, "\n")...)
	}
	var unmatched []produced
	for i, o := range outs {
		h.proposals++
		// A skill is judged by what varies from one draft to the next
		// (its name, when-to-use line and steps), never by the fixed
		// sentences every SKILL.md carries, which would match a label's
		// common word ("skip", "status") in every skill.
		said := summary(o.text)
		h.proposed = append(h.proposed, p.name+": "+o.kind+": "+said)
		var facts, nots []evalItem
		for _, it := range p.items {
			if !it.m.match(said) {
				continue
			}
			if it.kind == "not" {
				nots = append(nots, it)
			} else if compatible(it.kind, o) {
				facts = append(facts, it)
			}
		}
		// A proposal stands for one fact: of the facts it matches, one of
		// its own kind (a verification line for a verification fact)
		// first, then one not yet proposed, then the most specific.
		if len(facts) > 1 {
			sort.SliceStable(facts, func(i, j int) bool {
				ki, kj := facts[i].kind == o.kind, facts[j].kind == o.kind
				if ki != kj {
					return ki
				}
				if hits[facts[i].id] != hits[facts[j].id] {
					return hits[facts[i].id] < hits[facts[j].id]
				}
				return specificity(facts[i].m) > specificity(facts[j].m)
			})
			facts = facts[:1]
		}
		for _, it := range facts {
			hits[it.id]++
			lines[it.id] = append(lines[it.id], fmt.Sprintf("%s %q", o.kind, said))
			byFact[it.id] = append(byFact[it.id], o)
			h.cat(it.category).proposals++
			if len(nots) == 0 {
				h.cat(it.category).correct++
			}
		}
		for _, it := range nots {
			h.cat(it.category).leaked++
			if it.category == "existing" {
				h.duplicates++
				h.cat(it.category).duplicates++
				dupOfMemory(h.anatomy, o, before)
			}
		}
		if rules != nil {
			h.rules = append(h.rules, ruleRowOf(p.name, rules[i], o, facts, nots))
		}
		if len(facts) > 0 && len(nots) == 0 {
			h.correct++
			continue
		}
		why := "matches no fact"
		if len(nots) == 0 {
			unmatched = append(unmatched, o)
		}
		if len(nots) > 0 {
			why = "matches distractor " + nots[0].id + " (" + nots[0].category + ")"
		}
		h.falsePositives = append(h.falsePositives, fmt.Sprintf("%s: %s %q: %s", p.name, o.kind, summary(o.text), why))
	}
	for _, it := range p.items {
		if it.kind == "not" {
			h.cat(it.category).distractors++
			continue
		}
		c := h.cat(it.category)
		c.facts++
		h.facts++
		if hits[it.id] > 0 {
			c.found++
			h.found++
		} else {
			h.misses = append(h.misses, fmt.Sprintf("%s: %s %s (%s)", p.name, it.id, it.kind, it.why))
		}
		if hits[it.id] > 1 {
			c.duplicates += hits[it.id] - 1
			h.duplicates += hits[it.id] - 1
			dupOfFact(h.anatomy, byFact[it.id])
			h.duplicateLines = append(h.duplicateLines, fmt.Sprintf("%s: %s %s proposed %d times: %s", p.name, it.id, it.category, hits[it.id], strings.Join(lines[it.id], " and ")))
		}
	}
	anatomyOf(h.anatomy, p.items, hits, outs, unmatched)
	final := appliedMemory(t, w)
	for path, text := range final {
		n := 0
		for _, ln := range strings.Split(text, "\n") {
			if isVerificationLine(ln) {
				n++
			}
		}
		if n > 1 {
			h.duplicates += n - 1
			h.anatomy[dupVerify] += n - 1
			h.cat("structured").duplicates += n - 1
			h.falsePositives = append(h.falsePositives, fmt.Sprintf("%s: %d verification lines in %s", p.name, n, filepath.Base(path)))
		}
	}
	for _, l := range lostLines(h.anatomy, before, final, p.items, p.conflicts) {
		h.lost = append(h.lost, p.name+": "+l)
	}
	for _, c := range p.conflicts {
		var a, b string // the lines matching each side
		for _, text := range final {
			for _, ln := range strings.Split(text, "\n") {
				if a == "" && c[0].match(ln) {
					a = ln
				}
				if b == "" && c[1].match(ln) {
					b = ln
				}
			}
		}
		if a != "" && b != "" {
			h.conflicts++
			conflictOf(h.anatomy, a, b, before)
			h.falsePositives = append(h.falsePositives, fmt.Sprintf("%s: contradiction %v / %v", p.name, c[0].want, c[1].want))
		}
	}
	again, err := Extract(context.Background(), in(), zerolog.Nop())
	if err != nil {
		t.Fatalf("%s: second run: %v", p.file, err)
	}
	h.secondRun += len(again.Candidates)
	for _, c := range again.Candidates {
		h.falsePositives = append(h.falsePositives, fmt.Sprintf("%s: second run adds %s %q", p.name, c.Kind, c.Text))
	}
}

// summary is a proposal on one line: a memory line as is, a skill as its
// name and steps.
func summary(text string) string {
	if !strings.HasPrefix(text, "---") {
		return text
	}
	var parts []string
	for _, ln := range strings.Split(text, "\n") {
		if strings.HasPrefix(ln, "name: ") || strings.HasPrefix(ln, "- The work calls") || len(ln) > 3 && ln[0] >= '1' && ln[0] <= '9' && strings.HasPrefix(ln[1:], ". ") {
			parts = append(parts, ln)
		}
	}
	return strings.Join(parts, " | ")
}

// specificity is how much of a proposal a matcher pins down: the more it
// asks for, the likelier it is the fact the proposal states.
func specificity(m matcher) int {
	n := 0
	for _, w := range m.want {
		n += len(w)
	}
	return n
}

// globalEdits tells whether a proposal's text is an in-place edit of a
// line the half's GEMINI.md (the global file) already held: a value noted
// there that a session changes is edited where it stands, so the edit
// counts for a memory fact as well as a new project line would. A new
// line added to the global file does not.
func globalEdits(t *testing.T, w *world) func(string) bool {
	t.Helper()
	replaced := editedLines(t, w.globalPatch())
	return func(text string) bool {
		text = strings.TrimSpace(text)
		return text != "" && replaced[text]
	}
}

// appliedMemory is every memory file as it reads once the pending patches
// are applied: the state a person gets by accepting the whole inbox.
func appliedMemory(t *testing.T, w *world) map[string]string {
	t.Helper()
	out := map[string]string{}
	read := func(path string) {
		if _, ok := out[path]; ok {
			return
		}
		b, _ := os.ReadFile(path)
		out[path] = string(b)
	}
	read(filepath.Join(w.memDir, "MEMORY.md"))
	read(w.global)
	for _, pp := range []string{w.privatePatch(), w.globalPatch()} {
		p := pendingPatch(t, pp)
		if p == nil {
			continue
		}
		for _, f := range p.Files {
			read(f.Path)
			res, err := patch.ApplyText([]byte(out[f.Path]), f)
			if err != nil {
				t.Fatalf("apply %s: %v", pp, err)
			}
			out[f.Path] = string(res)
		}
	}
	return out
}

// blind are the halves nobody tunes on: EVAL.md and the test log give
// their figures by category but never their items, so the next score is as
// blind as the last.
var blind = map[string]bool{"heldout4": true, "heldout5": true, "heldout6": true, "heldout7": true, "heldout8": true, "heldout9": true, "heldout10": true, "heldout11": true, "heldout12": true, "heldout13": true, "heldout14": true, "heldout15": true, "heldout16": true, "heldout17": true, "heldout18": true, "heldout19": true, "heldout20": true, "heldout21": true, "heldout22": true, "heldout23": true, "heldout24": true, "heldout25": true, "heldout26": true, "heldout27": true, "heldout28": true, "heldout29": true, "heldout30": true}

// evalReport renders EVAL.md.
func evalReport(halves []*evalResult) string {
	var b strings.Builder
	b.WriteString("# Offline extractor evaluation\n\n")
	b.WriteString("Generated by `just eval` (`go test ./internal/offline -run TestEval -eval-out`); do not edit.\n")
	b.WriteString("Corpus: testdata/offline-eval (see its README.md). `heldout` was written before the rules were\n")
	b.WriteString("changed and is frozen by checksum; the rules were tuned on `tuning` only. `heldout` was looked at\n")
	b.WriteString("once its figures were frozen (precision 0.897, recall 0.814, 0 duplicates, 0 contradictions), and\n")
	b.WriteString("defects it showed were then fixed (a two-word fact sentence dropped, leaving \"Never edit it\" with no\n")
	b.WriteString("antecedent; Flutter checks not known; read-only tool subcommands taken as steps), so its figures since\n")
	b.WriteString("are no longer independent. `heldout2` was written and frozen before those fixes and is the unseen check.\n")
	b.WriteString("`heldout3` was written later by someone who had not read the rules or the other halves, and frozen\n")
	b.WriteString("before it was first measured (precision 0.65, recall 0.43, 2 duplicates); it was not opened while the\n")
	b.WriteString("rules were changed after that. Measured blind twice (precision 0.65 / recall 0.43 at freeze,\n")
	b.WriteString("0.79 / 0.62 at stop 12), it has since been a tuning half: its per-item results were read and rules\n")
	b.WriteString("written for what it showed, so its figures below are no longer independent. `heldout4` was written\n")
	b.WriteString("the same way, later, and frozen before it was first measured (precision 0.85, recall 0.35, 3\n")
	b.WriteString("duplicates, 0 contradictions); nobody changing the rules opened it, and its items are never listed\n")
	b.WriteString("below, but during stop 14 it stopped being fully blind: its domains were named in the corpus README\n")
	b.WriteString("and one tuning slice named tools of those domains (removed again within the hour), a failing test\n")
	b.WriteString("run printed its items for about 35 minutes, and its aggregate figures were seen once mid-stop.\n")
	b.WriteString("`heldout5` (stop 14), `heldout6` (stop 15) and `heldout7` (stop 16) were written the same way:\n")
	b.WriteString("their domains are named nowhere, nobody changing the rules opened or ran them, and they are scored\n")
	b.WriteString("only at the end of a stop: they are the blind sets now (at freeze: heldout6 precision 0.87, recall\n")
	b.WriteString("0.55, 1 duplicate, 1 contradiction; heldout7 0.65 / 0.48, 1 duplicate, 0 contradictions).\n")
	b.WriteString("`tuning6` (stop 13) and `tuning7` to `tuning10` (stop 14) were written by people who had read\n")
	b.WriteString("neither the rules nor the other halves, and tuned on after their first figures (tuning6 precision\n")
	b.WriteString("0.96 recall 0.54; tuning7 0.85 / 0.59, tuning8 0.53 / 0.33, tuning9 0.81 / 0.47, tuning10 0.83 / 0.42,\n")
	b.WriteString("each after its writer fixed the label errors its first run showed). `tuning2` to `tuning5`\n")
	b.WriteString("were written to generalise without looking at it, each before the rules it then prompted, in domains\n")
	b.WriteString("and voices unlike `tuning` (facts mid-paragraph, repeats without markers, typos, paraphrases of\n")
	b.WriteString("memory); first measured: tuning2 precision 0.74 recall 0.63 (2 duplicates), tuning3 1.00 / 0.62,\n")
	b.WriteString("tuning4 0.90 / 0.60, tuning5 1.00 / 0.60. They are tuned on now; their figures below are no longer\n")
	b.WriteString("independent.\n\n")
	b.WriteString("`tuning11` to `tuning13` (stop 15) were written the same way, by people who had read neither the\n")
	b.WriteString("rules nor any other half; first measured after their label fixes: tuning11 precision 0.84 recall\n")
	b.WriteString("0.58 (0.76 / 0.54 before), tuning12 0.79 / 0.48 (0.73 / 0.46), tuning13 0.76 / 0.42 (0.76 / 0.41).\n")
	b.WriteString("`tuning14` to `tuning17` (stop 16) too: first measured tuning14 0.85 / 0.56, tuning15 0.91 / 0.57\n")
	b.WriteString("(0.85 / 0.55 before its label fixes), tuning16 0.83 / 0.54, tuning17 0.81 / 0.59 (0.88 / 0.64).\n")
	b.WriteString("`tuning18` to `tuning21` (stop 17): first measured tuning18 0.82 / 0.68, tuning19 0.81 / 0.70,\n")
	b.WriteString("tuning20 0.80 / 0.66, tuning21 0.91 / 0.58. `tuning22` to `tuning25` (stop 18): tuning22 0.87 / 0.57,\n")
	b.WriteString("tuning23 0.88 / 0.57, tuning24 0.81 / 0.49, tuning25 0.85 / 0.59 (each before its label fixes).\n")
	b.WriteString("`tuning26` to `tuning29` (stop 19): tuning26 0.95 / 0.66, tuning27 0.90 / 0.67, tuning28 0.95 /\n")
	b.WriteString("0.62, tuning29 0.81 / 0.64 (each before its label fixes). `tuning30` to `tuning33` (stop 20):\n")
	b.WriteString("tuning30 0.90 / 0.68, tuning31 0.89 / 0.70, tuning32 0.85 / 0.61, tuning33 0.86 / 0.60 (same).\n")
	b.WriteString("`tuning34` to `tuning37` (stop 21): tuning34 0.92 / 0.75, tuning35 0.96 / 0.74, tuning36 0.87 /\n")
	b.WriteString("0.55, tuning37 0.79 / 0.49 (same). `tuning38` to `tuning41` (stop 23): tuning38 0.84 / 0.69,\n")
	b.WriteString("tuning39 0.96 / 0.74 (2 duplicates), tuning40 0.80 / 0.73, tuning41 0.80 / 0.59 (3 duplicates) (same).\n")
	b.WriteString("`tuning42` to `tuning45` (stop 24): tuning42 0.92 / 0.73 (3 duplicates), tuning43 0.90 / 0.84 (3\n")
	b.WriteString("duplicates), tuning44 0.86 / 0.68 (3 duplicates), tuning45 0.89 / 0.67 (same).\n")
	b.WriteString("`tuning46` to `tuning49` (stop 25): tuning46 0.88 / 0.64, tuning47 0.93 / 0.68, tuning48 0.89 /\n")
	b.WriteString("0.69 (1 duplicate; 0.93 / 0.69 and none after its label fixes), tuning49 0.91 / 0.63 (1 duplicate,\n")
	b.WriteString("1 contradiction) (same).\n")
	b.WriteString("`tuning50` to `tuning53` (stop 26): tuning50 0.91 / 0.68, tuning51 0.87 / 0.59 (1 duplicate),\n")
	b.WriteString("tuning52 0.84 / 0.68, tuning53 0.91 / 0.74 (1 duplicate) (same); `tuning54` and `tuning55`\n")
	b.WriteString("(also stop 26): tuning54 0.84 / 0.68 (2 duplicates), tuning55 0.80 / 0.64 (1 duplicate), tuning56\n")
	b.WriteString("0.92 / 0.64 (1 contradiction), tuning57 0.77 / 0.64 (2 duplicates) (same).\n")
	b.WriteString("`tuning58` to `tuning61` (stop 27): tuning58 0.84 / 0.68, tuning59 0.93 / 0.77 (1 duplicate),\n")
	b.WriteString("tuning60 0.93 / 0.71, tuning61 0.81 / 0.61 (1 contradiction) (same); `tuning62` to `tuning65`\n")
	b.WriteString("(also stop 27): tuning62 0.82 / 0.73 (2 duplicates), tuning63 0.90 / 0.68 (1 contradiction),\n")
	b.WriteString("tuning64 0.82 / 0.68 (1 duplicate, 1 second-run addition), tuning65 0.82 / 0.68 (1 duplicate) (same);\n")
	b.WriteString("`tuning66` to `tuning69` (also stop 27, later): tuning66 0.83 / 0.66 (1 duplicate), tuning67 0.84 /\n")
	b.WriteString("0.75 (1 duplicate), tuning68 0.82 / 0.75 (1 duplicate, 1 second-run addition), tuning69 0.86 / 0.68\n")
	b.WriteString("(same).\n")
	b.WriteString("`tuning70` to `tuning73` (stop 28, at the rules of stop 27's end): tuning70 0.77 / 0.61 (1\n")
	b.WriteString("duplicate, 1 contradiction), tuning71 0.80 / 0.79 (2 duplicates), tuning72 0.88 / 0.68 (1\n")
	b.WriteString("duplicate), tuning73 0.80 / 0.71 (2 duplicates) (same); `tuning74` to `tuning77` (also stop\n")
	b.WriteString("28, at 6be8b13): tuning74 0.92 / 0.80 (1 duplicate), tuning75 0.91 / 0.75, tuning76 0.94 / 0.79 (2\n")
	b.WriteString("duplicates), tuning77 0.91 / 0.73 (2 duplicates, 1 contradiction) (same); `tuning78` to\n")
	b.WriteString("`tuning81` (also stop 28, at e7a5af9): tuning78 0.74 / 0.66, tuning79 0.87 / 0.73, tuning80 0.87 /\n")
	b.WriteString("0.70 (1 duplicate, 2 second-run additions), tuning81 0.96 / 0.80 (same).\n")
	b.WriteString("`tuning82` to `tuning85` (stop 29, at the rules of stop 28's end, ed6d440): tuning82 0.91 / 0.73\n")
	b.WriteString("(1 contradiction), tuning83 0.88 / 0.64 (2 duplicates), tuning84 0.81 / 0.75 (1 duplicate), tuning85\n")
	b.WriteString("0.83 / 0.62 (2 contradictions) (same); `tuning86` to `tuning89` (also stop 29, at c6252a6):\n")
	b.WriteString("tuning86 0.85 / 0.71 (1 contradiction), tuning87 0.88 / 0.68, tuning88 0.86 / 0.73 (1 duplicate),\n")
	b.WriteString("tuning89 0.88 / 0.73 (1 duplicate) (same); `tuning90` to `tuning93` (also stop 29, at 1c61826):\n")
	b.WriteString("tuning90 0.84 / 0.79 (2 duplicates), tuning91 0.87 / 0.80 (2 duplicates, 1 contradiction), tuning92\n")
	b.WriteString("0.90 / 0.79 (1 duplicate), tuning93 0.80 / 0.70 (1 duplicate) (same).\n")
	b.WriteString("`tuning94` to `tuning97` (stop 30, at the rules of stop 29's end, cbe0d21): tuning94 0.80 / 0.64\n")
	b.WriteString("(1 duplicate), tuning95 0.86 / 0.75 (1 duplicate), tuning96 0.79 / 0.77, tuning97 0.87 / 0.70\n")
	b.WriteString("(1 duplicate) (same); `tuning98` to `tuning101` (also stop 30, at c72fdef): tuning98 0.87 /\n")
	b.WriteString("0.61, tuning99 0.86 / 0.66, tuning100 0.93 / 0.70 (1 second-run addition), tuning101 0.82 / 0.79\n")
	b.WriteString("(4 duplicates) (same); `tuning102` to `tuning105` (also stop 30, at 922a5b8): tuning102 0.85 /\n")
	b.WriteString("0.71 (2 duplicates), tuning103 0.75 / 0.59, tuning104 0.87 / 0.68 (1 duplicate), tuning105 0.89 /\n")
	b.WriteString("0.73 (1 duplicate, 1 contradiction, 1 second-run addition) (same); `tuning106` to `tuning109`\n")
	b.WriteString("(also stop 30, at 06ab798): tuning106 0.95 / 0.68, tuning107 0.96 / 0.79, tuning108 0.76 / 0.70 (1\n")
	b.WriteString("contradiction), tuning109 0.80 / 0.77 (1 contradiction, 1 second-run addition) (same);\n")
	b.WriteString("`tuning110` to `tuning113` (stop 31, at the rules of stop 30's end, 303db1f): tuning110 0.91 /\n")
	b.WriteString("0.71, tuning111 0.84 / 0.73 (2 duplicates), tuning112 0.81 / 0.77, tuning113 0.98 / 0.79 (same);\n")
	b.WriteString("`tuning114` to `tuning117` (also stop 31, at f1e970b): tuning114 0.89 / 0.75, tuning115 0.86 /\n")
	b.WriteString("0.79 (1 duplicate), tuning116 0.83 / 0.71 (3 duplicates), tuning117 0.86 / 0.68 (same);\n")
	b.WriteString("`tuning118` to `tuning121` (also stop 31, at addbdf4): tuning118 0.88 / 0.86 (3 duplicates),\n")
	b.WriteString("tuning119 0.86 / 0.73 (1 duplicate, 1 second-run addition), tuning120 0.88 / 0.66, tuning121 0.84\n")
	b.WriteString("/ 0.70 (1 duplicate) (same); `tuning122` and `tuning123` (also stop 31, at 97020d0): tuning122\n")
	b.WriteString("0.92 / 0.77 (1 duplicate, 1 contradiction, 1 second-run addition), tuning123 0.98 / 0.75 (same);\n")
	b.WriteString("`tuning124` to `tuning127` (also stop 31, at e9ec74f): tuning124 0.90 / 0.79 (1 contradiction),\n")
	b.WriteString("tuning125 0.86 / 0.66 (1 duplicate), tuning126 0.92 / 0.80 (2 duplicates), tuning127 0.86 / 0.79 (3\n")
	b.WriteString("duplicates) (same); `tuning128` to `tuning131` (stop 32, at the rules of stop 31's end, bb0d15d):\n")
	b.WriteString("tuning128 0.91 / 0.70 (2 duplicates), tuning129 0.91 / 0.73 (1 contradiction), tuning130 0.89 /\n")
	b.WriteString("0.79 (2 duplicates), tuning131 0.91 / 0.77 (same); `tuning132` to `tuning135` (also stop 32, at\n")
	b.WriteString("5d41ad9): tuning132 0.94 / 0.80, tuning133 0.91 / 0.77, tuning134 0.87 / 0.71 (1 duplicate),\n")
	b.WriteString("tuning135 0.88 / 0.75 (1 duplicate) (same); `tuning136` to `tuning139` (also stop 32, at d6bdadf):\n")
	b.WriteString("tuning136 0.91 / 0.70 (2 duplicates), tuning137 0.91 / 0.75, tuning138 0.90 / 0.68, tuning139 0.88 /\n")
	b.WriteString("0.86 (3 duplicates, 1 contradiction) (same); `tuning140` to `tuning143` (stop 32's second session,\n")
	b.WriteString("at its first session's end, d3050f8): tuning140 0.91 / 0.77, tuning141 0.82 / 0.73 (1 second-run\n")
	b.WriteString("addition), tuning142 0.92 / 0.79 (1 contradiction), tuning143 0.92 / 0.80 (1 duplicate) (same);\n")
	b.WriteString("`tuning144` to `tuning146` (stop 33, at b22a3e7): tuning144 0.89 / 0.71 (0.91 / 0.73 after a label\n")
	b.WriteString("fix), tuning145 0.91 / 0.75 (1 duplicate), tuning146 0.79 / 0.59 (1 duplicate, 1 second-run\n")
	b.WriteString("addition) (same); `tuning147` to `tuning149` (also stop 33, at c202dbb, each with a second kind of\n")
	b.WriteString("conflict in four projects: a correction or rule that reverses a memory line): tuning147 0.94 / 0.77\n")
	b.WriteString("(1 duplicate, 1 contradiction; 0.96 / 0.79 after a label fix), tuning148 0.94 / 0.84 (2\n")
	b.WriteString("contradictions, 1 second-run addition), tuning149 0.91 / 0.77; `tuning150` to `tuning152` (also\n")
	b.WriteString("stop 33, at deee281, written the same way): tuning150 0.98 / 0.80 (1 contradiction), tuning151 0.87\n")
	b.WriteString("/ 0.73 (1 duplicate, 1 contradiction), tuning152 0.92 / 0.82 (2 contradictions) (same);\n")
	b.WriteString("`tuning153` to `tuning157` (stop 34, at the rules of stop 33's end, f8cb1ff, written the same way):\n")
	b.WriteString("tuning153 0.94 / 0.88 (3 contradictions), tuning154 0.90 / 0.64 (3 contradictions), tuning155 0.98\n")
	b.WriteString("/ 0.79 (2 contradictions), tuning156 0.89 / 0.73 (1 duplicate, 1 contradiction), tuning157 0.89 /\n")
	b.WriteString("0.75 (3 contradictions) (same); `tuning158` to `tuning161` (also stop 34, at 6f2b9e3): tuning158\n")
	b.WriteString("0.92 / 0.82 (1 duplicate; 0.94 / 0.82 and none after a label fix), tuning159 0.98 / 0.89 (1\n")
	b.WriteString("duplicate, 2 contradictions), tuning160 0.88 / 0.79 (2 duplicates; 0.92 / 0.80 and 1 after two label\n")
	b.WriteString("fixes), tuning161 0.85 / 0.70 (3 duplicates, 1 contradiction) (same); `tuning162` to `tuning164`\n")
	b.WriteString("(also stop 34, at 87240da): tuning162 0.91 / 0.77 (0.93 / 0.77 after a label fix), tuning163 0.93 /\n")
	b.WriteString("0.93 (1 duplicate, 1 contradiction; 0.95 / 0.93 after a label fix), tuning164 0.88 / 0.82 (2\n")
	b.WriteString("duplicates, 2 contradictions; 0.92 / 0.82 and no duplicate after two label fixes) (same);\n")
	b.WriteString("`tuning165` to `tuning168` (stop 37, at 94d3563, by writers who chose their own domains):\n")
	b.WriteString("tuning165 0.90 / 0.77 (1 duplicate, 2 contradictions; 0.94 / 0.80 and 3 after two label fixes),\n")
	b.WriteString("tuning166 0.87 / 0.73 (1 contradiction; 0.91 / 0.75, 1 duplicate after two label fixes), tuning167\n")
	b.WriteString("0.90 / 0.62 (2 duplicates, 2 contradictions), tuning168 0.86 / 0.86 (4 contradictions; 0.88 / 0.88\n")
	b.WriteString("after a label fix) (same); `tuning169` to `tuning172` (stop 38, at 64e45d7, written the same way):\n")
	b.WriteString("tuning169 0.98 / 0.80 (3 contradictions; 1.00 / 0.82 after a label fix), tuning170 0.88 / 0.79\n")
	b.WriteString("(1 duplicate, 3 contradictions, 1 second-run addition), tuning171 0.94 / 0.80 (1 duplicate, 2\n")
	b.WriteString("contradictions), tuning172 0.96 / 0.73 (2 duplicates, 3 contradictions; 0.91 / 0.73 and no\n")
	b.WriteString("duplicate after three label fixes) (same); `tuning173` to `tuning176` (stop 39, at 4d952a2, the\n")
	b.WriteString("same way): tuning173 0.88 / 0.77 (1 duplicate, 2 contradictions; 0.90 / 0.79 and 3 after a label\n")
	b.WriteString("fix), tuning174 0.87 / 0.86 (2 duplicates, 2 contradictions; 0.89 / 0.86 and 1 duplicate after two\n")
	b.WriteString("label fixes), tuning175 0.87 / 0.80 (1 duplicate, 2 contradictions), tuning176 0.89 / 0.88 (1\n")
	b.WriteString("duplicate, 2 contradictions; 0.94 / 0.89 and 1 after four label fixes) (same); `tuning177` to\n")
	b.WriteString("`tuning180` (stop 40, at 0e6eb79, the same way): tuning177 0.90 / 0.70 (2 contradictions; 0.93 /\n")
	b.WriteString("0.70 after a label fix), tuning178 0.83 / 0.73 (2 duplicates, 2 contradictions; 0.89 / 0.75 and\n")
	b.WriteString("no duplicate after three label fixes), tuning179 0.95 / 0.91 (1 duplicate), tuning180 0.84 / 0.77\n")
	b.WriteString("(same); `tuning181` to `tuning184` (stop 41, at cf6956b, the same way): tuning181 0.86 / 0.75 (2\n")
	b.WriteString("contradictions; 0.90 / 0.79 after three label fixes), tuning182 0.85 / 0.71 (1 duplicate; 0.87 /\n")
	b.WriteString("0.73 after a label fix), tuning183 0.90 / 0.82 (same after two label fixes), tuning184 0.80 / 0.70\n")
	b.WriteString("(2 duplicates, 2 contradictions, 2 second-run additions; 0.80 / 0.68 and 3 duplicates after four\n")
	b.WriteString("label fixes); `tuning185` to `tuning188` (stop 42, at f5fdb4a, the same way): tuning185 0.94 /\n")
	b.WriteString("0.91 (3 contradictions; 2 after four label fixes), tuning186 0.78 / 0.70 (2 duplicates, 2\n")
	b.WriteString("contradictions; 0.80 / 0.71 after a label fix), tuning187 0.92 / 0.84 (1 duplicate, 1\n")
	b.WriteString("contradiction), tuning188 0.82 / 0.71 (1 contradiction; the same after four label fixes);\n")
	b.WriteString("`tuning189` to `tuning192` (also stop 42, at 91cd18a): tuning189 0.90 / 0.82 (1 duplicate, 2\n")
	b.WriteString("contradictions), tuning190 0.77 / 0.62 (0.88 / 0.68 and 2 contradictions after four label fixes),\n")
	b.WriteString("tuning191 0.90 / 0.82 (1 duplicate, 1 contradiction), tuning192 0.83 / 0.61 (1 contradiction);\n")
	b.WriteString("`tuning193` to `tuning196` (also stop 42, at 8cf2ae9): tuning193 0.82 / 0.82 (1 duplicate, 3\n")
	b.WriteString("contradictions; 0.86 / 0.86 and 4 after two label fixes), tuning194 0.87 / 0.80 (1 duplicate, 1\n")
	b.WriteString("second-run addition; 0.90 / 0.84 after two label fixes), tuning195 0.79 / 0.79 (4 duplicates, 2\n")
	b.WriteString("contradictions, 1 second-run addition; 0.78 / 0.77 after a label fix), tuning196 0.87 / 0.71;\n")
	b.WriteString("`tuning197` to `tuning200` (stop 43, at d30f664, the same way): tuning197 0.83 / 0.66 (3\n")
	b.WriteString("duplicates, 2 contradictions; 0.86 / 0.64 and 1 duplicate after two label fixes), tuning198 0.85 /\n")
	b.WriteString("0.71 (1 duplicate, 3 contradictions; 0.87 / 0.73 after three label fixes), tuning199 0.90 / 0.73\n")
	b.WriteString("(2 duplicates, 1 contradiction; 0.90 / 0.75 and 1 duplicate after two label fixes), tuning200 0.82\n")
	b.WriteString("/ 0.71 (1 duplicate, 1 contradiction); `tuning201` to `tuning204` (also stop 43, at 73de6c5):\n")
	b.WriteString("tuning201 0.91 / 0.88 (3 contradictions, 1 second-run addition), tuning202 0.93 / 0.77 (1\n")
	b.WriteString("duplicate, 2 contradictions; 0.96 / 0.77 and no duplicate after a label fix), tuning203 0.84 / 0.77\n")
	b.WriteString("(1 duplicate, 2 contradictions; 0.86 / 0.77 after a label fix), tuning204 0.79 / 0.71 (2\n")
	b.WriteString("duplicates, 2 contradictions; 0.81 / 0.71 and 3 duplicates after a label fix); `tuning205` to\n")
	b.WriteString("`tuning208` (also stop 43, at 305e356): tuning205 0.88 / 0.79 (2 duplicates, 2 contradictions; 0.86 /\n")
	b.WriteString("0.77 and 1 contradiction after two label fixes), tuning206 0.85 / 0.71 (1 duplicate, 1\n")
	b.WriteString("contradiction; the same after two label fixes), tuning207 0.86 / 0.75 (3 duplicates; 0.84 / 0.75, 2\n")
	b.WriteString("duplicates and 1 contradiction after a label fix), tuning208 0.88 / 0.77 (2 duplicates, 3\n")
	b.WriteString("contradictions, 1 second-run addition; 0.90 / 0.77 after a label fix); `tuning209` to `tuning212`\n")
	b.WriteString("(stop 44, at aab5212): tuning209 0.92 / 0.82 (1 contradiction; 0.94 / 0.84 after a label fix),\n")
	b.WriteString("tuning210 0.90 / 0.80 (0.92 / 0.82 after two label fixes), tuning211 0.92 / 0.79 (2 contradictions,\n")
	b.WriteString("1 second-run addition; 0.94 / 0.80 after a label fix), tuning212 0.86 / 0.77 (2 duplicates, 2\n")
	b.WriteString("contradictions; 0.90 / 0.79 and 1 duplicate after two label fixes); `tuning213` to `tuning216`\n")
	b.WriteString("(also stop 44, at 8744e3e): tuning213 0.88 / 0.75 (3 duplicates, 3 contradictions), tuning214 0.92 /\n")
	b.WriteString("0.77 (1 duplicate, 1 second-run addition; the same after two label fixes), tuning215 0.90 / 0.84 (2\n")
	b.WriteString("contradictions; 0.92 / 0.86 after two label fixes), tuning216 0.78 / 0.77 (3 duplicates, 2\n")
	b.WriteString("contradictions, 1 second-run addition; 0.85 / 0.79, 5 duplicates and 1 contradiction after seven\n")
	b.WriteString("label fixes); `tuning217` to `tuning220` (stop 45, at f288243): tuning217 0.94 / 0.80 (1\n")
	b.WriteString("contradiction), tuning218 0.80 / 0.77 (2 duplicates, 1 contradiction; 0.84 / 0.80 after three\n")
	b.WriteString("label fixes), tuning219 0.87 / 0.73 (1 duplicate, 1 contradiction, 1 second-run addition), tuning220\n")
	b.WriteString("0.84 / 0.68 (0.87 / 0.70 after a label fix); `tuning221` to `tuning224` (stop 46, at 627a18a):\n")
	b.WriteString("tuning221 0.84 / 0.64 (2 contradictions), tuning222 0.82 / 0.66 (0.84 / 0.68 after a label fix),\n")
	b.WriteString("tuning223 0.77 / 0.70 (2 duplicates, 1 contradiction; 0.79 / 0.71 after a label fix), tuning224\n")
	b.WriteString("0.92 / 0.80 (1 contradiction); `tuning225` to `tuning228` (stop 47, at ea8cd85): tuning225 0.84 /\n")
	b.WriteString("0.73 (1 duplicate, 2 contradictions), tuning226 0.78 / 0.70 (1 contradiction), tuning227 0.82 / 0.71,\n")
	b.WriteString("tuning228 0.91 / 0.70; `tuning229` to `tuning232` (stop 48, at fed5247): tuning229 0.88 / 0.62,\n")
	b.WriteString("tuning230 0.88 / 0.66 (1 duplicate), tuning231 0.98 / 0.73 (1 duplicate, 1 second-run addition),\n")
	b.WriteString("tuning232 0.87 / 0.70.\n")
	b.WriteString("`heldout8` (stop 17, at freeze 0.83 / 0.55), `heldout9` (stop 18, at freeze 0.78 / 0.49, 1\n")
	b.WriteString("duplicate, 2 contradictions), `heldout10` (stop 19, at freeze 0.82 / 0.66, 1 duplicate, 2\n")
	b.WriteString("contradictions) and `heldout11` (stop 21, at freeze 0.86 / 0.64, 1 duplicate, 0 contradictions)\n")
	b.WriteString("were written like `heldout5` to `heldout7` and are blind too. In stop 26 heldout9 failed the\n")
	b.WriteString("second-run gate, and its table row (no items) was read at 13 commits to find the change that\n")
	b.WriteString("caused it; the fix was written from a constructed case, not from its items. `heldout12` and\n")
	b.WriteString("`heldout13` (stop 31, at 2765461: at freeze 0.95 / 0.74, 0 duplicates, 1 contradiction; 0.83 /\n")
	b.WriteString("0.67, 3 duplicates, 0 contradictions) were written the same way, frozen before their one\n")
	b.WriteString("measurement by writers who saw only their table rows, and are blind too, as are `heldout14` and\n")
	b.WriteString("`heldout15` (also stop 31, at 97020d0: at freeze 0.88 / 0.79, 2 duplicates, 0 contradictions; 0.90\n")
	b.WriteString("/ 0.74, 1 duplicate, 2 contradictions). So are `heldout16` to `heldout19` (stop 32, at 21e33f2: at\n")
	b.WriteString("freeze 0.88 / 0.66, 1 duplicate, 1 contradiction, 1 second-run addition; 0.86 / 0.72, 2\n")
	b.WriteString("duplicates, 2 contradictions; 0.90 / 0.74, 0 duplicates, 1 contradiction; 0.83 / 0.75, 2\n")
	b.WriteString("duplicates, 0 contradictions), and `heldout20` and `heldout21` (stop 32's second session, at d3050f8:\n")
	b.WriteString("at freeze 0.94 / 0.76, 0 duplicates, 1 contradiction; 0.88 / 0.76, 0 duplicates, 0\n")
	b.WriteString("contradictions), and `heldout22` and `heldout23` (stop 33, at b22a3e7: at freeze 0.88 / 0.75, 1\n")
	b.WriteString("duplicate, 1 contradiction, 1 second-run addition; 0.95 / 0.79, 0 duplicates, 1 contradiction), and\n")
	b.WriteString("`heldout24` (also stop 33, at deee281: at freeze 0.92 / 0.75, 0 duplicates, 4 contradictions), and\n")
	b.WriteString("`heldout25` and `heldout26` (stop 34, at f8cb1ff: at freeze 0.93 / 0.70, 0 duplicates, 0\n")
	b.WriteString("contradictions; 0.85 / 0.59, 0 duplicates, 1 contradiction, 1 second-run addition), and `heldout27`\n")
	b.WriteString("and `heldout28` (also stop 34, at 6f2b9e3: at freeze 0.91 / 0.68, 1 duplicate, 3 contradictions;\n")
	b.WriteString("0.89 / 0.72, 0 duplicates, 2 contradictions), and `heldout29` and `heldout30` (also stop 34, at\n")
	b.WriteString("87240da: at freeze 0.95 / 0.71, 0 duplicates, 3 contradictions; 0.92 / 0.72, 0 duplicates, 3\n")
	b.WriteString("contradictions). A blind half's second-run additions are reported, not gated.\n\n")
	b.WriteString("A proposal is correct when it matches a labelled fact of a compatible kind and no distractor (an\n")
	b.WriteString("in-place edit of a line of the half's GEMINI.md, the global file, is compatible with a memory fact).\n")
	b.WriteString("Duplicates: extra proposals of one fact in one inbox, proposals repeating a line already in\n")
	b.WriteString("memory, and more than one verification line in a file after the patch is applied.\n")
	b.WriteString("Contradictions: labelled pairs of lines that both stand in memory after the patch is applied.\n\n")
	b.WriteString("| half | projects | sessions (gemini/claude/codex) | proposals | precision | recall | duplicates | contradictions | second run adds |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, h := range halves {
		fmt.Fprintf(&b, "| %s | %d | %d (%d/%d/%d) | %d | %.2f (%d/%d) | %.2f (%d/%d) | %d | %d | %d |\n",
			h.name, h.projects, h.sessions, h.formats["gemini"], h.formats["claude"], h.formats["codex"], h.proposals,
			h.precision(), h.correct, h.proposals, h.recall(), h.found, h.facts, h.duplicates, h.conflicts, h.secondRun)
	}
	for _, ho := range halves {
		if !strings.HasPrefix(ho.name, "heldout") {
			continue
		}
		met := func(ok bool) string {
			if ok {
				return "met"
			}
			return "NOT met"
		}
		fmt.Fprintf(&b, "\n%s targets (issue 14): precision ≥ %.2f: %s (%.3f); recall ≥ %.2f: %s (%.3f); "+
			"no duplicate: %s; no contradiction: %s.\n", ho.name, heldOutTarget.precision, met(ho.precision() >= heldOutTarget.precision), ho.precision(),
			heldOutTarget.recall, met(ho.recall() >= heldOutTarget.recall), ho.recall(), met(ho.duplicates == 0), met(ho.conflicts == 0))
	}
	writeBlindPool(&b, halves)
	for _, h := range halves {
		fmt.Fprintf(&b, "\n## %s: facts by category\n\n", h.name)
		b.WriteString("| category | facts | found | recall | proposals | precision | duplicates |\n|---|---|---|---|---|---|---|\n")
		var cats []string
		for c, n := range h.byCat {
			if n.facts > 0 {
				cats = append(cats, c)
			}
		}
		sort.Strings(cats)
		for _, c := range cats {
			n := h.byCat[c]
			fmt.Fprintf(&b, "| %s | %d | %d | %.2f | %d | %.2f | %d |\n", c, n.facts, n.found, ratio(n.found, n.facts), n.proposals, ratio(n.correct, n.proposals), n.duplicates)
		}
		fmt.Fprintf(&b, "\n## %s: distractors by category\n\n", h.name)
		b.WriteString("| category | distractors | proposed | duplicates |\n|---|---|---|---|\n")
		cats = cats[:0]
		for c, n := range h.byCat {
			if n.distractors > 0 || (n.facts == 0 && n.duplicates > 0) {
				cats = append(cats, c)
			}
		}
		sort.Strings(cats)
		for _, c := range cats {
			n := h.byCat[c]
			fmt.Fprintf(&b, "| %s | %d | %d | %d |\n", c, n.distractors, n.leaked, n.duplicates)
		}
		writeAnatomy(&b, h.name+": why facts were missed and lines were wrong", h.anatomy)
		if blind[h.name] {
			fmt.Fprintf(&b, "\nItems of %s are not listed (missed %d, wrong or extra %d), so it can be scored\nagain without being learned from.\n", h.name, len(h.misses), len(h.falsePositives))
			continue
		}
		if len(h.misses) > 0 {
			fmt.Fprintf(&b, "\nMissed (%d):\n\n", len(h.misses))
			for _, m := range h.misses {
				fmt.Fprintf(&b, "- %s\n", m)
			}
		}
		if len(h.proposed) > 0 {
			fmt.Fprintf(&b, "\nProposed (%d):\n\n", len(h.proposed))
			for _, m := range h.proposed {
				fmt.Fprintf(&b, "- %s\n", m)
			}
		}
		if len(h.falsePositives) > 0 {
			fmt.Fprintf(&b, "\nWrong or extra (%d):\n\n", len(h.falsePositives))
			for _, m := range h.falsePositives {
				fmt.Fprintf(&b, "- %s\n", strings.ReplaceAll(m, "\n", " "))
			}
		}
	}
	return b.String()
}

// writeBlindPool adds the blind halves up: one half of ~60 facts moves by
// several points when a single fact is found or missed, so the pooled
// figures are the steadier answer to whether the rules generalise.
func writeBlindPool(b *strings.Builder, halves []*evalResult) {
	pool := &evalResult{byCat: map[string]*evalCount{}, anatomy: map[string]int{}}
	var names []string
	for _, h := range halves {
		if !blind[h.name] {
			continue
		}
		names = append(names, h.name)
		pool.proposals += h.proposals
		pool.correct += h.correct
		pool.facts += h.facts
		pool.found += h.found
		pool.duplicates += h.duplicates
		pool.conflicts += h.conflicts
		for k, n := range h.anatomy {
			pool.anatomy[k] += n
		}
		for c, n := range h.byCat {
			p := pool.cat(c)
			p.facts += n.facts
			p.found += n.found
		}
	}
	if len(names) < 2 {
		return
	}
	fmt.Fprintf(b, "\nBlind halves pooled (%s): precision %.3f (%d/%d), recall %.3f (%d/%d), %d duplicates, %d contradictions.\n",
		strings.Join(names, ", "), pool.precision(), pool.correct, pool.proposals, pool.recall(), pool.found, pool.facts, pool.duplicates, pool.conflicts)
	var cats []string
	for c, n := range pool.byCat {
		if n.facts > 0 {
			cats = append(cats, c)
		}
	}
	sort.Strings(cats)
	b.WriteString("\n| blind pooled category | facts | found | recall |\n|---|---|---|---|\n")
	for _, c := range cats {
		n := pool.byCat[c]
		fmt.Fprintf(b, "| %s | %d | %d | %.2f |\n", c, n.facts, n.found, ratio(n.found, n.facts))
	}
	writeAnatomy(b, "Blind halves pooled: why facts were missed and lines were wrong", pool.anatomy)
	b.WriteString("\nThe last class is not gated and not in precision: a memory line the patch takes out or rewrites\n")
	b.WriteString("though no conflict or old-value label names it, where the line may have been one the person still\n")
	b.WriteString("needs (a value put into another setting's place, a fact replaced by a rule about something else).\n")
	b.WriteString("The test log lists each for the other halves.\n")
}
