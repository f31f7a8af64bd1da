package redact

import (
	"encoding/base64"
	"regexp"
	"strings"
)

// placeholderish matches values that name a secret rather than hold one
// (`${VAR}`, `<token>`, `****`, `changeme`): redacting them would only
// hide useful context.
const placeholderishSrc = `(?i)^(?:\$\{?[\w.]+\}?|\$\(.*\)|<[^>]*>|\{\{.*\}\}|%[\w]+%|\*+|x+|\.+|-+|true|false|null|none|nil|undefined|yes|no|on|off|changeme|changeit|example|redacted|password|passwd|secret|token|pass|pwd|test|dummy|your[_-].*|my[_-].*)$`

// looksRandom keeps words ("required", "Content") out of the header rules.
func looksRandom(s string) bool {
	if len(s) < 8 {
		return false
	}
	letters := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			letters = false
			break
		}
	}
	if letters && len(s) < 20 {
		return false
	}
	return entropy(s) >= 2.5
}

// flagValue keeps prose ("the --token flag") out of cli-secret-flag: a
// value needs a digit, a symbol or mixed case.
func flagValue(s string) bool {
	var up, low, other bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			up = true
		case c >= 'a' && c <= 'z':
			low = true
		default:
			other = true
		}
	}
	return other || up && low
}

// decodesToCredential reports whether s is base64 of "user:password".
func decodesToCredential(s string) bool {
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
		b, err := enc.DecodeString(s)
		if err != nil {
			continue
		}
		i := strings.IndexByte(string(b), ':')
		return i > 0 && i < len(b)-1 && printable(b, 1.0)
	}
	return false
}

