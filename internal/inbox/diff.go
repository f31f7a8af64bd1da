package inbox

// This file is the inbox's only contact with internal/patch for the patch
// model: the inbox reviews and selects on the engine's own types, so what it
// writes back is exactly what the engine parses, cuts, dry-runs and commits.

import (
	"github.com/automem/automem/internal/patch"
)

// The patch model and the decisions on its lines, shared with
// internal/patch.
type (
	// Patch is a parsed patch: its sections (Files) in order.
	Patch = patch.Patch
	// Section is one ---/+++ section of a patch.
	Section = patch.File
	// Hunk is one @@ block.
	Hunk = patch.Hunk
	// Line is one hunk line.
	Line = patch.Line
	// Decision is what the person decided for one added or removed line.
	Decision = patch.Decision
	// Selection maps each hunk to the decision of each of its lines.
	Selection = patch.Selection
)

// Line decisions. Pending lines stay in the inbox; applied lines are written
// to the target; dismissed lines are dropped and remembered as tombstones.
const (
	Pending = patch.Pending
	Apply   = patch.Apply
	Dismiss = patch.Dismiss
)

// DevNull is the old-side name of a section that creates its target.
const DevNull = patch.DevNull
