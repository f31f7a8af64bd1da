package skills

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/change"
)

// ErrNeedsConfirmation is returned when a draft carries executable files and
// the caller did not confirm copying them.
var ErrNeedsConfirmation = errors.New("draft has executable files; confirm to promote (--allow-scripts)")

// Promotion is a completed promotion and the file changes to record.
type Promotion struct {
	Dest    string
	Changes []change.File
}

// Promote copies the draft folder into destRoot/<folder> as a whole: the
// files are staged in a temp folder beside the destination and renamed into
// place, then the draft is removed. It refuses a colliding name in destRoot,
// and executable files unless allowExec.
func Promote(d *Draft, destRoot string, allowExec bool) (Promotion, error) {
	folder := filepath.Base(d.Dir)
	if d.HasExec() && !allowExec {
		return Promotion{}, ErrNeedsConfirmation
	}
	if c, err := Collision(destRoot, folder, d.Name); err != nil {
		return Promotion{}, err
	} else if c != "" {
		return Promotion{}, fmt.Errorf("a skill named %q already exists: %s", d.Name, c)
	}
	if err := os.MkdirAll(destRoot, 0o755); err != nil {
		return Promotion{}, fmt.Errorf("create %s: %w", destRoot, err)
	}
	stage, err := os.MkdirTemp(destRoot, ".automem-promote-*")
	if err != nil {
		return Promotion{}, fmt.Errorf("stage promotion: %w", err)
	}
	defer os.RemoveAll(stage)
	dest := filepath.Join(destRoot, folder)
	var changes []change.File
	var draftChanges []change.File
	for _, f := range d.Files {
		src := filepath.Join(d.Dir, filepath.FromSlash(f.Rel))
		data, err := readRegular(src)
		if err != nil {
			return Promotion{}, err
		}
		to := filepath.Join(stage, filepath.FromSlash(f.Rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return Promotion{}, fmt.Errorf("stage %s: %w", f.Rel, err)
		}
		// Atomic even inside the private stage: the file and its directory
		// entry are durable before the stage is renamed into place.
		if err := atomicfile.Write(to, data, f.Mode); err != nil {
			return Promotion{}, fmt.Errorf("stage %s: %w", f.Rel, err)
		}
		changes = append(changes, change.File{Path: filepath.Join(dest, filepath.FromSlash(f.Rel)), AfterExists: true, After: data, Mode: f.Mode})
		draftChanges = append(draftChanges, change.File{Path: src, BeforeExists: true, Before: data, Mode: f.Mode})
	}
	if _, err := os.Lstat(dest); err == nil {
		return Promotion{}, fmt.Errorf("destination %s already exists", dest)
	}
	if err := os.Rename(stage, dest); err != nil {
		return Promotion{}, fmt.Errorf("move skill into %s: %w", dest, err)
	}
	if err := os.Chmod(dest, 0o755); err != nil {
		return Promotion{}, fmt.Errorf("chmod %s: %w", dest, err)
	}
	_ = atomicfile.SyncDir(destRoot)
	if err := os.RemoveAll(d.Dir); err != nil {
		return Promotion{}, fmt.Errorf("remove draft %s: %w", d.Dir, err)
	}
	return Promotion{Dest: dest, Changes: append(changes, draftChanges...)}, nil
}

func readRegular(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, fmt.Errorf("read draft file %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("draft file %s is not a regular file", path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read draft file %s: %w", path, err)
	}
	return data, nil
}
