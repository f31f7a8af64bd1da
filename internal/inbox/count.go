package inbox

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
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
		switch {
		case n == 1:
			parts = append(parts, "1 "+one)
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d %s", n, many))
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

// Count tallies one memory dir by counting "@@ " lines and directory entries.
func Count(memoryDir string) (Counts, error) {
	var c Counts
	// One listing of the memory dir saves a failed lookup for every part of
	// the inbox that does not exist, which is most of them.
	ents, err := os.ReadDir(memoryDir)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err != nil {
		return c, fmt.Errorf("read memory dir %s: %w", memoryDir, err)
	}
	has := map[string]bool{}
	for _, e := range ents {
		has[e.Name()] = e.IsDir()
	}
	if has[".inbox"] {
		if err := countInbox(memoryDir, &c); err != nil {
			return c, err
		}
	}
	if has["skills"] {
		drafts, patches, err := skillEntries(memoryDir)
		if err != nil {
			return c, err
		}
		c.Skills, c.SkillUpdates = len(drafts), len(patches)
	}
	if has[".automem"] {
		rej, err := patchFiles(RejectedDir(memoryDir))
		if err != nil {
			return c, err
		}
		c.Rejected = len(rej)
	}
	return c, nil
}

func countInbox(memoryDir string, c *Counts) error {
	for _, kind := range []string{KindPrivate, KindGlobal} {
		files, err := patchFiles(InboxDir(memoryDir, kind))
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

// CountAll sums Count over many memory dirs, a few at a time, because the
// cost is all small file-system calls that overlap well.
func CountAll(memoryDirs []string) (Counts, error) {
	const workers = 8
	type result struct {
		c   Counts
		err error
	}
	jobs := make(chan string)
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
