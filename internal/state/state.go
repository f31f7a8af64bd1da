// Package state reads and writes memory/.extraction-state.json, the run
// history Gemini CLI's Auto Memory keeps, as a superset of Gemini's format:
// Gemini keeps seeing our runs in its throttle and its processed-session
// logic, and we keep what Gemini lacks (run status and errors for backoff,
// per-session verdicts so a session is not offered forever, usage) in extra
// fields it ignores. Unknown fields survive a round trip.
//
// The file is replaced atomically (temp in the same directory, fsync,
// rename, fsync of the directory), a corrupt one is moved aside rather than
// overwritten, and the history is compacted to the newest runs plus a
// per-session book so that nothing processed is forgotten.
package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/rs/zerolog"
	"golang.org/x/sys/unix"
)

// Defaults.
const (
	DefaultMaxRuns   = 200 // runs kept by compaction
	DefaultMaxOffers = 3   // offers without a read before a session is exhausted
	// maxStateSize refuses absurd files instead of reading them into memory.
	maxStateSize = 256 << 20
)

// ErrUnsafePath means the state path is a symlink or not a regular file.
var ErrUnsafePath = errors.New("state file is not a regular file")

// jsISO is JavaScript's Date.toISOString layout, which Gemini CLI writes.
const jsISO = "2006-01-02T15:04:05.000Z"

// FormatTime renders t as Gemini CLI does (UTC, milliseconds, "Z").
func FormatTime(t time.Time) string { return t.UTC().Format(jsISO) }

// parseMs reads a timestamp to Unix milliseconds; like Gemini's
// getTimestampMs, an unparsable one is 0.
func parseMs(s string) int64 {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}

// State is the decoded state file. It is not safe for concurrent use; the
// extraction lock serialises its writers.
type State struct {
	// Runs in file order (oldest first), including foreign and synthetic ones.
	Runs []Run
	// MaxRuns and MaxOffers tune compaction and exhaustion.
	MaxRuns, MaxOffers int
	// CorruptMovedTo is where Load moved a corrupt file ("" if none).
	CorruptMovedTo string

	book  book
	extra map[string]json.RawMessage
	now   func() time.Time
	log   zerolog.Logger
	agg   *aggregate
	// failpoint is called at named stages of Save; crash tests kill the
	// process there.
	failpoint func(stage string)
}

// LoadOptions configures Load.
type LoadOptions struct {
	// Now is the clock (names the corrupt copy, stamps runs). Default time.Now.
	Now func() time.Time
	// Log receives warnings about corrupt files.
	Log zerolog.Logger
	// ReadOnly treats a corrupt file as empty without moving it (dry runs).
	ReadOnly bool
}

// New returns an empty state.
func New(opts LoadOptions) *State {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &State{MaxRuns: DefaultMaxRuns, MaxOffers: DefaultMaxOffers, now: opts.Now, log: opts.Log}
}

// Load reads the state at path. A missing file is an empty state. A corrupt
// one (empty, truncated, not an object, runs not a list) is moved to
// <path>.corrupt-<time> with a warning and an empty state is returned. A
// symlink is refused.
func Load(path string, opts LoadOptions) (*State, error) {
	s := New(opts)
	raw, err := readRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	if perr := s.decode(raw); perr != nil {
		if opts.ReadOnly {
			s.log.Warn().Str("state", path).Str("problem", perr.Error()).Msg("state file is corrupt; treating it as empty")
			return New(opts), nil
		}
		dst := path + ".corrupt-" + s.now().UTC().Format("20060102T150405.000Z")
		if err := os.Rename(path, dst); err != nil {
			return nil, fmt.Errorf("move corrupt state %s aside: %w", path, err)
		}
		s.log.Warn().Str("state", path).Str("moved_to", dst).Str("problem", perr.Error()).
			Msg("state file is corrupt; moved aside and starting empty")
		fresh := New(opts)
		fresh.CorruptMovedTo = dst
		return fresh, nil
	}
	return s, nil
}

