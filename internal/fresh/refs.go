package fresh

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// kind is what a reference names, and so where the tree is asked for it.
type kind uint8

const (
	kindPath   kind = iota // a file or directory, relative to the root
	kindMake               // a make target
	kindJust               // a just recipe
	kindNPM                // a package.json script run by npm, pnpm, yarn or bun
	kindGoMod              // a Go module the project depends on
	kindNPMPkg             // an npm package the project depends on
	kindCrate              // a Rust crate the project depends on
	kindPyPkg              // a Python package the project depends on
)

// ref is one thing a memory line names.
type ref struct {
	kind kind
	name string // what is looked up: "tools/publish.sh", "deploy", "left-pad"
	text string // as written in the line: "tools/publish.sh", "make deploy"
	pos  int    // byte offset in the line where it was found
}

// refs extracts the references of a memory line that surely name something
// of the project's tree, in order of appearance and without repeats. It is
// conservative: inside backticks it reads shell commands and path-like
// words; in prose only unambiguous forms count (a path with a known file
// extension, ./script, npm run X). References that the line negates ("not
// `make test`", "instead of tools/x.sh") and every reference of a line that
// talks about removal ("removed", "no longer", "renamed") are dropped.
func refs(line string) []ref {
	if len(line) > maxLine || removalCue(line) {
		return nil
	}
	var out []ref
	seen := map[string]bool{}
	add := func(r ref) {
		key := string(rune('0'+r.kind)) + r.name
		if r.name == "" || seen[key] || negated(line, r.pos) {
			return
		}
		seen[key] = true
		out = append(out, r)
	}
	cue := dependencyCue(line)
	offset := 0
	parts := strings.Split(line, "`")
	for i, part := range parts {
		code := i%2 == 1 && i < len(parts)-1 // an unclosed backtick opens no span
		if code {
			for _, r := range codeRefs(part, cue) {
				r.pos += offset
				add(r)
			}
		} else {
			for _, r := range proseRefs(part) {
				r.pos += offset
				add(r)
			}
		}
		offset += len(part) + 1
	}
	return out
}

// maxLine bounds the work one line can cause, and maxSpan the shell
// parsing of one backticked span (the parser is superlinear on deeply
// nested input); memory lines and the commands they name are short.
const (
	maxLine = 4096
	maxSpan = 300
)

// codeRefs reads one backticked span: a single path-like word, a scoped npm
// package or Go module path (only when the line talks about dependencies),
// or shell commands whose programs, targets and path arguments are refs.
func codeRefs(span string, depCue bool) []ref {
	s := strings.TrimSpace(span)
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
		return nil // the shell parser would drop control characters
	}
	if !strings.ContainsAny(s, " \t") {
		if k, p, ok := pathWord(s, true); ok {
			return []ref{{kind: k, name: p, text: s}}
		}
		if depCue {
			if strings.HasPrefix(s, "@") && !strings.Contains(s[1:], "@") && strings.Count(s, "/") == 1 && pkgName(s) {
				return []ref{{kind: kindNPMPkg, name: s, text: s}}
			}
			if goModulePath(s) {
				return []ref{{kind: kindGoMod, name: s, text: s}}
			}
		}
	}
	if len(s) > maxSpan {
		return nil // no command a memory line names is this long
	}
	var out []ref
	for _, argv := range simpleCommands(s) {
		out = append(out, commandRefs(argv, s)...)
	}
	return out
}

// simpleCommands parses a shell snippet and returns the literal words of
// each simple command in it; commands with expansions in the program name
// and snippets that do not parse yield nothing.
func simpleCommands(s string) [][]string {
	f, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	if err != nil {
		return nil
	}
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok {
			return true
		}
		var argv []string
		for _, w := range call.Args {
			lit := w.Lit()
			if lit == "" {
				lit = quotedLit(w)
			}
			if lit == "" {
				if len(argv) == 0 {
					return true // program is an expansion: unknown
				}
				argv = append(argv, "$") // keeps positions; never a ref
				continue
			}
			argv = append(argv, lit)
		}
		if len(argv) > 0 {
			out = append(out, argv)
		}
		return true
	})
	return out
}

// quotedLit is the text of a word written wholly in plain quotes ('x' or
// "x" without expansions), or "".
func quotedLit(w *syntax.Word) string {
	if len(w.Parts) != 1 {
		return ""
	}
	switch p := w.Parts[0].(type) {
	case *syntax.SglQuoted:
		return p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if l, ok := p.Parts[0].(*syntax.Lit); ok {
				return l.Value
			}
		}
	}
	return ""
}

