package offline

import (
	"regexp"
	"strings"
	"sync"

	"github.com/automem/automem/internal/lazyregexp"
)

// Some instructions must never reach memory, whoever typed them and however
// often: memory is read by an agent that acts on it, so a line that pipes a
// download into a shell, switches off a safety check or ships data off the
// machine would turn one bad moment into a standing order. This check is
// code, applied to every candidate line and every skill step.

// dangerRes is compiled on first use: most runs never extract offline.
var dangerRes = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		// download piped into an interpreter
		regexp.MustCompile(`(?i)\b(curl|wget|iwr|invoke-webrequest|fetch)\b[^\n|]*\|\s*(sudo\s+)?(ba|z|da|k|fi)?sh\b`),
		regexp.MustCompile(`(?i)\b(curl|wget)\b[^\n|]*\|\s*(sudo\s+)?(python3?|node|perl|ruby|iex|powershell|pwsh)\b`),
		regexp.MustCompile(`(?i)\b(ba|z)?sh\s+(-c\s+)?["']?\$\(\s*(curl|wget)\b`),
		regexp.MustCompile(`(?i)\bsh\s+<\(\s*(curl|wget)\b`),
		// switching off checks
		regexp.MustCompile(`(?i)--?auto-approve\b|--yes\b|--no-verify\b|--no-gpg-sign\b|\bskip[-_]?(ci|hooks?|tests?|checks?|lint)\b|-DskipTests\b|\bHUSKY=0\b|\bSKIP=`),
		regexp.MustCompile(`(?i)\bchmod\s+(-R\s+)?(0?777|a\+rwx|ugo\+rwx)\b`),
		regexp.MustCompile(`(?i)\bsudo\b`),
		regexp.MustCompile(`(?i)\b(disable|skip|bypass|turn off|switch off|comment out|remove|delete|ignore|silence|suppress)\b[^.]{0,30}\b(tests?|linters?|lint(ing)?|checks?|ci|hooks?|pre-commit|type ?check(ing|er)?|typecheck|safety|verification|ssl|tls|certificates?|signature|sandbox|warnings?|eslint|mypy|assertions?)\b`),
		regexp.MustCompile(`(?i)--insecure\b|\bcurl\b[^\n]*\s-k\b|verify\s*=\s*false|NODE_TLS_REJECT_UNAUTHORIZED\s*=\s*0|StrictHostKeyChecking\s*=?\s*no|sslverify\s+false|--trusted-host\b|--disable-ssl|--no-check-certificate`),
		regexp.MustCompile(`(?i)//\s*@ts-ignore|#\s*type:\s*ignore|eslint-disable|nolint\b|--force(?:-with-lease)?(?:[^\w-]|$)|push\s+-f\b|\brm\s+-rf\s+(/|~|\$HOME)(\s|$)`),
		// sending data off the machine
		regexp.MustCompile(`(?i)\b(upload|send|post|share|copy|sync|push|pipe|paste|mail|email|exfiltrate|forward|transfer)\b[^.]{0,60}\b(to|into|onto)\b[^.]{0,40}\b(server|cloud|s3|bucket|pastebin|gist|slack|discord|webhook|telegram|dropbox|drive|ftp|remote host|external|third[- ]party|https?://|my (personal|own) )`),
		regexp.MustCompile(`(?i)\b(scp|rsync|sftp|ftp|nc|ncat|netcat|socat)\b\s`),
		regexp.MustCompile(`(?i)\b(ngrok|localtunnel|transfer\.sh|pastebin\.com|webhook\.site|requestbin)\b`),
	}
})

// noSudoRe is sudo ruled out ("no sudo", "never use sudo", "stop writing
// sudo"): a person who works without it is no danger to remember.
// "Without sudo" is not among them: after a negation ("never run it
// without sudo") it asks for root, and the gate must not depend on reading
// which.
var noSudoRe = lazyregexp.New(`(?i)\b(?:no|not|avoid|instead of|rather than|(?:never|don'?t|do not|stop)(?:\s+(?:use|using|run|running|write|writing|type|typing|add|adding|prefix(?:ing)?(?:\s+\w+){0,2}\s+with))?)\s+sudo\b`)

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

// dangerous reports whether a line or command matches any refusal rule.
func dangerous(s string) bool {
	s = noSudoRe().ReplaceAllString(s, "")
	if personSendsRe().MatchString(s) && sentTextRe().MatchString(s) && !sentDataRe().MatchString(s) {
		s = personSendsRe().ReplaceAllString(s, "")
	}
	for _, re := range dangerRes() {
		if re.MatchString(s) {
			return true
		}
	}
	return curlSendRe().MatchString(s) && !loopbackOnly(s)
}

// curlSendRe is curl given data or a file to send.
var curlSendRe = lazyregexp.New(`(?i)\bcurl\b[^\n]*\s(-d|--data(-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file)\b`)

// loopbackOnly reports whether every host a line names is this machine
// (`curl --data-binary @/tmp/p.jsonl localhost:8108/…/import`): data sent
// there never leaves it, as loading a local search index or database in a
// procedure does. A line naming no host, or any other host, or a word that
// might be one (`a.b`, `x:y`), is not.
func loopbackOnly(s string) bool {
	local := false
	for _, f := range strings.Fields(s) {
		f = strings.Trim(f, "'\"`(),;")
		if f == "" || strings.HasPrefix(f, "-") || strings.HasPrefix(f, "@") || strings.HasPrefix(f, "/") || strings.HasPrefix(f, ".") || strings.HasPrefix(f, "$") || strings.HasSuffix(f, ":") {
			// (A path, a file to send, an option, a variable or a
			// header's name: `-H "Content-Type: …"`.)
			continue
		}
		url := false
		if _, rest, ok := strings.Cut(f, "://"); ok {
			f, url = rest, true
		}
		host, _, _ := strings.Cut(f, "/")
		host, _, _ = strings.Cut(host, "?")
		if !url && !strings.ContainsAny(host, ".:") {
			continue // a word, not a host
		}
		if at := strings.LastIndexByte(host, '@'); at >= 0 {
			host = host[at+1:]
		}
		if strings.HasPrefix(host, "[") {
			host, _, _ = strings.Cut(host[1:], "]")
		} else if i := strings.LastIndexByte(host, ':'); i >= 0 && strings.Count(host, ":") == 1 {
			host = host[:i]
		}
		host = strings.ToLower(host)
		if host == "localhost" || strings.HasSuffix(host, ".localhost") || strings.HasPrefix(host, "127.") || host == "::1" {
			local = true
			continue
		}
		return false
	}
	return local
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
