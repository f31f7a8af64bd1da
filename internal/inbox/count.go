package inbox

import (
	"strings"

	"github.com/automem/automem/internal/plural"
)

// Counts is what `inbox status` prints. It is tallied from the items Scan
// returns, the list `inbox list` prints, so the two never disagree: a patch
// list hides (a target its kind may not touch, a file that does not parse)
// is not counted, and one that needs attention is counted as such.
type Counts struct {
	MemoryHunks  int `json:"memoryHunks"`
	Skills       int `json:"skills"`
	SkillUpdates int `json:"skillUpdates"`
	Rejected     int `json:"rejected"`
	Attention    int `json:"attention"`
}

// Tally counts items as list groups them: the hunks of memory items, and
// one per skill draft, skill update, rejected candidate or entry needing
// attention.
func Tally(items []*Item) Counts {
	var c Counts
	for _, it := range items {
		switch it.Group {
		case GroupMemory:
			c.MemoryHunks += len(it.Hunks)
		case GroupNewSkill:
			c.Skills++
		case GroupSkillUpdate:
			c.SkillUpdates++
		case GroupRejected:
			c.Rejected++
		case GroupAttention:
			c.Attention++
		}
	}
	return c
}

// Add sums counts over projects.
func (c *Counts) Add(o Counts) {
	c.MemoryHunks += o.MemoryHunks
	c.Skills += o.Skills
	c.SkillUpdates += o.SkillUpdates
	c.Rejected += o.Rejected
	c.Attention += o.Attention
}

// String is the one-line summary, e.g. "3 memory hunks, 1 skill pending, 1
// needs attention".
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
	var out []string
	if len(parts) > 0 {
		out = append(out, strings.Join(parts, ", ")+" pending")
	}
	if c.Attention > 0 {
		out = append(out, plural.Of(c.Attention, "needs attention", "need attention"))
	}
	if len(out) == 0 {
		return "nothing pending"
	}
	return strings.Join(out, ", ")
}
