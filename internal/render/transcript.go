package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/automem/automem/internal/transcript"
)

// legend tells the model how to read a rendering; it is the same for every
// transcript and carries no transcript text.
const legend = `# "## [n] role time id=…" starts message n; "→ tool {args} [status]" is a tool call and the indented lines below it its output; "[… cut …]" marks omitted text.`

type builder struct {
	red      Redact
	o        Options
	isErr    *regexp.Regexp
	lines    []string
	marks    []mark
	lastInfo string
	infoRep  int
	infoN    int
	// clean holds the tool names and statuses the hook left as they were
	// (see redShort).
	clean map[string]bool
}

// redShort is the hook for a tool call's name and status. A session
// repeats a few of them many times, and every redaction call has a fixed
// cost (they were a fifth of an index build's redaction), so a text the
// hook left unchanged is not redacted again in the same rendering;
// anything it changed is redacted (and reported) every time.
func (b *builder) redShort(s string) string {
	if b.clean[s] {
		return s
	}
	out := b.red(s)
	if out == s {
		if b.clean == nil {
			b.clean = map[string]bool{}
		}
		b.clean[s] = true
	}
	return out
}

func (b *builder) add(ls ...string) {
	b.lines = append(b.lines, ls...)
	b.lastInfo, b.infoRep = "", 0
}

