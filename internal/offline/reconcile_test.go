package offline

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/rs/zerolog"
)

// TestReconcileInPlace: a newer value replaces the existing line, the
// verification line is rewritten in place without the ruled-out tool, and
// a second run adds nothing.
func TestReconcileInPlace(t *testing.T) {
	w := newWorld(t)
	mem := "# Project Memory\n\n- The dev server listens on port 3000.\n- Verification commands for this project: `npm test`.\n"
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:add a page", "u:remember that the dev server port is 3000.", "c:npm install zod", "u:no, use pnpm, never npm.", "x:pnpm test", "x:pnpm lint", "x:npm test")
	w.add("b", true, "u:the dev server moved to port 4000 now, remember that.", "x:pnpm test", "x:pnpm lint", "x:npm test")
	w.add("c", true, "u:fix it", "c:npm ci", "u:No, pnpm, never npm.", "x:pnpm test", "x:pnpm lint", "x:npm test")
	got, res := w.appliedPrivate(t, mem)
	for _, want := range []string{"port 4000", "`pnpm lint`", "`pnpm test`"} {
		if !strings.Contains(got, want) {
			t.Errorf("memory after the patch lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"port 3000", "`npm test`"} {
		if strings.Contains(got, bad) {
			t.Errorf("memory after the patch still has %q:\n%s", bad, got)
		}
	}
	if n := strings.Count(got, verificationPrefix); n != 1 {
		t.Errorf("%d verification lines:\n%s", n, got)
	}
	// Both sessions that stated the port are evidence of the new line.
	found := false
	for _, c := range res.Candidates {
		if strings.Contains(c.Text, "4000") {
			found = true
			if strings.Join(c.Sessions, ",") != "a,b" {
				t.Errorf("port line evidence from %v, want a,b", c.Sessions)
			}
		}
	}
	if !found {
		t.Errorf("no port candidate in %+v", res.Candidates)
	}
	again := w.run(t)
	if len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

// TestElaborationEditsLine: a statement that repeats an existing line and
// adds where it applies is proposed as an edit of that line, with no second
// line beside it; a plain paraphrase is not proposed at all.
func TestElaborationEditsLine(t *testing.T) {
	w := newWorld(t)
	mem := "# Project Memory\n\n- Never commit secrets.\n- Use tabs for indentation.\n"
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:from now on never commit secrets; they go in config/secrets.local.yml, which is gitignored.", "u:remember that we use tabs for indentation.")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "config/secrets.local.yml") || strings.Count(strings.ToLower(got), "commit secrets") != 1 {
		t.Errorf("want the secrets line edited in place:\n%s", got)
	}
	if n := strings.Count(strings.ToLower(got), "tabs for indentation"); n != 1 {
		t.Errorf("paraphrase of an existing line proposed (%d lines):\n%s", n, got)
	}
	if again := w.run(t); len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

func TestReplaceLine(t *testing.T) {
	text := "# M\n\n  - old line\n- other\n"
	got, ok := replaceLine(text, "- old line", "new line")
	if !ok || got != "# M\n\n  - new line\n- other\n" {
		t.Fatalf("replaceLine = %q %v", got, ok)
	}
	if _, ok := replaceLine(text, "- absent", "x"); ok {
		t.Fatal("replaced a line that is not there")
	}
}

// TestMentionsCommand: a command counts as named in memory only in code,
// not as words of prose ("pytest fixtures", "built on dotnet build").
func TestMentionsCommand(t *testing.T) {
	k := &known{}
	k.addText("- Tests use pytest fixtures from tests/conftest.py.\n- Build the PDF with `latexmk -pdf main.tex`.\n- Lint with `ruff check .`.\n- Content is built on dotnet build.\n- Run `cd web && npm test` before pushing.")
	for cmd, want := range map[string]bool{"pytest": false, "latexmk -pdf main.tex": true, "ruff": true, "mypy": false, "dotnet build": false, "npm test": true} {
		if got := k.mentions(cmd); got != want {
			t.Errorf("mentions(%q) = %v, want %v", cmd, got, want)
		}
	}
}

// appliedPrivate runs the extractor and returns mem with the private
// patch applied, and the run's result.
func (w *world) appliedPrivate(t *testing.T, mem string) (string, Result) {
	t.Helper()
	res := w.run(t)
	data, err := os.ReadFile(w.privatePatch())
	if err != nil {
		t.Fatalf("no patch: %v (%+v)", err, res.Candidates)
	}
	p, err := patch.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	out, err := patch.ApplyText([]byte(mem), p.Files[0])
	if err != nil {
		t.Fatal(err)
	}
	return string(out), res
}

// TestAnnounces: a line of the message that told a change, saying only
// that something changed, is folded into the edit that carries the change;
// one that names a value, one from another message, and one that tells no
// change stand on their own.
func TestAnnounces(t *testing.T) {
	told := source{session: 2, msgID: "m7"}
	applied := []change{{old: "es-1.corp.lan", new: "search-2.corp.lan", src: told}}
	other := source{session: 2, msgID: "m9"}
	tests := []struct {
		line string
		src  source
		want bool
	}{
		{"Ops migrated the search cluster.", told, true},
		{"Ops migrated the search cluster to search-2.corp.lan.", told, false},
		{"Ops migrated the search cluster.", other, false},
		{"Index mappings are owned by the search team.", told, false},
		// a change word in quotes is named, not said
		{`Commit subjects are imperative: "Bump", not "Bumped".`, told, false},
	}
	for _, tt := range tests {
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{tt.src}}
		if got := announces(c, applied); got != tt.want {
			t.Errorf("announces(%q from %s) = %v, want %v", tt.line, tt.src.msgID, got, tt.want)
		}
	}
}

// TestRemindedNotProposed: a rule the person gives as one the listener
// knows already, covered by a memory line, is that line said again; the
// same rule given without the reminder, a reminder about something memory
// does not hold, and news about a thing a memory line only names are
// still proposed, without the reminder wording.
func TestRemindedNotProposed(t *testing.T) {
	mem := "# Project Memory\n\n- Each schema change gets a hand-written migration in db/migrate.\n- API handlers live in app/handlers.\n"
	for _, tc := range []struct {
		name, said string
		proposed   bool
	}{
		{"reminder", "u:you know this already: each schema change always gets its own migration, written by hand in db/migrate", false},
		{"no reminder", "u:schema migrations we always write ourselves, nothing generated, from now on", true},
		{"not in memory", "u:as you know, the billing service always retries webhooks three times, never more", true},
		{"news about a thing memory names", "u:as you know, API handlers always return problem+json errors, from now on", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, mem)
			w.add("a", true, "u:add a column for the invoice due date", tc.said, "x:rake test")
			w.add("b", true, "u:the export button is misaligned", tc.said, "x:rake test")
			res := w.run(t)
			got := false
			for _, c := range res.Candidates {
				got = got || c.Kind != "verification"
				if knownRe().MatchString(c.Text) {
					t.Errorf("proposal keeps the reminder wording: %q", c.Text)
				}
			}
			if got != tc.proposed {
				t.Errorf("proposed = %v, want %v: %+v", got, tc.proposed, res.Candidates)
			}
		})
	}
}

