package offline

import (
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// A person often shows a new value instead of telling it: they paste the
// config file that now holds it (".env", sys.config, a YAML or JSON file)
// and say little. A pasted setting is never an instruction, but when its key
// names the setting a memory line states and its value differs, memory holds
// an old value. Two signals are needed before the line is rewritten: the
// pasted key names the line's setting where the line gives its value, and
// the person, in the same session, names the value memory holds or says the
// setting changed; a paste alone ("why does this config not work?") shows a
// value someone tried, not the project's.

// setting is one key and value a person pasted, and where.
type setting struct {
	key   string   // as written: http_port, minimum_chrome_version, PORT
	terms []string // the key's words: http, port
	value string
	src   source // quote: the pasted line
	// named, for a value that is a program's version ("postgres:16",
	// "dbt-core==1.8.3", "blender_version_min = 4.2.0"), holds the terms
	// of the program's name: the memory line writes the old version right
	// after that name.
	named  []string
	pinned bool   // an image's tag or a package's pin: only the version after the name is its value
	intro  string // the first line of the message, the person's words before the paste
	// printed: what a program printed of its own version (bannerVersion),
	// pasted: the version installed where it ran, or a version joined to
	// its program's name in a line of no other shape (joinedVersionRe).
	// It replaces only an older version: a box behind the project, or a
	// lock file's other pins, say nothing of the project.
	printed bool
	// queried: the version a program gave when the agent asked it
	// (queriedVersion). The agent asked the box the project is worked
	// on, so a later version than memory's needs no word of change.
	queried bool
	// port: the version a service answered over HTTP on this port of
	// the box (servedVersion); it is the version of the program a
	// memory line places on that port.
	port string
	// servedBy is the answer's text, lower-cased, when the version was
	// under a bare "version" key: an app's own root endpoint answers so
	// too ({"name":"orders-api","version":"1.4.2"}), so the program the
	// memory line places on the port must be named in it.
	servedBy string
	// from is the value the pasted line itself says the setting changed
	// from ("Changing dist "quicklisp" from version 2023-10-21 to version
	// 2024-10-12"): a memory line holding it holds the old value.
	from string
	// worktree: read from the work tree's diff a command printed (`git
	// diff`), which is applied, asked about or not.
	worktree bool
	// section holds the terms of the header of the block the setting
	// was pasted under ("action_endpoint:" above "  url: …", "frontend
	// stats" above "    bind :8405"): the key says what is set, the
	// section whose ("url" of the action server).
	section []string
	// file: the name of a file printed whole that holds this value
	// alone (".nvmrc" printing "22.11.0"): only a memory line naming
	// the file, and writing one value of the same shape, ties to it.
	file string
	// word: the value is a plain word ("database" of
	// QUEUE_CONNECTION=database), read only under an environment
	// variable's name: only a memory line writing that name ties to it.
	word bool
}

// envKey reports whether key is written as an environment variable's
// name: capitals, digits and at least one underscore (QUEUE_CONNECTION,
// LOG_LEVEL), no word of prose.
func envKey(key string) bool {
	return len(key) >= 4 && strings.Contains(key, "_") && strings.Trim(key, "_") != "" && strings.TrimFunc(key, func(r rune) bool {
		return r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_'
	}) == ""
}

var (
	// assignRe is a line that is one assignment: "PORT=4000", "port: 4000",
	// `"apiVersion": "60.0",`, `export BAUD = 921600`, `.version = "0.4.0",`,
	// Godot's `run/main_scene="res://scenes/boot.tscn"`.
	assignRe = lazyregexp.New(`^(?:export\s+|set\s+)?"?\.?([A-Za-z_][\w.-]*(?:/[A-Za-z_][\w-]*)*)"?\s*(?:=|:)\s*["']?([^\s"',;{}\[\]]+)["']?\s*[,;]?$`)
	// imageRefRe is a value that names a program and its version as a
	// container image does: "postgres:16", "ghcr.io/acme/api:2.4.1"; the
	// name (its last path part) is what the version belongs to.
	imageRefRe = lazyregexp.New(`^(?:[\w.-]+(?::\d+)?/)*([a-z][a-z0-9_-]*[a-z0-9]):v?(\d+(?:\.\d+)*)(?:-[\w.-]*)?$`)
	// toolVersionRe is a line that is a program's name and its version
	// only, as a version manager's file lists them: "erlang 27.0.1".
	toolVersionRe = lazyregexp.New(`^([a-z][\w-]*)\s+v?(\d+(?:\.\d+)+)(?:-[\w.-]*)?$`)
	// pinRe is a package pinned to a version ("dbt-core==1.8.3",
	// "ruff~=0.6") or an image a Dockerfile starts from ("FROM
	// apache/airflow:2.9.3-python3.11"); a tag's suffix after the
	// version ("-python3.11") is not part of it.
	pinRe = lazyregexp.New(`^(?:([A-Za-z][\w.-]*)\s*(?:==|~=|>=)\s*v?(\d+(?:\.\d+)*)|(?i:FROM)\s+(?:[\w.-]+(?::\d+)?/)*([a-z][a-z0-9_-]*[a-z0-9]):v?(\d+(?:\.\d+)*)(?:-[\w.-]*)?(?:\s+(?i:AS)\s+\w+)?)\s*$`)
	// pasteLabelRe is a line that is a label of two to five words and one
	// value after a colon: "WC requires at least: 9.1", "Requires PHP:
	// 8.1", "Server version: 8.0.36". (A one-word key is assignRe's.)
	pasteLabelRe = lazyregexp.New(`^([A-Za-z][\w.-]*(?:[ \t]+[A-Za-z][\w.-]*){1,4})[ \t]*:[ \t]*["']?([^\s"',;{}\[\]]+)["']?$`)
	// sexpPairRe is a setting as a Lisp form on its own line: `(name
	// "build02.lab.lan")`, `(port 2222)`, closing parentheses after it.
	sexpPairRe = lazyregexp.New(`^\(([a-z][\w-]*)\s+"?([^\s"()]+)"?\)+$`)
	// spacedPairRe is a key and its value set apart by spaces alone:
	// "minSdk 23", "listen 8080;".
	spacedPairRe = lazyregexp.New(`^([A-Za-z][A-Za-z0-9_]*)\s+["']?([\w.:/-]*\d[\w.:/-]*)["']?\s*;?$`)
	// tupleRe is a setting as a tuple: "{http_port, 8443}".
	tupleRe = lazyregexp.New(`\{\s*:?([a-z_][\w]*)\s*,\s*["']?([^\s,{}"'\[\]]+)["']?\s*\}`)
)

// pastedSettings reads the settings a person's message holds, one per line
// written as an assignment or a tuple, whose value is written as one (a
// number, a version, a path, a host).
func pastedSettings(text string, src source) []setting {
	return readSettings(text, src, diffPaste{})
}

// readSettings is pastedSettings with the text's diff state given: a
// `git diff` a command printed is a diff from its first line.
func readSettings(text string, src source, diff diffPaste) []setting {
	if !strings.ContainsAny(text, "=:{") && !hasDigit(text) {
		return nil
	}
	var out []setting
	intro, rest, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if strings.HasPrefix(intro, "#") && rest != "" {
		// "## Upgrade done" labels the message; the person's words
		// about the paste are the line under it.
		intro, _, _ = strings.Cut(strings.TrimSpace(rest), "\n")
	}
	// asked: the lines below a pasted prompt line that asks a program
	// its version or what is installed (`$ pip show jax`, `$ node
	// --version`) are its answer, read as if the agent had asked.
	asked := false
	// bareOf: the program a pasted prompt line asked its version, for
	// the line right below it.
	bareOf := ""
	add := func(key, value, line string, named []string) {
		value = withoutRange(trimValue(value))
		word := false
		if !hasDigit(value) && !strings.ContainsAny(value, "./:_") {
			if named != nil || value == "" || !plainWord(value) || !envKey(key) && !compoundKey(key) {
				// (A switch, "GRAPHQL_PLAYGROUND=false", is no
				// value prose writes after the key's words.)
				return
			}
			// "QUEUE_CONNECTION=database": a word is a value under
			// an environment variable's name, which a memory line
			// stating it writes as is (keySlotValue only).
			word = true
		}
		terms := keyTerms(key)
		if len(terms) == 0 {
			return
		}
		s := src
		s.quote = line
		pinned := named != nil
		if !pinned {
			named = versionKeyName(terms)
		} else {
			// A pin writes the name lower-case ("pyyaml==6.0.2"), a
			// banner as the vendor does ("PyYAML"): both
			// readings name the program.
			named = withTerms(named, keyTerms(strings.ToLower(key)))
		}
		out = append(out, setting{key: key, terms: terms, value: value, src: s, named: named, pinned: pinned, intro: intro, queried: asked && pinned, word: word})
	}
	// joined reads a line of no shape below that still joins a program's
	// name to its version: read as printed, the version replaces only an
	// older one (a lock file pins many programs beside the one memory
	// names).
	joined := func(t string) {
		if t == intro {
			return
		}
		for _, m := range joinedVersionRe().FindAllStringSubmatch(t, -1) {
			name, sep := m[1]+m[2], m[3]
			if len(sep) > 8 || !strings.ContainsAny(sep, `@:=<>~^("'`) || !versionName(name) {
				continue
			}
			if strings.Trim(sep, " (") == "" && !parenVersionLineRe().MatchString(t) {
				// "compared redis (7.4) with keydb": prose puts a
				// version in parentheses too
				continue
			}
			k := len(out)
			if add(name, m[4], t, keyTerms(name)); len(out) > k {
				out[k].printed = true
			}
		}
	}
	out = append(out, pastedServed(text, src, intro)...)
	prev, prevBanner := "", false
	block := "" // the name the lines of a block give the version of
	// (The lines since the block's name, and how many may come before
	// its version: the next in a "key: value" block, where a version two
	// lines down belongs to the block's own settings ("name: my-service",
	// "replicas: 3", "rev: 42"); up to three in a call's or an element's,
	// which say where the program comes from first.)
	since, reach := 0, 1
	// (The settings a line adds, out[from:], are given the section it
	// is under, when the next line is read or the text ends.)
	var sec pasteBlock
	var under []string
	from := 0
	// (A unified diff's `-` lines hold what a setting was, its `+`
	// lines what it is now.)
	for _, ln := range strings.Split(text, "\n") {
		markSection(out[from:], under)
		n := len(out)
		from, under = n, sec.under(ln)
		if ln = diff.line(ln, src); ln == "" {
			continue
		}
		// (A list's marker, or a quote's, is not part of the line.)
		t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(ln), "|>")), "-*"))
		if t == "" || strings.HasPrefix(t, "```") {
			// (The answer ends where its block does.)
			asked = false
		}
		if t == "" {
			block = ""
			continue
		}
		answerOf := bareOf
		bareOf = ""
		if cmd, ok := promptCommand(t); ok {
			asked, bareOf = askedVersion(cmd)
		} else if v := withoutV(t); answerOf != "" && versionNumber(v) && strings.Contains(v, ".") {
			// "$ zig version" then "0.13.0": the version alone
			// answers for the program asked.
			k := len(out)
			if add(answerOf, v, t, keyTerms(answerOf)); len(out) > k {
				out[k].printed = true
			}
			continue
		}
		if since++; block != "(" && since > reach {
			block = ""
		}
		if name, v, closes := blockLine(t, block); closes {
			block = ""
		} else if v != "" {
			// "<artifactId>x</artifactId>" then "<version>2.1</version>",
			// "Name: x" then "Version: 2.1": a version of the name the
			// block gave, read as printed (a lock file's blocks name
			// many programs).
			k := len(out)
			if add(block, v, t, keyTerms(block)); len(out) > k {
				out[k].printed = true
			}
			continue
		} else if name != "" {
			since, reach = 0, 1
			if block == "(" || strings.ContainsAny(t, "(<") {
				reach = 3
			}
			block = name
		}
		shown := prevBanner || outputFollows(prev)
		prev, prevBanner = strings.TrimSpace(ln), false
		if name, v := goModuleVersion(t); name != "" {
			// "github.com/gofiber/fiber/v3 v3.0.0-beta.4" of a go.mod:
			// one of many modules, read as printed.
			k := len(out)
			if add(name, v, t, keyTerms(name)); len(out) > k {
				out[k].printed = true
			}
			continue
		}
		if m := toolVersionRe().FindStringSubmatch(t); m != nil {
			// "elixir 1.17.2-otp-27" of a .tool-versions file.
			add(m[1], m[2], t, keyTerms(m[1]))
			continue
		}
		if m := elementRe().FindStringSubmatch(t); m != nil {
			// "<Toolchain>gcc13.2</Toolchain>".
			add(m[1], m[2], t, nil)
			continue
		}
		if name, v := bannerVersion(t); name != "" && t != intro && (shown || datedBanner(t)) {
			// "GNU Make 4.4.1 (built for x86_64)" under a command or a
			// line that announces output: a program saying its
			// version, or a banner carrying its build date, which
			// prose never does. (A line of the person's own prose,
			// "Postgres 16.2 on staging; prod is still on 14", is not
			// a paste.)
			add(name, v, t, keyTerms(name))
			out[len(out)-1].printed = true
			prevBanner = true
			continue
		}
		if m := sexpPairRe().FindStringSubmatch(t); m != nil {
			// `(name "build02.lab.lan")` of a Lisp or Scheme config.
			add(m[1], m[2], t, nil)
			continue
		}
		if key, was, now := printedChange(t); now != "" {
			// "Changing dist "quicklisp" from version 2023-10-21 to
			// version 2024-10-12.": a program telling the change it
			// made.
			k := len(out)
			if add(key, now, t, nil); len(out) > k {
				out[k].from = was
			}
			continue
		}
		if verb, addr := announcedAddress(t); addr != "" {
			// "Listening on 127.0.0.1:5050.", "Uvicorn running on
			// http://127.0.0.1:8081 (Press CTRL+C to quit)": a server's
			// log line saying where it listens.
			add(verb, addr, t, nil)
			continue
		}
		if name, v := coordinateVersion(t); name != "" {
			// `id("org.springframework.boot") version "3.3.5"`,
			// `org.clojure/clojure {:mvn/version "1.12.0"}`: one of
			// many dependencies, read as printed.
			k := len(out)
			if add(name, v, t, keyTerms(name)); len(out) > k {
				out[k].printed = true
			}
			continue
		}
		if m := spacedPairRe().FindStringSubmatch(t); m != nil && ln != strings.TrimLeft(ln, " \t") && compoundKey(m[1]) {
			// "    minSdk 23" of a Gradle block, "  worker_connections
			// 1024;" of nginx: an indented line of a block is one
			// setting, its key written as a name of one word.
			add(m[1], m[2], t, nil)
			continue
		}
		for _, m := range longOptionValueRe().FindAllStringSubmatch(t, -1) {
			// `"start": "deno run -A dev.ts --port 8400"`, `ExecStart=…
			// --workers 4`: a command line in a config gives its
			// settings as long options.
			add(m[1], m[2], t, nil)
		}
		if !strings.ContainsAny(t, "=:{") {
			joined(t)
			continue
		}
		if m := packageRefMatch(t); m != nil {
			// `<PackageReference Include="MonoGame.Framework.DesktopGL"
			// Version="3.8.2.1105" />`: a manifest lists many packages,
			// so read as printed.
			k := len(out)
			if add(m[1], m[2], t, keyTerms(m[1])); len(out) > k {
				out[k].printed = true
			}
			continue
		}
		if m := pinRe().FindStringSubmatch(listItem(t)); m != nil {
			// "dbt-core==1.8.3", "FROM apache/airflow:2.9.3-python3.11".
			add(m[1]+m[3], m[2]+m[4], t, keyTerms(m[1]+m[3]))
			continue
		}
		if name, v := inlineDependency(t); name != "" {
			// `bevy = { version = "0.15.3", features = [...] }`: one
			// of many dependencies, read as printed.
			k := len(out)
			if add(name, v, t, keyTerms(name)); len(out) > k {
				out[k].printed = true
			}
			continue
		}
		if m := assignRe().FindStringSubmatch(t); m != nil {
			if im := imageRefRe().FindStringSubmatch(trimValue(m[2])); im != nil && !loopbackHosts[strings.ToLower(im[1])] {
				// "image: postgres:16": the image's name is the
				// setting, its tag the value ("listen =
				// localhost:6580" is an address and its port).
				add(im[1], im[2], t, keyTerms(im[1]))
				continue
			}
			if dependencySection(under) && versionNumber(withoutV(withoutRange(trimValue(m[2])))) {
				// `avian2d = "0.2"` under "[dependencies]", `kotlin =
				// "2.1.0"` under "[versions]": the key names the
				// program the version is of, one of many (printed).
				k := len(out)
				if add(m[1], m[2], t, keyTerms(m[1])); len(out) > k {
					out[k].printed = true
				}
				continue
			}
			add(m[1], m[2], t, nil)
			continue
		}
		// (The cheap test first: pasteLabelRe needs a colon, and a line
		// of "=" or "{" alone reaches here too.)
		if t != intro && strings.Contains(t, ":") {
			if m := pasteLabelRe().FindStringSubmatch(t); m != nil {
				// "WC requires at least: 9.1" of a plugin header,
				// "Max upload size: 64M" of a status page: a label
				// of a few words, then its one value. Memory that
				// states the setting writes the label.
				add(m[1], m[2], t, nil)
				continue
			}
		}
		for _, m := range tupleRe().FindAllStringSubmatch(t, -1) {
			add(m[1], m[2], t, nil)
		}
		if pairs := quotedPairRe().FindAllStringSubmatch(t, -1); len(pairs) > 1 || len(pairs) == 1 && strings.Contains(t, "{") {
			// `{"ssh_port": 2202, "ssh_user": "deploy"}`: an object
			// written on one line holds one setting per key (`"require":
			// { "php": "~8.3.0" }` one).
			for _, m := range pairs {
				add(m[1], m[2], t, nil)
			}
		}
		if len(out) == n {
			joined(t)
		}
	}
	markSection(out[from:], under)
	diff.mark(out)
	return out
}

