package offline

import (
	"strings"
	"testing"
)

// precisionProbe is a small scenario of sessions written for the precision
// probes, not taken from the corpus: what the person says in each session
// (every session ends with a test run the agent reports), the words no
// memory or global line may hold (bad, lower case) and the words a line
// must hold (want).
type precisionProbe struct {
	name     string
	sessions [][]string
	bad      []string
	want     []string
}

// probeFill ends every probe session: the agent ran the tests.
var probeFill = []string{"x:go test ./...", "a:Done, all tests pass."}

// probeSession is a session of the given human lines and probeFill.
func probeSession(lines ...string) []string {
	return append(append([]string{}, lines...), probeFill...)
}

// precisionProbes are statements the writer means as neither a fact nor a
// rule, in shapes people type (a plan, a task asked for twice, a status, a
// complaint with "always", a feeling, a reason clause, their own device or
// calendar changed, a change reverted), said in two sessions or once, and
// real lasting or recurring facts beside them that must still be kept.
var precisionProbes = []precisionProbe{
	{name: "plan", sessions: [][]string{
		probeSession("u:ok so the plan is: first we migrate the orders table, then we switch the API over to it."),
		probeSession("u:the plan is still to migrate the orders table first, then the API."),
	}, bad: []string{"plan", "orders table"}},
	{name: "deal-tomorrow", sessions: [][]string{
		probeSession("u:I'll deal with the flaky checkout test tomorrow, skip it for now."),
		probeSession("u:ignore the flaky checkout test again, I'll deal with it tomorrow."),
	}, bad: []string{"checkout test"}},
	{name: "fixed-thanks", sessions: [][]string{
		probeSession("u:that fixed it, thanks, the issue was the stale cache in redis."),
		probeSession("u:yep that fixed it again, same issue, the stale redis cache."),
	}, bad: []string{"stale"}},
	{name: "should-probably", sessions: [][]string{
		probeSession("u:we should probably split the invoice module at some point."),
		probeSession("u:we should probably split the invoice module eventually, it's huge."),
	}, bad: []string{"invoice module"}},
	{name: "is-weird", sessions: [][]string{
		probeSession("u:the scheduler is weird, it always fires twice on mondays."),
		probeSession("u:scheduler is weird again, it fires twice every monday."),
	}, bad: []string{"scheduler"}},
	{name: "cant-we-just", sessions: [][]string{
		probeSession("u:can't we just use a cron job instead of the worker?"),
		probeSession("u:can't we just use a cron job for the cleanup, instead of the worker."),
	}, bad: []string{"cron"}},
	{name: "narration-deleted", sessions: [][]string{
		probeSession("u:I deleted the old migrations folder yesterday, it was all dead code."),
		probeSession("u:I removed the old migrations folder, so don't look for it."),
	}, bad: []string{"deleted the old", "removed the old"}},
	{name: "status", sessions: [][]string{
		probeSession("u:staging deploy is done, everything is green now."),
		probeSession("u:the staging deploy is done and green again."),
	}, bad: []string{"staging deploy"}},
	{name: "complaint-always", sessions: [][]string{
		probeSession("u:this linter always complains about line length, so annoying."),
		probeSession("u:ugh the linter complains about line length every time."),
	}, bad: []string{"line length"}},
	{name: "task-bring-in-line", sessions: [][]string{
		probeSession("u:Please go through the README and the Makefile and bring them in line."),
		probeSession("u:Go through the README and the Makefile once more and bring them in line with the new targets."),
	}, bad: []string{"readme and the makefile"}},
	{name: "every-time-dies", sessions: [][]string{
		probeSession("u:every time I run the tests the postgres container dies."),
		probeSession("u:the postgres container died again when I ran the tests, every time the same."),
	}, bad: []string{"container"}},
	{name: "never-seen", sessions: [][]string{
		probeSession("u:never seen this error before, what does EADDRINUSE mean here?"),
		probeSession("u:never seen that error in this repo before, weird."),
	}, bad: []string{"never seen"}},
	{name: "always-forget", sessions: [][]string{
		probeSession("u:I always forget how the release script works."),
		probeSession("u:I always forget the flags of the release script, sorry."),
	}, bad: []string{"forget"}},
	{name: "remember-bug", sessions: [][]string{
		probeSession("u:remember that bug from last week with the double charge? it's back."),
		probeSession("u:the double charge bug is back again."),
	}, bad: []string{"double charge"}},
	{name: "no-worries", sessions: [][]string{
		probeSession("u:no worries, take your time with the refactor."),
		probeSession("u:no rush on the refactor, take your time."),
	}, bad: []string{"take your time"}},
	{name: "not-sure-ci", sessions: [][]string{
		probeSession("u:not sure why it fails on CI but passes locally."),
		probeSession("u:again it fails on CI and passes locally, no idea why."),
	}, bad: []string{"passes locally"}},
	{name: "always-fun", sessions: [][]string{
		probeSession("u:always fun debugging timezone stuff."),
		probeSession("u:timezones, always fun. never again."),
	}, bad: []string{"timezone"}},
	{name: "next-step", sessions: [][]string{
		probeSession("u:Next step: add pagination to the list endpoint."),
		probeSession("u:next step is pagination for the list endpoint, like we said."),
	}, bad: []string{"pagination"}},
	{name: "going-to-rename", sessions: [][]string{
		probeSession("u:I'm going to rename the package to billing-core later this week."),
		probeSession("u:still going to rename the package to billing-core, just not today."),
	}, bad: []string{"billing-core"}},
	{name: "try-timeout", sessions: [][]string{
		probeSession("u:let's try bumping the timeout to 60s and see if the upload passes."),
		probeSession("u:try the timeout at 60s again for the upload."),
	}, bad: []string{"60s"}},
	{name: "dont-worry-docs", sessions: [][]string{
		probeSession("u:don't worry about the docs for now."),
		probeSession("u:don't worry about the docs yet, we'll do them at the end."),
	}, bad: []string{"docs"}},
	{name: "build-forever", sessions: [][]string{
		probeSession("u:the build takes forever on this laptop."),
		probeSession("u:build is slow again on my laptop, takes forever."),
	}, bad: []string{"forever"}},
	{name: "in-this-repo-never-works", sessions: [][]string{
		probeSession("u:in this repo nothing ever works on the first try lol"),
		probeSession("u:of course it didn't work first try, it never does in this repo."),
	}, bad: []string{"first try"}},
	{name: "rather-not-today", sessions: [][]string{
		probeSession("u:I'd rather not touch the auth code today."),
		probeSession("u:leave the auth code alone today, I'd rather not touch it."),
	}, bad: []string{"auth code"}},
	{name: "fixtures-failing", sessions: [][]string{
		probeSession("u:The tests are failing again because of the fixtures."),
		probeSession("u:tests failing again, it's the fixtures again."),
	}, bad: []string{"fixtures"}},
	{name: "demo-friday", sessions: [][]string{
		probeSession("u:btw the client demo is on friday, so the export needs to work by then."),
		probeSession("u:reminder the client demo is friday."),
	}, bad: []string{"demo"}},
	{name: "never-got-working", sessions: [][]string{
		probeSession("u:we never got the websocket thing working, so we poll."),
		probeSession("u:yeah the websocket thing never worked, polling it is."),
	}, bad: []string{"websocket"}},
	{name: "upgraded-narration", sessions: [][]string{
		probeSession("u:upgraded my laptop to 32GB ram, builds are much nicer now."),
		probeSession("u:since I upgraded the laptop the builds are fine."),
	}, bad: []string{"laptop"}},
	{name: "suggestion-quoted", sessions: [][]string{
		probeSession("a:We could add a connection pool to the mailer.", "u:you said we could add a connection pool to the mailer - not now."),
		probeSession("a:Maybe a connection pool for the mailer?", "u:not now, the connection pool can wait."),
	}, bad: []string{"pool"}},
	{name: "question-statement", sessions: [][]string{
		probeSession("u:I wonder whether the export job still needs the temp dir."),
		probeSession("u:I still wonder if the export job needs that temp dir."),
	}, bad: []string{"temp dir"}},
	{name: "looks-good", sessions: [][]string{
		probeSession("u:looks good, merge it."),
		probeSession("u:looks good to me, merge it please."),
	}, bad: []string{"merge it"}},
	{name: "every-time-vent", sessions: [][]string{
		probeSession("u:Helm charts are pain every time."),
		probeSession("u:helm charts, pain every single time."),
	}, bad: []string{"helm"}},
	{name: "remember-question", sessions: [][]string{
		probeSession("u:do you remember what we named the feature flag for the beta?"),
		probeSession("u:remember we had a feature flag for the beta? whats it called"),
	}, bad: []string{"feature flag"}},
	{name: "one-off-today", sessions: [][]string{
		probeSession("u:just for today, skip the e2e tests, the staging box is down."),
		probeSession("u:skip the e2e tests again today, staging box still down."),
	}, bad: []string{"e2e"}},

	{name: "cause-always", sessions: [][]string{
		probeSession("u:Let me walk you through the deploy at some length, since it's the bit new people always get wrong."),
		probeSession("u:fix the footer"),
	}, bad: []string{"walk you through"}},
	{name: "asking-because", sessions: [][]string{
		probeSession("u:I'm adding the raw logs to the report because the auditors always want them."),
		probeSession("u:add the totals row"),
	}, bad: []string{"auditors"}},
	{name: "status-merged", sessions: [][]string{
		probeSession("u:just so you know, I merged the PR already, so the branch is gone."),
		probeSession("u:fyi I merged the other PR too."),
	}, bad: []string{"merged"}},
	{name: "thanks-always", sessions: [][]string{
		probeSession("u:thanks, you always explain this well."),
		probeSession("u:great, you always explain it clearly."),
	}, bad: []string{"explain"}},
	{name: "same-as-always", sessions: [][]string{
		probeSession("u:same as always, the flaky test is the culprit."),
		probeSession("u:flaky test again, same as always."),
	}, bad: []string{"flaky"}},
	{name: "pos-always-because", sessions: [][]string{
		probeSession("u:Always pin exact versions in requirements.txt, because floating ones broke the build."),
		probeSession("u:add the csv export"),
	}, want: []string{"pin exact versions"}},
	{name: "pos-since-rule", sessions: [][]string{
		probeSession("u:Never run the seed script against prod, since it truncates every table."),
		probeSession("u:rename the settings page"),
	}, want: []string{"seed script"}},
	{name: "task-cleanup", sessions: [][]string{
		probeSession("u:clean up the imports in the handlers and make them consistent."),
		probeSession("u:can you clean up the imports in the handlers again, they drifted."),
	}, bad: []string{"imports"}},
	{name: "task-update-readme", sessions: [][]string{
		probeSession("u:update the README with the new flags."),
		probeSession("u:update the README with the new CLI flags please."),
	}, bad: []string{"readme"}},
	{name: "task-add-tests", sessions: [][]string{
		probeSession("u:Add tests for the invoice parser."),
		probeSession("u:add more tests for the invoice parser, the edge cases."),
	}, bad: []string{"invoice parser"}},
	{name: "task-look-through", sessions: [][]string{
		probeSession("u:look through the nginx logs and tell me what broke."),
		probeSession("u:go over the nginx logs again and tell me what broke this time."),
	}, bad: []string{"nginx logs"}},
	{name: "task-go-into", sessions: [][]string{
		probeSession("u:go into the billing module and rename every Cust to Customer."),
		probeSession("u:go into the billing module once more, some Cust names are left."),
	}, bad: []string{"billing module"}},
	{name: "pos-goes-through", sessions: [][]string{
		probeSession("u:every outbound request goes through the egress proxy at proxy.internal:3128."),
		probeSession("u:remember outbound requests go through the egress proxy."),
	}, want: []string{"egress proxy"}},
	{name: "remember-good-times", sessions: [][]string{
		probeSession("u:remember when the deploy took three hours? good times."),
		probeSession("u:tweak the header spacing"),
	}, bad: []string{"three hours"}},
	{name: "ill-remember", sessions: [][]string{
		probeSession("u:ok I'll remember that for next time, thanks."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"next time"}},
	{name: "in-this-repo-ages", sessions: [][]string{
		probeSession("u:in this repo the integration tests take ages, go grab a coffee."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"ages"}},
	{name: "never-finished", sessions: [][]string{
		probeSession("u:we never finished the migration to v2, half the routes are still old."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"migration"}},
	{name: "moved-demo", sessions: [][]string{
		probeSession("u:I moved the client demo to Thursday 14:00, so no rush."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"demo"}},
	{name: "upgraded-phone", sessions: [][]string{
		probeSession("u:I upgraded my phone to iOS 18.1 yesterday and the app still opens fine."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"phone"}},
	{name: "switched-editor", sessions: [][]string{
		probeSession("u:btw I switched my editor to neovim 0.10 last week, loving it."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"editor"}},
	{name: "bumped-reverted", sessions: [][]string{
		probeSession("u:the build broke after I bumped lodash to 4.17.21, so I reverted it."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"lodash"}},
	{name: "pos-own-change", sessions: [][]string{
		probeSession("u:I bumped the node version to 22.11 in .nvmrc."),
		probeSession("u:tweak the footer spacing"),
	}, want: []string{"22.11"}},
	{name: "pass-locally-fail-ci", sessions: [][]string{
		probeSession("u:the tests always pass locally and fail in CI, no idea."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"pass locally"}},
	{name: "nice-to-see", sessions: [][]string{
		probeSession("u:Always nice to see green CI."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"green ci"}},
	{name: "whenever-i-breaks", sessions: [][]string{
		probeSession("u:Whenever I touch the CSS, something else breaks."),
		probeSession("u:tweak the footer spacing"),
	}, bad: []string{"css"}},
	{name: "pos-whenever-i-rule", sessions: [][]string{
		probeSession("u:whenever I deploy, run the smoke test against staging."),
		probeSession("u:tweak the footer spacing"),
	}, want: []string{"smoke test"}},
	{name: "pos-always-have-to", sessions: [][]string{
		probeSession("u:I always have to restart the dev server after changing .env"),
		probeSession("u:tweak the footer spacing"),
	}, want: []string{"restart the dev server"}},
	// positives: real lasting / recurring facts that must still be kept.
	{name: "pos-from-now", sessions: [][]string{
		probeSession("u:from now on, run migrations with `make migrate`, never by hand."),
		probeSession("u:add a column for the due date"),
	}, want: []string{"make migrate"}},
	{name: "pos-recur-httpx", sessions: [][]string{
		probeSession("u:use httpx for the HTTP calls, not requests."),
		probeSession("u:again: httpx, not requests, for HTTP calls."),
	}, want: []string{"httpx"}},
	{name: "pos-in-this-repo", sessions: [][]string{
		probeSession("u:In this repo, new endpoints always go under api/v2."),
		probeSession("u:add an endpoint for exports"),
	}, want: []string{"api/v2"}},
	{name: "pos-remember", sessions: [][]string{
		probeSession("u:Remember that the staging database is read-only for us."),
		probeSession("u:fix the typo in the footer"),
	}, want: []string{"read-only"}},
	{name: "pos-correction-yarn", sessions: [][]string{
		{"u:install lodash", "c:npm install lodash", "u:no, we use yarn here, not npm", "x:yarn add lodash"},
		{"u:add dayjs", "c:npm install dayjs", "u:no npm please, it's yarn in this project", "x:yarn add dayjs"},
	}, want: []string{"yarn"}},
	{name: "pos-never-env", sessions: [][]string{
		probeSession("u:Never commit the .env.local file, it has real keys."),
		probeSession("u:update the banner text"),
	}, want: []string{".env.local"}},
	{name: "pos-every-time-schema", sessions: [][]string{
		probeSession("u:Every time you touch the schema, regenerate the client with `pnpm gen`."),
		probeSession("u:rename the user.name column to full_name"),
	}, want: []string{"pnpm gen"}},
	{name: "pos-recur-fact", sessions: [][]string{
		probeSession("u:the API runs on port 8088 locally, fyi."),
		probeSession("u:remember the API is on port 8088 locally"),
	}, want: []string{"8088"}},
	{name: "pos-always-squash", sessions: [][]string{
		probeSession("u:we always squash-merge into main in this repo."),
		probeSession("u:bump the version"),
	}, want: []string{"squash"}},
}

// TestPrecisionProbes: no probe's wrong shape becomes a memory line, and
// every probe's real fact still does.
func TestPrecisionProbes(t *testing.T) {
	for _, p := range precisionProbes {
		w := newWorld(t)
		for i, s := range p.sessions {
			w.add(p.name+string(rune('a'+i)), true, s...)
		}
		res := w.run(t)
		var lines []string
		for _, c := range res.Candidates {
			if c.Kind != KindVerification && c.Kind != KindSkill {
				lines = append(lines, strings.ToLower(c.Text))
			}
		}
		for _, b := range p.bad {
			for _, l := range lines {
				if strings.Contains(l, b) {
					t.Errorf("%s: line %q holds %q", p.name, l, b)
				}
			}
		}
		for _, want := range p.want {
			found := false
			for _, l := range lines {
				found = found || strings.Contains(l, want)
			}
			if !found {
				t.Errorf("%s: no line holds %q in %q", p.name, want, lines)
			}
		}
	}
}
