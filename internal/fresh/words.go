package fresh

import (
	"path"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// kindLoosePath is a path-like word without a file extension ("internal/x",
// "origin/main"): it is a path only if its first directory exists, so a
// branch or owner/repo name is never called stale.
const kindLoosePath kind = 100

// pathWord decides whether a word names a path of the tree and returns the
// kind (kindPath or kindLoosePath) and the cleaned, root-relative path.
// In prose (code false) only names with a known file extension or a
// leading ./ count.
func pathWord(s string, code bool) (kind, string, bool) {
	if len(s) > 256 || strings.ContainsAny(s, "$*?{}[]<>|~@:=%\\\"',;()`!#&^") || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "/") {
		return 0, "", false
	}
	dotSlash := strings.HasPrefix(s, "./")
	p := s
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	if code {
		p = strings.TrimSuffix(p, "/...") // go test ./internal/x/...
	}
	dir := strings.HasSuffix(p, "/")
	p = strings.TrimRight(p, "/")
	if p == "" || p == "." || p == ".." || strings.Contains(p, "...") || p == ".git" || strings.HasPrefix(p, ".git/") {
		return 0, "", false
	}
	segs := strings.Split(p, "/")
	for _, sg := range segs {
		if sg == "" || sg == "." || sg == ".." || !segmentRe().MatchString(sg) {
			return 0, "", false
		}
	}
	if len(segs) > 1 && strings.Contains(segs[0], ".") && !strings.HasPrefix(segs[0], ".") {
		return 0, "", false // example.com/a.json, github.com/x/y: not the tree
	}
	base := segs[len(segs)-1]
	ext := strings.ToLower(strings.TrimPrefix(path.Ext(base), "."))
	stem := strings.TrimSuffix(base, path.Ext(base))
	slash := len(segs) > 1
	if agentDirs[segs[0]] && slash || agentFiles[base] && !slash {
		return 0, "", false // the memory's own files, not the project's
	}
	if !slash && strings.HasPrefix(base, ".") {
		// A bare ".jsonl" or ".g.dart" is a file type; only well-known
		// dotfiles (".env", ".golangci.yml") name a file.
		first, _, _ := strings.Cut(base[1:], ".")
		if !code || !dotfiles[first] {
			return 0, "", false
		}
		return kindPath, p, true
	}
	switch {
	case !dir && extensions[ext] && stem != "" && letterRe().MatchString(stem) && (slash || code):
		// Bare names in prose ("llama.cpp", "robots.txt", "Node.js") are
		// too often products and concepts.
		return kindPath, p, true
	case (code || slash) && !dir && knownNames[base]:
		return kindPath, p, true
	case dotSlash && (code || !dir):
		return kindPath, p, true // ./configure, ./scripts/
	case code && (slash || dir):
		return kindLoosePath, p, true
	}
	return 0, "", false
}

var (
	segmentRe = lazyregexp.New(`^[A-Za-z0-9._+-]+$`)
	letterRe  = lazyregexp.New(`[A-Za-z]`)
)

// extensions are the file extensions that make a word a file name. Words
// like "e.g.", "v1.2", "example.com" and "os.Exit" have none of them.
var extensions = setOf("sh", "bash", "zsh", "fish", "ps1", "bat", "cmd", "go", "mod", "sum", "py", "pyi", "ipynb", "js", "mjs", "cjs",
	"ts", "mts", "cts", "tsx", "jsx", "vue", "svelte", "json", "jsonc", "json5", "yaml", "yml", "toml", "ini", "cfg", "conf", "env",
	"md", "mdx", "rst", "txt", "adoc", "mk", "make", "just", "rs", "c", "h", "cc", "cpp", "hpp", "cxx", "m", "mm", "java", "kt", "kts",
	"gradle", "scala", "clj", "rb", "erb", "php", "pl", "lua", "r", "jl", "swift", "dart", "ex", "exs", "erl", "hs", "ml", "zig",
	"nim", "cs", "fs", "vb", "sql", "proto", "graphql", "gql", "css", "scss", "sass", "less", "html", "htm", "xml", "xsl", "svg",
	"csv", "tsv", "lock", "tf", "tfvars", "hcl", "nix", "dockerfile", "service", "plist", "patch", "diff", "tmpl", "tpl", "j2",
	"cmake", "bzl", "bazel", "star", "sol", "wasm", "properties", "pem", "pub", "prisma", "astro", "ejs", "hbs", "pug", "txtar",
	"golden", "snap", "http")

