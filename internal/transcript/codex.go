package transcript

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"strings"
	"time"
)

// codexRequestMarker precedes the person's own words when Codex wraps a
// request (IDE context, review prompts); Codex's own title logic strips up to
// it, and so do we.
const codexRequestMarker = "## My request for Codex:"

// codexInjected are the openings of role-user items that Codex injects
// itself; they matter only for old rollouts without event records.
var codexInjected = []string{
	"# AGENTS.md instructions for ",
	"<user_instructions>",
	"<environment_context>",
	"<collaboration_mode>",
	"<skill",
	"<user_shell_command>",
	"<turn_aborted>",
}

// forkGrace separates a fork's inherited prefix from its own turns: Codex
// writes the copied history when the fork is created, in one batch with the
// fork's session_meta (or with the original, earlier times), while a person's
// next prompt comes later.
const forkGrace = time.Second

// codexFields are the members of a rollout line (envelope or bare item) and
// of its payload that automem looks at.
type codexFields struct {
	ts, typ, payload                   []byte
	id, forkedFrom, cwd, source        []byte
	role, content, message, kind       []byte
	images, localImages                []byte
	name, arguments, input, callID     []byte
	output, action, status, recordType []byte
}

func (f *codexFields) collect(k, v []byte) {
	switch string(k) {
	case "timestamp":
		f.ts = v
	case "type":
		f.typ = v
	case "payload":
		f.payload = v
	case "id":
		f.id = v
	case "forked_from_id":
		f.forkedFrom = v
	case "cwd":
		f.cwd = v
	case "source":
		f.source = v
	case "role":
		f.role = v
	case "content":
		f.content = v
	case "message":
		f.message = v
	case "kind":
		f.kind = v
	case "images":
		f.images = v
	case "local_images":
		f.localImages = v
	case "name":
		f.name = v
	case "arguments":
		f.arguments = v
	case "input":
		f.input = v
	case "call_id":
		f.callID = v
	case "output":
		f.output = v
	case "action":
		f.action = v
	case "status":
		f.status = v
	case "record_type":
		f.recordType = v
	}
}

type codexMeta struct {
	id, cwd    string
	forkedFrom string
	ts         time.Time
	subagent   bool
}

type codexCand struct {
	idx int
	ts  time.Time
}

// codexReader folds a Codex rollout into one Session. Human turns come from
// user_message events (or, in envelope-less old files, from role-user items
// that are not injected context); a fork's inherited turns are not counted.
type codexReader struct {
	full       bool
	fileID     string
	modeSet    bool
	envelope   bool
	own, first *codexMeta
	foreign    bool
	turnCwd    string
	start      time.Time
	last       time.Time
	msgs       []Message
	cands      []codexCand
	calls      map[string][2]int
	bad        int
}

func readCodex(rd *Reader, r io.Reader, path string, full bool) (Session, []Message, error) {
	c := &codexReader{full: full, fileID: codexFileID(path), calls: map[string][2]int{}}
	if isZstd(path) {
		z, closeFn, err := decompress(r)
		if err != nil {
			return Session{BadLines: 1}, nil, err
		}
		defer closeFn()
		r = z
	}
	lr := rd.lines(r)
	for {
		line, ok, err := lr.next()
		if err != nil {
			return Session{BadLines: c.bad + lr.bad}, nil, err
		}
		if !ok {
			break
		}
		c.line(line)
	}
	c.bad += lr.bad
	if z, ok := r.(*zstdTail); ok && z.broken {
		c.bad++
	}
	return c.finish()
}

// codexFileID extracts the thread uuid that ends a rollout file name.
func codexFileID(path string) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, ".zst")
	base = strings.TrimSuffix(base, ".jsonl")
	if len(base) < 36 {
		return ""
	}
	id := base[len(base)-36:]
	for _, i := range []int{8, 13, 18, 23} {
		if id[i] != '-' {
			return ""
		}
	}
	return id
}

