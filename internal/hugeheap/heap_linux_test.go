//go:build linux

package hugeheap

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

func TestHugeSpan(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		p, n, lo, hi uintptr
	}{
		{p: 4 * mb, n: 16 * mb, lo: 4 * mb, hi: 20 * mb},    // aligned: its own pages
		{p: 5 * mb, n: 16 * mb, lo: 4 * mb, hi: 22 * mb},    // unaligned: one more page
		{p: 4*mb + 8192, n: 2 * mb, lo: 4 * mb, hi: 8 * mb}, // straddles two
		{p: 4*mb + 8192, n: mb, lo: 4 * mb, hi: 6 * mb},     // inside one
		{p: 6*mb - 4096, n: 4096, lo: 4 * mb, hi: 6 * mb},   // its last 4 KiB
	} {
		lo, hi := hugeSpan(tc.p, tc.n)
		if lo != tc.lo || hi != tc.hi {
			t.Errorf("hugeSpan(%#x, %#x) = %#x, %#x, want %#x, %#x", tc.p, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// TestReserveAdvises checks in this process's memory map that Reserve
// marks about heapReserve bytes of the heap for huge pages, and that
// GODEBUG=disablethp=1 marks none.
func TestReserveAdvises(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	before := advised(t)
	Reserve("madvdontneed=1,disablethp=1")
	if got := advised(t); got != before {
		t.Errorf("with disablethp=1: %d bytes advised, want %d", got, before)
	}
	Reserve("")
	if got := advised(t) - before; got < heapReserve-2*hugePage {
		t.Errorf("%d more bytes advised for huge pages, want about %d", got, heapReserve)
	}
}

// earlyAdvised is whether the mapping holding the heap's first objects
// was advised for huge pages right after the package's init, before any
// test called Reserve (whose advice may cover the same mapping). It is
// read in an init of this file, which runs after heap_linux.go's (package
// variables are all set before any init, so it cannot be one of them).
var (
	earlyAdvised bool
	earlyErr     error
)

func init() { earlyAdvised, earlyErr = flagged(uintptr(unsafe.Pointer(first)), "hg") }

// TestEarlyAdvice checks that the package's init advised the mapping
// holding the heap's first objects (this test binary's GODEBUG does not
// hold disablethp=1).
func TestEarlyAdvice(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	if thpDisabled(os.Getenv("GODEBUG")) {
		t.Skip("GODEBUG holds disablethp=1")
	}
	if earlyErr != nil {
		t.Skip(earlyErr)
	}
	if !earlyAdvised {
		t.Errorf("the mapping holding the heap's first objects (%p) is not advised for huge pages", first)
	}
}

func TestThpDisabled(t *testing.T) {
	for godebug, want := range map[string]bool{
		"":                              false,
		"disablethp=1":                  true,
		"madvdontneed=1,disablethp=1":   true,
		"disablethp=1,gctrace=1":        true,
		"disablethp=0":                  false,
		"xdisablethp=1":                 false,
		"gctrace=1,,disablethp=10":      false,
		"madvdontneed=1,disablethp=1,x": true,
	} {
		if got := thpDisabled(godebug); got != want {
			t.Errorf("thpDisabled(%q) = %v, want %v", godebug, got, want)
		}
	}
}

// flagged tells whether the mapping holding addr has flag in its VmFlags
// (/proc/self/smaps).
func flagged(addr uintptr, flag string) (bool, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return false, err
	}
	defer func() { _ = f.Close() }()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		// A mapping's header ("7f12a0000000-7f12a0400000 rw-p ...") starts
		// its block; the fields under it are "Name: value" lines.
		if lo, hi, ok := strings.Cut(strings.Fields(line)[0], "-"); ok && !strings.HasSuffix(lo, ":") {
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= a && uint64(addr) < b
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			return slices.Contains(strings.Fields(line)[1:], flag), nil
		}
	}
	if err := sc.Err(); err != nil {
		return false, err
	}
	return false, fmt.Errorf("no mapping holds %#x", addr)
}

// advised sums the sizes of this process's mappings flagged "hg"
// (MADV_HUGEPAGE) in /proc/self/smaps.
func advised(t *testing.T) int {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer func() { _ = f.Close() }()
	total, size := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Size:"):
			kb, err := strconv.Atoi(strings.Fields(line)[1])
			if err != nil {
				t.Fatal(line)
			}
			size = kb << 10
		case strings.HasPrefix(line, "VmFlags:"):
			for _, fl := range strings.Fields(line)[1:] {
				if fl == "hg" {
					total += size
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return total
}
