package offline

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/automem/automem/internal/transcript"
)

func TestShellScript(t *testing.T) {
	tests := []struct {
		name, status, args string
		want               string
		ok                 bool
	}{
		{"run_shell_command", "success", `{"command":"go test ./...","description":"x"}`, "go test ./...", true},
		{"Bash", "", `{"command":"pnpm lint"}`, "pnpm lint", true},
		{"exec_command", "", `{"cmd":"cargo test"}`, "cargo test", true},
		{"shell", "", `{"command":["bash","-lc","uv run pytest -q"]}`, "uv run pytest -q", true},
		{"shell", "", `{"command":["ls","-la"]}`, "ls -la", true},
		{"run_shell_command", "cancelled", `{"command":"npm install"}`, "", false},
		{"read_file", "success", `{"file_path":"x"}`, "", false},
		{"run_shell_command", "success", `not json`, "", false},
	}
	for _, tt := range tests {
		got, ok := shellScript(transcript.ToolCall{Name: tt.name, Status: tt.status, Args: json.RawMessage(tt.args)})
		if got != tt.want || ok != tt.ok {
			t.Errorf("shellScript(%s %s) = %q %v, want %q %v", tt.name, tt.args, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCommands(t *testing.T) {
	tests := []struct {
		script string
		want   string // norm|category;...
	}{
		{"go test ./...", "go test ./...|test"},
		{"cd ledger && CGO_ENABLED=0 go build ./...", "go build ./...|build"},
		// a build whose output is thrown away is run as a check
		{"elm make src/Main.elm --output=/dev/null", "elm make|build"},
		{"elm make src/Main.elm --optimize --output=dist/main.js", "elm make --optimize|"},
		{"go test -race -run TestFoo ./internal/x", "go test -race|test"},
		{"npm test -- billing", "npm test|test"},
		{"npm run lint", "npm run lint|lint"},
		// Options before the subcommand do not hide the script it
		// runs: two scripts of one package are two checks.
		{"npm --prefix client run typecheck", "npm run typecheck|typecheck"},
		{"pnpm -C site run test:e2e", "pnpm run test:e2e|test"},
		{"pnpm exec tsc --noEmit", "pnpm exec tsc --noEmit|typecheck"},
		{"npx tsc --noEmit", "npx tsc --noEmit|typecheck"},
		{"uv run pytest -q tests/test_x.py", "uv run pytest -q|test"},
		{"uv run ruff check .", "uv run ruff check .|lint"},
		{"golangci-lint run ./... 2>&1 | tail -20", "golangci-lint run ./...|lint"},
		{"git status --short; git diff --stat src/api", "git status --short|;git diff --stat|"},
		{"pnpm prisma migrate dev --name add_users", "pnpm prisma migrate dev|"},
		// `terraform fmt` rewrites the files unless told `-check`:
		// no check (reportsOnly).
		{"terraform fmt -recursive && terraform validate", "terraform fmt -recursive|;terraform validate|lint"},
		{"terraform fmt -check -recursive", "terraform fmt -check -recursive|format"},
		{"echo 'a && b' && make test", "echo|;make test|test"},
		{"python -m pytest", "python -m pytest|test"},
		// Checks of ecosystems named by their tool or their subcommand.
		{"./vendor/bin/phpstan analyse", "./vendor/bin/phpstan analyse|lint"},
		{"php artisan test --parallel", "php artisan test --parallel|test"},
		{"php artisan down", "php artisan down|"},
		{"python manage.py test", "python manage.py test|test"},
		{"sbt scalafmtCheckAll && sbt test && sbt assembly", "sbt scalafmtCheckAll|lint;sbt test|test;sbt assembly|"},
		{"cabal test", "cabal test|test"},
		{"xcodebuild test -scheme App", "xcodebuild test -scheme|test"},
		{"ansible-lint", "ansible-lint|lint"},
		{`Rscript -e 'testthat::test_dir("tests")'`, `Rscript -e testthat::test_dir("tests")|test`},
		// An interpreter's script is part of what runs.
		{"Rscript R/01_clean.R", "Rscript R/01_clean.R|"},
		// A global option before the subcommand does not hide it.
		{"terraform -chdir=live/perf plan -out=tfplan", "terraform plan -chdir=live/perf -out=tfplan|"},
		// A subcommand named "build" is no check (images, sites).
		{"docker build -t app .", "docker build .|"},
		{"stack build --fast", "stack build --fast|"},
		// cmake's build mode is a flag; configuring is no build.
		{"cmake --build out/rel --parallel 4", "cmake --build|build"},
		{"cmake -S . -B out/rel", "cmake -S . -B|"},
		// A task runner's task is what runs: its name says the check.
		{"deno task check", "deno task check|lint"},
		{"rye run typecheck && rye run serve", "rye run typecheck|typecheck;rye run serve|"},
		{"zig build test -Doptimize=ReleaseSafe", "zig build test -Doptimize=ReleaseSafe|test"},
		{"docker run --rm lint", "docker run|"},
		// A checker run as another tool's subcommand.
		{"mix dialyzer", "mix dialyzer|typecheck"},
		{"pre-commit run --all-files", "pre-commit run --all-files|lint"},
		// A flag that only asks whether anything would change.
		{"poetry lock --check", "poetry lock --check|lint"},
		{"./bin/console doctrine:schema:validate --check-sync", "./bin/console doctrine:schema:validate --check-sync|lint"},
		{"ansible-playbook deploy.yml --syntax-check", "ansible-playbook --syntax-check|lint"},
		{"rclone sync --checksum a b", "rclone sync|"},
		// An option given a number sets the run; it is no check mode.
		{"kelpctl rollout -check-interval 30 fleet.yaml", "kelpctl rollout -check-interval|"},
		{"kelpctl rollout -check-only fleet.yaml", "kelpctl rollout -check-only|lint"},
		// A subcommand past a tool's options.
		{"mvn -B -q verify", "mvn verify -B -q|test"},
		{"./mvnw -q package", "./mvnw package -q|build"},
		{"make -C docs linkcheck", "make linkcheck|lint"},
		// make's variables set for the run come before the target.
		{"make -C apps/node BOARD=nucleo-l476rg flash", "make flash|"},
		{"make -C tests BOARD=native all", "make all|build"},
		// A mill module's task, named by its last part.
		{"./mill core.test", "./mill core.test|test"},
		{"./mill core.checkFormat", "./mill core.checkFormat|format"},
		{"./mill core.runMain core.Elaborate --target-dir out", "./mill core.runMain|"},
		{"xcodebuild -project Notes.xcodeproj -scheme Notes test", "xcodebuild test -project -scheme|test"},
		{"git -C vendor/lib status", "git status|"},
		// The environment or session of tox and nox, a module's Gradle task.
		{"tox -e format", "tox -e format|"},
		{"tox -e format-check", "tox -e format-check|lint"},
		{"nox --session tests", "nox --session tests|test"},
		{"./gradlew :core:lintRelease", "./gradlew :core:lintRelease|lint"},
		// A checker named for what it does; the shell's test is none.
		{"svelte-check --threshold error", "svelte-check|lint"},
		{"commitlint --edit", "commitlint --edit|lint"},
		{"test -f go.mod", "test|"},
		// A check run in a container is that check; any other command
		// run there is normalised as it would be outside (its first
		// plain word naming what it does), behind the container.
		{"docker compose exec -T app vendor/bin/phpunit --testdox", "docker compose exec app vendor/bin/phpunit --testdox|test"},
		{"podman run --rm -e CI=1 -v .:/w -w /w golang:1.23 go vet ./...", "podman run golang:1.23 go vet ./...|lint"},
		{"kubectl exec -n qa pod/worker -- bin/rails test", "kubectl exec bin/rails test|test"},
		{"docker compose exec db pg_dump shop", "docker compose exec db pg_dump shop|"},
		{"docker compose exec db ls /var/lib", "docker compose exec db ls|"},
		{"python -m unittest discover -s tests", "python -m unittest discover -s|test"},
		{"node --test test/", "node --test|test"},
		{"gotestsum --format testname -- ./...", "gotestsum|test"},
		{"sbt compile", "sbt compile|build"},
		// sbt's cross-built task, a task quoted with its arguments, a
		// task of a scope.
		{"sbt +test", "sbt +test|test"},
		{`sbt "scalafixAll --check"`, "sbt scalafixAll --check|lint"},
		{"sbt Test/compile", "sbt Test/compile|build"},
		{"sbt Docker/publishLocal", "sbt Docker/publishLocal|"},
		{"dart run freezed_gen build", "dart run freezed_gen build|"},
		// A runner's named script.
		{"composer run-script analyse", "composer run-script analyse|lint"},
		{"pdm run typecheck", "pdm run typecheck|typecheck"},
		{"ninja -C out", "ninja|build"},
		// A project's own script is classified by nothing it is given.
		{"./scripts/seed.sh --check", "./scripts/seed.sh --check|"},
		// ... but by its own name, in one or two words.
		{"./tools/lint.sh src", "./tools/lint.sh|lint"},
		{"sh ci/run-tests.sh", "sh ci/run-tests.sh|test"},
		{"script/typecheck", "script/typecheck|typecheck"},
		{"./scripts/load-test-fixtures.sh", "./scripts/load-test-fixtures.sh|"},
		{"./scripts/deploy.sh prod", "./scripts/deploy.sh|"},
		// An interpreter's options do not hide a test file it runs.
		{"ruby -I lib test/models/order_test.rb", "ruby test/models/order_test.rb -I|test"},
		{"python3 -X dev scripts/migrate.py --dry", "python3 scripts/migrate.py -X --dry|"},
		{"lua -W spec/parser_spec.lua", "lua spec/parser_spec.lua -W|test"},
		{"Rscript --vanilla tests/run_all.R", "Rscript tests/run_all.R --vanilla|test"},
		{"node --test test/", "node --test|test"},
		// An option named for a check makes the program one, and is
		// part of its key; a dry run is a preview of the work.
		{"tflow --lint-only dags/", "tflow --lint-only|lint"},
		{"pipeline --typecheck --verbose", "pipeline --typecheck --verbose|typecheck"},
		{"nextflow run main.nf --lint=false", "nextflow run --lint=false|"},
		{"poetry publish --dry-run", "poetry publish --dry-run|"},
		{"head -n 5 log.txt", "head|"},
		// A program in batch mode is classified by the code it runs.
		{"emacs --batch -l ert -l test/unit.el -f ert-run-tests-batch-and-exit", "emacs --batch ert-run-tests-batch-and-exit|test"},
		{"emacs -Q --batch -f batch-byte-compile init.el", "emacs --batch batch-byte-compile|build"},
		{"emacs --batch -l org --eval '(org-babel-tangle-file \"README.org\")'", "emacs --batch -l --eval|"},
		{"emacs notes.el", "emacs|"},
		// What one area of a tool runs.
		{"dx unit run test --suite smoke", "dx unit run test|test"},
		{"dx unit run export", "dx unit run export|"},
		// Windows Script Host scripts past its // options, by name;
		// PowerShell's Invoke-<checker>; a reviewer; a program given a
		// test binary to run.
		{`wscript //B scripts\check_macros.vbs Book1.xlsm`, `wscript scripts\check_macros.vbs|lint`},
		{`cscript //nologo scripts\build_addin.vbs`, `cscript scripts\build_addin.vbs|`},
		{"Invoke-ScriptAnalyzer -Path ./src", "Invoke-ScriptAnalyzer -Path|lint"},
		{"Invoke-Build Deploy", "Invoke-Build Deploy|"},
		{"npx stylelint-review src", "npx stylelint-review src|lint"},
		{"valgrind --leak-check=full ./out/tests/parser_tests", "valgrind --leak-check=full|test"},
		{"chmod +x ./out/tests/parser_tests", "chmod|"},
		// A cleanup before the check, or a command ending in "check".
		{"./gradlew clean test", "./gradlew clean test|test"},
		{"./mvnw clean verify", "./mvnw clean verify|test"},
		{"nix flake check --print-build-logs", "nix flake check --print-build-logs|lint"},
		// An audit or a design-rule check, a checker named checkconf.
		{"brew audit --strict acme/tools/foo", "brew audit --strict|lint"},
		{"kicad-cli pcb drc panel.kicad_pcb", "kicad-cli pcb drc|lint"},
		{"unbound-checkconf unbound.conf", "unbound-checkconf|lint"},
		{"brew install foo", "brew install foo|"},
		{"git checkout check", "git checkout check|"},
		{"pip install pytest-cov", "pip install pytest-cov|"},
		// Checks of other ecosystems: Erlang's suites, a Prolog test
		// file, a checker's wrapper or Gradle task, a *hint linter, a
		// regression target, a checker's own script.
		{"rebar3 eunit --module=ledger_tests", "rebar3 eunit --module=ledger_tests|test"},
		{"rebar3 xref", "rebar3 xref|lint"},
		{"swipl -g main -t halt test/check_all.pl", "swipl test/check_all.pl -g|test"},
		{"run-clang-format -r src", "run-clang-format -r|format"},
		{`htmlhint "public/**/*.html"`, "htmlhint|lint"},
		{"make regression", "make regression|test"},
		{"./tools/runtests --quick", "./tools/runtests --quick|test"},
		{"./gradlew checkstyleMain", "./gradlew checkstyleMain|lint"},
		{"./gradlew pmdTest", "./gradlew pmdTest|lint"},
		{"php tools/phpstan analyse", "php tools/phpstan analyse|lint"},
		// A test directory handed to a script that is no test runner
		// is what the script works on, not a check it runs.
		{"python3 tools/make_fixtures.py tests", "python3 tools/make_fixtures.py tests|"},
		{"ruby bin/snapshot.rb specs", "ruby bin/snapshot.rb specs|"},
		{"valgrind --quiet ./tools/gen_corpus -v tests", "valgrind --quiet -v|"},
		{"xvfb-run -a tools/render.py --out tests", "xvfb-run -a|"},
		{"python3 tools/run_tests.py tests", "python3 tools/run_tests.py tests|test"},
		// The option that aims a command at a cluster or account, and
		// its value, come before the subcommand: two subcommands of
		// one program stay two commands.
		{"kubectl --context ams-staging apply -k apps/ledger/overlays/ams-staging", "kubectl apply|"},
		{"linkerd --context kind-mesh check --proxy", "linkerd check --proxy|lint"},
		{"aws --profile prod s3 sync dist s3://site-bucket", "aws s3|"},
		// A package manager runs an installed program named as its
		// first word: the program's own command says the check.
		{"yarn backstage-cli package test", "yarn backstage-cli package test|test"},
		{"pnpm sui move test", "pnpm sui move test|test"},
		{"bun wrangler types --check", "bun wrangler types --check|typecheck"},
		{"yarn workspace web lint", "yarn workspace web lint|lint"},
		// Its command that acts stays the package manager's, no check.
		{"yarn changeset publish", "yarn changeset publish|"},
		{"pnpm wrangler deploy --env production", "pnpm wrangler deploy|"},
		{"yarn backstage-cli versions:bump", "yarn backstage-cli versions:bump|"},
		// A check handed on after `--` or a command option runs in
		// the wrapper's environment; a time limit changes nothing.
		{"distrobox enter dev -- make test", "distrobox enter make test|test"},
		{"opam exec -- dune test", "opam exec dune test|test"},
		{"toolbox run -- cargo clippy", "toolbox run cargo clippy|lint"},
		{"nix develop --command pytest -q", "nix develop pytest -q|test"},
		{"timeout 300 pytest -q", "pytest -q|test"},
		{"timeout -k 10 5m make test", "make test|test"},
		// What is handed on and is no check leaves the wrapper's run.
		{"nix develop --command ./deploy.sh prod", "nix develop --command|"},
		{"dotnet build -c Test", "dotnet build|build"},
		{"opam exec -- dune build", "opam exec|"},
		{"cargo run -- serve", "cargo run|"},
		{"timeout 5 curl -s localhost:8080/health", "curl -s|"},
		{"npm test -- --watch", "npm test|test"},
		// Perl's test harness and critic, through carton as through
		// bundle exec.
		{"carton exec prove -l t/", "carton exec prove -l|test"},
		{"perlcritic lib/", "perlcritic|lint"},
		{"npx knip && checkov -d infra", "npx knip|lint;checkov -d|lint"},
		// A firmware's size report checks that the build still fits;
		// ESP-IDF's front end is a program with subcommands.
		{"make && avr-size --mcu=attiny85 -C main.elf", "make|;avr-size --mcu=attiny85|test"},
		{"idf.py build && idf.py size", "idf.py build|;idf.py size|test"},
		// A data-quality suite run against the data is its tests.
		{"great_expectations checkpoint run crm_contacts", "great_expectations checkpoint run crm_contacts|test"},
		{"soda scan -d warehouse checks.yml", "soda scan -d|test"},
	}
	for _, tt := range tests {
		var parts []string
		for _, c := range commands(tt.script) {
			parts = append(parts, c.norm+"|"+c.category)
		}
		if got := strings.Join(parts, ";"); got != tt.want {
			t.Errorf("commands(%q) = %q, want %q", tt.script, got, tt.want)
		}
	}
}

// TestRemoteRun: a command run over ssh is the step it runs there, so two
// remote runs are told apart; one that only reads there is inspection.
func TestRemoteRun(t *testing.T) {
	for _, tt := range []struct{ script, key, step string }{
		{`ssh -p 2222 ops@box1 "cd /srv/wiki && ./bin/reindex --full"`, "ssh ./bin/reindex", "ssh ./bin/reindex"},
		{"ssh -i ~/.ssh/ci ops@box1 supervisorctl restart wiki", "ssh supervisorctl restart", "ssh supervisorctl restart wiki"},
	} {
		c := commands(tt.script)
		if len(c) != 1 || c[0].key != tt.key || c[0].step != tt.step || c[0].noise || c[0].category != "" {
			t.Errorf("commands(%q) = %+v, want key %q step %q", tt.script, c, tt.key, tt.step)
		}
	}
	for _, s := range []string{"ssh ops@box1 journalctl -u wiki -n 100", "ssh ops@box1 'tail -n 50 /var/log/wiki.log'"} {
		if c := commands(s); len(c) != 1 || !c[0].noise {
			t.Errorf("%q is no inspection: %+v", s, c)
		}
	}
	if c := commands("ssh ops@box1"); len(c) != 1 || c[0].key != "ssh" {
		t.Errorf("a login: %+v", c)
	}
}

func TestNoise(t *testing.T) {
	for _, s := range []string{"ls -la", "git status", "cat go.mod", "rg foo", "poetry env info", "kubectl rollout status deploy/api", "gh run list", "agda --version", "zig --help"} {
		c := commands(s)
		if len(c) != 1 || !c[0].noise {
			t.Errorf("%q not noise: %+v", s, c)
		}
	}
	for _, s := range []string{"buf generate", "npm version minor", "pnpm changeset version", "npx changeset version"} {
		if c := commands(s); len(c) != 1 || c[0].noise || c[0].category != "" {
			t.Errorf("%s: %+v", s, c)
		}
	}
}

func FuzzSplitScript(f *testing.F) {
	for _, s := range []string{"a && b | c; d", `echo "x && y" 'z|w'`, "a \\\n b # c", "x=1 y=2 go test ./..."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, argv := range splitScript(s) {
			if len(argv) == 0 {
				t.Fatal("empty command")
			}
		}
		for _, c := range commands(s) {
			if c.norm == "" || c.key == "" || !strings.HasPrefix(c.norm, c.key) || !strings.HasPrefix(c.step, c.key) {
				t.Fatalf("bad command %+v from %q", c, s)
			}
		}
	})
}

// TestOutputFile: the file a command's output is written to is kept with
// it; output thrown away, standard error and a file named by an
// expansion are not.
func TestOutputFile(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"sqlite3 app.db .schema > db/schema.sql", "> db/schema.sql"},
		{"./tools/notes.sh >> NEWS.txt", ">> NEWS.txt"},
		{"make docs > /dev/null 2> err.log", ""},
		{"mix test 2>&1 | tee out.txt", ""},
		{`./gen.sh > "$OUT"`, ""},
	} {
		var got []string
		for _, w := range simpleCommands(tt.script)[0].out {
			got = append(got, w.text)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q: output %q, want %q", tt.script, got, tt.want)
		}
	}
}

// TestInputFile: the file a command reads as its input is kept with it;
// a here-document, a here-string, a file named by an expansion and a
// device are not.
func TestInputFile(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"sqlite3 db/poll.sqlite < migrations/004_tags.sql", "< migrations/004_tags.sql"},
		{"psql -d app 0< db/seed.sql > /tmp/seed.log", "< db/seed.sql"},
		{"psql -d app <<'SQL'\nselect 1;\nSQL", ""},
		{`mysql app <<< "select 1"`, ""},
		{`psql -d app < "$SEED"`, ""},
		{"./read.sh < /dev/null", ""},
	} {
		var got []string
		for _, w := range simpleCommands(tt.script)[0].in {
			got = append(got, w.text)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q: input %q, want %q", tt.script, got, tt.want)
		}
	}
}

