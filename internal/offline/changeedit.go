package offline

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// Applying a change to a line: find the old value as a word of its own
// (or as the host of an address, or the program of a command) and write
// the new one in its place, keeping what else the line says.

// wordRe matches a value as a word of its own in a line, whatever its
// case.
func wordRe(v string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(^|[^\w.@/:+#~-])` + regexp.QuoteMeta(v) + `($|[^\w.:@/+#~-]|[.:-]($|[^\w]))`)
}

// containsValue reports whether line names v as a word of its own.
// The plain substring test first spares compiling a pattern for the many
// lines that do not hold v at all.
func containsValue(line, v string) bool {
	if v == "" || !strings.Contains(strings.ToLower(line), strings.ToLower(v)) {
		return false
	}
	if wordRe(v).MatchString(line) {
		return true
	}
	// A number with its unit glued on ("capped at 2.5x", "250ms")
	// names the number.
	for _, m := range unitNumberRe().FindAllStringSubmatch(line, -1) {
		if m[3] != "" && m[2] == v {
			return true
		}
	}
	return false
}

// unitNumberRe is a number as a word of its own, group 2, with the unit
// glued on after it, group 3 ("3.0x", "250ms", "4GiB", "90%").
var unitNumberRe = lazyregexp.New(`(?i)(^|[^\w.@/:+#~-])(\d+(?:\.\d+)?)(x|k|m|g|ms|s|h|d|kb|mb|gb|tb|kib|mib|gib|px|em|rem|pt|hz|khz|mhz|ghz|%)?(?:$|[^\w.:@/+#~-]|[.:-](?:$|[^\w]))`)

// numberedSibling reports whether paths a and b differ only in their
// numbers ("/opt/llvm-18" and "/opt/llvm-19"): one install of a program
// in place of another.
func numberedSibling(a, b string) bool {
	if a == b || !strings.Contains(a, "/") || !strings.Contains(b, "/") || !hasDigit(a) || !hasDigit(b) {
		return false
	}
	return withoutDigits(a) == withoutDigits(b)
}

// withoutDigits is s with its digits taken out: the shape two numbered
// names of one thing share ("/opt/llvm-" of "/opt/llvm-18").
func withoutDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return -1
		}
		return r
	}, s)
}

// namedMention is where line writes old, a number it writes more than
// once, right after words naming the setting (subject): -1 when the line
// writes it once, -2 when no mention or more than one is so named.
func namedMention(line, old string, subject []string) int {
	locs := wordRe(old).FindAllStringSubmatchIndex(line, -1)
	if len(locs) < 2 {
		return -1
	}
	subj := termSet(subject)
	at := -2
	for _, loc := range locs {
		start := loc[3] // end of the leading boundary
		words := strings.Fields(line[:start])
		if !namesSetting(strings.Join(words[max(0, len(words)-4):], " "), subj) {
			continue
		}
		if at >= 0 {
			return -2
		}
		at = start
	}
	return at
}

// gluedNumber splits v, a number written with its unit glued on
// ("5s", "3.0x"), into the number and the unit; "", "" for any other v.
func gluedNumber(v string) (string, string) {
	m := unitNumberRe().FindStringSubmatch(v)
	if m == nil || m[3] == "" || m[2]+m[3] != v {
		return "", ""
	}
	return m[2], m[3]
}

// unitNumber is the one number of line written with a unit glued on that
// is old's number however it is written ("3.0x" for "3"), and that word
// with new's number in its place ("2.5x"); "" when there is none or more
// than one. "its 2.5 now not 3" gives the cap of "capped at 3.0x" up.
func unitNumber(line, old, new string) (string, string) {
	o, err := strconv.ParseFloat(old, 64)
	if err != nil || !plainNumber(new) {
		return "", ""
	}
	tok, repl := "", ""
	for _, m := range unitNumberRe().FindAllStringSubmatch(line, -1) {
		if n, err := strconv.ParseFloat(m[2], 64); err != nil || n != o || m[3] == "" {
			continue
		}
		if tok != "" && tok != m[2]+m[3] {
			return "", ""
		}
		tok, repl = m[2]+m[3], new+m[3]
	}
	return tok, repl
}

// plainNumber reports whether v is a number written with digits and at
// most one decimal point.
func plainNumber(v string) bool {
	_, err := strconv.ParseFloat(v, 64)
	return err == nil && strings.Trim(v, "0123456789.") == "" && hasDigit(v)
}

// replaceValue rewrites every mention of old in line as new. A line that
// names a tool inside a command (`poetry run pytest`) is not rewritten: the
// new tool's command is not known from the old one's. A number there is an
// argument (`wrangler dev --port 8787`, `nvm use 18`): the command stays
// and takes the new value.
func replaceValue(line, old, new string) string {
	if old == "" {
		return line // nothing to find: wordRe("") would match forever
	}
	for _, span := range backticked(line) {
		if containsValue(span, old) && !strings.EqualFold(span, old) && !hasDigit(old) {
			run := scriptRun(span, old, new)
			if run == "" {
				return ""
			}
			line = strings.Replace(line, "`"+span+"`", "`"+run+"`", 1)
		}
	}
	if !hasDigit(old) && (flagFollows(line, old) || schemeOf(line, old)) {
		return ""
	}
	re := wordRe(old)
	var b strings.Builder
	rest := line
	for {
		loc := re.FindStringSubmatchIndex(rest)
		if loc == nil {
			break
		}
		start := loc[3] // end of the leading boundary
		b.WriteString(rest[:start] + new)
		rest = rest[start+len(old):]
	}
	b.WriteString(rest)
	if absPath(old) && absPath(new) && !strings.HasSuffix(old, "/") {
		// "-DMLIR_DIR=/opt/llvm-18/lib/cmake/mlir" for "/opt/llvm-18":
		// a path under the old one moves with it.
		s := strings.ReplaceAll(b.String(), old+"/", new+"/")
		b.Reset()
		b.WriteString(s)
	}
	if whole(old) && whole(new) {
		// A port written as a setting inside the line (`~port:8080`,
		// `PORT=8080`) is the same port: a line that keeps it would
		// give the old value beside the new one.
		return portSettingRe(old).ReplaceAllString(b.String(), "${1}"+new)
	}
	return b.String()
}

// portMoved reports whether a change from old to new is a port moved in
// line: line writes old as a port ("runs on port 8000",
// "localhost:8000") and new is a number a port can be (portsIn). "8000
// collides with the metrics sidecar. dev server is on 8081 now" names no
// word of "The API runs on port 8000 under uvicorn.", but the port says
// which setting it is.
func portMoved(line, old, new string) bool {
	return slices.Contains(portsIn(line, false), old) && slices.Contains(portsIn("port "+new, false), new)
}

// portSettingRe finds a port setting with the value port, written glued
// to its name (`port:8080`, `PORT=8080`, `--port=8080`).
func portSettingRe(port string) *regexp.Regexp {
	return regexp.MustCompile(`(?i)(\bport[:=])` + regexp.QuoteMeta(port) + `\b`)
}

// scriptRun is a JavaScript package manager's command written for the one
// that replaced it, when both run it the same way: a script (`npm run
// tauri dev` is `pnpm run tauri dev`), the tests, the start script or the
// install; or "" (`npx`, `npm ci` and the rest are written otherwise).
func scriptRun(span, old, new string) string {
	f := strings.Fields(span)
	if len(f) < 2 || !strings.EqualFold(f[0], old) || toolSlots[strings.ToLower(old)] != "js" || toolSlots[strings.ToLower(new)] != "js" {
		return ""
	}
	switch f[1] {
	case "run", "test", "start", "install":
	default:
		return ""
	}
	for _, w := range f[1:] {
		if containsValue(w, old) {
			return ""
		}
	}
	return strings.ToLower(new) + " " + strings.Join(f[1:], " ")
}

