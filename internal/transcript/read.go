package transcript

import (
	"fmt"
	"hash/maphash"
	"io"
	"time"
)

// ReadMessages reads the whole resolved conversation of one transcript (after
// de-duplication, rewinds and checkpoints) for rendering to a model or for the
// offline miner. Its Session is identical to Reader.ReadSession's, and a
// message has Human set exactly when ReadSession counted it.
func ReadMessages(path string, src Source) (Session, []Message, error) {
	rd := Reader{oneShot: true}
	return rd.ReadMessages(path, src)
}

// Reader reads many transcripts one after another and reuses its buffers
// between them, which is what a scan over thousands of files wants. The zero
// value is ready to use; a Reader is not safe for concurrent use, so give
// each goroutine its own.
type Reader struct {
	lr    *lineReader
	idx   map[uint64]int
	seed  maphash.Seed
	items []Message // reused by metadata-only reads, whose messages never escape
	keys  []uint64
	// oneShot sizes the read buffer to the file: nothing will reuse it.
	oneShot bool
	size    int
	// NoOutputs makes ReadMessages leave tool outputs out: a tool-result
	// message keeps its place, id and role but has no text (and may have
	// no time), and a tool call has no Output (its Status and Error are
	// kept). The search index renders tool calls without their outputs,
	// and decoding them was a third of its reading time. The Gemini
	// reader honours it (it then does not even scan a tool-result record
	// past its first content part); the others still decode outputs.
	NoOutputs bool
}

// ReadSession reads only what the eligibility scan needs from one
// transcript: id, kind, times, the genuine human-turn count, title and
// workflow hint. It streams the file and never decodes message bodies
// beyond what the count requires, so scanning thousands of sessions stays
// cheap.
func (rd *Reader) ReadSession(path string, src Source) (Session, error) {
	s, _, err := rd.readFile(path, src, false)
	return s, err
}

// ReadMessages is the package-level ReadMessages with buffer reuse.
func (rd *Reader) ReadMessages(path string, src Source) (Session, []Message, error) {
	return rd.readFile(path, src, true)
}

// lines returns the reused line reader positioned at the start of r.
func (rd *Reader) lines(r io.Reader) *lineReader {
	if rd.lr == nil {
		size := readBufSize
		if rd.oneShot && rd.size > 0 {
			size = rd.size + 1
		}
		rd.lr = newLineReader(r, MaxLineBytes, size)
	} else {
		rd.lr.reset(r)
	}
	return rd.lr
}

// msgList returns an empty message list, reusing the id index and, when the
// messages are not returned to the caller, their storage.
func (rd *Reader) msgList(full bool) msgList {
	if rd.idx == nil {
		rd.idx = map[uint64]int{}
		rd.seed = maphash.MakeSeed()
	}
	clear(rd.idx)
	if full {
		return msgList{idx: rd.idx, seed: rd.seed, full: true}
	}
	clear(rd.items)
	return msgList{idx: rd.idx, seed: rd.seed, items: rd.items[:0], keys: rd.keys[:0]}
}

func (rd *Reader) readFile(path string, src Source, full bool) (Session, []Message, error) {
	f, size, err := openRegular(path)
	if err != nil {
		return Session{Source: src, Path: path}, nil, err
	}
	rd.size = int(min(size, readBufSize))
	defer func() { _ = f.Close() }()
	// Read what the file held when opened: bytes appended meanwhile belong to
	// the next scan (and saves the final read that would only report EOF).
	return rd.read(&io.LimitedReader{R: f, N: size}, path, src, full)
}

func (rd *Reader) read(r io.Reader, path string, src Source, full bool) (Session, []Message, error) {
	var (
		s    Session
		msgs []Message
		err  error
	)
	switch src {
	case Gemini:
		s, msgs, err = readGemini(rd, r, path, full)
	case Claude:
		s, msgs, err = readClaude(rd, r, path, full)
	case Codex:
		s, msgs, err = readCodex(rd, r, path, full)
	case Antigravity:
		s, msgs, err = readAntigravity(rd, r, path, full)
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
