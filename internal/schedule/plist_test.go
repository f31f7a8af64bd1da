package schedule

import (
	"reflect"
	"strings"
	"testing"
)

func TestParsePlistValue(t *testing.T) {
	const head = `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd"><plist version="1.0">`
	tests := []struct {
		name, body string
		want       any
		errPart    string
	}{
		{name: "dict of everything", body: `<dict><!-- c --><key>s</key><string>a &amp; b</string><key>i</key><integer> -7 </integer><key>t</key><true/><key>f</key><false/><key>a</key><array><string>x</string><dict/></array></dict>`,
			want: map[string]any{"s": "a & b", "i": int64(-7), "t": true, "f": false, "a": []any{"x", map[string]any{}}}},
		{name: "empty string", body: `<string></string>`, want: ""},
		{name: "empty array", body: `<array/>`, want: []any(nil)},
		{name: "duplicate key", body: `<dict><key>a</key><true/><key>a</key><false/></dict>`, errPart: "duplicate key"},
		{name: "key without value", body: `<dict><key>a</key></dict>`, errPart: "missing value"},
		{name: "value without key", body: `<dict><string>a</string></dict>`, errPart: "where a <key> belongs"},
		{name: "text in array", body: `<array>junk<string>a</string></array>`, errPart: "unexpected text"},
		{name: "bad integer", body: `<integer>12x</integer>`, errPart: "bad <integer>"},
		{name: "unsupported type", body: `<date>2026-01-01T00:00:00Z</date>`, errPart: "unsupported element"},
		{name: "two values", body: `<true/><false/>`, errPart: "more than one value"},
		{name: "nested in scalar", body: `<string><true/></string>`, errPart: "inside a scalar"},
		{name: "unclosed", body: `<dict><key>a</key><string>b</string>`, errPart: "unexpected EOF"},
		{name: "too deep", body: strings.Repeat("<array>", 40) + strings.Repeat("</array>", 40), errPart: "nested too deeply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := head + tt.body
			if !strings.Contains(tt.errPart, "EOF") {
				doc += "</plist>"
			}
			got, err := ParsePlistValue(strings.NewReader(doc))
			if tt.errPart != "" {
				if err == nil || !strings.Contains(err.Error(), tt.errPart) {
					t.Fatalf("error = %v, want one containing %q", err, tt.errPart)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %#v, want %#v", got, tt.want)
			}
		})
	}
}

func TestParsePlistRejectsOtherRoots(t *testing.T) {
	if _, err := ParsePlistValue(strings.NewReader(`<dict></dict>`)); err == nil {
		t.Fatal("accepted a document whose root is not <plist>")
	}
	if _, err := ParsePlistValue(strings.NewReader(``)); err == nil {
		t.Fatal("accepted an empty document")
	}
}

func TestParseAgentChecksTypes(t *testing.T) {
	tests := []struct{ name, body, errPart string }{
		{"label not string", `<key>Label</key><integer>1</integer>`, "Label: is integer, want string"},
		{"args not array", `<key>ProgramArguments</key><string>/bin/x</string>`, "ProgramArguments: is string, want array"},
		{"arg not string", `<key>ProgramArguments</key><array><integer>1</integer></array>`, "item 0 is integer"},
		{"RunAtLoad as string", `<key>RunAtLoad</key><string>false</string>`, "RunAtLoad: is string, want boolean"},
		{"Nice as string", `<key>Nice</key><string>10</string>`, "Nice: is string, want integer"},
		{"env value not string", `<key>EnvironmentVariables</key><dict><key>A</key><true/></dict>`, "A is boolean"},
		{"calendar as string", `<key>StartCalendarInterval</key><string>hourly</string>`, "want dict or array"},
		{"calendar minute out of range", `<key>StartCalendarInterval</key><dict><key>Minute</key><integer>60</integer></dict>`, "Minute=60"},
		{"calendar weekday", `<key>StartCalendarInterval</key><dict><key>Weekday</key><integer>1</integer></dict>`, "Weekday=1"},
		{"calendar item not dict", `<key>StartCalendarInterval</key><array><integer>1</integer></array>`, "item 0 is integer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseAgent(strings.NewReader(`<plist><dict>` + tt.body + `</dict></plist>`))
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Fatalf("error = %v, want one containing %q", err, tt.errPart)
			}
		})
	}
	if _, err := ParseAgent(strings.NewReader(`<plist><array/></plist>`)); err == nil {
		t.Fatal("accepted an array at top level")
	}
}

func FuzzParsePlistValue(f *testing.F) {
	f.Add([]byte(`<plist><dict><key>a</key><array><string>x</string><integer>1</integer><true/></array></dict></plist>`))
	f.Add([]byte(`<plist><string>a</string></plist>`))
	f.Add([]byte(`<plist><dict><key>StartCalendarInterval</key><array><dict><key>Minute</key><integer>0</integer></dict></array></dict></plist>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		v, err := ParsePlistValue(strings.NewReader(string(b)))
		if err != nil {
			return
		}
		checkPlistTypes(t, v, 0)
		_, _ = ParseAgent(strings.NewReader(string(b)))
	})
}

// checkPlistTypes asserts the decoder's promise: only the five Go types,
// and no deeper than maxPlistDepth.
func checkPlistTypes(t *testing.T, v any, depth int) {
	if depth > maxPlistDepth+1 {
		t.Fatalf("value nested %d deep", depth)
	}
	switch x := v.(type) {
	case string, int64, bool:
	case []any:
		for _, e := range x {
			checkPlistTypes(t, e, depth+1)
		}
	case map[string]any:
		for _, e := range x {
			checkPlistTypes(t, e, depth+1)
		}
	default:
		t.Fatalf("decoded a %T", v)
	}
}
