package offline

import (
	"net"
	"net/url"
	"path"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/automem/automem/internal/lazyregexp"
)

// Some instructions must never reach memory, whoever typed them and however
// often: memory is read by an agent that acts on it, so a line that pipes a
// download into a shell, switches off a safety check or ships data off the
// machine would turn one bad moment into a standing order. This check is
// code, applied to every candidate line and every skill step, in two
// classes. What a never rule (neverRes) catches is refused everywhere: no
// memory line and no skill holds it, even as a step for the person to run.
// What a person-run rule (personRes) catches acts on another machine or
// goes past a confirmation or check the tool would make (a deploy by rsync,
// sudo, --yes, --force, skipped tests): a memory line holding it is refused
// as strictly, since a line in MEMORY.md is a standing order, but a skill
// step holding it stays in the draft as the person's step (personStep),
// which SKILL.md tells the agent never to run itself, the way a root step
// always was. The person reviews every draft before it is used.

// neverRes is compiled on first use: most runs never extract offline.
var neverRes = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		// download piped into an interpreter
		regexp.MustCompile(`(?i)\b(curl|wget|iwr|invoke-webrequest|fetch)\b[^\n|]*\|\s*(sudo\s+)?(ba|z|da|k|fi)?sh\b`),
		regexp.MustCompile(`(?i)\b(curl|wget)\b[^\n|]*\|\s*(sudo\s+)?(python3?|node|perl|ruby|iex|powershell|pwsh)\b`),
		regexp.MustCompile(`(?i)\b(ba|z)?sh\s+(-c\s+)?["']?\$\(\s*(curl|wget)\b`),
		regexp.MustCompile(`(?i)\bsh\s+<\(\s*(curl|wget)\b`),
		// switching off checks: hooks, signing, CI, linters
		regexp.MustCompile(`(?i)--no-verify\b|--no-gpg-sign\b|\bskip[-_]?(ci|hooks?|checks?|lint)\b|\bHUSKY=0\b|\bSKIP=`),
		regexp.MustCompile(`(?i)\bchmod\s+(-R\s+)?(0?777|a\+rwx|ugo\+rwx)\b`),
		regexp.MustCompile(`(?i)\b(disable|skip|bypass|turn off|switch off|comment out|remove|delete|ignore|silence|suppress)\b[^.]{0,30}\b(tests?|linters?|lint(ing)?|checks?|ci|hooks?|pre-commit|type ?check(ing|er)?|typecheck|safety|verification|ssl|tls|certificates?|signature|sandbox|warnings?|eslint|mypy|assertions?)\b`),
		regexp.MustCompile(`(?i)--insecure\b|\bcurl\b[^\n]*\s-k\b|verify\s*=\s*false|NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*0|StrictHostKeyChecking\s*=?\s*no|sslverify\s+false|--trusted-host\b|--disable-ssl|--no-check-certificate`),
		regexp.MustCompile(`(?i)//\s*@ts-ignore|#\s*type:\s*ignore|eslint-disable|nolint\b|\brm\s+-rf\s+(/|~|\$HOME)(\s|$)`),
		// sending data off the machine: said in words, over a raw
		// socket or plain ftp, or through a tunnel or paste site
		regexp.MustCompile(`(?i)\b(upload|send|post|share|copy|sync|push|pipe|paste|mail|email|exfiltrate|forward|transfer)\b[^.]{0,60}\b(to|into|onto)\b[^.]{0,40}\b(server|cloud|s3|bucket|pastebin|gist|slack|discord|webhook|telegram|dropbox|drive|ftp|remote host|external|third[- ]party|https?://|my (personal|own) )`),
		regexp.MustCompile(`(?i)\b(ftp|nc|ncat|netcat|socat)\b\s`),
		regexp.MustCompile(`(?i)\b(ngrok|localtunnel|transfer\.sh|pastebin\.com|webhook\.site|requestbin)\b`),
	}
})

// personRule is a person-run rule and why, in SKILL.md's words, the step
// is the person's.
type personRule struct {
	re  *regexp.Regexp
	why string
}

