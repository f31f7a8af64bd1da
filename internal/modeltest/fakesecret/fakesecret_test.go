package fakesecret_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/automem/automem/internal/modeltest/fakesecret"
	"github.com/automem/automem/internal/redact"
)

func TestCorpusIsSeededAndLargeEnough(t *testing.T) {
	a, b, c := fakesecret.Corpus(1), fakesecret.Corpus(1), fakesecret.Corpus(2)
	if len(a) < 25 {
		t.Fatalf("%d shapes, want at least 25", len(a))
	}
	if !slices.Equal(fakesecret.Values(a), fakesecret.Values(b)) {
		t.Error("the same seed drew different values")
	}
	if slices.Equal(fakesecret.Values(a), fakesecret.Values(c)) {
		t.Error("different seeds drew the same values")
	}
	for _, s := range a {
		for _, v := range s.Values {
			if !strings.Contains(s.Text, v) || len(v) < 12 {
				t.Errorf("%s: value %q not in its text or too short", s.Name, v)
			}
		}
	}
	if len(fakesecret.Tokens(a)) < 10 {
		t.Errorf("only %d self-identifying tokens", len(fakesecret.Tokens(a)))
	}
}

// TestRedactorCatchesEveryShape pins that the end-to-end corpus only holds
// shapes the redactor is meant to catch, so an e2e failure means a leak
// in the cycle and not an unknown shape.
func TestRedactorCatchesEveryShape(t *testing.T) {
	r, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		for _, s := range fakesecret.Corpus(seed) {
			out, _, err := r.Text(context.Background(), s.Text)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range s.Values {
				if strings.Contains(out, v) {
					t.Errorf("seed %d %s: value survives in %q", seed, s.Name, out)
				}
			}
			if s.Token {
				v := s.Values[0]
				for _, where := range []string{"/srv/" + v + "/config.yaml", `{"` + v + `": 1}`, "Debug " + v + " issue"} {
					out, _, _ := r.Text(context.Background(), where)
					if strings.Contains(out, v) {
						t.Errorf("seed %d %s: bare token survives in %q", seed, s.Name, out)
					}
				}
			}
		}
	}
}
