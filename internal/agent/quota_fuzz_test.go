package agent

import (
	"math"
	"net/http"
	"testing"
	"time"
)

// FuzzReadQuota feeds arbitrary rate-limit headers (a hostile or broken
// endpoint writes them): reading never panics, a reading is a share of
// 0-100%, and the backoff it leads to is never in the past nor more than
// a day away.
func FuzzReadQuota(f *testing.F) {
	f.Add("1000", "200", "6m0s", "", "", "", "")
	f.Add("", "", "", "60", "0", "20ms", "120")
	f.Add("NaN", "-5", "Mon, 02 Jan 2006 15:04:05 GMT", "Inf", "1e308", "2026-05-02T13:00:00Z", "-1")
	f.Add("0", "0", "9999999h", "", "", "", "Thu, 01 Jan 1970 00:00:00 GMT")
	now := time.Date(2026, 5, 2, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, limTok, remTok, resetTok, limReq, remReq, resetReq, retry string) {
		h := http.Header{}
		for k, v := range map[string]string{
			"x-ratelimit-limit-tokens": limTok, "x-ratelimit-remaining-tokens": remTok, "x-ratelimit-reset-tokens": resetTok,
			"x-ratelimit-limit-requests": limReq, "x-ratelimit-remaining-requests": remReq, "x-ratelimit-reset-requests": resetReq,
			"Retry-After": retry,
		} {
			if v != "" {
				h.Set(k, v)
			}
		}
		q, ok := readQuota(h, now)
		if !ok {
			return
		}
		if math.IsNaN(q.Percent) || q.Percent < 0 || q.Percent > 100 {
			t.Fatalf("percent %v from %v", q.Percent, h)
		}
		u := q.until(now)
		if u.Before(now) || u.After(now.Add(quotaCeil)) {
			t.Fatalf("backoff until %v from %v", u, h)
		}
	})
}
