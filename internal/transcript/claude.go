package transcript

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// claudeFields are the envelope members of one Claude Code record that
// automem looks at, as raw sub-slices of the line.
type claudeFields struct {
	typ, uuid, ts, cwd, sessionID                  []byte
	isSidechain, isMeta, isCompact, toolUseResult  []byte
	origin, message, content, forkedFrom           []byte
	customTitle, aiTitle, lastPrompt, summary, sub []byte
}

func (f *claudeFields) collect(k, v []byte) {
	switch string(k) {
	case "type":
		f.typ = v
	case "uuid":
		f.uuid = v
	case "timestamp":
		f.ts = v
	case "cwd":
		f.cwd = v
	case "sessionId":
		f.sessionID = v
	case "isSidechain":
		f.isSidechain = v
	case "isMeta":
		f.isMeta = v
	case "isCompactSummary":
		f.isCompact = v
	case "toolUseResult":
		f.toolUseResult = v
	case "origin":
		f.origin = v
	case "message":
		f.message = v
	case "content":
		f.content = v
	case "forkedFrom":
		f.forkedFrom = v
	case "customTitle":
		f.customTitle = v
	case "aiTitle":
		f.aiTitle = v
	case "lastPrompt":
		f.lastPrompt = v
	case "summary":
		f.summary = v
	case "subtype":
		f.sub = v
	}
}

// claudeReader folds a Claude Code session log into one Session. Titles
// follow the resume list's order of preference; start and end are the
// earliest and latest record times.
type claudeReader struct {
	full                bool
	subagent            bool
	sess                Session
	titles              [4]string // customTitle, aiTitle, lastPrompt, summary
	sidechain, mainline int
	msgs                []Message
	byMsgID             map[string]int    // assistant message.id → index in msgs
	calls               map[string][2]int // tool_use id → (message index, call index)
}

// claudeTag matches text that starts with an XML-like tag: slash-command
// echoes, command output, bash input/output, task notifications and system
// reminders are all wrapped this way and are never typed prose.
var claudeTag = lazyregexp.New(`^\s*<[a-z][\w-]*[\s>]`)

// claudeSlash matches a slash command typed as plain text ("/compact",
// "/review-pr 12"). Policy: a built-in command, or a custom one typed
// without arguments, is an instruction to the CLI, not conversation, and is
// not counted; the arguments typed after a custom command are the person's
// words and count (claudeCommandArgs); a path such as "/home/x fails" is
// prose and counts.
var claudeSlash = lazyregexp.New(`^/[A-Za-z][\w:.-]*(\s|$)`)

var (
	claudeCmdName = lazyregexp.New(`<command-name>\s*/?([^<\s]+)\s*</command-name>`)
	claudeCmdArgs = lazyregexp.New(`(?s)<command-args>(.*?)</command-args>`)
)

// claudeCommandArgs returns the arguments typed after a custom slash
// command, recorded as <command-name>/x</command-name> …
// <command-args>args</command-args> or as plain "/x args" text; ok is false
// for a built-in command, no arguments, or text that is no command.
func claudeCommandArgs(text string) (string, bool) {
	t := strings.TrimSpace(text)
	var name, args string
	if m := claudeCmdName().FindStringSubmatch(t); m != nil && strings.HasPrefix(t, "<") {
		name = strings.ToLower(m[1])
		if a := claudeCmdArgs().FindStringSubmatch(t); a != nil {
			args = strings.TrimSpace(a[1])
		}
	} else if n, a, ok := slashCommand(t); ok {
		name, args = n, a
	} else {
		return "", false
	}
	if claudeBuiltins[name] || args == "" {
		return "", false
	}
	return args, true
}

func readClaude(rd *Reader, r io.Reader, path string, full bool) (Session, []Message, error) {
	c := &claudeReader{
		full:     full,
		subagent: claudeSubagentPath(path),
		byMsgID:  map[string]int{},
		calls:    map[string][2]int{},
	}
	lr := rd.lines(r)
	for {
		line, ok, err := lr.next()
		if err != nil {
			return Session{BadLines: c.sess.BadLines + lr.bad}, nil, err
		}
		if !ok {
			break
		}
		c.line(line)
	}
	c.sess.BadLines += lr.bad
	return c.finish(path)
}

