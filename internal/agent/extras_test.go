package agent

import (
	"encoding/json"
	"testing"
)

// FuzzExtras: capture and apply accept any bytes; apply either returns the
// body unchanged or valid JSON.
func FuzzExtras(f *testing.F) {
	f.Add([]byte(`{"choices":[{"message":{"tool_calls":[{"id":"a","extra_content":{"x":1}}]}}]}`),
		[]byte(`{"model":"m","messages":[{"role":"assistant","tool_calls":[{"id":"a","type":"function"}]}]}`))
	f.Add([]byte(`not json`), []byte(`{"messages":"x"}`))
	f.Add([]byte(`{"choices":[{"message":{"tool_calls":[{"id":"a","extra_content":null}]}}]}`), []byte(`{"messages":[{"tool_calls":[{"id":7}]}]}`))
	f.Fuzz(func(t *testing.T, resp, req []byte) {
		var c callExtras
		c.capture(resp)
		out := c.apply(req)
		if string(out) != string(req) && !json.Valid(out) {
			t.Fatalf("apply produced invalid JSON: %q", out)
		}
	})
}

func TestExtrasUnchangedWithoutCapture(t *testing.T) {
	var c callExtras
	body := []byte(`{"messages":[{"role":"assistant","tool_calls":[{"id":"a"}]}],"model":"m"}`)
	if got := c.apply(body); string(got) != string(body) {
		t.Fatalf("body changed: %s", got)
	}
	c.capture([]byte(`{"choices":[{"message":{"tool_calls":[{"id":"b","extra_content":{"s":"x"}}]}}]}`))
	if got := c.apply(body); string(got) != string(body) {
		t.Fatalf("body changed for an unknown id: %s", got)
	}
}
