// Package cli holds what both binaries share at their edge: the process
// environment handed to every command, logging set-up, and the mapping from
// errors to documented exit codes. Keeping it here keeps each main tiny and
// lets tests run a whole command with fake stdio, clock and home.
package cli

import (
	"io"
	"time"

	"github.com/rs/zerolog"
)

// Env is everything a command may touch outside its own arguments. It is
// bound into every kong Run method; nothing reads os.* directly.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads the process environment (os.Getenv in production).
	Getenv func(string) string
	// Home is the user's home directory.
	Home string
	// Exe is the absolute path of the running binary (for schedule install).
	Exe string
	// Now is the clock.
	Now func() time.Time
	// Log is the structured logger (stderr).
	Log zerolog.Logger
	// StdoutTTY and StderrTTY say whether those streams are terminals.
	StdoutTTY, StderrTTY, StdinTTY bool
	// Version is the build version.
	Version string
}
