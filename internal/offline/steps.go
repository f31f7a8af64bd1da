package offline

import (
	"sort"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// A skill step is written as the command was run: the arguments that were
// the same in every session are kept, and those that changed become a
// placeholder that says what goes there (`git commit -m "<message>"`,
// `helm lint charts/<name>`).

// stepText renders one step from its runs in the supporting sessions.
func stepText(runs [][]word, c command) string {
	if len(runs) == 0 || len(runs[0]) == 0 {
		return c.norm
	}
	if !sameShape(runs) {
		// A `--flag=value` one run added (`--set-env-vars=…`) is no
		// part of the step; without it the runs may line up.
		runs = commonFlags(runs)
	}
	if !sameShape(runs) {
		// A long option some run was not given (`--source <url>`,
		// added from the second import on) is no part of the step
		// either, with the value after it.
		if r := commonOptions(runs); sameShape(r) {
			runs = r
		}
	}
	if !sameShape(runs) {
		// Runs differ in shape: the stable form, which keeps the
		// program, subcommand and flags.
		return c.norm
	}
	first := runs[0]
	out := make([]string, len(first))
	for i := range first {
		vals := make([]string, len(runs))
		quoted := false
		for k, r := range runs {
			vals[k] = r[i].text
			quoted = quoted || r[i].quoted
		}
		if allEqual(vals) {
			out[i] = shellQuote(first[i].text, quoted)
			if first[i].op || first[i].expands {
				out[i] = first[i].text
			}
			continue
		}
		prev := ""
		if i > 0 {
			prev = first[i-1].text
		}
		out[i] = placeholder(vals, prev, quoted)
	}
	return strings.Join(out, " ")
}

// skillStepText is a skill's step from its runs (stepText). When the
// runs differ in shape and the stable form would end in an option whose
// value it dropped (`az deployment group create --template-file`, `psql
// -h -d -v`, a fragment no one can run), the step is written from the
// runs of the shape most of them had, or, with no such shape and short
// options stripped, the newest run's: one run that gave a value fewer
// (`--parameters env=dev` before `… env=dev region=north` became the
// rule) does not cost the step every value it is given.
func skillStepText(runs [][]word, c command) string {
	f := strings.Fields(c.norm)
	if len(runs) == 0 || len(f) == 0 || sameShape(runs) {
		return stepText(runs, c)
	}
	long, short := valueDropped(f)
	if !long && !short {
		common := commonFlags(runs)
		if most := mostRunShape(common); len(most) > 0 {
			// The stable form lost what most runs gave alike
			// (`papermill nb.ipynb out/<name>.ipynb -p scenario
			// <arg>`), and each other run only gave more (`-p
			// baseline_start 1991`): the runs of the shape most
			// had say it whole.
			if text := stepText(most, c); len(strings.Fields(text)) > len(f) && onlyMore(common, len(most[0]), text) {
				return text
			}
		}
		return stepText(runs, c)
	}
	if most := mostRunShape(commonFlags(runs)); len(most) > 0 || long {
		if len(most) == 0 {
			// A long option may be a switch the stable form keeps
			// (`--terragrunt-non-interactive`): it stands.
			most = runs
		}
		return stepText(most, c)
	}
	// Short options stripped one after another, and no shape most
	// runs had: the newest run's shape, which runs.
	return stepText(newestShape(commonFlags(runs)), c)
}

// newestShape is the runs of the newest run's length.
func newestShape(runs [][]word) [][]word {
	newest := len(runs[len(runs)-1])
	var last [][]word
	for _, r := range runs {
		if len(r) == newest {
			last = append(last, r)
		}
	}
	return last
}

// onlyMore reports whether every run of another length than n is longer
// and holds each word the step text keeps as written (no placeholder): it
// gave what the others gave, and more.
func onlyMore(runs [][]word, n int, text string) bool {
	for _, r := range runs {
		if len(r) == n {
			continue
		}
		if len(r) < n {
			return false
		}
		has := map[string]bool{}
		for _, w := range r {
			has[w.text] = true
		}
		for _, t := range strings.Fields(text) {
			if !strings.Contains(t, "<") && !has[t] {
				return false
			}
		}
	}
	return true
}

// valueDropped reports whether a stable form may end in an option whose
// value it dropped: a long option (`--template-file`, though it may be a
// switch), or short options one after another (`psql -h -d -v`), surely
// each given something. One short option alone may be a switch (`slang
// -W`).
func valueDropped(f []string) (long, short bool) {
	opt := func(w string) bool {
		return strings.HasPrefix(w, "-") && !strings.Contains(w, "=") && !isNumber(strings.TrimLeft(w, "-"))
	}
	last := f[len(f)-1]
	if strings.HasPrefix(last, "--") {
		return opt(last), false
	}
	return false, len(f) >= 3 && opt(last) && opt(f[len(f)-2])
}

// mostRunShape is the runs of the length most runs had, when more than
// half of them had it; otherwise none.
func mostRunShape(runs [][]word) [][]word {
	count := map[int]int{}
	for _, r := range runs {
		count[len(r)]++
	}
	best := -1
	for n, k := range count {
		if best < 0 || k > count[best] {
			best = n
		}
	}
	if 2*count[best] <= len(runs) {
		return nil
	}
	var out [][]word
	for _, r := range runs {
		if len(r) == best {
			out = append(out, r)
		}
	}
	return out
}

// sameShape reports whether every run has as many words as the first.
func sameShape(runs [][]word) bool {
	for _, r := range runs[1:] {
		if len(r) != len(runs[0]) {
			return false
		}
	}
	return true
}

// commonFlags drops from each run the `--flag=value` options whose flag not
// every run was given.
func commonFlags(runs [][]word) [][]word {
	flag := func(w word) string {
		if f, _, ok := strings.Cut(w.text, "="); ok && strings.HasPrefix(f, "-") {
			return f
		}
		return ""
	}
	count := map[string]int{}
	for _, r := range runs {
		seen := map[string]bool{}
		for _, w := range r {
			if f := flag(w); f != "" && !seen[f] {
				seen[f] = true
				count[f]++
			}
		}
	}
	out := make([][]word, len(runs))
	for k, r := range runs {
		for _, w := range r {
			if f := flag(w); f == "" || count[f] == len(runs) {
				out[k] = append(out[k], w)
			}
		}
	}
	return out
}

// commonOptions drops from each run the long options given a value
// (`--source <url>`) that not every run was given, with their values. A
// switch some run lacked (`--non-interactive`) stays: without it the
// runs may line up on words that mean another thing.
func commonOptions(runs [][]word) [][]word {
	long := func(w word) bool {
		return !w.op && len(w.text) > 2 && strings.HasPrefix(w.text, "--") && !strings.Contains(w.text, "=")
	}
	valued := func(r []word, i int) bool {
		return i+1 < len(r) && !r[i+1].op && !strings.HasPrefix(r[i+1].text, "-")
	}
	count, switches := map[string]int{}, map[string]bool{}
	for _, r := range runs {
		seen := map[string]bool{}
		for i, w := range r {
			if !long(w) {
				continue
			}
			switches[w.text] = switches[w.text] || !valued(r, i)
			if !seen[w.text] {
				seen[w.text] = true
				count[w.text]++
			}
		}
	}
	out := make([][]word, len(runs))
	for k, r := range runs {
		for i := 0; i < len(r); i++ {
			if !long(r[i]) || count[r[i].text] == len(runs) || switches[r[i].text] {
				out[k] = append(out[k], r[i])
				continue
			}
			i++ // and its value
		}
	}
	return out
}

func allEqual(vals []string) bool {
	for _, v := range vals[1:] {
		if v != vals[0] {
			return false
		}
	}
	return true
}

// placeholder names a varying argument from the flag before it or from the
// shape of its values.
func placeholder(vals []string, prev string, quoted bool) string {
	if strings.HasPrefix(vals[0], "-") {
		// The values are options themselves (`--region=eu`): the
		// word before names nothing of theirs.
		prev = ""
	}
	message := prev == "-m" || prev == "-am" || prev == "--message" || prev == "-F"
	if p, ok := settingsFrame(vals); ok && !message {
		return shellQuote(p, quoted)
	}
	if head, tail, ok := codeFrame(vals); ok && !message {
		// Code or a query that names another thing each time
		// (`VACUUM ANALYZE staging.<name>`): what it does stays.
		mids := make([]string, len(vals))
		for i, v := range vals {
			mids[i] = v[len(head) : len(v)-len(tail)]
		}
		return shellQuote(head+"<"+tailName(mids)+">"+tail, true)
	}
	name := ""
	switch {
	case message:
		name = "message"
	case strings.HasPrefix(prev, "--") && len(prev) > 3 && !strings.Contains(prev, "=") && !allMatch(vals, func(v string) bool { return strings.Contains(v, "/") }) && !fileFramed(vals):
		// A path or a file name after a long flag (`cabal upload
		// --publish dist/x-0.3.1.tar.gz`, `R CMD check --as-cran
		// pkg_0.1.0.tar.gz`) may be no value of it: named by its
		// shape below.
		name = strings.TrimPrefix(prev, "--")
	case wordFlag(prev) && !allMatch(vals, func(v string) bool { return strings.ContainsAny(v, "/.") }):
		// `-scheme App`; a path after a word flag (`kubeconform
		// -strict /tmp/prod.yaml`) may be no value of it, only the
		// file the command is given: named by its shape below.
		name = strings.TrimPrefix(prev, "-")
	case allMatch(vals, isVersion):
		name = "version"
	case allMatch(vals, isNumber):
		name = "n"
	case allMatch(vals, func(v string) bool { return strings.Contains(v, " ") }):
		name = "message"
	}
	if name == "" {
		// What the values share up to a separator stays (`charts/`,
		// `ghcr.io/acme/app:`), or the file name around what varies
		// (`mylib-<version>.gem`); the rest is named by its shape.
		head, tail, ok := fileFrame(vals)
		if !ok {
			head = sharedHead(vals)
			if head != "" {
				tail = closingTail(vals, head)
			}
		}
		if head != "" || tail != "" {
			mids := make([]string, len(vals))
			for i, v := range vals {
				mids[i] = v[len(head) : len(v)-len(tail)]
			}
			p := head + "<" + tailName(mids) + ">" + tail
			if quoted {
				return `"` + p + `"`
			}
			return p
		}
		if choices := wordChoices(vals); choices != "" {
			// `npm version patch`, `… minor`: the few words it took.
			return "<" + choices + ">"
		}
		name = "arg"
	}
	p := "<" + name + ">"
	if quoted || name == "message" {
		return `"` + p + `"`
	}
	return p
}

// settingsFrame writes values that are each the same settings of several
// words (`PG:"host=db1.internal dbname=parcels"`, `… host=pg16.internal
// dbname=parcels_test`) with the settings kept and each value that varies
// named by its key (`PG:host=<host> dbname=<dbname>`): the connection
// stays a connection, not a "<message>".
func settingsFrame(vals []string) (string, bool) {
	rows := make([][]string, len(vals))
	for i, v := range vals {
		rows[i] = strings.Fields(v)
		if len(rows[i]) < 2 || len(rows[i]) != len(rows[0]) {
			return "", false
		}
	}
	out := make([]string, len(rows[0]))
	for j := range rows[0] {
		key, _, ok := strings.Cut(rows[0][j], "=")
		if !ok || key == "" {
			return "", false
		}
		same := true
		for _, r := range rows {
			k, _, ok := strings.Cut(r[j], "=")
			if !ok || k != key {
				return "", false
			}
			same = same && r[j] == rows[0][j]
		}
		if same {
			out[j] = rows[0][j]
			continue
		}
		out[j] = key + "=<" + key[strings.LastIndexAny(key, ":.")+1:] + ">"
	}
	return strings.Join(out, " "), true
}

// sharedHead is the longest start every value has that ends in a path,
// tag or assignment separator or an opening bracket (`jobs:retry[`), with
// something after it in each.
func sharedHead(vals []string) string {
	head := vals[0]
	for _, v := range vals[1:] {
		n := 0
		for n < len(head) && n < len(v) && head[n] == v[n] {
			n++
		}
		head = head[:n]
	}
	cut := strings.LastIndexAny(head, "/:=@[(")
	if cut < 0 {
		return ""
	}
	head = head[:cut+1]
	for _, v := range vals {
		if len(v) == len(head) {
			return ""
		}
	}
	return head
}

// closingTail is the end every value shares after head when it closes
// what the value opened (`')`, `"]`): the path in `"run('/data/2026-08')"`
// varies, the call around it does not, and a step that dropped the close
// would be code no one can run.
func closingTail(vals []string, head string) string {
	_, suf := commonEnds(vals)
	// (From the first close on: the shared end may reach into what
	// varies, `north`, `south`.)
	i := strings.IndexAny(suf, `'")]}`)
	if i < 0 {
		return ""
	}
	if i > 0 && suf[i-1] == '\\' {
		// (An escaped quote, `\"`, inside double quotes.)
		i--
	}
	suf = suf[i:]
	for _, v := range vals {
		if len(v) <= len(head)+len(suf) {
			return ""
		}
	}
	return suf
}

// codeFrame finds what code or a query of several words (`VACUUM ANALYZE
// staging.lots`, `VACUUM ANALYZE staging.roads`) keeps around the one
// word, or the one list of names, that varies: a start of two words or
// more up to a boundary, and the rest from one.
func codeFrame(vals []string) (head, tail string, ok bool) {
	pre, suf := commonEnds(vals)
	const bounds = ` .'"(=:/,`
	cut := strings.LastIndexAny(pre, bounds)
	if cut < 0 || !strings.Contains(pre[:cut+1], " ") {
		// Not two words of code in common: a message.
		return "", "", false
	}
	head = pre[:cut+1]
	if i := strings.IndexAny(suf, bounds); i >= 0 {
		tail = suf[i:]
	} else if strings.HasSuffix(suf, ";") {
		// (A statement's end: `…;`.)
		tail = ";"
	}
	// A list that grows or shrinks (`VACUUM (ANALYZE) a, b;`, then `…
	// a, b, c;`) varies as a whole: the items the runs share at its
	// start go with it.
	for strings.HasSuffix(head, ", ") {
		item := strings.LastIndexAny(head[:len(head)-2], " (")
		if item < 0 || !codeNameRe().MatchString(head[item+1:len(head)-2]) {
			break
		}
		head = head[:item+1]
	}
	for _, v := range vals {
		mid := ""
		if len(v) > len(head)+len(tail) {
			mid = v[len(head) : len(v)-len(tail)]
		}
		if mid == "" || strings.Contains(mid, " ") && !codeListRe().MatchString(mid) {
			return "", "", false
		}
	}
	return head, tail, true
}

// codeNameRe is a name in code (`qrtz_triggers`), codeListRe a list of
// them (`qrtz_triggers, qrtz_locks`).
var (
	codeNameRe = lazyregexp.New(`^[\w.]+$`)
	codeListRe = lazyregexp.New(`^[\w.]+(?:, [\w.]+)+$`)
)

// commonEnds is the longest start and the longest end every value of
// vals (at least one) shares.
func commonEnds(vals []string) (pre, suf string) {
	pre, suf = vals[0], vals[0]
	for _, v := range vals[1:] {
		n := 0
		for n < len(pre) && n < len(v) && pre[n] == v[n] {
			n++
		}
		pre = pre[:n]
		m := 0
		for m < len(suf) && m < len(v) && suf[len(suf)-1-m] == v[len(v)-1-m] {
			m++
		}
		suf = suf[len(suf)-m:]
	}
	return pre, suf
}

// fileFrame finds the file name every value shares around what varies:
// a start up to a `-`, `_` or `/` and the extension or the rest of the
// path (`mylib-1.2.0.gem`, `mylib-1.3.0.gem`; `scala-2.12/app.jar`;
// `/tmp/prod.yaml`, `/tmp/staging.yaml`).
func fileFrame(vals []string) (head, tail string, ok bool) {
	pre, suf := commonEnds(vals)
	cut := strings.LastIndexAny(pre, "-_/")
	dot := -1
	for i := range suf {
		// The rest of the path (`/jobs-assembly.jar`) or the
		// extension: from the first dot with no digit after it
		// (`.tar.gz`, not `.0.gem`).
		if suf[i] == '/' || suf[i] == '.' && !strings.ContainsAny(suf[i:], "0123456789/ ") {
			dot = i
			break
		}
	}
	if dot < 0 || cut < 0 && (suf[dot] != '/' || strings.ContainsAny(pre, "/")) {
		// No frame; a directory that varies under the same path
		// (`tests/__screenshots__`, `e2e/__screenshots__`) is one.
		return "", "", false
	}
	head, tail = pre[:cut+1], suf[dot:]
	for _, v := range vals {
		if len(v) <= len(head)+len(tail) {
			return "", "", false
		}
	}
	return head, tail, true
}

// fileFramed reports whether the values are one file name around what
// varies, a start and an extension both kept (fileFrame).
func fileFramed(vals []string) bool {
	head, tail, ok := fileFrame(vals)
	return ok && head != "" && strings.HasPrefix(tail, ".")
}

// tailName names the varying end of values by its shape.
func tailName(tails []string) string {
	switch {
	case allMatch(tails, isVersion):
		return "version"
	case allMatch(tails, isNumber):
		return "n"
	}
	return "name"
}

// wordChoices lists a few plain words as alternatives (`minor|patch`).
func wordChoices(vals []string) string {
	seen := map[string]bool{}
	var out []string
	for _, v := range vals {
		if !isWord(v) || looksLikeData(v) || len(v) > 12 || strings.Contains(v, "_") {
			// `add_tags`, `add_owner`: names made up for the run,
			// not a choice among a few.
			return ""
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	if len(out) > 3 {
		return ""
	}
	sort.Strings(out)
	return strings.Join(out, "|")
}

func allMatch(vals []string, f func(string) bool) bool {
	for _, v := range vals {
		if !f(v) {
			return false
		}
	}
	return true
}

// isNumber reports whether s is a number as commands are given one: digits
// and dots ("30", "4.2"), at least one digit.
func isNumber(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r != '.':
			return false
		}
	}
	return digits > 0 // "." and ".." are paths
}

// isVersion matches v1.2.3, 1.2 and 2026-03-01 style values.
func isVersion(s string) bool {
	t := strings.TrimPrefix(s, "v")
	return strings.ContainsAny(t, ".-") && t != "" && t[0] >= '0' && t[0] <= '9' &&
		strings.Trim(t, "0123456789.-") == ""
}

// shellQuote writes an argument so that the step can be pasted into a
// shell: quoted when it was quoted or needs it. A word run unquoted is
// written as it was run, so that the shell reads it the same way again: a
// glob stays a glob (`pandoc chapters/*.md`), which quotes would hand the
// program as a name that matches no file.
func shellQuote(s string, quoted bool) string {
	if !quoted && s != "" && !strings.ContainsAny(s, " \t'\"$`|&;<>()") {
		return s
	}
	if !strings.ContainsAny(s, `"$`+"`\\") {
		return `"` + s + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// procedureName is the skill name as words: "release-workflow" → "release".
func procedureName(name string) string {
	return strings.ReplaceAll(strings.TrimSuffix(name, "-workflow"), "-", " ")
}

// stepList names every step in order, for the "When to use" line.
func stepList(steps []string) string {
	parts := make([]string, len(steps))
	for i, s := range steps {
		parts[i] = "`" + s + "`"
	}
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
