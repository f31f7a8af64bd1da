package jobs

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/skills"
)

// files maps the data-dir-relative names of inbox and skill files to a
// hash of their content.
type files map[string][32]byte

// snapshot hashes everything an extractor may write: the inbox and the
// skills inbox.
func snapshot(d memdir.Dir) files {
	out := files{}
	for _, root := range []string{d.InboxRoot(), d.Inbox(patch.Project), d.Skills()} {
		_ = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || !e.Type().IsRegular() {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			rel, _ := filepath.Rel(d.Data, p)
			out[filepath.ToSlash(rel)] = sha256.Sum256(data)
			return nil
		})
	}
	return out
}

// postResult is what validation found after an extraction.
type postResult struct {
	Candidates Candidates
	// MemoryFiles are inbox patches created or changed (".inbox/…").
	MemoryFiles []string
	// SkillsCreated are new skill draft directories.
	SkillsCreated []string
	// Lost is set when candidates the extractor wrote were moved to the
	// rejected ones: the sessions it read are not recorded as read.
	Lost bool
}

// postprocess redacts every file the extractor wrote, validates every
// pending patch (memory patches dry-run too, unlike Gemini) and moves the
// invalid ones to quarantine with their reason, then counts what is new.
func postprocess(ctx context.Context, cfg Config, red redactor, d memdir.Dir, before files, log zerolog.Logger) postResult {
	after := snapshot(d)
	changed := func(rel string) bool { h, ok := before[rel]; return !ok || h != after[rel] }
	for rel := range after {
		if changed(rel) {
			red.file(ctx, d.Data, rel, log)
			sanitize(filepath.Join(d.Data, filepath.FromSlash(rel)), rel, log)
		}
	}
	for _, kind := range memdir.Kinds() {
		if rel, ok := dataRel(d, d.ExtractionPatch(kind)); ok && changed(rel) && keepPending(cfg, d, kind, log) {
			// The pending candidates merged back were never seen by this
			// run's redaction; the store then follows the redacted file.
			red.file(ctx, d.Data, rel, log)
			sanitize(filepath.Join(d.Data, filepath.FromSlash(rel)), rel, log)
			syncPending(cfg, d, kind, log)
		}
	}
	after = snapshot(d) // redaction and rebasing may have removed or rewritten files
	var res postResult
	newSkills := map[string]bool{}
	rels := make([]string, 0, len(after))
	for rel := range after {
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	for _, rel := range rels {
		path := filepath.Join(d.Data, filepath.FromSlash(rel))
		kind, ok := d.PatchKind(path)
		if !ok {
			if name, isDraft := d.Draft(path); isDraft && changed(rel) {
				newSkills[name] = true
			}
			continue
		}
		if _, err := patch.Validate(path, d.Targets, kind); err != nil {
			if patch.ReasonOf(err) == "" {
				log.Warn().Err(err).Str("patch", rel).Msg("could not validate candidate")
				continue
			}
			dest, qerr := patch.Quarantine(d.Data, d.Rejected(), path, string(kind), err.Error(), cfg.Now)
			if qerr != nil {
				log.Error().Err(qerr).Str("patch", rel).Msg("quarantine failed")
				continue
			}
			res.Candidates.Rejected++
			res.Lost = res.Lost || changed(rel)
			if kind != patch.Skill && path == d.ExtractionPatch(kind) {
				keepPending(cfg, d, kind, log) // the candidates pending before the run stay
			}
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
	for name := range newSkills {
		if hadDraft(d, before, name) {
			continue // an edited draft is not a new skill
		}
		if sk, err := skills.Load(filepath.Join(d.Skills(), name)); err != nil || sk == nil {
			log.Warn().Err(err).Str("draft", name).Msg("skill draft does not pass the checks; review will show why")
		}
		res.SkillsCreated = append(res.SkillsCreated, name)
	}
	sort.Strings(res.SkillsCreated)
	res.Candidates.Skills = len(res.SkillsCreated)
	return res
}

// hadDraft reports whether the snapshot before holds a file of the draft
// name.
func hadDraft(d memdir.Dir, before files, name string) bool {
	for rel := range before {
		if n, ok := d.Draft(filepath.Join(d.Data, filepath.FromSlash(rel))); ok && n == name {
			return true
		}
	}
	return false
}

// sanitize removes remote images and hidden characters from one candidate
// (patch.Sanitize) and says so in the log.
func sanitize(path, rel string, log zerolog.Logger) {
	changed, err := patch.Sanitize(path)
	switch {
	case err != nil:
		log.Error().Err(err).Str("file", rel).Msg("could not remove remote images or hidden characters")
	case changed:
		log.Warn().Str("file", rel).Msg("removed remote images or hidden characters from a candidate")
	}
}

// dataRel is path relative to the data dir, as snapshot keys name it.
func dataRel(d memdir.Dir, path string) (string, bool) {
	rel, err := filepath.Rel(d.Data, path)
	if err != nil || !filepath.IsLocal(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}
