package offline

import (
	"cmp"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/lazyregexp"
)

// minVerifySessions is how many sessions must have run a check before it is
// called one of the project's verification commands.
const minVerifySessions = 3

// maxVerifyCmds bounds the commands listed on the verification line.
const maxVerifyCmds = 6

var categoryOrder = map[string]int{"format": 0, "lint": 1, "typecheck": 2, "build": 3, "test": 4, "preview": 5}

// promoteBuilds makes `<tool> build` a build check in a project that
// runs `<tool> test` too, or checks with the tool in another way (`cabal
// build all` beside `cabal test`, `stack build` beside `stack test`, a
// site generator's build beside its own link check): there it compiles
// the code under check. A tool the project never checks with (`docker
// build`, `hugo build`) builds an artefact, not a check. Each session's checks gain the promoted
// command's first run, and its steps the category. An infrastructure
// preview (`terraform plan`) joins the checks too, but stays an action in
// the steps, where it leads to the apply.
func promoteBuilds(sessions []mined) {
	bareRunChecks(sessions)
	reportedChecks(sessions)
	routineChecks(sessions)
	neededBuilds(sessions)
	// Last of the named: a word handed to a program names that run's
	// check alone, not every bare run of the program (bareRunChecks:
	// `scons -c` beside `scons -Q check`), and a run another rule
	// already placed (a build the next check needs) stays where it is.
	handedWordChecks(sessions)
	// After the builds a check needs are known: they stay builds. A
	// routine found sits beside the checks too, so the one next to it
	// (`make score` before `make parts` before the known check) is
	// found on the next pass.
	for found := map[string]bool{}; everySessionChecks(sessions, found); {
	}
	tested := map[string]bool{}
	for _, m := range sessions {
		for _, r := range m.checks {
			if r.cmd.category == "test" || r.cmd.category == "lint" || r.cmd.category == "typecheck" {
				tested[r.cmd.tool] = true
			}
		}
	}
	for i := range sessions {
		m := &sessions[i]
		seen := map[string]bool{}
		for k := range m.steps {
			c := &m.steps[k].cmd
			// Each mode's first run (`quarto render --to html`, then
			// `--to pdf`): two checks.
			run := c.key + "\x00" + c.flagValues
			if c.preview && !seen[run] {
				seen[run] = true
				r := m.steps[k]
				r.cmd.category = "preview"
				m.checks = append(m.checks, r)
			}
			if !c.buildVerb || !tested[c.tool] {
				continue
			}
			c.category, c.buildVerb = "build", false
			if !seen[run] {
				seen[run] = true
				m.checks = append(m.checks, m.steps[k])
			}
		}
	}
}

// bareRunChecks makes a program's run given no value (`busted`, `busted
// --verbose`) the check its other runs are, where those were known as
// checks by what they were given (`busted spec/save_spec.lua` runs a spec
// file): alone, it runs every one. A run that acts, rewrites, serves or
// previews stays what it is.
func bareRunChecks(sessions []mined) {
	named := map[string]string{}
	for _, m := range sessions {
		for _, r := range m.checks {
			if c := r.cmd; c.category != "build" && c.category != "" && !interpreters[c.tool] && len(valueWords(c)) > 0 {
				named[c.key] = c.category
			}
		}
	}
	markChecksBy(sessions, named, func(c command) string {
		if len(valueWords(c)) > 0 || c.noise || c.rewrites || c.preview || vcsStep(c) || serveStep(c) || actingStep(c) {
			return ""
		}
		return c.key
	})
}

