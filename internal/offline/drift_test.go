package offline

import (
	"strings"
	"testing"
)

// TestDriftEditsMemoryLine: a later session names the program memory
// writes a version after with another version, in a sentence saying
// something changed or asking for the change, and the memory line takes
// the new version. A
// question, a sentence with no word of change, a one-off and a name memory
// writes two versions after change nothing.
func TestDriftEditsMemoryLine(t *testing.T) {
	for _, tc := range []struct {
		name, mem, said string
		want, not       string
	}{
		{"told in passing", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:ops rebuilt the release box over the weekend: its name is rel-2.corp.lan now and it ships Erlang 26.2, so recheck the boot script",
			"- Release box: Debian 12, Erlang 26.2 from the distro.", "25.3"},
		{"memory behind", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:the release box ships Erlang 26.2, the memory file still has the old number",
			"- Release box: Debian 12, Erlang 26.2 from the distro.", "25.3"},
		{"request with memory", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:bump erlang to 26.2 on the release box and fix the memory file too",
			"- Release box: Debian 12, Erlang 26.2 from the distro.", "25.3"},
		// a request carried out changes the project as a change told
		// does (requestAsDone); one for a while does not
		{"request alone", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:bump erlang to 26.2 on the release box",
			"- Release box: Debian 12, Erlang 26.2 from the distro.", "25.3"},
		{"request for a while", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:bump erlang to 26.2 on the release box for now", "", ""},
		{"question", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:does the release box ship Erlang 26.2 now?",
			"", ""},
		{"no change word", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:the Erlang 26.2 changelog has a nice section on the JIT",
			"", ""},
		{"one-off", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:for this benchmark only we run Erlang 26.2 now, put it back afterwards",
			"", ""},
		{"two lines, one named", "# Project Memory\n\n- Release box runs Erlang 25.3.\n- The CI image pins Erlang 24.3 for the old branch.\n",
			"u:ops rebuilt the release box and it ships Erlang 26.2 now",
			"- Release box runs Erlang 26.2.\n- The CI image pins Erlang 24.3 for the old branch.", "25.3"},
		// other notes are not memory, and memory said to be behind needs
		// the version said as held
		{"release notes", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:the release notes still mention Erlang 26.2, that upgrade was called off", "", ""},
		{"behind but not held", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:the memory file is stale about the box; Erlang 26.2 breaks the ssl app so we stay put", "", ""},
		// a version that dates something is not the one held
		{"dated by since", "# Project Memory\n\n- Elixir 1.15.7 is the language version.\n",
			"u:No, Enum.chunk is deprecated since Elixir 1.16, with the warnings it fails our build. Use Enum.chunk_every please.", "", ""},
		// the old version named as the one given up is the word of
		// change, not a sign it is still held
		{"old one retired", "# Project Memory\n\n- Built with DITA-OT 4.1.2.\n",
			"u:IT have installed DITA-OT 4.2.3 and asked us to retire 4.1.2, so the builds need the new one",
			"- Built with DITA-OT 4.2.3.", "4.1.2"},
		{"old one still run", "# Project Memory\n\n- Built with DITA-OT 4.1.2.\n",
			"u:IT have installed DITA-OT 4.2.3 next to 4.1.2, we keep both for now", "", ""},
		{"two lines, neither named", "# Project Memory\n\n- Release box runs Erlang 25.3.\n- The CI image pins Erlang 24.3 for the old branch.\n",
			"u:ops rebuilt everything and it ships Erlang 26.2 now",
			"", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.not == "" {
				tc.want = ""
			}
			memoryEdit(t, tc.mem, tc.said, tc.want, tc.not)
		})
	}
}

// TestNamedVersions: the versions a line writes right after a name.
func TestNamedVersions(t *testing.T) {
	got := []string{}
	for _, nv := range namedVersions("- Built with `zig 0.11.0` on port 8080, Node 20 for the docs; timeout: 30 seconds.") {
		got = append(got, nv.name+"="+nv.version)
	}
	if want := "zig=0.11.0 port=8080 Node=20"; strings.Join(got, " ") != want {
		t.Errorf("namedVersions = %v, want %s", got, want)
	}
}

// TestMemoryValueChanges: a later sentence that tells a change names a
// value memory holds in one of its shapes: a version joined to a name
// with another version after the same name, the host memory names given
// way to another written the same way, or memory's only dotted version
// replaced by a newer one said to be held (written with the line's "v"). A value said to stay, a
// version given up, an older version and a version beside another value
// change nothing.
func TestMemoryValueChanges(t *testing.T) {
	for _, tc := range []struct {
		name, mem, said string
		want, not       string
	}{
		{"joined version", "# Project Memory\n\n- Releases use acme/release-kit@3.2 in the pipeline.\n",
			"u:we switched the pipeline over to release-kit@4.0 this morning",
			"- Releases use acme/release-kit@4.0 in the pipeline.", "@3.2"},
		{"host given way", "# Project Memory\n\n- Backups are pulled from vault-03 at night.\n",
			"u:we moved everything to vault-07 on friday, vault-03 gets reformatted on monday",
			"- Backups are pulled from vault-07 at night.", "vault-03"},
		{"host stays", "# Project Memory\n\n- Backups are pulled from vault-03 at night.\n",
			"u:we moved the log shipper to vault-07 last week, vault-03 still pulls the backups", "", "Backups are pulled"},
		{"only version", "# Project Memory\n\n- The wiki runs Gitea v1.20.4 behind caddy.\n",
			"u:ops finished the upgrade, we're on 1.21.2 now", "- The wiki runs Gitea v1.21.2 behind caddy.", "1.20.4"},
		{"version given up", "# Project Memory\n\n- The wiki runs Gitea v1.20.4 behind caddy.\n",
			"u:the container tag changed, 1.19.8 is gone", "", "wiki runs"},
		{"older version", "# Project Memory\n\n- The wiki runs Gitea v1.20.4 behind caddy.\n",
			"u:ops rolled back, we're on 1.18.1 now", "", "wiki runs"},
		{"other program's version", "# Project Memory\n\n- The wiki runs Gitea v1.20.4 behind caddy.\n",
			"u:I updated the charting library, we're on 1.22.0 now", "", "wiki runs"},
		{"other library's upgrade", "# Project Memory\n\n- The wiki runs Gitea v1.20.4 behind caddy.\n",
			"u:ops finished the payment SDK upgrade, we're on 2.3.0 now", "", "wiki runs"},
		{"version named with the line's program", "# Project Memory\n\n- The wiki runs Gitea v1.20.4 behind caddy.\n",
			"u:the gitea upgrade went through, we're on 1.21.2 now", "- The wiki runs Gitea v1.21.2 behind caddy.", "1.20.4"},
		{"other host's port", "# Project Memory\n\n- The dev server runs on localhost:5173.\n",
			"u:I moved grafana to localhost:3001 now, the dashboards load fine", "", "dev server runs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			memoryEdit(t, tc.mem, tc.said, tc.want, tc.not)
		})
	}
}

// TestVersionStem: a version joined to a name splits at the joint; a name
// that only holds a digit is no version.
func TestVersionStem(t *testing.T) {
	for in, want := range map[string]string{
		"acme/release-kit@3.2": "acme/release-kit@ 3.2", "node:20": "node: 20", "net8.0": "net 8.0",
		"utf8": " ", "h264": " ", "https://x.example:8443": " ", "v1.2": " ",
		"localhost:5173": " ", "db.lan:5432": " ", "10.0.0.5:80": " ", "cache:6379": " ",
	} {
		st, ver := versionStem(in)
		if got := st + " " + ver; got != want {
			t.Errorf("versionStem(%q) = %q, want %q", in, got, want)
		}
	}
}

// memoryEdit runs a session and then one with said over memory mem. With
// want, memory after the patch holds want and not not, and a second run
// adds nothing; without, no proposal holds not (or, with no not either,
// nothing is proposed).
func memoryEdit(t *testing.T, mem, said, want, not string) {
	t.Helper()
	w := newWorld(t)
	withMemory(t, w, mem)
	w.add("a", true, "u:the login form loses focus on submit", "x:make check")
	w.add("b", true, said, "x:make check")
	if want == "" {
		for _, c := range w.run(t).Candidates {
			if not == "" || strings.Contains(c.Text, not) {
				t.Errorf("proposed %+v", c)
			}
		}
		return
	}
	got, _ := w.appliedPrivate(t, mem)
	if !strings.Contains(got, want) || strings.Contains(got, not) {
		t.Errorf("want %q and no %q in:\n%s", want, not, got)
	}
	if again := w.run(t); len(again.Candidates) != 0 {
		t.Errorf("second run proposed %+v", again.Candidates)
	}
}

// TestRunOnMessageChange: a change told inside one sentence run on past
// 400 characters still edits memory: the sentence is read by its clauses.
func TestRunOnMessageChange(t *testing.T) {
	long := "u:right so I was in the server room most of the afternoon swapping disks and reseating cables, " +
		"the build farm is at Jenkins 2.462 now on every agent, the old controller is powered down, " +
		"and while I was there I noticed the fans on rack two are loud, the ticket for that is with facilities, " +
		"and the label printer is out of tape again, somebody should order more before friday, " +
		"and then can you look at why the nightly job takes so long on the arm agents"
	if len(long) <= 400 {
		t.Fatalf("message is %d characters, want a run-on past 400", len(long))
	}
	memoryEdit(t, "# Project Memory\n\n- CI: Jenkins 2.440 with the kubernetes plugin.\n", long,
		"- CI: Jenkins 2.462 with the kubernetes plugin.", "2.440")
	if parts := runOnParts(strings.Repeat("word ", 100) + ", " + strings.Repeat("more ", 10)); len(parts) != 1 || strings.HasPrefix(parts[0], "word") {
		t.Errorf("runOnParts kept a clause past 400 characters: %q", parts)
	}
}

// TestStillHeld: a value said to stay is one the sentence names followed
// by a word of staying; a longer name holding it, or a value that gives
// way, is not.
func TestStillHeld(t *testing.T) {
	for _, tc := range []struct {
		s, v string
		want bool
	}{
		{"vault-07 took the logs, Vault-03 still pulls the backups", "vault-03", true},
		{"db-2 stays as the replica", "db-2", true},
		{"we moved everything to vault-07, vault-03 gets reformatted", "vault-03", false},
		{"old-vault-03 still pulls the backups, vault-03 is gone", "vault-03", false},
		{"vault-03 is gone and vault-030 stays", "vault-03", false},
	} {
		if got := stillHeld(tc.s, tc.v); got != tc.want {
			t.Errorf("stillHeld(%q, %q) = %v, want %v", tc.s, tc.v, got, tc.want)
		}
	}
}

// TestMemoryStale: every agent's memory file, named as behind, says memory
// is stale; other notes do not.
func TestMemoryStale(t *testing.T) {
	for s, want := range map[string]bool{
		"the memory file still has the old number": true,
		"CLAUDE.md still says Python 3.11":         true,
		"please update AGENTS.md":                  true,
		"the release notes still mention 3.11":     false,
		// the line named between memory and the word calling it behind
		"The note in memory about returning the probability is simply wrong": true,
	} {
		if got := memoryStaleRe().MatchString(s); got != want {
			t.Errorf("memoryStaleRe(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestRanVersionChanges: a versioned name memory writes (an install's
// path, an image) that the new sessions' commands write with other digits,
// the same other ones at least twice and memory's never after, changes to
// the one the commands write. One run, two new versions, memory's version
// run again, a bare tag or an address with fewer than two letters name no
// change.
func TestRanVersionChanges(t *testing.T) {
	isNew := func(int) bool { return true }
	for _, tt := range []struct {
		mem      string
		sessions [][]string
		want     string
	}{
		{"- Built with DITA-OT 4.1.2 from ~/tools/dita-ot-4.1.2.", [][]string{{"~/tools/dita-ot-4.1.2/bin/dita validate -i m.ditamap"},
			{"~/tools/dita-ot-4.2.3/bin/dita validate -i m.ditamap", "~/tools/dita-ot-4.2.3/bin/dita -i m.ditamap -f pdf"}},
			"~/tools/dita-ot-4.1.2>~/tools/dita-ot-4.2.3"},
		{"- The proxy is envoyproxy/envoy:v1.29.4.", [][]string{{"docker pull envoyproxy/envoy:v1.31.2"}, {"docker run --rm envoyproxy/envoy:v1.31.2 --version"}},
			"envoyproxy/envoy:v1.29.4>envoyproxy/envoy:v1.31.2"},
		// Negatives.
		{"- Built from ~/tools/dita-ot-4.1.2.", [][]string{{"~/tools/dita-ot-4.2.3/bin/dita validate -i m.ditamap"}}, ""},
		{"- Built from ~/tools/dita-ot-4.1.2.", [][]string{{"~/tools/dita-ot-4.2.3/bin/dita validate"}, {"~/tools/dita-ot-4.1.2/bin/dita validate"}, {"~/tools/dita-ot-4.2.3/bin/dita validate"}}, ""},
		{"- Built from ~/tools/dita-ot-4.1.2.", [][]string{{"~/tools/dita-ot-4.2.3/bin/dita validate"}, {"~/tools/dita-ot-4.3.0/bin/dita validate"}}, ""},
		{"- Firmware tag is v0.2.", [][]string{{"git checkout v0.3"}, {"git describe --match v0.3"}}, ""},
		{"- The NIC is at 0000:3b:00.1.", [][]string{{"dpdk-devbind.py -b vfio-pci 0000:3b:00.0"}, {"dpdk-devbind.py -u 0000:3b:00.0"}}, ""},
	} {
		var ms []mined
		for i, cmds := range tt.sessions {
			ms = append(ms, sessionOf(i, cmds...))
		}
		var got []string
		for _, ch := range ranVersionChanges(runsOf(ms), memKnown(tt.mem), isNew) {
			got = append(got, ch.old+">"+ch.new)
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("ranVersionChanges(%q, %q) = %v, want %q", tt.mem, tt.sessions, got, tt.want)
		}
	}
}

// TestAlongVersion: an edit of a version changes it wherever else the
// line writes it, alone or in a name, and leaves other numbers alone.
func TestAlongVersion(t *testing.T) {
	for _, tt := range []struct{ line, old, new, want string }{
		{"GROMACS 2023.3, loaded with `module load gromacs/2024.2`.", "gromacs/2023.3", "gromacs/2024.2", "GROMACS 2024.2, loaded with `module load gromacs/2024.2`."},
		{"Geant4 11.2 installed under /opt/geant4-11.1.", "11.1", "11.2", "Geant4 11.2 installed under /opt/geant4-11.2."},
		{"Node 18.2 with 18.20 docs and 118.2 ms.", "18.2", "20.1", "Node 20.1 with 18.20 docs and 118.2 ms."},
		{"Port 8080 and 8081.", "8080", "8081", "Port 8080 and 8081."},
	} {
		if got := alongVersion(tt.line, tt.old, tt.new); got != tt.want {
			t.Errorf("alongVersion(%q, %q, %q) = %q, want %q", tt.line, tt.old, tt.new, got, tt.want)
		}
	}
}

// TestVersionEditOfPath: a version given up for a path holding the new
// one changes the version, and the path the line also writes goes with it.
func TestVersionEditOfPath(t *testing.T) {
	memoryEdit(t, "# Project Memory\n\n- Geant4 11.1 installed under /opt/geant4-11.1; source bin/geant4.sh before running cmake.\n",
		"u:The cluster admins have moved everyone to Geant4 11.2, it's under /opt/geant4-11.2 now and 11.1 is gone entirely, so reconfigure against the new install.",
		"- Geant4 11.2 installed under /opt/geant4-11.2; source bin/geant4.sh before running cmake.", "11.1")
}

// TestRanFlagChanges: a path memory writes that the commands gave one
// option changes to the path the new sessions' runs give that option, the
// same one in two sessions at least and memory's never after. A path
// given to two options, one session, a temporary folder, two new paths or
// memory's path given again change nothing.
func TestRanFlagChanges(t *testing.T) {
	isNew := func(int) bool { return true }
	const mem = "- Evaluation against the gold set in data/gold/ (200 pages), metric CER."
	for _, tt := range []struct {
		sessions [][]string
		want     string
	}{
		{[][]string{{"python cer.py --gold data/gold/ --pred out/"}, {"python cer.py --gold data/gold_v2/ --pred out/"}, {"python cer.py --gold=data/gold_v2 --pred out/"}},
			"data/gold/>data/gold_v2/"},
		// Negatives.
		{[][]string{{"python cer.py --gold data/gold/"}, {"python cer.py --gold data/gold_v2/", "python cer.py --gold data/gold_v2/ -v"}}, ""},
		{[][]string{{"python cer.py --gold data/gold/"}, {"python cer.py --gold /tmp/gold-test/"}, {"python cer.py --gold /tmp/gold-test/"}}, ""},
		{[][]string{{"python cer.py --gold data/gold/"}, {"python cer.py --gold data/gold_v2/"}, {"python cer.py --gold data/gold/"}, {"python cer.py --gold data/gold_v2/"}}, ""},
		{[][]string{{"python cer.py --gold data/gold/"}, {"python cer.py --gold data/gold_v2/"}, {"python cer.py --gold data/gold_v3/"}}, ""},
		{[][]string{{"python cer.py --gold data/gold/", "python plot.py -i data/gold/"}, {"python cer.py --gold data/gold_v2/"}, {"python cer.py --gold data/gold_v2/"}}, ""},
	} {
		var ms []mined
		for i, cmds := range tt.sessions {
			ms = append(ms, sessionOf(i, cmds...))
		}
		var got []string
		for _, ch := range ranFlagChanges(runsOf(ms), memKnown(mem), isNew) {
			got = append(got, ch.old+">"+ch.new)
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("ranFlagChanges(%q) = %v, want %q", tt.sessions, got, tt.want)
		}
	}
}

// TestRanSettingChanges: a variable memory sets changes to the value the
// new sessions' runs set it to, for one command, as an argument or as a
// CMake definition: in two runs, or in one the person's words back. One
// unbacked run, two new values, memory's value set again after, or a
// switch's value change nothing, or change it only where it is set.
func TestRanSettingChanges(t *testing.T) {
	isNew := func(int) bool { return true }
	for _, tt := range []struct {
		mem      string
		sessions [][]string
		said     string
		want     string
	}{
		{"- Target board is rpi0; build with MIX_TARGET=rpi0.", [][]string{{"MIX_TARGET=rpi0 mix firmware"}, {"MIX_TARGET=rpi0_2 mix deps.get", "MIX_TARGET=rpi0_2 mix firmware"}}, "",
			"rpi0>rpi0_2"},
		{"- Dev site is moodle-docker (MOODLE_DOCKER_DB=pgsql).", [][]string{{"echo 'MOODLE_DOCKER_DB=mariadb' >> local.env"}}, "Could you switch moodle-docker over to mariadb?",
			"pgsql>mariadb"},
		{"- Built against LLVM 17 (-DLLVM_DIR=/usr/lib/llvm-17/lib/cmake/llvm).", [][]string{{"cmake -B build -DLLVM_DIR=/usr/lib/llvm-18/lib/cmake/llvm"}, {"env LLVM_DIR=/usr/lib/llvm-18/lib/cmake/llvm cmake -B build"}}, "",
			"/usr/lib/llvm-17/lib/cmake/llvm>/usr/lib/llvm-18/lib/cmake/llvm"},
		{"- AFL++ builds use afl-clang-fast with AFL_USE_ASAN=1.", [][]string{{"AFL_USE_ASAN=0 make fuzz"}, {"AFL_USE_ASAN=0 make fuzz"}}, "",
			"AFL_USE_ASAN=1>AFL_USE_ASAN=0"},
		// Negatives.
		{"- Dev site is moodle-docker (MOODLE_DOCKER_DB=pgsql).", [][]string{{"echo 'MOODLE_DOCKER_DB=mariadb' >> local.env"}}, "Could you switch moodle-docker over?", ""},
		{"- Build with MIX_TARGET=rpi0.", [][]string{{"MIX_TARGET=rpi3 mix firmware"}, {"MIX_TARGET=rpi4 mix firmware"}}, "", ""},
		{"- Build with MIX_TARGET=rpi0.", [][]string{{"MIX_TARGET=rpi3 mix firmware"}, {"MIX_TARGET=rpi3 mix firmware"}, {"MIX_TARGET=rpi0 mix firmware"}}, "", ""},
		{"- Build with `MIX_TARGET=rpi0 mix firmware`.", [][]string{{"MIX_TARGET=rpi3 mix firmware"}, {"MIX_TARGET=rpi3 mix firmware"}}, "", ""},
		{"- Scratch builds go to OUT_DIR=build/out.", [][]string{{"OUT_DIR=/tmp/x make"}, {"OUT_DIR=/tmp/x make"}}, "", ""},
	} {
		var ms []mined
		for i, cmds := range tt.sessions {
			ms = append(ms, sessionOf(i, cmds...))
		}
		var said []source
		if tt.said != "" {
			said = []source{{quote: tt.said}}
		}
		var got []string
		for _, ch := range ranSettingChanges(runsOf(ms), said, memKnown(tt.mem), isNew) {
			got = append(got, ch.old+">"+ch.new)
		}
		if strings.Join(got, ",") != tt.want {
			t.Errorf("ranSettingChanges(%q, %q) = %v, want %q", tt.mem, tt.sessions, got, tt.want)
		}
	}
}
