package redact

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"sync"
)

// ruleSpec is the uncompiled form of a detection rule, shared by the
// generated gitleaks table and automem's own rules so both follow the same
// semantics: keywords gate the regex, the secret is one capture group, an
// entropy floor and allowlists drop look-alikes.
type ruleSpec struct {
	ID          string
	Regex       string
	SecretGroup int
	Entropy     float64
	Keywords    []string
	Allow       []allowSpec
	// Whole marks rules that must see the whole fragment (multi-line
	// matches); the others run only on the lines that hold a keyword.
	Whole bool
	// Check is an extra test on the secret (automem rules only).
	Check func(secret string) bool
	// WholeMatch replaces the whole match instead of the secret group.
	WholeMatch bool
	// Assign marks "name, operator, value" rules (see runAnchored); Name
	// says which bytes may precede the keyword in the name: "upper" for
	// [A-Z0-9_], otherwise [A-Za-z0-9_.-].
	Assign bool
	Name   string
	// Before and After bound the bytes around a keyword the regex sees
	// (defaults 128 and 512; a match reaching the edge is retried on the
	// rest of the line).
	Before, After int
}

// allowSpec says when a candidate is not a secret. Target is what the
// regexes look at: "" or "secret", "match", or "line".
type allowSpec struct {
	And       bool
	Target    string
	Regexes   []string
	Stopwords []string
}

type rule struct {
	id         string
	lazy       *compiled
	group      int
	entropy    float64
	keywords   []string
	whole      bool
	check      func(string) bool
	wholeMatch bool
	generic    bool
	before     int
	after      int
	assign     bool
	nameByte   func(byte) bool
	nameMax    int
}

type allowList struct {
	and       bool
	target    string
	regexes   []*regexp.Regexp
	stopwords []string
}

func compileAllow(a allowSpec) (allowList, error) {
	al := allowList{and: a.And, target: a.Target}
	for _, s := range a.Regexes {
		re, err := regexp.Compile(s)
		if err != nil {
			return al, fmt.Errorf("compile allowlist regex %q: %w", s, err)
		}
		al.regexes = append(al.regexes, re)
	}
	for _, w := range a.Stopwords {
		al.stopwords = append(al.stopwords, strings.ToLower(w))
	}
	return al, nil
}

// compiled holds a rule's regexes, built on first use: New stays cheap (a
// run with nothing to do never pays for 200-odd regexes) and a text only
// compiles the rules its keywords select.
type compiled struct {
	once     sync.Once
	spec     ruleSpec
	assign   bool
	re       *regexp.Regexp
	anchored *regexp.Regexp
	allow    []allowList
	err      error
}

func (c *compiled) compile() {
	c.once.Do(func() {
		s := c.spec
		if c.re, c.err = regexp.Compile(s.Regex); c.err != nil {
			c.err = fmt.Errorf("compile rule %s: %w", s.ID, c.err)
			return
		}
		if c.assign {
			if c.anchored, c.err = regexp.Compile(`^(?:` + s.Regex + `)`); c.err != nil {
				c.err = fmt.Errorf("compile rule %s: %w", s.ID, c.err)
				return
			}
		}
		for _, a := range s.Allow {
			al, err := compileAllow(a)
			if err != nil {
				c.err = fmt.Errorf("rule %s: %w", s.ID, err)
				return
			}
			c.allow = append(c.allow, al)
		}
	})
}

// get returns the compiled rule; a rule that does not compile panics,
// which Text turns into a fail-closed error (Check finds it up front).
func (r *rule) get() *compiled {
	r.lazy.compile()
	if r.lazy.err != nil {
		panic(r.lazy.err)
	}
	return r.lazy
}

func compileRule(s ruleSpec) (rule, error) {
	r := rule{
		id:         s.ID,
		group:      s.SecretGroup,
		entropy:    s.Entropy,
		whole:      s.Whole || strings.Contains(s.Regex, `\s\S`) || strings.Contains(s.Regex, "(?s"),
		check:      s.Check,
		wholeMatch: s.WholeMatch,
		generic:    strings.HasPrefix(s.ID, "generic"),
		before:     s.Before,
		after:      s.After,
	}
	if strings.Contains(s.Regex, assignTemplate) {
		// gitleaks' "name near keyword, operator, value" template: at most
		// 50 bytes of name before the keyword, then 20 + 3 + 5 bytes of
		// padding and a value of at most ~150 bytes.
		r.before, r.after = 64, 320
		r.assign = true
		r.nameMax = 50
	}
	if s.Assign {
		r.assign = true
		r.nameMax = 256
	}
	r.nameByte = isNameByte
	if s.Name == "upper" {
		r.nameByte = func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' }
	}
	r.lazy = &compiled{spec: s, assign: r.assign}
	if r.before <= 0 {
		r.before = windowBefore
	}
	if r.after <= 0 {
		r.after = windowAfter
	}
	for _, k := range s.Keywords {
		r.keywords = append(r.keywords, strings.ToLower(k))
	}
	return r, nil
}

// assignTemplate is the operator group of gitleaks' keyword-context rules.
const assignTemplate = `(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)`

// allowed reports whether the allowlist clears a candidate.
func (a *allowList) allowed(secret, match string, line func() string) bool {
	target := secret
	switch a.target {
	case "match":
		target = match
	case "line":
		if len(a.regexes) > 0 {
			target = line()
		}
	}
	reHit := false
	for _, re := range a.regexes {
		if re.MatchString(target) {
			reHit = true
			break
		}
	}
	swHit := false
	if len(a.stopwords) > 0 {
		low := strings.ToLower(secret)
		for _, w := range a.stopwords {
			if strings.Contains(low, w) {
				swHit = true
				break
			}
		}
	}
	if a.and {
		if len(a.regexes) > 0 && !reHit {
			return false
		}
		if len(a.stopwords) > 0 && !swHit {
			return false
		}
		return len(a.regexes) > 0 || len(a.stopwords) > 0
	}
	return reHit || swHit
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c == 0 {
			continue
		}
		p := float64(c) / n
		h -= p * math.Log2(p)
	}
	return h
}

func hasDigit(s string) bool {
	return strings.ContainsAny(s, "0123456789")
}
