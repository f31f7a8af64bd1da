package transcript

import "io"

// Test helpers: one-shot reads, and reads over an open stream (fuzzing,
// corrupt inputs). path is still used: its name decides the format variant
// (legacy .json, .zst, the Codex filename id, sub-agent layout) and is
// recorded in Session.Path.

// ReadSession is Reader.ReadSession with a fresh Reader.
func ReadSession(path string, src Source) (Session, error) {
	rd := Reader{oneShot: true}
	return rd.ReadSession(path, src)
}

// ReadSessionFrom is ReadSession over an open stream.
func ReadSessionFrom(r io.Reader, path string, src Source) (Session, error) {
	var rd Reader
	s, _, err := rd.read(r, path, src, false)
	return s, err
}

// ReadMessagesFrom is ReadMessages over an open stream.
func ReadMessagesFrom(r io.Reader, path string, src Source) (Session, []Message, error) {
	var rd Reader
	return rd.read(r, path, src, true)
}
