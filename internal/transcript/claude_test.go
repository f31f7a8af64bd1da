package transcript

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestClaudeFiles(t *testing.T) {
	const shop = "5c3f0d2e-8b4a-4f9c-8d1e-2f3a4b5c6d7e"
	tests := []struct {
		rel, id, summary, root, humanIDs, msgIDs string
		kind                                     Kind
		human, bad                               int
		forked                                   bool
		start, last                              string
	}{
		{rel: "-home-dev-acme-api/4b2e9c1d-7a3f-4e8b-9c0d-1e2f3a4b5c6d.jsonl", id: "4b2e9c1d-7a3f-4e8b-9c0d-1e2f3a4b5c6d",
			summary: "Add healthz endpoint", root: "/home/dev/acme-api", humanIDs: "u-01", msgIDs: "u-01,a-02,a-04,u-05",
			kind: KindMain, human: 1, start: "2026-02-11T15:02:10.118Z", last: "2026-02-11T15:03:40.700Z"},
		{rel: "-home-dev-shop/" + shop + ".jsonl", id: shop, summary: "checkout retries", root: "/home/dev/shop",
			humanIDs: "r02,r03,r16,r18,r19", // r18: the arguments of the custom command /review-pr
			msgIDs:   "r02,r03,r04,r08,r09,r10,r11,r12,r13,r14,r15,r16,r17,r18,r19,r20,r21,r23,r24,r25",
			kind:     KindMain, human: 5, bad: 1, start: "2026-04-01T10:00:00Z", last: "2026-04-01T10:23:00Z"},
		{rel: "-home-dev-shop/6d4a1e3f-9c5b-4a0d-9e2f-3a4b5c6d7e8f.jsonl", id: "6d4a1e3f-9c5b-4a0d-9e2f-3a4b5c6d7e8f",
			summary: "Forked retry work", root: "/home/dev/shop/sub dir", humanIDs: "r01", kind: KindMain, human: 1, forked: true,
			start: "2026-04-01T10:30:00Z", last: "2026-04-01T10:30:00Z"},
		{rel: "-home-dev-shop/" + shop + "/subagents/agent-a1.jsonl", id: "agent-a1", root: "/home/dev/shop",
			msgIDs: "r02,r03", kind: KindSubagent, start: "2026-04-01T10:40:00Z", last: "2026-04-01T10:41:00Z"},
		{rel: "-home-dev-shop/agent-b2.jsonl", id: "agent-b2", root: "/home/dev/shop", msgIDs: "r04",
			kind: KindSubagent, start: "2026-04-01T10:42:00Z", last: "2026-04-01T10:42:00Z"},
	}
	for _, tc := range tests {
		t.Run(tc.rel, func(t *testing.T) {
			path := filepath.Join(testdataDir, "claude", "projects", tc.rel)
			s, msgs, err := readBoth(t, path, Claude)
			if err != nil {
				t.Fatal(err)
			}
			if s.ID != tc.id || s.Kind != tc.kind || s.UserMessages != tc.human || s.Summary != tc.summary ||
				s.ProjectRoot != tc.root || s.Forked != tc.forked || s.BadLines != tc.bad || s.Source != Claude {
				t.Errorf("got %+v", s)
			}
			if !s.Start.Equal(ts(tc.start)) || !s.LastUpdated.Equal(ts(tc.last)) {
				t.Errorf("times %v..%v, want %s..%s", s.Start, s.LastUpdated, tc.start, tc.last)
			}
			if humanIDs(msgs) != tc.humanIDs {
				t.Errorf("human ids %q, want %q", humanIDs(msgs), tc.humanIDs)
			}
			if tc.msgIDs != "" && ids(msgs) != tc.msgIDs {
				t.Errorf("message ids %q, want %q", ids(msgs), tc.msgIDs)
			}
		})
	}
}

