//go:build ignore

// timed runs one command and writes "wall_ms user_s sys_s maxrss_kb exit"
// to OUT (its stdout to /dev/null, its stderr to OUT.err), for bench.sh.
// It starts the command itself, so the wall time is the command's, from
// its fork to its exit: timing it from bash around /usr/bin/time, as
// bench.sh did before, added a bash fork and the exec of a dynamically
// linked /usr/bin/time, 6-11 ms on this VM, to a run of ~60 ms. CPU and
// memory come from the child's rusage (microseconds, where /usr/bin/time
// rounds to 10 ms).
//
//	go build -o timed scripts/timed.go && ./timed OUT CMD [ARG...]
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: timed OUT CMD [ARG...]")
		os.Exit(2)
	}
	out := os.Args[1]
	errf, err := os.Create(out + ".err")
	if err != nil {
		fmt.Fprintln(os.Stderr, "timed:", err)
		os.Exit(1)
	}
	defer errf.Close()
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stderr = errf // stdout stays nil: /dev/null
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	rc := 0
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		rc = exit.ExitCode()
	case err != nil:
		fmt.Fprintln(os.Stderr, "timed:", err)
		os.Exit(1)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	line := fmt.Sprintf("%.1f %.3f %.3f %d %d\n", float64(wall.Microseconds())/1000,
		float64(ru.Utime.Nano())/1e9, float64(ru.Stime.Nano())/1e9, ru.Maxrss, rc)
	if err := os.WriteFile(out, []byte(line), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "timed:", err)
		os.Exit(1)
	}
}
