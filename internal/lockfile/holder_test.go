//go:build unix

package lockfile

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestHolder: a dry run learns who holds a lock without changing it — the
// live holder with pid, host and start; nothing for an absent or stale lock.
func TestHolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction.lock")
	o := testOpts(100, 4242)
	if h, err := Holder(path, o); h != nil || err != nil {
		t.Fatalf("absent lock: %v, %v", h, err)
	}
	started := time.Now().Add(-7 * time.Minute).UTC().Truncate(time.Millisecond)
	writeLockJSON(t, path, map[string]any{"pid": 4242, "startedAt": FormatTime(started), "host": "testhost", "heartbeatAt": FormatTime(time.Now())})
	before, _ := os.ReadFile(path)
	h, err := Holder(path, o)
	if err != nil || h == nil || h.PID != 4242 || h.Host != "testhost" || !h.Since.Equal(started) {
		t.Fatalf("live lock: %+v, %v (want pid 4242 on testhost since %v)", h, err, started)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("Holder changed the lock: %q → %q", before, after)
	}
	// A dead holder's lock is stale: a real run would break it.
	writeLockJSON(t, path, map[string]any{"pid": deadPID(t), "startedAt": FormatTime(started), "host": "testhost"})
	if h, err := Holder(path, o); h != nil || err != nil {
		t.Fatalf("stale lock: %+v, %v", h, err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("Holder removed a stale lock: %v", err)
	}
}