// longOptionValueRe is a long option given a value with a digit: `--port
// 8400`, `--bind=0.0.0.0:8081`.
var longOptionValueRe = lazyregexp.New(`(?:^|\s)--([a-z][a-z0-9-]*[a-z])[ =]([0-9][\w.:]*)\b`)

// diffPaste follows a unified diff pasted in a message (`--- a/project.godot`,
// `@@ … @@`, then `-` and `+` lines): a setting on a `+` line whose key a
// `-` line gave another value is told changed from it, as a program's own
// report of a change is (printedChange). The `-` line is no value of now.
type diffPaste struct {
	in      bool
	removed map[string]string // key → the value a `-` line gave it
	added   map[string]bool   // the `+` lines, as settings quote them
}

// line reads one line of the message: inside a diff, a removed line is
// kept apart and given back as "" (nothing to read now), an added one
// without its `+`. A line that no diff writes ends the diff.
func (d *diffPaste) line(ln string, src source) string {
	switch {
	case strings.HasPrefix(ln, "--- a/") || strings.HasPrefix(ln, "+++ b/") || strings.HasPrefix(ln, "@@ ") || strings.HasPrefix(ln, "diff --git "):
		d.in = true
		return ""
	case !d.in:
		return ln
	case strings.HasPrefix(ln, "-"):
		for _, st := range pastedSettings(ln[1:], src) {
			if d.removed == nil {
				d.removed = map[string]string{}
			}
			d.removed[st.key] = st.value
		}
		return ""
	case strings.HasPrefix(ln, "+"):
		if d.added == nil {
			d.added = map[string]bool{}
		}
		d.added[strings.TrimSpace(ln[1:])] = true
		return ln[1:]
	case !strings.HasPrefix(ln, " ") && !strings.HasPrefix(ln, "\\"):
		d.in = false
	}
	return ln
}

// mark gives each setting read from an added line the value its removed
// line held.
func (d *diffPaste) mark(out []setting) {
	for i := range out {
		if was := d.removed[out[i].key]; was != "" && was != out[i].value && d.added[out[i].src.quote] && out[i].from == "" {
			out[i].from = was
		}
	}
}

// plainWord reports whether a pasted value is one word a setting takes
// as its value ("cdg", "debug"), not a switch ("true", "off") whose
// setting memory names in other words.
func plainWord(v string) bool {
	if len(v) < 2 || len(v) > 24 || strings.IndexFunc(v, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' }) >= 0 {
		return false
	}
	return !switchWords[strings.ToLower(v)]
}

// switchWords are the values that turn a setting on or off or leave it
// to its default: they name nothing of their own.
var switchWords = map[string]bool{"true": true, "false": true, "yes": true, "no": true, "on": true, "off": true,
	"none": true, "null": true, "nil": true, "auto": true, "default": true, "enabled": true, "disabled": true}

