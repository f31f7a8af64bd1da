package state

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/gref"
)

type grefSession struct {
	SessionID   string `json:"sessionId"`
	LastUpdated string `json:"lastUpdated"`
	File        string `json:"file"`
}

func nodeJSON(t *testing.T, out []byte, err error, v any) {
	t.Helper()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), v); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
}

// Gemini CLI's real scan and index code must read a state file we wrote,
// keep all our runs, and treat the sessions we processed (including those
// only remembered through compaction) as processed; and after Gemini
// rewrites the file in its own format, we must still see them processed.
func TestGeminiReadsOurState(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("oracle test")
	}
	gref.Require(t)
	base := t.TempDir()
	chats := filepath.Join(base, "chats")
	memory := filepath.Join(base, "memory")
	os.MkdirAll(memory, 0o700)
	out, err := gref.Node(t, "gen-transcripts.mjs", "16", chats, "--age-hours=4-300", "--prompts=6-10",
		"--subagent-frac=0", "--seed=11", "--quiet")
	if err != nil {
		t.Fatalf("gen-transcripts: %v\n%s", err, out)
	}
	var listed struct {
		Eligible int           `json:"eligible"`
		Sessions []grefSession `json:"sessions"`
	}
	out, err = gref.Node(t, "scan.mjs", chats, "--list", "--json")
	nodeJSON(t, out, err, &listed)
	if listed.Eligible < 12 {
		t.Fatalf("only %d eligible sessions generated", listed.Eligible)
	}
	sess := listed.Sessions
	ver := func(s grefSession) SessionVersion {
		lu, err := time.Parse(time.RFC3339Nano, s.LastUpdated)
		if err != nil {
			t.Fatal(err)
		}
		v := NewVersion(s.SessionID, lu)
		if v.LastUpdated != s.LastUpdated {
			t.Fatalf("our rendering %q differs from Gemini's %q", v.LastUpdated, s.LastUpdated)
		}
		return v
	}

	now := time.Now().UTC()
	st := New(LoadOptions{Now: func() time.Time { return now }})
	st.MaxRuns = 3
	processed := map[string]bool{}
	// Sessions 0..5 read, one per run: the first three runs get compacted.
	for i := 0; i < 6; i++ {
		v := ver(sess[i])
		processed[v.SessionID] = true
		st.Record(Run{
			RunAt:             FormatTime(now.Add(time.Duration(i-20) * time.Minute)),
			CandidateSessions: []SessionVersion{v, ver(sess[6])},
			Verdicts: []SessionVerdict{
				{SessionID: v.SessionID, LastUpdated: v.LastUpdated, Verdict: VerdictRead},
				{SessionID: sess[6].SessionID, LastUpdated: ver(sess[6]).LastUpdated, Verdict: VerdictSkipped},
			},
			Extractor: "offline",
		})
	}
	st.Record(Run{RunAt: FormatTime(now.Add(-time.Minute)), Status: StatusFailed, Error: "endpoint down",
		CandidateSessions: []SessionVersion{ver(sess[7])}})
	statePath := filepath.Join(memory, ".extraction-state.json")
	if err := st.Save(statePath); err != nil {
		t.Fatal(err)
	}

	// Gemini keeps every run (synthetic and failed ones included).
	svc := filepath.Join(gref.InstallDir(), "node_modules", "@google", "gemini-cli-core", "dist", "src", "services", "memoryService.js")
	script := filepath.Join(base, "rw.mjs")
	os.WriteFile(script, []byte(`
import * as m from `+jsString(svc)+`;
const [src, dst] = process.argv.slice(2);
const s = await m.readExtractionState(src);
await m.writeExtractionState(dst, s);
process.stdout.write(JSON.stringify({runs: s.runs.length, processed: [...m.getProcessedSessionIds(s)]}) + "\n");
`), 0o600)
	rewritten := filepath.Join(base, "rewritten.json")
	var rw struct {
		Runs      int      `json:"runs"`
		Processed []string `json:"processed"`
	}
	o, err := gref.Node(t, script, statePath, rewritten)
	nodeJSON(t, o, err, &rw)
	if rw.Runs != len(st.Runs) {
		t.Fatalf("Gemini kept %d of our %d runs", rw.Runs, len(st.Runs))
	}
	gotProcessed := map[string]bool{}
	for _, id := range rw.Processed {
		gotProcessed[id] = true
	}
	for id := range processed {
		if !gotProcessed[id] {
			t.Errorf("Gemini does not see %s as processed", id)
		}
	}

	// Gemini's index marks exactly our processed sessions [old].
	checkIndex := func(state string) {
		t.Helper()
		var idx struct {
			Candidates   int    `json:"candidates"`
			SessionIndex string `json:"sessionIndex"`
		}
		out, err := gref.Node(t, "scan.mjs", chats, "--state="+state, "--index", "--json")
		nodeJSON(t, out, err, &idx)
		byFile := map[string]string{}
		for _, s := range sess {
			byFile[filepath.Join(chats, s.File)] = s.SessionID
		}
		seen := 0
		for _, line := range strings.Split(idx.SessionIndex, "\n") {
			i := strings.LastIndex(line, " — ")
			if i < 0 {
				continue
			}
			id := byFile[line[i+len(" — "):]]
			isOld := strings.HasPrefix(line, "[old]")
			if isOld != processed[id] {
				t.Errorf("Gemini marks %s old=%v, we processed=%v: %s", id, isOld, processed[id], line)
			}
			seen++
		}
		if seen != listed.Eligible {
			t.Errorf("index has %d lines, want %d", seen, listed.Eligible)
		}
		want := listed.Eligible - len(processed)
		if want > 10 {
			want = 10
		}
		if idx.Candidates != want {
			t.Errorf("Gemini offers %d NEW, want %d", idx.Candidates, want)
		}
	}
	checkIndex(statePath)
	checkIndex(rewritten)

	// We agree with Gemini, on our file and on Gemini's rewrite of it.
	for _, p := range []string{statePath, rewritten} {
		ours, err := Load(p, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sess {
			lu, _ := time.Parse(time.RFC3339Nano, s.LastUpdated)
			got := ours.Status(s.SessionID, lu)
			switch {
			case processed[s.SessionID]:
				if got.New || got.Exhausted {
					t.Errorf("%s: processed %s has status %+v", p, s.SessionID, got)
				}
			case s.SessionID == sess[6].SessionID: // offered 6 times, never read
				if !got.Exhausted {
					t.Errorf("%s: skipped session not exhausted: %+v", p, got)
				}
			default:
				if !got.New {
					t.Errorf("%s: unprocessed %s has status %+v", p, s.SessionID, got)
				}
			}
		}
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
