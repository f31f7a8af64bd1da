package patch

import (
	"path/filepath"
	"strings"
	"unicode"
)

// isAbs reports whether name is an absolute slash path. Patches name targets
// with forward slashes; a backslash is refused separately.
func isAbs(name string) bool {
	return strings.HasPrefix(name, "/") && filepath.IsAbs(name)
}

// checkLexical applies the name rules that need no filesystem: absolute,
// already clean (no ".", ".." or empty component, so "/m/../m/x.md" is
// refused even though it would resolve inside), no backslash, control or
// invisible characters, no component starting with "-", and no .git variant.
func checkLexical(name string) *Error {
	if !isAbs(name) {
		return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "name is not absolute"}
	}
	if strings.ContainsRune(name, '\\') {
		return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "backslash in name"}
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || unicode.Is(unicode.Cc, r) || isInvisible(r) {
			return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "control or invisible character in name"}
		}
	}
	if name == "/" || strings.HasSuffix(name, "/") {
		return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "name is a directory"}
	}
	comps := strings.Split(name[1:], "/")
	for i, c := range comps {
		switch {
		case c == "" || c == "." || c == "..":
			return &Error{Reason: OutsideAllowedRoots, File: name, Detail: "name has an empty, . or .. component"}
		case strings.EqualFold(strings.TrimRight(c, ". "), ".git"):
			return &Error{Reason: OutsideAllowedRoots, File: name, Detail: "name has a .git component"}
		case strings.HasPrefix(c, "-") && i == len(comps)-1:
			// A file name that reads as an option. A directory may start
			// with one: Claude Code's project dirs all do (-home-me-proj).
			return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "file name starts with -"}
		case len(c) > 255:
			return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "component longer than 255 bytes"}
		case c != strings.TrimRight(c, ". "):
			return &Error{Reason: InvalidPatchHeaders, File: name, Detail: "component ends with a dot or space"}
		}
	}
	return nil
}

// isInvisible reports format characters (zero-width joiners, bidi controls,
// tag characters) that let two different names look the same, as in
// CVE-2014-9390's ".g\u200cit".
func isInvisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || (r >= 0xE0000 && r <= 0xE007F) || r == 0xFFFD
}