// compoundKey reports whether a key is written as a name joined of words
// ("minSdk", "worker_connections"), which prose never writes, or is a
// listening port's ("listen"), the one plain word read as a key.
func compoundKey(k string) bool {
	if k == "listen" || strings.Contains(strings.Trim(k, "_"), "_") {
		return true
	}
	for i := 1; i < len(k); i++ {
		if k[i] >= 'A' && k[i] <= 'Z' && k[i-1] >= 'a' && k[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// inlineDependencyRe is a dependency written as an inline table:
// `bevy = { version = "0.15.3", features = ["png"] }`, `gtk = { package =
// "gtk4", version = "0.9" }`.
var inlineDependencyRe = lazyregexp.New(`^([A-Za-z][\w.-]*)\s*=\s*\{(.*)\}\s*,?$`)

// inlineTableFieldRe is one quoted field of an inline table.
var inlineTableFieldRe = lazyregexp.New(`\b(version|package)\s*=\s*"([^"]+)"`)

// inlineDependency reads a dependency written as an inline table (see
// inlineDependencyRe): the package's name (a "package" field renames
// it: the key is only what the code calls it) and its version, or "" and
// "". (The cheap test first: the regexps run only on a line holding
// "version".)
func inlineDependency(t string) (string, string) {
	if !strings.Contains(t, "version") || !strings.Contains(t, "{") {
		return "", ""
	}
	m := inlineDependencyRe().FindStringSubmatch(t)
	if m == nil {
		return "", ""
	}
	name, v := m[1], ""
	for _, f := range inlineTableFieldRe().FindAllStringSubmatch(m[2], -1) {
		if f[1] == "package" {
			name = f[2]
		} else {
			v = withoutRange(f[2])
		}
	}
	if !versionNumber(withoutV(v)) {
		return "", ""
	}
	return name, v
}

// dependencySection reports whether section terms (see pasteBlock) head a
// list of dependencies or of versions: "[dependencies]", "[versions]" of
// a version catalog, "[tool.poetry.dev-dependencies]".
func dependencySection(terms []string) bool {
	for _, t := range terms {
		if t == "dependency" || t == "version" {
			return true
		}
	}
	return false
}

// pasteBlock follows the block headers of a pasted file: a key with no
// value ("action_endpoint:"), a TOML table ("[server]"), or a directive
// of words with no digit heading indented lines ("frontend stats",
// "server {"). A header holds for the lines indented deeper than it (a
// TOML table's, until the next header), up to a blank line.
type pasteBlock struct {
	terms  []string
	indent int
	table  bool // a TOML table: its lines are not indented
}

// sectionHeaderRe is a line that may head a block: a YAML key with no
// value, a TOML table, or up to three words and an opening brace.
var sectionHeaderRe = lazyregexp.New(`^(?:([A-Za-z_][\w-]*):|\[([A-Za-z_][\w.-]*)\]|([A-Za-z_][\w-]*(?:\s+[A-Za-z_][\w-]*){0,2})\s*\{?)$`)

// jsonHeaderRe is a JSON key opening an object on its line:
// `"devDependencies": {`.
var jsonHeaderRe = lazyregexp.New(`^"([A-Za-z_][\w-]*)"\s*:\s*\{$`)

// headerMatch is sectionHeaderRe's match of trimmed line t, run only on
// a line starting as every header does (a letter, an underscore or a
// bracket): most pasted lines are values, output or code, and the regexp
// ran on each.
func headerMatch(t string) []string {
	if t[0] == '"' && strings.HasSuffix(t, "{") {
		// `"dependencies": {` of a JSON file: a key opening an object.
		if m := jsonHeaderRe().FindStringSubmatch(t); m != nil {
			return []string{t, m[1], "", ""}
		}
		return nil
	}
	if c := t[0]; c != '_' && c != '[' && (c|0x20 < 'a' || c|0x20 > 'z') {
		return nil
	}
	return sectionHeaderRe().FindStringSubmatch(t)
}

// under reads raw line ln, as the next line of the paste, and gives the
// terms of the header it is under, or nil; a header line itself opens its
// block.
func (s *pasteBlock) under(ln string) []string {
	t := strings.TrimSpace(ln)
	if t == "" {
		s.terms = nil
		return nil
	}
	indent := len(ln) - len(strings.TrimLeft(ln, " \t"))
	var in []string
	if s.terms != nil && (s.table || indent > s.indent) {
		in = s.terms
	} else {
		s.terms = nil
	}
	if m := headerMatch(t); m != nil && (m[3] == "" || strings.HasSuffix(t, "{") || in == nil && strings.Contains(m[3], " ")) {
		// (One bare word is a list's item or a value, not a header,
		// and words inside a block are its directives: "stats enable".)
		s.terms, s.indent, s.table = keyTerms(m[1]+m[2]+m[3]), indent, m[2] != ""
		return nil
	}
	return in
}

// markSection gives settings the section they were read under.
func markSection(settings []setting, terms []string) {
	if terms == nil {
		return
	}
	for i := range settings {
		settings[i].section = terms
	}
}

// printedChangeRe is a program's line telling a change it made, from
// one value to another: "Changing dist "quicklisp" from version
// 2023-10-21 to version 2024-10-12.", "Upgrading node from 20.11.1 to
// 22.3.0".
var printedChangeRe = lazyregexp.New(`(?i)^(?:[\w-]+:\s+)?(?:chang|updat|upgrad|downgrad|bump|switch|migrat)\w*\s+(.{0,40}?)\s*\bfrom\s+(?:version\s+)?["']?([\w.:/@+-]*\d[\w.:/@+-]*?)["']?\s+to\s+(?:version\s+)?["']?([\w.:/@+-]*\d[\w.:/@+-]*?)["']?[.,;]?$`)

// printedChange reads a line a program printed telling a change it made
// (see printedChangeRe): the words of what changed, the value it was and
// the value it is, written the same way; or "", "" and "". (The cheap
// test first: the regexp runs only on a line holding " from " and " to ".)
func printedChange(t string) (key, was, now string) {
	if !strings.Contains(t, " from ") || !strings.Contains(t, " to ") {
		return "", "", ""
	}
	m := printedChangeRe().FindStringSubmatch(t)
	if m == nil || valueShape(m[2]) != valueShape(m[3]) || strings.EqualFold(m[2], m[3]) {
		return "", "", ""
	}
	key = strings.Trim(m[1], `"' `)
	if len(keyTerms(key)) == 0 {
		key = "version"
	}
	return key, m[2], m[3]
}

// printedChanges reads the changes a command's output tells (see
// printedChange), as settings at the person's last message (prompt).
func printedChanges(body string, prompt source) []setting {
	if !strings.Contains(body, " from ") {
		return nil
	}
	var out []setting
	for _, ln := range strings.Split(body, "\n") {
		t := strings.TrimSpace(ln)
		if key, was, now := printedChange(t); now != "" {
			s := prompt
			s.quote = t
			out = append(out, setting{key: key, terms: keyTerms(key), value: now, src: s, intro: prompt.quote, from: was})
		}
	}
	return out
}

// foundPackageRe is the line CMake's find_package prints for a package
// it found on the box, with its version: "-- Found Qt6Core:
// /home/d/Qt/6.8.1/… (found suitable version "6.8.1", minimum required is
// "6.5")", "-- Found OpenSSL: /usr/lib/libcrypto.so (found version
// "3.0.2")". The package's name is read up to its first digit ("Qt" of
// Qt6Core, "Python" of Python3).
var foundPackageRe = lazyregexp.New(`^--\s+Found\s+([A-Za-z][A-Za-z+-]*)[\w-]*:\s.*\(found (?:suitable )?version "v?(\d+(?:\.\d+)+)"`)

// foundPackages reads the versions of the packages a configure step
// found on the box (see foundPackageRe), as a version flag's answer is
// read: the box the project is worked on, at the person's last message
// (prompt). (The cheap test first: the regexp runs only on output
// holding "found".)
func foundPackages(body string, prompt source) []setting {
	if !strings.Contains(body, "-- Found ") {
		return nil
	}
	var out []setting
	for _, ln := range strings.Split(body, "\n") {
		t := strings.TrimSpace(ln)
		if !strings.HasPrefix(t, "-- Found ") {
			continue
		}
		m := foundPackageRe().FindStringSubmatch(t)
		if m == nil || !versionName(m[1]) {
			continue
		}
		s := prompt
		s.quote = t
		terms := keyTerms(m[1])
		out = append(out, setting{key: m[1], terms: terms, value: m[2], src: s, named: withTerms(terms, keyTerms(strings.ToLower(m[1]))), pinned: true, intro: prompt.quote, printed: true, queried: true})
	}
	return out
}

// announcedAddressRe is a log line's words saying where a server
// listens: a verb of listening, "on" or "at", and an address with a port.
var announcedAddressRe = lazyregexp.New(`(?i)\b(listening|listens|running|serving|started|bound|available)\s+(?:on|at)\s+((?:[a-z][a-z0-9+]*://)?[\w.-]*:\d{2,5}(?:/\S*)?)`)

// announcedAddress is the verb and the address of a server's log line
// saying where it listens (see announcedAddressRe), or "" and "". The
// verb is the setting's key: a memory line telling where the service
// "listens" or "runs" names it. (The cheap test first: the regexp runs
// on a pasted line only when it holds " on " or " at ".)
func announcedAddress(t string) (string, string) {
	if !strings.Contains(t, " on ") && !strings.Contains(t, " at ") {
		return "", ""
	}
	m := announcedAddressRe().FindStringSubmatch(t)
	if m == nil {
		return "", ""
	}
	a := trimValue(m[2])
	if !strings.Contains(a, "//") {
		a = strings.TrimSuffix(a, "/")
	}
	if addressPort(a) == "" {
		return "", ""
	}
	return m[1], a
}

// coordinateVersionRe is a dependency's coordinate and its version as a
// build file writes them on one line with words between: a Gradle
// plugin (`id("org.springframework.boot") version "3.3.5"`, `kotlin("jvm")
// version "2.0.21"`) or a deps.edn coordinate (`org.clojure/clojure
// {:mvn/version "1.12.0"}`).
var coordinateVersionRe = lazyregexp.New(`(?:\b(?:id|kotlin)\s*\(?\s*["']([\w.-]+)["']\s*\)?\s+version\s+|(?:^|[\s{])([\w.-]+/[\w.-]+)\s+\{\s*:mvn/version\s+)["']v?(\d+(?:\.\d+)+)["']`)

// coordinateVersion is the name and version of the dependency line t
// declares (see coordinateVersionRe), or "" and "": a plugin's id whole
// (its words name the program: "org.springframework.boot" is Spring
// Boot's), a deps.edn coordinate's artifact ("clojure" of
// org.clojure/clojure). (The cheap test first: the regexp runs only on a
// line holding "version".)
func coordinateVersion(t string) (string, string) {
	if !strings.Contains(t, "version") {
		return "", ""
	}
	m := coordinateVersionRe().FindStringSubmatch(t)
	if m == nil {
		return "", ""
	}
	name := m[1]
	if m[2] != "" {
		name = m[2][strings.LastIndexByte(m[2], '/')+1:]
	}
	if len(keyTerms(name)) == 0 {
		return "", ""
	}
	return name, m[3]
}

// goModuleRe is a module a go.mod requires, on a line of its own:
// "github.com/gofiber/fiber/v3 v3.0.0-beta.4", "require
// golang.org/x/sync v0.8.0 // indirect". The path's first part is a host.
var goModuleRe = lazyregexp.New(`^(?:require\s+)?([a-z0-9-]+\.[\w.-]+(?:/[\w.~-]+)+)\s+v(\d+\.\d+\.\d+)(?:[-+][\w.+-]*)?(?:\s+//\s*indirect)?$`)

// goModuleVersion is the name and version of the module line t requires
// (see goModuleRe), or "" and "": the name is the path's last part, or the
// part before a major version suffix ("fiber" of ".../fiber/v3"). A
// module with no go.mod of its own ("+incompatible": its version is the
// repository's tag, docker's 26.1.3 for the moby daemon) and a generic last
// part ("go" of cloud.google.com/go, "api" of k8s.io/api) name no program.
// (The cheap test first: the regexp runs on every pasted line.)
func goModuleVersion(t string) (string, string) {
	if !strings.Contains(t, "/") || !strings.Contains(t, " v") && !strings.Contains(t, "\tv") || strings.Contains(t, "+incompatible") {
		return "", ""
	}
	m := goModuleRe().FindStringSubmatch(t)
	if m == nil {
		return "", ""
	}
	parts := strings.Split(m[1], "/")
	name := parts[len(parts)-1]
	if len(parts) > 2 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = parts[len(parts)-2]
	}
	if genericModuleParts[name] || !versionName(name) {
		return "", ""
	}
	return name, m[2]
}

// packageRefMatch is packageRefRe's match of t, run only on a line that
// opens with '<' and holds "version" in any case: the regexp would
// otherwise run on every pasted line.
func packageRefMatch(t string) []string {
	if !strings.HasPrefix(t, "<") || !strings.Contains(strings.ToLower(t), "version") {
		return nil
	}
	return packageRefRe().FindStringSubmatch(t)
}

// genericModuleParts are last parts of a module path that name a kind of
// package, not a program: cloud.google.com/go, k8s.io/api, …/sdk.
var genericModuleParts = map[string]bool{"go": true, "api": true, "apis": true, "client": true, "sdk": true,
	"lib": true, "core": true, "pkg": true, "common": true, "util": true, "utils": true, "types": true, "v2": true}

// packageRefRe is a package a .NET project or a packages.config lists as
// one element with its name and version as attributes:
// `<PackageReference Include="Serilog" Version="4.0.1" />`, `<package
// id="NUnit" version="3.14.0" />`.
var packageRefRe = lazyregexp.New(`(?i)^<\w+\s+(?:include|update|id)\s*=\s*"([A-Za-z][\w.-]*)"\s+version\s*=\s*"v?(\d+(?:\.\d+)+)[^"]*"(?:\s+[\w.-]+\s*=\s*"[^"]*")*\s*/?>`)

var (
	// blockNameRe is a line that names what a block of lines is about:
	// "Name: requests", `name = "serde"`, "<artifactId>x</artifactId>",
	// "FetchContent_Declare(raylib", or a bare name under a call's
	// opening parenthesis.
	blockNameRe = lazyregexp.New(`^(?:(?i:name|package|artifactId)\s*[:=]\s*["']?([A-Za-z@][\w@/.-]*)["']?,?|<(?:artifactId|name)>\s*([A-Za-z][\w.-]*)\s*</(?:artifactId|name)>|[A-Za-z_]\w*\(\s*([A-Za-z][\w-]*)|([A-Za-z][\w-]*))$`)
	// blockVersionRe is a line that gives the version of the block's
	// name: "Version: 2.1", `version = "2.1"`, "<version>2.1</version>",
	// "GIT_TAG 5.5", "tag: v1.4".
	blockVersionRe = lazyregexp.New(`^(?:(?i:version|tag|git_tag|rev)\s*[:=]?\s*["']?|<version>\s*)v?(\d+(?:\.\d+)*)(?:["']?,?|\s*</version>)$`)
)

// blockLine reads one line of a block of lines about one program, the
// block's name so far being block: the name it gives the block, the
// version it gives the block's name, or whether it closes the block (a
// closing tag, bracket or parenthesis alone, or a section's header). A
// bare word names the block only right under a line that opens one, so
// block, for it, is the opener's "(".
func blockLine(t, block string) (name, version string, closes bool) {
	if strings.HasPrefix(t, "</") || strings.Trim(t, ")]};,") == "" || strings.HasPrefix(t, "[") {
		return "", "", true
	}
	if m := blockVersionRe().FindStringSubmatch(t); m != nil {
		if block == "" || block == "(" {
			return "", "", false
		}
		return "", m[1], false
	}
	if strings.HasSuffix(t, "(") {
		return "(", "", false
	}
	if m := blockNameRe().FindStringSubmatch(t); m != nil {
		if m[4] != "" && block != "(" {
			return "", "", false
		}
		if n := m[1] + m[2] + m[3] + m[4]; versionName(strings.TrimPrefix(n, "@")) || strings.ContainsAny(n, "-/") {
			return n, "", false
		}
	}
	return "", "", false
}

// joinedVersionRe is a program's name joined to its version by what a
// manifest, a lock file or a URL writes between them: "lit@3.2.0" of a
// URL, `"@scope/core": "3.6.3"` (the scope names the program), `gem
// "sidekiq", "~> 7.3"`, "deps/libuv (1.48.0)". At least one mark between them must
// not be a space, as prose never joins them ("Redis 7.2 on the new box"
// is the person's words).
var joinedVersionRe = lazyregexp.New(`(?:^|[^\w.+-])(?:@([A-Za-z][\w-]*)/[\w.-]+|([A-Za-z][\w+-]*[A-Za-z]))((?:["'\s,(]|[=<>~^!]=?|@|:)+)[vV]?(\d+(?:\.\d+)+)\b`)

// parenVersionLineRe is a line that is only a name and its version in
// parentheses, after the commit hash `git submodule status` prints before
// them: parentheses join a name to its version only there, as prose puts
// anything in parentheses.
var parenVersionLineRe = lazyregexp.New(`^(?:[+-]?[0-9a-f]{7,40}\s+)?\S+\s*\([vV]?\d+(?:\.\d+)+[^()]*\)$`)

var (
	// bannerRe is the line a program prints to say which version it is
	// ("GNU Make 4.4.1 (built for x86_64-pc-linux-gnu)", "zola 0.19.2",
	// "Foo Runtime 3.1.0 on 2025-01-02; board X"): up to two capitalised
	// words of a vendor, the program's name, its dotted version, and
	// after it nothing but a note in brackets, a build date or a list
	// ("on staging" is a place, said by a person).
	bannerRe = lazyregexp.New(`^(?:[A-Z][\w-]*\s+){0,2}?([A-Za-z][\w+-]*)\s+(?:version\s+)?v?(\d+(?:\.\d+)+)(?:[-+][\w.]*)?(?:\s*$|\s+[\[(]|,?\s+on\s+\d{4}-\d\d-\d\d|;)`)
)

// buildDateRe is the build date a banner writes after the version:
// "… 6.2.3 on 2025-06-18;", "… 1.14.0 [dacd97bcc] (2024-10-09)".
var buildDateRe = lazyregexp.New(`\d\s+(?:\[\w+\]\s+)?(?:on\s+|\()\d{4}-\d\d-\d\d\b`)

// datedBanner reports whether t carries a banner's build date and ends
// as a banner does, at the date or in the list a ";" opens with no clause
// after a comma: "Grafana 11.2 on 2024-10-01 broke the dashboards, we
// rolled back" is the person's prose with a date in it.
func datedBanner(t string) bool {
	loc := buildDateRe().FindStringIndex(t)
	if loc == nil {
		return false
	}
	rest := strings.TrimSpace(strings.TrimPrefix(t[loc[1]:], ")"))
	return rest == "" || strings.HasPrefix(rest, ";") && !strings.Contains(rest, ",")
}

// outputFollows reports whether the line under ln is what a program
// printed: ln is a shell command ("$ make --version"), a fence opening a
// block, or the person's words announcing output ("it prints:").
func outputFollows(ln string) bool {
	_, prompt := promptCommand(ln)
	return prompt || strings.HasPrefix(ln, "> ") || strings.HasPrefix(ln, "```") || strings.HasSuffix(ln, ":")
}

// promptRe is a shell prompt opening a pasted line, before the command
// typed at it: "$ ", and with what shells print before it, an activated
// environment's name or the user, host and folder ("(survey) $ python
// --version", "kai@box:~/svc$ make").
var promptRe = lazyregexp.New(`^(?:\([\w.-]+\)\s*)?(?:[\w.-]+@[\w.-]+(?::\S*?)?\s*)?\$\s+`)

// promptCommand is the command typed at the shell prompt line t opens
// with, and whether it opens with one.
func promptCommand(t string) (string, bool) {
	m := promptRe().FindStringIndex(t)
	if m == nil {
		return "", false
	}
	return t[m[1]:], true
}

// bannerVersion reads a line that tells a program's version as the
// program's banner writes it: the program's name and the version, or ""
// and "".
func bannerVersion(t string) (string, string) {
	if m := bannerRe().FindStringSubmatch(t); m != nil && versionName(m[1]) {
		return m[1], m[2]
	}
	return "", ""
}

// elementRe is a line that is one XML element holding a value:
// "<Toolchain>gcc13.2</Toolchain>".
var elementRe = lazyregexp.New(`^<([A-Za-z][\w.-]*)>\s*([^<>\s]+)\s*</([A-Za-z][\w.-]*)>$`)

// quotedPairRe is one key and value of an object written on one line:
// `"ssh_port": 2202` of `{"ssh_port": 2202, "ssh_user": "deploy"}`.
var quotedPairRe = lazyregexp.New(`["']([A-Za-z_][\w.-]*)["']\s*:\s*["']?([^\s"',{}\[\]]+)["']?`)

// listItem is a line of a list as a bare item: `"duckdb==1.1.3",` is
// duckdb==1.1.3.
func listItem(t string) string {
	return strings.Trim(strings.TrimSuffix(strings.TrimSpace(t), ","), `"'`)
}

// withoutRange drops the range operator a package manager writes before
// a version: "^3.80.1", "~1.4", ">=3.12" hold 3.80.1, 1.4 and 3.12.
func withoutRange(v string) string {
	r := strings.TrimLeft(v, "^~>=<")
	if r != v && r != "" && r[0] >= '0' && r[0] <= '9' {
		return r
	}
	return v
}

// fileReaders print a file whole: what they show of a config file is the
// file as it stands.
var fileReaders = map[string]bool{"cat": true, "bat": true, "type": true, "Get-Content": true, "gc": true}

// shownSettings reads the settings of a config file a command printed
// whole (`cat docker-compose.yaml`), or of the configuration a config
// subcommand printed (printsConfig), as if the person who spoke last had
// pasted it (prompt): the same two signals then decide whether it holds a
// new value, the person's words around it in place of a paste's intro.
func shownSettings(c command, output string, prompt source) []setting {
	if prompt.quote == "" {
		return nil
	}
	// `git diff stack.yaml`: what the work tree changed, a `+` line a
	// setting as it stands now and its `-` line what it was.
	worktreeDiff := len(c.args) >= 2 && c.args[0].text == "git" && c.args[1].text == "diff"
	resolved := printsConfig(c) || worktreeDiff
	if !resolved && (len(c.args) != 2 || !fileReaders[c.args[0].text]) {
		return nil
	}
	if f := c.args[1].text; !resolved && (!strings.Contains(f, ".") || strings.ContainsAny(f, "*?$")) {
		// A config file has an extension or is a dotfile ("compose.yaml",
		// ".env"); a glob or a variable names no one file.
		return nil
	}
	shown := shellOutput(output)
	out := readSettings(shown, prompt, diffPaste{in: worktreeDiff})
	for i := range out {
		out[i].intro, out[i].worktree = prompt.quote, worktreeDiff
	}
	if body := strings.TrimSpace(shown); !resolved && len(out) == 0 && !strings.ContainsAny(body, " \t\n") && versionNumber(withoutV(body)) {
		// `cat .nvmrc` printing "22.11.0": a file that holds one
		// version and nothing else (.python-version, .ruby-version);
		// the file's name is its key. (A name with no dot, VERSION
		// or lean-toolchain, was turned away above.)
		f := path.Base(c.args[1].text)
		s := prompt
		s.quote = body
		out = append(out, setting{key: f, terms: keyTerms(f), value: body, src: s, intro: prompt.quote, file: f})
	}
	return out
}

// configWrites are the words after a config subcommand that change the
// configuration instead of printing it (`npm config set …`, `git config
// --unset …`).
var configWrites = map[string]bool{"set": true, "unset": true, "edit": true, "delete": true, "add": true, "rm": true, "remove": true}

// printsConfig reports whether c is a program's config subcommand
// printing the configuration it resolved (`npx expo config --type
// public`, `docker compose config`, `gcloud config list`): what it shows
// is the configuration as it stands, as a config file printed whole is.
func printsConfig(c command) bool {
	i := min(c.runner, len(c.args)-1) + 1
	if i < len(c.args) && c.args[i].text == "compose" && path.Base(c.args[0].text) == "docker" {
		i++
	}
	if p := path.Base(c.args[0].text); i >= len(c.args) || c.args[i].text != "config" || fileReaders[p] || pagers[p] {
		// (`cat config`, `grep -r config`: a file's name or a word
		// searched for.)
		return false
	}
	for _, a := range c.args[i+1:] {
		if configWrites[strings.TrimLeft(a.text, "-")] {
			return false
		}
	}
	return true
}

// shellOutput is what a command printed, without the labels Gemini CLI's
// shell tool writes around it ("Output: …", then "Exit Code: 0",
// "Process Group PGID: 4242"): read as a file's lines, "Output:" would be
// a key. Other agents' output is given as is.
func shellOutput(out string) string {
	i := strings.Index(out, "Output: ")
	if i < 0 || i > 0 && out[i-1] != '\n' {
		return out
	}
	body := out[i+len("Output: "):]
	for _, label := range []string{"\nError: ", "\nExit Code: ", "\nSignal: ", "\nBackground PIDs: ", "\nProcess Group PGID: "} {
		if j := strings.Index(body, label); j >= 0 {
			body = body[:j]
		}
	}
	return body
}

// clientOnlyFlags, after a version subcommand, ask for the command line
// tool's own version alone: `kubectl version --client`.
var clientOnlyFlags = map[string]bool{"--client": true, "-c": true, "--client=true": true}

// versionFlags ask a program for its version: `rustc --version`,
// `go version`.
var versionFlags = map[string]bool{"--version": true, "-V": true, "-v": true, "version": true, "-version": true}

// queriedVersion reads the version a program printed when the agent asked
// it for it (`make --version`, `helm version`), as a setting of that
// program's version at the person's last message (prompt): the first line
// of the output that names the program ("GNU Make 4.4.1", "go version
// go1.23.4 linux/amd64"), is the version alone ("v4.1.0", "3.2.7
// (9f0c2d1)") or labels it as the version ("Build Tag: v24.1.4") gives it.
// Lines naming another program ("Erlang/OTP 27 [erts-15.1.2]" above
// Gleam's, "Go Version: go1.22.5") give nothing. A command that makes a
// program report what is installed (reportedVersions) is read too.
func queriedVersion(c command, output string, prompt source) []setting {
	if len(c.args) < 2 || prompt.quote == "" {
		return nil
	}
	prog, flag := versionQuery(c)
	body := shellOutput(output)
	if st := printedChanges(body, prompt); st != nil {
		return st
	}
	if st := foundPackages(body, prompt); st != nil {
		return st
	}
	if prog == "" {
		if port := servedQuery(c); port != "" {
			return servedVersion(port, body, prompt)
		}
		if st := listedVersions(c, body, prompt); st != nil {
			return st
		}
		if st := printedModuleVersion(c, body, prompt); st != nil {
			return st
		}
		return reportedVersions(c, output, prompt)
	}
	prog = prog[strings.LastIndexByte(prog, '/')+1:]
	if !versionName(prog) && !(len(prog) == 1 && prog[0] >= 'A' && prog[0] <= 'Z') {
		// (One capital letter names a language: `R --version`.)
		return nil
	}
	lp := strings.ToLower(prog)
	for i, ln := range strings.Split(strings.TrimSpace(body), "\n") {
		t := strings.TrimSpace(ln)
		m := queriedVersionRe().FindStringSubmatchIndex(t)
		if flag == "-v" && i > 0 {
			// "-v" is "verbose" to many programs (`pytest -v`): only
			// a version first, as `node -v` prints it, answers it.
			break
		}
		if m == nil {
			continue
		}
		pre := t[:m[2]]
		product := productNames(pre, lp)
		if product == nil && m[0] != 0 {
			// `soffice --version` printing "LibreOffice 24.8.3.2"
			// under "the office upgraded everybody's LibreOffice":
			// the product the person named is the one the binary
			// belongs to.
			product = namedProduct(pre, prompt.quote)
		}
		if lpre := strings.ToLower(pre); m[0] != 0 && !programIn(lpre, lp) && product == nil && !versionLabelRe().MatchString(strings.TrimRightFunc(lpre, unicode.IsLetter)) {
			// A version after words that do not name the program is
			// another program's.
			continue
		}
		v := t[m[2]:m[3]]
		s := prompt
		s.quote = t
		terms := keyTerms(prog)
		// "Xcode 16.2" for `xcodebuild -version`, ":-) GROMACS - gmx,
		// 2024.4" for `gmx --version`: the product the banner names
		// is what memory writes the version after.
		named := withTerms(withTerms(terms, keyTerms(lp)), product)
		return []setting{{key: prog, terms: terms, value: v, src: s, named: named, pinned: true, intro: prompt.quote, printed: true, queried: true}}
	}
	return componentVersions(body, prompt)
}

// componentVersions reads the answer to a version query that names
// none of it as the program asked but lists the components it runs, one
// "name version" row each (`bench version` printing "erpnext 15.38.1"
// and "frappe 15.44.0"): each row is the version of its name on the box
// the agent asked, as a version flag's answer is. An answer with any
// other line (a banner, a warning, prose) is not such a list.
func componentVersions(body string, prompt source) []setting {
	var out []setting
	for _, ln := range strings.Split(strings.TrimSpace(body), "\n") {
		t := strings.TrimSpace(ln)
		m := toolVersionRe().FindStringSubmatch(t)
		if m == nil {
			return nil
		}
		s := prompt
		s.quote = t
		terms := keyTerms(m[1])
		out = append(out, setting{key: m[1], terms: terms, value: m[2], src: s, named: terms, pinned: true, intro: prompt.quote, printed: true, queried: true})
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// programIn reports whether lower-cased text names program lp: as a word
// of its own for a one-letter name ("r version 4.5.0"), anywhere in it
// for a longer one ("gmx," of ":-) gromacs - gmx,").
func programIn(text, lp string) bool {
	if len(lp) > 1 {
		return strings.Contains(text, lp)
	}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if w == lp {
			return true
		}
	}
	return false
}

// productNames are the terms of the product a version banner names
// before the version, where the program asked is its binary: a word of
// pre that begins or ends the binary's name, lp ("Xcode" of xcodebuild,
// "Salt" of salt-call), or, in a banner that names the binary too,
// its other capitalised words ("GROMACS" beside gmx). Words that label
// a version ("Client", "Version") name no product.
func productNames(pre, lp string) []string {
	named := programIn(strings.ToLower(pre), lp)
	var out []string
	for _, w := range strings.FieldsFunc(pre, func(r rune) bool { return !unicode.IsLetter(r) && r != '-' && r != '.' }) {
		w = strings.Trim(w, "-.")
		l := strings.ToLower(w)
		if len(w) < 3 || l == lp || !versionName(w) || versionWords[textkey.Stem(l)] || versionLabelWords[l] {
			continue
		}
		if strings.HasPrefix(lp, l) || strings.HasPrefix(l, lp) && len(lp) >= 3 || named && unicode.IsUpper([]rune(w)[0]) || productSharesPart(l, lp) || abbreviates(lp, l) {
			out = withTerms(out, keyTerms(l))
		}
	}
	return out
}

// productSharesPart reports whether product name l and binary name lp,
// both lower-cased, share a part of three letters or more between their
// hyphens, dots and underscores that is no generic word of a tool's name
// ("idf" of ESP-IDF and idf.py, "gnu" of every GNU tool is not): a
// vendor's banner writes the product whole where its launcher script
// carries one part of it.
func productSharesPart(l, lp string) bool {
	split := func(r rune) bool { return r == '-' || r == '.' || r == '_' }
	for _, a := range strings.FieldsFunc(l, split) {
		if len(a) < 3 || genericNameParts[a] {
			continue
		}
		for _, b := range strings.FieldsFunc(lp, split) {
			if a == b {
				return true
			}
		}
	}
	return false
}

// abbreviates reports whether binary name lp is an abbreviation of
// product word l, both lower-cased: three letters or more, all letters,
// the same first letter, and each of its letters found in l in order
// ("mvn" of Maven, "psql" of PostgreSQL), l the longer.
func abbreviates(lp, l string) bool {
	if len(lp) < 3 || len(l) <= len(lp) || lp[0] != l[0] || strings.ContainsFunc(lp, func(r rune) bool { return r < 'a' || r > 'z' }) {
		return false
	}
	i := 0
	for j := 0; j < len(l) && i < len(lp); j++ {
		if l[j] == lp[i] {
			i++
		}
	}
	return i == len(lp)
}

// genericNameParts are parts of many programs' names that name none of
// them alone.
var genericNameParts = map[string]bool{"gnu": true, "cli": true, "bin": true, "lib": true, "dev": true, "core": true, "server": true, "client": true, "tool": true, "tools": true, "sdk": true, "api": true, "app": true, "run": true, "linux": true, "none": true, "elf": true, "gcc": true}

// namedProduct is the terms of the one word a version banner writes
// before the version, pre, when the person's message intro names it too
// ("LibreOffice 24.8.3.2" under "the office upgraded everybody's
// LibreOffice"), or nil: a banner naming what the person did not
// ("Python 3.12.1" for `mytool --version`) is another program's.
func namedProduct(pre, intro string) []string {
	f := strings.Fields(pre)
	if len(f) != 1 {
		return nil
	}
	w := strings.Trim(f[0], ":,")
	if len(w) < 3 || !versionName(w) || versionLabelWords[strings.ToLower(w)] {
		return nil
	}
	for _, iw := range strings.Fields(intro) {
		if iw = strings.TrimSuffix(trimValue(iw), "'s"); strings.EqualFold(iw, w) {
			return withTerms(keyTerms(w), keyTerms(strings.ToLower(w)))
		}
	}
	return nil
}

// versionLabelWords label a version in a banner, or its build, and name
// no product: "Client Version:", "Build version".
var versionLabelWords = map[string]bool{"version": true, "client": true, "server": true, "build": true, "release": true, "tag": true, "copyright": true, "commit": true, "revision": true}

// httpClients fetch a URL and print the answer.
var httpClients = map[string]bool{"curl": true, "http": true, "https": true, "xh": true}

// servedQuery is the port of the box whose root or version endpoint c
// fetches (`curl -s localhost:7700/version`, `curl -sS
// http://127.0.0.1:9200`), or "": a service answering there says which
// version of it runs. Any other path (`/_cluster/health`, `/api/users`)
// asks something else.
func servedQuery(c command) string {
	if len(c.args) < 2 || !httpClients[path.Base(c.args[0].text)] {
		return ""
	}
	port := ""
	for _, a := range c.args[1:] {
		u := strings.Trim(a.text, `"'`)
		if strings.HasPrefix(u, "-") {
			continue
		}
		if i := strings.Index(u, "//"); i >= 0 {
			u = u[i+2:]
		}
		hp, p, _ := strings.Cut(u, "/")
		h := withoutPort(hp)
		if h == hp || !loopbackHosts[strings.ToLower(h)] {
			continue
		}
		if p = strings.TrimSuffix(p, "/"); p != "" && p != "version" && !strings.HasSuffix(p, "/version") {
			return ""
		}
		if port != "" {
			return ""
		}
		port = hp[len(h)+1:]
	}
	if strings.Trim(port, "0123456789") != "" {
		return ""
	}
	return port
}

// servedKeyRe is one key of a JSON answer and what follows it: a string,
// a number or an opening brace.
var servedKeyRe = lazyregexp.New(`"([A-Za-z_][\w.-]*)"\s*:\s*(\{|"[^"]*"|[\d.]+)`)

// ownVersionWords are the words a key may add to "version" and still name
// the service's own version ("pkgVersion", "server_version"): any other
// word names another program's ("lucene_version").
var ownVersionWords = map[string]bool{"pkg": true, "package": true, "app": true, "server": true, "build": true, "current": true}

// servedVersion reads the version a service gave over HTTP on port of the
// box (see servedQuery): a key naming its own version ("version",
// "pkgVersion") or the "number" of a "version" object (`"version" : {
// "number" : "2.17.1" }`), as a setting of that port's program, asked as
// a version flag asks (queried).
func servedVersion(port, body string, prompt source) []setting {
	if !strings.Contains(body, "ersion") {
		return nil
	}
	inVersion := false
	for _, m := range servedKeyRe().FindAllStringSubmatch(body, -1) {
		key, v := strings.ToLower(m[1]), strings.Trim(m[2], `"`)
		if m[2] == "{" {
			inVersion = key == "version"
			continue
		}
		own := inVersion && key == "number"
		if !own {
			terms := keyTerms(m[1])
			own = slices.Contains(terms, "version")
			for _, t := range terms {
				own = own && (t == "version" || ownVersionWords[t])
			}
		}
		if v = withoutV(v); !own || !dotted(v) || !versionNumber(v) {
			continue
		}
		s := prompt
		s.quote = strings.TrimSpace(m[0])
		by := ""
		if key == "version" {
			by = strings.ToLower(body)
		}
		return []setting{{key: "version", terms: []string{"version"}, value: v, src: s, pinned: true, intro: prompt.quote, printed: true, queried: true, port: port, servedBy: by}}
	}
	return nil
}

// pastedServed reads, below a pasted prompt line that fetches a service's
// root or version endpoint on the box (`$ curl -s localhost:7700/version`,
// see servedQuery), the version the service answered, as if the agent had
// run it: the lines up to a blank line, a fence or the next prompt.
func pastedServed(text string, src source, intro string) []setting {
	if !strings.Contains(text, "$ ") || !strings.Contains(text, "ersion") {
		return nil
	}
	var out []setting
	port := ""
	var body []string
	flush := func() {
		if port != "" && len(body) > 0 {
			for _, st := range servedVersion(port, strings.Join(body, "\n"), src) {
				st.intro = intro
				out = append(out, st)
			}
		}
		port, body = "", nil
	}
	for _, ln := range strings.Split(text, "\n") {
		t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(ln), "|>"))
		cmd, prompt := promptCommand(t)
		switch {
		case prompt:
			flush()
			if cs := commands(cmd); len(cs) > 0 {
				port = servedQuery(cs[0])
			}
		case t == "" || strings.HasPrefix(t, "```"):
			flush()
		case port != "":
			body = append(body, t)
		}
	}
	flush()
	return out
}

// listedVersions reads a table a database client printed of what is
// installed, its header naming a "Name" and a "Version" column between
// pipes (psql's `\dx`: " timescaledb | 2.17.2 | public | …"): each row's
// version, of the program the row names, as printed on the box the agent
// asked. A table with no such header (a query's rows) gives nothing, nor
// one a command printed from a file (`cat docs/compat.md`, `grep -A3
// Version CHANGELOG.md`): a document's table tells plans and history,
// not what is installed.
func listedVersions(c command, body string, prompt source) []setting {
	if !strings.Contains(body, "|") || !strings.Contains(body, "Version") || !clientTable(c, body) {
		return nil
	}
	nameCol, verCol := -1, -1
	var out []setting
	for _, ln := range strings.Split(body, "\n") {
		cells := strings.Split(ln, "|")
		if len(cells) < 2 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if nameCol < 0 {
			for i, c := range cells {
				switch strings.ToLower(c) {
				case "name":
					nameCol = i
				case "version":
					verCol = i
				}
			}
			if verCol < 0 {
				nameCol = -1
			}
			continue
		}
		if max(nameCol, verCol) >= len(cells) {
			continue
		}
		name, v := cells[nameCol], withoutV(cells[verCol])
		if !versionName(name) || !dotted(v) || !versionNumber(v) {
			continue
		}
		s := prompt
		// (only the name and the version: another cell's words, "planned
		// for Q3", are no part of what was printed as installed)
		s.quote = name + " | " + cells[verCol]
		terms := keyTerms(name)
		out = append(out, setting{key: name, terms: terms, value: v, src: s, named: withTerms(terms, keyTerms(strings.ToLower(name))), pinned: true, intro: prompt.quote, printed: true, queried: true})
	}
	return out
}

// pagers print lines of a file (a match, its head): with fileReaders,
// what they show of a table is a document's.
var pagers = map[string]bool{"grep": true, "rg": true, "egrep": true, "ag": true, "less": true, "more": true,
	"head": true, "tail": true, "sed": true, "awk": true, "zcat": true}

// clientTable reports whether a command's table between pipes is one a
// database client printed: a client runs in the command (`docker compose
// exec db psql …`), or the table has psql's rule line ("---+---") and no
// program that reads a file printed it.
func clientTable(c command, body string) bool {
	rule := false
	for _, ln := range strings.Split(body, "\n") {
		if t := strings.TrimSpace(ln); strings.Contains(t, "-+-") && strings.Trim(t, "-+") == "" {
			rule = true
			break
		}
	}
	for _, a := range c.args {
		p := strings.ToLower(a.text[strings.LastIndexByte(a.text, '/')+1:])
		switch {
		case dbClients[p]:
			return true
		case (fileReaders[p] || pagers[p]) && !a.quoted:
			return false
		}
	}
	return rule
}

// moduleVersionRe is a Python module's version attribute in inline code:
// "torch.__version__".
var moduleVersionRe = lazyregexp.New(`\b([A-Za-z_]\w*)\.__version__\b`)

// printedModuleVersion reads the version a one-line Python program printed
// of a module (`python -c "import torch; print(torch.__version__,
// torch.version.cuda)"` printing "2.5.1+cu124 12.4"): the output's first
// word, as the version of the first module whose __version__ the code
// names, asked as a version flag asks.
func printedModuleVersion(c command, body string, prompt source) []setting {
	if len(c.args) < 3 || !strings.HasPrefix(path.Base(c.args[0].text), "python") {
		return nil
	}
	code := ""
	for i := 1; i+1 < len(c.args); i++ {
		if c.args[i].text == "-c" {
			code = c.args[i+1].text
			break
		}
	}
	m := moduleVersionRe().FindStringSubmatch(code)
	if m == nil {
		return nil
	}
	first := firstWord(strings.TrimSpace(body))
	v := queriedVersionRe().FindStringSubmatch(first)
	if v == nil || !strings.HasPrefix(strings.TrimLeft(first, "vV"), v[1]) {
		return nil
	}
	s := prompt
	s.quote = strings.TrimSpace(firstLine(strings.TrimSpace(body)))
	terms := keyTerms(m[1])
	return []setting{{key: m[1], terms: terms, value: v[1], src: s, named: withTerms(terms, keyTerms(strings.ToLower(m[1]))), pinned: true, intro: prompt.quote, printed: true, queried: true}}
}

// servedProgramVersion is, for a version a service gave on port, the
// program memory line places on that port ("Meilisearch v1.8 in docker,
// port 7700") and its version: the line names the port and one program
// with a dotted version written after it; or "" and "". An answer under a
// bare "version" key (by, see setting.servedBy) must name that program.
func servedProgramVersion(line, port, v, by string) (string, string) {
	if port == "" || !containsValue(line, port) {
		return "", ""
	}
	name, old := "", ""
	for _, nv := range namedVersions(line) {
		if !dotted(withoutV(trimValue(nv.version))) || valueShape(withoutV(nv.version)) != valueShape(v) {
			continue
		}
		if name != "" && !strings.EqualFold(name, nv.name) {
			return "", ""
		}
		name, old = nv.name, nv.version
	}
	if by != "" && !strings.Contains(by, strings.ToLower(name)) {
		return "", ""
	}
	return name, old
}

// versionQuery is the program c asks for its own version and the flag it
// asks with, or "" and "": `rustc --version`, and the same question
// past a runner (`npx wrangler --version`), inside a container
// (`docker compose exec varnish varnishd -V`) or with options that only
// pick where the program looks (`istioctl --context kind-mesh version`),
// of the client alone (`argocd version --client`) or of a jar (`java
// -jar bob.jar --version`); `pkg-config --modversion opencv4` asks for
// the library's. Any other word (`pytest -v tests/`, `helm version
// --short`) makes it another command.
func versionQuery(c command) (prog, flag string) {
	a := make([]string, 0, len(c.args))
	for _, w := range c.args {
		a = append(a, w.text)
	}
	a = a[min(c.runner, len(a)):]
	if n := containerExec(a); n > 0 {
		a = a[n:]
	}
	if len(a) == 3 && path.Base(a[0]) == "pkg-config" && a[1] == "--modversion" && !strings.HasPrefix(a[2], "-") {
		// "opencv4", "gtk4": the major version a module's file name
		// carries is no part of the library's name.
		if lib := strings.TrimRight(a[2], "0123456789"); lib != "" {
			return lib, a[1]
		}
		return a[2], a[1]
	}
	if len(a) >= 3 && path.Base(a[0]) == "java" && a[1] == "-jar" && strings.HasSuffix(a[2], ".jar") {
		// `java -jar bob.jar --version`: the program asked is the
		// jar's, the runtime only starts it.
		a = append([]string{path.Base(a[2])}, a[3:]...)
	}
	if len(a) >= 3 && a[len(a)-2] == "version" && clientOnlyFlags[a[len(a)-1]] {
		// `argocd version --client`: the command line tool's own
		// version, without asking its server's.
		a = a[:len(a)-1]
	}
	if len(a) < 2 || !versionFlags[a[len(a)-1]] {
		return "", ""
	}
	for i := 1; i < len(a)-1; i += 2 {
		// (Only "--name value" pairs: a program's scope, not a
		// subcommand's words.)
		if !strings.HasPrefix(a[i], "--") || strings.Contains(a[i], "=") || i+1 >= len(a)-1 || strings.HasPrefix(a[i+1], "-") {
			return "", ""
		}
	}
	return a[0], a[len(a)-1]
}

// askedVersion reports whether the command line line, pasted after a
// prompt's "$", asks a program its version or what is installed (its
// first command: `pip show jax | grep Version`), and the program asked its
// version by a flag, whose bare answer ("0.13.0" under `zig version`) is
// that program's.
func askedVersion(line string) (bool, string) {
	cs := commands(line)
	if len(cs) == 0 {
		return false, ""
	}
	if p, _ := versionQuery(cs[0]); p != "" {
		if p = path.Base(p); versionName(p) {
			return true, p
		}
		return true, ""
	}
	sub, _ := reportSubcommand(cs[0])
	return sub == "show", ""
}

// containerExec is the number of words before the program a container
// runs in `docker compose exec svc prog …`, `docker exec -it box prog …`
// (with podman the same), `sail php -v` (Laravel Sail runs the program in
// the app's container), `ddev exec prog …`, or 0: the program past them is
// the one asked.
func containerExec(a []string) int {
	i := 0
	switch {
	case len(a) > 2 && path.Base(a[0]) == "sail":
		return 1
	case len(a) > 2 && a[0] == "ddev" && a[1] == "exec":
		return 2
	case len(a) > 2 && (a[0] == "docker" || a[0] == "podman") && a[1] == "compose" && a[2] == "exec":
		i = 3
	case len(a) > 1 && (a[0] == "docker" || a[0] == "podman" || a[0] == "docker-compose") && a[1] == "exec":
		i = 2
	case len(a) > 2 && (a[0] == "docker" || a[0] == "podman") && a[1] == "compose" && a[2] == "run", len(a) > 1 && a[0] == "docker-compose" && a[1] == "run":
		// `docker compose run --rm web ./manage.py --version` runs
		// the program named after the service; `docker compose run
		// --rm freqtrade --version`, only flags after the service's
		// name, the program it is named after (its image's
		// entrypoint).
		i = 2
		if a[1] == "compose" {
			i = 3
		}
		for i < len(a) && strings.HasPrefix(a[i], "-") {
			i++
		}
		if i+1 < len(a) && strings.HasPrefix(a[i+1], "-") {
			return i
		}
		if i+1 >= len(a) {
			return 0
		}
		return i + 1
	default:
		return 0
	}
	for i < len(a) && strings.HasPrefix(a[i], "-") {
		i++
	}
	if i+1 >= len(a) {
		return 0
	}
	return i + 1
}

// versionLabelRe is a label that says the value after it is the
// program's own version, in the report a version subcommand prints:
// "Version:", "Build Tag:", "Release:", "Client Version:" (the command
// line tool's own, above its server's) (not "Go Version:", another
// program's).
var versionLabelRe = lazyregexp.New(`^(?:build\s+|client\s+)?(?:version|tag|release)\s*:\s*$`)

// reportSubcommands make a program report what is installed where the
// agent runs it: `pip show x`, `pip freeze`, `pip list`, `git submodule
// status`, `git -C vendor/lib describe --tags`, `cap doctor`. Like a
// version flag's answer, what they print is the box the project is worked
// on.
var reportSubcommands = map[string]bool{"show": true, "doctor": true, "describe": true, "status": true, "freeze": true, "list": true}

// reportedVersions reads the versions of named programs a report
// subcommand printed (see reportSubcommands), in any shape a paste's are
// read in ("Name: x" above "Version: 2.1", "@scope/core: 7.2.0", "path
// (v11.1.0)"), or, for `git -C dir describe`, the version alone, of the
// program the directory is named after; a report other than `show` also
// gives the program's own version in a row labelled only "Version"
// (ownVersionRow). Only a version joined to a name
// counts, and only as a later one than memory's (printed): a report of
// settings or of files changes nothing.
func reportedVersions(c command, output string, prompt source) []setting {
	sub, dir := reportSubcommand(c)
	if sub == "" {
		return nil
	}
	body := strings.TrimSpace(shellOutput(output))
	var found []setting
	if name := path.Base(strings.TrimRight(dir, "/")); sub == "describe" && dir != "" && versionName(name) && !strings.Contains(body, "\n") {
		if m := queriedVersionRe().FindStringSubmatch(body); m != nil && strings.TrimLeft(body, "vV") == m[1] {
			// `git -C buildroot describe --tags` printing "2025.02.3":
			// the checkout's release.
			terms := keyTerms(name)
			s := prompt
			s.quote = body
			found = append(found, setting{key: name, terms: terms, value: m[1], src: s, named: terms})
		}
	} else {
		// (Under a line that announces it, as output: its first line is
		// no intro of the person's.)
		found = pastedSettings("Output:\n"+body, prompt)
		if sub != "show" {
			found = append(found, ownVersionRow(path.Base(c.args[min(c.runner, len(c.args)-1)].text), body, prompt)...)
		} else if pkg := shownPackage(c); pkg != "" {
			// `composer show filament/filament` printing "versions :
			// * v3.3.4": the report is of the one package asked, so
			// its version row is that package's.
			found = append(found, ownVersionRow(pkg, body, prompt)...)
		}
	}
	var out []setting
	seen := map[string]bool{}
	for _, st := range found {
		k := strings.Join(st.named, " ") + "=" + st.value
		if st.named == nil || !dotted(withoutV(st.value)) && !versionNumber(withoutV(st.value)) || seen[k] {
			// ("@capacitor/cli: 7.2.0" and "@capacitor/core: 7.2.0"
			// are one version of one program.)
			continue
		}
		seen[k] = true
		st.pinned, st.printed, st.queried, st.intro = true, true, true, prompt.quote
		out = append(out, st)
	}
	return out
}

// versionRowRe is a report's row labelled only as a version, its label
// and value in columns or after a colon: "Version         1.17.2",
// "Version: 2.4.0".
var versionRowRe = lazyregexp.New(`^(?i:versions?)\s*[:=]?\s+(?:\*\s*)?v?(\d+(?:\.\d+)+)\b`)

// ownVersionRow reads the row of a report that gives a version under no
// other name (`vault status` printing "Version 1.17.2"): the version of
// prog, the program run, as a version flag's answer is, or, for a `show`
// report of one package (`composer show filament/filament` printing
// "versions : * v3.3.4"), the package asked (shownPackage).
func ownVersionRow(prog, body string, prompt source) []setting {
	if !strings.Contains(body, "ersion") {
		return nil
	}
	if !versionName(prog) {
		return nil
	}
	for _, ln := range strings.Split(body, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || t[0]|0x20 != 'v' {
			// (The cheap test first: the regexp runs only on a row
			// that opens with a "v" or "V", as the label does, not
			// on every row of a long list.)
			continue
		}
		if m := versionRowRe().FindStringSubmatch(t); m != nil {
			s := prompt
			s.quote = t
			terms := keyTerms(prog)
			return []setting{{key: prog, terms: terms, value: m[1], src: s, named: withTerms(terms, keyTerms(strings.ToLower(prog)))}}
		}
	}
	return nil
}

// shownPackage is the name of the one package a `show` report asks for
// (`composer show filament/filament`, `pip show jax`): the last part of
// its one argument that is no flag, or "" for none or several (`pip show
// a b` prints a block per package, each naming its own).
func shownPackage(c command) string {
	pkg := ""
	seen := false
	for _, a := range c.args[min(c.runner, len(c.args)-1)+1:] {
		switch t := a.text; {
		case t == "show" && !seen:
			seen = true
		case !seen || strings.HasPrefix(t, "-"):
		case pkg != "":
			return ""
		default:
			pkg = path.Base(t)
		}
	}
	return pkg
}

// reportSubcommand is the report subcommand c runs (see
// reportSubcommands) and the directory a `-C dir` before it names: the
// program's verb (`git -C dir describe`, `cap doctor`) or the word right
// after it (`pip show`, `git submodule status`). A report word further on
// is an argument (`grep -rn status app.log` searches for it), and `git
// show` prints commits and their diffs, not what is installed.
func reportSubcommand(c command) (sub, dir string) {
	i := min(c.runner, len(c.args)-1) + 1
	if i+1 < len(c.args) && c.args[i].text == "-C" {
		dir, i = c.args[i+1].text, i+2
	}
	if i >= len(c.args) {
		return "", ""
	}
	switch v := c.args[i].text; {
	case reportSubcommands[v]:
		sub = v
	case !strings.HasPrefix(v, "-") && i+1 < len(c.args) && reportSubcommands[c.args[i+1].text]:
		sub = c.args[i+1].text
	}
	if sub == "show" && path.Base(c.args[0].text) == "git" {
		return "", ""
	}
	return sub, dir
}

// placedVersionRe is a memory line's word setting its version for a
// place other than the box the project is worked on: a pin, a target, a
// runtime or production ("CI installs X" is the box CI builds on, which
// follows the project's, so "ci" is otherPlaceRe's only). It is built
// from the words of projectTargetRe and otherPlaceRe.
var placedVersionRe = lazyregexp.New(`(?i)\b(?:` + targetWords + `|` + boundWords + `|on the servers?)\b`)

// targetWords are projectTargetRe's words; boundWords the pins, places
// and bounds placedVersionRe and otherPlaceRe share.
const (
	targetWords = `targets?|targeting|runtime`
	boundWords  = `pin|pins|pinned|pinning|production|prod|minimum|at least`
)

// projectTargetRe is a memory line's word setting the version the project
// itself is made for: "LÖVE 11.4 is the target runtime", "Target MATLAB
// R2023a". Beside a place (otherPlaceRe: "runs on Node 18 in production")
// it is that place's.
var projectTargetRe = lazyregexp.New(`(?i)\b(?:` + targetWords + `)\b`)

// otherPlaceRe is a word of placedVersionRe naming a place or a bound
// other than the project's own target: a pin, production, the servers,
// CI, a minimum.
var otherPlaceRe = lazyregexp.New(`(?i)\b(?:` + boundWords + `|servers?|ci)\b`)

// projectTarget reports whether memory line l sets the version the
// project targets, with no other place named (see projectTargetRe).
func projectTarget(l string) bool {
	return projectTargetRe().MatchString(l) && !otherPlaceRe().MatchString(l)
}

// introUpdateRe is the person's words telling that a program was
// updated or a newer one installed: "updated love on this machine", "I
// have installed the newer Lazarus release".
var introUpdateRe = lazyregexp.New(`(?i)` + updateWord + `|\binstall(?:ed)?\s+(?:the\s+|a\s+)?new(?:er|est)?\b`)

// updatedProgram reports whether intro, the person's message before a
// version query, tells an update of the program named (its terms): a
// target memory gives the program's version for follows the person's
// own update of it, as a pin or production box does not.
func updatedProgram(intro string, named []string) bool {
	if !introUpdateRe().MatchString(intro) || otherPlaceRe().MatchString(intro) {
		return false
	}
	in := termSet(named)
	for _, w := range strings.Fields(intro) {
		if w = trimValue(w); versionName(w) && namesProgram(w, in) {
			return true
		}
	}
	return false
}

// updatedInSession reports whether the person told the program of a
// queried version updated (updatedProgram) in the message the agent
// answered by asking, or earlier in the same session: "upgraded to the
// new zig yesterday", then "bump the minimum version in build.zig.zon",
// then `zig version`.
func updatedInSession(said []source, st setting) bool {
	if updatedProgram(st.intro, st.named) {
		return true
	}
	for _, s := range said {
		if s.session == st.src.session && before(s, st.src) && updatedProgram(s.quote, st.named) {
			return true
		}
	}
	return false
}

// introProgramVersion is, for a version query whose program line does not
// name (a build tool's own version, `lazbuild --version`), the program the
// person's intro tells updated ("I have installed the newer Lazarus
// release"): the one word of intro naming a program line writes a version
// of v's shape after, as line writes it, and that version; or "" and "".
// Two programs named leave it open which one the output is. cands are
// introNames(intro), computed once for all of memory's lines.
func introProgramVersion(cands [][]string, line, v string) (string, string) {
	name, old := "", ""
	for _, terms := range cands {
		n, o := versionAfterName(line, terms, v)
		if o == "" || dotted(withoutV(o)) != dotted(withoutV(v)) || strings.EqualFold(n, name) {
			// ("Visual Studio 2022 17.8": a year is no version.)
			continue
		}
		if name != "" {
			return "", ""
		}
		name, old = n, o
	}
	return name, old
}

// introNames are the terms of each word of intro that may name a program
// updated, or none when intro tells no update (see introProgramVersion).
func introNames(intro string) [][]string {
	if !introUpdateRe().MatchString(intro) {
		return nil
	}
	var out [][]string
	for _, w := range strings.Fields(intro) {
		if w = trimValue(w); versionName(w) && len(w) >= 3 {
			out = append(out, withTerms(keyTerms(w), keyTerms(strings.ToLower(w))))
		}
	}
	return out
}

// queriedVersionRe is the first dotted version of a line, written alone
// or after a word that may join it ("go1.23.4", "v0.72.5").
var queriedVersionRe = lazyregexp.New(`(?:^|[^\w.])(?:[A-Za-z]+)?v?(\d+(?:\.\d+)+)\b`)

// laterVersion reports whether version a comes after b, part by part
// ("20.11.1" after "18", "3.12.4" after "3.11"); a more precise version
// of b ("3.11.9" of "3.11") does not.
func laterVersion(a, b string) bool {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, errx := strconv.Atoi(pa[i])
		y, erry := strconv.Atoi(pb[i])
		if errx != nil || erry != nil {
			return false
		}
		if x != y {
			return x > y
		}
	}
	return false
}

