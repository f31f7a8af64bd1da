package offline

import (
	"strings"
	"testing"
)

// TestReportShape: a checker's summary is read as one whatever its tool;
// what installers, deploys and playbooks print is not.
func TestReportShape(t *testing.T) {
	for _, tt := range []struct{ out, want string }{
		{"Tests:       2 failed, 57 passed, 59 total", "test"},
		{"Finished in 0.8 seconds\n14 examples, 0 failures", "test"},
		{"ok  \tgithub.com/acme/ledger/pkg/money\t0.012s", "test"},
		{"not ok 3 - rounds half to even", "test"},
		{"✖ 7 problems (5 errors, 2 warnings)", "lint"},
		{"Checked 212 files\nAll checks passed!", "lint"},
		{"Ran 311 rules on 48 files: 2 findings.", "lint"},
		{"Passed checks: 40, Failed checks: 1, Skipped checks: 0", "lint"},
		{"up to date, audited 90 packages in 1s\nfound 0 vulnerabilities", ""},
		{"Summary: 12 resources found - Valid: 12, Invalid: 0", "lint"},
		{"[INFO] webpack compiled successfully in 2140 ms", "build"},
		{strings.Repeat("x", 5000) + "\n31 passed in 2.04s", "test"},
		// Not reports.
		{"added 231 packages, and audited 232 packages in 6s", ""},
		{"Apply complete! Resources: 2 added, 1 changed, 0 destroyed.", ""},
		{"web2 : ok=14 changed=3 unreachable=0 failed=0 skipped=1", ""},
		{"ok", ""},
		{"Uploaded 38 files to gs://assets-prod", ""},
		{"error: failed to push some refs to 'origin'", ""},
		// A count of errors after a count of what was moved is the
		// mover's tally.
		{"Fetched 31 archives (0 failed)", ""},
		{"Published 6 packages; 0 errors", ""},
		{"uploaded 240 objects, 2 warnings", ""},
		{"Synced 3 buckets: 0 issues", ""},
		{"Checked 40 files: 0 errors", "lint"},
	} {
		if got := reportShape(tt.out); got != tt.want {
			t.Errorf("reportShape(%q) = %q, want %q", tt.out, got, tt.want)
		}
	}
}

// TestShapeCategories: checks found by the shape of the command rather
// than its tool's name.
func TestShapeCategories(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		// A test script or directory handed to any runner.
		{`AutoIt3.exe tests\suite_test.au3`, "test"},
		{"busted specs", "test"},
		{"shellspec spec/", "test"},
		{"ember try:one lts --- ember test", ""},
		{"git add tests/test_ledger.py", ""},
		{"prettyml src tests", ""},
		{"cp tests/fixture.json /tmp/", ""},
		// A Windows program's slash options; "validate" only without
		// a subcommand.
		{"PkgLint.exe /validate manifest.xml", "lint"},
		{"kubectl apply --validate -f deploy.yaml", ""},
		{"liquibase validate", "lint"},
		{"./tools/schema-validate.sh a.json", "lint"},
		{"pydocstyle src", "lint"},
		// The word that ends a tool's command, and a name that says
		// it checks anywhere in it.
		{"atlas schema lint", "lint"},
		{"pkg-check-deps ./...", "lint"},
		// An alias named for a check, a runner named for tests.
		{"clj -X:lint", "lint"},
		// A one-letter option given "lint": a mode that only reports.
		{"mandoc -Tlint -Wwarning man/tool.1", "lint"},
		{"groff -Tpdf man/tool.1", ""},
		{"eslint --lint-cache src", "lint"},
		{"runtests", "test"},
		{"deno -A:prod main.ts", ""},
		// A test run that rewrites what it expects is an action.
		{"npx jest --updateSnapshot", ""},
		{"cargo test --accept", ""},
		{"npx jest --ci", "test"},
	} {
		c := commands(tt.script)
		if len(c) != 1 || c[0].category != tt.want {
			t.Errorf("commands(%q) = %+v, want category %q", tt.script, c, tt.want)
		}
	}
}

// TestDryRunValue: a dry run chosen by value previews; "none" does not.
func TestDryRunValue(t *testing.T) {
	for s, want := range map[string]bool{
		"kubectl apply --dry-run=server -f deploy/": true,
		"kubectl apply --dry-run=none -f deploy/":   false,
		"kubectl apply -f deploy/":                  false,
		// A setting that turns a dry run on, given to the program.
		"salt-call --local state.apply web test=True":  true,
		"make deploy DRY_RUN=1":                        true,
		"bundle exec rake seed:prices dryrun=yes":      true,
		"salt-call --local state.apply web test=False": false,
		"make deploy DRY_RUN=0":                        false,
		// The value of an option is handed on, not the program's mode.
		"helm upgrade api charts/api --set test=true": false,
		"ansible-playbook site.yml -e dry_run=true":   false,
	} {
		if c := commands(s); len(c) != 1 || c[0].preview != want {
			t.Errorf("%q: %+v, want preview %v", s, c, want)
		}
	}
}

// TestServeStep: a server or watcher is the subcommand or task itself;
// the same word after another subcommand says what that one does.
func TestServeStep(t *testing.T) {
	for script, want := range map[string]bool{
		"pnpm dev": true, "npm run dev": true, "bundle exec middleman serve": true, "docker compose watch": true,
		"python manage.py runserver": true, "npx kelpie schema dev --label add_reefs": false, "cargo build": false,
		"php artisan serve": true, "ruby bin/shoal dev": true, "php artisan reefs dev": false,
	} {
		cs := commands(script)
		if len(cs) != 1 || serveStep(cs[0]) != want {
			t.Errorf("%q: %+v, want server %v", script, cs, want)
		}
	}
}
