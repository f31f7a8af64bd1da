package offline

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/automem/automem/internal/transcript"
)

// TestSplitScriptShapes: heredoc bodies, JSON, YAML and $(…) never become
// commands; lists and pipelines are split; quoted arguments stay whole.
// splitScript is the arguments of each simple command of a script.
func splitScript(script string) [][]word {
	var out [][]word
	for _, s := range simpleCommands(script) {
		out = append(out, s.args)
	}
	return out
}

func TestSplitScriptShapes(t *testing.T) {
	tests := []struct{ script, want string }{
		{"cat > kv.toml <<'EOF'\n[server]\nport = 7070\nEOF\ncargo run -- --config kv.toml", "cat|cargo run -- --config kv.toml"},
		{"kubectl apply -f - <<EOF\napiVersion: v1\nkind: ConfigMap\nEOF", "kubectl apply -f -"},
		{`git commit -am "release: v0.4.2 ttl support" && git tag v0.4.2`, `git commit -am "release: v0.4.2 ttl support"|git tag v0.4.2`},
		{"go test ./... 2>&1 | tail -20; make lint", "go test ./...|make lint"},
		{"echo y | npx prisma migrate reset", "echo y|npx prisma migrate reset"},
		{"VERSION=$(git describe --tags) ./release.sh \"$VERSION\"", `./release.sh "<arg>"`},
		{`{"retries": 3, "target": "s3://x"}`, ""},
		{"retries: 3\nbackoff: 10", ""},
		{"if true; then make build; fi", "true|make build"},
		{"python3 - <<'PY'\nimport json\nprint(1)\nPY", "python3 -"},
	}
	for _, tt := range tests {
		var got []string
		for _, argv := range splitScript(tt.script) {
			if c, ok := normalize(argv); ok {
				got = append(got, argsText(c.args))
			}
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("splitScript(%q) = %q, want %q", tt.script, strings.Join(got, "|"), tt.want)
		}
	}
}