// keyTerms splits a key into the terms of its words: "minimum_chrome_version"
// and "minimumChromeVersion" both name minimum, chrome and version.
func keyTerms(key string) []string {
	var b strings.Builder
	prev := rune(0)
	for _, r := range key {
		switch {
		case r == '_' || r == '-' || r == '.':
			b.WriteByte(' ')
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteByte(' ')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return factTerms(b.String())
}

// pastedChanges turns the pasted settings of new sessions into changes of
// the memory lines that state another value for them (see the top of this
// file for the two signals each needs), when one memory line only states
// the setting.
func pastedChanges(settings []setting, said []source, k *known, isNew func(int) bool) []change {
	var out []change
	for _, st := range settings {
		if !isNew(st.src.session) || st.queried && namesVersionOf(said, st.named, st.value, k.heldVersions(st.named)) {
			// The version of the box the agent asked does not outrank
			// one the person gave the program in their own words: a
			// later run would edit the line they wrote.
			continue
		}
		var found []change
		var cands [][]string
		if st.queried {
			cands = introNames(st.intro)
		}
		for _, l := range k.lines {
			// A line a pending patch already removes is still the old
			// value a program printed past: the change is found on a
			// second run too (applyChanges then reads it as done), so
			// what retells it is folded the same way whether or not
			// the first run's patch is pending.
			if k.from[l] == "" || strings.Contains(l, verificationPrefix) {
				continue
			}
			ch := change{new: st.value, subject: st.terms, terms: st.terms, src: st.src}
			old, name := "", ""
			if st.from != "" {
				// The program told the change, or a pasted diff
				// showed it: memory holding the value it changed
				// from holds the old one. (A diff asked about is
				// one nobody applied yet; the work tree's diff
				// is applied.)
				if !st.worktree && asksInMessage(said, st.src) {
					continue
				}
				if containsValue(l, st.from) && (oneValueOfShape(l, st.from) || strings.Contains(st.from, "/")) {
					// (A path is one value however many the line
					// writes: "citation style csl/apa.csl" beside
					// "refs/lab.bib".)
					ch.old, ch.context = st.from, st.src.quote
					found = append(found, ch)
				} else if o, n := pathTail(l, st.from, st.value); o != "" {
					ch.old, ch.new, ch.context = o, n, st.src.quote
					found = append(found, ch)
				} else if v := keySlotValue(l, st); !hasDigit(st.from) && strings.EqualFold(v, st.from) {
					// `html_theme = "furo"` for "HTML theme is
					// furo.": a word, where the line writes the key.
					ch.old, ch.context = v, st.src.quote
					found = append(found, ch)
				}
				continue
			}
			if st.file != "" {
				if !containsValue(l, st.file) {
					continue
				}
				if old = onlyVersion(l, st.value); old == "" {
					continue
				}
			}
			if st.word {
				// (A word ties to no line by its shape, only by
				// the variable's name.)
				if old = keySlotValue(l, st); old == "" {
					continue
				}
				ch.terms = withTerms(ch.terms, factTerms(st.key))
			}
			if st.named != nil && !st.word {
				name, old = versionAfterName(l, st.named, st.value)
				if old == "" {
					// The version alone: the words between it and
					// the name stay as they are.
					old = versionNearName(l, st.named, st.value)
				}
			}
			// A command's words name the setting too: "--port" in
			// `wrangler dev --port 8787`.
			lt := termSet(factTerms(jointsAsSpaces.Replace(l)))
			if old == "" && st.port != "" {
				name, old = servedProgramVersion(l, st.port, st.value, st.servedBy)
			}
			if old == "" && st.queried {
				// `lazbuild --version` printing "3.6" under "I installed
				// the newer Lazarus release": the program updated is the
				// one the person names.
				name, old = introProgramVersion(cands, l, st.value)
			}
			if old == "" && !st.pinned && !subset(termSet(st.terms), lt) {
				// "s.options.sampleRate": the path before the last
				// part names the object that holds the setting, which
				// memory need not name; a last part of two words or
				// more ("sample rate") names the setting well enough.
				if last := keyTerms(st.key[strings.LastIndexByte(st.key, '.')+1:]); len(last) >= 2 && len(last) < len(st.terms) && subset(termSet(last), lt) {
					ch.subject = last
				}
			}
			if old == "" && !st.pinned && subset(termSet(ch.subject), lt) {
				if old = slotValue(l, ch); !oneValueOfShape(l, old) {
					old = ""
				}
				if p := portOnly(l, st.value); old == "" && p != "" {
					// "Listening on 127.0.0.1:5050." for "Service
					// listens on port 5000": the line gives the port
					// alone.
					c := ch
					c.new = p
					if old = slotValue(l, c); oneValueOfShape(l, old) {
						ch = c
					} else {
						old = ""
					}
				}
			}
			if old == "" && !st.pinned {
				// "compileSdk 34, minSdk 26" for "compileSdk = 35": the
				// line writes the key itself, its value right after.
				if old = keySlotValue(l, st); old != "" {
					// (The line's word for the setting is the key
					// as one word: "compilesdk".)
					ch.terms = withTerms(ch.terms, factTerms(st.key))
				}
			}
			if old == "" && !st.pinned {
				// "Runs are logged to the `churn-v2` experiment." for
				// "experiment_name: churn-v3": the key's words less the
				// kind of value it holds name the setting.
				if subj := kindlessTerms(st.terms); subj != nil && subset(termSet(subj), lt) {
					c := ch
					c.subject = subj
					if o := slotValue(l, c); o != "" && oneValueOfShape(l, o) {
						// "gRPC server listens on :50051." for
						// "grpc_addr: ":9090"".
						old, ch = o, c
					} else {
						old = shapedValue(l, st.value)
					}
				}
			}
			if old == "" && !st.pinned && versionKey(st.terms) {
				// "t.version = "11.5"" under "here is conf.lua after i
				// upgraded love": a version key whose own words name no
				// program of memory's is the version of the program the
				// person says they updated, and only a later one.
				if n, o := introProgramVersion(introNames(st.intro), l, st.value); o != "" && laterVersion(withoutV(st.value), withoutV(o)) {
					name, old = n, o
				}
			}
			if old == "" && !st.pinned && st.section != nil {
				// "url: http://localhost:5056/webhook" under
				// "action_endpoint:" for "The action server runs on
				// port 5055": the section names whose setting it is.
				old, ch = sectionValue(l, st, ch)
			}
			if old == "" && !st.pinned {
				// "gcc13.2" for "gcc11.4": a version written after
				// the same stem.
				old = sameStemValue(l, st.value)
			}
			if old == "" && !st.pinned {
				// "127.0.0.1:3400" for "site at 127.0.0.1:3000": the
				// address memory gives, moved to another port.
				if o, n := movedAddress(l, st); o != "" {
					old, ch.new = o, n
				} else {
					// "build02.lab.lan" for "build01.lab.lan": the next
					// machine of the same series.
					old = siblingHost(l, st.value)
				}
			}
			if old != "" && !st.pinned && !st.word && strings.Contains(st.key, "-") && keySlotValue(l, st) == old {
				// "Standards-Version: 4.6.2 in debian/control": the
				// line writes the hyphenated key as one word, which
				// names the setting where its split words do not.
				// (Not yet for a key with an underscore: tuning45's
				// fly.toml internal_port would then be found, but a
				// second run proposes the sentence that retold it.)
				ch.terms = withTerms(ch.terms, factTerms(st.key))
			}
			if old == "" || strings.EqualFold(withoutV(old), withoutV(st.value)) || st.printed && !laterVersion(withoutV(st.value), withoutV(old)) ||
				!toldChanged(said, st, old) && !(showsNamedFile(st.intro, l) && !asksInMessage(said, st.src)) && !(st.file != "" && (updatedNamedFile(st.intro, l) || laterVersion(withoutV(st.value), withoutV(old)) && !asksInMessage(said, st.src))) {
				continue
			}
			if st.queried && placedVersionRe().MatchString(l) && !(projectTarget(l) && updatedInSession(said, st)) && !updatedNamedFile(st.intro, l) {
				// "CI pins Terraform 1.5.7", "runs on Node 18 in
				// production": the box the agent asked is not the
				// place this version is set for.
				continue
			}
			ch.old = old
			if name != "" {
				// "dbt-core 1.7 with dbt-bigquery 1.7": the version
				// after this name only.
				ch.old, ch.new = joinedName(name)+old, joinedName(name)+writtenAs(st.value, old)
				if series := seriesOf(old, st.value); series != "" {
					// "Salt 3006.x" for 3007.1: memory names the
					// series, and so does the edit.
					ch.new = joinedName(name) + series
				}
			}
			ch.context = st.src.quote
			if i := sentenceOf(said, st.src); i >= 0 {
				ch.context = message(said, i)
			}
			found = append(found, ch)
		}
		if len(found) == 0 && !st.printed && !st.queried && st.from == "" && st.file == "" && !st.word {
			if ch, ok := k.typedPasteChange(st, said); ok {
				found = append(found, ch)
			}
		}
		if len(found) == 1 {
			// A key that fits two lines ("port" beside a dev server's
			// and a cache's) does not say which of them it set.
			out = append(out, found...)
		}
	}
	return out
}

// pathTail is the end of a path a memory line writes of a pasted one
// ("scenes/main.tscn" of "res://scenes/main.tscn") and the end of as many
// parts of the new path, when they differ; or "", "".
func pathTail(line, from, to string) (string, string) {
	fs, ts := strings.Split(from, "/"), strings.Split(to, "/")
	for n := min(len(fs), len(ts)) - 1; n >= 1; n-- {
		o, nw := strings.Join(fs[len(fs)-n:], "/"), strings.Join(ts[len(ts)-n:], "/")
		if o != nw && strings.Trim(o, "/") != "" && containsValue(line, o) && oneValueOfShape(line, o) {
			return o, nw
		}
	}
	return "", ""
}

// typedPasteChange pairs a pasted setting whose key memory does not write
// with the memory line that holds a value of its value's kind for the same
// thing (pairValues): "REDIS_PORT=6390" for "Redis runs on port 6380
// locally", "region: europe-west4" under "gcp:" for "Default region
// us-central1", "channel = "1.79.0"" under a rust-toolchain.toml intro for
// "Rust toolchain 1.76". The key's words less their kind (kindlessTerms),
// its section and the person's words before the paste name the thing; a
// version is of the product the key names, or, named by none, of what the
// only line holding a version keeps. The second signal is as for any
// paste (toldChanged): the person says the paste holds now, or a change.
// A version only rises, and a value placed in another environment than the
// line's changes nothing.
func (k *known) typedPasteChange(st setting, said []source) (change, bool) {
	if !hasDigit(st.value) && !strings.Contains(st.value, ".") {
		return change{}, false
	}
	terms := kindlessTerms(st.terms)
	if terms == nil {
		terms = st.terms
	}
	var vals []typedValue
	if h := hostOf(strings.ToLower(st.value)); h != "" {
		vals = append(vals, typedValue{kind: "host", value: h})
	}
	for _, v := range typedValues(strings.Join(terms, " ") + " " + strings.Trim(st.value, `"'`)) {
		if placeLike(v) {
			vals = append(vals, v)
		}
	}
	if len(vals) == 0 {
		return change{}, false
	}
	mem := k.diskValuedLines()
	if len(mem) == 0 {
		return change{}, false
	}
	subj := subjectTerms(st.intro + " " + strings.Join(append(append([]string(nil), st.terms...), st.section...), " "))
	old, new, ok := k.toldPair(mem, vals, st.intro, subj, st.intro+" "+st.key+" "+st.value, st.intro)
	if !ok {
		return change{}, false
	}
	if !toldChanged(said, st, old.value) || asksInMessage(said, st.src) {
		return change{}, false
	}
	ch := change{old: old.value, new: new.value, subject: st.terms, terms: withTerms(st.terms, factTerms(st.key)), src: st.src, context: st.src.quote}
	if i := sentenceOf(said, st.src); i >= 0 {
		ch.context = message(said, i)
	}
	return ch, true
}

// onlyVersion is the one version line writes in v's shape ("20" of
// "Node 20 via nvm (.nvmrc)" for 22.11.0), or "" for none or several: a
// file holding a version alone gives no name to pick one of two.
func onlyVersion(line, v string) string {
	found := ""
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if t := trimValue(w); versionNumber(withoutV(t)) && valueShape(withoutV(t)) == valueShape(withoutV(v)) {
			if found != "" {
				return ""
			}
			found = t
		}
	}
	return found
}

// updatedNamedFile reports whether intro, the person's message before a
// version query, tells an update of a file that memory line line names
// ("I bumped rust-toolchain.toml" for "Rust 1.79 pinned in
// rust-toolchain.toml"): the pin itself moved, so the version the box
// now reports is the pinned one.
func updatedNamedFile(intro, line string) bool {
	if !updateWordRe().MatchString(intro) && !ownChangeRe().MatchString(intro) || strings.HasSuffix(strings.TrimSpace(intro), "?") {
		return false
	}
	for _, w := range strings.Fields(intro) {
		// (A dotfile keeps its dot: ".terraform-version".)
		if f := strings.TrimRight(strings.Trim(w, "\"'`(),;:!?"), "."); len(f) > 3 && strings.Contains(f, ".") && !hasDigit(f) && containsValue(line, f) {
			return true
		}
	}
	return false
}

// showsNamedFile reports whether intro, the first line of a paste, is a
// command the person ran to print a file that memory line line names
// (`$ grep -A3 'frontend stats' conf.d/00-stats.cfg` for "Stats page on
// :8404 (frontend stats in conf.d/00-stats.cfg)"): the file as it stands,
// shown against the line that cites it, is the second signal a word of
// change otherwise gives.
func showsNamedFile(intro, line string) bool {
	cmd, ok := promptCommand(intro)
	if !ok {
		return false
	}
	cs := commands(cmd)
	if len(cs) == 0 || len(cs[0].args) < 2 {
		return false
	}
	if p := path.Base(cs[0].args[0].text); !fileReaders[p] && !pagers[p] {
		return false
	}
	for _, a := range cs[0].args[1:] {
		if f := a.text; !strings.HasPrefix(f, "-") && strings.ContainsAny(f, "./") && !strings.ContainsAny(f, "*?$") && len(f) > 3 && containsValue(line, f) {
			return true
		}
	}
	return false
}

// asksInMessage reports whether the person's message at src asks
// something (a sentence ending in "?"): a file shown with a question
// ("why is it 8405?") may show a mistake, not the setting.
func asksInMessage(said []source, src source) bool {
	for _, s := range said {
		if s.session == src.session && s.msgID == src.msgID && strings.HasSuffix(strings.TrimSpace(s.quote), "?") {
			return true
		}
	}
	return false
}

// keySlotValue is the value memory line line gives pasted setting st
// where the line writes st's key itself, as the file does ("compileSdk
// 34, minSdk 26" for "compileSdk = 35", "`max_connections = 200`"): the
// value right after it, past a ":", "=" or "is", written the way st's
// is; or "". A key of fewer than four letters ("id", "url") may be a
// word of prose.
func keySlotValue(line string, st setting) string {
	if len(st.key) < 4 {
		return ""
	}
	// The key as written, or its words in prose when it joins two or
	// more ("primary region ams" for "primary_region").
	key := []string{strings.ToLower(st.key)}
	if !strings.Contains(strings.ToLower(line), key[0]) {
		if key = strings.Fields(strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(st.key))); len(key) < 2 {
			if key = strings.Fields(camelWords(st.key)); len(key) < 2 {
				return ""
			}
		}
	}
	f := strings.Fields(strings.NewReplacer("`", " ", "=", " = ", ":", " : ").Replace(line))
	shape := valueShape(st.value)
	for i := 0; i+len(key) < len(f); i++ {
		at := true
		for k, w := range key {
			at = at && strings.EqualFold(strings.Trim(f[i+k], `"'(),;`), w)
		}
		if !at {
			continue
		}
		j := i + len(key)
		for j < len(f)-1 && (f[j] == ":" || f[j] == "=" || strings.EqualFold(f[j], "is")) {
			j++
		}
		if v := withoutRange(trimValue(strings.TrimRight(f[j], ".,;"))); v != "" && valueShape(v) == shape && !strings.EqualFold(v, st.value) {
			return v
		}
		return ""
	}
	return ""
}

