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

// TestTraceMessageIsPasted: the line right above a stack frame is the
// message of the pasted trace, however it reads ("… will never be
// retried" is no rule); the person's words around the trace stay.
func TestTraceMessageIsPasted(t *testing.T) {
	msg := "the worker logs this\nscheduled jobs created before boot will never be retried\n    at enqueue (queue/dispatch.js:88:14)\n    at boot (server.js:12:3)\nplease look into it"
	got := strings.Join(ownText(msg), "\n")
	if strings.Contains(got, "never be retried") {
		t.Errorf("trace message kept as the person's words: %q", got)
	}
	if !strings.Contains(got, "the worker logs this") || !strings.Contains(got, "please look into it") {
		t.Errorf("the person's words around the trace lost: %q", got)
	}
	py := "runner output\nwarning raised while loading the plugin table\n  File \"plugins/load.py\", line 41, in load\nnever import plugins at module level"
	if got := strings.Join(ownText(py), "\n"); strings.Contains(got, "warning raised") || !strings.Contains(got, "never import plugins") {
		t.Errorf("got %q; want the trace's message out and the rule kept", got)
	}
}
