package offline

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// memKnown is a known holding lines read from MEMORY.md.
func memKnown(lines ...string) *known {
	k := &known{from: map[string]string{}, removed: map[string]bool{}}
	for _, l := range lines {
		k.lines = append(k.lines, l)
		k.from[l] = "MEMORY.md"
	}
	return k
}

// TestValueGuardChanges: a candidate that tells a change and names only
// the new value changes the one memory line holding one value of the same
// shape (a port sharing a key term, a tool of one family); two values,
// two lines, no word of change, a plan, a year or a count leave memory
// alone.
func TestValueGuardChanges(t *testing.T) {
	for _, tt := range []struct {
		mem  []string
		line string
		want string // "old>new", or ""
	}{
		{[]string{"- Migrations run with sqitch; target dev is db:pg://localhost:5433/metrics."}, "I moved the dev database to 5434.", "5433>5434"},
		{[]string{"- The staging broker is mqtt.lan:8883.", "- Deploys happen on Fridays."}, "We moved the staging broker to 8884 last week.", "8883>8884"},
		{[]string{"- Local preview server: http://localhost:3000/app"}, "The preview server is on port 3100 now.", "3000>3100"},
		{[]string{"- Python deps are installed with poetry."}, "We switched to uv last month.", "poetry>uv"},
		{[]string{"- Use yarn for the frontend packages."}, "We migrated the frontend to pnpm.", "yarn>pnpm"},
		// Memory says it already (a second run): the candidate goes.
		{[]string{"- Migrations run with sqitch; target dev is db:pg://localhost:5434/metrics."}, "I moved the dev database to 5434.", "held"},
		// Negatives.
		{[]string{"- The api is on localhost:8080 and the admin ui on localhost:9090."}, "I moved the api to 8081.", ""},
		{[]string{"- The api listens on port 8080.", "- The api worker metrics listen on port 9100."}, "I moved the api to 8081.", ""},
		{[]string{"- The dev database listens on port 5432."}, "We moved the dev database to 2024 hardware.", ""},
		{[]string{"- The dev database listens on port 5432."}, "We moved 350 rows to the dev database.", ""},
		// An amount said after "to" is no port.
		{[]string{"- The api listens on port 8080."}, "We bumped the api workers to 4.", ""},
		{[]string{"- The api listens on port 8080."}, "We raised the api timeout to 120 seconds.", ""},
		{[]string{"- The api listens on port 8080."}, "We changed the api batch size to 500 rows.", ""},
		{[]string{"- The print server listens on port 8631."}, "We moved the print server to 6310 yesterday.", "8631>6310"},
		{[]string{"- The dev database listens on port 5432."}, "The dev database is on 5434 for this test.", ""},
		{[]string{"- The dev database listens on port 5432."}, "We might move the dev database to 5434 next month.", ""},
		{[]string{"- Package manager is pnpm."}, "We switched to pnpm, and CI runs pnpm install with the frozen lockfile from now on.", ""},
		{[]string{"- Kiln controller firmware listens on port 7000."}, "I moved the dev database to 5434.", ""},
		{[]string{"- Use pnpm, never npm."}, "We switched to yarn.", ""},
		{[]string{"- Package manager is npm."}, "We moved from npm to pnpm.", ""},
	} {
		k := memKnown(tt.mem...)
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{{quote: tt.line}}}
		var got []string
		chs, held := valueGuardChanges([]candidate{c}, nil, k)
		for _, ch := range chs {
			got = append(got, ch.old+">"+ch.new)
		}
		if held[tt.line] {
			got = append(got, "held")
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("valueGuardChanges(%q, %q) = %v, want %q", tt.mem, tt.line, got, tt.want)
		}
	}
}

// TestRanToolChanges: a memory line naming the one tool of its family
// ("package manager is npm") changes when the newest sessions run only
// another one of the family, in two sessions or more, and never the old
// one after; a line naming two tools, a line naming the tool as no slot,
// a single session or an old tool run again leave it. A device file a
// line names changes the same way, from the devices commands are given;
// a pattern of devices is none.
func TestRanToolChanges(t *testing.T) {
	isNew := func(int) bool { return true }
	for _, tt := range []struct {
		mem      []string
		sessions [][]string
		want     string
	}{
		{[]string{"- package manager is npm"}, [][]string{{"npm run lint", "npm test"}, {"pnpm install", "pnpm lint"}, {"pnpm test"}}, "npm>pnpm"},
		{[]string{"- Dependencies are installed with pip into the venv."}, [][]string{{"uv sync", "uv run pytest"}, {"uv run ruff check ."}}, "pip>uv"},
		// A board that shows up under another device file.
		{[]string{"- The board enumerates as /dev/ttyACM0."}, [][]string{{"pio run -t upload --upload-port /dev/ttyUSB0"}, {"pio device monitor -p /dev/ttyUSB0"}}, "/dev/ttyACM0>/dev/ttyUSB0"},
		// Negatives.
		{[]string{"- Serial ports are /dev/ttyACM*."}, [][]string{{"mpremote connect /dev/ttyACM0 ls"}, {"mpremote connect /dev/ttyACM0 reset"}}, ""},
		{[]string{"- The board enumerates as /dev/ttyACM0."}, [][]string{{"pio device monitor -p /dev/ttyUSB0"}, {"pio device monitor -p /dev/ttyACM0"}}, ""},
		{[]string{"- Use pnpm, never npm."}, [][]string{{"yarn install"}, {"yarn test"}}, ""},
		{[]string{"- The library is published to npm."}, [][]string{{"pnpm install"}, {"pnpm test"}}, ""},
		{[]string{"- package manager is npm"}, [][]string{{"pnpm install", "pnpm test"}}, ""},
		{[]string{"- package manager is npm"}, [][]string{{"pnpm install"}, {"pnpm test"}, {"npm test"}}, ""},
		{[]string{"- package manager is npm"}, [][]string{{"pnpm install"}, {"npm test", "pnpm test"}}, ""},
		{[]string{"- package manager is pnpm"}, [][]string{{"pnpm install"}, {"pnpm test"}}, ""},
	} {
		var ms []mined
		for i, cmds := range tt.sessions {
			ms = append(ms, sessionOf(i, cmds...))
		}
		var got []string
		for _, ch := range ranToolChanges(ms, nil, memKnown(tt.mem...), isNew) {
			got = append(got, ch.old+">"+ch.new)
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("ranToolChanges(%q, %q) = %v, want %q", tt.mem, tt.sessions, got, tt.want)
		}
	}
}