// kindWords say what kind of value a key holds, not what it sets:
// "experiment_name", "datasource_uid", "grpc_addr" set the experiment,
// the datasource and the gRPC server.
var kindWords = stemmed(map[string]bool{"name": true, "id": true, "uid": true, "url": true, "uri": true, "path": true, "dir": true, "directory": true, "host": true, "hostname": true, "addr": true, "address": true, "value": true})

// kindlessTerms are a key's terms less its kindWords, or nil when the key
// holds no kind word or nothing else.
func kindlessTerms(terms []string) []string {
	var out []string
	kind := false
	for _, t := range terms {
		if kindWords[t] {
			kind = true
		} else {
			out = append(out, t)
		}
	}
	if !kind {
		return nil
	}
	return out
}

// shapedValue is the one value of memory line line written the way v is,
// when that way has letters, digits and a joint ("churn-v2" for
// "churn-v3", "eu-west-1" for "eu-central-1"): a value of such a shape is
// the setting's wherever the line names it. Bare numbers and words are
// too common a shape to tell; two values of v's shape leave it open.
func shapedValue(line, v string) string {
	if !distinctShape(v) {
		return ""
	}
	shape, found := valueShape(v), ""
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if t := trimValue(w); valueShape(t) == shape && !strings.EqualFold(t, v) {
			if found != "" {
				return ""
			}
			found = t
		}
	}
	return found
}

