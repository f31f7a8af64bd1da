package redact

import (
	"context"
	"iter"
	"sort"

	"github.com/rs/zerolog"
)

// Findings is a per-rule tally. It marshals into a zerolog object
// (rule → count) so a log line can say what was redacted without ever
// holding a value: log.Warn().Object("redacted", redact.Findings(f)).
type Findings []Finding

// MarshalZerologObject implements zerolog.LogObjectMarshaler.
func (fs Findings) MarshalZerologObject(e *zerolog.Event) {
	for _, f := range fs {
		e.Int(f.Rule, f.Count)
	}
}

// Total is the number of secrets replaced.
func (fs Findings) Total() int {
	n := 0
	for _, f := range fs {
		n += f.Count
	}
	return n
}

// Merge adds other to fs and returns the sorted sum.
func (fs Findings) Merge(other []Finding) Findings {
	m := map[string]int{}
	for _, f := range fs {
		m[f.Rule] += f.Count
	}
	for _, f := range other {
		m[f.Rule] += f.Count
	}
	return Findings(toFindings(m))
}

// Count tallies, per rule, what redaction would replace in texts without
// keeping any output; extract --dry-run --show-redactions prints it. A text
// whose redaction fails counts under the rule "withheld" (it would be sent
// as Withheld), so the dry run shows the same outcome a real run would.
func (r *Redactor) Count(ctx context.Context, texts iter.Seq[string]) (Findings, error) {
	m := map[string]int{}
	for t := range texts {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		_, f, err := r.Text(ctx, t)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			m[withheldRule]++
			continue
		}
		for _, x := range f {
			m[x.Rule] += x.Count
		}
	}
	out := toFindings(m)
	sort.Slice(out, func(i, j int) bool { return out[i].Rule < out[j].Rule })
	return Findings(out), nil
}

// withheldRule names texts that would be withheld in Count's tally.
const withheldRule = "withheld"
