package jsonl

import (
	"os"
	"path/filepath"
	"testing"
)

type rec struct {
	Text string `json:"text"`
	N    int    `json:"n"`
}

func TestRoundTripSkipsBadLines(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sub", "x.jsonl")
	if got, err := Read[rec](p); err != nil || len(got) != 0 {
		t.Fatalf("missing file = %v, %v", got, err)
	}
	if err := Write(p, []rec{{"a", 1}, {"b", 2}}); err != nil {
		t.Fatal(err)
	}
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("not json\n{\"text\":\"c\",\"n\":3}\n")
	f.Close()
	got, err := Read[rec](p)
	if err != nil || len(got) != 3 || got[0] != (rec{"a", 1}) || got[2] != (rec{"c", 3}) {
		t.Fatalf("read = %+v, %v", got, err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode = %v", fi.Mode())
	}
}
