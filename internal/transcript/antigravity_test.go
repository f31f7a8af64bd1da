package transcript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

const antigravityConv = "3f1c9e2a-5b7d-4c8e-9a01-6d2e4f8b0c13"

func TestAntigravityRead(t *testing.T) {
	path := filepath.Join(testdataDir, "antigravity", "brain", antigravityConv, ".system_generated", "logs", "transcript_full.jsonl")
	s, msgs, err := ReadMessages(path, Antigravity)
	if err != nil {
		t.Fatal(err)
	}
	if s.ID != antigravityConv || s.Source != Antigravity || s.Kind != KindMain {
		t.Errorf("session = %+v", s)
	}
	// Counted: the two typed requests. Not: the empty request, the system's
	// model notice, the injected history, checkpoint and tool results.
	if s.UserMessages != 2 {
		t.Errorf("UserMessages = %d, want 2", s.UserMessages)
	}
	if s.BadLines != 1 {
		t.Errorf("BadLines = %d, want 1", s.BadLines)
	}
	if want := time.Date(2026, 6, 20, 9, 0, 0, 0, time.UTC); !s.Start.Equal(want) {
		t.Errorf("Start = %v, want %v", s.Start, want)
	}
	if want := time.Date(2026, 6, 20, 9, 6, 0, 0, time.UTC); !s.LastUpdated.Equal(want) {
		t.Errorf("LastUpdated = %v, want %v", s.LastUpdated, want)
	}
	if s.Summary != "Why does make test fail in the parser package?" {
		t.Errorf("Summary = %q", s.Summary)
	}
	var human []string
	for _, m := range msgs {
		if m.Human {
			human = append(human, m.Text)
		}
		if m.Role == RoleUser && m.Text == "Summary of an earlier conversation: the user asked to always run go vet." {
			t.Errorf("injected history became a message")
		}
	}
	if want := []string{"Why does make test fail in the parser package?", "Fix it and run the tests again."}; !reflect.DeepEqual(human, want) {
		t.Errorf("human turns = %q, want %q", human, want)
	}
	// Results pair with declared calls in order; arguments lose their
	// per-value JSON encoding.
	first := msgs[1]
	if first.Role != RoleAssistant || len(first.ToolCalls) != 1 {
		t.Fatalf("first answer = %+v", first)
	}
	c := first.ToolCalls[0]
	if c.Name != "run_command" || c.Output != "--- FAIL: TestEmojiTokens (0.00s)" || c.Status != "success" {
		t.Errorf("first call = %+v", c)
	}
	var args map[string]any
	if err := json.Unmarshal(c.Args, &args); err != nil || args["CommandLine"] != "make -C parser test" || args["WaitMsBeforeAsync"] != float64(5000) {
		t.Errorf("args = %s (%v)", c.Args, err)
	}
	var second *Message
	for i := range msgs {
		if len(msgs[i].ToolCalls) == 2 {
			second = &msgs[i]
		}
	}
	if second == nil {
		t.Fatal("the answer with two calls is missing")
	}
	if second.ToolCalls[0].Output != "package parser" || second.ToolCalls[1].Status != "error" || !second.ToolCalls[1].Error {
		t.Errorf("second answer's calls = %+v", second.ToolCalls)
	}
	last := msgs[len(msgs)-1]
	if last.Role != RoleTool || last.ToolCalls[0].Name != "grep_search" {
		t.Errorf("an unpaired result = %+v", last)
	}
	// ReadSession agrees with ReadMessages.
	var rd Reader
	s2, err := rd.ReadSession(path, Antigravity)
	if err != nil || s2 != s {
		t.Errorf("ReadSession = %+v, %v; want %+v", s2, err, s)
	}
}

func TestAntigravityFilesAndWorkspaces(t *testing.T) {
	root := filepath.Join(testdataDir, "antigravity")
	files, err := AntigravityFiles(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(root, "brain", antigravityConv, ".system_generated", "logs", "transcript_full.jsonl"), // the full log wins
		filepath.Join(root, "brain", "7a0b1c2d-0000-4000-8000-000000000001", ".system_generated", "logs", "transcript.jsonl"),
	}
	if !reflect.DeepEqual(files, want) {
		t.Errorf("AntigravityFiles = %v, want %v", files, want)
	}
	ws, err := AntigravityWorkspaces(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{antigravityConv: "/home/dev/ledger", "7a0b1c2d-0000-4000-8000-000000000001": "/home/dev/inventory"}; !reflect.DeepEqual(ws, want) {
		t.Errorf("AntigravityWorkspaces = %v, want %v", ws, want)
	}

	// No brain dir, no history: nothing, no error. A symlinked transcript
	// is not followed.
	empty := t.TempDir()
	if files, err := AntigravityFiles(empty); err != nil || files != nil {
		t.Errorf("empty root: %v, %v", files, err)
	}
	if ws, err := AntigravityWorkspaces(empty); err != nil || len(ws) != 0 {
		t.Errorf("no history: %v, %v", ws, err)
	}
	logs := filepath.Join(empty, "brain", "c", ".system_generated", "logs")
	if err := os.MkdirAll(logs, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(want[0], filepath.Join(logs, "transcript_full.jsonl")); err != nil {
		t.Fatal(err)
	}
	if files, _ := AntigravityFiles(empty); len(files) != 0 {
		t.Errorf("followed a symlink: %v", files)
	}
}

func TestAntigravityNotSession(t *testing.T) {
	if _, _, err := ReadMessagesFrom(strings.NewReader("garbage\n{}\n"), "brain/x/.system_generated/logs/transcript.jsonl", Antigravity); err == nil {
		t.Error("a file without steps read as a session")
	}
}

func FuzzAntigravity(f *testing.F) {
	addSeeds(f, "antigravity")
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzRead(t, b, "brain/c/.system_generated/logs/transcript_full.jsonl", Antigravity)
	})
}
