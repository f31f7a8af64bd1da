//go:build !linux

package scan

// statter is os.Lstat outside Linux.
type statter struct{}

func (*statter) lstat(path string) (fileStat, error) { return osLstat(path) }

func (*statter) close() {}
