//go:build !linux

package scan

import "io/fs"

// eachEntry calls fn with the name and type of every entry of dir, in
// directory order (see dirents_linux.go).
func eachEntry(dir string, fn func(name []byte, typ fs.FileMode)) error {
	entries, err := readDir(dir)
	for _, e := range entries {
		fn([]byte(e.Name()), e.Type())
	}
	return err
}
