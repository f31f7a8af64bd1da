package offline

import (
	"sort"
	"strings"
)

// A new line that gives a value in place of the one a memory line holds
// must not stand beside that line: after the patch both would be in memory,
// the old value and the new. The change patterns read most such news
// ("moved the API from 8080 to 9090"), but a sentence often gives only the
// new value ("I moved the dev database to 5434") or none at all (the
// commands of the newest sessions all run another package manager). The
// guards here turn those into changes, so that applyChanges rewrites the
// memory line in place and folds the candidate that retells it.

// toolSlots are the families of tools a structured memory line names one
// of ("package manager is npm"): a session that runs another one of the
// family in every command has changed it.
var toolSlots = map[string]string{
	"npm": "js", "pnpm": "js", "yarn": "js", "bun": "js",
	"pip": "py", "poetry": "py", "uv": "py", "pipenv": "py", "pdm": "py",
}

// guardWord is a token of a line as compared: its quotes and closing
// punctuation trimmed.
func guardWord(w string) string {
	return strings.Trim(w, "`'\"()[]{},;!?*")
}

// portsIn lists the ports line writes: the port of an address
// ("localhost:5433", "db:pg://localhost:5433/metrics") or a whole number
// right after "port" or, when lead is set, after "to", "on" or "at"
// ("moved the dev database to 5434"). A year is no port.
func portsIn(line string, lead bool) []string {
	var out []string
	f := strings.Fields(line)
	for i, w := range f {
		w = strings.TrimRight(guardWord(w), ".:")
		if p := addressPort(w); p != "" && whole(p) {
			out = append(out, p)
			continue
		}
		if !whole(w) || len(w) > 5 || len(w) == 4 && (strings.HasPrefix(w, "19") || strings.HasPrefix(w, "20")) || i == 0 {
			continue
		}
		switch strings.ToLower(guardWord(f[i-1])) {
		case "port":
			out = append(out, w)
		case "to", "on", "at":
			if lead && leadPort(f, i) {
				out = append(out, w)
			}
		}
	}
	return out
}

// leadPort reports whether the number f[i], said after "to", "on" or
// "at", stands as a port: nothing counted follows it ("to 120 seconds",
// "to 500 rows"); it ends its clause, or a word that goes on with the
// sentence follows.
func leadPort(f []string, i int) bool {
	if i+1 == len(f) || strings.ContainsAny(f[i][len(f[i])-1:], ".,;:!?)") {
		return true
	}
	return portFollowers[strings.ToLower(strings.TrimRight(guardWord(f[i+1]), ".:"))]
}

// portFollowers are the words that may follow a port said after "to",
// "on" or "at" ("moved it to 5434 now"), where a unit or a thing counted
// would make the number an amount.
var portFollowers = map[string]bool{"now": true, "instead": true, "because": true, "since": true, "so": true,
	"and": true, "but": true, "then": true, "last": true, "this": true, "yesterday": true, "today": true}

// toolsIn lists the tools of toolSlots line names as words.
func toolsIn(line string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ToLower(line)) {
		if w = strings.TrimRight(guardWord(w), ".:"); toolSlots[w] != "" {
			out = append(out, w)
		}
	}
	return out
}

