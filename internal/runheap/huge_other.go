//go:build !linux || !(amd64 || arm64)

package runheap

// hugePages gives no advice where it is not known to help.
func hugePages([]string) {}
