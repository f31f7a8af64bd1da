package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ErrIncomplete is returned for a legacy whole-file Gemini session (.json)
// whose document cannot be read to its end: the file was cut by a crash or
// caught while Gemini CLI rewrote it. Gemini CLI's JSON.parse rejects such a
// file, and its first part would offer a cut conversation, so it is not read
// as a session. It wraps ErrNotSession: as it stands the file holds no
// usable session, which a scan may remember until the file changes.
var ErrIncomplete = fmt.Errorf("incomplete session document: %w", ErrNotSession)

// readErr remembers the first error of the underlying reader other than
// io.EOF, so a failed read is told from a document that stops early.
type readErr struct {
	r   io.Reader
	err error
}

func (e *readErr) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) && e.err == nil {
		e.err = err
	}
	return n, err
}

// document reads a legacy whole-file session (Gemini CLI ≤0.36 rewrote one
// pretty-printed JSON object). Messages are decoded one at a time so memory
// follows the largest message, not the file. A file that is not a JSON
// object leaves no metadata (ErrNotSession follows); an object that cannot
// be read through its closing brace is ErrIncomplete, or the read error.
func (g *gemReader) document(r io.Reader) error {
	src := &readErr{r: r}
	br := bufio.NewReaderSize(src, readBufSize)
	if p, _ := br.Peek(3); bytes.Equal(p, utf8BOM) {
		_, _ = br.Discard(3)
	}
	dec := json.NewDecoder(br)
	incomplete := func() error {
		if src.err != nil {
			return src.err
		}
		return ErrIncomplete
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		if src.err != nil {
			return src.err
		}
		g.bad++
		return nil
	}
	var top gemFields
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return incomplete()
		}
		if key == "messages" {
			if !g.documentMessages(dec) {
				return incomplete()
			}
			continue
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return incomplete()
		}
		top.collect([]byte(key), raw)
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return incomplete()
	}
	if isString(top.sessionID) {
		g.meta.merge(&top)
	}
	return nil
}

func (g *gemReader) documentMessages(dec *json.Decoder) bool {
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	if tok != json.Delim('[') {
		if d, isDelim := tok.(json.Delim); isDelim && d == '{' {
			g.bad++ // an object is no message list: skip it
			return skipRest(dec)
		}
		return true // a scalar is harmless
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

// skipRest consumes the tokens of a value whose opening delimiter has just
// been read, through its matching closing one.
func skipRest(dec *json.Decoder) bool {
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return true
}
