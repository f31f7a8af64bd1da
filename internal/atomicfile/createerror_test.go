package atomicfile

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestCreateErrorNamesTheDirectory: a directory that refuses new files is
// reported by its name, never by the random temp name. (Built from the
// errno because tests may run as root, where chmod refuses nothing.)
func TestCreateErrorNamesTheDirectory(t *testing.T) {
	tmp := ".MEMORY.md.0123abcd.automem-tmp"
	for _, errno := range []syscall.Errno{syscall.EACCES, syscall.EPERM, syscall.EROFS} {
		err := createError("/home/u/.gemini/tmp/p/memory", "MEMORY.md", &os.PathError{Op: "openat", Path: tmp, Err: errno})
		msg := err.Error()
		if !strings.Contains(msg, "directory /home/u/.gemini/tmp/p/memory is not writable") || strings.Contains(msg, "automem-tmp") || !errors.Is(err, errno) {
			t.Errorf("%v: %q", errno, msg)
		}
	}
	err := createError("/d", "MEMORY.md", &os.PathError{Op: "openat", Path: tmp, Err: syscall.ENOSPC})
	if !strings.Contains(err.Error(), "create temp for MEMORY.md") || !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("ENOSPC: %q", err)
	}
}
