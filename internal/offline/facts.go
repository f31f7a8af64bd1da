package offline

import (
	"path"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/automem/automem/internal/lazyregexp"
	"github.com/automem/automem/internal/textkey"
)

// Candidate kinds.
const (
	KindInstruction  = "instruction"
	KindCorrection   = "correction"
	KindVerification = "verification"
	KindSkill        = "skill"
)

// candidate is one proposed memory line (or skill) and what supports it.
type candidate struct {
	kind   string
	line   string
	global bool
	cmds   []string // verification: the commands the line lists
	// newer maps a listed command to its form through the runner its
	// newest run used, when that differs (verificationCandidate).
	newer map[string]string
	// runs are the checks the sessions ran, as written, and since is
	// when each listed command first ran (verificationCandidate): an
	// older form memory lists that no run since used is the listed one's
	// former self (staleForms).
	runs  []ranCheck
	since map[string]time.Time
	srcs  []source
	skill *skillDraft
	// replaces is an existing memory line (trimmed, as in replaceIn) this
	// candidate rewrites in place instead of adding a line.
	replaces, replaceIn string
}

// before orders two sources in conversation time.
func before(a, b source) bool {
	if !a.at.Equal(b.at) {
		return a.at.Before(b.at)
	}
	if a.session != b.session {
		return a.session < b.session
	}
	return a.seq < b.seq
}

