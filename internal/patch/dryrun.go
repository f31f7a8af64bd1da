package patch

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Change is the planned result for one target file: its bytes before and
// after, read and computed entirely in memory by DryRun.
type Change struct {
	Path    string      // absolute target path
	Create  bool        // the file does not exist yet
	Old     []byte      // content before (nil when Create)
	New     []byte      // content after
	OldHash [32]byte    // sha256 of Old, re-checked right before the rename
	Mode    fs.FileMode // permission bits to keep (0644 for new files)
	Pointer bool        // New includes an auto-added MEMORY.md pointer line

	rootDir, rel string
}

// Plan is a dry-run result: every target of one patch with its new content,
// in first-touched order (an auto-created MEMORY.md pointer comes last).
type Plan struct {
	Kind    Kind
	Changes []*Change
}

// newFileMode is the mode of files a patch creates.
const newFileMode fs.FileMode = 0o644

// DryRun checks p against roots for kind and applies it in memory: targets
// allowed (raw and canonical), regular files when they exist, creations not
// existing, updates existing, every hunk applying, sizes under the caps.
// Repeated sections for one file apply on top of each other. For the private
// kind, creating a sibling topic file adds Gemini's pointer line to
// MEMORY.md, creating MEMORY.md with a "# Project Memory" heading if needed.
// Nothing is written.
func DryRun(p *Patch, roots Roots, kind Kind) (*Plan, error) {
	pl := &Plan{Kind: kind}
	byPath := map[string]*Change{}
	var created []*Change
	for _, f := range p.Files {
		t, rerr := roots.resolve(kind, f.Path, f.Create && byPath[key(roots, f.Path)] == nil)
		if rerr != nil {
			return nil, rerr
		}
		ch := byPath[key(roots, t.path)]
		if ch == nil {
			var err error
			ch, err = readTarget(t, f.Create)
			if err != nil {
				return nil, err
			}
			byPath[key(roots, t.path)] = ch
			pl.Changes = append(pl.Changes, ch)
			if ch.Create && f.Create {
				created = append(created, ch)
			}
		}
		if f.Create && (!ch.Create || ch.New != nil) {
			return nil, refuse(NewFileAlreadyExists, f.Path, "declares a new file but the file exists")
		}
		if !f.Create && ch.Create && ch.New == nil {
			return nil, refuse(TargetNotFound, f.Path, "target file does not exist")
		}
		cur := ch.New
		if cur == nil {
			cur = ch.Old
		}
		next, err := ApplyText(cur, f)
		if err != nil {
			return nil, err
		}
		if len(next) > MaxFileBytes {
			return nil, refuse(TooLarge, f.Path, "result is %d bytes, cap %d", len(next), MaxFileBytes)
		}
		ch.New = next
	}
	if err := checkNesting(pl, roots); err != nil {
		return nil, err
	}
	if kind == Private {
		if err := addPointers(pl, roots, byPath, created); err != nil {
			return nil, err
		}
	}
	return pl, nil
}

// checkNesting refuses a patch that writes a file and, below it, another
// file, as in git's t4139 (create "tmp", then "tmp/foo").
func checkNesting(pl *Plan, roots Roots) error {
	files := map[string]bool{}
	for _, c := range pl.Changes {
		files[key(roots, c.Path)] = true
	}
	for _, c := range pl.Changes {
		for d := filepath.Dir(c.Path); d != filepath.Dir(d); d = filepath.Dir(d) {
			if files[key(roots, d)] {
				return refuse(Unsupported, c.Path, "a patched file is used as a directory: %s", d)
			}
		}
	}
	return nil
}

func key(r Roots, p string) string {
	if r.CaseInsensitive {
		return strings.ToLower(p)
	}
	return p
}

// readTarget reads a target through os.Root opened on its allowed directory.
// A creation reports any existing entry (symlink included) as
// newFileAlreadyExists, as Gemini's lstat check does.
func readTarget(t target, creating bool) (*Change, error) {
	ch := &Change{Path: t.path, rootDir: t.rootDir, rel: t.rel, Mode: newFileMode}
	root, err := os.OpenRoot(t.rootDir)
	if errors.Is(err, fs.ErrNotExist) && creating && t.newDir {
		// A memory dir the agent has not made yet (Claude Code's
		// auto-memory dir before its first note): the file is new, and
		// the commit makes the directory.
		ch.Create, ch.OldHash = true, sha256.Sum256(nil)
		return ch, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, refuse(TargetNotFound, t.path, "directory %s does not exist", t.rootDir)
	}
	if err != nil {
		return nil, fmt.Errorf("open root %s: %w", t.rootDir, err)
	}
	defer root.Close()
	if _, err := root.Lstat(t.rel); err == nil && creating {
		return nil, refuse(NewFileAlreadyExists, t.path, "declares a new file but the file exists")
	}
	data, mode, exists, err := readIn(root, t.rel, t.path)
	if err != nil {
		return nil, err
	}
	ch.Create = !exists
	ch.Old = data
	if exists {
		ch.Mode = mode
	}
	ch.OldHash = sha256.Sum256(data)
	return ch, nil
}

