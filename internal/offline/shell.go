package offline

import (
	"cmp"
	"encoding/json"
	"path"
	"slices"
	"strings"
	"unicode"

	"mvdan.cc/sh/v3/syntax"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/transcript"
)

// Shell commands are what the agent actually ran, so they are stronger
// evidence of a project's workflow than anything it said. This file pulls
// them out of the tool calls of each agent's format and reduces each one to
// its stable part (program, subcommand, stable flags).

// shellScript returns the shell text of a tool call that runs a command:
// Gemini run_shell_command args.command, Claude Bash input.command, Codex
// exec_command cmd / shell command (string or argv).
func shellScript(tc transcript.ToolCall) (string, bool) {
	switch tc.Name {
	case "run_shell_command", "Bash", "bash", "exec_command", "shell", "local_shell", "shell_command", "container.exec":
	default:
		return "", false
	}
	if strings.EqualFold(tc.Status, "cancelled") || strings.EqualFold(tc.Status, "canceled") {
		return "", false
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(tc.Args, &args) != nil {
		return "", false
	}
	for _, k := range []string{"command", "cmd"} {
		raw, ok := args[k]
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s, s != ""
		}
		var argv []string
		if json.Unmarshal(raw, &argv) == nil && len(argv) > 0 {
			// ["bash","-lc","cargo test"] runs its script argument.
			if len(argv) >= 3 && isShell(argv[0]) && strings.HasPrefix(argv[1], "-") && strings.Contains(argv[1], "c") {
				return argv[2], true
			}
			return strings.Join(argv, " "), true
		}
	}
	return "", false
}

func isShell(p string) bool {
	switch path.Base(p) {
	case "bash", "sh", "zsh", "dash", "fish":
		return true
	}
	return false
}

// command is one normalised simple command.
type command struct {
	args     []word // as written, from the program on
	env      []word // the variables set for it alone (`MIX_TARGET=rpi3 mix firmware`), as NAME=value
	out      []word // where its output was written (simple.out)
	in       []word // the file it read as its input (simple.in)
	dropped  bool   // its output went to /dev/null (simple.dropped)
	from     []word // what a pipeline fed it (simple.from)
	dir      string // the project directory it ran in (simple.dir)
	norm     string // "go test -race ./..."
	key      string // program and subcommand: "go test"
	step     string // key plus leading plain words: "pnpm prisma migrate dev"
	category string // test, build, lint, typecheck, format, or "" for other
	tool     string // the program that runs, past any runner: "pytest" for `uv run pytest`
	runner   int    // words of the runner before the program in key (`pnpm exec`: 2)
	noise    bool   // read-only inspection (ls, cat, git status…)
	// buildVerb marks `<tool> build|compile` of a tool not known as a
	// checker: a build check only where the project tests with that tool
	// too (promoteBuilds), not an image or site build.
	buildVerb bool
	dangling  bool // norm keeps a flag whose value it dropped (`-scheme`)
	// flagValues are those of its kept flags whose value names a mode
	// (`-b html`): one session running the command with two of them
	// ran two checks.
	flagValues string
	// preview: an infrastructure tool's dry run (`terraform plan`,
	// `pulumi preview`): a check before a change, yet the action of a
	// procedure that applies it (promoteBuilds).
	preview bool
	// rewrites: a formatter told to rewrite the files (writeOption):
	// never made a check by how often it runs.
	rewrites bool
}

// checkKey is what runs, past any runner: `npx tsc` and `pnpm exec tsc`
// are one check, run two ways.
func (c command) checkKey() string { return withoutRunner(c.key, c.runner) }

// withoutRunner drops the first runner words of a command line (its key
// or its step): "npx", "pnpm exec", "python -m".
func withoutRunner(line string, runner int) string {
	if runner == 0 {
		return line
	}
	f := strings.Fields(line)
	return strings.Join(f[min(runner, len(f)-1):], " ")
}

// infraTools change infrastructure and preview the change first.
var infraTools = map[string]bool{"terraform": true, "tofu": true, "terragrunt": true, "pulumi": true}

// containerValueFlags take a value in `docker run`, `docker compose exec`
// and their kin.
var containerValueFlags = map[string]bool{
	"-e": true, "--env": true, "-w": true, "--workdir": true, "-u": true, "--user": true,
	"-v": true, "--volume": true, "-p": true, "--publish": true, "--name": true, "--network": true,
	"--entrypoint": true, "--env-file": true, "--platform": true, "-l": true, "--label": true,
	"-n": true, "--namespace": true, "-c": true, "--container": true,
}

// containerRun splits a command run inside a container (`docker compose
// exec web python manage.py test`, `docker run --rm img cargo test`,
// `kubectl exec pod -- go test ./...`) into the part that names the
// container (`docker compose exec web`) and the command it runs. Options
// of the wrapper are left out of the first part.
func containerRun(argv []string) (outer, inner []string) {
	prog := path.Base(argv[0])
	i := 1
	switch {
	case (prog == "docker" || prog == "podman" || prog == "nerdctl") && len(argv) > 2 && argv[1] == "compose":
		i = 2
	case prog == "docker-compose" || prog == "podman-compose" || prog == "docker" || prog == "podman" || prog == "nerdctl":
	case prog == "kubectl" && len(argv) > 1 && argv[1] == "exec":
		for k, a := range argv {
			if a == "--" && k > 2 {
				return []string{"kubectl", "exec"}, argv[k+1:]
			}
		}
		return nil, nil
	default:
		return nil, nil
	}
	if i >= len(argv) || argv[i] != "run" && argv[i] != "exec" {
		return nil, nil
	}
	j := i + 1
	for j < len(argv) && strings.HasPrefix(argv[j], "-") {
		if containerValueFlags[argv[j]] {
			j++
		}
		j++
	}
	if j+1 >= len(argv) {
		return nil, nil
	}
	outer = append(append([]string{prog}, argv[1:i+1]...), argv[j])
	return outer, argv[j+1:]
}

// sshValueFlags take a value in `ssh`.
var sshValueFlags = map[string]bool{
	"-b": true, "-c": true, "-D": true, "-E": true, "-e": true, "-F": true, "-I": true, "-i": true, "-J": true,
	"-L": true, "-l": true, "-m": true, "-O": true, "-o": true, "-p": true, "-Q": true, "-R": true, "-S": true,
	"-W": true, "-w": true,
}

// remoteRun is a command run on another machine (`ssh deploy@web1 "cd
// /srv/app && ./restart.sh"`): what runs there is the step, not ssh, so
// restarting a service and reading its log are different steps, and a
// remote run that only reads (`ssh pi@box journalctl -u app`) is
// inspection. A login with no command is ssh alone.
func remoteRun(argv []string) (command, bool) {
	i := 1
	for i < len(argv) && strings.HasPrefix(argv[i], "-") {
		if sshValueFlags[argv[i]] {
			i++
		}
		i++
	}
	if i+1 >= len(argv) {
		return command{}, false
	}
	var keys, steps, norms []string
	noise := true
	for _, c := range commands(strings.Join(argv[i+1:], " ")) {
		if c.noise {
			continue
		}
		noise = false
		keys, steps, norms = append(keys, c.key), append(steps, c.step), append(norms, c.norm)
	}
	c := command{tool: "ssh", noise: noise}
	c.key = "ssh " + strings.Join(keys, " && ")
	c.step = "ssh " + strings.Join(steps, " && ")
	c.norm = "ssh " + strings.Join(norms, " && ")
	return c, true
}

// optionsThenWord is where a run's last argument is, when it is a plain
// word (a subcommand's name) and everything before it options, each
// either alone (followed by another option) or with one value after it:
// `-a $URI -u admin -p "$PW" validate`. 0 otherwise.
func optionsThenWord(rest []string) int {
	i := 0
	for i < len(rest)-1 && strings.HasPrefix(rest[i], "-") && rest[i] != "--" {
		if strings.Contains(rest[i], "=") || strings.HasPrefix(rest[i+1], "-") {
			i++
			continue
		}
		i += 2
	}
	if i == 0 || i != len(rest)-1 || !isWord(rest[i]) || looksLikeData(rest[i]) {
		return 0
	}
	return i
}

// leadingOptions counts the options before a subcommand: `-chdir=x`, a
// lone letter (`-q`, `-r`), a flag known to take a value with its value
// (`-C fw`, `--filter web`) or a word flag with its value (`-scheme App`).
// Any other option may take a value or not, so the count stops there.
func leadingOptions(rest []string) int {
	i := 0
	for i < len(rest) && strings.HasPrefix(rest[i], "-") && rest[i] != "--" {
		switch a := rest[i]; {
		case strings.Contains(a, "="), len(a) == 2 && !valueFlags[a]:
			i++
		case valueFlags[a] || wordFlag(a) || contextOptions[a]:
			i += 2
		default:
			return i
		}
	}
	return min(i, len(rest))
}

// contextOptions are the global options that aim a command at a cluster,
// account or configuration and take that as their next argument
// (`kubectl --context staging apply -k …`, `aws --profile prod s3 sync`):
// the subcommand comes after the value, which is no subcommand itself.
var contextOptions = map[string]bool{
	"--context": true, "--kube-context": true, "--kubeconfig": true, "--namespace": true,
	"--profile": true, "--region": true, "--project": true, "--cluster": true,
}

// containerPrograms run an image or pod named after `run`, not a task.
var containerPrograms = map[string]bool{"docker": true, "podman": true, "nerdctl": true, "kubectl": true, "buildah": true}

// wordFlag is a single-dash option spelled as a word (`-scheme`,
// `-destination`, `-tags`): it takes a value, unlike `-q` or `-v`.
func wordFlag(a string) bool {
	return len(a) > 3 && a[0] == '-' && a[1] != '-' && !strings.Contains(a, "=") && isWord(a[1:])
}

