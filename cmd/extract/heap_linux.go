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
// It maps the reserve with one large allocation, advises the whole 2 MiB
// pages inside it (MADV_HUGEPAGE only marks the range: no memory is
// touched here) and frees it at once, so the heap grows into the advised
// range. GODEBUG=disablethp=1, Go's own switch, turns it off. Errors are
// ignored: without the advice the heap is as it was.
func hugeHeap(godebug string) {
	if strings.Contains(","+godebug+",", ",disablethp=1,") {
		return
	}
	b := make([]byte, heapReserve)
	if beg, end := hugeRange(uintptr(unsafe.Pointer(unsafe.SliceData(b))), heapReserve); beg < end {
		_ = unix.Madvise(b[beg:end], unix.MADV_HUGEPAGE)
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}

// hugeRange gives the offsets, from p, of the whole huge pages within
// [p, p+n); beg >= end when there are none.
func hugeRange(p, n uintptr) (beg, end int) {
	return int((p+hugePage-1)&^(hugePage-1) - p), int((p+n)&^(hugePage-1) - p)
}
