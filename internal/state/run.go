package state

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// Verdict says what an extraction run did with one offered session
// version, so a session skipped as low-signal is not retried forever
// (gemini-cli#26522).
type Verdict string

// Session verdicts.
const (
	VerdictRead    Verdict = "read"    // its rendering was returned to the extractor
	VerdictSkipped Verdict = "skipped" // offered, not read
	VerdictFailed  Verdict = "failed"  // reading it failed
)

// Run statuses (our field; Gemini's own runs have none).
const (
	StatusDone   = "done"
	StatusFailed = "failed"
	// StatusAborted is a run stopped by a signal (Ctrl-C, a scheduler's
	// stop): not a failure, so it starts no backoff, and not an offer of
	// its sessions.
	StatusAborted   = "aborted"
	StatusCompacted = "compacted" // synthetic run that carries compacted history for Gemini
)

// Tool marks runs written by automem.
const Tool = "automem"

// SessionVersion identifies one version of a session, as Gemini does: a
// resumed session has a new lastUpdated and is a new version.
type SessionVersion struct {
	SessionID   string `json:"sessionId"`
	LastUpdated string `json:"lastUpdated"`
}

// NewVersion builds a SessionVersion with lastUpdated rendered exactly as
// Gemini CLI writes it, so Gemini's string comparison matches ours.
func NewVersion(id string, lastUpdated time.Time) SessionVersion {
	return SessionVersion{SessionID: id, LastUpdated: FormatTime(lastUpdated)}
}

// SessionVerdict is one session's outcome in a run.
type SessionVerdict struct {
	SessionID   string  `json:"sessionId"`
	LastUpdated string  `json:"lastUpdated"`
	Verdict     Verdict `json:"verdict"`
	Reason      string  `json:"reason,omitempty"`
}

// Usage is the model traffic of a run.
type Usage struct {
	PromptTokens     int `json:"promptTokens"`
	CompletionTokens int `json:"completionTokens"`
	TotalTokens      int `json:"totalTokens"`
	// CachedTokens are the prompt tokens served from the provider's cache
	// (part of PromptTokens).
	CachedTokens int `json:"cachedTokens,omitempty"`
	// Estimated: the endpoint reported no usage for some answers, which
	// were counted from bytes instead.
	Estimated bool `json:"estimated,omitempty"`
}

// Run is one extraction run: Gemini CLI's run record plus our fields.
// Gemini drops a run that lacks runAt or skillsCreated, and when it rewrites
// the file it keeps only its own fields; ours are extras it ignores.
type Run struct {
	// Gemini CLI fields.
	RunAt                   string           `json:"runAt"`
	SessionIDs              []string         `json:"sessionIds"`
	CandidateSessions       []SessionVersion `json:"candidateSessions"`
	ProcessedSessions       []SessionVersion `json:"processedSessions"`
	MemoryCandidatesCreated []string         `json:"memoryCandidatesCreated"`
	MemoryFilesUpdated      []string         `json:"memoryFilesUpdated"`
	SkillsCreated           []string         `json:"skillsCreated"`
	TurnCount               float64          `json:"turnCount"`
	DurationMs              float64          `json:"durationMs"`
	TerminateReason         string           `json:"terminateReason"`

	// automem fields.
	Tool               string           `json:"tool,omitempty"`
	Status             string           `json:"status,omitempty"`
	Error              string           `json:"error,omitempty"`
	Extractor          string           `json:"extractor,omitempty"`
	Model              string           `json:"model,omitempty"`
	Verdicts           []SessionVerdict `json:"verdicts,omitempty"`
	Usage              *Usage           `json:"usage,omitempty"`
	BytesSent          int64            `json:"bytesSent,omitempty"`
	CandidatesCreated  int              `json:"candidatesCreated,omitempty"`
	CandidatesRejected int              `json:"candidatesRejected,omitempty"`
	// Cost is the run's model cost in US dollars, when the price is known.
	Cost *float64 `json:"cost,omitempty"`
	// BackoffUntil is when the provider's quota refills after a run that
	// stopped on a low rate-limit reading; no run starts before it.
	BackoffUntil string `json:"backoffUntil,omitempty"`

	// Extra holds fields we do not know, and the original bytes of known
	// fields whose value did not decode exactly, so a round trip loses
	// nothing another writer put there.
	Extra map[string]json.RawMessage `json:"-"`

	// opaque is a runs[] element that is not an object; kept verbatim.
	opaque json.RawMessage
	// absent lists known keys missing from a loaded run, so they are not
	// invented on write.
	absent map[string]bool
	// hasRunAt and hasSkills say whether Gemini would keep this run.
	hasRunAt, hasSkills bool
}