// word is one argument of a simple command as the shell would pass it.
type word struct {
	text   string
	quoted bool // written in quotes: one argument even with spaces in it
	op     bool // a redirection operator (`>`), written as is
	// expands: a program under a directory a variable names
	// (`$LOOM_HOME/bin/loom-batch`), written as is so
	// that the shell still expands it.
	expands bool
}

// simple is one simple command of a script: its arguments, and where its
// output was sent when that was a file (`> src/schema.rs`): the file a
// step makes is part of the step.
type simple struct {
	args []word
	env  []word // the variables set for this command alone, as NAME=value
	out  []word // the operator and the file, or nothing
	in   []word // `<` and the file the command reads as its input, or nothing
	from []word // the command whose output a pipeline feeds it, or nothing
	dir  string // the directory of the project an earlier `cd` moved to
	// dropped: the output went to /dev/null, which out leaves out since
	// no step makes that file.
	dropped bool
}

// simpleCommands parses a shell script with a real shell parser and
// returns its simple commands in execution order: lists (&&, ||, ;),
// pipelines and compound commands are split, heredoc bodies and
// redirections are not arguments (the file a command's output went to is
// kept apart), and commands inside $(…) or <(…) are not steps of the
// script. A pipeline keeps its first command and any later one that is not
// a mere filter (`go test ./... | tail` runs go test). Text that does not
// parse as shell (JSON, YAML, prose) yields nothing: a fragment is never a
// command.
func simpleCommands(script string) []simple {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil {
		return nil
	}
	var out []simple
	dir := ""
	assigned := map[string]bool{} // variables the script sets itself
	var visit func(node syntax.Node, tail bool) bool
	visit = func(node syntax.Node, tail bool) bool {
		switch n := node.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.FuncDecl, *syntax.ArithmExp:
			return false
		case *syntax.Subshell:
			// `(cd web && npm ci); npm test`: the subshell's `cd`
			// ends with it.
			outer := dir
			for _, st := range n.Stmts {
				syntax.Walk(st, func(c syntax.Node) bool { return visit(c, tail) })
			}
			dir = outer
			return false
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				before := len(out)
				syntax.Walk(n.X, func(c syntax.Node) bool { return visit(c, tail) })
				at := len(out)
				syntax.Walk(n.Y, func(c syntax.Node) bool { return visit(c, true) })
				if _, ok := n.X.Cmd.(*syntax.CallExpr); ok && at > before && len(out) > at {
					// `kustomize build overlays/qa | kubeconform`:
					// what reads the pipe needs what writes it, and
					// only that (`FOO=1 | kubeconform` feeds nothing).
					out[at].from = out[at-1].args
				}
				return false
			}
		case *syntax.Stmt:
			call, ok := n.Cmd.(*syntax.CallExpr)
			if !ok {
				return true
			}
			var env []word
			for _, as := range call.Assigns {
				if as.Name != nil {
					assigned[as.Name.Value] = true
					if as.Value != nil && !as.Append {
						if v, ok := literal(as.Value); ok {
							env = append(env, word{text: as.Name.Value + "=" + v.text, quoted: v.quoted})
						}
					}
				}
			}
			argv := make([]word, 0, len(call.Args))
			for i, a := range call.Args {
				w, ok := literal(a)
				if !ok && i == 0 {
					w, ok = varProgram(a)
				}
				if !ok && i > 0 {
					w, ok = varArg(a, script, assigned)
				}
				if !ok {
					w = word{text: "<arg>"}
				}
				argv = append(argv, w)
			}
			if len(argv) > 0 && argv[0].text == "cd" {
				dir = projectDir(dir, argv[1:])
			}
			if len(argv) > 0 && !(tail && filterCommands[path.Base(argv[0].text)]) {
				out = append(out, simple{args: argv, env: env, out: outputFile(n.Redirs), in: inputFile(n.Redirs), dropped: dropsOutput(n.Redirs), dir: dir})
			}
			return false
		}
		return true
	}
	syntax.Walk(f, func(n syntax.Node) bool { return visit(n, false) })
	return out
}

// projectDir is the directory `cd` moves to from dir when it is one inside
// the project (`cd web`, `cd overlays/qa`): what runs there needs it.
// Relative moves add up (`cd web && cd src` is web/src, `cd web && cd
// ../api` is api). A move that leaves the project or goes where the
// script does not say (`cd ../other`, `cd ..` from the root, the project
// root written out as /home/me/app, `cd ~`, `cd -`, a bare `cd`, a
// directory named by an expansion) leaves no directory: what runs after it
// is given none, as a step cannot name a place outside the project.
func projectDir(dir string, args []word) string {
	if len(args) != 1 || args[0].text == "<arg>" {
		return ""
	}
	d := args[0].text
	if d == "" || d == "-" || strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~") || strings.HasPrefix(d, "$") {
		return ""
	}
	d = path.Clean(path.Join(dir, d))
	if d == "." || d == ".." || strings.HasPrefix(d, "../") {
		return ""
	}
	return d
}

// outputFile is the redirection that writes a command's output to a file
// (`> src/schema.rs`, `>> CHANGELOG.md`), as words: not a log thrown away
// (`> /dev/null`), not standard error, not a file named by an expansion.
func outputFile(rs []*syntax.Redirect) []word {
	var out []word
	for _, r := range rs {
		if r.Op != syntax.RdrOut && r.Op != syntax.AppOut || r.N != nil && r.N.Value != "1" || r.Word == nil {
			continue
		}
		w, ok := literal(r.Word)
		if !ok || w.text == "" || strings.HasPrefix(w.text, "/dev/") {
			continue
		}
		out = []word{{text: r.Op.String(), op: true}, w}
	}
	return out
}

// inputFile is the redirection that gives a command a file as its input
// (`sqlite3 db/app.sqlite < migrations/004_tags.sql`), as words: without
// it the step runs the program and does nothing it did. A file named by an
// expansion, a here-document or a here-string is not a file of the
// project.
func inputFile(rs []*syntax.Redirect) []word {
	var in []word
	for _, r := range rs {
		if r.Op != syntax.RdrIn || r.N != nil && r.N.Value != "0" || r.Word == nil {
			continue
		}
		if w, ok := literal(r.Word); ok && w.text != "" && !strings.HasPrefix(w.text, "/dev/") {
			in = []word{{text: r.Op.String(), op: true}, w}
		}
	}
	return in
}

// dropsOutput reports whether a command's standard output is sent to
// /dev/null (`> /dev/null`, `1>/dev/null`): it runs for its verdict.
func dropsOutput(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		if (r.Op == syntax.RdrOut || r.Op == syntax.AppOut) && (r.N == nil || r.N.Value == "1") && r.Word != nil {
			if w, ok := literal(r.Word); ok && w.text == "/dev/null" {
				return true
			}
		}
	}
	return false
}

// filterCommands only reshape another command's output in a pipeline.
var filterCommands = map[string]bool{
	"tail": true, "head": true, "grep": true, "rg": true, "tee": true, "sort": true, "uniq": true,
	"wc": true, "jq": true, "less": true, "more": true, "cat": true, "cut": true, "tr": true,
	"sed": true, "awk": true, "column": true, "xargs": false,
}

// literal is the value of a word with no expansion in it.
func literal(w *syntax.Word) (word, bool) {
	var b strings.Builder
	quoted := false
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			quoted = true
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			quoted = true
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return word{}, false
				}
				b.WriteString(l.Value)
			}
		default:
			return word{}, false
		}
	}
	return word{text: b.String(), quoted: quoted}, true
}

// varProgram is a program word that starts with a variable naming its
// directory (`$LOOM_HOME/bin/loom-batch`, `${SDK}/bin/tool`):
// an installed program run by its path. Any other expansion stays
// unknown.
func varProgram(w *syntax.Word) (word, bool) {
	if len(w.Parts) < 2 {
		return word{}, false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil || !isWord(strings.ToLower(pe.Param.Value)) {
		return word{}, false
	}
	rest := &syntax.Word{Parts: w.Parts[1:]}
	l, ok := literal(rest)
	if !ok || l.quoted || !strings.HasPrefix(l.text, "/") || !progRe().MatchString(l.text[1:]) {
		return word{}, false
	}
	return word{text: "$" + pe.Param.Value + l.text, expands: true}, true
}

// varArg is an argument that names a variable (`$DB_URL`, `"$USER"`,
// `--token=${API_TOKEN}`), written as typed: the shell fills it in each
// run, so a step that keeps it runs as it ran, where a placeholder
// (`"<arg>"`) would hand the program that text. Command substitution
// and any other expansion stay unknown, and so does a variable the
// script set itself (`V=$(git describe) ./release.sh "$V"`), which the
// step alone would not have.
func varArg(w *syntax.Word, script string, assigned map[string]bool) (word, bool) {
	simple := func(p syntax.WordPart) bool {
		pe, ok := p.(*syntax.ParamExp)
		return ok && pe.Param != nil && !assigned[pe.Param.Value] && !pe.Excl && !pe.Length && !pe.Width && pe.Index == nil && pe.Slice == nil && pe.Repl == nil && pe.Names == 0 && pe.Exp == nil
	}
	vars := 0
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if _, lit := q.(*syntax.Lit); !lit && !simple(q) {
					return word{}, false
				}
				if simple(q) {
					vars++
				}
			}
		default:
			if !simple(p) {
				return word{}, false
			}
			vars++
		}
	}
	from, to := int(w.Pos().Offset()), int(w.End().Offset())
	if vars == 0 || from < 0 || to > len(script) || from >= to {
		return word{}, false
	}
	return word{text: script[from:to], expands: true}, true
}