// instructionCandidates applies reversals, groups statements of the same
// fact, and keeps the groups that are durable: stated in at least two
// sessions, or once with a lasting marker. At least one supporting statement
// must come from a NEW session, so old sessions only ever confirm.
//
// A fact said once without a marker also stands when another session's
// words name the same thing again ("db changes go thru alembic
// migrations", then "new alembic migration for the tags table"): said
// lists every sentence the person wrote, for that look-up.
func instructionCandidates(stmts []stmt, revs []reversal, said []source, isNew func(int) bool) []candidate {
	// A sentence referring back to what an earlier session said makes it
	// recur (recur.go); the instance it is said of is no fact of its own.
	more, drop := restatements(stmts, said, commonTerms(said, stmts))
	// A setting only ever used, by a name written as code, recurs too.
	named, dropNamed := recurringNames(stmts, said, more)
	more = append(more, named...)
	// So does a tool named as the means in two sessions, leaned on once.
	more = append(more, recurringMeans(stmts, said, more)...)
	// And a fact stated in two sessions in other words, with no marker.
	// Its subject is said in most sessions by nature ("German", "Redis"),
	// so commonTerms would rule out the very word that ties the two
	// statements: two shared terms, a name among them, and two clauses
	// that state how things are stand instead.
	more = append(more, restatedFacts(stmts, said, more)...)
	for i := range dropNamed {
		drop[i] = true
	}
	if len(more) > 0 || len(drop) > 0 {
		stmts = append(without(stmts, drop), more...)
	}
	sort.SliceStable(stmts, func(i, j int) bool { return before(stmts[i].src, stmts[j].src) })
	alive := make([]bool, len(stmts))
	for i := range alive {
		alive[i] = true
	}
	for _, r := range revs {
		if len(r.subject) == 0 {
			// "never mind": drop the statements of the previous human
			// message in the same session.
			last := -1
			for i, s := range stmts {
				if s.src.session == r.src.session && before(s.src, r.src) {
					last = s.src.seq / 1000
				}
				_ = i
			}
			for i, s := range stmts {
				if s.src.session == r.src.session && s.src.seq/1000 == last && before(s.src, r.src) {
					alive[i] = false
				}
			}
			continue
		}
		for i, s := range stmts {
			if alive[i] && before(s.src, r.src) && contained(r.subject, contentTokens(s.line)) > 0.5 {
				alive[i] = false
			}
		}
	}
	common := commonTerms(said, stmts)
	type group struct {
		members []stmt
		carried []stmt // statements of older values this group replaced
		last    source
		dead    bool
	}
	var groups []*group
	for i, s := range stmts {
		if !alive[i] {
			continue
		}
		// A statement that fits several groups joins the one whose
		// members share most of its terms: two sentences of one reply
		// ("no playwright. and db code goes in $lib/server") answer the
		// same report, and a later correction of the db rule fits the
		// playwright sentence through that report alone.
		var g *group
		best := -1
		for _, cand := range groups {
			for _, m := range cand.members {
				// A correction said again joins one of this project by a
				// word they share; a preference for every project is
				// another fact ("no emoji in replies, in any repo" is no
				// repeat of "the reply parser is generated" for the word
				// "reply").
				if sameGroup(m, s, common) && !supersedes(s.line, m.line) {
					if n := sharedTerms(m.line, s.line); n > best {
						g, best = cand, n
					}
				}
			}
		}
		if g == nil {
			g = &group{}
			groups = append(groups, g)
		}
		g.members = append(g.members, s)
		g.last = s.src
	}
	// Newest value wins: a group whose latest statement replaces what an
	// older group says ends that group, and keeps its evidence.
	sort.SliceStable(groups, func(i, j int) bool { return before(groups[i].last, groups[j].last) })
	for j := len(groups) - 1; j >= 0; j-- {
		newer := groups[j]
		if newer.dead {
			continue
		}
		line := representative(newer.members)
		newerGlobal := personal(line)
		for _, m := range newer.members {
			newerGlobal = newerGlobal || m.global
		}
		for i := 0; i < j; i++ {
			older := groups[i]
			if older.dead || !newerGlobal && personalGroup(older.members) {
				// A rule of this project is no newer form of the
				// person's own preference.
				continue
			}
			for _, m := range older.members {
				// The sentence as said may name the setting the line
				// left out ("we upgraded to godot 4.3, remember that
				// we're on 4.3 now").
				if supersedes(line, m.line) || supersedes(newer.members[len(newer.members)-1].src.quote, m.line) {
					older.dead = true
					newer.carried = append(newer.carried, older.members...)
					newer.carried = append(newer.carried, older.carried...)
					break
				}
			}
		}
	}
	var out []candidate
	var saidTerms [][]string // factTerms of said, computed once when first needed
	var naming *namingIndex  // in which sessions each term of said is named
	var repeated *repeats    // the messages said as a repeat, found when first needed
	// The statements' sentences by session, lower-cased: those that stand
	// on their own (a marker, a correction) second.
	stated := [2]map[int][]string{{}, {}}
	for _, g := range groups {
		if g.dead {
			continue
		}
		sessions := map[int]bool{}
		lasting, global, correction, fresh := false, false, false, false
		for _, m := range g.members {
			sessions[m.src.session] = true
			lasting = lasting || m.lasting
			global = global || m.global
			correction = correction || m.correction
			fresh = fresh || isNew(m.src.session)
		}
		for _, m := range g.carried {
			// The setting was stated before, with another value: it
			// recurs.
			sessions[m.src.session] = true
		}
		line := representative(g.members)
		if asked(line) || cutShort(line) {
			// Questions said again support a correction; alone they are
			// no memory. Nor is half a sentence (standalone.go).
			continue
		}
		once := len(sessions) < 2
		var echo *source
		if len(sessions) < 2 && !lasting && !global && fresh {
			if saidTerms == nil {
				saidTerms = make([][]string, len(said))
				for i := range said {
					saidTerms[i] = factTerms(said[i].quote)
				}
				naming = newNamingIndex(said, func(i int) []string { return saidTerms[i] })
				for _, s := range stmts {
					k := 0
					if s.lasting || s.correction || s.global {
						k = 1
					}
					stated[k][s.src.session] = append(stated[k][s.src.session], strings.ToLower(s.src.quote))
				}
			}
			echo = mentionedElsewhere(line, sessions, said, saidTerms, naming, stated)
			if echo == nil && correction {
				// A correction said again in a few words, as a repeat.
				if repeated == nil {
					repeated = repeatedMessages(said)
				}
				echo = correctedAgainIn(g.members, stmts, said, naming, repeated, common)
			}
			if echo == nil {
				// Said again across two sentences of one message.
				if repeated == nil {
					repeated = repeatedMessages(said)
				}
				echo = saidAcrossIn(g.members, stmts, said, repeated, common)
			}
			if echo == nil && correction {
				// The mistake ruled out again, beside the same wish.
				echo = ruledAgainIn(g.members, stmts, said, repeated, common)
			}
			if echo != nil {
				sessions[echo.session] = true
				fresh = fresh || isNew(echo.session)
			}
		}
		if !fresh || (len(sessions) < 2 && !lasting) {
			continue
		}
		if once && !standsAlone(line) {
			// Said once, it must name what it is about (standalone.go).
			continue
		}
		// A preference about the person goes with them to every project
		// (personal.go), said so or not.
		c := candidate{kind: KindInstruction, line: line, global: global || personal(line)}
		if correction {
			c.kind = KindCorrection
		}
		for _, m := range g.members {
			c.srcs = append(c.srcs, m.src)
		}
		for _, m := range g.carried {
			c.srcs = append(c.srcs, m.src)
		}
		if echo != nil {
			if i := echoedBy(out, g.members, *echo, line); i >= 0 {
				// Two statements that each support the other ("item stats
				// are RON under assets/items", "their stats are RON in
				// assets/enemies") are one fact, not two.
				out[i].srcs = append(out[i].srcs, c.srcs...)
				continue
			}
			c.srcs = append(c.srcs, *echo)
		}
		out = append(out, c)
	}
	return foldSharedToken(foldBackRefs(foldSharedSupport(out)))
}

// sameGroup reports whether statement s says again what member m of a
// group says. A rule the person scoped to every project and one of this
// project are two facts unless their words say the same thing: the looser
// ties of sameStmt (a correction sharing a term or a name, a terse reply)
// would let a project's passing statement ("the course notes come from
// this service") carry the person's preference ("every public function
// gets a docstring, because I make course handouts from them, in all my
// projects") into the project's memory, or the reverse.
func sameGroup(m, s stmt, common func(string) bool) bool {
	if m.global != s.global {
		return sameFact(m.line, s.line)
	}
	return sameStmt(m, s) || saidAgain(m, s, common)
}

