package offline

import (
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// Procedures: the same ordered run of at least minSteps commands in at least
// two sessions is a workflow worth a skill draft. Read-only inspection
// commands and commands no other session ran are left out of the sequence
// and repeats are collapsed, so `ls; go generate; go generate; go test` is
// the two steps it performs.

const (
	minSteps = 3
	maxSteps = 6
)

// skillDraft is a SKILL.md to be written under memory/skills/<name>/.
type skillDraft struct {
	name        string
	description string
	steps       []string
	verify      string // the step that checks the work, if the sequence has one
	sessions    int
}

// procedureCandidates finds recurring command sequences. verify lists the
// project's verification commands, used as the check step when a sequence
// has none of its own.
func procedureCandidates(sessions []mined, isNew func(int) bool, limit int) []candidate {
	type gram struct {
		steps    []command
		toks     []string    // what each step is matched on
		windows  [][]command // the run in each supporting session
		sessions []int
		count    int      // occurrences, repeats within a session included
		srcs     []source // first step of each supporting session
		prompts  []source
		first    int
	}
	// A step run in one session only cannot belong to a recurring
	// sequence; dropping it lets `migrate, add zod, generate, test` match
	// `migrate, generate, test`.
	runs := make([][]shellRun, len(sessions))
	for idx, m := range sessions {
		runs[idx] = procedureSteps(m)
	}
	stepSessions, keySessions := map[string]int{}, map[string]int{}
	working := 0 // sessions that ran a step
	for idx := range sessions {
		if len(runs[idx]) > 0 {
			working++
		}
		seen := map[string]bool{}
		for _, r := range runs[idx] {
			if s := bareStep(r.cmd); !seen[s] {
				seen[s] = true
				stepSessions[s]++
			}
			if k := r.cmd.checkKey(); !seen["\x00"+k] {
				seen["\x00"+k] = true
				keySessions[k]++
			}
		}
	}
	// token is what a step is matched on across sessions: the step, or,
	// when its plain words changed from run to run (`cargo release
	// minor`, `cargo release patch`), the program and subcommand; either
	// past its runner (`poetry run`, later `uv run`).
	token := func(c command) string {
		fed := ""
		if len(c.from) > 0 {
			// What reads a pipe is a part of the step before it,
			// not the same program run again alone.
			fed = "| "
		}
		if s := bareStep(c); stepSessions[s] >= 2 {
			return fed + s
		}
		if k := c.checkKey(); keySessions[k] >= 2 {
			return fed + k
		}
		return ""
	}
	split := splitTokens(runs, token)
	grams := map[string]*gram{}
	order := 0
	for idx := range sessions {
		var steps []shellRun
		var toks []string
		for _, r := range runs[idx] {
			tok := token(r.cmd)
			if tok != "" && split[tok] != nil {
				tok += split[tok].of(r.cmd)
			}
			if tok == "" {
				continue
			}
			if n := len(toks); n > 0 && toks[n-1] == tok {
				continue
			}
			steps = append(steps, r)
			toks = append(toks, tok)
		}
		seen := map[string]bool{}
		for n := minSteps - 1; n <= maxSteps; n++ {
			for i := 0; i+n <= len(steps); i++ {
				if strings.HasPrefix(toks[i], "| ") {
					// What reads a pipe starts no procedure: without
					// the step that feeds it (`kubeconform -strict -`
					// alone), it is no command anyone can run.
					continue
				}
				runs := steps[i : i+n]
				window := make([]command, n)
				parts := make([]string, n)
				for k, r := range runs {
					window[k] = r.cmd
					parts[k] = toks[i+k]
				}
				key := strings.Join(parts, "\x00")
				if g := grams[key]; g != nil && seen[key] {
					g.count++
					continue
				}
				seen[key] = true
				g := grams[key]
				if g == nil {
					order++
					g = &gram{steps: window, toks: parts, first: order}
					grams[key] = g
				}
				g.count++
				g.sessions = append(g.sessions, idx)
				g.windows = append(g.windows, window)
				g.srcs = append(g.srcs, runs[0].src)
				if runs[0].prompt.quote != "" {
					g.prompts = append(g.prompts, runs[0].prompt)
				}
			}
		}
	}
	var cands, checked []*gram
	for _, g := range grams {
		// Two sessions show a procedure of three steps or more; a
		// two-step one needs a third run, or its second action to take
		// what the first made each time (`pagefind --site _site`, then
		// `wrangler pages deploy _site`).
		if len(g.sessions) < 2 || len(g.steps) < minSteps && g.count < 3 && !handsOn(g.windows) {
			continue
		}
		fresh := false
		for _, idx := range g.sessions {
			fresh = fresh || isNew(idx)
		}
		// A procedure has a step of this project's own: checks and
		// version-control bookkeeping alone are no skill.
		// A procedure has a step of this project's own. One action
		// followed by the verification suite is "do it, then verify",
		// the checks of any change, not a procedure; checks that gate an
		// action (fmt, validate, then plan) are one.
		distinct, own, builds, checks, vcs := map[string]bool{}, 0, 0, 0, false
		for k, c := range g.steps {
			vcs = vcs || vcsStep(c)
			// (By token: `… | psql -d db` and `psql -d db -c …` are
			// two steps of one program.)
			distinct[g.toks[k]] = true
			switch {
			case checkingRun(c) && targeted(g.windows, k):
				// `dbt test --select orders` after `dbt run --select
				// orders` checks what the procedure made: its step.
				own++
			case checkingRun(c) && k > 0 && afterAction(g.steps[k-1]) && stepSessions[bareStep(c)] == len(g.sessions) && len(g.sessions) < working:
				// A check run only in the sessions that ran this
				// procedure, right after its action (`bundletool
				// validate` after the release build), checks what
				// the action made: its step, not one of the checks
				// the project runs whatever it did.
				own++
			case installsDeps(c):
				// Installing the dependencies (`carton install`,
				// `npm ci`) readies the tree for whatever comes
				// next: set-up, no step of the project's own.
			case c.rewrites:
				// A formatter rewriting the files before the checks
				// (`dune fmt`, then `dune build @check`, `dune test`)
				// tidies the change: no step of a procedure.
			case c.category == "" && c.buildVerb && !checkedAfter(g.steps, k):
				// An artefact's build (`docker build`, `wails build`:
				// a tool the project never checks with) that no check
				// follows makes what the procedure delivers: its own
				// step, as a deploy is. One the checks then read
				// (`jekyll build`, then `htmlproofer`) is part of
				// checking a change.
				own++
			case c.category == "build" || c.buildVerb || configureStep(c):
				builds++
			case c.category != "" || c.preview && !infraTools[c.tool]:
				// A dry run (`wrangler deploy --dry-run`) only shows
				// what would happen, as a check does; an
				// infrastructure plan is what the apply acts on.
				checks++
			case !vcsStep(c) && !serveStep(c) && (!incidental(c) || c.tool == "zip" || c.tool == "tar"):
				// (Packing what was built into an archive is a step
				// of the project's own; copying files is not.)
				own++
			}
		}
		endsChecking := checkingRun(g.steps[len(g.steps)-1])
		if !fresh || len(distinct) < len(g.steps) && !roundTrip(g.steps, g.toks) || own == 0 || oneProgram(g.toks) {
			continue
		}
		// One step of the project's own, first, with no build or
		// version control beside it.
		single := own == 1 && builds == 0 && !vcs && g.steps[0].category == ""
		// Two actions of its own or more are a procedure whatever
		// checks close it: weighed against the checks, it would end
		// at the last check that leaves them outnumbered, one short
		// of the run (`make-migrations`, `upgrade`, lint, typecheck,
		// and no tests).
		if checks > own+builds && endsChecking && own < 2 && !(single && madeAnew(g.windows)) {
			if single {
				// With the work committed in between (pull,
				// commit, then check) the run is a procedure of
				// its own, which the part before the checks
				// stands for.
				checked = append(checked, g)
			}
			continue
		}
		cands = append(cands, g)
	}
	// A fragment of a longer recurring sequence is no skill of its own,
	// however often it recurs: the full procedure stands for it.
	full := cands[:0]
	for _, g := range cands {
		fragment := false
		for _, o := range cands {
			if len(o.toks) > len(g.toks) && containsRun(o.toks, g.toks) {
				fragment = true
				break
			}
		}
		for _, o := range checked {
			// The action of an "act, then verify" run with fewer of
			// its checks is still that, unless it ran in more
			// sessions than that run did (`gen > /tmp/p.yml` and
			// `upload /tmp/p.yml --dry-run` in three, the checks
			// after them in two): then it is a procedure of its own.
			if len(o.toks) > len(g.toks) && slices.Equal(o.toks[:len(g.toks)], g.toks) && len(o.sessions) >= len(g.sessions) {
				fragment = true
				break
			}
		}
		if !fragment {
			full = append(full, g)
		}
	}
	cands = full
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if len(a.sessions) != len(b.sessions) {
			return len(a.sessions) > len(b.sessions)
		}
		if len(a.steps) != len(b.steps) {
			return len(a.steps) > len(b.steps)
		}
		return a.first < b.first
	})
	var out []candidate
	used := map[string]bool{} // non-verification steps already in a picked skill
	for _, g := range cands {
		if len(out) >= limit {
			break
		}
		clash := false
		for _, c := range g.steps {
			if c.category == "" && used[c.step] {
				clash = true
			}
		}
		if clash {
			continue
		}
		for _, c := range g.steps {
			if c.category == "" {
				used[c.step] = true
			}
		}
		d := draftFor(g.steps, g.toks, g.windows, len(g.sessions))
		// The prompts that led to the sequence go to the evidence only:
		// transcript text never becomes instructions in a skill.
		c := candidate{kind: KindSkill, line: d.name, skill: d}
		c.srcs = append(c.srcs, g.srcs...)
		c.srcs = append(c.srcs, g.prompts...)
		out = append(out, c)
	}
	return out
}

