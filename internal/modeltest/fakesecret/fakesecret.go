// Package fakesecret draws secret-shaped strings from a seeded PRNG for
// end-to-end redaction tests. Nothing secret-shaped is committed: a
// literal "fake" key in the tree is still a key-shaped string that push
// protection flags and a scanner may learn to ignore, so every value is
// generated at test time, high-entropy, with a FAKE marker where the format
// allows.
package fakesecret

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
)

const (
	upper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lower  = "abcdefghijklmnopqrstuvwxyz"
	digits = "0123456789"
	alnum  = upper + lower + digits
	b32    = upper + "234567"
	b64c   = alnum + "+/"
	word   = alnum + "_-"
	hexc   = "0123456789abcdef"
)

// Shape is one secret in the context it usually appears in.
type Shape struct {
	// Name says what kind of secret it is.
	Name string
	// Text is the secret in context (may span lines).
	Text string
	// Values are the parts that must never survive redaction.
	Values []string
	// Token is true when the value is recognisable on its own (a vendor
	// prefix), so it is caught even in a file path, a JSON key or a title.
	Token bool
}

type gen struct{ r *rand.Rand }

// str draws n characters, retrying until digits (when the alphabet has
// them) are present, so entropy floors are met.
func (g gen) str(alpha string, n int) string {
	for {
		b := make([]byte, n)
		for i := range b {
			b[i] = alpha[g.r.IntN(len(alpha))]
		}
		s := string(b)
		if (n < 8 || !strings.ContainsAny(alpha, digits) || strings.ContainsAny(s, digits)) && !strings.HasSuffix(s, "EXAMPLE") {
			return s
		}
	}
}

// Corpus returns at least 25 shapes drawn from seed; the same seed gives
// the same corpus.
func Corpus(seed uint64) []Shape {
	g := gen{rand.New(rand.NewPCG(seed, seed^0x5bd1e995))}
	var out []Shape
	tok := func(name, ctx, v string) { out = append(out, Shape{name, ctx + v, []string{v}, true}) }
	ctx := func(name, text string, vs ...string) { out = append(out, Shape{name, text, vs, false}) }

	tok("aws-access-key", "export AWS_ACCESS_KEY_ID=", "AKIAFAKE"+g.str(b32, 12))
	tok("github-pat", "git push with ", "ghp_FAKE"+g.str(alnum, 32))
	tok("github-fine-grained", "token ", "github_pat_11FAKE"+g.str(alnum, 16)+"_"+g.str(alnum, 59))
	tok("github-oauth", "token: ", "gho_"+g.str(alnum, 36))
	tok("github-app", "token: ", "ghs_"+g.str(alnum, 36))
	tok("openai", "OPENAI key ", "sk-proj-"+g.str(word, 74)+"T3BlbkFJ"+g.str(word, 74))
	tok("anthropic", "the key ", "sk-ant-api03-"+g.str(word, 93)+"AA")
	tok("google-api-key", "?key=", "AIzaSy"+g.str(word, 33))
	tok("slack-bot", "SLACK token ", "xoxb-"+g.str(digits, 11)+"-"+g.str(digits, 12)+"-"+g.str(alnum, 24))
	tok("stripe", "stripe.api_key = ", "sk_test_FAKE"+g.str(alnum, 24))
	tok("npm", "//registry.npmjs.org/:_authToken=", "npm_"+g.str(lower+digits, 36))
	tok("huggingface", "HF says ", "hf_"+g.str(upper+lower, 34))
	tok("gitlab", "git push with ", "glpat-"+g.str(word, 20))
	tok("shopify", "X-Shopify-Access-Token: ", "shpat_"+g.str(hexc, 32))
	tok("digitalocean", "doctl auth init -t ", "dop_v1_"+g.str(hexc, 64))

	awsSecret := g.str(b64c, 40)
	ctx("aws-secret-line", "[default]\naws_secret_access_key = "+awsSecret+"\n", awsSecret)
	var body []string
	for range 6 {
		body = append(body, g.str(b64c, 64))
	}
	ctx("pem-rsa", "here is the key:\n-----BEGIN RSA PRIVATE KEY-----\n"+strings.Join(body, "\n")+"\n-----END RSA PRIVATE KEY-----\nthanks", body...)
	db := g.str(alnum, 16)
	ctx("postgres-url", "DATABASE_URL=postgres://fakeuser:"+db+"@db.example.invalid/app", db)
	gitPass := g.str(alnum, 20)
	ctx("git-url-password", "git clone https://fakeuser:"+gitPass+"@git.example.invalid/r.git", gitPass)
	envPass := g.str(alnum, 24)
	ctx("env-db-password", "DB_PASSWORD="+envPass, envPass)
	orKey := g.str(alnum, 40)
	ctx("env-api-key", "export OPENROUTER_API_KEY="+orKey, orKey)
	hook := g.str(upper+digits, 8) + "/B" + g.str(upper+digits, 8) + "/" + g.str(alnum, 24)
	ctx("slack-webhook", "post to https://hooks.slack.com/services/T"+hook, hook)
	bearer := g.str(alnum, 40)
	ctx("bearer-bare", "Authorization: Bearer "+bearer, bearer)
	bearer2 := g.str(alnum, 48)
	ctx("bearer-curl", `curl -s -H "Authorization: Bearer `+bearer2+`" https://api.example.invalid/v1/me`, bearer2)
	jsonPass := g.str(alnum, 18)
	ctx("json-password", `{"username": "admin", "password": "`+jsonPass+`"}`, jsonPass)
	b64url := base64.RawURLEncoding.EncodeToString
	jwtSig := g.str(word, 43)
	ctx("jwt", "session cookie was "+b64url([]byte(`{"alg":"HS256","typ":"JWT"}`))+"."+
		b64url([]byte(`{"sub":"fake-user","n":"`+g.str(alnum, 8)+`"}`))+"."+jwtSig+", expired", jwtSig)
	curlPass := g.str(alnum, 15)
	ctx("curl-user", "curl -u fakeuser:"+curlPass+" https://api.example.invalid", curlPass)
	return out
}

// Values lists every value of the shapes.
func Values(shapes []Shape) []string {
	var out []string
	for _, s := range shapes {
		out = append(out, s.Values...)
	}
	return out
}

// Tokens lists the shapes recognisable on their own.
func Tokens(shapes []Shape) []Shape {
	var out []Shape
	for _, s := range shapes {
		if s.Token {
			out = append(out, s)
		}
	}
	return out
}