// foldBackRefs folds a candidate said only "as before" ("input data as
// before from /mnt/shared/ecg-raw/2026-10") into another candidate that
// names the same specific name of the project ("keep reading from the
// ecg-raw share only"): the person says the thing is already settled, so
// it is that fact said again, not a second one.
func foldBackRefs(out []candidate) []candidate {
	backOnly := func(c candidate) bool {
		if c.kind != KindInstruction || c.global || c.replaces != "" || len(c.srcs) == 0 {
			return false
		}
		for _, s := range c.srcs {
			if !conventionRe().MatchString(s.quote) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(out); i++ {
		if !backOnly(out[i]) {
			continue
		}
		names := specificNames(out[i].line)
		for j := range out {
			if j == i || out[j].global || out[j].kind != KindInstruction && out[j].kind != KindCorrection {
				continue
			}
			if (backOnly(out[j]) || !namesAny(strings.ToLower(out[j].line), names)) && !restatesMost(out[i].line, out[j].line) {
				continue
			}
			out[j].srcs = append(out[j].srcs, out[i].srcs...)
			out = append(out[:i], out[i+1:]...)
			i--
			break
		}
	}
	return out
}

// restatesMost reports whether line b holds most of what line a says in
// other words: two of a's terms and two thirds of them are b's, the parts
// of a dotted code name counted as its words ("%k8s.pod.name" names the
// pod name). foldBackRefs asks it of a line said "as before" or "as
// always": the person says the fact is settled, so a candidate that
// already says most of it is that fact ("the consumers keep the file://
// dependency on it as before" beside "the consumers declare common as a
// dependency with a file://../common repository"), even where no name of
// the project ties the two.
func restatesMost(a, b string) bool {
	at := factTerms(a)
	if len(at) < 2 {
		return false
	}
	n, _ := textkey.Overlap(dottedParts(withParts(a, at)), dottedParts(withParts(b, factTerms(b))))
	return n >= 2 && 3*n >= 2*len(at)
}

// dottedParts is terms, each once, with the letter parts of a dotted name
// added ("container.image.repository": container, image, repository),
// stemmed as terms are.
func dottedParts(terms []string) []string {
	seen := make(map[string]bool, len(terms))
	var out []string
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, t := range terms {
		add(t)
		if !strings.Contains(t, ".") {
			continue
		}
		for _, p := range strings.Split(strings.Trim(t, "`%"), ".") {
			if len(p) >= 3 && strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
				add(textkey.Stem(p))
			}
		}
	}
	return out
}

// commonDirs are folder names most projects share: naming one ties
// nothing.
var commonDirs = map[string]bool{"data": true, "shared": true, "home": true, "tests": true, "test": true, "docs": true,
	"build": true, "dist": true, "public": true, "static": true, "assets": true, "config": true, "scripts": true,
	"source": true, "users": true, "output": true, "input": true, "files": true, "daily": true,
	"main": true, "temp": true, "cache": true, "logs": true, "vendor": true, "include": true,
	"utils": true, "lib": true, "src": true, "app": true, "pkg": true, "internal": true, "cmd": true, "tmp": true, "bin": true}

// specificNames are the parts of a line's code names (paths, names
// written as code) that only one project would use: four characters or
// more with a dash, an underscore or a dot inside ("ecg-raw" of
// "/mnt/shared/ecg-raw/2026-10"), or the deepest folder of a path named in
// plain letters, not one of commonDirs ("nsidc" of "/data/shared/nsidc";
// "archive" of "/archive/tiff-masters" is no such).
func specificNames(line string) map[string]bool {
	m := map[string]bool{}
	add := func(t string) {
		parts := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool { return r == '/' || r == '`' || r == ' ' })
		last := -1 // the deepest folder named in letters: the specific one
		if strings.Count(strings.Trim(t, "/`"), "/") > 0 {
			for k, p := range parts {
				if strings.IndexFunc(p, unicode.IsLetter) >= 0 {
					last = k
				}
			}
		}
		for k, p := range parts {
			p = strings.Trim(p, ".,;:()\"'")
			if len(p) < 4 || strings.IndexFunc(p, unicode.IsLetter) < 0 {
				continue
			}
			if strings.ContainsAny(strings.Trim(p, "-_."), "-_.") || k == last && !commonDirs[p] && !genericTerms()[p] && !narration[p] && strings.IndexFunc(p, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
				// "ecg-raw", or the deepest folder of a path named in
				// plain letters ("nsidc" of /data/shared/nsidc), common
				// folders aside
				m[p] = true
			}
		}
	}
	for n := range codeNames(line) {
		add(n)
	}
	return m
}

// namesAny reports whether a lower-cased line names one of names as a
// whole word ("the ecg-raw share", "the NSIDC copy").
func namesAny(low string, names map[string]bool) bool {
	for n := range names {
		for off := 0; ; {
			i := strings.Index(low[off:], n)
			if i < 0 {
				break
			}
			i += off
			end := i + len(n)
			if (i == 0 || notWordRune(rune(low[i-1]))) && (end == len(low) || notWordRune(rune(low[end]))) {
				return true
			}
			off = i + 1
		}
	}
	return false
}

