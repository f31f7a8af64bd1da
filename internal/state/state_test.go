package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

func fixedClock(t time.Time) func() time.Time { return func() time.Time { return t } }

func generic(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("invalid JSON %q: %v", b, err)
	}
	return v
}

// geminiFile is what Gemini CLI 0.61.0 writes (JSON.stringify(state, null,
// 2)), plus fields another writer added and a few oddities Gemini tolerates.
const geminiFile = `{
  "runs": [
    {
      "runAt": "2026-04-30T08:00:00.000Z",
      "sessionIds": ["legacy-a"],
      "skillsCreated": []
    },
    {
      "runAt": "2026-04-30T09:00:00.000Z",
      "sessionIds": ["s1"],
      "candidateSessions": [{"sessionId": "s1", "lastUpdated": "2026-04-30T05:00:00.000Z"}, {"sessionId": "s2", "lastUpdated": "2026-04-30T04:00:00.000Z"}],
      "processedSessions": [{"sessionId": "s1", "lastUpdated": "2026-04-30T05:00:00.000Z"}],
      "memoryCandidatesCreated": [".inbox/private/extraction.patch"],
      "memoryFilesUpdated": [],
      "skillsCreated": ["deploy-flow"],
      "turnCount": 7,
      "durationMs": 12345.5,
      "terminateReason": "GOAL",
      "someoneElses": {"nested": [1, 2]}
    },
    {"runAt": "2026-04-30T09:30:00.000Z", "sessionIds": ["x", 3], "skillsCreated": null},
    {"sessionIds": ["no-run-at"], "skillsCreated": []},
    {"runAt": "2026-04-30T09:40:00.000Z", "sessionIds": ["no-skills"]},
    42
  ],
  "topLevelExtra": {"keep": true}
}`

func TestRoundTripKeepsGeminiAndUnknownFields(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction-state.json")
	if err := os.WriteFile(path, []byte(geminiFile), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path, LoadOptions{Now: fixedClock(t0)})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 6 {
		t.Fatalf("runs = %d, want all 6 kept", len(s.Runs))
	}
	r := s.Runs[1]
	want := Run{
		RunAt:                   "2026-04-30T09:00:00.000Z",
		SessionIDs:              []string{"s1"},
		CandidateSessions:       []SessionVersion{{"s1", "2026-04-30T05:00:00.000Z"}, {"s2", "2026-04-30T04:00:00.000Z"}},
		ProcessedSessions:       []SessionVersion{{"s1", "2026-04-30T05:00:00.000Z"}},
		MemoryCandidatesCreated: []string{".inbox/private/extraction.patch"},
		MemoryFilesUpdated:      []string{},
		SkillsCreated:           []string{"deploy-flow"},
		TurnCount:               7, DurationMs: 12345.5, TerminateReason: "GOAL",
	}
	if !reflect.DeepEqual(r.CandidateSessions, want.CandidateSessions) || !reflect.DeepEqual(r.SkillsCreated, want.SkillsCreated) ||
		r.RunAt != want.RunAt || r.TurnCount != 7 || r.DurationMs != 12345.5 || r.TerminateReason != "GOAL" {
		t.Fatalf("decoded run = %+v", r)
	}
	if string(r.Extra["someoneElses"]) != `{"nested": [1, 2]}` && string(r.Extra["someoneElses"]) != `{"nested":[1,2]}` {
		t.Fatalf("unknown field = %s", r.Extra["someoneElses"])
	}
	// Lenient like Gemini: the string items of a mixed list count.
	if !reflect.DeepEqual(s.Runs[2].SessionIDs, []string{"x"}) {
		t.Fatalf("mixed sessionIds = %v", s.Runs[2].SessionIDs)
	}
	// Validity as Gemini's readExtractionState decides it.
	valid := []bool{true, true, true, false, false, false}
	for i, v := range valid {
		if s.Runs[i].geminiValid() != v {
			t.Errorf("run %d valid = %v, want %v", i, !v, v)
		}
	}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if !reflect.DeepEqual(generic(t, got), generic(t, []byte(geminiFile))) {
		t.Fatalf("round trip changed the file:\n%s", got)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode = %v", fi.Mode())
	}
}

