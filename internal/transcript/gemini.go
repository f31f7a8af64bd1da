package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"hash/maphash"
	"io"
	"strings"
)

// gemFields are the members of one Gemini record (a message, a $set body, the
// metadata line or a legacy document) that automem looks at. Values are raw
// sub-slices of the current line.
type gemFields struct {
	rewind, id, set                      []byte
	sessionID, projectHash, start, last  []byte
	kind, summary, scratch, messages     []byte
	typ, content, display, ts, toolCalls []byte
	fr                                   bool // content's parts include a functionResponse
	final                                bool // settled: identity and type are frozen
}

// settled says the record is a message that cannot be a human turn.
func (f *gemFields) settled() bool {
	if f.rewind != nil || !isString(f.id) || f.typ == nil {
		return false
	}
	return f.fr || !strIs(f.typ, "user")
}

func (f *gemFields) collect(k, v []byte) {
	if f.final {
		// After settling only rendering fields may still change, so a full
		// read classifies the record exactly as a metadata-only read did.
		switch string(k) {
		case "content":
			f.content = v
		case "displayContent":
			f.display = v
		case "timestamp":
			f.ts = v
		case "toolCalls":
			f.toolCalls = v
		}
		return
	}
	switch string(k) {
	case "$rewindTo":
		f.rewind = v
	case "id":
		f.id = v
	case "$set":
		f.set = v
	case "sessionId":
		f.sessionID = v
	case "projectHash":
		f.projectHash = v
	case "startTime":
		f.start = v
	case "lastUpdated":
		f.last = v
	case "kind":
		f.kind = v
	case "summary":
		f.summary = v
	case "memoryScratchpad":
		f.scratch = v
	case "messages":
		f.messages = v
	case "type":
		f.typ = v
	case "content":
		f.content = v
	case "displayContent":
		f.display = v
	case "timestamp":
		f.ts = v
	case "toolCalls":
		f.toolCalls = v
	}
}

// gemMeta is the merged session metadata, copied out of the line buffer.
type gemMeta struct {
	sessionID, projectHash, start, last, kind, summary, scratch []byte
}

func (m *gemMeta) merge(f *gemFields) {
	set := func(dst *[]byte, v []byte) {
		if v != nil {
			*dst = append((*dst)[:0], v...) // reuse: lastUpdated is re-set after every message
		}
	}
	set(&m.sessionID, f.sessionID)
	set(&m.projectHash, f.projectHash)
	set(&m.start, f.start)
	set(&m.last, f.last)
	set(&m.kind, f.kind)
	set(&m.summary, f.summary)
	set(&m.scratch, f.scratch)
}

// gemReader replays Gemini CLI's record log: messages keyed by id (a
// re-appended id replaces the earlier copy in its first position), $set
// merges, checkpoints and rewinds, and the staleness of the scratchpad.
type gemReader struct {
	full     bool
	legacy   bool // whole-file document: no projectHash required
	list     msgList
	meta     gemMeta
	tracking bool // a truthy memoryScratchpad was set
	stale    bool // a message or rewind followed that $set
	bad      int
}

func readGemini(rd *Reader, r io.Reader, path string, full bool) (Session, []Message, error) {
	g := &gemReader{full: full, list: rd.msgList(full)}
	if strings.HasSuffix(path, ".json") {
		g.legacy = true
		g.document(r)
	} else {
		lr := rd.lines(r)
		for {
			line, ok, err := lr.next()
			if err != nil {
				return Session{BadLines: g.bad + lr.bad}, nil, err
			}
			if !ok {
				break
			}
			g.line(line)
		}
		g.bad += lr.bad
	}
	if !full {
		defer func() { rd.items, rd.keys = g.list.items, g.list.keys }()
	}
	return g.finish()
}

func (g *gemReader) line(b []byte) {
	if len(bytes.TrimSpace(b)) == 0 {
		return
	}
	var f gemFields
	if err := g.walk(b, &f); err != nil {
		g.bad++
		return
	}
	g.record(&f)
}

