package jobs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/atomicfile"
)

// remoteImage matches a Markdown image whose source is fetched from the
// network: rendered later by a viewer or agent, its URL can carry data
// off the machine (the "exit" of a prompt-injection attack).
var remoteImage = regexp.MustCompile(`!\[([^\]\n]*)\]\(\s*<?(?i:https?|ftp|data):[^)\n]*\)`)

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
	s = remoteImage.ReplaceAllString(s, "[image removed: $1]")
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

// sanitize rewrites one candidate file (relative to the memory dir) without
// remote images and hidden characters. In a patch only added lines are
// touched, so context still matches the target and counts stay exact.
func sanitize(memoryDir, rel string, log zerolog.Logger) {
	if !strings.HasSuffix(rel, ".md") && !strings.HasSuffix(rel, ".patch") {
		return
	}
	path := filepath.Join(memoryDir, filepath.FromSlash(rel))
	fi, err := os.Lstat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	lines := strings.SplitAfter(string(data), "\n")
	isPatch := strings.HasSuffix(rel, ".patch")
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
		return
	}
	if err := atomicfile.Write(path, []byte(strings.Join(lines, "")), fi.Mode().Perm()); err != nil {
		log.Error().Err(err).Str("file", rel).Msg("could not remove remote images or hidden characters")
		return
	}
	log.Warn().Str("file", rel).Msg("removed remote images or hidden characters from a candidate")
}
