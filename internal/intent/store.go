package intent

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// Origins of an intent.
const (
	OriginExtract  = "extract"
	OriginUpkeep   = "upkeep"
	OriginHandEdit = "hand-edit"
	OriginRestore  = "restore" // inbox restore of a dismissed line
)

// Intent is what one group of changes of a pending hunk wants, independent
// of line numbers.
type Intent struct {
	// Path is the target file, as the patch names it.
	Path string `json:"path"`
	// Create is set when the target did not exist: Add is its content.
	Create bool `json:"create,omitempty"`
	// Before and After are up to three lines of context around the change.
	Before []string `json:"before,omitempty"`
	After  []string `json:"after,omitempty"`
	// AtEOF is set when the change ended the file.
	AtEOF bool `json:"atEOF,omitempty"`
	// Heading is the markdown heading of the section the change sits in.
	Heading string   `json:"heading,omitempty"`
	Remove  []string `json:"remove,omitempty"`
	Add     []string `json:"add,omitempty"`
	Origin  string   `json:"origin"`
	Created string   `json:"created"`
	// Attention is why the intent cannot be rendered now (its lines to
	// remove are gone); empty when it is pending normally.
	Attention string `json:"attention,omitempty"`
}

// same reports whether two intents want the same change of the same file.
func (i Intent) same(o Intent) bool {
	return i.Path == o.Path && i.Create == o.Create && eq(i.Remove, o.Remove) && eq(i.Add, o.Add)
}

func eq(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

// store is the file kept per kind.
type store struct {
	Version int `json:"version"`
	// Rendered is the sha256 of the extraction.patch last written (or
	// accepted) from Intents; "" when there was none.
	Rendered string   `json:"rendered"`
	Intents  []Intent `json:"intents"`
}

const storeVersion = 1

// loadStore reads a store; a missing file is an empty store (ok false).
// raw is the file as read (nil when missing), for the write's fence.
func loadStore(path string) (st store, ok bool, raw []byte, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return store{Version: storeVersion}, false, nil, nil
	}
	if err != nil {
		return st, false, nil, fmt.Errorf("read intents %s: %w", path, err)
	}
	if err := json.Unmarshal(data, &st); err != nil || st.Version != storeVersion {
		// A damaged store must not hide the patch on disk: it is read
		// afresh from the patch, as if there were no store.
		return store{Version: storeVersion}, false, data, nil
	}
	return st, true, data, nil
}

func saveStore(path string, st store, opts ...atomicfile.Option) error {
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encode intents: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("save intents: %w", err)
	}
	if err := atomicfile.Write(path, append(data, '\n'), 0o600, opts...); err != nil {
		return fmt.Errorf("save intents: %w", err)
	}
	return nil
}

// hash is the store's fingerprint of a patch file's bytes ("" for none).
func hash(data []byte, exists bool) string {
	if !exists {
		return ""
	}
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

func stamp(now time.Time) string { return now.UTC().Format(time.RFC3339) }

// Stored returns the intents kept for kind's extraction.patch as last
// rendered, so a pass can see what it already proposed (by Origin).
func Stored(d memdir.Dir, kind patch.Kind) ([]Intent, error) {
	st, _, _, err := loadStore(d.Intents(kind))
	return st.Intents, err
}
