// Package tombstone remembers what a person turned down in the inbox, so the
// extractor can be told not to propose the same memory line or skill again.
//
// Tombstones live in one file (memdir.Dir.Tombstones), one JSON object a
// line, outside the .inbox tree that Gemini CLI walks and prunes. The file is
// rewritten atomically; a missing file is an empty set and bad lines are
// skipped so that one corrupt line never hides every other decision.
package tombstone

import (
	"fmt"
	"sort"
	"time"

	"github.com/automem/automem/internal/jsonl"
)

// Kinds of tombstone: a dismissed memory line, a discarded skill, or a
// line kept when a change that removed or replaced it was dismissed (so
// memory upkeep does not propose the same change again until its reason
// changes).
const (
	KindMemory = "memory"
	KindSkill  = "skill"
	KindKeep   = "keep"
)

// Tombstone is one dismissed item. Key is filled in by Add when empty so
// callers only need the text they showed the person.
type Tombstone struct {
	Kind   string `json:"kind"`
	Target string `json:"target"`
	Text   string `json:"text"`
	Key    string `json:"key"`
	At     string `json:"at"`
}

// Set is the loaded tombstones, indexed by normalised-text key for the
// extractor's "was this dismissed?" question.
type Set struct {
	items []Tombstone
	keys  map[string]bool
	kept  map[string]string // key of a kept line -> when, RFC3339
}

// Load reads the tombstones of a memory dir. A missing file is an empty set;
// unparsable lines are skipped.
func Load(path string) (*Set, error) {
	s := &Set{keys: map[string]bool{}, kept: map[string]string{}}
	items, err := jsonl.Read[Tombstone](path)
	if err != nil {
		return nil, fmt.Errorf("tombstones: %w", err)
	}
	for _, t := range items {
		if t.Text == "" {
			continue
		}
		if t.Key == "" {
			t.Key = Key(t.Text)
		}
		s.add(t)
	}
	return s, nil
}

func (s *Set) add(t Tombstone) bool {
	id := t.Kind + "\x00" + t.Key
	if s.keys[id] && t.Kind == KindKeep && t.At > s.kept[t.Key] {
		// Kept again, for a newer reason: the newer time counts.
		s.kept[t.Key] = t.At
		for i := range s.items {
			if s.items[i].Kind == KindKeep && s.items[i].Key == t.Key {
				s.items[i].At = t.At
			}
		}
		return true
	}
	if s.keys[id] {
		return false
	}
	s.keys[id] = true
	if t.Kind == KindKeep {
		// A kept line was never dismissed as a candidate: Has stays false.
		if t.At > s.kept[t.Key] {
			s.kept[t.Key] = t.At
		}
	} else {
		s.keys[t.Key] = true
	}
	s.items = append(s.items, t)
	return true
}

// Kept reports whether a person kept text when a change of it was
// dismissed, and when (RFC3339, the latest time).
func (s *Set) Kept(text string) (at string, ok bool) {
	if s == nil {
		return "", false
	}
	at, ok = s.kept[Key(text)]
	return at, ok
}

// Has reports whether text, after normalisation, was dismissed before (as a
// memory line or as a skill name).
func (s *Set) Has(text string) bool {
	if s == nil {
		return false
	}
	return s.keys[Key(text)]
}

// Texts returns the dismissed texts, sorted, for the extractor's prompt.
func (s *Set) Texts() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.items))
	for _, t := range s.items {
		if t.Kind != KindKeep {
			out = append(out, t.Text)
		}
	}
	sort.Strings(out)
	return out
}

// Add records tombstones, skipping ones already present, and rewrites the
// file atomically. Items without At get now; items without Key get Key(Text).
func Add(path string, now time.Time, items ...Tombstone) error {
	s, err := Load(path)
	if err != nil {
		return err
	}
	changed := false
	for _, t := range items {
		if t.Text == "" {
			continue
		}
		if t.Key == "" {
			t.Key = Key(t.Text)
		}
		if t.At == "" {
			t.At = now.UTC().Format(time.RFC3339)
		}
		if s.add(t) {
			changed = true
		}
	}
	if !changed {
		return nil
	}
	if err := jsonl.Write(path, s.items); err != nil {
		return fmt.Errorf("tombstones: %w", err)
	}
	return nil
}