// TestGivenUpToolLeavesChecks: a change that gives up the tool a check
// runs through ends those checks on the verification line, though no
// memory line names the tool; a check through another program stays.
func TestGivenUpToolLeavesChecks(t *testing.T) {
	w := newWorld(t)
	for _, id := range []string{"a", "b", "c"} {
		w.add(id, true, "u:tidy the parser module", "x:hatch run lint", "x:hatch run test", "x:codespell src")
	}
	w.add("d", true, "u:hatch is retired, every task goes through nox now.", "x:nox -s lint", "x:codespell src")
	res := w.run(t)
	for _, c := range res.Candidates {
		if c.Kind == "verification" && strings.Contains(c.Text, "hatch") {
			t.Errorf("verification line keeps the given-up tool: %q", c.Text)
		}
	}
}

// TestProjectRuleLeavesGlobalLine: a rule of this project that rules out a
// word of the person's global line is no newer form of that line: it is
// proposed for the project and the global line stays as it is.
func TestProjectRuleLeavesGlobalLine(t *testing.T) {
	w := newWorld(t)
	if err := os.WriteFile(w.global, []byte("# Global\n\n- I draft everything in markdown first.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:write the install guide", "c:touch docs/install.md", "u:no, the manual is asciidoc, not markdown.")
	w.add("b", true, "u:add an upgrade page", "c:touch docs/upgrade.md", "u:no, the manual is asciidoc, not markdown, I said it before.")
	res := w.run(t)
	found := false
	for _, c := range res.Candidates {
		if !strings.Contains(strings.ToLower(c.Text), "asciidoc") {
			continue
		}
		found = true
		if c.Target == w.global {
			t.Errorf("project rule %q rewrites the global memory", c.Text)
		}
	}
	if !found {
		t.Errorf("no asciidoc candidate in %+v", res.Candidates)
	}
}

// TestOverruledCommandEditsLine: a rule told in a message that also rules
// out, by name as code, the command a memory line says things are done
// with takes that line's place, so the two never stand side by side; a
// command the line does not name leaves it alone.
func TestOverruledCommandEditsLine(t *testing.T) {
	mem := "# Project Memory\n\n- Chart releases are pushed with helm upgrade from a laptop.\n- The cluster runs in eu-west-3.\n"
	run := func(ruled string) string {
		w := newWorld(t)
		if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
			t.Fatal(err)
		}
		w.add("a", true, "u:ship the new ingress", "x:helm upgrade web ./chart",
			"u:don't `"+ruled+"` by hand. From now on releases go through the argo app in deploy/argo/, argo syncs them.")
		got, _ := w.appliedPrivate(t, mem)
		return got
	}
	got := run("helm upgrade")
	if strings.Contains(got, "from a laptop") || !strings.Contains(got, "deploy/argo/") || !strings.Contains(got, "eu-west-3") {
		t.Errorf("want the helm line replaced by the argo rule, the region kept:\n%s", got)
	}
	got = run("helm rollback")
	if !strings.Contains(got, "from a laptop") || !strings.Contains(got, "deploy/argo/") {
		t.Errorf("want the helm line kept beside the argo rule:\n%s", got)
	}
	// a command named beside a negation that is not about it, or ruled
	// out in a message whose rule is about something else, leaves the
	// command's line alone
	for _, c := range []struct{ line, said, rule string }{
		{"- The site is bundled with yarn run pack before each upload.", "not sure `yarn run pack` is what breaks it. From now on format with dprint, not prettier.", "dprint"},
		{"- The emulator is started with just emu up.", "stop `just emu up` before the next step. From now on fixtures are loaded with just seed.", "just seed"},
	} {
		w := newWorld(t)
		mem := "# Project Memory\n\n" + c.line + "\n"
		if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
			t.Fatal(err)
		}
		w.add("b", true, "u:tidy the build", "u:"+c.said)
		got, _ := w.appliedPrivate(t, mem)
		if !strings.Contains(got, strings.TrimPrefix(c.line, "- ")) || !strings.Contains(got, c.rule) {
			t.Errorf("%q: want the line kept beside the %s rule:\n%s", c.said, c.rule, got)
		}
	}
}

