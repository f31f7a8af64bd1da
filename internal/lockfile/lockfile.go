//go:build unix

// Package lockfile guards a project's memory directory with the same lock
// file Gemini CLI's Auto Memory uses (memory/.extraction.lock), so that this
// job and Gemini's in-process service never extract at once.
//
// The lock is created with link(2) from a fully written temp file, so no
// process ever sees it empty; it carries {pid, startedAt} for Gemini plus a
// host, a random nonce and a heartbeat for us. A lock is stale when its
// content is unparsable and older than a short grace, when its same-host pid
// is gone, or when its heartbeat (else startedAt) is older than the stale
// limit.
//
// Breaking a stale lock, refreshing the heartbeat and releasing all run under
// an flock(2) on a permanent sidecar file (<lock>.guard) that is never
// unlinked. Inside the guard the lock is re-read and re-judged just before it
// is removed, and no other automem process can change the lock name while the
// guard is held (creation needs the name to be absent; removal and refresh
// need the guard), so two breakers can never both win and a breaker never
// removes a lock created after its judgement. The guard was chosen over
// "claim by rename" because a rename claim briefly moves a fresh lock away
// when it loses the race, letting a third process in; the guard never does.
// Gemini CLI does not know the guard: its own break is a plain unlink and
// cannot be made race-free from here.
package lockfile

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/rs/zerolog"
)

// Defaults follow Gemini CLI's constants where it has one.
const (
	DefaultStale     = 35 * time.Minute // Gemini's LOCK_STALE_MS
	DefaultHeartbeat = 5 * time.Minute
	DefaultGrace     = 10 * time.Second
	// acquireAttempts bounds the create → judge → break loop.
	acquireAttempts = 4
	// futureSkew is how far ahead a timestamp may be before we warn.
	futureSkew = time.Minute
)

// Errors callers branch on.
var (
	// ErrHeld means a live process holds the lock; the caller skips the
	// project (exit status 75). The concrete error is a *HeldError.
	ErrHeld = errors.New("lock held")
	// ErrLost means our lock was broken or replaced; a holder that gets it
	// must write nothing.
	ErrLost = errors.New("lock lost")
	// ErrNotRegular means the lock path is a symlink, directory, FIFO or
	// device; it is never followed or opened for writing.
	ErrNotRegular = errors.New("not a regular file")
)

// HeldError describes the live holder of a lock.
type HeldError struct {
	PID   int
	Host  string
	Since time.Time // startedAt; zero when the content is unreadable
}

// Error names the holder, as git does when it finds a lock: who and since
// when, so a person can tell a running job from a crashed one.
func (e *HeldError) Error() string {
	host := ""
	if e.Host != "" {
		host = " on " + e.Host
	}
	since := "unknown time"
	if !e.Since.IsZero() {
		since = e.Since.UTC().Format(time.RFC3339)
	}
	if e.PID == 0 {
		return fmt.Sprintf("lock held (being written)%s since %s", host, since)
	}
	return fmt.Sprintf("locked by pid %d%s since %s", e.PID, host, since)
}

// Is makes errors.Is(err, ErrHeld) true for a *HeldError.
func (e *HeldError) Is(target error) bool { return target == ErrHeld }

// Options configures Acquire. Zero values take the defaults; everything that
// touches the outside world is injectable so tests control time and
// liveness.
type Options struct {
	// Now is the wall clock (lock ages are wall-clock ages, as monotonic
	// clocks stop during suspend). Default time.Now.
	Now func() time.Time
	// Stale is the age of heartbeat (else startedAt) after which a lock is
	// broken. Default 35 min.
	Stale time.Duration
	// Heartbeat is the refresh period of heartbeatAt; negative disables the
	// refresh goroutine. Default 5 min.
	Heartbeat time.Duration
	// Grace is how long unparsable content is presumed to be mid-write.
	// Default 10 s.
	Grace time.Duration
	// Host names this machine. Default os.Hostname().
	Host string
	// PID is our process id. Default os.Getpid().
	PID int
	// Alive reports whether a same-host pid exists. Default kill(pid, 0):
	// ESRCH is dead, EPERM is alive.
	Alive func(pid int) bool
	// ProcStart identifies a pid's current process incarnation ("" if
	// unknown). Default: boot id + start time from /proc on Linux.
	ProcStart func(pid int) string
	// Tick starts the heartbeat ticker. Default time.NewTicker.
	Tick func(d time.Duration) (<-chan time.Time, func())
	// Log receives what happened (never lock content above debug).
	Log zerolog.Logger

	// beforeBreak runs inside the guard between "judged stale" and the
	// unlink; tests use it to pause a breaker.
	beforeBreak func()
}

