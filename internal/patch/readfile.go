package patch

import (
	"fmt"
	"io"
	"os"
)

// ReadFile reads and parses the patch at path. The path must be a regular
// file (a symlink or FIFO in an inbox is refused, not followed or waited on),
// and at most MaxPatchBytes are read.
func ReadFile(path string) (*Patch, error) {
	data, err := readPatchBytes(path)
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

func readPatchBytes(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, fmt.Errorf("read patch %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, refuse(NotRegularFile, path, "patch file is not a regular file")
	}
	if fi.Size() > MaxPatchBytes {
		return nil, refuse(TooLarge, path, "patch is %d bytes, cap %d", fi.Size(), MaxPatchBytes)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read patch %s: %w", path, err)
	}
	defer f.Close()
	if fi2, err := f.Stat(); err != nil || !os.SameFile(fi, fi2) {
		return nil, refuse(NotRegularFile, path, "patch file changed while opening")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxPatchBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read patch %s: %w", path, err)
	}
	if len(data) > MaxPatchBytes {
		return nil, refuse(TooLarge, path, "patch exceeds %d bytes", MaxPatchBytes)
	}
	return data, nil
}
