package offline

import "testing"

// heldOut are sentences written after the classifier was tuned on the
// corpus and never used to tune it: the figure this test logs is the
// classifier's accuracy on wording it has not seen. durable means the
// sentence alone should become a memory line (lasting marker) or count
// towards one (instruction said in another session too).
var heldOut = []struct {
	text    string
	durable bool
}{
	{"Going forward, write SQL keywords in upper case.", true},
	{"Never log request bodies, they can contain card numbers.", true},
	{"Please always run the formatter before you show me a diff.", true},
	{"Don't use default exports in this codebase.", true},
	{"Make sure every migration has a down step.", true},
	{"We prefer small pull requests over big ones.", true},
	{"Remember, the staging database is shared with QA.", true},
	{"Stick to the standard library unless I say otherwise.", true},
	{"Avoid global state in the handlers.", true},
	{"Use table-driven tests rather than one test per case.", true},
	{"Can you always show the full path in error messages?", false},
	{"Don't worry about the warnings for now.", false},
	{"Let's try running it with more memory.", false},
	{"The linter always complains about this file.", false},
	{"I never got the email about the outage.", false},
	{"Please run the tests.", false},
	{"Add a flag for verbose output.", false},
	{"Hmm, that never worked for me.", false},
	{"We could always revert it if it breaks.", false},
	{"Just this once, push straight to main.", false},
	{"Why does it always time out?", false},
	{"Thanks, that's perfect.", false},
}

func TestHeldOutClassification(t *testing.T) {
	right := 0
	for _, h := range heldOut {
		st, _ := classify(h.text, false, source{})
		got := st != nil
		if got == h.durable {
			right++
		} else {
			t.Logf("held-out miss: %q classified durable=%v", h.text, got)
		}
	}
	acc := float64(right) / float64(len(heldOut))
	t.Logf("held-out classification accuracy %.2f (%d/%d)", acc, right, len(heldOut))
	if acc < 0.8 {
		t.Fatalf("held-out accuracy %.2f below 0.8", acc)
	}
}
