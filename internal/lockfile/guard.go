//go:build unix

package lockfile

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// guardSuffix names the permanent sidecar whose flock serialises breaking,
// refreshing and releasing. It is never unlinked: unlinking a flock file
// lets two processes lock two different inodes.
const guardSuffix = ".guard"

// guardPoll is how often a blocked guard is retried; flock itself cannot be
// cancelled, so waiting polls with LOCK_NB and honours ctx.
const guardPoll = 2 * time.Millisecond

type guard struct{ f *os.File }

func lockGuard(ctx context.Context, path string) (guard, error) {
	gp := path + guardSuffix
	f, err := os.OpenFile(gp, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) {
			return guard{}, fmt.Errorf("lock guard %s is a symlink: %w", gp, ErrNotRegular)
		}
		return guard{}, fmt.Errorf("open lock guard %s: %w", gp, err)
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = regularOrErr(gp, fi.Mode())
		}
		return guard{}, fmt.Errorf("lock guard %s: %w", gp, err)
	}
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return guard{f: f}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return guard{}, fmt.Errorf("flock lock guard %s: %w", gp, err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return guard{}, fmt.Errorf("wait for lock guard %s: %w", gp, ctx.Err())
		case <-time.After(guardPoll):
		}
	}
}

// unlock drops the flock; closing the descriptor releases it.
func (g guard) unlock() {
	if g.f != nil {
		g.f.Close()
	}
}

// Serialize takes an exclusive flock on the permanent sidecar path+".guard"
// and returns its release. It serialises short read-modify-write sections
// of a file several processes share (the usage ledger), waiting until ctx
// ends.
func Serialize(ctx context.Context, path string) (release func(), err error) {
	g, err := lockGuard(ctx, path)
	if err != nil {
		return nil, err
	}
	return g.unlock, nil
}
