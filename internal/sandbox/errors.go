package sandbox

import "fmt"

// Reason classifies a refused or failed tool operation so the agent can log
// policy refusals as warnings and count them.
type Reason string

// Reasons a tool operation fails.
const (
	// Outside: the path is in no readable root and is not an offered transcript.
	Outside Reason = "outside the allowed roots"
	// NotWritable: the path is readable but writes there are not allowed.
	NotWritable Reason = "not writable"
	// NotRegular: a symlink, directory, FIFO, socket or device.
	NotRegular Reason = "not a regular file"
	// TooLarge: content or result over a cap.
	TooLarge Reason = "too large"
	// TooMany: the run's file-write budget is spent.
	TooMany Reason = "too many files written"
	// Invalid: bad arguments (empty path, bad pattern, no match for replace…).
	Invalid Reason = "invalid request"
	// Failed: the filesystem refused (not found, escapes root, I/O error).
	Failed Reason = "failed"
)

// Error is a tool failure safe to show to the model: it names the path the
// model gave and a reason, never file content.
type Error struct {
	Op     string
	Path   string
	Reason Reason
	Detail string
	Err    error
}

// Error names the operation, the path as the model gave it and the reason.
func (e *Error) Error() string {
	s := fmt.Sprintf("%s %s: %s", e.Op, e.Path, e.Reason)
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap exposes the filesystem error for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

// Denied reports whether the failure is a policy refusal (as opposed to an
// ordinary miss such as a file not found), which deserves a warning.
func (e *Error) Denied() bool {
	switch e.Reason {
	case Outside, NotWritable, NotRegular, TooLarge, TooMany:
		return true
	}
	return false
}