// foldSharedSupport folds a candidate into an earlier one when both draw
// on the same sentence of a third statement and name two plain words of
// it: "the cart lives in the pinia store" said once, then "coupons go in
// pinia too, like the cart" and "the checkout reads the cart from the
// pinia store" in two later sessions, each tied back to the first
// sentence, are one recurring fact told with three instances, not two
// facts. Values and paths do not count ("4.5", "bin/app.ts"): two facts of
// one setup name the same version or file. Two candidates that share a
// supporting sentence but not two of its words (one sentence that gave two
// facts) stay two, as do a preference for every project and a rule of
// this one.
func foldSharedSupport(out []candidate) []candidate {
	type said struct {
		session int
		msgID   string
		quote   string
	}
	memo := map[string]map[string]bool{} // each line's and quote's plain words, found once
	plain := func(s string) map[string]bool {
		if m, ok := memo[s]; ok {
			return m
		}
		m := map[string]bool{}
		for _, t := range factTerms(s) {
			if strings.IndexFunc(t, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 && !narration[t] {
				m[t] = true
			}
		}
		memo[s] = m
		return m
	}
	kept := out[:0]
	for _, c := range out {
		folded := false
		for i := range kept {
			k := &kept[i]
			if k.global != c.global {
				continue
			}
			ck, cc := plain(k.line), plain(c.line)
			mine := map[said]bool{}
			for _, s := range k.srcs {
				mine[said{s.session, s.msgID, s.quote}] = true
			}
			for _, s := range c.srcs {
				if !mine[said{s.session, s.msgID, s.quote}] {
					continue
				}
				n := 0
				for t := range plain(s.quote) {
					if ck[t] && cc[t] {
						n++
					}
				}
				if n >= 2 {
					folded = true
					break
				}
			}
			if folded {
				for _, s := range c.srcs {
					if !mine[said{s.session, s.msgID, s.quote}] {
						k.srcs = append(k.srcs, s)
					}
				}
				if c.kind == KindCorrection {
					k.kind = KindCorrection
				}
				break
			}
		}
		if !folded {
			kept = append(kept, c)
		}
	}
	return kept
}

// sharedTerms is how many fact terms two lines share, the parts of their
// compound names counted ("lib/server" in "$lib/server/db.ts").
func sharedTerms(a, b string) int {
	n, _ := textkey.Overlap(withParts(a, factTerms(a)), withParts(b, factTerms(b)))
	return n
}

// rareTieOf is rareTie for a sentence of said: one that is part of a
// statement standing on its own (a marker, a correction) is that fact
// already, and tied to this line too it would be proposed twice.
func rareTieOf(line string, terms []string, as int, s source, sTerms []string, stated [2]map[int][]string, naming *namingIndex) bool {
	low := strings.ToLower(s.quote)
	if saidIn(low, stated[1][s.session]) {
		return false
	}
	return rareTie(line, terms, as, s, sTerms, saidIn(low, stated[0][s.session]), naming)
}

// personalGroup reports whether statements are the person's preference
// for every project: one said so, or their line is about the person.
func personalGroup(ms []stmt) bool {
	for _, m := range ms {
		if m.global {
			return true
		}
	}
	return len(ms) > 0 && personal(representative(ms))
}

// echoedBy finds an earlier candidate that the echo belongs to and that
// was itself supported by one of members: -1 when none. Sentence by
// sentence first; then message by message, for two wordings of one
// correction that each found the other's message ("please don't use the
// v1 client, we're on the v2 packages now" in one session, "the v1
// fallback has to go too. everything is v2 here, use the v2 reader" in
// another): each message gave the earlier candidate one sentence and this
// one another, so they are one fact when the two lines also share a name
// or a part of one ("client", "v1-client"). Without that tie, a message
// that gave one fact in each session and another fact beside it would
// fold the second into the first.
func echoedBy(out []candidate, members []stmt, echo source, line string) int {
	for i, c := range out {
		mine, theirs := false, false
		for _, s := range c.srcs {
			if s.session == echo.session && strings.Contains(echo.quote, s.quote) {
				theirs = true
			}
			for _, m := range members {
				if s.session == m.src.session && strings.Contains(m.src.quote, s.quote) {
					mine = true
				}
			}
		}
		if mine && theirs {
			return i
		}
	}
	for i, c := range out {
		mine, theirs := false, false
		for _, s := range c.srcs {
			theirs = theirs || sameMessage(s, echo)
			for _, m := range members {
				mine = mine || sameMessage(s, m.src)
			}
		}
		if mine && theirs && sharesNamePart(line, c.line) {
			return i
		}
	}
	return -1
}

// sameMessage reports whether two sources come from one message.
func sameMessage(a, b source) bool {
	return a.session == b.session && a.msgID != "" && a.msgID == b.msgID
}

// sharesNamePart reports whether two lines share a term that is no generic
// word of instruction, the word parts of compound names counted ("plotkit"
// of "@plotkit/axes" and of "plotkit-js").
func sharesNamePart(a, b string) bool {
	tb := namePartSet(b)
	for t := range namePartSet(a) {
		if tb[t] {
			return true
		}
	}
	return false
}

// namePartSet is a line's fact terms and the words of at least three
// letters inside them, file types and words of narration aside.
func namePartSet(line string) map[string]bool {
	m := map[string]bool{}
	for _, t := range factTerms(line) {
		m[t] = true
		for _, p := range strings.FieldsFunc(t, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if len(p) >= 3 && !fileTypes[p] {
				m[textkey.Stem(p)] = true
			}
		}
	}
	for t := range m {
		if narration[t] || genericTerms()[t] {
			delete(m, t)
		}
	}
	return m
}

// representative picks the clearest wording of a fact: the statement that
// carries most of the terms the others share with it, so that a merged line
// loses nothing the person repeated; on a tie, the latest.
func representative(ms []stmt) string {
	count := map[string]int{}
	for _, m := range ms {
		for _, t := range factTerms(m.line) {
			count[t]++
		}
	}
	corrections, allAsked := true, true
	for _, m := range ms {
		corrections = corrections && m.correction
		allAsked = allAsked && asked(m.line)
	}
	// A correction is worded by a reply that names what the agent did
	// wrong ("stop using waitForTimeout"), when one does, rather than by
	// the longest one ("fixed sleeps are banned here, …").
	naming := map[string]bool{}
	if corrections {
		did := map[string]bool{}
		for _, m := range ms {
			for _, t := range m.did {
				did[t] = true
			}
		}
		for _, m := range ms {
			for t := range replyTerms(m.line) {
				if did[t] && count[t] > 1 {
					naming[m.line] = true
				}
			}
		}
	}
	// Only the lines that could be chosen may narrow the choice: when
	// every line naming the agent's act is a question, none does.
	for l := range naming {
		if asked(l) && !allAsked {
			delete(naming, l)
		}
	}
	// Of those, a reply that rules out by name what the agent did ("no
	// globals, keep it local") says what the mistake was; another that
	// only says what to do ("keep it on the module table") loses it,
	// unless it says much more.
	ruling := rulingOut(ms, naming)
	best, bestScore := "", -1<<30
	for _, m := range ms {
		if asked(m.line) && !allAsked || len(naming) > 0 && !naming[m.line] {
			continue
		}
		score := 0
		for _, t := range factTerms(m.line) {
			if count[t] > 1 || len(ms) == 1 {
				score += 2
			} else if corrections && strings.IndexFunc(t, unicode.IsDigit) >= 0 {
				// A number only one wording of a correction gives is the
				// day's instance ("V12 is applied, add V13"), not the
				// rule; a value stated as a setting is the fact itself.
				score--
			} else {
				score++ // what to do instead, the reason: worth keeping
			}
		}
		if ruling[m.line] {
			score += 3
		}
		if len(m.line) > 200 {
			score /= 2
		}
		if score >= bestScore {
			best, bestScore = m.line, score
		}
	}
	return best
}

// rulingOut are the lines of naming whose negation names a term of what
// the agent did in any of the corrections ms, a file's name aside.
func rulingOut(ms []stmt, naming map[string]bool) map[string]bool {
	did := map[string]bool{}
	for _, m := range ms {
		for _, t := range m.did {
			if !fileLike(t) && !narration[t] {
				did[t] = true
			}
		}
	}
	out := map[string]bool{}
	for l := range naming {
		for _, t := range ruledTerms(l) {
			if did[t] && !fileLike(t) {
				out[l] = true
			}
		}
	}
	return out
}

// asked reports whether a line is a question ("… goes in src/client?."):
// one said again joins a correction but never words it.
func asked(line string) bool { return strings.HasSuffix(strings.TrimRight(line, ". "), "?") }

// mentionedElsewhere finds a sentence of another session that names what
// line is about again: two of its terms and a name written as code, three
// of its terms, two of them in a sentence that calls the thing the usual
// way ("make it idempotent like the others"), or the same file path. Questions count (the person names the thing); text
// they pasted does not (said holds their own words only). A sentence that
// shares one term only names the line again when the person names that
// term in no third session and says it as settled or as a rule (rareTie).
func mentionedElsewhere(line string, sessions map[int]bool, said []source, saidTerms [][]string, naming *namingIndex, stated [2]map[int][]string) *source {
	terms := factTerms(line)
	as := -1
	for s := range sessions {
		as = s
	}
	for i := range said {
		s := &said[i]
		if sessions[s.session] {
			continue
		}
		shared, _ := textkey.Overlap(terms, saidTerms[i])
		if shared >= 3 || shared >= 2 && (sharesName(line, s.quote) || conventionRe().MatchString(s.quote)) || sharesPath(line, s.quote) || dirOpens(line, s.quote) || namesPathEnd(line, s.quote, saidTerms[i]) || keepsName(line, s.quote) || echoesValue(line, s.quote) {
			return s
		}
		if shared >= 1 && len(sessions) == 1 && rareTieOf(line, terms, as, *s, saidTerms[i], stated, naming) {
			return s
		}
	}
	return nil
}

// keepRe is a value said to hold still: "keep X", "still X", "same X".
var keepRe = lazyregexp.New(`(?i)\b(keep|keeping|still|same|stays?|remains?)\s+(the\s+|on\s+|at\s+)?(\S+)`)

// keepsName reports whether said affirms a name written as code in line
// ("keep acks_all=true of course" after "producers must set
// acks_all=true"): a value the person holds to, named again.
func keepsName(line, said string) bool {
	names := codeNames(line)
	for _, m := range keepRe().FindAllStringSubmatch(said, -1) {
		if n := codeNames(m[3]); len(n) == 1 && intersects(n, names) {
			return true
		}
	}
	return false
}

// sharesPath reports whether two lines name the same file path
// (src/api/client.ts): a name specific enough to tie them on its own.
func sharesPath(a, b string) bool {
	nb := codeNames(b)
	for n := range codeNames(a) {
		if nb[n] && strings.Contains(strings.Trim(n, "/"), "/") && path.Ext(n) != "" {
			return true
		}
	}
	return false
}

// namesPathEnd reports whether said (its fact terms) names on its own the
// last part of a path line names, when that part is a name of the
// project's own, with letters and a digit ("assessments go in
// courseInstances/Fa26", then "add it to hw4 in Fa26"; "configs live in
// deploy/eu2", then "eu2 is the only region"): the same place, named
// whole once and by its own name the next time. A plain word ("src/api",
// then "the api") or a bare number names nothing of the project's, and a
// question ("what is in eu2?") confirms nothing.
func namesPathEnd(line, said string, terms []string) bool {
	if strings.Contains(said, "?") {
		return false
	}
	for n := range codeNames(line) {
		n = strings.Trim(n, "/")
		i := strings.LastIndexByte(n, '/')
		if i < 0 || path.Ext(n) != "" {
			continue
		}
		end := n[i+1:]
		if len(end) < 3 || strings.IndexFunc(end, unicode.IsDigit) < 0 || strings.IndexFunc(end, unicode.IsLetter) < 0 ||
			strings.IndexFunc(end, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '_' }) >= 0 {
			continue
		}
		if slices.Contains(terms, end) {
			return true
		}
	}
	return false
}

