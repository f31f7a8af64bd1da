package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/modeltest/fakesecret"
	"github.com/automem/automem/internal/modeltest/world"
)

// TestE2EDryRunShowRedactions: `extract --dry-run --show-redactions --json`
// over Gemini, Claude Code and Codex sessions full of secrets counts them
// per session and prints none of them, on stdout or stderr.
func TestE2EDryRunShowRedactions(t *testing.T) {
	w := world.New(t)
	shapes := fakesecret.Corpus(7)
	toks := fakesecret.Tokens(shapes)
	start := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	w.Gemini(t, world.SecretSession("aaaaaaaa-1111-2222-3333-444455556666", start, shapes, "Fix login with "+toks[0].Values[0]))
	w.Claude(t, world.SecretSession("cccccccc-1111-2222-3333-444455556666", start.Add(time.Hour), shapes, "Deploy with "+toks[1].Values[0]))
	w.Codex(t, world.SecretSession("dddddddd-1111-2222-3333-444455556666", start.Add(2*time.Hour), shapes, ""))
	t.Setenv("HOME", w.Home)
	t.Setenv("XDG_CACHE_HOME", w.XDGCache)
	t.Setenv("AUTOMEM_LOG_FORMAT", "json")
	t.Setenv("GEMINI_CLI_HOME", w.Home)
	t.Setenv("CLAUDE_CONFIG_DIR", w.ClaudeDir)
	t.Setenv("CODEX_HOME", w.CodexHome)
	before := w.Snapshot(t)

	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"--dry-run", "--show-redactions", "--json", "--source", "all", "--now", e2eNow},
		strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	for _, v := range fakesecret.Values(shapes) {
		if strings.Contains(stdout.String(), v) || strings.Contains(stderr.String(), v) {
			t.Errorf("a secret value was printed (%.12s…)", v)
		}
	}
	var rep struct {
		Projects []struct {
			Source   string `json:"source"`
			Sessions []struct {
				SessionID  string         `json:"sessionId"`
				Source     string         `json:"source"`
				Eligible   bool           `json:"eligible"`
				Redactions map[string]int `json:"redactions"`
			} `json:"sessions"`
		} `json:"projects"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, stdout.String())
	}
	seen := map[string]bool{}
	for _, pr := range rep.Projects {
		for _, s := range pr.Sessions {
			total := 0
			for _, n := range s.Redactions {
				total += n
			}
			// Every shape appears at least four times per session.
			if !s.Eligible || total < len(shapes) {
				t.Errorf("%s %s: eligible %v, %d redactions %v", s.Source, s.SessionID, s.Eligible, total, s.Redactions)
			}
			seen[s.Source] = true
		}
	}
	for _, src := range []string{"gemini", "claude", "codex"} {
		if !seen[src] {
			t.Errorf("no %s session in the report", src)
		}
	}
	for p, h := range w.Snapshot(t) {
		if before[p] != h && !strings.HasPrefix(p, w.CacheDir) {
			t.Errorf("dry run wrote %s", p)
		}
	}
}
