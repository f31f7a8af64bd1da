//go:build ignore

// cputime runs a command, waits for it and for every process it left
// behind (it is their child subreaper), and appends one line to
// $CPUTIME_LOG (stderr when unset): the working directory, wall time, the
// user and system CPU of the whole process tree and the largest resident
// set among them, then exits with the command's status. With `go test
// -exec` it gives the CPU of each test package, node helpers included:
//
//	go build -o /tmp/cputime scripts/cputime.go
//	CPUTIME_LOG=/tmp/cpu.log go test -count=1 -exec /tmp/cputime ./...
//
// scripts/bench.sh times every run with it. It starts the command itself,
// so the wall time is the command's alone: timing from bash around
// /usr/bin/time, as bench.sh did before, added a bash fork and the exec of
// a dynamically linked program, 6-11 ms on this VM, to a ~60 ms run.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cputime CMD [ARG...]")
		os.Exit(2)
	}
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		fmt.Fprintln(os.Stderr, "cputime:", err)
		os.Exit(1)
	}
	start := time.Now()
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			code = 128 + int(ws.Signal()) // as a shell reports it
		}
	} else if err != nil {
		fmt.Fprintln(os.Stderr, "cputime:", err)
		code = 1
	}
	for { // reap what the command left behind
		var ws unix.WaitStatus
		if _, err := unix.Wait4(-1, &ws, 0, nil); errors.Is(err, unix.ECHILD) {
			break
		} else if err != nil && !errors.Is(err, unix.EINTR) {
			break
		}
	}
	wall := time.Since(start)
	var ru unix.Rusage
	_ = unix.Getrusage(unix.RUSAGE_CHILDREN, &ru)
	dir, _ := os.Getwd()
	line := fmt.Sprintf("%s wall=%.4fs user=%.4fs sys=%.4fs maxrss=%dkB\n", dir, wall.Seconds(),
		time.Duration(ru.Utime.Nano()).Seconds(), time.Duration(ru.Stime.Nano()).Seconds(), ru.Maxrss)
	if p := os.Getenv("CPUTIME_LOG"); p != "" {
		if f, err := os.OpenFile(p, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
			_, _ = f.WriteString(line)
			_ = f.Close()
		}
	} else {
		fmt.Fprint(os.Stderr, line)
	}
	os.Exit(code)
}
