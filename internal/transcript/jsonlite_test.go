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
		{"{\"a\":\"tab\there\"}", false},
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

func TestScanPlain(t *testing.T) {
	for _, s := range []string{"", "abc", "abcdefgh\"", "abcdefghijklmnop\\", "\x01", "ééééé\"", strings.Repeat("z", 33) + "\x1f"} {
		want := len(s)
		for i := 0; i < len(s); i++ {
			if strStop[s[i]] {
				want = i
				break
			}
		}
		if got := scanPlain([]byte(s), 0); got != want {
			t.Errorf("scanPlain(%q) = %d, want %d", s, got, want)
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
				if json.Unmarshal(v, &want) != nil || want != s {
					t.Fatalf("jsonString(%q) = %q, encoding/json %q", v, s, want)
				}
			}
		}
	})
}
