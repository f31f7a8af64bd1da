//go:build !unix

package transcript

// openFlags is empty where O_NONBLOCK and O_NOFOLLOW do not exist; the Lstat
// and SameFile checks still apply.
const openFlags = 0
