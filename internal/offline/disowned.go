package offline

import (
	"slices"
	"strings"

	"github.com/automem/automem/internal/lazyregexp"
)

// A person who finds the agent followed a stale memory line often says so
// outright: "the memory file still says SQLite; that's been wrong since
// December, we run on Postgres". The line is wrong whatever its new value
// is, and a rule or fact the person states naming the disowned thing
// ("the data lives in Postgres, not in the SQLite ghost …") is the line to
// hold in its place: beside it the old line would contradict it.

// memorySaysRe is memory named as saying a thing: "the memory file still
// says regex egg", "memory file saying gawk is out of date", "fix the
// memory file: it still says SQLite", "the memory say we use Db::query",
// "the MEMORY thing says room_speed but …", "I know the notes say
// player.js keeps it, but …". Group 1 is what it says, to the end of its
// clause.
var memorySaysRe = lazyregexp.New(`(?i)\b(?:` + memoryFile + `|(?:the|my|your|our)\s+(?:project\s+)?notes)(?:\s+(?:note|notes|thing|line|entry|bit))?[:,]?\s+(?:(?:it|that|which)\s+)?(?:still\s+)?(?:says|say|saying|mentions|claims|lists)\s+(?:(?:we|you|to)\s+(?:use|run|go through)\s+)?` + article + `([\w.+#/:$()-]+(?:\s+(?:[\w.+#/-]+|\(\w+\)))*?)(?:\s+but\b|\s+and\s+(?:that|it)\b|\s*[,;:!?()]|\.(?:\s|$)|$)`)

// memoryAboutRe is memory named by what a line of it is about: "the
// memory note about getCrankPosition", "the log.Printf thing in the
// memory", "the memory thing about 16-bit numbers". Group 1 or group 2
// is the thing, one or two words.
var memoryAboutRe = lazyregexp.New(`(?i)\b` + memoryFile + `\s+(?:note|notes|entry|line|bit|thing|stuff)\s+(?:about|on|for)\s+` + article + `([\w.+#/()-]+(?:\s+[\w.+#/-]+)?)|\b([\w.+#/()-]+)\s+(?:thing|line|note|bit|part|entry)\s+in\s+(?:the\s+|your\s+)?` + memoryFile)

// wrongRe is the person calling what memory says wrong, anywhere in the
// message ("the memory says Jackson for JSON: that's outdated", "the
// memory thing about 16-bit numbers is old", "that was a mistake on my
// part", "that was before we changed the backend", "ignore it"), or
// granting that memory says it only to go against it ("I know the memory
// says shell but …", "I know the notes say that, but", "I know the memory
// file says everything is cached forever; that's true for releases only").
var wrongRe = lazyregexp.New(`(?i)\b(?:wrong|out of date|outdated|stale|not true|incorrect|no longer|any ?more|obsolete|behind|mistake|deprecated|ignore (?:it|that|them)|(?:that|this|it) was before|(?:is|are|'s) (?:the )?old|from before|i know (?:that )?(?:the )?(?:notes|` + memoryFile + `)\s+(?:\w+\s+)?says?\b[^.!?]*(?:\bbut\b|;))`)

// wrongAboutRe is memory called wrong about a thing, or to be ignored
// about it: "the notes are wrong about the ISO weeks", "ignore what
// memory says about widgets". Group 1 is the thing, one or two words.
var wrongAboutRe = lazyregexp.New(`(?i)\b(?:ignore\s+what\s+(?:the\s+|your\s+|my\s+)?` + memoryFile + `\s+says|(?:\b(?:the|your|my|our)\s+(?:project\s+)?notes|` + memoryFile + `)\s+(?:is|are)\s+(?:wrong|outdated|stale|out of date|old))\s+(?:about|on)\s+` + article + `([\w.+#/()-]+(?:\s+[\w.+#/-]+)?)`)

// disowner is what a message disowning a memory line says of it: the
// name it says the line holds, and the sentence saying so.
type disowner struct {
	name string
	by   source
}