// oneCommand is the command s names when it is a single one (a code
// span of memory, a listed check): a script of two or none is no one
// command to compare.
func oneCommand(s string) (command, bool) {
	if cs := commands(s); len(cs) == 1 {
		return cs[0], true
	}
	return command{}, false
}

// commands normalises every simple command of a script.
func commands(script string) []command {
	var out []command
	for _, sc := range simpleCommands(script) {
		if c, ok := normalize(sc.args); ok {
			c.out, c.in, c.from, c.dir, c.dropped = sc.out, sc.in, sc.from, sc.dir, sc.dropped
			c.env = append(sc.env, c.env...)
			if c.noise && len(c.out) > 0 && readOnlyStep(c.step) && !vcsStep(c) && !discards(c) {
				// `loomctl weave show --format json >
				// weave.json`: what a tool shows, kept in a file
				// for a later step, is made, not only looked at; in
				// a scratch file (`> /tmp/weave.json`) it is not.
				c.noise = false
			}
			out = append(out, c)
		}
	}
	return out
}

// runners run another program given as their arguments.
var runners = map[string]int{ // program → number of words in the runner prefix
	"npx": 1, "bunx": 1, "pnpx": 1,
	"pnpm exec": 2, "pnpm dlx": 2, "yarn dlx": 2, "yarn exec": 2, "npm exec": 2,
	"uv run": 2, "poetry run": 2, "pipenv run": 2, "pdm run": 2, "hatch run": 2, "bundle exec": 2, "carton exec": 2,
	"python -m": 2, "python3 -m": 2, "py -m": 2,
}

// subcommand programs: their first plain argument is part of the key.
var subcommandPrograms = map[string]bool{
	"go": true, "cargo": true, "npm": true, "pnpm": true, "yarn": true, "bun": true, "deno": true,
	"make": true, "just": true, "git": true, "docker": true, "kubectl": true, "terraform": true,
	"tofu": true, "dotnet": true, "mvn": true, "gradle": true, "gradlew": true, "buf": true,
	"sqlc": true, "helm": true, "alembic": true, "migrate": true, "goreleaser": true, "ruff": true,
	"golangci-lint": true, "task": true, "mix": true, "rails": true, "rake": true, "swift": true,
	"pip": true, "uv": true, "poetry": true, "prisma": true, "drizzle-kit": true, "nx": true,
	"turbo": true, "bazel": true, "cmake": true, "ctest": false, "docker-compose": true,
	"gh": true, "wrangler": true, "firebase": true, "supabase": true, "atlas": true, "goose": true,
	"tox": true, "nox": true, "pre-commit": true, "pulumi": true, "ansible-playbook": false,
	"mise": true, "xcodebuild": true, "mvnw": true, "hugo": true, "dbt": true, "flutter": true, "dart": true, "sqlfluff": true, "django-admin": true, "manage.py": true, "idf.py": true, "aws": true, "gcloud": true, "mill": true,
}

// valueFlags take the next argument as a value that changes from run to run.
var valueFlags = map[string]bool{
	"-run": true, "-bench": true, "-k": true, "-t": true, "--testNamePattern": true,
	"-m": false, "--grep": true, "-p": true, "-o": true, "--output": true, "-f": true,
	"--filter": true, "-C": true, "-c": true, "--name": true, "-n": true, "--message": true,
	"--match": true, "-e": true, "--env": true, "--target": true, "-var": true, "--var": true,
	"-timeout": true, "--timeout": true, "--workspace": true, "-w": false,
	"--prefix": true, "--dir": true, "--cwd": true,
}

var noiseCommands = map[string]bool{
	"ls": true, "cat": true, "head": true, "tail": true, "grep": true, "rg": true, "find": true,
	"echo": true, "pwd": true, "which": true, "wc": true, "less": true, "more": true, "tree": true,
	"sed": true, "awk": true, "clear": true, "true": true, "false": true, "sleep": true, "date": true,
	"printf": true, "file": true, "stat": true, "du": true, "df": true, "diff": true, "jq": true,
	"git status": true, "git diff": true, "git log": true, "git show": true, "git branch": true,
	"git blame": true, "git rev-parse": true, "git remote": true, "type": true, "man": true,
	"history": true, "whoami": true, "id": true, "uname": true, "ps": true, "env": true, "export": true,
	"source": true, ".": true, "set": true, "open": true, "xdg-open": true, "code": true, "vim": true,
	// read-only subcommands of build and deploy tools
	"go env": true, "go version": true, "go list": true, "npm ls": true, "npm view": true,
	"cargo tree": true, "cargo metadata": true, "pip list": true, "pip show": true,
	"kubectl get": true, "kubectl describe": true, "kubectl logs": true, "docker ps": true,
	"docker images": true, "helm list": true, "terraform show": true, "git fetch": true,
	"journalctl": true, "lsof": true, "netstat": true, "pgrep": true,
}

// progRe is what a program name looks like; anything else (a JSON brace,
// a YAML key, a glob) is not a command.
var progRe = lazyregexp.New(`^[A-Za-z0-9_./+~][A-Za-z0-9_./+:@~-]*$`)

// normalize reduces one simple command to its stable form.
func normalize(words []word) (command, bool) {
	// Drop environment assignments and wrappers that do not change what
	// runs; the assignments are kept apart (command.env).
	var env []word
	for len(words) > 0 {
		a := words[0].text
		if isAssignment(a) {
			env = append(env, words[0])
			words = words[1:]
			continue
		}
		if a == "time" || a == "command" || a == "exec" || a == "nice" || a == "nohup" || a == "env" && len(words) > 1 {
			words = words[1:]
			continue
		}
		break
	}
	if len(words) == 0 || words[0].quoted || !words[0].expands && !progRe().MatchString(words[0].text) || strings.HasSuffix(words[0].text, ":") {
		return command{}, false
	}
	argv := make([]string, len(words))
	for i, w := range words {
		argv[i] = w.text
	}
	c, ok := normalizeArgv(argv)
	c.args, c.env = words, env
	return c, ok
}

