package fresh

import (
	"path"
	"strings"
)

// Missing lists the references of a memory line that name something the
// working tree no longer has, each as written in the line
// ("tools/publish.sh", "make deploy", "npm run lint", "just fmt"), so that
// upkeep can quote it and look for it in sessions. It is nil when
// everything named exists or nothing is named surely.
func (s *Snapshot) Missing(line string) []string {
	var out []string
	for _, r := range refs(line) {
		if s.missing(r) {
			out = append(out, r.text)
		}
	}
	return out
}

// missing decides one reference; anything it cannot be sure of exists.
func (s *Snapshot) missing(r ref) bool {
	switch r.kind {
	case kindPath:
		return !s.has(r.name) && !s.ignored(r.name)
	case kindLoosePath:
		return s.anchored(r.name) && !s.has(r.name) && !s.ignored(r.name)
	case kindMake:
		m := s.manifests()
		if m.make.dynamic || m.make.set[r.name] || s.implicit(r.name) {
			return false
		}
		for _, p := range m.make.patterns {
			if matchPattern(p, r.name) {
				return false
			}
		}
		return true
	case kindJust:
		m := s.manifests()
		name, _, _ := strings.Cut(r.name, "::")
		return m.just.found && !m.just.dynamic && !m.just.set[name]
	case kindNPM:
		m := s.manifests()
		return !m.npm.dynamic && !m.npm.set[r.name]
	case kindNPMPkg:
		return absent(s.manifests().npmDeps, r.name)
	case kindCrate:
		return absent(s.manifests().crates, normCrate(r.name))
	case kindPyPkg:
		return absent(s.manifests().py, r.name)
	case kindGoMod:
		m := s.manifests().goMods
		if !m.found || m.dynamic {
			return false
		}
		for mod := range m.set {
			if mod == r.name || strings.HasPrefix(r.name, mod+"/") || strings.HasPrefix(mod, r.name+"/") {
				return false
			}
		}
		return true
	}
	return false
}

// absent is true when the kind's manifests exist, are all readable and
// none lists name.
func absent(n names, name string) bool {
	return n.found && !n.dynamic && !n.set[name]
}

// implicit reports whether make could build name without a rule for it: a
// file or directory of that name (make says it is up to date), or a source
// file of that stem next to a makefile (make's built-in rules).
func (s *Snapshot) implicit(name string) bool {
	if s.has(name) {
		return true
	}
	m := s.manifests()
	for dir := range m.makeDirs {
		if m.stems[path.Join(dir, name)] {
			return true
		}
	}
	return false
}
