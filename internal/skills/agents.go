package skills

import (
	"bytes"
	"slices"
	"strings"
)

// A draft says for which agents it is meant in its SKILL.md frontmatter, in
// the metadata map the Agent Skills format keeps for tools (string keys and
// values; Gemini CLI, Claude Code and Codex read name and description and
// ignore the rest):
//
//	metadata:
//	  agents: claude, codex
//
// Promotion copies the draft into the skill folders of those agents.
const agentsKey = "agents"

// Agents reads the agents a SKILL.md is meant for (metadata.agents), in
// the order written, without duplicates or unknown names; nil when it
// names none.
func Agents(data []byte) []string {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != "---" {
		return nil
	}
	inMeta := false
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			break
		}
		if l == "" {
			continue
		}
		if l[0] != ' ' && l[0] != '\t' {
			k, _, _ := strings.Cut(l, ":")
			inMeta = strings.TrimSpace(k) == "metadata"
			continue
		}
		k, v, ok := strings.Cut(strings.TrimSpace(l), ":")
		if inMeta && ok && strings.TrimSpace(k) == agentsKey {
			return parseAgents(unquote(strings.TrimSpace(v)))
		}
	}
	return nil
}

func parseAgents(v string) []string {
	var out []string
	for _, a := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		a = strings.ToLower(a)
		if known(a) && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

func known(agent string) bool {
	return agent == Gemini || agent == Claude || agent == Codex
}

// WithAgents returns SKILL.md with metadata.agents set to agents, when it
// names none yet: a line is added to an existing metadata map, or a
// metadata map before the frontmatter's closing ---. Anything else (no
// frontmatter, agents already named, no known agent given) returns data
// unchanged, so what a person or a model wrote is never overridden.
func WithAgents(data []byte, agents []string) []byte {
	agents = parseAgents(strings.Join(agents, ","))
	if len(agents) == 0 || Agents(data) != nil {
		return data
	}
	nl := "\n"
	if bytes.Contains(data, []byte("\r\n")) {
		nl = "\r\n"
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != "---" {
		return data
	}
	entry := "  " + agentsKey + ": " + strings.Join(agents, ", ") + nl
	for i := 1; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if t == "---" {
			return []byte(strings.Join(lines[:i], "") + "metadata:" + nl + entry + strings.Join(lines[i:], ""))
		}
		if k, v, ok := strings.Cut(t, ":"); ok && lines[i][0] != ' ' && lines[i][0] != '\t' &&
			strings.TrimSpace(k) == "metadata" && strings.TrimSpace(v) == "" {
			return []byte(strings.Join(lines[:i+1], "") + entry + strings.Join(lines[i+1:], ""))
		}
	}
	return data
}