func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Stale <= 0 {
		o.Stale = DefaultStale
	}
	if o.Heartbeat == 0 {
		o.Heartbeat = DefaultHeartbeat
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.Host == "" {
		o.Host, _ = os.Hostname()
	}
	if o.PID == 0 {
		o.PID = os.Getpid()
	}
	if o.Alive == nil {
		o.Alive = processAlive
	}
	if o.ProcStart == nil {
		o.ProcStart = processStart
	}
	if o.Tick == nil {
		o.Tick = func(d time.Duration) (<-chan time.Time, func()) {
			t := time.NewTicker(d)
			return t.C, t.Stop
		}
	}
	return o
}

// Lock is a held lock. Its methods are safe for concurrent use.
type Lock struct {
	path  string
	nonce string
	opts  Options
	info  Info

	mu       sync.Mutex
	released bool
	lostOnce sync.Once
	lost     chan struct{} // closed once the lock is found not ours (Context ends then)
	stop     chan struct{}
	done     chan struct{}
}

// Acquire takes the lock at path or returns a *HeldError (errors.Is ErrHeld)
// when a live process holds it. A stale lock is broken (logged with the old
// pid and the reason) and creation retried. ctx bounds waiting for the
// guard; the heartbeat runs until Release.
func Acquire(ctx context.Context, path string, opts Options) (*Lock, error) {
	o := opts.withDefaults()
	nonce, err := newNonce()
	if err != nil {
		return nil, err
	}
	if err := checkPath(path); err != nil {
		return nil, err
	}
	cleanOrphanTemps(path, o.Now(), o.Log)
	procStart := o.ProcStart(o.PID)
	for attempt := 0; attempt < acquireAttempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("acquire lock %s: %w", path, err)
		}
		now := o.Now()
		info := Info{
			PID:         o.PID,
			StartedAt:   FormatTime(now),
			Host:        o.Host,
			Nonce:       nonce,
			HeartbeatAt: FormatTime(now),
			Tool:        "automem",
			ProcStart:   procStart,
		}
		err := create(path, info)
		if err == nil {
			l := &Lock{path: path, nonce: nonce, opts: o, info: info, lost: make(chan struct{})}
			l.startHeartbeat()
			o.Log.Debug().Str("lock", path).Int("pid", o.PID).Msg("lock acquired")
			return l, nil
		}
		if !errors.Is(err, os.ErrExist) {
			return nil, err
		}
		cur, err := readLock(path)
		if errors.Is(err, os.ErrNotExist) {
			continue // released between our link and our read
		}
		if err != nil {
			return nil, err
		}
		v := judge(cur, o, nonce)
		if v.warn != "" {
			o.Log.Warn().Str("lock", path).Int("pid", v.info.PID).Msg(v.warn)
		}
		if !v.stale {
			return nil, v.held()
		}
		h, err := breakStale(ctx, path, o, nonce)
		if err != nil {
			return nil, err
		}
		if h != nil {
			return nil, h
		}
	}
	return nil, fmt.Errorf("acquire lock %s: gave up after %d attempts: %w", path, acquireAttempts, ErrHeld)
}

