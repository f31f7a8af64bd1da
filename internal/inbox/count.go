package inbox

import (
	"bytes"
	"fmt"
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
	for _, kind := range []string{KindPrivate, KindGlobal} {
		files, err := patchFiles(InboxDir(memoryDir, kind))
		if err != nil {
			return c, err
		}
		for _, f := range files {
			c.MemoryHunks += countHunks(f)
		}
	}
	drafts, patches, err := skillEntries(memoryDir)
	if err != nil {
		return c, err
	}
	c.Skills, c.SkillUpdates = len(drafts), len(patches)
	rej, err := patchFiles(RejectedDir(memoryDir))
	if err != nil {
		return c, err
	}
	c.Rejected = len(rej)
	return c, nil
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
