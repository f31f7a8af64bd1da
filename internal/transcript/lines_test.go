package transcript

import (
	"io"
	"runtime"
	"strings"
	"testing"
)

func TestLineReader(t *testing.T) {
	long := strings.Repeat("y", 200_000) // longer than the bufio buffer, shorter than the cap
	tests := []struct {
		name  string
		in    string
		max   int
		lines []string
		bad   int
	}{
		{"plain", "a\nb\n", 100, []string{"a", "b"}, 0},
		{"unterminated last line dropped", "a\nb", 100, []string{"a"}, 0},
		{"only unterminated", "abc", 100, nil, 0},
		{"empty", "", 100, nil, 0},
		{"bom stripped once", "\xef\xbb\xbfa\n\xef\xbb\xbfb\n", 100, []string{"a", "\xef\xbb\xbfb"}, 0},
		{"crlf", "a\r\nb\r\n", 100, []string{"a", "b"}, 0},
		{"blank lines kept for the caller", "\n\na\n", 100, []string{"", "", "a"}, 0},
		{"at cap", "12345678\nok\n", 8, []string{"12345678", "ok"}, 0},
		{"over cap", "123456789\nok\n", 8, []string{"ok"}, 1},
		{"over cap unterminated not counted", "ok\n123456789", 8, []string{"ok"}, 0},
		{"long under cap", long + "\nz\n", MaxLineBytes, []string{long, "z"}, 0},
		{"long over cap", long + "\nz\n" + long + "\n", 100_000, []string{"z"}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lr := newLineReader(strings.NewReader(tc.in), tc.max, 16)
			var got []string
			for {
				line, ok, err := lr.next()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				got = append(got, string(line))
			}
			if strings.Join(got, "|") != strings.Join(tc.lines, "|") || len(got) != len(tc.lines) || lr.bad != tc.bad {
				t.Errorf("lines %q bad %d, want %q bad %d", got, lr.bad, tc.lines, tc.bad)
			}
		})
	}
}

// hugeLine streams a JSON-looking line of n bytes without holding it.
type hugeLine struct {
	head, tail string
	n, off     int64
}

func (h *hugeLine) Read(p []byte) (int, error) {
	total := int64(len(h.head)) + h.n + int64(len(h.tail))
	if h.off >= total {
		return 0, io.EOF
	}
	head, body := int64(len(h.head)), int64(len(h.head))+h.n
	var w int
	switch {
	case h.off < head:
		w = copy(p, h.head[h.off:])
	case h.off < body:
		w = int(min(int64(len(p)), body-h.off))
		for i := range p[:w] {
			p[i] = 'x'
		}
	default:
		w = copy(p, h.tail[h.off-body:])
	}
	h.off += int64(w)
	return w, nil
}

// TestHugeLineBoundedMemory feeds one 1 GiB line (64 MiB with -short): it
// is skipped and counted, the next line still counts, and the reader never
// allocates more than a small multiple of the per-line cap.
func TestHugeLineBoundedMemory(t *testing.T) {
	size := int64(1 << 30)
	if testing.Short() {
		size = 64 << 20
	}
	meta := `{"sessionId":"s","projectHash":"p","lastUpdated":"2026-01-01T00:00:00Z"}` + "\n"
	r := &hugeLine{
		head: meta + `{"id":"big","type":"user","content":"`,
		n:    size,
		tail: "\"}\n" + `{"id":"u2","type":"user","content":"after the big one"}` + "\n",
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	s, err := ReadSessionFrom(r, "x.jsonl", Gemini)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if s.UserMessages != 1 || s.BadLines != 1 {
		t.Errorf("session %+v, want 1 human turn and 1 bad line", s)
	}
	// One buffer at the cap and the quadrupling ones before it (~21 MiB):
	// taking the cap in two steps, as before, allocated 37 MiB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > MaxLineBytes+7<<20 {
		t.Errorf("allocated %d MiB for a %d MiB line", alloc>>20, size>>20)
	}
}

// TestLongLineBoundedByInput reads a 2 MiB line: from an input of known
// length (a file read to its opened size) the buffer grows no further
// than the input can still hold, and from any input no further than the
// next quadrupling step, never to the per-line cap.
func TestLongLineBoundedByInput(t *testing.T) {
	line := strings.Repeat("q", 2<<20)
	in := line + "\nz\n"
	for _, tc := range []struct {
		name string
		r    io.Reader
		max  uint64 // most bytes the reads may allocate
	}{
		{"known length", &io.LimitedReader{R: strings.NewReader(in), N: int64(len(in))}, 4 << 20},
		{"unknown length", struct{ io.Reader }{strings.NewReader(in)}, 6 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			lr := newLineReader(tc.r, MaxLineBytes, readBufSize)
			first, ok, err := lr.next()
			if err != nil || !ok || string(first) != line {
				t.Fatalf("first line: %d bytes, ok %v, err %v", len(first), ok, err)
			}
			second, ok, err := lr.next()
			runtime.ReadMemStats(&after)
			if err != nil || !ok || string(second) != "z" {
				t.Fatalf("second line %q, ok %v, err %v", second, ok, err)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > tc.max {
				t.Errorf("allocated %.1f MiB for a 2 MiB line, want at most %.1f", float64(alloc)/(1<<20), float64(tc.max)/(1<<20))
			}
		})
	}
}
