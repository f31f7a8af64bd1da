package main

import (
	"context"
	"encoding/json"
	"github.com/automem/automem/internal/lockfile"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/automem/automem/internal/cli/clitest"
	"github.com/automem/automem/internal/gref"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"inbox": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs cmd/inbox/testdata/*.txtar. Every script starts with a
// registered Gemini project "proj" at $WORK/proj whose memory dir is $MEM;
// HOME and GEMINI_CLI_HOME are $WORK/home.
func TestScripts(t *testing.T) {
	grefDir := ""
	if _, err := exec.LookPath("node"); err == nil {
		grefDir = gref.Require(t)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Setup: func(e *testscript.Env) error {
			home := filepath.Join(e.WorkDir, "home")
			e.Setenv("HOME", home)
			e.Setenv("GEMINI_CLI_HOME", home)
			e.Setenv("AUTOMEM_LOG_FORMAT", "json")
			e.Setenv("NO_COLOR", "")
			mem, err := mkproject(e.WorkDir, home, "proj")
			if err != nil {
				return err
			}
			e.Setenv("MEM", mem)
			e.Setenv("GHOME", filepath.Join(home, ".gemini"))
			return nil
		},
		Condition: clitest.Conditions,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"subst":      clitest.Subst("WORK", "HOME", "MEM", "GHOME"),
			"mkproject":  cmdMkproject,
			"holdlock":   cmdHoldLock,
			"unwritable": clitest.Unwritable,
			"gemvalidate": func(ts *testscript.TestScript, neg bool, args []string) {
				cmdGemValidate(ts, neg, grefDir, args)
			},
		},
	})
}

// mkproject registers a Gemini project rooted at $WORK/<name> and returns
// its memory dir.
func mkproject(work, home, name string) (string, error) {
	root := filepath.Join(work, name)
	gdir := filepath.Join(home, ".gemini")
	tmp := filepath.Join(gdir, "tmp", name)
	mem := filepath.Join(tmp, "memory")
	for _, d := range []string{root, mem} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", err
		}
	}
	reg := map[string]map[string]string{"projects": {}}
	regPath := filepath.Join(gdir, "projects.json")
	if data, err := os.ReadFile(regPath); err == nil {
		_ = json.Unmarshal(data, &reg)
	}
	reg["projects"][root] = name
	data, _ := json.Marshal(reg)
	if err := os.WriteFile(regPath, data, 0o644); err != nil {
		return "", err
	}
	return mem, os.WriteFile(filepath.Join(tmp, ".project_root"), []byte(root), 0o644)
}

// cmdMkproject: mkproject NAME — register another project.
func cmdMkproject(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: mkproject NAME")
	}
	if _, err := mkproject(ts.Getenv("WORK"), ts.Getenv("HOME"), args[0]); err != nil {
		ts.Fatalf("mkproject: %v", err)
	}
}

// cmdGemValidate: gemvalidate PATCH [private|global] — Gemini CLI's own inbox
// validator (shared/tools/gref) must accept the patch; skipped without node.
func cmdGemValidate(ts *testscript.TestScript, neg bool, grefDir string, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: gemvalidate PATCH [kind]")
	}
	kind := "private"
	if len(args) > 1 {
		kind = args[1]
	}
	if grefDir == "" {
		ts.Logf("gemvalidate: node missing, skipped")
		return
	}
	res, err := gref.Call("validate.mjs", ts.MkAbs(args[0]), ts.Getenv("MEM"), "--kind="+kind, "--home="+ts.Getenv("HOME"))
	ts.Check(err)
	ok := res.Code == 0 && strings.Contains(string(res.Stdout), `"valid":true`)
	if ok == neg {
		ts.Fatalf("gemvalidate %s: valid=%v\n%s", args[0], ok, res.Combined)
	}
}

// holdlock PATH takes the extraction lock at PATH as a running extract
// would, for the rest of the script (this test process is its live holder).
func cmdHoldLock(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: holdlock PATH")
	}
	l, err := lockfile.Acquire(context.Background(), ts.MkAbs(args[0]), lockfile.Options{})
	ts.Check(err)
	ts.Defer(func() { _ = l.Release() })
}