// disownedLines maps each memory line (read from a file, not the
// verification line) a new session's message says is wrong to the name
// the message says it holds, and the sentence. What no one line holds
// word for word names the one line sharing the most terms with it, as
// many as it has up to two ("ignore what memory says about widgets" of
// "built with the widget API", "the memory says we park known issues in
// disableRules" of "known issues are excluded … (disableRules)"); a tie
// disowns nothing.
func (k *known) disownedLines(said []source, isNew func(int) bool) map[string]disowner {
	var out map[string]disowner
	for i, s := range said {
		if lq := strings.ToLower(s.quote); !isNew(s.session) || !strings.Contains(lq, "memory") && !strings.Contains(lq, "notes") {
			continue
		}
		for _, thing := range disownedThings(s.quote, func() string { return message(said, i) }) {
			name, l := k.heldName(strings.Fields(thing))
			if l == "" {
				name = thing
				l = k.mostShared(func(l string) int { return sharedTerms(thing, l) }, nil, min(2, len(factTerms(thing))))
			}
			if l == "" {
				continue
			}
			if out == nil {
				out = map[string]disowner{}
			}
			out[l] = disowner{name: name, by: s}
		}
	}
	return out
}

// heldName is the longest lead of words that exactly one memory line
// names ("regex egg" of "regex egg. Wrong"; "gawk" of "gawk is"), and
// that line. One hyphenated word names the line holding its words apart
// ("local-time", "local time").
func (k *known) heldName(words []string) (string, string) {
	if len(words) == 1 && strings.Count(words[0], "-") == 1 {
		// "the local-time line" is the line of "local time"; the
		// name stays as the person wrote it.
		if l := k.soleHolder(strings.ReplaceAll(trimValue(words[0]), "-", " ")); l != "" {
			return trimValue(words[0]), l
		}
	}
	for n := len(words); n > 0; n-- {
		name := trimValue(strings.Join(words[:n], " "))
		if !valueLike(name) {
			continue
		}
		if l := k.soleHolder(name); l != "" {
			return name, l
		}
	}
	return "", ""
}

// soleHolder is the one memory line (soleLine) that names name and does
// not deny it; "" when none or two do.
func (k *known) soleHolder(name string) string {
	named := func(l string) bool { return (containsValue(l, name) || dottedPart(l, name)) && !negatedIn(l, name) }
	if l := k.soleLine(named); l != "" {
		return l
	}
	// A file memory writes only as the end of its path ("pid.c" of
	// "src/main/flight/pid.c"), where no line names it as written.
	return k.soleLine(func(l string) bool { return named(l) || fileTailIn(l, name) && !negatedIn(l, name) })
}

// An agent that did a thing because memory said so often says as much
// ("per the project notes timing warnings on dev bitstreams can be
// ignored, so I loaded it"), and a person who answers "no, that's the old
// way" disowns the line it followed, whatever words they use for it.

// citesMemoryRe is an agent's report saying memory told it: "as the
// notes say", "per the project notes", "according to MEMORY.md", "as
// noted in memory", "like the memory notes say", "as in the project
// notes", "following the two-instalments rule in the notes", "(the
// fixed-height convention from memory)", or a sentence opening "MEMORY.md
// says".
var citesMemoryRe = lazyregexp.New(`(?i)\b(?:as|per|like|since|according to|following)\s+(?:(?:in|(?:noted|stated|said|written|recorded|listed|mentioned|documented)\s+in)\s+)?(?:the\s+|your\s+|my\s+)?(?:project\s+)?(?:notes|` + memoryFile + `)\b|` +
	`\b(?:rule|convention|note)\s+(?:in|from)\s+(?:the\s+|your\s+|my\s+)?(?:project\s+)?(?:notes|` + memoryFile + `)\b|` +
	`^(?:the\s+)?` + memoryFile + `(?:\s+notes?)?\s+(?:says|suggests|describes)\b`)

// thatMemoryRe is a reply pointing at the memory line the report just
// followed: "that memory line", "this memory note", "that line in the
// memory".
var thatMemoryRe = lazyregexp.New(`(?i)\b(?:that|this)\s+(?:` + memoryFile + `\s+(?:line|note|entry|bit)|(?:line|note|entry|bit)\s+in\s+(?:the\s+|your\s+)?` + memoryFile + `)\b`)

// deniesRe is a reply opening with a refusal ("no.", "nooo", "nope",
// "ahh no,", "that's wrong").
var deniesRe = lazyregexp.New(`(?i)^\W*(?:(?:ah+|oh|uh|hm+|um+)\W+)?(?:no+|nope|nah|wrong|that'?s (?:wrong|not right|the old))\b`)

// cite is a sentence of an agent's report that says memory told it, and
// the person's reply to that report (its first line as the quote); a
// reply that denies a report citing nothing has no clause (citedLines
// reads the folder it names then, or the code the report wrote).
type cite struct {
	clause string
	reply  source
	// spans are the code spans of a denied report citing nothing ("The
	// controller dispatches with `consistency: :strong`"): a memory
	// line writing one is what the agent followed.
	spans []string
}

