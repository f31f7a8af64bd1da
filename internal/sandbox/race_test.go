package sandbox

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
)

// TestSwapRace swaps a directory for a symlink to outside, over and over,
// while write_file writes through it. os.Root resolution (and the inode check
// on the sub-root) must never let a byte land outside, whichever way each
// race goes; a realpath-then-open implementation fails this.
func TestSwapRace(t *testing.T) {
	for _, tc := range []struct {
		name  string
		swap  func(w world) string // the path that flips
		write string
	}{
		{"subdir of skills", func(w world) string { return filepath.Join(w.mem, "skills", "d") }, "skills/d/x.md"},
		{"skills itself", func(w world) string { return filepath.Join(w.mem, "skills") }, "skills/d/x.md"},
		{"inbox kind dir", func(w world) string { return filepath.Join(w.mem, ".inbox", "private") }, ".inbox/private/extraction.patch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			s := w.sandbox(t, nil)
			flip := tc.swap(w)
			if err := os.RemoveAll(flip); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(flip, 0o755); err != nil {
				t.Fatal(err)
			}
			// The outside directory mirrors the layout so a followed link would succeed.
			if err := os.MkdirAll(filepath.Join(w.outside, "d"), 0o755); err != nil {
				t.Fatal(err)
			}
			var stop atomic.Bool
			var swaps atomic.Int64
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				tmp := flip + ".swap"
				for !stop.Load() {
					swaps.Add(1)
					_ = os.Remove(tmp)
					_ = os.Symlink(w.outside, tmp)
					_ = os.Rename(flip, flip+".dir") // move the real dir away
					_ = os.Rename(tmp, flip)         // symlink in place
					_ = os.Remove(flip)
					_ = os.Rename(flip+".dir", flip) // real dir back
				}
			}()
			ok := 0
			writes := 400
			if testing.Short() {
				writes = 50
			}
			for i := 0; i < writes; i++ {
				if _, err := s.WriteFile(tc.write, "x\n"); err == nil {
					ok++
				}
			}
			stop.Store(true)
			wg.Wait()
			for _, p := range []string{filepath.Join(w.outside, "d", "x.md"), filepath.Join(w.outside, "x.md"), filepath.Join(w.outside, "extraction.patch")} {
				if _, err := os.Lstat(p); err == nil {
					t.Fatalf("a write landed outside: %s", p)
				}
			}
			ents, err := os.ReadDir(w.outside)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ents {
				if e.Name() != "canary" && e.Name() != "d" {
					t.Fatalf("unexpected file outside: %s", e.Name())
				}
			}
			t.Logf("%d of %d writes succeeded during %d swaps", ok, writes, swaps.Load())
			if ok == writes {
				t.Log("no write saw the symlink; the race was not exercised this time")
			}
		})
	}
}