// normalizeArgv computes the stable parts of a command from its arguments.
func normalizeArgv(argv []string) (command, bool) {
	for len(argv) > 0 {
		a := argv[0]
		if isAssignment(a) || a == "time" || a == "command" || a == "exec" || a == "nice" || a == "nohup" {
			argv = argv[1:]
			continue
		}
		if n := timeLimit(argv); n > 0 {
			argv = argv[n:]
			continue
		}
		break
	}
	if len(argv) == 0 {
		return command{}, false
	}
	switch argv[0] {
	case "cd", "pushd", "popd", "exit", "return", "then", "fi", "do", "done", "if", "for", "while", "{", "}", "(", ")":
		return command{}, false
	}
	if outer, inner := containerRun(argv); len(inner) > 0 {
		// `docker compose run --rm api pytest -q` runs pytest: a
		// check in a container is still that check.
		if c, ok := normalizeArgv(inner); ok && (c.category != "" || !c.noise && !c.preview) {
			// Any other command is told apart by what it runs too
			// (`… exec mc rcon-cli save-off`, `… save-on`).
			head := strings.Join(outer, " ") + " "
			c.norm, c.key, c.step = head+c.norm, head+c.key, head+c.step
			if c.category == "" {
				c.runner, c.buildVerb = 0, false
			}
			return c, true
		}
	}
	if path.Base(argv[0]) == "ssh" {
		if c, ok := remoteRun(argv); ok {
			return c, true
		}
	}
	var prefix []string
	for {
		prog := path.Base(argv[0])
		two := ""
		if len(argv) > 1 {
			two = prog + " " + argv[1]
		}
		if n, ok := runners[two]; ok && len(argv) > n {
			prefix = append(prefix, prog, argv[1])
			argv = argv[n:]
			continue
		}
		if n, ok := runners[prog]; ok && len(argv) > n {
			prefix = append(prefix, prog)
			argv = argv[n:]
			continue
		}
		break
	}
	if c, ok := envRun(argv, prefix); ok {
		return c, true
	}
	if c, ok := binRun(argv, prefix); ok {
		return c, true
	}
	prog := path.Base(argv[0])
	if strings.HasSuffix(prog, ".py") && prog != "manage.py" && prog != "idf.py" {
		prog = "python " + prog
	}
	// A relative program path is shown as written (`./gradlew`,
	// `bin/rails`); an interpreter's script is part of what runs.
	shown := prog
	if !strings.HasPrefix(argv[0], "/") && strings.Contains(argv[0], "/") {
		shown = argv[0]
	}
	rest := argv[1:]
	// A program installed into a bin directory (vendor/bin/phpstan,
	// node_modules/.bin/eslint) is a tool, not one of the project's scripts.
	// No tool installs a program named like the shell's `test` builtin:
	// `bin/test` is the project's own test script.
	binDir := strings.Contains(argv[0], "/") && path.Ext(prog) == "" && prog != "test" && (path.Base(path.Dir(argv[0])) == "bin" || path.Base(path.Dir(argv[0])) == ".bin")
	// A Windows program (`AutoHotkey64.exe`) is a program, not a script;
	// so is ESP-IDF's front end, `idf.py build`, `idf.py size`.
	script := path.Ext(prog) != "" && !windowsProgram(prog) && prog != "idf.py" || strings.Contains(argv[0], "/") && !subcommandPrograms[prog] && !binDir
	dispatcher, testFile := false, false
	scriptName, scriptPath := "", ""
	if script {
		scriptName, scriptPath = prog, argv[0]
	}
	if i := interpreterOptions(rest); interpreters[prog] && i+1 < len(rest) && inlineFlags[rest[i]] {
		// `Rscript -e 'testthat::test_dir("tests")'`, `julia
		// --project -e 'using Pkg; Pkg.test()'`: the code is what
		// runs, so it is part of what the command is.
		// The strings it is given are its data (`deployApp(appName =
		// "shop-staging")`, later `"shop-demo"`): one command.
		c := command{norm: prog + " " + rest[i] + " " + rest[i+1], key: prog + " " + rest[i] + " " + codeLiteralRe().ReplaceAllString(rest[i+1], `"…"`)}
		// The check is named by what the code calls, not by the
		// text it prints (`console.log('lint me')`).
		c.step, c.category = c.key, codeCategory(codeLiteralRe().ReplaceAllString(rest[i+1], `""`))
		return c, true
	}
	if interpreters[prog] {
		if i := interpreterOptions(rest); i < len(rest) && !strings.HasPrefix(rest[i], "-") {
			// The first argument of an interpreter past its options is
			// the script it runs (`python manage.py`, `php artisan`,
			// `julia --project=. sim/run.jl`); a script run that way
			// often dispatches on its next word.
			shown += " " + rest[i]
			scriptName, testFile = fileBase(rest[i]), testScript(strings.ReplaceAll(rest[i], `\`, "/"))
			scriptPath = rest[i]
			rest = append(append([]string{}, rest[:i]...), rest[i+1:]...)
			script, dispatcher = true, true
		}
	}
	if c, ok := batchRun(prog, rest); ok {
		return c, true
	}
	words := append(append([]string{}, prefix...), shown)
	sub := ""
	// Global options before a subcommand (`terraform -chdir=live/x plan`)
	// do not hide it.
	lead := 0
	for lead < len(rest) && strings.HasPrefix(rest[lead], "-") {
		switch {
		case strings.Contains(rest[lead], "="):
			lead++
			continue
		case contextOptions[rest[lead]] && lead+1 < len(rest):
			// `linkerd --context staging check`: the cluster or
			// account the command is aimed at, then the subcommand.
			lead += 2
			continue
		}
		break
	}
	if (prog == "tox" || prog == "nox") && lead+1 < len(rest) && (rest[lead] == "-e" || rest[lead] == "-s" || rest[lead] == "--session") && isWord(rest[lead+1]) {
		// `tox -e lint`, `nox -s tests`: the environment or session
		// is the check that runs.
		sub = rest[lead] + " " + rest[lead+1]
		words = append(words, rest[lead], rest[lead+1])
		rest = append(append([]string{}, rest[:lead]...), rest[lead+2:]...)
	}
	if subcommandPrograms[prog] {
		// A tool known to take a subcommand finds it past its options
		// (`make -C fw test`, `pnpm -r test`, `xcodebuild -scheme App
		// test`).
		lead = leadingOptions(rest)
		for prog == "make" && lead < len(rest) && isAssignment(rest[lead]) {
			// `make -C fw BOARD=nucleo flash`: a variable set for
			// the run comes before the target, as options do.
			lead++
			lead += leadingOptions(rest[lead:])
		}
	}
	if prog == "cmake" && len(rest) > 0 && (rest[0] == "--build" || rest[0] == "--install") {
		// cmake's modes are flags: `cmake --build build` builds,
		// `cmake -S . -B build` configures.
		sub, words, rest = rest[0], append(words, rest[0]), rest[1:]
	}
	generic := sub == "" && !subcommandPrograms[prog] && (!script || dispatcher) && lead < len(rest) && isWord(rest[lead]) && strings.IndexFunc(rest[lead], unicode.IsDigit) < 0
	if j := optionsThenWord(rest); sub == "" && !generic && !subcommandPrograms[prog] && !script && j > 0 && checkTools[prog] == "" && categorize(prog, "", prog) == "" {
		// `dbtool -H $DB_HOST -u admin migrate`: a program's own
		// connection options come before its subcommand, which ends
		// the command. A known checker's last word is what it checks
		// (`eslint --max-warnings 0 src`), one key whatever its target.
		sub = rest[j]
		words = append(words, sub)
		rest = rest[:j]
	}
	if task, _ := sbtTaskParts(sbtTask(prog, rest, lead)); task != "" && isWord(task) {
		// `sbt +test` (cross-built), `sbt "scalafixAll --check"` (a
		// task with its arguments, quoted as one), `sbt
		// Docker/publishLocal` (a task of a scope): the task runs.
		sub = rest[lead]
		words = append(words, sub)
		rest = append(append([]string{}, rest[:lead]...), rest[lead+1:]...)
	}
	if (prog == "gradle" || prog == "gradlew") && lead < len(rest) && strings.HasPrefix(rest[lead], ":") && isWord(strings.ReplaceAll(rest[lead][1:], ":", "-")) {
		// `./gradlew :app:testDebugUnitTest`: a task of one module.
		sub = rest[lead]
		words = append(words, sub)
		rest = append(append([]string{}, rest[:lead]...), rest[lead+1:]...)
	}
	if sub == "" && (subcommandPrograms[prog] || generic) && lead < len(rest) && (isWord(rest[lead]) || subcommandPrograms[prog] && dottedTask(rest[lead])) {
		sub = rest[lead]
		words = append(words, sub)
		rest = append(append([]string{}, rest[:lead]...), rest[lead+1:]...)
		// npm run <script>, docker compose <cmd>, prisma migrate <cmd>
		// and any task runner's `run <task>` / `task <task>` (pixi,
		// deno, rye…): the task is what runs.
		if (sub == "run" || sub == "task" || sub == "run-script") && !containerPrograms[prog] ||
			(prog == "docker" && sub == "compose") || (prog == "prisma" && (sub == "migrate" || sub == "db")) ||
			(prog == "go" && sub == "tool") {
			// The task follows the subcommand, past the options
			// before it (`npm --prefix web run lint`).
			if lead < len(rest) && isWord(rest[lead]) {
				sub += " " + rest[lead]
				words = append(words, rest[lead])
				rest = append(append([]string{}, rest[:lead]...), rest[lead+1:]...)
			}
		}
	}
	key := strings.Join(words, " ")
	named := len(words)
	// Up to two plain words right after the key name what is run
	// (`pnpm prisma migrate dev`, `make docs`, `dp backfill`), not
	// run-specific data; a script's arguments (`./bump.sh minor`) are its
	// parameters.
	for n := 0; n < 2 && !script && len(rest) > 0 && isWord(rest[0]) && !looksLikeData(rest[0]); n++ {
		words = append(words, rest[0])
		rest = rest[1:]
	}
	if sub == "turbo" || sub == "nx" || sub == "lerna" || prog == "turbo" || prog == "nx" {
		// `pnpm turbo run lint` and `… run test` are different checks.
		key = strings.Join(words, " ")
	}
	norm := append([]string{}, words...)
	dangling := false
	var flagValues []string
	windows := windowsProgram(prog)
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") || windows && strings.HasPrefix(a, "/") && isWord(a[1:]) {
			if valueFlags[a] {
				i++
				continue
			}
			if eq := strings.IndexByte(a, '='); eq > 0 && valueFlags[a[:eq]] {
				continue
			}
			if strings.HasPrefix(a, "--") && !strings.Contains(a, "=") && i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "-") && !strings.ContainsAny(rest[i+1], "/.") {
				// `--select orders`: a long flag before a plain word
				// (not a path) takes it as its value; keeping the flag
				// alone would leave half an option. A plain lower-case
				// name picks a mode there too (`--to html`, `--to
				// pdf`), as after a short flag.
				if isWord(rest[i+1]) && !looksLikeData(rest[i+1]) {
					flagValues = append(flagValues, a+" "+rest[i+1])
				}
				i++
				continue
			}
			norm = append(norm, a)
			continue
		}
		// Positional arguments are mostly run-specific (files, packages,
		// test names); the whole-tree patterns are the stable exception.
		if wholeTree(a) {
			norm = append(norm, a)
			continue
		}
		if i > 0 && (wordFlag(rest[i-1]) || windows && strings.HasPrefix(rest[i-1], "/") ||
			len(rest[i-1]) == 2 && rest[i-1][0] == '-' && !strings.ContainsAny(a, "/.")) {
			// `-scheme App`, `/validate x.ahk`, `-b nrf52dk`: the
			// kept flag has lost its value.
			dangling = true
			if isWord(a) && (!looksLikeData(a) || modeFlag(rest[i-1]) && !strings.ContainsAny(a, "0123456789")) {
				// A plain lower-case name picks a mode (`-b
				// linkcheck`, `-m slow`), as any name does after a
				// flag named for one (`-testPlatform PlayMode`); a
				// define or a board (`-D part=lid`, `-b nrf52dk`) is
				// a parameter.
				flagValues = append(flagValues, rest[i-1]+" "+a)
			}
		}
	}
	c := command{norm: strings.Join(norm, " "), key: key, step: strings.Join(words, " "), tool: prog, dangling: dangling, flagValues: strings.Join(flagValues, " "), runner: len(prefix)}
	c.noise = (noiseCommands[prog] || noiseCommands[key] || noiseCommands[prog+" "+sub] || readOnlyStep(c.step) || infoQuery(argv[1:])) && actionOption(rest) == ""
	if !c.noise && noiseCommands[prog] && sub == "" {
		// `code --install-extension x.vsix`: the option is what the
		// step does.
		c = withOption(c, actionOption(rest))
	}
	c.category = categorize(prog, sub, c.norm)
	if c.category == "" && (prog == "nx" || sub == "nx") {
		// `nx affected -t lint test`, `nx run-many --targets=test`:
		// the targets are what runs.
		c.category = targetsCategory(rest)
	}
	if c.category == "" && len(prefix) > 0 && !script && sub == "" {
		// `pdm run lint`, `hatch run test`: a runner's named script.
		switch cat := scriptCategory(prog); cat {
		case "test", "lint", "format", "typecheck":
			c.category = cat
		}
	}
	if c.category == "" && (!script || dispatcher) && !(dispatcher && !testFile && testDirWords[sub]) {
		// (A script that is no test runner handed the test directory,
		// `python tools/gen.py tests`, works on it: no subcommand.)
		c.category = toolCategory(prog, sub, words[named:], rest)
		if opt := checkOption(rest); c.category == "lint" && opt != "" && toolCategory(prog, sub, words[named:], nil) == "" {
			// `ansible-playbook site.yml --check --diff` only reports
			// what the same program run without the option
			// (`ansible-playbook site.yml --limit web`) does: the
			// option tells the check from the action.
			c = withOption(c, opt)
		}
		// `raco make` compiles; `yarn make` runs the package's
		// script of that name, which may make anything.
		// (`make`, `make TARGET=WHOOPF411`: the default goal, which
		// builds the project.)
		c.buildVerb = c.category == "" && (sub == "build" || sub == "compile" || sub == "make" && !packageManagers[prog] || sub == "" && prog == "make")
		if c.buildVerb && discardsOutput(rest) {
			// `elm make src/Main.elm --output=/dev/null`: built only
			// to see that it builds, a check.
			c.category, c.buildVerb = "build", false
		}
	}
	if c.category == "" && (!script || dispatcher) {
		if opt := syntaxOption(prog, rest); opt != "" {
			// `zsh -n .zshrc`: the script is parsed, not run.
			c = withOption(c, opt)
			c.category = "lint"
		} else if cat, opt := optionCheck(prog, sub, rest); cat != "" {
			// `snakemake --lint`: the option makes it a check, and
			// tells it from the program's other runs.
			c = withOption(c, opt)
			c.category = cat
		} else if opt := dryRunOption(rest); opt != "" && !vcsStep(c) {
			c = withOption(c, opt)
			c.preview = true
		}
	}
	if c.category == "" && !script && !c.noise && !vcsStep(c) && !containerPrograms[prog] && testBinaryArg(prog, argv[1:]) {
		// `compute-sanitizer --tool memcheck ./build/tests/unit`: a
		// program that runs the test binary it is given.
		c.category = "test"
	}
	if c.category == "" && testFile {
		c.category = "test"
	}
	if c.category == "" && !script && !c.noise && !vcsStep(c) && !interpreters[prog] {
		// `firebase emulators:exec --only firestore "npm test"`,
		// `start-server-and-test dev :3000 "npm run e2e"`: a program
		// that sets something up and runs the check it is handed.
		c.category = handedCheck(rest)
	}
	if c.category == "" && !script && sub == "" && !c.noise && !vcsStep(c) && !containerPrograms[prog] {
		if task, cat := optionedTask(rest); cat != "" {
			// `bench --site dev.local run-tests --app fleet`: the
			// task named after the program's own options.
			c = withOption(c, task)
			c.category = cat
		}
	}
	if c.category == "" && !c.noise && !vcsStep(c) && !dbClients[path.Base(prog)] {
		// `UnrealEditor-Cmd Game.uproject -ExecCmds="Automation
		// RunTests Hex;Quit"`: the commands an option hands the
		// program run its tests, or analyse its code.
		c.category = codeOptionCheck(rest)
	}
	if c.category == "" && script && !dispatcher && path.Ext(prog) == "" {
		// `./pharo Pharo.image test "Core-.*"`: a launcher opens the
		// file it is given and runs the check named next.
		c.category = loadedFileCheck(rest)
	}
	if c.category == "" && c.buildVerb && strictBuild(rest) {
		// `mkdocs build --strict`, `jupyter-book build book/ -W`,
		// `jupyter-book build book/ --builder linkcheck`: a build told
		// to fail on a warning, or to check the links, is run to see
		// that the project is clean, a check of every change.
		c.category, c.buildVerb = "build", false
	}
	if c.category == "" && (docsBuildScript(scriptPath) || prog == "sphinx-build") {
		// `julia --project=docs docs/make.jl`, `sphinx-build -W docs
		// docs/_build`: the documentation is built, which shows it
		// (and the examples it runs) still builds.
		c.category = "build"
	}
	if c.category == "" && scriptName != "" {
		// `php bin/phpunit`: a checker's own script by its name.
		if c.category = namedCheck(scriptName); c.category == "" {
			c.category = scriptNameCategory(scriptName)
		}
	}
	if c.category == "format" {
		if opt := writeOption(rest); opt != "" {
			// `buf format -w`, `prettier --write .`: the files are
			// rewritten, a change made, not a check of one.
			c = withOption(c, opt)
			c.category = ""
			c.rewrites = true
		} else if !strings.HasPrefix(prog, "run-") && !reportsOnly(words) && !reportsOnly(rest) {
			// `dune fmt`, `pants fmt ::`, `make format`, `ormolu
			// --mode inplace`: a formatter run with nothing that
			// makes it only report rewrites the files, as `cargo fmt`
			// without `--check` does. (A `run-` wrapper,
			// `run-clang-format -r src`, reports the diff.)
			c.category = ""
			c.rewrites = true
		}
	}
	if c.category == "test" {
		if opt := updateOption(rest); opt != "" {
			// `playwright test --update-snapshots` rewrites the
			// expected results: an action, and not the check run.
			c = withOption(c, opt)
			c.category = ""
		}
	}
	c.preview = c.preview || c.category == "" && (infraTools[prog] && (sub == "plan" || sub == "preview") || previewVerb(c.step) && !packageManagers[prog])
	if (prog == "godot" || prog == "godot4") && strings.Contains(strings.Join(rest, " "), "gut") {
		// GUT, Godot's unit-test add-on, runs as a headless script.
		c.category = "test"
	}
	if c.category == "" && !c.noise && !c.preview && !vcsStep(c) && !dbClients[prog] {
		if h, ok := handedRun(argv, prefix); ok {
			return h, true
		}
	}
	return c, true
}

