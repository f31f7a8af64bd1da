package offline

import (
	"path"
	"strings"
)

// A check is often recognisable by its shape rather than by its tool's
// name, which no list can keep up with: the option that turns a program
// into a test run (`Unity -runTests`, `clj-kondo --lint`), the alias it runs
// (`clojure -M:test`), the name of the project script it is
// (`./scripts/test.sh`), the code a headless editor or an interpreter is
// handed (`nvim --headless -c "PlenaryBustedDirectory tests"`, `julia -e
// 'using Pkg; Pkg.test()'`), the test file it runs (`perl -Ilib t/auth.t`)
// or the interpreter's own syntax check (`perl -c`, `ruby -c`).

// syntaxFlags make an interpreter only parse its script: a check of it.
var syntaxFlags = map[string]string{
	"perl": "-c", "ruby": "-c", "php": "-l", "bash": "-n", "sh": "-n", "zsh": "-n", "dash": "-n", "node": "--check",
}

// editorBatch are the options that run an editor without a screen, as a
// program executing the commands it is handed.
var editorBatch = map[string]map[string]bool{
	"nvim":  {"--headless": true, "-es": true, "-Es": true},
	"vim":   {"-es": true, "-Es": true, "--not-a-term": true},
	"emacs": {"--batch": true, "-batch": true, "--script": true},
}

// editorCode are the options of a batch editor that carry code to run.
var editorCode = map[string]bool{"-c": true, "--cmd": true, "-l": true, "--eval": true, "-f": true, "--funcall": true}

// interpreterOptions counts the options an interpreter is given before its
// code or script: `--project=.`, `-Ilib`, `--project`, `-W`. It stops at a
// flag that hands it code, its syntax check, or the script.
func interpreterOptions(prog string, rest []string) int {
	i := 0
	for i < len(rest) && strings.HasPrefix(rest[i], "-") && rest[i] != "--" && !inlineFlags[rest[i]] && syntaxFlags[prog] != rest[i] {
		if c, _ := optionCheck(rest[i : i+1]); c != "" {
			// `node --test test/`: the runtime's own test runner,
			// given a directory, not a script.
			break
		}
		if len(rest[i]) == 2 && i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "-") && !strings.ContainsAny(rest[i+1], "/.") {
			// `-X dev`, `-I lib`: a letter option's value, not a
			// script, which is named as a file.
			i++
		}
		i++
	}
	return i
}

// interpreterRun classifies an interpreter given its code inline or only
// asked to parse a script, past any options: the code is what runs, so it
// is part of what the command is.
func interpreterRun(prog string, rest []string) (command, bool) {
	i := interpreterOptions(prog, rest)
	if i >= len(rest) {
		return command{}, false
	}
	switch flag := rest[i]; {
	case flag == syntaxFlags[prog] && i+1 < len(rest):
		// `perl -c cgi-bin/login.cgi`: the script varies, the check
		// does not.
		k := prog + " " + flag
		return command{norm: k, key: k, step: k, category: "lint"}, true
	case inlineFlags[flag] && i+1 < len(rest):
		k := prog + " " + flag + " " + rest[i+1]
		return command{norm: k, key: k, step: k, category: codeCategory(rest[i+1])}, true
	}
	return command{}, false
}

// editorRun classifies a headless editor by the commands it is handed
// (`nvim --headless -c "PlenaryBustedDirectory tests"`, `emacs --batch -f
// ert-run-tests-batch-and-exit`); an editor opened on a file is no check.
func editorRun(prog string, rest []string) (command, bool) {
	batch := editorBatch[prog]
	if batch == nil {
		return command{}, false
	}
	mode := ""
	var code []string
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case batch[a]:
			mode = a
		case strings.HasPrefix(a, "+") && len(a) > 1:
			code = append(code, a[1:])
		case editorCode[a] && i+1 < len(rest):
			i++
			code = append(code, rest[i])
		}
	}
	if mode == "" || len(code) == 0 {
		return command{}, false
	}
	cat := codeCategory(strings.Join(code, " "))
	if cat == "" {
		return command{}, false
	}
	k := prog + " " + mode + " " + code[len(code)-1]
	return command{norm: k, key: k, step: k, category: cat}, true
}

// testScript reports whether an interpreter's script is a test file: in a
// test directory (`t/`, `test/`, `spec/`) or named as one (`runtests.jl`,
// `test_api.py`, `auth_test.rb`, `login.t`).
func testScript(p string) bool {
	if path.Ext(p) == ".t" {
		return true
	}
	for _, d := range strings.Split(path.Dir(p), "/") {
		switch d {
		case "t", "test", "tests", "spec", "specs", "__tests__":
			return true
		}
	}
	base := strings.ToLower(strings.TrimSuffix(path.Base(p), path.Ext(p)))
	return base == "runtests" || strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test") || strings.HasSuffix(base, "_spec")
}

// optionCheck finds the option or target that makes a program a check:
// an option named for one (`-runTests`, `--lint`, `--run-tests`), an alias
// naming one (`-M:test`, `-A:lint:ci`) or a target with a sigil
// (`@runtest`, `+test`). Builds are left out: `-T:build` and `+build`
// make artefacts as often as they check anything.
func optionCheck(rest []string) (cat, opt string) {
	for _, a := range rest {
		if a == "--" {
			break
		}
		switch {
		case strings.HasPrefix(a, "-") && !strings.Contains(a, "="):
			name := strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(a))
			switch name {
			case "test", "runtests", "runtest", "lint", "typecheck":
				return scriptCategory(strings.TrimPrefix(name, "run")), a
			}
			if c := aliasCategory(a); c != "" {
				return c, a
			}
		case (strings.HasPrefix(a, "@") || strings.HasPrefix(a, "+")) && isWord(a[1:]):
			if c := checkName(a[1:]); c != "" {
				return c, a
			}
		}
	}
	return "", ""
}

// aliasCategory classifies a `-X:alias:alias` option by the aliases it
// runs (`clojure -M:test:runner`).
func aliasCategory(a string) string {
	flag, aliases, ok := strings.Cut(a, ":")
	if !ok || len(flag) != 2 || aliases == "" {
		return ""
	}
	for _, p := range strings.Split(aliases, ":") {
		if c := checkName(p); c != "" {
			return c
		}
	}
	return ""
}

// aliasOption reports whether an option selects what a program runs by
// alias (`-M:test`, `-T:build`): then it is the program's subcommand.
func aliasOption(a string) bool {
	flag, aliases, ok := strings.Cut(a, ":")
	return ok && len(flag) == 2 && flag[0] == '-' && isWord(strings.ReplaceAll(aliases, ":", "-"))
}

// checkName is the category of a name that says it checks: test, lint,
// typecheck or format; a build is not one by name alone.
func checkName(n string) string {
	switch c := scriptCategory(n); c {
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
		case "lint", "check", "checks", "verify":
			return "lint"
		case "typecheck":
			return "typecheck"
		}
	}
	return ""
}

// withOption makes the option that classifies a command part of its key,
// right after the program and subcommand.
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
		// `prisma migrate dev` names what the subcommand does.
		return false
	}
	f := strings.Fields(c.key)
	switch f[len(f)-1] {
	case "dev", "serve", "server", "runserver", "start", "watch":
		return true
	}
	return false
}

// configureStep reports whether a step configures a build (`cmake -S . -B
// build`, `meson setup build`, `./configure`): part of building.
func configureStep(c command) bool {
	return c.category == "" && (c.key == "cmake" || c.key == "meson setup" || c.tool == "configure")
}