// walk collects the top-level members of one line. Most bytes of a
// transcript sit in assistant records and tool responses, which can never be
// human turns, so the line is "settled" as soon as it is known to be such a
// message (it has a string id and a non-user type, or a user type whose
// first content part is a functionResponse). A metadata-only read stops
// there without looking at the rest; a full read goes on collecting but
// keeps the line even if something after that point is malformed. Both reads
// therefore accept exactly the same lines. Unlike Gemini CLI, which drops
// any line JSON.parse rejects, a damaged assistant or tool record is kept;
// it is never a human turn either way.
func (g *gemReader) walk(b []byte, f *gemFields) error {
	settled := false
	fail := func() error {
		if settled {
			return nil
		}
		return errSyntax
	}
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errSyntax
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		i++
		if skipWS(b, i) != len(b) {
			return errSyntax
		}
		return nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return fail()
		}
		ke, esc, err := skipString(b, i)
		if err != nil {
			return fail()
		}
		key := b[i+1 : ke-1]
		if esc {
			k, _ := jsonString(b[i:ke])
			key = []byte(k)
		}
		i = skipWS(b, ke)
		if i >= len(b) || b[i] != ':' {
			return fail()
		}
		i = skipWS(b, i+1)
		if !settled && !f.fr && string(key) == "content" && strIs(f.typ, "user") && hasFunctionResponse(b[i:]) {
			f.fr = true
			if settled = f.settled(); settled {
				f.final = true
				if !g.full {
					return nil
				}
			}
		}
		vs := i
		if i, err = skipValue(b, i, 1); err != nil {
			return fail()
		}
		f.collect(key, b[vs:i])
		if !settled {
			if settled = f.settled(); settled {
				f.final = true
				if !g.full {
					return nil
				}
			}
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return fail()
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case '}':
			if skipWS(b, i+1) != len(b) {
				return fail()
			}
			return nil
		default:
			return fail()
		}
	}
}

// record applies one record in the order Gemini CLI's loader tests for them.
func (g *gemReader) record(f *gemFields) {
	switch {
	case isString(f.rewind):
		if g.tracking {
			g.stale = true
		}
		g.list.rewind(rawStr(f.rewind))
	case isString(f.id):
		if g.tracking {
			g.stale = true
		}
		g.put(f)
	case len(f.set) > 0 && f.set[0] == '{':
		var s gemFields
		fieldsOf(f.set, s.collect)
		if s.scratch != nil {
			g.tracking = truthy(s.scratch)
			g.stale = false
		}
		if len(s.messages) > 0 && s.messages[0] == '[' {
			g.list.reset()
			g.putAll(s.messages)
		}
		g.meta.merge(&s)
	case isString(f.sessionID) && isString(f.projectHash):
		g.meta.merge(f)
		if len(f.messages) > 0 && f.messages[0] == '[' {
			g.putAll(f.messages)
		}
	}
}

func (g *gemReader) putAll(arr []byte) {
	eachElem(arr, func(v []byte) {
		var m gemFields
		if fieldsOf(v, m.collect) && isString(m.id) {
			g.put(&m)
		}
	})
}

func (g *gemReader) put(f *gemFields) {
	typ := msgType(f.typ)
	fr := f.fr || (!f.final && hasFunctionResponse(f.content))
	m := Message{Human: !f.final && !fr && geminiHuman(typ, f.content, f.display)}
	switch typ {
	case "user":
		m.Role = RoleUser
		if fr {
			m.Role = RoleTool
		}
	case "gemini":
		m.Role = RoleAssistant
	default:
		m.Role = RoleInfo
	}
	if g.full {
		m.Time = rawTime(f.ts)
		switch m.Role {
		case RoleTool:
			m.Text = functionResponsesText(f.content)
		case RoleUser:
			m.Text = partsText(displayOr(f.content, f.display), false)
		default:
			m.Text = partsText(f.content, true)
		}
		m.ToolCalls = geminiToolCalls(f.toolCalls)
	}
	g.list.put(rawStr(f.id), m)
}

// document reads a legacy whole-file session (Gemini CLI ≤0.36 rewrote one
// pretty-printed JSON object). Messages are decoded one at a time so memory
// follows the largest message, not the file.
func (g *gemReader) document(r io.Reader) {
	br := bufio.NewReaderSize(r, readBufSize)
	if p, _ := br.Peek(3); bytes.Equal(p, utf8BOM) {
		_, _ = br.Discard(3)
	}
	dec := json.NewDecoder(br)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		g.bad++
		return
	}
	var top gemFields
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			g.bad++
			break
		}
		if key == "messages" {
			if !g.documentMessages(dec) {
				g.bad++
				break
			}
			continue
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			g.bad++
			break
		}
		top.collect([]byte(key), raw)
	}
	if isString(top.sessionID) {
		g.meta.merge(&top)
	}
}

func (g *gemReader) documentMessages(dec *json.Decoder) bool {
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	if tok != json.Delim('[') {
		_, isDelim := tok.(json.Delim)
		return !isDelim // a scalar is harmless; an object cannot be skipped here
	}
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return false
		}
		var m gemFields
		if fieldsOf(raw, m.collect) && isString(m.id) {
			g.put(&m)
		}
	}
	_, err = dec.Token()
	return err == nil
}

