package transcript

import (
	"fmt"
	"io"
	"time"
)

// ReadSession reads only what the eligibility scan needs from one transcript:
// id, kind, times, the genuine human-turn count, title and workflow hint. It
// streams the file and never decodes message bodies beyond what the count
// requires, so scanning thousands of sessions stays cheap.
func ReadSession(path string, src Source) (Session, error) {
	s, _, err := readFile(path, src, false)
	return s, err
}

// ReadMessages reads the whole resolved conversation of one transcript (after
// de-duplication, rewinds and checkpoints) for rendering to a model or for the
// offline miner. Its Session is identical to ReadSession's, and a message has
// Human set exactly when ReadSession counted it.
func ReadMessages(path string, src Source) (Session, []Message, error) {
	return readFile(path, src, true)
}

// ReadSessionFrom is ReadSession over an already open stream (tests, fuzzing,
// callers holding the file). path is still used: its name decides the
// format variant (legacy .json, .zst, the Codex filename id, sub-agent
// layout) and is recorded in Session.Path.
func ReadSessionFrom(r io.Reader, path string, src Source) (Session, error) {
	s, _, err := read(r, path, src, false)
	return s, err
}

// ReadMessagesFrom is ReadMessages over an already open stream; see
// ReadSessionFrom for the role of path.
func ReadMessagesFrom(r io.Reader, path string, src Source) (Session, []Message, error) {
	return read(r, path, src, true)
}

func readFile(path string, src Source, full bool) (Session, []Message, error) {
	f, err := openRegular(path)
	if err != nil {
		return Session{Source: src, Path: path}, nil, err
	}
	defer func() { _ = f.Close() }()
	return read(f, path, src, full)
}

func read(r io.Reader, path string, src Source, full bool) (Session, []Message, error) {
	var (
		s    Session
		msgs []Message
		err  error
	)
	switch src {
	case Gemini:
		s, msgs, err = readGemini(r, path, full)
	case Claude:
		s, msgs, err = readClaude(r, path, full)
	case Codex:
		s, msgs, err = readCodex(r, path, full)
	default:
		return Session{Source: src, Path: path}, nil, fmt.Errorf("read transcript %s: unknown source %q", path, src)
	}
	s.Source, s.Path = src, path
	if err != nil {
		return s, nil, fmt.Errorf("read transcript %s: %w", path, err)
	}
	return s, msgs, nil
}

// countHuman is the single place where Session.UserMessages is derived from
// resolved messages, so both read paths agree by construction.
func countHuman(msgs []Message) int {
	n := 0
	for i := range msgs {
		if msgs[i].Human {
			n++
		}
	}
	return n
}

// parseTime accepts RFC 3339 timestamps as the agents write them; anything
// else is the zero time, and the caller decides what an unknown time means.
func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// rawTime parses a raw JSON string value as a timestamp.
func rawTime(v []byte) time.Time {
	s, ok := jsonString(v)
	if !ok {
		return time.Time{}
	}
	return parseTime(s)
}

// clone copies a sub-slice of the reused line buffer.
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte(nil), b...)
}
