package state

import (
	"bytes"
	"encoding/json"
)

// runWire is a strict, one-pass decoding of a run; pointers tell a missing
// key from a zero value.
type runWire struct {
	RunAt                   *string           `json:"runAt"`
	SessionIDs              *[]string         `json:"sessionIds"`
	CandidateSessions       *[]SessionVersion `json:"candidateSessions"`
	ProcessedSessions       *[]SessionVersion `json:"processedSessions"`
	MemoryCandidatesCreated *[]string         `json:"memoryCandidatesCreated"`
	MemoryFilesUpdated      *[]string         `json:"memoryFilesUpdated"`
	SkillsCreated           *[]string         `json:"skillsCreated"`
	TurnCount               *float64          `json:"turnCount"`
	DurationMs              *float64          `json:"durationMs"`
	TerminateReason         *string           `json:"terminateReason"`
	Tool                    *string           `json:"tool"`
	Status                  *string           `json:"status"`
	Error                   *string           `json:"error"`
	Extractor               *string           `json:"extractor"`
	Model                   *string           `json:"model"`
	Verdicts                *[]SessionVerdict `json:"verdicts"`
	Usage                   *Usage            `json:"usage"`
	BytesSent               *int64            `json:"bytesSent"`
	CandidatesCreated       *int              `json:"candidatesCreated"`
	CandidatesRejected      *int              `json:"candidatesRejected"`
}

// decodeRunFast handles the common case, a run whose every field has the
// expected type and no unknown keys, in one pass. It reports false when the
// run must take the lenient path; the result is accepted only if writing it
// back gives exactly the input, so both paths agree.
func decodeRunFast(raw json.RawMessage, compact *bytes.Buffer) (Run, bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var w runWire
	if err := dec.Decode(&w); err != nil || dec.More() {
		return Run{}, false
	}
	r := Run{absent: map[string]bool{}}
	str := func(k string, p *string, dst *string) {
		if p == nil {
			r.absent[k] = true
		} else {
			*dst = *p
		}
	}
	strs := func(k string, p *[]string, dst *[]string) {
		if p == nil {
			r.absent[k] = true
		} else {
			*dst = *p
		}
	}
	vers := func(k string, p *[]SessionVersion, dst *[]SessionVersion) {
		if p == nil {
			r.absent[k] = true
		} else {
			*dst = *p
		}
	}
	num := func(k string, p *float64, dst *float64) {
		if p == nil {
			r.absent[k] = true
		} else {
			*dst = *p
		}
	}
	str("runAt", w.RunAt, &r.RunAt)
	strs("sessionIds", w.SessionIDs, &r.SessionIDs)
	vers("candidateSessions", w.CandidateSessions, &r.CandidateSessions)
	vers("processedSessions", w.ProcessedSessions, &r.ProcessedSessions)
	strs("memoryCandidatesCreated", w.MemoryCandidatesCreated, &r.MemoryCandidatesCreated)
	strs("memoryFilesUpdated", w.MemoryFilesUpdated, &r.MemoryFilesUpdated)
	strs("skillsCreated", w.SkillsCreated, &r.SkillsCreated)
	num("turnCount", w.TurnCount, &r.TurnCount)
	num("durationMs", w.DurationMs, &r.DurationMs)
	str("terminateReason", w.TerminateReason, &r.TerminateReason)
	str("tool", w.Tool, &r.Tool)
	str("status", w.Status, &r.Status)
	str("error", w.Error, &r.Error)
	str("extractor", w.Extractor, &r.Extractor)
	str("model", w.Model, &r.Model)
	if w.Verdicts != nil {
		r.Verdicts = *w.Verdicts
	} else {
		r.absent["verdicts"] = true
	}
	r.Usage = w.Usage
	if w.BytesSent != nil {
		r.BytesSent = *w.BytesSent
	}
	if w.CandidatesCreated != nil {
		r.CandidatesCreated = *w.CandidatesCreated
	}
	if w.CandidatesRejected != nil {
		r.CandidatesRejected = *w.CandidatesRejected
	}
	r.hasRunAt = w.RunAt != nil
	r.hasSkills = w.SkillsCreated != nil
	out, err := r.MarshalJSON()
	if err != nil {
		return Run{}, false
	}
	compact.Reset()
	if json.Compact(compact, raw) != nil || !bytes.Equal(out, compact.Bytes()) {
		return Run{}, false
	}
	return r, true
}
