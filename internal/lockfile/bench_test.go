//go:build unix

package lockfile

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/rs/zerolog"
)

// BenchmarkAcquireRelease is the lock cost a run pays when nobody holds it.
func BenchmarkAcquireRelease(b *testing.B) {
	path := filepath.Join(b.TempDir(), ".extraction.lock")
	o := Options{Heartbeat: -1, Log: zerolog.Nop()}
	for b.Loop() {
		l, err := Acquire(context.Background(), path, o)
		if err != nil {
			b.Fatal(err)
		}
		if err := l.Release(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHeld is the cost of finding the lock held (the skip path).
func BenchmarkHeld(b *testing.B) {
	path := filepath.Join(b.TempDir(), ".extraction.lock")
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1, PID: 1, Log: zerolog.Nop()})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Release()
	o := Options{Heartbeat: -1, Log: zerolog.Nop()}
	for b.Loop() {
		if _, err := Acquire(context.Background(), path, o); err == nil {
			b.Fatal("acquired a held lock")
		}
	}
}

// BenchmarkCheck is the fence before each result write.
func BenchmarkCheck(b *testing.B) {
	path := filepath.Join(b.TempDir(), ".extraction.lock")
	l, err := Acquire(context.Background(), path, Options{Heartbeat: -1, Log: zerolog.Nop()})
	if err != nil {
		b.Fatal(err)
	}
	defer l.Release()
	for b.Loop() {
		if err := l.Check(); err != nil {
			b.Fatal(err)
		}
	}
}