// geminiValid reports whether Gemini CLI's readExtractionState keeps the
// run: runAt must be a string and skillsCreated must be present.
func (r *Run) geminiValid() bool { return r.opaque == nil && r.hasRunAt && r.hasSkills }

func (r *Run) ours() bool { return r.Tool == Tool }

func (r *Run) synthetic() bool { return r.ours() && r.Status == StatusCompacted }

func (r *Run) failed() bool { return r.ours() && r.Status == StatusFailed }

func (r *Run) aborted() bool { return r.ours() && r.Status == StatusAborted }

// runKeys is the order in which known fields are written.
func runKeys() []string {
	return []string{
		"runAt", "sessionIds", "candidateSessions", "processedSessions",
		"memoryCandidatesCreated", "memoryFilesUpdated", "skillsCreated",
		"turnCount", "durationMs", "terminateReason",
		"tool", "status", "error", "extractor", "model", "verdicts", "usage",
		"bytesSent", "candidatesCreated", "candidatesRejected", "cost", "backoffUntil",
	}
}

func (r *Run) field(key string) any {
	switch key {
	case "runAt":
		return &r.RunAt
	case "sessionIds":
		return &r.SessionIDs
	case "candidateSessions":
		return &r.CandidateSessions
	case "processedSessions":
		return &r.ProcessedSessions
	case "memoryCandidatesCreated":
		return &r.MemoryCandidatesCreated
	case "memoryFilesUpdated":
		return &r.MemoryFilesUpdated
	case "skillsCreated":
		return &r.SkillsCreated
	case "turnCount":
		return &r.TurnCount
	case "durationMs":
		return &r.DurationMs
	case "terminateReason":
		return &r.TerminateReason
	case "tool":
		return &r.Tool
	case "status":
		return &r.Status
	case "error":
		return &r.Error
	case "extractor":
		return &r.Extractor
	case "model":
		return &r.Model
	case "verdicts":
		return &r.Verdicts
	case "usage":
		return &r.Usage
	case "bytesSent":
		return &r.BytesSent
	case "candidatesCreated":
		return &r.CandidatesCreated
	case "candidatesRejected":
		return &r.CandidatesRejected
	case "cost":
		return &r.Cost
	case "backoffUntil":
		return &r.BackoffUntil
	}
	return nil
}

// omitted says whether a known key is left out on write.
func (r *Run) omitted(key string) bool {
	if r.absent[key] {
		return true
	}
	switch key {
	case "tool", "status", "error", "extractor", "model":
		return *(r.field(key).(*string)) == ""
	case "verdicts":
		return len(r.Verdicts) == 0
	case "usage":
		return r.Usage == nil
	case "bytesSent":
		return r.BytesSent == 0
	case "candidatesCreated":
		return r.CandidatesCreated == 0
	case "candidatesRejected":
		return r.CandidatesRejected == 0
	case "cost":
		return r.Cost == nil
	case "backoffUntil":
		return r.BackoffUntil == ""
	}
	return false
}

