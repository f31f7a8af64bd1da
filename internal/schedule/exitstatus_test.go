package schedule

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/automem/automem/deploy"
	"github.com/automem/automem/internal/cli"
)

// TestUnitTreatsSkipAndStopAsSuccess: the service lists extract's
// "skipped" (75) and "interrupted" (130: a stop or Ctrl-C, recorded as
// aborted) in SuccessExitStatus=, so neither marks the unit failed, and
// "failed" (1) is not among them.
func TestUnitTreatsSkipAndStopAsSuccess(t *testing.T) {
	data, err := deploy.Template(deploy.ServiceFile)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "SuccessExitStatus="); ok {
			codes = append(codes, strings.Fields(v)...)
		}
	}
	for _, want := range []int{cli.ExitSkipped, cli.ExitInterrupted} {
		if !slices.Contains(codes, strconv.Itoa(want)) {
			t.Errorf("SuccessExitStatus=%v lacks %d", codes, want)
		}
	}
	if slices.Contains(codes, strconv.Itoa(cli.ExitFailed)) {
		t.Errorf("SuccessExitStatus=%v hides failures", codes)
	}
	if ExitMeaning(cli.ExitInterrupted) == ExitMeaning(cli.ExitFailed) {
		t.Errorf("schedule status calls an interrupted run %q", ExitMeaning(cli.ExitInterrupted))
	}
}
