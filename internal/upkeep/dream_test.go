package upkeep

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// turn is one step of a made-up session: a person's words, or a shell
// command the agent ran with its outcome ("success", "error", "cancelled").
type turn struct{ said, ran, outcome string }

func said(s string) turn           { return turn{said: s} }
func ran(cmd, outcome string) turn { return turn{ran: cmd, outcome: outcome} }

// dreamSessions builds sessions s0, s1, … one day apart from the turns.
func dreamSessions(turns ...[]turn) []Session {
	day := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	var out []Session
	for i, ts := range turns {
		id := fmt.Sprintf("s%d", i)
		start := day.Add(time.Duration(i) * 24 * time.Hour)
		s := Session{ID: id, At: start.Add(time.Hour)}
		for j, tn := range ts {
			m := transcript.Message{ID: fmt.Sprintf("%s-%d", id, j), Time: start.Add(time.Duration(j) * time.Minute)}
			if tn.said != "" {
				m.Role, m.Human, m.Text = transcript.RoleUser, true, tn.said
			} else {
				args, _ := json.Marshal(map[string]string{"command": tn.ran})
				m.Role = transcript.RoleAssistant
				m.ToolCalls = []transcript.ToolCall{{ID: m.ID + "-t", Name: "Bash", Args: args, Status: tn.outcome, Error: tn.outcome == "error"}}
			}
			s.Messages = append(s.Messages, m)
		}
		out = append(out, s)
	}
	return out
}

func TestDream(t *testing.T) {
	ok, fail, refuse := "success", "error", "cancelled"
	fixed := []turn{said("Fix the failing tests."), ran("go test ./...", fail), ran("go mod tidy", ok), ran("go test ./...", ok)}
	lint := []turn{ran("golangci-lint run", ok), ran("go test ./...", ok)}
	streak := []turn{ran("go test ./...", fail), ran("go test ./...", fail), ran("go test ./...", fail)}
	full := dreamSessions(
		fixed, fixed,
		append(lint, said("No, use pnpm, not npm.")),
		append(lint, said("Always prefer table tests over separate test functions.")),
		append(lint, ran("git push --force origin main", refuse)),
		[]turn{ran("golangci-lint run", ok), ran("go vet ./...", ok)},
		[]turn{ran("go vet ./...", ok), said("No, use pnpm instead of npm.")},
		[]turn{ran("go vet ./...", ok), said("Prefer table tests over separate test functions, always.")},
		[]turn{ran("go build ./...", ok)},
		[]turn{ran("go build ./...", ok), ran("git push --force origin main", refuse)},
		streak, streak,
	)
	want := []string{
		"What worked|When `go test ./...` failed, running `go mod tidy` and checking again fixed it (2 sessions).|s1|s1-3",
		"What worked|`go test ./...` passed in 5 of the last 12 sessions: run it before calling work done.|s4|s4-1",
		"What worked|`golangci-lint run` passed in 4 of the last 12 sessions: run it before calling work done.|s5|s5-0",
		"Mistakes and how to avoid them|Use pnpm instead of npm (corrected in 2 sessions)|s6|s6-1",
		"Rules of judgement|Prefer table tests over separate test functions, always (stated in 2 sessions)|s7|s7-1",
		"Warning signs|The person refused `git push --force origin main` (2 sessions): ask before running it.|s9|s9-1",
		"Warning signs|`go test ./...` failed 3 times in a row (2 sessions): stop and read the first error before retrying.|s11|s11-2",
	}
	tests := []struct {
		name     string
		sessions []Session
		want     []string
	}{
		{"every section, three at most", full, want},
		{"fewer than ten sessions", full[:9], nil},
		{"nothing seen twice", dreamSessions(fixed, lint, streak, []turn{said("No, use pnpm, not npm.")}, nil, nil, nil, nil, nil, nil), nil},
		{"ten quiet sessions", dreamSessions(nil, nil, nil, nil, nil, nil, nil, nil, nil, []turn{said("Thanks!")}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, it := range Dream(tt.sessions) {
				got = append(got, strings.Join([]string{it.Section, it.Line, it.Proof.SessionID, it.Proof.MessageID}, "|"))
				if it.Proof.Quote == "" || it.Proof.At.IsZero() {
					t.Errorf("item without evidence: %+v", it)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Dream =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
	// Deterministic: the same sessions, the same notes.
	a, b := Dream(full), Dream(full)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("Dream is not deterministic")
	}
}
