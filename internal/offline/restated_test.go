package offline

import (
	"strings"
	"testing"
)

// TestRestatedFacts: a fact stated in two sessions in other words, with no
// marker and no back-reference, is one line with both sessions as
// evidence; the same nouns in requests, questions, trouble reports or
// narration are no fact.
func TestRestatedFacts(t *testing.T) {
	for _, tc := range []struct {
		name     string
		sessions [][]string
		want     string // "" when nothing may come of it
	}{
		{"invoices", [][]string{
			{"u:can you add a csv download to the report page", "u:The invoices come from the Billing API, not from our own tables."},
			{"u:add a total row to the invoice table", "u:the invoices on that page are pulled from the Billing API, so the totals are theirs"},
		}, "billing api"},
		{"pager", [][]string{
			{"u:the on-call rota lives in a sheet", "u:The ward's night alerts are routed through Opsgenie."},
			{"u:fix the typo in the handover doc", "u:night alerts for the ward page through Opsgenie, the desk phones ring for nothing"},
		}, "opsgenie"},
		{"purge network", [][]string{
			{"u:the PURGE from the CMS comes only from 10.8.0.0/24, keep the acl"},
			{"u:And for the purge, the acl stays, only the CMS network 10.8.0.0/24 can send PURGE"},
		}, "10.8.0.0/24"},
		// One-off requests that repeat a noun.
		{"request", [][]string{
			{"u:the Settings page needs a dark mode toggle"},
			{"u:the Settings page needs a dark mode preview as well"},
		}, ""},
		{"question", [][]string{
			{"u:Is the session cache kept in Redis?"},
			{"u:Does the session cache use Redis?"},
		}, ""},
		{"trouble", [][]string{
			{"u:The Stripe webhook is failing on the refunds."},
			{"u:the Stripe webhook still fails on refunds"},
		}, ""},
		{"narration", [][]string{
			{"u:The Kafka cluster was down yesterday for the ingest."},
			{"u:The Kafka cluster was restarted for the ingest."},
		}, ""},
		{"said once", [][]string{
			{"u:The invoices come from the Billing API, not from our own tables."},
			{"u:add a total row to the report"},
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := candidatesOf(tc.sessions...)
			if tc.want == "" {
				if len(got) != 0 {
					t.Fatalf("got %+v; want nothing", got)
				}
				return
			}
			if len(got) != 1 || !strings.Contains(strings.ToLower(got[0].line), tc.want) || len(sessionsOf(got[0])) != 2 {
				t.Fatalf("got %+v; want one line naming %q from both sessions", got, tc.want)
			}
		})
	}
}

// TestFactClauses: the clauses that state how something is word a line;
// a clause that leans back, opens with a relative word or asks for work
// does not.
func TestFactClauses(t *testing.T) {
	for _, tc := range []struct {
		s     string
		words []string // clauses that can word a line
	}{
		{"The bot itself only speaks German, of course.", []string{"The bot itself only speaks German"}},
		{"Rate-limiting in this stack uses the redis policy, the shared Redis is `redis.payments.svc`.",
			[]string{"Rate-limiting in this stack uses the redis policy", "the shared Redis is `redis.payments.svc`."}},
		{"I believe the quotes come from the Pricing service", []string{"the quotes come from the Pricing service"}},
		{"bucketed on the time column, which is timestamptz so the buckets are in UTC", nil},
		{"the checkout page needs a coupon field", nil},
		{"Is the cache in Redis?", nil},
		{"Admin API is now only on the TLS listener.", nil},
	} {
		cl, ws := factClauses(tc.s)
		var got []string
		for i, c := range cl {
			if ws[i] {
				got = append(got, c)
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.words, "|") {
			t.Errorf("factClauses(%q) words %q; want %q", tc.s, got, tc.words)
		}
	}
}
