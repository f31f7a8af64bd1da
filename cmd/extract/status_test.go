package main

import (
	"testing"
	"time"

	"github.com/automem/automem/jobs"
)

// TestStatusText: the human report says what a person can act on — what
// the real run would do in a dry run, until when, that --force overrides a
// throttle or backoff, who holds a lock and for how long.
func TestStatusText(t *testing.T) {
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	lock := &jobs.LockHolder{PID: 4242, Host: "laptop", Since: "2026-05-02T11:48:30Z"}
	for _, c := range []struct {
		p    jobs.ProjectReport
		want string
	}{
		{jobs.ProjectReport{Status: jobs.StatusDryRun, Would: jobs.WouldRun}, "dry-run: would run now"},
		{jobs.ProjectReport{Status: jobs.StatusDryRun, Would: jobs.StatusNoMemory}, "dry-run: no memory target (no Gemini CLI project for this root)"},
		{jobs.ProjectReport{Status: jobs.StatusDryRun, Would: jobs.StatusBackoff, Until: "2026-05-02T12:30:00Z"}, "dry-run: backoff until 2026-05-02T12:30:00Z (--force runs anyway)"},
		{jobs.ProjectReport{Status: jobs.StatusDryRun, Would: jobs.StatusLocked, Lock: lock}, "dry-run: locked by pid 4242 on laptop since 2026-05-02T11:48:30Z (11m30s ago)"},
		{jobs.ProjectReport{Status: jobs.StatusLocked, Lock: lock}, "locked by pid 4242 on laptop since 2026-05-02T11:48:30Z (11m30s ago)"},
		{jobs.ProjectReport{Status: jobs.StatusThrottled, Until: "2026-05-02T12:20:00Z"}, "throttled until 2026-05-02T12:20:00Z (--force runs anyway)"},
		{jobs.ProjectReport{Status: jobs.StatusAborted}, "aborted (interrupted; recorded as aborted, no backoff)"},
		{jobs.ProjectReport{Status: jobs.StatusDone}, "done"},
	} {
		if got := statusText(c.p, now); got != c.want {
			t.Errorf("%s/%s: %q, want %q", c.p.Status, c.p.Would, got, c.want)
		}
	}
}