// TestSimpleCommandsDirectory: the directory a command runs in follows the
// shell: a `cd` in a subshell ends with it, relative moves add up, and a
// move out of the project or to an unknown place leaves no directory.
func TestSimpleCommandsDirectory(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"(cd docs && make html); make check", "cd:docs make:docs make:"},
		{"cd services && cd billing && go vet ./...", "cd:services cd:services/billing go:services/billing"},
		{"cd app/ && cd ../lib && cargo test", "cd:app cd:lib cargo:lib"},
		{"cd app && cd .. && cargo test", "cd:app cd: cargo:"},
		{"cd ../sibling && cargo test", "cd: cargo:"},
		{"cd app && cd /opt/x && cargo test", "cd:app cd: cargo:"},
		{"{ cd app; }; cargo test", "cd:app cargo:app"},
	} {
		var got []string
		for _, s := range simpleCommands(tt.script) {
			got = append(got, s.args[0].text+":"+s.dir)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%s: %q, want %q", tt.script, g, tt.want)
		}
	}
}

// TestSimpleCommandsFeeder: a command reading a pipe is given the command
// that writes it, and none when the writing side ran no command.
func TestSimpleCommandsFeeder(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"helm template charts/api | kubeval --strict", "helm template charts/api"},
		{"make lint; LANG=C | yamllint -", ""},
	} {
		cmds := simpleCommands(tt.script)
		last := cmds[len(cmds)-1]
		var from []string
		for _, w := range last.from {
			from = append(from, w.text)
		}
		if g := strings.Join(from, " "); g != tt.want {
			t.Errorf("%s: fed by %q, want %q", tt.script, g, tt.want)
		}
	}
}