func TestRecordFillsGeminiFieldsAndOurs(t *testing.T) {
	s := New(LoadOptions{Now: fixedClock(t0)})
	v1 := NewVersion("s1", t0.Add(-5*time.Hour))
	v2 := NewVersion("s2", t0.Add(-6*time.Hour))
	s.Record(Run{
		CandidateSessions: []SessionVersion{v1, v2},
		Verdicts: []SessionVerdict{
			{SessionID: "s1", LastUpdated: v1.LastUpdated, Verdict: VerdictRead},
			{SessionID: "s2", LastUpdated: v2.LastUpdated, Verdict: VerdictSkipped, Reason: "low signal"},
		},
		MemoryFilesUpdated: []string{"should-be-dropped"},
		Extractor:          "offline",
		Usage:              &Usage{PromptTokens: 10, CompletionTokens: 5, TotalTokens: 15, CachedTokens: 4, Estimated: true},
		Cost:               ptr(0.25),
		BackoffUntil:       "2026-05-01T13:00:00Z",
		BytesSent:          1234,
		TerminateReason:    "GOAL",
	})
	b, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []map[string]any `json:"runs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	r := doc.Runs[0]
	checks := map[string]any{
		"runAt":                   "2026-05-01T12:00:00.000Z",
		"sessionIds":              []any{"s1"},
		"processedSessions":       []any{map[string]any{"sessionId": "s1", "lastUpdated": "2026-05-01T07:00:00.000Z"}},
		"memoryFilesUpdated":      []any{},
		"skillsCreated":           []any{},
		"memoryCandidatesCreated": []any{},
		"tool":                    "automem",
		"status":                  "done",
		"extractor":               "offline",
		"bytesSent":               float64(1234),
		"cost":                    0.25,
		"backoffUntil":            "2026-05-01T13:00:00Z",
		"usage": map[string]any{"promptTokens": float64(10), "completionTokens": float64(5), "totalTokens": float64(15),
			"cachedTokens": float64(4), "estimated": true},
	}
	for k, v := range checks {
		if !reflect.DeepEqual(r[k], v) {
			t.Errorf("%s = %#v, want %#v", k, r[k], v)
		}
	}
	if len(r["candidateSessions"].([]any)) != 2 || r["verdicts"] == nil || r["usage"] == nil {
		t.Errorf("run = %v", r)
	}
}

func TestStatusVerdictsExhaustionAndResume(t *testing.T) {
	s := New(LoadOptions{Now: fixedClock(t0)})
	lu := t0.Add(-4 * time.Hour)
	v := NewVersion("s", lu)
	offer := func(verdict Verdict, status string) {
		s.Record(Run{
			CandidateSessions: []SessionVersion{v},
			Verdicts:          []SessionVerdict{{SessionID: "s", LastUpdated: v.LastUpdated, Verdict: verdict}},
			Status:            status,
		})
	}
	if st := s.Status("s", lu); st != (SessionStatus{New: true}) {
		t.Fatalf("never offered: %+v", st)
	}
	offer(VerdictSkipped, "")
	offer(VerdictFailed, StatusFailed) // a failed run is not an offer
	offer(VerdictSkipped, "")
	if st := s.Status("s", lu); st != (SessionStatus{New: true, Offers: 2}) {
		t.Fatalf("after 2 offers: %+v", st)
	}
	offer(VerdictFailed, "") // the session failed to read in a good run: an offer
	if st := s.Status("s", lu); st != (SessionStatus{Exhausted: true, Offers: 3}) {
		t.Fatalf("after 3 offers: %+v", st)
	}
	if got := s.LastVerdict("s", lu); got != VerdictFailed {
		t.Fatalf("last verdict = %q", got)
	}
	// Resumed: a new lastUpdated is a new version.
	if st := s.Status("s", lu.Add(time.Minute)); st != (SessionStatus{New: true}) {
		t.Fatalf("resumed: %+v", st)
	}
	// Read: old, whatever the offers.
	offer(VerdictRead, "")
	if st := s.Status("s", lu); st != (SessionStatus{Offers: 4}) {
		t.Fatalf("read: %+v", st)
	}
	// Matching is by instant, not by spelling.
	if st := s.Status("s", lu.In(time.FixedZone("x", 3600))); st.New {
		t.Fatal("same instant in another zone is a different version")
	}
}

func TestLegacyRunsUseRunAtRule(t *testing.T) {
	s := New(LoadOptions{})
	if err := s.decode([]byte(`{"runs":[{"runAt":"2026-05-01T10:00:00.000Z","sessionIds":["a"],"skillsCreated":[]}]}`)); err != nil {
		t.Fatal(err)
	}
	if st := s.Status("a", t0.Add(-3*time.Hour)); st.New || st.Offers != 1 {
		t.Fatalf("updated before the legacy run: %+v", st)
	}
	if st := s.Status("a", t0.Add(-time.Hour)); !st.New || st.Offers != 0 {
		t.Fatalf("updated after the legacy run: %+v", st)
	}
}

func TestNewOrder(t *testing.T) {
	s := New(LoadOptions{Now: fixedClock(t0)})
	old := t0.Add(-10 * time.Hour)
	mid := t0.Add(-8 * time.Hour)
	recent := t0.Add(-5 * time.Hour)
	s.Record(Run{CandidateSessions: []SessionVersion{NewVersion("recent", recent)}})
	s.Record(Run{CandidateSessions: []SessionVersion{NewVersion("done", mid)}, ProcessedSessions: []SessionVersion{NewVersion("done", mid)}})
	got := s.NewOrder([]Candidate{{"recent", recent}, {"old", old}, {"done", mid}, {"mid", mid}})
	var ids []string
	for _, c := range got {
		ids = append(ids, c.ID)
	}
	if strings.Join(ids, ",") != "mid,old,recent" {
		t.Fatalf("order = %v", ids)
	}
}

func TestBackoff(t *testing.T) {
	want := map[int]time.Duration{0: 0, 1: 30 * time.Minute, 2: time.Hour, 3: 2 * time.Hour, 4: 4 * time.Hour,
		5: 8 * time.Hour, 6: 16 * time.Hour, 7: 24 * time.Hour, 8: 24 * time.Hour, 100: 24 * time.Hour}
	for n, d := range want {
		if got := Backoff(n); got != d {
			t.Errorf("Backoff(%d) = %v, want %v", n, got, d)
		}
	}
}

func TestThrottle(t *testing.T) {
	const interval = 30 * time.Minute
	at := func(d time.Duration) string { return FormatTime(t0.Add(d)) }
	failed := func(d time.Duration) Run { return Run{RunAt: at(d), Status: StatusFailed, Error: "boom"} }
	done := func(d time.Duration) Run { return Run{RunAt: at(d)} }
	quota := func(d, until time.Duration) Run {
		return Run{RunAt: at(d), TerminateReason: "BUDGET", BackoffUntil: t0.Add(until).Format(time.RFC3339)}
	}
	cases := []struct {
		name   string
		runs   []Run
		gemini string // a Gemini run appended after ours (raw JSON)
		now    time.Duration
		skip   bool
		reason string
		until  time.Duration
	}{
		{"no runs", nil, "", 0, false, "", 0},
		{"recent success", []Run{done(-10 * time.Minute)}, "", 0, true, ReasonThrottled, 20 * time.Minute},
		{"old success", []Run{done(-31 * time.Minute)}, "", 0, false, "", 0},
		{"one failure", []Run{failed(-10 * time.Minute)}, "", 0, true, ReasonBackoff, 20 * time.Minute},
		{"three failures", []Run{failed(-3 * time.Hour), failed(-2 * time.Hour), failed(-time.Hour)}, "", 0, true, ReasonBackoff, time.Hour},
		{"three failures, backoff over", []Run{failed(-5 * time.Hour), failed(-4 * time.Hour), failed(-3 * time.Hour)}, "", 0, false, "", 0},
		{"eight failures capped", []Run{failed(-9 * time.Hour), failed(-8 * time.Hour), failed(-7 * time.Hour), failed(-6 * time.Hour),
			failed(-5 * time.Hour), failed(-4 * time.Hour), failed(-3 * time.Hour), failed(-2 * time.Hour)}, "", 0, true, ReasonBackoff, 22 * time.Hour},
		{"success resets the streak", []Run{failed(-5 * time.Hour), failed(-4 * time.Hour), done(-3 * time.Hour), failed(-10 * time.Minute)}, "", 0, true, ReasonBackoff, 20 * time.Minute},
		{"gemini run after failures resets", []Run{failed(-3 * time.Hour), failed(-2 * time.Hour), failed(-time.Hour)},
			`{"runAt":"` + at(-40*time.Minute) + `","sessionIds":[],"skillsCreated":[]}`, 0, false, "", 0},
		{"future run ignored", []Run{done(3 * time.Hour)}, "", 0, false, "", 0},
		{"slightly future run throttles", []Run{done(time.Minute)}, "", 0, true, ReasonThrottled, 31 * time.Minute},
		{"low quota backs off to the reset", []Run{quota(-10*time.Minute, 2*time.Hour)}, "", 0, true, ReasonBackoff, 2 * time.Hour},
		{"low quota reset passed", []Run{quota(-3*time.Hour, -time.Hour)}, "", 0, false, "", 0},
		{"low quota shorter than the throttle", []Run{quota(-10*time.Minute, 5*time.Minute)}, "", 0, true, ReasonThrottled, 20 * time.Minute},
		{"low quota absurdly far is ignored", []Run{quota(-10*time.Minute, 30*24*time.Hour)}, "", 0, true, ReasonThrottled, 20 * time.Minute},
		{"a later run clears the quota backoff", []Run{quota(-40*time.Minute, 2*time.Hour), done(-31 * time.Minute)}, "", 0, false, "", 0},
		{"gemini run throttles", nil, `{"runAt":"` + at(-5*time.Minute) + `","sessionIds":[],"skillsCreated":[]}`, 0, true, ReasonThrottled, 25 * time.Minute},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(LoadOptions{Now: fixedClock(t0)})
			for _, r := range c.runs {
				s.Record(r)
			}
			if c.gemini != "" {
				s.Runs = append(s.Runs, decodeRun(json.RawMessage(c.gemini)))
			}
			skip, reason, until := s.Throttle(t0.Add(c.now), interval, "")
			if skip != c.skip || reason != c.reason {
				t.Fatalf("Throttle = %v %q %v, want %v %q", skip, reason, until, c.skip, c.reason)
			}
			if skip && !until.Equal(t0.Add(c.until)) {
				t.Fatalf("until = %v, want %v", until, t0.Add(c.until))
			}
			if last, ok := s.LastRun(); ok != (len(c.runs) > 0 || c.gemini != "") || (ok && last.RunAt == "") {
				t.Fatalf("LastRun = %+v %v", last, ok)
			}
		})
	}
}

func TestConsecutiveFailures(t *testing.T) {
	s := New(LoadOptions{Now: fixedClock(t0)})
	seq := []string{StatusFailed, StatusDone, StatusFailed, StatusFailed}
	want := []int{1, 0, 1, 2}
	for i, st := range seq {
		s.Record(Run{Status: st})
		if got := s.ConsecutiveFailures(); got != want[i] {
			t.Fatalf("after %v: %d failures, want %d", seq[:i+1], got, want[i])
		}
	}
}

func TestCompactionKeepsVerdicts(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".extraction-state.json")
	s := New(LoadOptions{Now: fixedClock(t0)})
	s.MaxRuns = 5
	lu := t0.Add(-48 * time.Hour)
	// 3 offers of "tired" without a read, then 12 runs each reading one session.
	for i := 0; i < 3; i++ {
		s.Record(Run{RunAt: FormatTime(t0.Add(time.Duration(i) * time.Minute)), CandidateSessions: []SessionVersion{NewVersion("tired", lu)}})
	}
	ids := []string{}
	for i := 0; i < 12; i++ {
		id := "read-" + string(rune('a'+i))
		ids = append(ids, id)
		v := NewVersion(id, lu)
		s.Record(Run{RunAt: FormatTime(t0.Add(time.Duration(10+i) * time.Minute)), CandidateSessions: []SessionVersion{v}, ProcessedSessions: []SessionVersion{v}})
	}
	// A legacy run from an old Gemini, folded too.
	s.Runs = append([]Run{decodeRun(json.RawMessage(`{"runAt":"2026-04-01T00:00:00.000Z","sessionIds":["ancient"],"skillsCreated":[]}`))}, s.Runs...)
	s.Record(Run{RunAt: FormatTime(t0.Add(time.Hour))})

	live := 0
	for _, r := range s.Runs {
		if !r.synthetic() {
			live++
		}
	}
	if live != 5 {
		t.Fatalf("live runs after compaction = %d, want 5", live)
	}
	check := func(s *State) {
		t.Helper()
		for _, id := range ids {
			if st := s.Status(id, lu); st.New || st.Exhausted || st.Offers != 1 {
				t.Errorf("%s: %+v, want read with 1 offer", id, st)
			}
		}
		if st := s.Status("tired", lu); !st.Exhausted || st.Offers != 3 {
			t.Errorf("tired: %+v, want exhausted", st)
		}
		if st := s.Status("ancient", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)); st.New {
			t.Errorf("ancient legacy session became NEW: %+v", st)
		}
		if st := s.Status("never", lu); !st.New {
			t.Errorf("unknown session: %+v", st)
		}
	}
	check(s)
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	s2, err := Load(path, LoadOptions{Now: fixedClock(t0)})
	if err != nil {
		t.Fatal(err)
	}
	s2.MaxRuns = 5
	check(s2)
	// Compacting again does not double-count the book.
	s2.Record(Run{RunAt: FormatTime(t0.Add(2 * time.Hour))})
	check(s2)

	// Gemini CLI rewrites the file keeping only its own fields: the synthetic
	// runs still keep every processed session processed.
	b, _ := os.ReadFile(path)
	stripped := geminiRewrite(t, b)
	s3 := New(LoadOptions{})
	if err := s3.decode(stripped); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		if st := s3.Status(id, lu); st.New {
			t.Errorf("after Gemini rewrite %s is NEW again", id)
		}
	}
	if st := s3.Status("ancient", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)); st.New {
		t.Errorf("after Gemini rewrite ancient is NEW again")
	}
}

// geminiRewrite mimics readExtractionState + writeExtractionState of Gemini
// CLI 0.61.0: invalid runs dropped, only Gemini's fields kept, empty version
// lists omitted, no top-level extras.
func geminiRewrite(t *testing.T, b []byte) []byte {
	var doc struct {
		Runs []map[string]json.RawMessage `json:"runs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	keep := []string{"runAt", "sessionIds", "skillsCreated", "candidateSessions", "processedSessions",
		"memoryCandidatesCreated", "memoryFilesUpdated", "turnCount", "durationMs", "terminateReason"}
	var out []map[string]json.RawMessage
	for _, r := range doc.Runs {
		if _, ok := r["runAt"]; !ok {
			continue
		}
		if _, ok := r["skillsCreated"]; !ok {
			continue
		}
		n := map[string]json.RawMessage{}
		for _, k := range keep {
			if v, ok := r[k]; ok && !((k == "candidateSessions" || k == "processedSessions") && string(v) == "[]") {
				n[k] = v
			}
		}
		out = append(out, n)
	}
	nb, _ := json.Marshal(map[string]any{"runs": out})
	return nb
}

