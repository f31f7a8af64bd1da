package patch

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// RejectedDir is where refused patches go, relative to the memory dir:
// beside Gemini's files but outside .inbox/, which Gemini walks and prunes.
const RejectedDir = ".automem/rejected"

// Quarantine moves the refused patch at src to
// <memoryDir>/.automem/rejected/<time>-<label>.patch and writes
// <time>-<label>.reason beside it holding reason (use the refusal's Error()
// text, which starts with the reason name). label defaults to the patch's
// base name without ".patch". The reason file is written first and both
// land atomically, so a crash leaves either the patch pending or a complete
// quarantine entry. It returns the new patch path.
func Quarantine(memoryDir, src, label, reason string, now time.Time) (string, error) {
	if label == "" {
		label = strings.TrimSuffix(filepath.Base(src), ".patch")
	}
	label = safeLabel(label)
	dir := filepath.Join(memoryDir, filepath.FromSlash(RejectedDir))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("create quarantine dir %s: %w", dir, err)
	}
	stem := now.UTC().Format("20060102T150405Z") + "-" + label
	for i := 1; ; i++ {
		if _, err := os.Lstat(filepath.Join(dir, stem+".patch")); errors.Is(err, os.ErrNotExist) {
			break
		}
		stem = fmt.Sprintf("%s-%s-%d", now.UTC().Format("20060102T150405Z"), label, i)
	}
	dst := filepath.Join(dir, stem+".patch")
	if !strings.HasSuffix(reason, "\n") {
		reason += "\n"
	}
	if err := writeFileAtomic(filepath.Join(dir, stem+".reason"), []byte(reason), 0o600); err != nil {
		return "", fmt.Errorf("write quarantine reason: %w", err)
	}
	if err := moveFile(src, dst); err != nil {
		os.Remove(filepath.Join(dir, stem+".reason"))
		return "", fmt.Errorf("quarantine %s: %w", src, err)
	}
	return dst, nil
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

// moveFile renames src to dst without replacing dst, copying through a
// temp file when they are on different filesystems; both directories are
// fsynced.
func moveFile(src, dst string) error {
	if err := os.Link(src, dst); err == nil {
		if err := os.Remove(src); err != nil {
			return err
		}
		syncPath(filepath.Dir(dst))
		syncPath(filepath.Dir(src))
		return nil
	} else if !linkUnsupported(err) {
		return err
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(in, 4*MaxPatchBytes))
	in.Close()
	if err != nil {
		return err
	}
	if err := writeFileAtomic(dst, data, 0o600); err != nil {
		return err
	}
	if err := os.Remove(src); err != nil {
		return err
	}
	syncPath(filepath.Dir(src))
	return nil
}

// writeFileAtomic writes data to path through a temp file in the same
// directory: write, fsync, rename, fsync the directory.
func writeFileAtomic(path string, data []byte, mode os.FileMode) error {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	tmp := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"."+hex.EncodeToString(b[:])+".automem-tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	syncPath(filepath.Dir(path))
	return nil
}

func syncPath(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