// TestShapesOfNewChecks: a shell's no-exec flag parses a script (a syntax
// check, not a dry run), a program named for running the CI pipeline
// locally runs the project's checks, an editor's option that installs
// something is a step, a command run inside a container is told apart
// by what it runs there, the last word of an area's command can say it
// checks, and inline code counts past the interpreter's options.
func TestShapesOfNewChecks(t *testing.T) {
	for _, tt := range []struct{ script, key, category string }{
		{"bash -n tools/provision.sh", "bash tools/provision.sh -n", "lint"},
		{"php -l public/index.php", "php public/index.php -l", "lint"},
		{"bash tools/provision.sh", "bash tools/provision.sh", ""},
		{"drone-ci-exec --pipeline nightly", "drone-ci-exec", "test"},
		{"ci-status", "ci-status", ""},
		{"code --install-extension tern.vsix", "code --install-extension", ""},
		{"code src/tern.ts", "code", ""},
		{"docker compose exec shell ejabberdctl reload_config", "docker compose exec shell ejabberdctl reload_config", ""},
		{"docker compose exec shell ejabberdctl backup /tmp/b", "docker compose exec shell ejabberdctl backup", ""},
		{"docker compose exec shell ls /data", "docker compose exec", ""},
		// The word that ends an area's command says it checks; code
		// handed to an interpreter past its options is what runs.
		{"sui move test", "sui move", "test"},
		{"nomad job validate web.nomad.hcl", "nomad job", "lint"},
		{"nomad job run web.nomad.hcl", "nomad job", ""},
		{"julia --project=. -e 'using Pkg; Pkg.test()'", "julia -e using Pkg; Pkg.test()", "test"},
		{"python3 -W error -c 'import app'", "python3 -c import app", ""},
		{"mix deps.get", "mix deps.get", ""},
		// Commands an option hands the program run its tests.
		{`nvim --headless -c "PlenaryBustedDirectory tests/ {sequential=true}"`, "nvim", "test"},
		{`ffmpeg -i in.mkv -vf "scale=640:-1, fps=12" out.gif`, "ffmpeg", ""},
		{`notify-send --body "go test ./... passed"`, "notify-send", ""},
		{"rake config.yml", "rake", ""},
		// Code a batch run is handed, even one call with no space;
		// one word of another option is no code.
		{`octave-ish -batch "runtests('unit')"`, "octave-ish", "test"},
		{`octave-ish -batch "plot_results('q3')"`, "octave-ish", ""},
		{"runbook --script test", "runbook", ""},
		// A file named as the tests, handed to a program alone.
		{"wrenlet tests.wl", "wrenlet", "test"},
		{"wrenlet src/app.wl tests.wl", "wrenlet", ""},
		{"wrenlet app.wl", "wrenlet", ""},
		// A project's own `bin/test`; the shell builtin is no check.
		{"bin/test --fail-fast", "bin/test", "test"},
		{"test -f build/app.jar", "test", ""},
		// The option that makes a program only report is part of
		// the check, told from the same program's action.
		{"stowctl apply hosts.ini --check --diff", "stowctl apply --check", "lint"},
		{"stowctl apply hosts.ini", "stowctl apply", ""},
		{"stowctl -i hosts/ site.cfg --check", "stowctl --check", "lint"},
		{"stowctl -i hosts/ site.cfg", "stowctl", ""},
		// Connection options before the subcommand that ends the
		// command do not hide it.
		{"graphmig -a $GRAPH_URL -u admin -p \"$GRAPH_PW\" lint", "graphmig lint", "lint"},
		{"graphmig -a $GRAPH_URL -u admin apply", "graphmig apply", ""},
		{"graphmig -a $GRAPH_URL schema.cql", "graphmig", ""},
		// A known checker's options then its target: the target is no
		// subcommand.
		{"eslint --max-warnings 0 web", "eslint", "lint"},
		{"pylint -j 2 backend", "pylint", "lint"},
		{"yamllint -c .yamllint charts", "yamllint", "lint"},
		// A monorepo runner's targets are what it runs.
		{"yarn nx affected -t typecheck e2e", "yarn nx affected", "typecheck"},
		{"npx nx run-many --targets=vet,test --parallel", "npx nx run-many", "lint"},
		{"npx nx run-many -t serve", "npx nx run-many", ""},
		// "." is a path, no number the check option is given
		{"kelpie --check .", "kelpie --check", "lint"},
		// a package's preview script serves the built site: no dry run
		{"pnpm run preview", "pnpm run preview", ""},
		// Code handed to a batch run or after eval that calls an
		// analyzer is a lint; a query naming checkouts is none.
		{`matlab -batch "issues = codeIssues('src'); disp(issues.Issues)"`, "matlab", "lint"},
		{`./smalltalk-vm app.image eval "(CodeCritic critiquesOf: #Core) size"`, "./smalltalk-vm", "lint"},
		{`psql -c "select count(*) from checkouts"`, "psql", ""},
		// A database client's query names tables, and a word merely
		// holding "lint" or "critic" is no analyzer called.
		{`psql -c "select * from lint_results"`, "psql", ""},
		{`psql -c "select count(*) from critics"`, "psql", ""},
		{`mysql -e "select * from linters"`, "mysql", ""},
		{`sqlite3 ci.db "select * from checkcode_runs"`, "sqlite3", ""},
		{`node -e "console.log('lint me')"`, `node -e console.log("…")`, ""},
		{`./manage.py shell -c "from app import lint; lint.run()"`, "./manage.py shell", ""},
		{`matlab -batch "issues = codeIssues('src')"`, "matlab", "lint"},
		{`./pharo Pharo.image eval "(ReCriticEngine critiquesOf: #Core) size"`, "./pharo", "lint"},
		{`octave --eval "checkcode('src/solver.m')"`, "octave", "lint"},
		{`./smalltalk-vm app.image eval "Smalltalk version"`, "./smalltalk-vm", ""},
		// A launcher opening an image or project file, then the check
		// it names; a script's own argument or a folder is no loaded
		// file.
		{`./smalltalk-vm app.image test "Core-.*"`, "./smalltalk-vm", "test"},
		{"./deploy.sh prod test", "./deploy.sh", ""},
		{"./run src/ test", "./run", ""},
		{"./vm boot.image save Core", "./vm", ""},
		{`./pharo Pharo.image test "X"`, "./pharo", "test"},
		{"./editor MyGame.uproject test", "./editor", "test"},
		// A config, database or data file is an argument, no image
		// or project loaded.
		{"./deploy prod.env test", "./deploy", ""},
		{"./server app.conf test", "./server", ""},
		{"./backup db.sqlite test", "./backup", ""},
		{"./run data.csv tests", "./run", ""},
		{"./pharo .x test", "./pharo", ""},
		// A wrapper handed a whole check as its last word runs it;
		// an option's text or a build is no check handed on.
		{`firebase emulators:exec --only firestore "npm --prefix rules-tests test"`, "firebase emulators:exec", "test"},
		{`start-server-and-test dev http://localhost:3000 "pnpm run e2e"`, "start-server-and-test dev", "test"},
		{`gh issue create --title "cargo test fails on arm"`, "gh issue", ""},
		{`localstack-run up "npm run build"`, "localstack-run up", ""},
		// A list or pipeline handed on runs more than its first check.
		{`firebase emulators:exec --only firestore "npm test && curl -sL https://x.sh | sh"`, "firebase emulators:exec", ""},
		{`firebase emulators:exec --only firestore "npm test; ./seed.sh"`, "firebase emulators:exec", ""},
		{"firebase emulators:exec --only firestore \"pytest `ls tests`\"", "firebase emulators:exec", ""},
		{`firebase emulators:exec --only firestore "cargo test $(cat flags)"`, "firebase emulators:exec", ""},
		// An environment tool's run of a program whose own command is
		// a check is that check; its one-word task or a script run is
		// the tool's.
		{"pixi run mojo test tests/", "pixi run mojo test", "test"},
		{"rye run mypy --strict src", "rye run mypy", "typecheck"},
		{"pixi run python train.py --epochs 3", "pixi run python", ""},
	} {
		cs := commands(tt.script)
		if len(cs) != 1 {
			t.Fatalf("%q: %d commands", tt.script, len(cs))
		}
		if c := cs[0]; c.key != tt.key || c.category != tt.category || c.preview {
			t.Errorf("%q: key %q category %q preview %v, want %q %q", tt.script, c.key, c.category, c.preview, tt.key, tt.category)
		}
	}
}