// automemRules cover what gitleaks' default set misses (measured in
// reliability-security.md §4): credentials in URLs, bare Authorization /
// Bearer / Basic values, .env-style assignments, PEM blocks that are
// truncated or JSON-escaped, JWTs followed by punctuation, Docker auths and
// GCP key ids, Azure storage keys, the AWS secret key line, secrets in
// command-line flags and .netrc, and `curl -u user:pass`.
func automemRules() []ruleSpec {
	notPlaceholder := []allowSpec{{Regexes: []string{placeholderishSrc}}}
	return []ruleSpec{
		{
			ID:     "url-password",
			Before: 40, After: 600,
			Regex:       `(?i)\b[a-z][a-z0-9+.-]{1,30}://[^\s:/?#@'"\x60<>\[\]{}|\\]+:([^\s/?#@'"\x60<>\\]+)@[^\s/?#@'"\x60<>]`,
			SecretGroup: 1,
			Keywords:    []string{"://"},
			Allow:       notPlaceholder,
		},
		{
			ID:     "authorization-header",
			Before: 24, After: 256,
			Regex:       `(?i)\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?\s*(?:(?:bearer|basic|token|digest|apikey|api-key|sso-key|negotiate)\s+)?([A-Za-z0-9._~+/:=-]{8,})`,
			SecretGroup: 1,
			Keywords:    []string{"authorization"},
			Allow:       notPlaceholder,
			Check:       looksRandom,
		},
		{
			ID:     "bearer-token",
			Before: 8, After: 256,
			Regex:       `(?i)\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)`,
			SecretGroup: 1,
			Keywords:    []string{"bearer"},
			Allow:       notPlaceholder,
			Check:       looksRandom,
		},
		{
			ID:     "basic-auth",
			Before: 8, After: 256,
			Regex:       `(?i)\bbasic\s+([A-Za-z0-9+/_-]{8,}={0,2})`,
			SecretGroup: 1,
			Keywords:    []string{"basic"},
			Check:       decodesToCredential,
		},
		{
			// .env / shell / YAML style: UPPER_CASE name ending in a secret word.
			ID:     "env-secret",
			Before: 64, After: 560,
			Assign: true, Name: "upper",
			Regex:    `\b[A-Z0-9_]*(?:SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|_PWD|_PASS|API_?KEY|_KEY|CREDENTIALS?|_AUTH)["']?\s*[:=]\s*(?:"([^"\n]{4,})"|'([^'\n]{4,})'|([^\s"'\x60;,(){}\[\]\\]{4,}))`,
			Keywords: []string{"secret", "token", "pass", "pwd", "key", "credential", "_auth"},
			// A dotted identifier is code (SECRET_KEY = os.environ[...]); a
			// short hex literal is a constant (IMAGE_REL_ARM64_TOKEN = 0x000C).
			Allow: []allowSpec{{Regexes: []string{placeholderishSrc, `^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$`, `^-?0[xX][0-9a-fA-F]{1,16}$`}}},
		},
		{
			// Config and code literals: any-case key, quoted value only, so
			// `password = get_password()` stays readable.
			ID:     "quoted-secret",
			Before: 64, After: 560,
			Assign:   true,
			Regex:    `(?i)\b[a-z0-9_.-]*(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth[_-]?key)["']?\s*(?::|=|:=|=>)\s*(?:"([^"\n]{4,})"|'([^'\n]{4,})')`,
			Keywords: []string{"pass", "secret", "token", "key"},
			Allow:    notPlaceholder,
		},
		{
			// Lower-case unquoted password assignments (`db_password=hunter2`).
			ID:     "password-assignment",
			Before: 64, After: 300,
			Assign:   true,
			Regex:    `(?i)\b[a-z0-9_.-]*(?:password|passwd|passphrase)\s*[:=]\s*([^\s"'\x60;,()\[\]{}\\]{3,})`,
			Keywords: []string{"passw", "passphrase"},
			Allow:    []allowSpec{{Regexes: []string{placeholderishSrc, `^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`, `^[a-z_]+$`}}},
		},
		{
			ID: "pem-private-key",
			// A whole block, or a block cut short (no END): then the base64
			// lines (16+ characters) and PEM header lines after BEGIN.
			Regex:      `(?i)-----BEGIN[ A-Z0-9_-]{0,60}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9_-]{0,60}PRIVATE KEY(?: BLOCK)?-----|(?:[ \t]*(?:\r?\n|\\r?\\n)(?:[A-Za-z0-9+/=]{16,}|(?:Proc-Type|DEK-Info|Comment):[^\n\\]*))*)`,
			Keywords:   []string{"-----begin"},
			Whole:      true,
			WholeMatch: true,
		},
		{
			// The tail of a block without its BEGIN line (tail -n of a key
			// file, or a block that straddles two scan fragments).
			ID:         "pem-private-key-tail",
			Regex:      `(?i)(?:[A-Za-z0-9+/=]{8,}[ \t]*(?:\r?\n|\\r?\\n))+-----END[ A-Z0-9_-]{0,60}PRIVATE KEY(?: BLOCK)?-----`,
			Keywords:   []string{"-----end"},
			Whole:      true,
			WholeMatch: true,
		},
		{
			ID:     "jwt-token",
			Before: 2, After: 1024,
			Regex:      `\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}`,
			Keywords:   []string{"eyj"},
			WholeMatch: true,
		},
		{
			ID:     "docker-config-auth",
			Before: 4, After: 300,
			Regex:       `"auth"\s*:\s*"([A-Za-z0-9+/_-]{4,}={0,2})"`,
			SecretGroup: 1,
			Keywords:    []string{`"auth"`},
			Check:       decodesToCredential,
		},
		{
			ID:     "docker-identity-token",
			Before: 4, After: 1024,
			Regex:       `(?i)"(?:identitytoken|registrytoken)"\s*:\s*"([^"\s]{8,})"`,
			SecretGroup: 1,
			Keywords:    []string{"identitytoken", "registrytoken"},
		},
		{
			ID:     "gcp-private-key-id",
			Before: 4, After: 100,
			Regex:       `"private_key_id"\s*:\s*"([a-f0-9]{32,64})"`,
			SecretGroup: 1,
			Keywords:    []string{"private_key_id"},
		},
		{
			// An access key id typed or made up with a digit AWS's
			// base32 never holds (0, 1, 8, 9): gitleaks' aws-access-token
			// takes the real alphabet only, and a near miss pasted
			// in a transcript is as much a credential to the reader.
			ID:     "aws-access-key-id-loose",
			Before: 4, After: 40,
			Regex:       `\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})\b`,
			SecretGroup: 1,
			Keywords:    []string{"akia", "asia", "abia", "acca"},
			Check:       func(s string) bool { return strings.ContainsAny(s[4:], "0189") },
		},
		{
			ID:     "aws-secret-access-key",
			Before: 8, After: 100,
			Regex:       `(?i)aws_?secret_?(?:access_?)?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+]{40})\b`,
			SecretGroup: 1,
			Keywords:    []string{"aws_secret", "awssecret"},
		},
		{
			ID:          "azure-storage-key",
			Before:      4,
			After:       200,
			Regex:       `(?i)\b(?:AccountKey|SharedAccessKey)\s*=\s*([A-Za-z0-9+/]{20,}={0,2})`,
			SecretGroup: 1,
			Keywords:    []string{"accountkey", "sharedaccesskey"},
		},
		{
			// Command-line flags: --password hunter2, --token=abc123.
			ID:          "cli-secret-flag",
			Before:      8,
			After:       300,
			Regex:       `(?i)(?:^|\s)--?(?:password|passwd|pass|token|api-?key|secret|client-secret|auth-token|access-token)(?:=|\s+)["']?([^\s"'\x60\\]{6,})`,
			SecretGroup: 1,
			Keywords:    []string{"-pass", "-token", "-api", "-secret", "-client-secret", "-auth-token", "-access-token"},
			Allow:       []allowSpec{{Regexes: []string{placeholderishSrc, `^-`}}},
			Check:       flagValue,
		},
		{
			// Tools that take a password as a short flag: signtool sign
			// /p "…", sshpass -p …, docker login -p …, keytool and
			// jarsigner -storepass / -keypass …, openssl -passin pass:….
			// (Keywords the windows open on are the tools' own words:
			// "login" or "pass:" alone are in most transcripts.)
			ID:          "cli-password-short-flag",
			Before:      300,
			After:       300,
			Regex:       `(?i)(?:\bsigntool\b[^\n]*?\s/p|\bsshpass\b[^\n]*?\s-p|\b(?:docker|podman|nerdctl)\s+login\b[^\n]*?\s-p|\s-(?:src|dest)?(?:storepass|keypass)|\s-pass(?:in|out)\s+pass:)(?:\s+|=|:)?["']?([^\s"'\x60\\:][^\s"'\x60\\]{3,})`,
			SecretGroup: 1,
			Keywords:    []string{"signtool", "sshpass", "docker login", "podman login", "nerdctl login", "storepass", "keypass", "passin", "passout"},
			// (-storepass:env NAME and :file PATH name where it is.)
			Allow: []allowSpec{{Regexes: []string{placeholderishSrc, `^-`, `^(?i)(?:env|file)$`}}},
		},
		{
			// mysql -psecret: the password written against the flag
			// (a space after -p makes the client ask for it).
			ID:          "mysql-password-flag",
			Before:      300,
			After:       300,
			Regex:       `\bmysql(?:dump|admin|import|check|sh)?\b[^\n]*?\s-p([^\s"'\x60\\-][^\s"'\x60\\]{3,})`,
			SecretGroup: 1,
			Keywords:    []string{"mysql"},
			Allow:       notPlaceholder,
		},
		{
			ID:          "netrc-password",
			Before:      300,
			After:       300,
			Regex:       `\bmachine\s+\S+\s+login\s+\S+\s+password\s+([^\s"'\x60\\]+)`,
			SecretGroup: 1,
			Keywords:    []string{"machine"},
			Allow:       notPlaceholder,
		},
		{
			ID:     "curl-user-password",
			Before: 2, After: 1024,
			Regex:       `\bcurl\b[^\n]*?\s(?:-u|--user)\s*["']?[^\s:"'\\]+:([^\s"'\\]+)`,
			SecretGroup: 1,
			Keywords:    []string{"curl"},
			Allow:       notPlaceholder,
		},
	}
}

// extraAllow adds allowlists to gitleaks rules, for look-alikes measured on
// ordinary code (the Go source tree): a legacy Vault token is "s." and 24
// random characters, a method call "s.ReadUint16LengthPrefixed" is not.
func extraAllow() map[string][]allowSpec {
	return map[string][]allowSpec{
		"vault-service-token": {{Regexes: []string{`^s\.(?:[A-Z][a-z0-9]+){2,}$`}}},
	}
}

// placeholderRe finds automem's own placeholders: candidates overlapping one
// are dropped, so redacting twice changes nothing.
func placeholderRe() *regexp.Regexp {
	return regexp.MustCompile(`\[REDACTED:[a-z0-9-]+\]`)
}
