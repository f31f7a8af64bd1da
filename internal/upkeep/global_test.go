package upkeep_test

import (
	"testing"

	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/upkeep"
)

// TestGlobalFileNotStaleNorUnused: the global file holds facts for every
// project, so one project's working tree (stale) and one project's
// sessions (unused) say nothing about its lines; a duplicate in it is
// still merged. The same lines in the project's MEMORY.md are judged.
func TestGlobalFileNotStaleNorUnused(t *testing.T) {
	t.Parallel()
	const (
		pub    = "- Publish releases with `tools/publish.sh`."
		old    = "- The legacy importer needs `gfortran` installed."
		deploy = "- Deploy with `make deploy-prod`."
		cobol  = "- The mainframe bridge needs `cobc` installed."
		commit = "- Prefer small commits."
	)
	global := "# Global\n\n" + pub + "\n" + cobol + "\n" + commit + "\n" + commit + "\n"
	index := "# Project Memory\n\n" + deploy + "\n" + old + "\n"
	in := upkeep.Input{
		Files: []upkeep.File{{Path: "/g/GEMINI.md", Kind: patch.Global, Content: global},
			{Path: "/m/MEMORY.md", Kind: patch.Private, Content: index}},
		Index: "/m/MEMORY.md", Archive: "/m/archive.md", Sessions: fixtureSessions(),
		Tree: gone{"tools/publish.sh": "tools/publish.sh", "make deploy-prod": "make deploy-prod"}, Now: fixtureNow,
	}
	got := map[string]upkeep.Action{}
	for _, p := range upkeep.Plan(in) {
		got[p.Path+" "+p.Line] = p.Action
	}
	want := map[string]upkeep.Action{
		"/g/GEMINI.md " + commit: upkeep.ActionMerge,
		"/m/MEMORY.md " + deploy: upkeep.ActionArchive,
		"/m/MEMORY.md " + old:    upkeep.ActionArchive,
	}
	for k, a := range want {
		if got[k] != a {
			t.Errorf("%s: %q, want %q", k, got[k], a)
		}
	}
	for k, a := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected proposal %s: %s", k, a)
		}
	}
}
