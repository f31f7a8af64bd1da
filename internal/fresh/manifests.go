package fresh

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// manifests are the names the project's build and package files define,
// read once, on the first line that names one of them. Each set is the union
// over every such file in the tree (a monorepo's sub-projects count), and a
// file whose names cannot all be known (a target built from a variable, an
// include of a generated file, an unreadable package.json) makes its kind
// unknowable rather than missing.
type manifests struct {
	make, just, npm, npmDeps, goMods, crates, py names
	// makeDirs are the directories holding a makefile (and the root);
	// stems are their files without extension ("dir/app" for dir/app.c),
	// what make's built-in rules can build.
	makeDirs, stems map[string]bool
}

// names is one kind's set; found says a file of the kind exists, dynamic
// that one defines names that cannot be read.
type names struct {
	set            map[string]bool
	patterns       []string // make pattern rules: "%.o", "build-%"
	found, dynamic bool
}

func (n *names) add(s string) {
	if s == "" {
		return
	}
	if n.set == nil {
		n.set = map[string]bool{}
	}
	n.set[s] = true
}

// manifests reads every manifest of the listing once.
func (s *Snapshot) manifests() *manifests {
	s.manifestsOnce.Do(func() {
		m := &manifests{makeDirs: map[string]bool{".": true}, stems: map[string]bool{}}
		for _, f := range s.withRootManifests() {
			if strings.HasPrefix(f, "node_modules/") || strings.Contains(f, "/node_modules/") {
				continue
			}
			base := path.Base(f)
			switch {
			case base == "Makefile" || base == "makefile" || base == "GNUmakefile" || path.Ext(base) == ".mk":
				s.read(f, &m.make, makeNames)
				m.makeDirs[path.Dir(f)] = true
			case strings.EqualFold(base, "justfile") || strings.EqualFold(base, ".justfile") || path.Ext(base) == ".just":
				s.read(f, &m.just, justNames)
			case base == "package.json":
				s.readPackageJSON(f, m)
			case base == "go.mod":
				s.read(f, &m.goMods, goModNames)
			case base == "Cargo.toml":
				s.read(f, &m.crates, cargoNames)
			case base == "pyproject.toml" || base == "Pipfile" || base == "setup.cfg" || base == "setup.py":
				s.read(f, &m.py, quotedPyNames)
			case strings.HasPrefix(base, "requirements") && strings.HasSuffix(base, ".txt") || strings.HasPrefix(f, "requirements/") && path.Ext(f) == ".txt":
				s.read(f, &m.py, requirementNames)
			}
		}
		for _, f := range s.files {
			if ext := path.Ext(f); ext != "" && m.makeDirs[path.Dir(f)] {
				m.stems[strings.TrimSuffix(f, ext)] = true
			}
		}
		s.man = m
	})
	return s.man
}

// rootManifests are the manifests looked for on disk at the root even when
// the listing lacks them: a Makefile not yet added to git still defines
// its targets.
var rootManifests = []string{"Makefile", "makefile", "GNUmakefile", "justfile", "Justfile", ".justfile", "package.json",
	"go.mod", "Cargo.toml", "pyproject.toml", "requirements.txt"}

// withRootManifests is the listing plus the root manifests that exist on
// disk but are not listed.
func (s *Snapshot) withRootManifests() []string {
	files := s.files
	for _, name := range rootManifests {
		if slices.Contains(s.byBase[name], name) {
			continue
		}
		if st, err := os.Lstat(filepath.Join(s.root, name)); err == nil && st.Mode().IsRegular() {
			files = append(files[:len(files):len(files)], name)
		}
	}
	return files
}

// read parses one manifest into n; an unreadable one makes n unknowable.
func (s *Snapshot) read(f string, n *names, parse func(string, *names)) {
	n.found = true
	data, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(f)))
	if err != nil {
		n.dynamic = true
		return
	}
	parse(string(data), n)
}

