//go:build !unix

package atomicfile

// Hold does nothing where there is no flock: RemoveOrphans goes by age
// alone there.
func Hold(path string) (release func(), err error) { return func() {}, nil }

func held(path string) bool { return false }

// Lock does nothing where there is no flock: updates there are atomic but
// not serialised.
func Lock(path string) (release func(), err error) { return func() {}, nil }
