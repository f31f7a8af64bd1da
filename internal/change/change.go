// Package change describes one file touched by an inbox decision — its
// bytes before and after — so that the code that makes a change (patch
// apply, skill promotion) can hand it to the history without depending on
// the history's storage (go-git), which the extract job never needs.
package change

import "io/fs"

// File is one touched file: its bytes before and after, and whether it
// existed on each side. Mode is the permission bits of the after side (or of
// the before side when the file is removed).
type File struct {
	Path         string      `json:"path"`
	BeforeExists bool        `json:"beforeExists"`
	AfterExists  bool        `json:"afterExists"`
	Mode         fs.FileMode `json:"mode"`
	Before       []byte      `json:"-"`
	After        []byte      `json:"-"`
}
