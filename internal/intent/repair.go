package intent

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/automem/automem/internal/patch"
)

var header = regexp.MustCompile(`^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@(.*)$`)

// ParseRepair parses a patch; when that fails, it recounts every @@
// header from the hunk's body (the usual damage of a hand edit: a line
// added or removed without fixing the counts) and parses again. repaired
// says the second parse was needed; the error is the first parse's.
func ParseRepair(data []byte) (p *patch.Patch, repaired bool, err error) {
	p, err = patch.Parse(data)
	if err == nil {
		return p, false, nil
	}
	fixed, ok := recount(string(data))
	if !ok {
		return nil, false, err
	}
	p2, err2 := patch.Parse([]byte(fixed))
	if err2 != nil {
		return nil, false, err
	}
	return p2, true, nil
}

// recount rewrites each @@ header with the counts of its body.
func recount(s string) (string, bool) {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	changed := false
	for i := 0; i < len(lines); i++ {
		m := header.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		oldN, newN := 0, 0
		j := i + 1
		for ; j < len(lines); j++ {
			l := lines[j]
			if strings.HasPrefix(l, "@@ ") || (strings.HasPrefix(l, "--- ") && j+1 < len(lines) && strings.HasPrefix(lines[j+1], "+++ ")) {
				break
			}
			switch {
			case l == "" || l[0] == ' ':
				oldN++
				newN++
			case l[0] == '-':
				oldN++
			case l[0] == '+':
				newN++
			case l[0] == '\\':
			default:
				return "", false
			}
		}
		os, _ := strconv.Atoi(m[1])
		ns, _ := strconv.Atoi(m[2])
		if oldN == 0 && os > 0 {
			os-- // an empty side names the line after which it goes
		}
		if newN == 0 && ns > 0 {
			ns--
		}
		if oldN > 0 && os == 0 {
			os = 1
		}
		if newN > 0 && ns == 0 {
			ns = 1
		}
		h := fmt.Sprintf("@@ -%d,%d +%d,%d @@%s", os, oldN, ns, newN, m[3])
		if h != lines[i] {
			lines[i], changed = h, true
		}
		i = j - 1
	}
	return strings.Join(lines, "\n") + "\n", changed
}