// citedMemory is the sentence of an agent's report that says memory told
// it what it did, "" when none does.
//
// A reply pointing at "that memory line" ("Ah, no, that memory line is out
// of date") says the report followed memory whatever its words: the whole
// report is the clause then.
func citedMemory(report, reply string) string {
	if report == "" {
		return ""
	}
	if !citesMemoryRe().MatchString(report) {
		if thatMemoryRe().MatchString(reply) {
			return report
		}
		return ""
	}
	for _, s := range sentences(strings.Split(report, "\n")) {
		if loc := citesMemoryRe().FindStringIndex(s); loc != nil {
			return citingClause(s, loc[0])
		}
	}
	return ""
}

// citingClause is a report's sentence s from the clause that cites
// memory at index at: "On the card I added the times, and listed the
// breaks with *ngFor, in line with the structural-directive note in
// memory" followed memory in listing the breaks, not in adding the times.
func citingClause(s string, at int) string {
	head := s[:at]
	if i := max(strings.LastIndex(head, ", and "), strings.LastIndex(head, "; ")); i >= 0 {
		return strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(s[i:], ", and "), "; "))
	}
	return s
}

// citedLines are the memory lines (read from a file, not the verification
// line) the agent followed, named by a report's sentence citing memory,
// that the person's reply in a new session denies or calls wrong: each
// mapped to the reply. The line is the one that shares the most terms
// with the citing clause, one at least (the clause says memory told it,
// so the line it followed is among memory's, and a thing it names alone
// names it); a tie names none.
func (k *known) citedLines(cites []cite, said []source, isNew func(int) bool) map[string]source {
	var out map[string]source
	for _, c := range cites {
		if !isNew(c.reply.session) {
			continue
		}
		i := slices.IndexFunc(said, func(s source) bool { return sameMessage(s, c.reply) })
		if !deniesRe().MatchString(c.reply.quote) && (i < 0 || !wrongRe().MatchString(message(said, i))) {
			continue
		}
		found := ""
		if c.clause == "" {
			if found = k.pathLine(c.reply.quote); found == "" {
				found = k.spanLine(c.spans)
			}
		} else {
			shared := func(l string) int { return sharedTerms(c.clause, l) }
			if found = k.mostShared(shared, nil, 1); found != "" && k.removedMore(shared, shared(found)) {
				found = ""
			}
		}
		if found == "" {
			continue
		}
		if out == nil {
			out = map[string]source{}
		}
		out[found] = c.reply
	}
	return out
}

// followed finds the cited line (citedLines) whose denying reply c was
// said in: the rule that reply gives is that line's new form.
func (k *known) followed(c candidate, cited map[string]source, taken map[string]bool) (string, string) {
	if c.global || c.kind != KindInstruction && c.kind != KindCorrection || len(cited) == 0 {
		return "", ""
	}
	for _, l := range k.lines {
		reply, ok := cited[l]
		if !ok || taken[l] {
			continue
		}
		if slices.ContainsFunc(c.srcs, func(s source) bool { return sameMessage(s, reply) }) {
			return l, k.from[l]
		}
	}
	return "", ""
}

// fileTailIn reports whether line writes the file name (with its
// extension) as the last part of a path ("pid.c" of
// "src/main/flight/pid.c"): a person names the file, memory its path.
func fileTailIn(line, name string) bool {
	return slices.ContainsFunc(strings.Fields(line), func(f string) bool { return fileTail(name, trimValue(strings.Trim(f, "`"))) })
}

// dottedPart reports whether line names name as a part of a dotted name
// ("getCrankPosition" of "playdate.getCrankPosition()").
func dottedPart(line, name string) bool {
	name = strings.TrimSuffix(name, "()")
	for _, f := range strings.Fields(line) {
		f = strings.Trim(f, "`'\",;:!?")
		if !strings.Contains(f, ".") {
			continue
		}
		for _, p := range strings.Split(f, ".") {
			if strings.EqualFold(strings.TrimSuffix(p, "()"), name) {
				return true
			}
		}
	}
	return false
}

