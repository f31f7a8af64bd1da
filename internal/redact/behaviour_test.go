package redact

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

// AWS documents AKIAIOSFODNN7EXAMPLE; gitleaks allowlists ids ending in
// EXAMPLE and so do we. Pinned so a rule-data update that changes it is
// noticed. A random id of the same shape is redacted.
func TestAWSExampleIDPinned(t *testing.T) {
	r := newTest(t)
	in := "use AKIAIOSFODNN7EXAMPLE from the AWS docs"
	if out, f := r.Redact(in); out != in || f != nil {
		t.Fatalf("documented example changed: %q %v", out, f)
	}
	g := newGen(3)
	id := "AKIAFAKE" + g.str(b32, 12)
	out, f := r.Redact("use " + id + " now")
	if strings.Contains(out, id) || len(f) != 1 || f[0].Rule != "aws-access-token" || f[0].Count != 1 {
		t.Fatalf("random id not redacted as aws-access-token: %q %v", out, f)
	}
}

// TestAWSLooseID: an access key id with a digit AWS's base32 never holds
// is still redacted, as the credential a reader takes it for; a word of
// the same length that only starts like one is not.
func TestAWSLooseID(t *testing.T) {
	r := newTest(t)
	id := "AKIAQX7ZK4ML2WPN5R8T"
	out, f := r.Redact("rotated it already: " + id + ".")
	if strings.Contains(out, id) || len(f) != 1 || f[0].Rule != "aws-access-key-id-loose" {
		t.Fatalf("loose id not redacted: %q %v", out, f)
	}
	in := "ACCAUNTINGREPORTSXYZW is the table"
	if out, f := r.Redact(in); out != in || f != nil {
		t.Fatalf("a word with no digit was redacted: %q %v", out, f)
	}
}

func TestPlaceholderShape(t *testing.T) {
	r := newTest(t)
	out, f := r.Redact("token ghp_FAKE" + newGen(9).str(alnum, 32) + " end")
	if out != "token [REDACTED:github-pat] end" {
		t.Fatalf("got %q", out)
	}
	if !slices.Equal(f, []Finding{{"github-pat", 1}}) {
		t.Fatalf("findings %v", f)
	}
}

// Placeholders must match no rule, whatever surrounds them.
func TestPlaceholdersMatchNoRule(t *testing.T) {
	r := newTest(t)
	for _, id := range r.Rules() {
		p := Placeholder(id)
		for _, ctx := range []string{
			"%s", "API_KEY=%s", "DB_PASSWORD=%s", `{"password": "%s"}`, "Authorization: Bearer %s",
			"https://user:%s@host.example.invalid/", "curl -u me:%s https://x.invalid", `"auth": "%s"`,
			"aws_secret_access_key = %s", "token: %s",
		} {
			in := strings.Replace(ctx, "%s", p, 1)
			if out, f := r.Redact(in); out != in || f != nil {
				t.Errorf("placeholder %q in %q changed: %q %v", p, ctx, out, f)
			}
		}
	}
}

// Redacting twice equals redacting once, on mixes of secrets, encodings
// and benign text drawn from a seeded PRNG.
func TestIdempotent(t *testing.T) {
	r := newTest(t)
	benign := benignTexts(t)
	for seed := uint64(1); seed <= 40; seed++ {
		g := newGen(seed)
		shapes := corpus(seed)
		encs := encodings()
		var parts []string
		for range 6 {
			if g.r.IntN(3) == 0 {
				parts = append(parts, benign[g.r.IntN(len(benign))])
				continue
			}
			sh := shapes[g.r.IntN(len(shapes))]
			parts = append(parts, encs[g.r.IntN(len(encs))].encode(sh.text))
		}
		in := strings.Join(parts, []string{"\n", " ", "", "\\n"}[g.r.IntN(4)])
		once, _ := r.Redact(in)
		twice, f := r.Redact(once)
		if twice != once {
			t.Fatalf("seed %d: not idempotent (second pass found %v)\nonce:  %q\ntwice: %q", seed, f, once, twice)
		}
	}
}

