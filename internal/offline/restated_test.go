package offline

import (
	"strings"
	"testing"
	"time"
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
		// A file named with its directory once and by its name alone
		// later is one file; a change denied ("didn't change", "not
		// changed") confirms the fact.
		{"file by its base name", [][]string{
			{"u:the pricing step reads conf/tariffs_2024.toml, check it before the run"},
			{"u:the pricing must use tariffs_2024.toml again, the tariffs didn't change"},
		}, "tariffs_2024.toml"},
		{"change denied", [][]string{
			{"u:The glaze recipes are from the Hamer book, keep the cone numbers."},
			{"u:The glaze recipes still are the Hamer ones, the book not changed."},
		}, "hamer"},
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
		// A credential's value is never worded (the redactor may miss it).
		{"credential", [][]string{
			{"u:the Postgres password is hunter2hunter2 on the staging box"},
			{"u:staging box Postgres password is hunter2hunter2"},
		}, ""},
		{"token", [][]string{
			{"u:The Grafana token for the Loki datasource lives in the Vault kv store."},
			{"u:the Loki datasource token of Grafana lives in the Vault kv store"},
		}, ""},
		// A fact that changed between the sessions is no fact said twice.
		{"changed value", [][]string{
			{"u:the Nginx config is in the staging branch"},
			{"u:the Nginx config is in the main branch"},
		}, ""},
		{"negated then affirmed", [][]string{
			{"u:the Helm chart is not on the Artifactory registry"},
			{"u:the Helm chart is on the Artifactory registry"},
		}, ""},
		{"changed port", [][]string{
			{"u:The Mosquitto broker listens on port 1883 for the sensors."},
			{"u:the Mosquitto broker listens on port 8883 for the sensors"},
		}, ""},
		// Trouble, judgement and goals are no facts.
		{"huge", [][]string{
			{"u:The Docker image is huge on the Alpine base."},
			{"u:the Docker image on the Alpine base is huge"},
		}, ""},
		{"out of date", [][]string{
			{"u:The README is out of date for the CLI flags."},
			{"u:the CLI flags in the README are out of date"},
		}, ""},
		{"a mess", [][]string{
			{"u:The Terraform module is a mess honestly."},
			{"u:the Terraform module is a mess"},
		}, ""},
		{"goal", [][]string{
			{"u:The goal is a Lighthouse score of 90 on the Pricing page."},
			{"u:the Pricing page goal is a Lighthouse score of 90"},
		}, ""},
		{"flaky", [][]string{
			{"u:The Cypress suite is flaky on the Firefox runner."},
			{"u:the Cypress suite on the Firefox runner is flaky"},
		}, ""},
		// Another project, another person's machine, reported speech.
		{"other project", [][]string{
			{"u:In my other project the Celery beat runs on Heroku."},
			{"u:in my other project, the Celery beat runs on Heroku"},
		}, ""},
		{"day job", [][]string{
			{"u:at my day job the Jenkins agents run on Windows Server"},
			{"u:At my day job, the Jenkins agents run on Windows Server."},
		}, ""},
		{"someone's laptop", [][]string{
			{"u:Mark's laptop is on the Ubuntu 22 image, that's why his builds differ."},
			{"u:Mark's laptop runs the Ubuntu 22 image"},
		}, ""},
		{"reported speech", [][]string{
			{"u:it says the Kafka consumer is on partition 3"},
			{"u:it says the Kafka consumer stays on partition 3"},
		}, ""},
		{"the docs say", [][]string{
			{"u:the docs say the Sidekiq queue uses the Redis default db"},
			{"u:the docs say the Sidekiq queue is on the Redis default db"},
		}, ""},
		{"said once", [][]string{
			{"u:The invoices come from the Billing API, not from our own tables."},
			{"u:add a total row to the report"},
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" {
				if got := restatedOf(tc.sessions...); len(got) != 0 {
					t.Fatalf("got %+v; want nothing", got)
				}
				return
			}
			got := candidatesOf(tc.sessions...)
			if len(got) != 1 || !strings.Contains(strings.ToLower(got[0].line), tc.want) || len(sessionsOf(got[0])) != 2 {
				t.Fatalf("got %+v; want one line naming %q from both sessions", got, tc.want)
			}
		})
	}
}