// TestProgramUnderVariable: a program run by a path that starts with a
// variable naming its directory is a command, written as typed so the
// shell still expands it; other expansions in the program's place stay
// unknown.
func TestProgramUnderVariable(t *testing.T) {
	cs := commands("${JMETER_HOME}/bin/jmeter -n -t plans/checkout.jmx")
	if len(cs) != 1 || cs[0].key != "$JMETER_HOME/bin/jmeter" || argsText(cs[0].args) != "$JMETER_HOME/bin/jmeter -n -t plans/checkout.jmx" {
		t.Fatalf("got %+v", cs)
	}
	for _, s := range []string{"$(brew --prefix)/bin/jmeter -n", `"$TOOLS"/bin/lint`, "${TOOLS:-/opt}/bin/lint", "$TOOLS"} {
		for _, c := range commands(s) {
			if strings.HasPrefix(c.key, "$") {
				t.Errorf("%q: %+v", s, c)
			}
		}
	}
}

// TestVariableArgument: an argument that names a variable is kept as
// typed, so a step runs as it ran; a command substitution stays unknown.
func TestVariableArgument(t *testing.T) {
	for script, want := range map[string]string{
		"qstat -u $USER":                       "qstat -u $USER",
		`graphmig -p "$GRAPH_PW" verify`:       `graphmig -p "$GRAPH_PW" verify`,
		"upload --key=${API_KEY} dist/app.tgz": "upload --key=${API_KEY} dist/app.tgz",
		"qstat -u $(whoami)":                   `qstat -u "<arg>"`,
		"qstat -u ${USER:-me}":                 `qstat -u "<arg>"`,
	} {
		cs := commands(script)
		if len(cs) != 1 || argsText(cs[0].args) != want {
			t.Errorf("%q: %+v, want %q", script, cs, want)
		}
	}
}