// disowns finds the disowned memory line a rule or fact names the thing of
// (or said in a message that names it, about a thing the line names too:
// "Again Flyway file! The migrations are only in Liquibase"): the rule is
// that line's new form.
func (k *known) disowns(c candidate, said []source, disowned map[string]disowner, taken map[string]bool) (string, string) {
	if c.global || c.kind != KindInstruction && c.kind != KindCorrection || len(disowned) == 0 {
		return "", ""
	}
	msgs := candidateMessages(c, said)
	// (In memory's order, not the map's: a rule naming two disowned
	// things replaces the same line on every run.)
	for _, l := range k.lines {
		d, ok := disowned[l]
		if !ok || taken[l] {
			continue
		}
		name := d.name
		if containsValue(c.line, name) || slices.ContainsFunc(msgs, func(m string) bool {
			// A rule said in the very message that disowns the line
			// ("… amplitudes go from 0 to 1 … the memory thing about
			// 16-bit numbers is old") is said in its place.
			return containsValue(m, name) && (sharesSubject(subjectTerms(c.line), subjectTerms(l)) || disowning(m))
		}) {
			return l, k.from[l]
		}
	}
	return "", ""
}

// disownedThings are the things a sentence names memory as saying or
// being about, when its message (msg, joined only then) calls that wrong,
// and the things it calls memory wrong about in the same words.
func disownedThings(sentence string, msg func() string) []string {
	var things []string
	for _, m := range memorySaysRe().FindAllStringSubmatch(sentence, -1) {
		things = append(things, m[1])
	}
	for _, m := range memoryAboutRe().FindAllStringSubmatch(sentence, -1) {
		things = append(things, m[1]+m[2])
	}
	if len(things) > 0 && !wrongRe().MatchString(msg()) {
		things = nil
	}
	for _, m := range wrongAboutRe().FindAllStringSubmatch(sentence, -1) {
		things = append(things, m[1])
	}
	if len(things) == 0 && memoryWrongRe().MatchString(sentence) {
		// "Local time is precisely wrong. … The memory note is wrong,
		// fix that as well": memory called wrong with nothing named
		// is wrong about what its message calls wrong.
		for _, m := range calledWrongRe().FindAllStringSubmatch(msg(), -1) {
			if !memoryWrongRe().MatchString(m[0]) && !namelessRe().MatchString(m[1]) && len(factTerms(m[1])) > 0 {
				things = append(things, m[1])
			}
		}
	}
	return things
}

// memoryWrongRe is memory called wrong with nothing named: "the memory
// note is wrong", "MEMORY.md is out of date".
var memoryWrongRe = lazyregexp.New(`(?i)\b(?:` + memoryFile + `|(?:the|my|your|our)\s+notes)(?:\s+(?:note|notes|line|entry|thing|bit))?\s+(?:is|are)\s+(?:\w+\s+)?(?:wrong|outdated|stale|out of date|old|behind)\b`)

// calledWrongRe is a sentence opening with what it calls wrong: "Local
// time is precisely wrong", "Port 8080 is outdated".
var calledWrongRe = lazyregexp.New(`(?i)(?:^|[.!?;]\s+)([\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s+(?:is|are)\s+(?:\w+ly\s+|just\s+|simply\s+|plain\s+|all\s+)?(?:wrong|not right|outdated|out of date)\b`)

// namelessRe opens a phrase that names nothing of its own: "that is
// wrong", "everything is outdated".
var namelessRe = lazyregexp.New(`(?i)^(?:that|this|it|these|those|everything|all|which|what|you|we|i)\b`)

// disowning reports whether a message calls what memory says wrong, as
// disownedLines reads it.
func disowning(m string) bool { return len(disownedThings(m, func() string { return m })) > 0 }

// staleNamed finds the memory line a rule said in a message that calls
// memory behind without naming what it says ("the note in memory is old:
// from now on every model config must have the dynamic_batching block"
// beside "Dynamic batching is off for all models"): the one line that
// shares the most terms with the rule, or with the clause calling memory
// behind, two at least, is the one the rule sets right.
func (k *known) staleNamed(c candidate, said []source, taken map[string]bool) (string, string) {
	if c.kind != KindInstruction && c.kind != KindCorrection || k.holds(c.line) {
		// (A rule memory holds already sets right no other line.)
		return "", ""
	}
	var stale []string
	for _, m := range candidateMessages(c, said) {
		for _, cl := range clauseSplitRe().Split(m, -1) {
			if memoryStaleRe().MatchString(cl) {
				stale = append(stale, cl)
			}
		}
	}
	if len(stale) == 0 {
		return "", ""
	}
	// The clause that calls memory behind may name the line ("that
	// fixed step thing in the memory is old") where the line proposed is
	// another session's sentence of the rule.
	found := k.mostShared(func(l string) int {
		n := sharedTerms(c.line, l)
		for _, m := range stale {
			n = max(n, sharedTerms(m, l))
		}
		return n
	}, taken, 2)
	if found == "" {
		return "", ""
	}
	return found, k.from[found]
}

