package offline

import "testing"

// TestSameClass: two values count as one setting's old and new value only
// when they are of one kind; a shared ending alone makes hosts of names
// only when one of them came with a port.
func TestSameClass(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"10.4.0.12", "relay.corp.lan", true},
		{"ci-cache.lan:6379", "ci-cache2.lan", true},
		{"ci-cache.lan", "ci-cache2.lan", false},
		{"config.yml", "deploy.yml", false},
		{"main.py", "app.py", false},
		{"edge-box-2", "edge-box-3", true},
		{"/srv/data", "/mnt/data", true},
	} {
		if got := sameClass(c.a, c.b); got != c.want {
			t.Errorf("sameClass(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
