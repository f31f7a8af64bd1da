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

// TestDismissedLine: a memory line is given up by a clause that finds
// fault with its thing, named before the word ("Weave.jl doesn't seem to
// …"), or that reverts the file its path ends in, and the rule takes its
// place; a thing named after "doesn't" is given up by nothing. A second
// run adds nothing, though the line the first one replaced is gone from
// memory.
func TestDismissedLine(t *testing.T) {
	memoryEdit(t, "# Project Memory\n\n- Department reports are rendered to HTML with Weave.jl.\n",
		"u:A change of plan on the reports. Weave.jl doesn't seem to have had an update in ages, so from now on I'd like the reports rendered with Quarto.",
		"Quarto", "Weave.jl")
	memoryEdit(t, "# Project Memory\n\n- Rate limiter uses the fiber limiter middleware with Redis storage.\n",
		"u:From now on every route in routes.yaml gets an explicit timeout_ms. The limiter doesn't open its own redis client, it asks the store.",
		"Redis storage", "no such line")
	memoryEdit(t, "# Project Memory\n\n- wahlticker polls the results feed (XML, one file per Wahlkreis) and writes JSON.\n",
		"u:One broken Wahlkreis must not stop the whole ticker. And, important, from now on: we never overwrite a results file.",
		"polls the results feed", "no such line")

	const mem = "# Project Memory\n\n- The whoop PID tune is compiled in as defaults in src/main/flight/pid.c under #ifdef WHOOPF411.\n" +
		"- Fork of Betaflight with our own target WHOOPF411 (STM32F411) in src/main/target/WHOOPF411/.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the quad feels soft, raise roll P a bit",
		"a:Raised the compiled-in defaults in src/main/flight/pid.c under #ifdef WHOOPF411: roll P 58.",
		"u:wtf no. dont touch pid defaults in src for WHOOPF411. the tune goes in presets/whoop65.txt as cli set lines, firmware defaults stay stock. revert pid.c and rc_controls.c")
	w.add("b", true, "u:yaw drifts, more I on yaw",
		"a:Changed the pidProfile defaults in src/main/flight/pid.c: I yaw 95 for WHOOPF411.",
		"u:again in the c code?? said it last time. pids are cli set lines in presets/whoop65.txt, the source defaults stay stock. revert pid.c")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "presets/whoop65.txt") || strings.Contains(got, "compiled in as defaults") || !strings.Contains(got, "Fork of Betaflight") {
		t.Errorf("want the preset rule in the pid.c line's place, the fork line kept:\n%s", got)
	}
	if again := w.run(t); len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

// TestDismissedPending: a rule whose clause gave a line up on a run before
// is the line that run put in its place: it replaces nothing now, and it
// is that line, less the clause.
func TestDismissedPending(t *testing.T) {
	const old = "- The whoop PID tune is compiled in as defaults in src/main/flight/pid.c."
	const rule = "Dont touch pid defaults in src. The tune goes in presets/whoop65.txt as cli set lines."
	k := memKnown(old)
	k.removed[old] = true
	k.lines = append(k.lines, "- "+rule)
	msg := "dont touch pid defaults in src. the tune goes in presets/whoop65.txt as cli set lines. revert pid.c and rc_controls.c"
	c := candidate{kind: KindCorrection, line: rule + " Revert pid.c and rc_controls.c.", srcs: []source{{msgID: "m1", quote: msg}}}
	l, _, got := k.dismissed(c, []source{{msgID: "m1", quote: msg}}, map[string]bool{})
	if l != "" || got != rule {
		t.Errorf("dismissed = %q, %q; want no line and %q", l, got, rule)
	}
}

// TestContradictedCounts: a line a pending patch removes still names the
// value the correction's message names, so another line holding it too is
// not the one set right; a count ("3 stores") is no value the agent
// followed.
func TestContradictedCounts(t *testing.T) {
	pid := "- The whoop tune is compiled in as defaults in src/main/flight/pid.c under #ifdef WHOOPF411."
	fork := "- Fork of Betaflight with our own target WHOOPF411 in src/main/target/."
	msg := "no. dont touch the tune defaults in the target WHOOPF411 code. the tune goes in presets/whoop65.txt"
	c := candidate{kind: KindCorrection, line: "The tune goes in presets/whoop65.txt, not in the target code.", srcs: []source{{msgID: "m1", quote: msg}}}
	said := []source{{msgID: "m1", quote: msg}}
	k := memKnown(pid, fork)
	k.removed[pid] = true
	if got, _ := k.contradicted(c, said, map[string]bool{}); got != "" {
		t.Errorf("contradicted beside a removed line = %q, want none", got)
	}
	k = memKnown("- scanshelf: inventory for the mini-mart chain (3 stores), FastAPI.")
	msg = "No float please. Weighted items we store in gram, integer, 3 decimals never."
	c = candidate{kind: KindCorrection, line: "Weighted items we store in gram, integer.", srcs: []source{{msgID: "m1", quote: msg}}}
	if got, _ := k.contradicted(c, []source{{msgID: "m1", quote: msg}}, map[string]bool{}); got != "" {
		t.Errorf("contradicted by a count = %q, want none", got)
	}
}
