package offline

import (
	"strings"
	"testing"
)

// TestDriftEditsMemoryLine: a later session names the program memory
// writes a version after with another version, in a sentence saying
// something changed, and the memory line takes the new version. A
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
		{"question", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:does the release box ship Erlang 26.2 now?",
			"", ""},
		{"no change word", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:the Erlang 26.2 changelog has a nice section on the JIT",
			"", ""},
		{"one-off", "# Project Memory\n\n- Release box: Debian 12, Erlang 25.3 from the distro.\n",
			"u:for this benchmark only we run Erlang 26.2 now, put it back afterwards",
			"", ""},
		{"two lines", "# Project Memory\n\n- Release box runs Erlang 25.3.\n- The CI image pins Erlang 24.3 for the old branch.\n",
			"u:ops rebuilt the release box and it ships Erlang 26.2 now",
			"", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, tc.mem)
			w.add("a", true, "u:the login form loses focus on submit", "x:mix test")
			w.add("b", true, tc.said, "x:mix test")
			if tc.not == "" {
				if res := w.run(t); len(res.Candidates) != 0 {
					t.Errorf("proposed %+v", res.Candidates)
				}
				return
			}
			got, _ := w.appliedPrivate(t, tc.mem)
			if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
				t.Errorf("want %q and no %q in:\n%s", tc.want, tc.not, got)
			}
			if again := w.run(t); len(again.Candidates) != 0 {
				t.Errorf("second run proposed %+v", again.Candidates)
			}
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
