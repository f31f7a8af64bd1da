package render_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/automem/automem/internal/render"
	"github.com/automem/automem/internal/transcript"
)

func ExampleTranscript() {
	at := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	sess := transcript.Session{Source: transcript.Gemini, ID: "0b7e7fda", Kind: transcript.KindMain, Start: at, LastUpdated: at, UserMessages: 1}
	msgs := []transcript.Message{
		{ID: "m0", Time: at, Role: transcript.RoleUser, Text: "<session_context>\nThis is the Gemini CLI.\n</session_context>"},
		{ID: "m1", Time: at, Role: transcript.RoleUser, Human: true, Text: "run the tests"},
		{ID: "m2", Time: at, Role: transcript.RoleAssistant, ToolCalls: []transcript.ToolCall{
			{ID: "c1", Name: "run_shell_command", Args: json.RawMessage(`{"command":"npm test"}`), Status: "success", Output: "ok 12 tests"},
		}},
		{ID: "m3", Time: at, Role: transcript.RoleTool, Text: "ok 12 tests"},
	}
	// In production: redact.Redactor.Hook. Every transcript text passes it.
	red := func(s string) string { return strings.ReplaceAll(s, "hunter2", "[REDACTED:password]") }
	r := render.Transcript(sess, msgs, red, render.Options{})
	fmt.Print(r.Page(0, 0))
	// Output:
	// # transcript 0b7e7fda (gemini, main) 2026-05-01T09:00:00Z, 1 human turns, 4 messages
	// # "## [n] role time id=…" starts message n; "→ tool {args} [status]" is a tool call and the indented lines below it its output; "[… cut …]" marks omitted text.
	// ## [1] context 2026-05-01T09:00:00Z id=m0 <session_context> omitted (60 bytes)
	// ## [2] user (human) 2026-05-01T09:00:00Z id=m1
	// run the tests
	// ## [3] assistant 2026-05-01T09:00:00Z id=m2
	// → run_shell_command {"command":"npm test"} [success]
	//   ok 12 tests
	// [automem: end of transcript, 8 lines]
}
