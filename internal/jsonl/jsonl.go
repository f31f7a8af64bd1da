// Package jsonl keeps automem's small append-style records (tombstones,
// evidence) as one JSON object per line: a missing file is empty, a bad line
// is skipped so it never hides the rest, and a rewrite is atomic so a crash
// never leaves half a file.
package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/atomicfile"
)

// maxLine bounds one record; longer lines are skipped.
const maxLine = 16 << 20

// Read returns the records of path that decode into T, in file order.
func Read[T any](path string) ([]T, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var out []T
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), maxLine)
	for sc.Scan() {
		var v T
		if json.Unmarshal(sc.Bytes(), &v) == nil {
			out = append(out, v)
		}
	}
	return out, nil
}

// Write replaces path with one line per record, atomically (a new file gets
// mode 0600, an existing one keeps its mode), creating its directory (0700)
// when needed.
func Write[T any](path string, records []T) error {
	var buf bytes.Buffer
	for _, r := range records {
		line, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("encode %s: %w", filepath.Base(path), err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("create dir of %s: %w", path, err)
	}
	if err := atomicfile.Write(path, buf.Bytes(), 0o600); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