func benignTexts(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob("../../testdata/secrets/benign/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("benign corpus missing: %v", err)
	}
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// benignItems are strings that look random but are not secrets: the
// false-positive test counts how many get redacted.
func benignItems(t testing.TB) []string {
	g := newGen(42)
	hex := "0123456789abcdef"
	var items []string
	for range 200 {
		items = append(items, "commit "+g.str(hex, 40))
		items = append(items, "merged "+g.str(hex, 7)+" into main")
		u := g.str(hex, 32)
		items = append(items, "request id "+u[:8]+"-"+u[8:12]+"-4"+u[13:16]+"-a"+u[17:20]+"-"+u[20:32])
		items = append(items, "image@sha256:"+g.str(hex, 64))
		items = append(items, "sha256sum: "+g.str(hex, 64)+"  dist/app.tar.gz")
		raw := make([]byte, 600)
		for i := range raw {
			raw[i] = byte(g.r.IntN(256))
		}
		raw[0], raw[1], raw[2], raw[3] = 0x89, 'P', 'N', 'G'
		items = append(items, `<img src="data:image/png;base64,`+base64.StdEncoding.EncodeToString(raw)+`">`)
		items = append(items, `"integrity": "sha512-`+base64.StdEncoding.EncodeToString(raw[:64])+`"`)
	}
	for _, text := range benignTexts(t) {
		for line := range strings.SplitSeq(text, "\n") {
			if strings.TrimSpace(line) != "" {
				items = append(items, line)
			}
		}
	}
	return items
}

// TestFalsePositiveRate measures how often benign high-entropy strings
// and ordinary code are redacted. Over-redaction is accepted (it costs
// context, not safety) but must stay rare.
func TestFalsePositiveRate(t *testing.T) {
	r := newTest(t)
	items := benignItems(t)
	hit := 0
	byRule := map[string]int{}
	for _, it := range items {
		if _, f := r.Redact(it); len(f) > 0 {
			hit++
			for _, x := range f {
				byRule[x.Rule] += x.Count
			}
			t.Logf("false positive: %.80q %v", it, f)
		}
	}
	rate := float64(hit) / float64(len(items))
	t.Logf("false-positive rate: %d of %d items (%.2f%%), by rule %v", hit, len(items), 100*rate, byRule)
	if rate > 0.01 {
		t.Fatalf("false-positive rate %.2f%% over 1%%", 100*rate)
	}
}

func TestFailClosed(t *testing.T) {
	ctx := context.Background()
	secret := "ghp_FAKE" + newGen(5).str(alnum, 32)

	t.Run("too large", func(t *testing.T) {
		r, _ := New(Options{MaxMessage: 1024})
		out, f, err := r.Safe(ctx, strings.Repeat("a", 1025)+secret)
		if !errors.Is(err, ErrTooLarge) || out != Withheld || f != nil {
			t.Fatalf("got %q %v %v", out, f, err)
		}
	})
	t.Run("time cap", func(t *testing.T) {
		r, _ := New(Options{MessageTimeout: time.Nanosecond})
		big := strings.Repeat("key = value "+secret+"\n", 50000)
		out, _, err := r.Text(ctx, big)
		if !errors.Is(err, context.DeadlineExceeded) || out != "" {
			t.Fatalf("got len %d, err %v", len(out), err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		r := newTest(t)
		c, cancel := context.WithCancel(ctx)
		cancel()
		if _, _, err := r.Text(c, secret); !errors.Is(err, context.Canceled) {
			t.Fatalf("err %v", err)
		}
	})
	t.Run("panic", func(t *testing.T) {
		r, err := newWithRules(Options{}, []ruleSpec{{ID: "boom", Regex: `ghp_\w+`, Keywords: []string{"ghp_"}, Check: func(string) bool { panic("rule bug") }}})
		if err != nil {
			t.Fatal(err)
		}
		var failed []error
		hook := r.Hook(ctx, func(err error) { failed = append(failed, err) }, nil)
		if out := hook("x " + secret); out != Withheld {
			t.Fatalf("hook returned %q", out)
		}
		if len(failed) != 1 || !strings.Contains(failed[0].Error(), "panic") {
			t.Fatalf("onFail got %v", failed)
		}
		if out := hook("no secret here"); out != "no secret here" {
			t.Fatalf("clean text changed: %q", out)
		}
	})
}

// Secrets straddling fragment boundaries, on short and on very long lines.
func TestFragmentBoundaries(t *testing.T) {
	r := newTest(t)
	g := newGen(11)
	for _, lineLen := range []int{80, 1 << 20} {
		for _, at := range []int{maxFragment - 20, maxFragment - 7*maxFragment/8 - 5, 3*maxFragment + 3} {
			secret := "ghp_FAKE" + g.str(alnum, 32)
			var b strings.Builder
			for b.Len() < at {
				if lineLen < 1000 && b.Len()%lineLen == lineLen-1 {
					b.WriteByte('\n')
					continue
				}
				b.WriteByte("the quick brown fox "[b.Len()%20])
			}
			b.WriteString(" " + secret + " ")
			b.WriteString(strings.Repeat("z", 70000))
			out, f := r.Redact(b.String())
			if strings.Contains(out, secret[8:]) || len(f) != 1 || f[0].Count != 1 {
				t.Errorf("line %d at %d: secret survived or miscounted: %v", lineLen, at, f)
			}
		}
	}
}

func TestFile(t *testing.T) {
	ctx := context.Background()
	r := newTest(t)
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	secret := "glpat-" + newGen(8).str(word, 20)
	patch := "--- /dev/null\n+++ /m/MEMORY.md\n@@ -0,0 +1 @@\n+push with " + secret + "\n"
	if err := os.MkdirAll(filepath.Join(dir, "skills", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	name := "skills/x/SKILL.md"
	if err := os.WriteFile(filepath.Join(dir, name), []byte(patch), 0o640); err != nil {
		t.Fatal(err)
	}
	// A hard link elsewhere keeps the old bytes (the file is replaced by rename).
	if err := os.Link(filepath.Join(dir, name), filepath.Join(dir, "other")); err != nil {
		t.Fatal(err)
	}
	f, err := r.File(ctx, root, name)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f, []Finding{{"gitlab-pat", 1}}) {
		t.Fatalf("findings %v", f)
	}
	got, _ := os.ReadFile(filepath.Join(dir, name))
	if strings.Contains(string(got), secret) || !strings.Contains(string(got), "[REDACTED:gitlab-pat]") {
		t.Fatalf("file not redacted: %q", got)
	}
	if fi, _ := os.Stat(filepath.Join(dir, name)); fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v", fi.Mode())
	}
	if other, _ := os.ReadFile(filepath.Join(dir, "other")); string(other) != patch {
		t.Fatalf("hard link changed")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "skills", "x"))
	if len(entries) != 1 {
		t.Fatalf("temp file left behind: %v", entries)
	}
	// Clean file: untouched (same inode).
	before, _ := os.Stat(filepath.Join(dir, name))
	if f, err := r.File(ctx, root, name); err != nil || f != nil {
		t.Fatalf("second run: %v %v", f, err)
	}
	after, _ := os.Stat(filepath.Join(dir, name))
	if !os.SameFile(before, after) {
		t.Fatal("clean file rewritten")
	}
	// Symlinks are refused, even to a file inside the root.
	if err := os.Symlink("other", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if _, err := r.File(ctx, root, "link"); !errors.Is(err, ErrNotRegular) {
		t.Fatalf("symlink: %v", err)
	}
	// Escapes are refused by the root.
	if _, err := r.File(ctx, root, "../x"); err == nil {
		t.Fatal("escape allowed")
	}
}

func TestCountAndLog(t *testing.T) {
	r, _ := New(Options{MaxMessage: 4096})
	g := newGen(21)
	texts := []string{
		"ghp_FAKE" + g.str(alnum, 32) + " and ghp_FAKE" + g.str(alnum, 32),
		"DB_PASSWORD=" + g.str(alnum, 20),
		"nothing here",
		strings.Repeat("x", 5000),
	}
	// extract --dry-run --show-redactions tallies this way (jobs).
	var f Findings
	hook := r.Hook(context.Background(), func(error) { f = f.Merge([]Finding{{WithheldRule, 1}}) }, func(x []Finding) { f = f.Merge(x) })
	for _, s := range texts {
		hook(s)
	}
	want := Findings{{"env-secret", 1}, {"github-pat", 2}, {"withheld", 1}}
	if !slices.Equal(f, want) {
		t.Fatalf("count %v, want %v", f, want)
	}
	if f.Total() != 4 {
		t.Fatalf("total %d", f.Total())
	}
	var buf bytes.Buffer
	log := zerolog.New(&buf)
	log.Warn().Object("redacted", f).Msg("x")
	if got := buf.String(); !strings.Contains(got, `"redacted":{"env-secret":1,"github-pat":2,"withheld":1}`) {
		t.Fatalf("log %s", got)
	}
	if m := f.Merge([]Finding{{"github-pat", 1}, {"jwt", 2}}); !slices.Equal(m, Findings{{"env-secret", 1}, {"github-pat", 3}, {"jwt", 2}, {"withheld", 1}}) {
		t.Fatalf("merge %v", m)
	}
}

// One Redactor serves many goroutines (rules compile lazily under a
// sync.Once); run with -race.
func TestConcurrentUse(t *testing.T) {
	r := newTest(t)
	shapes := corpus(77)
	done := make(chan []string)
	for w := range 4 {
		go func() {
			var bad []string
			for i := w; i < len(shapes); i += 4 {
				out, _ := r.Redact(shapes[i].text)
				for _, s := range shapes[i].secrets {
					if strings.Contains(out, s) {
						bad = append(bad, shapes[i].name)
					}
				}
			}
			done <- bad
		}()
	}
	for range 4 {
		if bad := <-done; len(bad) > 0 {
			t.Errorf("secrets survived under concurrency: %v", bad)
		}
	}
}

// Real-format transcripts of ordinary coding sessions (no secrets in them)
// come out unchanged: the false-positive rate on realistic text.
func TestCleanTranscriptsUnchanged(t *testing.T) {
	r := newTest(t)
	files, _ := filepath.Glob("../render/testdata/gref-medium/*.jsonl")
	if len(files) == 0 {
		t.Skip("no sample transcripts")
	}
	lines, changed := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for l := range strings.SplitSeq(string(data), "\n") {
			lines++
			if out, fs := r.Redact(l); out != l {
				changed++
				t.Errorf("clean record changed: %v", fs)
			}
		}
	}
	t.Logf("%d of %d transcript records changed", changed, lines)
}

// When redaction fails, File reports it and leaves the file as it was: the
// caller quarantines it instead of keeping unredacted text.
func TestFileFailsClosed(t *testing.T) {
	r, _ := New(Options{MaxMessage: 64})
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	body := strings.Repeat("x", 100) + " ghp_FAKE" + newGen(4).str(alnum, 32)
	if err := os.WriteFile(filepath.Join(dir, "draft.md"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := r.File(context.Background(), root, "draft.md"); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err %v", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "draft.md")); string(got) != body {
		t.Fatal("file changed after a failed redaction")
	}
}

func TestTimeoutScalesWithSize(t *testing.T) {
	r, _ := New(Options{MessageTimeout: time.Second})
	for _, c := range []struct {
		n    int
		want time.Duration
	}{{0, time.Second}, {1, time.Second}, {1 << 20, time.Second}, {1<<20 + 1, 2 * time.Second}, {10 << 20, 10 * time.Second}} {
		if got := r.timeout(c.n); got != c.want {
			t.Errorf("timeout(%d) = %v, want %v", c.n, got, c.want)
		}
	}
}

// A long key, percent-encoded (three bytes per character, so longer than
// the fragment overlap), straddling a fragment boundary is redacted whole.
func TestLongPEMAcrossFragments(t *testing.T) {
	r := newTest(t)
	g := newGen(13)
	var body []string
	for range 50 {
		body = append(body, g.str(b64c, 64))
	}
	pemText := "-----BEGIN RSA PRIVATE KEY-----\n" + strings.Join(body, "\n") + "\n-----END RSA PRIVATE KEY-----"
	enc := percentEncode(pemText)
	for _, before := range []int{maxFragment - 2000, maxFragment - 6000, maxFragment - 9000, 2*maxFragment - 7*maxFragment/8 - 3000} {
		in := strings.Repeat("a", before) + " " + enc + " tail"
		out, _ := r.Redact(in)
		dec, _ := percentDecode(out)
		for i, l := range body {
			if strings.Contains(dec, l) {
				t.Fatalf("offset %d: body line %d survived", before, i)
			}
		}
		if !strings.HasSuffix(out, " tail") {
			t.Fatalf("offset %d: text after the key lost", before)
		}
	}
}

// Prose after a truncated key is not swallowed.
func TestTruncatedPEMStopsAtProse(t *testing.T) {
	r := newTest(t)
	line := newGen(14).str(b64c, 64)
	in := "-----BEGIN PRIVATE KEY-----\n" + line + "\nthe output was cut here, so we moved on."
	out, f := r.Redact(in)
	if strings.Contains(out, line) || len(f) == 0 || !strings.Contains(out, "the output was cut here, so we moved on.") {
		t.Fatalf("got %q %v", out, f)
	}
}

// With the smallest fragment, a text many fragments long still has every
// secret redacted, wherever the boundaries fall.
func TestSmallFragments(t *testing.T) {
	r, _ := New(Options{Fragment: 1})
	if r.opts.Fragment != minFragment {
		t.Fatalf("fragment %d", r.opts.Fragment)
	}
	g := newGen(17)
	shapes := corpus(17)
	var b strings.Builder
	var secrets, names []string
	for b.Len() < 20*minFragment {
		sh := shapes[g.r.IntN(len(shapes))]
		b.WriteString(" " + sh.text)
		b.WriteString(strings.Repeat(" filler", g.r.IntN(400)))
		if g.r.IntN(2) == 0 {
			b.WriteByte('\n')
		}
		for _, s := range sh.secrets {
			secrets = append(secrets, s)
			names = append(names, sh.name)
		}
	}
	out, _ := r.Redact(b.String())
	for i, s := range secrets {
		if j := strings.Index(out, s); j >= 0 {
			t.Fatalf("%s secret survived: %q", names[i], out[max(0, j-200):min(len(out), j+100)])
		}
	}
}

// Ordinary tool output and code that once looked like secrets.
func TestOrdinaryTextKept(t *testing.T) {
	r := newTest(t)
	for _, in := range []string{
		"--- PASS: TestParseTokens (0.00s)",
		"    --- PASS: TestAuth/expired_token (0.01s)",
		"PWD=/home/dev/project",
		"IMAGE_REL_ARM64_TOKEN = 0x000C",
		"if !s.ReadUint16LengthPrefixed(&cipherSuites) {",
		"// acts like s.ReadUint24LengthPrefixed, but targets a",
		"SIOCGLIFTOKEN                 = -0x3f879678",
		"SECRET_KEY = os.environ[\"DJANGO_SECRET_KEY\"]",
		"sorted_keys = sorted(keys, key=lambda k: k.created_at)",
		// a password flag the tool asks for, or a placeholder
		"mysql -u root -p shop < dump.sql",
		"mysqldump -h db.internal -P 3306 -u app -p --single-transaction shop",
		"docker login -u ci -p $REGISTRY_TOKEN registry.example.invalid",
		"signtool sign /f cert.pfx /p <password> app.exe",
		"keytool -list -keystore release.jks -storepass:env STORE_PASS",
		"keytool -list -keystore release.jks -storepass:file /run/secrets/store",
	} {
		if out, f := r.Redact(in); out != in {
			t.Errorf("changed %q -> %q (%v)", in, out, f)
		}
	}
	// ... while real values in the same shapes are still caught.
	g := newGen(29)
	for _, in := range []string{"vault token s." + g.str(alnum, 24), "DB_PASS=" + g.str(alnum, 16), "MYSQL_PWD=" + g.str(alnum, 12), "GH_TOKEN: " + g.str(alnum, 30)} {
		if out, _ := r.Redact(in); out == in {
			t.Errorf("not redacted: %q", in)
		}
	}
}
