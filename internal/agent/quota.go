package agent

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Quota is what an answer's rate-limit headers say is left of the user's
// quota at the provider (OpenAI's x-ratelimit-* names, which Groq, Together,
// OpenRouter and most gateways reuse).
type Quota struct {
	// Percent is the smallest share left among tokens and requests, 0-100.
	Percent float64
	// Dimension is "tokens" or "requests", whichever is lower.
	Dimension string
	// Reset is when that dimension refills (zero if the headers do not say).
	Reset time.Time
}

// readQuota parses the rate-limit headers; ok is false when the answer
// carries none. A remaining count without a limit counts as 0% only when it
// is 0. The reset is x-ratelimit-reset-<dimension> ("6m0s", "20ms", plain
// seconds, or a date), else Retry-After.
func readQuota(h http.Header, now time.Time) (Quota, bool) {
	q := Quota{Percent: 101}
	found := false
	for _, dim := range []string{"tokens", "requests"} {
		rem, okRem := headerFloat(h, "x-ratelimit-remaining-"+dim)
		if !okRem {
			continue
		}
		lim, okLim := headerFloat(h, "x-ratelimit-limit-"+dim)
		var pct float64
		switch {
		case okLim && lim > 0:
			pct = min(max(rem/lim*100, 0), 100)
		case rem <= 0:
			pct = 0
		default:
			continue
		}
		found = true
		if pct < q.Percent {
			q.Percent, q.Dimension = pct, dim
			q.Reset = parseReset(h.Get("x-ratelimit-reset-"+dim), now)
		}
	}
	if !found {
		return Quota{}, false
	}
	if q.Reset.IsZero() {
		q.Reset = retryAfterTime(h, now)
	}
	return q, true
}

func headerFloat(h http.Header, name string) (float64, bool) {
	v := strings.TrimSpace(h.Get(name))
	if v == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(v, 64)
	return f, err == nil
}

// parseReset reads a reset header: a Go-style duration ("1m30s", "20ms"),
// plain seconds, an RFC 3339 time or an HTTP date.
func parseReset(v string, now time.Time) time.Time {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}
	}
	if d, err := time.ParseDuration(v); err == nil && d >= 0 {
		return now.Add(d)
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return now.Add(time.Duration(s * float64(time.Second)))
	}
	if t, err := time.Parse(time.RFC3339, v); err == nil {
		return t
	}
	if t, err := http.ParseTime(v); err == nil {
		return t
	}
	return time.Time{}
}

// retryAfterTime reads retry-after-ms or Retry-After as a time.
func retryAfterTime(h http.Header, now time.Time) time.Time {
	if v := h.Get("retry-after-ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return now.Add(time.Duration(ms * float64(time.Millisecond)))
		}
	}
	return parseReset(h.Get("Retry-After"), now)
}
