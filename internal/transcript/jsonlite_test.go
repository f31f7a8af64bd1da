package transcript

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestEachFieldValidity(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{`{}`, true},
		{` {"a":1} `, true},
		{`{"a":[1,2,{"b":null}],"c":"d\u00e9\n","e":-0.5e+10,"f":true,"g":false}`, true},
		{`{"a":"\ud800"}`, true},
		{"{\"a\":\"\xff\xfe\"}", true},
		{`[]`, false},
		{`"s"`, false},
		{`{"a":1,}`, false},
		{`{"a" 1}`, false},
		{`{"a":01}`, false},
		{`{"a":1.}`, false},
		{`{"a":.5}`, false},
		{`{"a":1e}`, false},
		{`{"a":-}`, false},
		{`{"a":tru}`, false},
		{`{"a":"x\q"}`, false},
		{`{"a":"\u12"}`, false},
		{"{\"a\":\"tab\there\"}", false}, // raw control characters are invalid
		{"{\"a\":\"x\\n\x00\"}", false},
		{"{\"a\":\"0123456789abcdef0123456789\x07\"}", false},
		{"{\"a\":\"0123456789abcdef\\u00e9\x1f\"}", false},
		{"{\"a\":\"\x1f\\n\"}", false},
		{"{\"\x01\":1}", false},
		{"{\"a\":\"\x7f \xc3\xa9 \xff 0123456789abcdef\"}", true},
		{`{"a":1}{}`, false},
		{`{"a":[1 2]}`, false},
		{`{a:1}`, false},
		{`{"a":1`, false},
		{``, false},
		{`{"a":` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}`, false},
		{`{"a":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`, true},
	}
	for _, tc := range tests {
		err := eachField([]byte(tc.in), func(k, v []byte) {})
		if (err == nil) != tc.ok {
			t.Errorf("eachField(%.40q) err=%v, want ok=%v", tc.in, err, tc.ok)
		}
	}
}

func TestEachFieldValues(t *testing.T) {
	got := map[string]string{}
	err := eachField([]byte(`{"a" : 1 ,"b\u0063":{"x":[1]},"d":"e\"f","a":2}`), func(k, v []byte) {
		got[string(k)] = string(v)
	})
	if err != nil {
		t.Fatal(err)
	}
	if got["a"] != "2" || got["bc"] != `{"x":[1]}` || got["d"] != `"e\"f"` {
		t.Errorf("fields = %v", got)
	}
	if s, ok := jsonString([]byte(`"e\"f"`)); !ok || s != `e"f` {
		t.Errorf("jsonString = %q %v", s, ok)
	}
	if _, ok := jsonString([]byte(`12`)); ok {
		t.Error("jsonString accepted a number")
	}
	for in, want := range map[string]bool{"": false, "null": false, "false": false, `""`: false, "0": false, "-0.0": false,
		"1": true, `"x"`: true, "{}": true, "[]": true, "true": true} {
		if truthy([]byte(in)) != want {
			t.Errorf("truthy(%q) != %v", in, want)
		}
	}
}

// FuzzJSONLite checks the walker against encoding/json: an accepted line is
// a valid JSON object, every valid object within the depth limit is
// accepted, and string values decode identically.
func FuzzJSONLite(f *testing.F) {
	for _, s := range []string{`{}`, `{"a":"b\n","c":[1,{"d":null}]}`, `{"a":1e5}`, `{"a":"\ud83d\ude00"}`, `[1]`, `{"a":"\x01"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var vals [][]byte
		err := eachField(b, func(k, v []byte) { vals = append(vals, v) })
		trimmed := strings.TrimLeft(string(b), " \t\r\n")
		isObj := json.Valid(b) && strings.HasPrefix(trimmed, "{")
		if err == nil && !isObj {
			t.Fatalf("accepted invalid object %q", b)
		}
		if err != nil && isObj && err != errDeep {
			t.Fatalf("rejected valid object %q: %v", b, err)
		}
		for _, v := range vals {
			if s, ok := jsonString(v); ok {
				var want string
				if err := json.Unmarshal(v, &want); err != nil {
					t.Fatalf("jsonString(%q) = %q, encoding/json fails: %v", v, s, err)
				}
				if want != s {
					t.Fatalf("jsonString(%q) = %q, encoding/json %q", v, s, want)
				}
			}
		}
	})
}

// FuzzUnquote compares string decoding with encoding/json on arbitrary
// string bodies (escapes, surrogates, invalid UTF-8).
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`a\nb`, `\ud83d\ude00`, `\ud83d`, `\ud83dx`, `\udc00\ud800`, "\xff\xfe", `\u00e9\/\"`, `\uZZZZ`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		v := append(append([]byte{'"'}, body...), '"')
		var want string
		if json.Unmarshal(v, &want) != nil {
			return
		}
		got, ok := jsonString(v)
		if !ok || got != want {
			t.Fatalf("jsonString(%q) = %q %v, encoding/json %q", v, got, ok, want)
		}
	})
}