// TestStepText: arguments the runs share are kept, varying ones become
// placeholders named after their flag or shape.
func TestStepText(t *testing.T) {
	run := func(script string) []word { return splitScript(script)[0] }
	tests := []struct {
		runs []string
		want string
	}{
		{[]string{`git commit -am "release: v0.4.2"`, `git commit -am "release: v0.5.0"`}, `git commit -am "<message>"`},
		{[]string{`./scripts/changelog.sh "Added rate limiting"`, `./scripts/changelog.sh "Fixed a panic"`}, `./scripts/changelog.sh "<message>"`},
		{[]string{"git tag v0.4.2", "git tag v0.4.3"}, "git tag <version>"},
		{[]string{"helm lint charts/api", "helm lint charts/worker"}, "helm lint charts/<name>"},
		{[]string{"uv run dp backfill --date 2026-03-01", "uv run dp backfill --date 2026-03-10"}, "uv run dp backfill --date <date>"},
		{[]string{"cargo build --release", "cargo build --release"}, "cargo build --release"},
		// What values share up to a separator stays; a few plain words
		// are listed as the choices they were.
		{[]string{"podman push quay.io/team/api:2.0.1", "podman push quay.io/team/api:2.1.0"}, "podman push quay.io/team/api:<version>"},
		{[]string{"./run.sh --env=staging-eu", "./run.sh --env=staging-us"}, "./run.sh --env=<name>"},
		{[]string{"poetry version minor", "poetry version patch", "poetry version minor"}, "poetry version <minor|patch>"},
		{[]string{"./seed.sh Acme", "./seed.sh Globex"}, "./seed.sh <arg>"},
		// A file name shared around what varies keeps its frame.
		{[]string{"twine upload dist/shapely_ext-0.9.1.tar.gz", "twine upload dist/shapely_ext-0.10.0.tar.gz"}, "twine upload dist/shapely_ext-<version>.tar.gz"},
		{[]string{"./import.sh ledger_2024.csv", "./import.sh ledger_2025.csv"}, "./import.sh ledger_<n>.csv"},
		{[]string{"./import.sh north.csv", "./import.sh south.csv"}, "./import.sh <arg>"},
		// A task's argument in brackets: the task stays whole.
		{[]string{"bundle exec rake 'jobs:retry[mailers]'", "bundle exec rake 'jobs:retry[ledger]'"}, `bundle exec rake "jobs:retry[<name>]"`},
		{[]string{"scp build/py-3.11/wheel.whl h:", "scp build/py-3.12/wheel.whl h:"}, "scp build/py-<version>/wheel.whl h:"},
		// A flag one run added is left out, so a value that changed
		// between runs is a placeholder, not the first run's value.
		{[]string{"az webapp deploy --name=shop --slot=blue", "az webapp deploy --name=shop --slot=green --async=true"}, "az webapp deploy --name=shop --slot=<name>"},
		{[]string{"az webapp deploy --restart --slot=blue", "az webapp deploy --restart --slot=green"}, "az webapp deploy --restart --slot=<name>"},

		// A glob run unquoted stays a glob: quoted, the program would
		// be handed a file name that matches nothing.
		{[]string{"asciidoctor-pdf docs/*.adoc -o out/manual.pdf", "asciidoctor-pdf docs/*.adoc -o out/manual.pdf"}, "asciidoctor-pdf docs/*.adoc -o out/manual.pdf"},
		{[]string{`grep -l "a*b" notes.txt`, `grep -l "a*b" notes.txt`}, `grep -l "a*b" notes.txt`},
		// A path after a word-spelled flag is named by its shape, not
		// after the flag, which may take no value (`-strict`).
		{[]string{"kubeconform -strict out/blue.yaml", "kubeconform -strict out/green.yaml"}, "kubeconform -strict out/<name>.yaml"},
		{[]string{"xcrun -sdk iphoneos", "xcrun -sdk macosx"}, "xcrun -sdk <sdk>"},
		{[]string{"git add spec/__golden__", "git add test/__golden__"}, "git add <name>/__golden__"},
		// Code that closes what it opened around a path keeps the
		// close: the call must still run.
		{[]string{`octave --eval "fit_model('out/2026-01')"`, `octave --eval "fit_model('out/2026-02')"`}, `octave --eval "fit_model('out/<version>')"`},
		{[]string{`julia -e "include(\"runs/north\")"`, `julia -e "include(\"runs/south\")"`}, `julia -e "include(\"runs/<name>\")"`},
		// A value with no close after it keeps nothing after what varies.
		{[]string{"docker push ghcr.io/acme/fn:v0.3.0", "docker push ghcr.io/acme/fn:v0.4.0"}, "docker push ghcr.io/acme/fn:<version>"},
	}
	for _, tt := range tests {
		var runs [][]word
		for _, r := range tt.runs {
			runs = append(runs, run(r))
		}
		c, _ := normalize(runs[0])
		if got := stepText(runs, c); got != tt.want {
			t.Errorf("stepText(%v) = %q, want %q", tt.runs, got, tt.want)
		}
	}
}