// verificationCandidate collects the test, build, lint, typecheck and format
// commands run in at least minVerifySessions sessions into one memory line.
func verificationCandidate(sessions []mined, isNew func(int) bool) *candidate {
	type group struct {
		key      string
		category string
		sessions map[int]source
		forms    map[string]int
		full     map[string]int // the whole command as run
		runs     [][]word       // each session's first run, as written
		dangling bool
		fed      bool // a run read a pipe: its feeder is part of it
		// untargeted: some run was not aimed at what the action before
		// it made (targetedRun).
		untargeted bool
		checked    []sessionRun // each session's run, for targetedRun
		first      int
		// latest is the runner the newest run went through
		// (runnerOf), at is when; byRunner holds each runner's runs.
		latest   string
		at       time.Time
		byRunner map[string][]checkRun
		cmd      command // the first run
	}
	groups := map[string]*group{}
	order := 0
	split := splitBy(sessions, func(c command) string { return c.category })
	byMode := splitBy(sessions, func(c command) string { return c.flagValues })
	var runs []ranCheck
	for idx, m := range sessions {
		mode := map[string]string{} // each group's first mode in the session
		for _, r := range m.checks {
			runs = append(runs, ranCheck{text: argsText(r.cmd.args), at: r.src.at})
			k := r.cmd.checkKey()
			if split[k] {
				// A build and a check of one tool's area in one
				// session are two checks (`tern bundle web`,
				// `tern bundle --verify web`).
				k += "\x00" + r.cmd.category
			}
			if byMode[r.cmd.checkKey()] {
				k += "\x00" + r.cmd.flagValues
			}
			if v, ok := mode[k]; ok && v != r.cmd.flagValues {
				// Run again in another mode where modes are not
				// told apart: its first run counts.
				continue
			}
			mode[k] = r.cmd.flagValues
			g := groups[k]
			if g == nil {
				order++
				g = &group{key: k, category: r.cmd.category, sessions: map[int]source{}, forms: map[string]int{}, full: map[string]int{}, first: order, cmd: r.cmd}
				groups[k] = g
			}
			g.sessions[idx] = r.src
			norm, args := r.cmd.norm, r.cmd.args
			if w, _ := handedCheckWord(r.cmd); w != "" && !slices.Contains(strings.Fields(norm), w) {
				// `./tools/run.sh lint`: the word is the check.
				norm += " " + w
			}
			if f, ok := normalize(r.cmd.from); ok {
				// A check that reads a pipe is run with what feeds it
				// (`kustomize build overlays/qa | kubeconform
				// -strict`): alone it would wait for input.
				norm = f.norm + " | " + norm
				args = append(append(append([]word{}, r.cmd.from...), word{text: "|", op: true}), args...)
				g.fed = true
			}
			if handedOn(m.checks, r.cmd) {
				// `tern bundle web > bundle.tbz`: the file is
				// what another check reads.
				norm += " " + argsText(r.cmd.out)
				args = append(append([]word{}, args...), r.cmd.out...)
			}
			if r.cmd.dir != "" {
				// `cd web && npm test`: it runs there.
				norm = "cd " + r.cmd.dir + " && " + norm
				args = inDir(r.cmd.dir, args)
			}
			g.forms[norm]++
			g.runs = append(g.runs, args)
			g.dangling = g.dangling || r.cmd.dangling
			g.full[argsText(args)]++
			g.checked = append(g.checked, sessionRun{idx, r})
			ru := runnerOf(r.cmd)
			if g.byRunner == nil {
				g.byRunner = map[string][]checkRun{}
			}
			g.byRunner[ru] = append(g.byRunner[ru], checkRun{norm: norm, args: args})
			if !r.src.at.Before(g.at) {
				g.latest, g.at = ru, r.src.at
			}
		}
	}
	var kept []*group
	for _, g := range groups {
		// A value every run was given (`rtl/top.v`, `db:pg:dev`) is
		// the project's one target, whatever the session changed: only
		// a value some runs lacked tells a check aimed at what the
		// action beside it made. (Fewer runs than minVerifySessions
		// show no such value.)
		var fixed map[string]bool
		if len(g.checked) >= minVerifySessions {
			fixed = valueWords(g.checked[0].r.cmd)
			for _, sr := range g.checked[1:] {
				vs := valueWords(sr.r.cmd)
				for v := range fixed {
					if !vs[v] {
						delete(fixed, v)
					}
				}
			}
		}
		for _, sr := range g.checked {
			g.untargeted = g.untargeted || !targetedRun(sessions[sr.idx], sr.r, fixed)
		}
		if !g.untargeted {
			// Every run checked what the action just before it made
			// (`staticcheck ./internal/wire` after `go generate
			// ./internal/wire`, another package each time): a step
			// of that procedure, not a check of every change. Run
			// the same way every time (`verilator --lint-only
			// rtl/top.v` beside `iverilog … rtl/top.v`, `sqitch
			// verify db:pg:dev` after `sqitch deploy db:pg:dev`), it
			// checks the project's one target whatever changed: one
			// of its checks.
			continue
		}
		fresh := false
		for idx := range g.sessions {
			fresh = fresh || isNew(idx)
		}
		if fresh && len(g.sessions) >= minVerifySessions {
			kept = append(kept, g)
		}
	}
	if len(kept) == 0 {
		return nil
	}
	// A line is for reading: the most used checks, at most maxVerifyCmds.
	sort.Slice(kept, func(i, j int) bool {
		if len(kept[i].sessions) != len(kept[j].sessions) {
			return len(kept[i].sessions) > len(kept[j].sessions)
		}
		return kept[i].key < kept[j].key
	})
	if len(kept) > maxVerifyCmds {
		kept = kept[:maxVerifyCmds]
	}
	sort.Slice(kept, func(i, j int) bool {
		a, b := kept[i], kept[j]
		if categoryOrder[a.category] != categoryOrder[b.category] {
			return categoryOrder[a.category] < categoryOrder[b.category]
		}
		return a.key < b.key
	})
	for i := 1; i < len(kept); i++ {
		// A command that writes the file a check reads goes right
		// before that check.
		for j := range i {
			if handsFile(kept[i].cmd, kept[j].cmd) {
				g := kept[i]
				copy(kept[j+1:i+1], kept[j:i])
				kept[j] = g
				break
			}
		}
	}
	c := &candidate{kind: KindVerification, runs: runs, since: map[string]time.Time{}}
	for _, g := range kept {
		cmd := listedForm(g.forms, g.full, g.runs, g.dangling || g.fed)
		c.cmds = append(c.cmds, cmd)
		for _, sr := range g.checked {
			if t := c.since[cmd]; t.IsZero() || sr.r.src.at.Before(t) {
				c.since[cmd] = sr.r.src.at
			}
		}
		if len(g.byRunner) > 1 {
			// Run through another runner later (`poetry run pytest`,
			// then `uv run pytest`): the newest way stands in for
			// the command when its runner is ruled out.
			forms, full := map[string]int{}, map[string]int{}
			var runs [][]word
			for _, cr := range g.byRunner[g.latest] {
				forms[cr.norm]++
				full[argsText(cr.args)]++
				runs = append(runs, cr.args)
			}
			if n := listedForm(forms, full, runs, g.dangling || g.fed); n != cmd {
				if c.newer == nil {
					c.newer = map[string]string{}
				}
				c.newer[cmd] = n
			}
		}
		idxs := make([]int, 0, len(g.sessions))
		for idx := range g.sessions {
			idxs = append(idxs, idx)
		}
		sort.Ints(idxs)
		for _, idx := range idxs {
			c.srcs = append(c.srcs, g.sessions[idx])
		}
	}
	c.line = verificationLine(c.cmds)
	return c
}

// splitBy names the check keys (checkKey) that some session ran with
// two values of what (a category, or a mode). By category: only there
// are a build and a check of one tool two checks. By mode (flagValues:
// `ctest -L unit …`, then `ctest -L slow …`): there
// the mode is which check runs, and each is listed. A value that changed
// from one session to the next is still one check, counted over both.
func splitBy(sessions []mined, what func(command) string) map[string]bool {
	split := map[string]bool{}
	for _, m := range sessions {
		seen := map[string]string{}
		for _, r := range m.checks {
			k := r.cmd.checkKey()
			if v, ok := seen[k]; ok && v != what(r.cmd) {
				split[k] = true
			}
			seen[k] = what(r.cmd)
		}
	}
	return split
}

// handedOn reports whether a check's output file is part of how it is
// run: another check of the session is given that file (handsFile). A log
// kept for reading (`> test.log`) or a scratch file (`> /tmp/out.txt`)
// is not.
func handedOn(checks []shellRun, c command) bool {
	if len(c.out) != 2 || strings.HasPrefix(c.out[1].text, "/tmp/") {
		return false
	}
	for _, o := range checks {
		if o.cmd.norm != c.norm && handsFile(c, o.cmd) {
			return true
		}
	}
	return false
}

// listedForm is how a check is listed. The command exactly as run, when
// most runs were that one (`cargo test -p core`, not `cargo test`).
// Arguments that vary between runs (`helm lint charts/api`, `…
// charts/worker`) are no part of the check: the stable form.
func listedForm(forms, full map[string]int, runs [][]word, dangling bool) string {
	cmd := mostCommon(forms)
	if f := mostCommon(full); full[f] >= 2 && 2*full[f] > len(runs) && !varied(runs, f) {
		return f
	}
	if dangling || valuesVary(forms) || lostValues(cmd, runs) {
		// `xcodebuild test -scheme -destination` is no command, nor
		// is `kustomize build | kubeconform` without the overlay
		// built: the runs with their values, those that changed as
		// placeholders.
		oneProgram := !slices.ContainsFunc(runs, func(r []word) bool { return len(r) == 0 || r[0].text != runs[0][0].text })
		if text := stepText(runs, command{norm: cmd}); text != cmd || sameShape(runs) || !oneProgram || !endsInShortOption(cmd) {
			return text
		}
		// Runs of one program in two shapes and the stable form a
		// fragment ending in an option that lost its value (`west
		// build -b`): the newest run's shape, which runs.
		return stepText(newestShape(runs), command{norm: cmd})
	}
	return cmd
}