// jsRunners is the command each JavaScript package manager runs a
// package's program with (`npx nx serve`, `pnpm exec nx serve`).
var jsRunners = map[string]string{"npm": "npx", "pnpm": "pnpm exec", "yarn": "yarn", "bun": "bunx"}

// runnerTool is the package manager a runner of one word belongs to
// (npx is npm's).
var runnerTool = map[string]string{"npx": "npm", "bunx": "bun", "pnpx": "pnpm"}

// runnerRewrite is line with each command run by the old package
// manager's runner (`npx nx serve console`, for npm) run by the new one's
// (`pnpm exec nx serve console`); or "" when it has none.
func runnerRewrite(line, old, new string) string {
	from, to := jsRunners[strings.ToLower(old)], jsRunners[strings.ToLower(new)]
	if from == "" || to == "" || strings.Contains(from, " ") || from == strings.ToLower(old) {
		return ""
	}
	hit := false
	for _, span := range backticked(line) {
		if f := strings.Fields(span); len(f) > 1 && f[0] == from {
			line = strings.Replace(line, "`"+span+"`", "`"+to+" "+strings.Join(f[1:], " ")+"`", 1)
			hit = true
		}
	}
	if !hit {
		return ""
	}
	return line
}

// schemeOf reports whether line writes old as the scheme of an address
// ("redis://localhost:6379/0"): the address is the old tool's, and the new
// tool's is not known from it.
func schemeOf(line, old string) bool {
	return strings.Contains(strings.ToLower(line), strings.ToLower(old)+"://")
}

// flagFollows reports whether line writes old as a command, a flag right
// after it ("compiled with glslangValidator -V"), code marks or not: the
// flags are the old tool's, and the new tool's command is not known from
// them.
func flagFollows(line, old string) bool {
	f := strings.Fields(strings.ReplaceAll(line, "`", " "))
	for i := 0; i+1 < len(f); i++ {
		flag := strings.TrimLeft(f[i+1], "-")
		if len(flag) < len(f[i+1]) && flag != "" && unicode.IsLetter(rune(flag[0])) && strings.EqualFold(trimValue(f[i]), old) {
			return true
		}
	}
	return false
}

// slotValue finds, in line, the value of the setting c names: a value
// written the same way as c.new whose words before it name the same
// setting ("Dev server runs on port 3000." for "moved the dev server to
// 3001").
func slotValue(line string, c change) string { return slotValueIn(line, c, false) }

// memorySlotValue is slotValue read in a line of memory, where a value
// written right after its setting's name stands for the setting however
// its shape differs from the new one's (labelledBy). (A sentence of a
// session is not read so: a value a passing remark sets after a word,
// "merged chapter 7 yesterday", is no setting's.)
func memorySlotValue(line string, c change) string { return slotValueIn(line, c, true) }

// slotValueIn is slotValue, reading a value labelled by its setting as
// the setting's when labelled is set.
func slotValueIn(line string, c change, labelled bool) string {
	words := strings.Fields(strings.ReplaceAll(line, "`", " "))
	subject := map[string]bool{}
	for _, t := range c.subject {
		subject[t] = true
	}
	// "karpenter 1.1.1 time. bump the chart to 1.1.1": the name the
	// message writes the new value right after names the setting, in a
	// line that writes its value right after that name too.
	named := nameBefore(c.context, c.new)
	shape := valueShape(c.new)
	for i, w := range words {
		v := trimValue(w)
		if name, val, ok := strings.Cut(v, "="); ok && name != "" && trimValue(val) != "" && namesSetting(name, subject) {
			// "PG_CONFIG=/usr/lib/postgresql/16/bin/pg_config" for
			// "PG_CONFIG is …/17/bin/pg_config now": the setting
			// written with its value.
			if val = trimValue(val); !strings.EqualFold(val, c.new) && (valueShape(val) == shape || sameClass(val, c.new)) {
				return val
			}
			continue
		}
		if p := addressPort(v); p != "" && valueShape(v) != shape && valueShape(p) == shape && whole(c.new) {
			// "runs at http://localhost:3000" for "moved it to 3300":
			// the port of the address is the setting's value.
			v = p
		}
		if numberedSibling(v, c.new) {
			// "/opt/llvm-18" for "we build against /opt/llvm-19": the
			// same path with another release number in it.
			return v
		}
		if n, _ := gluedNumber(v); n != "" && plainNumber(c.new) && unitAfter(firstNonEmpty([]string{c.src.quote, c.context}), c.new) != "" && !strings.EqualFold(n, c.new) && namesSetting(strings.Join(words[max(0, i-4):i], " "), subject) {
			// "gives Qdrant a 5s timeout" for "drop the qdrant
			// timeout to 1500 ms": a measure written with its unit
			// glued on, for a new one given with its unit.
			return v
		}
		// (A version written with its "v", "v2.5.0", is one of the
		// new one's shape.)
		tagged := withoutV(v) != v && valueShape(withoutV(v)) == shape && dotted(c.new)
		if named != "" && i > 0 && hasDigit(v) && (valueShape(v) == shape || tagged) && !strings.EqualFold(withoutV(v), withoutV(c.new)) && slices.Contains(factTerms(words[i-1]), named) {
			return v
		}
		if v == "" || !hasDigit(v) && !strings.ContainsAny(v, "./:_-") || valueShape(v) != shape && !tagged && !sameClass(v, c.new) && !(labelled && labelledBy(words, i, subject, v, c.new)) || strings.EqualFold(withoutV(v), withoutV(c.new)) || portAndVersion(v, c.new) && !sameMeasure(unitAfter(line, v), unitAfter(firstNonEmpty([]string{c.src.quote, c.context}), c.new)) {
			continue
		}
		if c.named != "" && (i == 0 || !strings.EqualFold(trimValue(words[i-1]), c.named)) {
			// "iOS 17": the old value follows the same name.
			continue
		}
		if !labelled && strings.Trim(v, "0123456789") == "" && dotted(c.new) {
			// (A count in a sentence, "runs for like 30 of us", is no
			// former version: a version said bare is dotted.)
			continue
		}
		if labelled && releaseVersion(v) && (releaseVersion(c.new) || majorVersion(c.new)) && valueShape(v) != shape && labelledBy(words, i, subject, v, c.new) {
			// "made with PICO-8 0.2.5g" for "upgraded pico8 to
			// 0.2.6": the program's version right after its name.
			return v
		}
		lo := max(0, i-4)
		if distinctShape(v) && valueShape(v) == shape {
			// "ios builds run on the mac mini build-mac-01": a value
			// written the way the new one is, letters, digits and a
			// joint, is the setting's wherever the line names it.
			lo = 0
		} else if labelled && valueShape(v) == shape && onlyOfShape(words, c.new) {
			// "the backend is the nginx container on port 8080" for
			// "the backend now listens on 8081": the one value of a
			// memory line written the new one's way is the setting's
			// wherever its clause names the setting.
			lo = clauseStart(words, i)
		}
		// "HUGO_VERSION = 0.119.0" names hugo: a name joined with
		// underscores is read as its parts too.
		window := strings.Join(words[lo:i], " ")
		// "PICO-8 0.2.5g" names pico8: a name written with a hyphen is
		// read as one word too.
		window += " " + nameJoints.Replace(window) + " " + strings.ReplaceAll(window, "-", "")
		if namesSetting(window, subject) {
			return v
		}
		if labelled && !dotted(c.new) && valueShape(v) == shape && onlyOfShape(words, c.new) && namesSetting(strings.Join(words[i+1:clauseEnd(words, i)], " "), subject) {
			// "sinceBuild is 233 (2023.3) in gradle.properties
			// (pluginSinceBuild)" for "raised pluginSinceBuild to 241":
			// the line's one value of the new one's shape, its clause
			// naming the setting after it. (A version is the next
			// rule's: "v2.5.0" and "1.2.0" are one kind.)
			return v
		}
		if labelled && dotted(withoutV(v)) && dotted(c.new) && onlyVersion(line, c.new) == v && namesSetting(strings.Join(words[i+1:clauseEnd(words, i)], " "), subject) {
			// "nRF Connect SDK v2.5.0 checked out in ~/ncs" for "moved
			// ~/ncs to 2.7.0": the line's one version, its clause
			// naming the setting after it.
			return v
		}
	}
	return ""
}

