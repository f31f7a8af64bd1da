package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

const (
	cxPlain    = "sessions/2026/01/20/rollout-2026-01-20T10-05-33-019bd2a4-6c1e-7f30-b8d2-5e4a3c2b1a09.jsonl"
	cxKinds    = "sessions/2026/01/21/rollout-2026-01-21T08-00-00-019bd3b5-7d2f-7a41-9c03-6f5b4d3c2b1a.jsonl"
	cxFork     = "sessions/2026/01/22/rollout-2026-01-22T09-00-00-019bd4c6-8e3a-7b52-8d14-7a6c5e4d3c2b.jsonl"
	cxSubagent = "sessions/2026/01/22/rollout-2026-01-22T10-00-00-019bd5d7-9f4b-7c63-9e25-8b7d6f5e4d3c.jsonl"
	cxOld      = "archived_sessions/rollout-2025-06-01T09-00-00-6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f.jsonl"
)

func TestCodexFiles(t *testing.T) {
	tests := []struct {
		rel, id, root string
		kind          Kind
		human, bad    int
		forked        bool
		start, last   string
		texts         string // human texts joined by |
	}{
		{rel: cxPlain, id: "019bd2a4-6c1e-7f30-b8d2-5e4a3c2b1a09", root: "/home/dev/ledger", kind: KindMain, human: 1,
			start: "2026-01-20T09:05:33.400Z", last: "2026-01-20T09:06:04.118Z",
			texts: "Totals are off by a cent for EUR invoices; find out why."},
		{rel: cxKinds, id: "019bd3b5-7d2f-7a41-9c03-6f5b4d3c2b1a", root: "/home/dev/api", kind: KindMain, human: 3, bad: 1,
			start: "2026-01-21T07:00:00Z", last: "2026-01-21T07:08:00Z",
			texts: "Add pagination to /v1/orders.|Use cursor-based pagination instead.|"},
		{rel: cxFork, id: "019bd4c6-8e3a-7b52-8d14-7a6c5e4d3c2b", root: "/home/dev/api", kind: KindMain, human: 2, forked: true,
			start: "2026-01-22T08:00:00Z", last: "2026-01-22T08:06:00Z",
			texts: "Now try offset pagination on this branch.|And benchmark both."},
		{rel: cxSubagent, id: "019bd5d7-9f4b-7c63-9e25-8b7d6f5e4d3c", root: "/home/dev/api", kind: KindSubagent,
			start: "2026-01-22T09:00:00Z", last: "2026-01-22T09:00:01Z"},
		{rel: cxOld, id: "6f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f", kind: KindMain, human: 2,
			start: "2025-06-01T09:00:00Z", last: "2025-06-01T09:00:00Z",
			texts: "Why is the cron job running twice?|Remove the duplicate."},
	}
	for _, tc := range tests {
		t.Run(tc.rel, func(t *testing.T) {
			path := filepath.Join(testdataDir, "codex", tc.rel)
			s, msgs, err := readBoth(t, path, Codex)
			if err != nil {
				t.Fatal(err)
			}
			if s.ID != tc.id || s.Kind != tc.kind || s.UserMessages != tc.human || s.ProjectRoot != tc.root ||
				s.Forked != tc.forked || s.BadLines != tc.bad || s.Source != Codex {
				t.Errorf("got %+v", s)
			}
			if !s.Start.Equal(ts(tc.start)) || !s.LastUpdated.Equal(ts(tc.last)) {
				t.Errorf("times %v..%v, want %s..%s", s.Start, s.LastUpdated, tc.start, tc.last)
			}
			var texts []string
			for _, m := range msgs {
				if m.Human {
					texts = append(texts, m.Text)
				}
			}
			if strings.Join(texts, "|") != tc.texts {
				t.Errorf("human texts %q, want %q", strings.Join(texts, "|"), tc.texts)
			}
		})
	}
}