func TestClaudeMergeAndResults(t *testing.T) {
	path := filepath.Join(testdataDir, "claude", "projects", "-home-dev-shop", "5c3f0d2e-8b4a-4f9c-8d1e-2f3a4b5c6d7e.jsonl")
	_, msgs, err := ReadMessages(path, Claude)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Message{}
	for _, m := range msgs {
		byID[m.ID] = m
	}
	a := byID["r04"]
	if a.Role != RoleAssistant || a.Text != "Reading the payment client." || len(a.ToolCalls) != 1 {
		t.Fatalf("merged assistant message = %+v", a)
	}
	tc := a.ToolCalls[0]
	if tc.ID != "toolu_1" || tc.Name != "Bash" || tc.Output != "FAIL payment" || !tc.Error || tc.Status != "error" ||
		string(tc.Args) != `{"command":"go test ./payment/..."}` {
		t.Errorf("tool call = %+v", tc)
	}
	if o := byID["r25"]; o.Role != RoleTool || o.Text != "orphan output" || o.Human {
		t.Errorf("orphan result = %+v", o)
	}
	if m := byID["r03"]; m.Text != "Also log the retry." {
		t.Errorf("text blocks: %q", m.Text)
	}
	if m := byID["r23"]; m.Role != RoleInfo || m.Text != "Conversation compacted" {
		t.Errorf("system record = %+v", m)
	}
	for _, m := range msgs {
		if strings.Contains(m.Text, "sub-agent prompt") {
			t.Errorf("sidechain record leaked into the main conversation: %+v", m)
		}
	}
}

func TestClaudeHumanRule(t *testing.T) {
	rec := func(extra, content string) string {
		return `{"type":"user","uuid":"u","timestamp":"2026-01-01T00:00:00Z"` + extra + `,"message":{"role":"user","content":` + content + `}}` + "\n"
	}
	tests := []struct {
		name string
		line string
		want int
	}{
		{"plain", rec("", `"fix it"`), 1},
		{"origin human", rec(`,"origin":{"kind":"human"}`, `"fix it"`), 1},
		{"origin null", rec(`,"origin":null`, `"fix it"`), 1},
		{"origin channel", rec(`,"origin":{"kind":"channel"}`, `"fix it"`), 0},
		{"isMeta", rec(`,"isMeta":true`, `"fix it"`), 0},
		{"isMeta false", rec(`,"isMeta":false`, `"fix it"`), 1},
		{"toolUseResult null still present", rec(`,"toolUseResult":null`, `"fix it"`), 0},
		{"compact summary", rec(`,"isCompactSummary":true`, `"fix it"`), 0},
		{"sidechain", rec(`,"isSidechain":true`, `"fix it"`), 0},
		{"system reminder", rec("", `"<system-reminder>x</system-reminder>"`), 0},
		{"task notification", rec("", `"  <task-notification>\n"`), 0},
		{"html-ish prose", rec("", `"<3 this works"`), 1},
		{"upper tag is prose", rec("", `"<B> bold"`), 1},
		{"interrupted", rec("", `"[Request interrupted by user]"`), 0},
		{"slash", rec("", `"/model sonnet"`), 0},
		{"custom slash without args", rec("", `"/review-pr"`), 0},
		{"custom slash with args", rec("", `"/review-pr 12 and check the retries"`), 1},
		{"custom command tags with args", rec("", `"<command-message>deploy is running…</command-message>\n<command-name>/deploy</command-name>\n<command-args>staging, skip the smoke tests</command-args>"`), 1},
		{"custom command tags without args", rec("", `"<command-name>/deploy</command-name>\n<command-message>deploy</command-message>\n<command-args></command-args>"`), 0},
		{"built-in command tags", rec("", `"<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args>opus</command-args>"`), 0},
		{"slash alone", rec("", `"/clear"`), 0},
		{"path", rec("", `"/etc/hosts is wrong"`), 1},
		{"tool_result block", rec("", `[{"type":"tool_result","tool_use_id":"x","content":"y"},{"type":"text","text":"and this"}]`), 0},
		{"assistant", `{"type":"assistant","uuid":"a","message":{"id":"m","content":[{"type":"text","text":"hi"}]}}` + "\n", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadSessionFrom(strings.NewReader(tc.line), "p/x.jsonl", Claude)
			if err != nil {
				t.Fatal(err)
			}
			_, msgs, err := ReadMessagesFrom(strings.NewReader(tc.line), "p/x.jsonl", Claude)
			if err != nil {
				t.Fatal(err)
			}
			if s.UserMessages != tc.want || countHuman(msgs) != tc.want {
				t.Errorf("human %d/%d, want %d", s.UserMessages, countHuman(msgs), tc.want)
			}
		})
	}
}

