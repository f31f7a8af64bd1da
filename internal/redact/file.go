package redact

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
)

// ErrNotRegular is returned (wrapped) by File for a symlink, FIFO, device or
// directory: redaction never follows a link an agent may have planted.
var ErrNotRegular = errors.New("not a regular file")

// File redacts one file under root in place, atomically (temp file in the
// same directory, fsync, rename, fsync of the directory), keeping its mode.
// It runs after every agent run on each inbox patch and skill-draft file.
// An unchanged file is not rewritten. It returns which rules fired, never
// the values. If redaction fails the file is left as it was and the error
// says so: the caller must then quarantine or delete it, not keep it.
func (r *Redactor) File(ctx context.Context, root *os.Root, name string) ([]Finding, error) {
	fi, err := root.Lstat(name)
	if err != nil {
		return nil, fmt.Errorf("redact file %s: %w", name, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("redact file %s: %w", name, ErrNotRegular)
	}
	data, err := root.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("redact file %s: %w", name, err)
	}
	out, findings, err := r.Text(ctx, string(data))
	if err != nil {
		return nil, fmt.Errorf("redact file %s: %w", name, err)
	}
	if out == string(data) {
		return nil, nil
	}
	if err := writeAtomic(root, name, []byte(out), fi.Mode().Perm()); err != nil {
		return nil, fmt.Errorf("redact file %s: %w", name, err)
	}
	return findings, nil
}

// writeAtomic replaces name under root with data: a crash leaves either the
// old or the new bytes, never a mix. A hard-linked file is replaced by
// rename, so its other names keep the old bytes.
func writeAtomic(root *os.Root, name string, data []byte, perm fs.FileMode) (err error) {
	var suffix [6]byte
	if _, err := rand.Read(suffix[:]); err != nil {
		return fmt.Errorf("temp name: %w", err)
	}
	dir := path.Dir(name)
	tmp := path.Join(dir, "."+path.Base(name)+".redact-"+hex.EncodeToString(suffix[:]))
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return fmt.Errorf("create temp %s: %w", tmp, err)
	}
	defer func() {
		if err != nil {
			_ = root.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		_ = f.Close()
		return fmt.Errorf("write temp %s: %w", tmp, err)
	}
	if err = f.Sync(); err != nil {
		_ = f.Close()
		return fmt.Errorf("sync temp %s: %w", tmp, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("close temp %s: %w", tmp, err)
	}
	// OpenFile's perm is filtered by the umask; restore the original mode.
	if err = root.Chmod(tmp, perm); err != nil {
		return fmt.Errorf("chmod temp %s: %w", tmp, err)
	}
	if err = root.Rename(tmp, name); err != nil {
		return fmt.Errorf("rename %s: %w", tmp, err)
	}
	d, err := root.Open(dir)
	if err != nil {
		return fmt.Errorf("open dir %s: %w", dir, err)
	}
	defer d.Close()
	if err = d.Sync(); err != nil {
		return fmt.Errorf("sync dir %s: %w", dir, err)
	}
	return nil
}