// versionKey reports whether key terms name a version ("version",
// "t.version", "engineVersion"), not a bound alone ("max_connections").
func versionKey(terms []string) bool {
	for _, t := range terms {
		if versionWords[t] && !strings.HasPrefix(t, "min") && !strings.HasPrefix(t, "max") {
			return true
		}
	}
	return false
}

// sectionValue finds, in memory line line, the value pasted setting st
// gives under the header of its section (see pasteBlock), and ch with
// that section as its subject: the one value of line written as st's (a
// port for an address's port, where line gives the port alone), in a
// line naming a word of the section ("Stats page on :8404 (frontend
// stats …)" for "bind :8405" under "frontend stats"). It gives "" and ch
// when line names no word of the section or holds two such values.
func sectionValue(line string, st setting, ch change) (string, change) {
	c := ch
	c.subject = nil
	for _, t := range st.section {
		if !valueTerms([]string{t})[t] && !genericSectionTerms[t] {
			c.subject = append(c.subject, t)
		}
	}
	if len(c.subject) == 0 {
		return "", ch
	}
	c.terms = withTerms(ch.terms, c.subject)
	if p := portOnly(line, st.value); p != "" {
		c.new = p
	}
	if !intersects(termSet(c.subject), termSet(factTerms(jointsAsSpaces.Replace(line)))) {
		return "", ch
	}
	shape := valueShape(c.new)
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if v := trimValue(w); hasDigit(v) && valueShape(v) == shape && !strings.EqualFold(v, c.new) && !portAndVersion(v, c.new) {
			if !oneValueOfShape(line, v) {
				break
			}
			return v, c
		}
	}
	return "", ch
}

