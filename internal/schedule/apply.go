package schedule

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
)

// ErrStepFailed is wrapped when a required command of a plan exits
// non-zero; the message carries the command and its first stderr line.
var ErrStepFailed = errors.New("command failed")

// Apply carries out a plan in order and stops at the first failure that is
// not MayFail. Files are written atomically; a failed command leaves the
// files already written in place, so re-running install converges.
func (s Scheduler) Apply(ctx context.Context, p Plan) error {
	for _, st := range p.Steps {
		switch {
		case st.Write != nil:
			if err := writeFile(st.Write); err != nil {
				return err
			}
			s.Log.Info().Str("path", st.Write.Path).Msg("wrote scheduler file")
		case st.Mkdir != "":
			if err := os.MkdirAll(st.Mkdir, 0o700); err != nil {
				return fmt.Errorf("create directory %s: %w", st.Mkdir, err)
			}
		case st.Remove != "":
			if err := removeFile(st.Remove); err != nil {
				return err
			}
			s.Log.Info().Str("path", st.Remove).Msg("removed scheduler file")
		case st.Run != nil:
			if err := s.run(ctx, st); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s Scheduler) run(ctx context.Context, st Step) error {
	line := ShellJoin(st.Run)
	res, err := s.Runner.Run(ctx, st.Run)
	if err != nil {
		if st.MayFail {
			s.Log.Warn().Err(err).Str("command", line).Msg("command could not start; continuing")
			return nil
		}
		return fmt.Errorf("run %s: %w", line, err)
	}
	if res.ExitCode == 0 {
		s.Log.Info().Str("command", line).Msg("ran")
		return nil
	}
	msg := firstLine(res.Stderr)
	if st.MayFail {
		s.Log.Debug().Str("command", line).Int("exit", res.ExitCode).Str("stderr", msg).Msg("command failed; continuing")
		return nil
	}
	return fmt.Errorf("run %s: exit status %d: %s: %w", line, res.ExitCode, msg, ErrStepFailed)
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}
