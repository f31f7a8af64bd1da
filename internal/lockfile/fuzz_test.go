//go:build unix

package lockfile

import (
	"testing"
	"time"
)

// FuzzJudge feeds arbitrary lock content to the parser and the judge: they
// must never panic, a parsed pid is always positive, and content that does
// not parse is stale only past the grace period.
func FuzzJudge(f *testing.F) {
	f.Add([]byte(`{"pid":12,"startedAt":"2026-05-01T09:00:00.000Z"}`), int64(0))
	f.Add([]byte(`{"pid":12,"startedAt":"2026-05-01T09:00:00.000Z","host":"h","nonce":"n","heartbeatAt":"2026-05-01T09:30:00.000Z"}`), int64(5))
	f.Add([]byte(`{"pid":1e300,"startedAt":"x"}`), int64(60))
	f.Add([]byte(``), int64(1))
	now := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, raw []byte, ageSec int64) {
		o := Options{Now: func() time.Time { return now }, Host: "h", PID: 7, Alive: func(p int) bool { return p%2 == 0 }}.withDefaults()
		lf := lockFile{raw: raw, mtime: now.Add(-time.Duration(ageSec%100000) * time.Second)}
		info, err := parseInfo(raw)
		if err == nil {
			if info.PID <= 0 {
				t.Fatalf("parsed pid %d", info.PID)
			}
			lf.info = info
		}
		v := judge(lf, o, "ours")
		if lf.info == nil && v.stale != (now.Sub(lf.mtime) > o.Grace) {
			t.Fatalf("unparsable content: stale=%v at age %v", v.stale, now.Sub(lf.mtime))
		}
		if v.reason == "" {
			t.Fatal("verdict without a reason")
		}
	})
}
