package state

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/automem/automem/internal/atomicfile"
)

// With STATE_CRASH_AT set, the test binary loads STATE_PATH, records a run
// and saves, SIGKILLing itself at the named failpoint stage.
func TestMain(m *testing.M) {
	if stage := os.Getenv("STATE_CRASH_AT"); stage != "" {
		os.Exit(crashHelper(os.Getenv("STATE_PATH"), stage))
	}
	os.Exit(m.Run())
}

func crashHelper(path, stage string) int {
	s, err := Load(path, LoadOptions{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	s.Record(Run{TerminateReason: "NEW"})
	s.failpoint = func(at string) {
		if at == stage {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			time.Sleep(time.Hour)
		}
	}
	if err := s.Save(path); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

func runCrash(t *testing.T, path, stage string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "STATE_CRASH_AT="+stage, "STATE_PATH="+path)
	cmd.Stderr = os.Stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("helper was not killed: %v", err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("helper ended with %v, want SIGKILL", err)
	}
}

func TestCrashBeforeRenameKeepsOldState(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction-state.json")
	s := New(LoadOptions{Now: fixedClock(t0)})
	s.Record(Run{TerminateReason: "OLD"})
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	old, _ := os.ReadFile(path)

	runCrash(t, path, stageBeforeRename)

	now, _ := os.ReadFile(path)
	if !bytes.Equal(old, now) {
		t.Fatalf("state changed by a crash before rename:\n%s", now)
	}
	ents, _ := os.ReadDir(dir)
	var orphan string
	for _, e := range ents {
		if target, ok := atomicfile.TempOf(e.Name()); ok && target == filepath.Base(path) {
			orphan = filepath.Join(dir, e.Name())
		}
	}
	if orphan == "" {
		t.Fatal("expected the killed writer's temp file to remain")
	}
	// The orphan is complete JSON: it was fsynced before the kill.
	if b, _ := os.ReadFile(orphan); !strings.Contains(string(b), `"NEW"`) {
		t.Fatalf("orphan content %q", b)
	}
	// The next writer (a minute later) removes it.
	later := time.Now().Add(2 * time.Minute)
	s2, err := Load(path, LoadOptions{Now: func() time.Time { return later }})
	if err != nil || len(s2.Runs) != 1 || s2.Runs[0].TerminateReason != "OLD" {
		t.Fatalf("reload: %v %+v", err, s2)
	}
	if err := s2.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(orphan); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("orphan temp not cleaned")
	}
}

func TestCrashAfterRenameHasNewState(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction-state.json")
	s := New(LoadOptions{Now: fixedClock(t0)})
	s.Record(Run{TerminateReason: "OLD"})
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	runCrash(t, path, stageAfterRename)
	s2, err := Load(path, LoadOptions{})
	if err != nil || len(s2.Runs) != 2 || s2.Runs[1].TerminateReason != "NEW" || s2.CorruptMovedTo != "" {
		t.Fatalf("after crash past rename: %v %+v", err, s2)
	}
}