// distinct is vs without repeats, in order.
func distinct(vs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// valueGuardChanges reads, from candidates that tell a change (a word of
// change in the line) but name only the new value, the change of the one
// memory line that holds a value of the same shape: a port for a port
// (sharing a key term with the line: "dev"), a tool of one family for
// another ("we switched to pnpm" beside "package manager is npm"). Only
// one memory line may hold such a value, and it only one distinct value:
// two ports of two services, or a line listing two tools, leave it open
// which one changed. A candidate that names the old value too is left to
// the change patterns, and a value a change already gives is not read
// twice. The lines of candidates that tell, as a change, the value the
// one such memory line holds already come back in held: memory says the
// change, and the candidate would only say it again (a second run after
// the edit was applied).
func valueGuardChanges(cands []candidate, changes []change, k *known) ([]change, map[string]bool) {
	held := map[string]bool{}
	given := map[string]bool{}
	for _, ch := range changes {
		given[strings.ToLower(ch.new)] = true
		if p := addressPort(ch.new); p != "" {
			// "moved grafana to localhost:3001": the change read
			// decides which line the port is of (applyChanges).
			given[p] = true
		}
	}
	var out []change
	for _, c := range cands {
		if c.kind != KindInstruction && c.kind != KindCorrection || c.replaces != "" || len(c.srcs) == 0 || !changeSignalRe().MatchString(c.line) || hypotheticalRe().MatchString(c.line) {
			continue
		}
		// A line with two values of a shape names the old one too: the
		// change patterns read it.
		// A short line that only tells the change memory holds already
		// goes; a longer one says more.
		short := len(strings.Fields(c.line)) <= 10
		if ports := distinct(portsIn(c.line, true)); len(ports) == 1 && !given[ports[0]] {
			v := ports[0]
			old, line := k.oneValue(func(l string) []string { return portsIn(l, false) }, v, func(l string) bool { return sharedTerms(c.line, l) > 0 })
			if old == v {
				held[c.line] = held[c.line] || short
			} else if old != "" && !containsValue(c.line, old) {
				out = append(out, change{old: old, new: v, terms: nonValues(line), src: c.srcs[len(c.srcs)-1], context: c.line})
				given[v] = true
			}
		}
		families := map[string]int{}
		tools := distinct(toolsIn(c.line))
		for _, t := range tools {
			families[toolSlots[t]]++
		}
		for _, v := range tools {
			if given[v] || families[toolSlots[v]] > 1 {
				continue
			}
			old, line := k.oneValue(familyTools(toolSlots[v]), v, func(string) bool { return true })
			if old == v {
				held[c.line] = held[c.line] || short
			} else if old != "" && !containsValue(c.line, old) {
				out = append(out, change{old: old, new: v, terms: nonValues(line), src: c.srcs[len(c.srcs)-1], context: c.line})
				given[v] = true
			}
		}
	}
	return out, held
}

// oneValue finds the one memory line (read from a file or added by a
// pending patch, not the verification line) that holds values of a shape (values lists them) and
// passes keep, and its one distinct value (v itself when memory holds it
// already); "" when no line or more than one does, or the line holds two
// values.
func (k *known) oneValue(values func(string) []string, v string, keep func(string) bool) (string, string) {
	old, line := "", ""
	for _, l := range k.lines {
		if k.removed[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		vs := distinct(values(l))
		if len(vs) == 0 || !keep(l) {
			continue
		}
		if line != "" || len(vs) > 1 {
			return "", ""
		}
		old, line = vs[0], l
	}
	if old != v && k.from[line] == "" {
		// A pending line is no line to edit.
		return "", ""
	}
	return old, line
}

// ranToolChanges reads the tool a structured memory line names ("package
// manager is npm") as changed when the newest new session that runs any
// tool of its family runs another one only, and no new session runs the
// line's tool after the other's first run: every command contradicts the
// line, so it gets the tool the commands use. The first of those runs is
// the evidence.
func ranToolChanges(sessions []mined, k *known, isNew func(int) bool) []change {
	var out []change
	for _, fam := range []string{"js", "py"} {
		var runs []shellRun
		for _, m := range sessions {
			for _, l := range [][]shellRun{m.steps, m.checks} {
				for _, r := range l {
					if toolSlots[runTool(r)] == fam && isNew(r.src.session) {
						runs = append(runs, r)
					}
				}
			}
		}
		if len(runs) == 0 {
			continue
		}
		sort.SliceStable(runs, func(i, j int) bool { return before(runs[i].src, runs[j].src) })
		last := runs[len(runs)-1]
		tool := runTool(last)
		old, line := k.oneValue(familyTools(fam), tool, slotLine)
		if old == "" || old == tool {
			continue
		}
		// The first run of the new tool after the last of the old one.
		var first *shellRun
		sessionsNew := map[int]bool{}
		ok := true
		for i, r := range runs {
			p := runTool(r)
			switch {
			case p == old:
				if first != nil {
					ok = false
				}
			case p == tool:
				if first == nil {
					first = &runs[i]
				}
				sessionsNew[r.src.session] = true
			}
		}
		if !ok || first == nil || len(sessionsNew) < 2 {
			continue
		}
		out = append(out, change{old: old, new: tool, terms: nonValues(line), src: first.src})
	}
	return out
}

// familyTools returns the values function of oneValue for the tools of
// family fam: the tools of toolSlots line names that belong to it.
func familyTools(fam string) func(string) []string {
	return func(l string) []string {
		var same []string
		for _, t := range toolsIn(l) {
			if toolSlots[t] == fam {
				same = append(same, t)
			}
		}
		return same
	}
}

// runTool is the program a run calls, lower-cased ("pnpm" of "pnpm
// install"), as ranToolChanges compares it with toolSlots.
func runTool(r shellRun) string {
	return strings.ToLower(f0(strings.Fields(r.cmd.norm)))
}

// slotWords name what a line naming a tool sets: "package manager is
// npm", "install deps with yarn". A line that names the tool otherwise
// ("publish to npm") is no slot the commands run can contradict.
var slotWords = []string{"package manager", "package", "dependenc", "deps", "install", "runner", "lockfile", "lock file", "use ", "using ", "with ", "via "}

// slotLine reports whether line holds one of slotWords.
func slotLine(line string) bool {
	l := strings.ToLower(line)
	for _, w := range slotWords {
		if strings.Contains(l, w) {
			return true
		}
	}
	return false
}
