package offline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSupersedes(t *testing.T) {
	tests := []struct {
		newer, older string
		want         bool
	}{
		{"Remember that the server port is 7171 now.", "The server port is 7070.", true},
		{"We moved the local postgres to port 5433 because 5432 is the system one.", "The local postgres listens on 5432.", true},
		{"We deploy from the publish branch now, not gh-pages.", "The deploy branch is gh-pages.", true},
		{"Use uv run for everything, never poetry.", "- Package manager: poetry (`poetry run pytest`).", true},
		{"The default batch size is 128, so update the configs.", "The default batch size is 64 for the ViT configs.", true},
		{"The staging namespace was renamed to staging-eu.", "The staging namespace is stg.", true},
		{"Every service now listens on port 9000.", "The billing service listens on port 8000.", true},
		// not a newer value
		{"Always use httpx instead of requests.", "Send a user agent on every request.", false},
		// a rule for every thing of a kind is no newer value of a fact
		// about them
		{"Any task that touches payments must be declared with acks_late=True now.", "Worker runs with --concurrency=4.", false},
		{"Every new dataset we add to the catalog must be declared with versioned: true, and the forecast pipeline outputs switched over too.", "Kedro 0.19; the main pipeline is run with kedro run --pipeline=forecast.", false},
		// two things of one kind, said plainly (apart)
		{"The frontend dev server runs on port 3001.", "Grafana runs on port 3000.", false},
		{"The ML notebooks use Python 3.12.", "The API runs on Python 3.11.", false},
		{"The staging db is on port 6543.", "The prod db listens on port 5432.", false},
		{"The billing worker uses Node 22.", "The storefront runs on Node 20.", false},
		{"Use pnpm, not npm.", "Never use npm for installs.", false},
		{"Run go vet before committing.", "Run go test before committing.", false},
		{"The server port is 7070.", "The server port is 7070.", false},
		{"Always add a changeset for any change to a package.", "Apps live in apps/, shared code in packages/.", false},
		// two facts share only how a thing is kept and where
		{"I try to keep a CHANGELOG.md updated with every change, under an Unreleased heading, so I would be grateful if you could add entries for blake3 and xxh3 before publishing.", "I would really like us to keep the gzipped .wasm under 100 KB.", false},
		// a new number replaces a number, not a line that states none
		{"We upgraded to expo sdk 51.", "Native packages we add with expo install so the versions match the sdk.", false},
		// a change from one named thing to another
		{"We moved the broker from redis to rabbitmq.", "Background jobs run on Celery with Redis as the broker.", true},
		// what may go once another thing is used is given up; a chore
		// that deletes something rules nothing out
		{"We'll use the parquet snapshots from here, the XML exports can be deleted.", "Reports are read from exports/*.xml.", true},
		{"The XML exports can be deleted after the audit.", "Reports are read from exports/*.xml.", false},
		// a line naming its setting by a label, restated with a new file
		// of the same kind
		{"Changelog entries are fragments, changes/<id>.rst files collected by towncrier.", "- Changelog: docs/CHANGES.rst, newest entry on top.", true},
		{"Changelog entries are never rewritten after a release.", "- Changelog: docs/CHANGES.rst, newest entry on top.", false},
		{"Release notes are written in docs/notes.rst by hand.", "- Changelog: docs/CHANGES.rst, newest entry on top.", false},
		// with no value on either side, a setting noun ("team") the newer
		// line names only in a bracketed aside is not what it changes
		{"We upgraded the build tooling (the platform team did it, the lockfile is merged).", "No exceptions, the product teams grep for it.", false},
		{"We upgraded the build tooling over the weekend (the platform team did it.", "No exceptions, the product teams grep for it.", false},
		{"We switched the lab inventory software (the facilities team ran the migration).", "The night shift team restocks the freezer before leaving.", false},
		// the same setting named by its nouns still takes a new name
		{"We switched the error tracker to Sentry.", "The error tracker is Rollbar.", true},
		{"The owning team is now platform.", "The owning team is payments.", true},
	}
	for _, tt := range tests {
		if got := supersedes(tt.newer, tt.older); got != tt.want {
			t.Errorf("supersedes(%q, %q) = %v, want %v", tt.newer, tt.older, got, tt.want)
		}
	}
}

