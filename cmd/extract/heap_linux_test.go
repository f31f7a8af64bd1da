//go:build linux

package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func TestHugeRange(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		p, n     uintptr
		beg, end int
	}{
		{p: 4 * mb, n: 16 * mb, beg: 0, end: 16 * mb},                     // aligned: every page
		{p: 4*mb + 8192, n: 16 * mb, beg: 2*mb - 8192, end: 16*mb - 8192}, // unaligned: the 7 whole ones
		{p: 4*mb + 8192, n: 2 * mb, beg: 2*mb - 8192, end: 2*mb - 8192},   // no whole page inside
		{p: 4 * mb, n: mb, beg: 0, end: 0},
	} {
		beg, end := hugeRange(tc.p, tc.n)
		if beg != tc.beg || end != tc.end {
			t.Errorf("hugeRange(%#x, %#x) = %#x, %#x, want %#x, %#x", tc.p, tc.n, beg, end, tc.beg, tc.end)
		}
		if beg < end && ((tc.p+uintptr(beg))%hugePage != 0 || (tc.p+uintptr(end))%hugePage != 0) {
			t.Errorf("hugeRange(%#x, %#x): unaligned result", tc.p, tc.n)
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