func TestCodexToolCalls(t *testing.T) {
	_, msgs, err := ReadMessages(filepath.Join(testdataDir, "codex", cxPlain), Codex)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 3 || msgs[1].Role != RoleAssistant || len(msgs[1].ToolCalls) != 1 || msgs[2].Role != RoleAssistant {
		t.Fatalf("messages = %+v", msgs)
	}
	tc := msgs[1].ToolCalls[0]
	if tc.ID != "call_Qm81xZ" || tc.Name != "exec_command" || string(tc.Args) != `{"cmd":"rg -n 'round' src/money"}` ||
		tc.Output != "src/money/convert.rs:42:    (amount * rate).round()" || tc.Error || tc.Status != "success" {
		t.Errorf("tool call = %+v", tc)
	}
	_, msgs, err = ReadMessages(filepath.Join(testdataDir, "codex", cxKinds), Codex)
	if err != nil {
		t.Fatal(err)
	}
	var calls []ToolCall
	for _, m := range msgs {
		calls = append(calls, m.ToolCalls...)
	}
	if len(calls) != 2 || calls[0].Name != "apply_patch" || calls[1].Name != "shell" ||
		calls[1].Output != "FAIL orders" || !calls[1].Error || calls[1].Status != "error" || calls[0].Error {
		t.Errorf("calls = %+v", calls)
	}
}

func TestCodexZstd(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(testdataDir, "codex", cxKinds))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "sessions", "2026", "01", "21", filepath.Base(cxKinds)+".zst")
	mustWrite(t, path, string(compress(t, raw)))
	want, err := ReadSession(filepath.Join(testdataDir, "codex", cxKinds), Codex)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := readBoth(t, path, Codex)
	if err != nil {
		t.Fatal(err)
	}
	want.Path = path
	if got != want {
		t.Errorf("zstd session %+v\nwant %+v", got, want)
	}

	// A corrupt stream yields what decoded before the damage, counted bad.
	comp := compress(t, raw)
	broken := append(append([]byte{}, comp[:len(comp)/2]...), bytes.Repeat([]byte{0xff}, 64)...)
	s, err := ReadSessionFrom(bytes.NewReader(broken), path, Codex)
	if err != nil {
		t.Fatalf("corrupt zstd: %v", err)
	}
	if s.BadLines == 0 {
		t.Errorf("corrupt zstd not counted: %+v", s)
	}
}

func compress(t *testing.T, raw []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := zstd.NewWriter(&buf, zstd.WithEncoderLevel(zstd.SpeedDefault))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(raw); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestCodexDiscoveryAndTitles(t *testing.T) {
	home := filepath.Join(testdataDir, "codex")
	got, err := CodexFiles(home)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(home, p)
		rel = append(rel, r)
	}
	want := strings.Join([]string{cxOld, cxPlain, cxKinds, cxFork, cxSubagent}, ",")
	if strings.Join(rel, ",") != want {
		t.Errorf("CodexFiles = %q\nwant %q", rel, want)
	}
	titles, err := CodexTitles(home)
	if err != nil {
		t.Fatal(err)
	}
	if len(titles) != 2 || titles["019bd2a4-6c1e-7f30-b8d2-5e4a3c2b1a09"] != "EUR rounding" ||
		titles["019bd3b5-7d2f-7a41-9c03-6f5b4d3c2b1a"] != "Orders pagination" {
		t.Errorf("titles = %v", titles)
	}

	dir := t.TempDir()
	day := filepath.Join(dir, "sessions", "2026", "02", "01")
	mustWrite(t, filepath.Join(day, "rollout-a.jsonl"), "{}\n")
	mustWrite(t, filepath.Join(day, "rollout-a.jsonl.zst"), "x")
	mustWrite(t, filepath.Join(day, "rollout-b.jsonl.zst"), "x")
	mustWrite(t, filepath.Join(day, "other.jsonl"), "{}\n")
	mustWrite(t, filepath.Join(dir, "archived_sessions", "rollout-c.jsonl"), "{}\n")
	if err := os.Symlink(filepath.Join(day, "rollout-a.jsonl"), filepath.Join(day, "rollout-link.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "sessions"), filepath.Join(day, "loop")); err != nil {
		t.Fatal(err)
	}
	got, err = CodexFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	rel = rel[:0]
	for _, p := range got {
		r, _ := filepath.Rel(dir, p)
		rel = append(rel, r)
	}
	want = "archived_sessions/rollout-c.jsonl,sessions/2026/02/01/rollout-a.jsonl,sessions/2026/02/01/rollout-b.jsonl.zst"
	if strings.Join(rel, ",") != want {
		t.Errorf("CodexFiles = %q\nwant %q", strings.Join(rel, ","), want)
	}
	if got, err := CodexFiles(filepath.Join(dir, "nope")); err != nil || len(got) != 0 {
		t.Errorf("missing home = %v, %v", got, err)
	}
	if titles, err := CodexTitles(dir); err != nil || len(titles) != 0 {
		t.Errorf("missing index = %v, %v", titles, err)
	}
}
