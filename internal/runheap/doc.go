// Package runheap sets up the memory of a short run of extract, from
// before the packages it links initialise: a collector that waits, and a
// heap backed by transparent huge pages.
//
// A warm dry run over 10,000 sessions is over in tens of milliseconds, so
// collecting during it only costs time, and on a VM each page fault costs
// 10-20 µs: the run took ~1,000 of them, a fifth of its time, ~230 of them
// in the heap while packages initialised, before main could do anything.
//
// It does its work in its init, imported for that side effect (import _):
// Go initialises packages in import-path order as soon as their imports
// are, and this one imports nothing that is not initialised with the
// runtime (its system call is in assembly; the environment and the
// collector's settings are reached through the runtime's own links), so it
// runs before almost every other package.
package runheap