// TestTypedValues: values are read by kind (a port also after a port
// flag, a host of a URL or a bare host with a domain, a cloud zone, a
// dotted version with the product before it); a directory flag, a file
// name and localhost are none.
func TestTypedValues(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"Redis-cli -p 6380 works, use that.", "port:6380"},
		{"The dashboards URL is https://metrics.example.org.", "host:metrics.example.org"},
		{"Staging is deployed at stg.acme.cloud.", "host:stg.acme.cloud"},
		{"Serve the docs with --port=4100.", "port:4100"},
		{"We're in eu-west-1 now for everything.", "zone:eu-west-1"},
		{"The bucket lives in europe-west4.", "zone:europe-west4"},
		{"Python version is 3.10.", "version:3.10@python"},
		{"bumped to 3.12, assume 3.12 features", "version:3.12@,version:3.12@assume"},
		{"Base image is python:3.12-slim.", "version:3.12@python"},
		{"We're on go 1.23 now.", "version:1.23@go"},
		// an SDK is the product's, an apostrophe no part of its name
		{"Ren'Py SDK 8.1.3 for the build.", "version:8.1.3@renpy-sdk"},
		// a server's version is the product's named before it
		{"CARLA server 0.9.14 runs in Docker.", "version:0.9.14@carla"},
		// a user before the host is no part of it
		{"Broker at amqp://orderdesk@mq.internal:5672/orderdesk.", "host:mq.internal"},
		// an address is a value of its own beside a host's name
		{"Primary is ns1.corp.example (10.20.0.53); secondaries pull.", "host:ns1.corp.example,ip:10.20.0.53"},
		// a number in a unit a setting is written in, a span of time in
		// its own kind
		{"Clips are 1080x1920 vertical at 30 fps.", "unit:fps:30"},
		{"The recap is 25fps and 15 s long.", "unit:fps:25,duration:15 s"},
		// a constraint's operator is no product
		{"The gemspec says required_ruby_version >= 3.1.", "version:3.1@required_ruby_version"},
		// A variable's value is its own kind, and what it is besides.
		{"Build with MIX_TARGET=rpi4.", "assign:MIX_TARGET:MIX_TARGET=rpi4"},
		{"Point it at DB_HOST=db.gis.internal.", "assign:DB_HOST:DB_HOST=db.gis.internal,host:db.gis.internal"},
		{"Run it with PATH=$HOME/bin:$PATH.", ""},
		{"Configure with -DLLVM_DIR=/usr/lib/llvm-18/lib/cmake/llvm.", "assign:LLVM_DIR:LLVM_DIR=/usr/lib/llvm-18/lib/cmake/llvm,path:/usr/lib/llvm-18/lib/cmake/llvm"},
		// Negatives.
		{"Run mkdir -p build first.", ""},
		{"Edit config.yaml, not settings.json.", ""},
		{"The API runs on localhost:8080.", "port:8080"},
		{"Keep PRs under 400 lines.", ""},
		{"Database migrations live in migrations/.", "path:migrations"},
		{"Migrations moved to db/schema/migrations.", "path:db/schema/migrations"},
		{"Screenshots go to ./media/Screens now.", "path:media/screens"},
		{"Use and/or sparingly, i/o is fine.", ""},
		{"Split the traffic 50/50.", ""},
		// a clause ending right before a version names no product
		{"Good, 2.15 it is.", "version:2.15@"},
		{"The site uses mkdocs-material, pinned to 9.4.14.", "version:9.4.14@mkdocs-material"},
		// a dotted name with a camel-case part is code, no host
		{"Every string goes through browser.i18n.getMessage now.", ""},
	} {
		var got []string
		for _, v := range typedValues(tt.line) {
			s := v.kind + ":" + v.value
			if v.kind == "version" {
				s += "@" + v.of
			}
			got = append(got, s)
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("typedValues(%q) = %v, want %q", tt.line, got, tt.want)
		}
	}
}