func (g *gemReader) finish() (Session, []Message, error) {
	s := Session{BadLines: g.bad, Kind: KindMain}
	id, _ := jsonString(g.meta.sessionID)
	if id == "" || (!g.legacy && !truthy(g.meta.projectHash)) {
		return s, nil, ErrNotSession
	}
	s.ID = id
	if k, _ := jsonString(g.meta.kind); k == string(KindSubagent) {
		s.Kind = KindSubagent
	}
	s.Start = rawTime(g.meta.start)
	s.LastUpdated = rawTime(g.meta.last)
	s.Summary, _ = jsonString(g.meta.summary)
	if !(g.tracking && g.stale) {
		s.Workflow = scratchpadWorkflow(g.meta.scratch)
	}
	msgs := g.list.items
	if s.Kind == KindSubagent {
		// A sub-agent's "user" turns are written by the parent agent.
		for i := range msgs {
			msgs[i].Human = false
		}
	}
	s.UserMessages = countHuman(msgs)
	if !g.full {
		return s, nil, nil
	}
	return s, msgs, nil
}

// scratchpadWorkflow returns the sanitised workflowSummary of a
// memoryScratchpad; a non-string summary is ignored.
func scratchpadWorkflow(raw []byte) string {
	var wf []byte
	fieldsOf(raw, func(k, v []byte) {
		if string(k) == "workflowSummary" {
			wf = v
		}
	})
	s, ok := jsonString(wf)
	if !ok {
		return ""
	}
	return strings.TrimSpace(SanitizeWorkflow(s))
}

// geminiHuman is Gemini's genuine-human rule: a user record that is not a
// tool response and whose typed text is not empty, a slash or help command,
// injected session or hook context, or a compression snapshot.
func geminiHuman(typ string, content, display []byte) bool {
	if typ != "user" || hasFunctionResponse(content) {
		return false
	}
	t := strings.TrimSpace(partsText(displayOr(content, display), false))
	switch {
	case t == "",
		strings.HasPrefix(t, "/"),
		strings.HasPrefix(t, "?"),
		strings.HasPrefix(t, "<session_context>"),
		strings.HasPrefix(t, "<hook_context>"),
		strings.Contains(t, "<state_snapshot>"):
		return false
	}
	return true
}

// displayOr picks displayContent (what the person typed, e.g. before @file
// expansion) when present.
func displayOr(content, display []byte) []byte {
	if truthy(display) {
		return display
	}
	return content
}

var frKey = []byte(`"functionResponse"`)

// hasFunctionResponse reports whether a Part[] content holds a tool response.
// The content was validated with its line, so the walk can stop at the first
// part whose keys include functionResponse without skipping the (large)
// response body.
func hasFunctionResponse(content []byte) bool {
	if !bytes.Contains(content, frKey) {
		return false
	}
	i := skipWS(content, 0)
	if i >= len(content) || content[i] != '[' {
		return false
	}
	i = skipWS(content, i+1)
	for i < len(content) && content[i] == '{' {
		found, end := objectHasKey(content, i, "functionResponse")
		if found {
			return true
		}
		if end < 0 {
			return false
		}
		i = skipWS(content, end)
		if i >= len(content) || content[i] != ',' {
			return false
		}
		i = skipWS(content, i+1)
	}
	return false
}

// objectHasKey scans the members of the object at b[i] and reports whether
// one is named key, stopping there; otherwise it returns the index past the
// object (or -1 on malformed input).
func objectHasKey(b []byte, i int, key string) (bool, int) {
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		return false, i + 1
	}
	for i < len(b) && b[i] == '"' {
		ke, esc, err := skipString(b, i)
		if err != nil {
			return false, -1
		}
		k := b[i+1 : ke-1]
		if esc {
			s, _ := jsonString(b[i:ke])
			k = []byte(s)
		}
		if string(k) == key {
			return true, 0
		}
		i = skipWS(b, ke)
		if i >= len(b) || b[i] != ':' {
			return false, -1
		}
		if i, err = skipValue(b, skipWS(b, i+1), 1); err != nil {
			return false, -1
		}
		i = skipWS(b, i)
		switch {
		case i < len(b) && b[i] == ',':
			i = skipWS(b, i+1)
		case i < len(b) && b[i] == '}':
			return false, i + 1
		default:
			return false, -1
		}
	}
	return false, -1
}

// partsText returns a content value as text: the string itself, or the
// string text parts of a Part[] joined, optionally without thought parts.
func partsText(v []byte, skipThought bool) string {
	if s, ok := jsonString(v); ok {
		return s
	}
	var sb strings.Builder
	eachElem(v, func(p []byte) {
		var text, thought []byte
		fieldsOf(p, func(k, v []byte) {
			switch string(k) {
			case "text":
				text = v
			case "thought":
				thought = v
			}
		})
		if skipThought && truthy(thought) {
			return
		}
		if s, ok := jsonString(text); ok {
			sb.WriteString(s)
		}
	})
	return sb.String()
}