// decodeRun reads one runs[] element as leniently as Gemini does: a field
// of the wrong type is treated as absent (string lists keep their string
// items), and its original bytes are kept for the round trip.
func decodeRun(raw json.RawMessage) Run {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return Run{opaque: append(json.RawMessage(nil), raw...)}
	}
	r := Run{absent: map[string]bool{}}
	for _, k := range runKeys() {
		v, ok := m[k]
		if !ok {
			r.absent[k] = true
			continue
		}
		delete(m, k)
		dst := r.field(k)
		exact := decodeLenient(v, dst)
		if !exact {
			if r.Extra == nil {
				r.Extra = map[string]json.RawMessage{}
			}
			r.Extra[k] = v
		}
		switch k {
		case "runAt":
			r.hasRunAt = exact || isJSONString(v)
		case "skillsCreated":
			r.hasSkills = true
		}
	}
	for k, v := range m {
		if r.Extra == nil {
			r.Extra = map[string]json.RawMessage{}
		}
		r.Extra[k] = v
	}
	return r
}

func isJSONString(v json.RawMessage) bool {
	var s string
	return json.Unmarshal(v, &s) == nil
}

// decodeLenient decodes v into dst; lists keep the items that decode. It
// reports whether re-encoding the result gives back exactly v (compacted).
func decodeLenient(v json.RawMessage, dst any) bool {
	isList := bytes.HasPrefix(bytes.TrimSpace(v), []byte("["))
	switch d := dst.(type) {
	case *[]string:
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for _, it := range items {
				var s string
				if json.Unmarshal(it, &s) == nil {
					*d = append(*d, s)
				}
			}
		}
	case *[]SessionVersion:
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for _, it := range items {
				var sv struct {
					SessionID   *string `json:"sessionId"`
					LastUpdated *string `json:"lastUpdated"`
				}
				if json.Unmarshal(it, &sv) == nil && sv.SessionID != nil && sv.LastUpdated != nil {
					*d = append(*d, SessionVersion{*sv.SessionID, *sv.LastUpdated})
				}
			}
		}
	case *[]SessionVerdict:
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for _, it := range items {
				var sv SessionVerdict
				if json.Unmarshal(it, &sv) == nil {
					*d = append(*d, sv)
				}
			}
		}
	default:
		if json.Unmarshal(v, dst) != nil {
			return false
		}
	}
	switch dst.(type) {
	case *[]string, *[]SessionVersion, *[]SessionVerdict:
		if !isList {
			return false
		}
	}
	got, err := json.Marshal(dst)
	if err != nil {
		return false
	}
	var want bytes.Buffer
	if json.Compact(&want, v) != nil {
		return false
	}
	return bytes.Equal(got, want.Bytes())
}

// MarshalJSON writes known fields in a fixed order, then unknown ones
// sorted by name.
func (r Run) MarshalJSON() ([]byte, error) {
	if r.opaque != nil {
		return r.opaque, nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	put := func(k string, v []byte) {
		if !first {
			b.WriteByte(',')
		}
		first = false
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		b.Write(v)
	}
	for _, k := range runKeys() {
		if raw, ok := r.Extra[k]; ok {
			put(k, raw)
			continue
		}
		if r.omitted(k) {
			continue
		}
		v, err := json.Marshal(emptyNotNull(r.field(k)))
		if err != nil {
			return nil, fmt.Errorf("encode run %s: %w", k, err)
		}
		put(k, v)
	}
	known := map[string]bool{}
	for _, k := range runKeys() {
		known[k] = true
	}
	var extra []string
	for k := range r.Extra {
		if !known[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		put(k, r.Extra[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// emptyNotNull writes nil lists as [] (Gemini's arrays are never null).
func emptyNotNull(p any) any {
	switch v := p.(type) {
	case *[]string:
		if *v == nil {
			return []string{}
		}
	case *[]SessionVersion:
		if *v == nil {
			return []SessionVersion{}
		}
	}
	return p
}
