package offline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/memdir"
)

// checkedSession mines one session's commands as mineSession does: every
// command a step, the first run of each check a check.
func checkedSession(idx int, cmds ...string) mined {
	m := sessionOf(idx, cmds...)
	seen := map[string]bool{}
	for _, r := range m.steps {
		if k := r.cmd.key + "\x00" + r.cmd.flagValues + "\x00" + r.cmd.category; r.cmd.category != "" && !seen[k] {
			seen[k] = true
			m.checks = append(m.checks, r)
		}
	}
	return m
}

func verificationOf(sessions ...[]string) string {
	var ms []mined
	for i, s := range sessions {
		ms = append(ms, checkedSession(i, s...))
	}
	promoteBuilds(ms)
	c := verificationCandidate(ms, func(int) bool { return true })
	if c == nil {
		return ""
	}
	return c.line
}

// TestPromoteBuilds: `<tool> build` is a build check where the project
// tests with that tool, and an artefact build where it does not.
func TestPromoteBuilds(t *testing.T) {
	s := []string{"stack build --fast", "stack test", "docker build -t api ."}
	got := verificationOf(s, s, s)
	if want := "Verification commands for this project: `stack build --fast`, `stack test`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// A tool the project checks with in another way compiles too.
	s = []string{"gleam check", "gleam build --warnings-as-errors"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `gleam check`, `gleam build --warnings-as-errors`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// Tests run with another tool, and not right beside the build
	// (neededBuilds, everySessionChecks): the build is not promoted.
	s = []string{"make test", "git add -A", "stack build --fast"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `make test`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// Right beside them in every session, it is one of the checks.
	s = []string{"make test", "stack build --fast"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `stack build --fast`, `make test`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// make's default goal builds: a build check where make tests too,
	// an artefact build where it does not.
	s = []string{"make test", "git add -A", "make TARGET=WHOOPF411"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `make TARGET=WHOOPF411`, `make test`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	s = []string{"cargo test", "git add -A", "make -j8"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `cargo test`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// TestVerificationForm: a check is listed as run when most runs were that
// exact command, in its stable form when an argument varied, and never as
// a flag that lost its value.
func TestVerificationForm(t *testing.T) {
	tests := []struct {
		name string
		runs []string // one per session
		want string
	}{
		{"same every time", []string{"cargo nextest run -p core", "cargo nextest run -p core", "cargo nextest run -p core"}, "`cargo nextest run -p core`"},
		{"a path varied", []string{"pytest tests/api", "pytest tests/web", "pytest tests/web"}, "`pytest`"},
		{"narrowed to one file once", []string{"pytest tests/", "pytest tests/billing/test_invoice.py", "pytest tests/", "pytest tests/"}, "`pytest tests/`"},
		{"every target, narrowed once", []string{"buck2 test //...", "buck2 test //lib/parse:tests", "buck2 test //..."}, "`buck2 test //...`"},
		{"a file each time", []string{"pytest tests/billing/test_invoice.py", "pytest tests/jobs/test_mailer.py", "pytest tests/billing/test_invoice.py"}, "`pytest`"},
		{"other shapes", []string{"cmake --build out -j4", "cmake --build out --target docs", "cmake --build out -j4", "cmake --build out --target docs"}, "`cmake --build out`"},
		{"flag value varied", []string{
			"xcodebuild test -project Notes.xcodeproj -destination 'platform=macOS,arch=arm64'",
			"xcodebuild test -project Notes.xcodeproj -destination 'platform=macOS,arch=x86_64'",
			"xcodebuild test -project Notes.xcodeproj -destination 'platform=macOS,arch=arm64'",
		}, "`xcodebuild test -project Notes.xcodeproj -destination \"<destination>\"`"},
	}
	for _, tt := range tests {
		var sessions [][]string
		for _, r := range tt.runs {
			sessions = append(sessions, []string{r})
		}
		want := "Verification commands for this project: " + tt.want + "."
		if got := verificationOf(sessions...); got != want {
			t.Errorf("%s: %q, want %q", tt.name, got, want)
		}
	}
}

// TestTargetedCheck: a check aimed, every time, at what the action just
// before it made is that procedure's step, not one of the project's
// verification commands; one run of it on its own makes it one.
func TestTargetedCheck(t *testing.T) {
	s := func(pkg string) []string {
		return []string{"go generate ./internal/" + pkg, "staticcheck ./internal/" + pkg}
	}
	if got := verificationOf(s("wire"), s("enum"), s("mocks")); got != "" {
		t.Errorf("targeted check listed: %q", got)
	}
	got := verificationOf(s("wire"), s("enum"), s("mocks"), []string{"staticcheck ./internal/wire"})
	if want := "Verification commands for this project: `staticcheck`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// The whole tree after an action is no target (and the generator
	// run right before it every time makes what it reads: neededBuilds).
	w := []string{"go generate ./internal/wire", "staticcheck ./..."}
	if got, want := verificationOf(w, w, w), "Verification commands for this project: `staticcheck ./...`, `go generate ./internal/wire`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// TestDryRunBesideCheck: a subcommand that shows what a change would do
// (`… plan`) is a dry run of any tool, and beside a check it is no
// action the check is aimed at: the validate before it stays a check.
func TestDryRunBesideCheck(t *testing.T) {
	s := func(stack string, apply bool) []string {
		out := []string{"hullctl fmt --check", "hullctl stack validate stacks/" + stack + ".hcl", "hullctl stack plan stacks/" + stack + ".hcl"}
		if apply {
			out = append(out, "hullctl stack apply stacks/"+stack+".hcl")
		}
		return out
	}
	got := verificationOf(s("dns", true), s("mail", true), s("vpn", false))
	for _, want := range []string{"`hullctl stack validate", "`hullctl stack plan"} {
		if !strings.Contains(got, want) {
			t.Errorf("line %q lacks %s", got, want)
		}
	}
	if strings.Contains(got, "apply") {
		t.Errorf("line %q lists the action", got)
	}
}

// TestPreviewCheck: an infrastructure dry run run in most sessions is a
// verification command, and stays the action of a plan-then-apply skill.
func TestPreviewCheck(t *testing.T) {
	s := []string{"tofu fmt -check", "tofu plan -var-file=eu.tfvars"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `tofu fmt -check`, `tofu plan -var-file=eu.tfvars`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	var ms []mined
	for i := range 2 {
		ms = append(ms, checkedSession(i, "tofu validate", "tofu plan -out=next.plan", "tofu apply next.plan"))
	}
	promoteBuilds(ms)
	got := skillSteps(procedureCandidates(ms, func(int) bool { return true }, 6))
	if len(got) != 1 || got[0] != "tofu validate | tofu plan -out=next.plan | tofu apply next.plan" {
		t.Errorf("skills %q", got)
	}
}

// TestFlagValueVaries: a check whose `-flag=value` changed between runs is
// listed with a placeholder for that value, not with one run's value.
func TestFlagValueVaries(t *testing.T) {
	got := verificationOf(
		[]string{"tofu -chdir=stacks/eu plan"}, []string{"tofu -chdir=stacks/us plan"}, []string{"tofu -chdir=stacks/eu plan"})
	if want := "Verification commands for this project: `tofu -chdir=stacks/<name> plan`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// TestFoldStatedChecks: a request to run checks the verification line
// lists is that line; one that names more stays a line of its own.
func TestFoldStatedChecks(t *testing.T) {
	v := candidate{kind: KindVerification, line: verificationLine([]string{"poetry run pytest", "poetry run ruff check ."}), srcs: []source{{session: 0}}}
	for _, tt := range []struct {
		line string
		kept bool
	}{
		{"Run pytest and ruff before you tell me it’s done.", false},
		{"Always run poetry run pytest first.", false},
		{"Run pytest with --maxfail=1 before pushing.", true},
		{"Ruff config lives in ruff.toml.", true},
		{"Never run ruff --fix on the legacy folder.", true},
	} {
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{{session: 1}}}
		out := foldStatedChecks([]candidate{v, c}, "")
		if kept := len(out) == 2; kept != tt.kept {
			t.Errorf("%q kept %v, want %v", tt.line, kept, tt.kept)
		}
		if !tt.kept && len(out[0].srcs) != 2 {
			t.Errorf("%q: its evidence did not join the line: %v", tt.line, out[0].srcs)
		}
		// Once memory holds the line (a second run), the request is
		// not proposed beside it either.
		if out := foldStatedChecks([]candidate{c}, v.line); (len(out) == 1) != tt.kept {
			t.Errorf("%q beside the line memory holds: kept %v, want %v", tt.line, len(out) == 1, tt.kept)
		}
	}
}

// TestAskedChecks: a command run in most sessions becomes a check when the
// person names it near a request to check work before it is done; a
// command only run, a word far from the request, or a word of a check
// already known does not make one.
func TestAskedChecks(t *testing.T) {
	s := []string{"cargo xtask schema-diff", "cargo xtask codegen", "tool fmt check"}
	said := func(texts ...string) []source {
		var out []source
		for _, x := range texts {
			out = append(out, source{quote: x})
		}
		return out
	}
	tests := []struct {
		said []string
		want string
	}{
		{nil, "`tool fmt check`"},
		{[]string{"Please do the schema-diff before you tell me a change is finished."}, "`tool fmt check`, `cargo xtask schema-diff`"},
		{[]string{"make sure schema-diff is green"}, "`tool fmt check`, `cargo xtask schema-diff`"},
		{[]string{"what does schema-diff even do?"}, "`tool fmt check`"},
		{[]string{"codegen took ages today and the fans were loud and the office was hot and then someone asked me about lunch, anyway make sure everything passes"}, "`tool fmt check`"},
		{[]string{"the fmt step must pass"}, "`tool fmt check`"},
	}
	for _, tt := range tests {
		var ms []mined
		for i := range 3 {
			ms = append(ms, checkedSession(i, s...))
		}
		askedChecks(ms, said(tt.said...))
		promoteBuilds(ms)
		got := ""
		if c := verificationCandidate(ms, func(int) bool { return true }); c != nil {
			got = c.line
		}
		if want := "Verification commands for this project: " + tt.want + "."; got != want {
			t.Errorf("%q: %q, want %q", tt.said, got, want)
		}
	}
}

// TestNeededBuilds: a program run with options alone right before a check
// in every session that runs the check, or a subcommand that makes (a
// site, generated code), is the build that check reads; one that comes
// first only sometimes, or a subcommand that makes nothing, is not; nor is
// a set-up subcommand of the checking program, which another one is.
func TestNeededBuilds(t *testing.T) {
	site := []string{"zola build --drafts", "vale public/"}
	gen := []string{"mkdocs --strict", "vale site/"}
	if got, want := verificationOf(gen, gen, gen), "Verification commands for this project: `vale site/`, `mkdocs --strict`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	if got, want := verificationOf(gen, gen, []string{"vale site/"}), "Verification commands for this project: `vale site/`."; got != want {
		t.Errorf("not before every run: line %q, want %q", got, want)
	}
	if got, want := verificationOf(site, site, site), "Verification commands for this project: `vale public/`, `zola build --drafts`."; got != want {
		t.Errorf("subcommand that makes: line %q, want %q", got, want)
	}
	// A subcommand that makes the code the tests compile.
	codegen := []string{"buf generate", "go test ./..."}
	if got, want := verificationOf(codegen, codegen, codegen), "Verification commands for this project: `buf generate`, `go test ./...`."; got != want {
		t.Errorf("generated code: line %q, want %q", got, want)
	}
	// A subcommand that makes nothing the check reads, and a container
	// image, are not builds of the check.
	for _, prev := range []string{"tome update --all", "docker build -t site ."} {
		s := []string{prev, "vale public/"}
		if got, want := verificationOf(s, s, s), "Verification commands for this project: `vale public/`."; got != want {
			t.Errorf("%s: line %q, want %q", prev, got, want)
		}
	}
	// A subcommand that writes the file the check is then given.
	bundle := []string{"stackctl bundle render charts > rendered.yaml", "kube-linter lint rendered.yaml"}
	if got, want := verificationOf(bundle, bundle, bundle), "Verification commands for this project: `stackctl bundle render charts > rendered.yaml`, `kube-linter lint rendered.yaml`."; got != want {
		t.Errorf("file handed on: line %q, want %q", got, want)
	}
	// Two commands of one tool's area, the build and the check, are
	// both listed.
	area := []string{"quillc sheet pack layouts > sheet.qpk", "quillc sheet validate sheet.qpk"}
	if got, want := verificationOf(area, area, area), "Verification commands for this project: `quillc sheet pack layouts > sheet.qpk`, `quillc sheet validate sheet.qpk`."; got != want {
		t.Errorf("one area: line %q, want %q", got, want)
	}
	// Another subcommand of the program whose test subcommand the check
	// is builds what it tests; one that installs or updates does not.
	fw := []string{"pio run", "pio test -e native"}
	if got, want := verificationOf(fw, fw, fw), "Verification commands for this project: `pio run`, `pio test -e native`."; got != want {
		t.Errorf("same program: line %q, want %q", got, want)
	}
	for _, s := range [][]string{{"pio update", "pio test -e native"}, {"pio pkg install", "pio test -e native"}} {
		if got := verificationOf(s, s, s); strings.Contains(got, s[0]) {
			t.Errorf("%s: line %q lists it", s[0], got)
		}
	}
	// A package script named for its area builds what its last part
	// says; one that generates writes sources, no build of the check.
	docs := []string{"pnpm docs:build", "pnpm lint"}
	if got, want := verificationOf(docs, docs, docs), "Verification commands for this project: `pnpm lint`, `pnpm docs:build`."; got != want {
		t.Errorf("area script: line %q, want %q", got, want)
	}
	spec := []string{"pnpm openapi:gen", "pnpm lint"}
	if got := verificationOf(spec, spec, spec); strings.Contains(got, "openapi:gen") {
		t.Errorf("generating script: line %q lists it", got)
	}
}

// TestCheckOutputKept: a check's output file is listed only when another
// check is given it; a log kept for reading or a scratch file is not.
func TestCheckOutputKept(t *testing.T) {
	logged := []string{"go test ./... > test.log"}
	if got, want := verificationOf(logged, logged, logged), "Verification commands for this project: `go test ./...`."; got != want {
		t.Errorf("log: line %q, want %q", got, want)
	}
	scratch := []string{"pytest -q > /tmp/pytest.out"}
	if got, want := verificationOf(scratch, scratch, scratch), "Verification commands for this project: `pytest -q`."; got != want {
		t.Errorf("scratch file: line %q, want %q", got, want)
	}
	handed := []string{"quillc sheet pack layouts > /tmp/sheet.qpk", "quillc sheet validate /tmp/sheet.qpk"}
	if got := verificationOf(handed, handed, handed); strings.Contains(got, "> /tmp/") {
		t.Errorf("scratch file handed on: line %q keeps it", got)
	}
}

// TestCheckCategoryPerSession: one command counted as a build in one
// session and as a test in the others is one check, not two groups each
// under the session threshold.
func TestCheckCategoryPerSession(t *testing.T) {
	var ms []mined
	for i := range 3 {
		m := checkedSession(i, "zig build test")
		if len(m.checks) != 1 {
			t.Fatalf("session %d: %d checks", i, len(m.checks))
		}
		m.checks[0].cmd.category = "test"
		if i == 0 {
			m.checks[0].cmd.category = "build"
		}
		ms = append(ms, m)
	}
	c := verificationCandidate(ms, func(int) bool { return true })
	if c == nil || c.line != "Verification commands for this project: `zig build test`." {
		t.Errorf("one command, two categories: %+v", c)
	}
}

// TestFoldStatedChecksEdit: an edit of an old line that now says the tests
// run with a listed command gives the verification line that line's place;
// when the verification line already rewrites a line, the edit stays.
func TestFoldStatedChecksEdit(t *testing.T) {
	v := candidate{kind: KindVerification, line: verificationLine([]string{"hatch test", "hatch fmt --check"})}
	e := candidate{kind: KindInstruction, line: "Tests run with `hatch test`.", replaces: "- Tests run with `tox`.", replaceIn: "MEMORY.md"}
	out := foldStatedChecks([]candidate{v, e}, "")
	if len(out) != 1 || out[0].replaces != e.replaces || out[0].replaceIn != "MEMORY.md" {
		t.Errorf("edit not folded into the verification line: %+v", out)
	}
	v.replaces, v.replaceIn = "- Verification commands for this project: `tox`.", "MEMORY.md"
	if out := foldStatedChecks([]candidate{v, e}, ""); len(out) != 2 || out[0].replaces != v.replaces {
		t.Errorf("two rewrites merged: %+v", out)
	}
}

// TestReportedChecks: a command no list knows is a check when one of its
// runs printed a checker's summary and it ran in three sessions; a
// deploy's output, or a summary from a command run twice, is not enough.
func TestReportedChecks(t *testing.T) {
	line := func(report string, n int, cmds ...string) string {
		var ms []mined
		for i := range n {
			m := checkedSession(i, cmds...)
			if i == 1 {
				m.steps[len(m.steps)-1].report = report
			}
			ms = append(ms, m)
		}
		promoteBuilds(ms)
		if c := verificationCandidate(ms, func(int) bool { return true }); c != nil {
			return c.line
		}
		return ""
	}
	want := "Verification commands for this project: `lychee --offline docs/`, `make test`."
	if got := line(reportShape("🔍 52 Total  ✅ 52 OK  🚫 0 Errors"), 3, "make test", "lychee --offline docs/"); got != want {
		t.Errorf("a summary: %q, want %q", got, want)
	}
	want = "Verification commands for this project: `make test`."
	if got := line(reportShape("Uploaded 14 files to r2://docs"), 3, "make test", "rclone sync site r2:docs"); got != want {
		t.Errorf("a deploy: %q, want %q", got, want)
	}
	if got := line("lint", 2, "make test", "lychee --offline docs/"); got != "" {
		t.Errorf("two sessions: %q", got)
	}
}

// TestCheckRunTwoWays: a check run through different runners is one
// check, written as most runs wrote it.
func TestCheckRunTwoWays(t *testing.T) {
	got := verificationOf([]string{"npx vue-tsc --noEmit"}, []string{"pnpm exec vue-tsc --noEmit"}, []string{"npx vue-tsc --noEmit"})
	if want := "Verification commands for this project: `npx vue-tsc --noEmit`."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestCheckInDirectory: a check run in a directory of the project is
// listed with the `cd` to it.
func TestCheckInDirectory(t *testing.T) {
	got := verificationOf([]string{"cd frontend && pnpm vitest run"}, []string{"cd frontend && pnpm vitest run"}, []string{"cd /srv/app && cd frontend && pnpm vitest run"})
	if want := "Verification commands for this project: `cd frontend && pnpm vitest run`."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestPipedCheck: a check that reads a pipe is listed with what feeds it,
// the feeder's varying argument as a placeholder.
func TestPipedCheck(t *testing.T) {
	got := verificationOf([]string{"jsonnet env/prod.jsonnet | yamllint -"}, []string{"jsonnet env/dev.jsonnet | yamllint -"}, []string{"jsonnet env/prod.jsonnet | yamllint -"})
	if want := "Verification commands for this project: `jsonnet env/<name>.jsonnet | yamllint -`."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestCheckOfTwoShapes: a check run in two shapes whose stable form ends
// in an option that lost its value (`west build -b`) is listed in the
// newest run's shape, the value that changed as a placeholder.
func TestCheckOfTwoShapes(t *testing.T) {
	const twister = "west twister -T tests -p native_sim"
	got := verificationOf([]string{"west build -b nucleo_l476rg app", twister}, []string{"west build -p always -b nucleo_l476rg app", twister}, []string{"west build -p always -b nucleo_u575zi_q app", twister}, []string{"west build -b nucleo_u575zi_q app", twister})
	if want := "Verification commands for this project: `west build -b <arg> app`, `" + twister + "`."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestShapedChecks: build verbs, a flag that lost its value and a check
// that gates an action with the same target.
func TestShapedChecks(t *testing.T) {
	for _, tt := range []struct {
		name     string
		sessions [][]string
		want     string
	}{
		// `<tool> make` compiles where the tool tests too; a package
		// script of that name is no build.
		{"make verb", [][]string{{"loom make src/a.lm", "loom test"}, {"loom make src/b.lm", "loom test"}, {"loom make src/a.lm", "loom test"}}, "`loom make`, `loom test`"},
		{"package script", [][]string{{"yarn make", "yarn test"}, {"yarn make", "yarn test"}, {"yarn make", "yarn test"}}, "`yarn test`"},
		// A one-letter flag whose value changed keeps a placeholder.
		{"letter flag", [][]string{{"zmk check -b nice_nano app"}, {"zmk check -b xiao_ble app"}, {"zmk check -b nice_nano app"}}, "`zmk check -b <arg> app`"},
		// A check of what the next action is given is a step of it.
		{"gate", [][]string{
			{"helm lint charts/api", "helm upgrade api charts/api"},
			{"helm lint charts/web", "helm upgrade web charts/web"},
			{"helm lint charts/api", "helm upgrade api charts/api"},
		}, ""},
	} {
		got := verificationOf(tt.sessions...)
		want := ""
		if tt.want != "" {
			want = "Verification commands for this project: " + tt.want + "."
		}
		if got != want {
			t.Errorf("%s: %q, want %q", tt.name, got, want)
		}
	}
}

// TestReportedChecksRefuseActions: a command that ships, fetches,
// installs or adds something is no check, even when a run of it in three
// sessions printed a count of errors or a build's success; the report is
// the action's, not a checker's.
func TestReportedChecksRefuseActions(t *testing.T) {
	for _, tt := range []struct{ cmd, report string }{
		{"pnpm run publish-docs", "9 pages, 0 errors"},
		{"make upload-assets", "12 objects, 0 failed"},
		{"./scripts/sync_fixtures.sh", "fixtures: 3 warnings"},
		{"dotnet ef migrations add AddPostingMemo --project src/Ledger.Data", "Build started...\nBuild succeeded.\nDone."},
	} {
		var ms []mined
		for i := range 3 {
			m := checkedSession(i, "make test", tt.cmd)
			if i == 2 {
				m.steps[len(m.steps)-1].report = reportShape(tt.report)
			}
			ms = append(ms, m)
		}
		if reportShape(tt.report) == "" {
			t.Fatalf("%q reads as no report: the case tests nothing", tt.report)
		}
		promoteBuilds(ms)
		c := verificationCandidate(ms, func(int) bool { return true })
		if want := "Verification commands for this project: `make test`."; c == nil || c.line != want {
			t.Errorf("%s: %+v, want %q", tt.cmd, c, want)
		}
	}
}

// TestNewerRunner: a check run through one runner, then through another,
// is listed as most runs ran it and keeps the newest runner's form, which
// takes its place when the person has ruled the old runner out, or the
// package manager whose runner it is (npx, npm's).
func TestNewerRunner(t *testing.T) {
	var ms []mined
	for i, s := range []string{"pipenv run ward test", "pipenv run ward test", "pipenv run ward test", "pdm run ward test", "pdm run ward test"} {
		ms = append(ms, checkedSession(i, s, "pipenv run pylint app"))
	}
	promoteBuilds(ms)
	c := verificationCandidate(ms, func(int) bool { return true })
	if c == nil || c.newer["pipenv run ward test"] != "pdm run ward test" || len(c.newer) != 1 {
		t.Fatalf("candidate %+v", c)
	}
	v := verificationUpdate(c, nil, nil, &known{}, map[string]bool{"pipenv": true}, memdir.Dir{}, map[string]bool{})
	if want := "Verification commands for this project: `pdm run ward test`."; v == nil || v.line != want {
		t.Errorf("with pipenv ruled out: %+v, want %q", v, want)
	}
	c = verificationCandidate(ms, func(int) bool { return true })
	v = verificationUpdate(c, nil, nil, &known{}, nil, memdir.Dir{}, map[string]bool{})
	if want := "Verification commands for this project: `pipenv run pylint app`, `pipenv run ward test`."; v == nil || v.line != want {
		t.Errorf("nothing ruled out: %+v, want %q", v, want)
	}
	// npx is npm's runner: with npm ruled out, a check the newest runs
	// ran through pnpm takes that form; one still run through npx stays.
	ms = nil
	for i, s := range []string{"npx nx e2e web-e2e", "npx nx e2e web-e2e", "pnpm nx e2e web-e2e", "pnpm nx e2e web-e2e"} {
		ms = append(ms, checkedSession(i, s, "npx size-limit"))
	}
	promoteBuilds(ms)
	c = verificationCandidate(ms, func(int) bool { return true })
	v = verificationUpdate(c, nil, nil, &known{}, map[string]bool{"npm": true}, memdir.Dir{}, map[string]bool{})
	if want := "Verification commands for this project: `pnpm nx e2e web-e2e`, `npx size-limit`."; v == nil || v.line != want {
		t.Errorf("with npm ruled out: %+v, want %q", v, want)
	}
}

// TestRoutineChecks: a command whose name says it checks is one of the
// project's checks when it runs in most sessions, mostly alike. Named so
// but run in too few sessions, each time aimed elsewhere, or acting, it
// is not; nor is a name that only holds such a word's letters.
func TestRoutineChecks(t *testing.T) {
	for _, tt := range []struct {
		name     string
		sessions [][]string
		want     string
	}{
		{"most sessions", [][]string{
			{"gleam test", "./tools/schema-validator.sh"}, {"gleam test", "./tools/schema-validator.sh"},
			{"gleam test"}, {"gleam test", "./tools/schema-validator.sh"},
		}, "`./tools/schema-validator.sh`, `gleam test`"},
		{"half of them", [][]string{
			{"gleam test", "./tools/schema-validator.sh"}, {"gleam test"}, {"gleam test"},
			{"gleam test", "./tools/schema-validator.sh"}, {"gleam test", "./tools/schema-validator.sh"}, {"gleam test"},
		}, "`gleam test`"},
		{"aimed elsewhere each time", [][]string{
			{"gleam test", "foundry verify 0xa1"}, {"gleam test", "foundry verify 0xb2"}, {"gleam test", "foundry verify 0xc3"},
		}, "`gleam test`"},
		{"acting", [][]string{
			{"gleam test", "./publish-verified.sh"}, {"gleam test", "./publish-verified.sh"}, {"gleam test", "./publish-verified.sh"},
		}, "`gleam test`"},
		{"invalidation is no check", [][]string{
			{"gleam test", "cdnctl purge-invalidation"}, {"gleam test", "cdnctl purge-invalidation"}, {"gleam test", "cdnctl purge-invalidation"},
		}, "`gleam test`"},
		{"a spell checker", [][]string{
			{"gleam test", "cspell docs"}, {"gleam test", "cspell docs"}, {"gleam test", "cspell docs"},
		}, "`cspell docs`, `gleam test`"},
		{"a scanner", [][]string{
			{"gleam test", "osv-scanner -r ."}, {"gleam test", "osv-scanner -r ."}, {"gleam test", "osv-scanner -r ."},
		}, "`gleam test`, `osv-scanner -r .`"},
		{"a compound name", [][]string{
			{"zola build", "./tools/linkchecker public"}, {"zola build", "./tools/linkchecker public"},
			{"zola serve", "zola build", "./tools/linkchecker public"},
			// (The site build before it every time is the build it
			// reads: neededBuilds.)
		}, "`zola build`, `./tools/linkchecker public`"},
		{"checker for short", [][]string{
			{"gleam test", "isabelle-chk Main"}, {"gleam test", "isabelle-chk Main"}, {"gleam test", "isabelle-chk Main"},
		}, "`gleam test`, `isabelle-chk Main`"},
		// A run whose result is thrown away runs for its verdict;
		// the same program making a file in the project does not
		// check.
		{"result thrown away", [][]string{
			{"asy -o /tmp/probe.pdf figures/main.asy", "asy -o out/fig-a.pdf figures/main.asy"},
			{"asy -o /tmp/probe.pdf figures/main.asy"},
			{"asy -o /tmp/probe.pdf figures/main.asy", "asy -o out/fig-b.pdf figures/main.asy"},
		}, "`asy -o /tmp/probe.pdf figures/main.asy`"},
		{"thrown away by an option's value", [][]string{
			{"gleam test", "svgo --output=/dev/null icons/"}, {"gleam test", "svgo --output=/dev/null icons/"}, {"gleam test", "svgo --output=/dev/null icons/"},
		}, "`gleam test`, `svgo --output=/dev/null icons/`"},
		{"output sent to /dev/null", [][]string{
			{"gleam test", "svgo icons/ > /dev/null"}, {"gleam test", "svgo icons/ > /dev/null"}, {"gleam test"}, {"gleam test", "svgo icons/ > /dev/null"},
		}, "`gleam test`, `svgo icons/`"},
		{"thrown away in few sessions", [][]string{
			{"gleam test", "asy -o /tmp/probe.pdf figures/main.asy"}, {"gleam test"}, {"gleam test"},
			{"gleam test", "asy -o /tmp/probe.pdf figures/main.asy"}, {"gleam test", "asy -o /tmp/probe.pdf figures/main.asy"}, {"gleam test"},
		}, "`gleam test`"},
		{"a dump to a scratch file sets up", [][]string{
			{"gleam test", "vaultkeeper dump ledger > /tmp/snap.txt"}, {"gleam test", "vaultkeeper dump ledger > /tmp/snap.txt"}, {"gleam test", "vaultkeeper dump ledger > /tmp/snap.txt"},
		}, "`gleam test`"},
		// Only a whole word of its name sets up: "seedling" is no
		// seeding.
		{"a name that starts like a set-up word", [][]string{
			{"gleam test", "seedling -o /tmp/probe.out garden.sdl"}, {"gleam test", "seedling -o /tmp/probe.out garden.sdl"}, {"gleam test", "seedling -o /tmp/probe.out garden.sdl"},
		}, "`gleam test`, `seedling -o /tmp/probe.out garden.sdl`"},
	} {
		want := "Verification commands for this project: " + tt.want + "."
		if got := verificationOf(tt.sessions...); got != want {
			t.Errorf("%s: %q, want %q", tt.name, got, want)
		}
	}
}

// TestEverySessionChecks: a command run the same way in every session,
// each time right beside a known check, is one of the checks, whatever
// its name, and so is one skipped once in five sessions, one aimed at
// another file in some session, or one right beside such a routine; run in all but one of four sessions,
// changed once, aimed at two things in one session or at what the check
// beside it is given, named for setting something up, or beside no
// check, it is not.
func TestEverySessionChecks(t *testing.T) {
	for _, tt := range []struct {
		name     string
		sessions [][]string
		want     string
	}{
		{"every session", [][]string{
			{"stylua --check src", "lune run spec-runner"}, {"stylua --check src", "lune run spec-runner"}, {"stylua --check src", "lune run spec-runner"},
		}, "`stylua --check src`, `lune run spec-runner`"},
		{"through another runner later", [][]string{
			{"npx eslint .", "npx cdk synth -q"}, {"npx eslint .", "npx cdk synth -q"}, {"npx eslint .", "pnpm exec cdk synth -q"},
		}, "`npx eslint .`, `npx cdk synth -q`"},
		{"a program named for set-up, told to check", [][]string{
			{"stylua --check src", "create-manifest probe"}, {"stylua --check src", "create-manifest probe"}, {"stylua --check src", "create-manifest probe"},
		}, "`stylua --check src`, `create-manifest probe`"},
		{"a script named for set-up", [][]string{
			{"stylua --check src", "./tools/seed-db.sh"}, {"stylua --check src", "./tools/seed-db.sh"}, {"stylua --check src", "./tools/seed-db.sh"},
		}, "`stylua --check src`"},
		{"one session without", [][]string{
			{"stylua --check src", "lune run spec-runner"}, {"stylua --check src", "lune run spec-runner"},
			{"stylua --check src", "lune run spec-runner"}, {"stylua --check src"},
		}, "`stylua --check src`"},
		{"skipped once in five", [][]string{
			{"stylua --check src", "lune run spec-runner"}, {"stylua --check src", "lune run spec-runner"},
			{"stylua --check src"}, {"stylua --check src", "lune run spec-runner"}, {"stylua --check src", "lune run spec-runner"},
		}, "`stylua --check src`, `lune run spec-runner`"},
		{"aimed at what each session built", [][]string{
			{"zig build -Doptimize=Debug", "zig build test", "romsize out/debug/cart.gb"},
			{"zig build -Doptimize=Debug", "zig build test", "romsize out/debug/cart.gb"},
			{"zig build -Doptimize=ReleaseSmall", "zig build test", "romsize out/small/cart.gb"},
			{"zig build -Doptimize=ReleaseSmall", "zig build test", "romsize out/small/cart.gb"},
		}, "`zig build -Doptimize=<name>`, `romsize`, `zig build test`"},
		{"a built path holding a space", [][]string{
			{"cargo build --profile dev", "cargo test", "flashsize target/dev/fw.elf"},
			{"cargo build --profile dev", "cargo test", "flashsize target/dev/fw.elf"},
			{"cargo build --profile tiny", "cargo test", `flashsize "target/tiny build/fw.elf"`},
			{"cargo build --profile tiny", "cargo test", `flashsize "target/tiny build/fw.elf"`},
		}, "`cargo build`, `cargo test`, `flashsize`"},
		{"the built path given to an earlier step too", [][]string{
			{"elfdump -h target/dev/fw.elf", "cargo build --profile dev", "cargo test", "flashsize target/dev/fw.elf"},
			{"cargo build --profile dev", "cargo test", "flashsize target/dev/fw.elf"},
			{"elfdump -h target/tiny/fw.elf", "cargo build --profile tiny", "cargo test", "flashsize target/tiny/fw.elf"},
			{"cargo build --profile tiny", "cargo test", "flashsize target/tiny/fw.elf"},
		}, "`cargo build`, `cargo test`, `flashsize`"},
		{"two targets in one session", [][]string{
			{"stylua --check src", "tiller stage hosts/blue.ini"},
			{"stylua --check src", "tiller stage hosts/blue.ini", "tiller stage hosts/green.ini"},
			{"stylua --check src", "tiller stage hosts/blue.ini"},
			{"stylua --check src", "tiller stage hosts/green.ini"},
		}, "`stylua --check src`"},
		{"made for the check beside it", [][]string{
			{"stylua --check src", "weaver emit src/a.wv", "eslint src/a.wv"}, {"stylua --check src", "weaver emit src/b.wv", "eslint src/b.wv"},
			{"stylua --check src", "weaver emit src/a.wv", "eslint src/a.wv"}, {"stylua --check src", "weaver emit src/b.wv", "eslint src/b.wv"},
		}, "`stylua --check src`"},
		{"a routine beside a routine", [][]string{
			{"quill press", "quill bind", "./tools/check_pages.sh"}, {"quill press", "quill bind", "./tools/check_pages.sh"},
			{"quill press", "quill bind", "./tools/check_pages.sh"},
		}, "`./tools/check_pages.sh`, `quill bind`, `quill press`"},
		{"changed once", [][]string{
			{"stylua --check src", "lune run spec-runner"}, {"stylua --check src", "lune run spec-runner --verbose"}, {"stylua --check src", "lune run spec-runner"},
		}, "`stylua --check src`"},
		{"setting up", [][]string{
			{"podman compose up -d", "stylua --check src"}, {"podman compose up -d", "stylua --check src"}, {"podman compose up -d", "stylua --check src"},
		}, "`stylua --check src`"},
		{"a build of a tool never tested with, beside the checks", [][]string{
			{"stylua --check src", "rojo build -o game.rbxl"}, {"stylua --check src", "rojo build -o game.rbxl"}, {"stylua --check src", "rojo build -o game.rbxl"},
		}, "`stylua --check src`, `rojo build -o game.rbxl`"},
		{"a package step given the stage each session packs", [][]string{
			{"eslint .", "jest", "npx electron-forge package --platform linux"}, {"eslint .", "jest", "npx electron-forge package --platform linux"},
			{"eslint .", "jest", "npx electron-forge package --platform darwin"}, {"eslint .", "jest", "npx electron-forge package --platform darwin"},
		}, "`eslint .`, `npx electron-forge package`, `jest`"},
		{"a headless run beside other runs of the program", [][]string{
			{"stylua --check src", "./build/sim --headless --steps 50 --map oak"},
			{"./build/sim --record 600 --map oak > run.csv", "stylua --check src", "./build/sim --headless --steps 50 --map oak"},
			{"stylua --check src", "./build/sim --headless --steps 50 --map pine"},
			{"./build/sim --record 600 --map pine > run.csv", "stylua --check src", "./build/sim --headless --steps 50 --map pine"},
		}, "`stylua --check src`, `./build/sim --headless`"},
		{"a container build beside the checks", [][]string{
			{"stylua --check src", "docker build -t api ."}, {"stylua --check src", "docker build -t api ."}, {"stylua --check src", "docker build -t api ."},
		}, "`stylua --check src`"},
		{"an install beside the checks", [][]string{
			{"stylua --check src", "luarocks make --local"}, {"stylua --check src", "luarocks make --local"}, {"stylua --check src", "luarocks make --local"},
		}, "`stylua --check src`"},
		{"the way of running a program whose option acts", [][]string{
			{"stylua --check src", "fabrik live.toml --apply-now", "git status", "fabrik plan.toml --preview"},
			{"stylua --check src", "fabrik live.toml --apply-now", "git status", "fabrik plan.toml --preview"},
			{"stylua --check src", "fabrik live.toml --apply-now", "git status", "fabrik plan.toml --preview"},
		}, "`stylua --check src`"},
		{"a replay script beside the check, given a recorded trace", [][]string{
			{"promtool check rules rules/", "./tools/replay.sh fixtures/spike.json"},
			{"promtool check rules rules/", "./tools/replay.sh fixtures/spike.json"},
			{"./tools/replay.sh fixtures/flap.json", "promtool check rules rules/", "./tools/replay.sh fixtures/flap.json"},
			{"promtool check rules rules/", "./tools/replay.sh fixtures/spike.json"},
		}, "`promtool check rules rules/`, `./tools/replay.sh`"},
		{"a console opened beside the check", [][]string{
			{"stylua --check src", "./bin/console"}, {"stylua --check src", "./bin/console"}, {"stylua --check src", "./bin/console"},
		}, "`stylua --check src`"},
		{"beside no check", [][]string{
			{"lune run spec-runner", "wally install", "stylua --check src"}, {"lune run spec-runner", "wally install", "stylua --check src"},
			{"lune run spec-runner", "wally install", "stylua --check src"},
		}, "`stylua --check src`"},
	} {
		want := "Verification commands for this project: " + tt.want + "."
		// Several times: the answer must not hang on map order.
		for range 30 {
			if got := verificationOf(tt.sessions...); got != want {
				t.Errorf("%s: %q, want %q", tt.name, got, want)
				break
			}
		}
	}
}

// TestEverySessionCheckOneForm: only the runs in the routine's form
// become the check; the same program run otherwise in a session does
// something else and stays a step.
func TestEverySessionCheckOneForm(t *testing.T) {
	var ms []mined
	for i := range 3 {
		ms = append(ms, checkedSession(i, "stylua --check src", "fabrik plan.toml --preview", "fabrik live.toml --apply-now"))
	}
	promoteBuilds(ms)
	for _, m := range ms {
		if got := m.steps[1].cmd.category; got != "test" {
			t.Errorf("routine run: category %q", got)
		}
		if got := m.steps[2].cmd.category; got != "" {
			t.Errorf("other run: category %q", got)
		}
	}
}

// TestCheckingPart: a word names a check when it ends with a checking part
// (alone or as its doer or form), not when it only holds the letters.
func TestCheckingPart(t *testing.T) {
	for word, want := range map[string]bool{
		"doccheck": true, "yamllinters": true, "mdproofer": true, "depscan": true, "spellchecking": true,
		"checkout": false, "checkpoint": false, "scanimage": false, "lintel": false,
	} {
		got := false
		for _, st := range checkingParts {
			got = got || checkingPart(word, st)
		}
		if got != want {
			t.Errorf("checkingPart(%q) = %v, want %v", word, got, want)
		}
	}
}

// TestSyntaxOptionBeforeScript: only the interpreter's own options make a
// syntax check; the same flag handed to the script does not.
func TestSyntaxOptionBeforeScript(t *testing.T) {
	for _, tc := range []struct {
		prog string
		rest []string
		want string
	}{
		{"bash", []string{"-n", "tools/ship.sh"}, "-n"},
		{"zsh", []string{"-n", "-x", "rc.zsh"}, "-n"},
		{"bash", []string{"tools/ship.sh", "-n", "live"}, ""},
		{"php", []string{"-l", "src/Kernel.php"}, "-l"},
		{"python3", []string{"-n", "x.py"}, ""},
	} {
		if got := syntaxOption(tc.prog, tc.rest); got != tc.want {
			t.Errorf("syntaxOption(%q, %q) = %q, want %q", tc.prog, tc.rest, got, tc.want)
		}
	}
}

// TestSettingUpBuiltWords: a step whose words set something up or change
// it, whole or as the start of a longer word, is never read as a check.
func TestSettingUpBuiltWords(t *testing.T) {
	for step, want := range map[string]bool{
		"redis-cli flushdb":       true,
		"go mod tidy":             true,
		"docker compose logs web": true,
		"rails console":           true,
		"./bin/seeding.sh":        true,
		"pytest -q":               false,
		"cargo clippy":            false,
		// A word that only starts with a place one opens (a REPL, a
		// shell, a console, logs) is another word.
		"./scripts/replay.sh traces/a.scap": false,
		"./bin/consolidate-ledgers":         false,
		"./tools/logstash-verify.sh":        false,
		"lein repl":                         true,
		"./bin/shell.sh":                    true,
	} {
		if got := settingUp(step); got != want {
			t.Errorf("settingUp(%q) = %v, want %v", step, got, want)
		}
	}
}

// TestCheckModes: one program run in one session in two modes a plain
// option names (`-L unit`, then `-L slow`) ran two checks, and both are
// listed; a mode that only changed from one session to the next is one
// check, and a parameter given that way (`-D seed=7`) names no mode.
func TestCheckModes(t *testing.T) {
	s := []string{"ctest --test-dir out -L unit", "ctest --test-dir out -L slow", "shellcheck tools/*.sh"}
	got := verificationOf(s, s, s)
	if want := "Verification commands for this project: `shellcheck tools/*.sh`, `ctest --test-dir out -L slow`, `ctest --test-dir out -L unit`."; got != want {
		t.Errorf("two modes in each session: line %q, want %q", got, want)
	}
	got = verificationOf([]string{"ctest --test-dir out -L unit"}, []string{"ctest --test-dir out -L quick"}, []string{"ctest --test-dir out -L quick"})
	if strings.Count(got, "ctest") != 1 {
		t.Errorf("a mode changed between sessions: line %q, want one ctest", got)
	}
	s = []string{"ctest --test-dir out -D seed=7", "ctest --test-dir out -D seed=9"}
	if got := verificationOf(s, s, s); strings.Count(got, "ctest") != 1 {
		t.Errorf("a parameter given twice: line %q, want one ctest", got)
	}
	// A long option's plain name picks a mode as a short one's does.
	s = []string{"shellcheck tools/*.sh", "ctest --test-dir out --preset unit", "ctest --test-dir out --preset slow"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `shellcheck tools/*.sh`, `ctest --test-dir out --preset slow`, `ctest --test-dir out --preset unit`."; got != want {
		t.Errorf("two long-option modes in each session: line %q, want %q", got, want)
	}
	got = verificationOf([]string{"ctest --test-dir out --preset unit"}, []string{"ctest --test-dir out --preset quick"}, []string{"ctest --test-dir out --preset quick"})
	if strings.Count(got, "ctest") != 1 {
		t.Errorf("a long-option mode changed between sessions: line %q, want one ctest", got)
	}
	s = []string{"ctest --test-dir out --seed 7", "ctest --test-dir out --seed 9"}
	if got := verificationOf(s, s, s); strings.Count(got, "ctest") != 1 {
		t.Errorf("a long option's number given twice: line %q, want one ctest", got)
	}
}

// TestTwoChecksOfOneProgram: one program run twice in a session with code
// that checks two ways (tests, then a static analysis) is two checks,
// each listed; a run of the same program that is no check (a batch job)
// is not listed.
func TestTwoChecksOfOneProgram(t *testing.T) {
	var ms []mined
	for i := range 3 {
		msgs := convo(fmt.Sprint("s", i), time.Date(2026, 3, 1+i, 9, 0, 0, 0, time.UTC),
			"u:add the notch filter",
			`x:octave-cli --eval "results = runtests('tests'); disp(results)"`,
			`x:octave-cli --eval "lint_report = run_lint('src')"`,
			`x:octave-cli --eval "process_batch('data/2026-03')"`)
		ms = append(ms, mineSession(i, msgs, nil))
	}
	promoteBuilds(ms)
	c := verificationCandidate(ms, func(int) bool { return true })
	if c == nil || len(c.cmds) != 2 || !strings.Contains(c.line, "run_lint") || !strings.Contains(c.line, "runtests") || strings.Contains(c.line, "process_batch") {
		t.Fatalf("candidate %+v", c)
	}
}

// An option that turns an act off (`--no-install`, `--dry-run-apply`) or
// only orders tests (`--seed 7`) sets nothing up; one that acts does. A
// build followed by an act (`gradle build publish`) is more than a build.
func TestOptionSetsUpAndMakesOnly(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"rspec --seed 7", false},
		{"./x --no-install", false},
		{"./gen --dry-run-apply", false},
		{"./kilnctl --apply-now", true},
		{"jest --update-snapshots", true},
	} {
		cs := commands(tc.cmd)
		if len(cs) != 1 {
			t.Fatalf("%q: %d commands", tc.cmd, len(cs))
		}
		if got := optionSetsUp(cs[0]); got != tc.want {
			t.Errorf("optionSetsUp(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{"gradle build publish", false},
		{"mvn package deploy", false},
		{"make build push", false},
		{"make build", true},
		{"serverless package", true},
	} {
		if got := makesOnly(commands(tc.cmd)[0]); got != tc.want {
			t.Errorf("makesOnly(%q) = %v, want %v", tc.cmd, got, tc.want)
		}
	}
	if !artefactVerbs["build"] || artefactVerbs["generate"] || !oneProgram(nil) {
		t.Errorf("artefactVerbs or oneProgram guard wrong")
	}
}

// TestFormatterWrites: a formatter run with nothing that makes it only
// report rewrites the files, a change made, never a check of the work;
// run with a check mode it is one.
func TestFormatterWrites(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"dune fmt", ""},
		{"pants fmt ::", ""},
		{"make format", ""},
		{"ormolu --mode inplace src/Wiki.hs", ""},
		{"terraform fmt -recursive", ""},
		{"cargo fmt", ""},
		{"npm run format", ""},
		{"ormolu --mode check src/Wiki.hs", "format"},
		{"lein cljfmt check", "format"},
		{"dart format --output=none --set-exit-if-changed .", "format"},
		{"dotnet format --verify-no-changes", "format"},
		{"gofmt -l .", "format"},
		{"shfmt -d scripts", "format"},
		{"make fmt-check", "lint"},
		{"npm run format:check", "lint"},
	} {
		m := sessionOf(0, tc.cmd)
		if len(m.steps) != 1 {
			t.Fatalf("%s: %d steps", tc.cmd, len(m.steps))
		}
		if got := m.steps[0].cmd.category; got != tc.want {
			t.Errorf("%s: category %q, want %q", tc.cmd, got, tc.want)
		}
	}
	// The rewrite before the checks is no check, and leaves them one.
	s := []string{"dune fmt", "dune build @check", "dune test"}
	if got, want := verificationOf(s, s, s), "Verification commands for this project: `dune build @check`, `dune test`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
}

// TestFixedTargetCheck: a check given, in every run, a value the action
// beside it is given too checks the project's one target (the sources,
// the development database), not what the action made: it is listed. A
// value that changes from run to run is still what the action made.
func TestFixedTargetCheck(t *testing.T) {
	hdl := func(extra string) []string {
		return []string{"verilator --lint-only -Wall rtl/uart.v" + extra, "iverilog -o build/tb tb/tb_uart.v rtl/uart.v" + extra, "vvp build/tb"}
	}
	if got, want := verificationOf(hdl(""), hdl(""), hdl(" rtl/fifo.v")), "Verification commands for this project: `verilator --lint-only -Wall rtl/uart.v`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	db := []string{"sqitch deploy db:pg:clinic_dev", "sqitch verify db:pg:clinic_dev", "prove -r t/"}
	m := []mined{}
	for i := range 3 {
		m = append(m, checkedSession(i, db...))
	}
	for i := range m {
		for k := range m[i].steps {
			if m[i].steps[k].cmd.key == "sqitch verify" {
				m[i].steps[k].cmd.category = "test"
				m[i].checks = append(m[i].checks, m[i].steps[k])
			}
		}
	}
	promoteBuilds(m)
	if c := verificationCandidate(m, func(int) bool { return true }); c == nil || !strings.Contains(c.line, "sqitch verify") {
		t.Errorf("fixed database: %v", c)
	}
	// Negative: another package each time is the generator's output.
	s := func(pkg string) []string {
		return []string{"go generate ./internal/" + pkg, "staticcheck ./internal/" + pkg}
	}
	if got := verificationOf(s("wire"), s("enum"), s("mocks")); got != "" {
		t.Errorf("targeted check listed: %q", got)
	}
}

// TestBareRunChecks: a program known as a test runner by the test file it
// was given runs every test when given nothing; a bare run of another
// program, or one that acts, is not made a check.
func TestBareRunChecks(t *testing.T) {
	a := []string{"selene src", "busted spec/fov_spec.lua", "busted"}
	b := []string{"busted spec/save_spec.lua", "selene src", "busted"}
	c := []string{"selene src", "busted"}
	if got, want := verificationOf(a, b, c), "Verification commands for this project: `selene src`, `busted`."; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	// Negative: the bare runs alone are no check.
	if got := verificationOf([]string{"kestrel"}, []string{"kestrel"}, []string{"kestrel"}); got != "" {
		t.Errorf("unknown bare program listed: %q", got)
	}
}

// TestOptionedTask: a task named past the program's own options (`bench
// --site dev.local run-tests`, `gradlew --offline --console=plain check`) is the check it
// runs; a word right after an option is that option's value, and a task
// that acts is no check.
func TestOptionedTask(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"bench --site fleet.localhost run-tests --app fleet_maint", "test"},
		{"gradlew --offline --console=plain check", "lint"},
		{"kubectl -n test apply -f app.yaml", ""},
		{"bench --site fleet.localhost migrate", ""},
		{"jpm -l build", ""},
	} {
		m := sessionOf(0, tc.cmd)
		if len(m.steps) != 1 {
			t.Fatalf("%s: %d steps", tc.cmd, len(m.steps))
		}
		if got := m.steps[0].cmd.category; got != tc.want {
			t.Errorf("%s: category %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// TestProbeAddress: a probe aimed at an address that changed (another
// port) is listed with the address, the part that changed as a
// placeholder: `curl -s` alone checks nothing.
func TestProbeAddress(t *testing.T) {
	a := []string{"pytest -q", "curl -s http://localhost:7125/printer/info"}
	b := []string{"pytest -q", "curl -s http://localhost:7130/printer/info"}
	ms := []mined{}
	for i, ss := range [][]string{a, a, a, b, b} {
		m := checkedSession(i, ss...)
		for k := range m.steps {
			if m.steps[k].cmd.tool == "curl" {
				m.steps[k].cmd.category = "test"
				m.checks = append(m.checks, m.steps[k])
			}
		}
		ms = append(ms, m)
	}
	if c := verificationCandidate(ms, func(int) bool { return true }); c == nil || !strings.Contains(c.line, "/printer/info") {
		t.Errorf("probe listed without its address: %v", c)
	}
}

// TestHandedWordChecks: a program handed a word that names a check, as
// its first plain word (`./tools/run.sh lint`, `jpm -l test`, a make
// target's last part), runs that check when it does so in three
// sessions; its other runs, a run that acts or sets up, a look, and a
// word handed in two sessions only are no check.
func TestHandedWordChecks(t *testing.T) {
	three := func(cmds ...string) string { return verificationOf(cmds, cmds, cmds) }
	for _, tc := range []struct {
		cmds []string
		want string
	}{
		{[]string{"jpm -l test", "jpm -l build"}, "`jpm -l test`"},
		{[]string{"./tools/run.sh lint", "./tools/run.sh migrate"}, "`./tools/run.sh lint`"},
		{[]string{"./renpy.sh . lint"}, "`./renpy.sh . lint`"},
		{[]string{"make package/wgmesh/check"}, "`make package/wgmesh/check`"},
		// Our own, in other domains: a game's asset checker, a
		// board's firmware target, a survey tool's validator.
		{[]string{"./assets.sh validate", "./assets.sh pack"}, "`./assets.sh validate`"},
		{[]string{"make boards/rp2040/test"}, "`make boards/rp2040/test`"},
		{[]string{"surveyq --strict verify", "surveyq export out.csv"}, "`surveyq --strict verify`"},
	} {
		if got := three(tc.cmds...); !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q, want it to list %s", tc.cmds, got, tc.want)
		}
	}
	for _, cmds := range [][]string{
		{"./deploy.sh test"},
		{"./scripts/seed-db.sh test"},
		{"mkdir -p test"},
		{"docker run --rm test"},
		{"psql -d test"},
		{"kubectl config use-context test"},
		{"./tool.sh import test"},
	} {
		if got := three(cmds...); got != "" {
			t.Errorf("%q: %q, want no verification line", cmds, got)
		}
	}
	if got := verificationOf([]string{"./tools/run.sh lint"}, []string{"./tools/run.sh lint"}); got != "" {
		t.Errorf("two sessions: %q", got)
	}
	// A subcommand aimed at a new thing each time acts on it.
	if got := verificationOf([]string{"gleam test", "foundry verify 0xa1"}, []string{"gleam test", "foundry verify 0xb2"}, []string{"gleam test", "foundry verify 0xc3"}); got != "Verification commands for this project: `gleam test`." {
		t.Errorf("a subcommand aimed elsewhere: %q", got)
	}
}

// TestChecksLine: a memory line that only lists checks, one no longer run
// as written, gives its place to the verification line, keeping a check
// of a kind the new line has none of; a line saying more, one whose
// checks all still run (with more options or not), or one naming no
// check, stays.
func TestChecksLine(t *testing.T) {
	cmds := []string{"npx eslint src", "npx vitest run"}
	for _, tc := range []struct {
		line string
		want bool
		kept []string
	}{
		{"- Unit tests: `npx jest`, lint with `npx eslint src`.", true, nil},
		{"- Before committing run `npx jest` and `npx tsc --noEmit`.", true, []string{"npx tsc --noEmit"}},
		{"- Lint with `npx eslint src`.", false, nil},
		{"- Lint with `npx eslint`.", false, nil},
		{"- Tests: `npx jest`; the fixtures live in test/fixtures and the seed data comes from the staging dump.", false, nil},
		{"- Deploy with `npx wrangler deploy` after `npx jest`.", false, nil},
	} {
		k := &known{from: map[string]string{}, removed: map[string]bool{}}
		k.addText(tc.line)
		k.from[strings.TrimSpace(tc.line)] = "MEMORY.md"
		l, path, kept := k.checksLine(cmds, nil, map[string]bool{}, "GEMINI.md")
		if got := l != ""; got != tc.want || !slices.Equal(kept, tc.kept) {
			t.Errorf("%q: replaced %v (%q in %q), kept %q; want %v, kept %q", tc.line, got, l, path, kept, tc.want, tc.kept)
		}
	}
	// The person's own file is no project's list of checks.
	k := &known{from: map[string]string{}, removed: map[string]bool{}}
	k.addText("- Run `npx jest` before saying done.")
	k.from["- Run `npx jest` before saying done."] = "GEMINI.md"
	if l, _, _ := k.checksLine(cmds, nil, map[string]bool{}, "GEMINI.md"); l != "" {
		t.Errorf("global line replaced: %q", l)
	}
}