// TestStringStop compares the word-at-a-time search with a byte loop for
// every byte value at every position of short string bodies, placed at
// several offsets in the buffer (the tail reads the word that ends at the
// buffer's end), on fillers at the edges of the flagged ranges.
func TestStringStop(t *testing.T) {
	naive := func(b []byte, i, q int) int {
		for ; i < q; i++ {
			if b[i] == '"' || b[i] == '\\' || b[i] < 0x20 {
				return i
			}
		}
		return q
	}
	for _, fill := range []byte{0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7f, 0x80, 0xA2, 0xDC, 0xff} {
		for _, pre := range []int{0, 1, 3, 7, 8, 13} {
			for n := 0; n <= 40; n++ {
				// The bytes before the body are control characters,
				// backslashes and quotes: they must never be reported.
				buf := []byte(strings.Repeat("\x00\\\"", pre) + strings.Repeat(string([]byte{fill}), n) + "\\\x01")
				i, q := 3*pre, 3*pre+n
				if got := stringStop(buf[:q], i); got != q {
					t.Fatalf("filler %#x pre %d len %d: %d, want %d", fill, pre, n, got, q)
				}
				for pos := i; pos < q; pos++ {
					for c := 0; c < 256; c++ {
						buf[pos] = byte(c)
						if got, want := stringStop(buf[:q], i), naive(buf, i, q); got != want {
							t.Fatalf("filler %#x pre %d len %d byte %#x at %d: %d, want %d", fill, pre, n, c, pos-i, got-i, want-i)
						}
					}
					buf[pos] = fill
				}
			}
		}
	}
}

// FuzzKnownValues checks the trusting walkers (fieldsOf, eachElem) against
// the validating one: on any valid value they hand out exactly the members
// and elements walkObject and walkArray do, and on any input they end
// without a panic.
func FuzzKnownValues(f *testing.F) {
	for _, s := range []string{`{"a":"b\\","c":[1,{"d":"\"}"}],"e\u0066":-1.5e3,"g":true}`, `[{"x":"y\\\"z"}, "q\\\\", null, [], {}]`,
		`{"a" : [ "]", "}" ] , "b" : { "c" : "\\\\\"" } }`, `[1,2`, `{"a`, `"\\`, `{"a":}`, `[,]`, `}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		type member struct{ k, v string }
		var got, want []member
		obj := fieldsOf(b, func(k, v []byte) { got = append(got, member{string(k), string(v)}) })
		var elems, wantElems []string
		arr := eachElem(b, func(v []byte) { elems = append(elems, string(v)) })
		if !json.Valid(b) {
			return
		}
		if len(b) > 0 && b[0] == '{' {
			if _, err := walkObject(b, 0, 0, func(k, v []byte) { want = append(want, member{string(k), string(v)}) }); err != nil {
				return // too deep for the validating walker
			}
			if !obj || !slices.Equal(got, want) {
				t.Fatalf("fieldsOf(%q) = %v %q, walkObject %q", b, obj, got, want)
			}
		}
		if i := skipWS(b, 0); i < len(b) && b[i] == '[' {
			if _, err := walkArray(b, i, 0, func(v []byte) { wantElems = append(wantElems, string(v)) }); err != nil {
				return
			}
			if !arr || !slices.Equal(elems, wantElems) {
				t.Fatalf("eachElem(%q) = %v %q, walkArray %q", b, arr, elems, wantElems)
			}
		}
	})
}
