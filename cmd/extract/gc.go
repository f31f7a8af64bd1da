package main

import (
	"runtime"
	"runtime/debug"
)

// memoryLimit is the soft memory limit of a run (GOMEMLIMIT overrides it).
// A background job should stay small: while one worker holds a 16 MiB
// line, the default GC pacing would let the heap double first.
const memoryLimit = 40 << 20

// quietLimit is how much memory a run may fill before its first garbage
// collection. A warm dry run over 10,000 sessions allocates about 14 MB
// in all (under 24 MiB with hugeheap.Reserve's reserve and the runtime's own) and
// is over in tens of milliseconds: collecting during it only costs CPU and
// page faults (each cycle walks the heap and touches fresh runtime
// metadata; three of them cost ~15 % of that run's CPU). A run that reads
// transcripts or calls a model goes past it and is then collected as
// usual; the 1 GiB-line corpus keeps its peak (measured: same max RSS).
const quietLimit = 24 << 20

// gcPolicy is the collector's setting for one process.
type gcPolicy struct {
	pacing bool // GOGC unset: the collector waits for quietLimit
	limit  bool // GOMEMLIMIT unset: memoryLimit (and quietLimit) apply
}

// startGC sets the collector for a short run: off until the run's memory
// reaches quietLimit (unless GOGC is set), with memoryLimit as the soft
// limit (unless GOMEMLIMIT is set). arm must follow once the start-up's own
// collection (hugeheap.Reserve's) is done: the next collection then restores the
// usual pacing.
func startGC(getenv func(string) string) gcPolicy {
	p := gcPolicy{pacing: getenv("GOGC") == "", limit: getenv("GOMEMLIMIT") == ""}
	switch {
	case p.pacing && p.limit:
		debug.SetGCPercent(-1)
		debug.SetMemoryLimit(quietLimit)
	case p.pacing:
		// The user's limit alone would let the heap grow to it untouched.
		p.pacing = false
	case p.limit:
		debug.SetMemoryLimit(memoryLimit)
	}
	return p
}

// gcSentinel is an object nothing points to: its cleanup runs after the
// first collection that finds it, i.e. the first one after arm.
type gcSentinel struct{ _ [2]*byte } // not a tiny allocation: those share a block and its cleanup

// arm makes the next collection (the one quietLimit forces) switch the
// run to the usual pacing with memoryLimit for the rest of its life.
func (p gcPolicy) arm() {
	if !p.pacing {
		return
	}
	runtime.AddCleanup(new(gcSentinel), func(struct{}) { usualGC() }, struct{}{})
}

// usualGC is Go's default pacing (GOGC=100) under memoryLimit.
func usualGC() {
	debug.SetGCPercent(100)
	debug.SetMemoryLimit(memoryLimit)
}