// durationRe is a time limit as `timeout` takes it: `300`, `90s`, `5m`.
var durationRe = lazyregexp.New(`^[0-9]+(\.[0-9]+)?[smhd]?$`)

// timeLimit is how many words of a run are `timeout`, its options and the
// time limit before the command it runs (`timeout 300 pytest`, `timeout
// -k 10 5m make test`), 0 when it is not run under one: a limit changes
// nothing about what runs, as `nice` does not.
func timeLimit(argv []string) int {
	if len(argv) < 3 || path.Base(argv[0]) != "timeout" {
		return 0
	}
	i := 1
	for i < len(argv) && strings.HasPrefix(argv[i], "-") {
		if (argv[i] == "-k" || argv[i] == "-s" || argv[i] == "--kill-after" || argv[i] == "--signal") && i+1 < len(argv) {
			i++
		}
		i++
	}
	if i+1 >= len(argv) || !durationRe().MatchString(argv[i]) {
		return 0
	}
	return i + 1
}

// handedRun reads a program that hands the rest of its words to another
// command, after `--` or an option that takes commands (`distrobox enter
// dev -- make test`, `opam exec -- dune test`, `nix develop --command
// pytest -q`), as that command run through it, when that command is a
// check: the
// environment it runs in is no part of what is checked. The wrapper's
// program and its first plain word (`distrobox enter`) stay in front, so
// a check run two ways stays one check (checkKey). What follows is no
// command when it starts with an option (`npm test -- --watch`), a
// command that is no check (`nix develop --command ./deploy.sh`) leaves
// the wrapper's run as it was, and a short `-c` hands on no command to
// most programs (`dotnet build -c Test` names a configuration).
func handedRun(argv, prefix []string) (command, bool) {
	k := slices.IndexFunc(argv, func(a string) bool { return a == "--" || strings.HasPrefix(a, "--") && commandOption(a) })
	if k < 1 || k+1 >= len(argv) || strings.HasPrefix(argv[k+1], "-") || !progRe().MatchString(argv[k+1]) {
		return command{}, false
	}
	if argv[k] != "--" && k+2 >= len(argv) && strings.Contains(argv[k+1], " ") {
		// One quoted word after the option: handedCheck's case.
		return command{}, false
	}
	inner, ok := normalizeArgv(argv[k+1:])
	if !ok || inner.noise || checkCategory(inner.category) == "" {
		return command{}, false
	}
	outer := append(append([]string{}, prefix...), path.Base(argv[0]))
	if k > 1 && isWord(argv[1]) {
		outer = append(outer, argv[1])
	}
	return wrappedRun(inner, outer), true
}

// wrappedRun is a check's own command run through a wrapper: the
// wrapper's words (outer) before its line, key and step, and counted
// among its runners, so that the same check run bare or through another
// wrapper is still known for the same step. handedRun, binRun and envRun
// share it.
func wrappedRun(inner command, outer []string) command {
	head := strings.Join(outer, " ") + " "
	inner.norm, inner.key, inner.step = head+inner.norm, head+inner.key, head+inner.step
	inner.runner += len(outer)
	return inner
}

// handedCheck is the check a wrapper is handed as its last argument, a
// whole command in one quoted word (`… emulators:exec --only firestore
// "npm --prefix rules-tests test"`): "test", "lint", "typecheck" or
// "format". A value of an option (`--title "npm test fails"`, `-m "run
// npm test"`) is text, not a command, and a build the wrapper is handed
// is no check.
func handedCheck(rest []string) string {
	if len(rest) < 2 {
		return ""
	}
	last, prev := rest[len(rest)-1], rest[len(rest)-2]
	if !strings.Contains(last, " ") || strings.HasPrefix(prev, "-") && prev != "--" {
		return ""
	}
	if strings.ContainsAny(last, ";|`") || strings.Contains(last, "&&") || strings.Contains(last, "$(") {
		// `"npm test && curl … | sh"`: a list or pipeline handed on
		// runs more than the check its first command names.
		return ""
	}
	argv := strings.Fields(last)
	if len(argv) < 2 || !progRe().MatchString(argv[0]) {
		return ""
	}
	c, ok := normalizeArgv(argv)
	if !ok || c.noise {
		return ""
	}
	return checkCategory(c.category)
}

