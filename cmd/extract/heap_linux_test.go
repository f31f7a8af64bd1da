//go:build linux

package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
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

// TestHugeHeapAdvises checks in this process's memory map that hugeHeap
// marks about heapReserve bytes of the heap for huge pages, and that
// GODEBUG=disablethp=1 marks none.
func TestHugeHeapAdvises(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	before := advised(t)
	hugeHeap("madvdontneed=1,disablethp=1")
	if got := advised(t); got != before {
		t.Errorf("with disablethp=1: %d bytes advised, want %d", got, before)
	}
	hugeHeap("")
	if got := advised(t) - before; got < heapReserve-2*hugePage {
		t.Errorf("%d more bytes advised for huge pages, want about %d", got, heapReserve)
	}
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
