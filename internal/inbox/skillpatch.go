package inbox

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/patch"
)

// brokenSkillPatch is the entry of a skill update patch Gemini CLI hides
// (it does not parse, or names a file a skill update may not touch): it
// needs attention under its own ID, its file left where it is, as it is,
// until the person edits or discards it.
func brokenSkillPatch(name string, h Hidden) *Item {
	reason := intent.AttentionPrefix + "the skill update patch is invalid (Gemini CLI hides it): " + h.Reason
	return &Item{ID: SkillPatchPrefix + name, Group: GroupAttention, Kind: patch.Skill, Files: []string{h.Path}, Reason: reason, Title: firstLine(reason)}
}

// isSkillPatch reports whether an entry needing attention is a skill
// update patch (not a rejected/<name> entry).
func isSkillPatch(it *Item) bool {
	return it.Group == GroupAttention && strings.HasPrefix(it.ID, SkillPatchPrefix)
}

// heldMemoryPatch is the entry of a memory patch whose target is not a
// regular file, a symlinked ~/.gemini/GEMINI.md (dotfiles) the usual case:
// automem never writes through a link (it could lead anywhere), so the
// candidate cannot be applied here (Gemini CLI's validator checks the path
// only and still offers it); it needs attention under <kind>/<name>, its file left where it
// is, until the person replaces the link with a regular file (the patch is
// then pending again by itself) or discards it.
func heldMemoryPatch(kind patch.Kind, h Hidden) *Item {
	reason := intent.AttentionPrefix + "its target is not a regular file, which automem does not write through " +
		"(replace a symlink with the file it points to and the candidate is pending again; or discard it): " + h.Reason
	name := strings.TrimSuffix(filepath.Base(h.Path), ".patch")
	return &Item{ID: string(kind) + "/" + name, Group: GroupAttention, Kind: kind, Files: []string{h.Path}, Reason: reason, Title: firstLine(reason)}
}

// isHeldMemoryPatch reports whether an entry needing attention is a memory
// patch held for its target (heldMemoryPatch).
func isHeldMemoryPatch(it *Item) bool {
	return it.Group == GroupAttention && it.Kind != "" && it.Kind != patch.Skill
}

// attentionFiles are the files of an entry needing attention that discard
// removes: a rejected entry's .patch and .reason, or the skill update or
// held memory patch itself.
func attentionFiles(p Paths, it *Item) []string {
	if isSkillPatch(it) || isHeldMemoryPatch(it) {
		return it.Files[:1]
	}
	name := strings.TrimPrefix(it.ID, "rejected/")
	return []string{filepath.Join(p.Rejected(), name+".patch"), filepath.Join(p.Rejected(), name+".reason")}
}

// reopenSkillPatch is Reopen for a broken skill update: the edit replaces
// the patch in place (recounted when only its @@ counts are wrong), so it
// is a skill update again when it parses and names only skill files, and
// otherwise stays there, still needing attention, with nothing typed lost.
func reopenSkillPatch(p Paths, it *Item, edited []byte, now time.Time) (Reopened, error) {
	out := Reopened{Kind: patch.Skill}
	path := it.Files[0]
	parsed, repaired, err := intent.ParseRepair(edited)
	if err == nil {
		err = patch.Check(parsed, p.Targets, patch.Skill)
	}
	data := edited
	if err == nil && repaired {
		data = parsed.Bytes()
	}
	fc, werr := recordWrite(path, func() error { return atomicfile.Write(path, data, 0o600) })
	if werr != nil {
		return out, fmt.Errorf("keep the edit: %w", werr)
	}
	if err != nil {
		if rerr := recordEdit(p, now, "edited "+it.ID+": still invalid", fc); rerr != nil {
			return out, rerr
		}
		return out, fmt.Errorf("%s: %w: %v (your edit is kept in %s; edit it again or discard it)", it.ID, ErrStillBroken, err, path)
	}
	for _, f := range parsed.Files {
		out.Pending += len(f.Hunks)
	}
	return out, recordEdit(p, now, "edited "+it.ID+": a skill update again", fc)
}

// recordEdit records an edit of an entry needing attention as one history
// entry, so undo puts the entry back as it was.
func recordEdit(p Paths, now time.Time, summary string, fcs ...history.FileChange) error {
	if _, err := history.Open(p.History()).Record(now, history.Change{Kind: history.KindEdit, Summary: summary, Files: fcs}); err != nil {
		return fmt.Errorf("record history: %w", err)
	}
	return nil
}
