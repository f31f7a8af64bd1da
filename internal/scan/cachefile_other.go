//go:build !linux

package scan

import "os"

// readCacheFile reads the cache file (Linux maps it, see cachefile_linux.go).
func readCacheFile(path string) ([]byte, error) { return os.ReadFile(path) }
