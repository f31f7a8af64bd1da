package offline

import (
	"strings"
	"testing"
)

// memKnown is a known holding lines read from MEMORY.md.
func memKnown(lines ...string) *known {
	k := &known{from: map[string]string{}, removed: map[string]bool{}}
	for _, l := range lines {
		k.lines = append(k.lines, l)
		k.from[l] = "MEMORY.md"
	}
	return k
}

// TestValueGuardChanges: a candidate that tells a change and names only
// the new value changes the one memory line holding one value of the same
// shape (a port sharing a key term, a tool of one family); two values,
// two lines, no word of change, a plan, a year or a count leave memory
// alone.
func TestValueGuardChanges(t *testing.T) {
	for _, tt := range []struct {
		mem  []string
		line string
		want string // "old>new", or ""
	}{
		{[]string{"- Migrations run with sqitch; target dev is db:pg://localhost:5433/metrics."}, "I moved the dev database to 5434.", "5433>5434"},
		{[]string{"- The staging broker is mqtt.lan:8883.", "- Deploys happen on Fridays."}, "We moved the staging broker to 8884 last week.", "8883>8884"},
		{[]string{"- Local preview server: http://localhost:3000/app"}, "The preview server is on port 3100 now.", "3000>3100"},
		{[]string{"- Python deps are installed with poetry."}, "We switched to uv last month.", "poetry>uv"},
		{[]string{"- Use yarn for the frontend packages."}, "We migrated the frontend to pnpm.", "yarn>pnpm"},
		// Memory says it already (a second run): the candidate goes.
		{[]string{"- Migrations run with sqitch; target dev is db:pg://localhost:5434/metrics."}, "I moved the dev database to 5434.", "held"},
		// Negatives.
		{[]string{"- The api is on localhost:8080 and the admin ui on localhost:9090."}, "I moved the api to 8081.", ""},
		{[]string{"- The api listens on port 8080.", "- The api worker metrics listen on port 9100."}, "I moved the api to 8081.", ""},
		{[]string{"- The dev database listens on port 5432."}, "We moved the dev database to 2024 hardware.", ""},
		{[]string{"- The dev database listens on port 5432."}, "We moved 350 rows to the dev database.", ""},
		// An amount said after "to" is no port.
		{[]string{"- The api listens on port 8080."}, "We bumped the api workers to 4.", ""},
		{[]string{"- The api listens on port 8080."}, "We raised the api timeout to 120 seconds.", ""},
		{[]string{"- The api listens on port 8080."}, "We changed the api batch size to 500 rows.", ""},
		{[]string{"- The print server listens on port 8631."}, "We moved the print server to 6310 yesterday.", "8631>6310"},
		{[]string{"- The dev database listens on port 5432."}, "The dev database is on 5434 for this test.", ""},
		{[]string{"- The dev database listens on port 5432."}, "We might move the dev database to 5434 next month.", ""},
		{[]string{"- Package manager is pnpm."}, "We switched to pnpm, and CI runs pnpm install with the frozen lockfile from now on.", ""},
		{[]string{"- Kiln controller firmware listens on port 7000."}, "I moved the dev database to 5434.", ""},
		{[]string{"- Use pnpm, never npm."}, "We switched to yarn.", ""},
		{[]string{"- Package manager is npm."}, "We moved from npm to pnpm.", ""},
	} {
		k := memKnown(tt.mem...)
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{{quote: tt.line}}}
		var got []string
		chs, held := valueGuardChanges([]candidate{c}, nil, k)
		for _, ch := range chs {
			got = append(got, ch.old+">"+ch.new)
		}
		if held[tt.line] {
			got = append(got, "held")
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("valueGuardChanges(%q, %q) = %v, want %q", tt.mem, tt.line, got, tt.want)
		}
	}
}

// TestRanToolChanges: a memory line naming the one tool of its family
// ("package manager is npm") changes when the newest sessions run only
// another one of the family, in two sessions or more, and never the old
// one after; a line naming two tools, a line naming the tool as no slot,
// a single session or an old tool run again leave it.
func TestRanToolChanges(t *testing.T) {
	isNew := func(int) bool { return true }
	for _, tt := range []struct {
		mem      []string
		sessions [][]string
		want     string
	}{
		{[]string{"- package manager is npm"}, [][]string{{"npm run lint", "npm test"}, {"pnpm install", "pnpm lint"}, {"pnpm test"}}, "npm>pnpm"},
		{[]string{"- Dependencies are installed with pip into the venv."}, [][]string{{"uv sync", "uv run pytest"}, {"uv run ruff check ."}}, "pip>uv"},
		// Negatives.
		{[]string{"- Use pnpm, never npm."}, [][]string{{"yarn install"}, {"yarn test"}}, ""},
		{[]string{"- The library is published to npm."}, [][]string{{"pnpm install"}, {"pnpm test"}}, ""},
		{[]string{"- package manager is npm"}, [][]string{{"pnpm install", "pnpm test"}}, ""},
		{[]string{"- package manager is npm"}, [][]string{{"pnpm install"}, {"pnpm test"}, {"npm test"}}, ""},
		{[]string{"- package manager is npm"}, [][]string{{"pnpm install"}, {"npm test", "pnpm test"}}, ""},
		{[]string{"- package manager is pnpm"}, [][]string{{"pnpm install"}, {"pnpm test"}}, ""},
	} {
		var ms []mined
		for i, cmds := range tt.sessions {
			ms = append(ms, sessionOf(i, cmds...))
		}
		var got []string
		for _, ch := range ranToolChanges(ms, memKnown(tt.mem...), isNew) {
			got = append(got, ch.old+">"+ch.new)
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("ranToolChanges(%q, %q) = %v, want %q", tt.mem, tt.sessions, got, tt.want)
		}
	}
}
