//go:build !unix

package transcript

// openFlags is empty where O_NONBLOCK and O_NOFOLLOW do not exist.
const openFlags = 0

// openChecks is false: an Lstat must keep links and FIFOs out first.
const openChecks = false

func isSymlinkErr(error) bool { return false }
