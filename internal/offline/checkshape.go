package offline

import (
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
)

// A check is often recognisable by its shape rather than by its tool's
// name, which no list can keep up with: the name of the project script it
// is (`./scripts/test.sh`, `runtest.sh`), the test file an interpreter runs
// (`swipl -g run_tests tests/all.pl`), a checker run through its wrapper
// (`run-clang-tidy`) or as a build tool's task for one source set
// (`./gradlew codenarcMain`).

// interpreterOptions counts the options an interpreter is given before its
// script: `-g goal`, `-I lib`, `--project=.`, Windows Script Host's
// `//nologo`. It stops at a flag that hands
// it code (`-e`), which is no script, and at `--test`, which runs the
// runtime's own test runner on a directory.
func interpreterOptions(rest []string) int {
	i := 0
	for i < len(rest) && (strings.HasPrefix(rest[i], "-") || strings.HasPrefix(rest[i], "//")) && rest[i] != "--" && !inlineFlags[rest[i]] && rest[i] != "--test" {
		if len(rest[i]) == 2 && i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "-") && !strings.ContainsAny(rest[i+1], "/.") {
			// `-g main`, `-I lib`: a letter option's value, not a
			// script, which is named as a file.
			i++
		}
		i++
	}
	return i
}

// testScript reports whether an interpreter's script is a test file: in a
// test directory (`tests/all.pl`, `spec/`) or named as one (`test_api.py`,
// `auth_test.rb`).
func testScript(p string) bool {
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch d {
		case "test", "tests", "spec", "specs", "__tests__":
			return true
		}
	}
	base := strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p)))
	return strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test") || strings.HasSuffix(base, "_spec")
}

// checkName is the category of a name that says it checks: test, lint,
// typecheck or format; a build is not one by name alone.
func checkName(n string) string { return checkCategory(scriptCategory(n)) }

// checkCategory is a category when it names a check (test, lint,
// typecheck or format), else "": one place for the list the name, a
// wrapper's handed command (handedCheck) and an environment's run
// (envRun) are each judged by.
func checkCategory(c string) string {
	switch c {
	case "test", "lint", "typecheck", "format":
		return c
	}
	return ""
}

