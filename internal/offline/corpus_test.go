package offline

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/transcript"
)

// corpusSessions reads the labelled corpus from disk with the real
// transcript readers and groups its sessions by project name.
func corpusSessions(t *testing.T, truth map[string]truthProject) map[string][]Session {
	t.Helper()
	byRoot := map[string]string{}
	for name, p := range truth {
		byRoot[p.Root] = name
	}
	out := map[string][]Session{}
	err := filepath.WalkDir(corpusDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		rel, _ := filepath.Rel(corpusDir, p)
		parts := strings.Split(rel, string(filepath.Separator))
		var src transcript.Source
		switch parts[0] {
		case "gemini":
			src = transcript.Gemini
		case "claude":
			src = transcript.Claude
		case "codex":
			src = transcript.Codex
		default:
			return nil
		}
		abs, _ := filepath.Abs(p)
		s, err := new(transcript.Reader).ReadSession(abs, src)
		if err != nil {
			t.Fatalf("read %s: %v", rel, err)
		}
		project := byRoot[s.ProjectRoot]
		if src == transcript.Gemini {
			project = parts[2]
		}
		if project == "" {
			t.Fatalf("%s: no project for root %q", rel, s.ProjectRoot)
		}
		out[project] = append(out[project], Session{Session: s, New: true})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, ss := range out {
		sort.Slice(ss, func(i, j int) bool { return ss[i].Start.Before(ss[j].Start) })
	}
	return out
}

func loadTruth(t *testing.T) map[string]truthProject {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(corpusDir, "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var truth map[string]truthProject
	if err := json.Unmarshal(data, &truth); err != nil {
		t.Fatal(err)
	}
	return truth
}

// produced is one thing the extractor proposed, as scored.
type produced struct {
	kind string // memory, global, verification, skill
	text string // the line, or the whole SKILL.md
}

// producedBy lists what a run proposed, as scored: each memory line by
// where it goes, each skill as its whole SKILL.md.
func producedBy(t *testing.T, w *world, res Result) []produced {
	t.Helper()
	var outs []produced
	for _, c := range res.Candidates {
		switch {
		case c.Kind == KindSkill:
			outs = append(outs, produced{"skill", readString(t, filepath.Join(w.memDir, c.Target, "SKILL.md"))})
		case c.Target == w.global:
			outs = append(outs, produced{"global", c.Text})
		case c.Kind == KindVerification:
			outs = append(outs, produced{"verification", c.Text})
		default:
			outs = append(outs, produced{"memory", c.Text})
		}
	}
	return outs
}

func matches(item truthItem, text string) bool {
	l := strings.ToLower(text)
	for _, m := range item.Match {
		if !strings.Contains(l, strings.ToLower(m)) {
			return false
		}
	}
	return true
}

// compatible says whether a produced item can be the truth item: global
// facts must land in the global file, skills must be skills.
func compatible(truthKind, kind string) bool {
	switch truthKind {
	case "global":
		return kind == "global"
	case "skill":
		return kind == "skill"
	default:
		return kind == "memory" || kind == "verification"
	}
}

// TestCorpusPrecisionRecall runs the offline extractor over the labelled
// corpus, one project at a time, and scores what it proposes against
// testdata/offline/truth.json.
func TestCorpusPrecisionRecall(t *testing.T) {
	t.Parallel()
	truth := loadTruth(t)
	sessions := corpusSessions(t, truth)
	total := 0
	for _, ss := range sessions {
		total += len(ss)
	}
	if total < 30 || len(sessions) < 3 {
		t.Fatalf("corpus has %d sessions in %d projects; want ≥30 in ≥3", total, len(sessions))
	}
	names := make([]string, 0, len(truth))
	for n := range truth {
		names = append(names, n)
	}
	sort.Strings(names)
	var tp, nProduced, found, nFacts, distractorHits int
	for _, name := range names {
		tp0 := truth[name]
		w := newWorld(t)
		in := Input{Dir: w.dir(), Sessions: sessions[name], Read: ReadTranscript,
			Redact: fakeRedact, Now: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)}
		res, err := Extract(context.Background(), in, zerolog.Nop())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, s := range sessions[name] {
			if res.Verdicts[s.ID] != Read {
				t.Errorf("%s: session %s verdict %q", name, s.ID, res.Verdicts[s.ID])
			}
		}
		outs := producedBy(t, w, res)
		hit := map[string]bool{}
		for _, o := range outs {
			nProduced++
			ok := false
			for _, it := range tp0.Items {
				if !matches(it, o.text) {
					continue
				}
				if it.Kind == "distractor" {
					distractorHits++
					t.Logf("%s: distractor %s (%s) matched by %s %q", name, it.ID, it.Why, o.kind, firstLine(o.text))
					continue
				}
				if compatible(it.Kind, o.kind) {
					ok = true
					hit[it.ID] = true
				}
			}
			if ok {
				tp++
			} else {
				t.Logf("%s: false positive %s %q", name, o.kind, o.text)
			}
			if dangerous(o.text) {
				t.Errorf("%s: dangerous candidate written: %q", name, o.text)
			}
		}
		for _, it := range tp0.Items {
			if it.Kind == "distractor" {
				continue
			}
			nFacts++
			if hit[it.ID] {
				found++
			} else {
				t.Logf("%s: missed %s %v (%s)", name, it.ID, it.Match, it.Why)
			}
		}
		validateWithGemini(t, w)
	}
	precision := float64(tp) / float64(max(nProduced, 1))
	recall := float64(found) / float64(max(nFacts, 1))
	t.Logf("offline corpus: %d sessions, %d proposals, precision %.3f (%d/%d), recall %.3f (%d/%d), distractor hits %d",
		total, nProduced, precision, tp, nProduced, recall, found, nFacts, distractorHits)
	if precision < 0.9 || recall < 0.7 {
		t.Fatalf("precision %.3f (want ≥0.9), recall %.3f (want ≥0.7)", precision, recall)
	}
}
