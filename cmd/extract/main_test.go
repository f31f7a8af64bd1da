package main

import (
	"context"
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/automem/automem/internal/cli/clitest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"extract": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Setup: func(e *testscript.Env) error {
			e.Setenv("HOME", e.WorkDir+"/home")
			e.Setenv("XDG_CACHE_HOME", e.WorkDir+"/cache")
			e.Setenv("AUTOMEM_LOG_FORMAT", "json")
			return nil
		},
		Condition: clitest.Conditions,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"subst":      clitest.Subst("WORK", "HOME"),
			"unwritable": clitest.Unwritable,
		},
	})
}
