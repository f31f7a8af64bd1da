// Package inbox loads what the extractors left for review — memory patches,
// skill drafts, skill updates and quarantined candidates — as numbered items
// with stable IDs, and writes a person's decisions back atomically: the
// chosen lines go to their targets, the undecided remainder stays as a patch
// Gemini CLI's own inbox still accepts, and dismissed lines become
// tombstones.
package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/skills"
)

// Item groups, as printed by `inbox list --json`.
const (
	GroupNewSkill    = "new-skill"
	GroupSkillUpdate = "skill-update"
	GroupMemory      = "memory"
	GroupRejected    = "rejected"
	// GroupAttention holds the pending candidates intent.Settle could not
	// keep pending (a pending patch edited until it no longer parses, a
	// change whose line to replace is gone): a person edits or discards
	// them. Their IDs are rejected/<name> like quarantined candidates.
	GroupAttention = "attention"
)

// SkillPatchPrefix starts the ID of a skill update, skill-patch/<name>,
// valid (group skill-update) or needing attention.
const SkillPatchPrefix = "skill-patch/"

// Paths locates one project's memory and the targets its patches may touch;
// the caller fills it from internal/gemini so this package never guesses.
type Paths struct {
	ProjectID   string
	ProjectRoot string
	// Dir is where the inbox, automem's own files and every target live.
	memdir.Dir
	// Homes are the agents' directories, where their user skill folders
	// are (internal/skills knows each agent's folders).
	Homes skills.Homes
	// SkillAgents are the agents a skill draft that names none is
	// promoted for: the agents whose memory this inbox is.
	SkillAgents   []string
	WorkspaceRoot string // git root of the project, "" if unknown
}

// Source is one patch file of an item.
type Source struct {
	Path  string
	Patch *Patch
	// Raw is the file as loaded; Commit refuses when the file changed since
	// (an extractor merged new hunks while the person was reviewing).
	Raw []byte
}

// HunkRef is one numbered hunk of an item.
type HunkRef struct {
	N       int
	Source  *Source
	Section *Section
	Hunk    *Hunk
}

// Item is one reviewable entry of the inbox.
type Item struct {
	ID    string
	Group string
	Title string
	// Files are the targets (patch items) or the draft's files, relative to
	// the draft dir (skill drafts).
	Files []string
	Kind  patch.Kind // patch kind for memory and skill-update items
	// Sources are the patch files of a patch item, in lexical order.
	Sources []*Source
	Hunks   []*HunkRef
	// SkillDir is the draft folder of a new-skill item.
	SkillDir string
	// Reason is the quarantine reason of a rejected item, or why an item
	// needs attention.
	Reason string
}

// Hidden is a patch file the inbox does not offer because it does not parse
// or names a target its kind may not touch (Gemini CLI hides these too).
type Hidden struct {
	Path   string
	Reason string
	// Code is the refusal's reason code (patch.Reason).
	Code patch.Reason
}

// Scan reads every item of a project, in list order: new skills, skill
// updates (a skill update patch that does not parse or names a file it may
// not touch needs attention: Gemini CLI hides it, automem lists it so it is
// not lost from view), memory (private then global; a patch whose target
// is not a regular file, such as a symlinked GEMINI.md, needs attention),
// rejected and needing attention (by name); and it reports the hidden
// memory patch files, so the caller can warn about them.
func Scan(p Paths) (items []*Item, hidden []Hidden, err error) {
	drafts, patches, err := skillEntries(p.Skills())
	if err != nil {
		return nil, nil, err
	}
	for _, d := range drafts {
		it, err := loadDraft(p.Skills(), d)
		if err != nil {
			return nil, nil, err
		}
		items = append(items, it)
	}
	for _, name := range patches {
		it, hid, err := loadPatchItem(p, SkillPatchPrefix+name, GroupSkillUpdate, patch.Skill, []string{filepath.Join(p.Skills(), name+".patch")})
		if err != nil {
			return nil, nil, err
		}
		for _, h := range hid {
			items = append(items, brokenSkillPatch(name, h))
		}
		if it != nil {
			it.Title = "Update to skill " + name
			items = append(items, it)
		}
	}
	for _, kind := range memdir.Kinds() {
		files, err := patchFiles(p.Inbox(kind))
		if err != nil {
			return nil, nil, err
		}
		it, hid, err := loadPatchItem(p, string(kind), GroupMemory, kind, files)
		if err != nil {
			return nil, nil, err
		}
		for _, h := range hid {
			if h.Code == patch.NotRegularFile {
				items = append(items, heldMemoryPatch(kind, h))
			} else {
				hidden = append(hidden, h)
			}
		}
		if it != nil {
			title := map[patch.Kind]string{patch.Private: "Private memory", patch.Global: "Global memory", patch.Project: "Project memory"}[kind]
			it.Title = fmt.Sprintf("%s: %s from %s", title, plural.Of(len(it.Hunks), "hunk", "hunks"), plural.Of(len(it.Sources), "source patch", "source patches"))
			items = append(items, it)
		}
	}
	rej, err := loadRejected(p.Rejected())
	if err != nil {
		return nil, nil, err
	}
	return append(items, rej...), hidden, nil
}

