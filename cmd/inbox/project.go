package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/cli"
	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// gitRoot is the workspace root for .gemini/skills: the git root of the
// project (go-git), else the project root itself.
func gitRoot(root string) string {
	if root == "" {
		return ""
	}
	repo, err := git.PlainOpenWithOptions(root, &git.PlainOpenOptions{DetectDotGit: true})
	if err != nil {
		return root
	}
	wt, err := repo.Worktree()
	if err != nil {
		return root
	}
	return wt.Filesystem.Root()
}

// tracked reports whether file is in the git index of the repository at
// ws (go-git), i.e. shared with everyone who clones it.
func tracked(ws, file string) bool {
	if ws == "" || file == "" {
		return false
	}
	repo, err := git.PlainOpenWithOptions(ws, &git.PlainOpenOptions{DetectDotGit: true})
	if err != nil {
		return false
	}
	wt, err := repo.Worktree()
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(wt.Filesystem.Root(), file)
	if err != nil || !filepath.IsLocal(rel) {
		return false
	}
	idx, err := repo.Storer.Index()
	if err != nil {
		return false
	}
	_, err = idx.Entry(filepath.ToSlash(rel))
	return err == nil
}

// colour decides whether diffs are coloured: --color, else a terminal
// without NO_COLOR.
func (g *Globals) colour(env *cli.Env) bool {
	switch g.Color {
	case "always":
		return true
	case "never":
		return false
	}
	return env.StdoutTTY && env.Getenv("NO_COLOR") == ""
}

// loadItems reads the project's items and warns about patch files that
// cannot be parsed (they are hidden, as Gemini CLI hides them).
func loadItems(env *cli.Env, p inbox.Paths) ([]*inbox.Item, error) {
	items, hidden, err := settledItems(env.Log, env.Now(), p)
	if err != nil {
		return nil, err
	}
	for _, h := range hidden {
		env.Log.Warn().Str("patch", h.Path).Str("reason", h.Reason).Msg("invalid patch hidden from review")
	}
	return items, nil
}

// settledItems is the one way every command reads a project's inbox: its
// pending patches settled onto the current files, then scanned. list,
// review and status all go through it, so status counts exactly what list
// shows.
func settledItems(log zerolog.Logger, now time.Time, p inbox.Paths) ([]*inbox.Item, []inbox.Hidden, error) {
	settlePending(log, now, p)
	return inbox.Scan(p)
}

// settlePending re-renders each kind's pending patch against the memory
// files as they are now (intent.Settle), so a person's edits to MEMORY.md
// or to the patch never make a pending line disappear: what cannot stay
// pending is listed as an entry that needs attention.
//
// While an extraction holds the project's lock, the pending patches are its
// to rewrite (it rebases before and merges after its extractor), so they are
// shown as they are: settling then could overwrite the candidates the run is
// writing.
func settlePending(log zerolog.Logger, now time.Time, p inbox.Paths) {
	if held, err := lockfile.Holder(p.Lock(), lockfile.Options{}); err != nil {
		log.Warn().Err(err).Msg("extraction lock unreadable: pending patches shown as they are")
		return
	} else if held != nil {
		log.Info().Str("lock", held.Error()).Msg("extraction running: pending patches shown as they are")
		return
	}
	for _, kind := range memdir.Kinds() {
		res, err := intent.Settle(p.Dir, kind, now)
		if err != nil {
			log.Warn().Err(err).Str("kind", string(kind)).Msg("pending patch not rebased onto the current files")
			continue
		}
		if res.Repaired {
			log.Info().Str("kind", string(kind)).Msg("recounted the @@ lines of the hand-edited pending patch")
		}
		for _, m := range res.Moved {
			log.Warn().Str("kind", string(kind)).Str("moved", m).Msg("pending change needs attention (see inbox list)")
		}
	}
}

// recoverInterrupted finishes an apply that a crash or kill interrupted
// between renames (patch.Recover on the inbox's journal) before anything
// else writes, so no target is left half-applied.
func recoverInterrupted(env *cli.Env, p inbox.Paths) error {
	rep, err := patch.Recover(p.Journal())
	if rep.Completed > 0 || rep.AlreadyDone > 0 {
		env.Log.Warn().Int("completed", rep.Completed).Msg("finished an interrupted apply")
	}
	if err != nil {
		return fmt.Errorf("finish interrupted apply (files %s): %w", strings.Join(rep.Stuck, ", "), err)
	}
	return nil
}
