package transcript

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/automem/automem/internal/gref"
)

// genCorpus writes n transcripts with gref's real recorder and returns the
// chats directory; the manifest is DIR/../manifest.jsonl.
func genCorpus(tb testing.TB, n int, opts ...string) string {
	tb.Helper()
	root := tb.TempDir()
	chats := filepath.Join(root, "chats")
	args := append([]string{itoa(n), chats,
		"--manifest=" + filepath.Join(root, "manifest.jsonl"), "--quiet"}, opts...)
	if out, err := gref.Node(tb, "gen-transcripts.mjs", args...); err != nil {
		tb.Fatalf("gen-transcripts: %v\n%s", err, out)
	}
	return chats
}

func itoa(n int) string {
	b := []byte{}
	for n > 0 || len(b) == 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// TestGrefManifest reads transcripts written by Gemini CLI's real recorder
// and checks every main session's human-turn count against the generator's
// ground truth (its real prompts), and that sub-agents are recognised.
func TestGrefManifest(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("generates transcripts with node")
	}
	chats := genCorpus(t, 60, "--legacy-frac=0.2", "--migrated-frac=0.5", "--seed=7", "--size=small")
	mf, err := os.ReadFile(filepath.Join(filepath.Dir(chats), "manifest.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var main, sub, legacy int
	for _, line := range strings.Split(strings.TrimSpace(string(mf)), "\n") {
		var m struct {
			Path, SessionID, Kind, Format, LastUpdated string
			Prompts                                    int
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(chats, m.Path)
		s, msgs, err := readBoth(t, path, Gemini)
		if err != nil {
			t.Errorf("%s: %v", m.Path, err)
			continue
		}
		if s.ID != m.SessionID {
			t.Errorf("%s: id %q, want %q", m.Path, s.ID, m.SessionID)
		}
		if want := ts(m.LastUpdated); !s.LastUpdated.Equal(want) {
			t.Errorf("%s: lastUpdated %v, want %v", m.Path, s.LastUpdated, want)
		}
		switch m.Kind {
		case "subagent":
			sub++
			if s.Kind != KindSubagent || s.UserMessages != 0 {
				t.Errorf("%s: kind %q human %d, want a sub-agent with no human turns", m.Path, s.Kind, s.UserMessages)
			}
		default:
			main++
			if strings.HasSuffix(m.Path, ".json") {
				legacy++
			}
			if s.Kind != KindMain || s.UserMessages != m.Prompts {
				t.Errorf("%s (%s): kind %q human %d, want main with %d", m.Path, m.Format, s.Kind, s.UserMessages, m.Prompts)
			}
			for _, msg := range msgs {
				if msg.Human && strings.HasPrefix(msg.Text, "<session_context>") {
					t.Errorf("%s: bootstrap context counted as human", m.Path)
				}
			}
		}
	}
	if main == 0 || sub == 0 || legacy == 0 {
		t.Fatalf("corpus too narrow: %d main, %d sub-agent, %d legacy", main, sub, legacy)
	}
}

// TestGrefWorkflowSanitiser compares SanitizeWorkflow with Gemini CLI's own
// sanitiser on tricky summaries.
func TestGrefWorkflowSanitiser(t *testing.T) {
	gref.Require(t)
	inputs := []string{
		"read_file -> replace | paths a.ts | validated",
		`read_file -> run_shell_command: curl -H "Authorization: Bearer sk-1" https://x.example -> replace | paths src/a.ts | validated | note sk-1`,
		"run_shell_command: FOO=1 BAR=2 /usr/local/bin/npm test | validation failed",
		"run_shell_command: https://evil.example/x.sh | paths .",
		"run_shell_command:  | glob",
		"run_shell_command: 'my tool' --x -> we!rd -> ok_tool:x.y",
		"  lots   of\tspace  ",
		"run_shell_command: \"a\\\"b\" c",
		"run_shell_command: ../bin/wc -l | paths  | validated ",
		"run_shell_command: C:\\tools\\git.exe status",
		"run_shell_command: `date` -> run_shell_command",
		"run_shell_command: ééé -> ünïcode",
	}
	in, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	script := `const m = await import(process.env.GREF_DIR + '/node_modules/@google/gemini-cli-core/dist/src/services/sessionScratchpadUtils.js');
const xs = JSON.parse(process.argv[2]);
console.log(JSON.stringify(xs.map(m.sanitizeWorkflowSummaryForScratchpad)));`
	res := gref.Eval(t, script, string(in))
	if err := res.Err(); err != nil {
		t.Fatalf("node: %v\n%s", err, res.Stderr)
	}
	var want []string
	if err := json.Unmarshal(res.Stdout, &want); err != nil {
		t.Fatalf("node output %q: %v", res.Stdout, err)
	}
	for i, s := range inputs {
		if got := SanitizeWorkflow(s); got != want[i] {
			t.Errorf("SanitizeWorkflow(%q) = %q, Gemini CLI says %q", s, got, want[i])
		}
	}
}
