package jobs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
	"github.com/automem/automem/internal/modeltest"
	"github.com/automem/automem/internal/modeltest/fakesecret"
	"github.com/automem/automem/internal/modeltest/world"
	"github.com/automem/automem/jobs"
)

// secretWorld writes one Gemini, one Claude Code and one Codex session
// full of secrets (the latter two with the Gemini project's root as cwd),
// plus a pending inbox patch that quotes a secret.
func secretWorld(t *testing.T) (*e2e, []fakesecret.Shape, []string) {
	e := &e2e{w: world.New(t), log: &syncBuffer{}}
	shapes := fakesecret.Corpus(20260502)
	toks := fakesecret.Tokens(shapes)
	start := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	e.paths = []string{
		e.w.Gemini(t, world.SecretSession("aaaaaaaa-1111-2222-3333-444455556666", start, shapes, "Fix login with "+toks[0].Values[0])),
		e.w.Claude(t, world.SecretSession("cccccccc-1111-2222-3333-444455556666", start.Add(time.Hour), shapes, "Deploy with "+toks[1].Values[0])),
		e.w.Codex(t, world.SecretSession("dddddddd-1111-2222-3333-444455556666", start.Add(2*time.Hour), shapes, "")),
	}
	e.ids = []string{"aaaaaaaa-1111-2222-3333-444455556666", "cccccccc-1111-2222-3333-444455556666", "dddddddd-1111-2222-3333-444455556666"}
	world.WriteFile(t, e.w.PrivatePatch(), memoryPatch(e.w, "- The staging key is "+toks[2].Values[0]))
	return e, shapes, fakesecret.Values(shapes)
}

// TestE2ESecretsNeverLeave runs the LLM cycle over Gemini, Claude Code and
// Codex transcripts full of secrets with a model that reads everything it
// can and then echoes secrets into a patch and a skill draft.
func TestE2ESecretsNeverLeave(t *testing.T) {
	e, shapes, values := secretWorld(t)
	toks := fakesecret.Tokens(shapes)
	T, Tools := modeltest.Tool, modeltest.Tools
	echoPatch := memoryPatch(e.w, "- Use "+toks[3].Values[0]+" and "+shapes[len(shapes)-1].Text)
	echoSkill := strings.Replace(skillDraft, "2. Fix", "2. Export "+toks[4].Text+" then fix", 1)
	e.srv = modeltest.PerConversation(t,
		Tools(
			T("read_file", "file_path", e.paths[0]), T("read_file", "file_path", e.paths[1]), T("read_file", "file_path", e.paths[2]),
			T("list_directory", "dir_path", e.w.MemoryDir), T("list_directory", "dir_path", ".inbox/private"),
			T("read_file", "file_path", e.w.PrivatePatch()),
			T("grep_search", "pattern", "key|token|Bearer"),
		),
		Tools(
			T("write_file", "file_path", e.w.PrivatePatch(), "content", echoPatch),
			T("write_file", "file_path", "skills/run-tests/SKILL.md", "content", echoSkill),
		),
		modeltest.Done("wrote what I found"),
	)
	cfg := e.config()
	cfg.Source = jobs.SourceAll
	cfg.Targets = []string{jobs.SourceGemini} // the three sources share Gemini's memory dir
	cfg.Force = true
	rep, err := e.run(t, cfg, e.llm())
	if err != nil {
		t.Fatalf("run: %v\n%+v", err, rep)
	}
	read := map[string]bool{}
	for _, pr := range rep.Projects {
		if pr.Status != jobs.StatusDone || pr.MemoryDir != e.w.MemoryDir {
			t.Errorf("%s project %s: status %q memoryDir %s (%s)", pr.Source, pr.ID, pr.Status, pr.MemoryDir, pr.Error)
		}
	}
	st := readState(t, e.w.StatePath())
	for i := range st.Runs {
		for _, id := range st.processed(i) {
			read[id] = true
		}
	}
	for _, id := range e.ids {
		if !read[id] {
			t.Errorf("session %s was never read (the test would prove nothing for it)", id)
		}
	}
	bodies := e.srv.Bodies()
	if !strings.Contains(bodies, "[REDACTED:") {
		t.Fatal("no placeholder reached the model: the transcripts were not read")
	}
	for _, s := range shapes {
		for _, v := range s.Values {
			if strings.Contains(bodies, v) {
				// The model's own echo in its tool-call arguments is sent back
				// to it; that is its text, not ours. Anything else is a leak.
				echoed := strings.Contains(echoPatch+echoSkill, v) && strings.Count(bodies, v) <= strings.Count(bodiesOfModelEcho(e), v)
				if !echoed {
					t.Errorf("%s value reached the model", s.Name)
				}
			}
		}
	}

	// The inbox keeps no secret, the patch still validates, the log names
	// the file and the rule but never the value.
	for _, p := range []string{e.w.PrivatePatch(), filepath.Join(e.w.MemoryDir, "skills", "run-tests", "SKILL.md")} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("candidate %s: %v", p, err)
		}
		noneLeft(t, p, string(b), values...)
		if !strings.Contains(string(b), "[REDACTED:") {
			t.Errorf("%s has no placeholder:\n%s", p, b)
		}
	}
	if out, err := gref.Node(t, "validate.mjs", e.w.PrivatePatch(), e.w.MemoryDir); err != nil {
		t.Errorf("Gemini rejects the redacted patch: %v\n%s", err, out)
	}
	log := e.log.String()
	noneLeft(t, "the log", log, values...)
	if !strings.Contains(log, `"file":".inbox/private/extraction.patch"`) || !strings.Contains(log, `"file":"skills/run-tests/SKILL.md"`) {
		t.Errorf("the log does not name the redacted files:\n%s", log)
	}
	if !strings.Contains(log, toks[3].Name) {
		t.Errorf("the log does not name the rule %s", toks[3].Name)
	}
}

