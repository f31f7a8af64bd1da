package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/rs/zerolog"
)

// LogFlags are the logging flags both binaries have. Their variables
// belong to one binary each (AUTOMEM_LOG_LEVEL for extract,
// AUTOMEM_INBOX_LOG_LEVEL for inbox): each binary sets the kong variable
// env_prefix.
type LogFlags struct {
	LogLevel  string `help:"Log level (${enum})." enum:"debug,info,warn,error" default:"info" env:"${env_prefix}LOG_LEVEL"`
	LogFormat string `help:"Log format: auto is console on a terminal, JSON otherwise (journald, launchd) (${enum})." enum:"auto,json,console" default:"auto" env:"${env_prefix}LOG_FORMAT"`
}

// NewLogger builds the stderr logger: JSON when stderr is not a terminal,
// human-readable console output when it is, unless format forces one.
func NewLogger(w io.Writer, tty bool, level, format string) (zerolog.Logger, error) {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil {
		return zerolog.Nop(), fmt.Errorf("log level %q: %w", level, err)
	}
	out := w
	if format == "console" || (format == "auto" && tty) {
		out = zerolog.ConsoleWriter{Out: w, TimeFormat: time.TimeOnly, NoColor: !tty}
	}
	return zerolog.New(out).Level(lvl).With().Timestamp().Logger(), nil
}
