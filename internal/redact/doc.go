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
package redact

//go:generate go run ./internal/tomlgen -in gitleaks/gitleaks.toml -out rules_gitleaks_gen.go