// dirOpens reports whether one line names a directory that opens a longer
// path the other names ("uploads land in `media-v2/`", then "thumbnails
// sit under `media-v2/thumbs/<size>/`"): the same place, named whole once
// and as the root of a path the next time. The directory must be a name
// of the project's own, written with a digit, a dash, a dot or an
// underscore, or nested: "src/" opens half the paths of any project.
func dirOpens(a, b string) bool {
	na, nb := codeNames(a), codeNames(b)
	opens := func(dirs, paths map[string]bool) bool {
		for d := range dirs {
			root := strings.TrimPrefix(d, "./")
			if !strings.HasSuffix(root, "/") || len(root) < 4 {
				continue
			}
			name := strings.TrimSuffix(root, "/")
			if !strings.Contains(name, "/") && strings.IndexFunc(name, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
				continue
			}
			for p := range paths {
				if len(p) > len(root) && strings.HasPrefix(strings.TrimPrefix(p, "./"), root) {
					return true
				}
			}
		}
		return false
	}
	return opens(na, nb) || opens(nb, na)
}

// echoesValue reports whether line gives a setting's value ("the canvas
// is 640x360") that said names again in another session ("at 640x360 the
// sprites blur, why?"): a value of three characters or more with a digit
// in it, specific enough to be the same setting.
func echoesValue(line, said string) bool {
	if !settingRe().MatchString(line) || changedSetting(said) {
		// "changed the port to 8085 because 8080 clashes" names the
		// old value to say it is gone.
		return false
	}
	vs := valueTerms(factTerms(said))
	for v := range valueTerms(factTerms(line)) {
		if vs[v] && len(v) >= 3 && !strings.HasPrefix(v, "`") {
			return true
		}
	}
	return false
}

