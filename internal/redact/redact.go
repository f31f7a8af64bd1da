package redact

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Withheld replaces a whole message whose redaction failed (error, panic or
// time cap): failing closed means the model sees this notice, never the text.
const Withheld = "[automem: message withheld: redaction failed]"

// Placeholder returns the typed marker that replaces a secret found by rule.
// It names the kind of secret so the model (and a reviewer) still know what
// was there, and it matches no rule, so redaction is idempotent.
func Placeholder(rule string) string { return "[REDACTED:" + rule + "]" }

// Options bound the work done per message. The zero value picks defaults.
type Options struct {
	// MessageTimeout caps one Text call per started MiB of text (default
	// 5s per MiB): redaction is linear, so a time cap that does not grow
	// with the text would withhold large but ordinary tool outputs.
	MessageTimeout time.Duration
	// MaxMessage is the largest text Text accepts (default 32 MiB); larger
	// texts fail closed instead of stalling a run.
	MaxMessage int
	// Fragment is the scan window in bytes, 16 to 64 KiB (default 64 KiB);
	// windows overlap by Fragment/8 so a secret on a boundary is seen whole.
	Fragment int
}

const (
	defaultTimeout  = 5 * time.Second
	defaultMax      = 32 << 20
	maxFragment     = 64 << 10
	minFragment     = 16 << 10
	maxPasses       = 4
	base64MinRun    = 32
	windowBefore    = 128
	windowAfter     = 512
	maxWindow       = 1 << 10
	printableCutoff = 0.95
)

// ErrTooLarge is returned (wrapped) by Text when a message exceeds MaxMessage.
var ErrTooLarge = errors.New("message too large to redact")

// Finding says how many secrets one rule replaced. It never carries the
// secret, so findings can be logged and stored.
type Finding struct {
	Rule  string `json:"rule"`
	Count int    `json:"count"`
}

// Redactor replaces secrets with typed placeholders. Build one with New and
// share it: it is safe for concurrent use and holds no per-call state.
type Redactor struct {
	opts        Options
	rules       []rule
	global      allowList
	matcher     *matcher
	kwRules     [][]int32 // keyword id -> rule indexes
	alwaysRules []int     // rules without keywords
	placeholder *regexp.Regexp
}

// New prepares the rule set: gitleaks' default rules (loaded at build time
// from its rule data) plus automem's own. It builds the keyword automaton
// now and compiles each rule's regexes on first use (see Check).
func New(opts Options) (*Redactor, error) {
	specs := gitleaksRules()
	extra := extraAllow()
	for i := range specs {
		specs[i].Regex = strings.ReplaceAll(specs[i].Regex, gitleaksEnd, widerEnd)
		specs[i].Allow = append(specs[i].Allow, extra[specs[i].ID]...)
	}
	return newWithRules(opts, append(specs, automemRules()...))
}

// gitleaks ends most rules with a terminator made for source files: a quote,
// space or semicolon. In prose, shell lines, URLs and paths a key is just as
// often followed by ")", ",", ".", ">", "/", "?", "#", "@", "*" or a
// backslash (an escaped quote in JSON), so the terminator is widened. An
// opening bracket is not a terminator: "s.<24 letters and digits>(" is a
// method call, not a Vault token.
const (
	gitleaksEnd = `(?:[\x60'"\s;]|\\[nr]|$)`
	widerEnd    = `(?:[\x60'"\s;,.:)\]}>|&</\\?#@!*]|$)`
)

func newWithRules(opts Options, specs []ruleSpec) (*Redactor, error) {
	if opts.MessageTimeout <= 0 {
		opts.MessageTimeout = defaultTimeout
	}
	if opts.MaxMessage <= 0 {
		opts.MaxMessage = defaultMax
	}
	if opts.Fragment <= 0 || opts.Fragment > maxFragment {
		opts.Fragment = maxFragment
	}
	opts.Fragment = max(opts.Fragment, minFragment)
	g, err := compileAllow(gitleaksGlobalAllow())
	if err != nil {
		return nil, fmt.Errorf("global allowlist: %w", err)
	}
	r := &Redactor{opts: opts, global: g, placeholder: placeholderRe()}
	var keywords []string
	kwIndex := map[string]int32{}
	for _, s := range specs {
		cr, err := compileRule(s)
		if err != nil {
			return nil, err
		}
		idx := len(r.rules)
		r.rules = append(r.rules, cr)
		if len(cr.keywords) == 0 {
			r.alwaysRules = append(r.alwaysRules, idx)
			continue
		}
		for _, k := range cr.keywords {
			id, ok := kwIndex[k]
			if !ok {
				id = int32(len(keywords))
				kwIndex[k] = id
				keywords = append(keywords, k)
				r.kwRules = append(r.kwRules, nil)
			}
			r.kwRules[id] = append(r.kwRules[id], int32(idx))
		}
	}
	r.matcher = newMatcher(keywords)
	return r, nil
}

// Text is the fail-closed form used for every model-bound or printed text:
// the per-message time cap applies, and a panic, the cap or an oversized
// message all return an error. On error the caller must not use s; it sends
// Withheld instead (see Safe).
func (r *Redactor) Text(ctx context.Context, s string) (out string, findings []Finding, err error) {
	if len(s) > r.opts.MaxMessage {
		return "", nil, fmt.Errorf("redact %d bytes: %w", len(s), ErrTooLarge)
	}
	ctx = capped{Context: ctx, deadline: time.Now().Add(r.timeout(len(s)))}
	defer func() {
		if p := recover(); p != nil {
			out, findings, err = "", nil, fmt.Errorf("redact: panic: %v", p)
		}
	}()
	out, findings, err = r.redact(ctx, s)
	if err != nil {
		return "", nil, fmt.Errorf("redact: %w", err)
	}
	return out, findings, nil
}

// capped is ctx with Text's time cap, checked against the clock by Err.
// The redactor only ever polls Err (never waits on Done, which stays the
// parent's), so the cap needs no timer: context.WithTimeout made and
// stopped one per call, a third of redaction's CPU when an index build
// redacts hundreds of thousands of short texts.
type capped struct {
	context.Context
	deadline time.Time
}

func (c capped) Deadline() (time.Time, bool) {
	if d, ok := c.Context.Deadline(); ok && d.Before(c.deadline) {
		return d, true
	}
	return c.deadline, true
}

func (c capped) Err() error {
	if err := c.Context.Err(); err != nil {
		return err
	}
	if !time.Now().Before(c.deadline) {
		return context.DeadlineExceeded
	}
	return nil
}

// timeout is the time cap for a text of n bytes.
func (r *Redactor) timeout(n int) time.Duration {
	mib := (n + 1<<20 - 1) >> 20
	return r.opts.MessageTimeout * time.Duration(max(1, mib))
}

// Safe redacts s, or returns Withheld and the error when redaction fails;
// the result is always safe to send.
func (r *Redactor) Safe(ctx context.Context, s string) (string, []Finding, error) {
	out, f, err := r.Text(ctx, s)
	if err != nil {
		return Withheld, nil, err
	}
	return out, f, nil
}

// Hook adapts the redactor to the func(string) string shape renderers take.
// Failures yield Withheld; onFail (may be nil) hears about each one so the
// caller can log a warning, and findings (may be nil) receives what fired.
func (r *Redactor) Hook(ctx context.Context, onFail func(error), findings func([]Finding)) func(string) string {
	return func(s string) string {
		out, f, err := r.Safe(ctx, s)
		if err != nil && onFail != nil {
			onFail(err)
		}
		if findings != nil && len(f) > 0 {
			findings(f)
		}
		return out
	}
}