// jointsAsSpaces writes the underscores, hyphens and backquotes of a
// line as spaces, so a joined name's parts read as its terms; built
// once, not per line.
var jointsAsSpaces = strings.NewReplacer("_", " ", "-", " ", "`", " ")

// genericSectionTerms head blocks of many kinds of file and name no one
// setting's owner: "server {", "[tool]", "defaults".
var genericSectionTerms = map[string]bool{"server": true, "tool": true, "default": true, "defaults": true, "global": true, "config": true, "setting": true, "settings": true, "env": true, "environment": true, "option": true, "options": true, "spec": true, "data": true, "properties": true, "general": true, "main": true}

// portOnly is the port of address v ("http://localhost:5056/webhook")
// when memory line line writes no address, only ports ("runs on port
// 5055"), or "": a line with an address of its own takes the whole
// address (movedAddress).
func portOnly(line, v string) string {
	p := addressPort(v)
	if p == "" || !whole(p) {
		return ""
	}
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if addressPort(trimValue(w)) != "" {
			return ""
		}
	}
	return p
}

// versionAfterName finds, in line, a version written right after a word
// naming the program (every term of the word among named: "Airflow 2.7",
// "dbt-core 1.7"), written the way v is (but for a "v": see withoutV); it
// gives the word as the line writes it and the version, or "" and "".
func versionAfterName(line string, named []string, v string) (string, string) {
	in := termSet(named)
	f := strings.Fields(strings.ReplaceAll(line, "`", " "))
	for i := range f {
		if m := imageRefRe().FindStringSubmatch(trimValue(f[i])); m != nil && namesProgram(m[1], in) {
			// "image cassandra:4.1", "apache/superset:3.1.0": the
			// name (the last part of the image's path) joined to its
			// tag.
			ref := trimValue(f[i])
			if base := ref[strings.LastIndexByte(ref, '/')+1:]; strings.HasPrefix(base, m[1]+":") {
				if old := base[len(m[1])+1:]; valueShape(withoutV(old)) == valueShape(withoutV(v)) {
					return ref[:len(ref)-len(old)], old
				}
			}
		}
		if i == 0 {
			continue
		}
		w, old := f[i-1], trimValue(f[i])
		if strings.TrimLeft(w, "(") != trimValue(w) || !hasDigit(old) || valueShape(withoutV(old)) != valueShape(withoutV(v)) && seriesOf(old, v) == "" {
			continue
		}
		if namesProgram(w, in) {
			return strings.TrimLeft(w, "("), old
		}
		if j := strings.LastIndexByte(w, '/'); j > 0 && j < len(w)-1 && !strings.ContainsAny(w[:j], "/:.~") && unicode.IsUpper(rune(strings.TrimLeft(w, "(")[0])) && unicode.IsUpper(rune(w[j+1])) && namesProgram(w[j+1:], in) {
			// "Frappe/ERPNext v14": two names joined, the version
			// right after the last; the first keeps its place. (Both
			// capitalised: "src/app" is a path.)
			return strings.TrimLeft(w, "("), old
		}
	}
	return "", ""
}

// seriesOf is version v written as the release series old names with a
// wildcard ("3007.x" of 3007.1 for "3006.x", "1.17.x" of 1.17.2 for
// "1.15.x"), or "": old is no series, v no version, or v one of old's
// own series (3006.9 is a release of "3006.x", no new value).
func seriesOf(old, v string) string {
	old, v = withoutV(old), withoutV(v)
	if !strings.HasSuffix(old, ".x") || !versionNumber(old[:len(old)-2]) || !versionNumber(v) {
		return ""
	}
	n := len(strings.Split(old[:len(old)-2], "."))
	parts := strings.Split(v, ".")
	if len(parts) < n {
		return ""
	}
	series := strings.Join(parts[:n], ".")
	if series == old[:len(old)-2] {
		return ""
	}
	return series + ".x"
}

// heldVersions are the versions memory's lines write right after a name
// of the program whose name's terms are named, without any "v".
func (k *known) heldVersions(named []string) map[string]bool {
	in := termSet(named)
	held := map[string]bool{}
	for _, l := range k.lines {
		if k.from[l] == "" {
			continue
		}
		for _, nv := range namedVersions(l) {
			if namesProgram(nv.name, in) {
				held[withoutV(nv.version)] = true
			}
		}
	}
	return held
}

// namesVersionOf reports whether the person, in a sentence of said,
// writes a version other than v right after a word naming the program
// whose name's terms are named ("we moved to zola 0.19", "Node 20 from
// now on"). A version memory holds for the program (held) is the one
// the person says is gone ("Netlify dropped Node 18 so I bumped it"),
// not one they give it.
func namesVersionOf(said []source, named []string, v string, held map[string]bool) bool {
	in := termSet(named)
	for _, s := range said {
		f := strings.Fields(strings.ReplaceAll(s.quote, "`", " "))
		if firstWord(strings.ToLower(s.quote)) == "if" {
			// "If one day we go to Haxe 5 …": a version that may come.
			continue
		}
		for i := 1; i < len(f); i++ {
			w, ver := trimValue(f[i-1]), withoutV(trimValue(f[i]))
			if i > 1 && datingWords[strings.ToLower(trimValue(f[i-2]))] {
				// "deprecated since Haxe 4.1": a version that dates
				// something, not the one held.
				continue
			}
			if w != "" && hasDigit(ver) && !hasDigit(w) && ver != withoutV(v) && !held[ver] && namesProgram(w, in) {
				return true
			}
		}
	}
	return false
}

// datingWords stand before a program's version that dates something
// ("removed since Node 18", "the API before Django 4.2", "slower than
// Redis 6") rather than saying the version the project is on.
var datingWords = map[string]bool{"since": true, "before": true, "until": true, "till": true, "pre": true, "prior": true, "than": true, "from": true, "after": true}

// namesProgram reports whether word w, as a memory line writes it, names
// the program whose name's terms are in: every term of w is among them,
// w split at its capitals ("OpenWrt") or read whole, so that "PyYAML" is
// the "pyyaml" of a pin and not "py" and "yaml"; or w is the program's
// name but for an ending its binary or its vendor adds ("Rust" of
// rustc, "CockroachDB" of cockroach; see programSuffixes). Another
// ending makes another program ("Vite" is not vitest, "Mongo" not
// mongosh). A Python package's "Py" before its module's name ("PyTorch"
// of torch, "PyYAML" of yaml) names the module too.
func namesProgram(w string, in map[string]bool) bool {
	w = plainLetters(w)
	for _, t := range [][]string{keyTerms(w), keyTerms(strings.ToLower(w))} {
		if len(t) > 0 && subset(termSet(t), in) {
			return true
		}
	}
	// ("Next.js": the suffix written after a dot.)
	if lw := strings.Replace(strings.ToLower(strings.TrimLeft(w, "(")), ".js", "js", 1); len(lw) >= 4 && !strings.ContainsFunc(lw, func(r rune) bool { return !unicode.IsLetter(r) }) {
		for t := range in {
			if len(t) >= 4 && (strings.HasPrefix(t, lw) && programSuffixes[t[len(lw):]] || strings.HasPrefix(lw, t) && programSuffixes[lw[len(t):]] || lw == "py"+t) {
				return true
			}
		}
	}
	return false
}

// plainLetters is w with its accented Latin letters written plain: a
// program's banner spells its name in ASCII ("LOVE 11.5", "Lua 5.4")
// where people write the accent ("LÖVE").
func plainLetters(w string) string {
	if !strings.ContainsFunc(w, func(r rune) bool { return r >= 0xC0 && r <= 0x17F }) {
		return w
	}
	return accentFold.Replace(w)
}

// accentFold writes the accented letters of Latin-1 that names use as
// their plain letters (Latin Extended-A, "Ł", "Œ", is left as it is).
var accentFold = strings.NewReplacer(
	"Á", "A", "À", "A", "Â", "A", "Ä", "A", "Ã", "A", "Å", "A", "á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "å", "a",
	"É", "E", "È", "E", "Ê", "E", "Ë", "E", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"Í", "I", "Ì", "I", "Î", "I", "Ï", "I", "í", "i", "ì", "i", "î", "i", "ï", "i",
	"Ó", "O", "Ò", "O", "Ô", "O", "Ö", "O", "Õ", "O", "Ø", "O", "ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o", "ø", "o",
	"Ú", "U", "Ù", "U", "Û", "U", "Ü", "U", "ú", "u", "ù", "u", "û", "u", "ü", "u",
	"Ç", "C", "ç", "c", "Ñ", "N", "ñ", "n", "Ý", "Y", "ý", "y", "ÿ", "y",
)

// programSuffixes are the endings a program's binary, package or vendor
// adds to the name people say: a compiler's "c" (rustc), a daemon's "d"
// (containerd), a database's "db" or "ql" (CockroachDB, PostgreSQL), a
// control tool's "ctl", a JavaScript package's "js", a server's "server".
var programSuffixes = map[string]bool{"c": true, "d": true, "db": true, "ql": true, "ctl": true, "js": true, "server": true, "-server": true}

// joinedName is the text a memory line writes before a version of the
// program named: the name and a space ("Caddy 2.8"), or the name with
// the mark that joins it ("cassandra:4.1").
func joinedName(name string) string {
	if strings.HasSuffix(name, ":") || strings.HasSuffix(name, "@") || strings.HasSuffix(name, "=") {
		return name
	}
	return name + " "
}

// withTerms is terms with those of more it lacks added.
func withTerms(terms, more []string) []string {
	out := slices.Clone(terms)
	for _, t := range more {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// sameStemValue is the value of line written as v is, a version after
// the same stem ("gcc11.4" for "gcc13.2", "python3.11" for "python3.12",
// "java17.x" for "java21.x", a major version and its wildcard), or "".
func sameStemValue(line, v string) string {
	if m := wildcardVersionRe().FindStringSubmatch(v); m != nil {
		for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
			if o := wildcardVersionRe().FindStringSubmatch(trimValue(w)); o != nil && strings.EqualFold(o[1], m[1]) && o[2] != m[2] {
				return o[0]
			}
		}
		return ""
	}
	st, _ := versionStem(v)
	if st == "" {
		return ""
	}
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if o := trimValue(w); !strings.EqualFold(o, v) {
			if ost, _ := versionStem(o); ost != "" && stemKey(ost) == stemKey(st) {
				return o
			}
		}
	}
	return ""
}

// wildcardVersionRe is a version written as a stem, a major version and
// a wildcard for the rest: "nodejs20.x", "python3.x".
var wildcardVersionRe = lazyregexp.New(`^([A-Za-z][A-Za-z-]*?)(\d+(?:\.\d+)*)\.x$`)

// addressParts is the host, port and path of an address splitAddress
// reads ("http://localhost:8081/api/" is localhost, 8081 and /api), or
// "", "" and "".
func addressParts(v string) (host, port, urlPath string) {
	host, port = splitAddress(v)
	if host == "" {
		return "", "", ""
	}
	if i := strings.Index(v, "//"); i >= 0 {
		if _, p, ok := strings.Cut(v[i+2:], "/"); ok {
			urlPath = strings.TrimSuffix("/"+p, "/")
		}
	}
	return host, port, urlPath
}

// loopbackHosts are the names of the box the project is worked on: an
// address on one is the same place on another.
var loopbackHosts = map[string]bool{"localhost": true, "127.0.0.1": true, "0.0.0.0": true}

// movedAddress finds in line the one address that is the pasted one's
// but for its port: the same host (the loopback written either way) and
// path, and the line names the setting the paste keys it by (a "site"
// for site-addr) or the path is one of its own ("/api"), as two services
// of one box differ by their port alone. It gives memory's address and
// the same written with the pasted port, or "" and "".
func movedAddress(line string, st setting) (string, string) {
	host, port, urlPath := addressParts(st.value)
	if host == "" {
		return "", ""
	}
	host = strings.ToLower(host)
	lt := termSet(factTerms(jointsAsSpaces.Replace(line)))
	if urlPath == "" && !intersects(termSet(st.terms), lt) {
		return "", ""
	}
	old, n := "", 0
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		oh, op, opath := addressParts(trimValue(w))
		if oh == "" {
			continue
		}
		n++
		if lh := strings.ToLower(oh); (lh == host || loopbackHosts[lh] && loopbackHosts[host]) && opath == urlPath && op != port {
			old = oh + ":" + op
		}
	}
	if n != 1 || old == "" {
		return "", ""
	}
	return old, old[:strings.LastIndexByte(old, ':')+1] + port
}

// hostSeriesRe is a host name whose first label numbers a machine of a
// series: "build02.lab.lan" is build, 02, lab.lan.
var hostSeriesRe = lazyregexp.New(`^([a-z][a-z-]*?)-?(\d+)\.([a-z][\w-]*(?:\.[a-z][\w-]*)+)$`)

// siblingHost is the one host of line that is v's machine series on the
// same domain under another number ("build01.lab.lan" for
// "build02.lab.lan"), or "".
func siblingHost(line, v string) string {
	m := hostSeriesRe().FindStringSubmatch(strings.ToLower(v))
	if m == nil {
		return ""
	}
	old := ""
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		o := hostSeriesRe().FindStringSubmatch(strings.ToLower(trimValue(w)))
		if o == nil || o[1] != m[1] || o[3] != m[3] || o[2] == m[2] {
			continue
		}
		if old != "" {
			return ""
		}
		old = trimValue(w)
	}
	return old
}

// versionNearName is the version of versionAfterName in a memory line
// that says how it is held between the name and the version ("duckdb
// pinned to 1.0.0 in pyproject.toml", "Go toolchain: 1.22"): up to three
// words of no value between them, the last of them may end in a label's
// colon, the only version of its shape in the line,
// and both versions written with a dot, so that a number of another kind
// ("Phaser games run at 60") is not taken for the version.
func versionNearName(line string, named []string, v string) string {
	if !dotted(v) {
		return ""
	}
	in := termSet(named)
	f := strings.Fields(strings.ReplaceAll(line, "`", " "))
	for i, w := range f {
		if w != trimValue(w) {
			continue
		}
		if !namesProgram(w, in) {
			continue
		}
		for j := i + 1; j < len(f) && j <= i+4; j++ {
			x := trimValue(f[j])
			if dotted(x) {
				if j > i+1 && oneValueOfShape(line, x) {
					return x
				}
				break
			}
			if label := f[j] == x+":" && j+1 < len(f) && dotted(trimValue(f[j+1])); x != f[j] && !label || valueLike(x) && (hasDigit(x) || strings.ContainsAny(x, "./:_")) {
				// (A label's colon right before the version may
				// end the words between: "Go toolchain: 1.22".)
				break
			}
		}
	}
	return ""
}

// versionWords name a version in a key, beside the program it is of:
// "blender_version_min" is Blender's version.
var versionWords = stemmed(map[string]bool{"version": true, "ver": true, "min": true, "max": true, "minimum": true, "maximum": true, "release": true, "require": true, "requires": true})

// versionKeyName is the program a key names the version of, as terms:
// blender of "blender_version_min"; nil for a key that names no version
// or no program.
func versionKeyName(terms []string) []string {
	var name []string
	version := false
	for _, t := range terms {
		switch {
		case versionWords[t]:
			version = version || !strings.HasPrefix(t, "min") && !strings.HasPrefix(t, "max")
		default:
			name = append(name, t)
		}
	}
	if !version || len(name) == 0 {
		return nil
	}
	return name
}

