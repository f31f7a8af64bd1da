package schedule

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func installed(t *testing.T, s Scheduler) {
	t.Helper()
	plan, err := s.InstallPlan(Every{})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range plan.Steps {
		if st.Write != nil {
			if err := writeFile(st.Write); err != nil {
				t.Fatal(err)
			}
		}
	}
}

const (
	timerShow = "systemctl --user show automem-extract.timer --property=ActiveState,UnitFileState,NextElapseUSecRealtime,LastTriggerUSec"
	svcShow   = "systemctl --user show automem-extract.service --property=ActiveState,Result,ExecMainStatus,ExecMainExitTimestamp"
)

func TestStatusSystemd(t *testing.T) {
	tests := []struct {
		name      string
		install   bool
		answers   map[string]Result
		wantLines []string
		wantExit  *int
	}{
		{
			name:    "skipped last run",
			install: true,
			answers: map[string]Result{
				timerShow: {Stdout: []byte("ActiveState=active\nUnitFileState=enabled\nNextElapseUSecRealtime=Mon 2026-11-30 07:09:38 UTC\nLastTriggerUSec=Mon 2026-11-30 06:03:12 UTC\n")},
				svcShow:   {Stdout: []byte("ActiveState=inactive\nResult=success\nExecMainStatus=75\nExecMainExitTimestamp=Mon 2026-11-30 06:04:05 UTC\n")},
			},
			wantLines: []string{
				"installed: yes (",
				"state: timer active, enabled\n",
				"next run: Mon 2026-11-30 07:09:38 UTC\n",
				"last run: Mon 2026-11-30 06:04:05 UTC, exit status 75 (skipped: lock held, throttled or backing off)\n",
				"logs: journalctl --user -u automem-extract.service\n",
			},
			wantExit: intp(75),
		},
		{
			name:    "failed on credentials",
			install: true,
			answers: map[string]Result{
				timerShow: {Stdout: []byte("ActiveState=active\nUnitFileState=enabled\nNextElapseUSecRealtime=Mon 2026-11-30 07:09:38 UTC\nLastTriggerUSec=\n")},
				svcShow:   {Stdout: []byte("ActiveState=failed\nResult=exit-code\nExecMainStatus=243\nExecMainExitTimestamp=Mon 2026-11-30 06:04:05 UTC\n")},
			},
			wantLines: []string{"exit status 243 (systemd could not load the API key credential; re-run `extract schedule install`; systemd result exit-code)\n"},
			wantExit:  intp(243),
		},
		{
			name:    "after a reboot the result is unknown",
			install: true,
			answers: map[string]Result{
				timerShow: {Stdout: []byte("ActiveState=active\nUnitFileState=enabled\nNextElapseUSecRealtime=Mon 2026-11-30 07:09:38 UTC\nLastTriggerUSec=Sun 2026-11-29 23:01:00 UTC\n")},
				svcShow:   {Stdout: []byte("ActiveState=inactive\nResult=success\nExecMainStatus=0\nExecMainExitTimestamp=\n")},
			},
			wantLines: []string{"last run: Sun 2026-11-29 23:01:00 UTC, result unknown (see logs)\n"},
		},
		{
			name:    "never ran",
			install: true,
			answers: map[string]Result{
				timerShow: {Stdout: []byte("ActiveState=active\nUnitFileState=enabled\nNextElapseUSecRealtime=Mon 2026-11-30 07:09:38 UTC\nLastTriggerUSec=\n")},
				svcShow:   {Stdout: []byte("ActiveState=inactive\nResult=success\nExecMainStatus=0\nExecMainExitTimestamp=\n")},
			},
			wantLines: []string{"last run: never\n"},
		},
		{
			name: "uninstalled, manager reachable",
			answers: map[string]Result{
				timerShow: {Stdout: []byte("ActiveState=inactive\nUnitFileState=\nNextElapseUSecRealtime=\nLastTriggerUSec=\n")},
				svcShow:   {Stdout: []byte("ActiveState=inactive\nResult=success\nExecMainStatus=0\nExecMainExitTimestamp=\n")},
			},
			wantLines: []string{"installed: no; run `extract schedule install`\n", "state: timer inactive\n"},
		},
		{
			name: "not installed, no bus",
			answers: map[string]Result{
				timerShow: {ExitCode: 1, Stderr: []byte("Failed to connect to bus: No medium found\n")},
			},
			wantLines: []string{"installed: no; run `extract schedule install`\n", "problem: run " + timerShow + ": exit status 1: Failed to connect to bus: No medium found\n"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &fakeRunner{answers: tt.answers}
			s, _ := testScheduler(t, Linux, r)
			if tt.install {
				installed(t, s)
			}
			st, err := s.Status(context.Background(), time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if st.Installed != tt.install {
				t.Errorf("Installed = %v, want %v", st.Installed, tt.install)
			}
			if !reflect.DeepEqual(st.LastExit, tt.wantExit) {
				t.Errorf("LastExit = %v, want %v", st.LastExit, tt.wantExit)
			}
			var b bytes.Buffer
			if err := st.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.wantLines {
				if !strings.Contains(b.String(), w) {
					t.Errorf("status lacks %q:\n%s", w, b.String())
				}
			}
		})
	}
}

const launchctlPrint = `gui/501/io.automem.extract = {
	active count = 0
	path = /Users/ann/Library/LaunchAgents/io.automem.extract.plist
	state = not running

	program = /usr/local/bin/extract
	arguments = {
		/usr/local/bin/extract
	}

	stdout path = /Users/ann/Library/Logs/automem/extract.log
	runs = 3
	last exit code = 75
	event triggers = {
		state = nested-should-be-ignored
	}
}
`

func TestStatusLaunchd(t *testing.T) {
	r := &fakeRunner{answers: map[string]Result{
		"launchctl print gui/501/io.automem.extract": {Stdout: []byte(launchctlPrint)},
	}}
	s, _ := testScheduler(t, Darwin, r)
	plan, err := s.InstallPlan(mustEvery(t, "6h"))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(context.Background(), plan.WithoutCommands()); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 30, 7, 30, 0, 0, time.UTC)
	st, err := s.Status(context.Background(), now)
	if err != nil {
		t.Fatal(err)
	}
	if st.State != "not running, 3 runs" || st.LastExit == nil || *st.LastExit != 75 {
		t.Errorf("state %q, last exit %v", st.State, st.LastExit)
	}
	if st.NextRun != "Mon 2026-11-30 12:00 UTC" {
		t.Errorf("NextRun = %q, want the 12:00 slot", st.NextRun)
	}
	var b bytes.Buffer
	if err := st.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if back["lastExit"] != float64(75) || back["installed"] != true || back["platform"] != "darwin" {
		t.Errorf("JSON = %s", b.String())
	}
}

func TestStatusLaunchdNotLoaded(t *testing.T) {
	r := &fakeRunner{answers: map[string]Result{
		"launchctl print gui/501/io.automem.extract": {ExitCode: 113, Stderr: []byte("Could not find service")},
	}}
	s, home := testScheduler(t, Darwin, r)
	st, err := s.Status(context.Background(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if st.Installed || st.State != "not loaded" || st.NextRun != "" || st.Logs != filepath.Join(home, "Library", "Logs", "automem", "extract.log") {
		t.Errorf("status = %+v", st)
	}
	if _, err := os.Stat(filepath.Join(home, "Library")); !os.IsNotExist(err) {
		t.Errorf("status created files: %v", err)
	}
}

func TestParseLaunchctlPrint(t *testing.T) {
	got := ParseLaunchctlPrint([]byte(launchctlPrint))
	if got["state"] != "not running" || got["last exit code"] != "75" || got["runs"] != "3" {
		t.Errorf("parsed %v", got)
	}
}

func mustEvery(t *testing.T, s string) Every {
	t.Helper()
	e, err := ParseEvery(s)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
