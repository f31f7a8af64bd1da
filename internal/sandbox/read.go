package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/automem/automem/internal/atomicfile"
)

// DefaultReadLines is the page size when read_file gets no limit.
const DefaultReadLines = 2000

// maxListEntries bounds a list_directory answer; maxReadDir bounds the
// entries read (and sorted) to produce it.
const (
	maxListEntries = 500
	maxReadDir     = 10000
)

// ReadFile answers read_file. offset is the 0-based first line and limit the
// number of lines (DefaultReadLines if <= 0). An offered transcript is
// answered by the Render hook and marked read on success; any other file must
// be a regular file inside a readable root.
func (s *Sandbox) ReadFile(p string, offset, limit int) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const op = "read_file"
	if offset < 0 || limit < 0 {
		return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: "offset and limit must not be negative"}
	}
	if limit == 0 {
		limit = DefaultReadLines
	}
	t, err := s.resolve(op, p)
	if err != nil {
		return "", err
	}
	if t.transcript {
		if s.cfg.Render == nil {
			return "", &Error{Op: op, Path: p, Reason: Failed, Detail: "no transcript renderer"}
		}
		out, err := s.cfg.Render(t.abs, offset, limit)
		if err != nil {
			s.failed[t.abs] = true
			return "", &Error{Op: op, Path: p, Reason: Failed, Err: err}
		}
		s.read[t.abs] = true
		return out, nil
	}
	var data []byte
	var truncated bool
	if t.extra {
		data, truncated, err = readSingle(t.abs, s.readCap)
	} else {
		data, truncated, err = readRegular(t.root.r, t.rel, s.readCap)
	}
	if err != nil {
		return "", classify(op, p, err)
	}
	if bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
		return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: "binary file"}
	}
	return page(string(data), offset, limit, truncated, s.readCap), nil
}

// readRegular opens name inside r without following a final symlink and
// without blocking on a FIFO, checks it is a regular file and reads at most
// limit bytes; truncated reports whether more was there.
func readRegular(r *os.Root, name string, limit int64) ([]byte, bool, error) {
	fi, err := r.Lstat(name)
	if err != nil {
		return nil, false, err
	}
	if fi.IsDir() {
		return nil, false, errIsDir
	}
	if !fi.Mode().IsRegular() {
		return nil, false, errNotRegular
	}
	f, err := r.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	fi, err = f.Stat()
	if err != nil {
		return nil, false, err
	}
	if !fi.Mode().IsRegular() {
		return nil, false, errNotRegular
	}
	if linkCount(fi) > 1 {
		return nil, false, errHardLink
	}
	// Size the buffer from the stat (bounded by the cap); the file may still
	// grow or shrink while it is read, which the limited read handles.
	data := make([]byte, min(max(fi.Size(), 0), limit)+1)
	n, err := io.ReadFull(f, data)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		data = data[:n]
	case err != nil:
		return nil, false, err
	case int64(n) <= limit:
		// The file grew since the stat: read on, still within the cap.
		rest, err := io.ReadAll(io.LimitReader(f, limit+1-int64(n)))
		if err != nil {
			return nil, false, err
		}
		data = append(data, rest...)
	}
	if int64(len(data)) > limit {
		return data[:limit], true, nil
	}
	return data, false, nil
}

// readSingle reads one allow-listed file outside the roots through a root
// opened on its directory, so the final component is still checked (no
// symlink, regular, one link) the same way as inside a root.
func readSingle(abs string, limit int64) ([]byte, bool, error) {
	r, err := os.OpenRoot(filepath.Dir(abs))
	if err != nil {
		return nil, false, err
	}
	defer r.Close()
	return readRegular(r, filepath.Base(abs), limit)
}

var (
	errNotRegular = atomicfile.ErrNotRegular
	errIsDir      = errors.New("is a directory")
	errHardLink   = errors.New("has several hard links")
	errNotDir     = errors.New("not a directory")
)

