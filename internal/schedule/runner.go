package schedule

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
)

// Result is what an external command left behind. A non-zero exit is data
// (ExitCode), not an error: callers decide which failures matter.
type Result struct {
	Stdout, Stderr []byte
	ExitCode       int
}

// Runner runs an external program. It is an interface so tests can record
// the exact systemctl/launchctl calls and script their answers; production
// uses ExecRunner.
type Runner interface {
	// Run executes argv[0] with argv[1:]. The error is non-nil only when the
	// program could not be started at all; it wraps exec.ErrNotFound when
	// the program is not installed.
	Run(ctx context.Context, argv []string) (Result, error)
}

// ExecRunner runs programs with os/exec, inheriting the process
// environment (systemctl --user needs XDG_RUNTIME_DIR and the bus address).
type ExecRunner struct{}

// Run implements Runner.
func (ExecRunner) Run(ctx context.Context, argv []string) (Result, error) {
	if len(argv) == 0 {
		return Result{}, errors.New("run: empty command")
	}
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	res := Result{Stdout: out.Bytes(), Stderr: errb.Bytes()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		res.ExitCode = ee.ExitCode()
	default:
		return res, fmt.Errorf("run %s: %w", argv[0], err)
	}
	return res, nil
}
