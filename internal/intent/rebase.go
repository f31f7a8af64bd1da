package intent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// Result says what a Rebase or Add did to a kind's pending patch.
type Result struct {
	// Pending counts the intents rendered into extraction.patch.
	Pending int
	// Rewritten is set when extraction.patch was written or removed.
	Rewritten bool
	// Repaired is set when a hand-edited patch had wrong @@ counts that
	// were recounted from its body.
	Repaired bool
	// Retired are intents whose lines were already in their file.
	Retired int
	// Attention are the intents that cannot be rendered now, with the
	// reason in their Attention field.
	Attention []Intent
	// Broken is why the patch on disk was left alone (it does not parse
	// even after recounting, or names a file its kind may not touch); ""
	// when it was read.
	Broken string
	// Unparsed is set when Broken is a syntax error (not a target its kind
	// may not touch, which stays hidden as Gemini CLI hides it).
	Unparsed bool
}

// Options change one update.
type Options struct {
	// Keep makes the stored intents survive a changed patch file: an
	// extractor that rewrites extraction.patch adds to it, it never drops
	// a candidate. Without it a changed file is what the person wants.
	Keep bool
	// Origin labels intents first seen in a changed patch file.
	Origin string
	// Release hands the intents that need attention to the caller (in
	// Result.Attention) instead of keeping them for the next rebase.
	Release bool
}

// Rebase brings a kind's pending patch up to date with the current files
// (see the package doc). It writes only when the patch no longer applies,
// was repaired, or lost or gained intents.
func Rebase(d memdir.Dir, kind patch.Kind, now time.Time, opt Options) (Result, error) {
	return update(d, kind, now, opt, nil)
}

// Add makes the changes of section f pending in kind's extraction.patch,
// with origin (OriginUpkeep, ...), and re-renders it. The caller holds the
// extraction lock.
func Add(d memdir.Dir, kind patch.Kind, f *patch.File, origin string, now time.Time) (Result, error) {
	return update(d, kind, now, Options{Origin: origin}, derive(f, origin, stamp(now)))
}

// maxRaces bounds how often update starts over because the pending patch
// or the store changed between its read and its write.
const maxRaces = 8

// update brings the kind's pending patch and store up to date; when a
// writer outside automem's guard (a person's editor, Gemini CLI's inbox)
// changed either file while it worked, it starts over from what is there
// now, so that writer's change is never overwritten.
func update(d memdir.Dir, kind patch.Kind, now time.Time, opt Options, extra []Intent) (Result, error) {
	for try := 1; ; try++ {
		// The first try reads without the guard (most updates write
		// nothing); after a race the guard is held from the read on, so
		// another automem writer cannot win again.
		var release func()
		if try > 1 {
			var err error
			if release, err = Guard(d, kind); err != nil {
				return Result{}, err
			}
		}
		res, err := updateOnce(d, kind, now, opt, extra, release != nil)
		if release != nil {
			release()
		}
		if errors.Is(err, errRaced) && try < maxRaces {
			continue
		}
		return res, err
	}
}