// TestSkillStepText: a skill step whose runs differ in shape is written
// from the shape most runs had when the stable form would end in an
// option without its value, or when every other run only gave more; with
// no such majority, the stable form, but
// short options stripped one after another (a fragment no one can run)
// take the newest run's shape.
func TestSkillStepText(t *testing.T) {
	run := func(script string) []word { return splitScript(script)[0] }
	for _, tt := range []struct {
		runs []string
		want string
	}{
		{[]string{"kiln fire --kiln k2 --profile glaze.json --set cone=6", "kiln fire --kiln k2 --profile glaze.json --set cone=6 hold=20", "kiln fire --kiln k2 --profile glaze.json --set cone=6 hold=20"},
			"kiln fire --kiln k2 --profile glaze.json --set cone=6 hold=20"},
		{[]string{"kiln fire --kiln k2 --profile glaze.json --set cone=6", "kiln fire --kiln k2 --profile glaze.json --set cone=6 hold=20"}, "kiln fire --profile"},
		{[]string{"slang -W a.sl", "slang -W a.sl", "slang -W b.sl c.sl"}, "slang -W"},
		// One run given one more parameter: the shape the others had.
		{[]string{"papermill nb/03.ipynb out/03_ssp245.ipynb -p scenario ssp245", "papermill nb/03.ipynb out/03_ssp585.ipynb -p scenario ssp585 -p start 1991", "papermill nb/03.ipynb out/03_ssp370.ipynb -p scenario ssp370"},
			"papermill nb/03.ipynb out/03_<name>.ipynb -p scenario <arg>"},
		// A long option the first run was not given: the step the
		// runs had in common, not the program alone.
		{[]string{"cargo run -p levy-tools --bin import-rates -- --state CO --quarter 2026Q1 /tmp/CO_2026Q1.csv",
			"cargo run -p levy-tools --bin import-rates -- --state CO --quarter 2026Q2 --source https://tax.example.gov/DR1002_2026Q2.csv /tmp/CO_2026Q2.csv",
			"cargo run -p levy-tools --bin import-rates -- --state TN --quarter 2026Q2 --source https://www.tn.example.gov/tn_rates_2026Q2.csv /tmp/TN_2026Q2.csv"},
			"cargo run -p levy-tools --bin import-rates -- --state <state> --quarter <quarter> /tmp/<name>.csv"},
		// A switch one run lacked stays: the runs are not lined up
		// on what follows it.
		{[]string{"terragrunt run-all apply --terragrunt-non-interactive", "terragrunt run-all plan", "terragrunt run-all apply --terragrunt-non-interactive"},
			"terragrunt run-all apply --terragrunt-non-interactive"},
		// Short options one after another lost their values: the
		// shape most runs had gives them back.
		{[]string{"psql -h db1.lan -d parcels -f sql/merge.sql -v dept=33", "psql -h db1.lan -d parcels -c \"select 1\"", "psql -h db2.lan -d parcels -f sql/merge.sql -v dept=40"},
			"psql -h <arg> -d parcels -f sql/merge.sql -v dept=<n>"},
	} {
		var runs [][]word
		for _, r := range tt.runs {
			runs = append(runs, run(r))
		}
		c, _ := normalize(runs[0])
		if got := skillStepText(runs, c); got != tt.want {
			t.Errorf("skillStepText(%v) = %q, want %q", tt.runs, got, tt.want)
		}
	}
}

// TestDanglingLine: a correction whose object is a pronoun nothing names is
// not kept; with its antecedent sentence it is.
func TestDanglingLine(t *testing.T) {
	w := newWorld(t)
	w.add("a", true, "u:footer", "c:git -C themes/x checkout -b y", "u:never edit it, override the template in layouts/.")
	w.add("b", true, "u:nav", "c:sed -i s/a/b/ themes/x/nav.html", "u:never edit it, override the template in layouts/.")
	w.add("c", true, "u:header", "c:sed -i s/a/b/ themes/x/h.html", "u:no, themes/ is a submodule. never edit it, override the template in layouts/.")
	w.add("d", true, "u:menu", "c:sed -i s/a/b/ themes/x/m.html", "u:nope, themes/ is a submodule. never edit it, override it in layouts/.")
	res := w.run(t)
	for _, c := range res.Candidates {
		if strings.HasPrefix(c.Text, "Never edit it") {
			t.Errorf("dangling line proposed: %q", c.Text)
		}
	}
	if len(res.Candidates) != 1 || !strings.Contains(strings.ToLower(res.Candidates[0].Text), "themes/ is a submodule") {
		t.Errorf("candidates %+v, want the submodule correction", res.Candidates)
	}
}

