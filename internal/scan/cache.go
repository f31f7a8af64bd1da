package scan

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"sync"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/transcript"
)

// cacheVersion changes whenever the reader's counting rules or the file
// format change, so that an old cache is ignored rather than trusted.
// Version 2 was gob (ten times faster to decode than encoding/json);
// version 3 added the listings of the sub-agent directories; version 4
// replaces gob by the encoding of cachecodec.go (half the allocations);
// version 5 prefixes each entry's body with its length, so that loading
// the cache indexes it without decoding every entry.
const cacheVersion = 5

// Cache remembers the metadata of transcripts keyed by (path, size, mtime),
// so an unchanged file is never read twice. It is disposable: a missing or
// corrupt cache only costs speed. Safe for concurrent use.
type Cache struct {
	path string
	mu   sync.Mutex
	// old is the file as loaded, only replaced by Save; Scan reads it
	// without the lock (see lookup), so Save must not run during a Scan
	// using this cache.
	old  cacheFile
	seen map[string]cacheEntry
	// oldDirs and putDirs are the sub-agent directory listings, keyed by
	// the directory's path: as loaded (read without the lock, like old),
	// and as listed afresh by this scan.
	oldDirs map[string]dirEntry
	putDirs map[string]dirEntry
	// hits and dirHits are the paths served by lookup and dir, moved into
	// the saved listings by Save only when it has to write: an unchanged
	// re-scan hits every entry, and recording each hit in a map under the
	// lock was a twentieth of it.
	hits, dirHits []string
	// order is the last Scan's listing, the order Save writes entries in.
	order []File
}

// dirEntry is the listing of one sub-agent directory while its mtime is
// MtimeNs: creating, removing or renaming a file in a directory changes
// its mtime.
type dirEntry struct {
	MtimeNs int64
	Files   []subFile
}

// subFile is one sub-agent file: its name and mtime (its LastUpdated).
type subFile struct {
	Name    string
	MtimeNs int64
}

// cacheEntry is one file's metadata; Session.Path is left out (it is the
// map key) and restored on Get.
type cacheEntry struct {
	Size    int64
	MtimeNs int64
	Session transcript.Session
	// Err is set for a file whose content holds no session (a corrupt or
	// foreign file, possibly huge), so that it is not read again every
	// run until it changes. I/O errors are never recorded.
	Err string
}

// OpenCache loads the cache stored at path. Errors are swallowed: an
// unreadable cache is an empty one.
func OpenCache(path string) *Cache {
	c := &Cache{path: path, seen: map[string]cacheEntry{},
		oldDirs: map[string]dirEntry{}, putDirs: map[string]dirEntry{}}
	data, err := readCacheFile(path)
	if err != nil {
		return c
	}
	if f, dirs, err := readCache(data); err == nil {
		c.old, c.oldDirs = f, dirs
	}
	return c
}

// lookup returns the cached entry of an unchanged file (its session, or
// the content error of a file that holds none), without the lock and
// without recording the hit: Scan's workers record their hits themselves
// (markSeen), as the shared lock was a seventh of an unchanged re-scan.
// rank is the file's place in Scan's listing among the cacheable files:
// while the listing is unchanged, that is usually where its entry is.
func (c *Cache) lookup(rank int, path string, size, mtimeNs int64) (cacheEntry, bool) {
	e, ok := c.old.entry(rank, path)
	if !ok || e.Size != size || e.MtimeNs != mtimeNs {
		return cacheEntry{}, false
	}
	return e, true
}

// listed records the listing of a Scan, for Save. Scan does not change
// files afterwards.
func (c *Cache) listed(files []File) {
	if c != nil {
		c.mu.Lock()
		c.order = files
		c.mu.Unlock()
	}
}

// cacheable tells whether the cache keeps an entry for f: sub-agent
// files are only listed, never read.
func cacheable(f File) bool { return !f.Dir && !f.Subagent }

// markSeen records the hits of lookup (paths) and of dir (dirs).
func (c *Cache) markSeen(paths, dirs []string) {
	if c == nil || len(paths)+len(dirs) == 0 {
		return
	}
	c.mu.Lock()
	c.hits = append(c.hits, paths...)
	c.dirHits = append(c.dirHits, dirs...)
	c.mu.Unlock()
}