// pathLine is the one memory line (soleLine) holding a folder or file
// the denial names ("no. views/ is regenerated from the tables, whatever
// you put there gets wiped" for "New dimensions go in the view files
// (views/*.view.lkml)"): the report denied did what that line says. A
// path no line holds, or two lines holding the paths, name none.
func (k *known) pathLine(reply string) string {
	var paths []string
	for _, v := range typedValues(reply) {
		if v.kind == "path" {
			paths = append(paths, v.value)
		}
	}
	if len(paths) == 0 {
		return ""
	}
	return k.soleLine(func(l string) bool {
		return slices.ContainsFunc(paths, func(p string) bool { return containsValue(l, p) || containsValue(l, p+"/") })
	})
}

// spanLine is the one memory line (soleLine) writing one of the code
// spans of a denied report, a name or setting of two words or more
// ("consistency: :strong"): the agent wrote what that line says.
func (k *known) spanLine(spans []string) string {
	var named []string
	for _, sp := range spans {
		if len(sp) >= 6 && strings.ContainsAny(sp, " :=") {
			named = append(named, sp)
		}
	}
	if len(named) == 0 {
		return ""
	}
	return k.soleLine(func(l string) bool {
		return slices.ContainsFunc(named, func(sp string) bool { return strings.Contains(l, sp) })
	})
}

// removedMore reports whether a line a pending patch takes away shares n
// terms or more by shared: the line a reply disowned may be gone already,
// and the next best is then no line it meant (a second run pairs nothing
// anew).
func (k *known) removedMore(shared func(string) int, n int) bool {
	for _, l := range k.lines {
		if k.removed[l] && shared(l) >= n {
			return true
		}
	}
	return false
}

// mostShared is the one memory line (read from a file, not the
// verification line, not taken) that shares the most terms by shared,
// floor at least; "" when none does or two tie.
func (k *known) mostShared(shared func(string) int, taken map[string]bool, floor int) string {
	found, most := "", floor-1
	for _, l := range k.lines {
		if k.from[l] == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		switch n := shared(l); {
		case n > most:
			found, most = l, n
		case n == most:
			found = ""
		}
	}
	return found
}

// takesDenied gives each line the person denied (a cited line of
// citedLines, a disowned one of disownedLines) that no candidate took to
// the rule said at or after the denial that shares the most terms with
// it, two at least, a tie giving it to none: a person often answers
// "that's wrong" and states the rule in another message or session ("I'm
// afraid the note about DNF is my own mistake" … "a boat that didn't
// finish gets the number of boats entered, plus one"). The line is one the
// person called wrong, so the rule is its new form. When no rule shares
// two terms with it, the rule said nearest after a sentence naming what
// the line was disowned for, in that sentence's message, takes it ("You've
// stamped the export with local time. Everything jtail shows or writes is
// UTC" for "Timestamps are shown in local time"); two as near take
// nothing. A line of the global memory is left to rules said for every
// project.
func (k *known) takesDenied(out []candidate, denied map[string]disowner, said []source, taken map[string]bool, global string) {
	for _, l := range k.lines {
		d, ok := denied[l]
		if !ok || taken[l] || k.from[l] == global {
			continue
		}
		best, most := -1, 1
		next, gap := -1, -1 // the rule said nearest after a sentence naming d.name
		for i, c := range out {
			if c.replaces != "" || c.global || c.kind != KindInstruction && c.kind != KindCorrection ||
				!slices.ContainsFunc(c.srcs, func(s source) bool { return !before(s, d.by) }) {
				continue
			}
			switch n := sharedTerms(c.line, l); {
			case n > most:
				best, most = i, n
			case n == most:
				best = -1
			}
			switch g := gapAfterName(c, d.name, said); {
			case g < 0:
			case gap < 0 || g < gap:
				next, gap = i, g
			case g == gap:
				next = -1
			}
		}
		if most == 1 && d.name != "" {
			best = next
		}
		if best >= 0 {
			out[best].replaces, out[best].replaceIn = l, k.from[l]
			taken[l] = true
		}
	}
}

// gapAfterName is how many sentences after one naming name, in the same
// message, a sentence c was said in comes; -1 when none is.
func gapAfterName(c candidate, name string, said []source) int {
	gap := -1
	if name == "" {
		return gap
	}
	for _, src := range c.srcs {
		for _, s := range said {
			if s.session == src.session && s.msgID == src.msgID && s.seq <= src.seq && (gap < 0 || src.seq-s.seq < gap) && containsValue(s.quote, name) {
				gap = src.seq - s.seq
			}
		}
	}
	return gap
}
