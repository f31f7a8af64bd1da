package scan

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

// Skip reasons; they are part of the dry-run --json contract.
const (
	ReasonSubagent   = "subagent"
	ReasonActive     = "active"
	ReasonTooFew     = "too-few-user-messages"
	ReasonDuplicate  = "duplicate"
	ReasonUnreadable = "unreadable"
)

// Options tune one scan.
type Options struct {
	// Now is the reference time for idleness.
	Now time.Time
	// MinIdle is how long a session must have been left alone.
	MinIdle time.Duration
	// MinUserMessages is the least number of genuine human turns.
	MinUserMessages int
	// Cache, when not nil, serves unchanged files without reading them.
	Cache *Cache
	// Workers bounds parallel reads (GOMAXPROCS when 0).
	Workers int
	// Read reads one transcript's metadata. When nil, each worker uses its
	// own transcript.Reader, whose buffers are reused from file to file
	// (a fresh 64 KiB read buffer per file is most of a cold scan's
	// garbage).
	Read func(path string, src transcript.Source) (transcript.Session, error)
	// Log receives one warning per unreadable file.
	Log zerolog.Logger
}

// Entry is one scanned transcript and its verdict.
type Entry struct {
	transcript.Session
	Eligible bool   `json:"eligible"`
	Reason   string `json:"reason"`
	// Error explains an unreadable file.
	Error string `json:"error,omitempty"`
}

// Stats describe the work a scan did.
type Stats struct {
	Files      int
	CacheHits  int
	Read       int
	BytesRead  int64
	Unreadable int
}

// scanRun is at most how many files a worker takes at a time: large
// enough that the shared counter is rarely touched over a large project,
// small enough that a worker left with the slow files (long transcripts
// read on a cold cache) does not hold many others back. A small project
// takes smaller runs (runLength), so its files still spread over every
// worker.
const scanRun = 16

// runLength is the run of files a worker takes from n files shared by
// workers: at least four runs a worker, one file at the least.
func runLength(n, workers int) int { return max(1, min(scanRun, n/(4*workers))) }

// Scan reads every file (in parallel), then de-duplicates by session id
// (newest lastUpdated wins, then .jsonl over .json, then the later path),
// then filters: sub-agents, sessions idle less than MinIdle, and sessions
// with fewer than MinUserMessages human turns are skipped with a reason.
// Entries come back newest first (then by path).
func Scan(ctx context.Context, files []File, opt Options) ([]Entry, Stats) {
	// Room for the sub-agent files the cache last listed, so that expand
	// usually works in place rather than copying every entry once more.
	entries := make([]Entry, len(files), len(files)+opt.Cache.listedFiles())
	var st Stats
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var hits, reads, unreadable atomic.Int64
	var bytes atomic.Int64
	var dirs [][]Entry // the expanded sub-agent directories, by file index
	for _, f := range files {
		if f.Dir {
			dirs = make([][]Entry, len(files))
			break
		}
	}
	// rank[i] is files[i]'s place among the cacheable files: where Save
	// wrote its entry if the listing has not changed since and every file
	// before it had an entry (one that vanished or could not be read
	// shifts the rest, which are then found through the index).
	rank := make([]int32, len(files))
	n := int32(0)
	for i, f := range files {
		rank[i] = n
		if cacheable(f) {
			n++
		}
	}
	opt.Cache.listed(files)
	next := atomic.Int64{}
	run := runLength(len(files), workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			read := opt.Read
			if read == nil {
				var rd transcript.Reader
				read = rd.ReadSession
			}
			var seen, seenDirs []string // this worker's cache hits
			var sf statter
			defer func() { opt.Cache.markSeen(seen, seenDirs); sf.close() }()
			for i, end := 0, 0; ; i++ {
				if i == end {
					// Files are handed out in runs: one shared counter
					// bumped per file kept the workers' cores trading
					// its cache line ten thousand times a run.
					end = int(next.Add(int64(run)))
					i = end - run
				}
				if i >= len(files) || ctx.Err() != nil {
					return
				}
				if files[i].Dir {
					var hit bool
					if dirs[i], hit = scanDir(files[i], opt.Cache, &sf); hit {
						seenDirs = append(seenDirs, files[i].Path)
					}
					continue
				}
				e, hit, n := scanOne(files[i], int(rank[i]), opt, read, &sf)
				if hit {
					hits.Add(1)
					seen = append(seen, e.Path)
				} else if e.Reason != ReasonUnreadable && !files[i].Subagent {
					reads.Add(1)
					bytes.Add(n)
				}
				if e.Reason == ReasonUnreadable {
					unreadable.Add(1)
					opt.Log.Warn().Str("path", e.Path).Str("error", e.Error).Msg("transcript skipped")
				}
				entries[i] = e
			}
		}()
	}
	wg.Wait()
	if dirs != nil {
		entries = expand(entries, files, dirs)
	}
	st.Files = len(entries)
	st.CacheHits, st.Read, st.Unreadable, st.BytesRead = int(hits.Load()), int(reads.Load()), int(unreadable.Load()), bytes.Load()
	dedupe(entries)
	for i := range entries {
		judge(&entries[i], opt)
	}
	sortEntries(entries)
	return entries, st
}