// personRes are the person-run rules, the first that matches giving the
// reason. Root comes first, so a root step reads as it always did.
var personRes = sync.OnceValue(func() []personRule {
	return []personRule{
		{regexp.MustCompile(`(?i)\bsudo\b`), "it runs as root"},
		{regexp.MustCompile(`(?i)\b(scp|rsync|sftp)\b\s`), "it copies files out of the project"},
		{regexp.MustCompile(`(?i)--?auto-approve\b|--yes\b`), "it skips the tool's confirmation"},
		{regexp.MustCompile(`(?i)--force(?:-with-lease)?(?:[^\w-]|$)|push\s+-f\b`), "it forces past the tool's safeguards"},
		{skipTestsRe(), "it skips the tests"},
	}
})

// skipTestsRe is a build told to skip its tests (`mvn package
// -DskipTests`, `--skip-tests`): in a procedure that ran the tests before
// packaging, a person-run step. The words "skip the tests" are not this
// flag: the never rule on words still refuses them.
var skipTestsRe = lazyregexp.New(`(?i)-DskipTests\b|\bskip[-_]?tests?\b`)

// noSudoRe is sudo ruled out ("no sudo", "never use sudo", "stop writing
// sudo", "do not run any command with sudo"): a person who works
// without it is no danger to remember.
// "Without sudo" is not among them: after a negation ("never run it
// without sudo") it asks for root, and the gate must not depend on reading
// which.
var noSudoRe = lazyregexp.New(`(?i)\b(?:no|not|avoid|instead of|rather than|(?:never|don'?t|do not|stop)(?:\s+(?:use|using|run|running|write|writing|type|typing|add|adding|(?:prefix(?:ing)?|run(?:ning)?|execut(?:e|ing))(?:\s+\w+){0,2}\s+with))?)\s+sudo\b`)

// noSuppressRe is a check's suppression comment ruled out ("no `# type:
// ignore` comments, ever", "never add eslint-disable", "don't use
// @ts-ignore"): a person who wants the type fixed instead is no danger to
// remember. Only the ban goes; a suppression asked for elsewhere in the
// line is still judged.
var noSuppressRe = lazyregexp.New(`(?i)\b(?:no|never|avoid|(?:never|don'?t|do not|stop)\s+(?:use|using|add|adding|write|writing|put|putting))\s+(?:(?:more|any|new)\s+)?["'\x60]?(?://\s*@ts-ignore|#\s*type:\s*ignore|eslint-disable[\w-]*|nolint)\b["'\x60]?`)

// noBypassRe is a flag that skips the hooks or signing ruled out ("never
// commit with --no-verify", "don't push using --no-verify", "no
// --no-gpg-sign"): a person who keeps the checks on is no danger to
// remember, as with sudo ruled out. Only a plain ban goes: "never commit
// without --no-verify" or "don't forget --no-verify" ask for the flag and
// are still refused.
var noBypassRe = lazyregexp.New(`(?i)\b(?:never|don'?t|dont|do not|stop|avoid|no)\s+(?:ever\s+)?(?:(?:git\s+)?(?:commit|committing|push|pushing|merge|merging|rebase|rebasing|use|using|pass|passing|add|adding)\s+)?(?:(?:with|using)\s+)?["'\x60]?(?:--no-verify|--no-gpg-sign)\b["'\x60]?`)

// personSendsRe is the person named as the one who sends or pastes:
// "a three-line status I can paste into Slack", "a summary for me to
// forward to the client". What the agent is asked for is the text; the
// sending is the person's own act, no standing order to the agent. Only
// the verb goes: another sending verb in the line is still judged.
var personSendsRe = lazyregexp.New(`(?i)\b(?:i(?:'ll| can| could| will| would| might| may)|for me to)\s+(?:then\s+|just\s+|easily\s+|quickly\s+)?(?:paste|share|copy|forward|send|post|mail|email)\b`)

