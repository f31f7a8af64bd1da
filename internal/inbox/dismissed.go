package inbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/automem/automem/internal/evidence"
	"github.com/automem/automem/internal/history"
	"github.com/automem/automem/internal/intent"
	"github.com/automem/automem/internal/jsonl"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/tombstone"
)

// Dismissal is one dismissed memory line or discarded skill, numbered (from
// 1, in the order they were dismissed) for `inbox restore N`.
type Dismissal struct {
	N        int             `json:"n"`
	Kind     string          `json:"kind"`
	Target   string          `json:"target"`
	Text     string          `json:"text"`
	At       string          `json:"at"`
	Evidence []evidence.Item `json:"evidence"`
}

// Dismissed lists what the person turned down, with the evidence recorded
// for each line.
func Dismissed(p Paths) ([]Dismissal, error) {
	tombs, err := tombstones(p)
	if err != nil {
		return nil, err
	}
	ev, err := evidence.Load(p.Evidence())
	if err != nil {
		ev = nil // evidence is a help, never a reason to hide a dismissal
	}
	out := make([]Dismissal, 0, len(tombs))
	for i, t := range tombs {
		d := Dismissal{N: i + 1, Kind: t.Kind, Target: t.Target, Text: t.Text, At: t.At, Evidence: ev.For(t.Text)}
		if d.Evidence == nil {
			d.Evidence = []evidence.Item{}
		}
		out = append(out, d)
	}
	return out, nil
}

func tombstones(p Paths) ([]tombstone.Tombstone, error) {
	all, err := jsonl.Read[tombstone.Tombstone](p.Tombstones())
	if err != nil {
		return nil, fmt.Errorf("read dismissed lines: %w", err)
	}
	out := all[:0]
	for _, t := range all {
		if t.Text != "" {
			out = append(out, t)
		}
	}
	return out, nil
}

// Restore takes dismissal n back: its tombstone goes, and a memory line is
// pending again (at the end of its file, in the kind's extraction.patch).
// It is recorded in history, so undo dismisses it again.
func Restore(p Paths, n int, now time.Time) (Dismissal, error) {
	if err := checkHistory(p); err != nil {
		return Dismissal{}, err
	}
	tombs, err := tombstones(p)
	if err != nil {
		return Dismissal{}, err
	}
	if n < 1 || n > len(tombs) {
		return Dismissal{}, fmt.Errorf("no dismissal %d (see inbox dismissed: %d in all)", n, len(tombs))
	}
	t := tombs[n-1]
	d := Dismissal{N: n, Kind: t.Kind, Target: t.Target, Text: t.Text, At: t.At}
	rest := append(append([]tombstone.Tombstone(nil), tombs[:n-1]...), tombs[n:]...)
	var fcs []history.FileChange
	tf, err := recordWrite(p.Tombstones(), func() error { return jsonl.Write(p.Tombstones(), rest) })
	if err != nil {
		return d, fmt.Errorf("remove tombstone: %w", err)
	}
	fcs = append(fcs, tf)
	if t.Kind == tombstone.KindMemory {
		kind := p.KindOf(t.Target) // the global or project file's kind, else private (Codex: project)
		pf, err := recordWrite(p.ExtractionPatch(kind), func() error { return pendAgain(p, kind, t.Target, t.Text, now) })
		if err != nil {
			return d, fmt.Errorf("make %q pending again: %w", t.Text, err)
		}
		fcs = append(fcs, pf)
	}
	if _, err := history.Open(p.History()).Record(now, history.Change{
		Kind: history.KindRestore, Summary: fmt.Sprintf("restored %q", t.Text), Files: fcs,
	}); err != nil {
		return d, fmt.Errorf("record history: %w", err)
	}
	return d, nil
}

// pendAgain adds text at the end of target as a pending intent, unless
// the file has it already.
func pendAgain(p Paths, kind patch.Kind, target, text string, now time.Time) error {
	cur, err := os.ReadFile(target)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, l := range strings.Split(string(cur), "\n") {
		if l == text {
			return nil
		}
	}
	want := string(cur)
	if want != "" && !strings.HasSuffix(want, "\n") {
		want += "\n"
	}
	var old []byte
	if err == nil {
		old = append([]byte{}, cur...)
	}
	_, err = intent.Add(p.Dir, kind, patch.Diff(target, old, []byte(want+text+"\n")), intent.OriginRestore, now)
	return err
}

// recordWrite runs write and returns path's change for history.
func recordWrite(path string, write func() error) (history.FileChange, error) {
	fc := history.FileChange{Path: path, Mode: 0o600}
	if b, err := os.ReadFile(path); err == nil {
		fc.BeforeExists, fc.Before = true, b
		if fi, err := os.Stat(path); err == nil {
			fc.Mode = fi.Mode().Perm()
		}
	}
	if err := write(); err != nil {
		return fc, err
	}
	if b, err := os.ReadFile(path); err == nil {
		fc.AfterExists, fc.After = true, b
	}
	return fc, nil
}
