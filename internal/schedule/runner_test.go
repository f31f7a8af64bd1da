package schedule

import (
	"context"
	"errors"
	"os/exec"
	"testing"
)

func TestExecRunner(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	res, err := ExecRunner{}.Run(context.Background(), []string{"sh", "-c", "echo out; echo err >&2; exit 3"})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Stdout) != "out\n" || string(res.Stderr) != "err\n" || res.ExitCode != 3 {
		t.Errorf("result = %q %q %d", res.Stdout, res.Stderr, res.ExitCode)
	}
	_, err = ExecRunner{}.Run(context.Background(), []string{"automem-no-such-program-xyz"})
	if !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("missing program: %v, want exec.ErrNotFound", err)
	}
	if _, err := (ExecRunner{}).Run(context.Background(), nil); err == nil {
		t.Error("empty command accepted")
	}
}