// readRegular reads path without following a symlink or blocking on a FIFO.
func readRegular(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		return nil, fmt.Errorf("stat state %s: %w", path, err)
	}
	if err := regular(path, fi.Mode()); err != nil {
		return nil, err
	}
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return nil, fmt.Errorf("state %s is a symlink, refusing it: %w", path, ErrUnsafePath)
		}
		return nil, fmt.Errorf("open state %s: %w", path, &os.PathError{Op: "open", Path: path, Err: err})
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("state %s changed while opening: %w", path, ErrUnsafePath)
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxStateSize+1))
	if err != nil {
		return nil, fmt.Errorf("read state %s: %w", path, err)
	}
	if len(raw) > maxStateSize {
		return nil, fmt.Errorf("state %s is larger than %d bytes", path, maxStateSize)
	}
	return raw, nil
}

func regular(path string, m os.FileMode) error {
	switch {
	case m.IsRegular():
		return nil
	case m&os.ModeSymlink != 0:
		return fmt.Errorf("state %s is a symlink, refusing it: %w", path, ErrUnsafePath)
	default:
		return fmt.Errorf("state %s is a %v, not a regular file: %w", path, m.Type(), ErrUnsafePath)
	}
}

// decode fills s from raw; an error means the file is corrupt.
func (s *State) decode(raw []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return fmt.Errorf("not JSON: %w", err)
	}
	if top == nil {
		return errors.New("not a JSON object")
	}
	if r, ok := top["runs"]; ok {
		var runs []json.RawMessage
		if err := json.Unmarshal(r, &runs); err != nil || runs == nil {
			return errors.New("runs is not a list")
		}
		s.Runs = make([]Run, 0, len(runs))
		var buf bytes.Buffer
		for _, rr := range runs {
			if r, ok := decodeRunFast(rr, &buf); ok {
				s.Runs = append(s.Runs, r)
			} else {
				s.Runs = append(s.Runs, decodeRun(rr))
			}
		}
		delete(top, "runs")
	}
	if b, ok := top[bookKey]; ok {
		if err := json.Unmarshal(b, &s.book); err != nil {
			s.log.Warn().Err(err).Msg("automem section of the state file is unreadable; compacted history reset")
			s.book = book{}
		}
		delete(top, bookKey)
	}
	if len(top) > 0 {
		s.extra = top
	}
	return nil
}

// Marshal renders the state file: runs, then our book, then unknown
// top-level fields, indented as Gemini writes it.
func (s *State) Marshal() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"runs":`)
	runs := s.Runs
	if runs == nil {
		runs = []Run{}
	}
	rb, err := json.Marshal(runs)
	if err != nil {
		return nil, fmt.Errorf("encode runs: %w", err)
	}
	b.Write(rb)
	if !s.book.empty() {
		bb, err := json.Marshal(s.book)
		if err != nil {
			return nil, fmt.Errorf("encode state book: %w", err)
		}
		b.WriteString(`,"` + bookKey + `":`)
		b.Write(bb)
	}
	keys := make([]string, 0, len(s.extra))
	for k := range s.extra {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		kb, _ := json.Marshal(k)
		b.WriteByte(',')
		b.Write(kb)
		b.WriteByte(':')
		b.Write(s.extra[k])
	}
	b.WriteByte('}')
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		return nil, fmt.Errorf("indent state: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// Save writes the state atomically; a new file gets mode 0600, an existing
// one keeps its mode.
func (s *State) Save(path string) error { return s.SaveFenced(path, nil) }

// SaveFenced is Save with a fence called right before the rename that
// publishes the new file; a fence error (typically the lock's Check
// returning ErrLost) aborts the write and leaves the old file untouched.
func (s *State) SaveFenced(path string, fence func() error) error {
	if fi, err := os.Lstat(path); err == nil {
		if err := regular(path, fi.Mode()); err != nil {
			return err
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("stat state %s: %w", path, err)
	}
	data, err := s.Marshal()
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create state dir %s: %w", dir, err)
	}
	atomicfile.RemoveOrphans(path, s.now())
	check := func() error {
		if fence != nil {
			if err := fence(); err != nil {
				return err
			}
		}
		s.fail(stageBeforeRename)
		return nil
	}
	if err := atomicfile.Write(path, data, 0o600, atomicfile.Fence(check)); err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	s.fail(stageAfterRename)
	return nil
}

// Failpoint stages passed to the crash-test hook.
const (
	stageBeforeRename = "before-rename"
	stageAfterRename  = "after-rename"
)

func (s *State) fail(stage string) {
	if s.failpoint != nil {
		s.failpoint(stage)
	}
}
