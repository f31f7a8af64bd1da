//go:build linux

package hugeheap

import (
	"runtime"
	"syscall"
	"unsafe"
)

const (
	// hugePage is the transparent huge page size of x86-64 and arm64 (4
	// KiB base pages).
	hugePage = 2 << 20
	// chunk is how much address space the runtime maps for its heap at a
	// time (its page allocator's chunk), aligned to its size.
	chunk = 4 << 20
	// heapReserve is how much heap Reserve maps for huge pages: a warm dry
	// run over 10,000 sessions touches about 13 MB of heap.
	heapReserve = 16 << 20
	// madvCollapse is MADV_COLLAPSE (Linux 6.1), which package syscall
	// does not name.
	madvCollapse = 25
)

// first is one of the heap's first objects: it marks where the heap starts.
var first = new([64]byte)

// init advises the heap chunk holding first and collapses the huge page
// holding it, which package initialisation has been filling 4 KiB at a
// time: MADV_HUGEPAGE alone only reaches huge pages nothing has touched
// yet, and the allocator fills this one first. That saves ~120 faults of a
// warm dry run, and costs at most the rest of those 4 MiB in memory.
func init() {
	if thpDisabled(getenv("GODEBUG")) {
		return
	}
	p := uintptr(unsafe.Pointer(first))
	_ = madvise(p&^(chunk-1), chunk, syscall.MADV_HUGEPAGE)
	_ = madvise(p&^(hugePage-1), hugePage, madvCollapse)
}

// Reserve asks the kernel to back the next heapReserve bytes of the heap
// with transparent huge pages. It maps the reserve with one large
// allocation, advises the huge pages it touches (MADV_HUGEPAGE only marks
// the range: no memory is touched here) and frees it at once, so the heap
// grows into the advised range. The huge page the reserve starts in, when
// it does not start on one, also holds older objects already mapped 4 KiB
// at a time: MADV_COLLAPSE makes it one huge page now (copying what is
// there). godebug is the GODEBUG setting.
func Reserve(godebug string) {
	if thpDisabled(godebug) {
		return
	}
	b := make([]byte, heapReserve)
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo, hi := hugeSpan(p, heapReserve)
	_ = madvise(lo, hi-lo, syscall.MADV_HUGEPAGE)
	if lo < p {
		_ = madvise(lo, hugePage, madvCollapse)
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
}

// thpDisabled tells whether godebug, a GODEBUG setting, holds
// disablethp=1.
func thpDisabled(godebug string) bool {
	for godebug != "" {
		field := godebug
		godebug = ""
		for i := 0; i < len(field); i++ {
			if field[i] == ',' {
				field, godebug = field[:i], field[i+1:]
				break
			}
		}
		if field == "disablethp=1" {
			return true
		}
	}
	return false
}

func getenv(key string) string {
	v, _ := syscall.Getenv(key)
	return v
}

// madvise is madvise(2) on an address range the Go heap owns (no slice
// covers all of it).
func madvise(addr, n uintptr, advice int) error {
	if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, addr, n, uintptr(advice)); e != 0 {
		return e
	}
	return nil
}

// hugeSpan gives the huge pages [lo, hi) that [p, p+n) touches.
func hugeSpan(p, n uintptr) (lo, hi uintptr) {
	return p &^ (hugePage - 1), (p + n + hugePage - 1) &^ (hugePage - 1)
}