func (c *codexReader) line(b []byte) {
	if len(bytes.TrimSpace(b)) == 0 {
		return
	}
	var f codexFields
	if err := eachField(b, f.collect); err != nil {
		c.bad++
		return
	}
	ts := rawTime(f.ts)
	if !ts.IsZero() {
		if c.start.IsZero() || ts.Before(c.start) {
			c.start = ts
		}
		if ts.After(c.last) {
			c.last = ts
		}
	}
	env := isString(f.typ) && len(f.payload) > 0 && f.payload[0] == '{'
	if !c.modeSet {
		c.modeSet, c.envelope = true, env
	}
	if env != c.envelope {
		return // a stray line of the other generation
	}
	if !env {
		c.bare(&f, ts)
		return
	}
	var p codexFields
	fieldsOf(f.payload, p.collect)
	switch str(f.typ) {
	case "session_meta":
		c.meta(&p)
	case "turn_context":
		if c.turnCwd == "" {
			c.turnCwd = str(p.cwd)
		}
	case "event_msg":
		if str(p.typ) == "user_message" {
			c.userEvent(&p, ts)
		}
	case "response_item":
		c.item(&p, ts, false)
	}
}

// bare handles a line of an old rollout: a flat header, then bare items.
func (c *codexReader) bare(f *codexFields, ts time.Time) {
	if f.typ == nil && isString(f.id) {
		c.meta(f)
		return
	}
	c.item(f, ts, true)
}

func (c *codexReader) meta(p *codexFields) {
	m := &codexMeta{id: str(p.id), cwd: str(p.cwd), forkedFrom: str(p.forkedFrom), ts: rawTime(p.ts)}
	fieldsOf(p.source, func(k, _ []byte) {
		if string(k) == "subagent" {
			m.subagent = true
		}
	})
	if c.first == nil {
		c.first = m
	}
	if c.own == nil && c.fileID != "" && m.id == c.fileID {
		c.own = m
	}
	if m.id != c.first.id {
		c.foreign = true // a fork embeds its source's meta
	}
}

func (c *codexReader) userEvent(p *codexFields, ts time.Time) {
	if k := str(p.kind); p.kind != nil && string(p.kind) != "null" && k != "plain" {
		return // injected instructions or environment, old event kinds
	}
	text := codexStrip(str(p.message))
	images := nonEmptyArray(p.images) || nonEmptyArray(p.localImages)
	if strings.TrimSpace(text) == "" && !images {
		return
	}
	c.cands = append(c.cands, codexCand{idx: len(c.msgs), ts: ts})
	m := Message{Role: RoleUser, Human: true, Time: ts}
	if c.full {
		m.Text = text
	}
	c.msgs = append(c.msgs, m)
}

// item handles a response item (a payload, or a bare line in old files).
func (c *codexReader) item(p *codexFields, ts time.Time, bare bool) {
	switch str(p.typ) {
	case "message":
		switch str(p.role) {
		case "assistant":
			if c.full {
				if t := codexContentText(p.content); strings.TrimSpace(t) != "" {
					c.msgs = append(c.msgs, Message{ID: str(p.id), Time: ts, Role: RoleAssistant, Text: t})
				}
			}
		case "user":
			if !bare {
				return // mirrors the user_message events, plus injected context
			}
			text := codexStrip(codexContentText(p.content))
			t := strings.TrimSpace(text)
			if t == "" || codexIsInjected(t) {
				return
			}
			c.cands = append(c.cands, codexCand{idx: len(c.msgs), ts: ts})
			m := Message{ID: str(p.id), Role: RoleUser, Human: true, Time: ts}
			if c.full {
				m.Text = text
			}
			c.msgs = append(c.msgs, m)
		}
	case "function_call", "custom_tool_call", "local_shell_call":
		if c.full {
			c.call(p, ts)
		}
	case "function_call_output", "custom_tool_call_output":
		if c.full {
			c.output(p, ts)
		}
	}
}

func (c *codexReader) call(p *codexFields, ts time.Time) {
	tc := ToolCall{ID: str(p.callID), Name: str(p.name), Status: str(p.status)}
	switch {
	case p.arguments != nil:
		tc.Args = codexArgs(p.arguments)
	case p.input != nil:
		tc.Args = codexArgs(p.input)
	case p.action != nil:
		tc.Args = json.RawMessage(clone(p.action))
	}
	if tc.Name == "" && str(p.typ) == "local_shell_call" {
		tc.Name = "local_shell"
	}
	n := len(c.msgs)
	if n == 0 || c.msgs[n-1].Role != RoleAssistant {
		c.msgs = append(c.msgs, Message{Time: ts, Role: RoleAssistant})
		n++
	}
	m := &c.msgs[n-1]
	if tc.ID != "" {
		c.calls[tc.ID] = [2]int{n - 1, len(m.ToolCalls)}
	}
	m.ToolCalls = append(m.ToolCalls, tc)
}