// functionResponsesText renders the tool outputs carried by a Part[].
func functionResponsesText(v []byte) string {
	var parts []string
	eachElem(v, func(p []byte) {
		fieldsOf(p, func(k, fr []byte) {
			if string(k) != "functionResponse" {
				return
			}
			out, _ := responseOutput(fr)
			parts = append(parts, out)
		})
	})
	return strings.Join(parts, "\n")
}

// responseOutput extracts the output (or error) text of a functionResponse
// object, falling back to the raw response JSON.
func responseOutput(fr []byte) (string, bool) {
	var resp []byte
	fieldsOf(fr, func(k, v []byte) {
		if string(k) == "response" {
			resp = v
		}
	})
	var out, errText []byte
	fieldsOf(resp, func(k, v []byte) {
		switch string(k) {
		case "output":
			out = v
		case "error":
			errText = v
		}
	})
	if s, ok := jsonString(errText); ok && s != "" {
		return s, true
	}
	if s, ok := jsonString(out); ok {
		return s, false
	}
	return string(resp), false
}

func geminiToolCalls(v []byte) []ToolCall {
	var calls []ToolCall
	eachElem(v, func(c []byte) {
		var tc ToolCall
		var result []byte
		fieldsOf(c, func(k, v []byte) {
			switch string(k) {
			case "id":
				tc.ID, _ = jsonString(v)
			case "name":
				tc.Name, _ = jsonString(v)
			case "args":
				tc.Args = json.RawMessage(clone(v))
			case "status":
				tc.Status, _ = jsonString(v)
			case "result":
				result = v
			}
		})
		var outs []string
		eachElem(result, func(p []byte) {
			fieldsOf(p, func(k, fr []byte) {
				if string(k) == "functionResponse" {
					out, isErr := responseOutput(fr)
					outs = append(outs, out)
					tc.Error = tc.Error || isErr
				}
			})
		})
		tc.Output = strings.Join(outs, "\n")
		tc.Error = tc.Error || tc.Status == "error"
		calls = append(calls, tc)
	})
	return calls
}

// msgType returns a record's type without allocating for the known ones.
func msgType(v []byte) string {
	for _, t := range [...]string{"user", "gemini", "info", "error", "warning"} {
		if strIs(v, t) {
			return t
		}
	}
	return str(v)
}

// strIs reports whether a raw JSON value is the string s.
func strIs(v []byte, s string) bool {
	if len(v) == len(s)+2 && v[0] == '"' && string(v[1:len(v)-1]) == s {
		return true
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return false
	}
	d, ok := jsonString(v)
	return ok && d == s
}

// rawStr returns the bytes of a raw JSON string without allocating when it
// holds no escapes.
func rawStr(v []byte) []byte {
	if len(v) < 2 || v[0] != '"' {
		return nil
	}
	inner := v[1 : len(v)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return inner
	}
	s, _ := jsonString(v)
	return []byte(s)
}

// msgList is an ordered set of messages keyed by id, supporting the
// operations of Gemini's log: replace in place, truncate from an id, reset.
// Ids are keyed by a seeded 64-bit hash so a metadata-only scan allocates no
// id strings; the seed is per Reader, so colliding ids cannot be planned.
type msgList struct {
	items []Message
	keys  []uint64 // keys[i] is the hash of items[i]'s id
	idx   map[uint64]int
	seed  maphash.Seed
	full  bool // keep Message.ID
}

func (l *msgList) put(id []byte, m Message) {
	k := maphash.Bytes(l.seed, id)
	if i, ok := l.idx[k]; ok {
		m.ID = l.items[i].ID
		l.items[i] = m
		return
	}
	if l.full {
		m.ID = string(id)
	}
	l.idx[k] = len(l.items)
	l.items = append(l.items, m)
	l.keys = append(l.keys, k)
}

// rewind drops the message with id and everything after it; an unknown id
// drops everything, as Gemini CLI does.
func (l *msgList) rewind(id []byte) {
	i, ok := l.idx[maphash.Bytes(l.seed, id)]
	if !ok {
		l.reset()
		return
	}
	for _, k := range l.keys[i:] {
		delete(l.idx, k)
	}
	clear(l.items[i:])
	l.items, l.keys = l.items[:i], l.keys[:i]
}

func (l *msgList) reset() {
	clear(l.idx)
	clear(l.items)
	l.items, l.keys = l.items[:0], l.keys[:0]
}
