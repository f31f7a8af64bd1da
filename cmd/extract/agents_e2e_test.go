package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestAgentScripts runs cmd/extract/testdata/agents/*.txtar: extract and
// then inbox, end to end, on projects used with Claude Code, Codex or
// several agents. The inbox binary is built for them; HOME, XDG_CACHE_HOME
// and XDG_STATE_HOME are inside the script's work dir, and transcripts
// spell the work dir @WORK@ (replaced before the run: the sessions record
// absolute project roots).
func TestAgentScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the inbox binary")
	}
	bin := t.TempDir()
	buildBinaries(t, bin, "cmd/inbox")
	testscript.Run(t, testscript.Params{
		Dir: filepath.Join("testdata", "agents"),
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", e.WorkDir+"/home")
			e.Setenv("XDG_CACHE_HOME", e.WorkDir+"/cache")
			e.Setenv("XDG_STATE_HOME", e.WorkDir+"/state")
			e.Setenv("AUTOMEM_LOG_FORMAT", "json")
			e.Setenv("PATH", bin+string(os.PathListSeparator)+e.Getenv("PATH"))
			return nil
		},
	})
}