// sortEntries orders entries newest first, then by path (the listing order
// is the file system's). It sorts their indices and then moves each entry
// once: an Entry is ~250 bytes, and swapping them in place was most of the
// sort's time over 10,000 sessions.
func sortEntries(entries []Entry) {
	order := make([]int32, len(entries))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int {
		a, b := &entries[i], &entries[j]
		if c := b.LastUpdated.Compare(a.LastUpdated); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	// entries[j] becomes the old entries[order[j]], one cycle of the
	// permutation at a time; a placed index is marked order[j] = j.
	for i := range order {
		if order[i] == int32(i) {
			continue
		}
		tmp, j := entries[i], i
		for {
			k := int(order[j])
			order[j] = int32(j)
			if k == i {
				entries[j] = tmp
				break
			}
			entries[j] = entries[k]
			j = k
		}
	}
}

func scanOne(f File, rank int, opt Options, read func(string, transcript.Source) (transcript.Session, error), sf *statter) (Entry, bool, int64) {
	e := Entry{Session: transcript.Session{Source: f.Source, Path: f.Path, Kind: transcript.KindMain}}
	fi, err := sf.lstat(f.Path)
	if err != nil {
		e.Reason, e.Error = ReasonUnreadable, err.Error()
		return e, false, 0
	}
	if !fi.regular {
		e.Reason, e.Error = ReasonUnreadable, "not a regular file"
		return e, false, 0
	}
	if f.Subagent {
		e.Kind = transcript.KindSubagent
		e.ID = strings.TrimSuffix(fileBase(f.Path), ".jsonl")
		e.LastUpdated = time.Unix(0, fi.mtimeNs).UTC()
		return e, false, 0
	}
	size, mtime := fi.size, fi.mtimeNs
	if opt.Cache != nil {
		if c, ok := opt.Cache.lookup(rank, f.Path, size, mtime); ok {
			if c.Err != "" {
				e.Reason, e.Error = ReasonUnreadable, c.Err
				return e, true, 0
			}
			e.Session = c.Session
			e.Path = f.Path
			return e, true, 0
		}
	}
	s, err := read(f.Path, f.Source)
	if err != nil {
		e.Reason, e.Error = ReasonUnreadable, err.Error()
		if errors.Is(err, transcript.ErrNotSession) {
			opt.Cache.PutUnreadable(f.Path, size, mtime, e.Error)
		}
		return e, false, size
	}
	s.Path = f.Path
	if s.Source == "" {
		s.Source = f.Source
	}
	if s.LastUpdated.IsZero() {
		s.LastUpdated = time.Unix(0, fi.mtimeNs).UTC() // no usable timestamp: the file's mtime is the next best
	}
	if s.ID == "" {
		e.Session = s
		e.Reason, e.Error = ReasonUnreadable, "no session id"
		opt.Cache.PutUnreadable(f.Path, size, mtime, e.Error)
		return e, false, size
	}
	opt.Cache.Put(f.Path, size, mtime, s)
	e.Session = s
	return e, false, size
}

// scanDir lists a sub-agent directory (from the cache while its mtime is
// unchanged) into one sub-agent entry per *.jsonl file; such files are
// never read, so their listing is all a verdict needs. An unreadable
// directory holds no entries, as in GeminiFiles.
func scanDir(f File, c *Cache, sf *statter) (entries []Entry, hit bool) {
	fi, err := sf.lstat(f.Path)
	if err != nil || !fi.dir {
		return nil, false
	}
	mtime := time.Unix(0, fi.mtimeNs)
	subs, hit := c.dir(f.Path, fi.mtimeNs)
	if !hit {
		if subs, err = listSubagents(f.Path); err != nil {
			return nil, false
		}
		// A file created within the file system's timestamp granularity
		// of the listing may leave the mtime unchanged: a directory
		// modified so recently is listed again next time.
		if time.Since(mtime) > racyWindow {
			c.putDir(f.Path, fi.mtimeNs, subs)
		}
	}
	out := make([]Entry, len(subs))
	for i, s := range subs {
		out[i] = Entry{Session: transcript.Session{
			// f.Path is clean and s.Name a listed base name: no need to
			// clean the join again (filepath.Join was a third of this).
			Source: f.Source, Path: f.Path + string(filepath.Separator) + s.Name, Kind: transcript.KindSubagent,
			ID: strings.TrimSuffix(s.Name, ".jsonl"), LastUpdated: time.Unix(0, s.MtimeNs).UTC(),
		}}
	}
	return out, hit
}

// racyWindow bounds the timestamp granularity of a file system.
const racyWindow = 2 * time.Second

// expand replaces each sub-agent directory of files by its entries, in
// place when they fit (Scan sorts the entries afterwards).
func expand(entries []Entry, files []File, dirs [][]Entry) []Entry {
	n := 0
	for i := range files {
		if !files[i].Dir {
			entries[n] = entries[i]
			n++
		}
	}
	entries = entries[:n]
	for i := range files {
		n += len(dirs[i])
	}
	if n > cap(entries) {
		entries = append(make([]Entry, 0, n), entries...)
	}
	for i := range files {
		if files[i].Dir {
			entries = append(entries, dirs[i]...)
		}
	}
	return entries
}

func fileBase(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// dedupe marks every copy of a session id but the best as a duplicate.
func dedupe(entries []Entry) {
	type sessionKey struct {
		src transcript.Source
		id  string
	}
	best := make(map[sessionKey]int, len(entries))
	for i := range entries {
		e := &entries[i]
		if e.Reason == ReasonUnreadable || e.ID == "" || e.Kind == transcript.KindSubagent {
			continue
		}
		key := sessionKey{e.Source, e.ID}
		j, ok := best[key]
		if !ok {
			best[key] = i
			continue
		}
		if better(e, &entries[j]) {
			entries[j].Reason = ReasonDuplicate
			best[key] = i
		} else {
			e.Reason = ReasonDuplicate
		}
	}
}

func better(a, b *Entry) bool {
	if !a.LastUpdated.Equal(b.LastUpdated) {
		return a.LastUpdated.After(b.LastUpdated)
	}
	aj, bj := strings.HasSuffix(a.Path, ".jsonl"), strings.HasSuffix(b.Path, ".jsonl")
	if aj != bj {
		return aj
	}
	return a.Path > b.Path
}

func judge(e *Entry, opt Options) {
	if e.Reason != "" {
		return
	}
	switch {
	case e.Kind == transcript.KindSubagent:
		e.Reason = ReasonSubagent
	case opt.Now.Sub(e.LastUpdated) < opt.MinIdle:
		e.Reason = ReasonActive
	case e.UserMessages < opt.MinUserMessages:
		e.Reason = ReasonTooFew
	default:
		e.Eligible = true
	}
}