// binRunners run a package's installed program named as their first
// word, with no `run` or `exec` before it (`yarn backstage-cli package
// test`, `pnpm vitest run`); npm has no such shorthand.
var binRunners = map[string]bool{"yarn": true, "pnpm": true, "bun": true}

// binRun reads `yarn <program> <subcommand> …` as the program run through
// the package manager, as `yarn exec` or `npx` would run it, when the
// program's own command is a check (`yarn backstage-cli package test` is
// `npx backstage-cli package test`): otherwise the program's name is taken
// for the package manager's subcommand and its own subcommand for plain
// words, and the check is lost. A word that names a check itself (`yarn
// test`, `yarn lint:ci`) is the package's script, read as one; a program
// whose command is no check (`yarn changeset publish`, `pnpm wrangler
// deploy`) stays the package manager's command.
func binRun(argv, prefix []string) (command, bool) {
	if len(argv) < 3 || !binRunners[path.Base(argv[0])] || !isWord(argv[1]) || taskVerbs[argv[1]] || strings.HasPrefix(argv[2], "-") || scriptCategory(argv[1]) != "" {
		return command{}, false
	}
	inner, ok := normalizeArgv(argv[1:])
	if !ok || inner.runner > 0 || inner.tool != argv[1] || inner.key == argv[1] || checkCategory(inner.category) == "" {
		return command{}, false
	}
	return wrappedRun(inner, append(append([]string{}, prefix...), path.Base(argv[0]))), true
}

// envRun reads `<tool> run <program> <subcommand> …` (`pixi run mojo
// test tests/`, `rye run mypy src`) as the program run in the tool's
// environment when the program's own command is a check: the tool is a
// runner in front of it, as `uv run` is, and a later run through another
// tool (`magic run mojo test`, then `pixi run mojo test`) is the same
// check. A task of the tool's own (`pixi run lint`) is one word, read as
// a task; a program whose run is no check (`pixi run python train.py`)
// stays the tool's command.
func envRun(argv, prefix []string) (command, bool) {
	if len(argv) < 4 || argv[1] != "run" || !isWord(argv[2]) || strings.HasPrefix(argv[3], "-") || runners[path.Base(argv[0])+" run"] > 0 || containerPrograms[path.Base(argv[0])] {
		return command{}, false
	}
	inner, ok := normalizeArgv(argv[2:])
	if !ok || inner.runner > 0 || inner.tool != argv[2] || inner.key == argv[2] {
		return command{}, false
	}
	if checkCategory(inner.category) == "" {
		return command{}, false
	}
	return wrappedRun(inner, append(append([]string{}, prefix...), path.Base(argv[0]), "run")), true
}

// loadedFileCheck is the check a program's arguments name after the file
// it loads, an image or a project (`./pharo Pharo.image test "Core-.*"`,
// `./engine game.project lint`): "test" or "lint". A script (`./deploy.sh
// prod test`) or a folder (`./run src/ test`) is no file loaded.
func loadedFileCheck(rest []string) string {
	if len(rest) < 2 || strings.HasPrefix(rest[0], "-") || strings.HasSuffix(rest[0], "/") {
		return ""
	}
	if !loadedExts[strings.ToLower(path.Ext(rest[0]))] {
		return ""
	}
	switch rest[1] {
	case "test", "tests":
		return "test"
	case "lint":
		return "lint"
	}
	return ""
}

// loadedExts are the endings of the images and projects a launcher
// opens; a config (`prod.env`, `app.conf`), a database or data file
// (`db.sqlite`, `data.csv`) is an argument, not a file loaded.
var loadedExts = map[string]bool{
	".image": true, ".project": true, ".uproject": true, ".godot": true, ".sln": true, ".csproj": true,
	".fsproj": true, ".vbproj": true, ".vcxproj": true, ".xcodeproj": true, ".xcworkspace": true, ".uplugin": true,
	".unity": true, ".pro": true, ".qpf": true, ".xpr": true, ".prj": true, ".sublime-project": true,
}

// wholeTree reports whether an argument names the whole tree (`./...`, `.`,
// a build system's every target, `//...`).
func wholeTree(a string) bool {
	return a == "./..." || a == "." || a == "..." || a == "./" || a == "//..."
}

// interpreters run the script file given as their first argument.
var interpreters = map[string]bool{
	"python": true, "python3": true, "node": true, "ruby": true, "bash": true, "sh": true,
	"zsh": true, "perl": true, "php": true, "deno": false, "tsx": true, "ts-node": true,
	"Rscript": true, "julia": true, "lua": true, "elixir": true, "raku": true, "swipl": true,
	"cscript": true, "wscript": true,
}

// codeLiteralRe is a string literal in inline code.
var codeLiteralRe = lazyregexp.New(`"[^"]*"|'[^']*'`)

// inlineFlags hand an interpreter its code on the command line.
var inlineFlags = map[string]bool{"-e": true, "-c": true, "--eval": true}

// codeCategory says which check inline code runs (`testthat::test_dir`,
// `lintr::lint_dir`, `devtools::check()`) from the names it calls.
func codeCategory(code string) string {
	l := strings.ToLower(code)
	switch {
	case strings.Contains(l, "lint"):
		return "lint"
	case strings.Contains(l, "test"):
		return "test"
	case strings.Contains(l, "style") || strings.Contains(l, "format"):
		return "format"
	case strings.Contains(l, "check"):
		return "lint"
	}
	return ""
}

// infoQuery reports whether a program's only argument is a flag asking
// what it is (`agda --version`, `zig --help`): a look, like `ls`, not a
// run of the check the program is. A subcommand named so may act
// (`changeset version` bumps the packages).
func infoQuery(args []string) bool {
	if len(args) != 1 {
		return false
	}
	switch args[0] {
	case "--version", "-version", "-V", "--help", "-help", "-h":
		return true
	}
	return false
}

// sbtTask is the argument of sbt at lead when it is a task sbt's
// subcommand reading misses: cross-built (`+test`), quoted with its
// arguments (`"scalafixAll --check"`) or scoped (`Docker/publishLocal`,
// `app/docker:publishLocal`); "" for any other program.
func sbtTask(prog string, rest []string, lead int) string {
	if prog != "sbt" || lead >= len(rest) {
		return ""
	}
	a := rest[lead]
	if !strings.HasPrefix(a, "+") && !strings.Contains(a, " ") && (!strings.Contains(a, "/") || strings.HasPrefix(a, "/") || strings.HasPrefix(a, ".")) {
		return ""
	}
	return a
}

// sbtTaskParts splits an sbt task as written (`+Test/compile`,
// `"scalafixAll --check"`) into the task past its cross-build mark and
// scope (`compile`, `scalafixAll`) and the arguments it was given.
func sbtTaskParts(a string) (string, []string) {
	t := strings.Fields(strings.TrimPrefix(a, "+"))
	if len(t) == 0 {
		return "", nil
	}
	return t[0][strings.LastIndexAny(t[0], "/:")+1:], t[1:]
}

// checkTools are checkers known by their program name in ecosystems the
// switch in categorize does not cover.
var checkTools = map[string]string{
	"phpstan": "lint", "psalm": "lint", "phpcs": "lint", "pint": "format", "php-cs-fixer": "format",
	"chktex": "lint", "lacheck": "lint", "latexmk": "build", "ktlint": "lint", "detekt": "lint",
	"swiftlint": "lint", "swiftformat": "format", "hlint": "lint", "ormolu": "format", "fourmolu": "format",
	"ansible-lint": "lint", "yamllint": "lint", "cppcheck": "lint", "clang-tidy": "lint", "scalafmt": "format",
	"standardrb": "lint", "vale": "lint", "codespell": "lint", "cpplint": "lint", "credo": "lint",
	"dialyzer": "typecheck", "basedpyright": "typecheck", "pyre": "typecheck", "sorbet": "typecheck",
	"stylua": "format", "luacheck": "lint", "selene": "lint", "zig": "", "elm-test": "test",
	"elm-format": "format", "pre-commit": "lint", "ninja": "build", "gotestsum": "test", "ginkgo": "test",
	"codenarc": "lint", "checkstyle": "lint", "pmd": "lint", "spotbugs": "lint", "pester": "test",
	"behave": "test", "robot": "test", "cucumber": "test", "cypress": "test", "karma": "test", "cabal": "", "stack": "", "sbt": "", "xcodebuild": "", "molecule": "",
	"prove": "test", "perlcritic": "lint", "jasmine": "test", "kaocha": "test", "pest": "test", "ameba": "lint", "cspell": "lint",
	"bandit": "lint", "tfsec": "lint", "checkov": "lint", "kubeval": "lint", "knip": "lint",
}

