package offline

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPastedSettings: assignments and tuples a person pasted are read one
// per line, their keys split into words; a value that is a plain word
// (but under an environment variable's name) and a line of prose are not
// settings.
func TestPastedSettings(t *testing.T) {
	text := "here is the new env file:\n" +
		"QUEUE_URL=amqp://mq-3.internal:5672\n" +
		`  "maxWorkers": 12,` + "\n" +
		"[{ingest, [{batch_size, 500}, {verbose, true}]}].\n" +
		"LOG_FORMAT=json\n" +
		"the reason it failed: 3 retries ran out\n" +
		"android {\n    defaultConfig {\n        minSdk 23\n        version 2\n    }\n}\n" +
		"step 3\n" +
		`    "start": "deno run -A dev.ts --port 8400",` + "\n"
	var got []string
	for _, s := range pastedSettings(text, source{}) {
		got = append(got, s.key+"="+s.value+" "+strings.Join(s.terms, "+"))
	}
	// (LOG_FORMAT=json: a plain word under an environment variable's
	// name is read, to tie only to a memory line writing that name;
	// "minSdk 23" is an indented block's key and value set apart by a
	// space, where a plain word as the key, or a line not indented, is
	// no setting; a command line gives its settings as long
	// options.)
	want := []string{"QUEUE_URL=amqp://mq-3.internal:5672 queue+url", "maxWorkers=12 max+worker", "batch_size=500 batch+size", "LOG_FORMAT=json log+format", "minSdk=23 min+sdk", "port=8400 port"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}
}

// TestPastedConfigEditsMemoryLine: a value shown only in a pasted config
// rewrites the memory line of that setting when the person also says the
// value memory holds is the former one; a paste shown with a question, or
// one whose key names another setting, leaves memory alone.
func TestPastedConfigEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- The ingest worker pool size is 16 threads.\n- Reports render at 300 dpi.\n"
	paste := "u:new settings, pasted from the box:\n[{ingest, [{pool_size, 48}, {dpi_scale, 2}]}]."
	t.Run("told", func(t *testing.T) {
		w := newWorld(t)
		if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
			t.Fatal(err)
		}
		w.add("a", true, "u:add a retry to the fetch step", "x:go test ./...")
		w.add("b", true, paste, "u:pool was 16 before, the file is what counts", "x:go test ./...")
		got, _ := w.appliedPrivate(t, mem)
		validateWithGemini(t, w)
		if !strings.Contains(got, "- The ingest worker pool size is 48 threads.") || strings.Contains(got, "16 threads") {
			t.Errorf("pool line not rewritten to the pasted value:\n%s", got)
		}
		if !strings.Contains(got, "- Reports render at 300 dpi.") {
			t.Errorf("a line of another setting changed:\n%s", got)
		}
		if again := w.run(t); len(again.Candidates) != 0 {
			t.Errorf("second run proposed %+v", again.Candidates)
		}
	})
	t.Run("asked", func(t *testing.T) {
		w := newWorld(t)
		if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
			t.Fatal(err)
		}
		w.add("b", true, paste, "u:is 16 still right or should it be what the file says?", "x:go test ./...")
		if res := w.run(t); len(res.Candidates) != 0 {
			t.Errorf("a paste shown with a question proposed %+v", res.Candidates)
		}
	})
	t.Run("bare now", func(t *testing.T) {
		w := newWorld(t)
		if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
			t.Fatal(err)
		}
		w.add("b", true, paste, "u:now run the ingest pool against the staging box", "x:go test ./...")
		if res := w.run(t); len(res.Candidates) != 0 {
			t.Errorf("a paste beside a bare 'now' proposed %+v", res.Candidates)
		}
	})
}

// TestPastedImageTagAndFlag: a container image pasted as "name:tag" gives
// the version of the program it names, where a memory line writes it right
// after the name (not another number of a line naming it), and a number
// inside a command of a memory line is rewritten in place; "now" in the
// sentence that shows the paste says the file is what holds, while a "now"
// that opens a request ("now apply it") says nothing of it, and a key that
// fits two memory lines changes neither.
func TestPastedImageTagAndFlag(t *testing.T) {
	mem := "# Project Memory\n\n- The cache is Redis 6 in compose.\n- Redis keeps 16 databases locally.\n" +
		"- Serve the API with `uvicorn app:main --port 8000`.\n- Thumbnails are 320 pixels wide.\n"
	paste := "\n  cache:\n    image: redis:7.2\n[server]\nport = 8100"
	cases := []struct {
		name, mem, msg string
		want           []string
	}{
		{"shown as current", mem, "u:this is what compose and settings look like now:" + paste,
			[]string{"- The cache is Redis 7.2 in compose.", "- Redis keeps 16 databases locally.",
				"- Serve the API with `uvicorn app:main --port 8100`.", "- Thumbnails are 320 pixels wide."}},
		{"request", mem, "u:now apply these to the staging box:" + paste, nil},
		{"two lines fit", "# Project Memory\n\n- The admin UI listens on port 9000.\n- Serve the API with `uvicorn app:main --port 8000`.\n",
			"u:settings file as it reads now:\n[server]\nport = 8100", nil},
		// an address on this machine is no image and its tag
		{"a listen address", "# Project Memory\n\n- Run the dev server with pserve development.ini; it listens on port 6543.\n",
			"u:a colleague took 6543, so I changed our config. Here is it:\n[server:main]\nuse = egg:waitress#main\nlisten = localhost:6580",
			[]string{"- Run the dev server with pserve development.ini; it listens on port 6580."}},
		// a word value under a key memory writes in prose; a switch is
		// no such value
		{"a region word", "# Project Memory\n\n- App is deployed on Fly.io as potluck-web, primary region ams.\n",
			"u:I moved the app closer. Here's the fly.toml as it is now:\napp = \"potluck-web\"\nprimary_region = \"cdg\"",
			[]string{"- App is deployed on Fly.io as potluck-web, primary region cdg."}},
		{"a switch", "# Project Memory\n\n- Auto stop machines is on for potluck-web.\n",
			"u:Here's the fly.toml as it is now:\nauto_stop_machines = false", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			laterMessageEdits(t, tc.mem, "u:rename the thumbnail helper", tc.msg, "x:go test ./...", tc.want)
		})
	}
}

// TestPastedVersions: a pinned package, the image a Dockerfile starts from
// and a key that names a program's version each give that program's
// version, which replaces the one a memory line writes right after the
// program's name, and only that one (mkdocs's pin does not set the
// version after "mkdocs-material"). A message sent right after the paste
// can say it holds now.
func TestPastedVersions(t *testing.T) {
	got := map[string]string{}
	for _, s := range pastedSettings("FROM ghcr.io/acme/renderer:3.4.1-slim AS build\nruff~=0.6.9\ngrafana_version_min = 10.4.0\nRUN make\n", source{}) {
		got[s.key] = s.value + " " + strings.Join(s.named, "+")
	}
	want := map[string]string{"renderer": "3.4.1 renderer", "ruff": "0.6.9 ruff", "grafana_version_min": "10.4.0 grafana"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}

	mem := "# Project Memory\n\n- Docs are built with mkdocs-material 9.4 and mkdocs 1.5.\n- Ingest runs on Spark 3.4, two executors.\n- Minimum Grafana 10.1 for the dashboards.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the pins:\nmkdocs-material==9.5.3\nmkdocs==1.6.0", "u:that is what CI installs now", "x:mkdocs build --strict")
	w.add("b", true, "u:dockerfile below\nFROM docker.io/bitnami/spark:3.5.1-debian-12-r3", "u:the spark base image changed", "x:make test")
	w.add("c", true, "u:plugin settings as they read now:\ngrafana_version_min = 10.4.0", "x:make test")
	wantMemoryLines(t, w, mem, []string{"- Docs are built with mkdocs-material 9.5.3 and mkdocs 1.6.0.", "- Ingest runs on Spark 3.5.1, two executors.", "- Minimum Grafana 10.4.0 for the dashboards."})
}

// TestPasteToldByNextHumanMessage: the person's next message says a paste
// holds now even when the agent answered in between.
func TestPasteToldByNextHumanMessage(t *testing.T) {
	mem := "# Project Memory\n\n- Slides render with reveal-md 5.2.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:lockfile excerpt:\nreveal-md==6.1.0", "a:Noted, I will rebuild the deck.", "u:that is what the runners install now", "x:make slides")
	wantMemoryLines(t, w, mem, []string{"- Slides render with reveal-md 6.1.0."})
}

// withMemory writes mem as the project's MEMORY.md of w.
func withMemory(t *testing.T, w *world, mem string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
}

// wantMemoryLines applies w's patch to mem, checks Gemini's validator
// accepts it, that every line of want stands after it, and that a second
// run adds nothing.
func wantMemoryLines(t *testing.T, w *world, mem string, want []string) {
	t.Helper()
	got, _ := w.appliedPrivate(t, mem)
	validateWithGemini(t, w)
	for _, l := range want {
		if !strings.Contains(got, l) {
			t.Errorf("missing %q in:\n%s", l, got)
		}
	}
	if again := w.run(t); len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

// TestPastedVersionAfterStatement: a version an earlier session stated
// ("we build against kotlin 1.9") gives way to the one a later paste shows
// for the same program when the person says it changed; the statement is
// proposed with the new version only. Shown with a question, the paste
// changes nothing. Lines that are a name and a version, or a key that
// names a version, are read; a measure ("took 3.2s") is not.
func TestPastedVersionAfterStatement(t *testing.T) {
	got := map[string]string{}
	for _, s := range pastedSettings("took 3.2s\nerlang 27.0.1\n    .minimum_zig_version = \"0.13.0\",\n", source{}) {
		got[s.key] = s.value + " " + strings.Join(s.named, "+")
	}
	if want := map[string]string{"erlang": "27.0.1 erlang", "minimum_zig_version": "0.13.0 zig"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}
	for _, tc := range []struct {
		intro, want string
	}{
		{"upgraded the toolchain, the versions file:", "We build against kotlin 2.0.21 in this repo."},
		{"is this versions file right?", ""},
	} {
		w := newWorld(t)
		w.add("a", true, "u:we build against kotlin 1.9 in this repo, keep the syntax compatible", "x:./gradlew test")
		w.add("b", true, "u:"+tc.intro+"\nkotlin 2.0.21\ngradle 8.10", "u:fix the new warnings", "x:./gradlew test")
		var lines []string
		for _, c := range w.run(t).Candidates {
			lines = append(lines, c.Text)
			if strings.Contains(c.Text, "1.9") {
				t.Errorf("%q: the old version proposed: %q", tc.intro, c.Text)
			}
		}
		if tc.want != "" && !slices.Contains(lines, tc.want) || tc.want == "" && len(lines) != 0 {
			t.Errorf("%q: proposed %q, want %q", tc.intro, lines, tc.want)
		}
	}
}

// TestPastedManifestForms: a version written with a range operator
// ("^2.9.0", ">=3.13"), a pin quoted as a list item, a key that names a
// requirement ("requires-node"), and several keys of an object written on
// one line are each read as a setting and its value; prose is not.
func TestPastedManifestForms(t *testing.T) {
	text := "manifest bits:\n" +
		`  "pixi.js": "^7.4.2",` + "\n" +
		`  "httpx==0.27.2",` + "\n" +
		`requires-node = ">=20.11"` + "\n" +
		`  web = {"http_port": 8088, "owner": "ops"}` + "\n" +
		"it took about 3.5 minutes\n"
	got := map[string]string{}
	for _, s := range pastedSettings(text, source{}) {
		got[s.key] = s.value + " " + strings.Join(s.named, "+")
	}
	want := map[string]string{"pixi.js": "7.4.2 ", "httpx": "0.27.2 httpx", "requires-node": "20.11 node", "http_port": "8088 "}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}
}

// TestPastedVersionNearName: a memory line that writes how a package is
// held between its name and its version ("held at") takes the pasted
// version when the person says they changed it; the intro that names the
// package as changed by them is the second signal. A line naming another
// number beside it, and a paste whose intro names another thing, change
// nothing.
func TestPastedVersionNearName(t *testing.T) {
	for _, tc := range []struct {
		name, mem, msg string
		want           []string
	}{
		{"near", "# Project Memory\n\n- httpx held at 0.26.0 in the lock file\n",
			"u:I upgraded httpx, the lock reads:\nhttpx==0.27.2", []string{"- httpx held at 0.27.2 in the lock file"}},
		{"intro names the package", "# Project Memory\n\n- Shapes are drawn with konva 9.2 on the stage.\n",
			"u:I updated konva, relevant part of the manifest:\n{\n  \"konva\": \"^9.3.6\",\n  \"left-pad\": \"^1.3.0\"\n}", []string{"- Shapes are drawn with konva 9.3.6 on the stage."}},
		{"intro names another thing", "# Project Memory\n\n- Shapes are drawn with konva 9.2 on the stage.\n",
			"u:I updated the readme, manifest for reference:\n{\n  \"konva\": \"^9.3.6\"\n}", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			laterMessageEdits(t, tc.mem, "u:the tooltip flickers on hover", tc.msg, "x:make check", tc.want)
		})
	}
}

