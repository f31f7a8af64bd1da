package patch

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/lazyregexp"
)

// remoteImage matches a Markdown image whose source is fetched from the
// network: rendered later by a viewer or agent, its URL can carry data
// off the machine (the "exit" of a prompt-injection attack).
var remoteImage = lazyregexp.New(`!\[([^\]\n]*)\]\(\s*<?(?i:https?|ftp|data):[^)\n]*\)`)

// hidden reports characters that render as nothing or reorder text:
// zero-width characters, bidi controls and Unicode tag characters, which
// can hide instructions from the person reviewing a candidate.
func hidden(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2069,
		r == 0xFEFF, r >= 0xE0000 && r <= 0xE007F:
		return true
	}
	return false
}

// cleanLine removes remote images and hidden characters from one line of
// model-written text.
func cleanLine(s string) string {
	s = remoteImage().ReplaceAllString(s, "[image removed: $1]")
	if strings.IndexFunc(s, hidden) >= 0 {
		s = strings.Map(func(r rune) rune {
			if hidden(r) {
				return -1
			}
			return r
		}, s)
	}
	return s
}

// Sanitize rewrites one candidate file an extractor wrote (a *.patch or a
// *.md skill draft; other files are left alone) without remote images and
// hidden characters, before it is validated. In a patch only added lines are
// touched, so context still matches the target and counts stay exact. It
// reports whether the file changed; a missing or irregular file is left as
// it is.
func Sanitize(path string) (bool, error) {
	isPatch := filepath.Ext(path) == ".patch"
	if !isPatch && filepath.Ext(path) != ".md" {
		return false, nil
	}
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return false, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return false, nil
	}
	lines := strings.SplitAfter(string(data), "\n")
	changed := false
	for i, l := range lines {
		if isPatch && (!strings.HasPrefix(l, "+") || strings.HasPrefix(l, "+++ ")) {
			continue
		}
		if c := cleanLine(l); c != l {
			lines[i], changed = c, true
		}
	}
	if !changed {
		return false, nil
	}
	if err := atomicfile.Write(path, []byte(strings.Join(lines, "")), fi.Mode().Perm()); err != nil {
		return false, err
	}
	return true, nil
}
