//go:build ignore

// dryrunab times warm `extract --dry-run --json` runs of one or more
// extract binaries, interleaved (so load spikes hit each alike), and prints
// per binary the median and minimum wall time, the median CPU (user + sys
// from the child's rusage, microsecond resolution, where /usr/bin/time
// rounds to 10 ms) and the median minor page faults. A binary may be
// prefixed with environment settings: GOGC=off,GODEBUG=disablethp=1@bin.
//
//	HOME=<corpus home> GEMINI_CLI_HOME= CACHE=<warm cache dir> N=11 \
//	  go run scripts/dryrunab.go /tmp/extract-before /tmp/extract-after
package main

import (
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	n, err := strconv.Atoi(os.Getenv("N"))
	if err != nil || n < 1 {
		n = 11
	}
	args := []string{"--dry-run", "--json", "--now", "2026-11-30T00:00:00Z", "--cache-dir", os.Getenv("CACHE"), "--log-level", "error"}
	type sample struct{ wall, cpu, faults []float64 }
	res := make([]sample, len(os.Args)-1)
	load0, _ := os.ReadFile("/proc/loadavg")
	for range n {
		for j, spec := range os.Args[1:] {
			bin, env := spec, []string(nil)
			if k := strings.Index(spec, "@"); k >= 0 {
				bin, env = spec[k+1:], strings.Split(spec[:k], ",")
			}
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), env...)
			start := time.Now()
			if err := cmd.Run(); err != nil {
				fmt.Fprintln(os.Stderr, "dryrunab:", spec, err)
				os.Exit(1)
			}
			wall := time.Since(start)
			ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
			cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
			r := &res[j]
			r.wall = append(r.wall, float64(wall.Microseconds())/1000)
			r.cpu = append(r.cpu, float64(cpu.Microseconds())/1000)
			r.faults = append(r.faults, float64(ru.Minflt))
		}
	}
	load1, _ := os.ReadFile("/proc/loadavg")
	for j, spec := range os.Args[1:] {
		r := res[j]
		fmt.Printf("%s: wall %.1f ms (min %.1f), cpu %.1f ms (min %.1f), faults %.0f\n",
			spec, median(r.wall), minOf(r.wall), median(r.cpu), minOf(r.cpu), median(r.faults))
	}
	fmt.Printf("load average %s -> %s\n", strings.Join(strings.Fields(string(load0))[:3], " "), strings.Join(strings.Fields(string(load1))[:3], " "))
}

func median(x []float64) float64 {
	s := append([]float64(nil), x...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func minOf(x []float64) float64 {
	m := x[0]
	for _, v := range x {
		m = min(m, v)
	}
	return m
}