// listedFiles counts the files of the cached sub-agent directory listings.
func (c *Cache) listedFiles() int {
	if c == nil {
		return 0
	}
	n := 0
	for _, d := range c.oldDirs {
		n += len(d.Files)
	}
	return n
}

// dir returns the cached listing of a sub-agent directory whose mtime is
// unchanged, without the lock and without recording the hit (see lookup
// and markSeen).
func (c *Cache) dir(path string, mtimeNs int64) ([]subFile, bool) {
	if c == nil {
		return nil, false
	}
	d, ok := c.oldDirs[path]
	if !ok || d.MtimeNs != mtimeNs {
		return nil, false
	}
	return d.Files, true
}

// putDir records a fresh listing of a sub-agent directory.
func (c *Cache) putDir(path string, mtimeNs int64, files []subFile) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.putDirs[path] = dirEntry{MtimeNs: mtimeNs, Files: files}
	c.mu.Unlock()
}

// PutUnreadable records that a file's content holds no session; msg is the
// error to report while the file stays unchanged.
func (c *Cache) PutUnreadable(path string, size, mtimeNs int64, msg string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.seen[path] = cacheEntry{Size: size, MtimeNs: mtimeNs, Err: msg}
	c.mu.Unlock()
}

// Put records a freshly read session.
func (c *Cache) Put(path string, size, mtimeNs int64, s transcript.Session) {
	if c == nil {
		return
	}
	s.Path = ""
	c.mu.Lock()
	c.seen[path] = cacheEntry{Size: size, MtimeNs: mtimeNs, Session: s}
	c.mu.Unlock()
}

// Save writes the entries used by this scan (files that disappeared drop
// out) atomically. It does nothing when nothing changed. The entries hit
// unchanged keep their encoded bodies, copied from the loaded file:
// decoding and encoding them again was most of a Save after a few
// sessions changed (40 ms of CPU for the 10,000 entries of the reference
// corpus).
func (c *Cache) Save() error {
	if c == nil || c.path == "" {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.seen) == 0 && len(c.hits) == c.old.len() && len(c.putDirs) == 0 && len(c.dirHits) == len(c.oldDirs) {
		// Nothing put and every entry hit (Scan looks each path up at
		// most once, unless it is listed twice, which can only keep a
		// stale entry of a removed file: harmless, as entries are
		// keyed by size and mtime too).
		return nil
	}
	dirs := make(map[string]dirEntry, len(c.dirHits)+len(c.putDirs))
	for _, p := range c.dirHits {
		dirs[p] = c.oldDirs[p]
	}
	maps.Copy(dirs, c.putDirs)
	c.dirHits = nil
	kept := make(map[string]string, len(c.hits))
	for _, p := range c.hits {
		if _, put := c.seen[p]; put {
			continue
		}
		if body, ok := c.old.body(p); ok {
			kept[p] = body
		}
	}
	c.hits = nil
	if len(kept)+len(c.seen) == c.old.len() && sameEntries(c.old, c.seen) && sameDirs(c.oldDirs, dirs) {
		return nil
	}
	data, err := encodeCache(c.order, c.seen, kept, dirs)
	if err != nil {
		return fmt.Errorf("encode scan cache: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o700); err != nil {
		return fmt.Errorf("create cache dir: %w", err)
	}
	if err := atomicfile.Write(c.path, data, 0o600); err != nil {
		return fmt.Errorf("write scan cache: %w", err)
	}
	if c.old, _, err = readCache(data); err != nil {
		return fmt.Errorf("re-read scan cache: %w", err)
	}
	c.oldDirs = dirs
	c.seen, c.putDirs = map[string]cacheEntry{}, map[string]dirEntry{}
	return nil
}

func sameDirs(a, b map[string]dirEntry) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range b {
		w, ok := a[k]
		if !ok || w.MtimeNs != v.MtimeNs {
			return false
		}
	}
	return true
}

// sameEntries tells whether every put entry is in a as it was.
func sameEntries(a cacheFile, put map[string]cacheEntry) bool {
	for k, v := range put {
		size, mtime, ok := a.stamp(k)
		if !ok || size != v.Size || mtime != v.MtimeNs {
			return false
		}
	}
	return true
}
