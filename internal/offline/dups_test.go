package offline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// oneLineProbe is a small world for "one line per fact": memory files
// (MEMORY.md, a topic file, GEMINI.md) and sessions, and how many proposed
// lines may match key once the sessions are read (-1: at least one).
// control asks that without the memory files the sessions do propose a
// line matching key, so that a probe of a repeat tests the repeat, not a
// sentence the extractor never takes.
type oneLineProbe struct {
	name     string
	mem      []string // MEMORY.md lines
	global   []string // GEMINI.md lines
	topic    []string // testing.md lines
	sessions [][]string
	key      string
	want     int
	control  bool
}

// proposedMatching runs a probe's world, with its memory files or
// without, and lists the memory lines proposed that match its key.
func proposedMatching(t *testing.T, p oneLineProbe, withMem bool) []string {
	t.Helper()
	w := newWorld(t)
	write := func(path string, body string) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if withMem {
		if len(p.mem) > 0 {
			write(filepath.Join(w.memDir, "MEMORY.md"), "# Project Memory\n\n## Conventions\n\n"+strings.Join(p.mem, "\n")+"\n")
		}
		if len(p.topic) > 0 {
			write(filepath.Join(w.memDir, "testing.md"), "# Testing\n\n"+strings.Join(p.topic, "\n")+"\n")
		}
		if len(p.global) > 0 {
			write(w.global, strings.Join(p.global, "\n")+"\n")
		}
	}
	for i, s := range p.sessions {
		w.add("s"+string(rune('a'+i)), true, s...)
	}
	res := w.run(t)
	re := regexp.MustCompile(p.key)
	var out []string
	for _, c := range res.Candidates {
		if c.Kind != KindSkill && re.MatchString(c.Text) {
			out = append(out, c.Text)
		}
	}
	return out
}

// TestOneLinePerFact holds probes written for issue 14's "one line per
// fact" in domains and voices of no labelled half: a memory line said
// again with a lead-in, a reason, another order, a typo, a plural, a short
// form, in GEMINI.md or a topic file, inside a line of two sentences; one
// fact said in two sessions in two wordings; and the negatives, lines that
// share a tool, a file or words with memory or with each other and state
// another fact.
func TestOneLinePerFact(t *testing.T) {
	t.Parallel()
	for _, p := range oneLineProbes {
		got := proposedMatching(t, p, true)
		if p.want < 0 && len(got) == 0 || p.want >= 0 && len(got) != p.want {
			t.Errorf("%s: %d lines match %s, want %d: %q", p.name, len(got), p.key, p.want, got)
		}
		if p.control {
			if c := proposedMatching(t, p, false); len(c) == 0 {
				t.Errorf("%s: without memory no line matches %s: the probe tests nothing", p.name, p.key)
			}
		}
	}
}