// scriptNameCategory classifies a project's own script by its name
// (`./scripts/test.sh`, `bin/lint`, `./run_tests.sh`, `ci.sh`): one or two
// words, one of which names a check. A longer name (`seed-test-data.sh`)
// says what it makes, not that it checks.
func scriptNameCategory(name string) string {
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	parts := strings.FieldsFunc(base, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	if len(parts) == 0 || len(parts) > 2 {
		return ""
	}
	for _, p := range parts {
		if t, ok := strings.CutPrefix(p, "run"); ok && (t == "test" || t == "tests") {
			// `runtest.sh`, `runtests`.
			p = t
		}
		switch p {
		case "test", "tests", "spec", "specs", "ci":
			return "test"
		case "lint", "check", "checks", "verify", "validate":
			return "lint"
		case "typecheck":
			return "typecheck"
		}
	}
	return ""
}

// readOnlyVerbs end a command that only reports (`opam switch show`,
// `kubectl rollout status`, `gh run list`); "version" is not one of them,
// since `changeset version` and `npm version` change the version.
var readOnlyVerbs = map[string]bool{
	"show": true, "list": true, "status": true, "info": true, "current": true, "describe": true,
	"logs": true, "view": true, "outdated": true,
}

// readOnlyStep reports whether a step of two words or more ends in a verb
// that only reports: inspection, like `ls`, not a step of a procedure.
func readOnlyStep(step string) bool {
	f := strings.Fields(step)
	return len(f) > 1 && readOnlyVerbs[f[len(f)-1]]
}

// serveStep reports whether a step starts a server or watcher that runs
// until stopped (`pnpm dev`, `hugo server`, `manage.py runserver`): a way
// to look at the work, no action of a procedure on its own.
func serveStep(c command) bool {
	if c.category != "" || c.step != c.key {
		// `kelpie schema dev` names what the subcommand does.
		return false
	}
	f := strings.Fields(c.key)
	if n := len(f); n >= 3 && n-2 > c.runner && isWord(f[n-2]) && !taskVerbs[f[n-2]] && !containerPrograms[f[c.runner]] && !scriptWord(f, c.runner, n-2) {
		// The word names what another subcommand does, as a key
		// that keeps it says (`npx kelpie schema dev`); a task
		// runner's task is what runs (`npm run dev`), and so is a
		// container tool's (`docker compose watch`) and an
		// interpreter's script's (`php artisan serve`).
		return false
	}
	switch f[len(f)-1] {
	case "dev", "serve", "server", "runserver", "start", "watch":
		return true
	}
	return false
}

// scriptWord reports whether the i-th word of a key is the script an
// interpreter right before it runs (`php artisan`, `ruby bin/app`): the
// script is the program, and the word after it its subcommand.
func scriptWord(f []string, runner, i int) bool {
	return i == runner+1 && interpreters[f[runner]]
}

// taskVerbs hand a runner the name of the task it runs (`npm run dev`).
var taskVerbs = map[string]bool{"run": true, "run-script": true, "task": true, "exec": true}

// configureStep reports whether a step configures a build (`cmake -S . -B
// build`, `meson setup build`, `./configure`): part of building.
func configureStep(c command) bool {
	return c.category == "" && (c.key == "cmake" || c.key == "meson setup" || c.tool == "configure")
}

// batchFlags run a program without its screen, as an interpreter of the
// code it is handed (`emacs --batch -f batch-byte-compile x.el`).
var batchFlags = map[string]map[string]bool{
	"emacs": {"--batch": true, "-batch": true, "--script": true},
}

// batchCode are the options that hand a batch run its code.
var batchCode = map[string]bool{"-l": true, "--load": true, "--eval": true, "-f": true, "--funcall": true}

// batchRun classifies a program run in batch mode by the code it is
// handed: tests, lint, or compiling the sources (`batch-byte-compile`), a
// check that they build. The same program opened on a file is no check.
func batchRun(prog string, rest []string) (command, bool) {
	batch := batchFlags[prog]
	if batch == nil {
		return command{}, false
	}
	mode := ""
	var code []string
	for i := 0; i < len(rest); i++ {
		switch a := rest[i]; {
		case batch[a]:
			mode = a
		case batchCode[a] && i+1 < len(rest):
			i++
			code = append(code, rest[i])
		}
	}
	if mode == "" || len(code) == 0 {
		return command{}, false
	}
	joined := strings.Join(code, " ")
	cat := codeCategory(joined)
	if cat == "" && strings.Contains(strings.ToLower(joined), "compile") {
		cat = "build"
	}
	if cat == "" {
		return command{}, false
	}
	k := prog + " " + mode + " " + code[len(code)-1]
	return command{norm: k, key: k, step: k, category: cat}, true
}

// optionCheck finds an option named for a check that makes the program
// run one (`snakemake --lint`, `verilator --lint-only`, `--typecheck`,
// `mandoc -Tlint`). A
// Windows program takes its options after a slash (`AutoHotkey64.exe
// /validate x.ahk`). "validate" makes a check only of a program run
// without a subcommand: `kubectl apply --validate` still applies.
func optionCheck(prog, sub string, rest []string) (cat, opt string) {
	windows := windowsProgram(prog)
	for _, a := range rest {
		if a == "--" {
			break
		}
		name, ok := strings.CutPrefix(a, "-")
		if !ok && windows {
			name, ok = strings.CutPrefix(a, "/")
		}
		if !ok || strings.ContainsAny(a, "=/\\") && !windows || strings.Contains(a, "=") {
			continue
		}
		name = strings.TrimSuffix(strings.ToLower(strings.TrimLeft(name, "-")), "-only")
		// An alias the option runs (`clojure -M:test`, `-X:lint`).
		name = name[strings.LastIndexByte(name, ':')+1:]
		if !strings.HasPrefix(a, "--") && len(name) == len("xlint") && strings.HasSuffix(name, "lint") {
			// A one-letter option given "lint" as its value, an
			// output or mode that only reports (`mandoc -Tlint`).
			return "lint", a
		}
		switch name {
		case "lint", "test", "typecheck":
			return scriptCategory(name), a
		case "validate":
			if sub == "" {
				return "lint", a
			}
		}
	}
	return "", ""
}

// syntaxFlags make an interpreter only parse the script it is given, a
// check of its syntax: a shell's no-exec `-n`, `php -l`.
var syntaxFlags = map[string]string{"bash": "-n", "sh": "-n", "zsh": "-n", "dash": "-n", "ksh": "-n", "php": "-l"}

// syntaxOption finds the flag that makes an interpreter check a script's
// syntax without running it (syntaxFlags). Only the interpreter's own
// options count, those before the script: `bash deploy.sh -n prod` hands
// -n to the script.
func syntaxOption(prog string, rest []string) string {
	f := syntaxFlags[prog]
	if f == "" {
		return ""
	}
	for _, a := range rest {
		if !strings.HasPrefix(a, "-") {
			break
		}
		if a == f {
			return f
		}
	}
	return ""
}

// commandOptions are the names options that hand a program commands to
// run go by (`-c`, `--cmd`, `-e`, `--eval`, `-ExecCmds`, `-batch`), dashes dropped
// and lower-cased: another option's text of several words (`--body 'all
// tests passed'`) is a message, not commands.
var commandOptions = map[string]bool{"batch": true, "c": true, "e": true, "cmd": true, "cmds": true, "command": true,
	"commands": true, "eval": true, "exec": true, "execcmds": true, "execute": true, "run": true, "script": true}

// commandOption reports whether a is the name of an option that hands the
// program commands (commandOptions).
func commandOption(a string) bool {
	return strings.HasPrefix(a, "-") && commandOptions[strings.ToLower(strings.TrimLeft(a, "-"))]
}

// codeOptionCheck says which check the commands an option hands the
// program (a value of several words, or a call) run: tests
// (`-ExecCmds="Automation RunTests Hex;Quit"`, `--cmd
// "PlenaryBustedDirectory tests"`, `-batch "runtests('unit')"`) or a
// static analysis (`-batch "issues = codeIssues('src')"`). A program
// run on an image or a project file takes the code after the word eval
// too (`./pharo Pharo.image eval "ReCriticEngine critiquesOf: …"`). A
// database client handed a query that names a table of checks
// (`psql -c "select * from checkouts"`) runs none: only a test or an
// analyzer's name makes the code a check.
func codeOptionCheck(rest []string) string {
	for i, a := range rest {
		if a == "--" {
			break
		}
		v := ""
		if name, val, ok := strings.Cut(a, "="); ok && commandOption(name) {
			v = val
		} else if (commandOption(a) || a == "eval" && i > 0 && !strings.HasPrefix(rest[i-1], "-")) && i+1 < len(rest) {
			v = rest[i+1]
		}
		if !strings.Contains(strings.TrimSpace(v), " ") && !callRe().MatchString(v) {
			continue
		}
		if codeCategory(v) == "test" {
			return "test"
		}
		if analyzerCode(v) {
			return "lint"
		}
	}
	return ""
}

// analyzerCode reports whether code calls a static analyzer by its
// name, on word boundaries as a call or a namespace: a linter
// (`lintr::lint_dir(`, `mlint(`), a critic class (`ReCriticEngine`,
// `CodeCritic`, `Perl::Critic`), MATLAB's `codeIssues(` or `checkcode(`.
// A word merely holding "lint" or "critic" (a table `lint_results`, a
// string `'lint me'`, a module `lint.run()`) names no analyzer run, and
// "check" alone is no analyzer's name (`checkouts`, `checksum`).
func analyzerCode(code string) bool {
	l := strings.ToLower(code)
	if !strings.Contains(l, "lint") && !strings.Contains(l, "critic") && !strings.Contains(l, "codeissues") && !strings.Contains(l, "checkcode") {
		return false
	}
	return analyzerCallRe().MatchString(code)
}

// analyzerCallRe is an analyzer called or named as a namespace: a word
// holding "lint" before `(` or `::`, MATLAB's analyzers called, a
// compound class name holding "Critic" or Perl's `::Critic`.
var analyzerCallRe = lazyregexp.New(`(?i:\b\w*lint\w*\s*(?:\(|::)|\b(?:codeissues|checkcode|mlint)\s*\()|\b\w+Critic\w*|::Critic\b`)

// dbClients are database shells: the code an option hands them is a
// query, never a check run, whatever its tables are called.
var dbClients = map[string]bool{
	"psql": true, "mysql": true, "mariadb": true, "sqlite3": true, "redis-cli": true, "mongosh": true, "mongo": true,
	"clickhouse-client": true, "clickhouse": true, "cqlsh": true, "sqlcmd": true, "duckdb": true, "cockroach": true,
}

// callRe is code that calls a function (`runtests('unit')`): commands,
// even written as one word.
var callRe = lazyregexp.New(`^[A-Za-z_][\w.]*\(.*\);?$`)

// updateOption finds the option that makes a test run write the results
// it expects instead of checking them (`--update-snapshots`,
// `--updateSnapshot`, `--accept`, `--bless`).
func updateOption(rest []string) string {
	for _, a := range rest {
		if a == "--" {
			break
		}
		name := strings.ToLower(strings.TrimLeft(a, "-"))
		if name == a || strings.Contains(name, "=") {
			continue
		}
		if strings.HasPrefix(name, "update") || name == "accept" || name == "bless" {
			return a
		}
	}
	return ""
}

// dryRunOption finds the option that makes a run only show what it would
// do (`snakemake -n`, `npm publish --dry-run`): a preview of the work, as
// `terraform plan` is. A lone `-n` is one only when it is all the command
// is given, since it means a count or a name to many tools.
func dryRunOption(rest []string) string {
	for i, a := range rest {
		if a == "--dry-run" || a == "--dryrun" {
			return a
		}
		if v, ok := strings.CutPrefix(a, "--dry-run="); ok && v != "none" && v != "false" {
			// `kubectl apply --dry-run=client`.
			return a
		}
		if dryRunSetting(a) && (i == 0 || !strings.HasPrefix(rest[i-1], "-")) {
			// `salt-call state.apply web test=True`, `make deploy
			// DRY_RUN=1`, `rake db:seed dryrun=yes`; the value of an
			// option (`helm install --set test=true`, `-e
			// dry_run=1`) is handed on, not the program's mode.
			return a
		}
	}
	if len(rest) == 1 && rest[0] == "-n" {
		return "-n"
	}
	return ""
}

// dryRunNames are the names of a setting that makes a run only show what
// it would do, written in any case with `_` or `-` or nothing between
// the words: `test=True`, `DRY_RUN=1`, `noop=true`.
var dryRunNames = map[string]bool{"test": true, "dryrun": true, "noop": true}

// dryRunNameJoin drops what joins a setting name's words, made once rather
// than for every `name=value` argument of every command.
var dryRunNameJoin = strings.NewReplacer("_", "", "-", "")

// dryRunSetting reports whether an argument is a `name=value` setting
// the program is given (not an option, which starts with `-`) that turns
// a dry run on: a name of dryRunNames set to true, 1, yes or on. Turned
// off (`test=False`, `DRY_RUN=0`) the run acts.
func dryRunSetting(a string) bool {
	name, val, ok := strings.Cut(a, "=")
	if !ok || name == "" || strings.HasPrefix(name, "-") {
		return false
	}
	name = strings.ToLower(dryRunNameJoin.Replace(name))
	switch strings.ToLower(val) {
	case "true", "1", "yes", "on":
		return dryRunNames[name]
	}
	return false
}

// withOption makes the option that tells a command's kind part of its key,
// right after the program and subcommand, so that `snakemake --lint` and
// `snakemake --profile slurm` are different steps.
func withOption(c command, opt string) command {
	rest := strings.Fields(strings.TrimPrefix(c.norm, c.key))
	for i, f := range rest {
		if f == opt {
			rest = append(rest[:i:i], rest[i+1:]...)
			break
		}
	}
	step := strings.TrimPrefix(c.step, c.key)
	c.key += " " + opt
	c.step = c.key + step
	c.norm = strings.Join(append([]string{c.key}, rest...), " ")
	return c
}

// fileBase is the last element of a path written with / or \
// (`tools\run_tests.vbs` on Windows).
func fileBase(p string) string {
	return p[strings.LastIndexAny(p, `/\`)+1:]
}

// actionWords name what a command does to the world outside the working
// tree: a step with one (`npm run deploy`, `make upload-assets`,
// `./scripts/sync_fixtures.sh`) acts, whatever it prints.
var actionWords = map[string]bool{
	"deploy": true, "publish": true, "release": true, "upload": true, "sync": true,
	"push": true, "install": true, "download": true, "flash": true,
}

// actionOption finds the option that makes a program that mostly only
// shows or opens things act (`code --install-extension`, `open
// --upload`): an option one of whose words is an action (actionWords).
func actionOption(rest []string) string {
	for _, a := range rest {
		if !strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
			continue
		}
		for _, p := range strings.FieldsFunc(strings.ToLower(a), func(r rune) bool { return !unicode.IsLetter(r) }) {
			if actionWords[p] {
				return a
			}
		}
	}
	return ""
}

// actingStep reports whether a command acts rather than checks: it
// handles files (incidental) or a word of its step, split at punctuation
// and taken past any directory, or a part of a camel-case word
// (`flywayMigrate`), is an action (actionWords; see nameWords).
func actingStep(c command) bool {
	return incidental(c) || slices.ContainsFunc(nameWords(c.step), func(p string) bool { return actionWords[p] }) || actsByOption(c.args)
}

// actsByOption reports whether an option's value names an action, in
// its part before any colon (`avrdude -p t85 -U flash:w:main.hex:i`,
// `pio run -t upload`): what the program is told to do, not a file it is
// given to read.
func actsByOption(args []word) bool {
	for i := 1; i < len(args); i++ {
		v := args[i].text
		if _, after, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "-") {
			v = after
		} else if !strings.HasPrefix(args[i-1].text, "-") || strings.HasPrefix(v, "-") {
			continue
		}
		// A file it is given (`--config release/upload.toml`) is
		// what it reads; a mode is a word (`flash:w:…`, `upload`).
		head, _, _ := strings.Cut(v, ":")
		if strings.ContainsAny(head, `/\`) || path.Ext(head) != "" {
			continue
		}
		if slices.ContainsFunc(stepWords(head), func(p string) bool { return actionWords[p] }) {
			return true
		}
	}
	return false
}

// nameWords are what a step's name says it does: its words (stepWords)
// and the parts of its camel-case words (camelParts), read alike by
// actingStep and setsUp.
func nameWords(step string) []string {
	return append(stepWords(step), camelParts(step)...)
}

// camelParts are the parts of the words of a step written in camel case,
// in lower case (`flywayMigrate`: flyway, migrate; `publishToMavenLocal`:
// publish, to, maven, local): a build tool's task names what it does
// that way. A word with no capital after its first letter gives none.
func camelParts(step string) []string {
	if !strings.ContainsFunc(step, unicode.IsUpper) {
		// (The cheap test first: most steps have no capital, and
		// every part boundary is one.)
		return nil
	}
	var out []string
	for _, w := range strings.Fields(step) {
		w = fileBase(w)
		start := 0
		for i, r := range w {
			if i > start && unicode.IsUpper(r) && unicode.IsLower(rune(w[i-1])) {
				out = append(out, strings.ToLower(w[start:i]))
				start = i
			}
		}
		if start > 0 {
			out = append(out, strings.ToLower(w[start:]))
		}
	}
	return out
}

// stepWords are the words of a step, each taken past any directory and
// split at punctuation, in lower case: what its name says it does.
func stepWords(step string) []string {
	var out []string
	for _, w := range strings.Fields(step) {
		out = append(out, strings.FieldsFunc(strings.ToLower(fileBase(w)), func(r rune) bool { return !unicode.IsLetter(r) })...)
	}
	return out
}

// fileTools handle the files they are given; they do not run them.
var fileTools = map[string]bool{
	"rm": true, "cp": true, "mv": true, "chmod": true, "chown": true, "ln": true, "touch": true,
	"mkdir": true, "scp": true, "rsync": true, "tar": true, "zip": true, "strip": true, "install": true,
}

// testBinaryArg reports whether a program is given a test program to run:
// an executable path, written to be run, that a test directory or name
// marks as tests (`./build/tests/kernel_tests`, `./bin/unit_tests`), or a
// test script in a language no list knows (`pg_prove tests/*.sql`,
// `AutoHotkey64.exe tests\run_tests.ahk`).
func testBinaryArg(prog string, rest []string) bool {
	if fileTools[prog] {
		return false
	}
	for i, a := range rest {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		alone := i == 0 || strings.HasPrefix(rest[i-1], "-")
		if strings.HasPrefix(a, "./") && path.Ext(a) == "" && (testScript(a) || scriptNameCategory(path.Base(a)) == "test") {
			return true
		}
		if p := strings.ReplaceAll(a, `\`, "/"); path.Ext(p) != "" && (testScript(p) || alone && testFileName(p)) {
			return true
		}
		if testDirWords[a] && alone {
			// The test directory itself (`west twister -T tests`),
			// not one of the places a formatter is given (`fantomas
			// src tests`); a bare "test" is as often a subcommand
			// handed on (`ember try:one lts --- ember test`).
			return true
		}
		if strings.Contains(a, "/") || strings.Contains(a, `\`) || path.Ext(a) != "" {
			// A program or script that is no test one (`valgrind
			// ./tools/gen -v tests`): what follows is its own
			// arguments, a test directory among them its data.
			return false
		}
	}
	return false
}

// testFileName reports whether a file is named as the tests themselves
// (`tests.p8`, `test.hxml`): what a program handed it runs is tests.
func testFileName(p string) bool {
	base := strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p)))
	return base == "test" || base == "tests"
}

// testDirWords name a project's test directory as a bare argument.
var testDirWords = map[string]bool{"tests": true, "specs": true, "test/": true, "tests/": true, "spec/": true, "specs/": true}

// reportTail is how much of a command's output is read for its summary,
// which checkers print last.
const reportTail = 2000

// Output that reads like a checker's report: counts of what passed and
// failed, a verdict per test, counts of problems found, a compiler's
// success line. Not read as one: a count written as a setting
// ("unreachable=0 failed=0"), counts of what an installer or a deploy
// did ("added 120 packages", "Apply complete! Resources: 3 added"), and
// a line that counts what was moved (movedCountRe): "Deployed 4
// functions, 0 errors" is the mover's tally, its errors those of the
// move, not of a checker.
var (
	movedCountRe  = lazyregexp.New(`(?im)^.*\b(deployed|downloaded|uploaded|published|released|installed|synced|synchronized|transferred|copied|pushed|fetched|sent)\b[^\n]{0,20}?\b\d+ .*$`)
	testReportRe  = lazyregexp.New(`(?im)(?:^|[\s,;(|:])\d+ (tests?|examples?|specs?|assertions?|scenarios?|cases?)\b[^\n]{0,30}\b(passed|failed|failures?|ok|succeeded|passing|failing)\b|(?:^|[\s,;(|:])\d+ (passed|failed|passing|failing)\b|\b(passed|failed|failures|tests run):? \d+\b|(?-i:(?m:^(ok|not ok|FAIL|PASS)[ \t]+\S)|\bFAILED\b)`)
	lintReportRe  = lazyregexp.New(`(?im)(?:^|[\s,;(|:])\d+ (problems?|warnings?|issues?|offen[cs]es?|violations?|findings?|broken|errors?)\b|\b(passed|failed) checks:? \d+\b|\b(valid|invalid|errors|warnings|problems):? \d+\b|\bno (problems|issues|errors|warnings|offen[cs]es|violations)( found)?\b|\ball checks passed\b`)
	buildReportRe = lazyregexp.New(`(?i)\bsuccessfully compiled\b|\bcompiled successfully\b|\ball succeeded\b|\bbuild succeeded\b`)
)

// reportShape says which check a command's output reads like: "test",
// "lint" or "build", or "" for any other output. What a command printed is
// evidence of what it is that no name list has to know.
func reportShape(out string) string {
	if len(out) > reportTail {
		out = out[len(out)-reportTail:]
	}
	out = movedCountRe().ReplaceAllString(out, "")
	switch {
	case testReportRe().MatchString(out):
		return "test"
	case lintReportRe().MatchString(out):
		return "lint"
	case buildReportRe().MatchString(out):
		return "build"
	}
	return ""
}

// docsDirs are the directories a project keeps its documentation in.
var docsDirs = map[string]bool{"docs": true, "doc": true, "documentation": true}

// docsBuildScript reports whether a script is the project's documentation
// build: it lives in the documentation's directory and is named for making
// or building (`docs/make.jl`, `doc/build.sh`, `docs/build_docs.py`). A
// documentation build is a check of a change, as a compile is; another
// script there (`docs/deploy.sh`, `docs/serve.py`) is not.
func docsBuildScript(p string) bool {
	p = strings.ReplaceAll(p, `\`, "/")
	dir := path.Dir(strings.TrimPrefix(p, "./"))
	if !docsDirs[strings.ToLower(path.Base(dir))] {
		return false
	}
	base := strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p)))
	parts := strings.FieldsFunc(base, func(r rune) bool { return r == '-' || r == '_' })
	return len(parts) > 0 && len(parts) <= 2 && (parts[0] == "make" || parts[0] == "build")
}

// writeOptions tell a formatter to rewrite the files it is given instead of
// reporting what it would change.
var writeOptions = map[string]bool{"-w": true, "--write": true, "-i": true, "--in-place": true, "--inplace": true}

// writeOption finds the option that makes a formatter rewrite the files
// (`gofmt -w .`, `prettier --write src`, `clang-format -i x.c`): run that
// way it changes the tree, and is no check of it.
func writeOption(rest []string) string {
	for _, a := range rest {
		if a == "--" {
			break
		}
		if writeOptions[a] {
			return a
		}
	}
	return ""
}

// reportsOnly reports whether a formatter's run carries what makes it
// only report the changes it would make: an option or a mode value
// naming a check, a diff, a verification, a dry run or a list of the
// files (`--check`, `--mode check`, `fmt-check`, `-d`, `-l`,
// `--verify-no-changes`, `--dry-run`), or one asking for a failing exit
// status (`--set-exit-if-changed`). Without one a formatter rewrites the
// files (`cargo fmt`, `dune fmt`, `make format`): a change made, never a
// check of the work.
func reportsOnly(rest []string) bool {
	for _, a := range rest {
		name := strings.ToLower(strings.TrimLeft(a, "-"))
		if name == "l" || name == "d" || name == "test" && a != name || strings.HasPrefix(name, "list") {
			return true
		}
		for _, w := range []string{"check", "diff", "verify", "validate", "dry-run", "dryrun", "exit", "lint"} {
			if strings.Contains(name, w) {
				return true
			}
		}
	}
	return false
}
