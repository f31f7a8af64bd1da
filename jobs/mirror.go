package jobs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/rs/zerolog"

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

// mirrorInto copies from's pending memory lines into to's inbox under
// to's extraction lock.
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
	byKind := map[patch.Kind][]string{}
	for _, kind := range memdir.Kinds() {
		for _, l := range pendingLines(from, kind) {
			dest := patch.Global
			if kind != patch.Global {
				// The target's own rule: a personal line stays private, a
				// team line goes to its shared file when it has one.
				dest = to.Route(l, false)
			}
			byKind[dest] = append(byKind[dest], l)
		}
	}
	for _, dest := range memdir.Kinds() {
		file, lines := to.File(dest), byKind[dest]
		if file == "" || len(lines) == 0 {
			continue
		}
		cur, err := os.ReadFile(file)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("read %s: %w", file, err)
		}
		have := map[string]bool{}
		for _, l := range append(strings.Split(string(cur), "\n"), pendingLines(to, dest)...) {
			have[textkey.Key(l)] = true
		}
		var add []string
		for _, l := range lines {
			if k := textkey.Key(l); !have[k] && !tombs.Has(l) {
				have[k] = true
				add = append(add, l)
			}
		}
		if len(add) == 0 {
			continue
		}
		want := string(cur)
		switch {
		case want == "" && dest == patch.Private:
			want = "# Project Memory\n\n"
		case want != "" && !strings.HasSuffix(want, "\n"):
			want += "\n"
		}
		want += strings.Join(add, "\n") + "\n"
		var old []byte
		if err == nil {
			old = cur
		}
		if _, err := intent.Add(to, dest, patch.Diff(file, old, []byte(want)), intent.OriginExtract, cfg.Now); err != nil {
			return fmt.Errorf("make %s lines pending in %s: %w", dest, to.Agent, err)
		}
		log.Info().Str("target", to.Agent).Str("kind", string(dest)).Int("lines", len(add)).Msg("candidates copied to this target too")
	}
	return nil
}

// pendingLines are the memory lines that d's pending patch of kind adds to
// its main file of that kind (the index, the global or the project file):
// not headings, not pointers to d's own topic files.
func pendingLines(d memdir.Dir, kind patch.Kind) []string {
	file := d.File(kind)
	data, err := os.ReadFile(d.ExtractionPatch(kind))
	if file == "" || err != nil {
		return nil
	}
	pt, err := patch.Parse(data)
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range pt.Files {
		if f.Path != file {
			continue
		}
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				t := strings.TrimSpace(l.Text)
				if l.Op != patch.Add || t == "" || strings.HasPrefix(t, "#") ||
					d.Targets.MemoryDir != "" && strings.Contains(t, d.Targets.MemoryDir) {
					continue
				}
				out = append(out, l.Text)
			}
		}
	}
	return out
}
