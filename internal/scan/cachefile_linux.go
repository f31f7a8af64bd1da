//go:build linux

package scan

import (
	"os"

	"golang.org/x/sys/unix"
)

// readCacheFile maps the cache file instead of reading it: an unchanged
// re-scan touches every page of it, and on a VM the faults of a freshly
// allocated 3 MB buffer (plus the copy into it) cost more than a mapping
// of the page cache populated in one call. The mapping is never removed:
// the decoded entries' strings point into it for the rest of the process.
// The file is only ever replaced by a rename (atomicfile), never
// rewritten in place, so the mapped pages stay valid.
func readCacheFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() < 1<<16 || fi.Size() >= 1<<32 || !fi.Mode().IsRegular() {
		return os.ReadFile(path) // small (or absurd, refused by readCache): not worth a mapping
	}
	return unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_PRIVATE|unix.MAP_POPULATE)
}
