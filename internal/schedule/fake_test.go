package schedule

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// fakeRunner records every command and answers from a table keyed by the
// joined command line; unknown commands succeed with no output.
type fakeRunner struct {
	calls   []string
	answers map[string]Result
	// missing makes every command fail to start, as if not installed.
	missing bool
}

func (f *fakeRunner) Run(_ context.Context, argv []string) (Result, error) {
	line := strings.Join(argv, " ")
	f.calls = append(f.calls, line)
	if f.missing {
		return Result{}, fmt.Errorf("run %s: %w", argv[0], exec.ErrNotFound)
	}
	return f.answers[line], nil
}
