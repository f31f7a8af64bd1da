package jobs

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// files maps the memory-dir-relative names of inbox and skill files to a
// hash of their content.
type files map[string][32]byte

// snapshot hashes everything an extractor may write: .inbox/** and skills/**.
func snapshot(memoryDir string) files {
	out := files{}
	for _, sub := range []string{".inbox", "skills"} {
		root := filepath.Join(memoryDir, sub)
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			rel, _ := filepath.Rel(memoryDir, p)
			out[filepath.ToSlash(rel)] = sha256.Sum256(data)
			return nil
		})
	}
	return out
}

// postResult is what validation found after an extraction.
type postResult struct {
	Candidates Candidates
	// MemoryFiles are inbox patches created or changed ("​.inbox/…").
	MemoryFiles []string
	// SkillsCreated are new skill draft directories.
	SkillsCreated []string
}

// postprocess redacts every file the extractor wrote, validates every
// pending patch (memory patches dry-run too, unlike Gemini) and moves the
// invalid ones to quarantine with their reason, then counts what is new.
func postprocess(ctx context.Context, cfg Config, red redactor, t Target, before files, log zerolog.Logger) postResult {
	mem := t.Project.MemoryDir
	after := snapshot(mem)
	changed := func(rel string) bool { h, ok := before[rel]; return !ok || h != after[rel] }
	for rel := range after {
		if changed(rel) {
			red.file(ctx, mem, rel, log)
			sanitize(mem, rel, log)
		}
	}
	after = snapshot(mem) // redaction may have removed or rewritten files
	roots := patch.Roots{
		MemoryDir:    mem,
		GlobalMemory: gemini.GlobalMemory(cfg.GeminiDir),
		SkillRoots:   gemini.SkillRoots(cfg.GeminiDir, t.Project.Root),
	}
	var res postResult
	newSkills := map[string]bool{}
	rels := make([]string, 0, len(after))
	for rel := range after {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		kind, ok := patchKind(rel)
		if !ok {
			if dir, isDraft := draftDir(rel); isDraft && changed(rel) {
				newSkills[dir] = true
			}
			continue
		}
		path := filepath.Join(mem, filepath.FromSlash(rel))
		if _, err := patch.Validate(path, roots, kind); err != nil {
			if patch.ReasonOf(err) == "" {
				log.Warn().Err(err).Str("patch", rel).Msg("could not validate candidate")
				continue
			}
			dest, qerr := patch.Quarantine(mem, path, string(kind), err.Error(), cfg.Now)
			if qerr != nil {
				log.Error().Err(qerr).Str("patch", rel).Msg("quarantine failed")
				continue
			}
			res.Candidates.Rejected++
			log.Warn().Str("patch", rel).Str("reason", string(patch.ReasonOf(err))).Str("moved", dest).Msg("candidate rejected")
			continue
		}
		if !changed(rel) {
			continue
		}
		if kind == patch.Skill {
			res.Candidates.SkillUpdates++
		} else {
			res.Candidates.Memory++
			res.MemoryFiles = append(res.MemoryFiles, rel)
		}
	}
	for dir := range newSkills {
		if _, existed := beforeDir(before, dir); existed {
			continue // an edited draft is not a new skill
		}
		if d, err := skills.Load(filepath.Join(mem, "skills", dir)); err != nil || d == nil {
			log.Warn().Err(err).Str("draft", dir).Msg("skill draft does not pass the checks; review will show why")
		}
		res.SkillsCreated = append(res.SkillsCreated, dir)
	}
	sort.Strings(res.SkillsCreated)
	res.Candidates.Skills = len(res.SkillsCreated)
	return res
}

// patchKind says which rules a file in the memory dir is validated by.
func patchKind(rel string) (patch.Kind, bool) {
	if !strings.HasSuffix(rel, ".patch") {
		return "", false
	}
	switch {
	case strings.HasPrefix(rel, ".inbox/private/"):
		return patch.Private, true
	case strings.HasPrefix(rel, ".inbox/global/"):
		return patch.Global, true
	case strings.HasPrefix(rel, "skills/") && strings.Count(rel, "/") == 1:
		return patch.Skill, true
	}
	return "", false
}

func draftDir(rel string) (string, bool) {
	parts := strings.Split(rel, "/")
	if len(parts) >= 3 && parts[0] == "skills" {
		return parts[1], true
	}
	return "", false
}

func beforeDir(before files, dir string) (string, bool) {
	prefix := "skills/" + dir + "/"
	for rel := range before {
		if strings.HasPrefix(rel, prefix) {
			return rel, true
		}
	}
	return "", false
}
