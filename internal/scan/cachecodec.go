package scan

import (
	"encoding/binary"
	"errors"
	"sync"
	"time"
	"unsafe"

	"github.com/automem/automem/internal/transcript"
)

// The cache file is a hand-written binary encoding: decoding it with gob
// was a sixth of an unchanged re-scan. It is the magic, the version, the
// entries (each its path, then its length-prefixed body, so that opening
// the file only indexes it) and the directory listings; integers are
// varints, strings and times (time.Time.MarshalBinary) are length-prefixed.
// Decoded strings point into the file's bytes.
const cacheMagic = "AMSC"

var errCorrupt = errors.New("corrupt scan cache")

// encodeCache encodes entries, plus kept: entries whose encoded bodies
// (see cacheFile.body) are copied as they are. They are written in the
// order of the files listed in order (see cacheFile.find), then any left.
func encodeCache(order []File, entries map[string]cacheEntry, kept map[string]string, dirs map[string]dirEntry) ([]byte, error) {
	size := 64 + len(entries)*256
	for p, body := range kept {
		size += len(p) + len(body) + 2*binary.MaxVarintLen32
	}
	b := make([]byte, 0, size)
	b = append(b, cacheMagic...)
	b = binary.AppendUvarint(b, cacheVersion)
	b = binary.AppendUvarint(b, uint64(len(entries)+len(kept)))
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	var body []byte
	written := make(map[string]bool, len(entries)+len(kept))
	put := func(p string) error {
		if written[p] {
			return nil
		}
		if e, ok := entries[p]; ok {
			var err error
			if body, err = appendEntry(body[:0], &e); err != nil {
				return err
			}
			str(p)
			str(string(body))
		} else if k, ok := kept[p]; ok {
			str(p)
			str(k)
		} else {
			return nil
		}
		written[p] = true
		return nil
	}
	for _, f := range order {
		if cacheable(f) {
			if err := put(f.Path); err != nil {
				return nil, err
			}
		}
	}
	for p := range entries {
		if err := put(p); err != nil {
			return nil, err
		}
	}
	for p := range kept {
		_ = put(p) // copying cannot fail
	}
	b = binary.AppendUvarint(b, uint64(len(dirs)))
	for p, d := range dirs {
		str(p)
		b = binary.AppendVarint(b, d.MtimeNs)
		b = binary.AppendUvarint(b, uint64(len(d.Files)))
		for _, f := range d.Files {
			str(f.Name)
			b = binary.AppendVarint(b, f.MtimeNs)
		}
	}
	return b, nil
}

// appendEntry encodes one entry's body: everything but its path.
func appendEntry(b []byte, e *cacheEntry) ([]byte, error) {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	tm := func(t time.Time) error {
		m, err := t.MarshalBinary()
		if err != nil {
			return err
		}
		str(string(m))
		return nil
	}
	s := &e.Session
	b = binary.AppendVarint(b, e.Size)
	b = binary.AppendVarint(b, e.MtimeNs)
	str(e.Err)
	str(string(s.Source))
	str(s.ID)
	str(s.Path)
	str(s.ProjectRoot)
	str(string(s.Kind))
	if s.Forked {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	if err := tm(s.Start); err != nil {
		return nil, err
	}
	if err := tm(s.LastUpdated); err != nil {
		return nil, err
	}
	b = binary.AppendVarint(b, int64(s.UserMessages))
	str(s.Summary)
	str(s.Workflow)
	b = binary.AppendVarint(b, int64(s.BadLines))
	return b, nil
}

// decoder reads the cache file; the first error sticks.
type decoder struct {
	s   string
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := uvarintString(d.s)
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.s = d.s[n:]
	return v
}

func (d *decoder) varint() int64 {
	u := d.uvarint()
	x := int64(u >> 1)
	if u&1 != 0 {
		x = ^x
	}
	return x
}

func (d *decoder) str() string {
	n := d.uvarint()
	if d.err != nil {
		return ""
	}
	if n > uint64(len(d.s)) {
		d.err = errCorrupt
		return ""
	}
	v := d.s[:n]
	d.s = d.s[n:]
	return v
}

func (d *decoder) byte() byte {
	if d.err != nil {
		return 0
	}
	if len(d.s) == 0 {
		d.err = errCorrupt
		return 0
	}
	c := d.s[0]
	d.s = d.s[1:]
	return c
}

func (d *decoder) time() time.Time {
	m := d.str()
	var t time.Time
	if d.err == nil {
		if err := t.UnmarshalBinary([]byte(m)); err != nil {
			d.err = errCorrupt
		}
	}
	return t
}

// count reads a length, bounded by the bytes left (each item takes at
// least one), so a corrupt file cannot make it allocate much.
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.s)) {
		d.err = errCorrupt
		return 0
	}
	return int(n)
}

func uvarintString(s string) (uint64, int) {
	var x uint64
	var sh uint
	for i := 0; i < len(s) && i < binary.MaxVarintLen64; i++ {
		c := s[i]
		if c < 0x80 {
			if i == binary.MaxVarintLen64-1 && c > 1 {
				return 0, -1
			}
			return x | uint64(c)<<sh, i + 1
		}
		x |= uint64(c&0x7f) << sh
		sh += 7
	}
	return 0, -1
}