// distinctTokens are the names of a line exact enough to tell one fact
// from another on their own (codeNames, file types aside): a value with a
// digit ("0.98", "8443"), a path or code span ("/v2"), an identifier with
// punctuation or a capital inside ("KeyboardShortcuts.Name",
// "customer_id"). Lower-cased, without the punctuation around them.
func distinctTokens(line string) map[string]bool {
	m := map[string]bool{}
	for n := range codeNames(line) {
		n = strings.Trim(n, "`()")
		if len(n) < 2 || fileTypes[strings.TrimPrefix(n, ".")] {
			continue
		}
		m[n] = true
	}
	return m
}

// sameToken reports whether two tokens name one thing: the same token,
// one a dotted name of the other ("KeyboardShortcuts.Name" of
// "KeyboardShortcuts", "l10n.t" of "vscode.l10n.t"), a directory inside
// an absolute one (absDir), or a marked directory name and a path ending
// in it ("_media", "docs/_media").
func sameToken(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	return strings.HasPrefix(b, a+".") && strings.IndexFunc(a, unicode.IsLetter) >= 0 || strings.HasSuffix(b, "."+a) && strings.Contains(a, ".") ||
		fileTail(a, b) ||
		absDir(a) && strings.HasPrefix(b, strings.TrimSuffix(a, "/")+"/") || markedDir(a) && strings.HasSuffix(strings.TrimSuffix(b, "/"), "/"+strings.TrimSuffix(a, "/"))
}

