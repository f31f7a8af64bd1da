package review

import (
	"reflect"
	"testing"
)

func TestParseList(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want []int
		bad  bool
	}{
		{"1,3-4", 5, []int{1, 3, 4}, false},
		{" 2 , 2,1 ", 3, []int{1, 2}, false},
		{"1-1", 1, []int{1}, false},
		{"0", 3, nil, true},
		{"4", 3, nil, true},
		{"3-1", 3, nil, true},
		{"a", 3, nil, true},
		{"", 3, nil, true},
		{"1,,2", 3, nil, true},
		{"1-", 3, nil, true},
		{"99999999999999", 3, nil, true},
	}
	for _, tt := range tests {
		got, err := ParseList(tt.in, tt.max)
		if (err != nil) != tt.bad || (!tt.bad && !reflect.DeepEqual(got, tt.want)) {
			t.Errorf("ParseList(%q, %d) = %v, %v", tt.in, tt.max, got, err)
		}
	}
}

func TestParseKey(t *testing.T) {
	for in, want := range map[string]string{"y\n": "y", "  N ": "n", "": "", "\n": "", "yes": "y", "?": "?"} {
		if got := ParseKey(in); got != want {
			t.Errorf("ParseKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParseList(f *testing.F) {
	for _, s := range []string{"1,3-4", "2-2", "x", "1,", "-1"} {
		f.Add(s, 5)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max > 1000 {
			max = 1000
		}
		got, err := ParseList(s, max)
		if err != nil {
			return
		}
		for i, n := range got {
			if n < 1 || n > max || (i > 0 && got[i-1] >= n) {
				t.Fatalf("ParseList(%q, %d) = %v: out of range or unsorted", s, max, got)
			}
		}
	})
}

func FuzzParseKey(f *testing.F) {
	f.Add("y")
	f.Fuzz(func(t *testing.T, s string) {
		k := ParseKey(s)
		if len(k) > 1 {
			t.Fatalf("key %q longer than one byte", k)
		}
	})
}
