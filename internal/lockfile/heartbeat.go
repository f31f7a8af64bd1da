//go:build unix

package lockfile

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/automem/automem/internal/atomicfile"
)

// startHeartbeat refreshes heartbeatAt every Options.Heartbeat until
// Release. When the lock turns out to be someone else's, it stops and
// closes Lost.
func (l *Lock) startHeartbeat() {
	if l.opts.Heartbeat < 0 {
		return
	}
	l.stop = make(chan struct{})
	l.done = make(chan struct{})
	tick, stopTick := l.opts.Tick(l.opts.Heartbeat)
	go func() {
		defer close(l.done)
		defer stopTick()
		for {
			select {
			case <-l.stop:
				return
			case <-tick:
				err := l.Refresh()
				if errors.Is(err, ErrLost) {
					l.opts.Log.Warn().Str("lock", l.path).Msg("lock lost; stopping heartbeat")
					return
				}
				if err != nil {
					l.opts.Log.Warn().Err(err).Str("lock", l.path).Msg("lock heartbeat failed")
				}
			}
		}
	}()
}

func (l *Lock) stopHeartbeat() {
	if l.stop == nil {
		return
	}
	close(l.stop)
	<-l.done
}

// Refresh rewrites the lock with a new heartbeatAt (atomic replace, under
// the guard) if it still carries our nonce; otherwise it returns ErrLost and
// leaves the file alone. The heartbeat goroutine calls it; it is exported
// for callers that want to refresh before a long step.
func (l *Lock) Refresh() error {
	g, err := lockGuard(context.Background(), l.path)
	if err != nil {
		return fmt.Errorf("refresh lock %s: %w", l.path, err)
	}
	defer g.unlock()
	l.mu.Lock()
	released := l.released
	l.mu.Unlock()
	if released {
		return fmt.Errorf("refresh lock %s: released: %w", l.path, ErrLost)
	}
	cur, err := readLock(l.path)
	if err != nil || cur.info == nil || cur.info.Nonce != l.nonce {
		l.markLost()
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("refresh lock %s: %w: %w", l.path, err, ErrLost)
		}
		return fmt.Errorf("refresh lock %s: %w", l.path, ErrLost)
	}
	info := *cur.info
	info.HeartbeatAt = FormatTime(l.opts.Now())
	data, err := json.Marshal(info)
	if err != nil {
		return fmt.Errorf("encode lock: %w", err)
	}
	if err := atomicfile.Write(l.path, data, 0o600); err != nil {
		return fmt.Errorf("refresh lock %s: %w", l.path, err)
	}
	return nil
}