// TestSavedReadOnlyOutput: a command that only shows something is still
// noise, unless what it shows is kept in a file for a later step.
func TestSavedReadOnlyOutput(t *testing.T) {
	if cs := commands("argo workflow list --running"); len(cs) != 1 || !cs[0].noise {
		t.Errorf("shown only: %+v", cs)
	}
	if cs := commands("argo workflow list -o json > runs.json"); len(cs) != 1 || cs[0].noise {
		t.Errorf("kept in a file: %+v", cs)
	}
	if cs := commands("git status > state.txt"); len(cs) != 1 || !cs[0].noise {
		t.Errorf("version control: %+v", cs)
	}
	// A scratch file is thrown away, not kept for a later step.
	if cs := commands("argo workflow list -o json > /tmp/runs.json"); len(cs) != 1 || !cs[0].noise {
		t.Errorf("kept under /tmp: %+v", cs)
	}
}

// TestInlineCodeData: inline code handed to an interpreter is keyed
// without the strings it is given, so one call with another argument each
// run is one command; another call is another, and the code as run stays
// in its stable form.
func TestInlineCodeData(t *testing.T) {
	a := commands(`julia -e 'Seeder.load("fixtures/farms.toml")'`)[0]
	b := commands(`julia -e 'Seeder.load("fixtures/barns.toml")'`)[0]
	other := commands(`julia -e 'Seeder.wipe("fixtures/farms.toml")'`)[0]
	if a.key != b.key || a.step != b.step {
		t.Errorf("one call, two arguments: keys %q and %q", a.key, b.key)
	}
	if a.key == other.key {
		t.Errorf("two calls share key %q", a.key)
	}
	if !strings.Contains(a.norm, "farms.toml") {
		t.Errorf("norm %q lost the code as run", a.norm)
	}
}