func TestBareNoOpensCorrection(t *testing.T) {
	msgs := []transcript.Message{
		{ID: "a", Role: transcript.RoleAssistant, ToolCalls: []transcript.ToolCall{{Name: "run_shell_command", Status: "cancelled", Args: json.RawMessage(`{"command":"sed -i s/a/b/ window.ts"}`)}}},
		{ID: "u", Role: transcript.RoleUser, Human: true, Text: "no. nodeIntegration stays false, it's a security hole"},
	}
	m := mineSession(0, msgs, nil)
	if len(m.stmts) != 1 || !m.stmts[0].correction || !strings.Contains(m.stmts[0].line, "nodeIntegration stays false") {
		t.Fatalf("stmts = %+v, want one correction about nodeIntegration", m.stmts)
	}
}

func TestSaidAloneRepeats(t *testing.T) {
	got := rememberPrevious([]string{"catchup=False!!", "I said this already"})
	if len(got) != 1 || got[0] != "catchup=False, I said that before" {
		t.Fatalf("got %q", got)
	}
	st, _ := classify(got[0], false, source{})
	if st == nil || !st.correction || st.line != "catchup=False." {
		t.Fatalf("classify = %+v, want the correction catchup=False.", st)
	}
}

// TestCodeFrame: a query or code of several words that names another
// thing each run keeps its words around a placeholder; values that share
// no two words are a message.
func TestCodeFrame(t *testing.T) {
	runs := func(vals ...string) [][]word {
		var out [][]word
		for _, v := range vals {
			out = append(out, commands(`clickhouse-client --query "` + v + `"`)[0].args)
		}
		return out
	}
	c := commands(`clickhouse-client --query "x"`)[0]
	if got, want := stepText(runs("OPTIMIZE TABLE events.clicks FINAL", "OPTIMIZE TABLE events.views FINAL"), c), `clickhouse-client --query "OPTIMIZE TABLE events.<name> FINAL"`; got != want {
		t.Errorf("query: %q, want %q", got, want)
	}
	// A list that grows and shrinks varies as a whole; the statement's
	// end stays.
	if got, want := stepText(runs("VACUUM (ANALYZE) jobs, runs;", "VACUUM (ANALYZE) jobs, runs, locks;", "VACUUM (ANALYZE) jobs;"), c), `clickhouse-client --query "VACUUM (ANALYZE) <name>;"`; got != want {
		t.Errorf("list: %q, want %q", got, want)
	}
	if got := stepText(runs("nightly rebuild", "after the schema fix"), c); strings.Contains(got, "rebuild") || strings.Contains(got, "schema") {
		t.Errorf("message: %q, want a placeholder only", got)
	}
}

// TestSettingsFrame: a value of several key=value settings keeps its keys
// and the settings that stay, and names what varies by its key; a
// version after a switch is named by the file around it.
func TestSettingsFrame(t *testing.T) {
	steps := func(script ...string) string {
		var runs [][]word
		for _, s := range script {
			runs = append(runs, commands(s)[0].args)
		}
		return stepText(runs, commands(script[0])[0])
	}
	for _, tt := range []struct {
		runs []string
		want string
	}{
		{[]string{`ogr2ogr -f PostgreSQL PG:"host=db.lan dbname=parcels" a.shp`, `ogr2ogr -f PostgreSQL PG:"host=pg16.lan dbname=parcels_test" a.shp`},
			`ogr2ogr -f PostgreSQL "PG:host=<host> dbname=<dbname>" a.shp`},
		{[]string{`ogr2ogr -f PostgreSQL PG:"host=db.lan dbname=parcels" a.shp`, `ogr2ogr -f PostgreSQL PG:"host=pg16.lan dbname=parcels" a.shp`},
			`ogr2ogr -f PostgreSQL "PG:host=<host> dbname=parcels" a.shp`},
		{[]string{`git commit -m "fix the host=db.lan line"`, `git commit -m "bump dbname=x please"`}, `git commit -m "<message>"`},
		{[]string{"R CMD check --as-cran tidyhydro_0.1.0.tar.gz", "R CMD check --as-cran tidyhydro_0.1.1.tar.gz"}, "R CMD check --as-cran tidyhydro_<version>.tar.gz"},
	} {
		if got := steps(tt.runs...); got != tt.want {
			t.Errorf("stepText(%q) = %q, want %q", tt.runs, got, tt.want)
		}
	}
}