// procedureSteps is a session's steps with the inspections tied to one of
// them: a read-only run of the same program right before or after an
// action, given a value the action is given (`nats stream edit X`, then
// `nats stream info X`; a function's deploy, then that function's
// `logs`), is how the person sees what the action is about to do or did,
// a step of the procedure; so are the looks of a program right after it
// acts or sets up, given a value or not (lookAfterAct: `fly deploy`, then
// `fly status`). A `git status` or `ls` between steps, or a look at
// something else (`poetry env info` before `poetry build`), is not.
func procedureSteps(m mined) []shellRun {
	if len(m.looks) == 0 && len(m.again) == 0 {
		return m.steps
	}
	all := make([]shellRun, 0, len(m.steps)+len(m.looks)+len(m.again))
	all = append(append(append(all, m.steps...), m.again...), m.looks...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].src.seq < all[j].src.seq })
	action := func(i int) bool {
		return i >= 0 && i < len(all) && !all[i].cmd.noise && all[i].cmd.category == "" && !all[i].cmd.preview
	}
	out := make([]shellRun, 0, len(all))
	for i, r := range all {
		if !r.cmd.noise {
			out = append(out, r)
			continue
		}
		if lookAfterAct(all, i) {
			out = append(out, r)
			continue
		}
		for _, j := range []int{i - 1, i + 1} {
			if action(j) && all[j].cmd.tool == r.cmd.tool && !vcsStep(all[j].cmd) && sharesValue(r.cmd, all[j].cmd) {
				out = append(out, r)
				break
			}
			if j == i-1 && j >= 0 && (action(j) || all[j].cmd.preview && !all[j].cmd.noise) && readsOutput(r.cmd, all[j].cmd) {
				// `falco … > /tmp/out.json`, then `jq '.rule'
				// /tmp/out.json`: the look reads what the step
				// before wrote, the way its result is read; a dry
				// run's report too (`replay --dry-run > /tmp/r.json`).
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// lookAfterAct reports whether the look at i follows, right after it or
// after other looks of the same program, a run of that program that acts
// or sets something up (`fly deploy`, then `fly status` and `fly logs`;
// `compose up -d`, then `compose ps`): how the person sees whether the act
// took, a step of its procedure even when the look names nothing the act
// was given. Version control never counts.
func lookAfterAct(all []shellRun, i int) bool {
	c := all[i].cmd
	if vcsStep(c) || c.tool == "" {
		return false
	}
	for k := i - 1; k >= 0; k-- {
		p := all[k].cmd
		if p.tool != c.tool {
			return false
		}
		if p.noise {
			continue
		}
		return p.category == "" && !p.preview && !vcsStep(p) && (actingStep(p) || settingUp(bareStep(p)))
	}
	return false
}

// readsOutput reports whether a command is given the file another one
// wrote its output to.
func readsOutput(look, action command) bool {
	for _, o := range action.out {
		if o.op {
			continue
		}
		for _, w := range look.args[1:] {
			if w.text == o.text {
				return true
			}
		}
	}
	return false
}

var nameClean = lazyregexp.New(`[^a-z0-9]+`)

// runnerWords never make a useful part of a skill name.
var runnerWords = map[string]bool{
	"npx": true, "bunx": true, "pnpx": true, "exec": true, "dlx": true, "uv": true, "poetry": true,
	"pipenv": true, "pdm": true, "hatch": true, "bundle": true, "python": true, "python3": true,
	"m": true, "pnpm": true, "npm": true, "yarn": true, "bun": true, "run": true, "sudo": true,
}

// draftFor builds the draft's name, description and steps. Each step is
// the command as run, with the arguments that changed between sessions
// replaced by placeholders.
func draftFor(steps []command, toks []string, windows [][]command, sessions int) *skillDraft {
	d := &skillDraft{sessions: sessions}
	prev := "" // the step before, as written
	var words []string
	seen := map[string]bool{}
	for i, c := range steps {
		runs := make([][]word, len(windows))
		newest := windows[len(windows)-1][i]
		lead := argsText(newest.args[:min(newest.runner, len(newest.args))])
		all := true      // every run wrote its output to a file
		fromFile := true // every run read its input from a file
		fed := i > 0     // every run read the pipe the step before wrote
		for k, w := range windows {
			runs[k] = w[i].args
			if r := min(w[i].runner, len(w[i].args)); argsText(w[i].args[:r]) != lead {
				// Run through another runner before: written as the
				// newest run ran it.
				runs[k] = append(append([]word{}, newest.args[:min(newest.runner, len(newest.args))]...), w[i].args[r:]...)
			}
			all = all && len(w[i].out) > 0
			fromFile = fromFile && len(w[i].in) > 0
			fed = fed && len(w[i].from) > 0 && argsText(w[i].from) == argsText(w[i-1].args)
		}
		for k, w := range windows {
			if fromFile {
				runs[k] = append(runs[k][:len(runs[k]):len(runs[k])], w[i].in...)
			}
			if all {
				runs[k] = append(runs[k][:len(runs[k]):len(runs[k])], w[i].out...)
			}
		}
		if !fed && allIn(windows, i) {
			// Run in a directory of the project every time: from the
			// root, it is `cd` there first.
			for k, w := range windows {
				runs[k] = inDir(w[i].dir, runs[k])
			}
		}
		step := skillStepText(runs, c)
		if fed {
			// `kustomize build overlays/qa | kubeconform`: one step,
			// which the reader of the pipe cannot do alone.
			d.steps = d.steps[:len(d.steps)-1]
			step = prev + " | " + step
		}
		prev = step
		d.steps = append(d.steps, step)
		if c.category == "test" || c.category == "build" || c.category == "lint" || c.category == "typecheck" {
			d.verify = step
		}
		if c.category != "" {
			continue
		}
		for _, w := range strings.Fields(nameClean().ReplaceAllString(strings.ToLower(coarseToken(toks[i])), " ")) {
			if !runnerWords[w] && !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
	}
	if len(words) > 5 {
		words = words[:5]
	}
	d.name = skillName(append(words, "workflow"))
	d.description = oneLineYAML(fmt.Sprintf("Run this project's recurring %s sequence (seen in %d sessions) and check the result.",
		strings.Join(coarseTokens(toks), " then "), sessions))
	return d
}

// skillName joins words into a hyphen-case name under 64 characters.
func skillName(words []string) string {
	name := ""
	for _, w := range words {
		next := w
		if name != "" {
			next = name + "-" + w
		}
		if len(next) > 63 {
			break
		}
		name = next
	}
	return strings.Trim(name, "-")
}

// oneLineYAML makes a description safe as a plain YAML scalar on one line:
// no line breaks, no ": " or " #" that would change its meaning, no leading
// indicator character.
func oneLineYAML(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	s = strings.ReplaceAll(s, ": ", " - ")
	s = strings.ReplaceAll(s, " #", " ")
	s = strings.ReplaceAll(s, "`", "")
	s = strings.TrimLeft(s, "-?:,[]{}#&*!|>'\"%@ ")
	return s
}

// skillMarkdown renders SKILL.md: frontmatter with only name and
// description, then when to use, steps and a verification step. A step
// a person-run rule catches (personStep) is written as one to ask the
// user to run, with the rule's reason, and is never the verification.
func skillMarkdown(d *skillDraft, verifyCmds []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nname: %s\ndescription: %s\n---\n\n", d.name, d.description)
	fmt.Fprintf(&b, "# %s\n\n", d.name)
	fmt.Fprintf(&b, "Drafted by automem's offline extractor: the same command sequence ran in %d sessions of this project.\n\n", d.sessions)
	b.WriteString("## When to use\n\n")
	fmt.Fprintf(&b, "- The work calls for this project's %s procedure: %s, in this order.\n", procedureName(d.name), stepList(d.steps))
	whys := make([]string, len(d.steps)) // why each step is the person's, or ""
	for i, s := range d.steps {
		whys[i] = personStep(s)
	}
	if slices.ContainsFunc(whys, func(why string) bool { return why != "" }) {
		// "run every one" would tell the agent to run the user's steps too.
		b.WriteString("- Follow the steps in order and see every one done, running yours and asking the user for theirs, even when an earlier step printed no errors.\n")
	} else {
		b.WriteString("- Follow the steps in order and run every one, even when an earlier step printed no errors.\n")
	}
	b.WriteString("\n## Steps\n\n")
	for i, s := range d.steps {
		if why := whys[i]; why != "" {
			fmt.Fprintf(&b, "%d. Ask the user to run `%s`; %s, so do not run it yourself.\n", i+1, s, why)
			continue
		}
		fmt.Fprintf(&b, "%d. Run `%s`.\n", i+1, s)
	}
	b.WriteString("\n## Verification\n\n")
	switch {
	case d.verify != "" && personStep(d.verify) == "":
		// (A check that is the person's step is not one the agent
		// repeats.)
		fmt.Fprintf(&b, "- `%s` exits with status 0; if it fails, fix the cause and repeat from the failing step.\n", d.verify)
	case len(verifyCmds) > 0:
		fmt.Fprintf(&b, "- Run `%s` and check that it exits with status 0.\n", verifyCmds[len(verifyCmds)-1])
	default:
		b.WriteString("- Every step exits with status 0 and `git status` shows only the intended changes.\n")
	}
	return b.String()
}

// vcsStep reports whether a command only records or moves work in version
// control (git add, commit, push, tag…).
func vcsStep(c command) bool {
	f := strings.Fields(c.key)
	return len(f) > 0 && (f[0] == "git" || f[0] == "hg" || f[0] == "jj" || f[0] == "gh" && len(f) > 1 && f[1] == "pr")
}

// containsRun reports whether sub occurs in seq as a contiguous run.
func containsRun(seq, sub []string) bool {
	for i := 0; i+len(sub) <= len(seq); i++ {
		if slices.Equal(seq[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

// targeted reports whether the check at step k names, in every session, a
// value another action of the same run was given (the model, package or
// file it made, or the date a backfill it gates is given): a check of that
// thing, not of the whole project.
func targeted(windows [][]command, k int) bool {
	for _, w := range windows {
		hit := false
		for j := 0; j < len(w) && !hit; j++ {
			if j != k && w[j].category == "" && !w[j].rewrites && !configureStep(w[j]) {
				// A check given the build directory the configure
				// step made checks the whole build, not one thing;
				// one given the tree a formatter rewrote checks the
				// project.
				hit = sharesValue(w[k], w[j])
			}
		}
		if !hit {
			return false
		}
	}
	return len(windows) > 0
}

// madeAnew reports whether the first step of a run was given other
// values in each run (`scaffold module libs/billing`, later `…
// libs/search`): it makes a new thing each time, and the checks after
// it are part of how such a thing is made, a recipe; the same action
// each time (`nuxi prepare`) followed by the checks is "do it, then
// verify".
func madeAnew(windows [][]command) bool {
	seen := map[string]bool{}
	for _, w := range windows {
		t := argsText(w[0].args)
		if seen[t] {
			return false
		}
		seen[t] = true
	}
	return len(windows) >= minVerifySessions
}

// roundTrip reports whether the one step a run repeats is an action
// undone and done again (`migrate`, `rollback`, `migrate`): the step
// twice with one other action between, which shows the change can be
// undone. Any other repeat (a step run again after a check, a loop) is
// no procedure.
func roundTrip(steps []command, toks []string) bool {
	at := -1
	for i := range toks {
		for j := i + 1; j < len(toks); j++ {
			if toks[j] != toks[i] {
				continue
			}
			if at >= 0 || j != i+2 {
				return false
			}
			at = i
		}
	}
	return at >= 0 && afterAction(steps[at]) && afterAction(steps[at+1])
}

// afterAction reports whether a step acts in a procedure's own way: no
// check, build, version control, server or file handling.
func afterAction(c command) bool {
	return c.category == "" && !c.buildVerb && !c.preview && !vcsStep(c) && !serveStep(c) && !incidental(c)
}

// checkedAfter reports whether a check runs after step k of a run.
func checkedAfter(steps []command, k int) bool {
	for _, c := range steps[k+1:] {
		if checkingRun(c) {
			return true
		}
	}
	return false
}

// depInstallers are the package managers whose install verbs
// (depInstallVerbs) fetch a project's dependencies.
var depInstallers = map[string]bool{
	"npm": true, "pnpm": true, "yarn": true, "bun": true, "pip": true, "pip3": true, "uv": true, "poetry": true,
	"pipenv": true, "pdm": true, "bundle": true, "carton": true, "composer": true, "cpanm": true, "gem": true,
	"mix": true, "dotnet": true, "dart": true, "flutter": true, "conda": true, "mamba": true, "pixi": true,
	"nimble": true, "opam": true, "cabal": true, "shards": true, "rebar3": true, "lein": true,
}

// depInstallVerbs fetch what the project depends on.
var depInstallVerbs = map[string]bool{"install": true, "i": true, "ci": true, "sync": true, "restore": true, "deps.get": true, "get": true}

// installsDeps reports whether a step installs the project's dependencies
// (`npm ci`, `carton install`, `mix deps.get`, `flutter pub get`).
func installsDeps(c command) bool {
	f := strings.Fields(bareStep(c))
	if len(f) >= 3 && f[1] == "pub" {
		f = append(f[:1:1], f[2:]...)
	}
	return c.category == "" && len(f) >= 2 && depInstallers[path.Base(f[0])] && depInstallVerbs[f[1]]
}

// bareStep is a step past its runner: `python -m app.clean` for `uv run
// python -m app.clean`.
func bareStep(c command) string { return withoutRunner(c.step, c.runner) }

// allIn reports whether step i ran in a directory of the project in every
// run.
func allIn(windows [][]command, i int) bool {
	for _, w := range windows {
		if w[i].dir == "" {
			return false
		}
	}
	return len(windows) > 0
}

// incidental reports whether a step only handles files or processes (`cp
// logo.svg dist/`, `kill 812`): a step of a procedure at most, never what
// makes one the project's own.
func incidental(c command) bool {
	return fileTools[c.tool] && !copiesOff(c) || c.tool == "kill" || c.tool == "pkill" || c.tool == "killall"
}

// copiesOff reports whether a copy sends files to another machine (`rsync
// -az book/ web@host:/var/www/`, `scp bin/app deploy@box:/opt/app`): a
// publish or a deploy, a step of the project's own, where a copy inside the
// tree is file handling.
func copiesOff(c command) bool {
	if c.tool != "rsync" && c.tool != "scp" {
		return false
	}
	for _, w := range c.args[1:] {
		host, _, ok := strings.Cut(w.text, ":")
		if ok && host != "" && !strings.HasPrefix(w.text, "-") && !strings.ContainsAny(host, "/\\") && len(host) > 1 {
			return true
		}
	}
	return false
}

// handsOn reports whether, in every run, the second of two actions is
// given a value the first was given: one hands its result on to the other.
func handsOn(windows [][]command) bool {
	for _, w := range windows {
		if len(w) != 2 {
			return false
		}
		for _, c := range w {
			// (A look, procedureSteps, hands nothing on.)
			if c.category != "" || c.preview || c.noise || vcsStep(c) || serveStep(c) || configureStep(c) || incidental(c) {
				// (Making a directory and copying into it is file
				// handling, not a procedure of the project.)
				return false
			}
		}
		if !sharesValue(w[0], w[1]) {
			return false
		}
	}
	return len(windows) > 0
}

// sharesValue reports whether two commands are given the same plain
// argument beyond their program and subcommand words, not a variable.
func sharesValue(a, b command) bool { return sharesValueBut(a, b, nil) }

// sharesValueBut is sharesValue without the values in fixed: a value
// every run of a check was given names the project's one target
// (`rtl/top.v`), not what the action beside it made (targetedRun).
func sharesValueBut(a, b command, fixed map[string]bool) bool {
	va := valueWords(a)
	for v := range valueWords(b) {
		if va[v] && !fixed[v] {
			return true
		}
	}
	return false
}

// valueWords are the values a command is given: its arguments past its
// key that are no option, no whole-tree pattern and no variable.
func valueWords(c command) map[string]bool {
	skip := map[string]bool{}
	for _, f := range strings.Fields(c.key) {
		skip[f] = true
	}
	m := map[string]bool{}
	for _, w := range c.args {
		if !skip[w.text] && !strings.HasPrefix(w.text, "-") && !wholeTree(w.text) && !w.expands {
			// (A variable, `$DB_URL`, is a setting every command
			// is given, not a thing one made.)
			m[w.text] = true
		}
	}
	return m
}

// refineSep parts a step's token from the values that tell its runs apart
// (splitTokens).
const refineSep = "\x01"

// refinement is what tells apart the runs of one program that a session
// made with other values: the values it was given in two sessions or more.
type refinement map[string]bool

// of is the refinement of one run: its recurring values in order, or
// nothing when it has none.
func (r refinement) of(c command) string {
	var vals []string
	for _, w := range c.args {
		if o := longOption(w); o != "" {
			if r[o] {
				vals = append(vals, o)
			}
			continue
		}
		if r[w.text] {
			vals = append(vals, w.text)
		} else if h := codeCall(w); h != "" && r[h] {
			vals = append(vals, h)
		}
	}
	if len(vals) == 0 {
		return ""
	}
	return refineSep + strings.Join(vals, " ")
}

// longOption is the name of a long option a run was given (`--report` of
// `--report=r.html`), "" for any other word.
func longOption(w word) string {
	if w.op || w.expands || !strings.HasPrefix(w.text, "--") || len(w.text) < 4 {
		return ""
	}
	name, _, _ := strings.Cut(w.text, "=")
	return name
}

// splitTokens finds the step tokens that one session ran twice or more
// with other values (`curl -XPOST host/logs/_rollover`, then `curl
// host/_cat/indices`; `varnishadm vcl.load v1 …`, then `varnishadm vcl.use
// v1`): what tells those runs apart is not in a plain word, so the token
// makes them one step, collapsed as a repeat or failing the procedure as a
// step run twice. Such a token is told apart by the values its runs were
// given in two sessions or more; a value of one run only (a version, a
// date) stays out, so the runs still match across sessions. A token every
// session runs once, or runs again alike, is left as it is.
func splitTokens(runs [][]shellRun, token func(command) string) map[string]refinement {
	var split map[string]refinement
	for _, rs := range runs {
		args := map[string]string{}
		for _, r := range rs {
			tok := token(r.cmd)
			if tok == "" || checkingRun(r.cmd) {
				// (A check run on one thing, then on another, is
				// the same check; a build of one thing, then of
				// another, `-T:build clean`, then `-T:build uber`,
				// may be two steps.)
				continue
			}
			a := argsText(r.cmd.args)
			if prev, ok := args[tok]; ok && prev != a && (split == nil || split[tok] == nil) {
				if split == nil {
					split = map[string]refinement{}
				}
				split[tok] = refinement{}
			}
			args[tok] = a
		}
	}
	if split == nil {
		return nil
	}
	count := map[string]map[string]int{}
	for _, rs := range runs {
		seen := map[string]bool{}
		// tally counts value v of token tok once per session.
		tally := func(tok, v string) {
			if seen[tok+"\x00"+v] {
				return
			}
			seen[tok+"\x00"+v] = true
			if count[tok] == nil {
				count[tok] = map[string]int{}
			}
			count[tok][v]++
		}
		for _, r := range rs {
			tok := token(r.cmd)
			if split[tok] == nil {
				continue
			}
			skip := map[string]bool{}
			for _, f := range strings.Fields(tok) {
				skip[f] = true
			}
			for _, w := range r.cmd.args {
				if o := longOption(w); o != "" && !skip[o] {
					// The mode a long option picks (`snakemake
					// --profile slurm`, then `snakemake --report
					// r.html`) tells two steps apart as a value does.
					tally(tok, o)
				}
				if skip[w.text] || strings.HasPrefix(w.text, "-") || w.expands {
					continue
				}
				// Code handed over as one argument names what it
				// calls in a new way each time (`matlab -batch
				// "preprocess_all('…/2026-08')"`, later `…/2026-09`):
				// the function called is the value that recurs.
				for _, v := range []string{w.text, codeCall(w)} {
					if v != "" {
						tally(tok, v)
					}
				}
			}
		}
	}
	for tok, vals := range count {
		for v, n := range vals {
			if n >= 2 {
				split[tok][v] = true
			}
		}
	}
	// Steps, not a loop: the runs tell the same steps apart in the same
	// order in three sessions (`vcl.load`, then `vcl.use`, each time). One
	// step run over two things (`materialize --select orders`, then
	// `--select refunds`) in one session, other things in another, is a
	// repeat.
	orders := map[string]int{}
	for _, rs := range runs {
		seqs := map[string][]string{}
		for _, r := range rs {
			tok := token(r.cmd)
			if split[tok] == nil || checkingRun(r.cmd) {
				continue
			}
			ref := split[tok].of(r.cmd)
			if ref == "" {
				// (A run with no recurring value, `curl
				// localhost:9200` once, is in no order.)
				continue
			}
			if q := seqs[tok]; len(q) == 0 || q[len(q)-1] != ref {
				seqs[tok] = append(q, ref)
			}
		}
		for tok, q := range seqs {
			// Each two runs in a row: a session that runs one more
			// (a report only now and then) still runs the pair.
			seen := map[string]bool{}
			for i := 1; i < len(q); i++ {
				if k := tok + "\x00" + q[i-1] + "\x00" + q[i]; !seen[k] {
					seen[k] = true
					orders[k]++
				}
			}
		}
	}
	for tok := range split {
		steps := false
		for k, n := range orders {
			steps = steps || n >= minVerifySessions && strings.HasPrefix(k, tok+"\x00")
		}
		if !steps {
			delete(split, tok)
		}
	}
	return split
}

// checkingRun reports whether a command checks (a test, lint, typecheck or
// format run), as a build, which makes something, does not.
func checkingRun(c command) bool { return c.category != "" && c.category != "build" }

// codeCall is the function a quoted argument of code calls first
// (`preprocess_all(` for `"preprocess_all('/data/2026-08')"`, `runtests(`
// for `"r = runtests('tests')"`), or "" for an argument that is no such
// code: what a step run on new data each time still has in common.
func codeCall(w word) string {
	if !w.quoted {
		return ""
	}
	i := strings.IndexByte(w.text, '(')
	if i <= 0 {
		return ""
	}
	j := i
	for j > 0 {
		b := w.text[j-1]
		if b != '_' && b != '.' && b != ':' && (b < '0' || b > '9') && (b < 'a' || b > 'z') && (b < 'A' || b > 'Z') {
			break
		}
		j--
	}
	if i-j < 2 {
		return ""
	}
	return w.text[j:i] + "("
}

// coarseToken is a step's token without its refinement (splitTokens),
// for the draft's name and description.
func coarseToken(tok string) string {
	t, _, _ := strings.Cut(tok, refineSep)
	return t
}

// coarseTokens is coarseToken of each token.
func coarseTokens(toks []string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = coarseToken(t)
	}
	return out
}

// oneProgram reports whether every step of a run is one step told apart
// by its values only (splitTokens): `curl …/healthz`, then `curl
// …/readyz`, probes one service twice, no procedure.
func oneProgram(toks []string) bool {
	if len(toks) < 2 {
		// No run of several steps to tell apart.
		return true
	}
	for _, t := range toks[1:] {
		if coarseToken(t) != coarseToken(toks[0]) {
			return false
		}
	}
	return true
}