func TestCorruptFileIsMovedAside(t *testing.T) {
	cases := map[string]string{
		"empty":          "",
		"truncated":      `{"runs":[{"runAt":"2026`,
		"not an object":  `[1,2]`,
		"null":           `null`,
		"runs not list":  `{"runs":{"a":1}}`,
		"binary garbage": "\x00\x01\xff",
	}
	for name, content := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, ".extraction-state.json")
			os.WriteFile(path, []byte(content), 0o600)
			var logs bytes.Buffer
			// read-only (dry run): nothing moves
			s, err := Load(path, LoadOptions{Now: fixedClock(t0), Log: zerolog.New(&logs), ReadOnly: true})
			if err != nil || len(s.Runs) != 0 || s.CorruptMovedTo != "" {
				t.Fatalf("read-only load: %v %+v", err, s)
			}
			if b, _ := os.ReadFile(path); string(b) != content {
				t.Fatal("read-only load changed the file")
			}
			s, err = Load(path, LoadOptions{Now: fixedClock(t0), Log: zerolog.New(&logs)})
			if err != nil {
				t.Fatal(err)
			}
			want := path + ".corrupt-20260501T120000.000Z"
			if s.CorruptMovedTo != want || len(s.Runs) != 0 {
				t.Fatalf("moved to %q, runs %d", s.CorruptMovedTo, len(s.Runs))
			}
			if b, err := os.ReadFile(want); err != nil || string(b) != content {
				t.Fatalf("corrupt copy: %q %v", b, err)
			}
			if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
				t.Fatal("corrupt file still in place")
			}
			if !strings.Contains(logs.String(), `"level":"warn"`) || !strings.Contains(logs.String(), "corrupt") {
				t.Fatalf("no warning logged: %s", logs.String())
			}
			s.Record(Run{})
			if err := s.Save(path); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestEmptyObjectIsNotCorrupt(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction-state.json")
	os.WriteFile(path, []byte(`{"other":1}`), 0o600)
	s, err := Load(path, LoadOptions{})
	if err != nil || s.CorruptMovedTo != "" || len(s.Runs) != 0 {
		t.Fatalf("%v %+v", err, s)
	}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !reflect.DeepEqual(generic(t, b), generic(t, []byte(`{"runs":[],"other":1}`))) {
		t.Fatalf("saved %s", b)
	}
}

