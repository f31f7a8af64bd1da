//go:build linux && (amd64 || arm64)

package runheap

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
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

func TestDisabled(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want bool
	}{
		{nil, false},
		{[]string{"HOME=/root"}, false},
		{[]string{"GODEBUG=disablethp=1"}, true},
		{[]string{"PATH=/bin", "GODEBUG=madvdontneed=1,disablethp=1"}, true},
		{[]string{"GODEBUG=disablethp=10"}, false},
		{[]string{"GODEBUG=disablethp=0"}, false},
		{[]string{"XGODEBUG=disablethp=1"}, false},
	} {
		if got := disabled(tc.env); got != tc.want {
			t.Errorf("disabled(%q) = %v, want %v", tc.env, got, tc.want)
		}
	}
}

// TestInitAdvises checks in the memory map of this test binary, whose
// initialisation ran the package's, that about chunk+reserve bytes of
// the heap are marked for huge pages, against a copy of it started with
// GODEBUG=disablethp=1 (the runtime marks some metadata itself).
func TestInitAdvises(t *testing.T) {
	if os.Getenv("RUNHEAP_REPORT") != "" {
		fmt.Println(advised(t))
		return
	}
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages in this kernel")
	}
	report := func(godebug string) int {
		cmd := exec.Command(os.Args[0], "-test.run=^TestInitAdvises$")
		cmd.Env = append(os.Environ(), "RUNHEAP_REPORT=1", "GODEBUG="+godebug)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v", godebug, err)
		}
		n, err := strconv.Atoi(strings.Fields(string(out))[0])
		if err != nil {
			t.Fatalf("%s: %q", godebug, out)
		}
		return n
	}
	off, on := report("madvdontneed=1,disablethp=1"), report("")
	if on-off < reserve {
		t.Errorf("%d bytes advised for huge pages, %d with disablethp=1: want at least %d more", on, off, reserve)
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
