package clitest

import (
	"os"
	"slices"

	"github.com/rogpeppe/go-internal/testscript"
)

// Subst returns the testscript command `subst FILE...`: it replaces $NAME
// in each file by the script's value of that variable, for each NAME in
// names, and leaves any other $ text alone. Scripts need it for paths that
// exist only at run time: patch headers, project registries, the working
// directory a transcript records.
func Subst(names ...string) func(ts *testscript.TestScript, neg bool, args []string) {
	return func(ts *testscript.TestScript, neg bool, args []string) {
		if neg {
			ts.Fatalf("unsupported: ! subst")
		}
		for _, f := range args {
			p := ts.MkAbs(f)
			data, err := os.ReadFile(p)
			ts.Check(err)
			out := os.Expand(string(data), func(k string) string {
				if slices.Contains(names, k) {
					return ts.Getenv(k)
				}
				return "$" + k
			})
			ts.Check(os.WriteFile(p, []byte(out), 0o644))
		}
	}
}
