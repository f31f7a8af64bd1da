package redact

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
)

// The secret corpus is built at test time from a seeded PRNG: no
// full-length secret literal is committed (push protection would flag it,
// and a committed "fake" key is still a key-shaped string in the tree).

const (
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower  = "abcdefghijklmnopqrstuvwxyz"
	digits = "0123456789"
	alnum  = upper + lower + digits
	b32    = upper + "234567"
	b64c   = alnum + "+/"
	word   = alnum + "_-"
)

type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))} }

// str draws n characters; it retries until the result has digits, upper
// and lower case when the alphabet allows, so entropy floors are met.
func (g *gen) str(alpha string, n int) string {
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[g.r.IntN(len(alpha))]
		}
		s := string(b)
		if n < 8 || !strings.ContainsAny(alpha, digits) || strings.ContainsAny(s, digits) {
			if !strings.HasSuffix(s, "EXAMPLE") {
				return s
			}
		}
	}
}

func b64url(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

// shape is one kind of secret in its usual context. secrets lists the
// values that must not survive redaction.
type shape struct {
	name    string
	text    string
	secrets []string
}

func pem(g *gen, kind string) (string, []string) {
	var lines []string
	body := []string{}
	for range 6 {
		l := g.str(b64c, 64)
		body = append(body, l)
	}
	lines = append(lines, "-----BEGIN "+kind+"PRIVATE KEY-----")
	lines = append(lines, body...)
	lines = append(lines, g.str(b64c, 20)+"==")
	lines = append(lines, "-----END "+kind+"PRIVATE KEY-----")
	return strings.Join(lines, "\n"), body
}

// corpus returns at least 25 secret shapes drawn from seed.
func corpus(seed uint64) []shape {
	g := newGen(seed)
	var out []shape
	add := func(name, text string, secrets ...string) {
		out = append(out, shape{name, text, secrets})
	}

	awsID := "AKIAFAKE" + g.str(b32, 12)
	add("aws-access-key", "export AWS_ACCESS_KEY_ID="+awsID+" # from the console", awsID)
	awsSecret := g.str(b64c, 40)
	add("aws-secret-line", "[default]\naws_secret_access_key = "+awsSecret+"\n", awsSecret)
	ghp := "ghp_FAKE" + g.str(alnum, 32)
	add("github-pat", "git remote set-url origin https://x:"+ghp+"@github.com/o/r.git; echo "+ghp, ghp)
	fg := "github_pat_11FAKE" + g.str(alnum, 16) + "_" + g.str(alnum, 59)
	add("github-fine-grained", "GH token is "+fg+" today", fg)
	for _, p := range []string{"gho_", "ghs_", "ghu_"} {
		tok := p + g.str(alnum, 36)
		add("github-"+strings.TrimSuffix(p, "_"), "token: "+tok, tok)
	}
	oa := "sk-proj-" + g.str(word, 74) + "T3BlbkFJ" + g.str(word, 74)
	add("openai", "client = OpenAI(api_key="+oa+")", oa)
	an := "sk-ant-api03-" + g.str(word, 93) + "AA"
	add("anthropic", "the key "+an+" was pasted", an)
	gk := "AIzaSy" + g.str(word, 33)
	add("google-api-key", "curl https://generativelanguage.googleapis.com/v1/models?key="+gk, gk)
	jwt := b64url(`{"alg":"HS256","typ":"JWT"}`) + "." + b64url(`{"sub":"fake-user","n":"`+g.str(alnum, 8)+`"}`) + "." + g.str(word, 43)
	add("jwt", "session cookie was "+jwt+", expired", strings.Split(jwt, ".")[2])
	rsa, rsaBody := pem(g, "RSA ")
	add("pem-rsa", "here is the key:\n"+rsa+"\nthanks", rsaBody...)
	ec, ecBody := pem(g, "EC ")
	add("pem-ec", ec, ecBody...)
	ossh, osshBody := pem(g, "OPENSSH ")
	add("pem-openssh", "cat ~/.ssh/id_ed25519\n"+ossh, osshBody...)
	pk8, pk8Body := pem(g, "")
	keyID := g.str("0123456789abcdef", 40)
	sa, _ := json.MarshalIndent(map[string]string{
		"type": "service_account", "project_id": "fake-project", "private_key_id": keyID,
		"private_key": pk8 + "\n", "client_email": "svc@fake-project.iam.gserviceaccount.com",
	}, "", "  ")
	add("gcp-service-account", string(sa), append([]string{keyID}, pk8Body...)...)
	truncated := "-----BEGIN PRIVATE KEY-----\n" + pk8Body[0] + "\n" + pk8Body[1][:30]
	add("pem-truncated", "output cut: "+truncated, pk8Body[0], pk8Body[1][:30])
	tailBody := []string{g.str(b64c, 64), g.str(b64c, 64), g.str(b64c, 30) + "=="}
	add("pem-tail", "$ tail -4 id_rsa\n"+strings.Join(tailBody, "\n")+"\n-----END RSA PRIVATE KEY-----\n$ ", tailBody...)
	dbPass := g.str(alnum, 16)
	add("postgres-url", "DATABASE_URL=postgres://fakeuser:"+dbPass+"@db.example.invalid/app", dbPass)
	gitPass := g.str(alnum, 20)
	add("git-url-password", "git clone https://fakeuser:"+gitPass+"@git.example.invalid/r.git", gitPass)
	redisPass := g.str(alnum, 24)
	add("redis-url", `{"url": "redis://default:`+redisPass+`@cache.example.invalid:6379/0"}`, redisPass)
	envPass := g.str(alnum, 24)
	add("env-db-password", "DB_PASSWORD="+envPass, envPass)
	orKey := g.str(alnum, 40)
	add("env-api-key", "export OPENROUTER_API_KEY="+orKey, orKey)
	envSecret := g.str(alnum, 32)
	add("env-session-secret", "SESSION_SECRET='"+envSecret+"'", envSecret)
	xoxb := "xoxb-" + g.str(digits, 11) + "-" + g.str(digits, 12) + "-" + g.str(alnum, 24)
	add("slack-bot", "SLACK token "+xoxb, xoxb)
	hook := "https://hooks.slack.com/services/T" + g.str(upper+digits, 8) + "/B" + g.str(upper+digits, 8) + "/" + g.str(alnum, 24)
	add("slack-webhook", "post to "+hook, hook[len("https://hooks.slack.com/services/"):])
	stripe := "sk_test_FAKE" + g.str(alnum, 24)
	add("stripe", "stripe.api_key = "+stripe, stripe)
	bearer := g.str(alnum, 40)
	add("bearer-bare", "Authorization: Bearer "+bearer, bearer)
	bearer2 := g.str(alnum+"._-", 48)
	add("bearer-curl", `curl -s -H "Authorization: Bearer `+bearer2+`" https://api.example.invalid/v1/me`, bearer2)
	bearer3 := g.str(alnum, 32)
	add("bearer-lowercase", "then send it as bearer "+bearer3+" in the header", bearer3)
	basicPass := g.str(alnum, 14)
	basic := base64.StdEncoding.EncodeToString([]byte("fakeuser:" + basicPass))
	add("basic-header", "Authorization: Basic "+basic, basic)
	npm := "npm_" + g.str(lower+digits, 36)
	add("npm", "//registry.npmjs.org/:_authToken="+npm, npm)
	hf := "hf_" + g.str(upper+lower, 34)
	add("huggingface", "HF says "+hf, hf)
	gl := "glpat-" + g.str(word, 20)
	add("gitlab", "git push with "+gl, gl)
	dockerPass := g.str(alnum, 18)
	dockerAuth := base64.StdEncoding.EncodeToString([]byte("fakeuser:" + dockerPass))
	add("docker-auths", `{"auths":{"registry.example.invalid":{"auth":"`+dockerAuth+`"}}}`, dockerAuth)
	jsonPass := g.str(alnum+"!#%&*", 18)
	add("json-password", `{"username": "admin", "password": "`+jsonPass+`"}`, jsonPass)
	curlPass := g.str(alnum, 15)
	add("curl-user", "curl -u fakeuser:"+curlPass+" https://api.example.invalid", curlPass)
	hexc := "0123456789abcdef"
	pypi := "pypi-AgEIcHlwaS5vcmc" + g.str(word, 60)
	add("pypi", "twine upload -p "+pypi, pypi)
	shp := "shpat_" + g.str(hexc, 32)
	add("shopify", "X-Shopify-Access-Token: "+shp, shp)
	dop := "dop_v1_" + g.str(hexc, 64)
	add("digitalocean", "doctl auth init -t "+dop, dop)
	sg := "SG." + g.str(word, 22) + "." + g.str(word, 43)
	add("sendgrid", "SENDGRID key "+sg+".", sg)
	dapi := "dapi" + g.str(hexc, 32)
	add("databricks", "databricks configure --token "+dapi, dapi)
	azKey := g.str(b64c, 86) + "=="
	add("azure-storage", "DefaultEndpointsProtocol=https;AccountName=fakeacct;AccountKey="+azKey+";EndpointSuffix=core.windows.net", azKey)
	qtok := g.str(alnum, 32)
	add("url-query-token", "GET https://api.example.invalid/v1/items?access_token="+qtok+"&page=2", qtok)
	flagTok := g.str(alnum, 20)
	add("cli-flag", "vault login --token="+flagTok+" -address=https://vault.example.invalid", flagTok)
	flagPass := g.str(alnum, 12)
	add("cli-flag-space", "mytool deploy --password "+flagPass+" --yes", flagPass)
	signPass := g.str(alnum+"!#%", 15)
	add("signtool", `signtool sign /f certs/codesign.pfx /p "`+signPass+`" /tr http://timestamp.example.invalid /td sha256 app.exe`, signPass)
	sshpassPass := g.str(alnum, 12)
	add("sshpass", "sshpass -p "+sshpassPass+" ssh pi@cam.local", sshpassPass)
	storePass := g.str(alnum, 14)
	add("keytool", "keytool -list -keystore release.jks -storepass "+storePass, storePass)
	opensslPass := g.str(alnum, 13)
	add("openssl-passin", "openssl pkcs12 -in cert.p12 -passin pass:"+opensslPass+" -nokeys", opensslPass)
	mysqlPass := g.str(alnum, 11)
	add("mysql-attached", "mysql -u root -p"+mysqlPass+" shop < dump.sql", mysqlPass)
	netrcPass := g.str(alnum, 16)
	add("netrc", "machine git.example.invalid login fakeuser password "+netrcPass+"\n", netrcPass)
	wrapped := base64.StdEncoding.EncodeToString([]byte("DB_PASSWORD=" + envPass + "x\nAPI_TOKEN=" + orKey + "\n"))
	add("base64-env", "data:\n  env: "+wrapped+"\n", wrapped)
	return out
}

// encodings present a shape's text the ways it shows up in transcripts.
// decode undoes the encoding so the test can look for the secret in the
// redacted output.
type encoding struct {
	name   string
	encode func(string) string
	decode func(string) (string, error)
}

func jsonDecode(s string) (string, error) {
	var out string
	err := json.Unmarshal([]byte(s), &out)
	return out, err
}

func encodings() []encoding {
	jsonEnc := func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	}
	return []encoding{
		{"plain", func(s string) string { return s }, func(s string) (string, error) { return s, nil }},
		{"json-string", jsonEnc, jsonDecode},
		{"json-u002d", func(s string) string {
			e := jsonEnc(s)
			e = strings.ReplaceAll(e, "-", `\u002d`)
			return strings.ReplaceAll(e, ":", `\u003a`)
		}, jsonDecode},
		{"percent", percentEncode, percentDecode},
		{"json-key", func(s string) string { return `{` + jsonEnc(s) + `: 1}` }, func(s string) (string, error) {
			var m map[string]int
			if err := json.Unmarshal([]byte(s), &m); err != nil {
				return "", err
			}
			for k := range m {
				return k, nil
			}
			return "", fmt.Errorf("no key")
		}},
		{"json-value", func(s string) string { return `{"text": ` + jsonEnc(s) + `}` }, func(s string) (string, error) {
			var m map[string]string
			if err := json.Unmarshal([]byte(s), &m); err != nil {
				return "", err
			}
			return m["text"], nil
		}},
	}
}

// percentEncode escapes every byte outside [A-Za-z0-9._~] (a strict form of
// what URL query encoders do).
func percentEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

func percentDecode(s string) (string, error) { return url.PathUnescape(s) }
