package redact

import (
	"context"
	"fmt"
	"os"

	"github.com/automem/automem/internal/atomicfile"
)

// ErrNotRegular is returned (wrapped) by File for a symlink, FIFO, device or
// directory: redaction never follows a link an agent may have planted.
var ErrNotRegular = atomicfile.ErrNotRegular

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
	if err := atomicfile.WriteIn(root, name, []byte(out), fi.Mode().Perm()); err != nil {
		return nil, fmt.Errorf("redact file %s: %w", name, err)
	}
	return findings, nil
}
