//go:build unix

package transcript

import "syscall"

// openFlags adds O_NONBLOCK so that even a FIFO swapped in after the Lstat
// check cannot block the open; it has no effect on regular files.
const openFlags = syscall.O_NONBLOCK | syscall.O_NOFOLLOW
