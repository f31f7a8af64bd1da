// Package evidence keeps, beside the inbox, why each candidate memory line or
// skill draft was proposed: which session and message said it, and a short
// redacted quote. The inbox's review shows it on the `v` key so a person can
// judge a candidate without opening transcripts. The file lives under
// automem's own data dir (memdir.Dir.Evidence), where Gemini CLI never looks.
package evidence

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/automem/automem/internal/jsonl"
	"github.com/automem/automem/internal/textkey"
)

// MaxItems bounds the file so that it does not grow forever; the newest items
// are kept.
const MaxItems = 5000

// MaxQuote is the longest quote kept, in runes; longer quotes are cut with an
// ellipsis.
const MaxQuote = 200

// Actions a memory hunk can take, as recorded in Item.Action by memory
// upkeep and named per hunk by `inbox list --json` (DESIGN §12); an
// extraction candidate's lines carry none and add.
const (
	ActionAdd     = "add"
	ActionMerge   = "merge"
	ActionReplace = "replace"
	ActionArchive = "archive"
	ActionMove    = "move"
)

// Item is one piece of evidence for one candidate line.
type Item struct {
	Key       string `json:"key"`    // textkey.Key(Text)
	Text      string `json:"text"`   // the candidate line, without a leading '+'
	Target    string `json:"target"` // absolute memory file, or skills/<dir>
	SessionID string `json:"sessionId"`
	MessageID string `json:"messageId"`
	Path      string `json:"path"`  // transcript path
	Quote     string `json:"quote"` // at most MaxQuote runes, already redacted
	At        string `json:"at"`    // RFC3339
	// Action and Why are set for an upkeep change (internal/upkeep): what
	// it does to the line (merge, replace, archive, move) and the reason
	// shown on review's v, such as "duplicate of line 12 (same words: …)".
	Action string `json:"action,omitempty"`
	Why    string `json:"why,omitempty"`
}

// Store is the loaded evidence, indexed by normalised candidate text.
type Store struct {
	items []Item
	byKey map[string][]int
}

// Load reads the evidence file at path. A missing file is an empty store;
// unparsable lines are skipped so one bad line never hides the rest.
func Load(path string) (*Store, error) {
	s := &Store{byKey: map[string][]int{}}
	items, err := jsonl.Read[Item](path)
	if err != nil {
		return nil, fmt.Errorf("evidence: %w", err)
	}
	for _, it := range items {
		if it.Text == "" {
			continue
		}
		if it.Key == "" {
			it.Key = textkey.Key(it.Text)
		}
		s.add(it)
	}
	return s, nil
}

func (s *Store) add(it Item) {
	s.byKey[it.Key] = append(s.byKey[it.Key], len(s.items))
	s.items = append(s.items, it)
}

// For returns the evidence recorded for a candidate line, matched by its
// normalised text, oldest first.
func (s *Store) For(text string) []Item {
	if s == nil {
		return nil
	}
	idx := s.byKey[textkey.Key(text)]
	out := make([]Item, 0, len(idx))
	for _, i := range idx {
		out = append(out, s.items[i])
	}
	return out
}

// identity is what makes two items the same piece of evidence.
func identity(it Item) string {
	return it.Key + "\x00" + it.Target + "\x00" + it.SessionID + "\x00" + it.MessageID
}

// Append adds items to the evidence file at path and rewrites it
// atomically. Items already present (same line, target, session and message)
// replace the old copy; keys and over-long quotes are fixed up; only the
// newest MaxItems items (by At, then order of arrival) are kept.
func Append(path string, items ...Item) error {
	if len(items) == 0 {
		return nil
	}
	s, err := Load(path)
	if err != nil {
		return err
	}
	all := make([]Item, 0, len(s.items)+len(items))
	all = append(all, s.items...)
	for _, it := range items {
		if it.Text == "" {
			continue
		}
		it.Key = textkey.Key(it.Text)
		it.Quote = Cut(it.Quote, MaxQuote)
		all = append(all, it)
	}
	// Last copy of an identity wins, in its own position.
	seen := map[string]bool{}
	kept := make([]Item, 0, len(all))
	for i := len(all) - 1; i >= 0; i-- {
		id := identity(all[i])
		if seen[id] {
			continue
		}
		seen[id] = true
		kept = append(kept, all[i])
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	if len(kept) > MaxItems {
		sort.SliceStable(kept, func(i, j int) bool { return kept[i].At < kept[j].At })
		kept = kept[len(kept)-MaxItems:]
	}
	if err := jsonl.Write(path, kept); err != nil {
		return fmt.Errorf("evidence: %w", err)
	}
	return nil
}

// Cut shortens s to at most n runes, ending with "…" when it was cut, and
// folds it onto one line so a quote never breaks the review screen.
func Cut(s string, n int) string {
	s = oneLine(s)
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	return string(r[:n-1]) + "…"
}

func oneLine(s string) string {
	var b bytes.Buffer
	space := false
	for _, r := range s {
		if r == '\n' || r == '\r' || r == '\t' || r == ' ' {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}
