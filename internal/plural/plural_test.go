package plural

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 lines"}, {1, "1 line"}, {2, "2 lines"}, {-1, "-1 lines"}} {
		if got := Of(c.n, "line", "lines"); got != c.want {
			t.Errorf("Of(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
