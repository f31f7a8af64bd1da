package upkeep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// Record is upkeep's own record for one memory (memdir.Dir.Upkeep), kept
// in automem's data, never in Gemini CLI's state file.
type Record struct {
	// LastRun is when the pass last ran (RFC3339); the pass runs at most
	// once per interval.
	LastRun string `json:"lastRun,omitempty"`
	// LastDream is when dream notes were last proposed.
	LastDream string `json:"lastDream,omitempty"`
}

// LoadRecord reads the record; a missing or damaged file is an empty one
// (the pass then simply runs).
func LoadRecord(path string) Record {
	var r Record
	data, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(data, &r) != nil {
		return Record{}
	}
	return r
}

// Save writes the record atomically.
func (r Record) Save(path string) error {
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode upkeep record: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("save upkeep record: %w", err)
	}
	if err := atomicfile.Write(path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("save upkeep record: %w", err)
	}
	return nil
}

// Due reports whether the pass should run now: never ran, or ran at least
// interval ago (or in the future: a clock that went back).
func (r Record) Due(now time.Time, interval time.Duration) bool {
	last := parseTime(r.LastRun)
	return last.IsZero() || now.Sub(last) >= interval || last.After(now)
}

// LoadFiles reads the memory files of d: every *.md directly in the
// private memory dir (MEMORY.md, topic files, archive.md) and the global
// file. Missing files are left out.
func LoadFiles(d memdir.Dir) ([]File, error) {
	var out []File
	if dir := d.Targets.MemoryDir; dir != "" {
		ents, err := os.ReadDir(dir)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("read memory dir %s: %w", dir, err)
		}
		for _, e := range ents {
			if !e.Type().IsRegular() || !strings.HasSuffix(strings.ToLower(e.Name()), ".md") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("read memory file %s: %w", path, err)
			}
			out = append(out, File{Path: path, Kind: patch.Private, Content: string(data)})
		}
	}
	if g := d.Targets.GlobalMemory; g != "" {
		data, err := os.ReadFile(g)
		switch {
		case err == nil:
			out = append(out, File{Path: g, Kind: patch.Global, Content: string(data)})
		case !errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("read global memory %s: %w", g, err)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// Waiting reports whether proposals of an earlier pass are still pending
// review in any kind: a new pass then proposes nothing, so proposals never
// pile up or overlap.
func Waiting(d memdir.Dir) (bool, error) {
	for _, k := range memdir.Kinds() {
		its, err := intent.Stored(d, k)
		if err != nil {
			return false, err
		}
		for _, it := range its {
			if it.Origin == intent.OriginUpkeep {
				return true, nil
			}
		}
	}
	return false, nil
}

// Propose makes the changes pending hunks of their kinds' extraction.patch
// (intent.Add, OriginUpkeep) and records their evidence first, so review's
// v can say why as soon as a hunk shows. The caller holds the extraction
// lock. It returns how many files were changed.
func Propose(d memdir.Dir, changes []Change, ev []evidence.Item, now time.Time) (int, error) {
	if len(changes) == 0 {
		return 0, nil
	}
	if err := os.MkdirAll(d.Own(), 0o700); err != nil {
		return 0, fmt.Errorf("record upkeep evidence: %w", err)
	}
	if err := evidence.Append(d.Evidence(), ev...); err != nil {
		return 0, fmt.Errorf("record upkeep evidence: %w", err)
	}
	n := 0
	for _, c := range changes {
		var old []byte
		if c.Exists {
			old = []byte(c.Old)
		}
		f := patch.Diff(c.Path, old, []byte(c.New))
		if f == nil {
			continue
		}
		if _, err := intent.Add(d, c.Kind, f, intent.OriginUpkeep, now); err != nil {
			return n, fmt.Errorf("propose upkeep of %s: %w", c.Path, err)
		}
		n++
	}
	return n, nil
}
