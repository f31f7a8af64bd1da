package intent

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/automem/automem/internal/patch"
)

// Two inbox commands making lines pending at the same time (two `inbox
// restore`s, a restore and an extract run) must not lose each other's
// lines: each renders from what it read, and without the guard and the
// compare-before-rename fence the later rename drops the earlier decision.
func TestConcurrentAddsLoseNothing(t *testing.T) {
	d, md := setup(t, base)
	const perWriter = 15
	var wg sync.WaitGroup
	errs := make(chan error, 2*perWriter)
	for _, w := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWriter {
				cur := read(t, md)
				f := patch.Diff(md, []byte(cur), []byte(cur+fmt.Sprintf("- restored %s%d\n", w, i)))
				if _, err := Add(d, patch.Private, f, OriginRestore, now); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	got := applied(t, d)
	for _, w := range []string{"a", "b"} {
		for i := range perWriter {
			if l := fmt.Sprintf("- restored %s%d\n", w, i); !strings.Contains(got, l) {
				t.Errorf("decision lost: %q not pending\n%s", l, read(t, d.ExtractionPatch(patch.Private)))
			}
		}
	}
}

// A writer outside automem's guard (a person saving the pending patch in
// an editor) between an update's read and its rename is not overwritten:
// the fence sees the change and the update starts over from it.
func TestFenceRedoesOnOutsideWrite(t *testing.T) {
	d, md := setup(t, base)
	pend(t, d, md, strings.Replace(base, "- run make test\n", "- run make test\n- prefer table tests\n", 1))
	if _, err := Rebase(d, patch.Private, now, Options{}); err != nil {
		t.Fatal(err)
	}
	st, _, sraw, err := loadStore(d.Intents(patch.Private))
	if err != nil {
		t.Fatal(err)
	}
	pp := d.ExtractionPatch(patch.Private)
	old := read(t, pp)
	snap := snapshot{path: pp, spath: d.Intents(patch.Private), patch: []byte(old), hasPatch: true, store: sraw, hasStore: true}
	// The person's save lands after the snapshot was read.
	mine := strings.Replace(old, "+- prefer table tests\n", "+- prefer table-driven tests\n", 1)
	write(t, pp, mine)
	err = snap.commit(d, patch.Private, true, []byte(old+"stale rendering\n"), st)
	if err == nil || !strings.Contains(err.Error(), errRaced.Error()) {
		t.Fatalf("commit over a changed patch: %v", err)
	}
	if read(t, pp) != mine {
		t.Fatalf("the person's save was overwritten:\n%s", read(t, pp))
	}
	// The update redone from the files as they are keeps the person's line.
	if _, err := Rebase(d, patch.Private, now, Options{}); err != nil {
		t.Fatal(err)
	}
	if got := applied(t, d); !strings.Contains(got, "- prefer table-driven tests\n") {
		t.Errorf("got\n%s", got)
	}
}
