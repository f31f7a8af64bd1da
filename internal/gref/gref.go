// Package gref finds and prepares the reference copy of Gemini CLI's memory
// code (shared/tools/gref) that tests use as an oracle: its transcript
// recorder, session scan and patch validators. Every test that consults
// Gemini's own code goes through it, so that the same checks run on a
// developer machine and in CI, where shared/ sits beside the checkout.
package gref

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"golang.org/x/sys/unix"
)

// Version is the @google/gemini-cli-core release the tools pin.
const Version = "0.61.0"

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

// InstallDir is where setup.sh installs the package: $GREF_DIR or /tmp/gref.
func InstallDir() string {
	if d := os.Getenv("GREF_DIR"); d != "" {
		return d
	}
	return "/tmp/gref"
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
// skips the test when node is not installed (or -short is set). A failing
// install fails the test: CI installs node, so a skip there would hide a
// broken oracle.
func Require(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short: Gemini reference checks skipped")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed: Gemini reference checks skipped")
	}
	dir, err := ToolsDir()
	if err != nil {
		t.Skip(err.Error())
	}
	setupOnce.Do(func() { setupErr = setup(dir) })
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	return dir
}

// setup installs the package unless the pinned version already is, under a
// lock so parallel test packages do not run npm ci over each other.
func setup(tools string) error {
	inst := InstallDir()
	if installed(tools, inst) {
		return nil
	}
	if err := os.MkdirAll(inst, 0o755); err != nil {
		return fmt.Errorf("gref setup: %w", err)
	}
	f, err := os.OpenFile(inst+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("gref setup lock: %w", err)
	}
	defer f.Close()
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		return fmt.Errorf("gref setup lock: %w", err)
	}
	defer unix.Flock(int(f.Fd()), unix.LOCK_UN)
	if installed(tools, inst) {
		return nil
	}
	cmd := exec.Command("bash", filepath.Join(tools, "setup.sh"))
	cmd.Env = append(os.Environ(), "GREF_DIR="+inst)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("gref setup: %v\n%s", err, out)
	}
	return nil
}

// installed is setup.sh's own "already installed" test, done without node.
func installed(tools, inst string) bool {
	data, err := os.ReadFile(filepath.Join(inst, "node_modules", "@google", "gemini-cli-core", "package.json"))
	if err != nil {
		return false
	}
	var pkg struct{ Version string }
	if json.Unmarshal(data, &pkg) != nil || pkg.Version != Version {
		return false
	}
	want, err1 := os.ReadFile(filepath.Join(tools, "pkg", "package-lock.json"))
	have, err2 := os.ReadFile(filepath.Join(inst, "package-lock.json"))
	return err1 == nil && err2 == nil && bytes.Equal(want, have)
}
