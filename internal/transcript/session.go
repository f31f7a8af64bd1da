// Package transcript reads the session transcripts that coding agents
// (Gemini CLI, Claude Code, Codex) leave on disk and turns each of them into
// one common Session model, so that the scanner, the renderers and the
// extractors never care which agent wrote a file.
//
// Readers stream line by line with no line-length limit, never stop on bad
// input (bad lines are counted, a half-written last line is ignored) and count
// only genuine human turns: text a person typed, not tool results, injected
// context, compression summaries or slash commands.
//
// Policies where the agents leave room for choice:
//   - Gemini: a sub-agent file (kind "subagent") has no human turns; a .jsonl
//     file without a metadata line is ErrNotSession (only .json files are read
//     as one legacy document; one that stops before its end is
//     ErrIncomplete). Where Gemini CLI drops every line JSON.parse rejects,
//     one kind is kept for speed: an assistant, notice or tool-response
//     record damaged after its id and type (it never counts as a human
//     turn). A record is classified by the first type it shows once its id
//     is known.
//   - Gemini: a tool response is never a human turn, whether a
//     functionResponse part or the "[Function Response: name]" text old
//     versions stored; a text starting with "/" is dropped only when it is a
//     built-in command (the UI never records those, so any other "/…" text
//     was sent to the model).
//   - Claude Code: built-in slash commands are not counted, nor a custom one
//     typed without arguments, whether recorded as <command-name> tags or as
//     plain "/name args" text; the arguments typed after a custom command
//     are the person's words: they count, and they are the message's text.
//     A path such as "/etc/hosts is wrong" is prose and counts. Queued prompts
//     (attachment queued_command) are not counted. Sidechain records are left
//     out of a main session's messages. Session.ID is the file name.
//   - Codex: a forked or spawned thread starts with a copy of its parent's
//     history, written when the fork is created; only user_message events
//     more than a second after the fork's own session_meta count. Role-user
//     response items are not messages in event-bearing rollouts (they mirror
//     the events, plus injected context). Titles live outside the rollout:
//     see CodexTitles.
package transcript

import (
	"encoding/json"
	"time"
)

// Source names the agent that wrote a transcript.
type Source string

// Sources automem can read.
const (
	Gemini Source = "gemini"
	Claude Source = "claude"
	Codex  Source = "codex"
	// Antigravity is Antigravity CLI (agy), Gemini CLI's successor.
	Antigravity Source = "antigravity"
)

// Kind tells a main conversation from a sub-agent run; sub-agents are never
// eligible because their "user" turns are written by another agent.
type Kind string

// Session kinds.
const (
	KindMain     Kind = "main"
	KindSubagent Kind = "subagent"
)

// Session is the metadata of one transcript file: everything the eligibility
// scan and the session index need, without the messages themselves. It is
// small and JSON-serialisable so that the scan cache can store it.
type Session struct {
	Source      Source    `json:"source"`
	ID          string    `json:"sessionId"`
	Path        string    `json:"path"`
	ProjectRoot string    `json:"projectRoot,omitempty"` // from the transcript when it records one (Claude, Codex cwd)
	Kind        Kind      `json:"kind"`
	Forked      bool      `json:"forked,omitempty"` // Codex fork / Claude fork: starts with a copy of another session
	Start       time.Time `json:"startTime"`
	LastUpdated time.Time `json:"lastUpdated"`
	// UserMessages is the number of genuine human turns.
	UserMessages int `json:"userMessages"`
	// Summary is the agent's one-line title for the session, if any.
	Summary string `json:"summary,omitempty"`
	// Workflow is the sanitised workflow hint (Gemini memoryScratchpad), if any.
	Workflow string `json:"workflow,omitempty"`
	// BadLines counts lines that were skipped as malformed.
	BadLines int `json:"badLines,omitempty"`
}

// Role says who produced a message.
type Role string

// Message roles.
const (
	RoleUser      Role = "user"      // typed by a person (Human true) or injected as the user (Human false)
	RoleAssistant Role = "assistant" // model text, possibly with tool calls
	RoleTool      Role = "tool"      // a tool result recorded as its own record
	RoleInfo      Role = "info"      // UI notices, errors, warnings, system records
)

// Message is one resolved message of a transcript, in conversation order,
// after de-duplication, rewinds and checkpoints have been applied.
type Message struct {
	ID        string     `json:"id"`
	Time      time.Time  `json:"timestamp"`
	Role      Role       `json:"role"`
	Human     bool       `json:"human"` // a genuine human turn
	Text      string     `json:"text"`
	ToolCalls []ToolCall `json:"toolCalls,omitempty"`
}

// ToolCall is one tool invocation made by the assistant and, when recorded,
// its result.
type ToolCall struct {
	ID     string          `json:"id"`
	Name   string          `json:"name"`
	Args   json.RawMessage `json:"args,omitempty"`
	Status string          `json:"status,omitempty"` // success, error, cancelled, … ("" when unknown)
	Output string          `json:"output,omitempty"`
	Error  bool            `json:"error,omitempty"`
}