// knownNames are file names without an extension that name a file.
var knownNames = setOf("Makefile", "makefile", "GNUmakefile", "Justfile", "justfile", "Dockerfile", "Containerfile", "Gemfile",
	"Rakefile", "Procfile", "Vagrantfile", "Jenkinsfile", "Brewfile", "Pipfile", "Caddyfile", "Tiltfile", "Taskfile", "LICENSE",
	"CODEOWNERS", "OWNERS", "BUILD", "WORKSPACE", "gradlew", "mvnw", "configure")

// agentDirs and agentFiles are where coding agents and automem keep memory
// and settings: a memory line naming them talks about the memory, which
// lives outside the project's tree.
var (
	agentDirs  = setOf("memory", ".gemini", ".claude", ".codex", ".automem", ".inbox", ".cursor", ".windsurf")
	agentFiles = setOf("MEMORY.md", "GEMINI.md", "CLAUDE.md", "AGENTS.md", "SKILL.md", "dream.md", "archive.md", "extraction.patch")
)

// dotfiles are the well-known dotfiles (by their name up to the first
// dot after the leading one) that a backticked bare name may refer to.
var dotfiles = setOf("env", "envrc", "gitignore", "gitattributes", "gitmodules", "editorconfig", "nvmrc", "npmrc", "yarnrc",
	"prettierrc", "prettierignore", "eslintrc", "eslintignore", "babelrc", "swcrc", "golangci", "goreleaser", "pre-commit-config",
	"gitlab-ci", "travis", "tool-versions", "python-version", "node-version", "ruby-version", "dockerignore", "stylelintrc",
	"markdownlint", "yamllint", "clang-format", "clang-tidy", "rustfmt", "mise", "flake8", "pylintrc", "coveragerc", "htaccess",
	"bazelrc", "bazelversion", "terraform-version", "sqlfluff", "ruff", "hadolint", "shellcheckrc")

// targetName accepts make targets, just recipes and npm script names; it
// needs a letter so that "-j 4" never yields a target "4".
func targetName(s string) bool {
	return len(s) <= 100 && targetRe().MatchString(s) && letterRe().MatchString(s)
}

var targetRe = lazyregexp.New(`^[A-Za-z0-9_][A-Za-z0-9_.:/+-]*$`)

// pkgName accepts npm package and crate names (npm's may be scoped).
func pkgName(s string) bool { return len(s) <= 214 && pkgRe().MatchString(s) }

var pkgRe = lazyregexp.New(`^(@[a-z0-9][a-z0-9._-]*/)?[A-Za-z0-9][A-Za-z0-9._-]*$`)

// npmName is the package of an npm install argument without its version
// ("left-pad@1.3" → "left-pad", "@types/node@20" → "@types/node"), or ""
// for paths, URLs, git and tarball specs.
func npmName(a string) string {
	n := a
	if i := strings.Index(a[min(1, len(a)):], "@"); i >= 0 {
		n = a[:i+min(1, len(a))]
	}
	if !pkgName(n) || strings.Contains(a, ":") {
		return ""
	}
	return n
}

// pyName is the normalised distribution name of a requirement ("Foo_Bar[x]>=2"
// → "foo-bar"), or "" for paths and URLs.
func pyName(a string) string {
	if strings.ContainsAny(a, "/:\\") || strings.HasPrefix(a, ".") {
		return ""
	}
	n := a
	if i := strings.IndexAny(n, "[<>=!~;@ "); i >= 0 {
		n = n[:i]
	}
	if !pyRe().MatchString(n) {
		return ""
	}
	return normPy(n)
}

var pyRe = lazyregexp.New(`^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$`)

// normPy is PEP 503's normal form of a Python package name.
func normPy(n string) string {
	return strings.ToLower(pySepRe().ReplaceAllString(n, "-"))
}

var pySepRe = lazyregexp.New(`[-_.]+`)

// goModulePath accepts a Go module or package path that starts with a
// domain ("github.com/x/y", "golang.org/x/tools"); the standard library's
// paths have no dot and are never a dependency.
func goModulePath(s string) bool {
	return len(s) <= 300 && goModRe().MatchString(s)
}

var goModRe = lazyregexp.New(`^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(/[A-Za-z0-9._~+-]+)+$`)

// isAssignment reports a shell variable assignment word (FOO=bar).
func isAssignment(a string) bool { return assignRe().MatchString(a) }