// TestRestatesUnchanged: a line said as unchanged ("still", "nothing
// changed", "as usual") that memory already states, whatever the words,
// is memory's line again; one that brings more than it keeps, or one said
// as news, is not.
func TestRestatesUnchanged(t *testing.T) {
	mem := "- Services: services/api (Go) and services/web (SvelteKit)."
	layout := "- Handlers live in `handlers/`, one file per route."
	k := &known{lines: []string{mem, layout}, from: map[string]string{mem: "MEMORY.md", layout: "MEMORY.md"}, removed: map[string]bool{}}
	cand := func(line string) candidate {
		return candidate{kind: KindInstruction, line: line, srcs: []source{{quote: line}}}
	}
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"The api is still the Go one and web the SvelteKit one, nothing changed there.", true},
		{"Each route gets its own handler file under handlers/, as usual.", true},
		{"The api is still Go, but it calls the ledger over gRPC with mTLS now.", false},
		{"New routes go in handlers/ with the rate limiter and audit hook as usual.", false},
		{"The api is the Go one and web the SvelteKit one.", false},
	} {
		if got := k.restatesUnchanged(cand(tt.line)); got != tt.want {
			t.Errorf("restatesUnchanged(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestRestatesGoingOn: a line said as going on as it was ("remains",
// "continue to", "still", "as before", "I take it") that shares a name and
// one more term with a memory line, and names nothing that line does not,
// is that line again; one that names something new, gives another value,
// tells news beside it, or shares only a plain word stays.
func TestRestatesGoingOn(t *testing.T) {
	mem := []string{
		"- Ktor 2.3.12 with the Netty engine.",
		"- Prefer British spelling in prose and comments.",
		"- Macros are deployed to ~/.config/libreoffice/4/user/Scripts/python/.",
		"- Clipmint is an LSUIElement app with no Dock icon.",
		"- Tiles are rendered by Mapnik into /srv/tiles/ at zoom 4 to 14.",
		"- The press queue is drained by a Celery worker.",
		"- Database access goes through the Exposed DSL, not the DAO API.",
		"- Test fixtures live in tests/fixtures, one folder per parser.",
	}
	k := memKnown(mem...)
	for _, tt := range []struct {
		quote, line string
		want        bool
	}{
		{"I take it Netty remains the engine, as before.", "I take it Netty remains the engine.", true},
		{"Please also continue to write British spelling, as before.", "Continue to write British spelling.", true},
		{"And the files still go into the user Scripts/python folder like before, not into the shared profile.", "The files still go into the user Scripts/python folder.", true},
		{"The utility must, as before, remain without a Dock icon; it lives solely in the menu bar.", "Remain without a Dock icon; it lives solely in the menu bar.", true},
		// another domain: a map tile server
		{"Mapnik stays the renderer for the tiles, as before.", "Mapnik stays the renderer for the tiles.", true},
		// said as the usual way ("like the rest") is going on too
		{"The task is the batch import; the repository layer should use the Exposed DSL like the rest, with batchInsert.", "The repository layer should use the Exposed DSL.", true},
		{"The new reports service should use the Exposed DAO API like the rest.", "The new reports service should use the Exposed DAO API.", false},
		{"Tiles are rendered by Mapnik into /srv/tiles/, as we always have; what the styles do is Mapnik's business.", "Tiles are rendered by Mapnik into /srv/tiles/.", true},
		// one more of the kind the line is about is no news of it
		{"Fixtures for the new test are still in tests/fixtures.", "Fixtures for the new test are still in tests/fixtures.", true},
		{"The new cache still keeps its fixtures in tests/fixtures.", "The new cache still keeps its fixtures in tests/fixtures.", false},
		// a new name, another value, news, one plain word shared
		{"Mapnik still renders the tiles, but through a Redis cache now.", "Mapnik still renders the tiles, but through a Redis cache now.", false},
		{"The tiles still go to /srv/tiles/ with Tegola as the renderer.", "The tiles still go to /srv/tiles/ with Tegola as the renderer.", false},
		{"Tiles stay at zoom 4 to 16.", "Tiles stay at zoom 4 to 16.", false},
		{"The press queue is still drained every night.", "The press queue is still drained every night.", false},
		// said as news, not as going on
		{"Netty is the engine for the new gateway too.", "Netty is the engine for the new gateway too.", false},
	} {
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{{quote: tt.quote}}}
		if got := k.restatesGoingOn(c); got != tt.want {
			t.Errorf("restatesGoingOn(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
	// a line a pending patch adds is memory's too (a second run)
	k = &known{lines: []string{"Ktor 3.0.1 with the Netty engine."}, from: map[string]string{}, removed: map[string]bool{}}
	if !k.restatesGoingOn(candidate{kind: KindInstruction, line: "I take it Netty remains the engine.", srcs: []source{{quote: "I take it Netty remains the engine, as before."}}}) {
		t.Errorf("a pending line's paraphrase: want it restated")
	}
}

// TestDiscreditedLineEdited: a rule that says what to use while it says
// the thing a memory line relies on fails at its job takes that line's
// place; a line that only names the thing, one about something else, or
// two lines that both rely on it, are left alone.
func TestDiscreditedLineEdited(t *testing.T) {
	said := "from now on use the system keyring for the api tokens, the dotfile gets wiped on every upgrade."
	for _, c := range []struct {
		mem      string
		replaced bool
	}{
		{"- Cache the api tokens in the dotfile.\n- The CLI is written in Rust.\n", true},
		{"- The dotfile format is documented in docs/config.md.\n- The CLI is written in Rust.\n", false},
		{"- Save the window layout in the dotfile.\n- Keep the theme choice in the dotfile too.\n", false},
		// one line on the dotfile, but about something else than tokens
		{"- Save the window layout in the dotfile.\n- The CLI is written in Rust.\n", false},
	} {
		w := newWorld(t)
		mem := "# Project Memory\n\n" + c.mem
		if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
			t.Fatal(err)
		}
		w.add("a", true, "u:add a logout command", "u:"+said)
		got, _ := w.appliedPrivate(t, mem)
		if !strings.Contains(got, "system keyring") {
			t.Errorf("%q: the keyring rule is missing:\n%s", c.mem, got)
		}
		first := strings.TrimPrefix(strings.SplitN(c.mem, "\n", 2)[0], "- ")
		if kept := strings.Contains(got, first); kept == c.replaced {
			t.Errorf("%q: old line kept %v, want %v:\n%s", c.mem, kept, !c.replaced, got)
		}
	}
}

// TestHoldsAtPortNearTerm: memory holds a moved port only at an address
// written near what the change names; another service's address on a
// line that mentions it is no proof the move was made.
func TestHoldsAtPortNearTerm(t *testing.T) {
	ch := change{old: "3000", new: "3001", terms: nonValues("I moved grafana to 3001 because 3000 clashes")}
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"- Grafana dashboards live next to the api at http://localhost:3001/.", false},
		{"- Grafana runs at http://localhost:3001/ now.", true},
		{"- Dashboards at http://localhost:3001/ (grafana) for the team.", true},
	} {
		k := &known{}
		k.addText(tc.line)
		if got := k.holdsAtPort(ch); got != tc.want {
			t.Errorf("holdsAtPort(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// TestRetellsBareNewValue: a line that names a change's new value and no
// term the edited memory line lacks ("use 7870 now"), or tells that value,
// its only one, is the one now, says nothing the edit does not; a line
// with more to say is no retelling.
func TestRetellsBareNewValue(t *testing.T) {
	edit := candidate{kind: KindInstruction, line: "Demo runs locally on port 7870.", replaces: "Demo runs locally on port 7860."}
	ch := []change{{old: "7860", new: "7870", src: source{session: 1, msgID: "a"}}}
	other := source{session: 2, msgID: "b"}
	for line, want := range map[string]bool{
		"Use 7870 now.":                                  true,
		"Port 7870 from today.":                          true,
		"Everyone downstream reads 7870 now.":            true,
		"The kiln controller listens on 7870 too.":       false,
		"Guard the admin panel on 7870 with basic auth.": false,
	} {
		c := candidate{kind: KindInstruction, line: line, srcs: []source{other}}
		if got := retells(c, edit, ch); got != want {
			t.Errorf("retells(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestRetellsVersionWithoutV: a version retold without the "v" the edit
// writes it with ("envoy 1.31.2" for "envoy:v1.31.2") is the same value.
func TestRetellsVersionWithoutV(t *testing.T) {
	edit := candidate{kind: KindInstruction, line: "Envoy image: envoyproxy/envoy:v1.31.2.", replaces: "Envoy image: envoyproxy/envoy:v1.29.4."}
	ch := []change{{old: "v1.29.4", new: "v1.31.2", src: source{session: 1, msgID: "a"}}}
	c := candidate{kind: KindInstruction, line: "We're on envoy 1.31.2 now.", srcs: []source{{session: 2, msgID: "b"}}}
	if !retells(c, edit, ch) {
		t.Errorf("retells(%q) = false, want true", c.line)
	}
}

// TestRetellsHostLabel: a line of the message that told a host's change,
// naming the new box by its first label ("salt02"), retells the change; a
// first label with no digit ("api") names no box, and a line of another
// message is no retelling.
func TestRetellsHostLabel(t *testing.T) {
	edit := candidate{kind: KindInstruction, line: "Salt master is salt02.int.example.net.", replaces: "Salt master is salt01.int.example.net."}
	told := source{session: 3, msgID: "m"}
	for _, tt := range []struct {
		line, new string
		src       source
		want      bool
	}{
		{"Salt02 is the new one, salt01 gets turned off friday.", "salt02.int.example.net", told, true},
		{"Salt02 is the new one, salt01 gets turned off friday.", "salt02.int.example.net", source{session: 4, msgID: "n"}, false},
		{"The api keeps its rate limit of one request per second.", "api.int.example.net", told, false},
	} {
		ch := []change{{old: "salt01.int.example.net", new: tt.new, src: told}}
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{tt.src}}
		if got := retells(c, edit, ch); got != tt.want {
			t.Errorf("retells(%q, new %s) = %v, want %v", tt.line, tt.new, got, tt.want)
		}
	}
}

// TestRetellsPending: on a later run the edit is already pending; a bare
// line with its new value still says nothing new, a line read from
// memory on disk or one with more to say is no retelling.
func TestRetellsPending(t *testing.T) {
	ch := []change{{old: "8080", new: "8085", src: source{session: 1, msgID: "a"}}}
	k := &known{lines: []string{"- The booking API listens on 8085.", "- The kiln log server listens on 8085."},
		from: map[string]string{"- The kiln log server listens on 8085.": "/m/MEMORY.md"}, removed: map[string]bool{}}
	for line, want := range map[string]bool{
		"Use 8085 now.":   true,
		"It is 8085 now.": true,
		"Every client of the booking API reads 8085 now.": true,
		"Proxy the booking widget via 8085 with TLS.":     false,
		"Kiln log server on 8085.":                        false,
	} {
		c := candidate{kind: KindInstruction, line: line}
		if got := retellsPending(c, ch, k); got != want {
			t.Errorf("retellsPending(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestNamesRetired: a line naming a value only the lines an edit removes
// hold tells of the old value; one whose value memory still holds, or
// holds anew, does not.
func TestNamesRetired(t *testing.T) {
	k := &known{from: map[string]string{}, removed: map[string]bool{}}
	k.addText("- All jobs target datacenter ams1.\n- All jobs target datacenter fra1.\n- Redis runs on port 6379.")
	k.removed["- All jobs target datacenter ams1."] = true
	for line, want := range map[string]bool{
		"Ams1 no longer exists, so any job that still says ams1 will never be placed.": true,
		"Fra1 is the only datacenter.":     false,
		"Redis stays on 6379.":             false,
		"The cache is gone, nothing else.": false,
	} {
		if got := k.namesRetired(line); got != want {
			t.Errorf("namesRetired(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestChangesUndoneEditNothing: two changes of one line that end at the
// value it holds (4000, then 3000 again) propose no edit of it.
func TestChangesUndoneEditNothing(t *testing.T) {
	k := memKnown("- The API listens on port 3000 in local dev.")
	isNew := func(int) bool { return true }
	chs := []change{
		{old: "3000", new: "4000", subject: []string{"port"}, terms: []string{"port"}, src: source{session: 1, msgID: "a", seq: 1}},
		{old: "4000", new: "3000", subject: []string{"port"}, terms: []string{"port"}, src: source{session: 1, msgID: "a", seq: 2}},
	}
	if got := applyChanges(nil, nil, chs, isNew, k, memdir.Dir{}, map[string]bool{}, map[string]bool{}); len(got) != 0 {
		t.Errorf("edits %+v, want none", got)
	}
	if got := applyChanges(nil, nil, chs[:1], isNew, k, memdir.Dir{}, map[string]bool{}, map[string]bool{}); len(got) != 1 || got[0].line != "The API listens on port 4000 in local dev." {
		t.Errorf("edits %+v, want the port moved to 4000", got)
	}
}

// TestStaleForms: memory's form of a check that no run used since the
// mined form first ran gives way to it; one still run, or one of two
// commands of its category, stays.
func TestStaleForms(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 6, d, 10, 0, 0, 0, time.UTC) }
	tests := []struct {
		name  string
		old   []string
		mined []string
		runs  []ranCheck
		want  []string
	}{
		{"flags added", []string{"cargo test", "cargo clippy"}, []string{"cargo clippy -- -D warnings"},
			[]ranCheck{{"cargo clippy -- -D warnings", day(2)}}, []string{"cargo test", "cargo clippy -- -D warnings"}},
		{"old form ran before", []string{"mix test"}, []string{"mix test --warnings-as-errors"},
			[]ranCheck{{"mix test", day(1)}, {"mix test --warnings-as-errors", day(2)}}, []string{"mix test --warnings-as-errors"}},
		{"old form still ran since", []string{"mix test"}, []string{"mix test --warnings-as-errors"},
			[]ranCheck{{"mix test --warnings-as-errors", day(2)}, {"mix test test/cart_test.exs", day(3)}}, []string{"mix test"}},
		{"the one test command", []string{"python -m unittest discover"}, []string{"pytest"},
			[]ranCheck{{"pytest", day(2)}}, []string{"pytest"}},
		{"two test commands in memory", []string{"npm test", "npx playwright test"}, []string{"npx vitest run"},
			[]ranCheck{{"npx vitest run", day(2)}}, []string{"npm test", "npx playwright test"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := &candidate{kind: KindVerification, cmds: tt.mined, runs: tt.runs, since: map[string]time.Time{}}
			for _, n := range tt.mined {
				for _, r := range tt.runs {
					if r.text == n && (v.since[n].IsZero() || r.at.Before(v.since[n])) {
						v.since[n] = r.at
					}
				}
			}
			merged := slices.Clone(tt.old)
			have := map[string]bool{}
			for _, c := range merged {
				have[c] = true
			}
			got := staleForms(merged, v, have)
			if !slices.Equal(merged, tt.want) || got != !slices.Equal(tt.old, tt.want) {
				t.Errorf("staleForms(%q) = %q, %v; want %q", tt.old, merged, got, tt.want)
			}
		})
	}
}

// TestNamedAgain: a line of plain telling whose names, two or more, one
// memory line all holds is that line again; a line that names something
// the line does not, rules, tells a change, names one thing only, or whose
// names two memory lines hold, stays.
func TestNamedAgain(t *testing.T) {
	mem := []string{
		"- Quartz uses the JDBC JobStore on PostgreSQL, tables prefixed QRTZ_.",
		"- UI strings live in resources/language/resource.language.en_gb/strings.po.",
		"- The migration work happens on the migrate/vue3 branch.",
		"- Payments go through Stripe Checkout, the hosted page.",
		"- Stripe webhooks reach /api/stripe for Checkout sessions.",
	}
	k := memKnown(mem...)
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"The store is the JDBC one on Postgres.", true},
		{"Strings for the new sort label go in the en_gb strings.po.", true},
		// a name of its own
		{"The store is the JDBC one on Postgres, with a Hikari pool.", false},
		// a rule, a change
		{"Never touch the QRTZ tables from JDBC by hand.", false},
		{"We moved the JDBC store to a new Postgres cluster.", false},
		// one name only; a name inside another word is not that name
		{"The store is on Postgres.", false},
		{"The board approved a quarter for the Vue 3 migration.", false},
		// two memory lines hold both names: which one is open
		{"Stripe Checkout takes the payments.", false},
	} {
		if got := k.namedAgain(tt.line); got != tt.want {
			t.Errorf("namedAgain(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestHeldCorrectionNotAgain: a correction that says memory is wrong takes
// the line's place; run again with that edit pending, it is memory's line
// word for word and is proposed neither again nor as an edit of another
// line.
func TestHeldCorrectionNotAgain(t *testing.T) {
	w := newWorld(t)
	mem := "# Project Memory\n\n- Output follows IRS Publication 1220 fixed-width records.\n- Amount fields are written as dollars with two decimals (e.g. 1234.50).\n"
	withMemory(t, w, mem)
	w.add("a", false, "u:set up the B record writer", "x:bundle exec rspec", "a:Wrote the B record writer.")
	w.add("b", true, "u:Filing season. Map the QuickBooks export into B records.", "x:bundle exec rspec",
		"a:Added QuickbooksImport. The amount goes into the payment amount field as \"1234.50\", following the memory note.",
		"u:Wrong. Pub 1220 amounts are in cents with no decimal point, right-justified and zero-filled. 1234.50 is 000000123450. The memory file has it wrong, fix that too.",
		"x:bundle exec rspec")
	w.add("c", true, "u:Fill Payment Amount 4 from the Fed WH column.", "a:Payment amount 4 is now formatted with `format(\"%12.2f\", wh)`.",
		"u:Did you read anything from last week? Leading zeros. Cents. No dot. Every money field in the file is like that.", "x:bundle exec rspec")
	w.add("d", true, "u:One contractor's amount had a thousands separator.", "a:The import now strips commas before converting to cents.",
		"u:Fine. Numbers in that file are cents, zero-filled, nothing else in there. Add a spec that a comma amount comes out clean.", "x:bundle exec rspec")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "000000123450") {
		t.Fatalf("correction not proposed:\n%s", got)
	}
	if again := w.run(t); len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

// TestHeldLineNotAgain: on sessions of the corpus whose rule a first run
// proposed as an edit of a memory line, a second run with that edit
// pending adds nothing: memory holds the rule word for word (resqueops,
// wardrota), the pending line gives every value the correction names
// (borgrole: keyfile-blake2), or the sentence states the line the edit
// takes out (quakecat's switch to the recursive trigger, pantrypal's ASK
// CLI deploy), which the first run read against that line still standing;
// what is left of a message once those go may state nothing (scandesk:
// "I put that option there myself two years ago, it was a mistake.").
func TestHeldLineNotAgain(t *testing.T) {
	for _, f := range []string{"tuning146/resqueops.txt", "tuning194/wardrota.txt", "tuning214/borgrole.txt", "tuning201/quakecat.txt", "tuning148/pantrypal.txt", "tuning219/scandesk.txt"} {
		_, again := twoRuns(t, f)
		for _, c := range again.Candidates {
			t.Errorf("%s: second run proposed %s %q", f, c.Kind, c.Text)
		}
	}
}

// corpusRun runs the extractor over a corpus project (file, under
// testdata/offline-eval) and returns its world, its input for another
// run, and the result.
func corpusRun(t *testing.T, file string) (*world, func() Input, Result) {
	t.Helper()
	p, err := parseEvalProject(filepath.Join("..", "..", "testdata", "offline-eval", file))
	if err != nil {
		t.Fatal(err)
	}
	w, in, _ := evalWorld(t, p, 100, func(s string) string { return s })
	res, err := Extract(context.Background(), in(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	return w, in, res
}

// twoRuns runs the extractor twice over a corpus project, the second time
// with the first run's patches pending, as the eval's second run does.
func twoRuns(t *testing.T, file string) (first, again Result) {
	t.Helper()
	_, in, first := corpusRun(t, file)
	again, err := Extract(context.Background(), in(), zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	return first, again
}

// TestMoveLeavesOtherValues: a move that edits a memory line (the Connect
// endpoint, connect-1 to connect-lb) makes stale only a line giving a
// value that memory line gave. The lasting dead-letter rule gives
// another value (a config key that reads as a host), so the first run
// proposes it, and a second run, with the edit pending, does not again.
func TestMoveLeavesOtherValues(t *testing.T) {
	first, again := twoRuns(t, "tuning122/kcconfigs.txt")
	var moved, dlq bool
	for _, c := range first.Candidates {
		moved = moved || strings.Contains(c.Text, "connect-lb.int")
		dlq = dlq || strings.Contains(c.Text, "errors.deadletterqueue.topic.name")
	}
	if !moved || !dlq {
		t.Fatalf("first run: endpoint edit %v, dead-letter rule %v; want both: %+v", moved, dlq, first.Candidates)
	}
	for _, c := range again.Candidates {
		t.Errorf("second run proposed %s %q", c.Kind, c.Text)
	}
}

// TestCloseCopy: a memory line said again with its small words changed is
// no news; one that names another value or thing, or turns the rule
// around, is.
func TestCloseCopy(t *testing.T) {
	k := memKnown("- Target is esp32s3 on a XIAO ESP32S3 Sense board.", "- Money is stored as integer cents.", "- Shared branches: never rewrite history on `main` or `release`.", "- Save files are written as JSON to the user data dir.")
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"Target is the s3 on the xiao sense.", true},
		{"Money is integer cents everywhere.", true},
		{"Dont rewrite history on main or release, ever.", true},
		{"Target is the esp32c6 on the xiao sense.", false},
		{"Money is integer cents, rounded with Banker's rounding in Ledger.", false},
		{"Rewrite history on main or release freely before the tag.", false},
		{"Invoices are numbered per fiscal year.", false},
		{"Save files are always written as messagepack.", false},
	} {
		if got := k.closeCopy(tt.line); got != tt.want {
			t.Errorf("closeCopy(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}

// TestFollowedLineFirst: a reply denying a report that followed memory
// ("following the memory note about `replaces`" … "the note is wrong")
// sets right the line the report cited, though its rule also shares words
// with another memory line (the co-op one): that line stays.
func TestFollowedLineFirst(t *testing.T) {
	w, _, _ := corpusRun(t, "tuning202/hellforge.txt")
	patch := readString(t, w.privatePatch())
	if !strings.Contains(patch, "\n-- Weapons replace the vanilla ones with `replaces`") {
		t.Errorf("the cited line is not replaced:\n%s", patch)
	}
	if strings.Contains(patch, "\n-- The mod is for co-op") {
		t.Errorf("the co-op line is replaced:\n%s", patch)
	}
}
