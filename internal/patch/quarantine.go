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

// Quarantine moves the refused patch at src into the directory rejected
// (memdir's Rejected, beside Gemini's files but outside .inbox/, which Gemini
// walks and prunes) as <time>-<label>.patch and writes <time>-<label>.reason
// beside it holding reason (use the refusal's Error() text, which starts
// with the reason name). label defaults to the patch's base name without
// ".patch". The reason file is written first and the patch is moved with a
// no-clobber link, so a crash leaves either the patch pending or a complete
// entry. rejected must lie inside root, and all writes go through os.Root on
// root, so a symlinked directory on the way cannot lead elsewhere. It
// returns the new patch path.
func Quarantine(root, rejected, src, label, reason string, now time.Time) (string, error) {
	if label == "" {
		label = strings.TrimSuffix(filepath.Base(src), ".patch")
	}
	label = safeLabel(label)
	rel, err := filepath.Rel(root, rejected)
	if err != nil || !filepath.IsLocal(rel) {
		return "", fmt.Errorf("quarantine dir %s is not inside %s", rejected, root)
	}
	rejectedRel := filepath.ToSlash(rel)
	r, err := os.OpenRoot(root)
	if err != nil {
		return "", fmt.Errorf("open memory dir %s: %w", root, err)
	}
	defer r.Close()
	if err := r.MkdirAll(rejectedRel, 0o700); err != nil {
		return "", fmt.Errorf("create quarantine dir: %w", err)
	}
	stamp := now.UTC().Format("20060102T150405Z")
	stem := stamp + "-" + label
	for i := 1; ; i++ {
		_, err1 := r.Lstat(path.Join(rejectedRel, stem+".patch"))
		_, err2 := r.Lstat(path.Join(rejectedRel, stem+".reason"))
		if errors.Is(err1, fs.ErrNotExist) && errors.Is(err2, fs.ErrNotExist) {
			break
		}
		stem = fmt.Sprintf("%s-%s-%d", stamp, label, i)
	}
	dst := path.Join(rejectedRel, stem+".patch")
	reasonRel := path.Join(rejectedRel, stem+".reason")
	if !strings.HasSuffix(reason, "\n") {
		reason += "\n"
	}
	if err := atomicfile.WriteIn(r, reasonRel, []byte(reason), 0o600); err != nil {
		return "", fmt.Errorf("write quarantine reason: %w", err)
	}
	if err := moveInto(r, root, src, dst); err != nil {
		r.Remove(reasonRel)
		return "", fmt.Errorf("quarantine %s: %w", src, err)
	}
	return filepath.Join(root, filepath.FromSlash(dst)), nil
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