// TestSameProduct: a setting named after a product sets that product's
// version; a name that only begins alike is another product.
func TestSameProduct(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"ruby", "ruby", true},
		{"ruby", "required_ruby_version", true},
		{"node-version", "node", true},
		{"ruby", "rubocop", false},
		{"ruby", "runs", false},
	} {
		if got := sameProduct(tt.a, tt.b); got != tt.want {
			t.Errorf("sameProduct(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestClashes: a proposed line giving a different value of a kind a memory
// line holds for the same thing replaces that line, whatever rule proposed
// it and however the setting is named; a value of another thing (another
// service's port, another product's version), a value memory holds
// already, or two lines that could be the one leave memory alone.
func TestClashes(t *testing.T) {
	for _, tt := range []struct {
		mem  []string
		line string
		msg  string // the whole message the line came from ("": the line)
		want string // the memory line replaced, or ""
	}{
		{[]string{"- Redis runs on port 6379.", "- Keys are namespaced."}, "Redis-cli -p 6380 works, use that.", "redis-cli -p 6380 works, use that from now on", "- Redis runs on port 6379."},
		{[]string{"- Grafana dashboards are at http://grafana.local:3000."}, "The dashboards URL is https://metrics.example.org.", "from now on, the dashboards URL is https://metrics.example.org", "- Grafana dashboards are at http://grafana.local:3000."},
		{[]string{"- Deploy to AWS region us-east-1."}, "We're in eu-west-1 now for everything.", "", "- Deploy to AWS region us-east-1."},
		{[]string{"- Python version is 3.10.", "- Notebooks go in notebooks/."}, "Assume 3.12 features are fine.", "bumped to 3.12, from now on assume 3.12 features are fine", "- Python version is 3.10."},
		{[]string{"- The kiln controller speaks MQTT on kiln.shop.lan:1883."}, "The kiln controller broker moved to broker.shop.lan:1883.", "", "- The kiln controller speaks MQTT on kiln.shop.lan:1883."},
		{[]string{"- Ren'Py SDK 8.1.3, unpacked at ~/renpy-8.1.3-sdk."}, "I upgraded renpy to 8.3.4.", "", "- Ren'Py SDK 8.1.3, unpacked at ~/renpy-8.1.3-sdk."},
		// A version said bare, told: the one of its series memory holds.
		{[]string{"- Simulated with OpenModelica omc 1.22.", "- Depends on the Modelica Standard Library 4.0.0."}, "We're on 1.24, and the scripts must keep working with it.", "omc got upgraded, so we're on 1.24 now", "- Simulated with OpenModelica omc 1.22."},
		// A version the message gives the product of, whatever the
		// line wrote it after.
		{[]string{"- CARLA server 0.9.14 runs in Docker on bigrig.", "- Client venv is Python 3.8."}, "I upgraded the container on bigrig to 0.9.15 and the wheel too.", "carla 0.9.15 is out. i upgraded the container on bigrig to 0.9.15 and the wheel too.", "- CARLA server 0.9.14 runs in Docker on bigrig."},
		// An address told changed: the one memory holds.
		{[]string{"- Primary is ns1.corp.example (10.20.0.53); secondaries pull via AXFR.", "- Zones live in zones/."}, "Ns1 is 10.20.4.53 now, old .0.53 is gone.", "", "- Primary is ns1.corp.example (10.20.0.53); secondaries pull via AXFR."},
		// Negatives.
		{[]string{"- Simulated with omc 1.22.", "- Uses the Buildings library 1.28."}, "We're on 1.24 now.", "", ""},
		{[]string{"- Primary is at 10.20.0.53.", "- Backups go to 10.20.9.9."}, "The monitor is 10.20.4.53 now.", "", ""},
		{[]string{"- Postgres listens on port 5432."}, "The api is on 8000 now, curl it there.", "", ""},
		{[]string{"- Redis runs on port 6379."}, "The redis exporter listens on 9121.", "remember that the redis exporter listens on 9121", ""},
		{[]string{"- Python version is 3.12.", "- Use Django 4.2."}, "Use Django 5.0 now.", "", "- Use Django 4.2."},
		{[]string{"- Python version is 3.10."}, "We bumped the schema format to 2.1 now.", "", ""},
		{[]string{"- Python version is 3.10."}, "Use Django 5.0 with python now.", "", ""},
		{[]string{"- Python version is 3.10.", "- Django is 3.2."}, "Assume 3.12 features are fine.", "bumped to 3.12, from now on assume 3.12 features are fine", ""},
		{[]string{"- Deploy to AWS region us-east-1.", "- Backups are copied to us-west-2."}, "Logs ship to eu-west-1 now.", "", ""},
		{[]string{"- Staging is deployed at staging.acme.internal."}, "Prod.acme.internal is production, never touch it.", "", ""},
		{[]string{"- Postgres listens on port 5432.", "- Redis runs on port 6379."}, "Postgres is still on 5432.", "", ""},
		// A folder moved: told, and sharing a word naming the thing.
		{[]string{"- Database migrations live in migrations/.", "- Amounts are Decimal."}, "Migrations moved to db/schema/migrations.", "heads up: migrations moved to db/schema/migrations, remember that", "- Database migrations live in migrations/."},
		{[]string{"- Screenshots are saved under assets/shots/."}, "Screenshots go to media/screens now.", "", "- Screenshots are saved under assets/shots/."},
		// A folder inside the old one is a part of it; a folder set
		// "going forward" is a rule, not a move.
		{[]string{"- Models are SQL files under models/, one model per file."}, "All staging models live in models/staging now.", "", ""},
		{[]string{"- Feature branches start with feat/."}, "Hotfix branches start with fix/.", "hotfix branches start with fix/ going forward", ""},
		// A second folder said plainly is another folder.
		{[]string{"- Unit tests live in tests/unit."}, "Integration tests live in tests/integration.", "integration tests live in tests/integration, remember that", ""},
		// Two things of one kind said plainly (apart): both stand.
		{[]string{"- Grafana runs on port 3000."}, "The frontend dev server runs on port 3001.", "remember that the frontend dev server runs on port 3001", ""},
		{[]string{"- The API runs on Python 3.11."}, "The ML notebooks use Python 3.12.", "the ML notebooks use Python 3.12, remember that", ""},
		{[]string{"- The prod db listens on port 5432."}, "The staging db is on port 6543.", "the staging db is on port 6543, remember that", ""},
		{[]string{"- The Android app targets Kotlin 1.9."}, "The build scripts use Kotlin 2.0.", "", ""},
		// Told as a change, the same product's version is the line's.
		{[]string{"- The API runs on Python 3.11."}, "We moved the API to Python 3.12.", "", "- The API runs on Python 3.11."},
		// Another of a series, the lines sharing a name beside it.
		{[]string{"- Deploy target is the sandbox account 4471203_SB1.", "- Auth id acme-sb."}, "Sandbox was refreshed and the new one is 4471203_SB2.", "", "- Deploy target is the sandbox account 4471203_SB1."},
		{[]string{"- The sink is the ClickHouse table events.raw_events through the sql_insert output."}, "We migrated clickhouse to the new table events.raw_events_v2.", "", "- The sink is the ClickHouse table events.raw_events through the sql_insert output."},
		// Nothing shared but the series, the old one said to stay, or
		// the one value written another way: memory stays.
		{[]string{"- Backups are pulled from vault-03 at night."}, "We moved the log shipper to vault-07 last week.", "", ""},
		{[]string{"- Backups are pulled from vault-03 at night."}, "We moved the log shipper to vault-07, vault-03 still pulls the backups.", "", ""},
		{[]string{"- Cart is game.p8, made with PICO-8 0.2.5g."}, "The cart is made with pico8 now.", "", ""},
	} {
		k := memKnown(tt.mem...)
		msg := tt.msg
		if msg == "" {
			msg = tt.line
		}
		said := []source{{session: 0, msgID: "m1", quote: msg}}
		c := candidate{kind: KindInstruction, line: tt.line, srcs: said}
		got, _ := k.clashes(c, said, map[string]bool{})
		if got != tt.want {
			t.Errorf("clashes(%q, %q) = %q, want %q", tt.mem, tt.line, got, tt.want)
		}
	}
}

// TestGaveUp: a line from a message that gives up a name one memory line
// holds, sharing another word with that line or saying the name is gone,
// replaces it; a name the line still holds, a name two lines hold or no
// word in common leave memory alone.
func TestGaveUp(t *testing.T) {
	for _, tt := range []struct {
		mem       []string
		line, msg string
		want      string
	}{
		{[]string{"- Lint with flake8 before committing.", "- DAGs live in dags/."}, "Run ruff check before committing.", "we dropped flake8 for ruff. from now on run ruff check before committing", "- Lint with flake8 before committing."},
		{[]string{"- Flash the board with openocd before testing."}, "Flash with probe-rs before testing.", "ditched openocd, it's probe-rs now. from now on flash with probe-rs before testing", "- Flash the board with openocd before testing."},
		// The line may keep the words that give the old tool up.
		{[]string{"- Build with Maven (`mvn package`).", "- Public API classes are final."}, "We dropped maven for gradle, build with ./gradlew build.", "we dropped maven for gradle, build with ./gradlew build from now on", "- Build with Maven (`mvn package`)."},
		{[]string{"- Bundle with webpack before a release."}, "Ditched webpack for esbuild, bundle with esbuild before a release.", "ditched webpack for esbuild, bundle with esbuild before a release", "- Bundle with webpack before a release."},
		// A line that says the name is gone is about it, in whatever
		// other words; a name given up in a sentence of a message that
		// also plans; a command's words.
		{[]string{"- Playback uses Rodio in src/audio.rs."}, "Rodio is gone, the note is stale. Everything streams via kira so crossfades work.", "No. Rodio is gone, the note is stale. Everything streams via kira so crossfades work.", "- Playback uses Rodio in src/audio.rs."},
		{[]string{"- Per-minute counters are kept in Redis."}, "The per-minute counters go in Cassandra.", "I think the map grows too much. We don't use Redis anymore for the counters, from now on the per-minute counters go in Cassandra. Redis will be shut down next week.", "- Per-minute counters are kept in Redis."},
		{[]string{"- Deployed with `ask deploy` (ASK CLI v2)."}, "The README must say `npx cdk deploy Stack`.", "That's outdated. The ASK CLI deploy is gone for us; the README must say `npx cdk deploy Stack`.", "- Deployed with `ask deploy` (ASK CLI v2)."},
		// Negatives.
		{[]string{"- Lint with flake8 before committing."}, "Run flake8 and mypy before committing.", "flake8 config is gone, from now on run flake8 and mypy before committing", ""},
		{[]string{"- Use logrus for logging.", "- Lint with golangci-lint before committing."}, "Run go test -race before committing.", "we dropped the old metrics sidecar. from now on run go test -race before committing", ""},
		{[]string{"- Lint with flake8 before committing.", "- CI runs flake8 on every push."}, "Run ruff check before committing.", "we dropped flake8 for ruff. from now on run ruff check before committing", ""},
		{[]string{"- Charts are drawn with d3."}, "Run ruff check before committing.", "we dropped d3 last year. run ruff check before committing", ""},
	} {
		k := memKnown(tt.mem...)
		said := []source{{session: 0, msgID: "m1", quote: tt.msg}}
		c := candidate{kind: KindInstruction, line: tt.line, srcs: said}
		got, _ := k.gaveUp(c, said, map[string]bool{})
		if got != tt.want {
			t.Errorf("gaveUp(%q, %q) = %q, want %q", tt.mem, tt.line, got, tt.want)
		}
	}
}

// TestApart: two lines holding a value of one kind are about two things
// when each names a thing the other does not and they share only setting
// words; a shared name, or a line naming nothing of its own, ties them.
func TestApart(t *testing.T) {
	for _, tt := range []struct {
		newer, older string
		want         bool
	}{
		{"The frontend dev server runs on port 3001.", "Grafana runs on port 3000.", true},
		{"The ML notebooks use Python 3.12.", "The API runs on Python 3.11.", true},
		{"Staging db is on port 6543, connect there.", "The prod db listens on port 5432.", true},
		{"Nightly exports land in the archive bucket eu-archive-2.", "Uploads go to the media bucket us-media-1.", true},
		{"Payments service listens on port 7002, curl that one.", "Orders service listens on port 7001, curl it.", true},
		// Negatives: one thing.
		{"Redis-cli -p 6380 works, use that.", "Redis runs on port 6379.", false},
		{"Kafka broker: localhost:29092.", "Kafka broker: localhost:9092.", false},
		{"The grafana admin UI is on port 3001.", "Grafana runs on port 3000.", false},
	} {
		if got := apart(tt.newer, tt.older); got != tt.want {
			t.Errorf("apart(%q, %q) = %v, want %v", tt.newer, tt.older, got, tt.want)
		}
	}
}

// TestSplitUse: a sentence naming two tools of a family with no change
// told gives each its own part; one that tells a change or rules the old
// one out does not.
func TestSplitUse(t *testing.T) {
	isNew := func(int) bool { return true }
	for _, tt := range []struct {
		quote     string
		old, tool string
		want      bool
	}{
		{"remember: npm for the docs site, pnpm for the app.", "npm", "pnpm", true},
		{"poetry for the library, uv for the scripts folder", "poetry", "uv", true},
		// Negatives.
		{"we switched from npm to pnpm", "npm", "pnpm", false},
		{"pnpm only, never npm", "npm", "pnpm", false},
		{"use pnpm for everything", "npm", "pnpm", false},
	} {
		said := []source{{session: 0, msgID: "m1", quote: tt.quote}}
		if got := splitUse(said, isNew, tt.old, tt.tool); got != tt.want {
			t.Errorf("splitUse(%q, %s, %s) = %v, want %v", tt.quote, tt.old, tt.tool, got, tt.want)
		}
	}
}

// TestQuotedRuledOut: the clause of a candidate's sentence that rules a
// tool out counts when the line left it off; a line read whole adds
// nothing of its own.
func TestQuotedRuledOut(t *testing.T) {
	for _, tt := range []struct{ line, quote, want string }{
		{"We switched to pnpm.", "we switched to pnpm, never use npm here anymore", "npm"},
		{"We moved off poetry to uv.", "we moved off poetry to uv, dont use poetry anymore", "poetry"},
		{"Gradle builds the app.", "gradle builds the app; never run mvn.", "mvn"},
		// Negatives.
		{"Run pulumi preview before asking.", "please don't run pulumi up yourself, run pulumi preview before asking", ""},
		{"Use pnpm.", "Use pnpm.", ""},
	} {
		c := candidate{kind: KindInstruction, line: tt.line, srcs: []source{{quote: tt.quote}}}
		if got := strings.Join(quotedRuledOut(c), ","); got != tt.want {
			t.Errorf("quotedRuledOut(%q, %q) = %q, want %q", tt.line, tt.quote, got, tt.want)
		}
	}
}

// TestWithoutStale: of two proposed lines giving one thing two values,
// the older goes when the newer tells the change in the clause that says
// it; a second thing of the kind, or a change told of something else,
// leaves both.
func TestWithoutStale(t *testing.T) {
	for _, tt := range []struct {
		older, newer string
		want         int // lines left
	}{
		{"The staging db is on port 5544.", "Staging db moved to port 5600.", 1},
		{"Screenshots are saved under assets/shots/.", "Screenshots moved to media/screens/ now.", 1},
		{"The grafana dashboards are at https://grafana.old.example.com.", "Grafana dashboards moved to https://dash.example.com.", 1},
		// Negatives.
		{"The orders service listens on port 7001.", "The payments service moved to port 7002.", 2},
		{"Board-specific devicetree overlays go in app/boards/, one per board.", "Board target is nrf5340dk/nrf5340/cpuapp, and we've upgraded to Zephyr 3.7.", 2},
		{"The staging db is on port 5544.", "The staging db is on port 5600 from now on.", 2},
	} {
		day := func(d int) source {
			return source{session: d, msgID: fmt.Sprint("m", d), at: time.Date(2026, 7, d, 0, 0, 0, 0, time.UTC)}
		}
		a := candidate{kind: KindInstruction, line: tt.older, srcs: []source{day(1)}}
		b := candidate{kind: KindInstruction, line: tt.newer, srcs: []source{day(5)}}
		got := withoutStale([]candidate{a, b}, nil, memKnown("- Logs are JSON."), map[string]bool{})
		if len(got) != tt.want || tt.want == 1 && got[0].line != tt.newer {
			t.Errorf("withoutStale(%q, %q) = %d lines, want %d", tt.older, tt.newer, len(got), tt.want)
		}
	}
}

// TestValueEdit: a memory line that says more than its value keeps what
// it says when a proposed line gives the value anew (a floor "9.0+"
// included); a line saying no more, or two values that could be the one,
// give no edit.
func TestValueEdit(t *testing.T) {
	for _, tc := range []struct{ old, line, want string }{
		{"- Vim 9.0+ only (vim9script), no Neovim support.", "Bumped the minimum to vim 9.1 bc i want the tuple type.", "Vim 9.1+ only (vim9script), no Neovim support."},
		{"- The API listens on port 8080 behind the nginx proxy, TLS ends there.", "The API moved to port 8443 now.", "The API listens on port 8443 behind the nginx proxy, TLS ends there."},
		{"- Redis on port 6379.", "Redis moved to port 6380 now.", ""},
		{"- Ports 8080 and 9090 serve the api and the admin ui.", "The api is on 8181 now.", ""},
		{"", "The api is on 8181 now.", ""},
		{"- Database migrations live in migrations/.", "Migrations moved to db/schema/migrations, remember that.", ""},
		// a series' new one, written as the sentence writes it
		{"- Deploy target is the sandbox account 4471203_SB1.", "The new one is 4471203_SB2.", "Deploy target is the sandbox account 4471203_SB2."},
	} {
		if got := valueEdit(tc.old, tc.line); got != tc.want {
			t.Errorf("valueEdit(%q, %q) = %q, want %q", tc.old, tc.line, got, tc.want)
		}
	}
}

// TestWithoutRetiredNews: a new line naming a value only the memory lines
// an edit replaces hold goes, on the run that makes the edit and on a later
// one that finds it pending; a line naming a value memory still holds
// elsewhere, or an edit itself, stays.
func TestWithoutRetiredNews(t *testing.T) {
	old := "- Droplets and the Postgres cluster live in region fra1."
	cands := []candidate{
		{kind: KindInstruction, line: "The old fra1 resources stay until the cut-over weekend and are then removed."},
		{kind: KindInstruction, line: "Droplet sizes stay at s-2vcpu-4gb at most."},
		{kind: KindInstruction, line: "Droplets and the Postgres cluster live in region ams3.", replaces: old},
	}
	lines := func(cs []candidate) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.line)
		}
		return strings.Join(out, " | ")
	}
	want := lines(cands[1:])
	k := memKnown(old, "- The fra1 VPN gateway is the only way into the old VPC.")
	if got := lines(withoutRetiredNews(slices.Clone(cands), k, map[string]bool{old: true})); got != lines(cands) {
		t.Errorf("a value another memory line still holds: kept %q", got)
	}
	k = memKnown(old)
	if got := lines(withoutRetiredNews(slices.Clone(cands), k, map[string]bool{old: true})); got != want {
		t.Errorf("this run's edit: kept %q, want %q", got, want)
	}
	k.removed[old] = true
	if got := lines(withoutRetiredNews(slices.Clone(cands), k, map[string]bool{})); got != want {
		t.Errorf("a pending edit: kept %q, want %q", got, want)
	}
	// A part of a joined name memory held is the value too ("SB1" of
	// "4471203_SB1").
	acct := "- Deploy target is the sandbox account 4471203_SB1."
	told := []candidate{
		{kind: KindInstruction, line: "Deploys go there; SB1 is being decommissioned."},
		{kind: KindInstruction, line: "Deploy target is the sandbox account 4471203_SB2.", replaces: acct},
	}
	if got := lines(withoutRetiredNews(slices.Clone(told), memKnown(acct), map[string]bool{acct: true})); got != lines(told[1:]) {
		t.Errorf("a part of the old name: kept %q", got)
	}
	// A name the edit keeps is no value given up.
	was := "- Proxmox host pve1 is at 192.168.1.10."
	kept := []candidate{
		{kind: KindInstruction, line: "All new containers go on dock1, not as lxc on pve1."},
		{kind: KindInstruction, line: "Proxmox host pve1 is at 10.10.0.10.", replaces: was},
	}
	if got := lines(withoutRetiredNews(slices.Clone(kept), memKnown(was), map[string]bool{was: true})); got != lines(kept) {
		t.Errorf("a name the edit keeps: kept %q", got)
	}
}

