package scan

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/transcript"
)

// cacheVersion changes whenever the reader's counting rules or the file
// format change, so that an old cache is ignored rather than trusted.
// Version 2 is gob: an unchanged re-scan is mostly the decoding of this
// file, and gob decodes it about ten times faster than encoding/json.
const cacheVersion = 2

// Cache remembers the metadata of transcripts keyed by (path, size, mtime),
// so an unchanged file is never read twice. It is disposable: a missing or
// corrupt cache only costs speed. Safe for concurrent use.
type Cache struct {
	path string
	mu   sync.Mutex
	old  map[string]cacheEntry
	seen map[string]cacheEntry
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

type cacheFile struct {
	Version int
	Entries map[string]cacheEntry
}

// OpenCache loads the cache stored at path. Errors are swallowed: an
// unreadable cache is an empty one.
func OpenCache(path string) *Cache {
	c := &Cache{path: path, old: map[string]cacheEntry{}, seen: map[string]cacheEntry{}}
	data, err := os.ReadFile(path)
	if err != nil {
		return c
	}
	var f cacheFile
	if gob.NewDecoder(bytes.NewReader(data)).Decode(&f) == nil && f.Version == cacheVersion && f.Entries != nil {
		c.old = f.Entries
	}
	return c
}

// Get returns the cached session for an unchanged file.
func (c *Cache) Get(path string, size, mtimeNs int64) (transcript.Session, bool) {
	if c == nil {
		return transcript.Session{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.old[path]
	if !ok || e.Err != "" || e.Size != size || e.MtimeNs != mtimeNs {
		return transcript.Session{}, false
	}
	c.seen[path] = e
	s := e.Session
	s.Path = path
	return s, true
}

// Unreadable returns the recorded content error of an unchanged file that
// holds no session.
func (c *Cache) Unreadable(path string, size, mtimeNs int64) (string, bool) {
	if c == nil {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.old[path]
	if !ok || e.Err == "" || e.Size != size || e.MtimeNs != mtimeNs {
		return "", false
	}
	c.seen[path] = e
	return e.Err, true
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
// out) atomically. It does nothing when nothing changed.
func (c *Cache) Save() error {
	if c == nil || c.path == "" {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if sameEntries(c.old, c.seen) {
		return nil
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(cacheFile{Version: cacheVersion, Entries: c.seen}); err != nil {
		return fmt.Errorf("encode scan cache: %w", err)
	}
	data := buf.Bytes()
	if err := os.MkdirAll(filepath.Dir(c.path), 0o700); err != nil {
		return fmt.Errorf("create cache dir: %w", err)
	}
	if err := atomicfile.Write(c.path, data, 0o600); err != nil {
		return fmt.Errorf("write scan cache: %w", err)
	}
	c.old = c.seen
	c.seen = map[string]cacheEntry{}
	return nil
}

func sameEntries(a, b map[string]cacheEntry) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range b {
		w, ok := a[k]
		if !ok || w.Size != v.Size || w.MtimeNs != v.MtimeNs {
			return false
		}
	}
	return true
}
