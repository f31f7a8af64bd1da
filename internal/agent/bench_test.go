package agent

import (
	"context"
	"testing"
)

// BenchmarkTurn measures the agent's own overhead per model turn against a
// local fake endpoint (HTTP round trip, JSON both ways, one tool call).
func BenchmarkTurn(b *testing.B) {
	h := setup(b, tools(call(ToolListDirectory, "dir_path", ".")), done("ok"))
	b.ReportAllocs()
	for b.Loop() {
		h.fake.mu.Lock()
		h.fake.n, h.fake.bodies, h.fake.reqs, h.fake.auth = 0, nil, nil, nil
		h.fake.mu.Unlock()
		if res := h.run(context.Background()); res.Reason != Goal {
			b.Fatalf("reason %s", res.Reason)
		}
	}
}

func BenchmarkDecodeCall(b *testing.B) {
	args := `{"file_path":"/home/u/.gemini/tmp/proj/memory/.inbox/private/extraction.patch","content":"--- a\n+++ a\n@@ -1 +1 @@\n-x\n+y\n"}`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeCall(ToolWriteFile, args); err != nil {
			b.Fatal(err)
		}
	}
}