// bodiesOfModelEcho is every tool-call argument the model itself sent, as
// it is echoed back in later requests.
func bodiesOfModelEcho(e *e2e) string {
	var b strings.Builder
	for _, r := range e.srv.Requests() {
		for _, m := range r.Chat.Messages {
			for _, tc := range m.ToolCalls {
				b.WriteString(tc.Function.Arguments)
			}
		}
	}
	return b.String()
}

// TestE2EDryRunCountsRedactions: --dry-run --show-redactions counts the
// secrets per session and the report carries none of them.
func TestE2EDryRunCountsRedactions(t *testing.T) {
	e, _, values := secretWorld(t)
	cfg := e.config()
	cfg.Source = jobs.SourceAll
	cfg.DryRun, cfg.ShowRedactions = true, true
	before := e.w.Snapshot(t)
	rep, err := jobs.Run(t.Context(), cfg, jobs.Deps{Redactor: redactor(t)})
	if err != nil {
		t.Fatal(err)
	}
	counted := 0
	for _, pr := range rep.Projects {
		for _, s := range pr.Sessions {
			if !s.Eligible {
				t.Errorf("%s session %s not eligible: %s", pr.Source, s.SessionID, s.Reason)
				continue
			}
			total := 0
			for _, n := range s.Redactions {
				total += n
			}
			if total < len(values)/2 {
				t.Errorf("%s session %s: %d redactions counted (%v)", pr.Source, s.SessionID, total, s.Redactions)
			}
			counted++
		}
		noneLeft(t, "dry-run index", strings.Join(pr.Index, "\n"), values...)
	}
	if counted != 3 {
		t.Errorf("%d sessions counted, want 3", counted)
	}
	for p, h := range e.w.Snapshot(t) {
		if before[p] != h && !strings.HasPrefix(p, e.w.CacheDir) {
			t.Errorf("dry run wrote %s", p)
		}
	}
}