// Find returns the item with this id.
func Find(items []*Item, id string) (*Item, error) {
	for _, it := range items {
		if it.ID == id {
			return it, nil
		}
	}
	return nil, fmt.Errorf("no inbox item %q (see inbox list)", id)
}

// skillEntries lists draft dirs (with SKILL.md) and skill patch names in
// the skills inbox dir, sorted.
func skillEntries(dir string) (drafts, patches []string, err error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read skills dir %s: %w", dir, err)
	}
	for _, e := range ents {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, "."):
		case e.IsDir():
			if fi, err := os.Lstat(filepath.Join(dir, name, "SKILL.md")); err == nil && fi.Mode().IsRegular() {
				drafts = append(drafts, name)
			}
		case e.Type().IsRegular() && isPatchName(name):
			patches = append(patches, strings.TrimSuffix(name, ".patch"))
		}
	}
	return drafts, patches, nil
}

func patchFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read inbox %s: %w", dir, err)
	}
	var out []string
	for _, e := range ents {
		if e.Type().IsRegular() && isPatchName(e.Name()) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// loadPatchItem parses the files of one patch item; nil when no file has
// a valid hunk. As in Gemini CLI, a file that does not parse or names a
// target its kind may not touch is hidden (listed in Invalid).
func loadPatchItem(paths Paths, id, group string, kind patch.Kind, files []string) (*Item, []Hidden, error) {
	it := &Item{ID: id, Group: group, Kind: kind}
	var hidden []Hidden
	seen := map[string]bool{}
	for _, f := range files {
		p, err := patch.ReadFile(f)
		if err == nil {
			err = patch.Check(p, paths.Targets, kind)
		}
		var raw []byte
		if err == nil {
			raw, err = os.ReadFile(f)
		}
		if patch.ReasonOf(err) != "" {
			hidden = append(hidden, Hidden{Path: f, Reason: err.Error(), Code: patch.ReasonOf(err)})
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		src := &Source{Path: f, Patch: p, Raw: raw}
		it.Sources = append(it.Sources, src)
		for _, sec := range p.Files {
			if !seen[sec.Path] {
				seen[sec.Path] = true
				it.Files = append(it.Files, sec.Path)
			}
			for _, h := range sec.Hunks {
				it.Hunks = append(it.Hunks, &HunkRef{N: len(it.Hunks) + 1, Source: src, Section: sec, Hunk: h})
			}
		}
	}
	if len(it.Hunks) == 0 {
		return nil, hidden, nil
	}
	return it, hidden, nil
}

func loadDraft(skillsDir, dir string) (*Item, error) {
	root := filepath.Join(skillsDir, dir)
	it := &Item{ID: "skill/" + dir, Group: GroupNewSkill, SkillDir: root, Title: "New skill " + dir}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		it.Files = append(it.Files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list draft %s: %w", root, err)
	}
	if fm, err := os.ReadFile(filepath.Join(root, "SKILL.md")); err == nil {
		if d := frontmatterField(fm, "description"); d != "" {
			it.Title = dir + ": " + d
		}
	}
	return it, nil
}

// frontmatterField is a small key: value read used only for titles; the
// skills package does the real validation before promotion.
func frontmatterField(data []byte, key string) string {
	lines := strings.Split(string(data), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return ""
	}
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			break
		}
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == key {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

func loadRejected(dir string) ([]*Item, error) {
	files, err := patchFiles(dir)
	if err != nil {
		return nil, err
	}
	var out []*Item
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".patch")
		reason, _ := os.ReadFile(filepath.Join(dir, name+".reason"))
		r := strings.TrimSpace(string(reason))
		it := &Item{ID: "rejected/" + name, Group: GroupRejected, Reason: r, Files: []string{f}, Title: "Rejected " + name}
		switch {
		case strings.HasPrefix(r, intent.AttentionPrefix):
			it.Group, it.Title = GroupAttention, firstLine(r)
		case r != "":
			it.Title += ": " + firstLine(r)
		}
		out = append(out, it)
	}
	return out, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
