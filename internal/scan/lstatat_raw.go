//go:build linux && (amd64 || arm64 || riscv64)

package scan

import (
	"errors"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// errLongName sends a name lstatAt cannot pass (too long for its buffer,
// or holding a NUL byte) to os.Lstat.
var errLongName = errors.New("name not passed to fstatat")

// lstatAt is fstatat(fd, name, AT_SYMLINK_NOFOLLOW) as a raw system call,
// with the name copied into a buffer on the stack. unix.Fstatat allocates
// the C string of every name and tells the scheduler about each call
// (entersyscall/exitsyscall): for the 10,000 calls of an unchanged
// re-scan, that was 10,000 allocations and, because a thread in a system
// call for more than 20 µs loses its P to another, about half the run's
// context switches. A stat of a file whose directory is open does not wait
// for long; where it does (a cold disk), the worker keeps its P, which no
// other goroutine of a scan needs.
func lstatAt(fd int, name string, st *unix.Stat_t) error {
	var buf [256]byte // NAME_MAX is 255
	if len(name) >= len(buf) || strings.IndexByte(name, 0) >= 0 {
		return errLongName
	}
	copy(buf[:], name)
	for {
		_, _, e := unix.RawSyscall6(unix.SYS_NEWFSTATAT, uintptr(fd), uintptr(unsafe.Pointer(&buf[0])),
			uintptr(unsafe.Pointer(st)), unix.AT_SYMLINK_NOFOLLOW, 0, 0)
		switch e {
		case 0:
			return nil
		case unix.EINTR:
			continue
		}
		return e
	}
}