// nameBefore is the program name text writes right before the value v
// ("karpenter 1.1.1"), as a fact term, or "" when no word names one
// there (a link word, "to 1.1.1", names nothing).
func nameBefore(text, v string) string {
	if text == "" || !hasDigit(v) || !strings.Contains(text, v) {
		return ""
	}
	f := strings.Fields(text)
	for i := 1; i < len(f); i++ {
		if trimValue(f[i]) != v || strings.ContainsAny(f[i-1][len(f[i-1])-1:], ",;.:") {
			continue
		}
		w := strings.ToLower(f[i-1])
		if linkWords[w] || notValue[w] || !programName(w) {
			continue
		}
		if ts := factTerms(w); len(ts) == 1 {
			return ts[0]
		}
	}
	return ""
}

// namesSetting reports whether a stretch of a line names the setting by a
// term of its subject that is no value and no plain verb (plainVerbs). A
// program's name with a digit in it is a name ("Media3 version is 1.3.1"
// for "bumped Media3 to 1.4.1").
func namesSetting(window string, subject map[string]bool) bool {
	for _, t := range factTerms(window) {
		if (subject[t] || packageOf(subject, t)) && (!valueTerms([]string{t})[t] || programName(t)) && !plainVerbs[t] {
			return true
		}
	}
	return false
}

// plainVerbs say where or how a thing is kept or done, not which thing:
// "Config lives in /etc/runner" names no setting a session's "the cache
// should live on /srv/cache" changes, and "Deploy by copying code.py" none
// that "i copied the wrong version of adafruit_bme280" does.
var plainVerbs = stemmed(map[string]bool{"live": true, "lives": true, "run": true, "runs": true, "use": true,
	"uses": true, "copy": true, "copying": true, "copied": true, "keep": true, "kept": true, "put": true,
	"sit": true, "sits": true, "stay": true, "stays": true, "go": true, "goes": true, "work": true, "works": true})

// clauseEnd is the index after the last word of the clause words[i] is in
// (clauseStart's other end): the word that ends with a full stop, a
// semicolon or a comma, or the line's end.
func clauseEnd(words []string, i int) int {
	for i < len(words) && !strings.HasSuffix(words[i], ";") && !strings.HasSuffix(words[i], ".") && !strings.HasSuffix(words[i], ",") {
		i++
	}
	return min(i+1, len(words))
}

// nameJoints splits a name joined with underscores or hyphens into its
// words ("HUGO_VERSION" names hugo); built once, as slotValueIn reads it
// for every value-like word of every memory line a change is tried on.
var nameJoints = strings.NewReplacer("_", " ", "-", " ")

// labelledBy reports whether the word right before words[i] is a term of
// the setting a change names ("board nrf52840dk_nrf52840", "Tracking
// server: http://mlflow.internal:5000"): a value written right after its
// setting's name is that setting's value however differently the new
// one is written (a slash for an underscore, a new host with a hyphen),
// where a value further off must share the new one's shape. Both values
// are names, with letters, or both are release versions (releaseVersion),
// labelled by the program's name even with a digit in it ("PICO-8
// 0.2.5g"); a copula between the name and the value ("The build
// directory is build-rpi/") reads as a label's colon.
func labelledBy(words []string, i int, subject map[string]bool, v, new string) bool {
	versions := releaseVersion(v) && (releaseVersion(new) || majorVersion(new))
	if i == 0 || (!hasLetter(v) || !hasLetter(new)) && !versions {
		// (A number for a name, or a name for a number, is another
		// setting's value: "Board rev 3" is no board.)
		return false
	}
	if versionOfNone(v, new) {
		return false
	}
	label := words[i-1]
	if strings.ContainsAny(label[len(label)-1:], ",;.") {
		// (A word that ends its clause labels nothing after it: "one
		// file per function, re-exported from index.ts".)
		return false
	}
	if l := strings.ToLower(label); (l == "is" || l == "are") && i >= 2 {
		// "The build directory is build-rpi/": the copula joins the
		// setting's name to its value as a label's colon does.
		label = words[i-2]
	}
	for _, t := range append(factTerms(label), factTerms(strings.ReplaceAll(label, "-", ""))...) {
		if (subject[t] || versions && packageOf(subject, t)) && !plainVerbs[t] && (!valueTerms([]string{t})[t] || versions && programName(t)) {
			// (Right before a version, a name with a digit is the
			// program's: "PICO-8 0.2.5g", "python3 3.11".)
			return true
		}
	}
	return false
}

// packageSuffixes end a program's package name where prose names the
// program bare ("tailwindcss" for Tailwind, "threejs" for three.js), or
// its installer's ("juliaup" for Julia, "rustup" for Rust).
var packageSuffixes = []string{"css", "js", "py", "-cli", "cli", "up"}

// packageOf reports whether subject names the program t by its package
// name, or t is the package of a program subject names: "bumped
// tailwindcss to 4.1" is about "Tailwind 3.4".
func packageOf(subject map[string]bool, t string) bool {
	for _, suf := range packageSuffixes {
		if subject[t+suf] || len(t) > len(suf)+3 && strings.HasSuffix(t, suf) && subject[strings.TrimSuffix(t, suf)] {
			return true
		}
	}
	return false
}

// namesOneThing reports whether two lists of terms share one, or one
// names a program the other names by its package (packageOf).
func namesOneThing(a, b []string) bool {
	as := termSet(a)
	if intersects(as, termSet(b)) {
		return true
	}
	return slices.ContainsFunc(b, func(t string) bool { return packageOf(as, t) })
}

// programName reports whether t is written as a program's name may be
// with a digit in it (pico8, k3s, python3): a letter first, no dot, slash
// or colon, at least two letters.
func programName(t string) bool {
	letters := 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return t != "" && unicode.IsLetter(rune(t[0])) && !strings.ContainsAny(t, "./:\\") && letters >= 2
}

