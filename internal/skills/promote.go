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
	// Dests are the promoted skill folders, one per destination root.
	Dests   []string
	Changes []change.File
}

// Promote copies the draft folder into <root>/<folder> of every root in
// destRoots as a whole: the files are staged in a temp folder beside each
// destination and renamed into place, then the draft is removed. It
// refuses a colliding name in any root, and executable files unless
// allowExec; a failure after some copies took their place removes those
// copies and leaves the draft as it was.
func Promote(d *Draft, destRoots []string, allowExec bool) (Promotion, error) {
	folder := filepath.Base(d.Dir)
	if d.HasExec() && !allowExec {
		return Promotion{}, ErrNeedsConfirmation
	}
	if len(destRoots) == 0 {
		return Promotion{}, errors.New("no skill folder to promote to")
	}
	for _, root := range destRoots {
		if c, err := Collision(root, folder, d.Name); err != nil {
			return Promotion{}, err
		} else if c != "" {
			return Promotion{}, fmt.Errorf("a skill named %q already exists: %s", d.Name, c)
		}
	}
	files := make([][]byte, len(d.Files))
	var draftChanges []change.File
	for i, f := range d.Files {
		src := filepath.Join(d.Dir, filepath.FromSlash(f.Rel))
		data, err := readRegular(src)
		if err != nil {
			return Promotion{}, err
		}
		files[i] = data
		draftChanges = append(draftChanges, change.File{Path: src, BeforeExists: true, Before: data, Mode: f.Mode})
	}
	var pr Promotion
	for _, root := range destRoots {
		dest, err := place(d, files, root, folder)
		if err != nil {
			for _, done := range pr.Dests {
				_ = os.RemoveAll(done)
			}
			return Promotion{}, err
		}
		pr.Dests = append(pr.Dests, dest)
		for i, f := range d.Files {
			pr.Changes = append(pr.Changes, change.File{Path: filepath.Join(dest, filepath.FromSlash(f.Rel)), AfterExists: true, After: files[i], Mode: f.Mode})
		}
	}
	if err := os.RemoveAll(d.Dir); err != nil {
		return Promotion{}, fmt.Errorf("remove draft %s: %w", d.Dir, err)
	}
	pr.Changes = append(pr.Changes, draftChanges...)
	return pr, nil
}

// place stages the draft's files in a temp folder inside destRoot and
// renames it to destRoot/folder.
func place(d *Draft, files [][]byte, destRoot, folder string) (string, error) {
	if err := os.MkdirAll(destRoot, 0o755); err != nil {
		return "", fmt.Errorf("create %s: %w", destRoot, err)
	}
	stage, err := os.MkdirTemp(destRoot, ".automem-promote-*")
	if err != nil {
		return "", fmt.Errorf("stage promotion: %w", err)
	}
	defer os.RemoveAll(stage)
	for i, f := range d.Files {
		to := filepath.Join(stage, filepath.FromSlash(f.Rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return "", fmt.Errorf("stage %s: %w", f.Rel, err)
		}
		// Atomic even inside the private stage: the file and its directory
		// entry are durable before the stage is renamed into place.
		if err := atomicfile.Write(to, files[i], f.Mode); err != nil {
			return "", fmt.Errorf("stage %s: %w", f.Rel, err)
		}
	}
	dest := filepath.Join(destRoot, folder)
	if _, err := os.Lstat(dest); err == nil {
		return "", fmt.Errorf("destination %s already exists", dest)
	}
	if err := os.Rename(stage, dest); err != nil {
		return "", fmt.Errorf("move skill into %s: %w", dest, err)
	}
	if err := os.Chmod(dest, 0o755); err != nil {
		return "", fmt.Errorf("chmod %s: %w", dest, err)
	}
	_ = atomicfile.SyncDir(destRoot)
	return dest, nil
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
