// Package review is the inbox's hunk-by-hunk and line-by-line review loop, in
// the manner of git add -p: one question per hunk, single-letter answers,
// read as lines from one bufio.Reader when stdin is not a terminal so a
// review can be scripted and tested with an answer file.
package review

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// ParseKey reads one answer: its first non-blank byte, ASCII lower-cased.
// An empty answer is "" (the caller asks again).
func ParseKey(line string) string {
	s := strings.TrimSpace(line)
	if s == "" {
		return ""
	}
	c := s[0]
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	return string([]byte{c})
}

// ParseList reads a selection such as "1,3-4" of numbers in 1..max and
// returns them sorted without duplicates. Spaces are allowed around items.
func ParseList(s string, max int) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("empty selection")
	}
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := listNum(lo, max)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = listNum(hi, max); err != nil {
				return nil, err
			}
			if b < a {
				return nil, fmt.Errorf("range %q runs backwards", part)
			}
		}
		for n := a; n <= b; n++ {
			seen[n] = true
		}
	}
	out := make([]int, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Ints(out)
	return out, nil
}

func listNum(s string, max int) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 9 {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if n < 1 || n > max {
		return 0, fmt.Errorf("%d is out of range 1-%d", n, max)
	}
	return n, nil
}
