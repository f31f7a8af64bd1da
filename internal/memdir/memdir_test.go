package memdir_test

import (
	"path/filepath"
	"testing"

	"github.com/automem/automem/internal/gemini"
	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// paths lists every location a Dir answers, by name.
func paths(d memdir.Dir) map[string]string {
	return map[string]string{
		"inbox private":   d.Inbox(patch.Private),
		"inbox global":    d.Inbox(patch.Global),
		"inbox root":      d.InboxRoot(),
		"patch private":   d.ExtractionPatch(patch.Private),
		"patch global":    d.ExtractionPatch(patch.Global),
		"skills":          d.Skills(),
		"lock":            d.Lock(),
		"state":           d.State(),
		"own":             d.Own(),
		"rejected":        d.Rejected(),
		"evidence":        d.Evidence(),
		"tombstones":      d.Tombstones(),
		"history":         d.History(),
		"journal":         d.Journal(),
		"target private":  d.Targets.MemoryDir,
		"target global":   d.Targets.GlobalMemory,
		"target skills 0": d.Targets.SkillRoots[0],
	}
}

// TestPaths pins every file of a memory: the Gemini layout must give
// exactly the paths Gemini CLI and earlier automem releases use, and a split
// layout must keep automem's data apart from the files the agent reads.
func TestPaths(t *testing.T) {
	const mem = "/h/.gemini/tmp/alpha/memory"
	const state = "/h/.local/state/automem/projects/p1"
	split := memdir.Dir{Data: state, Targets: patch.Roots{
		MemoryDir:    "/h/.claude/projects/-src-alpha/memory",
		GlobalMemory: "/h/.claude/CLAUDE.md",
		SkillRoots:   []string{"/h/.claude/skills"},
	}}
	tests := []struct {
		name string
		dir  memdir.Dir
		want map[string]string
	}{
		{"gemini", gemini.Layout("/h/.gemini", mem, "/src/alpha", ""), map[string]string{
			"inbox private":   mem + "/.inbox/private",
			"inbox global":    mem + "/.inbox/global",
			"inbox root":      mem + "/.inbox",
			"patch private":   mem + "/.inbox/private/extraction.patch",
			"patch global":    mem + "/.inbox/global/extraction.patch",
			"skills":          mem + "/skills",
			"lock":            mem + "/.extraction.lock",
			"state":           mem + "/.extraction-state.json",
			"own":             mem + "/.automem",
			"rejected":        mem + "/.automem/rejected",
			"evidence":        mem + "/.automem/evidence.jsonl",
			"tombstones":      mem + "/.automem/tombstones.jsonl",
			"history":         mem + "/.automem/history",
			"journal":         mem + "/.automem/apply.journal",
			"target private":  mem,
			"target global":   "/h/.gemini/GEMINI.md",
			"target skills 0": "/h/.gemini/skills",
		}},
		{"split", split, map[string]string{
			"inbox private":   state + "/.inbox/private",
			"inbox global":    state + "/.inbox/global",
			"inbox root":      state + "/.inbox",
			"patch private":   state + "/.inbox/private/extraction.patch",
			"patch global":    state + "/.inbox/global/extraction.patch",
			"skills":          state + "/skills",
			"lock":            state + "/.extraction.lock",
			"state":           state + "/.extraction-state.json",
			"own":             state + "/.automem",
			"rejected":        state + "/.automem/rejected",
			"evidence":        state + "/.automem/evidence.jsonl",
			"tombstones":      state + "/.automem/tombstones.jsonl",
			"history":         state + "/.automem/history",
			"journal":         state + "/.automem/apply.journal",
			"target private":  "/h/.claude/projects/-src-alpha/memory",
			"target global":   "/h/.claude/CLAUDE.md",
			"target skills 0": "/h/.claude/skills",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := paths(tc.dir)
			for k, want := range tc.want {
				if got[k] != filepath.FromSlash(want) {
					t.Errorf("%s = %q, want %q", k, got[k], want)
				}
			}
			if len(got) != len(tc.want) {
				t.Errorf("checked %d paths, the layout has %d", len(tc.want), len(got))
			}
		})
	}
	if got := gemini.Layout("/h/.gemini", mem, "/src/alpha", "").Targets.SkillRoots; len(got) != 4 || got[3] != "/src/alpha/.agents/skills" {
		t.Errorf("gemini skill roots = %q, want the user and workspace roots", got)
	}
}

// TestClassify checks that a path is recognised as a pending patch or a
// skill draft file only where the layout puts them.
func TestClassify(t *testing.T) {
	const state = "/s"
	d := memdir.Dir{Data: state, Targets: patch.Roots{MemoryDir: "/m"}}
	kinds := []struct {
		path string
		kind patch.Kind
		ok   bool
	}{
		{"/s/.inbox/private/extraction.patch", patch.Private, true},
		{"/s/.inbox/global/x.patch", patch.Global, true},
		{"/s/skills/deploy.patch", patch.Skill, true},
		{"/s/.inbox/private/notes.md", "", false},
		{"/s/.inbox/private/sub/x.patch", "", false},
		{"/s/.inbox/other/x.patch", "", false},
		{"/s/skills/deploy/x.patch", "", false},
		{"/m/.inbox/private/extraction.patch", "", false}, // not where this layout keeps its inbox
		{"/s/.automem/rejected/x.patch", "", false},
	}
	for _, tc := range kinds {
		if k, ok := d.PatchKind(tc.path); k != tc.kind || ok != tc.ok {
			t.Errorf("PatchKind(%s) = %q, %v; want %q, %v", tc.path, k, ok, tc.kind, tc.ok)
		}
	}
	drafts := []struct {
		path, name string
		ok         bool
	}{
		{"/s/skills/deploy/SKILL.md", "deploy", true},
		{"/s/skills/deploy/scripts/run.sh", "deploy", true},
		{"/s/skills/deploy.patch", "", false},
		{"/s/skills", "", false},
		{"/s/other/deploy/SKILL.md", "", false},
		{"/m/skills/deploy/SKILL.md", "", false},
	}
	for _, tc := range drafts {
		if n, ok := d.Draft(tc.path); n != tc.name || ok != tc.ok {
			t.Errorf("Draft(%s) = %q, %v; want %q, %v", tc.path, n, ok, tc.name, tc.ok)
		}
	}
}

// TestRoute: the one rule for where a new line about the project goes.
// A team line reaches the shared file only when the memory has both a
// private memory and the opted-in project file; Codex, with no private
// memory, keeps every line in its AGENTS.md; existing lines stay in the
// kind of the file they are in.
func TestRoute(t *testing.T) {
	mem := "/h/.gemini/tmp/alpha/memory"
	off := gemini.Layout("/h/.gemini", mem, "/src/alpha", "")
	on := gemini.Layout("/h/.gemini", mem, "/src/alpha", "/src/alpha")
	codexOnly := memdir.Dir{Agent: "codex", Data: "/state/codex", Targets: patch.Roots{
		GlobalMemory: "/h/.codex/AGENTS.md", ProjectMemory: "/src/alpha/AGENTS.md"}}
	team, person := "Use pnpm, never npm, for the web client.", "Always answer me in short bullet points."
	verify := "Verification commands for this project: `go test ./...`."
	for _, c := range []struct {
		name    string
		d       memdir.Dir
		line    string
		command bool
		want    patch.Kind
	}{
		{"off team", off, team, false, patch.Private},
		{"off commands", off, verify, true, patch.Private},
		{"on team", on, team, false, patch.Project},
		{"on commands", on, verify, true, patch.Project},
		{"on person", on, person, false, patch.Private},
		{"codex team", codexOnly, team, false, patch.Project},
		{"codex person", codexOnly, person, false, patch.Project},
	} {
		if got := c.d.Route(c.line, c.command); got != c.want {
			t.Errorf("%s: Route(%q) = %s; want %s", c.name, c.line, got, c.want)
		}
	}
	if f := on.File(patch.Project); f != "/src/alpha/GEMINI.md" {
		t.Errorf("project file %s", f)
	}
	for path, want := range map[string]patch.Kind{
		"/src/alpha/GEMINI.md": patch.Project, "/h/.gemini/GEMINI.md": patch.Global,
		mem + "/MEMORY.md": patch.Private, mem + "/build.md": patch.Private,
	} {
		if got := on.KindOf(path); got != want {
			t.Errorf("KindOf(%s) = %s; want %s", path, got, want)
		}
	}
	if got := off.KindOf("/src/alpha/GEMINI.md"); got != patch.Private {
		t.Errorf("switched off, the repository's GEMINI.md is no target: KindOf = %s", got)
	}
}