// lostValues reports whether the stable form dropped the address every
// run was given, and the runs were given different ones (`curl -s
// http://localhost:7125/printer/info`, later port 7130): `curl -s` alone
// checks nothing, so the runs are listed with the value that changed as a
// placeholder. A file or a test name dropped leaves a command that still
// runs (`npm test`, `./tools/replay.sh`).
func lostValues(cmd string, runs [][]word) bool {
	if len(runs) < 2 {
		return false
	}
	if strings.Contains(cmd, "://") {
		return false
	}
	first := argsText(runs[0])
	same := true
	for _, r := range runs {
		if len(r) != len(runs[0]) || !strings.Contains(argsText(r), "://") {
			return false
		}
		same = same && argsText(r) == first
	}
	return !same
}

// sessionRun is a check's run and the index of the session that ran it.
type sessionRun struct {
	idx int
	r   shellRun
}

// checkRun is one session's first run of a check, as listed: its stable
// form and its words.
type checkRun struct {
	norm string
	args []word
}

// runnerOf is the runner words a command went through (`uv run`, `npx`),
// "" when it ran directly.
func runnerOf(c command) string {
	f := strings.Fields(c.key)
	return strings.Join(f[:min(c.runner, len(f)-1)], " ")
}

// targetedRun reports whether a check was given a value that one of the
// two commands before or after it in the session, an action, was given
// too: it checks that action's result (`dbt test --select orders` after
// `dbt run --select orders`) or what it is about to be given (`dp
// validate --date d` before `dp backfill --date d`), a step of that
// procedure. A dry run beside it (`… plan`, `… what-if`) changes
// nothing: no action.
func targetedRun(m mined, r shellRun, fixed map[string]bool) bool {
	for i, s := range m.steps {
		if s.src.seq != r.src.seq || s.cmd.key != r.cmd.key {
			continue
		}
		for j := max(0, i-2); j < len(m.steps) && j <= i+2; j++ {
			if p := m.steps[j].cmd; j != i && p.category == "" && !p.preview && !p.rewrites && !vcsStep(p) && !configureStep(p) && sharesValueBut(r.cmd, p, fixed) {
				return true
			}
		}
		return false
	}
	return false
}

// valuesVary reports whether the stable forms differ only in the values of
// `-flag=value` options (`-chdir=live/eu`, `-chdir=live/us`).
func valuesVary(forms map[string]int) bool {
	if len(forms) < 2 {
		return false
	}
	shape := ""
	for f := range forms {
		s := flagValueRe().ReplaceAllString(f, "=")
		if shape != "" && s != shape {
			return false
		}
		shape = s
	}
	return true
}

var flagValueRe = lazyregexp.New(`=\S*`)

// varied reports whether a run differs from the command only in the value
// of an argument: as many words, not all the same. A run aimed at a file
// inside the directory the command checks (`prove -lr t/auth.t` beside
// `prove -lr t/`) narrows it while working on one thing; the check is
// still the whole directory.
func varied(runs [][]word, full string) bool {
	var f []word
	for _, r := range runs {
		if argsText(r) == full {
			f = r
		}
	}
	for _, r := range runs {
		if len(r) == len(f) && argsText(r) != full && !narrows(r, f) {
			return true
		}
	}
	return false
}

// narrows reports whether run differs from full only in arguments that
// name something inside the directory full names there.
func narrows(run, full []word) bool {
	for i := range run {
		a, d := run[i].text, strings.TrimSuffix(full[i].text, "/")
		if a != full[i].text && (d == "" || d == "." || !strings.HasPrefix(a, d+"/")) {
			return false
		}
	}
	return true
}

// mostCommon picks the most frequent form; on a tie, the shortest, then the
// first in byte order, so the result never depends on map order.
func mostCommon(forms map[string]int) string {
	best, n := "", -1
	for f, c := range forms {
		if c > n || c == n && (len(f) < len(best) || len(f) == len(best) && f < best) {
			best, n = f, c
		}
	}
	return best
}

// verificationLine renders the memory line listing the commands.
func verificationLine(cmds []string) string {
	quoted := make([]string, len(cmds))
	for i, c := range cmds {
		quoted[i] = "`" + c + "`"
	}
	return "Verification commands for this project: " + strings.Join(quoted, ", ") + "."
}

// argsText is a command as it was run, quoted where needed.
func argsText(args []word) string {
	parts := make([]string, len(args))
	for i, w := range args {
		parts[i] = shellQuote(w.text, w.quoted)
		if w.op || w.expands {
			parts[i] = w.text
		}
	}
	return strings.Join(parts, " ")
}

// statedWords are the words of a request to run checks that name no
// command: "Before you tell me it's done, run X and Y, as usual."
var statedWords = map[string]bool{
	"run": true, "always": true, "please": true, "and": true, "then": true, "before": true, "after": true,
	"you": true, "we": true, "say": true, "tell": true, "me": true, "it's": true, "its": true, "it": true,
	"done": true, "finished": true, "make": true, "sure": true, "pass": true, "passes": true, "both": true,
	"green": true, "the": true, "as": true, "usual": true, "every": true, "each": true, "change": true,
	"is": true, "that": true, "to": true, "also": true, "first": true, "time": true, "a": true, "an": true,
	"of": true, "for": true, "on": true, "claiming": true, "saying": true, "are": true, "they": true,
	"tests": true, "with": true, "now": true,
}

var statedTokenRe = lazyregexp.New(`[a-z0-9_./:@+'-]+`)

// foldStatedChecks drops a memory line that only asks to run checks the
// verification line already lists, or says the tests run with them ("Run the unit tests with phpunit and
// phpstan before saying it's done" beside `php bin/phpunit`, `phpstan
// analyse`): the project's checks stand on one line, which gains that
// line's evidence; an edit of an old line that says how tests run becomes
// the verification line's place. A request naming anything the line lacks
// (a flag, a command) says more, and stays. With no verification
// candidate, the line memory already holds (known, "" for none) lists the
// checks: a request for them is not proposed beside it.
func foldStatedChecks(cands []candidate, known string) []candidate {
	v := -1
	for i, c := range cands {
		if c.kind == KindVerification {
			v = i
		}
	}
	if v < 0 {
		if known == "" {
			return cands
		}
		var out []candidate
		for _, c := range cands {
			if c.replaces != "" || c.global || c.kind == KindSkill || !statedChecks(c.line, strings.ToLower(known)) {
				out = append(out, c)
			}
		}
		return out
	}
	listed := strings.ToLower(cands[v].line)
	var out []candidate
	var folded []source
	replaces, replaceIn := cands[v].replaces, cands[v].replaceIn
	for i, c := range cands {
		if i == v || c.global || c.kind == KindSkill || !statedChecks(c.line, listed) {
			out = append(out, c)
			continue
		}
		if c.replaces != "" {
			if replaces != "" {
				// Both rewrite a line: the edit stays.
				out = append(out, c)
				continue
			}
			// "Tests run with `cask exec ert-runner`." rewritten to
			// the new runner: the verification line takes its place.
			replaces, replaceIn = c.replaces, c.replaceIn
		}
		folded = append(folded, c.srcs...)
	}
	for i := range out {
		if out[i].kind == KindVerification {
			out[i].srcs = append(out[i].srcs, folded...)
			out[i].replaces, out[i].replaceIn = replaces, replaceIn
		}
	}
	return out
}