var oneLineProbes = []oneLineProbe{
	// R: a memory line said again: want 0 with memory; control (no memory) must propose.
	{name: "R1 lead-in", mem: []string{"- Use tabs, not spaces, in the Makefile."}, sessions: [][]string{{"u:fyi, from now on use tabs not spaces in the Makefile"}}, key: `(?i)makefile`, want: 0, control: true},
	{name: "R2 reason", mem: []string{"- Always run `terraform fmt` before committing."}, sessions: [][]string{{"u:From now on always run `terraform fmt` before committing, because the CI lint rejects unformatted files."}}, key: `terraform fmt`, want: 0, control: true},
	{name: "R3 order", mem: []string{"- Dates in the API are ISO 8601 in UTC."}, sessions: [][]string{{"u:Remember: in the API, dates are always UTC ISO 8601."}}, key: `8601`, want: 0, control: true},
	{name: "R4 typo", mem: []string{"- Never commit directly to the release branch."}, sessions: [][]string{{"u:from now on, never comit directly to the relase branch"}}, key: `(?i)rele?a?se|relase|comit`, want: 0, control: true},
	{name: "R5 plural", mem: []string{"- Every migration file gets a down step."}, sessions: [][]string{{"u:From now on, migration files always get down steps."}}, key: `(?i)migration`, want: 0, control: true},
	{name: "R6 abbrev", mem: []string{"- Use the staging database for integration tests."}, sessions: [][]string{{"u:remember to always use the staging db for integration tests"}}, key: `(?i)integration`, want: 0, control: true},
	{name: "R7 GEMINI.md", global: []string{"- Answer in British English."}, sessions: [][]string{{"u:From now on, always answer in British English please."}}, key: `(?i)british`, want: 0, control: true},
	{name: "R8 reason first", mem: []string{"- Keep the Dockerfile base image on debian-slim."}, sessions: [][]string{{"u:Since the scanner flags alpine, from now on keep the Dockerfile base image on debian-slim."}}, key: `debian-slim`, want: 0, control: true},
	{name: "R9 terse", mem: []string{"- Log with structlog, never print()."}, sessions: [][]string{{"u:from now on always log w/ structlog, never print()"}}, key: `(?i)structlog`, want: 0, control: true},
	{name: "R10 recurring", mem: []string{"- The nightly export job runs at 02:00 UTC on the worker-3 host."}, sessions: [][]string{{"u:the nightly export runs at 02:00 UTC on worker-3"}, {"u:check the logs", "u:the nightly export job is on worker-3 at 02:00 UTC"}}, key: `worker-3`, want: 0, control: true},
	{name: "R12 non-native", mem: []string{"- Write commit messages in English."}, sessions: [][]string{{"u:please from now on the commit messages you write always in english"}}, key: `(?i)english`, want: 0, control: true},
	{name: "R13 bullets", mem: []string{"- Run `make lint` before pushing."}, sessions: [][]string{{"u:Rules from now on:\n- always run `make lint` before pushing\n- never edit files under vendor/"}}, key: `make lint`, want: 0, control: true},
	{name: "R14 topic file", topic: []string{"- Snapshot tests live in tests/__snapshots__/."}, sessions: [][]string{{"u:Remember that snapshot tests always live in tests/__snapshots__/."}}, key: `__snapshots__`, want: 0, control: true},
	{name: "R15 correction", mem: []string{"- Don't mock the database in repository tests; use the test container."}, sessions: [][]string{{"u:write the repo tests", "a:I mocked the database.", "u:no, don't mock the database in repository tests, use the test container"}, {"u:add tests for orders repo", "a:I added a mock for the DB.", "u:no, never mock the db in the repository tests. use the test container"}}, key: `(?i)mock`, want: 0, control: true},
	{name: "R16 still", mem: []string{"- Envoy is the API gateway; routes are configured in envoy/routes.yaml."}, sessions: [][]string{{"u:Envoy is still the API gateway, and routes are still configured in envoy/routes.yaml, remember that."}}, key: `(?i)envoy`, want: 0, control: true},
	{name: "R17 please lead", mem: []string{"- Use pnpm for installing packages."}, sessions: [][]string{{"u:Please, from now on, use pnpm when installing packages."}}, key: `(?i)pnpm`, want: 0, control: true},
	{name: "R18 so-clause", mem: []string{"- Run database migrations with `alembic upgrade head`."}, sessions: [][]string{{"u:From now on run the db migrations with `alembic upgrade head` so the schema matches prod."}}, key: `alembic`, want: 0, control: true},
	// N: must still be proposed beside memory.
	{name: "N1 same tool other rule", mem: []string{"- Run `pytest -x` before committing."}, sessions: [][]string{{"u:From now on, never run pytest with --lf in CI."}}, key: `--lf`, want: 1},
	{name: "N2 same port other service", mem: []string{"- The docs preview server runs on port 4000."}, sessions: [][]string{{"u:remember: the mock payment service always runs on port 4000 in docker compose."}}, key: `(?i)payment`, want: 1},
	{name: "N3 value changed", mem: []string{"- Use Node 18 for the build."}, sessions: [][]string{{"u:from now on use Node 20 for the build."}}, key: `20`, want: -1},
	{name: "N4 same subject other aspect", mem: []string{"- The changelog lives in docs/CHANGELOG.md."}, sessions: [][]string{{"u:From now on, always write changelog entries in the past tense."}}, key: `(?i)past tense`, want: 1},
	{name: "N5 exception", mem: []string{"- Format Python with black."}, sessions: [][]string{{"u:from now on, never run black on the generated protobuf files in gen/."}}, key: `(?i)protobuf`, want: 1},
	{name: "N6 other branch", mem: []string{"- Never push to main."}, sessions: [][]string{{"u:From now on never push to the gh-pages branch by hand."}}, key: `gh-pages`, want: 1},
	{name: "N7 other folder", mem: []string{"- Put SQL migrations in db/migrations/."}, sessions: [][]string{{"u:From now on put seed data in db/seeds/."}}, key: `db/seeds`, want: 1},
	{name: "N8 same words other role", mem: []string{"- The frontend is deployed to Vercel."}, sessions: [][]string{{"u:From now on, the frontend preview builds must never be deployed to production."}}, key: `(?i)preview`, want: 1},
	// F: one fact proposed twice: want exactly one.
	{name: "F1 close", sessions: [][]string{{"u:From now on, always run `cargo clippy -- -D warnings` before pushing."}, {"u:remember to always run `cargo clippy -- -D warnings` before you push anything."}}, key: `clippy`, want: 1},
	{name: "F2 other words", sessions: [][]string{{"u:From now on use snake_case for all JSON field names in the API."}, {"u:always remember: API json fields are snake_case, never camelCase."}}, key: `snake_case`, want: 1},
	{name: "F3 abbrev", sessions: [][]string{{"u:From now on keep env vars documented in .env.example."}, {"u:Remember: every environment variable must be documented in .env.example."}}, key: `env\.example`, want: 1},
	{name: "F4 order", sessions: [][]string{{"u:Always use UTC timestamps in the logs from now on."}, {"u:From now on, in the logs the timestamps are always in UTC."}}, key: `UTC`, want: 1},
	{name: "F5 reason", sessions: [][]string{{"u:From now on, never use `git push --force` on shared branches."}, {"u:From now on never force-push to shared branches, because it wiped Sam's work last week."}}, key: `(?i)force`, want: 1},
	{name: "F6 recurring", sessions: [][]string{{"u:the staging cluster is eks-stage-2"}, {"u:deploy it", "u:the staging cluster is eks-stage-2, remember that"}, {"u:fyi staging runs on the eks-stage-2 cluster"}}, key: `eks-stage-2`, want: 1},
	{name: "F7 non-native", sessions: [][]string{{"u:from now on the images you must compress with squoosh before commit"}, {"u:Always compress images with squoosh before committing them."}}, key: `(?i)squoosh`, want: 1},
	{name: "F8 correction", sessions: [][]string{{"u:add a helper for slugs", "a:I added slugify to utils.py.", "u:no, don't put helpers in utils.py, put them in the helpers/ package"}, {"u:add a date helper", "a:Added to utils.py.", "u:no no, helpers go in the helpers/ package, not utils.py"}}, key: `helpers/`, want: 1},
	{name: "F9 typo", sessions: [][]string{{"u:From now on, always squash-merge feature branches."}, {"u:from now on allways squash merge the feature branchs pls"}}, key: `(?i)squash`, want: 1},
	// NF: two facts that must stay two.
	{name: "NF2 same command two rules", sessions: [][]string{{"u:From now on, always run `npm run build` before `npm test`."}, {"u:From now on, never run `npm run build` in the pre-commit hook."}}, key: `npm run build`, want: 2},
	{name: "NF3 same tool two rules", sessions: [][]string{{"u:From now on, format Python with `ruff format`."}, {"u:From now on, never add new ignores to the ruff config."}}, key: `(?i)ruff`, want: 2},
	{name: "NF5 value changed", sessions: [][]string{{"u:From now on pin numpy to 1.26."}, {"u:Actually, from now on pin numpy to 2.1."}}, key: `2\.1`, want: -1},
	{name: "R13b bullets new kept", mem: []string{"- Run `make lint` before pushing."}, sessions: [][]string{{"u:Rules from now on:\n- always run `make lint` before pushing\n- never edit files under vendor/"}}, key: `vendor/`, want: 1},
	{name: "R19 heads up", mem: []string{"- Never run migrations against the shared staging database."}, sessions: [][]string{{"u:Heads up \u2014 from now on never run migrations against the shared staging database."}}, key: `(?i)migrations`, want: 0, control: true},
	{name: "R21 one of two", mem: []string{"- Use pnpm; never npm or yarn. Node 20 via nvm."}, sessions: [][]string{{"u:From now on, never use yarn, use pnpm."}}, key: `(?i)yarn`, want: 0, control: true},
	{name: "R25 voice", mem: []string{"- The CLI is built with cobra."}, sessions: [][]string{{"u:remember: we always build the CLI with cobra"}}, key: `(?i)cobra`, want: 0, control: true},
	{name: "R26 synonyms", mem: []string{"- Don't add new dependencies without asking."}, sessions: [][]string{{"u:From now on, never add a new dependency unless you ask me first."}}, key: `(?i)dependenc`, want: 0, control: true},
	{name: "R27 acronym", mem: []string{"- Use the staging DB for e2e tests."}, sessions: [][]string{{"u:always use the staging database for e2e tests from now on"}}, key: `(?i)e2e`, want: 0, control: true},
	{name: "R28 note lead", mem: []string{"- API errors are returned as RFC 7807 problem+json."}, sessions: [][]string{{"u:Note for the future: API errors always go out as RFC 7807 problem+json."}}, key: `7807`, want: 0, control: true},
	{name: "R29 repeated twice in session", mem: []string{"- Keep functions under 50 lines."}, sessions: [][]string{{"u:from now on keep functions under 50 lines, seriously, under 50 lines"}}, key: `50`, want: 0, control: true},
	{name: "F10 lasting + recurring", sessions: [][]string{{"u:From now on, all money amounts are stored as integer cents."}, {"u:fix the invoice", "u:amounts are integer cents in the db"}, {"u:the refund amounts are integer cents too"}}, key: `(?i)cents`, want: 1},
	{name: "F11 note lead", sessions: [][]string{{"u:Note: from now on feature flags live in config/flags.yaml."}, {"u:From now on feature flags always live in config/flags.yaml, not in code."}}, key: `flags\.yaml`, want: 1},
	{name: "F12 reason", sessions: [][]string{{"u:From now on, run `go test -race ./...` before every push."}, {"u:From now on run `go test -race ./...` before pushing, since the data race last week slipped through."}}, key: `-race`, want: 1},
	{name: "F13 abbrev", sessions: [][]string{{"u:From now on, never touch the prod db by hand."}, {"u:from now on never touch the production database by hand!!"}}, key: `(?i)prod`, want: 1},
	{name: "NF6 same file two rules", sessions: [][]string{{"u:From now on, keep config/flags.yaml sorted alphabetically."}, {"u:From now on, never put secrets in config/flags.yaml."}}, key: `flags\.yaml`, want: 2},
	{name: "NF7 same words other subject", sessions: [][]string{{"u:From now on the backend tests run with pytest-xdist."}, {"u:From now on the frontend tests run with vitest."}}, key: `(?i)tests run`, want: 2},
}
