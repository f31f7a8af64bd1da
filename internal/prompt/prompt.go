// Package prompt writes the extraction agent's messages. It keeps trusted
// and untrusted text apart by construction: the system message is built only
// from paths this program computed, while everything derived from
// transcripts or files (session index lines, pending patches, dismissed
// items, skill names and descriptions) goes into the first user message,
// quoted in fences that the quoted text cannot close, with templating
// markers and invisible control characters defused.
package prompt

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/codex"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// Caps on inserted untrusted text, so a huge pending patch or a hostile index
// line cannot blow the model's context or the token budget.
const (
	maxLine    = 1000     // one index line, tombstone line or skill description
	maxBlock   = 64 << 10 // one fenced body (pending patch, dismissed item)
	maxEntries = 200      // skills or dismissed items listed
)

// Skill is an existing skill the model must not duplicate.
type Skill struct {
	Name        string
	Description string
	// Scope labels where it lives: "draft", "user", "workspace",
	// "extension" or "builtin".
	Scope string
	// Path is the SKILL.md location.
	Path string
}

// Pending is one patch waiting in the inbox.
type Pending struct {
	// Kind groups patches: private, global or skill.
	Kind patch.Kind
	// Name is the file name shown as the heading (e.g. "extraction.patch").
	Name string
	// Body is the patch text.
	Body string
}

// Input is everything one run's prompt is built from.
type Input struct {
	// Memory holds the trusted, program-computed locations the prompt names.
	Memory  memdir.Dir
	Skills  []Skill
	Pending []Pending
	// Dismissed are tombstones: items a person rejected in review.
	Dismissed []string
	// Index are the session index lines, each ending with a transcript path.
	Index []string
}

// System returns the system message. It takes only the memory's paths, so
// no transcript-derived text can reach the system role.
func System(d memdir.Dir) string {
	r := strings.NewReplacer(
		"{{MEM}}", Neutralise(d.Targets.MemoryDir),
		"{{GLOBAL}}", Neutralise(d.Targets.GlobalMemory),
		"{{SKILLS}}", Neutralise(d.Skills()),
		"{{PRIVATE_PATCH}}", Neutralise(d.ExtractionPatch(patch.Private)),
		"{{GLOBAL_PATCH}}", Neutralise(d.ExtractionPatch(patch.Global)),
		"{{EXAMPLE}}", ExamplePatch(d),
	)
	return r.Replace(systemTemplate) + conventions(d)
}

// conventions is the part of the system message that names the agent whose
// memory this is and how that agent loads it; Gemini CLI's memory, the one
// the template describes, needs none.
func conventions(d memdir.Dir) string {
	var text string
	switch d.Agent {
	case claude.Agent:
		text = claudeConventions
	case codex.Agent:
		text = codexConventions
	}
	if d.Targets.MemoryDir != "" && d.Targets.ProjectMemory != "" {
		// The project opted in to its shared file: the same rule as
		// memdir.Dir.Route, in words.
		text += projectConventions
	}
	if text == "" {
		return ""
	}
	return strings.NewReplacer(
		"{{MEM}}", Neutralise(d.Targets.MemoryDir),
		"{{GLOBAL}}", Neutralise(d.Targets.GlobalMemory),
		"{{PROJECT}}", Neutralise(d.Targets.ProjectMemory),
		"{{PROJECT_PATCH}}", Neutralise(d.ExtractionPatch(patch.Project)),
		"{{LINES}}", strconv.Itoa(claude.IndexLines),
		"{{KIB}}", strconv.Itoa(codex.MaxBytes>>10),
	).Replace(text)
}

// ExamplePatch is the worked patch example the system message shows, for
// the given memory dir: a new topic file plus its MEMORY.md pointer line.
// It is exported so tests elsewhere can check it against the validator.
func ExamplePatch(d memdir.Dir) string {
	return strings.ReplaceAll(examplePatch, "{{MEM}}", Neutralise(strings.TrimRight(d.Targets.MemoryDir, "/")))
}

