// Package redact removes secrets from text before it leaves the machine or
// lands on disk: transcript renderings sent to the model, index lines and
// summaries printed on stdout, and every inbox patch or skill draft an agent
// wrote. Each secret becomes a typed placeholder such as
// [REDACTED:github-pat], so the model still knows what kind of value was
// there while the value itself never travels.
//
// Redaction is deterministic code, never a model's judgement, and it fails
// closed: Text returns an error on a panic, a per-message time cap or an
// oversized message, and the caller then sends Withheld instead.
//
// # Rules: gitleaks' data, not gitleaks' code
//
// The rule set is gitleaks' default configuration (config/gitleaks.toml of
// v8.30.1, MIT, copied in gitleaks/ with its licence) turned into a Go table
// at build time by internal/tomlgen (go generate), plus automem's own rules
// for what that set misses: passwords in URLs, bare Authorization / Bearer /
// Basic values, .env-style *_SECRET / *_TOKEN / *_PASSWORD / *_KEY
// assignments, quoted secrets in code and config, truncated or JSON-escaped
// PEM private keys, JWTs followed by punctuation, Docker auths, GCP key ids,
// the AWS secret key line and curl -u user:pass. Rules only gated by file
// paths are left out (a transcript has no path). gitleaks' trailing
// terminator is widened to also accept ) , . : > and friends, which follow
// keys in prose and shell lines.
//
// gitleaks itself was evaluated as a library and rejected. Measured on this
// project's machine (2 shared CPUs, go1.26) with the same real-format Gemini
// transcripts, redacting each JSONL record on its own:
//
//	                     gitleaks v8.30.1 library     this package
//	binary (small main)  3.0 MB -> 12.9 MB            3.0 MB -> 4.3 MB
//	modules added        ~70 direct+indirect (viper,  none
//	                     sprig, archive codecs)
//	start-up             ~25 ms idle (research),      2.6 ms (rules compile
//	                     230-330 ms here; sets a      lazily; all of them
//	                     global viper config          ~40 ms CPU)
//	throughput per line  2.0-2.7 MB/CPU-s             ~22 MB/CPU-s
//	one 8 MiB message    26 s as one fragment         ~20 MB/CPU-s (linear,
//	                     (research)                   64 KiB fragments)
//
// On this package's 46-shape test corpus (each shape plain, JSON-escaped,
// \u002d-escaped, percent-encoded, as a JSON key and as a JSON value),
// gitleaks' default detector finds every secret of 30 shapes in plain text,
// 28 JSON-escaped, 20 \u-escaped and 6 percent-encoded; this package
// redacts all 276 cases. Its detector also configures a package-global
// viper instance, and it
// cannot report decoded-text matches back onto JSON-escaped or
// percent-encoded source bytes, which transcripts are full of.
//
// # How a text is scanned
//
// A text is cut into fragments of at most 64 KiB that overlap by 8 KiB
// (secrets on a boundary are seen whole). Each fragment is scanned as is and
// through decoded views (JSON string escapes, percent encoding, each nested
// once) whose bytes map back to the source, so an escaped secret is replaced
// in its encoded form; base64 runs that decode to text are scanned too. One
// Aho-Corasick pass finds every rule keyword; a rule's regex then runs only
// on a small window around its keywords, and "name = value" rules run
// anchored at the name after a cheap check that an operator and a value
// follow. Matching spans are merged and replaced; passes repeat until
// nothing more is found, so Redact(Redact(s)) == Redact(s), and
// placeholders overlap no candidate, so they match no rule.
//
// False positives, measured: 0 of 23,671 records of real-format Gemini
// transcripts (14 MB, gen-transcripts.mjs medium and large); 38 of 1.6
// million lines of Go's own source tree (49 MB of non-test .go files,
// 0.0024%, mostly gitleaks' generic rule on register names); 1 of 1,571
// benign test items (SHAs, UUIDs, digests, base64 images, code).
//
// Behaviour pinned by tests: AWS's documented example id
// AKIAIOSFODNN7EXAMPLE is left alone (gitleaks' allowlist), a random id of
// the same shape is redacted.
package redact

//go:generate go run ./internal/tomlgen -in gitleaks/gitleaks.toml -out rules_gitleaks_gen.go