func TestSymlinkedStateIsRefused(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.json")
	os.WriteFile(target, []byte(`{"runs":[]}`), 0o644)
	path := filepath.Join(dir, ".extraction-state.json")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path, LoadOptions{}); !errors.Is(err, ErrUnsafePath) {
		t.Fatalf("Load err = %v", err)
	}
	s := New(LoadOptions{})
	s.Record(Run{})
	if err := s.Save(path); !errors.Is(err, ErrUnsafePath) {
		t.Fatalf("Save err = %v", err)
	}
	if b, _ := os.ReadFile(target); string(b) != `{"runs":[]}` {
		t.Fatal("symlink target written")
	}
	dpath := filepath.Join(dir, "dir-state")
	os.Mkdir(dpath, 0o700)
	if _, err := Load(dpath, LoadOptions{}); !errors.Is(err, ErrUnsafePath) {
		t.Fatalf("Load dir err = %v", err)
	}
}

func TestSaveCreatesDirAndFenceAborts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "memory")
	path := filepath.Join(dir, ".extraction-state.json")
	s := New(LoadOptions{Now: fixedClock(t0)})
	s.Record(Run{})
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(dir); fi.Mode().Perm() != 0o700 {
		t.Fatalf("dir mode = %v", fi.Mode())
	}
	before, _ := os.ReadFile(path)
	s.Record(Run{RunAt: FormatTime(t0.Add(time.Hour))})
	lost := errors.New("lock lost")
	if err := s.SaveFenced(path, func() error { return lost }); !errors.Is(err, lost) {
		t.Fatalf("fenced save err = %v", err)
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Fatal("a fenced save changed the file")
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("temp left behind: %v", ents)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte(geminiFile))
	f.Add([]byte(`{"runs":[],"automem":{"sessions":{"a":[{"lastUpdated":"x","offers":2}]}}}`))
	f.Add([]byte(`{"runs":[{"runAt":1,"skillsCreated":{}}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s := New(LoadOptions{})
		if s.decode(b) != nil {
			return
		}
		s.Status("a", t0)
		s.Throttle(t0, time.Minute, "")
		out, err := s.Marshal()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		s2 := New(LoadOptions{})
		if err := s2.decode(out); err != nil {
			t.Fatalf("re-decode of our own output: %v\n%s", err, out)
		}
		out2, err := s2.Marshal()
		if err != nil || !bytes.Equal(out, out2) {
			t.Fatalf("not stable:\n%s\n%s", out, out2)
		}
	})
}

// Readers racing two writers only ever see a complete file: the rename
// publishes whole files.
func TestReadersNeverSeeAPartialFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".extraction-state.json")
	mk := func(n int) *State {
		s := New(LoadOptions{Now: fixedClock(t0)})
		for i := 0; i < n; i++ {
			s.Record(Run{CandidateSessions: []SessionVersion{NewVersion(strings.Repeat("x", 200), t0)}})
		}
		return s
	}
	a, b := mk(5), mk(50)
	if err := a.Save(path); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	errs := make(chan error, 2)
	for _, s := range []*State{a, b} {
		go func(s *State) {
			for {
				select {
				case <-stop:
					errs <- nil
					return
				default:
				}
				if err := s.Save(path); err != nil {
					errs <- err
					return
				}
			}
		}(s)
	}
	for i := 0; i < 300; i++ {
		raw, err := readRegular(path)
		if err != nil {
			t.Fatal(err)
		}
		s := New(LoadOptions{})
		if err := s.decode(raw); err != nil {
			t.Fatalf("reader saw a partial file (%d bytes): %v", len(raw), err)
		}
		if n := len(s.Runs); n != 5 && n != 50 {
			t.Fatalf("reader saw %d runs", n)
		}
	}
	close(stop)
	for i := 0; i < 2; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestThrottleAbortedAndPerExtractor: an aborted run (Ctrl-C, a stop) is
// not a failure — no backoff, no throttle, no offer of its sessions — and
// a backoff belongs to the extractor that failed.
func TestThrottleAbortedAndPerExtractor(t *testing.T) {
	const interval = 30 * time.Minute
	at := func(d time.Duration) string { return FormatTime(t0.Add(d)) }
	run := func(d time.Duration, status, extractor string) Run {
		return Run{RunAt: at(d), Status: status, Extractor: extractor}
	}
	lu := t0.Add(-48 * time.Hour)
	cases := []struct {
		name      string
		runs      []Run
		extractor string
		skip      bool
		reason    string
		until     time.Duration
	}{
		{"aborted alone", []Run{run(-time.Minute, StatusAborted, "llm")}, "llm", false, "", 0},
		{"aborted after failures keeps their backoff", []Run{run(-25*time.Minute, StatusFailed, "llm"), run(-time.Minute, StatusAborted, "llm")}, "llm", true, ReasonBackoff, 5 * time.Minute},
		{"aborted after a success: the success throttles", []Run{run(-20*time.Minute, StatusDone, "llm"), run(-time.Minute, StatusAborted, "llm")}, "llm", true, ReasonThrottled, 10 * time.Minute},
		{"llm failures do not hold back offline", []Run{run(-50*time.Minute, StatusFailed, "llm"), run(-40*time.Minute, StatusFailed, "llm")}, "offline", false, "", 0},
		{"llm failures hold back llm", []Run{run(-50*time.Minute, StatusFailed, "llm"), run(-40*time.Minute, StatusFailed, "llm")}, "llm", true, ReasonBackoff, 20 * time.Minute},
		{"an offline success does not reset the llm streak", []Run{run(-100*time.Minute, StatusFailed, "llm"), run(-50*time.Minute, StatusFailed, "llm"), run(-40*time.Minute, StatusDone, "offline")}, "llm", true, ReasonBackoff, 10 * time.Minute},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(LoadOptions{Now: fixedClock(t0)})
			for _, r := range c.runs {
				r.CandidateSessions = []SessionVersion{NewVersion("s1", lu)}
				s.Record(r)
			}
			skip, reason, until := s.Throttle(t0, interval, c.extractor)
			if skip != c.skip || reason != c.reason {
				t.Fatalf("Throttle = %v %q %v, want %v %q", skip, reason, until, c.skip, c.reason)
			}
			if skip && !until.Equal(t0.Add(c.until)) {
				t.Fatalf("until = %v, want %v", until, t0.Add(c.until))
			}
		})
	}
	s := New(LoadOptions{Now: fixedClock(t0)})
	for i := 0; i < 5; i++ {
		s.Record(Run{RunAt: at(time.Duration(i) * time.Minute), Status: StatusAborted, CandidateSessions: []SessionVersion{NewVersion("s1", lu)}})
	}
	if st := s.Status("s1", lu); !st.New || st.Exhausted || st.Offers != 0 {
		t.Errorf("after 5 aborted runs: %+v, want new with no offers", st)
	}
}
