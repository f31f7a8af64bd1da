package jobs

import (
	"os"
	"path/filepath"
	"sort"

	"github.com/automem/automem/internal/prompt"
	"github.com/automem/automem/internal/skills"
)

// existingSkills lists the user and workspace skills and this project's
// drafts, so an extractor does not propose one that exists.
func existingSkills(job *Job) []prompt.Skill {
	var out []prompt.Skill
	// The layouts list the user folders first, then the workspace's.
	roots := job.Dir.Targets.SkillRoots
	firstWS := len(roots) - len(skills.Homes{}.Folders(job.Dir.Agent, skills.Workspace, job.Project.Root))
	for i, root := range roots {
		scope := "user"
		if i >= firstWS {
			scope = "workspace"
		}
		out = append(out, skillsIn(root, scope)...)
	}
	out = append(out, skillsIn(job.Dir.Skills(), "draft")...)
	return out
}

func skillsIn(root, scope string) []prompt.Skill {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var out []prompt.Skill
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		p := filepath.Join(root, e.Name(), "SKILL.md")
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		name, desc, err := skills.Frontmatter(data)
		if err != nil || name == "" {
			name = e.Name()
		}
		out = append(out, prompt.Skill{Name: name, Description: desc, Scope: scope, Path: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func installedSkillNames(job *Job) []string {
	var names []string
	for _, s := range existingSkills(job) {
		names = append(names, s.Name)
	}
	return names
}