// restatedOf is what restatedFacts alone makes of the sessions (other
// rules may word a sentence said twice word for word on their own).
func restatedOf(sessions ...[]string) []stmt {
	var stmts []stmt
	var said []source
	start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	for i, lines := range sessions {
		m := mineSession(i, convo("s", start.Add(time.Duration(i)*24*time.Hour), lines...), nil)
		stmts, said = append(stmts, m.stmts...), append(said, m.said...)
	}
	return restatedFacts(stmts, said, nil)
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
		{"The Docker image is huge on the Alpine base.", nil},
		{"the Postgres password is hunter2hunter2 on the staging box", nil},
		{"In my other project the Celery beat runs on Heroku.", nil},
		{"it says the Kafka consumer is on partition 3", nil},
		// a clause that only says a thing exists, cut before the name
		// that follows it, words nothing; one that names it does
		{"There is one library chart, charts/common, which renders nothing by itself", nil},
		{"There are two seed banks, vault-a and vault-b, kept in separate rooms", nil},
		{"There is one seed bank on port 5672 in the cold room", []string{"There is one seed bank on port 5672 in the cold room"}},
		// "important is that …" leads into the clause it stresses
		{"Important is that our libraries are reverse stranded, the kit is the dUTP one",
			[]string{"our libraries are reverse stranded", "the kit is the dUTP one"}},
		{"It's important that the kiosks run the LTS image", []string{"the kiosks run the LTS image"}},
		// the week's events and the day's order of work state nothing
		// that lasts
		{"The first stack to recreate is the DynamoDB session table, since it is small.", nil},
		{"the collection goes live on Friday and Marta has been on my case about the product cards", nil},
		{"The session table lives in DynamoDB", []string{"The session table lives in DynamoDB"}},
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

// TestChangedClauses: two wordings that deny one another or put another
// value in one place state a change; two that word one fact alike do not.
func TestChangedClauses(t *testing.T) {
	for _, tc := range []struct {
		a, b    string
		changed bool
	}{
		{"the Nginx config is in the staging branch", "the Nginx config is in the main branch", true},
		{"the ledger exports go to the Finance bucket", "the ledger exports go to the Audit bucket", true},
		{"The invoices come from the Billing API", "the invoices on that page are pulled from the Billing API", false},
		{"Rate-limiting uses the redis policy", "the limiter stays on the redis policy", false},
		// "still" leans back and "one" stands for the thing named: no
		// value in the place of "topology" or "server".
		{"The ligand topology is from CGenFF server", "The ligand still is the CGenFF one", false},
		{"the invoice template is from the Acme theme", "the invoice template still is the Acme one", false},
		{"the invoice template is from the Acme theme", "the invoice template is from the Zenith theme", true},
	} {
		if got := swappedValue(tc.a, tc.b); got != tc.changed {
			t.Errorf("swappedValue(%q, %q) = %v; want %v", tc.a, tc.b, got, tc.changed)
		}
	}
	for _, tc := range []struct {
		c   string
		neg bool
	}{
		{"the Helm chart is not on the Artifactory registry", true},
		{"the cron job doesn't touch the archive", true},
		{"the Helm chart is on the Artifactory registry", false},
		{"the notes live in Notion", false},
	} {
		if got := negatedClause(tc.c); got != tc.neg {
			t.Errorf("negatedClause(%q) = %v; want %v", tc.c, got, tc.neg)
		}
	}
}

// TestDeniedChangeSettles: a change denied ("the topology not changed",
// "the port hasn't moved") says the thing is as it was; a change still
// to come ("hasn't moved yet") or one made leaves it unsettled.
func TestDeniedChangeSettles(t *testing.T) {
	for _, tc := range []struct {
		s         string
		unsettled bool
	}{
		{"The ligand still is the CGenFF one, the topology not changed.", false},
		{"the kiln schedule still is the slow one, it hasn't changed", false},
		{"the broker port has not been moved, still 1883", false},
		{"the broker hasn't moved yet, it still points at nas-1", true},
		{"the database hasn't moved yet", true},
		{"we moved the broker to 8883", true},
		{"update whatever still points at nas-1", true},
		{"the broker is on 1883", false},
		{"Not changed since spring: the kiln schedule still is the slow one", false},
		{"Never moved, the print server still sits on 10.0.4.2", false},
	} {
		if got := unsettled(tc.s); got != tc.unsettled {
			t.Errorf("unsettled(%q) = %v; want %v", tc.s, got, tc.unsettled)
		}
	}
}

// TestFileByItsBaseName: a path and its file's name alone are one word; a
// directory, or a name that only ends the same, is not.
func TestFileByItsBaseName(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"config/calib_cam0.yml", "calib_cam0.yml", true},
		{"calib_cam0.yml", "config/calib_cam0.yml", true},
		{"conf/tariffs_2024.toml", "tariffs_2024.toml", true},
		{"docs/guides", "guides", false},
		{"lib/mofoo.go", "foo.go", false},
		{"conf/tariffs_2024.toml", "conf/tariffs_2025.toml", false},
	} {
		if got := sameWord(tc.a, tc.b); got != tc.same {
			t.Errorf("sameWord(%q, %q) = %v; want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
