package transcript

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// addSeeds adds every testdata file of one agent as a fuzz seed.
func addSeeds(f *testing.F, sub string) {
	f.Helper()
	err := filepath.WalkDir(filepath.Join(testdataDir, sub), func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f.Add(b)
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
}

// fuzzRead checks that arbitrary input never panics and that both read
// paths agree on the session and the human-turn count.
func fuzzRead(t *testing.T, b []byte, path string, src Source) {
	s1, err1 := ReadSessionFrom(bytes.NewReader(b), path, src)
	s2, msgs, err2 := ReadMessagesFrom(bytes.NewReader(b), path, src)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("errors differ: %v / %v", err1, err2)
	}
	if err1 != nil {
		return
	}
	if s1 != s2 {
		t.Fatalf("sessions differ:\n%+v\n%+v", s1, s2)
	}
	if countHuman(msgs) != s1.UserMessages || s1.UserMessages < 0 {
		t.Fatalf("human messages %d, UserMessages %d", countHuman(msgs), s1.UserMessages)
	}
}

func FuzzGemini(f *testing.F) {
	addSeeds(f, "gemini")
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzRead(t, b, "chats/session-x.jsonl", Gemini)
		fuzzRead(t, b, "chats/session-x.json", Gemini)
	})
}

func FuzzClaude(f *testing.F) {
	addSeeds(f, "claude")
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzRead(t, b, "projects/k/0b7e7fda-1111-2222-3333-444455556666.jsonl", Claude)
		fuzzRead(t, b, "projects/k/sid/subagents/agent-a.jsonl", Claude)
	})
}

func FuzzCodex(f *testing.F) {
	addSeeds(f, "codex")
	f.Fuzz(func(t *testing.T, b []byte) {
		fuzzRead(t, b, "sessions/2026/01/20/rollout-2026-01-20T10-05-33-019bd2a4-6c1e-7f30-b8d2-5e4a3c2b1a09.jsonl", Codex)
		fuzzRead(t, b, "rollout-old.jsonl", Codex)
		fuzzRead(t, b, "rollout-x.jsonl.zst", Codex)
	})
}