// laterMessageEdits runs a session with first and then one with msg (each
// ending with the check run) over memory mem, and wants memory to hold
// every line of want after the patch, or, for a nil want, nothing
// proposed.
func laterMessageEdits(t *testing.T, mem, first, msg, run string, want []string) {
	t.Helper()
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, first, run)
	w.add("b", true, msg, run)
	if want == nil {
		if res := w.run(t); len(res.Candidates) != 0 {
			t.Errorf("proposed %+v", res.Candidates)
		}
		return
	}
	wantMemoryLines(t, w, mem, want)
}

// TestPastedElementSameStem: a pasted XML element, marked as quoted, is a
// setting, and its value replaces the memory value written after the same
// stem ("gcc11.4" for "gcc13.2") when the person says it changed.
func TestPastedElementSameStem(t *testing.T) {
	mem := "# Project Memory\n\n- Sensor firmware, built with gcc11.4, flashed over SWD.\n"
	laterMessageEdits(t, mem, "u:the watchdog fires during the sensor warm-up",
		"u:we upgraded the toolchain, the board file reads now:\n| <Toolchain>gcc13.2</Toolchain>\n| <Optimize>size</Optimize>",
		"x:make check", []string{"- Sensor firmware, built with gcc13.2, flashed over SWD."})
}

// TestShownConfigEditsMemoryLine: a config file the agent printed whole
// (`cat`) right after the person said it changed shows its new values as
// a paste of it would; printed after a question, or by a command that
// prints part of it, it changes nothing.
func TestShownConfigEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- Workers pull jobs from the queue on port 5672.\n"
	for _, tc := range []struct {
		name, prompt, cmd string
		want              []string
	}{
		{"told", "u:the broker listener changed over the weekend, have a look at the config", "x:cat deploy/queue.toml",
			[]string{"- Workers pull jobs from the queue on port 5679."}},
		{"asked", "u:why would the workers not connect with this config?", "x:cat deploy/queue.toml", nil},
		{"part of it", "u:the broker listener changed over the weekend, have a look at the config", "x:grep port deploy/queue.toml", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shownQueueConfig(t, mem, []string{tc.prompt, tc.cmd}, tc.want)
		})
	}
}

// shownQueueConfig runs a session after a first one where the agent
// prints deploy/queue.toml (port 5679) among msgs, and checks memory
// then holds want, or, when want is nil, that nothing proposes 5679.
func shownQueueConfig(t *testing.T, mem string, msgs, want []string) {
	t.Helper()
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the retry counter resets too early", "x:make check")
	w.add("b", true, append(msgs, "x:make check")...)
	withOutputs(w, "b", map[string]string{"queue.toml": "[queue]\nhost = \"mq.internal\"\nport = 5679\n"})
	if want == nil {
		for _, c := range w.run(t).Candidates {
			if strings.Contains(c.Text, "5679") {
				t.Errorf("proposed %+v", c)
			}
		}
		return
	}
	wantMemoryLines(t, w, mem, want)
}

// TestVersionWrittenWithV: a tag's "v" is a way of writing a version, not
// part of it: a paste or a sentence giving a program another version edits
// the memory line that writes the old one with a "v", and the new one is
// written the way the line writes its versions. A "v" that is not before a
// digit ("vite 5") is no version's. A paste under a markdown heading is
// introduced by the line under the heading.
func TestVersionWrittenWithV(t *testing.T) {
	mem := "# Project Memory\n\n- Ingress is Caddy v2.7 in the compose stack.\n- Thumbnails are 320 pixels wide.\n"
	laterMessageEdits(t, mem, "u:rename the thumbnail helper",
		"u:compose file as it reads now:\n  proxy:\n    image: library/caddy:2.8.4-alpine", "x:make check",
		[]string{"- Ingress is Caddy v2.8.4 in the compose stack.", "- Thumbnails are 320 pixels wide."})
	laterMessageEdits(t, mem, "u:rename the thumbnail helper",
		"u:## Proxy\nthe platform team upgraded it, compose reads:\n  proxy:\n    image: library/caddy:2.8.4-alpine\n## Next\nthumbnail cache next", "x:make check",
		[]string{"- Ingress is Caddy v2.8.4 in the compose stack."})
	memoryEdit(t, mem, "u:ops upgraded the proxy box last night, it ships Caddy v2.8.4 now",
		"- Ingress is Caddy v2.8.4 in the compose stack.", "v2.7")
	memoryEdit(t, "# Project Memory\n\n- Ingress is Caddy 2.7 in the compose stack.\n", "u:ops upgraded the proxy box last night, it ships Caddy v2.8.4 now",
		"- Ingress is Caddy 2.8.4 in the compose stack.", "2.7 ")
	if got, want := writtenAs("3.1", "v2.9"), "v3.1"; got != want {
		t.Errorf("writtenAs = %q, want %q", got, want)
	}
	if got := withoutV("vite"); got != "vite" {
		t.Errorf("withoutV(vite) = %q", got)
	}
}

// TestVersionBanner: what a program prints of its own version ("GNU Bison
// 3.8.2 (built for …)"), pasted under the person's words, gives that
// program's version, which replaces the one memory writes after its name
// when the person says it changed, and only when it is later than that
// one. A banner-like first line is the person's sentence, not a paste,
// and the banner itself is never proposed as a line.
func TestVersionBanner(t *testing.T) {
	var got []string
	for _, s := range pastedSettings("rebuilt the box, it prints:\nGNU Bison 3.8.2 (built for x86_64-pc-linux-gnu)\nAcme Runtime 3.1.0 on 2025-01-02; board rev B\n", source{}) {
		got = append(got, s.key+"="+s.value)
	}
	if want := []string{"Bison=3.8.2", "Runtime=3.1.0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}
	if s := pastedSettings("Bison 3.8 (the one from the distro) is too old for this\nit breaks", source{}); len(s) != 0 {
		t.Errorf("a first line read as a paste: %+v", s)
	}
	// The person's own lines under their first are prose, not a paste:
	// nothing announced output and no command printed them.
	for _, msg := range []string{
		"moved the reports box this morning, status below\nRedis 7.2 on the new box; the old one stays on 6 until Friday",
		"quick update on the toolchain\nPin Gradle 8.5 (the wrapper) until the plugin catches up",
		"where things stand\nElixir 1.16 on the build agents, 1.15 on laptops",
	} {
		if s := pastedSettings(msg, source{}); len(s) != 0 {
			t.Errorf("pastedSettings(%q) read prose as a banner: %+v", msg, s)
		}
	}

	mem := "# Project Memory\n\n- Builds need GNU Bison 3.7 and the vendored libquux 2.1.0.\n- Thumbnails are 320 pixels wide.\n"
	laterMessageEdits(t, mem, "u:rename the thumbnail helper",
		"u:upgraded the build image, here's what it prints now\n$ bison --version\nGNU Bison 3.8.2 (built for x86_64-pc-linux-gnu)", "x:make check",
		[]string{"- Builds need GNU Bison 3.8.2 and the vendored libquux 2.1.0."})
	laterMessageEdits(t, mem, "u:rename the thumbnail helper",
		"u:the old build box got upgraded too, here's what it prints now\n$ bison --version\nGNU Bison 3.5.1 (built for x86_64-pc-linux-gnu)", "x:make check", nil)
	w := newWorld(t)
	withMemory(t, w, "# Project Memory\n\n- Thumbnails are 320 pixels wide.\n")
	w.add("a", true, "u:the grammar is slow to build, we're on bison 3.7 here btw", "x:make check")
	w.add("b", true, "u:bumped bison, here's the output\n$ bison --version\nGNU Bison 3.8.2 (built for x86_64-pc-linux-gnu)", "x:make check")
	for _, c := range w.run(t).Candidates {
		if strings.Contains(c.Text, "(built") {
			t.Errorf("the banner proposed as a line: %+v", c)
		}
	}
}

// TestPastedKeyPath: a pasted key written as a path to its object
// ("cfg.render.frameRate") names the setting by its last part when that
// part has two words or more, as memory names it ("Frame rate 30"); a
// last part of one word ("cfg.render.width") says too little.
func TestPastedKeyPath(t *testing.T) {
	mem := "# Project Memory\n\n- Frame rate 30.\n- Canvas width 1280 pixels.\n"
	laterMessageEdits(t, mem, "u:rename the thumbnail helper",
		"u:here's the render config now\ncfg.render.frameRate = 60;\ncfg.render.width = 1920;", "x:make check",
		[]string{"- Frame rate 60.", "- Canvas width 1280 pixels."})
}

// TestPastedJoinedVersions: a line of no other shape that joins a
// program's name to its version by a mark (a URL's "@", a scoped
// package's key, a gem's quoted pin, a submodule's parentheses) gives
// that program's version, read as printed (it replaces only an older
// one); the person's prose, which joins them by a space only, and the
// message's first line, the person's words, give none.
func TestPastedJoinedVersions(t *testing.T) {
	text := "gem \"rails\", \"~> 7.2.1\" is what I tried\n" +
		"gem \"sidekiq\", \"~> 7.3.2\"\n" +
		`<script defer src="https://cdn.example.net/npm/lit@3.2.0/index.js"></script>` + "\n" +
		`    "@mantine/core": "7.12.1",` + "\n" +
		"-1b7d3e90 deps/libuv (1.48.0)\n" +
		"Kafka 3.7 on the staging brokers, the lab is still on 3.5\n" +
		"the load test pitted nginx (1.27) against caddy, nothing else moved\n" +
		"the classifier's precision (0.83) dropped after retraining\n"
	var got []string
	for _, s := range pastedSettings(text, source{}) {
		got = append(got, s.key+"="+s.value+" "+strings.Join(s.named, "+"))
		if !s.printed {
			t.Errorf("%s=%s not read as printed", s.key, s.value)
		}
	}
	if want := []string{"sidekiq=7.3.2 sidekiq", "lit=3.2.0 lit", "mantine=7.12.1 mantine", "libuv=1.48.0 libuv"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}

	mem := "# Project Memory\n\n- UI components come from Mantine 7.3.\n- Thumbnails are 320 pixels wide.\n"
	laterMessageEdits(t, mem, "u:the tooltip flickers on hover",
		"u:after the dependency upgrade the manifest reads\n{\n  \"@mantine/core\": \"7.12.1\",\n  \"@mantine/hooks\": \"7.12.1\"\n}", "x:make check",
		[]string{"- UI components come from Mantine 7.12.1."})
	laterMessageEdits(t, mem, "u:the tooltip flickers on hover",
		"u:after the dependency upgrade the manifest reads\n{\n  \"@mantine/core\": \"7.1.0\"\n}", "x:make check", nil)
	laterMessageEdits(t, mem, "u:the tooltip flickers on hover",
		"u:I updated the readme, manifest for reference\n{\n  \"@mantine/core\": \"7.12.1\"\n}", "x:make check", nil)
}

// TestPastedPinNamesCamelCase: a pin writes a program's name lower-case
// ("pyyaml==6.1.1") where memory writes it as its vendor does ("PyYAML
// 6.0"); both name the program, so the pin gives memory's version its new
// value.
func TestPastedPinNamesCamelCase(t *testing.T) {
	mem := "# Project Memory\n\n- Config files are read with PyYAML 6.0.\n"
	laterMessageEdits(t, mem, "u:the loader chokes on anchors",
		"u:I've switched the loader over, here's the lock now:\npyyaml==6.1.1", "x:make check",
		[]string{"- Config files are read with PyYAML 6.1.1."})
}

// TestDatedBannerUnannounced: a banner that carries its build date ("…
// 6.2.3 on 2025-06-18") is what a program printed even when
// no command or colon announced it, and under words placing it after an
// update it gives memory's version its new value; an update of another
// thing, or an older version, changes nothing.
func TestDatedBannerUnannounced(t *testing.T) {
	var got []string
	for _, s := range pastedSettings("the kiosk came back after the upgrade and the boot screen reads\nBrightline Tessel 6.2.3 on 2025-06-18\n", source{}) {
		got = append(got, s.key+"="+s.value)
	}
	if want := []string{"Tessel=6.2.3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}
	mem := "# Project Memory\n\n- The lobby kiosk boots Tessel 6.1 from the factory image.\n"
	laterMessageEdits(t, mem, "u:the touch screen misses taps near the edge",
		"u:the kiosk came back after the upgrade and the boot screen reads\nBrightline Tessel 6.2.3 on 2025-06-18", "x:make check",
		[]string{"- The lobby kiosk boots Tessel 6.2.3 from the factory image."})
	laterMessageEdits(t, mem, "u:the touch screen misses taps near the edge",
		"u:the spare kiosk came back after the upgrade and the boot screen reads\nBrightline Tessel 5.9.0 on 2024-02-03", "x:make check", nil)
	// the person's prose with a date in it, going on after a comma, is no
	// banner
	laterMessageEdits(t, mem, "u:the touch screen misses taps near the edge",
		"u:taps went wrong after the upgrade in May\nTessel 6.2 on 2025-05-30 lost the touch calibration, so the kiosk went back to 6.1", "x:make check", nil)
}

// TestPromptCommand: a pasted line opening with a shell prompt, bare or
// with an environment's name or the user and host before it, is the
// command typed at it; prose with a dollar sign in it is none.
func TestPromptCommand(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"$ python --version", "python --version"},
		{"(survey) $ python --version", "python --version"},
		{"kai@box:~/svc$ make test", "make test"},
		{"(.venv) kai@box:~/svc $ pytest -q", "pytest -q"},
		{"it costs $ 5 a month", ""},
		{"Python 3.12.8", ""},
	} {
		got, ok := promptCommand(tc.line)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("promptCommand(%q) = %q, %v, want %q", tc.line, got, ok, tc.want)
		}
	}
}