// TestActingStep: a step acts when its name or what an option tells it to
// do names an action (flashing a board, an upload target); a file it is
// given to read does not.
func TestActingStep(t *testing.T) {
	for _, tt := range []struct {
		script string
		want   bool
	}{
		{"avrdude -c usbasp -p t85 -U flash:w:main.hex:i", true},
		{"pio run -t upload", true},
		{"pio run -t size", false},
		{"west flash", true},
		{"python tools/check_links.py --config upload.toml", false},
		{"avr-size --mcu=attiny85 -C main.elf", false},
	} {
		c := commands(tt.script)[0]
		if got := actingStep(c); got != tt.want {
			t.Errorf("actingStep(%q) = %v, want %v", tt.script, got, tt.want)
		}
	}
}

// TestModeFlag: a flag named for the tests it picks (`-testPlatform`)
// picks a mode whatever its value's case, so Unity's EditMode and PlayMode
// runs are two checks; a board or a capitalised value elsewhere is a
// parameter.
func TestModeFlag(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"unity -batchmode -projectPath . -runTests -testPlatform PlayMode -testResults play.xml", "-testPlatform PlayMode"},
		{"dotnet test --filter Category=Slow -testCategory Integration", "-testCategory Integration"},
		{"zmk check -b nice_nano app", "-b nice_nano"},
		{"zmk check -b Nice app", ""},
		{"unity -batchmode -testPlatform StandaloneLinux64", ""},
	} {
		cs := commands(tt.script)
		if len(cs) != 1 || cs[0].flagValues != tt.want {
			t.Errorf("%s: %+v, want flag values %q", tt.script, cs, tt.want)
		}
	}
}