// toolCategory classifies a program the switch in categorize does not
// know: a known checker by name, else by the name of its subcommand
// (`sbt test`, `cabal test`, `xcodebuild test`, `sbt scalafmtCheckAll`),
// a checker run as a subcommand (`mix credo`), the task a runner runs
// (`pixi run lint`, `deno task test`, `zig build test`), or a flag that
// makes any command a check (`manage.py makemigrations --check`). A bare
// subcommand never makes a build step: too many tools "build" images,
// sites or packages that are no check of the work (see promoteBuilds).
func toolCategory(prog, sub string, plain, rest []string) string {
	if c := checkTools[prog]; c != "" {
		return c
	}
	if task, args := sbtTaskParts(sub); prog == "sbt" && task != "" {
		sub, rest = task, append(args, rest...)
	}
	if prog == "cmake" && sub == "--build" {
		return "build"
	}
	verb, task, _ := strings.Cut(sub, " ")
	if (prog == "great_expectations" || prog == "gx") && verb == "checkpoint" && len(plain) > 0 && plain[0] == "run" || prog == "soda" && verb == "scan" {
		// A data-quality suite run against the data (a Great
		// Expectations checkpoint, a Soda scan): the data's tests.
		return "test"
	}
	if prog == "size" || strings.HasSuffix(prog, "-size") || verb == "size" && task == "" {
		// A firmware's size report (`avr-size -C main.elf`,
		// `arm-none-eabi-size`, `idf.py size`): the check that
		// what was built still fits the chip.
		return "test"
	}
	if task == "" && len(plain) > 0 && (verb == "build" || verb == "run" || verb == "task" || verb == "exec" || verb == "run-script") {
		task = plain[0]
	}
	if task != "" && (verb == "run" || verb == "task" || verb == "exec" || verb == "build" || verb == "run-script") {
		if c := namedCheck(task); c != "" {
			return c
		}
		// A task named like a module (`dart run build_runner`) is a
		// program, not a script whose name says what it checks.
		if c := scriptCategory(task); c != "" && (c != "build" || verb != "build") && !strings.Contains(task, "_") {
			return c
		}
	}
	if task == "" {
		if c := namedCheck(verb); c != "" {
			return c
		}
		switch c := scriptCategory(verb); c {
		case "test", "lint", "format", "typecheck":
			return c
		}
		if verb == "compile" {
			// Compiling the code is a check of it (`mix compile`,
			// `arduino-cli compile`); a "build" may make an image.
			return "build"
		}
	}
	if task == "" && len(plain) == 1 && (verb == "clean" || endingChecks[plain[0]]) && !containerPrograms[prog] && !vcsStep(command{key: prog}) {
		// `mvn clean verify`: the task after the cleanup is the
		// check; `nix flake check`, `supabase db lint`, `sui move
		// test`, `nomad job validate`: the word that ends the command
		// says it checks.
		if c := categorize(prog, plain[0], plain[0]); c != "" {
			return c
		}
		if c := checkName(plain[0]); c != "" {
			return c
		}
	}
	if task == "" && len(plain) == 2 && plain[0] == "run" && !containerPrograms[prog] && !vcsStep(command{key: prog}) {
		// `sf apex run test`: what an area of a tool runs.
		if c := checkName(plain[1]); c != "" {
			return c
		}
	}
	if task == "" && prog != "test" {
		// A checker named for what it does (`svelte-check`,
		// `commitlint`, `markdownlint-cli2`), or run through its
		// wrapper (`run-clang-tidy`).
		switch c := scriptCategory(prog); c {
		case "test", "lint", "format", "typecheck":
			return c
		}
		if name, ok := strings.CutPrefix(prog, "run-"); ok {
			if c := namedCheck(name); c != "" {
				return c
			}
		}
		if verb, noun, ok := strings.Cut(prog, "-"); ok && strings.EqualFold(verb, "invoke") {
			// PowerShell's `Invoke-Pester`, `Invoke-ScriptAnalyzer`:
			// the noun is what runs.
			if c := cmp.Or(namedCheck(strings.ToLower(noun)), checkName(noun)); c != "" {
				return c
			}
		}
		if strings.HasSuffix(prog, "-review") {
			// A code reviewer (`elm-review`) checks the code.
			return "lint"
		}
		for _, part := range strings.FieldsFunc(strings.ToLower(strings.TrimSuffix(prog, path.Ext(prog))), func(r rune) bool { return r == '-' || r == '_' }) {
			if part == "check" || part == "lint" || part == "checkconf" || part == "checkzone" {
				// A program whose name says it checks, anywhere in it
				// (`yocto-check-layer`).
				return "lint"
			}
			if part == "ci" && strings.ContainsAny(prog, "-_") && !readOnlyName(prog) {
				// A program that runs the CI pipeline here
				// (`woodpecker-ci-exec`, `bitbucket-ci-local`): the
				// project's checks, run locally.
				return "test"
			}
		}
	}
	for i, a := range rest {
		if a == "--" {
			break
		}
		if a == "--test" && interpreters[prog] {
			// `node --test`: the runtime's own test runner.
			return "test"
		}
		if checkFlagAt(rest, i) {
			// A run that only reports whether it would change
			// something: a check of the work.
			return "lint"
		}
	}
	return ""
}

// endingChecks end a command of an area of a tool that checks (`nix flake
// check`, `sui move test`).
var endingChecks = map[string]bool{"check": true, "lint": true, "test": true, "validate": true, "audit": true, "drc": true, "erc": true}

// discardsOutput reports whether a command's options send what it makes
// to /dev/null (`--output=/dev/null`, `-o /dev/null`): it runs for its
// exit status alone.
func discardsOutput(rest []string) bool {
	for i, a := range rest {
		if a == "/dev/null" && i > 0 && strings.HasPrefix(rest[i-1], "-") || strings.HasPrefix(a, "-") && strings.HasSuffix(a, "=/dev/null") {
			return true
		}
	}
	return false
}

// checkOption is the first option of a run that makes it only report
// what it would change (checkFlag), "" when there is none.
func checkOption(rest []string) string {
	for i, a := range rest {
		if a == "--" {
			break
		}
		if checkFlagAt(rest, i) {
			return a
		}
	}
	return ""
}

// previewVerb reports whether a step of an area of a tool ends in a verb
// that shows what a change would do before it is made (`nomad job plan`,
// `az deployment group what-if`): a dry run, as `terraform plan` is. A
// package manager's script of that name is not one (`npm run preview`
// serves a built site).
func previewVerb(step string) bool {
	f := strings.Fields(step)
	if len(f) < 3 {
		return false
	}
	switch f[len(f)-1] {
	case "plan", "what-if", "preview":
		return true
	}
	return false
}

// checkFlagAt reports whether the i-th word of rest is a checkFlag that
// takes no number: an option followed by a number is given that number
// (`--check-interval 30`, `-check-index 4182`), a setting of the run, not
// a mode that only reports.
func checkFlagAt(rest []string, i int) bool {
	return checkFlag(rest[i]) && (i+1 >= len(rest) || !isNumber(rest[i+1]))
}

// checkFlag is an option that makes a run only report what it would
// change: `--check`, `-check`, `--check-formatted`, `--syntax-check`.
func checkFlag(a string) bool {
	name := strings.TrimLeft(a, "-")
	if name == a || strings.Contains(name, "=") || strings.HasPrefix(name, "no-") {
		return false
	}
	return name == "check" || strings.HasPrefix(name, "check-") || strings.HasSuffix(name, "-check")
}

// namedCheck is the category of a checker run by its own name as another
// tool's subcommand or task (`mix credo`, `pixi run pytest`).
func namedCheck(name string) string {
	if c := checkTools[name]; c != "" {
		return c
	}
	if c := categorize(name, "", name); c != "" {
		return c
	}
	return ""
}

// modeFlagRe names a flag that picks which tests run: `-testPlatform`,
// `-testCategory`, `--suite`, `-mode`.
var modeFlagRe = lazyregexp.New(`(?i)^--?\w*(platform|mode|suite|category)$`)

// modeFlag reports whether flag a picks which tests run (modeFlagRe).
func modeFlag(a string) bool { return modeFlagRe().MatchString(a) }