// commandRefs turns one simple command into refs: make/just targets, npm
// scripts, dependencies added with a package manager, a program named by
// path, and path arguments of programs that read (not create) files.
func commandRefs(argv []string, span string) []ref {
	for len(argv) > 0 && (isAssignment(argv[0]) || wrappers[argv[0]]) {
		argv = argv[1:] // FOO=1 make x, sudo make x, time make x
	}
	if len(argv) == 0 {
		return nil
	}
	prog, args := argv[0], argv[1:]
	var out []ref
	at := strings.Index(span, prog)
	mk := func(k kind, name, text string) {
		out = append(out, ref{kind: k, name: name, text: text, pos: max(at, 0)})
	}
	switch prog {
	case "make", "gmake":
		if hasFlag(args, "-C", "-f", "--directory", "--file", "--makefile") {
			return nil
		}
		for _, a := range plain(args) {
			if !isAssignment(a) && targetName(a) {
				mk(kindMake, a, prog+" "+a)
			}
		}
		return out
	case "just":
		if hasFlag(args, "-f", "-d", "--justfile", "--working-directory", "-l", "--list", "--summary", "--show", "-s", "--evaluate", "--choose", "--dump", "--edit", "--init", "--variables") {
			return nil
		}
		if p := plain(args); len(p) > 0 && targetName(strings.ReplaceAll(p[0], "::", "")) {
			mk(kindJust, p[0], prog+" "+p[0])
		}
		return out
	case "npm", "pnpm", "yarn", "bun":
		return pkgManagerRefs(prog, args, at)
	case "go":
		if len(args) > 0 && args[0] == "get" {
			for _, a := range plain(args[1:]) {
				m, _, _ := strings.Cut(a, "@")
				if goModulePath(m) {
					mk(kindGoMod, m, "go get "+a)
				}
			}
			return out
		}
	case "cargo":
		if len(args) > 1 && args[0] == "add" && !hasFlag(args, "--path", "--git") {
			for _, a := range plain(args[1:]) {
				if n, _, _ := strings.Cut(a, "@"); pkgName(n) {
					mk(kindCrate, n, "cargo add "+a)
				}
			}
		}
		return out
	case "uv", "poetry":
		if len(args) > 1 && args[0] == "add" {
			for _, a := range plain(args[1:]) {
				if n := pyName(a); n != "" {
					mk(kindPyPkg, n, prog+" add "+a)
				}
			}
		}
		return out
	}
	if strings.Contains(prog, "/") {
		if k, p, ok := pathWord(prog, true); ok {
			mk(k, p, prog)
		}
	}
	if creates[path.Base(prog)] {
		return out // their arguments may be created, moved or removed
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if outputFlags[a] {
			i++ // go build -o bin/app: an output
			continue
		}
		if strings.HasPrefix(a, "-") || (!strings.Contains(a, "/") && !interpreters[prog]) {
			continue
		}
		if k, p, ok := pathWord(a, true); ok {
			at = strings.Index(span, a)
			mk(k, p, a)
		}
	}
	return out
}

// pkgManagerRefs reads npm, pnpm, yarn and bun commands: "run X" names a
// script, "test" the test script, "install/add X" a dependency (not with
// -g: global tools are no dependency of the tree).
func pkgManagerRefs(prog string, args []string, at int) []ref {
	p := plain(args)
	if len(p) == 0 || p[0] != args[0] {
		return nil // npm --prefix web run x: another package's script
	}
	var out []ref
	mk := func(k kind, name, text string) {
		out = append(out, ref{kind: k, name: name, text: text, pos: max(at, 0)})
	}
	switch p[0] {
	case "run", "run-script":
		if len(p) > 1 {
			if prog == "bun" && path.Ext(p[1]) != "" {
				if k, q, ok := pathWord(p[1], true); ok {
					mk(k, q, p[1])
				}
			} else if targetName(p[1]) {
				mk(kindNPM, p[1], prog+" "+p[0]+" "+p[1])
			}
		}
	case "test":
		if prog == "npm" && len(p) == 1 {
			mk(kindNPM, "test", "npm test")
		}
	case "install", "i", "add":
		if prog == "npm" && p[0] == "add" || hasFlag(args, "-g", "--global", "global") || (prog == "yarn" && p[0] != "add") {
			return nil
		}
		for _, a := range p[1:] {
			if n := npmName(a); n != "" {
				mk(kindNPMPkg, n, prog+" "+p[0]+" "+a)
			}
		}
	}
	return out
}

// proseRefs reads text outside backticks, where only unambiguous forms
// count: "npm run X" (and pnpm/yarn/bun), "./script", and words that are
// paths with a known file extension.
func proseRefs(s string) []ref {
	var out []ref
	words := fieldsWithPos(s)
	for i, w := range words {
		t := trimPunct(w.text)
		if t == "" {
			continue
		}
		if (t == "npm" || t == "pnpm" || t == "yarn" || t == "bun") && i+2 < len(words) && words[i+1].text == "run" {
			if x := trimPunct(words[i+2].text); targetName(x) && !strings.HasSuffix(x, ":") {
				out = append(out, ref{kind: kindNPM, name: x, text: t + " run " + x, pos: w.pos})
			}
			continue
		}
		if k, p, ok := pathWord(t, false); ok {
			out = append(out, ref{kind: k, name: p, text: t, pos: w.pos + strings.Index(w.text, t)})
		}
	}
	return out
}

type posWord struct {
	text string
	pos  int
}

func fieldsWithPos(s string) []posWord {
	var out []posWord
	start := -1
	for i, r := range s {
		space := r == ' ' || r == '\t' || r == '\n' || r == '\r'
		switch {
		case space && start >= 0:
			out = append(out, posWord{s[start:i], start})
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, posWord{s[start:], start})
	}
	return out
}

// trimPunct strips the punctuation prose puts around a word.
func trimPunct(s string) string {
	s = strings.TrimLeft(s, "(\"'“‘[{<*_")
	for {
		t := strings.TrimRight(s, ")\"'”’]}>,;:!?*_")
		if strings.HasSuffix(t, ".") && !strings.HasSuffix(t, "/.") && !strings.HasSuffix(t, "..") {
			t = t[:len(t)-1] // a sentence's full stop
		}
		if t == s {
			return s
		}
		s = t
	}
}
