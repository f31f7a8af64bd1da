package transcript

import (
	"bytes"
	"encoding/json"
	"strings"
)

// geminiHuman is Gemini's genuine-human rule: a user record that is not a
// tool response (a functionResponse part, or the "[Function Response: …]"
// text old versions stored in its place) and whose typed text is not empty,
// a built-in slash command, a help request, injected session or hook
// context, or a compression snapshot. Gemini CLI itself drops every text
// starting with "/"; the UI never records a built-in command, so a recorded
// "/home/x is wrong" was sent to the model and counts.
func geminiHuman(typ string, content, display []byte) bool {
	if typ != "user" || hasFunctionResponse(content) {
		return false
	}
	t := strings.TrimSpace(partsText(displayOr(content, display), false))
	switch {
	case t == "",
		strings.HasPrefix(t, "[Function Response: "),
		geminiSlash(t),
		strings.HasPrefix(t, "?"),
		strings.HasPrefix(t, "<session_context>"),
		strings.HasPrefix(t, "<hook_context>"),
		strings.Contains(t, "<state_snapshot>"):
		return false
	}
	return true
}

// geminiSlash reports whether t is one of Gemini CLI's built-in commands.
func geminiSlash(t string) bool {
	name, _, ok := slashCommand(t)
	return ok && geminiBuiltins[name]
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
	resp, out, errText := responseFields(fr)
	if s, ok := jsonString(errText); ok && s != "" {
		return s, true
	}
	if s, ok := jsonString(out); ok {
		return s, false
	}
	return string(resp), false
}

// responseFailed says whether a functionResponse carries an error, without
// decoding its output.
func responseFailed(fr []byte) bool {
	_, _, errText := responseFields(fr)
	s, ok := jsonString(errText)
	return ok && s != ""
}

// responseFields returns a functionResponse's raw response object and
// its raw output and error members.
func responseFields(fr []byte) (resp, out, errText []byte) {
	fieldsOf(fr, func(k, v []byte) {
		if string(k) == "response" {
			resp = v
		}
	})
	fieldsOf(resp, func(k, v []byte) {
		switch string(k) {
		case "output":
			out = v
		case "error":
			errText = v
		}
	})
	return resp, out, errText
}

// geminiToolCalls decodes a record's toolCalls; outputs says whether the
// results' outputs are decoded too (their error flags always are).
func geminiToolCalls(v []byte, outputs bool) []ToolCall {
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
				if string(k) != "functionResponse" {
					return
				}
				if !outputs {
					tc.Error = tc.Error || responseFailed(fr)
					return
				}
				out, isErr := responseOutput(fr)
				outs = append(outs, out)
				tc.Error = tc.Error || isErr
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
