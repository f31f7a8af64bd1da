package jobs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// tricky strings: every escape encoding/json makes.
var trickyStrings = []string{
	"", "plain", `quote " and \ backslash`, "<html> & </html>", "tab\tnew\nline\rcr\bbs\fff",
	"\x00\x01\x1f\x7f", "bad utf-8 \xff\xfe end", "\u2028 line \u2029 para", "é ü 日本 🙂", "/tmp/a b/session-1.jsonl",
	// runs of 8+ bytes with one byte to escape in every position of a word
	"abcdefg<hijklmno\x1fpqrstu&vwxyz012\"3456789\\abcdefg>hijklmn\x7f~~~~~~~é~~~~~~~\x00",
}

// fill sets every field reachable from v (strings, bools, ints, slices,
// maps, pointers) from seed, so a report field the hand-written encoder
// forgets shows up as a difference.
func fill(v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(trickyStrings[seed%len(trickyStrings)] + fmt.Sprint(seed))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(seed*7 - 3))
	case reflect.Float64:
		v.SetFloat(float64(seed)*1.25e-7 + 0.1)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), seed+1)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i), seed+i+1)
		}
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		for i := 0; i < 3; i++ {
			k := reflect.New(v.Type().Key()).Elem()
			fill(k, seed+10*i)
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, seed+i)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			fill(v.Field(i), seed+i)
		}
	default:
		panic("fill: unhandled kind " + v.Kind().String())
	}
}

func stdJSON(t testing.TB, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func ourJSON(t testing.TB, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteJSONMatchesEncodingJSON(t *testing.T) {
	full := func(seed int) *Report {
		var r Report
		fill(reflect.ValueOf(&r).Elem(), seed)
		return &r
	}
	sparse := &Report{Projects: []ProjectReport{
		{Sessions: []SessionReport{{}, {Redactions: map[string]int{}}}, Index: []string{}, Redactions: map[string]int{}},
		{},
	}}
	cases := map[string]*Report{
		"zero":     {},
		"empty":    {DryRun: true, Now: "2026-11-30T00:00:00Z", Projects: []ProjectReport{}},
		"sparse":   sparse,
		"full":     full(0),
		"full2":    full(5),
		"manySess": {Projects: []ProjectReport{{Sessions: make([]SessionReport, 2000)}}},
		"paths":    {Projects: []ProjectReport{{Sessions: make([]SessionReport, 3000)}, {Sessions: make([]SessionReport, 3)}}},
	}
	for i := range cases["manySess"].Projects[0].Sessions {
		fill(reflect.ValueOf(&cases["manySess"].Projects[0].Sessions[i]).Elem(), i)
	}
	// Runs of paths in one directory, then in another, with escapes in
	// both parts: the writer quotes a directory once per run.
	dirs := []string{"/home/u/.gemini/tmp/p<1>/chats/", "/tmp/a \"b\"\xff/é\u2028/", "", "/"}
	for _, p := range cases["paths"].Projects {
		for i := range p.Sessions {
			p.Sessions[i].Path = dirs[i/7%len(dirs)] + trickyStrings[i%len(trickyStrings)]
		}
	}
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			want, got := stdJSON(t, r), ourJSON(t, r)
			if got != want {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Fatalf("differs from encoding/json at byte %d:\n got %q\nwant %q", i, tail(got, i), tail(want, i))
			}
		})
	}
}

func tail(s string, i int) string {
	lo, hi := max(0, i-40), min(len(s), i+40)
	return s[lo:hi]
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

// A write error is returned, and nothing more is written after it.
func TestWriteJSONStopsAtTheFirstError(t *testing.T) {
	r := &Report{Projects: []ProjectReport{{Sessions: make([]SessionReport, 5000)}}}
	w := &failWriter{}
	if err := r.WriteJSON(w); err == nil || err.Error() != "disk full" {
		t.Fatalf("err = %v", err)
	}
	if w.n != 1 {
		t.Fatalf("%d writes after a failed one", w.n-1)
	}
}

func FuzzWriteJSONString(f *testing.F) {
	for _, s := range trickyStrings {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r := &Report{Now: s, Projects: []ProjectReport{{Root: s, Sessions: []SessionReport{{Path: s, Redactions: map[string]int{s: 1}}, {Path: s + "/" + s}, {Path: s + "/x"}}, Index: []string{s}}}}
		if want, got := stdJSON(t, r), ourJSON(t, r); got != want {
			t.Fatalf("string %q: got %s want %s", s, got, want)
		}
	})
}
