//go:build unix

package transcript

import (
	"errors"
	"syscall"
)

// openFlags makes the open refuse a symlink in the last component and never
// block on a FIFO; O_NONBLOCK has no effect on regular files.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW

// openChecks says the open flags alone keep links and FIFOs out.
const openChecks = true

// isSymlinkErr recognises O_NOFOLLOW's refusal of a symlink.
func isSymlinkErr(err error) bool {
	return errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK)
}
