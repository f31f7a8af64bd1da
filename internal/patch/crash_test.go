//go:build unix

package patch

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/atomicfile"
)

const (
	crashDirEnv  = "AUTOMEM_PATCH_CRASH_DIR"
	crashStepEnv = "AUTOMEM_PATCH_FAILPOINT"
)

var crashFiles = []string{"MEMORY.md", "alpha.md", "beta.md"}

// stagingTemps counts the temp files a commit staged in dir.
func stagingTemps(t *testing.T, dir string) int {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if _, ok := atomicfile.TempOf(e.Name()); ok {
			n++
		}
	}
	return n
}

func crashRoots(dir string) Roots { return Roots{MemoryDir: filepath.Join(dir, "memory")} }

// TestCrashHelper is the child process of TestCrashBetweenRenames: it applies
// a three-file patch and SIGKILLs itself after rename N.
func TestCrashHelper(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("child process of TestCrashBetweenRenames")
	}
	step, _ := strconv.Atoi(os.Getenv(crashStepEnv))
	_, err := applyFile(filepath.Join(dir, "x.patch"), crashRoots(dir), Private, CommitOptions{Journal: filepath.Join(dir, "apply.journal"), AfterRename: func(done int) error {
		if done == step {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
		return nil
	}})
	t.Fatalf("apply returned instead of being killed: %v", err)
}

func TestCrashBetweenRenames(t *testing.T) {
	if testing.Short() {
		t.Skip("re-executes the test binary")
	}
	for _, tc := range []struct {
		step int
		mode string
	}{{1, "clean"}, {2, "clean"}, {1, "recover"}, {2, "recover"}, {3, "recover"}, {1, "stuck"}} {
		step, mode := tc.step, tc.mode
		t.Run(mode+"-"+strconv.Itoa(step), func(t *testing.T) {
			dir := t.TempDir()
			mem := filepath.Join(dir, "memory")
			mustMkdir(t, mem)
			var text string
			for _, name := range crashFiles {
				p := filepath.Join(mem, name)
				if err := os.WriteFile(p, []byte("old "+name+"\nkeep\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				text += upd(p, "@@ -1,2 +1,2 @@\n-old "+name+"\n+new "+name+"\n keep\n")
			}
			if err := os.WriteFile(filepath.Join(dir, "x.patch"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.count=1")
			cmd.Env = append(os.Environ(), crashDirEnv+"="+dir, crashStepEnv+"="+strconv.Itoa(step))
			err := cmd.Run()
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatalf("child did not die: %v", err)
			}
			if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
				t.Fatalf("child ended with %v, want SIGKILL", err)
			}
			renamed := 0
			for _, name := range crashFiles {
				b, err := os.ReadFile(filepath.Join(mem, name))
				if err != nil {
					t.Fatal(err)
				}
				switch string(b) {
				case "new " + name + "\nkeep\n":
					renamed++
				case "old " + name + "\nkeep\n":
				default:
					t.Fatalf("%s is neither old nor new: %q", name, b)
				}
			}
			if renamed != step {
				t.Fatalf("%d files new after kill at step %d", renamed, step)
			}
			if _, err := os.Stat(filepath.Join(dir, "x.patch")); err != nil {
				t.Fatal("patch removed although the apply did not finish")
			}
			if mode == "clean" {
				// Without a journal, the staged temps are orphans the one
				// clean-up recognises once they are old enough.
				later := time.Now().Add(2 * atomicfile.OrphanAge)
				n := 0
				for _, name := range crashFiles {
					n += len(atomicfile.RemoveOrphans(filepath.Join(mem, name), later))
				}
				if n != len(crashFiles)-step {
					t.Fatalf("stale temps removed: %d, want %d", n, len(crashFiles)-step)
				}
				if n := stagingTemps(t, mem); n != 0 {
					t.Fatal("temps left after cleanup")
				}
				return
			}
			if mode == "stuck" {
				beta := filepath.Join(mem, "beta.md")
				os.WriteFile(beta, []byte("someone else\n"), 0o644)
				rep, err := Recover(filepath.Join(dir, "apply.journal"))
				if err == nil || len(rep.Stuck) != 1 || rep.Stuck[0] != beta {
					t.Fatalf("recover with a changed target: %+v %v", rep, err)
				}
				if b, _ := os.ReadFile(beta); string(b) != "someone else\n" {
					t.Fatal("changed target overwritten")
				}
				if _, err := os.Stat(filepath.Join(dir, "x.patch")); err != nil {
					t.Fatal("patch removed though not fully applied")
				}
				if n := stagingTemps(t, mem); n != 0 {
					t.Fatal("temps left after recover")
				}
				return
			}
			rep, err := Recover(filepath.Join(dir, "apply.journal"))
			if err != nil || rep.Completed != len(crashFiles)-step || rep.AlreadyDone != step {
				t.Fatalf("recover: %+v %v", rep, err)
			}
			for _, name := range crashFiles {
				if b, _ := os.ReadFile(filepath.Join(mem, name)); string(b) != "new "+name+"\nkeep\n" {
					t.Fatalf("%s after recover: %q", name, b)
				}
			}
			for _, gone := range []string{"x.patch", "apply.journal"} {
				if _, err := os.Stat(filepath.Join(dir, gone)); !os.IsNotExist(err) {
					t.Fatalf("%s left after recover", gone)
				}
			}
			if n := stagingTemps(t, mem); n != 0 {
				t.Fatal("temps left after recover")
			}
			if rep, err := Recover(filepath.Join(dir, "apply.journal")); err != nil || rep.Completed+rep.AlreadyDone+len(rep.Stuck) != 0 {
				t.Fatalf("second recover: %+v %v", rep, err)
			}
		})
	}
}
