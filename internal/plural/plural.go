// Package plural writes counts the way a person reads them ("1 line",
// "2 lines", "0 lines") so every message of both binaries agrees.
package plural

import "strconv"

// Of is n followed by the noun in the right number: one for exactly 1,
// many otherwise.
func Of(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