func (s *Snapshot) readPackageJSON(f string, m *manifests) {
	m.npm.found, m.npmDeps.found = true, true
	data, err := os.ReadFile(filepath.Join(s.root, filepath.FromSlash(f)))
	var pj struct {
		Scripts              map[string]json.RawMessage `json:"scripts"`
		Dependencies         map[string]json.RawMessage `json:"dependencies"`
		DevDependencies      map[string]json.RawMessage `json:"devDependencies"`
		PeerDependencies     map[string]json.RawMessage `json:"peerDependencies"`
		OptionalDependencies map[string]json.RawMessage `json:"optionalDependencies"`
	}
	if err != nil || json.Unmarshal(data, &pj) != nil {
		m.npm.dynamic, m.npmDeps.dynamic = true, true
		return
	}
	for k := range pj.Scripts {
		m.npm.add(k)
	}
	for _, deps := range []map[string]json.RawMessage{pj.Dependencies, pj.DevDependencies, pj.PeerDependencies, pj.OptionalDependencies} {
		for k := range deps {
			m.npmDeps.add(k)
		}
	}
}

// logicalLines joins backslash-continued lines.
func logicalLines(data string) []string {
	raw := strings.Split(strings.ReplaceAll(data, "\r\n", "\n"), "\n")
	var out, cur []string
	for _, ln := range raw {
		if strings.HasSuffix(ln, "\\") {
			cur = append(cur, strings.TrimSuffix(ln, "\\"))
			continue
		}
		out = append(out, strings.Join(append(cur, ln), " "))
		cur = cur[:0]
	}
	if len(cur) > 0 {
		out = append(out, strings.Join(cur, " "))
	}
	return out
}

// makeNames collects the targets of a makefile: every name before a rule's
// colon (assignments, recipes and conditionals are skipped). A target or
// include written with a variable makes the kind unknowable.
func makeNames(data string, n *names) {
	inDefine := false
	for _, ln := range logicalLines(data) {
		if strings.HasPrefix(ln, "\t") {
			continue
		}
		if i := strings.Index(ln, "#"); i >= 0 {
			ln = ln[:i]
		}
		t := strings.TrimSpace(ln)
		first, rest, _ := strings.Cut(t, " ")
		switch first {
		case "define":
			inDefine = true
			continue
		case "endef":
			inDefine = false
			continue
		case "include", "-include", "sinclude":
			if strings.Contains(rest, "$") {
				n.dynamic = true
			}
			continue
		case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "export", "unexport", "override", "vpath", "undefine", "private":
			continue
		}
		if inDefine {
			continue
		}
		i := strings.Index(t, ":")
		if i <= 0 || strings.Contains(t[:i], "=") || strings.HasPrefix(t[i:], ":=") || strings.HasPrefix(t[i:], "::=") {
			continue
		}
		for _, name := range strings.Fields(t[:i]) {
			name = strings.TrimSuffix(name, "&") // grouped targets: a b&: …
			switch {
			case name == "":
			case strings.Contains(name, "$"):
				n.dynamic = true
			case strings.Contains(name, "%"):
				n.patterns = append(n.patterns, name)
			default:
				n.add(name)
			}
		}
	}
}

// matchPattern reports whether a make pattern ("build-%") matches name.
func matchPattern(pat, name string) bool {
	pre, suf, _ := strings.Cut(pat, "%")
	return len(name) > len(pre)+len(suf) && strings.HasPrefix(name, pre) && strings.HasSuffix(name, suf)
}

var justRecipeRe = lazyregexp.New(`^@?([A-Za-z_][A-Za-z0-9_-]*)(\s.*)?:(\s|$|[^=])`)

// justNames collects recipe, alias and module names of a justfile. It errs
// towards more names: an assignment that looks like a recipe only hides a
// missing recipe of the same name.
func justNames(data string, n *names) {
	for _, ln := range logicalLines(data) {
		if ln == "" || ln[0] == ' ' || ln[0] == '\t' || ln[0] == '#' || ln[0] == '[' {
			continue
		}
		f := strings.Fields(ln)
		switch {
		case len(f) == 0:
			continue
		case f[0] == "alias" && len(f) > 1:
			n.add(f[1])
			continue
		case (f[0] == "mod" || f[0] == "mod?") && len(f) > 1:
			n.add(strings.TrimSuffix(f[1], ";"))
			continue
		case f[0] == "import" || f[0] == "import?" || f[0] == "set" || f[0] == "export":
			continue
		}
		if m := justRecipeRe().FindStringSubmatch(ln); m != nil {
			n.add(m[1])
		}
	}
}

