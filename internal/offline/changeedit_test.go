package offline

import (
	"strings"
	"testing"
)

// TestSameClass: two values count as one setting's old and new value only
// when they are of one kind; a shared ending alone makes hosts of names
// only when one of them came with a port.
func TestSameClass(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"10.4.0.12", "relay.corp.lan", true},
		{"ci-cache.lan:6379", "ci-cache2.lan", true},
		{"ci-cache.lan", "ci-cache2.lan", false},
		{"config.yml", "deploy.yml", false},
		{"main.py", "app.py", false},
		{"edge-box-2", "edge-box-3", true},
		// a version written as a name is no former subcommand or word;
		// a name with a number is another name's new form
		{"export-fixtures", "version-15", false},
		{"http://datahub-gms.platform.svc:8080", "https://gms.catalog.fleetline.io", true},
		{"version-14", "version-15", true},
		{"acme-tfstate-eu-west-1", "acme-tfstate-central", true},
		{"/srv/data", "/mnt/data", true},
	} {
		if got := sameClass(c.a, c.b); got != c.want {
			t.Errorf("sameClass(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestPortIsNoVersion: a port and a dotted version fold to one shape, but a
// change that moves a dev server to another port rewrites the line that
// states its port, never the version written after the same name.
func TestPortIsNoVersion(t *testing.T) {
	mem := "# Project Memory\n\n- Keycloak 24.0 realm export lives in realm/.\n- Local admin: `keycloak start-dev` on port 8080.\n"
	memoryEdit(t, mem, "u:the proxy needs 8080 on the shared box, so the team moved keycloak start-dev to 8180",
		"- Keycloak 24.0 realm export lives in realm/.\n- Local admin: `keycloak start-dev` on port 8180.", "8180 realm")
	for _, tc := range [][2]string{{"1.7", "3070"}, {"3070", "12.4.1"}} {
		if !portAndVersion(tc[0], tc[1]) {
			t.Errorf("portAndVersion(%q, %q) = false", tc[0], tc[1])
		}
	}
	if portAndVersion("18", "20.11") || portAndVersion("3000", "3001") {
		t.Error("a short version or two ports read as a port and a version")
	}
}

// TestPortInsideAddress: memory often gives a port inside an address
// ("http://localhost:5601", "queue.lan:5672"); a change that names only
// the new port rewrites the address's port, keeping its host and path,
// instead of leaving the line untouched.
func TestPortInsideAddress(t *testing.T) {
	mem := "# Project Memory\n\n- Log viewer is Kibana.\n- local kibana runs at http://localhost:5601/app\n"
	memoryEdit(t, mem, "u:i moved my local kibana to 5611 because the other stack took 5601",
		"- local kibana runs at http://localhost:5611/app", "5601")
	mem = "# Project Memory\n\n- Jobs go through RabbitMQ.\n- The job queue lives on queue.lan:5672 in development.\n"
	memoryEdit(t, mem, "u:we moved the job queue to 5673 last week",
		"- The job queue lives on queue.lan:5673 in development.", "5672")
	for v, want := range map[string]string{
		"http://localhost:5601/": "5601", "queue.lan:5672": "5672", "localhost:8088": "8088",
		"postgres:16": "", "ghcr.io/acme/api:2.4.1": "", "12:30": "",
	} {
		if got := addressPort(v); got != want {
			t.Errorf("addressPort(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestOldValueNoLongerUsed: "9100 is no longer used" names the value a
// change gave up, so the memory line holding it takes the new value even
// when the line does not name the setting the way the sentence does.
func TestOldValueNoLongerUsed(t *testing.T) {
	mem := "# Project Memory\n\n- Written in Rust.\n- The scraper endpoint answers on 7410.\n"
	memoryEdit(t, mem, "u:Kindly note that the scraper endpoint now answers on port 7420 since auth was added; 7410 is no longer used.",
		"- The scraper endpoint answers on 7420.", "7410")
}

// TestNamedValueChange: "is now named X" / "is now called X" gives X as
// the new value, not the word "named", and a name joined with hyphens
// gives way to one with a digit ("zone-west" to "eu-north-2").
func TestNamedValueChange(t *testing.T) {
	mem := "# Project Memory\n\n- Written in Elixir.\n- Storage zone is `zone-west`.\n"
	memoryEdit(t, mem, "u:We rebuilt the storage; the zone is now called `eu-north-2`, zone-west is gone.",
		"- Storage zone is `eu-north-2`.", "named")
	if !sameKind("zone-west", "eu-north-2") || sameKind("sensor", "bme680") {
		t.Error("sameKind: two hyphenated names are one kind, a word and a model number are not")
	}
	if !sameKind("PaperMod", "themes/ours") || sameKind("elasticsearch", "http://opensearch.internal:9200") || sameKind("jenkins", "https://ci.example.org/job") {
		t.Error("sameKind: a name gives way to a path of its own, not to an address")
	}
}

// TestDistinctValueChange: a value written with letters, digits and a
// joint ("rig-07", "sim_4_x86_12") is the setting's value wherever the
// memory line names the setting, and a sentence that only says "now I use"
// it takes the setting from the sentence before.
func TestDistinctValueChange(t *testing.T) {
	mem := "# Project Memory\n\n- Release builds are signed on the big old tower machine rig-07.\n- Logs go to stdout.\n"
	memoryEdit(t, mem, "u:that box burned out so release builds go to rig-09 now, same keys",
		"- Release builds are signed on the big old tower machine rig-09.", "rig-07")
	mem = "# Project Memory\n\n- Written in Kotlin.\n- The phone simulator profile is sim_4_x86_12.\n"
	memoryEdit(t, mem, "u:I changed my simulator profile, the old one froze. now I use sim_5_x86_14, start that one for the ui tests",
		"- The phone simulator profile is sim_5_x86_14.", "sim_4_x86_12")
	// a number is no such value: it still needs its setting right before it
	if distinctShape("3000") || distinctShape("2.4.1") || distinctShape("/srv/rig-07") || !distinctShape("rig-07") {
		t.Error("distinctShape")
	}
}

// TestLabelledSlotValue: a value of a memory line written right after its
// setting's name is the setting's old value though the new one is written
// another way (an underscore become a slash, a host gaining a hyphen); a
// value of another shape further from the name stays, and a sentence of
// a session is not read so.
func TestLabelledSlotValue(t *testing.T) {
	mem := "# Project Memory\n\n- Firmware for the logger, board stm32_nucleo_f446.\n- Logs go to stdout.\n"
	memoryEdit(t, mem, "u:the new devkit arrived, so the board is st/nucleo-f446re now with the new naming, please update the build script",
		"- Firmware for the logger, board st/nucleo-f446re.", "stm32_nucleo_f446")
	mem = "# Project Memory\n\n- Artifact registry: http://nexus.build.lan:8081\n- Logs go to stdout.\n"
	memoryEdit(t, mem, "u:ops moved the artifact registry, it's https://nexus-2.build.lan:8443 now and the old box is read-only",
		"- Artifact registry: https://nexus-2.build.lan:8443", "nexus.build.lan:8081")
	// the setting's name is four words off the value: the shapes must agree
	mem = "# Project Memory\n\n- The board we flash through the tag-connect cable is stm32_nucleo_f446.\n"
	memoryEdit(t, mem, "u:the new devkit arrived, so the board is st/nucleo-f446re now with the new naming",
		"", "st/nucleo-f446re")
	c := change{new: "st/nucleo-f446re", subject: []string{"board"}}
	if v := slotValue("I soldered the board stm32_nucleo_f446 yesterday", c); v != "" {
		t.Errorf("slotValue read %q in a sentence", v)
	}
	if v := memorySlotValue("Firmware for the logger, board stm32_nucleo_f446.", c); v != "stm32_nucleo_f446" {
		t.Errorf("memorySlotValue = %q", v)
	}
}

// TestProperNameValue: a product's capitalised name after the copula is
// the value a change to another product's name replaces; a lower-case
// new value or a line with no name after the copula changes nothing.
func TestProperNameValue(t *testing.T) {
	for _, tt := range []struct{ line, new, want string }{
		{"Templates are Template Toolkit files in views/.", "Text::Xslate", "Templates are Text::Xslate files in views/."},
		{"Templates are Template Toolkit files in views/.", "xslate", ""},
		{"Templates are rendered by the view layer.", "Text::Xslate", ""},
	} {
		c := change{new: tt.new, subject: []string{"template"}}
		if got := changedMemoryLine(tt.line, c); got != tt.want {
			t.Errorf("changedMemoryLine(%q, %q) = %q, want %q", tt.line, tt.new, got, tt.want)
		}
	}
}

// TestReleaseVersion: a dotted version may carry a short release tag;
// a name, a bare number or a longer tag is no such version.
func TestReleaseVersion(t *testing.T) {
	for v, want := range map[string]bool{"0.2.5g": true, "1.4.2rc1": true, "3.13": true, "2.0.0b": true,
		"3000": false, "v1.2": false, "1.2.final": false, "1.2.": false, "sm_90": false, "1.2abc": false} {
		if got := releaseVersion(v); got != want {
			t.Errorf("releaseVersion(%q) = %v, want %v", v, got, want)
		}
	}
	mem := "# Project Memory\n\n- Cart is game.p8, made with PICO-8 0.2.5g.\n- Sprites on page 3.\n"
	memoryEdit(t, mem, "u:upgraded pico8 to 0.2.6 yesterday btw, the exports look different",
		"- Cart is game.p8, made with PICO-8 0.2.6.", "0.2.5g")
	// A release named by its major number alone gives way to it too; a
	// count after a word that names no program does not.
	mem = "# Project Memory\n\n- Unity 2022.3.20f1 LTS with URP.\n- Target is Quest 3.\n"
	memoryEdit(t, mem, "u:upgraded to unity 6, ProjectVersion.txt committed. check it compiles",
		"- Unity 6 LTS with URP.", "2022.3.20f1")
	for v, want := range map[string]bool{"6": true, "22": true, "06": false, "123": false, "6.0": false, "": false} {
		if got := majorVersion(v); got != want {
			t.Errorf("majorVersion(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestOnlyValueOfShape: the one value of a memory line written the way a
// new one is (a version of another shape apart) is the setting's wherever
// its clause names the setting; a line with two such values, or one that
// names the setting in another clause only, is left alone.
func TestOnlyValueOfShape(t *testing.T) {
	mem := "# Project Memory\n\n- Grafana 10.4 in compose; the dashboard service is the grafana container behind port 3000.\n- Logs go to stdout.\n"
	memoryEdit(t, mem, "u:the dashboard service now listens on 3300, ops took 3000 for the sso proxy",
		"- Grafana 10.4 in compose; the dashboard service is the grafana container behind port 3300.", "port 3000.")
	mem = "# Project Memory\n\n- The dashboard service and the alert relay use ports 3000 and 3100 on the shared box.\n"
	memoryEdit(t, mem, "u:the dashboard service now listens on 3300.", "", "3300")
	mem = "# Project Memory\n\n- The dashboard service ships in compose; grafana exposes its metrics on port 3000 to the scraper.\n"
	memoryEdit(t, mem, "u:the dashboard service now listens on 3300.", "", "3300")
	if !onlyOfShape(strings.Fields("Grafana 10.4 container on port 3000."), "3300") || onlyOfShape(strings.Fields("ports 3000 and 3100"), "3300") {
		t.Error("onlyOfShape")
	}
}

// TestLabelledBy: a name written right after its setting's name is that
// setting's value; a number for a name (or a name for a number) is not,
// nor a value after a word that is no term of the setting.
func TestLabelledBy(t *testing.T) {
	board := map[string]bool{"board": true}
	server := map[string]bool{"tracking": true, "server": true}
	for _, tt := range []struct {
		words   []string
		i       int
		subject map[string]bool
		v, new  string
		want    bool
	}{
		{[]string{"board", "nrf52840dk_nrf52840"}, 1, board, "nrf52840dk_nrf52840", "nrf52840dk/nrf52840", true},
		{[]string{"Tracking", "server:", "http://mlflow.internal:5000"}, 2, server, "http://mlflow.internal:5000", "http://mlflow-2.internal:5000", true},
		{[]string{"Board", "rev", "3"}, 2, board, "3", "nrf52840dk/nrf52840", false},
		{[]string{"Board", "nrf52840dk_nrf52840"}, 1, board, "nrf52840dk_nrf52840", "3", false},
		{[]string{"flashed", "nrf52840dk_nrf52840"}, 1, board, "nrf52840dk_nrf52840", "nrf52840dk/nrf52840", false},
		{[]string{"nrf52840dk_nrf52840"}, 0, board, "nrf52840dk_nrf52840", "nrf52840dk/nrf52840", false},
		// a program's version right after its name, however the
		// release is tagged, and the name written with a hyphen or a digit
		{[]string{"made", "with", "PICO-8", "0.2.5g."}, 3, map[string]bool{"pico8": true}, "0.2.5g", "0.2.6", true},
		{[]string{"builds", "on", "k3s", "1.28.4rc1"}, 3, map[string]bool{"k3s": true}, "1.28.4rc1", "1.29.0", true},
		{[]string{"Board", "rev", "3"}, 2, map[string]bool{"rev": true}, "3", "4", false},
		{[]string{"PICO-8", "0.2.5g"}, 1, map[string]bool{"pico8": true}, "0.2.5g", "port-9", false},
		{[]string{"Unity", "2022.3.20f1"}, 1, map[string]bool{"unity": true}, "2022.3.20f1", "6", true},
		{[]string{"Board", "rev", "3.1"}, 2, board, "3.1", "4", false},
		// the copula joins the setting's name to its value
		{[]string{"The", "build", "directory", "is", "build-rpi/"}, 4, map[string]bool{"directori": true, "directory": true}, "build-rpi", "/srv/yocto/build-acme", true},
		{[]string{"The", "board", "is", "3"}, 3, board, "3", "nrf52840dk/nrf52840", false},
		{[]string{"The", "cable", "is", "rev-a3"}, 3, board, "rev-a3", "nrf52840dk/nrf52840", false},
		// a word that ends its clause labels nothing, and a version
		// written as a name is no subcommand's new form
		{[]string{"exported", "with", "bench", "export-fixtures."}, 3, map[string]bool{"bench": true}, "export-fixtures", "version-15", false},
		{[]string{"one", "file", "per", "function,", "re-exported"}, 4, map[string]bool{"function": true}, "re-exported", "event.data.userId", false},
	} {
		if got := labelledBy(tt.words, tt.i, tt.subject, tt.v, tt.new); got != tt.want {
			t.Errorf("labelledBy(%q, %d, %q, %q) = %v, want %v", tt.words, tt.i, tt.v, tt.new, got, tt.want)
		}
	}
}

// TestUnplacedSets: a change set on its own keeps its mark where memory
// holds no value of its kind or where it rewrites memory's line, and
// loses it where memory holds a value of its kind it cannot place.
func TestUnplacedSets(t *testing.T) {
	set := func(q string) change {
		for _, c := range changesOf([]source{{quote: q}}) {
			if c.set {
				return c
			}
		}
		t.Fatalf("%q: no change set", q)
		return change{}
	}
	for _, tt := range []struct {
		mem  []string
		said string
		want bool
	}{
		{[]string{"Site for the bakery on Deno Fresh 1.6.8."}, "moved the dev server to 8085", true},
		{[]string{"Cart made with PICO-8 0.2.5g."}, "upgraded pico8 to 0.2.6 yesterday", true},
		{[]string{"internal_port 8080 in fly.toml."}, "moved the server to 3000 like the other apps", false},
		{[]string{"The kiln controller listens on 5000."}, "we moved the print server to 6310", false},
		{[]string{"The print server listens on 631."}, "we moved the print server to 6310", true},
	} {
		k := &known{lines: tt.mem}
		got := k.unplacedSets([]change{set(tt.said)})
		if got[0].set != tt.want {
			t.Errorf("%q over %q: set %v, want %v", tt.said, tt.mem, got[0].set, tt.want)
		}
	}
}

// TestNowLivesInEditsMemory: a setting said to live somewhere now
// rewrites the memory line that names it with the old value.
func TestNowLivesInEditsMemory(t *testing.T) {
	mem := "# Project Memory\n\n- Remote state in S3 bucket acme-tfstate-eu-west-1.\n- Locking via DynamoDB table tf-locks.\n"
	memoryEdit(t, mem, "u:The state bucket has moved: remote state now lives in acme-tfstate-central, please update root.hcl.",
		"- Remote state in S3 bucket acme-tfstate-central.", "eu-west-1")
	mem = "# Project Memory\n\n- The build directory is build-rpi/ next to poky.\n- Layer priority 10.\n"
	memoryEdit(t, mem, "u:I moved the builds to the new server; the build directory is now /srv/yocto/build-acme, and the old one will be deleted next week.",
		"- The build directory is /srv/yocto/build-acme next to poky.", "build-rpi")
	mem = "# Project Memory\n\n- Photos are archived under /mnt/nas/photos-2023 nightly.\n"
	memoryEdit(t, mem, "u:fyi the photo archive now lives in /mnt/nas2/photos, the old share is read-only",
		"- Photos are archived under /mnt/nas2/photos nightly.", "photos-2023")
}

// TestSetOnItsOwnNotPersonal: a change set by the person's own verb of
// change stands alone only when it sets a setting of the project: not
// their own device or tool, not a date in the calendar, and not one they
// say they reverted.
func TestSetOnItsOwnNotPersonal(t *testing.T) {
	setAlone := func(q string) bool {
		for _, c := range changesOf([]source{{quote: q}}) {
			if setOnItsOwn(c) {
				return true
			}
		}
		return false
	}
	for q, want := range map[string]bool{
		"I bumped the node version to 22.11 in .nvmrc.":                             true,
		"we moved the dev server to 8085":                                           true,
		"upgraded the kiln controller firmware to 2.4.1":                            true,
		"I upgraded my phone to iOS 18.1 yesterday and the app still opens fine.":   false,
		"btw I switched my editor to neovim 0.10 last week, loving it.":             false,
		"Upgraded my laptop to 32GB ram, builds are much nicer now.":                false,
		"I moved the client demo to Thursday 14:00, so no rush.":                    false,
		"the build broke after I bumped lodash to 4.17.21, so I reverted it.":       false,
		"bumped the glaze batch size to 12, it cracked, so I rolled it back again.": false,
	} {
		if got := setAlone(q); got != want {
			t.Errorf("setOnItsOwn(%q) = %v, want %v", q, got, want)
		}
	}
}

// TestReplaceValuePortSetting: a port is rewritten wherever the line gives
// it, a setting glued to its name included (`~port:8080`, `PORT=8080`), so
// that no old port stays beside the new one; other numbers stay. A tool
// that is an address's scheme is not rewritten at all, and a package
// manager's command only where the new one runs it the same way.
func TestReplaceValuePortSetting(t *testing.T) {
	for _, tc := range []struct{ line, old, new, want string }{
		{"Server listens on port 8080 (Dream.run ~port:8080 in bin/main.ml).", "8080", "9090", "Server listens on port 9090 (Dream.run ~port:9090 in bin/main.ml)."},
		{"Dev server on 3000, started with PORT=3000 npm run dev.", "3000", "3005", "Dev server on 3005, started with PORT=3005 npm run dev."},
		{"Worker on 8080, timeout:8080ms is unrelated.", "8080", "9090", "Worker on 9090, timeout:8080ms is unrelated."},
		// An address whose scheme is the old tool is the old tool's:
		// the line is not rewritten into "RabbitMQ://localhost:6379/0".
		{"Celery broker is Redis at redis://localhost:6379/0.", "Redis", "RabbitMQ", ""},
		{"Celery broker is Redis.", "Redis", "RabbitMQ", "Celery broker is RabbitMQ."},
		// A script is run by the package manager that replaced the old
		// one the same way; a command written otherwise is not known.
		{"Dev server: `npm run tauri dev` (Vite on port 1420).", "npm", "pnpm", "Dev server: `pnpm run tauri dev` (Vite on port 1420)."},
		{"CI installs with `npm ci`.", "npm", "pnpm", ""},
		{"Lint with `poetry run ruff check`.", "poetry", "uv", ""},
	} {
		if got := replaceValue(tc.line, tc.old, tc.new); got != tc.want {
			t.Errorf("replaceValue(%q, %s, %s) = %q, want %q", tc.line, tc.old, tc.new, got, tc.want)
		}
	}
}

// TestWithoutToldEdits: a new line that only tells the value an in-place
// edit of the patch (or of a pending patch) brings is that edit's news and
// goes, its evidence to the edit; a value the old line held already, a
// line with no change word, or a value of its own keeps it.
func TestWithoutToldEdits(t *testing.T) {
	edit := candidate{kind: KindInstruction, line: "Server listens on port 9090.", replaces: "- Server listens on port 8080.", srcs: []source{{session: 1}}}
	for _, tc := range []struct {
		line string
		kept bool
	}{
		{"The app is on 9090 now.", false},
		{"The app is on 9090, as always.", true},
		{"The admin api moved to 9191.", true},
		{"The app runs on 9090.", true},
		// a move told in the present is a change word too
		{"Leadership decided we move the app over: everything goes to 9090.", false},
	} {
		told := candidate{kind: KindInstruction, line: tc.line, srcs: []source{{session: 2}}}
		got := withoutToldEdits([]candidate{edit, told}, memKnown())
		if kept := len(got) == 2; kept != tc.kept {
			t.Errorf("%q kept = %v, want %v", tc.line, kept, tc.kept)
		}
		if !tc.kept && len(got[0].srcs) != 2 {
			t.Errorf("%q: the edit has %d sources, want 2", tc.line, len(got[0].srcs))
		}
	}
	// A host said bare that the edit's address brings is the edit's;
	// one it does not bring is news.
	broker := candidate{kind: KindInstruction, line: "Celery broker is RabbitMQ at amqp://orderdesk@mq.internal:5672/orderdesk.", replaces: "- Celery broker is Redis at redis://localhost:6379/0.", srcs: []source{{session: 1}}}
	for line, kept := range map[string]bool{"The broker is on mq.internal now, not the old Redis.": false, "The cache is on cache.internal now.": true} {
		told := candidate{kind: KindInstruction, line: line, srcs: []source{{session: 2}}}
		if got := withoutToldEdits([]candidate{broker, told}, memKnown()); (len(got) == 2) != kept {
			t.Errorf("%q kept = %v, want %v", line, len(got) == 2, kept)
		}
	}
	// A version told less precisely than the edit writes it is the
	// edit's; another minor version is not.
	perl := candidate{kind: KindInstruction, line: "Perl 5.38.2 through perlbrew.", replaces: "- Perl 5.36.0 through perlbrew.", srcs: []source{{session: 1}}}
	for line, kept := range map[string]bool{"I have switched perlbrew to 5.38.": false, "I have switched perlbrew to 5.3.": true} {
		got := withoutToldEdits([]candidate{perl, {kind: KindInstruction, line: line, srcs: []source{{session: 2}}}}, memKnown())
		if (len(got) == 2) != kept {
			t.Errorf("%q kept = %v, want %v", line, len(got) == 2, kept)
		}
	}
	// A value written another way is the edit's too: joined to its name,
	// with a trailing ".0", as an image's tag. A line with no change word
	// goes only when it names nothing the edit does not.
	for _, tc := range []struct {
		edit, was, line string
		kept            bool
	}{
		{"Default Conan profile is profiles/linux-clang18.", "- Default Conan profile is profiles/linux-clang17.", "We moved CI and dev to clang 18.", false},
		{"Default Conan profile is profiles/linux-clang18.", "- Default Conan profile is profiles/linux-clang17.", "We moved CI and dev to clang 19.", true},
		{"Target framework is net8.0.", "- Target framework is net6.0.", "We have moved the project to .NET 8.", false},
		{"Directus 11.1.0 runs via docker compose.", "- Directus 10.12 runs via docker compose.", "We're on directus/directus:11.1.0 now.", false},
		{"Solver uses dolfinx 0.9 in the conda env `fenicsx-env`.", "- Solver uses dolfinx 0.7 in the conda env `fenicsx-env`.", "We are on dolfinx 0.9.0, in the same fenicsx-env.", false},
		{"Solver uses dolfinx 0.9 in the conda env `fenicsx-env`.", "- Solver uses dolfinx 0.7 in the conda env `fenicsx-env`.", "We are on dolfinx 0.9.0, and meshes come from gmsh.", true},
		// A line stating the edit's fact, tied by a token as two new
		// lines are; a rule naming the token is one of its own.
		{"Templates are Text::Xslate files in views/.", "- Templates are Template::Toolkit files in views/.", "The page is an Xslate template.", false},
		{"Videos are 1080x1920 vertical at 25 fps.", "- Videos are 1080x1920 vertical at 30 fps.", "The recap is 25fps and 15 s, so 375 frames per video.", false},
		{"Flash with `idf.py -p /dev/ttyUSB1 flash`.", "- Flash with `idf.py -p /dev/ttyUSB0 flash`.", "Always run idf.py erase-flash before each flash of a commissioning test.", true},
	} {
		e := candidate{kind: KindInstruction, line: tc.edit, replaces: tc.was, srcs: []source{{session: 1}}}
		got := withoutToldEdits([]candidate{e, {kind: KindInstruction, line: tc.line, srcs: []source{{session: 2}}}}, memKnown())
		if (len(got) == 2) != tc.kept {
			t.Errorf("%q beside %q kept = %v, want %v", tc.line, tc.edit, len(got) == 2, tc.kept)
		}
	}
	// A pending patch made the edit: a second run does not propose the
	// line either.
	k := memKnown("Server listens on port 8080.")
	k.removed["Server listens on port 8080."] = true
	k.lines = append(k.lines, "Server listens on port 9090.")
	if got := withoutToldEdits([]candidate{{kind: KindInstruction, line: "The app is on 9090 now.", srcs: []source{{session: 2}}}}, k); len(got) != 0 {
		t.Errorf("pending edit: got %v, want the line dropped", got)
	}
}

// TestRestatedNotHandedOver: an earlier clause telling that the old value
// went to something else is the reason for the change, and the new value
// would make it false; a clause stating the setting is said again with it.
func TestRestatedNotHandedOver(t *testing.T) {
	ch := change{old: "8080", new: "8181"}
	if got := restated(source{quote: "Ops gave 8080 to the envoy sidecar."}, ch); got != "" {
		t.Errorf("restated a handed-over value as %q", got)
	}
	if got := restated(source{quote: "The API listens on port 8080."}, ch); got != "The API listens on port 8181." {
		t.Errorf("restated = %q, want the setting with its new value", got)
	}
}

// TestVersionFromMessage: a change told in another setting's words ("changed
// spark_version … to 15.4.x-scala2.12") takes the version of the one memory
// line whose version its message also names, cut to that version's shape;
// with no such line, or two, it stays as told.
func TestVersionFromMessage(t *testing.T) {
	msg := "13.3 is going out of support, so move job clusters to 15.4 LTS. I've already changed spark_version in databricks.yml to 15.4.x-scala2.12."
	k := &known{lines: []string{"- Job clusters use Databricks Runtime 13.3 LTS.", "- The package is src/lakehouse_sales."}}
	for _, tt := range []struct {
		name     string
		k        *known
		ch       change
		old, new string
	}{
		{"named in the message", k, change{new: "15.4.x-scala2.12", context: msg, set: true}, "13.3", "15.4"},
		{"not named", k, change{new: "15.4.x-scala2.12", context: "I've changed spark_version to 15.4.x-scala2.12.", set: true}, "", "15.4.x-scala2.12"},
		{"a plain version", k, change{new: "15.4", context: msg, set: true}, "", "15.4"},
		{"two lines", &known{lines: []string{"- Job clusters use 13.3 LTS.", "- SQL warehouses use 14.1."}}, change{new: "15.4.x-scala2.12", context: msg + " 14.1 too.", set: true}, "", "15.4.x-scala2.12"},
		// an image gives its product's version memory names
		{"an image", &known{lines: []string{"- Dev instance: docker compose, Dolibarr 19.0."}}, change{new: "dolibarr/dolibarr:20.0.2", context: "I changed the image to dolibarr/dolibarr:20.0.2.", set: true}, "19.0", "20.0.2"},
		{"an image of another product", &known{lines: []string{"- Dev instance: docker compose, Dolibarr 19.0."}}, change{new: "mariadb:11.4", context: "I changed the image to mariadb:11.4.", set: true}, "", "mariadb:11.4"},
		{"an image of two versions", &known{lines: []string{"- Dev instance is Dolibarr 19.0.", "- Live is Dolibarr 18.0."}}, change{new: "dolibarr/dolibarr:20.0.2", context: "I changed the image to dolibarr/dolibarr:20.0.2.", set: true}, "", "dolibarr/dolibarr:20.0.2"},
	} {
		got := tt.k.versionFromMessage(tt.ch)
		if got.old != tt.old || got.new != tt.new {
			t.Errorf("%s: old %q new %q, want %q %q", tt.name, got.old, got.new, tt.old, tt.new)
		}
	}
}

// TestSlotValueNoCount: a count in a sentence is no former form of a
// dotted version said bare; a dotted version is.
func TestSlotValueNoCount(t *testing.T) {
	ch := change{new: "5.10", subject: []string{"cousin", "server", "luanti"}}
	if got := slotValue("It's for the Blockhaven server which my cousin runs for like 30 of us.", ch); got != "" {
		t.Errorf("slotValue(a count) = %q, want none", got)
	}
	if got := slotValue("The server my cousin runs is on 5.8.", ch); got != "5.8" {
		t.Errorf("slotValue(a version) = %q, want 5.8", got)
	}
}

// TestSlotValuePlainVerb: a verb saying where or how a thing is kept
// names no setting; the thing's own name does.
func TestSlotValuePlainVerb(t *testing.T) {
	for _, tt := range []struct {
		line    string
		new     string
		subject []string
		want    string
	}{
		{"Config lives in /etc/forgejo-runner/config.yml; systemd unit on host ci-01.", "/srv/runner-cache", []string{"action", "cache", "live", "root", "disk"}, ""},
		{"The actions cache lives in /var/cache/act.", "/srv/runner-cache", []string{"action", "cache", "live", "root", "disk"}, "/var/cache/act"},
		{"Deploy by copying code.py to /media/sam/CIRCUITPY.", "adafruit_bme280", []string{"library", "install", "circup", "copy", "wrong", "version"}, ""},
	} {
		if got := memorySlotValue(tt.line, change{new: tt.new, subject: tt.subject}); got != tt.want {
			t.Errorf("memorySlotValue(%q, %q) = %q, want %q", tt.line, tt.new, got, tt.want)
		}
	}
}

// TestNumberWithUnit: a number memory writes with its unit glued on, or
// with a metric prefix, is the value a change of that number gives up,
// and the edited line names the new number (a second run adds nothing);
// a unit of another measure keeps a version from taking a number's place.
func TestNumberWithUnit(t *testing.T) {
	mem := "# Project Memory\n\n- Surge multiplier capped at 3.0x.\n- Zones are H3 cells.\n"
	memoryEdit(t, mem, "u:keep the cap in mind, its 2.5 now not 3, legal made us lower it",
		"- Surge multiplier capped at 2.5x.", "3.0x")
	mem = "# Project Memory\n\n- The RTL-SDR dongle runs at 288 kS/s.\n- Blocks live in lib/.\n"
	memoryEdit(t, mem, "u:Okay so big change: I bumped the dongle to 1.536 MS/s so I get both channels in one capture.",
		"- The RTL-SDR dongle runs at 1.536 MS/s.", "288")
	mem = "# Project Memory\n\n- Renditions are made with govips: thumb 320px wide, preview 1600px wide.\n- Blocks live in lib/.\n"
	memoryEdit(t, mem, "u:Preview width goes from 1600 to 2048, the portal is on retina screens now and 1600 looks blurry.",
		"- Renditions are made with govips: thumb 320px wide, preview 2048px wide.", "1600px")
	for _, tt := range []struct {
		a, b string
		want bool
	}{{"kS/s", "MS/s", true}, {"kHz", "MHz", true}, {"kS/s", "MHz", false}, {"MB", "MS/s", false}, {"", "", false}} {
		if got := sameMeasure(tt.a, tt.b); got != tt.want {
			t.Errorf("sameMeasure(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	if tok, repl := unitNumber("capped at 3.0x, floor 3x", "3", "2.5"); tok != "" || repl != "" {
		t.Errorf("two ways of writing 3: unitNumber = %q, %q", tok, repl)
	}
	if !containsValue("capped at 2.5x.", "2.5") || containsValue("capped at 2.5x.", "2") || containsValue("build 2.5xyz", "2.5") {
		t.Error("containsValue reads a number with its unit glued on")
	}
}

// TestChangeReachesItsLine: a change reaches the memory line it gives a
// value of however the two write it: a measure with its unit glued on or
// in another unit, a program by its package's name or by the name the
// message writes right before the value, an install path with another
// release number in it (and the paths under it), a decision said after
// the plan that led to it.
func TestChangeReachesItsLine(t *testing.T) {
	for _, tt := range []struct{ name, line, said, want, not string }{
		{"glued unit", "search-api gives Qdrant a 5s timeout per query.",
			"u:p95 goes up during imports. drop the qdrant query timeout to 1500 ms and if it trips return 503",
			"- search-api gives Qdrant a 1500 ms timeout per query.", "5s"},
		{"metric length", "CHM resolution is 1 m.",
			"u:Now the 1 m is too coarse for the saplings. Please change CHM resolution to 50 cm, the whole pipeline.",
			"- CHM resolution is 50 cm.", "50 m."},
		{"package name", "Front-end assets are built with Vite; Tailwind 3.4.",
			"u:Upgrade time. I've bumped tailwindcss to 4.1 in package.json and swapped the postcss plugin.",
			"- Front-end assets are built with Vite; Tailwind 4.1.", "3.4"},
		{"name before the value", "Karpenter v0.37; NodePools live in karpenter/.",
			"u:karpenter 1.1.1 time. we're way behind. bump the chart to 1.1.1, migrate the NodePools to karpenter.sh/v1.",
			"- Karpenter v1.1.1; NodePools live in karpenter/.", "0.37"},
		{"numbered install path", "MLIR comes from /opt/llvm-18 (cmake -DMLIR_DIR=/opt/llvm-18/lib/cmake/mlir).",
			"u:IT has installed LLVM 19.1.4 under /opt/llvm-19 and will remove the 18 installation next month, so from today we build against /opt/llvm-19: please reconfigure with -DMLIR_DIR=/opt/llvm-19/lib/cmake/mlir.",
			"- MLIR comes from /opt/llvm-19 (cmake -DMLIR_DIR=/opt/llvm-19/lib/cmake/mlir).", "llvm-18"},
		{"numbered install path alone", "MLIR comes from /opt/llvm-18 (cmake -DMLIR_DIR=/opt/llvm-18/lib/cmake/mlir).",
			"u:IT put LLVM 19 on the cluster, so from today we build against /opt/llvm-19.",
			"- MLIR comes from /opt/llvm-19 (cmake -DMLIR_DIR=/opt/llvm-19/lib/cmake/mlir).", "llvm-18"},
		{"moved off, then when", "Hosted on Netlify, deploys from main.",
			"u:We moved off Netlify last week; it's Cloudflare Pages now, still builds from main.",
			"- Hosted on Cloudflare Pages, deploys from main.", "Netlify"},
		{"number written twice", "Audio runs at 48 kHz with a block size of 48.",
			"u:I already put hw.SetAudioBlockSize(16) in main.cpp, the block size is 16 from now, keep it there.",
			"- Audio runs at 48 kHz with a block size of 16.", "16 kHz"},
		{"span instead of span", "Meters are read every 15 min.",
			"u:dso wants minute values from april. read the meters every 60 s instead of the 15 min, READ_INTERVAL_S in dlmsd.conf.",
			"- Meters are read every 60 s.", "15 min"},
		{"span, make it span", "The link is marked lost after 3 s without a heartbeat.",
			"u:link loss detection is too slow, 3 s and the quad is far downrange before we notice, make it 1500 ms in LinkWorker.cpp",
			"- The link is marked lost after 1500 ms without a heartbeat.", "3 s"},
		// the name before the value names only the value right after it
		{"another program's version", "Client code is in lka/, using the carla wheel in a Python 3.8 venv (.venv).",
			"u:carla 0.9.15 is out and fixes the sensor sync bug. i upgraded the container on bigrig to 0.9.15 and the wheel in .venv too.",
			"", "Python 0.9.15"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			memoryEdit(t, "# Project Memory\n\n- "+tt.line+"\n- Tests run with make check.\n", tt.said, tt.want, tt.not)
		})
	}
	for _, said := range []string{
		"for this test 3 s is too short, make it 10 s",   // for a while
		"is 3 s too short, should we make it 10 s?",      // a question
		"make it 750ms, the old Pi 3s choke at 500",      // both after the cue
		"the build takes 3 min instead of 3 minutes now", // the same span
	} {
		if cs := measurePair(said, source{}); len(cs) != 0 {
			t.Errorf("measurePair(%q) = %+v", said, cs)
		}
	}
	line := "Audio runs at 48 kHz with a block size of 48."
	if namedMention(line, "48", []string{"block", "size"}) != strings.LastIndex(line, "48") || namedMention(line, "48", []string{"sample"}) != -2 || namedMention("Block size 48.", "48", []string{"block"}) != -1 {
		t.Error("namedMention")
	}
	if nameBefore("bump the chart to 1.1.1", "1.1.1") != "" || nameBefore("karpenter 1.1.1 time.", "1.1.1") != "karpenter" {
		t.Error("nameBefore: a link word names no program")
	}
	if !numberedSibling("/opt/llvm-18", "/opt/llvm-19") || numberedSibling("/opt/llvm-18", "/srv/llvm-19") || numberedSibling("llvm-18", "llvm-19") {
		t.Error("numberedSibling")
	}
}