// classify turns a filesystem error into a model-safe *Error.
func classify(op, p string, err error) error {
	var se *Error
	if errors.As(err, &se) {
		return se
	}
	switch {
	case errors.Is(err, errNotDir), errors.Is(err, syscall.ENOTDIR):
		return &Error{Op: op, Path: p, Reason: Invalid, Detail: "not a directory"}
	case errors.Is(err, errIsDir):
		return &Error{Op: op, Path: p, Reason: Invalid, Detail: "is a directory; use list_directory"}
	case errors.Is(err, errHardLink):
		return &Error{Op: op, Path: p, Reason: NotRegular, Detail: "the file has several hard links and may alias a file outside"}
	case errors.Is(err, errNotRegular), errors.Is(err, syscall.ELOOP):
		return &Error{Op: op, Path: p, Reason: NotRegular}
	case errors.Is(err, fs.ErrNotExist):
		return &Error{Op: op, Path: p, Reason: Failed, Detail: "no such file or directory"}
	case strings.Contains(err.Error(), "escapes"):
		// os.Root refused a path that leaves the root through a symlink.
		return &Error{Op: op, Path: p, Reason: Outside, Detail: "path escapes its root"}
	case errors.Is(err, syscall.EISDIR):
		return &Error{Op: op, Path: p, Reason: NotRegular, Detail: "is a directory"}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		// Drop the OS path, which may differ from the model's spelling.
		return &Error{Op: op, Path: p, Reason: Failed, Detail: pe.Err.Error()}
	}
	return &Error{Op: op, Path: p, Reason: Failed, Detail: err.Error()}
}

// page returns lines [offset, offset+limit) with a header when the answer is
// partial, so the model knows to page on.
func page(text string, offset, limit int, truncated bool, readCap int64) string {
	lines := strings.SplitAfter(text, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	total := len(lines)
	var notes []string
	if offset >= total && total > 0 {
		notes = append(notes, fmt.Sprintf("offset %d is past the end; the file has %d lines", offset, total))
	}
	offset = min(offset, total)
	end := min(total, offset+limit)
	body := strings.Join(lines[offset:end], "")
	if len(notes) == 0 && (offset > 0 || end < total) {
		notes = append(notes, fmt.Sprintf("showing lines %d-%d of %d; use offset %d to read on", offset+1, end, total, end))
	}
	if truncated {
		notes = append(notes, fmt.Sprintf("file cut at %d bytes", readCap))
	}
	if len(notes) == 0 {
		return body
	}
	return "[" + strings.Join(notes, "; ") + "]\n" + body
}

// ListDirectory answers list_directory: one entry per line, directories
// marked "[DIR]", symlinks marked and never followed, sorted by name.
func (s *Sandbox) ListDirectory(p string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const op = "list_directory"
	t, err := s.resolve(op, p)
	if err != nil {
		return "", err
	}
	if t.transcript || t.extra {
		return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: "not a directory"}
	}
	f, err := t.root.r.Open(t.rel)
	if err != nil {
		return "", classify(op, p, err)
	}
	defer f.Close()
	// Read a bounded number of entries so a huge directory cannot exhaust
	// memory; the listing says when it is partial.
	ents, err := f.ReadDir(maxReadDir)
	if err != nil && !errors.Is(err, io.EOF) {
		return "", classify(op, p, err)
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	var b strings.Builder
	fmt.Fprintf(&b, "Directory listing for %s:\n", t.abs)
	for i, e := range ents {
		if i == maxListEntries {
			fmt.Fprintf(&b, "[%d more entries not shown]\n", len(ents)-i)
			break
		}
		switch {
		case e.IsDir():
			fmt.Fprintf(&b, "[DIR] %s\n", e.Name())
		case e.Type()&fs.ModeSymlink != 0:
			fmt.Fprintf(&b, "%s [symlink]\n", e.Name())
		default:
			fmt.Fprintf(&b, "%s\n", e.Name())
		}
	}
	if len(ents) == 0 {
		b.WriteString("(empty)\n")
	}
	return b.String(), nil
}
