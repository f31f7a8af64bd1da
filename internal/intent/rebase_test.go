package intent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

var now = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

func setup(t *testing.T, memory string) (memdir.Dir, string) {
	t.Helper()
	dir := t.TempDir()
	d := memdir.Shared(filepath.Join(dir, "mem"), filepath.Join(dir, "GEMINI.md"), nil)
	if err := os.MkdirAll(d.Data, 0o700); err != nil {
		t.Fatal(err)
	}
	md := filepath.Join(d.Data, "MEMORY.md")
	write(t, md, memory)
	return d, md
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// pend writes the pending patch turning the memory file into want.
func pend(t *testing.T, d memdir.Dir, md, want string) {
	t.Helper()
	f := patch.Diff(md, []byte(read(t, md)), []byte(want))
	write(t, d.ExtractionPatch(patch.Private), string((&patch.Patch{Files: []*patch.File{f}}).Bytes()))
}

// applied applies the pending patch in memory and returns the result.
func applied(t *testing.T, d memdir.Dir) string {
	t.Helper()
	p, err := patch.ReadFile(d.ExtractionPatch(patch.Private))
	if err != nil {
		t.Fatal(err)
	}
	pl, err := patch.DryRun(p, d.Targets, patch.Private)
	if err != nil {
		t.Fatalf("pending patch does not apply: %v\n%s", err, read(t, d.ExtractionPatch(patch.Private)))
	}
	return string(pl.Changes[0].New)
}

const base = `# Project Memory

## Conventions
- use tabs
- run make test

## Build
- go build ./...
`

func TestRebaseKeepsPendingAcrossEdits(t *testing.T) {
	want := strings.Replace(base, "- run make test\n", "- run make test\n- prefer table tests\n", 1)
	want = strings.Replace(want, "- go build ./...\n", "- go build ./...\n- go vet before landing\n", 1)
	edits := map[string]string{
		"typo fix":       strings.Replace(base, "use tabs", "use tabs always", 1),
		"reorder":        "# Project Memory\n\n## Build\n- go build ./...\n\n## Conventions\n- use tabs\n- run make test\n",
		"appended line":  base + "- my own note\n",
		"edited context": strings.Replace(base, "- run make test", "- run make check", 1),
	}
	for name, edited := range edits {
		t.Run(name, func(t *testing.T) {
			d, md := setup(t, base)
			pend(t, d, md, want)
			if _, err := Rebase(d, patch.Private, now, Options{}); err != nil {
				t.Fatal(err)
			}
			write(t, md, edited)
			res, err := Rebase(d, patch.Private, now, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Pending != 2 || len(res.Attention) != 0 {
				t.Fatalf("result %+v", res)
			}
			got := applied(t, d)
			for _, pair := range [][2]string{{"## Conventions", "- prefer table tests"}, {"## Build", "- go build ./...\n- go vet before landing"}} {
				sec := section(got, pair[0])
				if !strings.Contains(sec, pair[1]) {
					t.Errorf("%q not in section %s:\n%s", pair[1], pair[0], got)
				}
			}
			for _, l := range strings.Split(strings.TrimSpace(edited), "\n") {
				if !strings.Contains(got, l) {
					t.Errorf("person's line %q lost:\n%s", l, got)
				}
			}
		})
	}
}

// section returns the text under heading up to the next ## heading.
func section(s, heading string) string {
	_, rest, _ := strings.Cut(s, heading+"\n")
	if i := strings.Index(rest, "\n## "); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

func TestRebaseAttentionAndRetire(t *testing.T) {
	d, md := setup(t, base)
	want := strings.Replace(base, "- use tabs\n", "- use tabs, not spaces\n", 1)
	want = strings.Replace(want, "- go build ./...\n", "- go build ./...\n- go vet\n", 1)
	pend(t, d, md, want)
	// The person rewrote the line the first hunk replaces, and added the
	// second hunk's line by hand.
	write(t, md, strings.Replace(strings.Replace(base, "- use tabs", "- indent with tabs", 1), "- go build ./...\n", "- go build ./...\n- go vet\n", 1))
	res, err := Rebase(d, patch.Private, now, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Retired != 1 || len(res.Attention) != 1 || res.Pending != 0 {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(res.Attention[0].Attention, `"- use tabs"`) {
		t.Errorf("reason %q", res.Attention[0].Attention)
	}
	if _, err := os.Stat(d.ExtractionPatch(patch.Private)); !os.IsNotExist(err) {
		t.Errorf("nothing pending, but the patch stays: %v", err)
	}
	// The line comes back: the intent is pending again.
	write(t, md, strings.Replace(read(t, md), "- indent with tabs", "- use tabs", 1))
	res, err = Rebase(d, patch.Private, now, Options{})
	if err != nil || res.Pending != 1 || len(res.Attention) != 0 {
		t.Fatalf("result %+v %v", res, err)
	}
	if got := applied(t, d); !strings.Contains(got, "- use tabs, not spaces\n") || strings.Contains(got, "- use tabs\n") {
		t.Errorf("got\n%s", got)
	}
}

func TestRebaseRepairsCounts(t *testing.T) {
	d, md := setup(t, base)
	pend(t, d, md, strings.Replace(base, "- run make test\n", "- run make test\n- prefer table tests\n", 1))
	pp := d.ExtractionPatch(patch.Private)
	// A line added by hand without fixing the @@ counts.
	write(t, pp, strings.Replace(read(t, pp), "+- prefer table tests\n", "+- prefer table tests\n+- and golden files\n", 1))
	if _, err := patch.ReadFile(pp); err == nil {
		t.Fatal("test patch should be broken")
	}
	res, err := Rebase(d, patch.Private, now, Options{})
	if err != nil || !res.Repaired || res.Pending != 1 || res.Broken != "" {
		t.Fatalf("result %+v %v", res, err)
	}
	if got := applied(t, d); !strings.Contains(got, "- run make test\n- prefer table tests\n- and golden files\n") {
		t.Errorf("got\n%s", got)
	}
	// Beyond repair: left alone and reported.
	write(t, pp, "--- "+md+"\n+++ "+md+"\n@@ -1 +1 @@\n*garbage\n")
	res, err = Rebase(d, patch.Private, now, Options{})
	if err != nil || res.Broken == "" || res.Rewritten {
		t.Fatalf("result %+v %v", res, err)
	}
	if !strings.Contains(read(t, pp), "*garbage") {
		t.Error("broken patch rewritten")
	}
}

func TestAddKeepsPending(t *testing.T) {
	d, md := setup(t, base)
	pend(t, d, md, strings.Replace(base, "- run make test\n", "- run make test\n- prefer table tests\n", 1))
	write(t, md, strings.Replace(base, "use tabs", "use tabs always", 1))
	cur := read(t, md)
	f := patch.Diff(md, []byte(cur), []byte(cur+"\n## Upkeep\n- merged duplicates\n"))
	res, err := Add(d, patch.Private, f, OriginUpkeep, now)
	if err != nil || res.Pending != 2 {
		t.Fatalf("result %+v %v", res, err)
	}
	got := applied(t, d)
	if !strings.Contains(got, "- prefer table tests") || !strings.HasSuffix(got, "## Upkeep\n- merged duplicates\n") {
		t.Errorf("got\n%s", got)
	}
	st, _, _, err := loadStore(d.Intents(patch.Private))
	if its := st.Intents; err != nil || len(its) != 2 || its[1].Origin != OriginUpkeep {
		t.Fatalf("intents %+v %v", st.Intents, err)
	}
}