// TestNegated: a rule that rules out by name what one memory line holds
// (in another form of the word, or a name written as code) turns that
// line around; a rule about a place or a way, about what a thing lacks,
// about the line's own subject, or about something the line does not
// share, leaves memory alone.
func TestNegated(t *testing.T) {
	for _, tt := range []struct {
		mem  []string
		line string
		want string
	}{
		{[]string{"- After a failed upload, retry immediately.", "- Uploads go to the media bucket."}, "No immediate retries after a failed upload, wait 5 s first.", "- After a failed upload, retry immediately."},
		{[]string{"- Timestamps in file names are zero-padded."}, "We no longer zero-pad, file names carry the epoch seconds.", "- Timestamps in file names are zero-padded."},
		{[]string{"- Sessions are kept in a MemoryStore."}, "No MemoryStore. Sessions go to Redis now.", "- Sessions are kept in a MemoryStore."},
		{[]string{"- Thumbnails are cached locally under cache/."}, "Thumbnails go to S3 like the originals, not local disk.", "- Thumbnails are cached locally under cache/."},
		// Negatives.
		{[]string{"- I prefer answers without emojis."}, "No emojis in your answers.", ""},
		{[]string{"- Tests run inside the dev container."}, "Never run tests in the release container.", ""},
		{[]string{"- All services share one Postgres 15 database."}, "The db stays on pg01, the compose file has no postgres.", ""},
		{[]string{"- Workers scale on queue length."}, "Payments gets a floor of two replicas, no idle scaling to zero.", ""},
		{[]string{"- Components live in src/lib, one folder per component."}, "No component imports from another component's folder in src/lib.", ""},
		{[]string{"- Builds run inside the dev container."}, "Tests run on the host, not inside the dev container.", ""},
		{[]string{"- Deploys are cached locally.", "- Builds are cached locally."}, "Not local disk for caches, use the bucket.", ""},
		{[]string{"- Charts are drawn with d3 locally."}, "Not local disk for uploads, use the bucket.", ""},
		// a word that makes another of the stem is no form of it
		{[]string{"- rampa: web map of wheelchair access at rail stations."}, "Mark the Recto transfer on the map not accessible.", ""},
		{[]string{"- Experiments are named churn-<quarter>, e.g. churn-2025q4."}, "The experiment label is churned_90d, not churned.", ""},
		// A name ruled out that the line uses as its means.
		{[]string{"- HTTP calls use the requests library.", "- Tests use pytest."}, "Not requests again. It has to be the httpx async client.", "- HTTP calls use the requests library."},
		{[]string{"- Requests are logged as JSON."}, "Not requests for the admin page, it has to be lazy.", ""},
		{[]string{"- List endpoints paginate with offset/limit params."}, "No offset pagination on anything new, cursor only.", "- List endpoints paginate with offset/limit params."},
		// A dotted name ruled out whole.
		{[]string{"- Debug output goes through log.Printf with a [splitview] prefix.", "- Zones live in zones/."}, "No fmt.Printf, no log.Printf, the plugin logger only.", "- Debug output goes through log.Printf with a [splitview] prefix."},
		{[]string{"- Debug output goes through log.Printf with a [splitview] prefix."}, "No log files in the repo.", ""},
		// A folder ruled out as the place, where the line puts things in it.
		{[]string{"- UI tweaks are made directly in templates/.", "- Dev instance keeps app.ini in custom/conf/."}, "Not in templates/. Copy the file to custom/templates/ and change the copy.", "- UI tweaks are made directly in templates/."},
		{[]string{"- Upstream templates/ is synced nightly."}, "Not in templates/. Copy the file to custom/templates/ and change the copy.", ""},
	} {
		k := memKnown(tt.mem...)
		c := candidate{kind: KindInstruction, line: tt.line}
		if got, _ := k.negated(c, map[string]bool{}); got != tt.want {
			t.Errorf("negated(%q, %q) = %q, want %q", tt.mem, tt.line, got, tt.want)
		}
	}
	// The ruling may be another session's sentence merged into the line.
	k := memKnown("- List endpoints paginate with offset/limit params (`page`, `per_page`).", "- Specs use rspec.")
	c := candidate{kind: KindCorrection, line: "Offset paging dies there. Cursor: order by id, return next_cursor; page/per_page is legacy.",
		srcs: []source{{quote: "Offset paging dies there. Cursor: order by id, return next_cursor; page/per_page is legacy."}, {session: 1, quote: "no offset pagination on list endpoints anymore."}}}
	if got, _ := k.negated(c, map[string]bool{}); got != k.lines[0] {
		t.Errorf("negated(merged ruling) = %q, want %q", got, k.lines[0])
	}
}

