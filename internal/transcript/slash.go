package transcript

import (
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// Slash commands are typed to the CLI, not to the model, so they are not
// conversation; but a prompt that merely starts with "/" (a path, a custom
// command the CLI expanded) was answered by the model and is. These helpers
// tell the two apart by the agents' own built-in command names.

// geminiBuiltins are Gemini CLI's built-in slash commands and aliases.
var geminiBuiltins = words(`about agents auth bashes bug chat clear commands compress copy corgi
	dir directory docs editor exit extensions help hooks ide init mcp memory model permissions
	policies privacy profile quit restore resume rewind settings setup-github shells skills stats
	summary terminal-setup theme tools vim`)

// claudeBuiltins are Claude Code's built-in slash commands and aliases.
var claudeBuiltins = words(`add-dir agents approved-tools bashes bug clear compact config context
	cost doctor exit export feedback help hooks ide init install-github-app login logout mcp
	memory migrate-installer model output-style permissions plugin plugins pr-comments
	privacy-settings quit release-notes rename resume review rewind sandbox security-review
	settings stats status statusline tasks terminal-setup todos upgrade usage vim`)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// slashName matches "/name" at the start of a prompt: a command name has no
// further slash, so "/etc/hosts is wrong" has none.
var slashName = lazyregexp.New(`^/([A-Za-z][\w:.-]*)(?:\s|$)`)

// slashCommand splits text typed as "/name args" into the command name and
// its arguments; ok is false when the text is not shaped like a command.
func slashCommand(t string) (name, args string, ok bool) {
	m := slashName().FindStringSubmatch(t)
	if m == nil {
		return "", "", false
	}
	return strings.ToLower(m[1]), strings.TrimSpace(t[len(m[0]):]), true
}