// statedChecks reports whether a line asks to run commands and names
// nothing the verification line does not list.
func statedChecks(line, listed string) bool {
	l := strings.ReplaceAll(strings.ToLower(line), "’", "'")
	toks := statedTokenRe().FindAllString(l, -1)
	if !slices.Contains(toks, "run") {
		return false
	}
	named := 0
	for _, t := range toks {
		t = strings.Trim(t, ".:'")
		if t == "" || statedWords[t] {
			continue
		}
		if !strings.Contains(listed, t) {
			return false
		}
		named++
	}
	return named > 0
}

// askedRe is a sentence telling how work is checked before it is called
// done: "lint + sim before you call it done", "make sure the scanner
// passes".
var askedRe = lazyregexp.New(`(?i)\bbefore (you |we |i )?(say|call|claim|tell|mark|report|declare)\b|\bmake sure\b.*\b(pass(es)?|green)\b|\b(must|should|has to|have to) (pass|be green)\b|\bboth green\b`)

// askedReach is how many words either side of a request to check the
// work may name what to run.
const askedReach = 8

// plainWords name no command of their own in a request to run one.
var plainWords = map[string]bool{
	"make": true, "just": true, "task": true, "exec": true, "run": true, "npm": true, "pnpm": true, "yarn": true,
	"bun": true, "npx": true, "uv": true, "poetry": true, "python": true, "python3": true, "bash": true, "sh": true,
	"docker": true, "compose": true, "sudo": true, "the": true, "and": true, "all": true,
}

// askedChecks makes a command a check when the person named it in a
// sentence about checking work before it is done ("run the apex tests
// and the scanner before you say done") and it ran in at least
// minVerifySessions sessions: two signals no tool list needs. A command
// only run, or only named, is not made one.
func askedChecks(sessions []mined, said []source) {
	var asked []string
	for _, s := range said {
		if loc := askedRe().FindStringIndex(s.quote); loc != nil {
			// The words near the request name the checks; a long
			// sentence names other things too ("routine update day,
			// …, make sure the check passes").
			before := strings.Fields(s.quote[:loc[0]])
			after := strings.Fields(s.quote[loc[1]:])
			before = before[max(0, len(before)-askedReach):]
			after = after[:min(len(after), askedReach)]
			asked = append(asked, strings.ToLower(strings.Join(append(append(before, s.quote[loc[0]:loc[1]]), after...), " ")))
		}
	}
	if len(asked) == 0 {
		return
	}
	runs := map[string]int{}
	checked := map[string]bool{} // words of the checks already known
	for _, m := range sessions {
		seen := map[string]bool{}
		for _, r := range m.steps {
			if r.cmd.category != "" {
				for _, w := range strings.Fields(strings.ToLower(r.cmd.step)) {
					checked[w] = true
				}
			}
			if r.cmd.category == "" && !r.cmd.preview && !vcsStep(r.cmd) && !seen[r.cmd.key] && !dangerous(argsText(r.cmd.args)) {
				seen[r.cmd.key] = true
				runs[r.cmd.key]++
			}
		}
	}
	named := map[string]string{}
	for _, m := range sessions {
		for _, r := range m.steps {
			if runs[r.cmd.key] < minVerifySessions || named[r.cmd.key] != "" {
				continue
			}
			if w := namedIn(r.cmd.step, asked, checked); w != "" {
				named[r.cmd.key] = cmp.Or(checkName(w), "test")
			}
		}
	}
	markChecks(sessions, named)
}

// markChecks gives the commands named (by key) their check category, and
// each session's first run of one a place among its checks.
func markChecks(sessions []mined, named map[string]string) {
	markChecksBy(sessions, named, func(c command) string { return c.key })
}

// markChecksBy is markChecks with the commands named by keyOf.
func markChecksBy(sessions []mined, named map[string]string, keyOf func(command) string) {
	if len(named) == 0 {
		return
	}
	for i := range sessions {
		m := &sessions[i]
		seen := map[string]bool{}
		for k := range m.steps {
			c := &m.steps[k].cmd
			if c.category != "" {
				continue
			}
			if cat := named[keyOf(*c)]; cat != "" {
				c.category = cat
				// Each kind of check a program runs is a check run,
				// as in mining (`./tools/run.sh lint`, then `…
				// test`).
				if run := c.key + "\x00" + c.flagValues + "\x00" + cat; !seen[run] {
					seen[run] = true
					m.checks = append(m.checks, m.steps[k])
				}
			}
		}
	}
}

// reportedChecks makes a command a check when one of its runs printed what
// a checker prints (reportShape: "214 links scanned, 0 broken", "Valid:
// 41, Invalid: 0") and it ran in at least minVerifySessions sessions: two
// signals, and no name of the tool is needed, so a checker of an
// ecosystem no list knows is found by what it does. Never made one: a
// command already categorised, a preview, version control, a server, a
// dangerous command, and a command that acts (actingStep: deploys,
// uploads, installs, moves files), whatever count of errors it printed.
func reportedChecks(sessions []mined) {
	runs := map[string]int{}
	shapes := map[string]map[string]int{}
	for _, m := range sessions {
		seen := map[string]bool{}
		for _, r := range m.steps {
			c := r.cmd
			if c.category != "" || c.preview || c.rewrites || vcsStep(c) || serveStep(c) || dangerous(argsText(c.args)) || actingStep(c) || addsSources(c) {
				continue
			}
			k := reportKey(c)
			if !seen[k] {
				seen[k] = true
				runs[k]++
			}
			if r.report != "" {
				if shapes[k] == nil {
					shapes[k] = map[string]int{}
				}
				shapes[k][r.report]++
			}
		}
	}
	named := map[string]string{}
	for k, sh := range shapes {
		if runs[k] >= minVerifySessions {
			named[k] = mostCommon(sh)
		}
	}
	markChecksBy(sessions, named, reportKey)
}

// addingVerbs end a step that adds something new to the project (`dotnet
// ef migrations add AddPostingMemo`, `rails generate model`, `ng new`).
var addingVerbs = map[string]bool{"add": true, "new": true, "create": true, "scaffold": true, "generate": true, "init": true}

// addsSources reports whether a command's step ends with one of
// addingVerbs: it writes new files, and what it prints while it builds
// them ("Build succeeded.") reports on that writing, no check of the
// project.
func addsSources(c command) bool {
	f := strings.Fields(c.step)
	return len(f) >= 2 && addingVerbs[f[len(f)-1]]
}

