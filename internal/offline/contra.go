package offline

import (
	"maps"
	"net/netip"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
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
// right after "port", after a port setting's "=" ("settings.port = 5000")
// or, when lead is set, after "to", "on" or "at"
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
		case "=", ":":
			// A setting named for its port (`settings.port = 5000`,
			// `PORT = 8080`).
			if i >= 2 && strings.HasSuffix(strings.ToLower(strings.TrimRight(guardWord(f[i-2]), ":")), "port") {
				out = append(out, w)
			}
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
// "on" or "at" ("moved it to 5434 now", "serves on 8010 from here"),
// where a unit or a thing counted would make the number an amount.
var portFollowers = map[string]bool{"now": true, "instead": true, "because": true, "since": true, "so": true, "from": true,
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
// the evidence. A device a memory line names ("The board enumerates as
// /dev/ttyACM0") is read the same way from the devices commands are
// given (`pio device monitor -p /dev/ttyUSB0`): a board swapped for a
// clone shows up under another name, and often only the commands say so.
func ranToolChanges(sessions []mined, said []source, k *known, isNew func(int) bool) []change {
	type slot struct {
		values func(string) []string
		ran    func(shellRun) string
		keep   func(string) bool
	}
	var slots []slot
	for _, fam := range []string{"js", "py"} {
		slots = append(slots, slot{familyTools(fam), func(r shellRun) string {
			if t := runTool(r); toolSlots[t] == fam {
				return t
			}
			return ""
		}, slotLine})
	}
	slots = append(slots, slot{devicesIn, runDevice, func(string) bool { return true }})
	var out []change
	for _, sl := range slots {
		var runs []shellRun
		for _, m := range sessions {
			for _, l := range [][]shellRun{m.steps, m.checks} {
				for _, r := range l {
					if sl.ran(r) != "" && isNew(r.src.session) {
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
		tool := sl.ran(last)
		old, line := k.oneValue(sl.values, tool, sl.keep)
		if old == "" || old == tool {
			continue
		}
		// The first run of the new tool after the last of the old one.
		var first *shellRun
		sessionsNew := map[int]bool{}
		ok := true
		for i, r := range runs {
			p := sl.ran(r)
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
		if !ok || first == nil || len(sessionsNew) < 2 || splitUse(said, isNew, old, tool) {
			continue
		}
		out = append(out, change{old: old, new: tool, terms: nonValues(line), src: first.src})
	}
	return out
}

// devicesIn lists the device files line names ("/dev/ttyACM0").
func devicesIn(line string) []string {
	var out []string
	for _, w := range strings.Fields(line) {
		if d := strings.TrimRight(guardWord(w), ".:"); deviceFile(d) {
			out = append(out, d)
		}
	}
	return out
}

// runDevice is the first device file a run is given, "" when none.
func runDevice(r shellRun) string {
	for _, w := range r.cmd.args {
		if deviceFile(w.text) {
			return w.text
		}
	}
	return ""
}

// deviceFile reports whether w is a serial or USB device's file, one a
// board shows up as: /dev/tty…, /dev/cu.… (not /dev/null or a disk, and
// not a pattern naming many: "/dev/ttyACM*").
func deviceFile(w string) bool {
	d, ok := strings.CutPrefix(w, "/dev/")
	return ok && (strings.HasPrefix(d, "tty") || strings.HasPrefix(d, "cu.")) && len(d) > 3 && !strings.ContainsAny(d, "*?[{")
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

// A line proposed by any rule (a lasting statement, a recurring one, a
// correction) may give a new value of what a memory line holds without
// any change reader having read the change: "redis-cli -p 6380 works, use
// that" beside "Redis runs on port 6379", "the dashboards URL is
// https://metrics.example.org" beside "Grafana dashboards are at
// http://grafana.local:3000". The last check below compares values by
// their kind (a port, a host, a cloud zone, a dotted version of a named
// product) instead of by the setting's name, so the pairing does not hang
// on the sentence sharing the memory line's words.

// typedValue is one value a line states: its kind ("port", "host",
// "zone", "version"), the value, and for a version the product it is of
// ("" when the sentence names none: "bumped to 3.12").
type typedValue struct{ kind, value, of string }

// envAssignRe is an environment variable given a value, written as the
// shell takes it: `MIX_TARGET=rpi4`, `GOOS=linux` (a name in capitals, a
// value with no variable in it).
var envAssignRe = lazyregexp.New(`^([A-Z][A-Z0-9]*_[A-Z0-9_]*|[A-Z]{3,})=([^\s$=]+)$`)

// zoneRe is a cloud region or zone written as a hyphenated name ending in
// a number: "us-east-1", "eu-west-1a", "europe-west4", "us-central1".
var zoneRe = lazyregexp.New(`^[a-z]{2,}(?:-[a-z]+)+-?\d{1,2}[a-z]?$`)

// dottedVersionRe is a version written with dots ("3.12", "v1.23.4"), the
// part after an image's colon included ("python:3.12-slim"), or a floor
// ("9.0+").
var dottedVersionRe = lazyregexp.New(`^v?(\d{1,3}(?:\.\d{1,4}){1,2})(?:-[a-z][\w.-]*)?\+?$`)

// versionFiller are the words between a product and its version that name
// neither ("Python version is 3.10", "we're on go 1.23", "bumped to
// 3.12"): the product is the nearest word before the version past them,
// and a version with only these before it names no product.
var versionFiller = map[string]bool{"is": true, "are": true, "was": true, "were": true, "version": true, "versions": true,
	"v": true, "to": true, "on": true, "at": true, "now": true, "the": true, "of": true, "from": true, "=": true,
	"==": true, "@": true, "uses": true, "use": true, "using": true, "we're": true, "we": true,
	"bumped": true, "upgraded": true, "moved": true, "switched": true, "raised": true, "migrated": true,
	"updated": true, "pinned": true, "it": true, "it's": true, "its": true, "all": true, "everything": true,
	"target": true, "minimum": true, "min": true, "toolchain": true, "runtime": true, "and": true, "so": true,
	// a constraint's operator: "required_ruby_version >= 3.1"
	">=": true, ">": true, "~>": true, "^": true, "~=": true}

// typedValues lists the values of line by kind. Ports are portsIn's and a
// number after a port flag ("-p 6380", "--port 8000"); hosts are an
// address's host or a bare host name with a domain (not localhost); paths
// are pathValue's folders and files; an environment variable's value is a
// kind of its own per variable ("assign:MIX_TARGET"), the whole
// assignment its value.
func typedValues(line string) []typedValue {
	var out []typedValue
	for _, p := range portsIn(line, true) {
		out = append(out, typedValue{kind: "port", value: p})
	}
	f := strings.Fields(line)
	for i, raw := range f {
		w := strings.TrimRight(guardWord(raw), ".:")
		lw := strings.ToLower(w)
		if lw == "" {
			continue
		}
		if (lw == "-p" || lw == "--port") && i+1 < len(f) {
			if n := strings.TrimRight(guardWord(f[i+1]), ".:,"); whole(n) && len(n) <= 5 {
				out = append(out, typedValue{kind: "port", value: n})
			}
		}
		if n, ok := strings.CutPrefix(lw, "--port="); ok && whole(n) && len(n) <= 5 {
			out = append(out, typedValue{kind: "port", value: n})
		}
		if name, v := assignmentOf(w); name != "" {
			// The variable's value, and what its value is besides
			// (`DB_HOST=db1.internal` is a host too,
			// `-DLLVM_DIR=/usr/lib/llvm-18/lib/cmake/llvm` a path).
			out = append(out, typedValue{kind: "assign:" + name, value: strings.TrimPrefix(w, "-D")})
			w, lw = v, strings.ToLower(v)
		}
		// ("browser.i18n.getMessage" is code: a host has no camel-case
		// label.)
		if h := hostOf(lw); h != "" && (strings.Contains(w, "://") || camelWords(w) == "") {
			kind := "host"
			if ipv4(h) {
				// (A host's address is a value of its own: a line
				// names a server and its address, "ns1.corp.example
				// (10.20.0.53)", and either may change.)
				kind = "ip"
			}
			out = append(out, typedValue{kind: kind, value: h})
			continue
		}
		if p := pathValue(w); p != "" {
			out = append(out, typedValue{kind: "path", value: p})
			continue
		}
		if !hasDigit(lw) {
			// A zone and a version both end in a number: most words
			// of a line are neither, and skip both patterns.
			continue
		}
		if d := durationValue(w, f[i+1:]); d != "" {
			// "24h", "10 minutes": how long something lasts or
			// waits.
			out = append(out, typedValue{kind: "duration", value: d})
			continue
		}
		if n, unit := unitValue(lw, f[i+1:]); n != "" {
			// "30 fps", "25fps": a number in a unit a setting is
			// written in.
			out = append(out, typedValue{kind: "unit:" + unit, value: n})
			continue
		}
		if zoneRe().MatchString(lw) {
			out = append(out, typedValue{kind: "zone", value: lw})
			continue
		}
		product, ver := imageOf(lw)
		if m := dottedVersionRe().FindStringSubmatch(ver); m != nil {
			if product == "" {
				product = versionProduct(f[:i])
			}
			out = append(out, typedValue{kind: "version", value: m[1], of: product})
		}
	}
	return out
}

// valuesOf are the values of line a new value may take the place of:
// typedValues, and the names of a series (seriesValues). The series are
// read only where a value pairs with memory's, not wherever a line's
// values are counted: most such names are code, not settings.
func valuesOf(line string) []typedValue {
	return append(typedValues(line), seriesValues(line)...)
}

// sameValue reports whether two values of a kind are one: written alike
// but for case, and for a series' name but for the marks inside it
// ("PICO-8" and "pico8"; a version's dot is no such mark).
func sameValue(kind, a, b string) bool {
	if kind == "duration" {
		// ("10 minutes" and "600s" are one span of time.)
		return seconds(a) == seconds(b)
	}
	if !strings.HasPrefix(kind, "series:") {
		return strings.EqualFold(a, b)
	}
	strip := func(v string) string {
		return strings.Map(func(r rune) rune {
			if r == '-' || r == '_' || r == '.' {
				return -1
			}
			return unicode.ToLower(r)
		}, v)
	}
	return strip(a) == strip(b)
}

// seriesValues are the words of line that name one of a series
// (seriesStem) and are no other kind of value, as written: the new one
// is written so.
func seriesValues(line string) []typedValue {
	var out []typedValue
	for _, raw := range strings.Fields(line) {
		w := strings.Trim(guardWord(raw), ".,;:!?()\"'`")
		if stem := seriesStem(strings.ToLower(w)); stem != "" && !fileName(w) && len(typedValues(w)) == 0 {
			out = append(out, typedValue{kind: "series:" + stem, value: w})
		}
	}
	return out
}

// seriesStem is the name a value shares with the others of its series:
// an identifier joined with an underscore or a dot, or a name ending in
// a number, without that number and a letter joined before it
// ("4471203_sb" of "4471203_sb2", "events.raw_events" of
// "events.raw_events_v2" and of itself, "ttyusb" of "ttyusb0",
// "raycluster" of "raycluster-a100"). "" for a word that is no such name: a
// version, or a name of fewer than four characters or two letters
// ("eth0", "v2", "1080x1920").
func seriesStem(w string) string {
	if strings.ContainsAny(w, "/:@=<>$") || dottedVersionRe().MatchString(w) {
		return ""
	}
	s := strings.TrimRight(w, "0123456789")
	if s == w && !strings.ContainsAny(w, "_.") {
		return ""
	}
	if t := s[:max(0, len(s)-1)]; s != w && t != "" && unicode.IsLetter(rune(s[len(s)-1])) && strings.ContainsAny(t[len(t)-1:], "_-.") {
		// "orders.v2", "events_v2", and a model letter the number
		// follows ("raycluster-a100", "raycluster-h100")
		s = t
	}
	s = strings.TrimRight(s, "_-.")
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	if len(s) < 4 || letters < 2 {
		return ""
	}
	return s
}

// unitValue is the number w writes in a unit a setting is written in
// (settingUnits), joined to it ("25fps") or as the next word ("30 fps"),
// and the unit; "" when it is none.
func unitValue(w string, rest []string) (string, string) {
	i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' })
	switch {
	case i < 0 && len(rest) > 0:
		if u := strings.ToLower(strings.Trim(rest[0], ".,;:!?()")); settingUnits[u] {
			return w, u
		}
	case i > 0 && settingUnits[w[i:]]:
		return w[:i], w[i:]
	}
	return "", ""
}

// durationUnits are the units a span of time is written in, and the
// seconds each stands for.
var durationUnits = map[string]float64{"ms": 0.001, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
	"min": 60, "mins": 60, "minute": 60, "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600,
	"hours": 3600, "d": 86400, "day": 86400, "days": 86400, "week": 604800, "weeks": 604800}

// durationValue is the span of time w writes, with its unit glued on
// ("24h", "1500ms") or in the next word ("10 minutes"), as written; ""
// when w is no number or no unit of time follows it.
func durationValue(w string, rest []string) string {
	i := strings.IndexFunc(w, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	switch {
	case i < 0 && len(rest) > 0 && plainNumber(w):
		u := strings.Trim(rest[0], ".,;:!?()")
		if _, ok := durationUnits[strings.ToLower(u)]; ok {
			return w + " " + u
		}
	case i > 0 && plainNumber(w[:i]):
		if _, ok := durationUnits[w[i:]]; ok {
			return w
		}
	}
	return ""
}

// seconds is the span of time a duration value writes, in seconds.
func seconds(d string) float64 {
	d = strings.ReplaceAll(d, " ", "")
	i := strings.IndexFunc(d, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i <= 0 {
		return -1
	}
	n, err := strconv.ParseFloat(d[:i], 64)
	if err != nil {
		return -1
	}
	return n * durationUnits[strings.ToLower(d[i:])]
}

// hostOf is the host a word names: the host of a URL (one with a dot),
// or a host name with a domain (hostLike), a port after it set aside
// ("kiln.shop.lan:1883"); "" for localhost, loopback and anything else.
func hostOf(w string) string {
	v := w
	if i := strings.Index(v, "://"); i > 0 {
		v, _, _ = strings.Cut(v[i+3:], "/")
		if at := strings.LastIndex(v, "@"); at >= 0 {
			// (A user before the host is no part of it:
			// "amqp://orderdesk@mq.internal:5672".)
			v = v[at+1:]
		}
	} else if strings.Contains(v, "/") {
		return ""
	}
	h := withoutPort(v)
	if h == "localhost" || strings.HasPrefix(h, "127.") || h == "0.0.0.0" || !hostLike(h) && !(strings.Contains(w, "://") && strings.Contains(h, ".")) {
		return ""
	}
	return h
}

// versionProduct is the product a version said after words names: the
// nearest of the four words before it past versionFiller, or "" when only
// filler comes before or that word holds a digit.
func versionProduct(words []string) string {
	for i := len(words) - 1; i >= 0 && i >= len(words)-4; i-- {
		if i == len(words)-1 && (strings.HasSuffix(words[i], ",") || strings.HasSuffix(words[i], ";")) {
			// "Good, 2.15 it is": a clause ends right before the
			// version ("mkdocs-material, pinned to 9.4.14" names it).
			return ""
		}
		w := strings.ToLower(strings.Trim(guardWord(words[i]), ".:-"))
		if w == "" || versionFiller[w] {
			continue
		}
		if hasDigit(w) {
			return ""
		}
		if i > 0 && (w == "sdk" || w == "server" || w == "client") {
			// "Ren'Py SDK 8.1.3": the SDK of the product named before
			// it, a version of renpy's too ("I upgraded renpy to
			// 8.3.4"); "CARLA server 0.9.14": the server's version is
			// the product's ("carla 0.9.15").
			if p := strings.ToLower(strings.Trim(guardWord(words[i-1]), ".:-")); p != "" && !hasDigit(p) && !versionFiller[p] {
				if w == "sdk" {
					p += "-sdk"
				}
				w = p
			}
		}
		return productName(strings.ReplaceAll(w, "'", ""))
	}
	return ""
}

// sameModifiers reports whether two lines name their shared things with
// no word the other lacks right before them: "Refresh tokens" and "ID
// tokens" are two kinds of token, "for ID tokens" and "ID tokens expire"
// one.
func sameModifiers(a, b string) bool {
	ma, mb := modifiers(a), modifiers(b)
	foreign := func(ws map[string]bool, other map[string]map[string]bool) bool {
		for w := range ws {
			if _, ok := other[w]; w != "" && !ok {
				return true
			}
		}
		return false
	}
	for t, xs := range ma {
		if ys, ok := mb[t]; ok && foreign(xs, mb) && foreign(ys, ma) {
			return false
		}
	}
	return true
}

// modifiers maps each term of line to the terms of the words right before
// its mentions ("" where that word is no term of a thing).
func modifiers(line string) map[string]map[string]bool {
	out := map[string]map[string]bool{}
	prev := ""
	for _, w := range strings.Fields(line) {
		ts := nonValues(w)
		t := ""
		if len(ts) == 1 {
			t = ts[0]
		}
		if t != "" {
			if out[t] == nil {
				out[t] = map[string]bool{}
			}
			out[t][prev] = true
		}
		prev = t
	}
	return out
}

// sameProduct reports whether two versions' products are one: the same
// name, or a setting named after the product ("required_ruby_version"
// sets ruby's).
func sameProduct(a, b string) bool {
	if a == b {
		return true
	}
	part := func(name, p string) bool {
		return len(p) >= 2 && slices.Contains(strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' }), p)
	}
	return part(a, b) || part(b, a)
}

// imageOf splits an image's name ("python:3.12-slim",
// "dolibarr/dolibarr:20.0.2") into the product it names, the last part of
// its repository, and its tag; a word that is no image is all tag.
func imageOf(w string) (string, string) {
	if a, b, ok := strings.Cut(w, ":"); ok && !strings.Contains(b, "/") {
		return productName(a[strings.LastIndex(a, "/")+1:]), b
	}
	return "", w
}

// productName is the one name of a product written w.
func productName(w string) string {
	if a := productAlias[w]; a != "" {
		return a
	}
	return w
}

// productAlias gives the one name of a product written two ways, so that
// "bump min version to nvim 0.10" and "Supports Neovim 0.9" are versions
// of one product.
var productAlias = map[string]string{"nvim": "neovim", "golang": "go", "nodejs": "node", "node.js": "node",
	"postgresql": "postgres", "psql": "postgres", "pg": "postgres", "k8s": "kubernetes", "py": "python",
	"python3": "python", "tf": "terraform", "ts": "typescript"}

// subjectTerms are the terms of a line that name things, not values, a
// hyphenated name counted by its parts too ("redis-cli" names redis).
func subjectTerms(line string) map[string]bool {
	m := map[string]bool{}
	for _, t := range nonValues(line) {
		m[t] = true
		m[productName(t)] = true
		if strings.Contains(t, "-") {
			for _, p := range strings.Split(t, "-") {
				if len(p) >= 3 && !hasDigit(p) {
					m[textkey.Stem(p)] = true
				}
			}
		}
	}
	return m
}

// sameService reports whether two hosts are of one service in one domain:
// their first labels share a name ("connect-1.int", "connect-lb.int"), the
// rest alike. A host of another domain may be of anything
// ("acme-dev.eu.auth0.com" and a claims namespace at "acme.io").
func sameService(a, b string) bool {
	la, da, _ := strings.Cut(a, ".")
	lb, db, _ := strings.Cut(b, ".")
	if da != db || da == "" {
		return false
	}
	for _, p := range strings.Split(la, "-") {
		if len(p) >= 3 && !hasDigit(p) && slices.Contains(strings.Split(lb, "-"), p) {
			return true
		}
	}
	return false
}

// kindTerms name the kind of a value, not what it is of: two lines that
// share only "port" or "server" may be about two services.
var kindTerms = stemmed(map[string]bool{"port": true, "version": true, "host": true, "hostname": true, "url": true,
	"address": true, "region": true, "zone": true, "server": true, "service": true, "app": true, "endpoint": true,
	"domain": true, "local": true, "dev": true, "run": true, "listen": true, "live": true, "use": true, "work": true})

// sharesSubject reports whether two lines share a term that names a thing.
func sharesSubject(a, b map[string]bool) bool { return sharedSubjects(a, b) > 0 }

// sharedSubjects counts the terms naming a thing two lines share.
func sharedSubjects(a, b map[string]bool) int {
	n := 0
	for t := range a {
		if b[t] && !kindTerms[t] {
			n++
		}
	}
	return n
}

// sharedCount counts the terms two lines share, the words of a value's
// kind among them.
func sharedCount(a, b map[string]bool) int {
	n := 0
	for t := range a {
		if b[t] {
			n++
		}
	}
	return n
}

// clashes finds the one memory line (read from a file, not yet rewritten,
// not the verification line) that holds a different value of a kind the
// candidate states, for the same thing: the candidate is that line's new
// form, and beside it the old line would contradict it. The same thing
// is a version of the same product; a port or host of a line sharing two
// words that name a thing with the candidate, or one ("redis" in
// "redis-cli") when a change is told; a zone of a line sharing one such
// word; or, for a zone and a version said with no product, the only
// memory line holding a value of that kind, when the candidate or the
// message it came from tells a change ("we're in eu-west-1 now", "bumped
// to 3.12"). A memory line holding two values of the kind has no one
// value to replace. A value some memory line holds already is no new
// value ("Postgres is still on 5432" changes no other port), and two
// lines that could be the one leave it open which changed: nothing is
// paired then.
func (k *known) clashes(c candidate, said []source, taken map[string]bool) (string, string) {
	if !hasDigit(c.line) && !strings.Contains(c.line, ".") {
		return "", ""
	}
	vals := valuesOf(c.line)
	if len(vals) == 0 {
		return "", ""
	}
	msgs := candidateMessages(c, said)
	told := changeSignalRe().MatchString(c.line)
	for _, m := range msgs {
		told = told || changeSignalRe().MatchString(m) && !tellsNoChange(m)
	}
	// moved tells whether the clause that says a path says it moved.
	moved := func(path string) bool {
		if movedAround(c.line, path) {
			return true
		}
		for _, m := range msgs {
			if movedAround(m, path) && !tellsNoChange(m) {
				return true
			}
		}
		return false
	}
	found, _, _ := pairValues(k.valuedLines(), vals, c.line, subjectTerms(c.line), told, moved, msgs)
	if found == "" || k.from[found] == "" || taken[found] {
		return "", ""
	}
	return found, k.from[found]
}

// keyClash finds the one memory line that sets a key the candidate sets
// to another value ("catchup=False always" beside "DAGs run with
// catchup=True"): written so, the two say opposite things of one setting,
// and the candidate is the line's new form.
func (k *known) keyClash(c candidate, taken map[string]bool) (string, string) {
	if !strings.Contains(c.line, "=") {
		return "", ""
	}
	cv := keyValues(c.line)
	l := k.soleLine(func(l string) bool {
		lv := keyValues(l)
		for key, v := range cv {
			if ov, ok := lv[key]; ok && !strings.EqualFold(ov, v) {
				return true
			}
		}
		return false
	})
	if l == "" || taken[l] {
		return "", ""
	}
	return l, k.from[l]
}

// keyValues are the settings a line writes as key=value, by lower-cased
// key: "catchup=True", "`ENABLE_X=0`". A key written twice with two values
// says no one value, and is left out.
func keyValues(line string) map[string]string {
	out := map[string]string{}
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		key, v, ok := strings.Cut(strings.Trim(w, "\"'(),;"), "=")
		v = strings.TrimRight(v, ".,;:!?)")
		if !ok || v == "" || key == "" || !unicode.IsLetter(rune(key[0])) || strings.ContainsAny(key, "/:<>") || strings.HasPrefix(v, "=") {
			continue
		}
		key = strings.ToLower(key)
		if was, seen := out[key]; seen && !strings.EqualFold(was, v) {
			out[key] = ""
			continue
		}
		out[key] = v
	}
	for key, v := range out {
		if v == "" {
			delete(out, key)
		}
	}
	return out
}

// valuedLines are the memory lines (not removed, not the verification
// line) that hold a typed value, with those values: what clashes pairs a
// new value with.
func (k *known) valuedLines() []valuedLine {
	return k.valued(func(l string) bool { return !k.removed[l] })
}

// diskValuedLines are valuedLines as the memory files on disk hold them:
// a line a pending patch removes is still there, a line it adds is not
// yet. The readers of sentences and pastes (toldValueChanges,
// typedPasteChange) pair against these, so that a second run pairs a
// value with the line the first run did, not with another one the
// first run's own patch left alone by taking the line away; applyChanges
// then reads the change as proposed.
func (k *known) diskValuedLines() []valuedLine {
	return k.valued(func(l string) bool { return k.from[l] != "" })
}

func (k *known) valued(keep func(string) bool) []valuedLine {
	var mem []valuedLine
	for _, l := range k.lines {
		if !keep(l) || strings.Contains(l, verificationPrefix) {
			continue
		}
		if vs := valuesOf(l); len(vs) > 0 {
			mem = append(mem, valuedLine{line: l, vals: vs})
		}
	}
	return mem
}

// pairValues finds the one line of mem that holds a different value of a
// kind vals state, for the same thing (see clashes for what the same thing
// is), and the value it holds and the new one that replaces it. A value
// some line of mem holds already is no new value, a line holding two
// values of the kind has no one value to replace, and two lines that
// could be the one leave it open: "" then. said is the sentence the values
// come from; moved says a move of a path is told, so it may replace
// another (nil: none is).
func pairValues(mem []valuedLine, vals []typedValue, said string, subj map[string]bool, told bool, moved func(path string) bool, msgs []string) (line string, old, new typedValue) {
	held := func(v typedValue) bool {
		for _, m := range mem {
			for _, mv := range m.vals {
				if mv.kind == v.kind && sameValue(v.kind, mv.value, v.value) {
					return true
				}
			}
		}
		return false
	}
	fresh := vals[:0:0]
	for _, v := range vals {
		if !held(v) {
			fresh = append(fresh, v)
		}
	}
	vals = fresh
	found := ""
	for _, v := range vals {
		bare := v.kind == "version" && (v.of == "" || productless(v.value, msgs))
		for j := range mem {
			m := &mem[j]
			ofKind := 0
			same := false
			var was typedValue
			for _, mv := range m.vals {
				if mv.kind != v.kind {
					continue
				}
				ofKind++
				was = mv
				switch {
				case strings.HasPrefix(v.kind, "assign:"):
					// One variable's value: the name is the
					// thing (`MIX_TARGET=rpi3`, `MIX_TARGET=rpi4`).
					same = true
				case v.kind == "version":
					same = same || mv.of != "" && (sameProduct(mv.of, v.of) || told && saysOf(msgs, v.value, mv.of) || bare && told && (onlyKind(mem, "version") || onlyOfSeries(mem, v.value) == mv.value))
				case v.kind == "ip":
					// A project names few addresses: the one memory
					// holds, when a change is told, or one of a line
					// about the same thing.
					same = same || told && onlyKind(mem, v.kind) || sharesSubject(subj, m.subject())
				case strings.HasPrefix(v.kind, "series:"):
					// Another of one series ("the new one is
					// 4471203_SB2" of "the sandbox account
					// 4471203_SB1") when the lines share a name
					// beside the series' own (a word of the kind,
					// "topic", "account", ties them) and the
					// sentence does not name the old one too:
					// "moved the log shipper to vault-07" leaves
					// "backups are pulled from vault-03" alone,
					// and so does "…, vault-03 still pulls the
					// backups". Told as a change naming nothing
					// else, the one line holding one of the series
					// is the one: "we got moved to raycluster-h100"
					// of "sweeps run on raycluster-a100".
					if stem := strings.TrimPrefix(v.kind, "series:"); !containsValue(said, mv.value) {
						same = same || told && onlyKind(mem, v.kind) && !namesOtherThing(said, m.line)
						for t := range subj {
							same = same || m.subject()[t] && !strings.Contains(stem, t)
						}
					}
				case v.kind == "zone":
					same = same || told && onlyKind(mem, "zone") || sharesSubject(subj, m.subject())
				case v.kind == "path":
					// A project keeps many folders: a path is
					// another's new place only when the clause
					// saying it tells a move ("from now on" only
					// marks a rule lasting).
					same = same || sharesSubject(subj, m.subject()) && !nested(v.value, mv.value) && moved != nil && moved(v.value)
				case v.kind == "duration":
					// Many things of a project last or wait: the
					// same one is named by two words of both lines
					// ("ID tokens expire after 24h" for "1h for ID
					// tokens").
					same = same || sharedSubjects(subj, m.subject()) >= 2 && sameModifiers(said, m.line)
				case strings.HasPrefix(v.kind, "unit:"):
					// One line holding a number in the unit, told
					// changed: the unit names the setting ("we
					// render at 25 fps now" for "Videos are
					// vertical at 30 fps").
					same = same || told && onlyKind(mem, v.kind) || sharedSubjects(subj, m.subject()) >= 2
				default:
					// A port or host of the same thing: one shared
					// name when a change is told, two otherwise
					// ("the redis exporter listens on 9121" is no
					// new port of "Redis runs on port 6379").
					n := sharedSubjects(subj, m.subject())
					if v.kind == "host" && sameService(v.value, mv.value) {
						n++
					}
					same = same || n >= 2 || told && n >= 1
				}
			}
			if !same || ofKind != 1 || !told && apart(said, m.line) {
				continue
			}
			if found != "" && found != m.line {
				return "", typedValue{}, typedValue{}
			}
			if found == "" {
				old, new = was, v
			}
			found = m.line
		}
	}
	return found, old, new
}

// valuedLine is a memory line and the values typedValues reads in it.
type valuedLine struct {
	line string
	vals []typedValue
	subj map[string]bool // subjectTerms of line, read once when first asked
}

// subject is the line's subjectTerms, read once: clashes asks for them
// for every value of the candidate the line holds a value of its kind.
func (m *valuedLine) subject() map[string]bool {
	if m.subj == nil {
		m.subj = subjectTerms(m.line)
	}
	return m.subj
}

// ipv4 reports whether h is an IPv4 address.
func ipv4(h string) bool {
	a, err := netip.ParseAddr(h)
	return err == nil && a.Is4()
}

// onlyOfSeries is the one version memory holds of v's series (the same
// first number, as many parts: "1.22" for "1.24", not "4.0.0"), or "":
// a version said with no product ("we're on 1.24 from here on") is a new
// one of that version's product.
func onlyOfSeries(mem []valuedLine, v string) string {
	major, _, _ := strings.Cut(v, ".")
	found := ""
	for _, m := range mem {
		for _, mv := range m.vals {
			if mv.kind != "version" || mv.value == v {
				continue
			}
			if mm, _, _ := strings.Cut(mv.value, "."); mm != major || strings.Count(mv.value, ".") != strings.Count(v, ".") {
				continue
			}
			if found != "" && found != mv.value {
				return ""
			}
			found = mv.value
		}
	}
	return found
}

// onlyKind reports whether exactly one memory line holds values of kind.
func onlyKind(mem []valuedLine, kind string) bool {
	n := 0
	for _, m := range mem {
		for _, v := range m.vals {
			if v.kind == kind {
				n++
				break
			}
		}
	}
	return n == 1
}

// saysOf reports whether a message gives version as product's ("carla
// 0.9.15 is out"), whatever the candidate's sentence wrote it after ("i
// upgraded the container on bigrig to 0.9.15").
func saysOf(msgs []string, version, product string) bool {
	for _, m := range msgs {
		for _, v := range typedValues(m) {
			if v.kind == "version" && v.value == version && v.of != "" && sameProduct(v.of, product) {
				return true
			}
		}
	}
	return false
}

// productless reports whether a message a candidate came from says the
// version with no product before it ("bumped to 3.12, from now on assume
// 3.12 features are fine"): the version is of whatever memory keeps one of.
func productless(version string, msgs []string) bool {
	for _, m := range msgs {
		for _, v := range typedValues(m) {
			if v.kind == "version" && v.value == version && v.of == "" {
				return true
			}
		}
	}
	return false
}

// candidateMessages are the whole messages a candidate's sentences came
// from: the line keeps one sentence, its neighbours may tell the change
// ("we dropped flake8 for ruff. from now on run ruff check").
func candidateMessages(c candidate, said []source) []string {
	var out []string
	seen := map[[2]any]bool{}
	for _, s := range c.srcs {
		key := [2]any{s.session, s.msgID}
		if seen[key] || s.msgID == "" {
			continue
		}
		seen[key] = true
		for i := range said {
			if said[i].session == s.session && said[i].msgID == s.msgID {
				out = append(out, message(said, i))
				break
			}
		}
	}
	return out
}

// gaveUp finds the one memory line (read from a file, not yet rewritten,
// not the verification line) that names what the message a candidate came
// from gives up ("we dropped flake8 for ruff. from now on run ruff check
// before committing" beside "Lint with flake8 before committing"): the
// candidate no longer names it and shares a word naming a thing with the
// line ("committing"), so it is the line's new form. A name two lines
// hold leaves it open which one the candidate replaces. The candidate
// may keep the words that give the name up ("we dropped maven for gradle,
// build with ./gradlew build"): it names the old tool only as gone.
func (k *known) gaveUp(c candidate, said []source, taken map[string]bool) (string, string) {
	// A command's words name things too ("`npx cdk deploy`" deploys,
	// as "Deployed with `ask deploy`" does).
	unquoted := func(s string) map[string]bool { return termSet(textkey.Terms(strings.ReplaceAll(s, "`", " "))) }
	subj := unquoted(c.line)
	var told []string
	own := strings.ToLower(strings.TrimRight(c.line, ". "))
	for _, m := range candidateMessages(c, said) {
		if !tellsNoChange(m) {
			told = append(told, m)
			continue
		}
		// A message that also asks or plans still tells the news in
		// the sentence the candidate was said in ("we don't use Redis
		// anymore for the counters, from now on the per-minute
		// counters go in Cassandra", then "Redis will be shut down
		// next week").
		// (The sentence before it may be where the old value is given
		// up, by a word only gaveUp reads: "we're moving off POJO
		// components. From now on closure components only".)
		ss := splitSentences(m)
		for i, s := range ss {
			if !tellsNoChange(s) && strings.Contains(strings.ToLower(s), own) {
				told = append(told, s)
				if i > 0 && !tellsNoChange(ss[i-1]) && quitRe().MatchString(ss[i-1]) {
					told = append(told, ss[i-1])
				}
			}
		}
	}
	for _, m := range told {
		for _, match := range append(oldOnlyMatches(m), quitRe().FindAllStringSubmatch(m, -1)...) {
			old := pickValue(trimValue(firstNonEmpty(match[1:])))
			if rest := outsidePhrase(c.line, match[0]); !valueLike(old) || containsValue(rest, old) && !negatedIn(rest, strings.ToLower(old)) || measureRe().MatchString(match[0]) {
				continue
			}
			found := ""
			for _, l := range k.lines {
				if k.removed[l] || strings.Contains(l, verificationPrefix) || !containsValue(l, old) || negatedIn(l, old) {
					continue
				}
				if found != "" {
					found = ""
					break
				}
				found = l
			}
			if found == "" || k.from[found] == "" || taken[found] {
				continue
			}
			// Any word but the name given up ties them: the line's
			// own name for the thing is what the message replaced.
			ls := unquoted(found)
			delete(ls, strings.ToLower(old))
			delete(ls, textkey.Stem(strings.ToLower(old)))
			// A candidate that itself says the name is given up
			// ("Paket is gone since January, … versions go in
			// Directory.Packages.props") is about what the line
			// names, whatever words it uses for the rest.
			// (Two words of setting shared tie them too: "Dev runs
			// against the Postgres container" beside "Local dev runs
			// on SQLite".)
			if sharesSubject(subj, ls) || sharedCount(subj, ls) >= 2 || strings.Contains(strings.ToLower(c.line), strings.ToLower(match[0])) || sharesSubject(unquoted(outsidePhrase(sentenceWith(m, match[0]), old)), ls) {
				return found, k.from[found]
			}
		}
	}
	return "", ""
}

// sentenceWith is the sentence of message m that holds phrase (a
// pattern's match in m): "We stop to use JWT for the SPA." names the SPA
// whose line the rest of the message replaces.
func sentenceWith(m, phrase string) string {
	for _, s := range splitSentences(m) {
		if strings.Contains(s, phrase) {
			return s
		}
	}
	return ""
}

// outsidePhrase is line without phrase (matched case-insensitively), so
// that a name said only inside the phrase that gives it up ("dropped
// maven") does not count as the line still naming it; line itself when
// the phrase is not in it.
func outsidePhrase(line, phrase string) string {
	i := strings.Index(strings.ToLower(line), strings.ToLower(phrase))
	if phrase == "" || i < 0 {
		return line
	}
	return line[:i] + " " + line[i+len(phrase):]
}

// apart reports whether two lines that hold values of one kind are about
// two things: each names a thing the other does not ("the frontend dev
// server runs on port 3001" beside "Grafana runs on port 3000", "the ML
// notebooks use Python 3.12" beside "the API runs on Python 3.11", "the
// staging db is on port 6543" beside "the prod db listens on port 5432"),
// and the only things they share are setting words (a port, a db, a
// product whose version it is). Told as a change, the newer line is read
// as the older one's new form all the same; said plainly, it is a
// second thing of the same kind, and both lines stand. Only the words
// before the value name what it is of (valueHead): "curl it" after "the
// orders service listens on port 7001" ties it to no other port line.
func apart(newer, older string) bool {
	a, b := subjectTerms(valueHead(newer)), subjectTerms(valueHead(older))
	ownA, ownB := false, false
	for t := range a {
		switch {
		case kindTerms[t]:
		case b[t]:
			if !slotTerms[t] {
				// A shared name ("grafana", "kafka") ties them.
				return false
			}
		default:
			ownA = true
		}
	}
	for t := range b {
		if !kindTerms[t] && !a[t] {
			ownB = true
		}
	}
	return ownA && ownB
}

// pathValue is the folder or file a word names, lower-cased, its
// trailing slash set aside ("migrations/", "db/schema/migrations",
// "./build"): a word with a slash and a letter, not an address ("://"), a
// flag or a placeholder, nor a pair of short words or numbers ("and/or",
// "i/o", "50/50") unless a trailing slash marks it a folder ("db/").
func pathValue(w string) string {
	if !strings.Contains(w, "/") || strings.Contains(w, "://") || strings.HasPrefix(w, "-") || strings.ContainsAny(w, "<>=") {
		return ""
	}
	p := strings.ToLower(strings.TrimPrefix(strings.TrimRight(w, "/"), "./"))
	short := true
	for _, part := range strings.Split(p, "/") {
		short = short && len(part) <= 3
	}
	if strings.IndexFunc(p, unicode.IsLetter) < 0 || short && !strings.HasSuffix(w, "/") {
		return ""
	}
	return p
}

// splitUse reports whether a sentence of a new session names both tools
// of a family and tells no change ("npm for the docs site, pnpm for the
// app"): each tool has its own part of the project, and runs of one of
// them change nothing the other's line says.
func splitUse(said []source, isNew func(int) bool, old, tool string) bool {
	for _, s := range said {
		if !isNew(s.session) || !strings.Contains(s.quote, old) || !strings.Contains(s.quote, tool) {
			continue
		}
		named := map[string]bool{}
		for _, t := range toolsIn(s.quote) {
			named[t] = true
		}
		if named[old] && named[tool] && !changeSignalRe().MatchString(s.quote) && !slices.Contains(ruledOut(s.quote), old) {
			return true
		}
	}
	return false
}

// lastingMarkRe is the marker of a lasting rule ("from now on", "going
// forward"), which changeSignalRe counts as a change too.
var lastingMarkRe = lazyregexp.New(`(?i)\b(?:from now on|going forward)\b`)

// movedIn reports whether s tells a change other than by a lasting
// marker: "hotfix branches start with fix/ from now on" sets a second
// folder beside feat/, "migrations moved to db/schema/migrations" moves
// one.
func movedIn(s string) bool {
	if !changeSignalRe().MatchString(s) {
		return false
	}
	return !lastingMarkRe().MatchString(s) || changeSignalRe().MatchString(lastingMarkRe().ReplaceAllString(s, " "))
}

// nested reports whether one path lies inside the other ("models/staging"
// in "models"): a folder inside another is a part of it, not its new
// place.
func nested(a, b string) bool {
	return strings.HasPrefix(a, b+"/") || strings.HasPrefix(b, a+"/")
}

// givesValueOf reports whether line gives one of the typed values of
// other.
func givesValueOf(line, other string) bool {
	return slices.ContainsFunc(typedValues(other), func(v typedValue) bool { return holdsValue(line, v) })
}

// withoutStale drops, of two proposed lines that give different values of
// one kind for one thing, the one whose newest sentence is older: after
// the patch both would stand in memory ("the staging db is on port 5544"
// from Monday, "staging db moved to port 5600" from Thursday). The test
// is clashes', the older line standing in as a memory line beside memory
// as the patch leaves it, so a value of another thing, two lines that
// could be the one, or a value memory holds already pair nothing; and the
// newer line must itself tell the change (movedIn): a rule set beside
// another ("board target is … from now on") ends nothing, and once the
// first run's lines are pending a second run would propose the dropped
// one again. A dropped line's in-place edit passes to the newer line
// when that one edits nothing.
func withoutStale(out []candidate, said []source, k *known, taken map[string]bool) []candidate {
	var idx []int
	for i, c := range out {
		if (c.kind == KindInstruction || c.kind == KindCorrection) && len(c.srcs) > 0 && len(typedValues(c.line)) > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) < 2 {
		return out
	}
	moved := map[int]bool{}
	for _, j := range idx {
		moved[j] = movedIn(out[j].line)
	}
	newest := func(c candidate) source {
		n := c.srcs[0]
		for _, s := range c.srcs[1:] {
			if before(n, s) {
				n = s
			}
		}
		return n
	}
	removed := maps.Clone(k.removed)
	if removed == nil {
		removed = map[string]bool{}
	}
	for l := range taken {
		removed[l] = true
	}
	drop := map[int]bool{}
	for _, i := range idx {
		var probe *known // memory with out[i] standing in it, made once
		for _, j := range idx {
			a, b := out[i], out[j]
			if i == j || !moved[j] || drop[i] || drop[j] || a.replaces != "" && b.replaces != "" || !before(newest(a), newest(b)) {
				continue
			}
			if probe == nil {
				from := maps.Clone(k.from)
				if from == nil {
					from = map[string]string{}
				}
				from[a.line] = "proposed"
				probe = &known{lines: append(slices.Clone(k.lines), a.line), from: from, removed: removed}
			}
			if got, _ := probe.clashes(b, said, nil); got != a.line || b.replaces != "" && !givesValueOf(b.replaces, a.line) {
				// (A move that edits a memory line made a's line stale
				// only if a gives a value that line gave: the old one.)
				continue
			}
			drop[i] = true
			if a.replaces != "" {
				out[j].replaces, out[j].replaceIn, out[j].global = a.replaces, a.replaceIn, a.global
			}
		}
	}
	return without(out, drop)
}

// withoutRetiredNews drops a new line that names a value only the memory
// lines this run's edits replace hold ("The old fra1 resources stay until
// the cut-over weekend" beside the edit of "live in region fra1" to ams3):
// it tells of the value given up, and would stand in memory as the only
// line still naming it. (On a later run the pending patch's edit removes
// that line: the same line is dropped then too.)
func withoutRetiredNews(out []candidate, k *known, taken map[string]bool) []candidate {
	if len(taken) == 0 && len(k.removed) == 0 {
		return out
	}
	removed := maps.Clone(k.removed)
	if removed == nil {
		removed = map[string]bool{}
	}
	maps.Copy(removed, taken)
	// The edits' own lines hold what they keep: "pve1" of "Proxmox host
	// pve1 is at 10.10.0.10" is no value given up.
	lines := slices.Clone(k.lines)
	for _, c := range out {
		if c.replaces != "" {
			lines = append(lines, c.line)
		}
	}
	probe := &known{lines: lines, from: k.from, removed: removed}
	drop := map[int]bool{}
	for i, c := range out {
		if c.replaces == "" && (c.kind == KindInstruction || c.kind == KindCorrection) && probe.namesRetired(c.line) {
			drop[i] = true
		}
	}
	return without(out, drop)
}

// valueHead is line up to its first word holding a digit, where a port or
// a version is said ("The orders service listens on port" of "The orders
// service listens on port 7001, curl it"): the words that say what the
// value is of. A line with no digit is its own head.
func valueHead(line string) string {
	f := strings.Fields(line)
	for i, w := range f {
		if hasDigit(w) {
			return strings.Join(f[:i], " ")
		}
	}
	return line
}

// movedAround reports whether a clause of s that holds path tells a move
// (movedIn): "migrations moved to db/schema/migrations, remember that"
// does, "board target is nrf5340dk/nrf5340/cpuapp, and we've upgraded to
// Zephyr 3.7" does not (the upgrade is another clause's). A clause that
// is the path alone names what the clause before it says: "I moved
// everything to sqlite, `data/articles.db`" tells a move of the path.
func movedAround(s, path string) bool {
	if !changeSignalRe().MatchString(s) {
		return false
	}
	clauses := pathClauseRe().Split(s, -1)
	for i, clause := range clauses {
		if !strings.Contains(strings.ToLower(clause), path) {
			continue
		}
		if movedIn(clause) || i > 0 && pathValue(guardWord(strings.TrimSpace(clause))) == path && movedIn(clauses[i-1]) {
			return true
		}
	}
	return false
}

// pathClauseRe cuts a sentence into clauses: at a comma, semicolon or
// dash, or a full stop before a space (a path's dots stay).
var pathClauseRe = lazyregexp.New(`[,;]\s*|\.\s+|\s+[-\x{2013}\x{2014}]\s+|\s+and\s+`)

// contradicted finds the one memory line (read from a file, not yet
// rewritten, not the verification line) that a correction sets right: the
// message the correction came from names the line's exact value (a
// number-bearing name, a code span) while the correction, about the same
// thing, gives another in a sentence that does not name it ("No. Names
// are ByteArray. felt252 short strings cap at 31 chars" beside "Token name
// and symbol are stored as felt252 short strings"). The agent followed
// memory and was corrected, so the memory line is what was wrong. Two
// lines the message names leave it open which one: nothing then.
func (k *known) contradicted(c candidate, said []source, taken map[string]bool) (string, string) {
	if c.kind != KindCorrection {
		return "", ""
	}
	msgs := candidateMessages(c, said)
	type sentence struct {
		text string
		subj map[string]bool
	}
	var sentences []sentence
	for _, s := range splitSentences(c.line) {
		sentences = append(sentences, sentence{s, subjectTerms(s)})
	}
	found := ""
	for _, l := range k.lines {
		// (A line a pending patch removes is still one the message
		// may name: beside it, another line is not the one.)
		if k.from[l] == "" || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		lsubj := subjectTerms(l)
		values := valueTerms(factTerms(l))
		for _, span := range backticked(l) {
			// (a code span is a value however it is written: `replica`)
			values[span] = true
		}
		for v := range values {
			v = strings.Trim(v, "`")
			if plainNumber(v) && len(v) < 3 {
				// (A count, "3 stores", is no value the agent
				// could have followed.)
				continue
			}
			// A sentence of the correction about the line's subject
			// gives something else; the message names the value too.
			other := slices.ContainsFunc(sentences, func(s sentence) bool {
				return !containsValue(s.text, v) && sharedSubjects(s.subj, lsubj) > 0
			})
			if !other || !slices.ContainsFunc(msgs, func(m string) bool { return containsValue(m, v) }) {
				continue
			}
			if found != "" && found != l {
				return "", ""
			}
			found = l
		}
	}
	if found == "" || k.removed[found] {
		return "", ""
	}
	return found, k.from[found]
}