// TestQueriedVersion: what a program printed when the agent asked it for
// its version (`zola --version`, `deno version`) is that program's
// version, from the first line naming the program or giving the version
// alone (Gemini CLI's "Output: " label is no part of it); a line naming
// another program gives nothing, and after "-v", which many programs
// take for "verbose", only the first line counts. Later than memory's, it replaces the
// version memory writes after the program's name with no word of change,
// since the agent asked the box the project is worked on; an older one,
// or another command's output, changes nothing.
func TestQueriedVersion(t *testing.T) {
	for _, tc := range []struct{ cmd, output, want string }{
		{"zola --version", "zola 0.19.2\n", "0.19.2"},
		{"deno version", "Output: 2.1.4\nProcess Group PGID: 77\n", "2.1.4"},
		{"gleam --version", "Erlang/OTP 27 [erts-15.1.2]\ngleam 1.6.3\n", "1.6.3"},
		{"/opt/tools/bin/zig version", "0.13.0\n", "0.13.0"},
		{"gleam --version", "Erlang/OTP 27 [erts-15.1.2]\n", ""},
		{"zola build", "zola 0.19.2\n", ""},
		{"node -v", "v22.3.0\n", "22.3.0"},
		{"terraform -v", "Terraform v1.9.5\non linux_amd64\n", "1.9.5"},
		// "-v" as "verbose": a version further down is no answer
		{"ruff -v", "checking 40 files\nruff 0.6.9 found no errors\n", ""},
		// a report that labels the program's own version, beside
		// another program's
		{"vault version", "Build Tag:     v1.17.2\nBuild Date:    2024/07/01\nGo Version:    go1.22.5\n", "1.17.2"},
		{"vault version", "Build Date:    2024/07/01\nGo Version:    go1.22.5\n", ""},
		// what a subcommand reports of what is installed
		{"uv pip show httpx", "Name: httpx\nVersion: 0.28.1\nLocation: /srv/app/.venv\n", "0.28.1"},
		{"git submodule status", "4e1f0a9c2b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f vendor/LibSnd (V1.2.2)\n", "1.2.2"},
		{"git -C vendor/zstd describe --tags", "v1.5.6\n", "1.5.6"},
		{"npx ionic doctor", "Installed Dependencies:\n  @ionic/core: 8.4.1\n", "8.4.1"},
		// a package manager's list of what is installed
		{"pip freeze", "Django==5.1.4\nwagtail==6.3.1\n", "6.3.1"},
		{"uv pip list", "Package    Version\n---------- -------\nhttpx      0.28.1\n", "0.28.1"},
		{"gh pr list", "12  fix deps  bump-redis-7.2.4  OPEN\n", ""},
		// a status report's row labelled only as a version is the
		// program's own
		{"vault status", "Key             Value\n---             -----\nSealed          false\nVersion         1.17.2\n", "1.17.2"},
		{"consul info", "agent:\n\tcheck_monitors = 0\nbuild:\n\tversion = 1.19.1\n", ""},
		// the client's version alone, and a jar's
		{"argocd version --client", "argocd: v2.13.1+af54ef8\n  BuildDate: 2024-11-20T15:03:24Z\n  GoVersion: go1.22.9\n", "2.13.1"},
		{"argocd version --grpc-web", "argocd: v2.13.1+af54ef8\n", ""},
		{"java -jar tools/plantuml.jar --version", "PlantUML version 1.2024.7 (Sun Sep 22 2024)\n", "1.2024.7"},
		{"java -jar app.jar serve", "1.2.3\n", ""},
		{"git status", "modified:   src/app.go\n", ""},
		{"git describe --tags", "v1.5.6\n", ""},
		// a report word as an argument, and git's show of a commit
		{"grep -rn status logs/app.log", "logs/app.log:12: redis@7.2.4 connected\n", ""},
		{"git show --stat", " package.json | 2 +-\n+  \"react\": \"19.0.0\"\n", ""},
		{"git log --format=%s show", "bump: redis@7.2.4\n", ""},
		// the same question past a runner, inside a container, with an
		// option picking where the program looks, or of a library
		{"npx wrangler --version", "⛅️ wrangler 4.14.1\n", "4.14.1"},
		{"docker compose exec web nginx -v", "nginx version: nginx/1.27.2\n", "1.27.2"},
		{"docker exec -it pg postgres --version", "postgres (PostgreSQL) 16.4\n", "16.4"},
		{"./vendor/bin/sail php -v", "PHP 8.3.4 (cli) (built: Mar 16 2026 08:22:11) (NTS)\n", "8.3.4"},
		{"ddev exec php -v", "PHP 8.3.4 (cli) (built: Mar 16 2026 08:22:11) (NTS)\n", "8.3.4"},
		{"./vendor/bin/sail php", "PHP 8.3.4 (cli)\n", ""},
		{"kubectl --context prod-eu version", "Client Version: v1.31.2\nServer Version: v1.30.5\n", "1.31.2"},
		{"istioctl --context kind-mesh version", "client version: 1.23.2\ncontrol plane version: 1.23.2\n", "1.23.2"},
		{"pkg-config --modversion gtk4", "4.14.4\n", "4.14.4"},
		// a subcommand's words, a flag with no value, or a server's
		// version above the client's: another command or another program
		{"helm --context x upgrade --version", "1.2.3\n", ""},
		{"mytool -q --version", "1.2.3\n", ""},
		{"docker compose exec web", "1.2.3\n", ""},
		{"kubectl version", "Server Version: v1.30.5\n", ""},
		// a banner naming the product the binary belongs to, or a
		// language of one letter
		{"xcodebuild -version", "Xcode 16.2\nBuild version 16C5032a\n", "16.2"},
		{"gmx --version", ":-) GROMACS - gmx, 2024.4 (-:\n", "2024.4"},
		{"R --version", "R version 4.5.0 (2025-04-11) -- \"How About a Twenty-Six\"\n", "4.5.0"},
		{"mytool --version", "Python 3.12.1\n", ""},
		// a product the person's message names (see namedProduct's
		// test for the message)
		{"soffice --version", "LibreOffice 24.8.3.2 480(Build:2)\n", ""},
		{"xcodebuild -version", "Build version 16.2\n", ""},
	} {
		var got string
		for _, s := range queriedVersion(commands(tc.cmd)[0], tc.output, source{quote: "the feed renders twice"}) {
			got = s.value
		}
		if got != tc.want {
			t.Errorf("queriedVersion(%q, %q) = %q, want %q", tc.cmd, tc.output, got, tc.want)
		}
	}

	mem := "# Project Memory\n\n- Site built with Zola 0.18.0 and deployed to Pages.\n"
	for _, tc := range []struct {
		name, cmd, output string
		want              []string
		mem               string // memory, when not mem
	}{
		{"later", "x:zola --version", "zola 0.19.2\n", []string{"- Site built with Zola 0.19.2 and deployed to Pages."}, ""},
		{"older", "x:zola --version", "zola 0.17.1\n", nil, ""},
		{"another command", "x:zola check", "zola 0.19.2\n", nil, ""},
		// a version memory sets for a pin or another place is not the
		// one of the box the agent asked
		{"pinned", "x:zola --version", "zola 0.19.2\n", nil, "# Project Memory\n\n- The release job pins Zola 0.18.0 so the feeds stay stable.\n"},
		{"production", "x:zola --version", "zola 0.19.2\n", nil, "# Project Memory\n\n- The docs host builds with Zola 0.18.0 in production.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			if tc.mem != "" {
				withMemory(t, w, tc.mem)
			} else {
				withMemory(t, w, mem)
			}
			w.add("a", true, "u:the tag pages lose their titles", "x:make check")
			w.add("b", true, "u:the feed template renders every post twice", tc.cmd, "x:make check")
			withOutputs(w, "b", map[string]string{"zola": tc.output})
			if tc.want == nil {
				for _, c := range w.run(t).Candidates {
					if strings.Contains(c.Text, "Zola") {
						t.Errorf("proposed %+v", c)
					}
				}
				return
			}
			wantMemoryLines(t, w, mem, tc.want)
		})
	}

	// A version the person gave the program in their own words outranks
	// the box's: the line takes theirs, and a second run adds nothing.
	queried := func(w *world, first string) {
		w.add("a", true, "u:"+first, "x:make check")
		w.add("b", true, "u:the feed template renders every post twice", "x:zola --version", "x:make check")
		withOutputs(w, "b", map[string]string{"zola --version": "zola 0.19.2\n"})
	}
	w := newWorld(t)
	withMemory(t, w, mem)
	queried(w, "we moved the site generator to Zola 0.19.0 last week")
	wantMemoryLines(t, w, mem, []string{"- Site built with Zola 0.19.0 and deployed to Pages."})
	w = newWorld(t)
	bare := "# Project Memory\n\n- Deployed to Pages.\n"
	withMemory(t, w, bare)
	queried(w, "from now on the site builds with zola 0.18.0 only")
	wantMemoryLines(t, w, bare, []string{"zola 0.18.0 only"})
}

// TestSubstitutedValue: a value the agent replaced in files with `sed -i`
// (literally, one value apart) is memory's new value when exactly one
// memory line states the old one, whole or the part of it that changed; asked for a while, printed without -i,
// stated by two lines, made in a test suite's files, or put back by a
// later sed run of the session, it changes nothing.
func TestSubstitutedValue(t *testing.T) {
	mem := "# Project Memory\n\n- Sessions live in the cache on port 6380 of the shared box.\n- Thumbnails are 320 pixels wide.\n"
	for _, tc := range []struct {
		name, mem, prompt, cmd string
		want                   []string
		then                   string
	}{
		{"in place", mem, "u:the cache moved, fix the conf files", "x:sed -i 's/port 6380/port 6390/' deploy/cache.conf",
			[]string{"- Sessions live in the cache on port 6390 of the shared box.", "- Thumbnails are 320 pixels wide."}, ""},
		{"through xargs", mem, "u:the cache moved, fix the conf files", "x:grep -rl 6380 deploy | xargs sed -i 's#6380#6390#g'",
			[]string{"- Sessions live in the cache on port 6390 of the shared box."}, ""},
		{"for a while", mem, "u:for this run point it at the spare cache", "x:sed -i 's/6380/6390/' deploy/cache.conf", nil, ""},
		{"printed only", mem, "u:the cache moved, fix the conf files", "x:sed 's/6380/6390/' deploy/cache.conf", nil, ""},
		{"two lines", mem + "- The replica also listens on 6380.\n", "u:the cache moved, fix the conf files", "x:sed -i 's/6380/6390/' deploy/cache.conf", nil, ""},
		{"test config", mem, "u:the integration suite clashes with my local cache, fix it", "x:sed -i 's/6380/6390/' integration/tests/cache.env", nil, ""},
		{"spec file", mem, "u:the integration suite clashes with my local cache, fix it", "x:sed -i 's/6380/6390/' src/session.spec.ts", nil, ""},
		{"put back", mem, "u:point the sessions at another cache port and see if the timeouts stop", "x:sed -i 's/6380/6390/' deploy/cache.conf", nil, "x:sed -i 's/6390/6380/' deploy/cache.conf"},
		// Memory writes only the part of the tag that changed.
		{"part of a tag", "# Project Memory\n\n- The session cache runs redis 7.2.4 from the compose file.\n", "u:the cache is on the new redis now, fix the compose file",
			"x:sed -i 's/redis:7.2.4-alpine/redis:7.4.1-alpine/' deploy/compose.yml", []string{"- The session cache runs redis 7.4.1 from the compose file."}, ""},
		{"not put back", mem, "u:the cache moved, fix the conf files", "x:sed -i 's/6380/6390/' deploy/cache.conf",
			[]string{"- Sessions live in the cache on port 6390 of the shared box."}, "x:sed -i 's/6390/6391/' deploy/other.conf"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, tc.mem)
			w.add("a", true, "u:the thumbnail grid jumps on load", "x:make check")
			steps := []string{tc.prompt, tc.cmd, "x:make check"}
			if tc.then != "" {
				steps = append(steps, tc.then)
			}
			w.add("b", true, steps...)
			if tc.want == nil {
				for _, c := range w.run(t).Candidates {
					if strings.Contains(c.Text, "6390") {
						t.Errorf("proposed %+v", c)
					}
				}
				return
			}
			wantMemoryLines(t, w, tc.mem, tc.want)
		})
	}
}