// claudeSubagentPath recognises sub-agent transcripts by their layout:
// <sid>/subagents/[<group>/]agent-<id>.jsonl, or agent-<id>.jsonl beside the
// sessions in older builds.
func claudeSubagentPath(path string) bool {
	if strings.HasPrefix(filepath.Base(path), "agent-") {
		return true
	}
	for _, part := range strings.Split(filepath.ToSlash(path), "/") {
		if part == "subagents" {
			return true
		}
	}
	return false
}

func (c *claudeReader) line(b []byte) {
	if len(bytes.TrimSpace(b)) == 0 {
		return
	}
	var f claudeFields
	if err := eachField(b, f.collect); err != nil {
		c.sess.BadLines++
		return
	}
	if t := rawTime(f.ts); !t.IsZero() {
		if c.sess.Start.IsZero() || t.Before(c.sess.Start) {
			c.sess.Start = t
		}
		if t.After(c.sess.LastUpdated) {
			c.sess.LastUpdated = t
		}
	}
	if c.sess.ProjectRoot == "" {
		c.sess.ProjectRoot, _ = jsonString(f.cwd)
	}
	if f.forkedFrom != nil && string(f.forkedFrom) != "null" {
		c.sess.Forked = true
	}
	typ, _ := jsonString(f.typ)
	c.title(typ, &f)
	switch typ {
	case "user", "assistant", "system":
	default:
		return
	}
	side := truthy(f.isSidechain)
	if side {
		c.sidechain++
	} else {
		c.mainline++
	}
	if side && !c.subagent {
		return // a sub-agent's records inline in the main log
	}
	switch typ {
	case "user":
		c.user(&f, side)
	case "assistant":
		if c.full {
			c.assistant(&f)
		}
	case "system":
		if c.full {
			if s, ok := jsonString(f.content); ok && strings.TrimSpace(s) != "" {
				c.msgs = append(c.msgs, Message{ID: str(f.uuid), Time: rawTime(f.ts), Role: RoleInfo, Text: s})
			}
		}
	}
}

func (c *claudeReader) title(typ string, f *claudeFields) {
	set := func(i int, v []byte) {
		if s, ok := jsonString(v); ok && strings.TrimSpace(s) != "" {
			c.titles[i] = s
		}
	}
	set(0, f.customTitle)
	set(1, f.aiTitle)
	set(2, f.lastPrompt)
	if typ == "summary" {
		set(3, f.summary)
	}
}

func (c *claudeReader) user(f *claudeFields, side bool) {
	var content []byte
	fieldsOf(f.message, func(k, v []byte) {
		if string(k) == "content" {
			content = v
		}
	})
	hasResult := false
	var text strings.Builder
	if s, ok := jsonString(content); ok {
		text.WriteString(s)
	} else {
		eachElem(content, func(blk []byte) {
			var bt, btext, toolID, bcontent, isErr []byte
			fieldsOf(blk, func(k, v []byte) {
				switch string(k) {
				case "type":
					bt = v
				case "text":
					btext = v
				case "tool_use_id":
					toolID = v
				case "content":
					bcontent = v
				case "is_error":
					isErr = v
				}
			})
			switch t, _ := jsonString(bt); t {
			case "text":
				if s, ok := jsonString(btext); ok {
					if text.Len() > 0 {
						text.WriteByte('\n')
					}
					text.WriteString(s)
				}
			case "tool_result":
				hasResult = true
				if c.full {
					c.result(str(toolID), blockText(bcontent), truthy(isErr), f)
				}
			}
		})
	}
	typed := text.String()
	if args, ok := claudeCommandArgs(typed); ok {
		// What the person typed after a custom command is their words.
		typed = args
	}
	human := !side && !hasResult && claudeHuman(f, typed)
	if hasResult && !human {
		return // results were attached to their calls
	}
	if !c.full && !human {
		return
	}
	m := Message{ID: str(f.uuid), Role: RoleUser, Human: human}
	if c.full {
		m.Time, m.Text = rawTime(f.ts), typed
	}
	c.msgs = append(c.msgs, m)
}