// sentTextRe and sentDataRe tell what the person sends: a text the agent
// writes for them (a status, a summary, release notes) is theirs to pass
// on; a dump, a token, logs or files are data leaving the machine however
// the sentence names the sender, so the exemption never covers them.
var (
	sentTextRe = lazyregexp.New(`(?i)\b(status|summary|summaries|blurb|changelog|release notes|notes|message|description|recap|update|draft|reply|announcement)\b`)
	sentDataRe = lazyregexp.New(`(?i)\b(dumps?|databases?|db|tokens?|keys?|secrets?|passwords?|credentials?|logs?|backups?|files?|data|\.env)\b`)
)

// dangerous reports whether a line or command matches any refusal rule
// of either class: the test for a memory line.
func dangerous(s string) bool {
	s = screened(s)
	// (The never rule's narrowings need not run here: a skip-tests flag
	// and a curl sending to another machine are person-run when not never.
	// dangerous judges every command an agent ran.)
	return neverRule(s) || personWhy(s) != ""
}

// forbidden reports whether a skill step matches a never rule: the skill
// that holds it is not drafted at all.
func forbidden(step string) bool {
	return never(screened(step))
}

// personStep reports why a skill step is the person's to run rather than
// the agent's ("it runs as root"), or "" when the agent may run it.
func personStep(step string) string {
	return personWhy(screened(step))
}

// screened is a line with the words that only seem to match a rule taken
// out: sudo ruled out, a flag skipping the hooks ruled out (noBypassRe), a
// check's suppression comment ruled out (noSuppressRe), and the sending
// verb of a text the person passes on.
func screened(s string) string {
	s = noSudoRe().ReplaceAllString(s, "")
	if strings.Contains(s, "--no-") {
		s = noBypassRe().ReplaceAllString(s, "")
	}
	if strings.Contains(s, "ignore") || strings.Contains(s, "disable") || strings.Contains(s, "nolint") {
		s = noSuppressRe().ReplaceAllString(s, "")
	}
	if personSendsRe().MatchString(s) && sentTextRe().MatchString(s) && !sentDataRe().MatchString(s) {
		s = personSendsRe().ReplaceAllString(s, "")
	}
	return s
}

// never reports whether a screened line matches a never rule. A flag that
// skips the tests is person-run, so it is taken out first: the words rule
// would read `--skip-tests` as "skip … tests". Data curl sends to another
// machine is never when the request could carry anything but the literal
// values written in it (a file, a variable, a command's output): that is
// data leaving the machine.
func never(s string) bool {
	if strings.Contains(strings.ToLower(s), "skip") {
		s = skipTestsRe().ReplaceAllString(s, "")
	}
	return neverRule(s) || curlSendRe().MatchString(s) && !loopbackOnly(s) && !literalSend(s)
}

