package transcript

import (
	"strings"
)

const (
	shellTool     = "run_shell_command"
	workflowParts = " | "
	workflowSteps = " -> "
)

// SanitizeWorkflow reduces a Gemini memoryScratchpad workflowSummary to what
// Gemini CLI itself shows in its session index. When a shell step is present
// the summary may carry whole command lines (with tokens, URLs, secrets), so
// only tool names, "run_shell_command: <program basename>", "paths …" and
// the validated / validation failed markers survive; e.g.
// `run_shell_command: curl -H "Authorization: …"` becomes
// `run_shell_command: curl`. Summaries without a shell step are only
// whitespace-normalised.
func SanitizeWorkflow(summary string) string {
	norm := strings.Join(strings.Fields(summary), " ")
	if !strings.Contains(norm, shellTool+":") {
		return norm
	}
	var kept []string
	for _, part := range strings.Split(norm, workflowParts) {
		part = strings.TrimSpace(part)
		switch {
		case part == "":
		case strings.Contains(part, shellTool+":"):
			var steps []string
			for _, step := range strings.Split(part, workflowSteps) {
				if s := sanitizeStep(step); s != "" {
					steps = append(steps, s)
				}
			}
			if len(steps) > 0 {
				kept = append(kept, strings.Join(steps, workflowSteps))
			}
		case strings.HasPrefix(part, "paths "), part == "validated", part == "validation failed":
			kept = append(kept, part)
		}
	}
	return strings.Join(kept, workflowParts)
}

// sanitizeStep keeps a plain tool name or a shell step reduced to its
// program name; anything else is dropped ("").
func sanitizeStep(step string) string {
	step = strings.TrimSpace(step)
	if step == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(step, shellTool+":"); ok {
		if name := shellProgram(strings.TrimSpace(rest)); name != "" {
			return shellTool + ": " + name
		}
		return shellTool
	}
	if isToolName(step) {
		return step
	}
	return ""
}

// isToolName matches [A-Za-z_][A-Za-z0-9_:.]*.
func isToolName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
		if !letter && (i == 0 || !(isDigit(c) || c == ':' || c == '.')) {
			return false
		}
	}
	return s != ""
}

// shellProgram names the program a command line runs: the basename of its
// first word that is not a VAR=value assignment, or "shell" when that word
// is not a plain name (a URL, odd characters).
func shellProgram(cmd string) string {
	cmd = strings.Join(strings.Fields(cmd), " ")
	for _, tok := range shellWords(cmd) {
		if isAssignment(tok) {
			continue
		}
		base := tok
		if parts := strings.FieldsFunc(tok, func(r rune) bool { return r == '/' || r == '\\' }); len(parts) > 0 {
			base = parts[len(parts)-1]
		}
		if base == "" || strings.Contains(base, "://") || !isProgramName(base) {
			return "shell"
		}
		return base
	}
	return ""
}

// shellWords splits a command line on blanks, honouring ', " and ` quotes
// (which are removed) and backslash escapes inside double quotes.
func shellWords(cmd string) []string {
	var (
		words []string
		cur   strings.Builder
		quote rune
	)
	rs := []rune(cmd)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if quote != 0 {
			switch {
			case c == quote:
				quote = 0
			case quote == '"' && c == '\\' && i+1 < len(rs):
				i++
				cur.WriteRune(rs[i])
			default:
				cur.WriteRune(c)
			}
			continue
		}
		switch c {
		case ' ', '\t', '\n', '\r':
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		case '"', '\'', '`':
			quote = c
		default:
			cur.WriteRune(c)
		}
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	return words
}

// isAssignment matches ^[A-Za-z_][A-Za-z0-9_]*=.
func isAssignment(tok string) bool {
	eq := strings.IndexByte(tok, '=')
	if eq <= 0 {
		return false
	}
	for i := 0; i < eq; i++ {
		c := tok[i]
		letter := c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')
		if !letter && (i == 0 || !isDigit(c)) {
			return false
		}
	}
	return true
}

// isProgramName matches ^[A-Za-z0-9_.@+-]+$.
func isProgramName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := isDigit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
			c == '_' || c == '.' || c == '@' || c == '+' || c == '-'
		if !ok {
			return false
		}
	}
	return s != ""
}
