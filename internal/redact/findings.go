package redact

import "github.com/rs/zerolog"

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

// WithheldRule is the rule a dry run's tally counts a text under when its
// redaction fails: the text would be sent as Withheld.
const WithheldRule = "withheld"