// neverRule reports whether a line matches one of the never rules'
// patterns (neverRes), the curl send aside.
func neverRule(s string) bool {
	for _, re := range neverRes() {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// personWhy is the reason of the first person-run rule a screened line
// matches, or "". A curl that sends only literal values to another
// machine (`curl http://jobs.internal:6800/schedule.json -d spider=bbc`)
// acts there, as a deploy does.
func personWhy(s string) string {
	for _, r := range personRes() {
		if r.re.MatchString(s) {
			return r.why
		}
	}
	if curlSendRe().MatchString(s) && !loopbackOnly(s) {
		return "it sends data to another machine"
	}
	return ""
}

// curlSendRe is curl given data or a file to send: a long option, or a
// short one alone, attached to its value (`-dfoo=bar`) or last of a
// combined group (`-sd @p`). The short letters are matched by case (`-D`
// dumps headers, `-f` fails quietly), and a group led by -X or -H (`-XPUT`)
// names a method or header, no data.
var curlSendRe = lazyregexp.New(`(?i)\bcurl\b[^\n]*(?:\s(?:--data(?:-binary|-raw|-urlencode)?|--form|--upload-file|--json)\b|(?-i:\s-[a-zA-GI-WYZ]*[dFT]))`)

// curlWordRe finds each curl a line names, to check that every one of them
// is a whitelisted call.
var curlWordRe = lazyregexp.New(`(?i)\bcurl\b`)

// curlPlainFlags are the curl options that take no value and change
// nothing about where data goes; a combined group may hold only these.
var curlPlainFlags = map[string]bool{"-s": true, "-S": true, "-f": true, "-i": true, "-v": true, "--silent": true, "--show-error": true, "--fail": true}

// curlValueFlags are the curl options whose value (a method, a header,
// the data or file sent, the file written, a time limit) cannot send
// the data anywhere but the URL.
var curlValueFlags = map[string]bool{
	"-X": true, "--request": true, "-H": true, "--header": true,
	"-d": true, "--data": true, "--data-binary": true, "--data-raw": true, "--data-urlencode": true, "--json": true,
	"-F": true, "--form": true, "-T": true, "--upload-file": true,
	"-o": true, "--output": true, "--max-time": true,
}

// loopbackOnly reports whether every curl a line runs sends only to this
// machine (`curl --data-binary @/tmp/p.jsonl localhost:8108/…/import`):
// data sent there never leaves it, as loading a local search index or
// database in a procedure does. It is a whitelist, since a gate must not
// depend on guessing which words are hosts: each curl, parsed by the shell
// parser, may carry only the harmless options above, no variable, command
// substitution, redirection of its input or environment assignment, and
// one or more URLs, each of whose host is loopback. Anything else (a
// proxy, -L, --connect-to, a bare word, a placeholder) is not.
func loopbackOnly(s string) bool {
	return everyCurl(s, loopbackCurl)
}

// literalSend reports whether every curl a line runs sends only the
// literal values written in it (`-d project=newsbot`), to whatever host:
// no file (`@dump.sql`, -T), variable or command's output, so nothing
// local can leave in it. Such a request acts on the other machine, a
// person-run step; any other send to another machine is never.
func literalSend(s string) bool {
	return everyCurl(s, literalCurl)
}

// everyCurl reports whether a line runs curl and each curl in it,
// parsed by the shell parser, passes args (given its arguments) with no
// environment assignment or input redirection.
func everyCurl(s string, args func([]*syntax.Word) bool) bool {
	if strings.Contains(strings.ToLower(s), "proxy") {
		return false
	}
	want := len(curlWordRe().FindAllStringIndex(s, -1))
	found := 0
	// A backtick opens a code span in prose and a command substitution
	// in shell: either way each piece is judged alone.
	for _, seg := range strings.Split(s, "`") {
		if !curlWordRe().MatchString(seg) {
			continue
		}
		// The whole piece is parsed: the words before a curl may run it
		// (`xargs curl`, `sh -c 'curl …'`), and a curl that is not the
		// program of a call is not found, so refused.
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(seg), "")
		if err != nil {
			return false
		}
		ok := true
		syntax.Walk(f, func(n syntax.Node) bool {
			st, is := n.(*syntax.Stmt)
			if !is || !ok {
				return ok
			}
			call, is := st.Cmd.(*syntax.CallExpr)
			if !is || len(call.Args) == 0 {
				return true
			}
			first, lit := literal(call.Args[0])
			if !lit || !strings.EqualFold(path.Base(first.text), "curl") {
				return true
			}
			for _, r := range st.Redirs {
				if r.Op != syntax.RdrOut && r.Op != syntax.AppOut && r.Op != syntax.DplOut {
					ok = false
				}
			}
			if len(call.Assigns) > 0 || !args(call.Args[1:]) {
				ok = false
			}
			found++
			return ok
		})
		if !ok {
			return false
		}
	}
	return want > 0 && found == want
}

// loopbackCurl reports whether curl's arguments are only whitelisted
// options and at least one URL, each naming this machine.
func loopbackCurl(args []*syntax.Word) bool {
	value := func(_ string, w *syntax.Word, _ string) bool {
		if w == nil {
			return true // attached to its option: a literal
		}
		_, ok := literal(w)
		return ok || quotedVars(w)
	}
	return curlArgs(args, value, loopbackURL)
}

// literalCurl reports whether curl's arguments are only whitelisted
// options, with literal values that name no file to read (`@file`,
// `<file`, -T), and at least one URL with a host and no user.
func literalCurl(args []*syntax.Word) bool {
	value := func(flag string, w *syntax.Word, text string) bool {
		if flag == "-T" || flag == "--upload-file" {
			return false
		}
		if w != nil {
			v, ok := literal(w)
			if !ok {
				return false
			}
			text = v.text
		}
		return !strings.ContainsAny(text, "@<")
	}
	return curlArgs(args, value, hostURL)
}

// curlArgs is the one walk over curl's arguments both whitelists share:
// only the harmless options, each option's value passing value (given
// the option, and its word, or nil and its text when it is attached to
// the option: `--data=x`, `-XPOST`), and at least one URL, each passing
// url. What a value and a URL may be is all that differs between them.
func curlArgs(args []*syntax.Word, value func(flag string, w *syntax.Word, text string) bool, url func(string) bool) bool {
	urls := 0
	for i := 0; i < len(args); i++ {
		w, ok := literal(args[i])
		if !ok {
			return false
		}
		a := w.text
		switch {
		case curlPlainFlags[a]:
		case curlValueFlags[a]:
			if i+1 >= len(args) || !value(a, args[i+1], "") {
				return false
			}
			i++
		case strings.HasPrefix(a, "--") && strings.Contains(a, "="):
			name, v, _ := strings.Cut(a, "=")
			if !curlValueFlags[name] || !value(name, nil, v) {
				return false
			}
		case strings.HasPrefix(a, "-") && len(a) > 2 && a[1] != '-':
			// `-sS`, or a short option with its value attached
			// (`-XPOST`, `-dspider=bbc`).
			if curlValueFlags[a[:2]] {
				if !value(a[:2], nil, a[2:]) {
					return false
				}
			} else if strings.Trim(a[1:], "sSfiv") != "" {
				return false
			}
		case strings.HasPrefix(a, "-"):
			return false
		default:
			if !url(a) {
				return false
			}
			urls++
		}
	}
	return urls > 0
}

// hostURL reports whether a URL curl is given (a scheme is optional) is
// an http one with a host and no user in it.
func hostURL(a string) bool {
	u := curlURL(a)
	return u != nil && u.Hostname() != "" && (u.Scheme == "http" || u.Scheme == "https")
}

// curlURL is a URL curl is given, read as curl reads it (http when no
// scheme is written), or nil when it does not parse, carries a user or
// is opaque: what both URL whitelists rule out first.
func curlURL(a string) *url.URL {
	if !strings.Contains(a, "://") {
		a = "http://" + a
	}
	u, err := url.Parse(a)
	if err != nil || u.User != nil || u.Opaque != "" {
		return nil
	}
	return u
}

// quotedVars reports whether an option's value is one double-quoted
// string of text and plain variables (`-H "X-API-KEY: $API_KEY"`): the
// shell neither splits it into more words (another URL) nor runs anything
// in it, so a header or the data can come from the environment. A URL
// never can.
func quotedVars(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok {
		return false
	}
	for _, p := range dq.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
		case *syntax.ParamExp:
			if x.Exp != nil || x.Repl != nil || x.Slice != nil || x.Index != nil || x.Excl || x.Names != 0 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loopbackURL reports whether a URL curl is given (a scheme is optional)
// names this machine: localhost, a name under .localhost, or a loopback
// address. A URL that does not parse or carries a user is not.
func loopbackURL(a string) bool {
	u := curlURL(a)
	if u == nil {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// dangerousBeyond is dangerous for a rewrite of the memory line old
// (or "" for a new line). A rewrite that only swaps values in the line
// the person already keeps (a new version or port for a `--insecure`
// local cluster's start command) adds no standing order and passes. Any
// other rewrite is judged alone: "use sudo" must not pass as an edit of
// "never use sudo", though the line it replaces holds the word.
func dangerousBeyond(s, old string) bool {
	return dangerous(s) && (old == "" || !valuesOnly(s, old))
}

// valuesOnly reports whether s is old with only values changed: the same
// words in the same order, each one that differs holding a digit on both
// sides.
func valuesOnly(s, old string) bool {
	a := strings.Fields(strings.TrimPrefix(strings.TrimSpace(s), "- "))
	b := strings.Fields(strings.TrimPrefix(strings.TrimSpace(old), "- "))
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) && (!hasDigit(a[i]) || !hasDigit(b[i])) {
			return false
		}
	}
	return true
}
