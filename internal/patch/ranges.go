package patch

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// ParseRanges reads a list of numbers such as "1,3-4" (hunks for --hunks,
// change lines for the review's l key) and returns the numbers between 1
// and max it names, sorted and without duplicates. Spaces around items and
// around a range's dash are allowed; the errors say what is wrong in the
// person's words, since the review prints them and asks again.
func ParseRanges(s string, max int) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, errors.New("empty selection")
	}
	seen := map[int]bool{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := rangeNum(lo, max)
		if err != nil {
			return nil, err
		}
		b := a
		if isRange {
			if b, err = rangeNum(hi, max); err != nil {
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

// rangeNum reads one number of a list: decimal digits only (no sign, at
// most 9 of them), between 1 and max.
func rangeNum(s string, max int) (int, error) {
	s = strings.TrimSpace(s)
	n, err := strconv.Atoi(s)
	if err != nil || len(s) > 9 || s[0] < '0' || s[0] > '9' {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	if n < 1 || n > max {
		return 0, fmt.Errorf("%d is out of range 1-%d", n, max)
	}
	return n, nil
}