// TestSedSubst: a sed substitution is split at the delimiter its "s"
// names, so a value holding slashes, written between other delimiters,
// stays whole; an escaped delimiter is no split, and an expression with
// more parts or unknown flags is no substitution.
func TestSedSubst(t *testing.T) {
	for _, tc := range []struct {
		expr, from, to, delim string
		ok                    bool
	}{
		{"s/6380/6390/", "6380", "6390", "/", true},
		{"s/6380/6390/g", "6380", "6390", "/", true},
		{"s#openai/whisper-small#distil-whisper/distil-large-v3#", "openai/whisper-small", "distil-whisper/distil-large-v3", "#", true},
		{"s|/srv/backups/nightly|/mnt/nas/nightly|g", "/srv/backups/nightly", "/mnt/nas/nightly", "|", true},
		{`s/a\/b/a\/c/`, `a\/b`, `a\/c`, "/", true},
		{"s/a/b/c/", "", "", "", false},
		{"s/a/b/x", "", "", "", false},
		{"s#a#b", "", "", "", false},
		{"sx/a/b/", "", "", "", false},
	} {
		from, to, delim, ok := sedSubst(tc.expr)
		if from != tc.from || to != tc.to || delim != tc.delim || ok != tc.ok {
			t.Errorf("sedSubst(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tc.expr, from, to, delim, ok, tc.from, tc.to, tc.delim, tc.ok)
		}
	}
}

// TestSubstitutedPathValue: a sed run whose delimiter is not the slash
// its values hold (a path, a model id) rewrites the memory line that
// states the old value; the same run asked for a while does not.
func TestSubstitutedPathValue(t *testing.T) {
	mem := "# Project Memory\n\n- Nightly dumps are written to /srv/backups/nightly on the db host.\n"
	for _, tc := range []struct {
		name, prompt string
		want         []string
	}{
		{"moved", "u:the backup disk is full, the dumps go to the NAS mount, fix the cron script", []string{"- Nightly dumps are written to /mnt/nas/nightly on the db host."}},
		{"for a while", "u:for tonight only write the dump to the NAS mount", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, mem)
			w.add("a", true, "u:the restore test is flaky", "x:make check")
			w.add("b", true, tc.prompt, "x:sed -i 's|/srv/backups/nightly|/mnt/nas/nightly|' scripts/dump.sh", "x:make check")
			if tc.want == nil {
				for _, c := range w.run(t).Candidates {
					if strings.Contains(c.Text, "/mnt/nas") {
						t.Errorf("proposed %+v", c)
					}
				}
				return
			}
			wantMemoryLines(t, w, mem, tc.want)
		})
	}
}

// TestShownSettingsGeminiLabels: Gemini CLI's shell tool writes "Output: "
// before what a command printed and its own labels after it; a config
// file it printed is read without them, its first line a setting of its
// own rather than the value of a key "Output".
func TestShownSettingsGeminiLabels(t *testing.T) {
	out := "Output: sdk_version=4.2.1\nbuild_dir=out/release\nExit Code: 0\nProcess Group PGID: 4242"
	var got []string
	for _, s := range shownSettings(commands("cat gradle.properties")[0], out, source{quote: "bumped the sdk, here is the file now"}) {
		got = append(got, s.key+"="+s.value)
	}
	if want := []string{"sdk_version=4.2.1", "build_dir=out/release"}; !reflect.DeepEqual(got, want) {
		t.Errorf("shownSettings = %q, want %q", got, want)
	}
}

// TestVersionAfterLabel: a memory line that writes a label between the
// program's name and its version ("Zig toolchain: 0.12.1") takes the
// version the program printed when asked; a colon inside the words
// between, not right before the version, still ends them.
func TestVersionAfterLabel(t *testing.T) {
	if got := versionNearName("- Zig toolchain: 0.12.1 from the tarball.", []string{"zig"}, "0.13.0"); got != "0.12.1" {
		t.Errorf("versionNearName = %q, want 0.12.1", got)
	}
	if got := versionNearName("- Zig note: see the wiki 0.12.1 page.", []string{"zig"}, "0.13.0"); got != "" {
		t.Errorf("versionNearName = %q, want none", got)
	}
	mem := "# Project Memory\n\n- Zig toolchain: 0.12.1 from the tarball.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the allocator leaks in the parser", "x:make check")
	w.add("b", true, "u:the tokenizer drops the last byte", "x:zig version", "x:make check")
	withOutputs(w, "b", map[string]string{"zig version": "0.13.0\n"})
	wantMemoryLines(t, w, mem, []string{"- Zig toolchain: 0.13.0 from the tarball."})
}

// TestPastedBlockVersions: a block of lines names a program on one line
// and gives its version on another (a Maven dependency, a CMake fetch, a
// package report); the version is that program's, read as printed. A
// version under no name, or after the block closed, is nobody's.
func TestPastedBlockVersions(t *testing.T) {
	text := "bumped the deps, relevant part:\n" +
		"<dependency>\n  <groupId>org.example</groupId>\n  <artifactId>quartz-scheduler-starter</artifactId>\n  <version>2.5.0</version>\n</dependency>\n" +
		"<version>9.9.9</version>\n" +
		"FetchContent_Declare(\n  glfw\n  GIT_REPOSITORY https://example.org/glfw.git\n  GIT_TAG 3.4\n)\n" +
		"Name: httpx\nVersion: 0.28.1\n" +
		// a block's name does not reach a version further down
		"\nname: web-app\nservices:\n  db:\n    image: postgres:16\nversion: \"3.8\"\n" +
		"\nname: my-service\nreplicas: 3\nrev: 42\n"
	var got []string
	for _, s := range pastedSettings(text, source{}) {
		if s.printed {
			got = append(got, s.key+"="+s.value+" "+strings.Join(s.named, "+"))
		}
	}
	want := []string{"quartz-scheduler-starter=2.5.0 quartz+scheduler+starter", "glfw=3.4 glfw", "httpx=0.28.1 httpx"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}

	mem := "# Project Memory\n\n- Jobs are scheduled with Quartz 2.3 in the worker.\n"
	laterMessageEdits(t, mem, "u:the nightly job fires twice",
		"u:I have updated the dependencies, the pom now:\n<dependency>\n  <artifactId>quartz-scheduler-starter</artifactId>\n  <version>2.5.0</version>\n</dependency>", "x:make check",
		[]string{"- Jobs are scheduled with Quartz 2.5.0 in the worker."})
}

// TestNamesProgramLoosely: memory names a program as people say it
// ("Rust", "CockroachDB") where its binary or package adds or drops a
// letter or two; a short name, or one that only begins another, is not it.
func TestNamesProgramLoosely(t *testing.T) {
	for _, tc := range []struct {
		w    string
		in   []string
		want bool
	}{
		{"Rust", []string{"rustc"}, true},
		{"PostgreSQL", []string{"postgres"}, true},
		{"(arm-none-eabi-gcc", []string{"arm", "none", "eabi", "gcc"}, true},
		{"Go", []string{"gofmt"}, false},
		{"Java", []string{"javascript"}, false},
		{"Node", []string{"nodemon"}, false},
		{"CockroachDB", []string{"cockroach"}, true},
		{"Vite", []string{"vitest"}, false},
		{"Mongo", []string{"mongosh"}, false},
		{"Next", []string{"nextra"}, false},
	} {
		if got := namesProgram(tc.w, termSet(tc.in)); got != tc.want {
			t.Errorf("namesProgram(%q, %v) = %v, want %v", tc.w, tc.in, got, tc.want)
		}
	}
	if n, o := versionAfterName("Local cache is the image `valkey:7.2`.", []string{"valkey"}, "8.0.1"); n+o != "valkey:7.2" {
		t.Errorf("versionAfterName of a joined image tag = %q %q", n, o)
	}
}

// TestPastedOtherProgramOrBlock: a pasted version of a program whose
// name only begins memory's (vitest of Vite), or a version a block gives
// lines below its name, leaves memory's line alone.
func TestPastedOtherProgramOrBlock(t *testing.T) {
	laterMessageEdits(t, "# Project Memory\n\n- Dev server is Vite 2.9.18.\n", "u:the hot reload drops css changes",
		"u:I bumped the dependencies, here is npm ls:\n├── vitest@3.0.5\n└── typescript@5.7.3", "x:make check", nil)
	laterMessageEdits(t, "# Project Memory\n\n- Compose stack: web-app 2.1 behind traefik.\n", "u:the healthcheck flaps",
		"u:I changed the compose file, it reads now:\nname: web-app\nservices:\n  db:\n    image: postgres:16\nversion: \"3.8\"", "x:make check", nil)
}

// TestPastedMovedAddress: a pasted address that is memory's but for its
// port moves memory's port, memory's spelling of the host kept; an
// address of another host or path, or of another setting on the same
// box, leaves the line alone.
func TestPastedMovedAddress(t *testing.T) {
	for _, tc := range []struct {
		line, key, value, old, new string
	}{
		{"Docs preview served at 127.0.0.1:4000 by mkdocs.", "preview_addr", "127.0.0.1:4100", "127.0.0.1:4000", "127.0.0.1:4100"},
		{"Search calls go to http://localhost:7700/search (meilisearch).", "upstream", "http://127.0.0.1:7711/search", "localhost:7700", "localhost:7711"},
		{"Search calls go to http://localhost:7700/search (meilisearch).", "upstream", "http://127.0.0.1:7711/index", "", ""},
		{"Postgres at 127.0.0.1:5432.", "cache_addr", "127.0.0.1:6380", "", ""},
		{"Docs preview served at 10.0.0.5:4000.", "preview_addr", "127.0.0.1:4100", "", ""},
		// an image's tag and a time of day are no addresses
		{"Database image is postgres:15.", "image", "postgres:16", "", ""},
		{"Docs preview served at 127.0.0.1:4000 from 10:30.", "preview_addr", "127.0.0.1:4100", "127.0.0.1:4000", "127.0.0.1:4100"},
	} {
		st := setting{key: tc.key, terms: keyTerms(tc.key), value: tc.value}
		if o, n := movedAddress(tc.line, st); o != tc.old || n != tc.new {
			t.Errorf("movedAddress(%q, %s=%s) = %q %q, want %q %q", tc.line, tc.key, tc.value, o, n, tc.old, tc.new)
		}
	}
	for _, tc := range []struct{ line, v, want string }{
		{"Workers run on the python3.11 runtime.", "python3.12", "python3.11"},
		{"Functions use the java17.x image.", "java21.x", "java17.x"},
		{"Functions use the java17.x image.", "dotnet8.x", ""},
	} {
		if got := sameStemValue(tc.line, tc.v); got != tc.want {
			t.Errorf("sameStemValue(%q, %q) = %q, want %q", tc.line, tc.v, got, tc.want)
		}
	}
}

