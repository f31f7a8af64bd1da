package transcript

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

const testdataDir = "../../testdata/transcripts"

func ts(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

func ids(msgs []Message) string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = m.ID
	}
	return strings.Join(out, ",")
}

func humanIDs(msgs []Message) string {
	var out []string
	for _, m := range msgs {
		if m.Human {
			out = append(out, m.ID)
		}
	}
	return strings.Join(out, ",")
}

// readBoth reads a file with both entry points and checks they agree on the
// session and that Human flags are exactly the counted turns.
func readBoth(t *testing.T, path string, src Source) (Session, []Message, error) {
	t.Helper()
	s1, err1 := ReadSession(path, src)
	s2, msgs, err2 := ReadMessages(path, src)
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("%s: ReadSession err %v, ReadMessages err %v", path, err1, err2)
	}
	if s1 != s2 {
		t.Fatalf("%s: sessions differ:\n%+v\n%+v", path, s1, s2)
	}
	if err2 == nil && countHuman(msgs) != s1.UserMessages {
		t.Fatalf("%s: %d human messages, UserMessages %d", path, countHuman(msgs), s1.UserMessages)
	}
	return s2, msgs, err2
}

func TestGeminiFiles(t *testing.T) {
	tests := []struct {
		file     string
		id       string
		kind     Kind
		human    int
		humanIDs string
		msgIDs   string
		start    string
		last     string
		summary  string
		workflow string
		bad      int
	}{
		{file: "session-2026-03-02T09-14-7f3c2a91.jsonl", id: "7f3c2a91-5d4e-4b8a-9c1f-2e6d8b0a4c13", kind: KindMain, human: 1,
			humanIDs: "c0a8e6f2-1b3d-4e5f-8a9b-0c1d2e3f4a5b",
			start:    "2026-03-02T09:14:05.120Z", last: "2026-03-02T09:14:31.960Z", summary: "Fix emoji tokenizer test"},
		{file: "session-2026-03-02T09-00-aaaa0001.jsonl", id: "aaaa0001-0000-4000-8000-000000000001", kind: KindMain, human: 4,
			humanIDs: "h1,h2,h3,h4",
			msgIDs:   "boot,h1,g1,t1,s1,q1,hk,ss,e1,e2,i1,w1,x1,h2,h3,d1,h4,g2",
			start:    "2026-03-02T09:00:00Z", last: "2026-03-02T09:06:00Z", summary: "Fix emoji tokenizer test"},
		{file: "session-2026-03-03T10-00-aaaa0002.jsonl", id: "aaaa0002-0000-4000-8000-000000000002", kind: KindMain, human: 2,
			humanIDs: "u1,u4", msgIDs: "u1,g1,u4,g4", start: "2026-03-03T10:00:00Z", last: "2026-03-03T10:30:00Z"},
		{file: "session-2026-03-03T11-00-aaaa0003.jsonl", id: "aaaa0003-0000-4000-8000-000000000003", kind: KindMain, human: 1,
			humanIDs: "u5", msgIDs: "u5", start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z"},
		{file: "session-2026-03-03T12-00-aaaa0004.jsonl", id: "aaaa0004-0000-4000-8000-000000000004", kind: KindMain, human: 3,
			humanIDs: "u1,u9,u2", msgIDs: "u1,t9,u9,u2", start: "2026-03-02T09:00:00Z", last: "2026-03-03T12:10:00Z"},
		{file: "session-2026-03-04T08-00-aaaa0005.jsonl", id: "aaaa0005-0000-4000-8000-000000000005", kind: KindMain, human: 2,
			start: "2026-03-02T09:00:00Z", last: "2026-03-05T08:00:00Z", summary: "Greeting"},
		{file: "session-2026-03-04T09-00-aaaa0006.jsonl", id: "aaaa0006-0000-4000-8000-000000000006", kind: KindMain, human: 1,
			start: "2026-03-02T09:00:00Z", last: "2026-03-04T09:10:00Z",
			workflow: "read_file -> run_shell_command: curl -> replace | paths src/a.ts, docs | validated"},
		{file: "session-2026-03-04T10-00-aaaa0007.jsonl", id: "aaaa0007-0000-4000-8000-000000000007", kind: KindMain, human: 1,
			start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z"},
		{file: "session-2026-03-05T10-00-aaaa0008.jsonl", id: "aaaa0008-0000-4000-8000-000000000008", kind: KindMain, human: 2,
			humanIDs: "u1,u2", start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z"},
		{file: "session-2026-03-05T11-00-aaaa0009.jsonl", id: "aaaa0009-0000-4000-8000-000000000009", kind: KindMain, human: 1,
			humanIDs: "u1", start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z"},
		{file: "session-2026-03-06T10-00-aaaa0010.jsonl", id: "aaaa0010-0000-4000-8000-000000000010", kind: KindMain, human: 2,
			// u3 holds a raw tab inside a string: invalid JSON, a bad line
			// as in Gemini CLI (see skipString).
			humanIDs: "u1,u6", msgIDs: "u1,u6", start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z", bad: 6},
		{file: "session-2026-03-06T11-00-aaaa0011.jsonl", id: "aaaa0011-0000-4000-8000-000000000011", kind: KindMain, human: 2,
			start: "2026-03-02T09:00:00Z", last: "2026-03-06T11:30:00Z"},
		{file: "session-2026-03-06T12-00-aaaa0012.jsonl", id: "aaaa0012-0000-4000-8000-000000000012", kind: KindMain, human: 2,
			start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z"},
		{file: "aaaa0001-0000-4000-8000-000000000001/bbbb0001-0000-4000-8000-0000000000b1.jsonl", id: "bbbb0001-0000-4000-8000-0000000000b1",
			kind: KindSubagent, human: 0, msgIDs: "u1,g1", start: "2026-03-02T09:00:00Z", last: "2026-03-02T09:00:00Z", summary: "Investigate parser"},
		{file: "session-2026-03-07T10-00-aaaa0013.jsonl", id: "aaaa0013-0000-4000-8000-000000000013", kind: KindMain, human: 1,
			start: "2026-03-02T09:00:00Z"},
		{file: "session-2026-01-10T08-00-aaaa0015.json", id: "aaaa0015-0000-4000-8000-000000000015", kind: KindMain, human: 2,
			humanIDs: "u2,u3", msgIDs: "u1,u2,g2,u3,u4,g3", start: "2026-01-10T08:00:00Z", last: "2026-01-10T09:00:00Z",
			summary: "Rename config loader"},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join(testdataDir, "gemini", tc.file)
			s, msgs, err := readBoth(t, path, Gemini)
			if err != nil {
				t.Fatal(err)
			}
			if s.ID != tc.id || s.Kind != tc.kind || s.UserMessages != tc.human || s.Source != Gemini || s.Path != path {
				t.Errorf("got id=%q kind=%q human=%d source=%q path=%q", s.ID, s.Kind, s.UserMessages, s.Source, s.Path)
			}
			if tc.humanIDs != "" && humanIDs(msgs) != tc.humanIDs {
				t.Errorf("human ids %q, want %q", humanIDs(msgs), tc.humanIDs)
			}
			if tc.msgIDs != "" && ids(msgs) != tc.msgIDs {
				t.Errorf("message ids %q, want %q", ids(msgs), tc.msgIDs)
			}
			if !s.Start.Equal(ts(tc.start)) {
				t.Errorf("start %v, want %s", s.Start, tc.start)
			}
			if tc.last == "" && !s.LastUpdated.IsZero() || tc.last != "" && !s.LastUpdated.Equal(ts(tc.last)) {
				t.Errorf("lastUpdated %v, want %q", s.LastUpdated, tc.last)
			}
			if s.Summary != tc.summary || s.Workflow != tc.workflow || s.BadLines != tc.bad {
				t.Errorf("summary %q workflow %q bad %d; want %q %q %d", s.Summary, s.Workflow, s.BadLines, tc.summary, tc.workflow, tc.bad)
			}
		})
	}
}

func TestGeminiMessageContent(t *testing.T) {
	_, msgs, err := ReadMessages(filepath.Join(testdataDir, "gemini", "session-2026-03-02T09-00-aaaa0001.jsonl"), Gemini)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Message{}
	for _, m := range msgs {
		byID[m.ID] = m
	}
	if m := byID["h4"]; m.Text != "Now add a regression test for the emoji case." || !m.Time.Equal(ts("2026-03-02T09:05:00Z")) {
		t.Errorf("re-appended h4 = %+v, want the later copy", m)
	}
	if m := byID["h3"]; m.Text != "explain @src/a.ts" || m.Role != RoleUser {
		t.Errorf("h3 should show displayContent, got %+v", m)
	}
	if m := byID["t1"]; m.Role != RoleTool || m.Text != "FAIL: TestEmoji" || m.Human {
		t.Errorf("t1 = %+v", m)
	}
	g1 := byID["g1"]
	if g1.Role != RoleAssistant || len(g1.ToolCalls) != 1 {
		t.Fatalf("g1 = %+v", g1)
	}
	tc := g1.ToolCalls[0]
	if tc.ID != "c1" || tc.Name != "run_shell_command" || tc.Status != "error" || !tc.Error ||
		tc.Output != "FAIL: TestEmoji" || string(tc.Args) != `{"command":"make -C parser test"}` {
		t.Errorf("tool call = %+v", tc)
	}
	for _, id := range []string{"i1", "w1", "x1"} {
		if byID[id].Role != RoleInfo {
			t.Errorf("%s role %q", id, byID[id].Role)
		}
	}
	if m := byID["g2"]; m.Text != "Added the test." {
		t.Errorf("g2 text %q", m.Text)
	}
}

func TestGeminiCheckpointReplacesInPlace(t *testing.T) {
	_, msgs, err := ReadMessages(filepath.Join(testdataDir, "gemini", "session-2026-03-03T12-00-aaaa0004.jsonl"), Gemini)
	if err != nil {
		t.Fatal(err)
	}
	if msgs[0].ID != "u1" || msgs[0].Text != "one, edited" {
		t.Errorf("first message %+v, want u1 edited in first position", msgs[0])
	}
	if msgs[3].Text != "two again" {
		t.Errorf("u2 re-added after checkpoint: %+v", msgs[3])
	}
}

func TestGeminiNoMetadata(t *testing.T) {
	path := filepath.Join(testdataDir, "gemini", "session-2026-03-07T11-00-aaaa0014.jsonl")
	_, err := ReadSession(path, Gemini)
	if !errors.Is(err, ErrNotSession) || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want ErrNotSession naming the path", err)
	}
}

func TestGeminiInline(t *testing.T) {
	meta := `{"sessionId":"s","projectHash":"p","startTime":"2026-01-01T00:00:00Z","lastUpdated":"2026-01-01T00:00:00Z"}` + "\n"
	tests := []struct {
		name  string
		body  string
		human int
		wf    string
		kind  Kind
	}{
		{"set kind subagent", `{"id":"u","type":"user","content":"hi"}` + "\n" + `{"$set":{"kind":"subagent"}}` + "\n", 0, "", KindSubagent},
		{"scratchpad fresh after rewind then set", `{"id":"u","type":"user","content":"hi"}` + "\n" + `{"$rewindTo":"u"}` + "\n" +
			`{"$set":{"memoryScratchpad":{"workflowSummary":"glob -> read_file"}}}` + "\n", 0, "glob -> read_file", KindMain},
		{"rewind after scratchpad makes it stale", `{"$set":{"memoryScratchpad":{"workflowSummary":"glob"}}}` + "\n" + `{"$rewindTo":"x"}` + "\n", 0, "", KindMain},
		{"falsy scratchpad stops tracking", `{"$set":{"memoryScratchpad":{"workflowSummary":"glob"}}}` + "\n" +
			`{"$set":{"memoryScratchpad":null}}` + "\n" + `{"id":"u","type":"user","content":"hi"}` + "\n", 1, "", KindMain},
		{"escaped id matches plain id", `{"id":"a\u0062","type":"user","content":"one"}` + "\n" + `{"id":"ab","type":"user","content":"/help"}` + "\n", 0, "", KindMain},
		// Unlike JSON.parse (last key wins), a record is classified by the first
		// type it shows once it has an id; both read paths agree on that.
		{"first type settles the record", `{"id":"u","type":"gemini","type":"user","content":"hi"}` + "\n", 0, "", KindMain},
		{"later duplicate before settling still wins", `{"type":"gemini","type":"user","id":"u","content":"hi"}` + "\n", 1, "", KindMain},
		// The rewind finds g, so u0 survives (were g dropped, the unknown id
		// would clear everything and leave 1).
		{"damaged assistant record kept", `{"id":"u0","type":"user","content":"before"}` + "\n" +
			`{"id":"g","type":"gemini","content":[{"text":"x"}],"toolCalls":[{` + "\n" +
			`{"$rewindTo":"g"}` + "\n" + `{"id":"u","type":"user","content":"after"}` + "\n", 2, "", KindMain},
		{"damaged tool response kept", `{"id":"t","type":"user","content":[{"functionResponse":{"id":"c","response":{"output":"x` + "\n", 0, "", KindMain},
		{"metadata line messages", `{"sessionId":"s","projectHash":"p","messages":[{"id":"a","type":"user","content":"x"},{"id":"b","type":"user","content":"y"}]}` + "\n", 2, "", KindMain},
		{"thought-only text is still text for users", `{"id":"u","type":"user","content":[{"text":"  "},{"text":"go"}]}` + "\n", 1, "", KindMain},
		{"inline data without text", `{"id":"u","type":"user","content":[{"inlineData":{"mimeType":"image/png","data":"AAA"}}]}` + "\n", 0, "", KindMain},
		// Old versions stored a tool response as the text partToString gives it.
		{"legacy function response text", `{"id":"t","type":"user","content":"[Function Response: run_shell_command]"}` + "\n", 0, "", KindMain},
		{"legacy function responses, several", `{"id":"t","type":"user","content":"[Function Response: read_file][Function Response: glob]"}` + "\n", 0, "", KindMain},
		{"path prompt counts", `{"id":"u","type":"user","content":[{"text":"/home/jo/blog/static is where images go"}]}` + "\n", 1, "", KindMain},
		{"unknown slash word counts", `{"id":"u","type":"user","content":"/deploy-notes are out of date, fix them"}` + "\n", 1, "", KindMain},
		{"built-in command", `{"id":"u","type":"user","content":"/memory show"}` + "\n", 0, "", KindMain},
		{"built-in alias alone", `{"id":"u","type":"user","content":"/quit"}` + "\n", 0, "", KindMain},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := ReadSessionFrom(strings.NewReader(meta+tc.body), "x.jsonl", Gemini)
			if err != nil {
				t.Fatal(err)
			}
			_, msgs, err := ReadMessagesFrom(strings.NewReader(meta+tc.body), "x.jsonl", Gemini)
			if err != nil {
				t.Fatal(err)
			}
			if s.UserMessages != tc.human || countHuman(msgs) != tc.human || s.Workflow != tc.wf || s.Kind != tc.kind {
				t.Errorf("human=%d/%d workflow=%q kind=%q; want %d %q %q", s.UserMessages, countHuman(msgs), s.Workflow, s.Kind, tc.human, tc.wf, tc.kind)
			}
		})
	}
}

// TestGeminiLegacyTruncated cuts a legacy whole-file session at every byte:
// no prefix that stops inside the top-level object is read as a session
// (Gemini CLI's JSON.parse rejects them all); once the object is open, the
// error is ErrIncomplete. Only the whole document (plus white space) reads.
func TestGeminiLegacyTruncated(t *testing.T) {
	const path = "chats/session-x.json"
	b, err := os.ReadFile(filepath.Join(testdataDir, "gemini", "session-2026-01-10T08-00-aaaa0015.json"))
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.TrimRight(b, " \t\r\n")
	open := bytes.IndexByte(b, '{')
	for n := 0; n < len(b); n++ {
		s, err1 := ReadSessionFrom(bytes.NewReader(b[:n]), path, Gemini)
		_, msgs, err2 := ReadMessagesFrom(bytes.NewReader(b[:n]), path, Gemini)
		if err1 == nil || err2 == nil || msgs != nil {
			t.Fatalf("cut at %d of %d: read as a session (%+v)", n, len(b), s)
		}
		if !errors.Is(err1, ErrNotSession) || !errors.Is(err2, ErrNotSession) {
			t.Fatalf("cut at %d: errors %v / %v, want ErrNotSession", n, err1, err2)
		}
		if n > open && (!errors.Is(err1, ErrIncomplete) || !errors.Is(err2, ErrIncomplete)) {
			t.Fatalf("cut at %d: errors %v / %v, want ErrIncomplete", n, err1, err2)
		}
	}
	s, err := ReadSessionFrom(bytes.NewReader(append(b, "\n  \n"...)), path, Gemini)
	if err != nil || s.UserMessages != 2 || s.BadLines != 0 {
		t.Fatalf("whole document: %+v, %v", s, err)
	}
}

// TestGeminiLegacyReadError: a read that fails inside the document returns
// that error, not ErrIncomplete (which a scan may remember).
func TestGeminiLegacyReadError(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(testdataDir, "gemini", "session-2026-01-10T08-00-aaaa0015.json"))
	if err != nil {
		t.Fatal(err)
	}
	eio := errors.New("input/output error")
	r := io.MultiReader(bytes.NewReader(b[:len(b)/2]), iotest.ErrReader(eio))
	_, err = ReadSessionFrom(r, "chats/session-x.json", Gemini)
	if !errors.Is(err, eio) || errors.Is(err, ErrNotSession) {
		t.Fatalf("err %v, want the read error", err)
	}
}

// TestGeminiLegacyShapes: a complete document with an odd messages value is
// not incomplete; an object there is skipped and counted as bad.
func TestGeminiLegacyShapes(t *testing.T) {
	for _, tc := range []struct {
		doc        string
		human, bad int
	}{
		{`{"sessionId":"s","messages":{"a":[{"id":"u","type":"user","content":"x"}]},"lastUpdated":"2026-01-10T09:00:00Z"}`, 0, 1},
		{`{"sessionId":"s","messages":null}`, 0, 0},
		{`{"messages":[{"id":"u","type":"user","content":"hi"}],"sessionId":"s"}`, 1, 0},
	} {
		s, err := ReadSessionFrom(strings.NewReader(tc.doc), "chats/session-x.json", Gemini)
		if err != nil || s.ID != "s" || s.UserMessages != tc.human || s.BadLines != tc.bad {
			t.Errorf("%s: %+v, %v; want %d human, %d bad", tc.doc, s, err, tc.human, tc.bad)
		}
	}
}
