// Package hugeheap backs the heap of a short run with transparent huge
// pages. On a VM a page fault costs 10-20 µs, and an unchanged dry run over
// 10,000 sessions took ~3,000 of them in its heap, a quarter of its CPU:
// with the advice the kernel maps 2 MiB at a time. Go no longer gives this
// advice itself, and distributions default THP to "madvise", so without it
// the heap never gets huge pages.
//
// The advice comes in two steps. The package's init advises the chunk the
// runtime's heap starts in, before most packages have initialised: it
// imports nothing but the runtime and package syscall, so Go's init order
// (a ready package with the smallest import path first) reaches it right
// after them. Reserve, called by main, advises the next heapReserve bytes
// the run grows into. GODEBUG=disablethp=1, Go's own switch, turns both
// off. Errors are ignored: without the advice the heap is as it was.
//
// Keep its imports to runtime, syscall and unsafe: another one would move
// its init after the packages it is meant to precede.
package hugeheap
