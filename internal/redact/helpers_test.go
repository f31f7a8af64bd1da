package redact

import (
	"context"
	"sort"
)

// Test helpers: Redactor methods only the tests need.

// Check compiles every rule now and returns the first error. New compiles
// rules lazily, on the first text whose keywords select them; the tests
// call Check so a bad rule is found before it matters.
func (r *Redactor) Check() error {
	for i := range r.rules {
		r.rules[i].lazy.compile()
		if err := r.rules[i].lazy.err; err != nil {
			return err
		}
	}
	return nil
}

// Rules lists the rule ids, sorted; placeholders use these ids.
func (r *Redactor) Rules() []string {
	ids := make([]string, 0, len(r.rules))
	for _, rl := range r.rules {
		ids = append(ids, rl.id)
	}
	sort.Strings(ids)
	return ids
}

// Redact replaces every secret in s and reports per rule how many it
// replaced. It has no time cap, so only tests use it; code that sends text
// anywhere uses Text.
func (r *Redactor) Redact(s string) (string, []Finding) {
	out, f, _ := r.redact(context.Background(), s)
	return out, f
}
