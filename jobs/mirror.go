package jobs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/lockfile"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/textkey"
	"github.com/automem/automem/internal/tombstone"
)

// mirror makes the memory lines pending in the project's memory pending in
// every other target's memory too (--targets with several agents), so one
// fact waits for one decision in each file that agent loads; inbox then
// applies or dismisses it everywhere at once. It copies every pending line
// each run, skipping what a target has, has pending or dismissed, so a
// target whose lock was held catches up on the next run.
func (p *project) mirror(ctx context.Context) {
	for _, to := range p.t.Mirrors {
		if err := mirrorInto(ctx, p.cfg, p.dir, to, p.log); err != nil {
			p.log.Warn().Err(err).Str("target", to.Agent).Msg("candidates not copied to this target; the next run tries again")
		}
	}
}

// added is one line a pending patch adds, and the file it adds it to.
type added struct{ text, path string }

// copied is the lines one file of the target gets, with the kind of patch
// that may change it.
type copied struct {
	kind  patch.Kind
	file  string
	lines []added // text as the target gets it; path where the source had it
}

// mirrorInto copies from's pending memory lines into to's inbox under
// to's extraction lock: lines of from's index, global or project file go to
// the file of the kind to's own rule (memdir.Dir.Route) picks; lines of
// from's topic files go to the topic file of the same name in to's private
// memory, with a pointer line in its index, or into its main file when to
// has no private memory (Codex). The evidence of each copied line comes
// along, naming to's file.
func mirrorInto(ctx context.Context, cfg Config, from, to memdir.Dir, log zerolog.Logger) error {
	if err := os.MkdirAll(to.Skills(), 0o700); err != nil {
		return fmt.Errorf("prepare %s memory: %w", to.Agent, err)
	}
	lk, err := lockfile.Acquire(ctx, to.Lock(), lockfile.Options{Now: cfg.clock(), Stale: cfg.LockStale, Log: log})
	if err != nil {
		return fmt.Errorf("lock %s memory: %w", to.Agent, err)
	}
	defer func() { _ = lk.Release() }()
	tombs, err := tombstone.Load(to.Tombstones())
	if err != nil {
		return err
	}
	groups, err := mirrorPlan(from, to, tombs)
	if err != nil {
		return err
	}
	var items []evidence.Item
	ev, evErr := evidence.Load(from.Evidence())
	if evErr != nil {
		log.Warn().Err(evErr).Msg("evidence not copied to this target")
	}
	for _, g := range groups {
		cur, err := os.ReadFile(g.file)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("read %s: %w", g.file, err)
		}
		want := string(cur)
		switch {
		case want == "" && g.file == to.File(patch.Private):
			want = "# Project Memory\n\n"
		case want == "" && g.kind == patch.Private:
			want = "# " + topicName(g.file) + "\n\n"
		case want != "" && !strings.HasSuffix(want, "\n"):
			want += "\n"
		}
		for _, l := range g.lines {
			want += l.text + "\n"
		}
		var old []byte
		if err == nil {
			old = cur
		}
		if _, err := intent.Add(to, g.kind, patch.Diff(g.file, old, []byte(want)), intent.OriginExtract, cfg.Now); err != nil {
			return fmt.Errorf("make %s lines pending in %s: %w", g.kind, to.Agent, err)
		}
		for _, l := range g.lines {
			for _, it := range ev.For(l.text) {
				if it.Target == l.path {
					it.Target = g.file
					items = append(items, it)
				}
			}
		}
		log.Info().Str("target", to.Agent).Str("kind", string(g.kind)).Int("lines", len(g.lines)).Msg("candidates copied to this target too")
	}
	if err := evidence.Append(to.Evidence(), items...); err != nil {
		return fmt.Errorf("copy evidence to %s: %w", to.Agent, err)
	}
	return nil
}

