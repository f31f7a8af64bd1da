// Package lazyregexp compiles a package's regular expressions on first use
// instead of at program start. Both binaries link most packages, and a
// package-level regexp.MustCompile runs in every start of every binary
// that links it, whether or not the run needs it: the dozens of them in
// the extractor, the manifest readers and the transcript parsers were a
// tenth of extract's package initialisation.
package lazyregexp

import (
	"regexp"
	"sync"
)

// New returns a function that compiles expr the first time it is called
// and returns that one *regexp.Regexp from then on (safe for concurrent
// use). expr must compile, as with regexp.MustCompile: a bad one panics
// on first use.
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
