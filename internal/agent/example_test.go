package agent_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/automem/automem/internal/agent"
	"github.com/automem/automem/internal/credentials"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/prompt"
	"github.com/automem/automem/internal/sandbox"
	"github.com/rs/zerolog"
)

// Example shows how the extract job composes the four packages for one
// project. render and redact come from other packages (transcript rendering
// and the secret redactor).
func Example() {
	home, memDir := "/home/u", "/home/u/.gemini/tmp/proj/memory"
	render := func(path string, offset, limit int) (string, error) { return "", nil }
	redact := func(s string) string { return s }
	log := zerolog.Nop()

	cred, err := credentials.Resolve(credentials.Options{Getenv: os.Getenv, ReadFile: os.ReadFile, Stat: os.Stat})
	if err != nil {
		return // no key: use the offline extractor
	}
	offered := []string{"/home/u/.gemini/tmp/proj/chats/session-2026-05-01T09-00-0b7e7fda.jsonl"}
	sb, err := sandbox.New(sandbox.Config{
		Memory:        memdir.Shared(memDir, "", nil),
		SkillRoots:    []string{filepath.Join(home, ".gemini/skills"), filepath.Join(home, ".agents/skills")},
		Transcripts:   offered,
		ReadOnlyFiles: []string{filepath.Join(home, ".gemini/GEMINI.md")},
		Render:        render,
	})
	if err != nil {
		return
	}
	defer sb.Close()
	in := prompt.Input{
		Memory: memdir.Shared(memDir, filepath.Join(home, ".gemini/GEMINI.md"), nil),
		Index:  []string{"[NEW] Fix flaky tests (12 user msgs) — " + offered[0]},
	}
	res := agent.Run(context.Background(), agent.Config{
		BaseURL: cred.BaseURL, Model: cred.Model, APIKey: cred.Key,
		MaxTurns: 30, MaxTime: 30 * time.Minute,
		Redact: redact, Log: log,
	}, sb, prompt.System(in.Memory), prompt.User(in))
	fmt.Println(res.Reason, res.SessionsRead, sb.Written())
}
