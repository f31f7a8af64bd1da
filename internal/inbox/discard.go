package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/tombstone"
)

// Discard drops a whole item. A draft folder is removed and its name becomes
// a tombstone; a quarantined candidate loses its .patch and .reason files;
// every line of a patch item is dismissed (and tombstoned) through Commit.
// Each is a history entry, so undo brings the item back.
func Discard(p Paths, it *Item, now time.Time) error {
	var fcs []history.FileChange
	var files []string
	switch it.Group {
	case GroupNewSkill:
		for _, f := range it.Files {
			files = append(files, filepath.Join(it.SkillDir, filepath.FromSlash(f)))
		}
	case GroupRejected, GroupAttention:
		files = attentionFiles(p, it)
	default:
		sel := Selection{}
		for _, h := range it.Hunks {
			sel[h.Hunk] = patch.Fill(h.Hunk, Dismiss)
		}
		_, err := Commit(p, it, sel, now)
		return err
	}
	if err := checkHistory(p); err != nil {
		return err
	}
	for _, f := range files {
		fc, err := recordWrite(f, func() error {
			if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("discard %s: %w", f, err)
			}
			return nil
		})
		if err != nil {
			return err
		}
		if fc.BeforeExists {
			fcs = append(fcs, fc)
		}
	}
	if it.Group == GroupNewSkill {
		if err := os.RemoveAll(it.SkillDir); err != nil {
			return fmt.Errorf("discard draft %s: %w", it.SkillDir, err)
		}
		name := strings.TrimPrefix(it.ID, "skill/")
		fc, err := recordWrite(p.Tombstones(), func() error {
			return tombstone.Add(p.Tombstones(), now, tombstone.Tombstone{Kind: tombstone.KindSkill, Target: name, Text: name})
		})
		if err != nil {
			return fmt.Errorf("record discarded skill: %w", err)
		}
		fcs = append(fcs, fc)
	}
	if _, err := history.Open(p.History()).Record(now, history.Change{Kind: history.KindDiscard, Summary: "discarded " + it.ID, Files: fcs}); err != nil {
		return fmt.Errorf("record history: %w", err)
	}
	return nil
}