// breakStale removes a lock judged stale. Under the guard it re-reads and
// re-judges the lock, so whatever it removes is stale at the moment of
// removal (no automem process can replace the name while the guard is held).
// It returns a *HeldError when the lock turned live meanwhile.
func breakStale(ctx context.Context, path string, o Options, nonce string) (*HeldError, error) {
	g, err := lockGuard(ctx, path)
	if err != nil {
		return nil, err
	}
	defer g.unlock()
	cur, err := readLock(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	v := judge(cur, o, nonce)
	if !v.stale {
		return v.held(), nil
	}
	if o.beforeBreak != nil {
		o.beforeBreak()
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("remove stale lock %s: %w", path, err)
	}
	o.Log.Info().Str("lock", path).Int("old_pid", v.info.PID).Str("old_host", v.info.Host).
		Str("reason", v.reason).Msg("broke stale lock")
	return nil, nil
}

func (l *Lock) markLost() { l.lostOnce.Do(func() { close(l.lost) }) }

// Check re-reads the lock and returns ErrLost (wrapped) unless it still
// carries our nonce. Call it right before writing any result.
func (l *Lock) Check() error {
	l.mu.Lock()
	released := l.released
	l.mu.Unlock()
	if released {
		return fmt.Errorf("check lock %s: released: %w", l.path, ErrLost)
	}
	cur, err := readLock(l.path)
	if errors.Is(err, os.ErrNotExist) {
		l.markLost()
		return fmt.Errorf("check lock %s: removed by another process: %w", l.path, ErrLost)
	}
	if err != nil {
		l.markLost()
		return fmt.Errorf("check lock %s: %w: %w", l.path, err, ErrLost)
	}
	if cur.info == nil || cur.info.Nonce != l.nonce {
		l.markLost()
		return fmt.Errorf("check lock %s: taken over by another process: %w", l.path, ErrLost)
	}
	return nil
}

// Release stops the heartbeat and removes the lock file if it still carries
// our nonce. If another process holds it now, the file is left alone and
// ErrLost is returned. Releasing twice is a no-op.
func (l *Lock) Release() error {
	l.mu.Lock()
	if l.released {
		l.mu.Unlock()
		return nil
	}
	l.released = true
	l.mu.Unlock()
	l.stopHeartbeat()
	g, err := lockGuard(context.Background(), l.path)
	if err != nil {
		return fmt.Errorf("release lock %s: %w", l.path, err)
	}
	defer g.unlock()
	cur, err := readLock(l.path)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("release lock %s: already removed: %w", l.path, ErrLost)
	}
	if err != nil {
		return fmt.Errorf("release lock %s: %w", l.path, err)
	}
	if cur.info == nil || cur.info.Nonce != l.nonce {
		return fmt.Errorf("release lock %s: held by another process, left alone: %w", l.path, ErrLost)
	}
	if err := os.Remove(l.path); err != nil {
		return fmt.Errorf("release lock %s: %w", l.path, err)
	}
	l.opts.Log.Debug().Str("lock", l.path).Msg("lock released")
	return nil
}

func newNonce() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("lock nonce: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// checkPath refuses a lock path that exists and is not a regular file, and
// a lock directory that does not exist.
func checkPath(path string) error {
	fi, err := os.Lstat(path)
	if err == nil {
		return regularOrErr(path, fi.Mode())
	}
	if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("stat lock %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); err != nil {
		return fmt.Errorf("lock dir %s: %w", dir, err)
	}
	return nil
}

func regularOrErr(path string, m os.FileMode) error {
	switch {
	case m.IsRegular():
		return nil
	case m&os.ModeSymlink != 0:
		return fmt.Errorf("lock %s is a symlink, refusing to follow it: %w", path, ErrNotRegular)
	case m.IsDir():
		return fmt.Errorf("lock %s is a directory: %w", path, ErrNotRegular)
	case m&os.ModeNamedPipe != 0:
		return fmt.Errorf("lock %s is a FIFO: %w", path, ErrNotRegular)
	default:
		return fmt.Errorf("lock %s is a special file (%v): %w", path, m.Type(), ErrNotRegular)
	}
}

// Context returns a child of parent that is cancelled, with cause ErrLost,
// as soon as the lock is found lost (by the heartbeat or by Check), so that
// long work such as a model call stops early, like restic's self-fencing.
// Check stays the fence before every write.
func (l *Lock) Context(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	go func() {
		select {
		case <-l.lost:
			cancel(ErrLost)
		case <-ctx.Done():
		}
	}()
	return ctx, func() { cancel(context.Canceled) }
}

// Holder reports who holds the lock at path without taking, breaking or
// changing anything (extract --dry-run): the live holder as a *HeldError,
// or nil when the lock is absent or stale (a real run would break it).
func Holder(path string, opts Options) (*HeldError, error) {
	o := opts.withDefaults()
	lf, err := readLock(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	v := judge(lf, o, "")
	if v.stale {
		return nil, nil
	}
	return v.held(), nil
}
