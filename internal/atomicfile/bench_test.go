package atomicfile

import (
	"path/filepath"
	"testing"
)

// BenchmarkWrite is one atomic replace of a 4 KiB file (state-sized).
func BenchmarkWrite(b *testing.B) {
	p := filepath.Join(b.TempDir(), "state.json")
	data := make([]byte, 4096)
	for b.Loop() {
		if err := Write(p, data, 0o600); err != nil {
			b.Fatal(err)
		}
	}
}