// fileTail reports whether a file name with an extension (stock.db) is
// the last part of a path b names it by, written with either separator
// (`%LOCALAPPDATA%\StockPad\stock.db`, `data/stock.db`).
func fileTail(a, b string) bool {
	return path.Ext(a) != "" && !strings.ContainsAny(a, `/\`) && (strings.HasSuffix(b, "/"+a) || strings.HasSuffix(b, `\`+a))
}

// markedDir reports whether a token is a directory name that opens with
// "_" or "." ("_media", ".github"): a name that distinct is the directory
// a path ending in it ("docs/_media") names too.
func markedDir(t string) bool {
	return len(t) > 3 && (t[0] == '_' || t[0] == '.') && !strings.ContainsAny(t[1:], "./") && strings.IndexFunc(t, unicode.IsLetter) >= 0
}

// absDir reports whether a token is an absolute directory ("/scratch",
// "~/data/"): a place on one machine named at two depths ("on /scratch",
// "on /scratch/s2291034/ckpt") is the one place.
func absDir(t string) bool {
	rest, ok := strings.CutPrefix(t, "~")
	if !ok {
		rest = t
	}
	return strings.HasPrefix(rest, "/") && strings.IndexFunc(rest, unicode.IsLetter) >= 0
}

// foldSharedToken folds two instructions or corrections of one inbox,
// neither replacing a line, that share a distinct token (distinctTokens)
// and one more term into one, or the token alone when it is a name and
// one of them is said only as settled (backOnlyCand) or it is a
// snake_case name (snakeName: "event_id"): "the
// shortcut remains with the KeyboardShortcuts package" and "both go
// through KeyboardShortcuts.Name", or "null threshold stays 0.98" and
// "null checks … with mostly at 0.98", are one fact said in two sessions.
// The line kept is the one not said only as "as before", then the one
// with more to say; it carries the evidence of both. A rule for every
// project and one of this project stay apart.
func foldSharedToken(out []candidate) []candidate {
	// Each line's tokens once: a fold keeps a line as it is, only its
	// evidence grows.
	toks := make([]map[string]bool, len(out))
	money := make([]bool, len(out))
	for i := range out {
		toks[i] = foldTokens(out[i].line)
		money[i] = typesMoney(out[i].line)
	}
	for i := 0; i < len(out); i++ {
		ti := toks[i]
		if len(ti) == 0 && !money[i] || out[i].kind != KindInstruction && out[i].kind != KindCorrection || out[i].replaces != "" {
			continue
		}
		for j := i + 1; j < len(out); j++ {
			if out[j].global != out[i].global || out[j].kind != KindInstruction && out[j].kind != KindCorrection || out[j].replaces != "" {
				continue
			}
			if !(money[i] && money[j]) && !tiedByToken(out[i], out[j], ti, toks[j]) {
				continue
			}
			keep, drop := i, j
			if clearer(out[j], out[i]) {
				keep, drop = j, i
			}
			out[keep].srcs = append(out[keep].srcs, out[drop].srcs...)
			out = append(out[:drop], out[drop+1:]...)
			toks = append(toks[:drop], toks[drop+1:]...)
			money = append(money[:drop], money[drop+1:]...)
			i--
			break
		}
	}
	return out
}

// tiedByToken reports whether two candidates are one fact by a token
// both lines hold (tokens a and b, see distinctTokens). Said only as
// settled ("as before", "like the others"), a line naming the same
// identifier or path as another is that fact again; a snake_case name or a
// call both write ties them alone; a bare number ties
// two lines only with a term more. Every shared token is tried, so the
// answer does not hang on the order a map gives them.
func tiedByToken(x, y candidate, a, b map[string]bool) bool {
	if namesPartOf(x.line, y.line, a) || namesPartOf(y.line, x.line, b) {
		return true
	}
	backOnly := backOnlyCand(x) || backOnlyCand(y)
	for ta := range a {
		for tb := range b {
			if !sameToken(ta, tb) {
				continue
			}
			if backOnly && strings.IndexFunc(ta, unicode.IsLetter) >= 0 || snakeName(ta) || longID(ta) || calledIn(x.line, ta) && calledIn(y.line, ta) || sharesMoreThan(x.line, y.line, ta) {
				return true
			}
		}
	}
	return false
}

// namesPartOf reports whether line y names a token of line x (toks) by a
// name of its own in it ("mysql-ro.internal", "it's mysql-ro, the
// replica": namePartOf), the two sharing a term more: one fact.
func namesPartOf(x, y string, toks map[string]bool) bool {
	for t := range toks {
		for _, w := range strings.Fields(y) {
			if namePartOf(strings.Trim(w, "`'\",.;:!?()"), t) && sharesMoreThan(x, y, t) {
				return true
			}
		}
	}
	return false
}

// foldTokens are a line's distinct tokens (distinctTokens), its numbers
// in a setting's unit written as one word ("30 fps" as "30fps") and the
// sides of a size written as one ("720" and "1280" of "720x1280"), so
// that two ways of writing the one setting's value tie.
func foldTokens(line string) map[string]bool {
	m := distinctTokens(line)
	for _, v := range typedValues(line) {
		if unit, ok := strings.CutPrefix(v.kind, "unit:"); ok {
			m[v.value+unit] = true
		}
	}
	for _, w := range strings.Fields(line) {
		if d := sizeRe().FindStringSubmatch(strings.Trim(w, "`'\",.;:!?()")); d != nil {
			m[d[1]], m[d[2]] = true, true
		}
	}
	return m
}