// releaseVersion reports whether v is a dotted version, a letter or two
// of a release after it allowed ("0.2.5g", "1.4.2rc1"): right after the
// name it versions ("PICO-8 0.2.5g"), it is that program's version however
// the new one is written ("0.2.6").
func releaseVersion(v string) bool {
	at := strings.IndexFunc(v, unicode.IsLetter)
	if at < 0 {
		return dotted(v) && !strings.HasSuffix(v, ".")
	}
	tag := strings.TrimRight(v[at:], "0123456789")
	return dotted(v[:at]) && !strings.HasSuffix(v[:at], ".") && len(tag) <= 2 && strings.IndexFunc(tag, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// majorVersion reports whether v is a release named by its major number
// alone, one or two digits ("upgraded to unity 6", "node 22"): right after
// the program's name, where memory writes the full version ("Unity
// 2022.3.20f1"), it is the program's new version.
func majorVersion(v string) bool {
	return len(v) <= 2 && v != "" && strings.Trim(v, "0123456789") == "" && v[0] != '0'
}

// onlyOfShape reports whether exactly one word of words is a value written
// the way v is (a port and a version fold to one shape, and are told
// apart: "Varnish 7.4 …, port 8080" holds one port).
func onlyOfShape(words []string, v string) bool {
	n, shape := 0, valueShape(v)
	for _, w := range words {
		t := trimValue(w)
		if t != "" && (hasDigit(t) || strings.ContainsAny(t, "./:_-")) && valueShape(t) == shape && !portAndVersion(t, v) {
			n++
		}
	}
	return n == 1
}

// clauseStart is the index of the first word of the clause words[i]
// is in: the word after the last one before it that ends with a
// semicolon or a full stop.
func clauseStart(words []string, i int) int {
	for i > 0 && !strings.HasSuffix(words[i-1], ";") && !strings.HasSuffix(words[i-1], ".") {
		i--
	}
	return i
}

// distinctShape reports whether v is written with letters, digits and a
// hyphen or an underscore joining them ("build-mac-01", "pixel_7_api_34"):
// few values of a line share such a shape by chance, as numbers do.
func distinctShape(v string) bool {
	return hasDigit(v) && strings.IndexFunc(v, unicode.IsLetter) >= 0 && strings.ContainsAny(v, "-_") && !strings.ContainsAny(v, "/\\:@")
}

// portAndVersion reports whether one of a and b is a dotted version and
// the other a whole number of three digits or more: both fold to one
// shape, but "moved dagster dev to 3070" sets a port, and "Dagster 1.7"
// states no port. (A version of one or two digits, "Node 18", may give
// way to a dotted one.)
func portAndVersion(a, b string) bool {
	return dotted(a) && whole(b) || whole(a) && dotted(b)
}

// whole reports whether v is a whole number of three digits or more, as
// a port is written.
func whole(v string) bool { return len(v) >= 3 && strings.Trim(v, "0123456789") == "" }

// addressPort is the port an address is written with, with a scheme or
// without ("http://localhost:3000/", "cache.lan:6380"), or "". A name
// with no dot but localhost is no host: "postgres:16" is an image.
func addressPort(v string) string {
	h, p := splitAddress(v)
	if h == "" {
		return ""
	}
	return p
}

// splitAddress is the host and port of an address written with a scheme
// or without, a path after it left out ("http://localhost:3000/app" is
// localhost and 3000), or "" and "".
func splitAddress(v string) (string, string) {
	if i := strings.Index(v, "//"); i >= 0 {
		v, _, _ = strings.Cut(v[i+2:], "/")
	} else if strings.Contains(v, "/") {
		return "", ""
	}
	h := withoutPort(v)
	if h == v || !strings.EqualFold(h, "localhost") && !hostLike(h) && (!strings.Contains(h, ".") || strings.Trim(strings.ToLower(h), "abcdefghijklmnopqrstuvwxyz0123456789.-") != "") {
		return "", ""
	}
	return h, v[len(h)+1:]
}

// movesHost reports whether text names an address or a host other than
// the host of addr: "the broker is mqtt.lan on 8883 now" moves the host
// as well as the port, and a line given only the new port would keep the
// old host under it.
func movesHost(text, addr string) bool {
	host, _ := splitAddress(addr)
	if host == "" && strings.HasPrefix(addr, ":") {
		// ":8404", a port on every address of the box, has no host
		// to move.
		return false
	}
	for _, w := range strings.Fields(text) {
		v := trimValue(w)
		h, _ := splitAddress(v)
		if h == "" && hostLike(v) {
			h = v
		}
		if h != "" && !strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

// sameClass reports whether two values written differently are still
// values of one kind: two hosts (192.168.1.20 and mqtt.home.lan), two
// names joined with hyphens (raspberrypi4-64 and acme-cm4), a host
// given with its port and one of the same domain (sameDomain), or two
// URLs (http://datahub-gms.platform.svc:8080 and
// https://gms.catalog.fleetline.io).
func sameClass(a, b string) bool {
	pa, pb := withoutPort(a), withoutPort(b)
	ported := pa != a || pb != b
	a, b = pa, pb
	return hostLike(a) && hostLike(b) || hyphenName(a) && hyphenName(b) && !versionOfNone(a, b) || absPath(a) && absPath(b) || ported && sameDomain(a, b) ||
		strings.Contains(a, "://") && strings.Contains(b, "://")
}

// versionNameRe is a version written as a name: "version-15", "v-2".
var versionNameRe = lazyregexp.New(`(?i)^(?:v|version)[-_]?\d+(?:\.\d+)*$`)

// versionOfNone reports whether one of two values is a version written as
// a name and the other holds no number: a subcommand or a word, no former
// version ("bench export-fixtures" takes no "version-15").
func versionOfNone(a, b string) bool {
	return versionNameRe().MatchString(a) && !hasDigit(b) || versionNameRe().MatchString(b) && !hasDigit(a)
}

// sameDomain reports whether two names end in the same domain of letters:
// ci-cache.lan and ci-cache2.lan. sameClass asks it only where one of them
// came with a port, what marks a host: file names end the same way too
// (config.yml and deploy.yml are no one setting).
func sameDomain(a, b string) bool {
	i, j := strings.LastIndexByte(a, '.'), strings.LastIndexByte(b, '.')
	if i <= 0 || j <= 0 || strings.ContainsAny(a+b, "/\\") {
		return false
	}
	d := strings.ToLower(a[i+1:])
	return len(d) >= 2 && d == strings.ToLower(b[j+1:]) && strings.Trim(d, "abcdefghijklmnopqrstuvwxyz") == ""
}

// withoutPort is a host written with its port ("db.internal:5432") as the
// host alone; any other value as it is.
func withoutPort(v string) string {
	if i := strings.LastIndexByte(v, ':'); i > 0 && i < len(v)-1 && !strings.Contains(v, "/") && strings.Trim(v[i+1:], "0123456789") == "" {
		return v[:i]
	}
	return v
}

// hostLike reports whether v is an IPv4 address or a host name with a
// domain (two dots or more, ending in letters).
func hostLike(v string) bool {
	parts := strings.Split(v, ".")
	if len(parts) < 3 {
		return false
	}
	digits := 0
	for _, p := range parts {
		if p == "" || strings.Trim(strings.ToLower(p), "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return false
		}
		if strings.Trim(p, "0123456789") == "" {
			digits++
		}
	}
	last := parts[len(parts)-1]
	return len(parts) == 4 && digits == 4 || digits < len(parts) && !hasDigit(last)
}

// hyphenName reports whether v is a name of letters (and digits) joined
// with hyphens: no dots, slashes or colons.
func hyphenName(v string) bool {
	return strings.Contains(v, "-") && !strings.ContainsAny(v, "./:\\_@") && strings.IndexFunc(v, unicode.IsLetter) >= 0
}

// changedMemoryLine is a line of memory with c applied, or "" when c is
// not about it; memory's value may be read by its label (memorySlotValue).
func changedMemoryLine(line string, c change) string { return changedLineIn(line, c, true) }

// changedLineIn is line with c applied, or "" when c is not about it,
// reading the line as memory's when mem is set (a session's sentence is
// read strictly).
func changedLineIn(line string, c change, mem bool) string {
	if containsValue(line, c.new) {
		return ""
	}
	old := c.old
	if v := longerVersion(line, old); v != "" && !containsValue(line, old) && versionNumber(withoutV(c.new)) && strings.Count(c.new, ".") >= strings.Count(v, ".") {
		// "the 1.0 one is gone" for "Uses TIC-80 1.0.2164": the
		// version memory writes more precisely is the one given up,
		// for a new one as precise ("3.1 to 3.2" leaves "Runtime
		// 3.1.4" alone: which 3.2 is not said).
		old = v
	}
	if old == "" {
		old = slotValueIn(line, c, mem)
		if old == "" {
			old = labelValue(line, c)
		}
		if old == "" && mem {
			old = toldOld(line, c)
		}
		if old == "" || strings.HasPrefix(c.new, old+".") {
			// "Godot 4" still holds at 4.3: a more precise value is not
			// a new one.
			return ""
		}
		if !containsValue(line, old) {
			// the port of an address (slotValue): the address with
			// the new port replaces it
			if old, c.new = addressPart(line, old, c.new); old == "" || movesHost(c.context, old) {
				return ""
			}
		}
	} else if !containsValue(line, old) {
		if nl := runnerRewrite(line, old, c.new); nl != "" {
			return nl
		}
		// A host inside a longer address: "dc01" in "dc01.corp.local".
		in, loopback := line, loopbackHosts[strings.ToLower(old)]
		if loopback {
			u, n := namedLoopbackURL(line, old, c.terms)
			if n > 1 && u == "" {
				return ""
			}
			if n > 1 {
				in = u
			}
		}
		tok, repl := addressPart(in, old, c.new)
		if tok == "" {
			// "widget.js" given way to "embed.js" in "The build output
			// is dist/widget.js": the file, in the folder the line
			// names.
			tok, repl = fileInPath(line, old, c.new)
		}
		if tok == "" && hasDigit(old) && hasDigit(c.new) {
			// "24.01" given way to "24.05" in an image's tag,
			// "tritonserver:24.01-py3".
			tok, repl = imageTag(line, old, c.new)
		}
		if tok == "" && plainNumber(old) {
			// "3" given way to "2.5" in "capped at 3.0x".
			tok, repl = unitNumber(line, old, c.new)
		}
		if tok == "" && strings.Contains(c.new, "/") {
			// "v2" given way to "/api/v3" in "The REST API is
			// /api/v2": the path whose last part was given up, when
			// the new path differs from it only there.
			tok, repl = lastPartGiven(line, old, c.new)
		}
		if tok == "" || negatedIn(line, strings.ToLower(tok)) || whole(c.new) && movesHost(c.context, tok) {
			return ""
		}
		if loopback && !strings.Contains(c.new, "//") && strings.Contains(tok, "//") && !intersects(termSet(c.terms), termSet(nonValues(plain(line)))) {
			// Many services of a project sit on localhost: the one
			// moved off it is the one the line names by a word of the
			// sentence ("redis isn't on localhost anymore" for "Redis
			// at redis://localhost:6379", not "Admin at
			// http://localhost:9000").
			return ""
		}
		old, c.new = tok, repl
	} else if negatedIn(line, strings.ToLower(old)) {
		return ""
	}
	if c.old != "" && valueShape(old) == "9" && !(strings.Contains(old, ".") && endsWithValue(line, old)) && !namesOneThing(c.terms, nonValues(plain(line))) && !portMoved(line, old, c.new) {
		// A bare number is a value of many settings: the line must
		// name the setting the sentence is about. A version with a
		// dot, named as the one given up ("5.3 is dead"), may stand
		// for the setting only in a line it ends, where it is that
		// line's value ("Engine version: UE 5.3"), not one followed
		// by a unit or by what it describes ("a 5.3 second timeout",
		// "Lua 5.3 scripts live in plugins/").
		return ""
	}
	if ownerStays(line, old, c.new) {
		return ""
	}
	if len(c.object) > 0 {
		_, dice := textkey.Overlap(c.object, factTerms(line))
		if dice == 0 {
			// "moved utils.py from src to lib" is about utils.py, not
			// about where the code lives.
			return ""
		}
	}
	ou, nu := unitAfter(line, old), unitAfter(firstNonEmpty([]string{c.src.quote, c.context}), c.new)
	if ou != "" && nu != "" && !strings.EqualFold(ou, nu) {
		// "raise the scrollback cap to 1 GiB" for "Scrollback cap: 64
		// MB": the number goes with its unit, or the edit says 1 MB.
		old, c.new = old+" "+ou, c.new+" "+nu
	} else if _, gu := gluedNumber(old); gu != "" && nu != "" && plainNumber(c.new) {
		// "a 5s timeout" for "1500 ms": the new number with its unit.
		c.new += " " + nu
	}
	base := withoutStaleNote(line, old, c)
	if plainNumber(old) && !wordRe(old).MatchString(base) {
		// "1600" given way to "2048" in "preview 1600px wide": the
		// number with its unit glued on.
		if tok, repl := unitNumber(base, old, c.new); tok != "" {
			old, c.new = tok, repl
		}
	}
	if v := onlyDotted(c.new); dotted(withoutV(old)) && v != "" && !strings.HasPrefix(withoutV(c.new), v) {
		// "it's under /opt/geant4-11.2 now and 11.1 is gone" for
		// "Geant4 11.1 installed under /opt/geant4-11.1": the version
		// given up gives way to the version, not to the path holding it.
		c.new = v
	}
	if dotted(c.new) && dotted(withoutV(old)) {
		// "v2.5.0" gives way to "v2.7.0": the version changes, not
		// how the line writes it.
		c.new = writtenAs(c.new, old)
	}
	if c.old == "" && old != "" && strings.Trim(old, "0123456789") == "" {
		// "Audio runs at 48 kHz with a block size of 48" for "the
		// block size is 16": a number the line writes twice changes
		// where the setting is named.
		if at := namedMention(base, old, c.subject); at >= 0 {
			return base[:at] + c.new + base[at+len(old):]
		} else if at == -2 {
			return ""
		}
	}
	if nl := replaceValue(base, old, c.new); nl != "" && nl != base {
		return alongVersion(nl, old, c.new)
	}
	if nl := swapCommand(line, old, c); nl != line {
		return nl
	}
	// An edit that leaves the old value standing (":8080", where the
	// value is no word of its own) is no edit: proposed, it would say
	// the old line again.
	return ""
}

// onlyDotted is the one dotted version v writes ("2023.3" of
// "gromacs/2023.3"), "" when it writes none or more than one.
func onlyDotted(v string) string {
	if vs := dottedPartRe().FindAllString(v, 2); len(vs) == 1 {
		return vs[0]
	}
	return ""
}

// alongVersion is line with the version old writes changed to the one new
// writes wherever else line writes it, alone or in a name: a line often
// writes a program's version twice ("GROMACS 2023.3, loaded with `module
// load gromacs/2023.3`"), and an edit of one is an edit of both.
func alongVersion(line, old, new string) string {
	a, b := onlyDotted(old), onlyDotted(new)
	if a == "" || b == "" || a == b {
		return line
	}
	re := regexp.MustCompile(`(^|[^\d.])` + regexp.QuoteMeta(a) + `($|[^\d.]|\.($|\D))`)
	return re.ReplaceAllString(line, "${1}"+b+"${2}")
}

// unitAfter is the unit text writes right after the number v ("MB" of
// "64 MB across all hosts"), or "".
func unitAfter(text, v string) string {
	if v == "" || strings.Trim(v, "0123456789.") != "" {
		return ""
	}
	f := strings.Fields(text)
	for i := 0; i+1 < len(f); i++ {
		if strings.TrimLeft(f[i], "(~") != v {
			// ("64," ends its clause: the next word is no unit of it.)
			continue
		}
		if u := strings.TrimRight(f[i+1], ".,;:!?)"); unitRe().MatchString(u) || sizeUnits[strings.ToLower(u)] || siUnitRe().MatchString(u) {
			return u
		}
		return ""
	}
	return ""
}

// siUnitRe is a unit of measure written with a metric prefix ("kS/s",
// "MS/s", "kHz", "mA", "cm"); group 1 is the unit without its prefix.
var siUnitRe = lazyregexp.New(`^(?:[kMGTcmµu])?(S/s|sps|Hz|bps|B/s|W|V|A|F|Ω|m|g)$`)

// sameMeasure reports whether units a and b measure one thing, whatever
// their metric prefixes ("288 kS/s" and "1.536 MS/s" are sample rates).
func sameMeasure(a, b string) bool {
	ma, mb := siUnitRe().FindStringSubmatch(a), siUnitRe().FindStringSubmatch(b)
	return ma != nil && mb != nil && ma[1] == mb[1]
}

// sizeUnits are units of size unitRe leaves out.
var sizeUnits = map[string]bool{"kib": true, "mib": true, "gib": true, "tib": true, "bytes": true}

// fileInPath finds a path of line ending in the file name old ("dist/"
// before "widget.js") and gives it with the file name new in its place;
// "", "" when old or new is no file name (a dot and no slash: "sqlite"
// for "out.jsonl" is a store, not a file), or no path ends so.
func fileInPath(line, old, new string) (string, string) {
	if !strings.Contains(old, ".") || !strings.Contains(new, ".") || strings.ContainsAny(old+new, `/\`) {
		return "", ""
	}
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if t := trimValue(w); strings.HasSuffix(t, "/"+old) {
			return t, strings.TrimSuffix(t, old) + new
		}
	}
	return "", ""
}

// ownerStays reports whether replacing old, a file named after a tool
// ("webpack.config.js"), with a plain name would leave that tool, written
// with its version, standing in the line ("Bundler: webpack 5
// (webpack.config.js)"): the file was the tool's, the line's value is the
// tool, which the change does not name, and the edit would say the old
// tool uses the new one.
func ownerStays(line, old, new string) bool {
	owner, _, ok := strings.Cut(old, ".")
	if !ok || strings.ContainsAny(new, "./\\") || hasDigit(owner) || len(owner) < 3 {
		return false
	}
	for _, nv := range namedVersions(line) {
		if strings.EqualFold(nv.name, owner) {
			return true
		}
	}
	return false
}

// endsWithValue reports whether value is the last word of line, but for
// closing punctuation.
func endsWithValue(line, value string) bool {
	return strings.HasSuffix(strings.TrimRight(strings.TrimSpace(line), ".;,!`*_)"), value)
}

// staleNoteRe is a note in brackets right after a value: "bot.db
// (sqlite)", "npm (npm ci in CI)", "Node 18 (was 16)".
var staleNoteRe = lazyregexp.New(`^\s*\(\s*([^()]{1,40}?)\s*\)`)

// withoutStaleNote drops, from a line whose value old is about to be
// replaced, the note that tells what the old value was ("State lives in
// bot.db (sqlite)" is not "postgres (sqlite)" once bot.db gave way to
// postgres; "with npm (npm ci in CI)" is not "pnpm (pnpm ci in CI)"): a
// note right after the old value that names it again, or one of one or
// two words that neither names the new value nor is said again in the
// message that told the change. A longer note tells something else about
// the setting and stays ("Memcached (one node per region)").
func withoutStaleNote(line, old string, c change) string {
	loc := wordRe(old).FindStringSubmatchIndex(line)
	if loc == nil {
		return line
	}
	end := loc[3] + len(old)
	m := staleNoteRe().FindStringSubmatchIndex(line[end:])
	if m == nil {
		return line
	}
	note := line[end+m[2] : end+m[3]]
	if containsValue(note, c.new) || strings.Contains(note, "`") {
		// (A command of the old tool written as code is left for
		// replaceValue, which does not guess the new tool's.)
		return line
	}
	if !containsValue(note, old) && (len(strings.Fields(note)) > 2 || intersects(termSet(textkey.Terms(note)), termSet(textkey.Terms(c.context)))) {
		return line
	}
	return line[:end] + line[end+m[1]:]
}

// swapCommand rewrites a line that names the old tool in a command
// ("Tests run with `cask exec ert-runner`.") with the new tool's command
// the person gave beside the change ("Tests are `eldev test`"): the one
// that shares a word with what the line says around its command.
func swapCommand(line, old string, c change) string {
	spans := backticked(line)
	if len(spans) != 1 {
		return ""
	}
	if f := strings.Fields(spans[0]); len(f) == 0 || !strings.EqualFold(f[0], old) {
		return ""
	}
	prose := termSet(nonValues(strings.Replace(line, "`"+spans[0]+"`", " ", 1)))
	var of []string
	for _, cmd := range backticked(c.context) {
		f := strings.Fields(cmd)
		if n := runners[strings.ToLower(f0(f))]; n > 0 && len(f) > n {
			f = f[n:] // npx biome check . runs biome
		}
		if len(f) < 2 || !strings.EqualFold(f[0], c.new) {
			continue
		}
		of = append(of, cmd)
		if intersects(prose, termSet(factTerms(strings.Join(f[1:], " ")))) {
			return strings.Replace(line, "`"+spans[0]+"`", "`"+cmd+"`", 1)
		}
	}
	if len(of) == 1 {
		// The one command the person gave for the new tool.
		return strings.Replace(line, "`"+spans[0]+"`", "`"+of[0]+"`", 1)
	}
	return ""
}

// namedLoopbackURL counts the URLs of line on the loopback host old and
// returns the one of them the sentence's terms name by its scheme or the
// two words before it ("redis at redis://localhost:6379" for "redis isn't
// on localhost anymore"), or "" when none or more than one is named: a
// line of several local services must not have the wrong one moved.
func namedLoopbackURL(line, old string, terms []string) (string, int) {
	lo := "//" + lowerASCII(old)
	ts := termSet(terms)
	f := strings.Fields(strings.ReplaceAll(line, "`", " "))
	n, hits, url := 0, 0, ""
	for i, w := range f {
		t := trimValue(w)
		if !strings.Contains(lowerASCII(t), lo) {
			continue
		}
		n++
		scheme, _, _ := strings.Cut(t, "://")
		near := scheme + " " + strings.Join(f[max(0, i-2):i], " ")
		if intersects(ts, termSet(nonValues(plain(near)))) {
			hits++
			url = t
		}
	}
	if hits != 1 {
		url = ""
	}
	return url, n
}

// inAddress reports whether old names the host of an address in s
// ("lake-old" in s3://lake-old/raw).
func inAddress(s, old string) bool {
	tok, _ := addressPart(s, old, old+"x")
	return tok != ""
}

// addressPart finds the address in line that old is the host of, and what
// it becomes with new: "dc01.corp.local" and "dc03" give "dc03.corp.local";
// "dc03.corp.local" stays whole; a URL named without its path
// ("redis://cache:6379 is gone") is the line's whole URL, which a new URL
// replaces. (A port is left alone: "host:1883" names a host the change may
// not have kept.)
func addressPart(line, old, new string) (string, string) {
	lo := lowerASCII(old)
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		t := trimValue(w)
		l := lowerASCII(t)
		switch {
		case strings.Contains(new, "//") && portOf(l) == lo:
			// the port of an address, and the new value is the whole
			// new address
			return t, new
		case whole(new) && addressPort(l) == lo:
			// the port of an address, and the new value is a port:
			// the same address on the new port
			h, _ := splitAddress(t)
			i := strings.Index(t, h+":"+old) + len(h)
			return t, t[:i+1] + new + t[i+1+len(old):]
		case whole(new) && whole(lo) && l == lo && strings.HasPrefix(strings.TrimLeft(w, "(\"'"), ":"+lo):
			// a port written alone after its colon (":8080", as a
			// listen address is): the new port after the colon
			return ":" + old, ":" + new
		case strings.Contains(new, "//") && strings.Contains(l, "//"+lo+":"):
			// the host of a URL written with its port, and the new
			// value is a whole URL ("moved the test server to
			// https://synapse.lab.internal, localhost is dead" for
			// http://localhost:8008): the new URL replaces it
			return t, new
		case !strings.Contains(new, "//") && strings.Contains(l, "//"+lo+":") && addressPort(new) != "":
			// the host of a URL written with its port, and the new
			// value is a host with its port ("it's on cache.internal
			// port 6380 now" for redis://localhost:6379): the scheme
			// stays, the address after it is the new one
			i := strings.Index(l, "//"+lo+":") + 2
			j := i + len(lo) + 1
			for j < len(t) && t[j] >= '0' && t[j] <= '9' {
				j++
			}
			return t, t[:i] + new + t[j:]
		case strings.Contains(l, "//"+lo+"/") || strings.HasSuffix(l, "//"+lo):
			// the host of a URL: the new value replaces the URL when
			// it is one
			if strings.Contains(new, "//") {
				return t, new
			}
			return t, strings.Replace(t, t[strings.Index(l, "//"+lo)+2:strings.Index(l, "//"+lo)+2+len(old)], new, 1)
		case strings.Contains(lo, "//") && strings.Contains(new, "//") && strings.HasPrefix(l, lo+"/"):
			// the URL named without its path: mqtt://hub:1883 for
			// mqtt://hub:1883/sensors
			return t, new
		case strings.HasPrefix(l, lo+".") && len(l) > len(lo)+1 && unicode.IsLetter(rune(l[len(lo)+1])):
			// a domain follows the host, not a version's next digit
			if strings.Contains(new, ".") {
				return t, new
			}
			return t, new + t[len(old):]
		}
	}
	return "", ""
}

// lowerASCII lower-cases only ASCII letters, so the result has s's byte
// length and a position found in it cuts s at the same place
// (strings.ToLower changes the length of "Ⱥ", "İ" and the Kelvin sign,
// and slicing s at such a position panics or corrupts the line).
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func f0(f []string) string {
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// nonValues are the terms of s that name things, not values.
func nonValues(s string) []string {
	terms := factTerms(s)
	vals := valueTerms(terms)
	var out []string
	for _, t := range terms {
		if !vals[t] {
			out = append(out, t)
		}
	}
	return out
}

func termSet(ts []string) map[string]bool {
	m := make(map[string]bool, len(ts))
	for _, t := range ts {
		m[t] = true
	}
	return m
}

// withSiblingValues carries into a line a change's other new versions: a
// sentence that tells one change often tells the ones that came with it
// ("I ripped out GLEW and we're on glad now, generated for GL 4.5 core, so
// the context hint goes to 4.5 too"), and a line the change rewrites
// ("The context is a 3.3 core profile one … using GLEW") holds them too. A
// version of the line gives way to one of the sentence written the same
// way when a word beside each names the same thing ("core", "context");
// one the sentence names itself is left alone. A version glued to its name
// gives way to the same name at another version ("net7.0-ios" to
// "net8.0-ios" beside the change to net8.0-android). The change's own values are
// no sibling ("bumped python to 3.12" leaves "django 4.2" alone), and the
// words naming the change's own setting tie nothing: a sibling shares a
// word of its own setting with the line's version.
func withSiblingValues(line string, ch change) string {
	sent := plain(ch.src.quote)
	if !hasDigit(sent) || !hasDigit(line) {
		return line
	}
	own := termSet(append(append(factTerms(ch.new+" "+ch.old), ch.subject...), ch.object...))
	lw, sw := strings.Fields(plain(line)), strings.Fields(sent)
	for i, w := range lw {
		v := trimValue(w)
		// (A version glued to its name, "net7.0-ios", is a sibling
		// only of the same name at another version.)
		named := !dotted(v) && hasDigit(v) && hasLetter(v)
		if !dotted(v) && !named || strings.EqualFold(v, ch.new) || strings.EqualFold(v, ch.old) || containsValue(sent, v) {
			continue
		}
		if nv := movedWithName(v, ch); nv != "" {
			if nl := replaceValue(line, v, nv); nl != "" {
				line = nl
			}
			continue
		}
		near := withoutTerms(termSet(nonValues(strings.Join(lw[max(0, i-4):min(len(lw), i+5)], " "))), own)
		for j, x := range sw {
			n := trimValue(x)
			if named != !dotted(n) || valueShape(n) != valueShape(v) || n == v || strings.EqualFold(n, ch.new) || strings.EqualFold(n, ch.old) || named && !sameLetters(n, v) {
				continue
			}
			if named || intersects(near, termSet(nonValues(strings.Join(sw[max(0, j-4):min(len(sw), j+5)], " ")))) {
				if nl := replaceValue(line, v, n); nl != "" {
					line = nl
				}
				break
			}
		}
	}
	return line
}

// movedWithName is a version glued to a name, moved with the change of
// that name from one version to another: "net8.0-ios" becomes
// "net9.0-ios" beside the change of "net8.0-android" to "net9.0-android"
// (the project moved, not one of its targets). Empty when v is not at the
// old version of the change's name.
func movedWithName(v string, ch change) string {
	po, vo, ok := gluedVersion(ch.old)
	pn, vn, okn := gluedVersion(ch.new)
	pv, vv, okv := gluedVersion(v)
	if !ok || !okn || !okv || vo == vn || vv != vo || !strings.EqualFold(po, pn) || !strings.EqualFold(pv, po) {
		return ""
	}
	return pv + vn + v[len(pv)+len(vv):]
}

// gluedVersion splits a name glued to its version ("net8.0-android") at
// its first number: the letters before it and the version.
func gluedVersion(v string) (name, version string, ok bool) {
	i := strings.IndexFunc(v, unicode.IsDigit)
	if i <= 0 || !hasLetter(v[:i]) {
		return "", "", false
	}
	j := i
	for j < len(v) && (unicode.IsDigit(rune(v[j])) || v[j] == '.' && j+1 < len(v) && unicode.IsDigit(rune(v[j+1]))) {
		j++
	}
	return v[:i], v[i:j], true
}

// sameLetters reports whether two values are one name at two versions,
// alike but for their numbers ("net7.0-ios" and "net8.0-ios"): the
// letters left are the name, and a name of a letter or two names nothing.
func sameLetters(a, b string) bool {
	strip := func(v string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) || r == '.' {
				return -1
			}
			return unicode.ToLower(r)
		}, v)
	}
	l := strip(a)
	return l == strip(b) && strings.IndexFunc(l, unicode.IsLetter) >= 0 && len(l) > 2
}

// withoutTerms is the terms of a not in drop.
func withoutTerms(a, drop map[string]bool) map[string]bool {
	for t := range drop {
		delete(a, t)
	}
	return a
}

// dotted reports whether v is a version written with a dot: 3.3, 12.4.1.
func dotted(v string) bool {
	return strings.Contains(v, ".") && strings.Trim(v, "0123456789.") == "" && hasDigit(v)
}

// labelValue finds the value of a line that names its setting by a label
// holding every word the change names it by, when the value is one word of
// no digits or dots: "vagrant" in "Test kitchen driver: vagrant." for
// "we switch the kitchen driver to dokken".
func labelValue(line string, c change) string {
	m := settingLabelRe().FindStringSubmatchIndex(line)
	rest := ""
	if m != nil {
		rest = strings.TrimSpace(line[m[3]+1:])
	} else if m = copulaSubjectRe().FindStringSubmatchIndex(line); m != nil {
		// "My shell is fish; give snippets for fish.": the value is
		// the one word after the copula, ending the clause.
		w, after, _ := strings.Cut(strings.TrimSpace(line[m[1]-1:]), " ")
		if after != "" && !strings.ContainsAny(w[len(w)-1:], ";,.") {
			// "Templates are Template Toolkit files in views/." for
			// "our templates were moved to Text::Xslate": a product's
			// capitalised name after the copula, when the new value
			// is a product's name too.
			if n := properName(strings.TrimSpace(line[m[1]-1:])); n != "" && len(c.subject) > 0 && subset(termSet(c.subject), termSet(factTerms(line[m[2]:m[3]]))) && productLike(c.new) {
				return n
			}
			return ""
		}
		rest = w
	}
	if m == nil || len(c.subject) == 0 || !subset(termSet(c.subject), termSet(factTerms(line[m[2]:m[3]]))) {
		return ""
	}
	v := trimValue(rest)
	if v == "" || strings.ContainsAny(v, " `./:_\\") || hasDigit(v) || hasDigit(c.new) || !valueLike(v) {
		// (A value with digits or dots is slotValue's, read by its shape.)
		return ""
	}
	return v
}

// properName is the product name s opens with: one to three words each
// written with a capital ("Template Toolkit", "SQLite"), a lower-case
// word after them ending it; "" when s opens otherwise.
func properName(s string) string {
	f := strings.Fields(s)
	n := 0
	for n < len(f) && n < 3 && f[n] == trimValue(f[n]) && unicode.IsUpper([]rune(f[n])[0]) {
		n++
	}
	if n == 0 || n == len(f) || !unicode.IsLower([]rune(f[n])[0]) {
		return ""
	}
	return strings.Join(f[:n], " ")
}

// productLike reports whether v is written as a product's name: with a
// capital or a namespace ("Text::Xslate", "Postgres").
func productLike(v string) bool {
	return v != "" && (unicode.IsUpper([]rune(v)[0]) || strings.Contains(v, "::"))
}

// toldOld is the port (a whole number of three digits or more) of a
// memory line that the sentence telling a change to a new one names too,
// however the line names the setting: in "8080 clashes with the Grafana I
// run locally, so the server is on 9090 now" the port given up is 8080,
// which "Runs locally on port 8080." holds. A sentence that keeps the old
// value somewhere ("9090 for the api, 8080 still serves the admin";
// goesOnRe) gives none up.
func toldOld(line string, c change) string {
	if !whole(c.new) || goesOnRe().MatchString(c.src.quote) {
		return ""
	}
	for _, w := range strings.Fields(strings.ReplaceAll(line, "`", " ")) {
		if v := trimValue(w); whole(v) && v != c.new && containsValue(c.src.quote, v) {
			return v
		}
	}
	return ""
}

// hasLetter reports whether s holds a letter.
func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// longerVersion is the one version line writes that old, a version, is
// the shorter form of ("1.0.2164" for "1.0"), or "".
func longerVersion(line, old string) string {
	if !versionNumber(withoutV(old)) || !strings.Contains(old, ".") {
		return ""
	}
	found := ""
	for _, w := range strings.Fields(line) {
		if w = trimValue(w); strings.HasPrefix(withoutV(w), withoutV(old)+".") && versionNumber(withoutV(w)) {
			if found != "" && found != w {
				return ""
			}
			found = w
		}
	}
	return found
}

// imageTag is the one word of line that writes old as an image's tag
// ("nvcr.io/nvidia/tritonserver:24.01-py3", "postgres:15",
// "envoy:v1.29.4" for "1.29.4"), and the word with new in its place,
// written the way the tag was; "" when there is none or more than one.
func imageTag(line, old, new string) (string, string) {
	tok, at, was := "", 0, old
	for _, w := range strings.Fields(line) {
		w = strings.Trim(w, "`'\",;().!?")
		if strings.Contains(w, "://") {
			continue
		}
		for _, o := range []string{old, "v" + withoutV(old)} {
			i := strings.LastIndex(w, ":"+o)
			if i <= 0 {
				continue
			}
			if rest := w[i+1+len(o):]; rest != "" && rest[0] != '-' && rest[0] != '@' {
				continue
			}
			if tok != "" && tok != w {
				return "", ""
			}
			tok, at, was = w, i, o
			break
		}
	}
	if tok == "" {
		return "", ""
	}
	rest := tok[at+1+len(was):]
	if strings.HasSuffix(new, rest) {
		// "3.12-slim" for "python:3.11-slim": the new tag whole.
		rest = ""
	}
	return tok, tok[:at+1] + writtenAs(new, was) + rest
}

// lastPartGiven finds the one path of line whose last part is old and whose
// parts before it new opens with, or the one path under old, a directory
// given up ("/scratch" for "/scratch/ana/datasets"), and gives the path
// new names in its place: new itself, or, when new is only the directory
// put in old's place, new with the parts under old.
func lastPartGiven(line, old, new string) (string, string) {
	dir := new[:strings.LastIndex(new, "/")+1]
	if dir == "" || strings.EqualFold(new[len(dir):], old) {
		return "", ""
	}
	tok, repl := "", ""
	for _, w := range strings.Fields(line) {
		w = strings.TrimRight(strings.Trim(w, "`'\",;()!?"), ".")
		r := ""
		switch {
		case strings.EqualFold(w, dir+old):
			r = new
		case absPath(old) && strings.HasPrefix(w, old+"/"):
			if under := w[len(old):]; strings.HasSuffix(new, under) {
				r = new
			} else {
				r = strings.TrimSuffix(new, "/") + under
			}
		default:
			continue
		}
		if tok != "" && tok != w {
			return "", ""
		}
		tok, repl = w, r
	}
	return tok, repl
}

// holdsTag reports whether line writes v as an image's tag, with a "v" or
// without ("envoy:v1.31.2" for "1.31.2").
func holdsTag(line, v string) bool {
	t, _ := imageTag(line, v, v)
	return t != ""
}
