// Package scan decides which transcripts are worth extracting from: it reads
// the metadata of every transcript (in parallel, from a cache when the file
// is unchanged), de-duplicates sessions by id, and gives each one a verdict
// with a reason, so that a dry run can explain every skip.
package scan

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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
		entries, err := readDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return files, err
		}
		// filepath.Join cleans every path again: a fifth of this listing.
		join := func(name string) string { return filepath.Join(dir, name) }
		if d := filepath.Clean(dir); d == dir && d != "." && d != filepath.VolumeName(d) &&
			!strings.HasSuffix(d, string(filepath.Separator)) {
			prefix := dir + string(filepath.Separator)
			join = func(name string) string { return prefix + name }
		}
		if files == nil {
			files = make([]File, 0, len(entries))
		}
		for _, e := range entries {
			name := e.Name()
			switch {
			case e.Type().IsRegular() && strings.HasPrefix(name, "session-") &&
				(strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json")):
				files = append(files, File{Path: join(name), Source: transcript.Gemini})
			case e.IsDir():
				files = append(files, File{Path: join(name), Source: transcript.Gemini, Subagent: true, Dir: true})
			}
		}
	}
	return files, nil
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
