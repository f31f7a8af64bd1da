package modeltest

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestTokensCountsWordsAndPunctuation(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"   ", 0},
		{"go", 1},
		{"hello", 2},   // 5 letters: two pieces
		{`{"a":1}`, 5}, // {" a ": 1 }
		{"Run make test.", 4},
		{"a\n\nb", 4},
	} {
		if got := Tokens([]byte(tc.in)); got != tc.want {
			t.Errorf("Tokens(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestMeterReportsUsageAndDrainsQuota(t *testing.T) {
	s := New(t, Text("hi"))
	s.SetMeter(Meter{CachedPercent: 50, QuotaTokens: 1000, QuotaRequests: 3, Reset: 90 * time.Second})
	c := client(s)
	var remaining []string
	first := 0
	for i := range 2 {
		resp, err := ask(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		u := resp.Usage
		if u.PromptTokens == 0 || u.CompletionTokens == 0 || u.TotalTokens != u.PromptTokens+u.CompletionTokens {
			t.Fatalf("usage = %+v", u)
		}
		if u.PromptTokensDetails == nil || u.PromptTokensDetails.CachedTokens != u.PromptTokens/2 {
			t.Fatalf("cached = %+v", u.PromptTokensDetails)
		}
		if i == 0 {
			first = u.TotalTokens
		}
		h := resp.Header()
		if h.Get("x-ratelimit-limit-tokens") != "1000" || h.Get("x-ratelimit-reset-tokens") != "1m30s" || h.Get("x-ratelimit-limit-requests") != "3" {
			t.Fatalf("headers = %v", h)
		}
		remaining = append(remaining, h.Get("x-ratelimit-remaining-tokens")+"/"+h.Get("x-ratelimit-remaining-requests"))
	}
	total := s.Usage().TotalTokens
	want := []string{strconv.Itoa(1000 - first), strconv.Itoa(1000 - total)}
	if remaining[0] != want[0]+"/2" || remaining[1] != want[1]+"/1" {
		t.Fatalf("remaining = %v, want %v with requests 2 then 1 (total %d)", remaining, want, total)
	}
}

func TestMeterWithoutUsageOrHeaders(t *testing.T) {
	s := New(t, Text("hi"))
	s.SetMeter(Meter{NoUsage: true})
	resp, err := http.Post(s.BaseURL+"/chat/completions", "application/json", strings.NewReader(`{"model":"m","messages":[{"role":"user","content":"hello there"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.Contains(string(body), "usage") || strings.Contains(string(body), "prompt_tokens") {
		t.Fatalf("answer carries usage: %s", body)
	}
	for k := range resp.Header {
		if strings.HasPrefix(strings.ToLower(k), "x-ratelimit") {
			t.Fatalf("answer carries %s", k)
		}
	}
	if s.Usage().PromptTokens == 0 {
		t.Fatal("the server stopped counting what it would have billed")
	}
}