// looksLikeData reports whether a plain word is more likely a file, test or
// branch name than part of a command: it has digits or capitals.
func looksLikeData(a string) bool {
	for _, r := range a {
		if r >= '0' && r <= '9' || r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}

func isAssignment(a string) bool {
	eq := strings.IndexByte(a, '=')
	if eq <= 0 {
		return false
	}
	for i, r := range a[:eq] {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// isWord reports whether an argument looks like a subcommand name rather
// than a flag or a path.
func isWord(a string) bool {
	if a == "" || strings.HasPrefix(a, "-") || strings.ContainsAny(a, "/=.*@") || strings.HasPrefix(a, ":") || strings.HasSuffix(a, ":") {
		return false
	}
	for _, r := range a {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == ':') {
			return false
		}
	}
	return true
}

// categorize says which verification step a command is, if any.
func categorize(prog, sub, norm string) string {
	script := ""
	if strings.HasPrefix(sub, "run ") {
		script = strings.TrimPrefix(sub, "run ")
	}
	switch prog {
	case "npm", "pnpm", "yarn", "bun":
		name := script
		if name == "" {
			name = sub
		}
		if sub == "turbo" || sub == "nx" || sub == "lerna" {
			// `pnpm turbo run lint`: the task is the last word.
			f := strings.Fields(norm)
			name = f[len(f)-1]
		}
		return scriptCategory(name)
	case "turbo", "nx", "lerna":
		f := strings.Fields(norm)
		return scriptCategory(f[len(f)-1])
	case "make", "just", "task", "mise":
		return scriptCategory(strings.TrimPrefix(sub, "run "))
	case "mill":
		// `./mill core.test`, `./mill core.checkFormat`: a module's
		// task, named by its last part.
		return scriptCategory(sub[strings.LastIndexByte(sub, '.')+1:])
	case "go":
		switch sub {
		case "test":
			return "test"
		case "build":
			return "build"
		case "vet":
			return "lint"
		case "fmt":
			return "format"
		}
	case "cargo":
		switch sub {
		case "test", "nextest":
			return "test"
		case "build", "check":
			return "build"
		case "clippy":
			return "lint"
		case "fmt":
			return "format"
		}
	case "tox", "nox":
		if _, env, ok := strings.Cut(sub, " "); ok {
			switch c := scriptCategory(env); c {
			case "lint", "format", "typecheck":
				return c
			}
		}
		return "test"
	case "pytest", "jest", "vitest", "mocha", "rspec", "phpunit", "ctest", "bats", "ava", "playwright":
		return "test"
	case "tsc", "vue-tsc":
		if strings.Contains(norm, "--noEmit") {
			return "typecheck"
		}
		return "build"
	case "mypy", "pyright", "flow":
		return "typecheck"
	case "eslint", "staticcheck", "golangci-lint", "flake8", "pylint", "shellcheck", "rubocop", "hadolint", "tflint", "gdlint", "biome", "oxlint", "stylelint", "markdownlint", "actionlint":
		return "lint"
	case "ruff":
		if sub == "format" {
			return "format"
		}
		return "lint"
	case "gdformat", "gofmt", "goimports", "prettier", "black", "isort", "rustfmt", "clang-format", "gofumpt", "shfmt":
		return "format"
	case "dotnet", "swift", "mix", "deno":
		switch sub {
		case "test":
			return "test"
		case "build":
			return "build"
		case "lint":
			return "lint"
		case "fmt", "format":
			return "format"
		}
	case "mvn", "mvnw", "gradle", "gradlew":
		switch sub {
		case "test", "verify", "check":
			return "test"
		case "build", "package", "compile", "assemble":
			return "build"
		}
		// Android variants: testDebugUnitTest, lintDebug, assembleRelease,
		// also as one module's task (`:app:testDebugUnitTest`).
		task := sub[strings.LastIndexByte(sub, ':')+1:]
		for _, set := range []string{"Main", "Test"} {
			// A checker's task for one source set: codenarcMain,
			// checkstyleTest, spotbugsMain.
			if t, ok := strings.CutSuffix(task, set); ok && checkTools[strings.ToLower(t)] != "" {
				return checkTools[strings.ToLower(t)]
			}
		}
		return scriptCategory(task)
	case "rebar3":
		switch sub {
		case "ct", "eunit", "proper":
			// Common Test, EUnit and PropEr suites.
			return "test"
		case "xref":
			return "lint"
		}
	case "rails", "rake":
		if sub == "test" || sub == "spec" {
			return "test"
		}
	case "terraform", "tofu":
		switch sub {
		case "fmt":
			return "format"
		case "validate":
			return "lint"
		}
	case "buf":
		if sub == "lint" {
			return "lint"
		}
	case "flutter", "dart":
		switch sub {
		case "test":
			return "test"
		case "analyze":
			return "lint"
		case "format":
			return "format"
		}
	case "dbt":
		if sub == "test" || sub == "build" {
			return sub
		}
	case "sqlfluff":
		switch sub {
		case "lint":
			return "lint"
		case "fix", "format":
			return "format"
		}
	case "bazel":
		if sub == "test" || sub == "build" {
			return sub
		}
	}
	return ""
}

// strictBuild reports whether a build's arguments make a warning fail it
// (`--strict`, `-W`, `--fail-on-warning`) or ask for its link check
// (`--builder linkcheck`, `-b linkcheck`).
func strictBuild(rest []string) bool {
	for i, a := range rest {
		switch a {
		case "--strict", "-W", "--warning-is-error", "--warnings-as-errors", "--fail-on-warning", "--builder=linkcheck", "-blinkcheck":
			return true
		case "--builder", "-b":
			if i+1 < len(rest) && rest[i+1] == "linkcheck" {
				return true
			}
		}
	}
	return false
}

// targetOptions name the targets a monorepo runner runs over its
// projects (`-t lint test`, `--targets=lint,test`).
var targetOptions = map[string]bool{"-t": true, "--target": true, "--targets": true}

// targetsCategory is the category of the first target a monorepo runner
// was told to run that names a check, "" when none does.
func targetsCategory(rest []string) string {
	var targets []string
	for i := 0; i < len(rest); i++ {
		name, val, eq := strings.Cut(rest[i], "=")
		if !targetOptions[name] {
			continue
		}
		if eq {
			targets = append(targets, strings.Split(val, ",")...)
			continue
		}
		for i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "-") {
			i++
			targets = append(targets, strings.Split(rest[i], ",")...)
		}
	}
	for _, t := range targets {
		if c := scriptCategory(t); c != "" {
			return c
		}
	}
	return ""
}

// packageManagers run a package's own scripts by name (`yarn make`).
var packageManagers = map[string]bool{"npm": true, "pnpm": true, "yarn": true, "bun": true}

// scriptCategory classifies a package-script or make target by its name.
func scriptCategory(name string) string {
	n := strings.ToLower(name)
	switch {
	case n == "":
		return ""
	case strings.Contains(n, "typecheck") || strings.Contains(n, "type-check") || strings.Contains(n, "types") || n == "tsc":
		return "typecheck"
	case strings.Contains(n, "lint") || strings.HasSuffix(n, "hint") || n == "vet" || n == "validate" || n == "audit" || n == "drc" || n == "erc" || strings.HasSuffix(n, "style") || strings.HasSuffix(n, "check") || strings.HasSuffix(n, "checkall") || strings.HasPrefix(n, "analy") || strings.Contains(n, "analyz"):
		return "lint"
	case strings.Contains(n, "fmt") || strings.Contains(n, "format") || n == "prettier":
		return "format"
	case strings.HasPrefix(n, "test") || strings.HasSuffix(n, "test") || strings.HasSuffix(n, "tests") || n == "e2e" || n == "spec" || n == "ci" || strings.HasPrefix(n, "regress"):
		return "test"
	case strings.HasPrefix(n, "build") || n == "compile" || n == "all":
		return "build"
	}
	return ""
}

// inDir is a command's words as run from the project root: `cd web &&`
// before them when it ran in a directory of the project.
func inDir(dir string, args []word) []word {
	if dir == "" {
		return args
	}
	return append([]word{{text: "cd"}, {text: dir}, {text: "&&", op: true}}, args...)
}

// fileExts end a dotted word that names a file, not a task.
var fileExts = map[string]bool{
	"yml": true, "yaml": true, "json": true, "toml": true, "md": true, "txt": true, "js": true, "ts": true,
	"mjs": true, "py": true, "rb": true, "go": true, "rs": true, "sh": true, "tf": true, "sql": true, "csv": true,
	"lock": true, "xml": true, "html": true, "css": true, "mk": true, "cfg": true, "ini": true, "env": true,
	"tar": true, "gz": true, "tgz": true, "zip": true, "exs": true, "ex": true, "java": true, "kt": true,
}

// dottedTask reports whether a word is a task named in dotted parts
// (`mix ecto.migrate`, `mix assets.deploy`), not a file (`app.json`).
func dottedTask(a string) bool {
	parts := strings.Split(a, ".")
	if len(parts) < 2 || fileExts[strings.ToLower(parts[len(parts)-1])] {
		return false
	}
	for _, p := range parts {
		if !isWord(p) {
			return false
		}
	}
	return true
}

// readOnlyName reports whether a word of a program's name is a verb that
// only reports (`ci-status`, `ci-logs`).
func readOnlyName(prog string) bool {
	for _, p := range strings.FieldsFunc(strings.ToLower(prog), func(r rune) bool { return r == '-' || r == '_' }) {
		if readOnlyVerbs[p] {
			return true
		}
	}
	return false
}

// windowsProgram tells a Windows executable (`AutoHotkey64.exe`): a
// program, not a script, whose options may start with a slash.
func windowsProgram(prog string) bool { return strings.EqualFold(path.Ext(prog), ".exe") }

// optionedTask finds the task a program runs when its own options come
// first (`bench --site dev.local run-tests`, `gradlew --offline
// --console=plain check`): the first word past the options and their
// values, when that name says it checks. A word right after an option is
// that option's value (`kubectl -n test apply` runs no test; nor, read
// so, does `gradlew --offline check`).
func optionedTask(rest []string) (string, string) {
	i := 0
	for i < len(rest) && strings.HasPrefix(rest[i], "-") {
		if !strings.Contains(rest[i], "=") && i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "-") {
			i++
		}
		i++
	}
	if i == 0 || i >= len(rest) {
		return "", ""
	}
	name := rest[i]
	if !isWord(name) {
		return "", ""
	}
	switch cat := cmp.Or(namedCheck(name), scriptCategory(name)); cat {
	case "test", "lint", "typecheck":
		return name, cat
	}
	return "", ""
}

// checkArgWords are the plain words that, handed to a program as the
// first thing it runs, name a check: a project script's or an unknown
// tool's check mode (`./tools/run.sh lint`, `jpm -l test`).
var checkArgWords = map[string]string{
	"test": "test", "lint": "lint", "check": "test", "verify": "lint", "validate": "lint", "vet": "lint", "typecheck": "typecheck",
}

// checkWordArg returns the first plain word a program is given, past its
// options and a `.` naming the project, when that word is one of
// checkArgWords, and the check it names. A make target given as a path
// (`make package/wgmesh/check`) names the check by its last part. Any
// other first word (`./deploy.sh staging`, `tool import x.csv`) makes
// the run no check by this rule.
func checkWordArg(prog string, rest []string) (string, string) {
	for _, a := range rest {
		if a == "--" {
			return "", ""
		}
		if strings.HasPrefix(a, "-") || a == "." {
			continue
		}
		w := a
		if (prog == "make" || prog == "gmake") && strings.Contains(a, "/") && isWord(strings.ReplaceAll(a, "/", "-")) {
			w = path.Base(a)
		}
		if cat := checkArgWords[w]; cat != "" {
			return a, cat
		}
		return "", ""
	}
	return "", ""
}
