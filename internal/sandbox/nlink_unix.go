//go:build unix

package sandbox

import (
	"io/fs"
	"syscall"
)

// linkCount is the number of hard links to a file (1 when unknown). A file
// with several names may be a planted link to something outside the roots,
// which os.Root cannot see, so reads refuse it.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}
