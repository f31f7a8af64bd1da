package offline

import (
	"strings"
	"testing"
)

// corrProbe is a correction said in two sessions (or a negative: a shape
// that must not give a line), in domains and voices the labelled corpus
// does not hold. want: each string is in exactly one candidate line (a
// correction said once stands only when marked to last, so a line of two
// sessions mostly); not: no candidate line holds the string.
type corrProbe struct {
	name     string
	sessions [][]string
	want     []string
	not      []string
}

var corrProbes = []corrProbe{
	// One message, two facts: the correction, then an aside marked at
	// its end. Each is a line of its own.
	{"aside-tail", [][]string{
		{"u:add the invoice mailer", "a:I wrote the mailer with `smtplib` and a hardcoded From address.", "u:no smtplib. we send through postmark only. the sender is billing@acme.test btw"},
		{"u:the reminder mails now, sender is billing@acme.test like before", "a:Done, reminders go out via `smtplib`.", "u:again smtplib, postmark only please"},
	}, []string{"postmark"}, nil},
	{"aside-tail-fyi", [][]string{
		{"u:make the nightly export", "a:I scheduled it with a crontab entry on the box.", "u:nope, no crontab on the boxes, jobs go in the nomad periodic spec. the box clock is UTC, fyi"},
		{"u:weekly export too", "a:Added a crontab line for the weekly export.", "u:crontab again. nomad periodic jobs, I said"},
	}, []string{"nomad"}, []string{"Nomad periodic spec. The box"}},
	// An announcement opens the reply; the next sentence is the
	// correction.
	{"announce-formal", [][]string{
		{"u:Please add the tariff lookup.", "a:I have added the lookup; it reads rates from `rates.csv` at import time.", "u:One remark. The rates are read from the tariffs table in Postgres, not from rates.csv, which is only a fixture."},
		{"u:Now the surcharge lookup.", "a:The surcharge reads `rates.csv` as well.", "u:Once again, rates come from the tariffs table, never rates.csv."},
	}, []string{"tariffs table"}, []string{"One remark"}},
	{"announce-terse", [][]string{
		{"u:scaffold the sensor driver", "a:Driver done, it polls the i2c bus with `delay(50)` in the loop.", "u:careful here. never delay() in the loop, use the timer interrupt."},
		{"u:second sensor", "a:Same pattern, `delay(20)` between reads.", "u:delay() again!! timer interrupt like the first one"},
	}, []string{"timer interrupt"}, []string{"Careful here"}},
	{"announce-nonnative", [][]string{
		{"u:please make the report page", "a:I built the table with inline `style=` attributes for the colours.", "u:Small correction. We are not using inline style, all colours go in theme.scss variables."},
		{"u:and the summary page", "a:Summary page uses `style=` inline like the report.", "u:inline style again, I tell you before, theme.scss variables"},
	}, []string{"theme.scss"}, []string{"Small correction"}},
	{"announce-modal", [][]string{
		{"u:I would like the staging bucket set up.", "a:I created the bucket in `us-east-1` next to the CDN origin.", "u:I have to correct one detail. Staging buckets live in eu-central-1, not us-east-1; only the CDN origin sits in us-east-1."},
		{"u:Now the logs bucket for staging.", "a:Created in `us-east-1`.", "u:Once again, staging buckets live in eu-central-1; us-east-1 crept back into the terraform vars."},
	}, []string{"eu-central-1"}, []string{"correct one detail"}},
	// After a correction that rules a thing out, a sentence pointing
	// back at it says how it is done instead, and is part of it.
	{"points-back-how", [][]string{
		{"u:wire up the smtp settings", "a:I put `SMTP_PASSWORD = \"hunter2\"` straight into settings.py.", "u:No. Nothing secret goes in settings.py. It reads them with environ.Env() from the vault agent's env file."},
		{"u:and the sentry dsn", "a:Added `SENTRY_DSN = \"https://...\"` to settings.py.", "u:Again settings.py. environ.Env(), vault env file, same as every secret."},
	}, []string{"vault agent"}, nil},
	{"neg-points-back-reason", [][]string{
		{"u:add the date picker", "a:I pulled in jQuery UI for the date picker.", "u:no jQuery. It bloats the bundle and we dropped it last year."},
	}, nil, []string{"bloats"}},
	// The agent's wrong value named as old or gone, then the right one,
	// with the reason in a later clause.
	{"old-api-reason", [][]string{
		{"u:hook up the camera permission", "a:I called `Permissions.request(CAMERA)` from the old permissions module.", "u:no thats the old module, its expo-camera's useCameraPermissions hook, Permissions doesnt exist anymore in sdk 50"},
		{"u:microphone next", "a:I used `Permissions.request(AUDIO_RECORDING)`.", "u:Permissions again, useMicrophonePermissions hook like the camera"},
	}, []string{"usecamerapermissions"}, nil},
	{"old-api-reason-formal", [][]string{
		{"u:Add the retry policy.", "a:I configured `RetryPolicy.Builder` from the v1 client.", "u:That is the v1 builder; we use Policy.handle from resilience4j-style v2, and the v1 builder isn't supported anymore."},
		{"u:And the timeout policy.", "a:Built with `RetryPolicy.Builder` again.", "u:Again the v1 builder. Policy.handle, v2."},
	}, []string{"policy.handle"}, nil},
	// The second saying in other words, sharing only the name.
	{"other-words-name", [][]string{
		{"u:new endpoint for exports", "a:Added `/exports` with the handler reading the body via `ioutil.ReadAll`.", "u:no ioutil, it's deprecated. io.ReadAll."},
		{"u:the imports endpoint", "a:Reads the body with `ioutil.ReadAll`.", "u:ioutil again — io.ReadAll, I keep saying it"},
	}, []string{"io.readall"}, nil},
	// A correction given as a reason.
	{"reason-deprecated", [][]string{
		{"u:style the sidebar", "a:I used `::v-deep` to reach into the child component.", "u:don't use ::v-deep, because it is deprecated, use :deep() instead."},
		{"u:style the header too", "a:Header styled with `::v-deep` as well.", "u:::v-deep again, :deep() please, like the sidebar"},
	}, []string{":deep()"}, nil},
	// A correction asked as a question, then the rule.
	{"why-question", [][]string{
		{"u:add the orders query", "a:I wrote the query with `fmt.Sprintf` to build the WHERE clause.", "u:why did you build the sql with Sprintf? we always use sqlc queries, never string building."},
		{"u:customers query", "a:Built with `fmt.Sprintf` like orders.", "u:Sprintf sql again. sqlc queries, never string building."},
	}, []string{"sqlc"}, nil},
	// Two sentences of one correction message are one line.
	{"one-message-one-line", [][]string{
		{"u:add caching to the profile lookup", "a:Wrapped it in a module-level dict as a cache.", "u:no module-level dicts as caches. use the redis cache helper, it handles expiry."},
		{"u:and the settings lookup", "a:Cached in a module-level dict.", "u:module-level dict again. redis cache helper."},
	}, []string{"redis cache helper"}, nil},
	{"rambling", [][]string{
		{"u:ok so the rss importer", "a:I parse the feed dates with `time.Parse` and a custom layout.", "u:hmm no, so the thing is feeds are a mess and half of them lie about their format, we have a helper for exactly this, feeddate.Parse, please always go through that and not time.Parse directly, it knows the twenty weird layouts"},
		{"u:atom support", "a:Atom dates go through `time.Parse(time.RFC3339, …)`.", "u:time.Parse again :( feeddate.Parse, same as for rss"},
	}, []string{"feeddate.parse"}, nil},
	{"bullets", [][]string{
		{"u:write the backup job", "a:The job shells out to `pg_dump` and writes to /tmp.", "u:couple of things:\n- no dumps in /tmp, they go to /srv/backups\n- compress with zstd"},
		{"u:restore job", "a:Restore reads from /tmp like the backup.", "u:/tmp again. /srv/backups, never /tmp."},
	}, []string{"/srv/backups"}, nil},
	{"typo-ridden", [][]string{
		{"u:add the upload form", "a:I stored the files under `public/uploads`.", "u:noo not public/uploads, evrything goes to the s3 bucket thru the storage adaptor"},
		{"u:avatar upload", "a:Avatars saved in `public/uploads/avatars`.", "u:public/uploads agian, storage adaptor to s3 like i said"},
	}, []string{"storage adaptor"}, nil},
	{"polite-quote", [][]string{
		{"u:Could you add the date column?", "a:I added the column formatted with `toLocaleDateString()`.", "u:Thank you. However, dates in this app are always formatted with date-fns format(), not toLocaleDateString()."},
		{"u:And the due date column?", "a:Formatted with `toLocaleDateString()` as before.", "u:Sorry to nag, but toLocaleDateString() again; date-fns format() please."},
	}, []string{"date-fns"}, nil},
	{"latex", [][]string{
		{"u:add the results table", "a:I used `\\hline` rules around every row.", "u:no \\hline in tables, booktabs only: \\toprule, \\midrule, \\bottomrule"},
		{"u:second table", "a:Table 2 also uses `\\hline`.", "u:hline again. booktabs."},
	}, []string{"booktabs"}, nil},
	{"ansible-become", [][]string{
		{"u:role for nginx", "a:Added `become: true` on every task of the role.", "u:no become per task. become goes once at the play level, in site.yml."},
		{"u:role for certbot", "a:Each task has `become: true`.", "u:per-task become again. play level, site.yml."},
	}, []string{"play level"}, nil},

	// Negatives.
	// A one-off typo corrected: no rule, said once.
	{"neg-typo", [][]string{
		{"u:rename the field to customer_id", "a:Renamed it to `custmer_id`.", "u:no, customer_id, you dropped an o"},
		{"u:now add the index", "a:Index added on `customer_id`."},
	}, nil, []string{"customer_id"}},
	// The person changes their mind later: the first correction is
	// withdrawn, so it is not kept as a rule said twice.
	{"neg-mind-changed", [][]string{
		{"u:add the feature flag", "a:Flag added with LaunchDarkly's `variation()`.", "u:no launchdarkly, env vars for flags."},
		{"u:another flag", "a:Added as an env var FLAG_X.", "u:actually forget what I said about env vars for flags, launchdarkly is fine now that we have the license"},
	}, nil, []string{"env vars for flags"}},
	// The agent corrects itself: its words are no correction by the
	// person.
	{"neg-agent-self", [][]string{
		{"u:add the parser", "a:I used `eval` to parse the expressions. Correction: I switched to the ast module, eval is unsafe."},
		{"u:add the printer", "a:Printer uses the ast module too. Actually no eval anywhere now."},
	}, nil, []string{"eval"}},
	// An aside at the end of a one-off request is no second fact.
	{"neg-aside-request", [][]string{
		{"u:bump the version to 2.4.1 btw"},
		{"u:tag the release btw"},
	}, nil, []string{"2.4.1", "tag the release"}},
	// An announcement before a plain request is no correction.
	{"neg-announce-request", [][]string{
		{"u:add the login page", "a:Login page added.", "u:One more thing. Add a forgot-password link under the form."},
		{"u:add the signup page", "a:Signup page added.", "u:One more thing. Add a terms checkbox."},
	}, nil, []string{"forgot-password", "terms checkbox"}},
	// "anymore" in the request itself stays a one-off.
	{"neg-anymore-today", [][]string{
		{"u:add the cron", "a:Cron added, it also runs the migrations.", "u:no, don't run the migrations anymore today, the db is being restored"},
		{"u:fix the cron", "a:Cron fixed, migrations run again.", "u:no, don't run the migrations anymore today, restore still going"},
	}, nil, []string{"migrations anymore today"}},
}

// TestCorrectionProbes runs corrProbes.
func TestCorrectionProbes(t *testing.T) {
	for _, p := range corrProbes {
		t.Run(p.name, func(t *testing.T) {
			got := candidatesOf(p.sessions...)
			var lines []string
			for _, c := range got {
				lines = append(lines, c.line)
			}
			for _, w := range p.want {
				n := 0
				for _, c := range got {
					if strings.Contains(strings.ToLower(c.line), strings.ToLower(w)) {
						n++
					}
				}
				if n != 1 {
					t.Errorf("want one line with %q, got %d in %q", w, n, lines)
				}
			}
			for _, w := range p.not {
				for _, c := range got {
					if strings.Contains(strings.ToLower(c.line), strings.ToLower(w)) {
						t.Errorf("no line may hold %q, got %q", w, c.line)
					}
				}
			}
		})
	}
}
