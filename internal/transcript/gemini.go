package transcript

import (
	"bytes"
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
	outputs  bool // decode tool outputs (see Reader.NoOutputs)
	legacy   bool // whole-file document: no projectHash required
	list     msgList
	meta     gemMeta
	tracking bool // a truthy memoryScratchpad was set
	stale    bool // a message or rewind followed that $set
	bad      int
}

func readGemini(rd *Reader, r io.Reader, path string, full bool) (Session, []Message, error) {
	g := &gemReader{full: full, outputs: !rd.NoOutputs, list: rd.msgList(full)}
	if strings.HasSuffix(path, ".json") {
		g.legacy = true
		if err := g.document(r); err != nil {
			return Session{BadLines: g.bad}, nil, err
		}
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
			if g.outputs {
				m.Text = functionResponsesText(f.content)
			}
		case RoleUser:
			m.Text = partsText(displayOr(f.content, f.display), false)
		default:
			m.Text = partsText(f.content, true)
		}
		m.ToolCalls = geminiToolCalls(f.toolCalls, g.outputs)
	}
	g.list.put(rawStr(f.id), m)
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
