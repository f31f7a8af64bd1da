package offline

import (
	"strings"
	"testing"
)

// TestIntroLineGate: the colon check before introRe decides as the
// pattern does, whatever space ends the line.
func TestIntroLineGate(t *testing.T) {
	for _, ln := range []string{
		"the build log says:", "here's the stack trace:\u00a0", "Output :", "error:", "pasted below", "the docs: they say",
		"Review comment from Dana:", "email from ops:\t", "see the trace", "logs", ": ", "",
	} {
		trim := strings.TrimSpace(ln)
		if got, want := introLine(trim), introRe().MatchString(trim); got != want {
			t.Errorf("introLine(%q) = %v, pattern says %v", trim, got, want)
		}
	}
}
