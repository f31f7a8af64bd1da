package transcript

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Antigravity CLI (agy, Gemini CLI's successor) keeps each conversation
// under <root>/brain/<conversation-id>/, with its steps appended to
// .system_generated/logs/transcript_full.jsonl (and a compacted
// transcript.jsonl whose long outputs are cut). Each line is one step:
//
//	{"step_index":3,"source":"USER_EXPLICIT","type":"USER_INPUT","status":"DONE",
//	 "created_at":"2026-06-20T09:14:05.120Z","content":"<USER_REQUEST>\n…\n</USER_REQUEST>…"}
//	{"step_index":4,"source":"MODEL","type":"PLANNER_RESPONSE","content":"…","thinking":"…",
//	 "tool_calls":[{"name":"run_command","args":{"CommandLine":"\"go test ./...\""}}]}
//	{"step_index":5,"source":"MODEL","type":"RUN_COMMAND","status":"DONE","content":"ok"}
//
// The format is not documented by Google; it is what public tools that read
// it agree on (see the README). Policies:
//   - A human turn is a USER_INPUT step not sourced by the system, counted
//     by the text inside its <USER_REQUEST> wrapper (the whole content when
//     unwrapped); an empty request is not a turn.
//   - CHECKPOINT, CONVERSATION_HISTORY and KNOWLEDGE_ARTIFACTS are context
//     the agent injected (compaction summaries, knowledge items): never
//     messages. SYSTEM_MESSAGE steps are notices.
//   - Any other step is the result of a tool call the preceding
//     PLANNER_RESPONSE declared; lines carry no call id, so results pair
//     with declarations in order, and an unpaired result is a tool message.
//   - The conversation id is the brain/<id> directory name; the workspace
//     is not in the transcript but in <root>/history.jsonl
//     (AntigravityWorkspaces).
const (
	antigravityLogs    = ".system_generated/logs"
	antigravityFull    = "transcript_full.jsonl"
	antigravityCompact = "transcript.jsonl"
)

// antigravityStep is one line of a transcript.
type antigravityStep struct {
	Source    string          `json:"source"`
	Type      string          `json:"type"`
	Status    string          `json:"status"`
	Content   json.RawMessage `json:"content"`
	Thinking  string          `json:"thinking"`
	CreatedAt string          `json:"created_at"`
	Index     *int            `json:"step_index"`
	ToolCalls []struct {
		Name string                     `json:"name"`
		Args map[string]json.RawMessage `json:"args"`
	} `json:"tool_calls"`
}

// text is the step's content as text (a string, or the raw JSON of
// anything else).
func (s *antigravityStep) text() string {
	var str string
	if json.Unmarshal(s.Content, &str) == nil {
		return str
	}
	return string(bytes.TrimSpace(s.Content))
}

var antigravityInjected = map[string]bool{"CHECKPOINT": true, "CONVERSATION_HISTORY": true, "KNOWLEDGE_ARTIFACTS": true}

func readAntigravity(rd *Reader, r io.Reader, path string, full bool) (Session, []Message, error) {
	s := Session{ID: antigravityID(path), Kind: KindMain}
	var (
		msgs    []Message
		pending []callRef // declared tool calls awaiting their results, in order
		seen    bool
	)
	lr := rd.lines(r)
	for {
		line, ok, err := lr.next()
		if err != nil {
			return Session{BadLines: s.BadLines + lr.bad}, nil, err
		}
		if !ok {
			break
		}
		var st antigravityStep
		if json.Unmarshal(line, &st) != nil || st.Type == "" {
			s.BadLines++
			continue
		}
		seen = true
		at, _ := time.Parse(time.RFC3339Nano, st.CreatedAt)
		if !at.IsZero() {
			if s.Start.IsZero() || at.Before(s.Start) {
				s.Start = at
			}
			if at.After(s.LastUpdated) {
				s.LastUpdated = at
			}
		}
		id := ""
		if st.Index != nil {
			id = strconv.Itoa(*st.Index)
		}
		switch {
		case antigravityInjected[st.Type]:
		case st.Type == "USER_INPUT":
			pending = pending[:0]
			text := strings.TrimSpace(antigravityRequest(st.text()))
			msgs = append(msgs, Message{ID: id, Time: at, Role: RoleUser, Text: text, Human: st.Source != "SYSTEM" && text != ""})
		case st.Type == "PLANNER_RESPONSE":
			pending = pending[:0]
			m := Message{ID: id, Time: at, Role: RoleAssistant, Text: strings.TrimSpace(st.text())}
			for _, tc := range st.ToolCalls {
				pending = append(pending, callRef{len(msgs), len(m.ToolCalls)})
				m.ToolCalls = append(m.ToolCalls, ToolCall{Name: tc.Name, Args: antigravityArgs(tc.Args)})
			}
			msgs = append(msgs, m)
		case st.Type == "SYSTEM_MESSAGE":
			msgs = append(msgs, Message{ID: id, Time: at, Role: RoleInfo, Text: strings.TrimSpace(st.text())})
		default:
			status := antigravityStatus(st.Status)
			if len(pending) > 0 {
				c := &msgs[pending[0].msg].ToolCalls[pending[0].call]
				pending = pending[1:]
				c.Output, c.Status, c.Error = st.text(), status, status == "error"
				continue
			}
			msgs = append(msgs, Message{ID: id, Time: at, Role: RoleTool, Text: st.text(),
				ToolCalls: []ToolCall{{Name: strings.ToLower(st.Type), Output: st.text(), Status: status, Error: status == "error"}}})
		}
	}
	s.BadLines += lr.bad
	if !seen {
		return s, nil, ErrNotSession
	}
	s.UserMessages = countHuman(msgs)
	for i := range msgs {
		if msgs[i].Human {
			s.Summary = oneLine(msgs[i].Text)
			break
		}
	}
	if !full {
		return s, nil, nil
	}
	return s, msgs, nil
}

// callRef points at one tool call of one message.
type callRef struct{ msg, call int }

// antigravityRequest is the person's words inside the <USER_REQUEST>
// wrapper Antigravity puts around every typed turn, or the whole text when
// there is none.
func antigravityRequest(text string) string {
	_, rest, ok := strings.Cut(text, "<USER_REQUEST>")
	if !ok {
		return text
	}
	req, _, _ := strings.Cut(rest, "</USER_REQUEST>")
	return req
}

// antigravityArgs undoes the per-value JSON encoding of tool call
// arguments (a string argument arrives as "\"value\""), keeping a value
// that is not JSON as the string it is.
func antigravityArgs(args map[string]json.RawMessage) json.RawMessage {
	if len(args) == 0 {
		return nil
	}
	out := make(map[string]json.RawMessage, len(args))
	for k, v := range args {
		var s string
		if json.Unmarshal(v, &s) == nil && json.Valid([]byte(s)) {
			out[k] = json.RawMessage(s)
			continue
		}
		out[k] = v
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil
	}
	return b
}

func antigravityStatus(s string) string {
	switch s {
	case "DONE":
		return "success"
	case "ERROR", "FAILED":
		return "error"
	case "CANCELED", "CANCELLED":
		return "cancelled"
	case "":
		return ""
	}
	return strings.ToLower(s)
}

// oneLine is the first line of s, cut to a title's length.
func oneLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:80]) + "…"
	}
	return s
}

