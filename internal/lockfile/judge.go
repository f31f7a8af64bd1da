//go:build unix

package lockfile

import (
	"errors"
	"fmt"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Reasons a lock is judged stale or live; they appear in logs.
const (
	ReasonUnparsableOld   = "unparsable content older than the grace period"
	ReasonUnparsableFresh = "unparsable content within the grace period (being written)"
	ReasonDeadPID         = "holder process is gone"
	ReasonPIDReused       = "holder pid now belongs to another process"
	ReasonOwnPID          = "our own pid with another nonce (pid reused)"
	ReasonExpired         = "heartbeat older than the stale limit"
	ReasonAlive           = "holder is alive and its heartbeat is fresh"
	ReasonFuture          = "timestamp is in the future; not stale by age"
)

// verdict is the outcome of judging one read of a lock.
type verdict struct {
	stale  bool
	reason string
	warn   string
	info   Info
	since  time.Time
}

func (v verdict) held() *HeldError {
	return &HeldError{PID: v.info.PID, Host: v.info.Host, Since: v.since}
}

// judge decides whether a lock is stale. ours is the nonce of the process
// judging (empty when only inspecting).
func judge(lf lockFile, o Options, ours string) verdict {
	now := o.Now()
	if lf.info == nil {
		// Gemini's writer creates the file first and fills it after, and a
		// crash can leave it empty: only an old unparsable lock is stale.
		if now.Sub(lf.mtime) > o.Grace {
			return verdict{stale: true, reason: ReasonUnparsableOld, since: lf.mtime}
		}
		return verdict{reason: ReasonUnparsableFresh, since: lf.mtime}
	}
	info := *lf.info
	v := verdict{info: info}
	if t, ok := parseTime(info.StartedAt); ok {
		v.since = t
	}
	// A lock without a host was written by Gemini CLI, which only runs on
	// the machine that owns ~/.gemini: treat it as ours.
	sameHost := info.Host == "" || info.Host == o.Host
	if sameHost {
		if ours != "" && info.PID == o.PID && info.Nonce != ours {
			v.stale, v.reason = true, ReasonOwnPID
			return v
		}
		if !o.Alive(info.PID) {
			v.stale, v.reason = true, ReasonDeadPID
			return v
		}
		if info.ProcStart != "" {
			if cur := o.ProcStart(info.PID); cur != "" && cur != info.ProcStart {
				v.stale, v.reason = true, ReasonPIDReused
				return v
			}
		}
	}
	ref, ok := parseTime(info.HeartbeatAt)
	if !ok {
		ref, ok = parseTime(info.StartedAt)
	}
	if !ok {
		ref = lf.mtime
	}
	if ref.After(now.Add(futureSkew)) {
		v.reason = ReasonFuture
		v.warn = fmt.Sprintf("lock timestamp %s is in the future; clock skew?", FormatTime(ref))
		return v
	}
	if now.Sub(ref) > o.Stale {
		v.stale, v.reason = true, ReasonExpired
		return v
	}
	v.reason = ReasonAlive
	return v
}

// Alive says whether a same-host pid exists, as a lock's judge sees it
// (other accounts of running processes use it too).
func Alive(pid int) bool { return processAlive(pid) }

// processAlive probes a pid with signal 0: ESRCH means gone, EPERM means it
// exists under another user. Any other answer is taken as alive, so that a
// doubt never breaks a lock.
func processAlive(pid int) bool {
	err := unix.Kill(pid, 0)
	return err == nil || !errors.Is(err, syscall.ESRCH)
}
