package agent

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestDecodeCall(t *testing.T) {
	tests := []struct {
		name, args string
		want       Call
		bad        string // substring of the error, "" when valid
	}{
		{ToolReadFile, `{"file_path":"a.md"}`, Call{Name: ToolReadFile, Path: "a.md"}, ""},
		{ToolReadFile, `{"file_path":"a.md","offset":10.0,"limit":5}`, Call{Name: ToolReadFile, Path: "a.md", Offset: 10, Limit: 5}, ""},
		{ToolReadFile, `{"file_path":"a.md","offset":1.5}`, Call{}, "whole number"},
		{ToolReadFile, `{"file_path":"a.md","offset":-1}`, Call{}, "negative"},
		{ToolReadFile, `{"file_path":"a.md","offset":"3"}`, Call{}, "expected JSON object"},
		{ToolReadFile, `{"file_path":null}`, Call{}, `missing required parameter "file_path"`},
		{ToolReadFile, ``, Call{}, `missing required parameter "file_path"`},
		{ToolReadFile, `{"file_path":"a"} {"x":1}`, Call{}, "trailing data"},
		{ToolReadFile, `{"file_path":"a"}garbage`, Call{}, "trailing data"},
		{ToolReadFile, `["a.md"]`, Call{}, "expected JSON object"},
		{ToolReadFile, `{"file_path":"a.md","extra":1}`, Call{}, "unknown field"},
		{ToolWriteFile, `{"file_path":"s/x.md","content":""}`, Call{Name: ToolWriteFile, Path: "s/x.md"}, ""},
		{ToolWriteFile, `{"file_path":"s/x.md"}`, Call{}, `"content"`},
		{ToolReplace, `{"file_path":"f","old_string":"a","new_string":"b","expected_replacements":2}`, Call{Name: ToolReplace, Path: "f", Old: "a", New: "b", Expected: 2}, ""},
		{ToolReplace, `{"file_path":"f","old_string":"a","new_string":"b","expected_replacements":0}`, Call{}, "at least 1"},
		{ToolReplace, `{"file_path":"f","new_string":"b"}`, Call{}, `"old_string"`},
		{ToolListDirectory, `{"dir_path":"."}`, Call{Name: ToolListDirectory, Path: "."}, ""},
		{ToolListDirectory, `{"dir_path":["."]}`, Call{}, "expected JSON object"},
		{ToolGlob, `{"pattern":"**/*.md"}`, Call{Name: ToolGlob, Pattern: "**/*.md"}, ""},
		{ToolGrepSearch, `{"pattern":"x","dir_path":"d","include":"*.md"}`, Call{Name: ToolGrepSearch, Pattern: "x", Path: "d", Include: "*.md"}, ""},
		{ToolGrepSearch, `{"dir_path":"d"}`, Call{}, `"pattern"`},
		{ToolCompleteTask, `{"result":"done"}`, Call{Name: ToolCompleteTask, Result: "done"}, ""},
		{ToolCompleteTask, `{"response":"done"}`, Call{}, "unknown field"},
		{"run_shell_command", `{"command":"ls"}`, Call{}, "unknown tool"},
		{"shell", `{}`, Call{}, "unknown tool"},
		{"", `{}`, Call{}, "unknown tool"},
		{ToolReadFile, `{"file_path":"` + strings.Repeat("a", maxArgs) + `"}`, Call{}, "over"},
	}
	for _, tc := range tests {
		got, err := DecodeCall(tc.name, tc.args)
		if tc.bad != "" {
			if err == nil || !errors.Is(err, errBadCall) || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("DecodeCall(%s, %.60q) err = %v, want %q", tc.name, tc.args, err, tc.bad)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("DecodeCall(%s, %q) = %+v, %v; want %+v", tc.name, tc.args, got, err, tc.want)
		}
	}
}

// encodeCall is the inverse of DecodeCall for valid calls.
func encodeCall(c Call) string {
	m := map[string]any{}
	switch c.Name {
	case ToolReadFile:
		m["file_path"], m["offset"], m["limit"] = c.Path, c.Offset, c.Limit
	case ToolWriteFile:
		m["file_path"], m["content"] = c.Path, c.Content
	case ToolReplace:
		m["file_path"], m["old_string"], m["new_string"] = c.Path, c.Old, c.New
		if c.Expected != 0 {
			m["expected_replacements"] = c.Expected
		}
	case ToolListDirectory:
		m["dir_path"] = c.Path
	case ToolGlob:
		m["pattern"], m["dir_path"] = c.Pattern, c.Path
	case ToolGrepSearch:
		m["pattern"], m["dir_path"], m["include"] = c.Pattern, c.Path, c.Include
	case ToolCompleteTask:
		m["result"] = c.Result
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// FuzzDecodeCall: any input either decodes to a call that survives a
// round trip, or fails as a bad call; it never panics and never half-decodes.
func FuzzDecodeCall(f *testing.F) {
	for _, s := range toolSchemas {
		f.Add(s.name, `{}`)
	}
	f.Add(ToolReadFile, `{"file_path":"a.md","offset":3,"limit":1e2}`)
	f.Add(ToolReplace, `{"file_path":"f","old_string":"\u0000","new_string":"b","expected_replacements":2}`)
	f.Add(ToolGrepSearch, `{"pattern":"(","include":null}`)
	f.Add("shell", `{"command":"id"}`)
	f.Add(ToolWriteFile, `{"file_path":"x","content":"y"`)
	f.Fuzz(func(t *testing.T, name, args string) {
		c, err := DecodeCall(name, args)
		if err != nil {
			if !errors.Is(err, errBadCall) {
				t.Fatalf("error not marked as a bad call: %v", err)
			}
			if c != (Call{}) {
				t.Fatalf("half-decoded call on error: %+v", c)
			}
			return
		}
		if c.Name != name || c.Offset < 0 || c.Limit < 0 || c.Expected < 0 {
			t.Fatalf("bad decode: %+v", c)
		}
		again, err := DecodeCall(name, encodeCall(c))
		if err != nil || again != c {
			t.Fatalf("round trip: %+v -> %+v, %v", c, again, err)
		}
	})
}

// TestSchemasPortable keeps the declarations to keywords every backend
// accepts, and checks required lists match what DecodeCall demands.
func TestSchemasPortable(t *testing.T) {
	allowed := map[string]bool{"type": true, "properties": true, "required": true, "description": true}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, sub := range m {
			if strings.HasSuffix(path, ".properties") {
				walk(path+"."+k, sub) // property names are free
				continue
			}
			if !allowed[k] {
				t.Errorf("%s: keyword %q is not portable", path, k)
			}
			walk(path+"."+k, sub)
		}
	}
	for _, s := range toolSchemas {
		var v map[string]any
		if err := json.Unmarshal([]byte(s.params), &v); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		walk(s.name, v)
		// Every required field missing must be a bad call.
		for _, req := range v["required"].([]any) {
			full := map[string]any{}
			for name := range v["properties"].(map[string]any) {
				full[name] = "x"
			}
			for _, n := range []string{"offset", "limit", "expected_replacements"} {
				if _, ok := full[n]; ok {
					full[n] = 1
				}
			}
			b, _ := json.Marshal(full)
			if _, err := DecodeCall(s.name, string(b)); err != nil {
				t.Errorf("%s: full args rejected: %v", s.name, err)
			}
			delete(full, req.(string))
			b, _ = json.Marshal(full)
			if _, err := DecodeCall(s.name, string(b)); !errors.Is(err, errBadCall) {
				t.Errorf("%s without %s accepted", s.name, req)
			}
		}
	}
}
