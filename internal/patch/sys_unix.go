//go:build unix

package patch

import (
	"errors"
	"syscall"
)

func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }

// linkUnsupported reports errors meaning the filesystem cannot hard-link, so
// a no-clobber create falls back to check-then-rename.
func linkUnsupported(err error) bool {
	return errors.Is(err, syscall.ENOTSUP) || errors.Is(err, syscall.EPERM) || errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.EXDEV)
}

// nofollowFlag makes the final open refuse a symlink swapped in after Lstat.
const nofollowFlag = syscall.O_NOFOLLOW
