package transcript

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestNoOutputsDropsOnlyOutputs: reading with NoOutputs gives the same
// session and the same messages as a full read (ids, roles, human flags,
// texts, tool calls with their status and error flag), except that tool
// results have no text or time and tool calls no output.
func TestNoOutputsDropsOnlyOutputs(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdataDir, "gemini", "*.json*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no gemini testdata: %v", err)
	}
	outputs := 0
	for _, path := range files {
		s1, full, err1 := ReadMessages(path, Gemini)
		rd := Reader{NoOutputs: true}
		s2, lean, err2 := rd.ReadMessages(path, Gemini)
		if (err1 == nil) != (err2 == nil) || s1 != s2 {
			t.Fatalf("%s: sessions differ: %+v %v / %+v %v", path, s1, err1, s2, err2)
		}
		if len(full) != len(lean) {
			t.Fatalf("%s: %d messages, %d without outputs", path, len(full), len(lean))
		}
		for i := range full {
			want := full[i]
			if want.Role == RoleTool {
				if want.Text != "" {
					outputs++
				}
				want.Text, want.Time = "", lean[i].Time
			}
			want.ToolCalls = append([]ToolCall(nil), want.ToolCalls...)
			for j := range want.ToolCalls {
				if want.ToolCalls[j].Output != "" {
					outputs++
				}
				want.ToolCalls[j].Output = ""
			}
			if !reflect.DeepEqual(want, lean[i]) {
				t.Errorf("%s message %d:\nfull %+v\nlean %+v", filepath.Base(path), i, want, lean[i])
			}
			if lean[i].Role == RoleTool && !lean[i].Time.IsZero() && !lean[i].Time.Equal(full[i].Time) {
				t.Errorf("%s message %d: time %v, want %v or none", filepath.Base(path), i, lean[i].Time, full[i].Time)
			}
		}
	}
	if outputs == 0 {
		t.Fatal("no tool output in the testdata: the test shows nothing")
	}
}
