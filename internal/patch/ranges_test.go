package patch

import (
	"reflect"
	"testing"
)

// TestParseRanges covers the hunk and line lists ("1,3-4"); the former
// review.ParseList and patch.ParseRanges differed on spaces, empty input and
// messages, and the review prints these messages, so they are pinned.
func TestParseRanges(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want []int
		err  string
	}{
		{"1,3-4", 5, []int{1, 3, 4}, ""},
		{" 2 , 2,1 ", 3, []int{1, 2}, ""},
		{"1 - 3", 3, []int{1, 2, 3}, ""},
		{"1-1", 1, []int{1}, ""},
		{"0", 3, nil, "0 is out of range 1-3"},
		{"4", 3, nil, "4 is out of range 1-3"},
		{"3-1", 3, nil, `range "3-1" runs backwards`},
		{"a", 3, nil, `"a" is not a number`},
		{"", 3, nil, "empty selection"},
		{"  ", 3, nil, "empty selection"},
		{"1,,2", 3, nil, `"" is not a number`},
		{"1-", 3, nil, `"" is not a number`},
		{"-1", 3, nil, `"" is not a number`},
		{"+1", 3, nil, `"+1" is not a number`},
		{"99999999999999", 3, nil, `"99999999999999" is not a number`},
		{"1", 0, nil, "1 is out of range 1-0"},
	}
	for _, tt := range tests {
		got, err := ParseRanges(tt.in, tt.max)
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != tt.err || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseRanges(%q, %d) = %v, %q; want %v, %q", tt.in, tt.max, got, msg, tt.want, tt.err)
		}
	}
}

func FuzzParseRanges(f *testing.F) {
	for _, s := range []string{"1,3-4", "2-2", "x", "1,", "-1", " 1 - 2 ,3"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		max = min(max, 1000)
		got, err := ParseRanges(s, max)
		if err != nil {
			if got != nil || err.Error() == "" {
				t.Fatalf("ParseRanges(%q, %d) = %v, %v", s, max, got, err)
			}
			return
		}
		if len(got) == 0 {
			t.Fatalf("ParseRanges(%q, %d) accepted nothing", s, max)
		}
		for i, n := range got {
			if n < 1 || n > max || (i > 0 && got[i-1] >= n) {
				t.Fatalf("ParseRanges(%q, %d) = %v: out of range or unsorted", s, max, got)
			}
		}
	})
}