// updateOnce is one try of update; held says the caller holds the guard.
func updateOnce(d memdir.Dir, kind patch.Kind, now time.Time, opt Options, extra []Intent, held bool) (Result, error) {
	var res Result
	path, spath := d.ExtractionPatch(kind), d.Intents(kind)
	st, had, sraw, err := loadStore(spath)
	if err != nil {
		return res, err
	}
	raw, err := os.ReadFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return res, fmt.Errorf("read pending patch %s: %w", path, err)
	}
	snap := snapshot{path: path, spath: spath, patch: raw, hasPatch: exists, store: sraw, hasStore: sraw != nil, held: held}
	h := hash(raw, exists)
	intents := st.Intents
	mustRender := len(extra) > 0
	if !had || h != st.Rendered {
		origin := opt.Origin
		if origin == "" {
			origin = OriginHandEdit
			if !had {
				origin = OriginExtract
			}
		}
		var fromFile []Intent
		if exists {
			p, repaired, perr := ParseRepair(raw)
			res.Unparsed = perr != nil
			if perr == nil {
				perr = patch.Check(p, d.Targets, kind)
			}
			if perr != nil {
				res.Broken = perr.Error()
				res.Attention = attention(st.Intents)
				return res, nil
			}
			res.Repaired = repaired
			mustRender = mustRender || repaired
			for _, f := range p.Files {
				fromFile = append(fromFile, derive(f, origin, stamp(now))...)
			}
			fromFile = carry(fromFile, st.Intents)
			if !mustRender && !opt.Keep && len(attention(st.Intents)) == 0 {
				if _, err := patch.DryRun(p, d.Targets, kind); err == nil {
					// A valid patch is kept byte for byte: it is its own
					// rendering.
					st.Intents, st.Rendered = fromFile, h
					res.Pending = len(fromFile)
					return res, snap.commit(d, kind, false, nil, st)
				}
			}
		}
		if opt.Keep {
			intents = merge(uncovered(st.Intents, fromFile), fromFile)
		} else {
			intents = merge(attention(st.Intents), fromFile)
		}
		mustRender = true
	}
	if len(extra) > 0 {
		// A pending intent whose lines the added ones carry (a person's
		// fixed version of it, made pending again) is superseded.
		intents = merge(uncovered(intents, extra), extra)
	}
	if !mustRender {
		if len(attention(intents)) == 0 && applies(d, kind, raw, exists) {
			res.Pending = len(intents)
			return res, nil
		}
	}
	if !had && !exists && len(intents) == 0 {
		return res, nil
	}
	p, kept, err := render(intents)
	if err != nil {
		return res, err
	}
	res.Retired = len(intents) - len(kept)
	res.Attention = attention(kept)
	res.Pending = len(kept) - len(res.Attention)
	var data []byte
	if p != nil {
		data = p.Bytes()
		if err := patch.Check(p, d.Targets, kind); err != nil {
			return res, fmt.Errorf("rendered pending patch refused: %w", err)
		}
	}
	rewrite := string(data) != string(raw) || exists != (p != nil)
	if opt.Release {
		kept = pendingOnly(kept)
	}
	st.Intents, st.Rendered = kept, hash(data, p != nil)
	if err := snap.commit(d, kind, rewrite, data, st); err != nil {
		return res, err
	}
	res.Rewritten = rewrite
	return res, nil
}

// applies reports whether the patch on disk still applies to the files.
func applies(d memdir.Dir, kind patch.Kind, raw []byte, exists bool) bool {
	if !exists {
		return true
	}
	p, err := patch.Parse(raw)
	if err != nil {
		return false
	}
	_, err = patch.DryRun(p, d.Targets, kind)
	return err == nil
}

// attention returns the intents that need attention.
func attention(its []Intent) []Intent {
	var out []Intent
	for _, it := range its {
		if it.Attention != "" {
			out = append(out, it)
		}
	}
	return out
}

// pendingOnly returns the intents that do not need attention.
func pendingOnly(its []Intent) []Intent {
	var out []Intent
	for _, it := range its {
		if it.Attention == "" {
			out = append(out, it)
		}
	}
	return out
}

// carry keeps the origin and creation time of intents already known.
func carry(fresh, known []Intent) []Intent {
	for i := range fresh {
		for _, k := range known {
			if fresh[i].same(k) {
				fresh[i].Origin, fresh[i].Created = k.Origin, k.Created
				if fresh[i].Heading == "" {
					fresh[i].Heading = k.Heading
				}
				break
			}
		}
	}
	return fresh
}

// merge appends the intents of b not already in a.
func merge(a, b []Intent) []Intent {
	out := append([]Intent(nil), a...)
next:
	for _, x := range b {
		for _, y := range out {
			if x.same(y) {
				continue next
			}
		}
		out = append(out, x)
	}
	return out
}

// uncovered drops the known intents whose lines the fresh ones already
// carry: an extractor that merges new lines into a pending hunk renders
// old and new as one group of changes.
func uncovered(known, fresh []Intent) []Intent {
	adds, removes := map[string]map[string]bool{}, map[string]map[string]bool{}
	for _, f := range fresh {
		if adds[f.Path] == nil {
			adds[f.Path], removes[f.Path] = map[string]bool{}, map[string]bool{}
		}
		for _, l := range f.Add {
			adds[f.Path][l] = true
		}
		for _, l := range f.Remove {
			removes[f.Path][l] = true
		}
	}
	var out []Intent
	for _, k := range known {
		if !all(adds[k.Path], k.Add) || !all(removes[k.Path], k.Remove) {
			out = append(out, k)
		}
	}
	return out
}

func all(set map[string]bool, lines []string) bool {
	for _, l := range lines {
		if strings.TrimSpace(l) != "" && !set[l] {
			return false
		}
	}
	return true
}