// namedIn returns a word of a step that one of the sentences names, as a
// whole word or its plural: `make sim` in "lint + sim before you call it
// done", `sf scanner run` in "run the tests and the scanner". The program
// names the step only when it is all the step is, and a word of a known
// check names that check.
func namedIn(step string, sentences []string, checked map[string]bool) string {
	words := strings.Fields(strings.ToLower(step))
	for i, w := range words {
		if i == 0 && len(words) > 1 {
			// `ember try:one` is not what "ember test" names.
			continue
		}
		w = path.Base(w)
		if len(w) < 3 || plainWords[w] || checked[w] || !isWord(w) {
			// "nix flake check" names the check, not `nix flake
			// update`.
			continue
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `s?\b`)
		for _, s := range sentences {
			if re.MatchString(s) {
				return w
			}
		}
	}
	return ""
}

// neededBuilds makes a program run with options alone, or a subcommand
// that makes (makesSources), a build check when it runs right before a
// check in every session that runs that check, three sessions at least
// (`hugo --gc --minify` before `htmltest`, which reads what it built;
// `buf generate` before `go test ./...`, which compiles what it
// generated): the check needs it. A step that only sometimes comes first (`npm install`,
// starting a broker) is set-up, not part of the check.
func neededBuilds(sessions []mined) {
	type pair struct{ check, prev string }
	before := map[pair]int{}
	runs := map[string]int{}
	for _, m := range sessions {
		seen := map[pair]bool{}
		ran := map[string]bool{}
		for i, r := range m.steps {
			if r.cmd.category == "" || r.cmd.category == "build" {
				continue
			}
			ran[r.cmd.key] = true
			if i == 0 || len(r.cmd.from) > 0 {
				// A check that reads a pipe brings what feeds it.
				continue
			}
			p := m.steps[i-1].cmd
			if p.category != "" || p.preview || vcsStep(p) || serveStep(p) || configureStep(p) || dangerous(argsText(p.args)) ||
				strings.Contains(p.step, " ") && !handsFile(p, r.cmd) && !makesSources(p) && !sameToolStep(p, r.cmd) || sharesValue(r.cmd, p) {
				// Only a program run with options alone, one whose
				// subcommand makes what is checked (makesSources), or
				// one that writes the file the check is given, and
				// one the check is not aimed at (`dbt test --select
				// m` after `dbt run --select m`).
				continue
			}
			if k := (pair{r.cmd.key, p.step}); !seen[k] {
				seen[k] = true
				before[k]++
			}
		}
		for k := range ran {
			runs[k]++
		}
	}
	needed := map[string]bool{}
	for k, n := range before {
		if n >= minVerifySessions && n == runs[k.check] {
			needed[k.prev] = true
		}
	}
	for i := range sessions {
		m := &sessions[i]
		seen := map[string]bool{}
		for k := range m.steps {
			c := &m.steps[k].cmd
			if needed[c.step] && c.category == "" {
				c.category = "build"
				if run := c.key + "\x00" + c.flagValues; !seen[run] {
					seen[run] = true
					m.checks = append(m.checks, m.steps[k])
				}
			}
		}
	}
}

// sameToolStep reports whether p is another subcommand of the program
// whose own test or check subcommand a check is, one that installs or
// fetches nothing: `pio run` before `pio test`, the firmware built before
// its tests. (A task runner's tasks, `./gradlew recordPaparazziDebug`
// before `./gradlew verifyPaparazziDebug`, and a package manager's
// scripts, `yarn make` before `yarn test`, are no such pair.)
func sameToolStep(p, check command) bool {
	f, cf := strings.Fields(p.step), strings.Fields(check.step)
	return len(f) == 2 && len(cf) >= 2 && p.tool == check.tool && !packageManagers[p.tool] && endingChecks[cf[1]] && f[1] != cf[1] && !setupVerbs[f[1]]
}

// setupVerbs are subcommands that get a project ready rather than make
// what is checked: `npm install`, `poetry lock`.
var setupVerbs = map[string]bool{"install": true, "i": true, "ci": true, "add": true, "sync": true, "update": true, "upgrade": true,
	"fetch": true, "download": true, "restore": true, "lock": true, "init": true, "get": true, "deps": true, "clean": true, "link": true, "login": true}

// makingVerbs end a subcommand that makes what a check then reads: the
// site, the generated code, the rendered configuration.
var makingVerbs = map[string]bool{
	"build": true, "generate": true, "gen": true, "codegen": true, "render": true, "compile": true,
	"bundle": true, "synth": true, "package": true,
}

// makesSources reports whether a step's last word is one of makingVerbs
// (`mkdocs build`, `sqlc generate`, `make render`, `cdk synth`), run by a
// program that is no container tool: run right before a check every time,
// it makes what the check reads. A container tool's build (`docker
// build`) makes an image the check does not read from the tree. The
// command's key must name the verb: a key that stops short of it (`cargo
// xtask` of `cargo xtask codegen`) stands for the project's other tasks
// too, checks among them.
func makesSources(c command) bool {
	f := strings.Fields(bareStep(c))
	if len(f) < 2 {
		return false
	}
	last := f[len(f)-1]
	making := makingVerbs[last]
	if i := strings.LastIndexByte(last, ':'); i >= 0 {
		// A package script named for its area makes the artefact
		// its last part names (`docs:build`); one that generates
		// (`openapi:gen`) writes new sources, a step of its own.
		making = artefactVerbs[last[i+1:]]
	}
	return c.key == c.step && making && !containerPrograms[path.Base(f[0])]
}

// handsFile reports whether a command writes the file a check is then
// given (`quillc sheet pack layouts > sheet.qpk` before `quillc sheet
// validate sheet.qpk`): the check reads what it made.
func handsFile(made, check command) bool {
	out := ""
	if len(made.out) == 2 {
		out = made.out[1].text
	}
	for i := 1; i < len(made.args) && out == ""; i++ {
		if outputOptions[made.args[i-1].text] {
			out = made.args[i].text
		}
	}
	if out == "" {
		return false
	}
	for _, w := range check.args[1:] {
		if w.text == out {
			return true
		}
	}
	return false
}

// checkingStems are the stems of words that say a command checks
// something (`htmlproofer`, `healthcheck.sh`, `kitchen verify`, `airflow
// dags list-import-errors`), in any language's tools.
// A word starts with one of checkingStarts (`verify`, `validator`,
// `errors`) or ends with one of checkingParts (checkingPart:
// `healthcheck`, `htmlproofer`); "invalidation" names no check.
var (
	checkingStarts = []string{"verif", "valid", "error", "audit"}
	checkingParts  = []string{"check", "chk", "lint", "proof", "spell", "conform", "scan"}
)

// checkingName reports whether a word of a step, split at punctuation and
// taken past any directory, says it checks.
func checkingName(step string) bool {
	for _, p := range stepWords(step) {
		for _, st := range checkingStarts {
			if strings.HasPrefix(p, st) {
				return true
			}
		}
		for _, st := range checkingParts {
			if checkingPart(p, st) {
				return true
			}
		}
	}
	return false
}