var assignRe = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*=`)

// hasFlag reports whether any of the flags is among args (also as
// --flag=value or -Xvalue).
func hasFlag(args []string, flags ...string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		for _, f := range flags {
			if a == f || strings.HasPrefix(a, f+"=") || (len(f) == 2 && f[0] == '-' && strings.HasPrefix(a, f) && !strings.HasPrefix(a, "--")) {
				return true
			}
		}
	}
	return false
}

// plain returns the arguments that are not flags nor the values of flags
// that take one, up to "--".
func plain(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") {
			if valueFlags[a] && i+1 < len(args) {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// valueFlags are flags of make and the package managers whose next word is
// their value, not a target or package.
var valueFlags = setOf("-j", "-l", "-o", "-W", "-I", "--jobs", "--load-average", "--old-file", "--what-if", "--include-dir",
	"-w", "--workspace", "--prefix", "--filter", "-F", "--cwd", "--registry", "--tag", "--features", "-p", "--package",
	"--manifest-path", "--group", "-G", "--optional", "--extra", "--index-url")

// outputFlags take the name of a file a command writes.
var outputFlags = setOf("-o", "--output", "--out", "-O", "--outdir", "--out-dir", "--outfile", "--out-file")

// wrappers run the command that follows them.
var wrappers = setOf("sudo", "time", "nice", "env", "command", "exec", "nohup", "doas")

// creates are programs whose path arguments may not exist yet, or no
// longer (they create, move, copy, fetch or remove them), and printers.
var creates = setOf("rm", "rmdir", "mkdir", "touch", "mv", "cp", "ln", "tee", "install", "wget", "curl", "tar", "unzip",
	"zip", "gzip", "gunzip", "chmod", "chown", "echo", "printf", "scp", "rsync", "dd", "truncate", "mktemp", "gh", "docker",
	"kubectl", "helm", "ssh", "git", "svn", "hg", "jj", "patch", "sed", "awk", "grep", "rg", "find", "fd", "jq", "yq")

// interpreters run the file named by their first argument.
var interpreters = setOf("bash", "sh", "zsh", "fish", "dash", "python", "python3", "node", "ruby", "perl", "deno", "tsx",
	"ts-node", "php", "source", ".", "pwsh", "lua", "Rscript", "julia", "elixir", "swift", "go")

// removalCue reports a line that talks about something being gone: its
// references are history, not instructions, and never stale.
func removalCue(line string) bool {
	l := strings.ToLower(line)
	for _, c := range removalCues {
		if strings.Contains(l, c) {
			return true
		}
	}
	return false
}

var removalCues = []string{"removed", "deleted", "no longer", "renamed", "deprecated", "obsolete", "replaced", "gone",
	"doesn't exist", "does not exist", "not exist", "moved", "retired", "dropped", "legacy", "used to", "formerly",
	"previously", "was called", "missing", "absent", "archiv"}

// negated reports whether the clause before pos negates what follows
// ("not `make test`", "instead of tools/x.sh", "never run ./a.sh").
func negated(line string, pos int) bool {
	if pos > len(line) {
		pos = len(line)
	}
	before := line[:pos]
	if i := strings.LastIndexAny(before, ".;:!?()—"); i >= 0 {
		before = before[i+1:]
	}
	if i := strings.LastIndex(before, " but "); i >= 0 {
		before = before[i+5:]
	}
	for _, w := range strings.Fields(strings.ToLower(before)) {
		if negations[strings.Trim(w, ",\"'`*_")] {
			return true
		}
	}
	return false
}

var negations = setOf("not", "no", "never", "don't", "dont", "don’t", "avoid", "instead", "without", "rather", "nor",
	"isn't", "aren't", "won't", "cannot", "can't", "neither", "unlike", "except", "skip", "stop", "forbidden", "nothing")

// dependencyCue reports a line that talks about dependencies, the only
// lines whose bare module and scoped package names are taken as such.
func dependencyCue(line string) bool {
	for _, w := range strings.FieldsFunc(strings.ToLower(line), func(r rune) bool { return r == ' ' || r == ',' || r == '.' || r == ';' || r == '(' || r == ')' }) {
		if depWords[w] {
			return true
		}
	}
	return false
}

var depWords = setOf("import", "imports", "imported", "depend", "depends", "dependency", "dependencies", "library",
	"libraries", "module", "package", "packages", "uses", "use", "using", "via", "lib", "sdk", "client")

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
