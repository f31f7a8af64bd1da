package offline

import (
	"strings"
	"testing"
)

func TestOwnTextDropsPastedMaterial(t *testing.T) {
	msg := strings.Join([]string{
		"Always run the linter before committing.",
		"```",
		"WARN: always use --legacy-peer-deps",
		"```",
		"> Never deploy on Fridays",
		"Here is the log:",
		"npm WARN deprecated: never use this package",
		"at Object.<anonymous> (/app/x.js:1:1)",
		"",
		"Use pnpm, not npm.",
		"    indented code: always()",
		"PROJ-123: Always retry on 500",
		"the ticket says \"we must always retry on errors\" but that's wrong",
		"From: boss@example.com",
		"Subject: policy",
		"Never push to main.",
	}, "\n")
	got := strings.Join(ownText(msg), "\n")
	for _, want := range []string{"Always run the linter before committing.", "Use pnpm, not npm."} {
		if !strings.Contains(got, want) {
			t.Errorf("own text lost %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"legacy-peer-deps", "Fridays", "deprecated", "anonymous", "indented", "retry on 500", "must always retry", "push to main"} {
		if strings.Contains(got, bad) {
			t.Errorf("own text kept pasted %q:\n%s", bad, got)
		}
	}
}

// TestOwnTextDropsDeviceLogs: log lines that open with a tick count or a
// time and a level in capitals ("0000301877 [app] INFO: dist=131.2"), or
// in ESP-IDF's shape ("I (1234) wifi: …"), are pasted; a count of errors
// in the person's words is not.
func TestOwnTextDropsDeviceLogs(t *testing.T) {
	msg := strings.Join([]string{
		"serial again:",
		"0000301877 [app] INFO: dist=131.2",
		"0000901880 [app] INFO: dist=0.0",
		"12:03:44.120 WARN sensor timeout",
		"I (1234) wifi: connected",
		"2 errors left in the build, always fix them before pushing.",
	}, "\n")
	got := strings.Join(ownText(msg), "\n")
	for _, bad := range []string{"dist=", "sensor timeout", "wifi"} {
		if strings.Contains(got, bad) {
			t.Errorf("own text kept pasted %q:\n%s", bad, got)
		}
	}
	if !strings.Contains(got, "always fix them") {
		t.Errorf("own text lost the person's line:\n%s", got)
	}
}

// TestIntroLooksLikeThis: a line that shows what a file "looks like this"
// or gives something "as follows" introduces a paste, whatever it says
// after; a line ending "like this:" after a rule does not.
func TestIntroLooksLikeThis(t *testing.T) {
	for _, ln := range []string{
		"For the record, my profile file on the runner looks like this, in case the connection is wrong:",
		"The settings are as follows:",
	} {
		if !introLine(ln) {
			t.Errorf("introLine(%q) = false, want true", ln)
		}
	}
	if ln := "I put the key in the .env of the VM, like this:"; introLine(ln) {
		t.Errorf("introLine(%q) = true, want false", ln)
	}
}

func TestSentences(t *testing.T) {
	got := sentences([]string{"Run `go test ./...` first. Then stop! Is it ok? e.g. this stays; that stays too"})
	// A semicolon joins clauses of one sentence: splitting there would
	// leave half a sentence (issue 14).
	want := []string{"Run `go test ./...` first.", "Then stop!", "Is it ok?", "e.g. this stays; that stays too"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

func TestSentenceAside(t *testing.T) {
	got := sentences([]string{"cart drawer is janky, fix pls, btw the staging url is staging.shop.test"})
	want := []string{"cart drawer is janky, fix pls", "the staging url is staging.shop.test"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// A request after its reason, and a clause after "; and", are read on
// their own, so a rule in the middle of a long sentence is found.
func TestSentenceRequestAfterReason(t *testing.T) {
	got := sentences([]string{"the bucket is shared with the data team, so please make sure every upload is gzipped; and logs go to stderr"})
	want := []string{"the bucket is shared with the data team", "make sure every upload is gzipped", "logs go to stderr"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		in         string
		corrective bool
		line       string // "" = not an instruction
		lasting    bool
		global     bool
		correction bool
	}{
		{"From now on, always use pnpm instead of npm.", false, "Always use pnpm instead of npm.", true, false, false},
		{"Remember to run make lint before you commit", false, "Run make lint before you commit.", true, false, false},
		{"no, use pnpm not npm", false, "Use pnpm not npm.", false, false, true},
		{"Please don't edit generated files", false, "Don't edit generated files.", false, false, false},
		// "in all my projects" marks a lasting rule, like "from now on" (issue 14).
		{"In all my projects, write commit messages in the imperative mood", false, "Write commit messages in the imperative mood.", true, true, false},
		{"In all my projects, always write commit messages in the imperative mood", false, "Always write commit messages in the imperative mood.", true, true, false},
		{"We use tabs for indentation.", false, "We use tabs for indentation.", false, false, false},
		{"Edit the template, not the generated file", true, "Edit the template, not the generated file.", false, false, true},
		{"Remember that money amounts are int64 cents, never float64.", false, "Money amounts are int64 cents, never float64.", true, false, false},
		{"You should always pin dependency versions", false, "Always pin dependency versions.", true, false, false},
		{"Whenever you touch the schema, regenerate the mocks.", false, "Whenever you touch the schema, regenerate the mocks.", true, false, false},
		{"I'd prefer that you always ask before deleting cloud resources.", false, "I'd prefer that you always ask before deleting cloud resources.", true, false, false},
		{"Never install npm packages globally.", false, "Never install npm packages globally.", true, false, false},
		{"Globally, I prefer British spelling.", false, "I prefer British spelling.", false, true, false},
		{"When you add an endpoint, always add a contract test.", false, "When you add an endpoint, always add a contract test.", true, false, false},
		// how the project stores a kind of data is a fact of it, which
		// stands once it recurs
		{"timestamps are stored in UTC.", false, "Timestamps are stored in UTC.", false, false, false},
		{"we store prices as integer cents.", false, "We store prices as integer cents.", false, false, false},
		{"the logs are stored in a weird place sometimes?", false, "", false, false, false},
		// a "never" or "always" before a verb in the past tells a story;
		// after a copula the participle is a rule's passive
		{"the AngularJS version had this feature, which the Warsaw office never forgave us for.", false, "", false, false, false},
		{"commits are always signed.", false, "Commits are always signed.", true, false, false},
		// a scope over every project: what it says is so in each, a
		// wish for a thing, a "remember that" or a question about this
		// project after the rule, and a widening of the scope
		{"in every repo i have it's conventional commits, remember that for here too.", false, "Use conventional commits.", true, true, false},
		{"in every repo I own there is a CHANGELOG.md and each change gets an entry under Unreleased, do that here too.", false, "Each project has a CHANGELOG.md and each change gets an entry under Unreleased.", true, true, false},
		{"For all my projects I'd like type hints on every function.", false, "I'd like type hints on every function.", true, true, false},
		{"For all my projects I'd like to try zig one day.", false, "", false, false, false},
		{"In every repository I have, not only the handbook, I'd like Markdown written with one sentence per line.", false, "I'd like Markdown written with one sentence per line.", true, true, false},
		{"For all my projects, this one and the pottery site and everything else I have, commit messages follow Conventional Commits.", false, "Commit messages follow Conventional Commits.", true, true, false},
		{"Something I apply to all my repos, not only this one: there has to be a pre-commit config with tflint hooks.", false, "There has to be a pre-commit config with tflint hooks.", true, true, false},
		{"there has been a flaky test in CI lately.", false, "", false, false, false},
		{"And in every repo I have I keep a CHANGELOG.md with one entry per change, can you start one here and add what we did?", false, "I keep a CHANGELOG.md with one entry per change.", true, true, false},
		{"the api is versioned under /v2, can you check it?", false, "", false, false, false},
		{"the api is versioned under /v2, remember that for here too.", false, "The api is versioned under /v2.", true, false, false},
		{"For all my projects, also the private ones, the comments in the code must be in English.", false, "The comments in the code must be in English.", true, true, false},
		// "the same as with claims:" leads to the correction said
		// again, after an apology too
		{"I am sorry to be a bother, but it is the same as with claims: the validation rules belong in an AbstractValidator, not in attributes on the request.", false, "The validation rules belong in an AbstractValidator, not in attributes on the request.", false, false, true},
		// a scope after a lead-in and its colon opens the rule
		{"One more thing on team hygiene, since it came up in the retro: in all my teams' repos, and my own, nobody force-pushes to a shared branch.", false, "Nobody force-pushes to a shared branch.", true, true, false},
		// a thing given up, and what is used now, corrects
		{"no we dont use nixpkgs-fmt anymore, its alejandra.", false, "No we dont use nixpkgs-fmt anymore, its alejandra.", false, false, true},
		// the person's habit for every project between a request and
		// a remark; a scope said twice around a colon; a long sentence
		// is not cut inside a list
		{"and can you format everything with stylua, i use stylua in all my projects, i forgot to run it here.", false, "I use stylua.", true, true, false},
		{"We had an incident review yesterday and I'd like to share the one rule that came out of it, because it's not specific to this repo: in every repo I have, the PR description must state the blast radius of the change, which claims, clusters or users it touches.", false, "The PR description must state the blast radius of the change.", true, true, false},
		// how the project writes a kind of data is a fact of it
		{"totals are int64 cents.", false, "Totals are int64 cents.", false, false, false},
		{"Amount is an integer number of cents.", false, "Amount is an integer number of cents.", false, false, false},
		{"the meeting is in the big room.", false, "", false, false, false},
		// a decision for a while is no rule
		{"We're not switching libraries this quarter.", false, "", false, false, false},
		// a fact in two words is still a fact in a correction
		{"nope, themes/ is a submodule.", false, "Themes/ is a submodule.", false, false, true},
		// "as usual" says the thing is the project's standing convention;
		// only the clause that says so is kept (issue 14).
		{"add the refunds table, new flyway script in db/migration as usual", false, "New flyway script in db/migration.", true, false, false},
		{"write to curated.rollups partitioned by event_date like every table we have.", false, "Write to curated.rollups partitioned by event_date.", true, false, false},
		// a marker typed in a hurry still marks; the marker never stays in the line
		{"remmeber: api responses are always snake_case", false, "Api responses are always snake_case.", true, false, false},
		// "for every repo of mine, not just this one" leaves no fragment behind
		{"for every repo of mine, not just this one: commit messages follow conventional commits", false, "Commit messages follow conventional commits.", true, true, false},
		// a requirement stated of a thing, a setting's current value, a
		// change of setting with when it happened left out (issue 14)
		{"tasks have to be idempotent, celery retries them.", false, "Tasks have to be idempotent, celery retries them.", false, false, false},
		{"we're on electron 29", false, "We're on electron 29.", false, false, false},
		{"upgraded us to electron 31 yesterday", false, "Upgraded us to electron 31.", false, false, false},
		{"we moved the broker from redis to rabbitmq last week, keep that in mind", false, "We moved the broker from redis to rabbitmq.", true, false, false},
		// a reason clause does not make a rule a description
		{"anything that touches the service key goes in $lib/server so it never ships to the browser", false, "Anything that touches the service key goes in $lib/server so it never ships to the browser.", true, false, false},
		// "no" before a name written as code keeps the dot; a repeat is a correction
		{"No .Result, that deadlocks under load.", false, "No .Result, that deadlocks under load.", false, false, true},
		{"every task must be idempotent, I said that before.", false, "Every task must be idempotent.", false, false, true},
		// typed in a hurry, or in the heat of the moment
		{"fromnow on add type hints to every new function", false, "Add type hints to every new function.", true, false, false},
		{"wrong place - shared template bits live in templates/partials/", false, "Shared template bits live in templates/partials/.", false, false, true},
		{"the dev server is on 5001 now, keep in mind", false, "The dev server is on 5001 now.", true, false, false},
		// misspelt markers, and what is said after the rule
		{"alwyas run the migrations in a transaction pls", false, "Always run the migrations in a transaction.", true, false, false},
		{"every script starts with set -euo pipefail, you forgot it", true, "Every script starts with set -euo pipefail.", false, false, true},
		// a statement that rules the alternative out
		{"config values we read from Airflow Variables, not from env vars.", false, "Config values we read from Airflow Variables, not from env vars.", false, false, false},
		{"we upgraded to expo sdk 51 this week, please keep this in mind for new code", false, "We upgraded to expo sdk 51.", true, false, false},
		// the change is the fact, the request after it is not
		{"bumped to bevy 0.14 this morning, fix whatever broke", false, "Bumped to bevy 0.14.", false, false, false},
		// a marker after a topic label, a global setup, a passive rule
		{"db: remember every timestamp is stored in UTC", false, "Every timestamp is stored in UTC.", true, false, false},
		{"across all my laptops I run zsh, so give shell snippets in zsh syntax", false, "I run zsh, so give shell snippets in zsh syntax.", true, true, false},
		{"for anything I build, lint with ruff and type-check with mypy", false, "Lint with ruff and type-check with mypy.", true, true, false},
		{"remember: build artefacts are never checked in, the ci makes them", false, "Build artefacts are never checked in, the ci makes them.", true, false, false},
		// a change without "to" in the cue list; its reason names the old
		// value and is left out; the day's task after a value is no part
		// of it; an aside word inside the sentence is dropped
		{"we swapped the cache to valkey 8 last week", false, "We swapped the cache to valkey 8.", false, false, false},
		{"switched the grpc port to 9091 because 9090 collides with prometheus", false, "Switched the grpc port to 9091.", true, false, false},
		{"switched the grpc port to 9091 because of the mesh", false, "Switched the grpc port to 9091 because of the mesh.", false, false, false},
		{"the registry is at 10.0.0.7 from now on, restart the runners", false, "The registry is at 10.0.0.7.", true, false, false},
		{"we're on zig 0.13 now, bump build.zig.zon", false, "We're on zig 0.13 now.", false, false, false},
		{"fixtures are json btw, never yaml", false, "Fixtures are json, never yaml.", true, false, false},
		// a doubled "no" and a repeat leave a terse correction; a change
		// that rules the old value out "anymore" is no one-off; the
		// request to redo the work is no part of the rule
		{"no no, tabs only", false, "Tabs only.", false, false, true},
		{"ramda only, I said it before.", false, "Ramda only.", false, false, true},
		{"we're moving, from now on every bucket goes to us-east-2, not us-west-1 anymore", false, "Every bucket goes to us-east-2, not us-west-1.", true, false, false},
		{"we pass the logger in everywhere, fix it", true, "We pass the logger in everywhere.", false, false, true},
		// "same <thing> as before" calls it the standing way
		{"the export job writes to s3://exports/daily, same bucket as before", false, "The export job writes to s3://exports/daily.", true, false, false},
		{"the build fails with the same error as before", false, "", false, false, false},
		// "the same way as last time" asks to repeat one occasion: no
		// standing way, and no cut that leaves "the" behind
		{"the parser 4.2 is out so bump it the same way as last time", false, "", false, false, false},
		// where a kind of thing is kept: a fact that stands once it recurs;
		// a file is no folder of things
		{"fixture files are yaml dumps under testdata/golden", false, "Fixture files are yaml dumps under testdata/golden.", false, false, false},
		{"the failing tests are both in src/cart.test.ts", false, "", false, false, false},
		// a change told with the value it replaces is the new state;
		// with both values in the line, or only new ones, it needs a
		// repeat or a marker
		{"moved the relay to pin 9, 3 drives the fan now", false, "Moved the relay to pin 9.", true, false, false},
		{"we migrated the queue from sqs to rabbitmq", false, "We migrated the queue from sqs to rabbitmq.", false, false, false},
		{"we upgraded to deno 2 and std 1", false, "We upgraded to deno 2 and std 1.", false, false, false},
		// a change in progress that the team decided is a change too
		{"we're migrating all buckets to eu-north-1, eu-west-2 is gone after this", false, "We're migrating all buckets to eu-north-1.", true, false, false},
		// a subject that uses something else "now" is a change; the old
		// value taken away before it is the story and the new value stands
		{"ops took the shared runner away from us; nightly jobs now run on the arm64 pool", false, "Nightly jobs now run on the arm64 pool.", true, false, false},
		{"releases now point to the eu registry", false, "Releases now point to the eu registry.", false, false, false},
		{"the dashboard now uses way too much memory, no idea why", false, "", false, false, false},
		{"it now uses the new cache", false, "", false, false, false},
		// a closing "don't change it" after a rule repeats it; after a
		// statement it is the rule
		{"the retention must be 14 days, don't touch it", false, "The retention must be 14 days.", false, false, false},
		{"proto/gen is generated, dont change it", false, "Proto/gen is generated, dont change it.", false, false, false},
		// what is ruled out after a "please", a few words long
		{"feature flags we read through the unleash client, please not from the raw env vars", false, "Feature flags we read through the unleash client, not from the raw env vars.", false, false, false},
		// the old value ruled out "anymore" after the new one is the new
		// state, and who changed their mind is no part of it; "not …
		// anymore" without a new value tells of a bug
		{"ok legal changed their mind, invoices are numbered per year now, not globally anymore", false, "Invoices are numbered per year now, not globally.", true, false, false},
		{"the nightly backups are not uploaded anymore, the cron must be broken", false, "", false, false, false},
		// one named thing to add after the rule is the day's task; a
		// kind of thing to add is part of the rule
		{"handlers must return an error value, add a variant ErrQuotaExceeded", false, "Handlers must return an error value.", false, false, false},
		{"handlers must return an error value, add a test for each one", false, "Handlers must return an error value, add a test for each one.", false, false, false},
		// "no please" opens a correction like "no,"
		{"no pls, we deploy with helm, not kubectl apply", false, "We deploy with helm, not kubectl apply.", false, false, true},
		{"No please don't squash the release commits", false, "Don't squash the release commits.", false, false, true},
		// "in every repo" said mid-sentence, with no other cue word
		{"btw i sign commits with my ssh key in every repo", false, "I sign commits with my ssh key.", true, true, false},
		// not instructions
		{"the deploy never worked on arm", false, "", false, false, false},
		{"the cache is never cleared between runs", false, "", false, false, false},
		{"make the new button look like the others", false, "", false, false, false},
		{"we build everything with sbt, right", false, "", false, false, false},
		{"always use the gradle wrapper, yeah", false, "", false, false, false},
		{"when is the next release", false, "", false, false, false},
		{"If the build breaks, fix it", false, "", false, false, false},
		{"Should we always use strict mode?", false, "", false, false, false},
		{"don't run the e2e suite this time", false, "", false, false, false},
		{"Don't push yet", false, "", false, false, false},
		{"Let's maybe switch to vitest later", false, "", false, false, false},
		{"We should always use vitest", false, "", false, false, false},
		{"It always fails on CI", false, "", false, false, false},
		{"Check the CI logs, they never lie", false, "", false, false, false},
		{"fix the flaky login test", false, "", false, false, false},
		{"ok, now run the tests", false, "", false, false, false},
		{"keep the public API unchanged", false, "", false, false, false},
		{"why did you change that file?", false, "", false, false, false},
	}
	for _, tt := range tests {
		st, _ := classify(tt.in, tt.corrective, source{})
		got := ""
		if st != nil {
			got = st.line
		}
		if got != tt.line {
			t.Errorf("classify(%q) line = %q, want %q", tt.in, got, tt.line)
			continue
		}
		if st == nil {
			continue
		}
		if st.lasting != tt.lasting || st.global != tt.global || st.correction != tt.correction {
			t.Errorf("classify(%q) = lasting %v global %v correction %v, want %v %v %v", tt.in, st.lasting, st.global, st.correction, tt.lasting, tt.global, tt.correction)
		}
	}
}

func TestReversal(t *testing.T) {
	tests := []struct {
		in      string
		subject string // joined; "-" = no reversal
	}{
		{"Actually, ignore what I said about yarn — we use pnpm", "yarn"},
		{"forget my earlier rule about tabs", "tabs"},
		{"We no longer use yarn", "yarn"},
		{"never mind", ""},
		{"Use pnpm", "-"},
	}
	for _, tt := range tests {
		_, r := classify(tt.in, false, source{})
		got := "-"
		if r != nil {
			got = strings.Join(r.subject, " ")
		}
		if got != tt.subject {
			t.Errorf("reversal(%q) = %q, want %q", tt.in, got, tt.subject)
		}
	}
}

func TestSameFact(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Use pnpm, not npm.", "- use pnpm not npm", true},
		{"Always use pnpm instead of npm.", "Use pnpm, not npm.", true},
		{"Use pnpm, not npm.", "Never edit generated files.", false},
		{"Run make lint before committing.", "Run make test before committing.", false},
		// one rule about a named thing, worded twice (issue 14)
		{"Write to curated.rollups partitioned by event_date.", "Output goes partitioned by event_date.", true},
		{"Dont run terraform apply from your machine. Only the pipeline applies, always.", "Apply never runs locally, the CI pipeline does terraform apply after review.", true},
		// where one kind of thing goes, said twice
		{"Tasks live in app/tasks/, one module per domain.", "Add the weekly digest email task, put it in app/tasks/.", true},
		// the place shared, one term beside it, whatever instance a
		// line names, the folder by its whole path or its tail
		{"Module goes in modules/.", "Reusable modules live under modules/, one root per env under envs/<env>.", true},
		{"Migration V15 goes in db/migration.", "Flyway migrations live in src/main/resources/db/migration.", true},
		// an initialism is no name in code: two rules about DAGs differ
		{"Put an owner in default_args for every DAG.", "catchup=False on every DAG, we never want automatic backfills.", false},
		// a correction and a rule about the same name in code
		{"No .Result, that deadlocks under load.", "Don't block on tasks with .Wait() or .Result, keep it async.", false},
		// the same name, different facts about it
		{"Migrations live in db/migration.", "Never edit an applied script in db/migration, add a new one.", false},
		// one line gives values, the other names other things exactly:
		// the words they share are the subject of two facts
		{"Thumbnails are cropped to 320 and the hero images to 1280.", "Thumbnails are in media/thumbs/, hero images in media/hero.png.", false},
		{"Thumbnails are cropped to 320 and the hero images to 1280.", "Hero images and thumbnails are cropped to 1280 and 320.", true},
		// "either" and "ever" add nothing to what a rule is about: the
		// terse second wording is the same rule
		{"Never force-push to main in this repo, rebase locally and open a PR.", "And don't force-push to main either, ever.", true},
		{"Never force-push to main in this repo, rebase locally and open a PR.", "Don't force-push to the release branch either, ever.", false},
		// one bucket named whole and by a folder of it: one place
		{"Survey scans come from gs://herbarium-scans/2024/ and that bucket is read-only for us, nobody writes there.", "Input for the scans is still gs://herbarium-scans/, which we never write to.", true},
		// two buckets, or the same words about another place, differ
		{"Survey scans come from gs://herbarium-scans/2024/ and that bucket is read-only for us, nobody writes there.", "Input for the scans is still gs://herbarium-thumbs/, which we never write to.", false},
		{"Survey scans come from gs://herbarium-scans/2024/, read-only.", "Exports go to gs://herbarium-scans/exports/ every night.", false},
	}
	for _, tt := range tests {
		if got := sameFact(tt.a, tt.b); got != tt.want {
			t.Errorf("sameFact(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSameStmt(t *testing.T) {
	tests := []struct {
		a, b       string
		correction bool // a is a correction
		want       bool
	}{
		{"No .Result, that deadlocks under load.", "Don't block on tasks with .Wait() or .Result, keep it async.", true, true},
		// the words of one compound name count once: a rule about
		// keymaps is not the correction naming nvim_set_keymap
		{"Vim.keymap.set, not nvim_set_keymap. Takes a lua function directly.", "The plugin sets no default keymaps at all, only <Plug>(quickmark-jump) and friends, users map those themselves.", true, false},
		{"Never disable RLS. Write a policy for board members instead.", "Don't turn off rls. Add a select policy.", true, true},
		{"Tasks have to be idempotent, celery retries them.", "Every task must be idempotent. Use a sent_at guard.", true, true},
		// without a correction the looser measure does not apply
		{"Tasks have to be idempotent, celery retries them.", "Every task must be idempotent. Use a sent_at guard.", false, false},
		{"Never disable RLS.", "Use millis() timers in the loop.", true, false},
		// alternatives written with a slash name each part (issue 14)
		{"No curl/wget in the Dockerfile, use ADD.", "Don't use curl for downloads, ADD does that.", true, true},
		// a path is a place, not alternatives: sharing its folder name
		// does not make two corrections one
		{"Put every new job in app/jobs, one file each.", "Every job must be retry-safe. Dedupe on the event id.", true, false},
		// a setting's value is not a correction that only names the setting
		{"Native modules we add with pod install so the versions match the sdk.", "We use the ios sdk 17.", true, false},
	}
	// A rule marked to last joins a correction by more than a third of
	// its words.
	for _, tt := range []struct {
		corr, rule string
		want       bool
	}{
		{"Ahh, no no, please don't use asyncio.create_task in there. I got burned by that last year: when the screen gets popped the task is orphaned and keeps writing into a widget that's gone. Textual has workers for exactly this, the @work decorator, with exclusive=True so a new keystroke cancels the previous filter run.", "Every new widget should come with a snapshot test (pytest-textual-snapshot).", false},
		{"Not float for money. Use Decimal, this is money of my customers.", "Money is Decimal, everywhere, always.", true},
		// a part of a name in the rule (order of order_date) is no word
		// the correction said (changed orders)
		{"Don't overwrite silver. The extract only carries changed orders, so an overwrite throws away the history.", "Every silver table is partitioned by order_date.", false},
	} {
		if got := sameStmt(stmt{line: tt.corr, correction: true}, stmt{line: tt.rule, lasting: true}); got != tt.want {
			t.Errorf("sameStmt(%q, lasting %q) = %v, want %v", tt.corr, tt.rule, got, tt.want)
		}
	}
	for _, tt := range tests {
		if got := sameStmt(stmt{line: tt.a, correction: tt.correction}, stmt{line: tt.b}); got != tt.want {
			t.Errorf("sameStmt(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestSentenceBoundaries(t *testing.T) {
	tests := []struct{ in, want string }{
		{"We serve U.S. customers only, so always format prices in USD.", "We serve U.S. customers only, so always format prices in USD."},
		{"Always format errors in lower case, e.g. `dial upstream: %w`, and never end them with punctuation.", "Always format errors in lower case, e.g. `dial upstream: %w`, and never end them with punctuation."},
		{"Log runs to `mltrain-ablations`, i.e. never to the default project. Thanks.", "Log runs to `mltrain-ablations`, i.e. never to the default project.|Thanks."},
		{"The default batch size is 128 (cf. the memory profile). Update the configs.", "The default batch size is 128 (cf. the memory profile).|Update the configs."},
		{"It finished at approx. 3 a.m. with a loss of 0.41, fine.", "It finished at approx. 3 a.m. with a loss of 0.41, fine."},
		{"We moved to node 22. From now on use v22.1.0 from https://nodejs.org/dist/.", "We moved to node 22.|From now on use v22.1.0 from https://nodejs.org/dist/."},
		{"pnpm! not npm. always pnpm in this repo.", "pnpm!|not npm.|always pnpm in this repo."},
		{"Don't use init() functions for wiring; construct them in main.", "Don't use init() functions for wiring; construct them in main."},
		{"We ship to the U.S. Then Canada.", "We ship to the U.S.|Then Canada."},
		{"Why?! No.", "Why?!|No."},
		{"- use pnpm\n2. never npm", "use pnpm|never npm"},
		{"Edit scripts/gen_bench.py, not benches/generated.rs. Then regenerate.", "Edit scripts/gen_bench.py, not benches/generated.rs.|Then regenerate."},
		// a quote closed after its own terminators: the mark after the
		// quote ends the sentence, the quote and "?" are not one of their own
		{`Could the log lines all start with the job name, like "nightly-sync: ..."? Going forward I want that.`, `Could the log lines all start with the job name, like "nightly-sync: ..."?|Going forward I want that.`},
		{`She wrote "ship it." Then left.`, `She wrote "ship it."|Then left.`},
		{`Say "e.g." and go on.`, `Say "e.g." and go on.`},
		{`Keep the "done."tag as is.`, `Keep the "done.|"tag as is.`},
	}
	for _, tt := range tests {
		got := strings.Join(sentences(strings.Split(tt.in, "\n")), "|")
		if got != tt.want {
			t.Errorf("sentences(%q)\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

// TestMentionSupports: a fact said once without a marker stands when
// another session names the same thing again, and not otherwise.
func TestMentionSupports(t *testing.T) {
	st := stmt{line: "Db changes go thru alembic migrations, dont touch the tables by hand.", src: source{session: 0, quote: "db changes go thru alembic migrations"}}
	all := func(int) bool { return true }
	echo := []source{{session: 1, quote: "new alembic migration for the tags table obviously"}}
	if got := instructionCandidates([]stmt{st}, nil, echo, all); len(got) != 1 || len(got[0].srcs) != 2 {
		t.Fatalf("mentioned again: %+v, want one candidate with both sessions", got)
	}
	// the same file path named again is enough
	api := stmt{line: "All network calls must go through src/api/client.ts, no direct fetch in components.", src: source{session: 0}}
	if got := instructionCandidates([]stmt{api}, nil, []source{{session: 2, quote: "the data come from the api client in src/api/client.ts"}}, all); len(got) != 1 {
		t.Fatalf("path named again: %+v, want one candidate", got)
	}
	// two of its terms in a sentence that calls it the usual way
	job := stmt{line: "Jobs must be retry-safe, dedupe on the event id.", src: source{session: 0}}
	if got := instructionCandidates([]stmt{job}, nil, []source{{session: 3, quote: "new job for invoices, make it retry-safe like the rest"}}, all); len(got) != 1 {
		t.Fatalf("named again as the usual way: %+v, want one candidate", got)
	}
	if got := instructionCandidates([]stmt{job}, nil, []source{{session: 3, quote: "new job for invoices, make it fast"}}, all); len(got) != 0 {
		t.Fatalf("named again without the usual way: %+v, want none", got)
	}
	// two statements in two sessions that each name what the other says
	// are one fact, proposed once
	a := stmt{line: "Level layouts are TOML files under data/levels, parse them with the map loader.", src: source{session: 0, quote: "level layouts are TOML files under data/levels, parse them with the map loader"}}
	b := stmt{line: "Boss layouts are TOML in data/bosses, same parser as levels.", src: source{session: 1, quote: "boss layouts are TOML in data/bosses, same parser as levels"}}
	said := []source{a.src, b.src}
	if got := instructionCandidates([]stmt{a, b}, nil, said, all); len(got) != 1 {
		t.Fatalf("statements supporting each other: %+v, want one candidate", got)
	}
	other := []source{{session: 1, quote: "add a tags page to the menu"}}
	if got := instructionCandidates([]stmt{st}, nil, other, all); len(got) != 0 {
		t.Fatalf("not mentioned again: %+v, want none", got)
	}
}

// TestRuleBeforeItsStory: a rule marked to last or said as a correction
// keeps its words when a later clause tells what happened once ("…, you
// did it last week"): the story is cut, not read as the sentence's, and
// "by the way" before the rule is a filler.
func TestRuleBeforeItsStory(t *testing.T) {
	for _, c := range []struct{ said, want string }{
		{"by the way, always pin the base image digest in all my repos, a floating tag pulled a broken build last month", "Always pin the base image digest."},
		{"from now on the invoice numbers are never reused, accounting caught a duplicate the other day", "The invoice numbers are never reused."},
	} {
		st, _ := classify(c.said, false, source{})
		if st == nil || st.line != c.want {
			t.Errorf("%q: got %+v; want %q", c.said, st, c.want)
		}
	}
	// a story alone stays a story, marked or not
	for _, s := range []string{
		"from now on, the nightly export failed last night, no idea why",
		"the cache was cleared yesterday, it took an hour",
	} {
		if st, _ := classify(s, false, source{}); st != nil {
			t.Errorf("%q: got %+v; want nothing", s, st)
		}
	}
}

// TestSymptomIsNoRule: a thing that keeps failing, told as what happens
// ("… breaks every time …", "… always times out …"), is the reason for a
// rule, not the rule, even in a correction; a clause that asks for
// something or says what must be keeps the sentence a rule.
func TestSymptomIsNoRule(t *testing.T) {
	for _, s := range []string{
		"a hand-written query in the report loader breaks every time the warehouse renames a column",
		"The smoke suite always times out on the shared runner.",
		"the label printer driver crashes every time two jobs arrive at once",
	} {
		for _, corrective := range []bool{false, true} {
			if st, _ := classify(s, corrective, source{}); st != nil {
				t.Errorf("%q (correction %v): got %+v; want nothing", s, corrective, st)
			}
		}
	}
	for _, s := range []string{
		"Inline colours break every time we touch the palette, so use the theme variables.",
		"The payment webhook must never fail silently.",
		"Never break the public config format.",
	} {
		if st, _ := classify(s, false, source{}); st == nil {
			t.Errorf("%q: got nothing; want the rule", s)
		}
	}
}

// TestEchoedAcrossMessages: one correction worded once per session, each
// session's line finding its support in the other session's message, is
// proposed once with both sessions; a fact of another name that the same
// two messages give beside it stays a line of its own.
func TestEchoedAcrossMessages(t *testing.T) {
	all := func(int) bool { return true }
	s0a := source{session: 0, msgID: "m0", seq: 1, quote: "Could you please not use the old plotkit v1 bundle?"}
	s0b := source{session: 0, msgID: "m0", seq: 2, quote: "we're fully on the v2 modules now (@plotkit/core and @plotkit/axes)"}
	s1a := source{session: 1, msgID: "m1", seq: 1, quote: "the plotkit v1 bundle fallback has to go as well"}
	s1b := source{session: 1, msgID: "m1", seq: 2, quote: "Everything is on v2 here, so please draw the legend with @plotkit/axes instead."}
	old := stmt{line: "Avoid the old plotkit v1 bundle.", src: s0a}
	now := stmt{line: "Everything is on v2 here, so please draw the legend with @plotkit/axes instead.", src: s1b}
	said := []source{s0a, s0b, s1a, s1b}
	got := instructionCandidates([]stmt{old, now}, nil, said, all)
	if len(got) != 1 {
		t.Fatalf("one correction in two wordings: %d candidates %+v, want one", len(got), got)
	}
	sessions := map[int]bool{}
	for _, s := range got[0].srcs {
		sessions[s.session] = true
	}
	if len(sessions) != 2 {
		t.Errorf("merged candidate has sessions %v, want both", sessions)
	}
	// The same two messages also move the preview server; that line names
	// nothing of the plotting rule and stays its own fact.
	p0 := source{session: 0, msgID: "m0", seq: 3, quote: "the preview server listens on 4410 now"}
	p1 := source{session: 1, msgID: "m1", seq: 3, quote: "Preview server on 4410 like last time."}
	port := stmt{line: "Preview server on 4410 like last time.", src: p1}
	said = []source{s0a, s0b, p0, s1a, s1b, p1}
	got = instructionCandidates([]stmt{old, port}, nil, said, all)
	if len(got) != 2 {
		t.Fatalf("two facts of the same two messages: %d candidates %+v, want two", len(got), got)
	}
}

// TestSharedSupportFolds: two later sessions that each name again what one
// earlier sentence said, each in its own instance, give one recurring
// fact; two facts that only happen to lean on one sentence, sharing no
// term of it, stay two.
func TestSharedSupportFolds(t *testing.T) {
	first := source{session: 0, msgID: "m1", quote: "the cart state lives in the pinia store, not in component refs"}
	a := candidate{kind: KindInstruction, line: "Coupons go in pinia too, same as the cart.", srcs: []source{{session: 1, msgID: "m2", quote: "coupons go in pinia too, same as the cart"}, first}}
	b := candidate{kind: KindInstruction, line: "The checkout page reads the cart from the pinia store, no props chains.", srcs: []source{{session: 2, msgID: "m3", quote: "the checkout page reads the cart from the pinia store, no props chains"}, first}}
	got := foldSharedSupport([]candidate{a, b})
	if len(got) != 1 || len(got[0].srcs) != 3 {
		t.Fatalf("one sentence named again in two sessions: %+v, want one candidate with three sources", got)
	}
	both := source{session: 0, msgID: "m1", quote: "the cart state lives in the pinia store and prices come from the catalogue api"}
	c := candidate{kind: KindInstruction, line: "Coupons go in pinia too.", srcs: []source{{session: 1, msgID: "m2", quote: "coupons go in pinia too"}, both}}
	d := candidate{kind: KindInstruction, line: "Tax rates come from the catalogue api as well.", srcs: []source{{session: 2, msgID: "m3", quote: "tax rates come from the catalogue api as well"}, both}}
	if got := foldSharedSupport([]candidate{c, d}); len(got) != 2 {
		t.Fatalf("two facts leaning on one sentence: %+v, want two candidates", got)
	}
	// two facts of one setup that name the same version and file
	setup := source{session: 0, msgID: "m1", quote: "we're on node 22.4 and the entry is src/main.ts"}
	e := candidate{kind: KindInstruction, line: "Node 22.4, so use the built-in test runner.", srcs: []source{{session: 1, msgID: "m2", quote: "node 22.4, so use the built-in test runner"}, setup}}
	f := candidate{kind: KindInstruction, line: "Register every route in src/main.ts on node 22.4.", srcs: []source{{session: 2, msgID: "m3", quote: "register every route in src/main.ts on node 22.4"}, setup}}
	if got := foldSharedSupport([]candidate{e, f}); len(got) != 2 {
		t.Fatalf("two facts naming one version and file: %+v, want two candidates", got)
	}
}

// TestClassifyOutsideRules: two words of trouble under an all-repos scope are
// a complaint, not a convention; a lead-in that tells what was seen keeps
// its clause a report; after "I told you yesterday" only a rule or what
// holds instead stays in the line; "never" before a past form tells.
func TestClassifyOutsideRules(t *testing.T) {
	for in, want := range map[string]string{
		// convention names still stand
		"conventional commits everywhere all my repos":                                                                        "Conventional commits.",
		"and this goes for all my repos: file-scoped namespaces.":                                                             "File-scoped namespaces.",
		"One more thing I'd like you to keep in mind: in all my repositories, not only this one, figures must have alt text.": "Figures must have alt text.",
		"please keep in mind: in all my repos, every table needs a caption.":                                                  "Every table needs a caption.",
		"no butter in the vegan tray, I told you yesterday, the margarine is in the blue tub":                                 "No butter in the vegan tray, the margarine is in the blue tub.",
		// the said-when clause is followed by what happened
		"no sugar in the dough, I told you yesterday, and the oven broke":             "No sugar in the dough.",
		"no force pushes to main, I said last week, and then the release got delayed": "No force pushes to main.",
	} {
		st, _ := classify(in, false, source{})
		if st == nil || st.line != want {
			t.Errorf("classify(%q) = %+v, want %q", in, st, want)
		}
	}
	for _, in := range []string{
		"in all my repos, broken builds",
		"in all my repos, flaky tests",
		"in all my repos, merge conflicts",
		"in all my repos, lots issues",
		"across all my projects, failing pipelines",
		"What I noticed yesterday: in all my repos, the CI takes ten minutes.",
		"I never quite understood the billing code.",
		"we never really used the staging cluster.",
	} {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %+v, want nil", in, st)
		}
	}
}

// TestCredentialStatedInOneClause: a credential stated as a value is a
// credential word and its "is", "=" or ":" in one clause ("the db
// password is hunter2"); a rule about where secrets go, whose "is"
// belongs to the next clause ("anything secret goes in the vault, the
// .env file is only for the port"), is no credential.
func TestCredentialStatedInOneClause(t *testing.T) {
	for _, c := range []struct {
		s    string
		cred bool
	}{
		{"the db password is hunter2", true},
		{"the api key = 9f8e7d6c5b", true},
		{"the staging token for the bot is in 1password under ops", true},
		{"anything secret goes in fly secrets set, [env] is only for non-secret stuff like LOG_LEVEL", false},
		{"no, anything secret goes in the vault, the .env file is only for the port", false},
		{"tokens live in the keychain; config.yaml is for plain settings", false},
	} {
		if got := credRe().MatchString(c.s); got != c.cred {
			t.Errorf("%q: credential %v, want %v", c.s, got, c.cred)
		}
	}
}

// TestSameFactReasonAside: a reason or purpose clause added to a line
// memory holds, or a slip of the keyboard, or a short form, leaves the
// fact the same; a changed value, another subject, or a main clause too
// bare to name a fact does not.
func TestSameFactReasonAside(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"Always run `terraform fmt` before committing, because the CI lint rejects unformatted files.", "Always run `terraform fmt` before committing.", true},
		{"Run the db migrations with `alembic upgrade head` so the schema matches prod.", "Run database migrations with `alembic upgrade head`.", true},
		{"Sign every release tarball with minisign, since the mirrors are not trusted.", "Release tarballs are signed with minisign.", true},
		{"Never comit directly to the relase branch.", "Never commit directly to the release branch.", true},
		{"Keep the Dockerfile base image on debian-slim since the scanner flags alpine.", "Keep the Dockerfile base image on debian-slim.", true},
		// negatives
		{"Run `terraform fmt` before committing, because the CI lint rejects unformatted files.", "Run `tflint` in CI, because the lint job is flaky.", false},
		{"Use pnpm as the package manager.", "Use the pnpm store in ~/.cache as a shared cache.", false},
		{"The worker pool is capped at 8 since the box has 8 cores.", "The worker pool is capped at 16.", false},
		{"Pin numpy to 2.1 because of the ABI break.", "Pin numpy to 1.26.", false},
		{"Deploy the frontend with `fly deploy`, because Vercel times out.", "Deploy the backend with `kamal deploy`.", false},
	} {
		if got := sameFact(tt.a, tt.b); got != tt.want {
			t.Errorf("sameFact(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestWithoutSaid: a line of several sentences loses those said already,
// and is dropped when nothing else is left.
func TestWithoutSaid(t *testing.T) {
	k := &known{lines: []string{"- Run `make lint` before pushing.", "- Invoices are numbered per fiscal year.", "- No jQuery. Use the DOM API directly."}, from: map[string]string{}, removed: map[string]bool{}}
	for _, tt := range []struct {
		line, want string
		ok         bool
	}{
		{"Always run `make lint` before pushing. Never edit files under vendor/.", "Never edit files under vendor/.", true},
		{"Run `make lint` before pushing, because CI is slow. Invoice numbers restart every fiscal year.", "", false},
		{"Never edit files under vendor/. Generated code lives in gen/.", "Never edit files under vendor/. Generated code lives in gen/.", true},
		{"Run `make lint` before pushing.", "", false},
		// A second run finds its own line of the first in memory: no
		// sentence of it is news, however short.
		{"No jQuery. Use the DOM API directly.", "", false},
		{"No jQuery. Bundle with esbuild.", "Bundle with esbuild.", true},
		{"Nothing in the DOM API is wrapped.", "Nothing in the DOM API is wrapped.", true},
		// What is left once the news went only tells how the person
		// came to it: nothing to propose.
		{"Run `make lint` before pushing. I put that rule there myself two years ago, it was a mistake.", "", false},
		{"Run `make lint` before pushing. I put that rule there myself, never push to main.", "I put that rule there myself, never push to main.", true},
		{"Run `make lint` before pushing. The linter config lives in tools/lint.toml.", "The linter config lives in tools/lint.toml.", true},
	} {
		got, ok := withoutSaid(tt.line, k.has, k.holds)
		if got != tt.want || ok != tt.ok {
			t.Errorf("withoutSaid(%q) = %q, %v; want %q, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// TestContrastBeforeItsReason: a statement that ends in what it rules out
// ("…, not pytest") stays one when the person adds why after a comma
// ("…, because the grader runs on it"), in any domain; a question, a story
// of what happened, a failure report or a one-off with the same shape
// stays out.
func TestContrastBeforeItsReason(t *testing.T) {
	for _, s := range []string{
		"The tests are written with unittest, not pytest, because the grader's runner is built on unittest.",
		"Invoices are rendered with WeasyPrint, not wkhtmltopdf, because the page breaks come out right.",
		"The map tiles come from our own tile server, not OpenStreetMap directly, since their usage policy forbids bulk downloads.",
		"The choir scores are engraved in LilyPond, not MuseScore, cause the conductor wants the old look.",
	} {
		st, _ := classify(s, false, source{})
		if st == nil || !strings.Contains(st.line, ", not ") {
			t.Errorf("%q: got %+v; want the statement", s, st)
		}
	}
	for _, s := range []string{
		"can you render the invoice with WeasyPrint, not wkhtmltopdf, because the client asked?",
		"I tried WeasyPrint yesterday, not wkhtmltopdf, because the page breaks are better.",
		"The export was slow yesterday, not the import, because the disk filled up.",
		"for this release only use the old logo, not the new one, because marketing is late",
		"It crashed on the staging box, not on prod, because the disk was full.",
	} {
		if st, _ := classify(s, false, source{}); st != nil {
			t.Errorf("%q: got %+v; want nothing", s, st)
		}
	}
}

// TestOrQuestion: the second half of a question asked as two ("is there a
// reason the shader is so expensive? or is it just the a10 being a
// potato") is a question too, its mark left off; a statement opening with
// "or" and no verb of asking stays one.
func TestOrQuestion(t *testing.T) {
	for _, s := range []string{"or is it just the a10 being a potato", "Or are we still on the old runner"} {
		if st, _ := classify(s, true, source{}); st != nil {
			t.Errorf("%q: got %+v; want nothing", s, st)
		}
	}
	if !questRe().MatchString("Or is it the cache") || questRe().MatchString("Or islands of state, never a global store") {
		t.Error("questRe: want the or-question read, a word opening with \"is\" not")
	}
}

// TestAsLineElisions: a clause left with a word or four before a
// quotation stripQuotes elided is half a sentence and goes, and so does
// an elided aside; an elision inside a clause that says more stays.
func TestAsLineElisions(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"oh wait, we should never call get_parent() like that, it's …", "Oh wait, we should never call get_parent() like that."},
		{"every sqitch change note carries the Jira ticket, like …", "Every sqitch change note carries the Jira ticket."},
		{"Commit messages start with the Jira key, so this one is …; it lets the PMs trace work", "Commit messages start with the Jira key; it lets the PMs trace work."},
		{"Commit messages in the present tense, …, never \"Added\"", "Commit messages in the present tense, never \"Added\"."},
		{"the board resets through the cron we pass to LeaderboardCreate (…), not a job", "The board resets through the cron we pass to LeaderboardCreate, not a job."},
		{"only the little … button needs to be a client component", "Only the little … button needs to be a client component."},
	} {
		if got := asLine(tc.in); got != tc.want {
			t.Errorf("asLine(%q) = %q; want %q", tc.in, got, tc.want)
		}
	}
}

// TestSaidByPendingRemoval: a sentence stating a line a pending patch
// takes out was read against that line when the patch was written and is
// not proposed again; the same fact given as a rule may be the person
// turning the edit down, and is.
func TestSaidByPendingRemoval(t *testing.T) {
	k := memKnown("- Installs use yarn.")
	k.removed["- Installs use yarn."] = true
	k.lines = append(k.lines, "- Installs use pnpm.") // the line the pending patch adds
	w := &writer{known: k}
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"Installs use yarn.", true},
		{"Always use yarn for installs.", false},
		{"Use yarn for installs.", false},
	} {
		if got := w.said(tt.s); got != tt.want {
			t.Errorf("said(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
