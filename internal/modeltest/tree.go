package modeltest

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// Tree hashes every entry under base: regular files by content, symlinks by
// target, special files by kind. skipDir, when not nil, prunes directories
// the test does not own (a child's TMPDIR, built binaries). Hostile-model
// tests take one before and one after a run and compare with Confined.
func Tree(t testing.TB, base string, skipDir func(string) bool) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			if skipDir != nil && skipDir(p) {
				return fs.SkipDir
			}
		case d.Type()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out[p] = "link:" + l
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			h := sha256.Sum256(b)
			out[p] = hex.EncodeToString(h[:])
		default:
			out[p] = "special:" + d.Type().String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Confined fails the test for every entry created, changed or removed
// between two Trees outside what allowed admits.
func Confined(t testing.TB, before, after map[string]string, allowed func(string) bool) {
	t.Helper()
	for _, v := range Violations(before, after, allowed) {
		t.Errorf("outside the allowed roots: %s", v)
	}
}

// Violations lists, sorted, the entries created, changed or removed
// between two Trees that allowed does not admit.
func Violations(before, after map[string]string, allowed func(string) bool) []string {
	var bad []string
	for p, h := range after {
		if before[p] != h && !allowed(p) {
			bad = append(bad, "changed or created "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok && !allowed(p) {
			bad = append(bad, "removed "+p)
		}
	}
	sort.Strings(bad)
	return bad
}
