//go:build linux && (amd64 || arm64)

package runheap

import (
	"runtime"
	"unsafe"
)

// hugePage is the transparent huge page size of x86-64 and arm64 (4 KiB
// base pages); chunk is the runtime's unit of heap address space, which
// the heap's first objects share.
const (
	hugePage = 2 << 20
	chunk    = 4 << 20
)

// reserve is how much heap the advice covers beyond the first chunk: a warm
// dry run over 10,000 sessions touches about 13 MB of heap.
const reserve = 16 << 20

// madvise advice values of Linux (the same on amd64 and arm64).
const (
	madvHugepage = 14
	madvCollapse = 25
)

// madvise is the raw system call (assembly: package syscall initialises
// late). It returns the kernel's result.
func madvise(addr, n, advice uintptr) uintptr

// hugePages asks for huge pages under the heap's first chunk and the next
// reserve bytes of heap, unless GODEBUG=disablethp=1 (Go's own switch).
// MADV_HUGEPAGE only marks a range: a huge page is made when an untouched
// 2 MiB of it is first touched. The huge page holding the heap's early
// objects already has 4 KiB pages, so MADV_COLLAPSE makes it one now
// (copying what is there). The reserve is mapped by allocating it,
// advised (advice given before the runtime maps memory would be lost: it
// maps with a fresh mapping), and freed by a collection, so that the heap
// grows into it. The collector's pacing must be off by then (startGC):
// under the usual pacing, the runtime's scavenger hands the freed reserve
// straight back to the kernel. MADV_COLLAPSE is synchronous and may have to
// compact memory for a free 2 MiB page on a fragmented host; that is a
// background job's start-up, and the collapse saves ~240 faults of a warm
// dry run. Errors are ignored: without the advice the heap is as it was.
func hugePages(env []string) {
	if disabled(env) {
		return
	}
	first := new([64]byte)
	p := uintptr(unsafe.Pointer(first))
	head := p &^ (hugePage - 1)
	madvise(p&^(chunk-1), chunk, madvHugepage)
	madvise(head, hugePage, madvCollapse)
	b := make([]byte, reserve)
	q := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := hugeSpan(q, reserve)
	madvise(lo, hi-lo, madvHugepage)
	if lo < q && lo != head {
		madvise(lo, hugePage, madvCollapse)
	}
	runtime.KeepAlive(first)
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}

// hugeSpan gives the huge pages [lo, hi) that [p, p+n) touches.
func hugeSpan(p, n uintptr) (lo, hi uintptr) {
	return p &^ (hugePage - 1), (p + n + hugePage - 1) &^ (hugePage - 1)
}

// disabled tells whether GODEBUG in env turns huge pages off.
func disabled(env []string) bool {
	return contains(","+lookup(env, "GODEBUG")+",", ",disablethp=1,")
}

// contains is strings.Contains, which this package may not import.
func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
