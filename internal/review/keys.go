package review

import (
	"bufio"
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

// ReadKey waits for one keypress.
func (k *TermKeys) ReadKey() (byte, error) {
	old, err := term.MakeRaw(k.fd)
	if err != nil {
		return 0, fmt.Errorf("terminal raw mode: %w", err)
	}
	defer term.Restore(k.fd, old)
	b, err := k.in.ReadByte()
	if err != nil {
		return 0, fmt.Errorf("read key: %w", err)
	}
	return b, nil
}
