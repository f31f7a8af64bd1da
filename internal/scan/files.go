// Package scan decides which transcripts are worth extracting from: it reads
// the metadata of every transcript (in parallel, from a cache when the file
// is unchanged), de-duplicates sessions by id, and gives each one a verdict
// with a reason, so that a dry run can explain every skip.
package scan

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"

	"github.com/automem/automem/internal/transcript"
)

// File is one transcript to scan.
type File struct {
	Path   string
	Source transcript.Source
	// Subagent is true when the layout alone says the file is a sub-agent
	// run (Gemini's chats/<parentId>/<id>.jsonl); such files are reported
	// but never read.
	Subagent bool
	// Dir is set (with Subagent) for a sub-agent directory listed by
	// GeminiFilesLazy: Scan lists its *.jsonl files itself, through the
	// cache (keyed by the directory's mtime), so an unchanged directory is
	// never opened.
	Dir bool
}

// GeminiFilesLazy lists the transcripts of one or more Gemini chats
// directories: top-level session-*.jsonl and legacy session-*.json files,
// and each sub-agent directory as a File with Dir set, which Scan expands
// into its sub-agent files without opening the directory when its mtime is
// unchanged (the cache keeps its listing). Only regular files are returned,
// in directory order (Scan's result does not depend on it); a missing
// directory is empty.
func GeminiFilesLazy(chatsDirs ...string) ([]File, error) {
	var files []File
	for _, dir := range chatsDirs {
		files = slices.Grow(files, entriesHint(dir))
		// filepath.Join cleans every path again: a fifth of this listing.
		join := func(name []byte) string { return filepath.Join(dir, string(name)) }
		if d := filepath.Clean(dir); d == dir && d != "." && d != filepath.VolumeName(d) &&
			!strings.HasSuffix(d, string(filepath.Separator)) {
			a := pathArena{prefix: dir + string(filepath.Separator)}
			join = a.join
		}
		err := eachEntry(dir, func(name []byte, typ fs.FileMode) {
			switch {
			case typ.IsRegular() && bytes.HasPrefix(name, []byte("session-")) &&
				(bytes.HasSuffix(name, []byte(".jsonl")) || bytes.HasSuffix(name, []byte(".json"))):
				files = append(files, File{Path: join(name), Source: transcript.Gemini})
			case typ.IsDir():
				files = append(files, File{Path: join(name), Source: transcript.Gemini, Subagent: true, Dir: true})
			}
		})
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return files, err
		}
	}
	return files, nil
}

// entriesHint guesses how many entries dir holds from its size, so a
// listing of 10,000 sessions fills one slice instead of growing it a dozen
// times (the copies were 1.3 MB of a warm dry run's 14 MB of heap). ext4
// and XFS spend 40-64 bytes per entry of a session file's name; file
// systems that report less (tmpfs, btrfs) only make the guess low, and
// append grows it as before.
func entriesHint(dir string) int {
	fi, err := os.Stat(dir)
	if err != nil {
		return 0
	}
	return int(min(fi.Size()/64, 1<<16)) // a stale size (a directory once much larger) costs at most ~2.6 MB
}

// pathArena joins a directory and the names listed in it into strings
// carved out of shared 64 KiB blocks: one allocation per few hundred
// paths instead of one per path, and blocks the garbage collector never
// scans. Bytes once handed out are never written again.
type pathArena struct {
	prefix string
	block  []byte
}

func (a *pathArena) join(name []byte) string {
	n := len(a.prefix) + len(name)
	if len(a.block)+n > cap(a.block) {
		a.block = make([]byte, 0, max(64<<10, n))
	}
	start := len(a.block)
	a.block = append(append(a.block, a.prefix...), name...)
	return unsafe.String(&a.block[start], n)
}

// listSubagents lists the sub-agent files (regular *.jsonl) of one
// directory with their mtimes.
func listSubagents(dir string) ([]subFile, error) {
	subs, err := readDir(dir)
	if err != nil {
		return nil, err
	}
	var out []subFile
	for _, s := range subs {
		if s.Type().IsRegular() && strings.HasSuffix(s.Name(), ".jsonl") {
			fi, err := s.Info()
			if err != nil || !fi.Mode().IsRegular() {
				continue // gone or replaced since the listing
			}
			out = append(out, subFile{Name: s.Name(), MtimeNs: fi.ModTime().UnixNano()})
		}
	}
	return out, nil
}

// readDir is os.ReadDir without the sort: a chats directory can hold tens
// of thousands of entries, and sorting them was a fifth of an unchanged
// re-scan.
func readDir(dir string) ([]os.DirEntry, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	return f.ReadDir(-1)
}