// sizeRe is a size written as one word, width x height: "720x1280".
var sizeRe = lazyregexp.New(`^(\d{2,5})[x\x{00d7}](\d{2,5})$`)

// namePartOf reports whether w, written as a name (a capital, "-" or "@"
// in it), is the part a token is known by: a dotted name's first part,
// not a file's ("mysql-ro" of "mysql-ro.internal"), a module's last part
// ("Xslate" of "Text::Xslate"), a package's scope ("@fontsource" of
// "@fontsource/inter").
func namePartOf(w, tok string) bool {
	if len(w) < 4 || w == tok || !strings.ContainsAny(w, "-@") && strings.ToLower(w) == w {
		return false
	}
	lw := strings.ToLower(w)
	if first, rest, ok := strings.Cut(tok, "."); ok && first == lw && !fileTypes[rest] && !hasDigit(rest) {
		return true
	}
	if i := strings.LastIndex(tok, "::"); i >= 0 && tok[i+2:] == lw {
		return true
	}
	scope, _, ok := strings.Cut(tok, "/")
	return ok && strings.HasPrefix(tok, "@") && scope == lw
}

// moneyRe names money (also as a part of a name: "amount_cents"), and
// moneyTypeRe the type a program keeps a sum of money in ("integer
// cents", "a Decimal(18,2)", "never a float").
var (
	moneyRe     = lazyregexp.New(`(?i)(?:\b|_)(?:money|monetary|amounts?|prices?|balances?|totals?|fees?|payments?|payouts?|refunds?|currenc(?:y|ies)|euros?|dollars?|cents?)(?:\b|_)`)
	moneyTypeRe = lazyregexp.New(`(?i)\b(?:(?:integers?|u?int\d*|bigint|float\w*|(?:big)?decimal\w*|numeric|cents|minor units?)\b|doubles?(?:[\s,.;:)]|$))`)
)

// typesMoney reports whether a line says how sums of money are kept:
// money named and a number type, or cents, which are both. A project
// keeps its money one way, so two lines that say how ("the refund table
// stores amount_cents as an integer", "all these amounts come out of the
// database as whole cents") are one fact however each is worded, the
// fact people repeat most in other words.
func typesMoney(line string) bool {
	return moneyRe().MatchString(line) && moneyTypeRe().MatchString(line)
}

// calledIn reports whether line writes the token as a call (".delay()",
// "useEffect("): a function named, exact enough to tie two lines alone.
func calledIn(line, tok string) bool {
	return strings.Contains(line, tok+"(")
}

// longID reports whether a token is an identifier of eight digits or
// more ("0106:61245870", an account or party id): one project writes one
// thing so. A date or an IPv4 address is no such id: two facts may name
// the same day or host.
func longID(t string) bool {
	digits := 0
	for _, r := range t {
		if unicode.IsDigit(r) {
			digits++
		}
	}
	return digits >= 8 && !dateRe().MatchString(t) && !ipv4(strings.Trim(t, ".,;:"))
}

// dateRe is a calendar date written with its year first or last.
var dateRe = lazyregexp.New(`^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{4})$`)

// snakeName reports whether a token is an identifier of two words or more
// joined by underscores ("event_id", "customer_id"): a name one project
// gives one thing, exact enough to tie two lines alone.
func snakeName(t string) bool {
	parts := strings.Split(t, "_")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.IndexFunc(p, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
			return false
		}
	}
	return true
}

// sharesMoreThan reports whether two lines share a term besides the
// token that ties them: a term of one outside the token that the other
// holds, whole or as a word of its names ("shortcut" of
// "KeyboardShortcuts").
func sharesMoreThan(a, b, tok string) bool {
	own := namePartSet(tok)
	for _, p := range strings.Fields(camelWords(tok)) {
		own[textkey.Stem(p)] = true
	}
	with := func(line string) map[string]bool {
		m := namePartSet(line)
		for _, p := range strings.Fields(camelWords(line)) {
			if len(p) >= 3 && !genericTerms()[p] {
				m[textkey.Stem(p)] = true
			}
		}
		return m
	}
	plain := func(line string) map[string]bool {
		m := map[string]bool{}
		for _, t := range factTerms(line) {
			if !own[t] && !isCodeTerm(t) && !narration[t] {
				m[t] = true
			}
		}
		return m
	}
	wa, wb := with(a), with(b)
	for t := range plain(a) {
		if wb[t] {
			return true
		}
	}
	for t := range plain(b) {
		if wa[t] {
			return true
		}
	}
	return false
}

// clearer reports whether candidate a words a fact better than b: a line
// that says it and not only "as before", then one with more terms.
func clearer(a, b candidate) bool {
	ba, bb := backOnlyCand(a), backOnlyCand(b)
	if ba != bb {
		return bb
	}
	return len(factTerms(a.line)) > len(factTerms(b.line))
}

// backOnlyCand reports whether every sentence of a candidate says it as
// settled ("as before", "like the others").
func backOnlyCand(c candidate) bool {
	if len(c.srcs) == 0 {
		return false
	}
	for _, s := range c.srcs {
		if !conventionRe().MatchString(s.quote) {
			return false
		}
	}
	return true
}
