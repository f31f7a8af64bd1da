package recall

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// ErrQuery marks a query the index cannot parse (unbalanced quotes or
// parentheses, an operator without an operand); it is a usage error.
var ErrQuery = errors.New("bad search query")

// queryHelp is appended to every query error.
const queryHelp = `use words, "exact phrases", prefix*, AND, OR, NOT and (parentheses), e.g. "go generate" OR generat*`

// Match turns what a person typed into an FTS5 match expression. Words,
// "phrases", prefix* and the operators AND, OR, NOT, NEAR and parentheses
// keep their FTS5 meaning ("a AND NOT b", which FTS5 rejects, is its
// "a NOT b"); a bare word holding other characters (go-git,
// src/db/pool.ts, user@host) is searched as the phrase of its parts
// rather than rejected, so pasting a path or a flag just works.
func Match(q string) (string, error) {
	var out []string
	depth := 0
	rs := []rune(q)
	for i := 0; i < len(rs); {
		c := rs[i]
		switch {
		case unicode.IsSpace(c):
			i++
		case c == '(' || c == ')':
			if c == '(' {
				depth++
			} else if depth--; depth < 0 {
				return "", fmt.Errorf("%w %q: a closing parenthesis without an opening one; %s", ErrQuery, q, queryHelp)
			}
			out = append(out, string(c))
			i++
		case c == '"':
			j := i + 1
			for ; j < len(rs); j++ {
				if rs[j] == '"' {
					if j+1 < len(rs) && rs[j+1] == '"' { // "" is a quote inside a phrase
						j++
						continue
					}
					break
				}
			}
			if j >= len(rs) {
				return "", fmt.Errorf("%w %q: unbalanced quotes; %s", ErrQuery, q, queryHelp)
			}
			tok := string(rs[i : j+1])
			i = j + 1
			if i < len(rs) && rs[i] == '*' {
				tok += "*"
				i++
			}
			out = append(out, tok)
		default:
			j := i
			for j < len(rs) && !unicode.IsSpace(rs[j]) && rs[j] != '(' && rs[j] != ')' && rs[j] != '"' {
				j++
			}
			w := word(string(rs[i:j]))
			if w == "NOT" && len(out) > 0 && out[len(out)-1] == "AND" {
				out = out[:len(out)-1] // FTS5's NOT is binary: a NOT b is "a AND NOT b"
			}
			out = append(out, w)
			i = j
		}
	}
	if depth != 0 {
		return "", fmt.Errorf("%w %q: unbalanced parentheses; %s", ErrQuery, q, queryHelp)
	}
	if len(out) == 0 {
		return "", fmt.Errorf("%w: the query is empty; %s", ErrQuery, queryHelp)
	}
	return strings.Join(out, " "), nil
}

// word keeps an operator or a plain (prefix) word as it is and quotes
// anything else.
func word(w string) string {
	switch w {
	case "AND", "OR", "NOT", "NEAR":
		return w
	}
	base, star := strings.CutSuffix(w, "*")
	plain := base != ""
	for _, c := range base {
		if !(c == '_' || c > 127 || unicode.IsLetter(c) || unicode.IsDigit(c)) {
			plain = false
			break
		}
	}
	if plain {
		return w
	}
	q := `"` + strings.ReplaceAll(base, `"`, `""`) + `"`
	if star {
		q += "*"
	}
	return q
}

// queryError turns FTS5's parse errors into ErrQuery; other errors pass.
func queryError(q string, err error) error {
	s := err.Error()
	if i := strings.Index(s, "fts5:"); i >= 0 {
		return fmt.Errorf("%w %q: %s; %s", ErrQuery, q, strings.TrimSpace(s[i+len("fts5:"):]), queryHelp)
	}
	if strings.Contains(s, "unterminated string") || strings.Contains(s, "syntax error") || strings.Contains(s, "no such column") {
		return fmt.Errorf("%w %q: %s; %s", ErrQuery, q, s, queryHelp)
	}
	return err
}