// claudeHuman is Claude Code's own genuine-human predicate (no meta record,
// no tool result, no compaction summary, a human or absent origin) tightened
// as the research notes recommend: no tag-wrapped text, no interruption
// notice, no slash command.
func claudeHuman(f *claudeFields, text string) bool {
	if truthy(f.isMeta) || f.toolUseResult != nil || truthy(f.isCompact) {
		return false
	}
	if f.origin != nil && string(f.origin) != "null" {
		kind := ""
		fieldsOf(f.origin, func(k, v []byte) {
			if string(k) == "kind" {
				kind, _ = jsonString(v)
			}
		})
		if kind != "human" {
			return false
		}
	}
	t := strings.TrimSpace(text)
	return t != "" &&
		!claudeTag().MatchString(t) &&
		!strings.HasPrefix(t, "[Request interrupted") &&
		!claudeSlash().MatchString(t)
}

func (c *claudeReader) assistant(f *claudeFields) {
	var id, content []byte
	fieldsOf(f.message, func(k, v []byte) {
		switch string(k) {
		case "id":
			id = v
		case "content":
			content = v
		}
	})
	key := str(id)
	i, ok := c.byMsgID[key]
	if !ok || key == "" {
		i = len(c.msgs)
		c.msgs = append(c.msgs, Message{ID: str(f.uuid), Time: rawTime(f.ts), Role: RoleAssistant})
		if key != "" {
			c.byMsgID[key] = i
		}
	}
	m := &c.msgs[i]
	if s, ok := jsonString(content); ok {
		appendText(m, s)
		return
	}
	eachElem(content, func(blk []byte) {
		var bt, btext, bid, name, input []byte
		fieldsOf(blk, func(k, v []byte) {
			switch string(k) {
			case "type":
				bt = v
			case "text":
				btext = v
			case "id":
				bid = v
			case "name":
				name = v
			case "input":
				input = v
			}
		})
		switch t, _ := jsonString(bt); t {
		case "text":
			if s, ok := jsonString(btext); ok {
				appendText(m, s)
			}
		case "tool_use":
			tc := ToolCall{ID: str(bid), Name: str(name), Args: json.RawMessage(clone(input))}
			c.calls[tc.ID] = [2]int{i, len(m.ToolCalls)}
			m.ToolCalls = append(m.ToolCalls, tc)
		}
	})
}

// result attaches a tool_result to its call; an orphan result becomes a tool
// message of its own.
func (c *claudeReader) result(id, out string, isErr bool, f *claudeFields) {
	status := "success"
	if isErr {
		status = "error"
	}
	if at, ok := c.calls[id]; ok && at[0] < len(c.msgs) && at[1] < len(c.msgs[at[0]].ToolCalls) {
		tc := &c.msgs[at[0]].ToolCalls[at[1]]
		tc.Output, tc.Error, tc.Status = out, isErr, status
		return
	}
	c.msgs = append(c.msgs, Message{ID: str(f.uuid), Time: rawTime(f.ts), Role: RoleTool, Text: out,
		ToolCalls: []ToolCall{{ID: id, Output: out, Error: isErr, Status: status}}})
}

// blockText flattens a tool_result content: a string or text blocks.
func blockText(v []byte) string {
	if s, ok := jsonString(v); ok {
		return s
	}
	var parts []string
	eachElem(v, func(blk []byte) {
		fieldsOf(blk, func(k, tv []byte) {
			if string(k) == "text" {
				if s, ok := jsonString(tv); ok {
					parts = append(parts, s)
				}
			}
		})
	})
	return strings.Join(parts, "\n")
}

func appendText(m *Message, s string) {
	if strings.TrimSpace(s) == "" {
		return
	}
	if m.Text != "" {
		m.Text += "\n"
	}
	m.Text += s
}

func (c *claudeReader) finish(path string) (Session, []Message, error) {
	s := c.sess
	s.ID = strings.TrimSuffix(filepath.Base(path), ".jsonl")
	s.Kind = KindMain
	if c.subagent || (c.mainline == 0 && c.sidechain > 0) {
		s.Kind = KindSubagent
	}
	for _, t := range c.titles {
		if t != "" {
			s.Summary = t
			break
		}
	}
	if s.Kind == KindSubagent {
		// Every "user" turn of a sub-agent was written by another agent.
		for i := range c.msgs {
			c.msgs[i].Human = false
		}
	}
	s.UserMessages = countHuman(c.msgs)
	if !c.full {
		return s, nil, nil
	}
	return s, c.msgs, nil
}

// str decodes a raw JSON string, or "" for anything else.
func str(v []byte) string {
	s, _ := jsonString(v)
	return s
}
