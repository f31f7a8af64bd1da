package transcript

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// MaxLineBytes is the longest JSONL line that is decoded. Longer lines (a
// pasted image, a huge tool output) are skipped to the next newline without
// being buffered, so memory stays bounded whatever the file holds.
const MaxLineBytes = 16 << 20

const readBufSize = 64 << 10

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// lineReader yields complete lines one at a time. It reuses one buffer, strips
// a UTF-8 byte order mark at offset 0 and a CR before the LF, counts oversized
// lines as bad and drops a last line with no newline: a writer may be in the
// middle of appending it.
type lineReader struct {
	br    *bufio.Reader
	left  *io.LimitedReader // the input when its length is known (a file read to its opened size)
	max   int
	buf   []byte
	first bool
	bad   int
}

// newLineReader reads r with a buffer of about size bytes (at most
// readBufSize); a small file needs no 64 KiB buffer.
func newLineReader(r io.Reader, maxLine, size int) *lineReader {
	size = min(max(size, 512), readBufSize)
	lr := &lineReader{br: bufio.NewReaderSize(r, size), max: maxLine, first: true}
	lr.left, _ = r.(*io.LimitedReader)
	return lr
}

// reset points the reader at a new input, keeping its buffers.
func (lr *lineReader) reset(r io.Reader) {
	lr.br.Reset(r)
	lr.left, _ = r.(*io.LimitedReader)
	lr.first, lr.bad = true, 0
	if cap(lr.buf) > 2*readBufSize {
		lr.buf = nil
	}
}

// next returns the next line (valid until the following call), or ok=false
// at the end of input. Only read errors other than EOF are returned.
func (lr *lineReader) next() (line []byte, ok bool, err error) {
	line, ok, err = lr.read()
	if !ok || err != nil {
		return nil, false, err
	}
	if lr.first {
		lr.first = false
		line = bytes.TrimPrefix(line, utf8BOM)
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, true, nil
}

func (lr *lineReader) read() ([]byte, bool, error) {
	s, err := lr.br.ReadSlice('\n')
	if err == nil {
		if len(s)-1 > lr.max {
			lr.bad++
			lr.first = false
			return lr.read()
		}
		return s[:len(s)-1], true, nil
	}
	lr.buf = lr.grow(lr.buf[:0], s)
	for errors.Is(err, bufio.ErrBufferFull) {
		if len(lr.buf) > lr.max {
			return lr.discard()
		}
		s, err = lr.br.ReadSlice('\n')
		lr.buf = lr.grow(lr.buf, s)
	}
	if err != nil {
		// EOF: whatever is buffered has no newline and may be half-written.
		if errors.Is(err, io.EOF) {
			return nil, false, nil
		}
		return nil, false, err
	}
	if len(lr.buf)-1 > lr.max {
		lr.bad++
		lr.first = false
		return lr.read()
	}
	return lr.buf[:len(lr.buf)-1], true, nil
}

// grow appends s to buf, quadrupling the capacity but never past what the
// line can need: the longest accepted line, or what is left of the input
// when its length is known (a file read to its opened size; a stream of
// unknown length, a decompressed rollout, has only the first bound). When
// the next step would pass that bound anyway, grow takes all of it at
// once: skipping a 1 GiB line used to go 4 MiB, 16 MiB, then 16 MiB more
// for the last 64 KiB past the cap (37 MiB allocated, ~62 MiB peak beside
// 10,000 sessions), and now goes 4 MiB, then the cap (~21 MiB). A file's
// own long line (a pasted image of a few MB) still gets a buffer of a few
// MB, and one that ends its file no more than the file holds.
func (lr *lineReader) grow(buf, s []byte) []byte {
	need := len(buf) + len(s)
	if need <= cap(buf) {
		return append(buf, s...)
	}
	limit := lr.max + readBufSize + 1
	if lr.left != nil {
		limit = min(limit, need+lr.br.Buffered()+int(min(lr.left.N, int64(limit))))
	}
	c := max(4*cap(buf), need, readBufSize)
	if 2*c > limit {
		c = limit
	}
	c = max(c, need)
	nb := make([]byte, len(buf), c)
	copy(nb, buf)
	return append(nb, s...)
}

// discard skips the rest of an oversized line and counts it as bad.
func (lr *lineReader) discard() ([]byte, bool, error) {
	lr.buf = lr.buf[:0]
	if cap(lr.buf) > 2*readBufSize {
		lr.buf = nil // do not keep a huge buffer alive
	}
	lr.first = false
	for {
		_, err := lr.br.ReadSlice('\n')
		switch {
		case err == nil:
			lr.bad++
			return lr.read()
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			return nil, false, nil // an unterminated last line is not counted
		default:
			return nil, false, err
		}
	}
}
