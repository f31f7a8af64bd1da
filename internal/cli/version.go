package cli

import (
	"runtime/debug"
	"strings"
)

// Version is what --version prints: the version set at link time
// (-X main.version=v1.2.3), else what the Go toolchain recorded in the
// binary — the module version for `go install …@v1.2.3`, or the commit,
// its time and a "modified" mark for a build from a checkout — so a bug
// report always says which code ran.
func Version(linked string, info func() (*debug.BuildInfo, bool)) string {
	if linked != "" && linked != "dev" {
		return linked
	}
	bi, ok := info()
	if !ok || bi == nil {
		return "dev"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = "modified"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	parts := []string{"dev"}
	for _, p := range []string{rev, at, modified} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " ")
}
