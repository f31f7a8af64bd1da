//go:build !unix

package transcript

import "testing"

// mkfifo does nothing where FIFOs do not exist; the FIFO checks are skipped.
func mkfifo(t *testing.T, path string) { t.Helper() }
