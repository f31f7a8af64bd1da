package transcript

import (
	"encoding/json"
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
		{"{\"a\":\"tab\there\"}", true}, // raw control characters are tolerated
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
		if err == nil && !isObj && !json.Valid(controlsToSpace(b)) {
			t.Fatalf("accepted invalid object %q", b)
		}
		if err != nil && isObj && err != errDeep {
			t.Fatalf("rejected valid object %q: %v", b, err)
		}
		for _, v := range vals {
			if s, ok := jsonString(v); ok {
				var want string
				if err := json.Unmarshal(v, &want); err != nil {
					if json.Unmarshal(controlsToSpace(v), &want) == nil {
						continue // raw control characters: tolerated here only
					}
					t.Fatalf("jsonString(%q) = %q, encoding/json fails: %v", v, s, err)
				}
				if want != s {
					t.Fatalf("jsonString(%q) = %q, encoding/json %q", v, s, want)
				}
			}
		}
	})
}

// controlsToSpace replaces raw control characters, which the walker
// tolerates inside strings, so that encoding/json can judge the rest.
func controlsToSpace(b []byte) []byte {
	out := append([]byte(nil), b...)
	for i, c := range out {
		if c < 0x20 {
			out[i] = ' '
		}
	}
	return out
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