func TestClaudeFileDiscovery(t *testing.T) {
	got, err := ClaudeFiles(filepath.Join(testdataDir, "claude"))
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(filepath.Join(testdataDir, "claude", "projects"), p)
		rel = append(rel, r)
	}
	want := "-home-dev-acme-api/4b2e9c1d-7a3f-4e8b-9c0d-1e2f3a4b5c6d.jsonl," +
		"-home-dev-shop/5c3f0d2e-8b4a-4f9c-8d1e-2f3a4b5c6d7e.jsonl," +
		"-home-dev-shop/6d4a1e3f-9c5b-4a0d-9e2f-3a4b5c6d7e8f.jsonl"
	if strings.Join(rel, ",") != want {
		t.Errorf("ClaudeFiles = %q\nwant %q", strings.Join(rel, ","), want)
	}

	// Links, FIFOs and loops are never listed or followed.
	dir := t.TempDir()
	proj := filepath.Join(dir, "projects", "-k")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, filepath.Join(proj, "a.jsonl"), "{}\n")
	mustWrite(t, filepath.Join(dir, "outside.jsonl"), "{}\n")
	if err := os.Symlink(filepath.Join(dir, "outside.jsonl"), filepath.Join(proj, "link.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "projects"), filepath.Join(dir, "projects", "loop")); err != nil {
		t.Fatal(err)
	}
	mkfifo(t, filepath.Join(proj, "fifo.jsonl"))
	got, err = ClaudeFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || filepath.Base(got[0]) != "a.jsonl" {
		t.Errorf("ClaudeFiles with links and fifo = %q", got)
	}
	if _, err := os.Lstat(filepath.Join(proj, "fifo.jsonl")); err == nil {
		if _, err := ReadSession(filepath.Join(proj, "fifo.jsonl"), Claude); !errors.Is(err, ErrNotRegular) {
			t.Errorf("FIFO read err = %v, want ErrNotRegular", err)
		}
	}
	if _, err := ReadSession(filepath.Join(proj, "link.jsonl"), Claude); !errors.Is(err, ErrNotRegular) {
		t.Errorf("symlink read err = %v, want ErrNotRegular", err)
	}
	if _, err := ReadSession(filepath.Join(proj, "missing.jsonl"), Claude); !errors.Is(err, os.ErrNotExist) ||
		!strings.Contains(err.Error(), "missing.jsonl") {
		t.Errorf("missing file err = %v", err)
	}
	if got, err := ClaudeFiles(filepath.Join(dir, "nope")); err != nil || got != nil {
		t.Errorf("missing config dir = %v, %v", got, err)
	}
}

func mustWrite(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestClaudeCustomCommandArgs: what a person types after a custom slash
// command is kept as their message; the command's tags are not.
func TestClaudeCustomCommandArgs(t *testing.T) {
	line := `{"type":"user","uuid":"u","timestamp":"2026-01-01T00:00:00Z","message":{"role":"user","content":"<command-message>deploy is running…</command-message>\n<command-name>/deploy</command-name>\n<command-args>staging, and always run the smoke tests first</command-args>"}}` + "\n"
	_, msgs, err := ReadMessagesFrom(strings.NewReader(line), "p/x.jsonl", Claude)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 || !msgs[0].Human || msgs[0].Text != "staging, and always run the smoke tests first" {
		t.Fatalf("messages = %+v", msgs)
	}
}
