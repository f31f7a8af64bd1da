//go:build unix && !linux

package lockfile

// processStart is unknown off Linux; PID reuse is then caught only by the
// heartbeat age.
func processStart(int) string { return "" }
