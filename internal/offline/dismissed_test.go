package offline

import (
	"slices"
	"strings"
	"testing"
)

// TestDismissedChecks: a check of memory's verification line is given up
// by a clause of the rule, or of the message it was said in, that gives it
// up outright; a sentence telling of a run, an incident, "too" as "also"
// or a tool's letters inside another name give nothing up.
func TestDismissedChecks(t *testing.T) {
	const old = "- Verification commands for this project: `npm test`, `npx ng lint`, `cargo test`, `npx jest`."
	tests := []struct {
		name, line string
		message    []string // the sentences of the message the rule was said in
		want       []string
	}{
		{"clause of the rule", "Jest is too slow for us, use npx vitest run.", nil, []string{"npx jest"}},
		{"sentence before the rule", "Use npm run test:ci.",
			[]string{"stop running npm test locally, it watches forever.", "use npm run test:ci from now on"}, []string{"npm test"}},
		{"sentence after the rule", "Run the suite with cargo nextest run.",
			[]string{"from now on run the suite with cargo nextest run.", "plain cargo test was too slow on the whole workspace"}, []string{"cargo test"}},
		{"a run told of", "Run the linter before pushing.",
			[]string{"npm test was red again.", "from now on run the linter before pushing"}, nil},
		{"an incident", "Run the linter before pushing.",
			[]string{"cargo test is flaky and dead slow today.", "from now on run the linter before pushing"}, nil},
		{"too as also", "Put immich on the proxy network.",
			[]string{"npm test too on ci.", "put immich on the proxy network"}, nil},
		{"a tool inside another name", "Nothing uses ::ng-deep in this codebase.",
			[]string{"ng-deep is deprecated and it leaks styles.", "nothing uses ::ng-deep in this codebase"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var said []source
			for i, q := range tt.message {
				said = append(said, source{session: 0, msgID: "m1", seq: i, quote: q})
			}
			c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{{session: 0, msgID: "m1", quote: tt.line}}}
			var got []string
			for cmd := range dismissedChecks([]candidate{c}, said, old) {
				got = append(got, cmd)
			}
			slices.Sort(got)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("gives up %q, want %q", got, tt.want)
			}
		})
	}
}
