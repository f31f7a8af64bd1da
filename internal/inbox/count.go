package inbox

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/plural"
)

// Counts is what `inbox status` prints; it is gathered without parsing
// patches so that a shell prompt can afford it on every redraw.
type Counts struct {
	MemoryHunks  int `json:"memoryHunks"`
	Skills       int `json:"skills"`
	SkillUpdates int `json:"skillUpdates"`
	Rejected     int `json:"rejected"`
}

// Add sums counts over projects.
func (c *Counts) Add(o Counts) {
	c.MemoryHunks += o.MemoryHunks
	c.Skills += o.Skills
	c.SkillUpdates += o.SkillUpdates
	c.Rejected += o.Rejected
}

// String is the one-line summary, e.g. "3 memory hunks, 1 skill pending".
func (c Counts) String() string {
	var parts []string
	add := func(n int, one, many string) {
		if n > 0 {
			parts = append(parts, plural.Of(n, one, many))
		}
	}
	add(c.MemoryHunks, "memory hunk", "memory hunks")
	add(c.Skills, "skill", "skills")
	add(c.SkillUpdates, "skill update", "skill updates")
	add(c.Rejected, "rejected", "rejected")
	if len(parts) == 0 {
		return "nothing pending"
	}
	return strings.Join(parts, ", ") + " pending"
}

// Count tallies one memory's inbox by counting "@@ " lines and directory
// entries.
func Count(d memdir.Dir) (Counts, error) {
	var c Counts
	// One listing of the data dir saves a failed lookup for every part of
	// the inbox that does not exist, which is most of them.
	ents, err := os.ReadDir(d.Data)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("read memory dir %s: %w", d.Data, err)
	}
	has := map[string]bool{}
	for _, e := range ents {
		has[e.Name()] = e.IsDir()
	}
	// present says whether a part may exist: a directory of the listing, or
	// any part deeper than the data dir itself.
	present := func(p string) bool { return filepath.Dir(p) != d.Data || has[filepath.Base(p)] }
	if present(d.InboxRoot()) {
		if err := countInbox(d, &c); err != nil {
			return c, err
		}
	}
	if present(d.Skills()) {
		drafts, patches, err := skillEntries(d.Skills())
		if err != nil {
			return c, err
		}
		c.Skills, c.SkillUpdates = len(drafts), len(patches)
	}
	if present(d.Own()) {
		rej, err := patchFiles(d.Rejected())
		if err != nil {
			return c, err
		}
		c.Rejected = len(rej)
	}
	return c, nil
}

func countInbox(d memdir.Dir, c *Counts) error {
	for _, kind := range memdir.Kinds() {
		files, err := patchFiles(d.Inbox(kind))
		if err != nil {
			return err
		}
		for _, f := range files {
			c.MemoryHunks += countHunks(f)
		}
	}
	return nil
}

func countHunks(path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	n := 0
	if bytes.HasPrefix(data, []byte("@@ ")) {
		n++
	}
	return n + bytes.Count(data, []byte("\n@@ "))
}

// CountAll sums Count over many memories, a few at a time, because the
// cost is all small file-system calls that overlap well.
func CountAll(memoryDirs []memdir.Dir) (Counts, error) {
	const workers = 8
	type result struct {
		c   Counts
		err error
	}
	jobs := make(chan memdir.Dir)
	results := make(chan result)
	for range min(workers, len(memoryDirs)) {
		go func() {
			for d := range jobs {
				c, err := Count(d)
				results <- result{c, err}
			}
		}()
	}
	go func() {
		for _, d := range memoryDirs {
			jobs <- d
		}
		close(jobs)
	}()
	var total Counts
	var first error
	for range memoryDirs {
		r := <-results
		if r.err != nil && first == nil {
			first = r.err
		}
		total.Add(r.c)
	}
	return total, first
}
