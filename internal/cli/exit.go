package cli

import (
	"errors"
	"fmt"
)

// Exit codes shared by both binaries; they are part of the contract and are
// listed in --help and the README.
const (
	ExitOK      = 0  // done, including nothing to do
	ExitFailed  = 1  // failed
	ExitSkipped = 75 // skipped: lock held, throttled, backing off (EX_TEMPFAIL)
	ExitUsage   = 80 // usage error: unknown flag, bad or out-of-range value
	// ExitInterrupted: a person interrupted the command (Ctrl-C, or a stop
	// by the scheduler); what was done before is kept. 128+SIGINT, as a
	// shell reports it.
	ExitInterrupted = 130
)

// Interrupted wraps err (a review ended by Ctrl-C) so it maps to
// ExitInterrupted.
func Interrupted(err error) error { return &ExitError{Code: ExitInterrupted, Err: err} }

// Usage wraps err (a bad argument found only when the command runs, such
// as a hunk number beyond the item's hunks) so it maps to ExitUsage.
func Usage(err error) error { return &ExitError{Code: ExitUsage, Err: err} }

// ExitError carries an exit code through the error chain so that the single
// place that prints errors can pick the right code.
type ExitError struct {
	Code int
	Err  error
	// Quiet leaves the error unprinted: the command already said what
	// happened (a skipped run's report).
	Quiet bool
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// Skipped wraps err (a run in which at least one project was skipped
// because another run held its lock or its throttle or backoff was not
// over) so it maps to ExitSkipped and is not printed as an error.
func Skipped(err error) error { return &ExitError{Code: ExitSkipped, Err: err, Quiet: true} }

// Code maps an error to the process exit code.
func Code(err error) int {
	if err == nil {
		return ExitOK
	}
	var ee *ExitError
	if errors.As(err, &ee) {
		return ee.Code
	}
	return ExitFailed
}
