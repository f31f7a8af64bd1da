// Command tomlgen turns gitleaks' rule data (config/gitleaks.toml, MIT) into
// a Go source table for package redact, so that the rules are loaded at build
// time: no TOML library in the binary, no parsing at start-up, and the
// gitleaks detector code (with its viper global config) is not linked.
//
// It understands exactly the TOML subset that file uses: tables [allowlist],
// [[rules]], [[rules.allowlists]]; keys with literal (”'…”', '…') or basic
// ("…") strings, numbers, and arrays of strings. Anything else is an error, so
// a future gitleaks.toml that needs more is noticed at generation time.
//
// Usage: go run ./internal/tomlgen -in gitleaks/gitleaks.toml -out rules_gitleaks_gen.go
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"strconv"
	"strings"
)

type allow struct {
	Description string
	Condition   string
	Target      string
	Regexes     []string
	Stopwords   []string
	Paths       bool // path-only criteria: never true for text, see below
}

type rule struct {
	ID          string
	Regex       string
	SecretGroup int
	Entropy     float64
	Keywords    []string
	Path        string
	Allows      []allow
}

type config struct {
	Global allow
	Rules  []rule
}

func main() {
	in := flag.String("in", "gitleaks/gitleaks.toml", "gitleaks rule file")
	out := flag.String("out", "rules_gitleaks_gen.go", "generated Go file")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "tomlgen:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	src, err := os.ReadFile(in)
	if err != nil {
		return fmt.Errorf("read rules %s: %w", in, err)
	}
	cfg, err := parse(string(src))
	if err != nil {
		return fmt.Errorf("parse rules %s: %w", in, err)
	}
	code, err := emit(cfg)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, code, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	return nil
}

type parser struct {
	s    string
	i    int
	line int
}

func (p *parser) errf(format string, a ...any) error {
	return fmt.Errorf("line %d: %s", p.line+1, fmt.Sprintf(format, a...))
}

func (p *parser) skipSpace(newlines bool) {
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
		case c == '\n' && newlines:
			p.line++
			p.i++
		case c == '#':
			for p.i < len(p.s) && p.s[p.i] != '\n' {
				p.i++
			}
		default:
			return
		}
	}
}

func parse(s string) (*config, error) {
	p := &parser{s: s}
	cfg := &config{}
	section := ""
	for {
		p.skipSpace(true)
		if p.i >= len(p.s) {
			break
		}
		if p.s[p.i] == '[' {
			end := strings.IndexByte(p.s[p.i:], '\n')
			if end < 0 {
				end = len(p.s) - p.i
			}
			hdr := strings.TrimSpace(p.s[p.i : p.i+end])
			p.i += end
			switch hdr {
			case "[allowlist]":
				section = "global"
			case "[[rules]]":
				section = "rule"
				cfg.Rules = append(cfg.Rules, rule{})
			case "[[rules.allowlists]]":
				if len(cfg.Rules) == 0 {
					return nil, p.errf("allowlist before any rule")
				}
				section = "ruleallow"
				r := &cfg.Rules[len(cfg.Rules)-1]
				r.Allows = append(r.Allows, allow{})
			default:
				return nil, p.errf("unknown table %q", hdr)
			}
			continue
		}
		key, val, err := p.keyValue()
		if err != nil {
			return nil, err
		}
		if err := assign(cfg, section, key, val); err != nil {
			return nil, p.errf("%v", err)
		}
	}
	return cfg, nil
}

func (p *parser) keyValue() (string, any, error) {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != '=' && p.s[p.i] != '\n' {
		p.i++
	}
	if p.i >= len(p.s) || p.s[p.i] != '=' {
		return "", nil, p.errf("expected key = value")
	}
	key := strings.TrimSpace(p.s[start:p.i])
	p.i++
	p.skipSpace(false)
	val, err := p.value()
	return key, val, err
}

func (p *parser) value() (any, error) {
	if p.i >= len(p.s) {
		return nil, p.errf("missing value")
	}
	switch c := p.s[p.i]; {
	case c == '[':
		p.i++
		var arr []string
		for {
			p.skipSpace(true)
			if p.i >= len(p.s) {
				return nil, p.errf("unterminated array")
			}
			switch p.s[p.i] {
			case ']':
				p.i++
				return arr, nil
			case ',':
				p.i++
				continue
			}
			v, err := p.str()
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
	case c == '\'' || c == '"':
		return p.str()
	default:
		end := p.i
		for end < len(p.s) && p.s[end] != '\n' && p.s[end] != '#' {
			end++
		}
		lit := strings.TrimSpace(p.s[p.i:end])
		p.i = end
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			return nil, p.errf("unsupported value %q", lit)
		}
		return f, nil
	}
}

func (p *parser) str() (string, error) {
	rest := p.s[p.i:]
	switch {
	case strings.HasPrefix(rest, "'''"):
		end := strings.Index(rest[3:], "'''")
		if end < 0 {
			return "", p.errf("unterminated literal string")
		}
		v := rest[3 : 3+end]
		p.line += strings.Count(v, "\n")
		p.i += 3 + end + 3
		return v, nil
	case strings.HasPrefix(rest, "'"):
		end := strings.IndexAny(rest[1:], "'\n")
		if end < 0 || rest[1+end] != '\'' {
			return "", p.errf("unterminated literal string")
		}
		p.i += end + 2
		return rest[1 : 1+end], nil
	case strings.HasPrefix(rest, `"`):
		j := 1
		for j < len(rest) && rest[j] != '"' {
			if rest[j] == '\\' {
				j++
			}
			if j < len(rest) && rest[j] == '\n' {
				return "", p.errf("newline in basic string")
			}
			j++
		}
		if j >= len(rest) {
			return "", p.errf("unterminated basic string")
		}
		v, err := strconv.Unquote(rest[:j+1])
		if err != nil {
			return "", p.errf("basic string: %v", err)
		}
		p.i += j + 1
		return v, nil
	}
	return "", p.errf("expected a string")
}