// antigravityID is the conversation id: the brain/<id> directory holding
// .system_generated/logs/<file>.
func antigravityID(path string) string {
	return filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(path))))
}

// AntigravityDir is Antigravity CLI's data directory: <home>/.gemini/
// antigravity-cli, where home is $GEMINI_CLI_HOME when set (Antigravity
// CLI reuses Gemini CLI's ~/.gemini tree).
func AntigravityDir(geminiDir string) string { return filepath.Join(geminiDir, "antigravity-cli") }

// AntigravityFiles lists one transcript per conversation under root
// (AntigravityDir): brain/<id>/.system_generated/logs/transcript_full.jsonl,
// else the compacted transcript.jsonl beside it. Only regular files count;
// symlinks are never followed. A missing brain directory is not an error.
func AntigravityFiles(root string) ([]string, error) {
	brain := filepath.Join(root, "brain")
	ents, err := os.ReadDir(brain)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		logs := filepath.Join(brain, e.Name(), filepath.FromSlash(antigravityLogs))
		for _, name := range []string{antigravityFull, antigravityCompact} {
			p := filepath.Join(logs, name)
			if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() {
				out = append(out, p)
				break
			}
		}
	}
	return out, nil
}

// AntigravityWorkspaces maps conversation ids to the workspace each was
// started in, from <root>/history.jsonl (one line per submitted prompt:
// {"conversationId", "workspace", …}; the first workspace of an id wins).
// The transcripts do not record it. A missing history is an empty map;
// malformed lines are skipped.
func AntigravityWorkspaces(root string) (map[string]string, error) {
	out := map[string]string{}
	f, err := os.Open(filepath.Join(root, "history.jsonl"))
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return out, err
	}
	defer f.Close()
	lr := newLineReader(f, MaxLineBytes, readBufSize)
	for {
		line, ok, err := lr.next()
		if err != nil {
			return out, err
		}
		if !ok {
			return out, nil
		}
		var rec struct {
			ConversationID string `json:"conversationId"`
			Workspace      string `json:"workspace"`
		}
		if json.Unmarshal(line, &rec) != nil || rec.ConversationID == "" || rec.Workspace == "" {
			continue
		}
		if _, ok := out[rec.ConversationID]; !ok {
			out[rec.ConversationID] = strings.TrimPrefix(rec.Workspace, "file://")
		}
	}
}
