package lazyregexp

import (
	"sync"
	"testing"
)

func TestNew(t *testing.T) {
	re := New(`^a(b+)c$`)
	var wg sync.WaitGroup
	got := make([]any, 8)
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = re() }()
	}
	wg.Wait()
	for i := range got {
		if got[i] != got[0] {
			t.Fatal("New compiled its expression more than once")
		}
	}
	if m := re().FindStringSubmatch("abbc"); len(m) != 2 || m[1] != "bb" {
		t.Fatalf("match = %q", m)
	}
	bad := New(`(`)
	defer func() {
		if recover() == nil {
			t.Fatal("a bad expression did not panic on first use")
		}
	}()
	bad()
}