// mirrorPlan groups from's pending lines by the file of to they go to,
// leaving out what to has, has pending or dismissed; a new topic file's
// group comes with its pointer line in to's index group.
func mirrorPlan(from, to memdir.Dir, tombs *tombstone.Set) ([]*copied, error) {
	var groups []*copied
	group := func(kind patch.Kind, file string) *copied {
		for _, g := range groups {
			if g.file == file {
				return g
			}
		}
		g := &copied{kind: kind, file: file}
		groups = append(groups, g)
		return g
	}
	have := map[string]bool{}
	seen := map[string]bool{}
	known := func(file string) error {
		if seen[file] {
			return nil
		}
		seen[file] = true
		cur, err := os.ReadFile(file)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("read %s: %w", file, err)
		}
		for _, l := range strings.Split(string(cur), "\n") {
			have[textkey.Key(l)] = true
		}
		return nil
	}
	for _, kind := range memdir.Kinds() {
		for _, a := range pendingAdds(to, kind) {
			have[textkey.Key(a.text)] = true
		}
	}
	for _, kind := range memdir.Kinds() {
		for _, a := range pendingAdds(from, kind) {
			dest := patch.Global
			if kind != patch.Global {
				// The target's own rule: a personal line stays private, a
				// team line goes to its shared file when it has one.
				dest = to.Route(a.text, false)
			}
			file := to.File(dest)
			if topic := a.path != from.File(kind); topic && dest == patch.Private {
				file = filepath.Join(to.Targets.MemoryDir, filepath.Base(a.path))
			}
			if file == "" {
				continue
			}
			for _, f := range []string{file, to.File(dest)} {
				if err := known(f); err != nil {
					return nil, err
				}
			}
			k := textkey.Key(a.text)
			if have[k] || tombs.Has(a.text) {
				continue
			}
			have[k] = true
			g := group(dest, file)
			g.lines = append(g.lines, added{a.text, a.path})
		}
	}
	index := to.File(patch.Private)
	for _, g := range slices.Clone(groups) {
		if g.kind != patch.Private || g.file == index {
			continue
		}
		if err := known(index); err != nil {
			return nil, err
		}
		ptr := "- See " + g.file + " for " + topicName(g.file) + " notes."
		if !have[textkey.Key(ptr)] && !mentioned(index, g.file, to) {
			have[textkey.Key(ptr)] = true
			ig := group(patch.Private, index)
			ig.lines = append(ig.lines, added{ptr, ""})
		}
	}
	// The index first: a pointer never waits without its file, nor the
	// other way round, longer than one write.
	slices.SortStableFunc(groups, func(a, b *copied) int {
		return boolInt(b.file == index) - boolInt(a.file == index)
	})
	return groups, nil
}

// mentioned reports whether the index (or its pending lines) already names
// the topic file.
func mentioned(index, topic string, to memdir.Dir) bool {
	if b, err := os.ReadFile(index); err == nil && strings.Contains(string(b), topic) {
		return true
	}
	for _, a := range pendingAdds(to, patch.Private) {
		if strings.Contains(a.text, topic) {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// topicName is a topic file's subject: its name without .md.
func topicName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}

// pendingAdds are the memory lines that d's pending patch of kind adds, with
// the file each goes to: the main file of the kind and, for private memory,
// topic files beside the index. Not headings, not pointers to d's own topic
// files (the target gets its own).
func pendingAdds(d memdir.Dir, kind patch.Kind) []added {
	main := d.File(kind)
	data, err := os.ReadFile(d.ExtractionPatch(kind))
	if main == "" || err != nil {
		return nil
	}
	pt, err := patch.Parse(data)
	if err != nil {
		return nil
	}
	var out []added
	for _, f := range pt.Files {
		topic := kind == patch.Private && d.Targets.MemoryDir != "" && f.Path != main &&
			filepath.Dir(f.Path) == d.Targets.MemoryDir && f.Path != d.Archive()
		if f.Path != main && !topic {
			continue
		}
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				t := strings.TrimSpace(l.Text)
				if l.Op != patch.Add || t == "" || strings.HasPrefix(t, "#") ||
					d.Targets.MemoryDir != "" && strings.Contains(t, d.Targets.MemoryDir) {
					continue
				}
				out = append(out, added{l.Text, f.Path})
			}
		}
	}
	return out
}