// readIn reads rel inside root, refusing anything but a regular file.
func readIn(root *os.Root, rel, path string) (data []byte, mode fs.FileMode, exists bool, err error) {
	fi, err := root.Lstat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist) || isNotDir(err):
		return nil, 0, false, nil
	case err != nil && isEscape(err):
		return nil, 0, false, refuse(OutsideAllowedRoots, path, "path escapes its root through a symlink")
	case err != nil:
		return nil, 0, false, fmt.Errorf("stat target %s: %w", path, err)
	case !fi.Mode().IsRegular():
		return nil, 0, false, refuse(NotRegularFile, path, "target is %s", describeMode(fi.Mode()))
	case fi.Size() > MaxFileBytes:
		return nil, 0, false, refuse(TooLarge, path, "target is %d bytes, cap %d", fi.Size(), MaxFileBytes)
	}
	f, err := root.OpenFile(rel, os.O_RDONLY|nofollowFlag, 0)
	if err != nil {
		if isEscape(err) {
			return nil, 0, false, refuse(OutsideAllowedRoots, path, "path escapes its root through a symlink")
		}
		return nil, 0, false, fmt.Errorf("open target %s: %w", path, err)
	}
	defer f.Close()
	fi2, err := f.Stat()
	if err != nil || !os.SameFile(fi, fi2) {
		return nil, 0, false, refuse(NotRegularFile, path, "target changed while opening")
	}
	data, err = io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, 0, false, fmt.Errorf("read target %s: %w", path, err)
	}
	if len(data) > MaxFileBytes {
		return nil, 0, false, refuse(TooLarge, path, "target exceeds %d bytes", MaxFileBytes)
	}
	return data, fi.Mode().Perm(), true, nil
}

// isEscape reports os.Root's refusal of a path that leaves the root.
func isEscape(err error) bool {
	return err != nil && strings.Contains(err.Error(), "path escapes from parent")
}

func describeMode(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a regular file"
}

// addPointers mirrors Gemini: every created sibling topic file not already
// named by MEMORY.md gets "- See <abs> for <stem> notes." appended to it.
func addPointers(pl *Plan, roots Roots, byPath map[string]*Change, created []*Change) error {
	memPath := filepath.Join(filepath.Clean(roots.MemoryDir), "MEMORY.md")
	var mem *Change
	for _, sib := range created {
		base := filepath.Base(sib.Path)
		if strings.EqualFold(base, "MEMORY.md") { // Gemini skips any spelling
			continue
		}
		if mem == nil {
			mem = byPath[key(roots, memPath)]
			if mem == nil {
				t, rerr := roots.resolve(Private, memPath, false)
				if rerr != nil {
					return rerr
				}
				var err error
				if mem, err = readTarget(t, false); err != nil {
					return err
				}
				byPath[key(roots, memPath)] = mem
				pl.Changes = append(pl.Changes, mem)
			}
			if mem.New == nil {
				if mem.Create {
					mem.New = []byte("# Project Memory\n")
				} else {
					mem.New = append([]byte(nil), mem.Old...)
				}
			}
		}
		text := string(mem.New)
		if strings.Contains(text, base) || strings.Contains(text, sib.Path) {
			continue
		}
		stem := strings.TrimSpace(strings.NewReplacer("-", " ", "_", " ").Replace(strings.TrimSuffix(base, filepath.Ext(base))))
		if stem == "" {
			stem = base
		}
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		mem.New = []byte(text + "- See " + sib.Path + " for " + stem + " notes.\n")
		mem.Pointer = true
	}
	return nil
}

// Validate is the extraction-time check of a patch file: read, parse and
// dry-run it against the current files. A refusal (ReasonOf(err) != "")
// means the patch should be quarantined with err's text as its reason; any
// other error is an I/O failure to retry later.
func Validate(patchPath string, roots Roots, kind Kind) (*Plan, error) {
	p, err := ReadFile(patchPath)
	if err != nil {
		return nil, err
	}
	return DryRun(p, roots, kind)
}
