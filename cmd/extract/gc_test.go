package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcSettings reads the collector's percent and soft limit without
// changing them.
func gcSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(-1)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

// TestStartGC checks the collector a run starts with: off under
// quietLimit when the user set neither variable, the usual pacing under
// memoryLimit after the first collection; and that GOGC or GOMEMLIMIT
// set by the user are left alone.
func TestStartGC(t *testing.T) {
	percent0, limit0 := gcSettings()
	t.Cleanup(func() {
		debug.SetGCPercent(percent0)
		debug.SetMemoryLimit(limit0)
	})
	for _, tc := range []struct {
		name    string
		env     map[string]string
		percent int
		limit   int64
		afterP  int
		afterL  int64
	}{
		{name: "neither set", percent: -1, limit: quietLimit, afterP: 100, afterL: memoryLimit},
		{name: "GOGC set", env: map[string]string{"GOGC": "50"}, percent: 77, limit: memoryLimit, afterP: 77, afterL: memoryLimit},
		{name: "GOMEMLIMIT set", env: map[string]string{"GOMEMLIMIT": "1GiB"}, percent: 77, limit: 1 << 30, afterP: 77, afterL: 1 << 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// What the runtime took from the variables, as it would at start.
			debug.SetGCPercent(77)
			debug.SetMemoryLimit(1 << 30)
			p := startGC(func(k string) string { return tc.env[k] })
			if pc, l := gcSettings(); pc != tc.percent || l != tc.limit {
				t.Fatalf("at start: GOGC %d, limit %d; want %d, %d", pc, l, tc.percent, tc.limit)
			}
			runtime.GC() // hugeheap.Reserve's collection comes before arm: it changes nothing
			time.Sleep(10 * time.Millisecond)
			if pc, l := gcSettings(); pc != tc.percent || l != tc.limit {
				t.Fatalf("after the start-up collection: GOGC %d, limit %d; want %d, %d", pc, l, tc.percent, tc.limit)
			}
			p.arm()
			deadline := time.Now().Add(10 * time.Second)
			for {
				runtime.GC()
				pc, l := gcSettings()
				if pc == tc.afterP && l == tc.afterL {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("after a collection: GOGC %d, limit %d; want %d, %d", pc, l, tc.afterP, tc.afterL)
				}
				time.Sleep(5 * time.Millisecond)
			}
		})
	}
}
