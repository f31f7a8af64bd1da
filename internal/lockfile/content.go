//go:build unix

package lockfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/rs/zerolog"
	"golang.org/x/sys/unix"
)

// maxLockSize caps how much of a lock file is read; a real one is ~200 bytes.
const maxLockSize = 64 << 10

// jsISO is the layout of JavaScript's Date.toISOString, which Gemini CLI
// writes and parses; using it keeps both tools' timestamps comparable.
const jsISO = "2006-01-02T15:04:05.000Z"

// FormatTime renders t as Gemini CLI does (UTC, milliseconds, "Z").
func FormatTime(t time.Time) string { return t.UTC().Format(jsISO) }

// Info is the lock content. Gemini CLI reads pid and startedAt and ignores
// the rest.
type Info struct {
	PID         int    `json:"pid"`
	StartedAt   string `json:"startedAt"`
	Host        string `json:"host,omitempty"`
	Nonce       string `json:"nonce,omitempty"`
	HeartbeatAt string `json:"heartbeatAt,omitempty"`
	Tool        string `json:"tool,omitempty"`
	// ProcStart identifies the holder's process incarnation (boot id and
	// start time) so a reused pid is not mistaken for the holder.
	ProcStart string `json:"procStart,omitempty"`
}

// parseInfo accepts what Gemini accepts (a number pid and a string
// startedAt) and additionally requires a positive integer pid, since
// kill(0 or negative) addresses process groups, and no larger than a pid_t
// so it is never truncated into another process's pid.
func parseInfo(raw []byte) (*Info, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("parse lock: %w", err)
	}
	var pid float64
	if err := json.Unmarshal(m["pid"], &pid); err != nil || pid <= 0 || pid > math.MaxInt32 || pid != float64(int(pid)) {
		return nil, errors.New("parse lock: pid is not a positive integer")
	}
	var info Info
	if err := json.Unmarshal(m["startedAt"], &info.StartedAt); err != nil || m["startedAt"] == nil {
		return nil, errors.New("parse lock: startedAt is not a string")
	}
	info.PID = int(pid)
	// Optional fields: a wrong type is ignored rather than fatal.
	_ = json.Unmarshal(m["host"], &info.Host)
	_ = json.Unmarshal(m["nonce"], &info.Nonce)
	_ = json.Unmarshal(m["heartbeatAt"], &info.HeartbeatAt)
	_ = json.Unmarshal(m["tool"], &info.Tool)
	_ = json.Unmarshal(m["procStart"], &info.ProcStart)
	return &info, nil
}

// parseTime reads a JS or RFC 3339 timestamp.
func parseTime(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// lockFile is one read of the lock: its bytes, parsed content (nil when
// unparsable) and file identity.
type lockFile struct {
	raw   []byte
	info  *Info
	mtime time.Time
	dev   uint64
	ino   uint64
}

// readLock opens the lock without following a symlink and without blocking
// on a FIFO, and refuses anything but a regular file.
func readLock(path string) (lockFile, error) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return lockFile{}, fmt.Errorf("lock %s is a symlink, refusing to follow it: %w", path, ErrNotRegular)
		}
		return lockFile{}, fmt.Errorf("open lock %s: %w", path, &os.PathError{Op: "open", Path: path, Err: err})
	}
	f := os.NewFile(uintptr(fd), path)
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return lockFile{}, fmt.Errorf("stat lock %s: %w", path, err)
	}
	if err := regularOrErr(path, fi.Mode()); err != nil {
		return lockFile{}, err
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxLockSize))
	if err != nil {
		return lockFile{}, fmt.Errorf("read lock %s: %w", path, err)
	}
	lf := lockFile{raw: raw, mtime: fi.ModTime()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		lf.dev, lf.ino = uint64(st.Dev), uint64(st.Ino)
	}
	if info, err := parseInfo(raw); err == nil {
		lf.info = info
	}
	return lf, nil
}

// create writes info to a private temp file and links it to path, so the
// lock appears complete or not at all. os.ErrExist means someone holds it.
// The link, unlike a rename, never replaces a lock another process made.
func create(path string, info Info) error {
	// Cheap pre-check: when the lock exists (the usual "skip" case) do not
	// write a temp file at all.
	if _, err := os.Lstat(path); err == nil {
		return os.ErrExist
	}
	data, err := json.Marshal(info)
	if err != nil {
		return fmt.Errorf("encode lock: %w", err)
	}
	root, err := os.OpenRoot(filepath.Dir(path))
	if err != nil {
		return fmt.Errorf("create lock %s: %w", path, err)
	}
	defer root.Close()
	base := filepath.Base(path)
	tmp, err := atomicfile.WriteTemp(root, base, data, 0o600)
	if err != nil {
		return fmt.Errorf("create lock %s: %w", path, err)
	}
	defer root.Remove(tmp)
	if err := root.Link(tmp, base); err != nil {
		if errors.Is(err, os.ErrExist) {
			return os.ErrExist
		}
		return fmt.Errorf("create lock %s: %w", path, err)
	}
	return nil
}

// cleanOrphanTemps removes our own temp files beside the lock left by a
// writer killed before it linked or renamed them.
func cleanOrphanTemps(path string, now time.Time, log zerolog.Logger) {
	for _, name := range atomicfile.RemoveOrphans(path, now) {
		log.Debug().Str("file", name).Msg("removed orphan lock temp")
	}
}
