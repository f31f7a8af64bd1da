package patch

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/atomicfile"
)

// RejectedDir is where refused patches go, relative to the memory dir:
// beside Gemini's files but outside .inbox/, which Gemini walks and prunes.
const RejectedDir = ".automem/rejected"

// Quarantine moves the refused patch at src to
// <memoryDir>/.automem/rejected/<time>-<label>.patch and writes
// <time>-<label>.reason beside it holding reason (use the refusal's Error()
// text, which starts with the reason name). label defaults to the patch's
// base name without ".patch". The reason file is written first and the patch
// is moved with a no-clobber link, so a crash leaves either the patch pending
// or a complete entry. All writes go through os.Root on memoryDir, so a
// symlinked .automem cannot lead elsewhere. It returns the new patch path.
func Quarantine(memoryDir, src, label, reason string, now time.Time) (string, error) {
	if label == "" {
		label = strings.TrimSuffix(filepath.Base(src), ".patch")
	}
	label = safeLabel(label)
	root, err := os.OpenRoot(memoryDir)
	if err != nil {
		return "", fmt.Errorf("open memory dir %s: %w", memoryDir, err)
	}
	defer root.Close()
	if err := root.MkdirAll(RejectedDir, 0o700); err != nil {
		return "", fmt.Errorf("create quarantine dir: %w", err)
	}
	stamp := now.UTC().Format("20060102T150405Z")
	stem := stamp + "-" + label
	for i := 1; ; i++ {
		_, err1 := root.Lstat(path.Join(RejectedDir, stem+".patch"))
		_, err2 := root.Lstat(path.Join(RejectedDir, stem+".reason"))
		if errors.Is(err1, fs.ErrNotExist) && errors.Is(err2, fs.ErrNotExist) {
			break
		}
		stem = fmt.Sprintf("%s-%s-%d", stamp, label, i)
	}
	dst := path.Join(RejectedDir, stem+".patch")
	reasonRel := path.Join(RejectedDir, stem+".reason")
	if !strings.HasSuffix(reason, "\n") {
		reason += "\n"
	}
	if err := atomicfile.WriteIn(root, reasonRel, []byte(reason), 0o600); err != nil {
		return "", fmt.Errorf("write quarantine reason: %w", err)
	}
	if err := moveInto(root, memoryDir, src, dst); err != nil {
		root.Remove(reasonRel)
		return "", fmt.Errorf("quarantine %s: %w", src, err)
	}
	return filepath.Join(memoryDir, filepath.FromSlash(dst)), nil
}

// safeLabel keeps a label to one harmless path component.
func safeLabel(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == '.' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return '-'
	}, s)
	s = strings.Trim(s, ".-")
	if s == "" {
		return "patch"
	}
	return s
}

// moveInto moves src to dst (relative to root) without replacing anything:
// a hard link then unlink when src is inside the root, else a copy through
// a temp file and an unlink of src.
func moveInto(root *os.Root, rootDir, src, dst string) error {
	if rel, err := filepath.Rel(rootDir, src); err == nil && filepath.IsLocal(rel) {
		rel = filepath.ToSlash(rel)
		if err := root.Link(rel, dst); err == nil {
			if err := root.Remove(rel); err != nil {
				return err
			}
			_ = atomicfile.SyncDirIn(root, path.Dir(dst))
			return atomicfile.SyncDirIn(root, path.Dir(rel))
		} else if !linkUnsupported(err) {
			return err
		}
	}
	data, err := readPatchBytesAny(src)
	if err != nil {
		return err
	}
	if err := atomicfile.WriteIn(root, dst, data, 0o600); err != nil {
		return err
	}
	if err := os.Remove(src); err != nil {
		return err
	}
	_ = atomicfile.SyncDir(filepath.Dir(src))
	return nil
}

// readPatchBytesAny reads a patch file of any size up to a generous cap, so
// even a too-large refused patch can be quarantined.
func readPatchBytesAny(src string) ([]byte, error) {
	fi, err := os.Lstat(src)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, refuse(NotRegularFile, src, "patch file is not a regular file")
	}
	f, err := os.Open(src)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 64*MaxPatchBytes+1))
	if err == nil && len(data) > 64*MaxPatchBytes {
		return nil, refuse(TooLarge, src, "patch too large to copy into quarantine")
	}
	return data, err
}
