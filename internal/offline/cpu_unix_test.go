//go:build unix

package offline

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time, so benchmarks can report
// work done independently of how busy the machine is.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