// pastedSaidChanges turns the pasted version of a program into a change of
// the version an earlier session stated for it ("we're on zig 0.12" one
// week, a build file with minimum_zig_version 0.13.0 the next), with the
// same second signal as a change of a memory line (toldChanged): the
// statement then gives the newest value.
func pastedSaidChanges(settings []setting, said []source, isNew func(int) bool) []change {
	var out []change
	for _, st := range settings {
		if st.named == nil || st.queried || !isNew(st.src.session) {
			// The version of the box the agent asked is no word against
			// the one the person stated.
			continue
		}
		var earlier *source
		name, old := "", ""
		for i := range said {
			s := &said[i]
			if s.session == st.src.session || !before(*s, st.src) || earlier != nil && before(*s, *earlier) {
				continue
			}
			if n, o := versionAfterName(s.quote, st.named, st.value); o != "" && withoutV(o) != withoutV(st.value) && !strings.HasPrefix(withoutV(st.value), withoutV(o)+".") {
				earlier, name, old = s, n, o
			}
		}
		if earlier == nil || st.printed && !laterVersion(withoutV(st.value), withoutV(old)) || !toldChanged(said, st, old) {
			continue
		}
		ch := change{old: joinedName(name) + old, new: joinedName(name) + writtenAs(st.value, old), subject: st.named, terms: st.named, src: st.src, context: st.src.quote}
		if i := sentenceOf(said, st.src); i >= 0 {
			ch.context = message(said, i)
		}
		out = append(out, ch)
	}
	return out
}

// oneValueOfShape reports whether v is the only value written its way in
// line: in "ports 8080 and 8443" the paste cannot say which one it changed.
func oneValueOfShape(line, v string) bool {
	n, digit, shape := 0, hasDigit(v), valueShape(v)
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if t := trimValue(w); t != "" && hasDigit(t) == digit && valueShape(t) == shape && (hasDigit(t) || strings.ContainsAny(t, "./:_")) {
			n++
		}
	}
	return n == 1
}

// toldChanged is the second signal: a sentence the person wrote in the
// session of the paste names the value memory holds as a former one ("the
// listener was 8080 before"), or says, naming the setting, that it changed
// ("port changed, new .env below"); or one of the paste's own message, or
// of a message sent right before or after it, says the paste is what
// holds now (showsCurrent). A bare "now" beside one word of the setting
// ("now run it against the db") is no such word.
func toldChanged(said []source, st setting, old string) bool {
	if st.queried {
		return true
	}
	// The paste's own lines, when said holds them, show nothing of
	// themselves: only the sentences of its message before its first line
	// do. (A sentence's seq is its message's times 1000, plus its place.)
	pasteAt := 1 << 30
	for _, s := range said {
		if s.session == st.src.session && s.msgID == st.src.msgID && s.quote == st.src.quote {
			pasteAt = min(pasteAt, s.seq)
		}
	}
	if intro := strings.TrimSpace(st.intro); intro != st.src.quote && !strings.HasSuffix(intro, "?") && (showsCurrent(intro) || changedIt(intro, st) || updatedBefore(intro, st, old)) {
		// "bumped, see": too short a sentence to be kept as one.
		return true
	}
	prev, next := besideMessages(said, st.src)
	for _, s := range said {
		if s.session != st.src.session || strings.HasSuffix(strings.TrimSpace(s.quote), "?") {
			continue
		}
		if containsValue(s.quote, old) && !containsValue(s.quote, st.value) && (changeSignalRe().MatchString(s.quote) || formerRe().MatchString(s.quote) || staleRefRe().MatchString(s.quote)) {
			return true
		}
		if saysChanged(s.quote) && intersects(termSet(st.terms), termSet(factTerms(s.quote))) {
			return true
		}
		if m := s.seq / 1000; (s.msgID == st.src.msgID && s.seq < pasteAt || m == prev || m == next) && showsCurrent(s.quote) {
			return true
		}
	}
	return false
}

// ownChangeRe is the person telling a change they made: "I updated",
// "we've bumped".
var ownChangeRe = lazyregexp.New(`(?i)\b(?:i|we)(?:'ve| have)?\s+(?:just\s+|finally\s+)?(?:updated|upgraded|bumped|changed|moved|switched|raised|lowered|migrated)\b`)

// updateRe is the person's words before a paste placing it after an
// update ("after the upgrade", "after bumping it") or telling an update
// of a config file ("bumped the toml file, here it is").
var updateRe = lazyregexp.New(`(?i)\bafter\s+(?:[\w']+\s+){0,2}(?:updat|upgrad|bump)\w*|\b(?:updat|upgrad|bump)\w*\s+(?:(?:the|my|our|this)\s+)?(?:[\w-]+\s+)?(?:file|config(?:uration)?|manifest|compose|lock ?file|dependenc(?:y|ies)|deps|packages|[\w-]+\.(?:json|ya?ml|toml|lock|xml|kts|gradle|cfg|ini|txt))\b`)

// updateWordRe is a word of an update in any form.
var updateWordRe = lazyregexp.New(`(?i)` + updateWord)

// updateWord is updateWordRe's pattern, which introUpdateRe shares.
const updateWord = `\b(?:updat|upgrad|bump)\w*`

// updatedBefore reports whether a paste's intro tells an update whose
// result the paste shows, for a pasted version later than old, memory's:
// the intro places the paste after an update or tells an update of a
// config file (updateRe), or names the setting beside a word of update
// ("is the broker upgrade in yet?"). An update of another thing ("I
// updated the readme, manifest for reference") says nothing of the paste.
func updatedBefore(intro string, st setting, old string) bool {
	if !laterVersion(withoutV(st.value), withoutV(old)) {
		return false
	}
	return updateRe().MatchString(intro) || updateWordRe().MatchString(intro) && intersects(termSet(st.terms), termSet(factTerms(intro)))
}

// changedIt reports whether a paste's intro tells a change the person
// made to the pasted setting, naming it: "I updated Phaser, here's the
// manifest" before a manifest listing phaser.
func changedIt(intro string, st setting) bool {
	return ownChangeRe().MatchString(intro) && intersects(termSet(st.terms), termSet(factTerms(intro)))
}

// besideMessages gives the positions of the person's messages right
// before and after the one at src (-1 for none): the agent's replies in
// between do not count. said holds the person's sentences, each at its
// message's position times 1000 plus its place.
func besideMessages(said []source, src source) (prev, next int) {
	prev, next = -1, -1
	for _, s := range said {
		if s.session != src.session {
			continue
		}
		switch m := s.seq / 1000; {
		case m < src.seq && m > prev:
			prev = m
		case m > src.seq && (next < 0 || m < next):
			next = m
		}
	}
	return prev, next
}

// saysChanged reports whether s holds a change word other than "now".
func saysChanged(s string) bool {
	for _, m := range changeSignalRe().FindAllString(s, -1) {
		if !strings.EqualFold(m, "now") {
			return true
		}
	}
	return false
}

// showsCurrent reports whether a sentence of the paste's own message says
// the pasted text is what holds now ("here's the compose file now:",
// "config is now:"): "now" after the clause has begun, or another change
// word. A "now" that opens a clause orders the next step ("now run it"),
// it says nothing of the paste.
func showsCurrent(s string) bool {
	if saysChanged(s) {
		return true
	}
	for _, c := range clauseSplitRe().Split(s, -1) {
		f := strings.Fields(strings.ToLower(c))
		for i, w := range f {
			if i > 0 && strings.Trim(w, ".:!") == "now" {
				return true
			}
		}
	}
	return false
}

// staleRefRe is something else said to be behind the value shown: "the
// nginx upstream still says 5000", "anything that still points at 24".
// Beside memory's value, it makes that value the stale one.
var staleRefRe = lazyregexp.New(`(?i)\bstill\s+(?:says|say|points\s+(?:at|to)|references|mentions)\b`)

// formerRe tells a value held before: "was 8080 before", "used to be".
var formerRe = lazyregexp.New(`(?i)\b(was|were|used to|before|previously|formerly|old)\b`)

// sentenceOf finds the index in said of a sentence of src's message, or
// -1.
func sentenceOf(said []source, src source) int {
	for i, s := range said {
		if s.session == src.session && s.msgID == src.msgID {
			return i
		}
	}
	return -1
}

// withPasted adds the changes read from pastes to those told in words, in
// time order.
func withPasted(told, pasted []change) []change {
	if len(pasted) == 0 {
		return told
	}
	out := append(append([]change(nil), told...), pasted...)
	sort.SliceStable(out, func(i, j int) bool { return before(out[i].src, out[j].src) })
	return out
}

// An agent often makes a change the person asked for with a substitution
// (`sed -i 's/2022.3.21f1/6000.0.23f1/' scripts/build.sh`): the old value
// and the new one are both written there, and when memory states the old
// one, memory is behind, whatever words the request used.

// editsBySed reports whether c runs sed on files in place (`sed -i`,
// `xargs sed -i`): a substitution that only prints changes nothing.
func editsBySed(c command) bool {
	sed := false
	for _, w := range c.args {
		switch {
		case w.text == "sed":
			sed = true
		case sed && strings.HasPrefix(w.text, "-i"):
			return true
		}
	}
	return false
}

// sedSubst splits a sed substitution's expression into what it replaces
// and with what, and its delimiter: the character after the "s", which
// the expression then uses throughout. A value holding slashes (a model
// id, a path, a URL) is written with another delimiter
// ("s#openai/whisper-small#distil-whisper/distil-large-v3#"), and the
// slashes inside it are no delimiter. ok is false when the expression is
// no substitution or its flags are not the usual ones.
func sedSubst(e string) (from, to, delim string, ok bool) {
	if len(e) < 4 || e[0] != 's' || !strings.ContainsRune("/|#,@", rune(e[1])) {
		return "", "", "", false
	}
	d := e[1]
	var parts []string
	start := 2
	for i := 2; i < len(e); i++ {
		switch e[i] {
		case '\\':
			i++ // an escaped character, the delimiter too
		case d:
			parts = append(parts, e[start:i])
			start = i + 1
		}
	}
	if len(parts) != 2 || parts[0] == "" || strings.Trim(e[start:], "gIi0123456789") != "" {
		return "", "", "", false
	}
	return parts[0], parts[1], string(d), true
}

// substitutedChanges turns the substitutions the agent ran in new sessions
// into changes of the memory line that states the old value: a literal
// expression (no pattern beyond an escaped delimiter or a dot), whose
// two sides differ in one value written with a digit or a mark of a
// name ("events_cluster", "5432" of "localhost:5432"), the old one stated
// by exactly one memory line. A substitution asked for a while ("for
// this run", "locally") or under a question changes nothing.
func substitutedChanges(sessions []mined, k *known, isNew func(int) bool) []change {
	var out []change
	for _, m := range sessions {
		for ri, r := range m.substs {
			if !isNew(r.src.session) || r.prompt.quote == "" || strings.HasSuffix(strings.TrimSpace(r.prompt.quote), "?") || temporaryRe().MatchString(r.prompt.quote) {
				continue
			}
			if editsTestFiles(r.cmd) {
				continue
			}
			for _, v := range substitutions(r.cmd) {
				old, new := v[0], v[1]
				if undoneLater(m.substs[ri+1:], old, new) {
					continue
				}
				line := k.soleLine(func(l string) bool { return boundedIn(l, old) })
				if line == "" {
					// Memory may write only the part that changed
					// ("Galaxy release 24.1" for `release_24.1`,
					// "Vector 0.39.0" for the tag
					// `0.39.0-distroless-libc`).
					if o, n := gluedPart(old, new); o != "" {
						old, new = o, n
						line = k.soleLine(func(l string) bool { return boundedIn(l, old) })
					}
				}
				if line == "" {
					continue
				}
				// (The line's own words name the setting: the value
				// is written in it alone, and the agent replaced
				// just that value.)
				out = append(out, change{old: old, new: new, terms: nonValues(line), src: r.src, context: r.prompt.quote})
			}
		}
	}
	return out
}

// soleLine is the one memory line (read from a file, not the
// verification line) that holds says it holds; "" when none or two do.
func (k *known) soleLine(holds func(string) bool) string {
	line := ""
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || strings.Contains(l, verificationPrefix) || !holds(l) {
			continue
		}
		if line != "" {
			return ""
		}
		line = l
	}
	return line
}

// substitutions are the literal one-value substitutions a sed run makes,
// each as its old and new value.
func substitutions(c command) [][2]string {
	var out [][2]string
	sed := false
	for _, w := range c.args {
		if w.text == "sed" {
			sed = true
			continue
		}
		from, to, delim, ok := sedSubst(w.text)
		if !sed || !ok {
			continue
		}
		if old, new, ok := substitutedValue(from, to, delim); ok {
			out = append(out, [2]string{old, new})
		}
	}
	return out
}

// undoneLater reports whether a later sed run of the session puts old
// back in place of new: a value tried and reverted ("move the port and
// see if the error goes away") is not where the setting ended up.
func undoneLater(later []shellRun, old, new string) bool {
	for _, r := range later {
		for _, v := range substitutions(r.cmd) {
			if v[0] == new && v[1] == old {
				return true
			}
		}
	}
	return false
}

// editsTestFiles reports whether a sed run edits only files of a test
// suite (under test/, e2e/, spec/, fixtures/, or named *.test.*,
// *.spec.*, *_test.*): a port or version changed there moves the tests,
// not what memory says the project runs on. A run naming no file (fed
// by xargs) is not one.
func editsTestFiles(c command) bool {
	files, sed, expr := 0, false, false
	for _, w := range c.args {
		switch {
		case w.text == "sed":
			sed, expr, files = true, false, 0
			continue
		case !sed || strings.HasPrefix(w.text, "-"):
			continue
		case !expr:
			expr = true
			continue
		}
		files++
		if !testPath(w.text) {
			return false
		}
	}
	return files > 0
}

// testPath reports whether a file path lies in a test suite's tree or is
// named as a test's file.
func testPath(p string) bool {
	for _, seg := range strings.Split(strings.ToLower(p), "/") {
		switch seg {
		case "test", "tests", "e2e", "spec", "specs", "fixture", "fixtures", "__tests__", "testdata", "cypress":
			return true
		}
	}
	base := strings.ToLower(p[strings.LastIndex(p, "/")+1:])
	return strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") || strings.Contains(base, "_test.") || strings.HasPrefix(base, "playwright.config") || strings.HasPrefix(base, "test_")
}

// substitutedValue is the one value in which a literal substitution's two
// sides differ, each as written: the sides themselves when each is one
// value, else the one part, split at spaces and the marks that end a
// value in a setting (`=`, quotes, a colon before a port), that differs.
func substitutedValue(from, to, delim string) (string, string, bool) {
	un := strings.NewReplacer(`\`+delim, delim, `\.`, ".")
	from, to = un.Replace(from), un.Replace(to)
	if strings.ContainsAny(from, `\^$*[]`) || strings.ContainsAny(to, `\&`) {
		return "", "", false
	}
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune(" \t=\"':;,()", r) })
	}
	a, b := split(from), split(to)
	if len(a) != len(b) || len(a) == 0 {
		return "", "", false
	}
	old, new, n := "", "", 0
	for i := range a {
		if a[i] != b[i] {
			old, new = a[i], b[i]
			n++
		}
	}
	valueLike := func(v string) bool { return hasDigit(v) || strings.ContainsAny(v, "./_-") }
	if n != 1 || !valueLike(old) || !valueLike(new) && !sameKind(old, new) {
		return "", "", false
	}
	return old, new, true
}

// gluedPart is the one part, with a digit in it, in which two values
// joined of parts (`release_24.1`, `0.39.0-distroless-libc`) differ;
// "" when they differ in more or other parts.
func gluedPart(old, new string) (string, string) {
	split := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("_-/@", r) })
	}
	a, b := split(old), split(new)
	if len(a) != len(b) || len(a) < 2 {
		return "", ""
	}
	o, n, k := "", "", 0
	for i := range a {
		if a[i] != b[i] {
			o, n = a[i], b[i]
			k++
		}
	}
	if k != 1 || !hasDigit(o) || !hasDigit(n) {
		return "", ""
	}
	return o, n
}

// boundedIn reports whether v is written in line with no letter, digit
// or dot of a longer word around it: "9121" in "listens on :9121".
func boundedIn(line, v string) bool {
	for i := strings.Index(line, v); i >= 0; {
		before, after := "", line[i+len(v):]
		if i > 0 {
			before = line[i-1 : i]
		}
		if !strings.ContainsAny(before, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") || before == "" {
			if after == "" || !strings.ContainsAny(after[:1], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") && !(after[0] == '.' && len(after) > 1 && after[1] != ' ') {
				return true
			}
		}
		j := strings.Index(line[i+1:], v)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