func (c *codexReader) output(p *codexFields, ts time.Time) {
	out, isErr := codexOutput(p.output)
	status := "success"
	if isErr {
		status = "error"
	}
	id := str(p.callID)
	if at, ok := c.calls[id]; ok {
		tc := &c.msgs[at[0]].ToolCalls[at[1]]
		tc.Output, tc.Error = out, isErr
		if tc.Status == "" || tc.Status == "completed" {
			tc.Status = status
		}
		return
	}
	c.msgs = append(c.msgs, Message{Time: ts, Role: RoleTool, Text: out,
		ToolCalls: []ToolCall{{ID: id, Output: out, Error: isErr, Status: status}}})
}

// codexArgs keeps a JSON-encoded arguments string as the JSON it holds, or
// the raw value when it is not such a string.
func codexArgs(v []byte) json.RawMessage {
	if s, ok := jsonString(v); ok {
		if json.Valid([]byte(s)) {
			return json.RawMessage(s)
		}
	}
	return json.RawMessage(clone(v))
}

// codexOutput reads a call output: a string, or an object with output or
// content text and an optional success flag.
func codexOutput(v []byte) (string, bool) {
	if s, ok := jsonString(v); ok {
		return s, false
	}
	var out, content, success []byte
	fieldsOf(v, func(k, fv []byte) {
		switch string(k) {
		case "output":
			out = fv
		case "content":
			content = fv
		case "success":
			success = fv
		}
	})
	isErr := string(success) == "false"
	if s, ok := jsonString(out); ok {
		return s, isErr
	}
	if s, ok := jsonString(content); ok {
		return s, isErr
	}
	return codexContentText(content), isErr
}

// codexContentText joins the text of input_text / output_text items.
func codexContentText(v []byte) string {
	if s, ok := jsonString(v); ok {
		return s
	}
	var parts []string
	eachElem(v, func(it []byte) {
		fieldsOf(it, func(k, tv []byte) {
			if string(k) == "text" {
				if s, ok := jsonString(tv); ok {
					parts = append(parts, s)
				}
			}
		})
	})
	return strings.Join(parts, "\n")
}

func codexStrip(s string) string {
	if _, after, ok := strings.Cut(s, codexRequestMarker); ok {
		return strings.TrimSpace(after)
	}
	return s
}

func codexIsInjected(t string) bool {
	for _, p := range codexInjected {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

func nonEmptyArray(v []byte) bool {
	n := 0
	eachElem(v, func([]byte) { n++ })
	return n > 0
}

func (c *codexReader) finish() (Session, []Message, error) {
	s := Session{BadLines: c.bad, Kind: KindMain, LastUpdated: c.last, Start: c.start}
	m := c.own
	if m == nil {
		m = c.first
	}
	switch {
	case m != nil && m.id != "":
		s.ID = m.id
	default:
		s.ID = c.fileID
	}
	if s.ID == "" {
		return s, nil, ErrNotSession
	}
	if m != nil {
		if !m.ts.IsZero() {
			s.Start = m.ts
		}
		s.ProjectRoot = m.cwd
		if m.subagent {
			s.Kind = KindSubagent
		}
		s.Forked = m.forkedFrom != ""
	}
	s.Forked = s.Forked || c.foreign
	if s.ProjectRoot == "" {
		s.ProjectRoot = c.turnCwd
	}
	if s.Forked || s.Kind == KindSubagent {
		cutoff := time.Time{}
		if m != nil {
			cutoff = m.ts
		}
		for _, cd := range c.cands {
			own := s.Kind == KindMain && !cutoff.IsZero() && cd.ts.After(cutoff.Add(forkGrace))
			c.msgs[cd.idx].Human = own
		}
	}
	s.UserMessages = countHuman(c.msgs)
	if !c.full {
		return s, nil, nil
	}
	return s, c.msgs, nil
}
