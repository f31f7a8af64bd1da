package offline

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// anyChangePattern reports whether any pattern changesIn reads matches s:
// what mayTellChange must never rule out.
func anyChangePattern(s string) bool {
	for _, re := range []func() *regexp.Regexp{fromToChangeRe, arrowRe, replacedRe, renamedRe, isNowRe, replacedByRe, weSwitchRe,
		insteadRe, insteadOfRe, changeSignalRe, goesToRe} {
		if re().MatchString(s) {
			return true
		}
	}
	return len(oldOnlyMatches(s)) > 0
}

// TestChangeWordsGate: the gate before the change patterns only skips
// sentences none of them matches, over every human line and sentence of
// the tuning corpus (the blind halves are not read) and a few made-up ones.
func TestChangeWordsGate(t *testing.T) {
	texts := []string{
		"We MOVED the API to 9090.", "redis → valkey", "TAKEN by the billing team", "python 3.12 these days",
		"Cask (previously) is fine", "the staging box is OUT.", "port 80 is what we use", "use pnpm please",
	}
	files, _ := filepath.Glob("../../testdata/offline-eval/*/*.txt")
	for _, f := range files {
		if blind[filepath.Base(filepath.Dir(f))] {
			continue
		}
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line, ok := strings.CutPrefix(sc.Text(), "> ")
			if !ok {
				line, ok = strings.CutPrefix(sc.Text(), "| ")
			}
			if ok {
				texts = append(texts, line)
				texts = append(texts, splitSentences(line)...)
			}
		}
		fh.Close()
	}
	if len(texts) < 1000 {
		t.Fatalf("only %d texts read from the corpus", len(texts))
	}
	skipped := 0
	for _, s := range texts {
		s = withoutAsk(toldRe().ReplaceAllString(strings.TrimSpace(plain(s)), ""))
		if mayTellChange(s) {
			continue
		}
		skipped++
		if anyChangePattern(s) {
			t.Errorf("gate skips %q, which a change pattern matches", s)
		}
	}
	if skipped == 0 {
		t.Error("the gate skipped nothing")
	}
	// "the old/former/previous" opens the gate only before a value
	for s, want := range map[string]bool{
		"the previous step failed, so retry it":      false,
		"the old recipe card is in the drawer":       false,
		"the old acme-raw bucket is read-only":       true,
		"the former build-01 box stays up until May": true,
		"the previous v2.3 images were pruned":       true,
		"use the former style for the dialog":        false,
	} {
		if got := mayTellChange(s); got != want {
			t.Errorf("mayTellChange(%q) = %v, want %v", s, got, want)
		}
	}
	t.Logf("%d of %d texts skipped", skipped, len(texts))
}
