package offline

import (
	"strings"
	"testing"
)

// TestDocsBuildIsACheck: a documentation build, a script in the docs
// directory named for making or building it or sphinx-build, is a build
// check; another script in that directory, or a build script elsewhere, is
// not made one by where it lives.
func TestDocsBuildIsACheck(t *testing.T) {
	for _, tt := range []struct{ script, category string }{
		{"julia --project=docs docs/make.jl", "build"},
		{"python docs/build_docs.py --strict", "build"},
		{"./doc/build.sh", "build"},
		{"Rscript documentation/make.R", "build"},
		{"sphinx-build -W -b html docs docs/_build", "build"},
		// A build told to fail on a warning or to check its links.
		{"jupyter-book build book/ -W", "build"},
		{"jupyter-book build book/ --builder linkcheck", "build"},
		{"mkdocs build --strict", "build"},
		// Not a build of the documentation.
		{"jupyter-book build book/", ""},
		{"./docs/deploy.sh", ""},
		{"python docs/serve.py", ""},
		{"python tools/make_fixtures.py", ""},
		{"julia --project=. scripts/make_figures.jl", ""},
	} {
		cs := commands(tt.script)
		if len(cs) != 1 {
			t.Fatalf("%q: %d commands", tt.script, len(cs))
		}
		if cs[0].category != tt.category {
			t.Errorf("%q: category %q, want %q", tt.script, cs[0].category, tt.category)
		}
	}
	// Run beside the tests in most sessions, it is listed with them, and
	// the tests then the docs build are the checks, no skill.
	s := []string{"Rscript -e 'devtools::test()'", "Rscript docs/make.R"}
	got := verificationOf(s, s, []string{"Rscript -e 'devtools::test()'"}, s)
	if !strings.Contains(got, "`Rscript docs/make.R`") {
		t.Errorf("line %q lacks the docs build", got)
	}
	var ms []mined
	for i := range 3 {
		ms = append(ms, checkedSession(i, s...))
	}
	promoteBuilds(ms)
	if got := skillSteps(procedureCandidates(ms, func(int) bool { return true }, 6)); len(got) != 0 {
		t.Errorf("checks alone drafted skills %q", got)
	}
}

// TestFormatterThatRewrites: a formatter told to rewrite the files is a
// change, never a check, however often it runs beside the checks; the
// same formatter asked to report is one.
func TestFormatterThatRewrites(t *testing.T) {
	for _, tt := range []struct{ script, category string }{
		{"buf format -w", ""},
		{"npx prettier --write src", ""},
		{"clang-format -i src/main.c", ""},
		{"gofmt -w .", ""},
		{"npx prettier --check src", "format"},
		{"gofmt -l .", "format"},
	} {
		cs := commands(tt.script)
		if len(cs) != 1 {
			t.Fatalf("%q: %d commands", tt.script, len(cs))
		}
		if cs[0].category != tt.category {
			t.Errorf("%q: category %q, want %q", tt.script, cs[0].category, tt.category)
		}
	}
	s := []string{"shfmt -w scripts/", "shellcheck scripts/*.sh", "bats test/"}
	got := verificationOf(s, s, s)
	if strings.Contains(got, "shfmt") || !strings.Contains(got, "bats test/") {
		t.Errorf("line %q", got)
	}
}

// TestCamelCaseTaskActs: a build tool's task named in camel case says what
// it does by its parts (`flywayMigrate`, `publishToMavenLocal`): run in
// every session beside the checks it still sets up or acts, no check;
// a task whose parts name neither (`detektMain`) may be one.
func TestCamelCaseTaskActs(t *testing.T) {
	if got, want := strings.Join(camelParts("./gradlew flywayMigrate publishToMavenLocal ktlint"), " "), "flyway migrate publish to maven local"; got != want {
		t.Errorf("camelParts %q, want %q", got, want)
	}
	for _, tasks := range []string{"./gradlew flywayMigrate", "./gradlew publishToMavenLocal", "sbt dbResetSchema"} {
		s := []string{"docker compose up -d db", tasks, "./gradlew ktlintCheck", "./gradlew test"}
		if got := verificationOf(s, s, s); strings.Contains(got, strings.Fields(tasks)[1]) {
			t.Errorf("line %q lists %s", got, tasks)
		}
	}
	s := []string{"./gradlew detektMain", "./gradlew test"}
	if got := verificationOf(s, s, s); !strings.Contains(got, "detektMain") {
		t.Errorf("line %q lacks the routine detektMain", got)
	}
}