// TestPastedSiblingHost: a pasted Lisp form names the next machine of the
// series memory names on the same domain; another series or domain, or a
// line naming two machines of it, is not that machine.
func TestPastedSiblingHost(t *testing.T) {
	var got []string
	for _, s := range pastedSettings("the deploy config now:\n(list (machine\n  (name \"ci03.farm.example\")\n  (port 2222)))\n", source{}) {
		got = append(got, s.key+"="+s.value)
	}
	if want := []string{"name=ci03.farm.example", "port=2222"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %q, want %q", got, want)
	}
	for _, tc := range []struct{ line, v, want string }{
		{"CI jobs run on ci01.farm.example.", "ci03.farm.example", "ci01.farm.example"},
		{"CI jobs run on ci01.farm.example.", "ci03.other.example", ""},
		{"CI jobs run on web01.farm.example.", "ci03.farm.example", ""},
		{"CI jobs run on ci01.farm.example and ci02.farm.example.", "ci03.farm.example", ""},
	} {
		if got := siblingHost(tc.line, tc.v); got != tc.want {
			t.Errorf("siblingHost(%q, %q) = %q, want %q", tc.line, tc.v, got, tc.want)
		}
	}
}

// TestNamesVersionOf: the person's own words give a program a version only
// when they say the one held; a version that dates something ("removed
// since Haxe 4.1") or one a condition waits for ("if we go to Haxe 5")
// leaves the version the agent asked for standing.
func TestNamesVersionOf(t *testing.T) {
	named := []string{"haxe"}
	for _, tc := range []struct {
		quote string
		want  bool
	}{
		{"we moved the compiler to Haxe 4.3 last week", true},
		{"Haxe 4.3 from now on", true},
		{"No, Std.is is deprecated since Haxe 4.1, use Std.isOfType", false},
		{"that macro API changed before Haxe 4.0, leave it", false},
		{"If one day we go to Haxe 5 we have to see the null safety", false},
		{"the build is slower than Haxe 4.2 was", false},
		// the version memory holds, said to be gone
		{"the CI image dropped Haxe 4.1 so I updated", false},
	} {
		if got := namesVersionOf([]source{{quote: tc.quote}}, named, "4.3.6", map[string]bool{"4.1": true}); got != tc.want {
			t.Errorf("namesVersionOf(%q) = %v, want %v", tc.quote, got, tc.want)
		}
	}
}

// TestAskedVersionPaste: a person's paste of a prompt line asking a
// program its version or what is installed, with the answer under it, is
// read as if the agent had asked (queried); the settings of a config file
// pasted under another command, or after the answer's block ends, are not.
func TestAskedVersionPaste(t *testing.T) {
	for _, tc := range []struct {
		text string
		want map[string]bool // setting value: queried
	}{
		{"```\n$ pip show requests | grep -E '^(Name|Version)'\nName: requests\nVersion: 2.32.3\n```\nrerun the suite on this", map[string]bool{"2.32.3": true}},
		{"here:\n$ cat requirements.txt\nrequests==2.32.3\n", map[string]bool{"2.32.3": false}},
		{"```\n$ pip show requests\nName: requests\nVersion: 2.32.3\n```\n```\nflask==3.1.0\n```", map[string]bool{"2.32.3": true, "3.1.0": false}},
		// a version alone right below the prompt that asked for it
		{"bump done.\n$ cat .zigversion\n0.13.0\n$ zig version\n0.13.0", map[string]bool{"0.13.0": true}},
		{"bump done.\n$ cat .zigversion\n0.13.0", map[string]bool{}},
	} {
		got := map[string]bool{}
		for _, st := range pastedSettings(tc.text, source{}) {
			if _, ok := tc.want[st.value]; ok {
				got[st.value] = st.queried
			}
		}
		for v, q := range tc.want {
			if g, ok := got[v]; !ok || g != q {
				t.Errorf("pastedSettings(%q): %s queried %v (found %v), want %v", tc.text, v, g, ok, q)
			}
		}
		if len(tc.want) == 0 {
			for _, st := range pastedSettings(tc.text, source{}) {
				t.Errorf("pastedSettings(%q): setting %s=%s, want none", tc.text, st.key, st.value)
			}
		}
	}
	for _, tc := range []struct {
		line string
		want bool
		prog string
	}{
		{"node --version", true, "node"},
		{"docker compose exec db psql --version", true, "psql"},
		{"/opt/zig/zig version", true, "zig"},
		{"pip show numpy", true, ""},
		{"pip install numpy==2.1.0", false, ""},
		{"cat pyproject.toml", false, ""},
	} {
		if got, prog := askedVersion(tc.line); got != tc.want || prog != tc.prog {
			t.Errorf("askedVersion(%q) = %v, %q, want %v, %q", tc.line, got, prog, tc.want, tc.prog)
		}
	}
}

// TestNamesProgramAccents: a banner writes a name in plain letters where
// memory keeps its accent ("LOVE 11.5" for "LÖVE"; "Pokemon" for
// "Pokémon"), and both name one program; another name stays another.
func TestNamesProgramAccents(t *testing.T) {
	for _, tc := range []struct {
		w, prog string
		want    bool
	}{
		{"LÖVE", "love", true},
		{"Pokémon", "pokemon", true},
		{"Löwe", "love", false},
	} {
		if got := namesProgram(tc.w, termSet(keyTerms(tc.prog))); got != tc.want {
			t.Errorf("namesProgram(%q, %q) = %v, want %v", tc.w, tc.prog, got, tc.want)
		}
	}
}

