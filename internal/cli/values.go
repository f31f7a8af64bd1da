package cli

import (
	"fmt"
	"time"

	"github.com/alecthomas/kong"
)

// Time is a flag holding an RFC3339 time. It is parsed while the command
// line is parsed, so a malformed value (`--now=yesterday`) is a usage error
// (exit 80) like any other bad flag, not a failure of the command. An empty
// value (an empty environment variable) leaves it zero: unset.
type Time struct{ time.Time }

// Decode implements kong.MapperValue.
func (t *Time) Decode(ctx *kong.DecodeContext) error {
	var s string
	if err := ctx.Scan.PopValueInto("time", &s); err != nil {
		return err
	}
	if s == "" {
		t.Time = time.Time{}
		return nil
	}
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return fmt.Errorf("%q is not an RFC3339 time such as 2026-05-01T09:00:00Z", s)
	}
	t.Time = v
	return nil
}
