package clitest

import (
	"fmt"
	"os"
	"os/exec"

	"github.com/rogpeppe/go-internal/testscript"
)

// Unwritable is the testscript command `unwritable DIR`: DIR refuses new
// files for the rest of the script, so a binary meets an unwritable memory
// dir as a person's read-only or locked-down directory would show it.
// chmod 0555 is enough for a user; root ignores modes, so then the
// directory is made immutable (chattr +i). Scripts check [unwritable]
// (Conditions) first. DIR is writable again when the script ends, so the
// work dir can be removed.
func Unwritable(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: unwritable DIR")
	}
	undo, err := makeUnwritable(ts.MkAbs(args[0]))
	ts.Defer(undo)
	ts.Check(err)
}

// Conditions answers the scripts' own conditions: [unwritable], whether
// Unwritable works here (as root it needs chattr and CAP_LINUX_IMMUTABLE).
func Conditions(cond string) (bool, error) {
	if cond != "unwritable" {
		return false, fmt.Errorf("unknown condition %q", cond)
	}
	dir, err := os.MkdirTemp("", "unwritable")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	undo, err := makeUnwritable(dir)
	undo()
	return err == nil, nil
}

// makeUnwritable is Unwritable's work; undo makes dir writable again.
func makeUnwritable(dir string) (undo func(), err error) {
	undo = func() {
		_ = exec.Command("chattr", "-i", dir).Run()
		_ = os.Chmod(dir, 0o755)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		return undo, err
	}
	refuses := func() bool {
		f, err := os.CreateTemp(dir, "probe")
		if err != nil {
			return true
		}
		f.Close()
		os.Remove(f.Name())
		return false
	}
	if refuses() {
		return undo, nil
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		return undo, fmt.Errorf("cannot make %s unwritable as uid %d: chattr: %v %s", dir, os.Geteuid(), err, out)
	}
	if !refuses() {
		return undo, fmt.Errorf("cannot make %s unwritable as uid %d", dir, os.Geteuid())
	}
	return undo, nil
}