// TestQueriedVersionToldOrServed: a version query's answer edits the line
// of the program the person says they updated when the query's own
// program (a build tool printing its version alone) is not the one memory
// names; a target runtime follows the person's own update of it (a pin or
// CI does not); and a service's root or version endpoint on a port memory
// places a program on answers for that program. Without the update told,
// with two programs named, a year for a version, another endpoint, a port
// memory does not give or an older version, nothing changes.
func TestQueriedVersionToldOrServed(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want string
	}{
		{"curl -s localhost:7700/version", "7700"},
		{"curl -sS http://127.0.0.1:9200", "9200"},
		{"curl -sS localhost:9200/", "9200"},
		{"curl -sS localhost:9200/_cluster/health", ""},
		{"curl -s https://api.example.com:8443/version", ""},
		{"wget -qO- localhost:7700/version", ""},
		{"curl -s localhost:7700/version localhost:7701/version", ""},
	} {
		if got := servedQuery(commands(tc.cmd)[0]); got != tc.want {
			t.Errorf("servedQuery(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
	for _, tc := range []struct{ body, want string }{
		{`{"commitSha":"a1b2c3d","pkgVersion":"1.11.3"}`, "1.11.3"},
		{"{\n  \"name\" : \"node-1\",\n  \"version\" : {\n    \"number\" : \"8.15.2\",\n    \"lucene_version\" : \"9.11.1\"\n  }\n}", "8.15.2"},
		{`{"version":"v2.4.0","go":"1.22.5"}`, "2.4.0"},
		{`{"lucene_version":"9.11.1","status":"green"}`, ""},
		{`{"number_of_nodes":3,"version":"unknown"}`, ""},
	} {
		var got string
		for _, s := range servedVersion("9200", tc.body, source{quote: "x"}) {
			got = s.value
		}
		if got != tc.want {
			t.Errorf("servedVersion(%q) = %q, want %q", tc.body, got, tc.want)
		}
	}

	for _, tc := range []struct {
		name, mem, prompt, cmd, output string
		want                           string // "" for no change
	}{
		{"intro names the program", "- Built with Lazarus 2.2.6 and FPC 3.2.2.", "I have installed the newer Lazarus release on the build machine. For the record:",
			"lazbuild --version", "3.6\n", "- Built with Lazarus 3.6 and FPC 3.2.2."},
		{"intro names the program, another domain", "- Built with Visual Studio 17.8 and MSBuild.", "I updated Visual Studio last night, the solution is slow to load now",
			"msbuild -version", "MSBuild version 17.11.9+a69bbaaf5 for .NET Framework\n17.11.9.46202\n", "- Built with Visual Studio 17.11.9 and MSBuild."},
		{"a year is no version", "- Built with Visual Studio 2022 and MSBuild.", "I updated Visual Studio last night, the solution is slow to load now",
			"msbuild -version", "MSBuild version 17.11.9+a69bbaaf5 for .NET Framework\n17.11.9.46202\n", ""},
		{"no update told", "- Built with Lazarus 2.2.6 and FPC 3.2.2.", "the release build fails on the new laptop, here is the toolchain:",
			"lazbuild --version", "3.6\n", ""},
		{"two programs named", "- Built with Lazarus 2.2.6 and FPC 3.2.2.", "I updated Lazarus and FPC on the build machine",
			"lazbuild --version", "3.6\n", ""},
		{"target runtime updated", "- Godot 4.2 is the target runtime.", "updated godot on this machine yesterday because of the shader stutter",
			"godot --version", "4.3.stable.official.77dcf97d8\n", "- Godot 4.3 is the target runtime."},
		{"target runtime, no update told", "- Godot 4.2 is the target runtime.", "the export crashes on startup",
			"godot --version", "4.3.stable.official.77dcf97d8\n", ""},
		{"CI pin", "- CI pins Godot 4.2 as the target runtime.", "updated godot on this machine yesterday because of the shader stutter",
			"godot --version", "4.3.stable.official.77dcf97d8\n", ""},
		{"served version", "- Meilisearch v1.8 in docker, port 7700.", "bumped the image yesterday, check nothing broke",
			"curl -s localhost:7700/version", `{"commitSha":"a1b2c3d","pkgVersion":"1.11.3"}`, "- Meilisearch v1.11.3 in docker, port 7700."},
		{"served root endpoint", "- Elasticsearch 8.11 on port 9200, single node.", "let us see what the rebuilt stack runs",
			"curl -sS http://localhost:9200", "{\n  \"version\" : {\n    \"number\" : \"8.15.2\",\n    \"lucene_version\" : \"9.11.1\"\n  }\n}\n", "- Elasticsearch 8.15.2 on port 9200, single node."},
		{"served, port not in memory", "- Elasticsearch 8.11, single node.", "let us see what the rebuilt stack runs",
			"curl -sS http://localhost:9200", "{\n  \"version\" : {\n    \"number\" : \"8.15.2\"\n  }\n}\n", ""},
		{"served, older", "- Elasticsearch 8.11 on port 9200, single node.", "let us see what the old box runs",
			"curl -sS http://localhost:9200", "{\n  \"version\" : {\n    \"number\" : \"7.17.9\"\n  }\n}\n", ""},
		// an app's own root endpoint answers with its own version
		{"served, an app's own version", "- The orders API runs FastAPI 0.110.0 on port 8000.", "redeployed the service, check it",
			"curl -s localhost:8000/", `{"name":"orders-api","version":"1.4.2"}`, ""},
		{"served, an app's own version, another domain", "- The wiki runs Flask 3.0.0 on port 5000.", "upgraded the box, check it",
			"curl -s localhost:5000/version", `{"service":"team-wiki","version":"3.1.2"}`, ""},
		{"served, the answer names the program", "- Typesense 0.25.2 on port 8108.", "bumped the image yesterday, check nothing broke",
			"curl -s localhost:8108/version", `{"name":"typesense","version":"0.26.1"}`, "- Typesense 0.26.1 on port 8108."},
		{"served, another endpoint", "- Elasticsearch 8.11 on port 9200, single node.", "is the cluster healthy?",
			"curl -sS localhost:9200/_nodes", `{"nodes":{"a":{"version":"8.15.2"}}}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mem := "# Project Memory\n\n" + tc.mem + "\n"
			w := newWorld(t)
			withMemory(t, w, mem)
			w.add("a", true, "u:the login form loses focus", "x:make check")
			w.add("b", true, "u:"+tc.prompt, "x:"+tc.cmd, "x:make check")
			withOutputs(w, "b", map[string]string{strings.Fields(tc.cmd)[0]: tc.output})
			if tc.want == "" {
				for _, c := range w.run(t).Candidates {
					if strings.Contains(c.Text, "Lazarus") || strings.Contains(c.Text, "Godot") || strings.Contains(c.Text, "Studio") || strings.Contains(c.Text, "search") || strings.Contains(c.Text, "FastAPI") || strings.Contains(c.Text, "Flask") {
						t.Errorf("proposed %+v", c)
					}
				}
				return
			}
			wantMemoryLines(t, w, mem, []string{tc.want})
		})
	}
}

// TestQueriedAfterUpdateEarlier: the update told a message before the one
// the agent answered with a version query, in the same session, places
// the version in the project target; told in another session, it does
// not.
func TestQueriedAfterUpdateEarlier(t *testing.T) {
	mem := "# Project Memory\n\n- targets zig 0.12.0\n"
	for _, tc := range []struct {
		name string
		b, c []string
		want bool
	}{
		{"same session", []string{"u:upgraded to the new zig yesterday, first build blew up", "x:make check", "u:fixed it myself. bump the minimum version in build.zig.zon", "x:zig version", "x:make check"}, nil, true},
		{"another session", []string{"u:upgraded to the new zig yesterday, first build blew up", "x:make check"}, []string{"u:bump the minimum version in build.zig.zon", "x:zig version", "x:make check"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, mem)
			w.add("a", true, "u:the parser drops the last line", "x:make check")
			w.add("b", true, tc.b...)
			asked := "b"
			if tc.c != nil {
				w.add("c", true, tc.c...)
				asked = "c"
			}
			withOutputs(w, asked, map[string]string{"zig": "0.13.0\n"})
			if tc.want {
				wantMemoryLines(t, w, mem, []string{"- targets zig 0.13.0"})
				return
			}
			for _, c := range w.run(t).Candidates {
				if strings.Contains(c.Text, "0.13") {
					t.Errorf("proposed %+v", c)
				}
			}
		})
	}
}

// TestListedAndModuleVersions: a database client's table of what is
// installed (psql's `\dx`, a "Name" and a "Version" column) and a one-line
// Python program printing a module's __version__ answer as a version flag
// does; a query's rows, a table with no version column, a program printing
// no __version__ or a first word that is no version give nothing. PyTorch
// is the torch module's name and PyYAML the yaml module's ("Py" before a
// module's name); Torchvision is another module.
func TestListedAndModuleVersions(t *testing.T) {
	for _, tc := range []struct{ cmd, output, want string }{
		{`psql -d metrics -c '\dx timescaledb'`, "List of installed extensions\n    Name     | Version | Schema | Description\n-------------+---------+--------+------------\n timescaledb | 2.17.2  | public | time-series\n", "timescaledb=2.17.2"},
		{`psql -d app -c '\dx'`, "   Name   | Version |   Schema   | Description\n----------+---------+------------+------------\n pg_trgm  | 1.6     | public     | trigram\n plpgsql  | 1.0     | pg_catalog | PL/pgSQL\n", "pg_trgm=1.6 plpgsql=1.0"},
		{`psql -d app -c 'select name, price from items'`, " name  | price\n-------+-------\n bolt  | 1.25\n", ""},
		{`psql -d app -c 'select device, fw from devices'`, " device | fw\n--------+-------\n cam-1  | 2.4.1\n", ""},
		// a table a file holds is a document's, not what is installed
		{`cat docs/compat.md`, "| Name | Version | Notes |\n|---|---|---|\n| react | 19.0.0 | planned for Q3 |\n", ""},
		{`grep -A3 Version CHANGELOG.md`, "| Name | Version |\n| postgres | 17.0 |\n", ""},
		{`head -5 docs/plugins.md`, "  Name   | Version\n---------+--------\n lualine | 2.1.0\n", ""},
		{`mysql -e 'select plugin_name as Name, plugin_version as Version from plugins'`, "+-------+---------+\n| Name  | Version |\n+-------+---------+\n| audit | 1.4.2   |\n", "audit=1.4.2"},
		{`python -c "import torch; print(torch.__version__, torch.version.cuda)"`, "2.5.1+cu124 12.4\n", "torch=2.5.1"},
		{`python3 -c 'import numpy as np; print(np.__version__)'`, "2.1.3\n", "np=2.1.3"},
		{`python -c "import torch; print(torch.cuda.is_available())"`, "True\n", ""},
		{`python -c "import torch; print(torch.__version__)"`, "Traceback (most recent call last):\n", ""},
	} {
		var got []string
		for _, s := range queriedVersion(commands(tc.cmd)[0], tc.output, source{quote: "the upgrade is in, check it"}) {
			got = append(got, s.key+"="+s.value)
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("queriedVersion(%q) = %q, want %q", tc.cmd, g, tc.want)
		}
	}
	in := termSet([]string{"torch"})
	if !namesProgram("PyTorch", in) || namesProgram("Torchvision", in) || !namesProgram("PyYAML", termSet([]string{"yaml"})) {
		t.Errorf("namesProgram: PyTorch names torch and PyYAML yaml, Torchvision does not name torch")
	}

	mem := "# Project Memory\n\n- PostGIS 3.3 extension on PostgreSQL 15.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the tile query is slow", "x:make check")
	w.add("b", true, "u:upgraded the extension after the minor bump, check it", `x:psql -d gis -c '\dx postgis'`, "x:make check")
	withOutputs(w, "b", map[string]string{"psql": "  Name   | Version | Schema | Description\n---------+---------+--------+------------\n postgis | 3.5.0   | public | geometry\n"})
	wantMemoryLines(t, w, mem, []string{"- PostGIS 3.5.0 extension on PostgreSQL 15."})
}

// TestPastedPackageReference: a package a .NET project file or a
// packages.config lists as one element, its name and version as
// attributes, is that package's version, read as printed; an element with
// no version, or a version from a property, is none. Pasted after the
// person says they bumped the packages, it edits the line naming the
// package; pasted with a question, it does not.
func TestPastedPackageReference(t *testing.T) {
	got := map[string]string{}
	for _, s := range pastedSettings("here:\n<ItemGroup>\n  <PackageReference Include=\"Serilog.AspNetCore\" Version=\"8.0.3\" />\n  <PackageReference Include=\"Dapper\" Version=\"$(DapperVersion)\" />\n  <Compile Include=\"src/Main.cs\" />\n  <package id=\"NUnit\" version=\"3.14.0\" targetFramework=\"net48\" />\n</ItemGroup>\n", source{}) {
		got[s.key] = s.value + " " + strings.Join(s.named, "+") + " " + strconv.FormatBool(s.printed)
	}
	if want := map[string]string{"Serilog.AspNetCore": "8.0.3 serilog+asp+net+core+aspnetcore true", "NUnit": "3.14.0 nunit true"}; !reflect.DeepEqual(got, want) {
		t.Errorf("pastedSettings = %v, want %v", got, want)
	}

	mem := "# Project Memory\n\n- Logging with Serilog 3.1 to the console.\n"
	csproj := "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <ItemGroup>\n    <PackageReference Include=\"Serilog\" Version=\"4.0.1\" />\n  </ItemGroup>\n</Project>"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the request log is missing the user id", "x:dotnet build")
	w.add("b", true, "u:Bumped the packages. Here's the csproj:\n"+csproj, "x:dotnet build")
	wantMemoryLines(t, w, mem, []string{"- Logging with Serilog 4.0.1 to the console."})

	w = newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the request log is missing the user id", "x:dotnet build")
	w.add("b", true, "u:why does this csproj not restore?\n"+csproj, "x:dotnet build")
	for _, c := range w.run(t).Candidates {
		if strings.Contains(c.Text, "Serilog") {
			t.Errorf("proposed %+v", c)
		}
	}
}

// TestGoModuleVersion: a module a go.mod requires is read by the last part
// of its path (the part before a major version suffix), with its version
// and no pre-release; the module's own line, the go directive, a replace
// directive and prose are not.
func TestGoModuleVersion(t *testing.T) {
	for _, tc := range []struct{ line, name, version string }{
		{"github.com/gofiber/fiber/v3 v3.0.0-beta.4", "fiber", "3.0.0"},
		{"github.com/jackc/pgx/v5 v5.7.1", "pgx", "5.7.1"},
		{"require golang.org/x/sync v0.8.0 // indirect", "sync", "0.8.0"},
		{"github.com/spf13/cobra v1.8.1", "cobra", "1.8.1"},
		// a module with no go.mod of its own, or a generic last part,
		// names no program
		{"github.com/docker/docker v26.1.3+incompatible", "", ""},
		{"cloud.google.com/go v0.112.0", "", ""},
		{"k8s.io/api v0.30.1", "", ""},
		{"github.com/redis/go-redis/v9 v9.5.1", "go-redis", "9.5.1"},
		{"github.com/stripe/stripe-go/client v76.0.0", "", ""},
		{"module example.com/gateway", "", ""},
		{"go 1.23", "", ""},
		{"github.com/acme/lib => ../lib", "", ""},
		{"we moved github.com/spf13/cobra to v1.8.1 yesterday", "", ""},
	} {
		if n, v := goModuleVersion(tc.line); n != tc.name || v != tc.version {
			t.Errorf("goModuleVersion(%q) = %q, %q, want %q, %q", tc.line, n, v, tc.name, tc.version)
		}
	}
	mem := "# Project Memory\n\n- HTTP routing with chi v5.0 and pgx for the database.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the health route returns 404", "x:go test ./...")
	w.add("b", true, "u:I upgraded the deps, the go.mod now looks like this:\nmodule example.com/api\n\ngo 1.23\n\nrequire (\n\tgithub.com/go-chi/chi/v5 v5.1.0\n\tgithub.com/jackc/pgx/v5 v5.7.1\n)", "x:go test ./...")
	wantMemoryLines(t, w, mem, []string{"chi v5.1.0"})
}

// TestPastedSectionPort: a setting pasted under a block's header ("url"
// under "action_endpoint:", "bind" under "frontend stats") is the setting
// of what the header names; a memory line naming it with a port alone
// takes the pasted address's port. A header naming nothing of the line,
// or a line with two ports, changes nothing.
func TestPastedSectionPort(t *testing.T) {
	var got []string
	for _, s := range pastedSettings("here's the config now:\nexporter:\n  listen_addr: \"0.0.0.0:9110\"\n  scrape: 15\n[grafana]\nhttp_port = 3001\n\nfrontend public\n    mode http\n    bind :8443\nplain: 4\n", source{}) {
		got = append(got, s.key+"="+s.value+"@"+strings.Join(s.section, " "))
	}
	want := "listen_addr=0.0.0.0:9110@exporter scrape=15@exporter http_port=3001@grafana bind=8443@frontend public plain=4@"
	if strings.Join(got, " ") != want {
		t.Errorf("pastedSettings sections = %v, want %s", got, want)
	}
	for _, tc := range []struct{ line, paste, old, new string }{
		{"The metrics exporter listens on port 9100.", "moved it:\nexporter:\n  listen_addr: \"0.0.0.0:9110\"", "9100", "9110"},
		{"Stats page on :8404 (frontend stats in conf.d/00-stats.cfg).", "$ grep -A2 stats conf.d/00-stats.cfg\nfrontend stats\n    bind :8405", "8404", "8405"},
		{"Job queue at tcp://queue.lan:6379.", "see:\njob_queue:\n  port: 6380", "", ""},
		// the header names another service
		{"The metrics exporter listens on port 9100.", "see:\ngrafana:\n  url: \"http://localhost:3001\"", "", ""},
		// two ports in the line: which one is not said
		{"The exporter listens on 9100 and 9101.", "see:\nexporter:\n  port: 9102", "", ""},
	} {
		var old, nw string
		for _, st := range pastedSettings(tc.paste, source{}) {
			if st.section == nil {
				continue
			}
			if o, c := sectionValue(tc.line, st, change{new: st.value, terms: st.terms}); o != "" {
				old, nw = o, c.new
			}
		}
		if old != tc.old || nw != tc.new {
			t.Errorf("sectionValue(%q) under %q = %q %q, want %q %q", tc.line, tc.paste, old, nw, tc.old, tc.new)
		}
	}
	for _, tc := range []struct {
		intro, line string
		want        bool
	}{
		{"$ grep -A3 'frontend stats' conf.d/00-stats.cfg", "Stats page on :8404 (frontend stats in conf.d/00-stats.cfg).", true},
		{"$ cat config/app.toml", "The worker pool is 16 (config/app.toml).", true},
		{"$ cat config/other.toml", "The worker pool is 16 (config/app.toml).", false},
		{"$ make run config/app.toml", "The worker pool is 16 (config/app.toml).", false},
		{"here is config/app.toml", "The worker pool is 16 (config/app.toml).", false},
	} {
		if got := showsNamedFile(tc.intro, tc.line); got != tc.want {
			t.Errorf("showsNamedFile(%q, %q) = %v, want %v", tc.intro, tc.line, got, tc.want)
		}
	}
}

// TestPastedSectionEditsMemoryLine: end to end, a pasted block under the
// header memory's line names, told as the new file, rewrites the line's
// port; the same paste asked about changes nothing.
func TestPastedSectionEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- The webhook relay runs on port 7000 (relay.yml).\n"
	paste := "u:I moved the relay because 7000 clashed with the profiler, here is relay.yml now:\nwebhook_relay:\n  upstream: \"http://127.0.0.1:7010/hooks\"\n  retries: 3"
	w := newWorld(t)
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, paste, "x:go test ./...")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "port 7010") || strings.Contains(got, "port 7000") {
		t.Errorf("relay line not rewritten to the pasted port:\n%s", got)
	}
	w = newWorld(t)
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:why does the relay not start with this?\nwebhook_relay:\n  upstream: \"http://127.0.0.1:7010/hooks\"", "x:go test ./...")
	if res := w.run(t); len(res.Candidates) != 0 {
		t.Errorf("a paste asked about proposed %+v", res.Candidates)
	}
}

// TestPastedDiffEditsMemoryLine: a pasted unified diff that changes a
// setting's value rewrites the memory line holding its old value, also
// where memory writes the path without the file's prefix (res://); the
// removed line is no value of now, and a diff asked about changes nothing.
func TestPastedDiffEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- The main scene is scenes/main.tscn.\n- The window is 640x360.\n"
	diff := "--- a/project.godot\n+++ b/project.godot\n@@ -12,3 +12,3 @@\n-run/main_scene=\"res://scenes/main.tscn\"\n+run/main_scene=\"res://scenes/boot.tscn\"\n config/features=PackedStringArray(\"4.3\")"
	w := newWorld(t)
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:project.godot:\n"+diff+"\nnew entry scene, it loads settings first.", "x:godot --headless --export-release Web build/web/index.html")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "- The main scene is scenes/boot.tscn.") || !strings.Contains(got, "- The window is 640x360.") {
		t.Errorf("main scene line not rewritten to the diff's value:\n%s", got)
	}
	w = newWorld(t)
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:should I apply this?\n"+diff+"\nor keep main as the entry?", "x:godot --headless --export-release Web build/web/index.html")
	if res := w.run(t); len(res.Candidates) != 0 {
		t.Errorf("a diff asked about proposed %+v", res.Candidates)
	}
	var removed []string
	for _, st := range pastedSettings(diff, source{}) {
		if st.value == "res://scenes/main.tscn" {
			removed = append(removed, st.src.quote)
		}
		if st.value == "res://scenes/boot.tscn" && st.from != "res://scenes/main.tscn" {
			t.Errorf("added line read as changed from %q", st.from)
		}
	}
	if len(removed) != 0 {
		t.Errorf("a removed line read as a value of now: %q", removed)
	}
}

// TestWorktreeDiffEditsMemoryLine: the diff `git diff <file>` prints is the
// work tree as it stands, read like a pasted one even when the person asks
// to check it: a path memory writes beside another path, a word where the
// line writes the key in prose ("HTML theme is furo."), and a version.
func TestWorktreeDiffEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- Bibliography in refs/lab.bib, citation style csl/apa.csl.\n- HTML theme is furo.\n- Built with stack, resolver lts-21.25.\n- Listens on port 3000.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the footnotes render twice", "x:make check")
	w.add("b", true, "u:I edited the config files myself this morning, could you check them?", "x:git diff _quarto.yml conf.py stack.yaml", "x:make check")
	withOutputs(w, "b", map[string]string{"git diff": "-    csl: csl/apa.csl\n+    csl: csl/chicago-author-date.csl\n-html_theme = \"furo\"\n+html_theme = \"pydata_sphinx_theme\"\n-resolver: lts-21.25\n+resolver: lts-22.43\n port: 3000\n"})
	wantMemoryLines(t, w, mem, []string{
		"- Bibliography in refs/lab.bib, citation style csl/chicago-author-date.csl.",
		"- HTML theme is pydata_sphinx_theme.",
		"- Built with stack, resolver lts-22.43.",
		"- Listens on port 3000.",
	})
}

// TestAnnouncedAddressAndPrintedChange: a server's log line saying where
// it listens, and a program's line telling the change it made, are read
// as settings; prose, an address with no verb of listening, or a change
// between values of two shapes are not.
func TestAnnouncedAddressAndPrintedChange(t *testing.T) {
	for _, tc := range []struct{ line, verb, addr string }{
		{"Listening on 127.0.0.1:5050.", "Listening", "127.0.0.1:5050"},
		{"INFO:     Uvicorn running on http://127.0.0.1:8081 (Press CTRL+C to quit)", "running", "http://127.0.0.1:8081"},
		{"[ready] Server started at localhost:4321/", "started", "localhost:4321"},
		{"connecting to db at 10.0.0.5:5432", "", ""},
		{"we are running on the new box now", "", ""},
	} {
		if v, a := announcedAddress(tc.line); v != tc.verb || a != tc.addr {
			t.Errorf("announcedAddress(%q) = %q %q, want %q %q", tc.line, v, a, tc.verb, tc.addr)
		}
	}
	for _, tc := range []struct{ line, key, was, now string }{
		{`Changing dist "quicklisp" from version 2023-10-21 to version 2024-10-12.`, "dist \"quicklisp", "2023-10-21", "2024-10-12"},
		{"Upgrading node from 20.11.1 to 22.3.0", "node", "20.11.1", "22.3.0"},
		{"info: Switching toolchain from 1.79.0 to 1.82.0", "toolchain", "1.79.0", "1.82.0"},
		// prose, a dry run and two shapes
		{"we should probably move from 5432 to 5433 at some point", "", "", ""},
		{"Would change base from 3.18 to 3.20", "", "", ""},
		{"Changing timeout from 30s to 2024-01-01", "", "", ""},
	} {
		if k, w, n := printedChange(tc.line); n != tc.now || w != tc.was || n != "" && k != tc.key {
			t.Errorf("printedChange(%q) = %q %q %q, want %q %q %q", tc.line, k, w, n, tc.key, tc.was, tc.now)
		}
	}
	mem := "# Project Memory\n\n- The API listens on port 8000 (gunicorn).\n- Packages come from the internal index snapshot 2024.05.\n"
	w := newWorld(t)
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:after the restart:\n[INFO] Listening on 0.0.0.0:8100.", "u:the compose healthcheck still says 8000, fix it", "x:go test ./...")
	w.add("b", true, "u:synced:\nUpdating index snapshot from 2024.05 to 2024.11", "x:go test ./...")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "port 8100") || !strings.Contains(got, "snapshot 2024.11") {
		t.Errorf("lines not rewritten from the log line and the printed change:\n%s", got)
	}
	w = newWorld(t)
	if err := os.WriteFile(filepath.Join(w.memDir, "MEMORY.md"), []byte(mem), 0o600); err != nil {
		t.Fatal(err)
	}
	w.add("a", true, "u:after the restart:\n[INFO] Listening on 0.0.0.0:8100.", "u:looks fine", "x:go test ./...")
	if res := w.run(t); len(res.Candidates) != 0 {
		t.Errorf("a log line with no word of change proposed %+v", res.Candidates)
	}
}

// TestQueriedProductName: the version a binary prints under its
// product's name ("Xcode 16.2" for xcodebuild, "GROMACS" beside gmx,
// "PostgreSQL" beside pg_ctl) is the version of the program memory names
// by the product; a label ("Client Version:") names no product.
func TestQueriedProductName(t *testing.T) {
	for _, tc := range []struct{ cmd, output, line, want string }{
		{"xcodebuild -version", "Xcode 16.2\n", "Builds use Xcode 15.4.", "15.4"},
		{"gmx --version", ":-) GROMACS - gmx, 2024.4 (-:\n", "GROMACS 2023.3 with CUDA.", "2023.3"},
		{"pg_ctl --version", "pg_ctl (PostgreSQL) 16.4\n", "The database is PostgreSQL 15.2 in compose.", "15.2"},
		{"R --version", "R version 4.5.0 (2025-04-11)\n", "Checked against R 4.4.1.", "4.4.1"},
		{"kubectl version", "Client Version: v1.31.2\n", "Client 1.28 on the laptop.", ""},
	} {
		got := ""
		for _, st := range queriedVersion(commands(tc.cmd)[0], tc.output, source{quote: "updated"}) {
			if _, old := versionAfterName(tc.line, st.named, st.value); old != "" {
				got = old
			}
		}
		if got != tc.want {
			t.Errorf("%s printing %q against %q: old %q, want %q", tc.cmd, tc.output, tc.line, got, tc.want)
		}
	}
}

// TestQueriedAfterPinFileUpdate: a version memory sets for a pin follows
// the box's when the person tells an update of the very file the line
// names; an update of another file, or a question, leaves the pin alone.
func TestQueriedAfterPinFileUpdate(t *testing.T) {
	line := "Rust 1.79 pinned in rust-toolchain.toml."
	for _, tc := range []struct {
		intro string
		want  bool
	}{
		{"so the rust thing, I bumped rust-toolchain.toml because the new clippy lints wanted it", true},
		{"I updated .tool-versions, check what node says now", false},
		{"did you bump rust-toolchain.toml?", false},
		{"rust-toolchain.toml has the pin, what does rustc say", false},
	} {
		if got := updatedNamedFile(tc.intro, line); got != tc.want {
			t.Errorf("updatedNamedFile(%q) = %v, want %v", tc.intro, got, tc.want)
		}
	}
	mem := "# Project Memory\n\n- Terraform 1.7.5 pinned in .terraform-version.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:I bumped .terraform-version for the new provider, check what it reports", "x:terraform -version", "x:make check")
	withOutputs(w, "a", map[string]string{"-version": "Terraform v1.9.8\non linux_amd64\n"})
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "Terraform 1.9.8 pinned") {
		t.Errorf("pin line not rewritten after the pin file's update:\n%s", got)
	}
}

// TestCoordinateVersion: a Gradle plugin's or a deps.edn coordinate's
// version is read with the coordinate's name; a version of another shape
// of line, or a coordinate with no version, is not.
func TestCoordinateVersion(t *testing.T) {
	for _, tc := range []struct{ line, name, v string }{
		{`id("org.springframework.boot") version "3.3.5"`, "org.springframework.boot", "3.3.5"},
		{`id 'io.quarkus' version '3.15.1'`, "io.quarkus", "3.15.1"},
		{`kotlin("jvm") version "2.0.21"`, "jvm", "2.0.21"},
		{`:deps {org.clojure/clojure {:mvn/version "1.12.0"}`, "clojure", "1.12.0"},
		{`metosin/reitit {:mvn/version "0.7.2"}`, "reitit", "0.7.2"},
		{`id("com.diffplug.spotless")`, "", ""},
		{`io.github.foo/bar {:git/sha "abc123"}`, "", ""},
		{`the version is "3.3.5" now`, "", ""},
	} {
		if n, v := coordinateVersion(tc.line); n != tc.name || v != tc.v {
			t.Errorf("coordinateVersion(%q) = %q %q, want %q %q", tc.line, n, v, tc.name, tc.v)
		}
	}
	mem := "# Project Memory\n\n- Spring Boot 3.2 service on Java 21.\n- Clojure 1.11.1.\n"
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:Bumped Boot, here's the plugins block:\nplugins {\n    java\n    id(\"org.springframework.boot\") version \"3.3.5\"\n}", "x:./gradlew test")
	w.add("b", true, "u:I updated the dependencies; here is deps.edn now:\n{:deps {org.clojure/clojure {:mvn/version \"1.12.0\"}\n        ring/ring-core {:mvn/version \"1.13.0\"}}}", "x:clojure -M:test")
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, "Spring Boot 3.3.5") || !strings.Contains(got, "Clojure 1.12.0") {
		t.Errorf("lines not rewritten from the plugin and the coordinate:\n%s", got)
	}
}

// TestFoundPackages: the versions CMake's find_package prints for what it
// found on the box are read by the package's name up to its first digit;
// a line found with no version, or a line of another step, gives none.
func TestFoundPackages(t *testing.T) {
	out := "-- The CXX compiler identification is GNU 13.2.0\n" +
		"-- Found Qt6Core: /home/d/Qt/6.8.1/gcc_64/lib/cmake/Qt6Core (found suitable version \"6.8.1\", minimum required is \"6.5\")\n" +
		"-- Found OpenSSL: /usr/lib/x86_64-linux-gnu/libcrypto.so (found version \"3.0.2\")\n" +
		"-- Found Threads: TRUE\n" +
		"-- Configuring done (1.9s)\n"
	var got []string
	for _, st := range foundPackages(out, source{quote: "upgraded qt:"}) {
		got = append(got, st.key+"="+st.value)
	}
	if strings.Join(got, " ") != "Qt=6.8.1 OpenSSL=3.0.2" {
		t.Errorf("foundPackages = %v", got)
	}
	qt := false
	for _, st := range queriedVersion(commands("cmake -S . -B build -G Ninja")[0], out, source{quote: "upgraded qt:"}) {
		if _, old := versionAfterName("Qt 6.6 from the online installer.", st.named, st.value); st.key == "Qt" {
			qt = true
			if old != "6.6" {
				t.Errorf("Qt's found version does not replace memory's 6.6: %q", old)
			}
		}
	}
	if !qt {
		t.Error("queriedVersion reads no Qt from cmake's output")
	}
	if st := foundPackages("-- Found Threads: TRUE\n-- Build files have been written to: build\n", source{quote: "x"}); st != nil {
		t.Errorf("no version found, got %+v", st)
	}
}

// TestSeriesOf: a release series memory writes with a wildcard ("Salt
// 3006.x") takes a version of another series as that series; a release
// of its own series, or a value that is no series, is no new value.
func TestSeriesOf(t *testing.T) {
	for _, tc := range []struct{ old, v, want string }{
		{"3006.x", "3007.1", "3007.x"},
		{"1.15.x", "1.17.2", "1.17.x"},
		{"v2.x", "v3.0.1", "3.x"},
		{"3006.x", "3006.9", ""},
		{"1.15.x", "2", ""},
		{"nodejs18.x", "20.11.1", ""},
		{"3006", "3007.1", ""},
	} {
		if got := seriesOf(tc.old, tc.v); got != tc.want {
			t.Errorf("seriesOf(%q, %q) = %q, want %q", tc.old, tc.v, got, tc.want)
		}
	}
	mem := "# Project Memory\n\n- Salt 3006.x onedir on every minion.\n"
	for _, tc := range []struct{ output, want string }{
		{"salt-call 3007.1 (Chlorine)\n", "Salt 3007.x onedir"},
		{"salt-call 3006.9 (Sulfur)\n", ""},
	} {
		w := newWorld(t)
		withMemory(t, w, mem)
		w.add("a", true, "u:upgraded the test box. look:", "x:salt-call --version", "x:make test")
		withOutputs(w, "a", map[string]string{"--version": tc.output})
		if tc.want == "" {
			if res := w.run(t); len(res.Candidates) != 0 {
				t.Errorf("a release of memory's own series proposed %+v", res.Candidates)
			}
			continue
		}
		if got, _ := w.appliedPrivate(t, mem); !strings.Contains(got, tc.want) {
			t.Errorf("series line not moved to %q:\n%s", tc.want, got)
		}
	}
}

// TestProgramIn: a one-letter program is named only as a word of its own,
// a longer one anywhere in the text.
func TestProgramIn(t *testing.T) {
	for _, tt := range []struct {
		text, lp string
		want     bool
	}{
		{"r version 4.5.0", "r", true},
		{"rust version 1.80.0", "r", false},
		{":-) gromacs - gmx,", "gmx", true},
		{"xcode 16.2", "gmx", false},
	} {
		if got := programIn(tt.text, tt.lp); got != tt.want {
			t.Errorf("programIn(%q, %q) = %v, want %v", tt.text, tt.lp, got, tt.want)
		}
	}
}

// TestProductNames: the product a banner names before the version is a
// word the binary's name begins or ends with, or a capitalised word beside
// the binary's name; a word that labels a version names none.
func TestProductNames(t *testing.T) {
	for _, tt := range []struct {
		pre, lp string
		want    []string
	}{
		{"Xcode", "xcodebuild", []string{"xcode"}},
		{":-) GROMACS - gmx,", "gmx", []string{"gromac"}},
		{"Client Version:", "kubectl", nil},
		{"Build version", "xcodebuild", nil},
	} {
		if got := productNames(tt.pre, tt.lp); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("productNames(%q, %q) = %q, want %q", tt.pre, tt.lp, got, tt.want)
		}
	}
}

// TestPastedKeySlot: a memory line that writes a pasted key itself takes
// the value right after it, though the line holds other values of its
// shape; a key of another setting, or a paste shown with a question,
// changes nothing.
func TestPastedKeySlot(t *testing.T) {
	mem := "# Project Memory\n\n- Gunicorn runs with workerCount 4, timeout 30.\n"
	first := "u:the health check logs too much"
	laterMessageEdits(t, mem, first, "u:config after the load test, it reads now:\n| workerCount = 8\n| keepAlive = 5",
		"x:make check", []string{"- Gunicorn runs with workerCount 8, timeout 30."})
	laterMessageEdits(t, mem, first, "u:why does it fall over with this?\n| workerCount = 8", "x:make check", nil)
	laterMessageEdits(t, mem, first, "u:config after the load test, it reads now:\n| threadCount = 8", "x:make check", nil)
}

// TestPastedKindlessKey: a key naming the kind of value it holds
// ("channel_name", "bucket_id") sets what its other words name: the one
// value of a line naming that, written the way the pasted one is, is the
// old one. Two such values leave it open.
func TestPastedKindlessKey(t *testing.T) {
	first := "u:the digest job skips weekends"
	laterMessageEdits(t, "# Project Memory\n\n- Alerts go to the `ops-alerts-2` channel.\n", first,
		"u:moved the alerts, the config is now:\n| channel_name: ops-alerts-3", "x:make check",
		[]string{"- Alerts go to the `ops-alerts-3` channel."})
	laterMessageEdits(t, "# Project Memory\n\n- Alerts go to the `ops-alerts-2` channel, pages to the `ops-pager-1` channel.\n", first,
		"u:moved the alerts, the config is now:\n| channel_name: ops-alerts-3", "x:make check", nil)
	laterMessageEdits(t, "# Project Memory\n\n- Alerts go to the `ops-alerts-2` channel.\n", first,
		"u:moved the alerts, the config is now:\n| topic_name: ops-alerts-3", "x:make check", nil)
}

// TestPastedVersionOfUpdatedProgram: a version key whose words name no
// program of memory's ("config.version") gives the version of the
// program the person says they updated, when it is a later one.
func TestPastedVersionOfUpdatedProgram(t *testing.T) {
	mem := "# Project Memory\n\n- Godot 4.2, GDScript only.\n"
	first := "u:the title screen flickers"
	laterMessageEdits(t, mem, first, "u:here is project.godot after I upgraded godot\n| config.version = \"4.3\"", "x:make check",
		[]string{"- Godot 4.3, GDScript only."})
	laterMessageEdits(t, mem, first, "u:here is project.godot after I upgraded godot\n| config.version = \"4.1\"", "x:make check", nil)
	laterMessageEdits(t, mem, first, "u:here is project.godot\n| config.version = \"4.3\"", "x:make check", nil)
}

// TestPrintsConfig: a program's config subcommand prints the
// configuration it resolved, unless it writes one.
func TestPrintsConfig(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   bool
	}{
		{"npx expo config --type public", true},
		{"docker compose config", true},
		{"gcloud config list", true},
		{"npm config set registry https://npm.internal", false},
		{"git config --unset user.email", false},
		{"git commit -m config", false},
		{"cat config", false},
	} {
		if got := printsConfig(commands(tc.script)[0]); got != tc.want {
			t.Errorf("printsConfig(%q) = %v, want %v", tc.script, got, tc.want)
		}
	}
}

// TestShownResolvedConfig: the configuration a config subcommand printed
// after the person said the program was upgraded edits the memory line
// of the version it shows, as the file printed whole would.
func TestShownResolvedConfig(t *testing.T) {
	mem := "# Project Memory\n\n- Grafana 10.4 in the compose stack.\n"
	for _, tc := range []struct {
		name, prompt string
		want         bool
	}{
		{"told", "u:upgraded grafana over the weekend, check the stack", true},
		{"asked", "u:why won't grafana start with this stack?", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, mem)
			w.add("a", true, "u:the dashboards load slowly", "x:make check")
			w.add("b", true, tc.prompt, "x:docker compose config", "x:make check")
			withOutputs(w, "b", map[string]string{"compose config": "services:\n  grafana:\n    image: grafana/grafana:11.2.0\n    ports:\n      - 3000:3000\n"})
			edited := false
			for _, c := range w.run(t).Candidates {
				edited = edited || strings.Contains(c.Text, "Grafana 11.2")
			}
			if edited != tc.want {
				t.Errorf("edited = %v, want %v", edited, tc.want)
			}
		})
	}
}

// TestInlineDependency: a dependency written as an inline table gives
// its package's name (a "package" field renames it) and version; a table
// with no version, or of settings, gives nothing.
func TestInlineDependency(t *testing.T) {
	for _, tc := range []struct{ line, name, v string }{
		{`bevy = { version = "0.15.3", default-features = false, features = ["png"] }`, "bevy", "0.15.3"},
		{`gtk = { package = "gtk4", version = "0.9", features = ["v4_14"] }`, "gtk4", "0.9"},
		{`django = { version = "^5.1", extras = ["bcrypt"] }`, "django", "5.1"},
		{`serde = { workspace = true }`, "", ""},
		{`mylib = { path = "../mylib" }`, "", ""},
		{`db = { host = "db.lan", port = 5432 }`, "", ""},
	} {
		if name, v := inlineDependency(tc.line); name != tc.name || v != tc.v {
			t.Errorf("inlineDependency(%q) = %q, %q; want %q, %q", tc.line, name, v, tc.name, tc.v)
		}
	}
}

// TestPastedDependencySection: a key under a section of dependencies or
// versions names the program its version is of, and that version edits
// the memory line naming the program, not a line naming another; a key
// of another section names no program.
func TestPastedDependencySection(t *testing.T) {
	named := map[string]string{}
	for _, s := range pastedSettings("[dependencies]\navian2d = \"0.2\"\n\n[server]\nport = 8100\n", source{}) {
		named[s.key] = strings.Join(s.named, "+")
	}
	if named["avian2d"] != "avian2d" || named["port"] != "" {
		t.Errorf("named = %v, want avian2d for avian2d and nothing for port", named)
	}
	mem := "# Project Memory\n\n- The API is served by FastAPI 0.110 behind nginx.\n"
	first := "u:the health endpoint is slow"
	laterMessageEdits(t, mem, first, "u:here's pyproject now:\n| [tool.poetry.dependencies]\n| fastapi = \"^0.115.0\"\n| httpx = \"^0.28\"",
		"x:make check", []string{"- The API is served by FastAPI 0.115.0 behind nginx."})
	laterMessageEdits(t, mem, first, "u:here's pyproject now:\n| [tool.poetry.dependencies]\n| uvicorn = \"^0.115.0\"",
		"x:make check", nil)
}

// TestPastedAddressKey: "admin_addr" sets the admin server's address:
// the memory line naming the admin server takes its port; another
// server's key changes nothing.
func TestPastedAddressKey(t *testing.T) {
	mem := "# Project Memory\n\n- The admin server listens on :7000.\n"
	first := "u:the audit log rotates too often"
	laterMessageEdits(t, mem, first, "u:ops moved it, the config is now:\n| admin_addr: \":7100\"", "x:make check",
		[]string{"- The admin server listens on :7100."})
	laterMessageEdits(t, mem, first, "u:ops moved it, the config is now:\n| metrics_addr: \":7100\"", "x:make check", nil)
}

// TestShownBeforeWords: a config file the agent printed before the
// person said anything in the session is read with their first words,
// as a paste's intro: told as what holds now it edits memory, asked
// about it does not.
func TestShownBeforeWords(t *testing.T) {
	mem := "# Project Memory\n\n- Workers pull jobs from the queue on port 5672.\n"
	for _, tc := range []struct {
		name, prompt string
		want         []string
	}{
		{"told", "u:that's what is deployed now, ops moved the broker", []string{"- Workers pull jobs from the queue on port 5679."}},
		{"asked", "u:why would the workers not connect with this?", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			shownQueueConfig(t, mem, []string{"x:cat deploy/queue.toml", tc.prompt}, tc.want)
		})
	}
}

// TestNamedProduct: a banner's product that the person's message names is
// what the binary asked belongs to; one the message does not name, or a
// label, is not.
func TestNamedProduct(t *testing.T) {
	for _, tc := range []struct {
		cmd, output, intro, want string
	}{
		{"soffice --version", "LibreOffice 24.8.3.2 480(Build:2)\n", "The office upgraded everybody's LibreOffice.", "24.8.3.2"},
		{"acad --version", "AutoCAD 2025.1.2 (build 57)\n", "IT rolled out the new AutoCAD on the lab boxes", "2025.1.2"},
		{"soffice --version", "LibreOffice 24.8.3.2 480(Build:2)\n", "the macros fail to load", ""},
		{"mytool --version", "Python 3.12.1\n", "we upgraded mytool", ""},
	} {
		var got string
		for _, s := range queriedVersion(commands(tc.cmd)[0], tc.output, source{quote: tc.intro}) {
			got = s.value
		}
		if got != tc.want {
			t.Errorf("queriedVersion(%q, %q) under %q = %q, want %q", tc.cmd, tc.output, tc.intro, got, tc.want)
		}
	}
}
