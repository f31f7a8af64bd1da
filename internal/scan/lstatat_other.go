//go:build linux && !(amd64 || arm64 || riscv64)

package scan

import (
	"errors"

	"golang.org/x/sys/unix"
)

// errLongName is never returned here: unix.Fstatat takes any name.
var errLongName = errors.New("name not passed to fstatat")

// lstatAt is fstatat(fd, name, AT_SYMLINK_NOFOLLOW); see lstatat_raw.go
// for the architectures where it avoids the scheduler and an allocation.
func lstatAt(fd int, name string, st *unix.Stat_t) error {
	for {
		if err := unix.Fstatat(fd, name, st, unix.AT_SYMLINK_NOFOLLOW); err != unix.EINTR {
			return err
		}
	}
}
