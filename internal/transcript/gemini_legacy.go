package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

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
