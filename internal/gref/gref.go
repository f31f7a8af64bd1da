// Package gref finds and prepares the reference copy of Gemini CLI's memory
// code (shared/tools/gref) that tests use as an oracle: its transcript
// recorder, session scan and patch validators. Tests call it so that the
// same checks run on a developer machine and in CI, where shared/ sits
// beside the checkout.
package gref

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// ToolsDir locates shared/tools/gref: $AUTOMEM_GREF_TOOLS, else
// <module root>/../shared/tools/gref, else /work/shared/tools/gref.
func ToolsDir() (string, error) {
	if d := os.Getenv("AUTOMEM_GREF_TOOLS"); d != "" {
		return d, nil
	}
	var cands []string
	if root, err := moduleRoot(); err == nil {
		cands = append(cands, filepath.Join(root, "..", "shared", "tools", "gref"))
	}
	cands = append(cands, "/work/shared/tools/gref")
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(c, "validate.mjs")); err == nil {
			return filepath.Clean(c), nil
		}
	}
	return "", errors.New("shared/tools/gref not found (set AUTOMEM_GREF_TOOLS)")
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("go.mod not found")
		}
		dir = parent
	}
}

var (
	setupOnce sync.Once
	setupErr  error
)

// Require returns the tools dir with the reference package installed, or
// skips the test when node is not installed. A failing install fails the
// test: CI installs node, so a skip there would hide a broken oracle.
func Require(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed: Gemini reference checks skipped")
	}
	dir, err := ToolsDir()
	if err != nil {
		t.Skip(err.Error())
	}
	setupOnce.Do(func() {
		out, err := exec.Command("bash", filepath.Join(dir, "setup.sh")).CombinedOutput()
		if err != nil {
			setupErr = fmt.Errorf("gref setup: %v\n%s", err, out)
		}
	})
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	return dir
}

// Node runs one of the gref scripts and returns its combined output and
// error (a non-zero exit is an *exec.ExitError).
func Node(t testing.TB, script string, args ...string) ([]byte, error) {
	t.Helper()
	dir := Require(t)
	cmd := exec.Command("node", append([]string{filepath.Join(dir, script)}, args...)...)
	return cmd.CombinedOutput()
}