func assign(cfg *config, section, key string, val any) error {
	str := func() (string, error) {
		s, ok := val.(string)
		if !ok {
			return "", fmt.Errorf("%s: want a string", key)
		}
		return s, nil
	}
	list := func() ([]string, error) {
		l, ok := val.([]string)
		if !ok {
			return nil, fmt.Errorf("%s: want an array of strings", key)
		}
		return l, nil
	}
	var err error
	switch section {
	case "":
		switch key {
		case "title", "minVersion":
			return nil
		}
	case "global", "ruleallow":
		a := &cfg.Global
		if section == "ruleallow" {
			r := &cfg.Rules[len(cfg.Rules)-1]
			a = &r.Allows[len(r.Allows)-1]
		}
		switch key {
		case "description":
			a.Description, err = str()
			return err
		case "condition":
			a.Condition, err = str()
			return err
		case "regexTarget":
			a.Target, err = str()
			return err
		case "regexes":
			a.Regexes, err = list()
			return err
		case "stopwords":
			a.Stopwords, err = list()
			return err
		case "paths":
			// Path allowlists describe files in a repository; a transcript
			// fragment has no path, so they can never match here.
			_, err = list()
			a.Paths = true
			return err
		}
	case "rule":
		r := &cfg.Rules[len(cfg.Rules)-1]
		switch key {
		case "id":
			r.ID, err = str()
			return err
		case "description":
			return nil
		case "regex":
			r.Regex, err = str()
			return err
		case "path":
			r.Path, err = str()
			return err
		case "keywords":
			r.Keywords, err = list()
			return err
		case "secretGroup", "entropy":
			f, ok := val.(float64)
			if !ok {
				return fmt.Errorf("%s: want a number", key)
			}
			if key == "entropy" {
				r.Entropy = f
			} else {
				r.SecretGroup = int(f)
			}
			return nil
		}
	}
	return fmt.Errorf("unknown key %q in %s", key, section)
}

func emit(cfg *config) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by internal/tomlgen from gitleaks/gitleaks.toml (gitleaks v8.30.1, MIT, see gitleaks/LICENSE). DO NOT EDIT.\n\n")
	b.WriteString("package redact\n\n")
	b.WriteString("// gitleaksGlobalAllow is gitleaks' global allowlist (text criteria only).\n")
	b.WriteString("func gitleaksGlobalAllow() allowSpec {\n\treturn ")
	writeAllow(&b, cfg.Global)
	b.WriteString("\n}\n\n")
	b.WriteString("// gitleaksRules is gitleaks' default rule set. Rules that only match a\n")
	b.WriteString("// file path, or only apply to some file types, are left out: a transcript\n")
	b.WriteString("// fragment has no path.\n")
	b.WriteString("func gitleaksRules() []ruleSpec {\n\treturn []ruleSpec{\n")
	n := 0
	for _, r := range cfg.Rules {
		if r.Regex == "" || r.Path != "" {
			continue
		}
		n++
		fmt.Fprintf(&b, "\t\t{ID: %q, Regex: %s", r.ID, strconv.Quote(r.Regex))
		if r.SecretGroup != 0 {
			fmt.Fprintf(&b, ", SecretGroup: %d", r.SecretGroup)
		}
		if r.Entropy != 0 {
			fmt.Fprintf(&b, ", Entropy: %s", strconv.FormatFloat(r.Entropy, 'g', -1, 64))
		}
		if len(r.Keywords) > 0 {
			fmt.Fprintf(&b, ", Keywords: %s", goList(r.Keywords))
		}
		var allows []allow
		for _, a := range r.Allows {
			// An AND allowlist that needs a path can never match without one.
			if a.Paths && (strings.EqualFold(a.Condition, "AND") || (len(a.Regexes) == 0 && len(a.Stopwords) == 0)) {
				continue
			}
			allows = append(allows, a)
		}
		if len(allows) > 0 {
			b.WriteString(", Allow: []allowSpec{")
			for i, a := range allows {
				if i > 0 {
					b.WriteString(", ")
				}
				writeAllow(&b, a)
			}
			b.WriteString("}")
		}
		b.WriteString("},\n")
	}
	b.WriteString("\t}\n}\n")
	fmt.Fprintf(&b, "\n// gitleaksRuleCount is the number of rules kept from gitleaks.toml.\nconst gitleaksRuleCount = %d\n", n)
	return format.Source(b.Bytes())
}

func writeAllow(b *bytes.Buffer, a allow) {
	b.WriteString("allowSpec{")
	sep := ""
	if a.Condition != "" {
		fmt.Fprintf(b, "%sAnd: %t", sep, strings.EqualFold(a.Condition, "AND"))
		sep = ", "
	}
	if a.Target != "" {
		fmt.Fprintf(b, "%sTarget: %q", sep, a.Target)
		sep = ", "
	}
	if len(a.Regexes) > 0 {
		fmt.Fprintf(b, "%sRegexes: %s", sep, goList(a.Regexes))
		sep = ", "
	}
	if len(a.Stopwords) > 0 {
		fmt.Fprintf(b, "%sStopwords: %s", sep, goList(a.Stopwords))
	}
	b.WriteString("}")
}

func goList(l []string) string {
	q := make([]string, len(l))
	for i, s := range l {
		q[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(q, ", ") + "}"
}