// goModNames collects the module path, requirements and replacements of a
// go.mod.
func goModNames(data string, n *names) {
	block := ""
	for _, ln := range strings.Split(data, "\n") {
		if i := strings.Index(ln, "//"); i >= 0 {
			ln = ln[:i]
		}
		f := strings.Fields(ln)
		switch {
		case len(f) == 0:
		case f[0] == ")":
			block = ""
		case len(f) == 2 && f[1] == "(":
			block = f[0]
		case block == "require" || block == "replace" || block == "tool":
			n.add(f[0])
		case (f[0] == "module" || f[0] == "require" || f[0] == "replace" || f[0] == "tool") && len(f) > 1:
			n.add(strings.Trim(f[1], `"`))
		}
	}
}

var tomlKeyRe = lazyregexp.New(`^\s*"?([A-Za-z0-9_.-]+)"?\s*=`)

// cargoNames collects the crates of a Cargo.toml: keys of every
// dependencies table, [dependencies.x] headers and renamed packages.
func cargoNames(data string, n *names) {
	inDeps := false
	for _, ln := range strings.Split(data, "\n") {
		t := strings.TrimSpace(ln)
		if strings.HasPrefix(t, "[") {
			h := strings.Trim(t, "[] ")
			inDeps = strings.HasSuffix(h, "dependencies")
			if i := strings.LastIndex(h, "dependencies."); i >= 0 {
				n.add(normCrate(h[i+len("dependencies."):]))
			}
			continue
		}
		if m := tomlKeyRe().FindStringSubmatch(t); m != nil {
			if inDeps {
				n.add(normCrate(m[1]))
			}
			if m[1] == "package" {
				_, v, _ := strings.Cut(t, "=")
				n.add(normCrate(strings.Trim(strings.TrimSpace(v), `"'`)))
			}
		}
		for _, q := range quotedRe().FindAllStringSubmatch(t, -1) {
			if inDeps && strings.Contains(t, "package") {
				n.add(normCrate(q[1]))
			}
		}
	}
}

// normCrate treats "-" and "_" alike, as cargo does when resolving names.
func normCrate(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", "-") }

var quotedRe = lazyregexp.New(`["']([^"'\n]+)["']`)

// quotedPyNames over-collects from pyproject.toml, Pipfile, setup.cfg and
// setup.py: every quoted string and every key that reads as a requirement.
// More names only means fewer lines called stale.
func quotedPyNames(data string, n *names) {
	for _, ln := range strings.Split(data, "\n") {
		for _, q := range quotedRe().FindAllStringSubmatch(ln, -1) {
			if p := pyName(strings.TrimSpace(q[1])); p != "" {
				n.add(p)
			}
		}
		if m := tomlKeyRe().FindStringSubmatch(ln); m != nil {
			if p := pyName(m[1]); p != "" {
				n.add(p)
			}
		}
		if f := strings.Fields(ln); len(f) > 0 {
			if p := pyName(f[0]); p != "" {
				n.add(p) // setup.cfg's install_requires lists
			}
		}
	}
}

// requirementNames collects a requirements file's packages; an include
// (-r other.txt) of a file outside the listing makes the kind unknowable.
func requirementNames(data string, n *names) {
	for _, ln := range strings.Split(data, "\n") {
		t := strings.TrimSpace(ln)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.HasPrefix(t, "-") {
			if strings.HasPrefix(t, "-e") || strings.HasPrefix(t, "--editable") {
				n.dynamic = true
			}
			continue
		}
		if p := pyName(t); p != "" {
			n.add(p)
		}
	}
}