// checkingPart reports whether word holds st as the part that ends it,
// alone or as a doer or a form of it (`healthcheck`, `htmlproofer`,
// `gscan`, `linters`): "checkout", "checkpoint" and "scanimage" hold the
// letters but name no check.
func checkingPart(word, st string) bool {
	i := strings.LastIndex(word, st)
	if i < 0 {
		return false
	}
	switch word[i+len(st):] {
	case "", "s", "er", "ers", "ing":
		return true
	}
	return false
}

// routineChecks makes a command a check when its name says it checks
// (checkingName), or its run throws away what it makes (discards), and
// it is part of the routine of most of a project's sessions: it ran in
// more than half of them (minVerifySessions at least), mostly as the
// same command. A name alone is not enough (`hardhat verify` of a
// contract in one release session), nor is recurrence (a procedure run
// in every session). Never made one: a command known as anything else, a
// server, version control, a dangerous command, and one that acts
// (actingStep) or sets something up (settingUp).
func routineChecks(sessions []mined) {
	total := 0
	ran := map[string]int{}
	full := map[string]map[string]int{}
	for _, m := range sessions {
		if len(m.steps) > 0 {
			total++
		}
		seen := map[string]bool{}
		for _, r := range m.steps {
			c := r.cmd
			if c.category != "" || c.preview || c.noise || c.rewrites || vcsStep(c) || serveStep(c) || dangerous(argsText(c.args)) || actingStep(c) {
				continue
			}
			k := c.key
			if !checkingName(c.step) {
				if !discards(c) || setsUp(bareStep(c), false) {
					continue
				}
				// Only the runs that throw their result away check;
				// the same program run to make a file does not.
				k = discardKey(c)
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			ran[k]++
			if full[k] == nil {
				full[k] = map[string]int{}
			}
			full[k][argsText(c.args)]++
		}
	}
	named := map[string]string{}
	for k, n := range ran {
		if n >= minVerifySessions && 2*n > total && 2*full[k][mostCommon(full[k])] > n {
			named[k] = "test"
		}
	}
	markChecksBy(sessions, named, func(c command) string {
		if discards(c) && !checkingName(c.step) {
			return discardKey(c)
		}
		return c.key
	})
}

// discardKey tells the runs of a command that throw their result away
// from its other runs.
func discardKey(c command) string { return c.key + "\x00discards" }

// outputOptions name the file a program writes (`-o`, `--output`).
var outputOptions = map[string]bool{"-o": true, "--output": true, "--out": true, "-O": true}

// discards reports whether a run writes what it makes to a throwaway
// place, /dev/null or a file under /tmp, named by an output option or a
// redirection (`-o /tmp/probe.out`, `--output=/dev/null`, `> /dev/null`,
// `> /tmp/out.txt`): it runs for its verdict, not for what it makes.
func discards(c command) bool {
	if c.dropped {
		return true
	}
	throwaway := func(p string) bool { return p == "/dev/null" || strings.HasPrefix(p, "/tmp/") }
	for _, w := range c.out {
		if throwaway(w.text) {
			return true
		}
	}
	for i := 1; i < len(c.args); i++ {
		a := c.args[i].text
		if name, val, ok := strings.Cut(a, "="); ok && outputOptions[name] && throwaway(val) {
			return true
		}
		if outputOptions[c.args[i-1].text] && throwaway(a) {
			return true
		}
	}
	return false
}

// settingUpWords name what a command sets up or changes (`docker compose
// up`, `alembic upgrade head`, `make seed`).
var settingUpWords = map[string]bool{
	"install": true, "init": true, "up": true, "start": true, "stop": true, "restart": true, "reload": true,
	"migrate": true, "upgrade": true, "seed": true, "generate": true, "gen": true, "codegen": true, "build": true,
	"compile": true, "pull": true, "login": true, "create": true, "new": true, "add": true, "remove": true,
	"restore": true, "reset": true, "clean": true, "apply": true, "backup": true, "dump": true, "load": true,
	"update": true, "bump": true, "set": true, "switch": true, "launch": true, "render": true, "submit": true,
	"exec": true, "open": true, "serve": true, "watch": true, "bench": true, "make": true, "package": true,
	"pack": true, "purge": true, "flush": true, "clear": true, "delete": true, "send": true, "notify": true,
	"invalidate": true, "invalidation": true, "import": true, "export": true, "copy": true, "move": true,
	"tidy": true, "logs": true, "shell": true, "console": true, "repl": true,
}

// everySessionChecks makes a command a check when it ran in every session
// of the project (minVerifySessions at least), in one shape each time, and
// right beside a known check each time (`busted` after `luacheck .`,
// `nextflow run . -profile test,docker` before `nf-core lint`): the
// routine every change gets. A routine skipped once still is one when it
// ran in skippedRoutine sessions or more ("just this run, skip the
// linter"). One shape: the same options, only the values it is given may
// change (`fwsize build/dev/app.bin`, later `… build/prod/app.bin`,
// beside the check that built either). No word of its step may name
// setting up or acting (settingUpWords, actionWords), and it is no
// server, version control or dangerous command. It reports whether it
// made any. found holds the commands (checkKey) it made checks in an
// earlier pass, whose runs in another form stay what they were (`fabrik
// live.toml --apply-now` beside the routine `fabrik plan.toml
// --preview`), and gains those it makes.
func everySessionChecks(sessions []mined, found map[string]bool) bool {
	total := 0
	for _, m := range sessions {
		if len(m.steps) > 0 {
			total++
		}
	}
	if total < minVerifySessions {
		return false
	}
	skip := func(c command) bool {
		return c.category != "" || c.preview || c.noise || c.rewrites || vcsStep(c) || serveStep(c) || configureStep(c) || dangerous(argsText(c.args)) || actingStep(c) ||
			(c.buildVerb || settingUp(bareStep(c))) && !makesOnly(c)
	}
	// Counted past any runner: `npx cdk synth`, later `pnpm exec cdk
	// synth`, is one command run the same way.
	ran, beside, apart := map[string]int{}, map[string]int{}, map[string]int{}
	full, shapes := map[string]map[string]bool{}, map[string]map[string]bool{}
	values := map[string]map[string][]string{} // each form's words, as given
	keys := map[string][]string{}
	prog, making := map[string]string{}, map[string]bool{} // each shape's program (checkKey); a build's shapes
	acts := map[string]bool{}                              // a run of the shape had an option that acts (optionSetsUp)
	shapesOf := map[string]int{}                           // how many shapes each program ran in
	twice := map[string]bool{}                             // some session ran it in two forms
	given := map[string]map[string]int{}                   // sessions each value was given in
	for _, m := range sessions {
		seen, seenVal := map[string]bool{}, map[string]bool{} // seenVal: per command and value
		forms := map[string]string{}
		for i, r := range m.steps {
			c := r.cmd
			// Counted by shape: the program run otherwise in the
			// session (`./build/vkr --bench 600 > bench.csv` beside
			// the routine `./build/vkr --headless --frames 120`, a
			// `curl` of another address) is another command.
			ck := c.checkKey()
			k := ck + "\x00" + routineShape(c)
			if skip(c) || found[ck] || i+1 < len(m.steps) && feeds(c, m.steps[i+1].cmd) {
				// (What feeds a check's pipe is part of that check.)
				continue
			}
			form := argsText(c.args[min(c.runner, len(c.args)):])
			if f, ok := forms[k]; ok && f != form {
				twice[k] = true
			}
			forms[k] = form
			if seen[k] {
				continue
			}
			seen[k] = true
			ran[k]++
			if full[k] == nil {
				full[k], shapes[k], values[k] = map[string]bool{}, map[string]bool{}, map[string][]string{}
			}
			full[k][form] = true
			shapes[k][routineShape(c)] = true
			if !slices.Contains(keys[k], c.key) {
				keys[k] = append(keys[k], c.key)
			}
			if prog[k] == "" {
				shapesOf[ck]++
			}
			prog[k], making[k] = ck, makesOnly(c)
			acts[k] = acts[k] || optionSetsUp(c)
			next, shared := false, false
			for _, j := range []int{i - 1, i + 1} {
				if j >= 0 && j < len(m.steps) && m.steps[j].cmd.category != "" {
					next = true
					shared = shared || sharesValue(c, m.steps[j].cmd)
				}
			}
			if next {
				beside[k]++
			}
			if next && !shared {
				apart[k]++
			}
			var texts []string
			for _, w := range c.args[min(c.runner, len(c.args)):] {
				texts = append(texts, w.text)
				if given[k] == nil {
					given[k] = map[string]int{}
				}
				// Once a session for each command: a value an earlier
				// step was given too still counts for this one.
				if v := k + "\x00" + w.text; !seenVal[v] {
					seenVal[v] = true
					given[k][w.text]++
				}
			}
			values[k][form] = texts
		}
	}
	forms, shaped := map[string]string{}, map[string]string{}
	for k, n := range ran {
		if n != total && (n < skippedRoutine || n != total-1) || beside[k] != n {
			continue
		}
		if shapesOf[prog[k]] > 1 && acts[k] {
			// One of a program's ways of running, the one whose
			// option acts (`fabrik live.toml --apply-now` beside
			// `fabrik plan.toml --preview`), is no check.
			continue
		}
		cat := "test"
		if making[k] {
			// It makes what the checks beside it then check, or
			// shows it still builds: a build.
			cat = "build"
		}
		switch {
		case len(full[k]) == 1:
			found[prog[k]] = true
			for form := range full[k] {
				for _, key := range keys[k] {
					forms[key+"\x00"+form] = cat
				}
			}
		case len(shapes[k]) == 1 && !twice[k] && apart[k] == n && recurring(values[k], given[k]):
			// Aimed at another thing in some session, one thing a
			// session: the routine, given what that session built.
			// Aimed at two things in one session (staging, then
			// production) it steps through them; given what the
			// check beside it is given (`dbt run --select m`, `dbt
			// test --select m`), it makes what that check checks.
			// Given a new value each time (`verify 0x1f`, `verify
			// 0x2e`), it acts on what each task made.
			found[prog[k]] = true
			for shape := range shapes[k] {
				for _, key := range keys[k] {
					shaped[key+"\x00"+shape] = cat
				}
			}
		}
	}
	// Only the runs in that one form or shape: the same program run
	// otherwise (`tidewright live.tw --commit` beside the routine
	// `tidewright rehearsal.tw --no-commit`) does something else.
	markChecksBy(sessions, forms, func(c command) string {
		return c.key + "\x00" + argsText(c.args[min(c.runner, len(c.args)):])
	})
	markChecksBy(sessions, shaped, func(c command) string {
		if skip(c) {
			return ""
		}
		return c.key + "\x00" + routineShape(c)
	})
	return len(forms)+len(shaped) > 0
}

// recurring reports whether every argument that changed between the
// forms of a command took, at least once, a value given in two sessions
// or more: the routine is aimed at the few things a project has (its
// build configurations, its sample files), not at a new one each time.
// forms holds each form's words as given (a quoted "out/dev build/a.bin"
// is one word, the key of given); forms of different lengths are not one
// routine, whatever order the map gives them in.
func recurring(forms map[string][]string, given map[string]int) bool {
	var runs [][]string
	for _, r := range forms {
		if len(runs) > 0 && len(r) != len(runs[0]) {
			return false
		}
		runs = append(runs, r)
	}
	for i := range runs[0] {
		same, again := true, false
		for _, r := range runs {
			same = same && r[i] == runs[0][i]
			again = again || given[r[i]] >= 2
		}
		if !same && !again {
			return false
		}
	}
	return true
}

// artefactVerbs are the making verbs (makingVerbs) whose result is an
// artefact beside the sources, not sources: a generator's output
// (`generate`, `codegen`) is new code in the tree, a change. Derived from
// makingVerbs so the two lists cannot drift apart.
var artefactVerbs = func() map[string]bool {
	m := map[string]bool{}
	for w := range makingVerbs {
		if w != "generate" && w != "gen" && w != "codegen" {
			m[w] = true
		}
	}
	return m
}()

// makesOnly reports whether the only words of a step that name setting
// something up are artefact verbs (artefactVerbs) after the program's name,
// run by no container tool (`serverless package`, `crossplane render`,
// `java -jar bob.jar --variant debug build`, `make build`): it makes an
// artefact in the tree, a package, a render, a build, and changes nothing
// set up, deployed or shared. Run beside the checks in every session it
// is one of them (everySessionChecks); a container tool's build makes an
// image others pull, and `make install` or `gradle publish` act.
func makesOnly(c command) bool {
	f := strings.Fields(bareStep(c))
	if len(f) < 2 || containerPrograms[path.Base(f[0])] {
		return false
	}
	kept, made := f[:1], false
	for _, w := range f[1:] {
		if artefactVerbs[strings.ToLower(w)] {
			made = true
			continue
		}
		if actionWords[strings.ToLower(w)] {
			// `gradle build publish`, `make build push`: it makes and
			// then acts.
			return false
		}
		kept = append(kept, w)
	}
	return made && (len(kept) == 1 || !settingUp(strings.Join(kept, " ")))
}

// optionSetsUp reports whether an option of a run names setting up or
// acting (`--apply-now`, `--create-db`, `--update-snapshots`, `--push`):
// the program run that way changes something, whatever its name says.
// An artefact verb in an option (`cmake --build build`) only builds.
func optionSetsUp(c command) bool {
	for _, w := range c.args[min(c.runner+1, len(c.args)):] {
		if w.op || !strings.HasPrefix(w.text, "-") {
			continue
		}
		name, _, _ := strings.Cut(w.text, "=")
		if l := strings.ToLower(name); strings.HasPrefix(l, "--no-") || strings.HasPrefix(l, "--dry-run") {
			// `--no-install`, `--dry-run-apply`: the act is turned off.
			continue
		}
		for _, p := range stepWords(name) {
			// `rspec --seed 7` orders tests at random; it seeds no data.
			if !artefactVerbs[p] && p != "seed" && (settingUpWords[p] || actionWords[p]) {
				return true
			}
		}
	}
	return false
}

// feeds reports whether a command's output is piped into the next one
// (`jsonnet env/qa.jsonnet | yamllint -`).
func feeds(c, next command) bool {
	return len(next.from) > 0 && argsText(next.from) == argsText(c.args)
}

// skippedRoutine is how many sessions must have run a routine check
// that one session skipped: with fewer, a command run in all but one
// session is as likely a step most of the work happened to need.
const skippedRoutine = 4

// routineShape is a run past its runner with the values it was given
// blanked out, its options and plain words kept: runs of one shape are
// one routine aimed at different things (`fwsize build/dev/app.bin`,
// `fwsize build/prod/app.bin`); an option added or changed (`--verbose`,
// `--commit`) or another plain word (`kiln bake`, `kiln fire`) makes
// another; a word given to a long option (`--stage dev`, later `--stage
// sandbox`) is a value.
func routineShape(c command) string {
	args := c.args[min(c.runner, len(c.args)):]
	parts := make([]string, len(args))
	for i, w := range args {
		parts[i] = w.text
		if i > 0 && !w.op && !strings.HasPrefix(w.text, "-") && (!isWord(w.text) || looksLikeData(w.text) || valueOfOption(args[i-1].text)) {
			parts[i] = "\x01"
		}
	}
	return strings.Join(parts, " ")
}

// valueOfOption reports whether a word is a long option that takes the
// next word as its value (`--stage dev`, `--scene bistro`): that word is
// what the run was given, not another command. One written with `=`
// holds its value already.
func valueOfOption(prev string) bool {
	return strings.HasPrefix(prev, "--") && len(prev) > 2 && !strings.Contains(prev, "=")
}

// openedWords are the settingUpWords that name a place a person opens
// (`rails console`, `mix shell`, `lein repl`, `fly logs`), not an act: a
// word that starts with one is another word (`replay.sh`, `shellcheck`,
// `consolidate`, `logstash`), never one built on it.
var openedWords = map[string]bool{"repl": true, "shell": true, "console": true, "logs": true}

// settingUp reports whether a word of a step, or a part of a camel-case
// word (`dbResetSchema`), names setting up or changing something
// (settingUpWords), or is built on such a word.
func settingUp(step string) bool { return setsUp(step, true) }

// setsUp is settingUp; built says whether a word built on one of
// settingUpWords counts. A word of a program's name may only look built
// on one (`seedling`, `loadstar`).
func setsUp(step string, built bool) bool {
	if prog, rest, ok := strings.Cut(step, " "); ok && !strings.ContainsAny(prog, "/.") {
		// An installed program's own name (`cloud-init schema`)
		// says what it is about; what it is told to do follows. A
		// script's name (`./seed-db.sh`) says what it does.
		step = rest
	}
	return slices.ContainsFunc(nameWords(step), func(p string) bool {
		if settingUpWords[p] {
			return true
		}
		if !built {
			return false
		}
		// A word built on one ("flushall", "createdb", "seeding").
		for w := range settingUpWords {
			if len(w) >= 4 && !openedWords[w] && strings.HasPrefix(p, w) {
				return true
			}
		}
		return false
	})
}

// handedWordChecks makes a run a check when the first plain word it is
// given names one (checkWordArg: `./tools/run.sh lint`, `./renpy.sh .
// lint`, `jpm -l test`, `make package/wgmesh/check`) and the program ran
// with that word in minVerifySessions sessions or more: a project script
// or a tool no list knows, told by what it is asked to do. The word joins
// the run's listed form (verificationCandidate), and the key stays the
// program's, so its other runs (`jpm -l build`) stay steps. Never made
// one: a run known as anything else, a look, a
// preview, version control, a container, a database client, an
// interpreter, and a run that acts or sets something up (`./deploy.sh
// test` deploys to the test stage).
func handedWordChecks(sessions []mined) {
	ran := map[string]int{}
	for _, m := range sessions {
		seen := map[string]bool{}
		for _, r := range m.steps {
			if w, cat := handedWord(r.cmd); cat != "" && !seen[r.cmd.key+"\x00"+w] {
				seen[r.cmd.key+"\x00"+w] = true
				ran[r.cmd.key+"\x00"+w]++
			}
		}
	}
	for i := range sessions {
		m := &sessions[i]
		seen := map[string]bool{}
		for k := range m.steps {
			c := &m.steps[k].cmd
			w, cat := handedWord(*c)
			if cat == "" || ran[c.key+"\x00"+w] < minVerifySessions {
				continue
			}
			c.category = cat
			if run := c.key + "\x00" + w + "\x00" + c.flagValues; !seen[run] {
				seen[run] = true
				m.checks = append(m.checks, m.steps[k])
			}
		}
	}
}

// handedWord is the check word a run is handed (checkWordArg) and the
// check it names, for a run that may be a check by that word: none known
// as anything else, a look, a preview, version control, a server, a
// container, a database client, an interpreter, or a run that acts or
// sets something up (`./deploy.sh test` deploys to the test stage).
func handedWord(c command) (string, string) {
	if c.category != "" {
		return "", ""
	}
	return handedCheckWord(c)
}

// handedCheckWord is handedWord whatever the run is already known as:
// the word a check run was handed, shown in its listed form (a
// script's arguments are otherwise left out of it).
func handedCheckWord(c command) (string, string) {
	if c.noise || c.preview || c.rewrites || len(c.args) <= c.runner || vcsStep(c) || serveStep(c) || actingStep(c) ||
		containerPrograms[c.tool] || dbClients[c.tool] || interpreters[c.tool] {
		return "", ""
	}
	var rest []string
	for _, w := range c.args[c.runner+1:] {
		if w.op {
			break
		}
		rest = append(rest, w.text)
	}
	w, cat := checkWordArg(path.Base(c.args[c.runner].text), rest)
	if cat != "" && slices.Contains(strings.Fields(c.step), w) {
		// A subcommand already in the step (`foundry verify 0xa1`)
		// is judged by the rules for named checks (routineChecks).
		return "", ""
	}
	if cat != "" && !strings.Contains(w, "/") && setsUp(bareStep(c), false) {
		// (A make target given as a path names its check by its
		// last part: `make package/wgmesh/check`.)
		return "", ""
	}
	return w, cat
}

// reportKey is a run's command as reportedChecks counts it: its key and
// the check word it was handed (handedCheckWord), so a script's runs
// asked for different things (`./tools/run.sh lint`, `./tools/run.sh
// test`, `./tools/run.sh migrate`) are told apart by what each printed.
func reportKey(c command) string {
	w, _ := handedCheckWord(c)
	return c.key + "\x00" + w
}

// endsInShortOption reports whether a command's last word is a short
// option ("-b" of `west build -b`), its value left off.
func endsInShortOption(cmd string) bool {
	f := strings.Fields(cmd)
	return len(f) > 0 && len(f[len(f)-1]) == 2 && f[len(f)-1][0] == '-'
}
