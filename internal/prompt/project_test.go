package prompt

import (
	"strings"
	"testing"

	"github.com/automem/automem/internal/claude"
	"github.com/automem/automem/internal/gemini"
)

// TestSystemNamesTheProjectFile: a project that opted in to its shared
// file gets the file, its patch and the routing rule in the system
// message; one that did not (the Gemini CLI default) gets none of it.
func TestSystemNamesTheProjectFile(t *testing.T) {
	on := gemini.Layout("/home/u/.gemini", mem, "/src/proj", "/src/proj")
	cl := claude.Layout("/home/u/.claude", "/state/automem/projects/proj-1/claude", "/src/proj", true)
	for _, c := range []struct {
		sys, file, patch string
	}{
		{System(on), "/src/proj/GEMINI.md", mem + "/.automem/inbox/project/extraction.patch"},
		{System(cl), "/src/proj/CLAUDE.md", "/state/automem/projects/proj-1/claude/.automem/inbox/project/extraction.patch"},
	} {
		for _, want := range []string{
			"## The team's shared file: " + c.file, c.patch,
			"commands that verify the project", "Facts about this person tied to this project",
			"stay in private memory", "how to answer or talk to them, their commit style", "Never put one fact in two places",
		} {
			if !strings.Contains(c.sys, want) {
				t.Errorf("system message for %s lacks %q", c.file, want)
			}
		}
		if strings.Contains(c.sys, "{{") {
			t.Error("unfilled placeholder in system message")
		}
	}
	if !strings.Contains(System(cl), "Claude Code loads only") {
		t.Error("Claude Code's own conventions lost beside the project file")
	}
	off := System(gemini.Layout("/home/u/.gemini", mem, "/src/proj", ""))
	if strings.Contains(off, "shared file") || strings.Contains(off, "/src/proj/GEMINI.md") {
		t.Error("a project that did not opt in is told about a shared file")
	}
}
