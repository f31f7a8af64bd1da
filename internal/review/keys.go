package review

import (
	"bufio"
	"context"
	"fmt"

	"golang.org/x/term"
)

// TermKeys reads single keypresses from a terminal by switching it to raw
// mode for each read; it reads through the session's one bufio.Reader.
type TermKeys struct {
	fd int
	in *bufio.Reader
}

// NewTermKeys returns a key reader for the terminal fd.
func NewTermKeys(fd int, in *bufio.Reader) *TermKeys {
	return &TermKeys{fd: fd, in: in}
}

// ReadKey waits for one keypress. When ctx ends first, the terminal is put
// back to its normal mode before returning, so a signal never leaves it raw.
func (k *TermKeys) ReadKey(ctx context.Context) (byte, error) {
	old, err := term.MakeRaw(k.fd)
	if err != nil {
		return 0, fmt.Errorf("terminal raw mode: %w", err)
	}
	defer term.Restore(k.fd, old)
	type res struct {
		b   byte
		err error
	}
	ch := make(chan res, 1)
	go func() {
		b, err := k.in.ReadByte()
		ch <- res{b, err}
	}()
	select {
	case r := <-ch:
		if r.err != nil {
			return 0, fmt.Errorf("read key: %w", r.err)
		}
		return r.b, nil
	case <-ctx.Done():
		return 0, ErrInterrupted
	}
}