// User returns the first user message: the memory dir by absolute path, then
// the existing skills, the pending inbox, the dismissed items and the
// session index, each untrusted piece fenced or line-sanitised.
func User(in Input) string {
	var b strings.Builder
	b.WriteString(strings.NewReplacer("{{MEM}}", Neutralise(in.Memory.Targets.MemoryDir), "{{GLOBAL}}", Neutralise(in.Memory.Targets.GlobalMemory)).Replace(userIntro))

	if len(in.Skills) > 0 {
		skills := append([]Skill(nil), in.Skills...)
		sort.SliceStable(skills, func(i, j int) bool {
			if skills[i].Scope != skills[j].Scope {
				return skills[i].Scope < skills[j].Scope
			}
			return skills[i].Name < skills[j].Name
		})
		fmt.Fprintf(&b, "\n# Existing Skills (%d)\nDo NOT duplicate any of these; extend one with a skill patch instead.\n\n", len(skills))
		var list strings.Builder
		for i, s := range skills {
			if i == maxEntries {
				fmt.Fprintf(&list, "- … %d more not shown\n", len(skills)-i)
				break
			}
			fmt.Fprintf(&list, "- %s [%s]: %s (%s)\n", line(s.Name), line(s.Scope), line(s.Description), line(s.Path))
		}
		b.WriteString(Fence(list.String()))
	}

	if len(in.Pending) > 0 {
		groups := map[patch.Kind][]Pending{}
		var kinds []patch.Kind
		for _, p := range in.Pending {
			if _, ok := groups[p.Kind]; !ok {
				kinds = append(kinds, p.Kind)
			}
			groups[p.Kind] = append(groups[p.Kind], p)
		}
		slices.Sort(kinds)
		b.WriteString("\n# Pending Memory Inbox\nThese patches are waiting for review. Merge your hunks into the canonical patch of the same kind; keep what is pending.\n")
		for _, k := range kinds {
			ps := groups[k]
			sort.SliceStable(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
			fmt.Fprintf(&b, "\n## %s (%d)\n", line(string(k)), len(ps))
			for _, p := range ps {
				fmt.Fprintf(&b, "\n### %s\n%s", line(p.Name), Fence(block(p.Body)))
			}
		}
	}

	if len(in.Dismissed) > 0 {
		b.WriteString("\n# Dismissed Items\nA person reviewed and rejected each of these. Do not propose them again, in any wording.\n")
		for i, d := range in.Dismissed {
			if i == maxEntries {
				fmt.Fprintf(&b, "\n… %d more not shown\n", len(in.Dismissed)-i)
				break
			}
			b.WriteString("\n" + Fence(block(d)))
		}
	}

	b.WriteString("\n# Session Index\n" + indexNotes)
	if len(in.Index) == 0 {
		b.WriteString("\n(no sessions)\n")
	} else {
		var lines strings.Builder
		for _, l := range in.Index {
			lines.WriteString(line(l) + "\n")
		}
		b.WriteString("\n" + Fence(lines.String()))
	}
	b.WriteString("\n" + closing)
	return b.String()
}

// Fence wraps body in a code fence of backticks one longer than the longest
// backtick run inside it (at least three), so the body cannot close the
// fence early. body is neutralised first.
func Fence(body string) string {
	body = Neutralise(body)
	longest, run := 0, 0
	for i := 0; i < len(body); i++ {
		if body[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	return f + "\n" + body + f + "\n"
}

// Neutralise defuses text before it is inserted into a prompt: every "${"
// loses its dollar so no template engine downstream can expand it
// ("${word}" becomes "{word}"), invalid UTF-8 is replaced, and invisible
// format characters (zero-width, bidi overrides, tag characters) are shown
// as <U+XXXX> so they cannot hide instructions.
func Neutralise(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	for strings.Contains(s, "${") {
		s = strings.ReplaceAll(s, "${", "{")
	}
	if !strings.ContainsFunc(s, invisible) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if invisible(r) {
			fmt.Fprintf(&b, "<U+%04X>", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// invisible reports characters that render as nothing or reorder text.
func invisible(r rune) bool {
	switch {
	case r >= 0x200B && r <= 0x200F, // zero-width space/joiners, LRM, RLM
		r >= 0x202A && r <= 0x202E,   // bidi embeddings and overrides
		r >= 0x2060 && r <= 0x2069,   // word joiner, invisible operators, bidi isolates
		r == 0xFEFF,                  // zero-width no-break space
		r == 0x00AD,                  // soft hyphen
		r >= 0xE0000 && r <= 0xE007F: // tag characters
		return true
	}
	return false
}

// line makes one untrusted value safe for a single list line: neutralised,
// newlines flattened, capped.
func line(s string) string {
	s = Neutralise(s)
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, s)
	return truncate(s, maxLine)
}

// block caps one fenced body.
func block(s string) string {
	if len(s) <= maxBlock {
		return s
	}
	return truncate(s, maxBlock) + "\n[… cut: longer than the prompt allows]\n"
}

// truncate cuts s to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