// TestSameFact: paraphrases merge; different values, and lines that only
// share a generic word, do not.
func TestSameFactParaphrases(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"Don't pull in chrono. We use the time crate for anything date related.", "Use the time crate, not chrono.", true},
		{"Always use Riverpod for the state, never Bloc.", "State management uses Riverpod; do not add Provider or Bloc.", true},
		{"Always use httpx instead of requests.", "HTTP client: use `httpx`, never `requests`.", true},
		{"Internal/gen is generated by make gen. Change the yaml and run make gen.", "Internal/gen is generated, don't edit it.", true},
		{"Commit messages start with the ticket number, like `INV-42: fix`.", "Commit messages start with the ticket number, e.g. `INV-57: add`.", true},
		{"The server port is 7070.", "The server port is 7171.", false},
		{"Run go test before committing.", "Run go vet before committing.", false},
		{"Use pnpm, not npm.", "Never edit generated files.", false},
	}
	for _, tt := range tests {
		if got := sameFact(tt.a, tt.b); got != tt.want {
			t.Errorf("sameFact(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestRuledOut: what a line rules out, the names a verification line must
// not run: after "not"/"never", what a preference is over, what to avoid.
func TestRuledOut(t *testing.T) {
	tests := map[string]string{
		"Use pnpm, not npm.":                          "npm",
		"Prefer black over autopep8 for formatting.":  "autopep8",
		"Avoid tslint, the config is eslint only.":    "tslint",
		"We don't use sinon; stubs are hand-written.": "sinon",
		"Prefer the new API over the old one.":        "",
		"Run the tests over the weekend if you can.":  "",
		// "never run X" names the tool only when X ends the clause:
		// "never run pulumi up yourself" rules out a command.
		"We're on bun now, never run yarn.":           "yarn",
		"Gradle only; never run mvn.":                 "mvn",
		"Please never run pulumi up yourself.":        "",
		"Don't run terraform apply from your laptop.": "",
		// a thing said to stay out for good
		"activeTab is enough. <all_urls> never comes back.": "all_urls",
		"The old dashboard never loads on Safari.":          "",
		// "never" after the thing it is said of tells what the thing
		// does
		"Check a team whose leg 3 chip never reads, it shows as incomplete.": "",
		"The reader never answers.":            "",
		"Use uv, never poetry.":                "poetry",
		"We never poetry, it's uv everywhere.": "poetry",
	}
	for line, want := range tests {
		if got := strings.Join(ruledOut(line), ","); got != want {
			t.Errorf("ruledOut(%q) = %q, want %q", line, got, want)
		}
	}
}

// TestRetiredCommandValue: a check run for weeks with one pinned version
// and then, once the person says the new one holds, only with the new one
// is listed with the new one, though the old form ran more often; a new
// form nobody told, or an old one run again after the new one, retires
// nothing.
func TestRetiredCommandValue(t *testing.T) {
	old, fresh := "`npx eslint@8.57.0 src`", "`npx eslint@9.4.0 src`"
	for _, tc := range []struct {
		name       string
		runs, said []string // per session
		want, not  string
	}{
		{"told", []string{"8.57.0", "8.57.0", "8.57.0", "9.4.0"},
			[]string{"the sidebar collapses", "the modal loses focus", "dates render in UTC", "eslint is on 9.4.0 now, the 8 line is gone"}, fresh, old},
		{"untold", []string{"8.57.0", "8.57.0", "8.57.0", "9.4.0"},
			[]string{"the sidebar collapses", "the modal loses focus", "dates render in UTC", "the toast hides the menu"}, old, fresh},
		{"run again after", []string{"8.57.0", "9.4.0", "8.57.0", "8.57.0"},
			[]string{"the sidebar collapses", "eslint is on 9.4.0 now", "dates render in UTC", "the toast hides the menu"}, old, fresh},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			for i, v := range tc.runs {
				w.add(string(rune('a'+i)), true, "u:"+tc.said[i], "x:npx eslint@"+v+" src", "x:npm test")
			}
			line := ""
			for _, c := range w.run(t).Candidates {
				if strings.Contains(c.Text, verificationPrefix) {
					line = c.Text
				}
			}
			if !strings.Contains(line, tc.want) || strings.Contains(line, tc.not) {
				t.Errorf("verification line %q, want %s and not %s", line, tc.want, tc.not)
			}
		})
	}
}

// TestNegatedIn: a name is ruled out by a negation in the few words before
// it, at any of its places in the line; an empty name is ruled out nowhere
// (it used to be found at one index forever).
func TestNegatedIn(t *testing.T) {
	for _, tc := range []struct {
		line, name string
		want       bool
	}{
		{"Never use npm here, pnpm only.", "npm", true},
		{"Use pnpm; npm is fine for the docs site.", "npm", false},
		{"We use yarn. Not yarn for the docs, though.", "yarn", true},
		{"Target database on db.gis.internal:5432.", "", false},
	} {
		done := make(chan bool, 1)
		go func() { done <- negatedIn(tc.line, tc.name) }()
		select {
		case got := <-done:
			if got != tc.want {
				t.Errorf("negatedIn(%q, %q) = %v, want %v", tc.line, tc.name, got, tc.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("negatedIn(%q, %q) did not return", tc.line, tc.name)
		}
	}
}

// TestRuledInQuote: a memory line relying on what the telling sentence
// gave up, named there without its family prefix ("not the F401
// anymore" of "STM32F401"), is the line the kept clause replaces; a line
// naming another part is not.
func TestRuledInQuote(t *testing.T) {
	k := &known{from: map[string]string{}}
	for _, l := range []string{"- Target chip is STM32F401 (thumbv7em-none-eabihf), flashed with probe-rs.", "- BME280 sensor on I2C1."} {
		k.addText(l)
		k.from[l] = "/mem/MEMORY.md"
	}
	c := candidate{kind: KindInstruction, line: "It's a Black Pill with the STM32F411CEU6 now.",
		srcs: []source{{quote: "the lab gave me a new one, it's a Black Pill with the STM32F411CEU6 now, not the F401 anymore."}}}
	if old, _ := k.ruledInQuote(c, map[string]bool{}); !strings.Contains(old, "STM32F401") {
		t.Fatalf("ruledInQuote = %q, want the F401 line", old)
	}
	c.srcs[0].quote = "the lab gave me a new one, it's a Black Pill with the STM32F411CEU6 now, not the BMP280 anymore."
	if old, _ := k.ruledInQuote(c, map[string]bool{}); old != "" {
		t.Fatalf("ruledInQuote = %q for a part memory does not name", old)
	}
	// a plain word ruled out ("not live") names no line: "live" is a
	// verb of another
	k.addText("- Livewire components live in app/Livewire, one class per component.")
	k.from["- Livewire components live in app/Livewire, one class per component."] = "/mem/MEMORY.md"
	c = candidate{kind: KindCorrection, line: "Text inputs bind with wire:model.blur.",
		srcs: []source{{quote: "Notes fields are bound on blur, not live, not debounced-live, on blur."}}}
	if old, _ := k.ruledInQuote(c, map[string]bool{}); old != "" {
		t.Fatalf("ruledInQuote = %q for a plain word", old)
	}
	for name, want := range map[string]bool{"f401": true, "401": false, "cortex": false} {
		if got := modelTail("Target chip is STM32F401.", name); got != want {
			t.Errorf("modelTail(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestRetiredValueEditsMemory: a framework the builds ran with for weeks,
// then only at a new version once the person told the move by the
// version's own name ("net9.0" of "net9.0-android"), is behind the memory
// line naming it: the line takes the new version, and the sibling target
// at the old version moves with it; a command memory writes as code is
// left to the verification line and the skills. Untold, the line stays.
func TestRetiredValueEditsMemory(t *testing.T) {
	const mem = "# Memory\n\n- Targets net8.0-android and net8.0-ios; the Windows target was removed.\n- Release builds: `dotnet publish -f net8.0-android -c Release`.\n"
	for _, tc := range []struct {
		name, told, want string
	}{
		{"told", "I moved the project to net9.0 this morning, stop building the old one.", "- Targets net9.0-android and net9.0-ios; the Windows target was removed."},
		{"untold", "the list page flickers on scroll, look at it.", "- Targets net8.0-android and net8.0-ios; the Windows target was removed."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
				t.Fatal(err)
			}
			w.add("a", true, "u:the login button is misaligned on small screens", "x:dotnet build src/App/App.csproj -f net8.0-android")
			w.add("b", true, "u:the settings page crashes on rotate", "x:dotnet build src/App/App.csproj -f net8.0-android")
			w.add("c", true, "u:"+tc.told, "x:dotnet build src/App/App.csproj -f net9.0-android")
			res := w.run(t)
			got := mem
			if _, err := os.Stat(w.privatePatch()); err == nil {
				got, _ = w.appliedPrivate(t, mem)
			}
			if !strings.Contains(got, tc.want+"\n") {
				t.Errorf("memory after the run:\n%s\nwant the line %q (%+v)", got, tc.want, res.Candidates)
			}
			// A command written as code is not the change's to rewrite.
			if !strings.Contains(got, "- Release builds: `dotnet publish -f net8.0-android -c Release`.\n") {
				t.Errorf("memory after the run:\n%s\nwant the release command as it was", got)
			}
		})
	}
}