// body adds the lines of a text, escaping lines that would look like one
// of our own headers or page footers, so transcript text cannot fake the
// end of a transcript or a turn by someone else.
func (b *builder) body(text, indent string) {
	for l := range strings.SplitSeq(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.HasPrefix(l, "## [") || strings.HasPrefix(l, "# ") || strings.HasPrefix(l, "[automem:") {
			l = `\` + l
		}
		b.add(indent + l)
	}
}

func (b *builder) header(n int, role string, m *transcript.Message) string {
	b.marks = append(b.marks, mark{line: len(b.lines), n: n, role: role, time: m.Time})
	h := fmt.Sprintf("## [%d] %s", n, role)
	if s := stamp(m.Time); s != "" {
		h += " " + s
	}
	if m.ID != "" && !b.o.CallsOnly { // the index keeps no ids: skip their redaction
		h += " id=" + Line(m.ID, b.red, 120)
	}
	return h
}

// Transcript renders a resolved conversation. n in "## [n]" is the
// 1-based position in msgs, stable for a given file, so evidence can cite
// either it or the message id.
func Transcript(sess transcript.Session, msgs []transcript.Message, red Redact, opt Options) *Rendering {
	b := &builder{red: red, o: opt.withDefaults(), isErr: errorLine()}
	b.sessionHeader(sess, len(msgs))
	results := map[string]transcript.ToolCall{}
	for _, m := range msgs {
		if m.Role != transcript.RoleTool {
			continue
		}
		for _, tc := range m.ToolCalls {
			if tc.ID != "" {
				results[tc.ID] = tc
			}
		}
	}
	consumed := map[string]bool{}
	var lastOutputs []string
	for i := range msgs {
		m := &msgs[i]
		n := i + 1
		switch m.Role {
		case transcript.RoleUser:
			b.user(n, m)
		case transcript.RoleAssistant:
			lastOutputs = b.assistant(n, m, results, consumed)
		case transcript.RoleTool:
			b.tool(n, m, consumed, lastOutputs)
		default:
			b.info(n, m)
		}
	}
	return &Rendering{Lines: b.lines, marks: b.marks}
}

func (b *builder) sessionHeader(s transcript.Session, count int) {
	h := "# transcript " + Line(s.ID, b.red, 120)
	if s.Source != "" {
		h += " (" + string(s.Source)
		if s.Kind != "" {
			h += ", " + string(s.Kind)
		}
		h += ")"
	}
	if st := stamp(s.Start); st != "" {
		h += " " + st
		if lu := stamp(s.LastUpdated); lu != "" && lu != st {
			h += " → " + lu
		}
	}
	h += fmt.Sprintf(", %d human turns, %d messages", s.UserMessages, count)
	b.add(h)
	if s.Summary != "" {
		b.add("# summary: " + Line(s.Summary, b.red, 300))
	}
	if s.Workflow != "" {
		b.add("# workflow: " + Line(s.Workflow, b.red, 300))
	}
	b.add(legend)
}

// injectedTag names the tag a piece of injected context starts with
// (<session_context>, <hook_context>, <environment_context>, …).
func injectedTag(t string) string {
	if strings.Contains(t, "<state_snapshot>") {
		return "<state_snapshot>"
	}
	if !strings.HasPrefix(t, "<") {
		return ""
	}
	end := strings.IndexByte(t, '>')
	if end < 2 || end > 40 {
		return ""
	}
	tag := t[1:end]
	for _, c := range tag {
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return ""
		}
	}
	return "<" + tag + ">"
}

func (b *builder) user(n int, m *transcript.Message) {
	if m.Human {
		b.add(b.header(n, "user (human)", m))
		b.body(cutText(b.red(strings.TrimSpace(m.Text)), b.o.MaxHuman), "")
		return
	}
	t := strings.TrimSpace(m.Text)
	if tag := injectedTag(t); tag != "" {
		b.add(b.header(n, "context", m) + fmt.Sprintf(" %s omitted (%d bytes)", tag, len(m.Text)))
		return
	}
	if strings.HasPrefix(t, "/") || strings.HasPrefix(t, "?") {
		first, _, _ := strings.Cut(t, "\n")
		b.add(b.header(n, "user command", m) + ": " + Line(first, b.red, 120))
		return
	}
	if t == "" {
		return
	}
	b.add(b.header(n, "user (injected)", m))
	b.body(cutText(b.red(t), b.o.MaxInjected), "")
}

func (b *builder) assistant(n int, m *transcript.Message, results map[string]transcript.ToolCall, consumed map[string]bool) []string {
	t := strings.TrimSpace(m.Text)
	if t == "" && len(m.ToolCalls) == 0 {
		return nil
	}
	b.add(b.header(n, "assistant", m))
	if t != "" {
		b.body(cutText(b.red(t), b.o.MaxAssistant), "")
	}
	var outputs []string
	for _, tc := range m.ToolCalls {
		if r, ok := results[tc.ID]; ok && tc.ID != "" && tc.Output == "" {
			tc.Output, tc.Error = r.Output, tc.Error || r.Error
			if tc.Status == "" {
				tc.Status = r.Status
			}
			consumed[tc.ID] = true
		}
		b.call(tc)
		if tc.Output != "" {
			outputs = append(outputs, tc.Output)
		}
	}
	return outputs
}

func (b *builder) call(tc transcript.ToolCall) {
	line := "→ " + Line(tc.Name, b.redShort, 80)
	if args := b.args(tc.Args); args != "" {
		line += " " + args
	}
	status := tc.Status
	if status == "" && tc.Error {
		status = "error"
	}
	if status != "" {
		line += " [" + Line(status, b.redShort, 40) + "]"
	}
	b.add(line)
	if b.o.CallsOnly {
		return
	}
	for _, l := range cutOutput(b.red(tc.Output), b.o, b.isErr) {
		b.body(l, "  ")
	}
}

// tool renders a tool-result record unless it repeats outputs already shown
// under the call (Gemini records each output again as a user message).
func (b *builder) tool(n int, m *transcript.Message, consumed map[string]bool, lastOutputs []string) {
	if b.o.CallsOnly {
		return
	}
	if len(m.ToolCalls) > 0 {
		all := true
		for _, tc := range m.ToolCalls {
			all = all && tc.ID != "" && consumed[tc.ID]
		}
		if all {
			return
		}
	}
	if m.Text == strings.Join(lastOutputs, "\n") && len(lastOutputs) > 0 {
		return
	}
	for _, o := range lastOutputs {
		if m.Text == o {
			return
		}
	}
	if strings.TrimSpace(m.Text) == "" {
		return
	}
	b.add(b.header(n, "tool result", m))
	for _, l := range cutOutput(b.red(m.Text), b.o, b.isErr) {
		b.body(l, "  ")
	}
}

// info condenses a UI notice to one line; repeats become a count.
func (b *builder) info(n int, m *transcript.Message) {
	first, _, _ := strings.Cut(strings.TrimSpace(m.Text), "\n")
	text := Line(first, b.red, b.o.MaxInfo)
	if text != "" && text == b.lastInfo && len(b.lines) > 0 {
		b.infoRep++
		b.lines[len(b.lines)-1] = fmt.Sprintf("## [%d] info (×%d): %s", b.infoN, b.infoRep+1, text)
		return
	}
	b.marks = append(b.marks, mark{line: len(b.lines), n: n, role: "info", time: m.Time})
	b.add(fmt.Sprintf("## [%d] info: %s", n, text))
	b.lastInfo, b.infoRep, b.infoN = text, 0, n
}

// argWindow is how much of a long argument value is redacted before it is
// cut to MaxArgValue: the redactor's own overlap between the windows it
// scans (64 KiB / 8), so a secret that starts in the part kept is seen
// whole, as the redactor would see it in the whole text.
const argWindow = 8 << 10

// args renders tool arguments as compact JSON; when long, each value is
// cut so the call stays one readable line. A long object (a write_file
// call carries the whole file) is first cut to argWindow bytes more than
// each value keeps, and only that is redacted: redacting whole contents
// that are then cut to 80 bytes was half of an index build's redaction.
// When the redactor finds anything there, the whole arguments are
// redacted and cut as before.
func (b *builder) args(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "{}" {
		return ""
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return b.fitArgs(Line(string(raw), b.red, 0), nil) // not JSON: at least keep it on one line
	}
	s := buf.String()
	if w, cut, ok := windowObject(s, b.o.MaxArgValue+argWindow); ok && b.red(w) == w {
		return b.fitArgs(w, cut)
	}
	return b.fitArgs(b.red(s), nil)
}

// fitArgs cuts redacted arguments to MaxArgs; cut says how many bytes
// windowObject already took from each value.
func (b *builder) fitArgs(s string, cut []int) string {
	if len(s) <= b.o.MaxArgs && cut == nil {
		return s
	}
	if short, ok := shortenObject(s, b.o.MaxArgValue, cut); ok {
		s = short
	}
	return capLine(s, 2*b.o.MaxArgs)
}

// windowObject cuts every string value of a JSON object longer than keep
// to keep bytes and returns the bytes cut from each value (in key order);
// ok is false when nothing was that long or s is not an object.
func windowObject(s string, keep int) (w string, cut []int, ok bool) {
	if len(s) <= keep {
		return "", nil, false
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", nil, false
	}
	var out strings.Builder
	out.WriteByte('{')
	for first := true; dec.More(); first = false {
		kt, err := dec.Token()
		if err != nil {
			return "", nil, false
		}
		key, _ := kt.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return "", nil, false
		}
		if !first {
			out.WriteByte(',')
		}
		out.WriteString(quoteJSON(key))
		out.WriteByte(':')
		n := 0
		var str string
		if len(v) > keep && v[0] == '"' && json.Unmarshal(v, &str) == nil && len(str) > keep {
			short := CutBytes(str, keep)
			n, ok = len(str)-len(short), true
			v = json.RawMessage(quoteJSON(short))
		}
		out.Write(v)
		cut = append(cut, n)
	}
	out.WriteByte('}')
	return out.String(), cut, ok
}

// shortenObject cuts every long value of a JSON object, keeping key order;
// cut (may be nil) is how many bytes were already cut from each value,
// counted in the marker.
func shortenObject(s string, max int, cut []int) (string, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	var out strings.Builder
	out.WriteByte('{')
	for i, first := 0, true; dec.More(); i, first = i+1, false {
		kt, err := dec.Token()
		if err != nil {
			return "", false
		}
		key, _ := kt.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return "", false
		}
		if !first {
			out.WriteByte(',')
		}
		out.WriteString(quoteJSON(key))
		out.WriteByte(':')
		var str string
		if json.Unmarshal(v, &str) == nil {
			if i < len(cut) && cut[i] > 0 || len(str) > max {
				more := len(str) - max
				if i < len(cut) {
					more += cut[i]
				}
				str = CutBytes(str, max) + fmt.Sprintf("…[+%d bytes]", more)
			}
			out.WriteString(quoteJSON(str))
			continue
		}
		out.WriteString(capLine(string(v), max))
	}
	out.WriteByte('}')
	return out.String(), true
}

// quoteJSON quotes s as a JSON string without HTML escaping.
func quoteJSON(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(buf.String(), "\n")
}