// cacheFile is the cache as read from disk. An entry is found by its path
// and decoded only when looked up: decoding every entry into a map up front
// was a tenth of an unchanged re-scan, and most of its garbage.
type cacheFile struct {
	data  string
	paths []string // the entries' paths, in file order
	offs  []uint32 // the offset of each entry's body in data
	index *pathIndex
}

// pathIndex maps each path to its entry's offset. It is built on the first
// lookup that finds the file order changed (see find): hashing 10,000 long
// paths into a map and looking each up was a tenth of an unchanged
// re-scan, while an unchanged listing finds every entry in place.
type pathIndex struct {
	once sync.Once
	at   map[string]uint32
}

func (f cacheFile) len() int { return len(f.paths) }

// find returns the offset of path's entry. Save writes the entries in the
// order Scan listed their files (rank is a file's place among those that
// have entries, see cacheable), and a directory lists its files in the
// same order while nothing is added or removed: the entry is then at rank,
// and no map is needed.
func (f cacheFile) find(rank int, path string) (uint32, bool) {
	if rank >= 0 && rank < len(f.paths) && f.paths[rank] == path {
		return f.offs[rank], true
	}
	if f.index == nil {
		return 0, false
	}
	f.index.once.Do(func() {
		f.index.at = make(map[string]uint32, len(f.paths))
		for i, p := range f.paths {
			f.index.at[p] = f.offs[i]
		}
	})
	off, ok := f.index.at[path]
	return off, ok
}

// stamp returns the size and mtime an entry was recorded with.
func (f cacheFile) stamp(path string) (size, mtimeNs int64, ok bool) {
	off, ok := f.find(-1, path)
	if !ok {
		return 0, 0, false
	}
	d := decoder{s: f.data[off:]}
	size, mtimeNs = d.varint(), d.varint()
	return size, mtimeNs, d.err == nil
}

// entry decodes the entry of path; a corrupt entry is a missing one.
func (f cacheFile) entry(rank int, path string) (cacheEntry, bool) {
	off, ok := f.find(rank, path)
	if !ok {
		return cacheEntry{}, false
	}
	e, _, ok := f.entryAt(off)
	return e, ok
}

// body returns the encoded body of path's entry, to be saved again as it
// is; a corrupt entry is a missing one.
func (f cacheFile) body(path string) (string, bool) {
	off, ok := f.find(-1, path)
	if !ok {
		return "", false
	}
	_, end, ok := f.entryAt(off)
	return f.data[off:end], ok
}

// entryAt decodes the entry whose body starts at off and returns where
// it ends.
func (f cacheFile) entryAt(off uint32) (cacheEntry, int, bool) {
	d := decoder{s: f.data[off:]}
	var e cacheEntry
	e.Size = d.varint()
	e.MtimeNs = d.varint()
	e.Err = d.str()
	s := &e.Session
	s.Source = transcript.Source(d.str())
	s.ID = d.str()
	s.Path = d.str()
	s.ProjectRoot = d.str()
	s.Kind = transcript.Kind(d.str())
	s.Forked = d.byte() != 0
	s.Start = d.time()
	s.LastUpdated = d.time()
	s.UserMessages = int(d.varint())
	s.Summary = d.str()
	s.Workflow = d.str()
	s.BadLines = int(d.varint())
	return e, len(f.data) - len(d.s), d.err == nil
}

// readCache indexes the entries of a cache file and decodes its
// sub-agent directory listings. The entries' strings will point into data,
// which nothing may write to again.
func readCache(data []byte) (cacheFile, map[string]dirEntry, error) {
	if len(data) <= len(cacheMagic) || string(data[:len(cacheMagic)]) != cacheMagic || len(data) >= 1<<32 {
		return cacheFile{}, nil, errCorrupt
	}
	all := unsafe.String(&data[0], len(data))
	d := &decoder{s: all[len(cacheMagic):]}
	if d.uvarint() != cacheVersion || d.err != nil {
		return cacheFile{}, nil, errCorrupt
	}
	n := d.count()
	f := cacheFile{data: all, paths: make([]string, 0, n), offs: make([]uint32, 0, n), index: &pathIndex{}}
	for i := 0; i < n && d.err == nil; i++ {
		p := d.str()
		body := d.str()
		if d.err == nil {
			f.paths = append(f.paths, p)
			f.offs = append(f.offs, uint32(len(all)-len(d.s)-len(body)))
		}
	}
	n = d.count()
	dirs := make(map[string]dirEntry, n)
	for i := 0; i < n && d.err == nil; i++ {
		p := d.str()
		de := dirEntry{MtimeNs: d.varint()}
		m := d.count()
		if m > 0 {
			de.Files = make([]subFile, 0, m)
		}
		for j := 0; j < m && d.err == nil; j++ {
			de.Files = append(de.Files, subFile{Name: d.str(), MtimeNs: d.varint()})
		}
		dirs[p] = de
	}
	if d.err == nil && len(d.s) != 0 {
		d.err = errCorrupt
	}
	if d.err != nil {
		return cacheFile{}, nil, d.err
	}
	return f, dirs, nil
}
