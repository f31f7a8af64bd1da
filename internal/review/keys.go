package review

import (
	"bufio"
	"context"
	"fmt"

	"golang.org/x/term"
)

// TermKeys reads single keypresses from a terminal by switching it to raw
// mode for each read; it reads through the session's one bufio.Reader.
// The terminal's mode when the review began is kept, and every read — and
// Restore at the end — puts exactly that mode back, so neither a signal nor
// an editor that died mid-screen leaves the terminal raw.
type TermKeys struct {
	fd   int
	in   *bufio.Reader
	orig *term.State
}

// NewTermKeys returns a key reader for the terminal fd and records the
// terminal's current mode.
func NewTermKeys(fd int, in *bufio.Reader) *TermKeys {
	orig, _ := term.GetState(fd)
	return &TermKeys{fd: fd, in: in, orig: orig}
}

// Restore puts the terminal back in the mode it had when the review began.
func (k *TermKeys) Restore() {
	if k.orig != nil {
		_ = term.Restore(k.fd, k.orig)
	}
}

// ReadKey waits for one keypress. When ctx ends first, the terminal is put
// back to its normal mode before returning, so a signal never leaves it raw.
func (k *TermKeys) ReadKey(ctx context.Context) (byte, error) {
	if ctx.Err() != nil {
		return 0, ErrInterrupted
	}
	old, err := term.MakeRaw(k.fd)
	if err != nil {
		return 0, fmt.Errorf("terminal raw mode: %w", err)
	}
	if k.orig != nil {
		old = k.orig
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
