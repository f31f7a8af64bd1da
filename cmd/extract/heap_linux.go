//go:build linux

package main

import (
	"runtime"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the transparent huge page size of x86-64 and arm64 (4 KiB
// base pages).
const hugePage = 2 << 20

// heapReserve is how much heap hugeHeap maps for huge pages: a warm dry
// run over 10,000 sessions touches about 13 MB of heap.
const heapReserve = 16 << 20

// hugeHeap asks the kernel to back the next heapReserve bytes of the Go
// heap with transparent huge pages, so a short run does not pay one page
// fault per 4 KiB it allocates. On a VM a fault costs 10-20 µs, and an
// unchanged dry run over 10,000 sessions took ~3,000 of them in its heap
// (a quarter of its CPU); with the advice the kernel maps 2 MiB at a time.
// Go no longer gives this advice itself, and distributions default THP to
// "madvise", so without it the heap never gets huge pages.
//
// It maps the reserve with one large allocation, advises the huge pages it
// touches (MADV_HUGEPAGE only marks the range: no memory is touched here)
// and frees it at once, so the heap grows into the advised range. The
// reserve rarely starts on a huge page: the one it starts in also holds the
// heap package initialisation used, already mapped 4 KiB at a time, and
// the allocator fills it first; MADV_COLLAPSE makes it one huge page now
// (copying what is there), which saves ~250 faults of a warm dry run.
// GODEBUG=disablethp=1, Go's own switch, turns it off. Errors are ignored:
// without the advice the heap is as it was.
func hugeHeap(godebug string) {
	if strings.Contains(","+godebug+",", ",disablethp=1,") {
		return
	}
	b := make([]byte, heapReserve)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := hugeSpan(p, heapReserve)
	_ = madvise(lo, hi-lo, unix.MADV_HUGEPAGE)
	if lo < p {
		_ = madvise(lo, hugePage, unix.MADV_COLLAPSE)
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}

// madvise is unix.Madvise on an address range the Go heap owns (no slice
// covers the part of the head huge page before the reserve).
func madvise(addr, n uintptr, advice int) error {
	if _, _, e := unix.Syscall(unix.SYS_MADVISE, addr, n, uintptr(advice)); e != 0 {
		return e
	}
	return nil
}

// hugeSpan gives the huge pages [lo, hi) that [p, p+n) touches.
func hugeSpan(p, n uintptr) (lo, hi uintptr) {
	return p &^ (hugePage - 1), (p + n + hugePage - 1) &^ (hugePage - 1)
}
