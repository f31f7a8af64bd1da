package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/tombstone"
)

// Discard drops a whole item. A draft folder is removed and its name becomes
// a tombstone; a quarantined candidate loses its .patch and .reason files;
// every line of a patch item is dismissed (and tombstoned) through Commit.
func Discard(p Paths, it *Item, now time.Time) error {
	switch it.Group {
	case GroupNewSkill:
		if err := os.RemoveAll(it.SkillDir); err != nil {
			return fmt.Errorf("discard draft %s: %w", it.SkillDir, err)
		}
		name := strings.TrimPrefix(it.ID, "skill/")
		if err := tombstone.Add(p.Tombstones(), now, tombstone.Tombstone{Kind: tombstone.KindSkill, Target: name, Text: name}); err != nil {
			return fmt.Errorf("record discarded skill: %w", err)
		}
		return nil
	case GroupRejected:
		name := strings.TrimPrefix(it.ID, "rejected/")
		dir := p.Rejected()
		for _, f := range []string{filepath.Join(dir, name+".patch"), filepath.Join(dir, name+".reason")} {
			if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("discard %s: %w", f, err)
			}
		}
		return nil
	default:
		sel := Selection{}
		for _, h := range it.Hunks {
			sel[h.Hunk] = patch.Fill(h.Hunk, Dismiss)
		}
		_, err := Commit(p, it, sel, now)
		return err
	}
}
