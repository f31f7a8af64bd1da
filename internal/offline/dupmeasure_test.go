package offline

import (
	"slices"
	"testing"

	"github.com/automem/automem/internal/patch"
)

// TestSameFactSpanWords: a command written as code in one line and told
// in words in the other is one fact; a line listing several commands, or
// two commands of one tool with other values, is not tied to prose by its
// commands' words.
func TestSameFactSpanWords(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"Run `npm run lint:fix` before pushing.", "Run the lint fix script before every push.", true},
		{"Always run `cargo fmt --all` before pushing.", "Format everything with cargo fmt before every push.", true},
		// Negative: other values in the spans are other facts.
		{"Run `make test-unit` before pushing.", "Run `make test-e2e` before pushing.", false},
		// Negative: a list of commands is compared by its commands, not
		// by the words of their paths.
		{"Verification commands for this project: `jsonnetfmt --test lib/*.libsonnet dashboards/*.jsonnet`, `jsonnet-lint -J vendor dashboards/api-overview.jsonnet`, `make build`.",
			"Dashboards as code: jsonnet + grafonnet, vendored with jsonnet-bundler.", false},
		// Negative: the same tool, another rule.
		{"Run `terraform fmt -recursive` before pushing.", "Terraform state lives in the S3 bucket, never locally.", false},
	} {
		if got := sameFact(tt.a, tt.b); got != tt.want {
			t.Errorf("sameFact(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestFactUnits: a sentence of two clauses joined by a semicolon or ",
// and", each with three fact terms or more, is two units; a list or a
// short aside stays with its sentence.
func TestFactUnits(t *testing.T) {
	for _, tt := range []struct {
		line string
		want []string
	}{
		{"Timestamps are stored in UTC; the API returns them as ISO 8601 strings.",
			[]string{"Timestamps are stored in UTC.", "The API returns them as ISO 8601 strings."}},
		{"Background jobs run on Sidekiq, and every job must be idempotent because Sidekiq retries it.",
			[]string{"Background jobs run on Sidekiq.", "Every job must be idempotent because Sidekiq retries it."}},
		{"Greenhouse sensors report every 30 seconds; the dashboard averages them over five minutes.",
			[]string{"Greenhouse sensors report every 30 seconds.", "The dashboard averages them over five minutes."}},
		// Negative: a list, and a short clause.
		{"Run black, isort, and flake8 before pushing.", []string{"Run black, isort, and flake8 before pushing."}},
		{"Use pnpm; never npm.", []string{"Use pnpm; never npm."}},
		// Negative: the separator inside a code span.
		{"Run `make lint; make test` before every push to the shared branch.", []string{"Run `make lint; make test` before every push to the shared branch."}},
	} {
		if got := factUnits(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("factUnits(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestRuling: a contrast that rules a thing out says what a negation
// says; a line that rules nothing out does not.
func TestRuling(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"Amounts are displayed with the currency code, never a symbol.", true},
		{"Amounts are displayed with the currency code rather than a symbol.", true},
		{"Schedule the reports with the queue instead of cron.", true},
		{"Amounts are displayed with the currency code.", false},
		{"Instead, the reports are scheduled by the queue.", false},
	} {
		if got := ruling(tt.s); got != tt.want {
			t.Errorf("ruling(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// TestAbsorb: an edit of a memory line takes in a line accepted before it
// in the same run that states the fact it now states, with that line's
// sessions; a line of another fact, or another edit, stays.
func TestAbsorb(t *testing.T) {
	same := candidate{kind: KindInstruction, line: "The greenhouse controller polls the sensors every 30 seconds.", srcs: []source{{session: 1, msgID: "m1"}}}
	other := candidate{kind: KindInstruction, line: "Sensor readings are stored in InfluxDB.", srcs: []source{{session: 2, msgID: "m2"}}}
	edit2 := candidate{kind: KindInstruction, line: "The controller polls every 30 seconds.", replaces: "- The controller polls every 60 seconds.", srcs: []source{{session: 3, msgID: "m3"}}}
	w := &writer{lines: 3, pending: map[patch.Kind][]pendingLine{
		patch.Private: {{"## Conventions", same}, {"## Conventions", other}, {"## Conventions", edit2}},
	}}
	c := candidate{kind: KindInstruction, line: "The greenhouse controller polls the sensors every 30 seconds.", replaces: "- The greenhouse controller polls the sensors every 60 seconds.", srcs: []source{{session: 0, msgID: "m0"}}}
	w.absorb(&c)
	var left []string
	for _, pl := range w.pending[patch.Private] {
		left = append(left, pl.c.line)
	}
	if want := []string{other.line, edit2.line}; !slices.Equal(left, want) || w.lines != 2 {
		t.Errorf("pending after absorb = %q (%d lines), want %q (2 lines)", left, w.lines, want)
	}
	if len(c.srcs) != 2 || c.srcs[1].session != 1 {
		t.Errorf("edit's sessions = %+v, want the absorbed line's session added", c.srcs)
	}
}
