package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/automem/automem/internal/atomicfile"
)

// maxSkillDepth bounds the directories a skill draft may nest
// (skills/<dir>/scripts/x is 2), so one write cannot create thousands.
const maxSkillDepth = 4

// WriteFile answers write_file: content replaces the file atomically. Only
// paths under <memoryDir>/skills/ and the two canonical inbox patches are
// writable.
func (s *Sandbox) WriteFile(p, content string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const op = "write_file"
	if len(content) > s.writeCap {
		return "", &Error{Op: op, Path: p, Reason: TooLarge, Detail: fmt.Sprintf("content over %d bytes", s.writeCap)}
	}
	t, sub, name, err := s.writable(op, p)
	if err != nil {
		return "", err
	}
	defer sub.Close()
	if err := writeAtomic(sub, name, []byte(content)); err != nil {
		return "", classify(op, p, err)
	}
	s.written[t.abs] = true
	return fmt.Sprintf("Wrote %d bytes to %s.", len(content), t.abs), nil
}

// Replace answers replace: old is replaced by new, and the number of
// occurrences must equal expected (1 when expected <= 0). An empty old
// creates a file that must not exist yet.
func (s *Sandbox) Replace(p, old, new string, expected int) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const op = "replace"
	if expected <= 0 {
		expected = 1
	}
	if old == new {
		return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: "old_string and new_string are identical"}
	}
	t, sub, name, err := s.writable(op, p)
	if err != nil {
		return "", err
	}
	defer sub.Close()
	var out string
	if old == "" {
		if _, err := sub.Lstat(name); !errors.Is(err, fs.ErrNotExist) {
			return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: "old_string is empty but the file exists"}
		}
		out = new
	} else {
		data, truncated, err := readRegular(sub, name, int64(s.writeCap))
		if err != nil {
			return "", classify(op, p, err)
		}
		if truncated {
			return "", &Error{Op: op, Path: p, Reason: TooLarge, Detail: fmt.Sprintf("file over %d bytes", s.writeCap)}
		}
		n := strings.Count(string(data), old)
		if n == 0 {
			return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: "old_string not found; read the file again and copy the text exactly"}
		}
		if n != expected {
			return "", &Error{Op: op, Path: p, Reason: Invalid, Detail: fmt.Sprintf("expected %d occurrences of old_string, found %d", expected, n)}
		}
		out = strings.ReplaceAll(string(data), old, new)
	}
	if len(out) > s.writeCap {
		return "", &Error{Op: op, Path: p, Reason: TooLarge, Detail: fmt.Sprintf("result over %d bytes", s.writeCap)}
	}
	if err := writeAtomic(sub, name, []byte(out)); err != nil {
		return "", classify(op, p, err)
	}
	s.written[t.abs] = true
	return fmt.Sprintf("Replaced %d occurrence(s) in %s.", expected, t.abs), nil
}

// writable checks the write policy and opens the narrowest root that holds
// the target: the skills inbox for drafts, the inbox dir of the kind for
// the canonical patches. Opening that sub-root (rather than writing through
// the memory root) means an in-memory-dir symlink cannot redirect a skill
// write onto the state file or another inbox file. The caller closes sub.
func (s *Sandbox) writable(op, p string) (target, *os.Root, string, error) {
	t, err := s.resolve(op, p)
	if err != nil {
		return target{}, nil, "", err
	}
	notWritable := &Error{Op: op, Path: p, Reason: NotWritable, Detail: "writes are allowed only under " + s.cfg.Memory.Skills() + " and to the two inbox extraction.patch files"}
	if t.transcript || t.extra || t.root != s.data {
		return target{}, nil, "", notWritable
	}
	var dir, name string
	if d, ok := s.inbox[t.rel]; ok {
		dir, name = d, path.Base(t.rel)
	} else if rest, ok := strings.CutPrefix(t.rel, s.skills+"/"); ok && rest != "" {
		if strings.Count(rest, "/") >= maxSkillDepth {
			return target{}, nil, "", &Error{Op: op, Path: p, Reason: Invalid, Detail: fmt.Sprintf("at most %d directory levels below skills/", maxSkillDepth)}
		}
		dir, name = s.skills, rest
	} else {
		return target{}, nil, "", notWritable
	}
	if !s.written[t.abs] && len(s.written) >= s.maxWrite {
		return target{}, nil, "", &Error{Op: op, Path: p, Reason: TooMany, Detail: fmt.Sprintf("at most %d files per run", s.maxWrite)}
	}
	sub, err := openSubdir(s.data.r, dir)
	if err != nil {
		return target{}, nil, "", classify(op, p, err)
	}
	return t, sub, name, nil
}

// openSubdir creates dir inside r if needed and opens it as a root one
// component at a time. Each component must be a real directory (not a
// symlink) and the handle opened must be the very directory that was
// checked (same device and inode), so swapping a component for a symlink
// between the check and the open is detected rather than followed.
func openSubdir(r *os.Root, dir string) (*os.Root, error) {
	cur := r
	closeCur := func() {
		if cur != r {
			cur.Close()
		}
	}
	for _, part := range strings.Split(dir, "/") {
		if err := cur.Mkdir(part, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
			closeCur()
			return nil, err
		}
		fi, err := cur.Lstat(part)
		if err != nil {
			closeCur()
			return nil, err
		}
		if !fi.IsDir() {
			closeCur()
			return nil, errNotRegular
		}
		next, err := cur.OpenRoot(part)
		if err != nil {
			closeCur()
			return nil, err
		}
		ni, err := next.Stat(".")
		if err != nil || !os.SameFile(fi, ni) {
			next.Close()
			closeCur()
			return nil, errSwapped
		}
		closeCur()
		cur = next
	}
	return cur, nil
}

var errSwapped = errors.New("directory changed while it was being opened")

// writeAtomic writes data to name inside r atomically, creating its
// directory. A target that exists but is not a regular file (symlink,
// FIFO, device, directory) is refused; a hard-linked target is replaced, so
// its other names keep their bytes.
func writeAtomic(r *os.Root, name string, data []byte) error {
	if dir := path.Dir(name); dir != "." {
		if err := r.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	return atomicfile.WriteIn(r, name, data, 0o600)
}