// TestStaleNamed: a rule said in a message that calls memory behind sets
// right the one line it shares the most terms with, two at least; a
// message that does not call memory behind, or two lines sharing as much,
// leave memory alone.
func TestStaleNamed(t *testing.T) {
	mem := []string{"- Request logging is off in production (too noisy).", "- Logs go to stdout as JSON.", "- Deploys run from CI only."}
	for _, tt := range []struct {
		mem       []string
		line, msg string
		want      string
	}{
		{mem, "Every production service must have request_logging enabled with sampling 0.1.", "The memory file is outdated on this. From now on every production service must have request_logging enabled with sampling 0.1.", "- Request logging is off in production (too noisy)."},
		{mem, "Every production service must have request_logging enabled with sampling 0.1.", "From now on every production service must have request_logging enabled with sampling 0.1.", ""},
		{mem, "Deploys go through the release job.", "Memory is wrong there. Deploys go through the release job.", ""},
		{[]string{"- Request logging is off in staging.", "- Request logging is off in production."}, "Request logging is on everywhere.", "That memory note is old: request logging is on everywhere.", ""},
		// The clause calling memory behind names the line the rule,
		// said in other words, sets right.
		{[]string{"- Player movement uses a fixed step of 2.0 px per frame.", "- Levels are Tiled maps in levels/."}, "Dash has to use delta time too, x += dash_speed * get_frame_time().", "nah that fixed step thing in the memory is old and wrong, multiply speed by get_frame_time()", "- Player movement uses a fixed step of 2.0 px per frame."},
		// Only that clause: the message's other clauses name other lines.
		{[]string{"- Data prep scripts are in R under prep/, model fitting in Python.", "- Models are fitted with CmdStan 2.33."}, "Every fit uses seed=4711, put it in fit.py as the default.", "CmdStan is at 2.35 now, the memory file still says the old one, so from now on every fit uses seed=4711 in the model fitting", ""},
		// A rule memory holds already sets right no other line.
		{[]string{"- Every production service must have request_logging enabled with sampling 0.1.", "- Production services log request ids."}, "Every production service must have request_logging enabled with sampling 0.1.", "The memory file is outdated on this. Every production service must have request_logging enabled with sampling 0.1.", ""},
	} {
		k := memKnown(tt.mem...)
		said := []source{{session: 0, msgID: "m1", quote: tt.msg}}
		c := candidate{kind: KindInstruction, line: tt.line, srcs: said}
		if got, _ := k.staleNamed(c, said, map[string]bool{}); got != tt.want {
			t.Errorf("staleNamed(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestSwappedName: a rule writing one name of code where a memory line
// writes another, the words around it alike and nothing else new, is that
// line's new form, keeping the rest of the line; plain words swapped, or a
// rule that says more, leave memory alone.
func TestSwappedName(t *testing.T) {
	for _, tt := range []struct {
		mem             []string
		line, old, edit string
	}{
		{[]string{"- thermalconv is a GstBaseTransform subclass in gst/thermalconv/.", "- Builds use meson."}, "Thermalconv is a GstVideoFilter subclass.",
			"- thermalconv is a GstBaseTransform subclass in gst/thermalconv/.", "thermalconv is a GstVideoFilter subclass in gst/thermalconv/."},
		{[]string{"- Deploys go from the main branch."}, "Deploys go from the release branch.", "", ""},
		{[]string{"- thermalconv is a GstBaseTransform subclass."}, "Thermalconv is a GstVideoFilter subclass with a caps filter on gray16.", "", ""},
	} {
		k := memKnown(tt.mem...)
		old, _, edit := k.swappedName(candidate{kind: KindInstruction, line: tt.line}, map[string]bool{})
		if old != tt.old || edit != tt.edit {
			t.Errorf("swappedName(%q) = %q, %q; want %q, %q", tt.line, old, edit, tt.old, tt.edit)
		}
	}
}

// TestSoleSibling: a rule saying its one way is the only one replaces the
// line naming a sibling of that way about the same thing; no "only", a
// name of another family or another thing leave memory alone.
func TestSoleSibling(t *testing.T) {
	mem := []string{"- Notifications go to #ops-alerts via notify-slack.sh.", "- Checks run every 60s."}
	for _, tt := range []struct {
		mem        []string
		line, want string
	}{
		{mem, "Every notification uses notify-pagerduty.sh, routing key from the vars, nothing else.", mem[0]},
		{mem, "Every notification also uses notify-pagerduty.sh for the on-call rota.", ""},
		{mem, "Every notification uses pagerduty.py, nothing else.", ""},
		{[]string{"- Backups run through backup-nightly.sh."}, "Every notification uses notify-pagerduty.sh, nothing else.", ""},
		// another data format for the same output
		{[]string{"- Simulation results are written as .mat files to results/.", "- Models live in ThermoZone/."}, "The simulations should write CSV results only.", "- Simulation results are written as .mat files to results/."},
		{[]string{"- Exports are written as .mat files."}, "The config is JSON only.", ""},
	} {
		k := memKnown(tt.mem...)
		if got, _ := k.soleSibling(candidate{kind: KindInstruction, line: tt.line}, map[string]bool{}); got != tt.want {
			t.Errorf("soleSibling(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestCorrectedSibling: a correction naming a member of a dotted
// namespace replaces the one line naming another member about the same
// thing; a rule that is no correction, a correction naming the line's own
// member too, versions and a thing of another subject leave memory alone.
func TestCorrectedSibling(t *testing.T) {
	mem := []string{"- New batches are annotated from scratch with ner.manual.", "- Base model is fr_core_news_lg.", "- Requires Python 3.11."}
	for _, tt := range []struct {
		kind, line, want string
	}{
		{KindCorrection, "New batches are annotated with ner.correct, the model in the loop.", mem[0]},
		{KindInstruction, "New batches are annotated with ner.correct, the model in the loop.", ""},
		{KindCorrection, "New batches are annotated with ner.correct, ner.manual only for the gold set.", ""},
		{KindCorrection, "We require Python 3.12 for the annotation scripts.", ""},
		{KindCorrection, "The dashboard reads its totals with ner.correct.", ""},
	} {
		k := memKnown(mem...)
		if got, _ := k.correctedSibling(candidate{kind: tt.kind, line: tt.line}, map[string]bool{}); got != tt.want {
			t.Errorf("correctedSibling(%s %q) = %q, want %q", tt.kind, tt.line, got, tt.want)
		}
	}
}

// TestSeriesStem: a name joined with an underscore or a dot, or ending in
// a number, has the stem its series shares; a version, a short name and a
// number with a letter or two have none.
func TestSeriesStem(t *testing.T) {
	for w, want := range map[string]string{
		"4471203_sb1": "4471203_sb", "4471203_sb2": "4471203_sb", "events.raw_events": "events.raw_events",
		"events.raw_events_v2": "events.raw_events", "orders.v2": "orders", "booking-events-v1": "booking-events",
		"ttyusb0": "ttyusb", "isabelle2024": "isabelle", "raycluster-a100": "raycluster", "raycluster-h100": "raycluster",
		"eth0": "", "v2": "", "1080x1920": "", "3.12": "", "v1.2.3": "", "python": "", "s3://bucket": "", "$home2": "",
	} {
		if got := seriesStem(w); got != want {
			t.Errorf("seriesStem(%q) = %q, want %q", w, got, want)
		}
	}
}

// TestKeyClash: a candidate setting a key memory sets to another value
// replaces that line; the same value, another key, a key two lines set
// to other values, or the verification line are no clash.
func TestKeyClash(t *testing.T) {
	mem := []string{"- Feature DAGs use catchup=True so backfills happen automatically.", "- Builds run with `CGO_ENABLED=0`.", "- Staging uses LOG_LEVEL=debug.", "- Prod uses LOG_LEVEL=warn."}
	for _, tt := range []struct{ line, want string }{
		{"We never let Airflow fill history: catchup=False always.", mem[0]},
		{"Build with cgo_enabled=1 from now on, the sqlite driver needs it.", mem[1]},
		{"catchup=True stays, the backfills rely on it.", ""},
		{"Set max_active_runs=1 on every DAG.", ""},
		{"LOG_LEVEL=info everywhere.", ""},
	} {
		k := memKnown(mem...)
		if got, _ := k.keyClash(candidate{kind: KindCorrection, line: tt.line}, map[string]bool{}); got != tt.want {
			t.Errorf("keyClash(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestSpanOfTime: a span of time is a value of its own kind, the same
// span however its unit is written; a new one replaces the line holding
// the span of the same thing (two words of both lines name it) and leaves
// another thing's span alone.
func TestSpanOfTime(t *testing.T) {
	memoryEdit(t, "# Project Memory\n\n- ID tokens expire after 24h (expiry.idTokens).\n- Issuer is sso.acme.internal.\n",
		"u:Yes, that's exactly right, thank you — keep it that way from now on, 1h for ID tokens.",
		"- ID tokens expire after 1h", "24h")
	mem := []valuedLine{{line: "- Backups are kept for 30 days.", vals: valuesOf("- Backups are kept for 30 days.")},
		{line: "- ID tokens expire after 24h.", vals: valuesOf("- ID tokens expire after 24h.")},
		{line: "- Control loop period 250 ms; SSR drive on PB0.", vals: valuesOf("- Control loop period 250 ms; SSR drive on PB0.")}}
	for said, want := range map[string]string{
		"From now on the test suite must finish within 10 minutes.":                                 "",
		"Refresh tokens now expire after 7 days.":                                                   "",
		"ID tokens now expire after 60 minutes.":                                                    "- ID tokens expire after 24h.",
		"With a zero-cross SSR a 250 ms period is silly, so the control loop period is 500 ms now.": "- Control loop period 250 ms; SSR drive on PB0.",
	} {
		if got, _, _ := pairValues(mem, valuesOf(said), said, subjectTerms(said), true, nil, nil); got != want {
			t.Errorf("pairValues(%q) = %q, want %q", said, got, want)
		}
	}
	if !sameValue("duration", "10 minutes", "600s") || sameValue("duration", "1h", "24h") || durationValue("24h", nil) != "24h" || durationValue("10", []string{"minutes,"}) != "10 minutes" || durationValue("10", []string{"apples"}) != "" {
		t.Error("durations")
	}
}

// TestMemoryLineOverruled: a memory line gives way to the line that
// overrules it in words other rules do not read: a version given up where
// the message names the program by its installer ("juliaup"), "not
// anymore off" for a line that says the thing is off, "X is off the
// table" for a line that uses X.
func TestMemoryLineOverruled(t *testing.T) {
	for _, tt := range []struct{ name, mem, said, want, not string }{
		{"installer", "- Julia 1.10 (LTS); the Manifest.toml is committed.\n- Runs write HDF5 to runs/.",
			"u:The CI on the cluster fails since Monday because there is now only juliaup with 1.11, the 1.10 module is removed, so please update the Manifest.",
			"- Julia 1.11", "1.10"},
		{"not anymore off", "- Culling is off.\n- MFW range is 100 to 1000.",
			"u:The reviewer wants culling. So from now on we use culling at 20% in every analysis, not anymore off.",
			"- We use culling at 20% in every analysis.", "Culling is off"},
		{"off the table", "- Protein intensities are normalised with median centering before limma.\n- Scripts are in R/.",
			"u:So from now on we normalise with cyclic loess in every analysis, median normalisation is off the table.",
			"cyclic loess", "median centering"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			memoryEdit(t, "# Project Memory\n\n"+tt.mem+"\n", tt.said, tt.want, tt.not)
		})
	}
}

// TestNothingNewThere: a sentence that says a thing goes on as before
// ("nothing new there") is memory's line said again, however the two
// write the word they share ("validation", "validated").
func TestNothingNewThere(t *testing.T) {
	memoryEdit(t, "# Project Memory\n\n- Every plate is validated with the Pandera schemas in platesync/schemas.py before upload.\n- Results go to Benchling.\n",
		"u:Two runs today. Validation stays with Pandera as before, nothing new there.", "", "Pandera")
	memoryEdit(t, "# Project Memory\n\n- Postgres access goes through Quill.\n- Results go to Benchling.\n",
		"u:We still read and write the ledger tables through Quill as we always have, nothing new there.", "", "Quill")
	if !kinTerm("validation", map[string]bool{"validat": true}) || kinTerm("plate", map[string]bool{"platesync": true}) {
		t.Error("kinTerm")
	}
}

// TestClashesSeriesToldAlone: a change told with nothing named but the new
// one of a series ("we got moved to raycluster-h100") pairs with the one
// memory line holding one of that series; a sentence naming another thing
// moved ("the log shipper") leaves it alone.
func TestClashesSeriesToldAlone(t *testing.T) {
	line := "- Sweeps run on the KubeRay cluster raycluster-a100 (namespace ray)."
	for _, tt := range []struct{ said, want string }{
		{"News: we got moved to raycluster-h100.", line},
		{"We moved the log shipper to raycluster-h100 last week.", ""},
	} {
		k := memKnown(line, "- Checkpoints go to s3://sweep-ckpts/.")
		c := candidate{kind: KindInstruction, line: tt.said, srcs: []source{{session: 0, msgID: "m1", quote: tt.said}}}
		said := []source{{session: 0, msgID: "m1", quote: tt.said}}
		if got, _ := k.clashes(c, said, map[string]bool{}); got != tt.want {
			t.Errorf("clashes(%q) = %q, want %q", tt.said, got, tt.want)
		}
	}
}
