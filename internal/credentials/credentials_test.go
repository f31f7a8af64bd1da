package credentials

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestResolveOrder(t *testing.T) {
	dir := t.TempDir()
	credDir := filepath.Join(dir, "creds")
	if err := os.Mkdir(credDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(credDir, "api-key"), []byte("  cred-key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(dir, "key")
	if err := os.WriteFile(keyFile, []byte("file-key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	emptyCredDir := t.TempDir()

	tests := []struct {
		name              string
		env               map[string]string
		keyFile           string
		wantKey, wantSrc  string
		wantBase, wantMod string
	}{
		{"credentials directory first", map[string]string{"CREDENTIALS_DIRECTORY": credDir, "OPENAI_API_KEY": "env"}, keyFile, "cred-key", "credentials-directory", OpenAIBaseURL, OpenAIModel},
		{"credentials dir without api-key falls through", map[string]string{"CREDENTIALS_DIRECTORY": emptyCredDir}, keyFile, "file-key", "api-key-file", OpenAIBaseURL, OpenAIModel},
		{"key file before env", map[string]string{"AUTOMEM_API_KEY": "a"}, keyFile, "file-key", "api-key-file", OpenAIBaseURL, OpenAIModel},
		{"automem before openai", map[string]string{"AUTOMEM_API_KEY": " a ", "OPENAI_API_KEY": "o", "GEMINI_API_KEY": "g"}, "", "a", "AUTOMEM_API_KEY", OpenAIBaseURL, OpenAIModel},
		{"openai before gemini", map[string]string{"OPENAI_API_KEY": "o", "GEMINI_API_KEY": "g"}, "", "o", "OPENAI_API_KEY", OpenAIBaseURL, OpenAIModel},
		{"gemini selects its endpoint", map[string]string{"GEMINI_API_KEY": "g\n", "OPENAI_API_KEY": "  "}, "", "g", "GEMINI_API_KEY", GeminiBaseURL, GeminiModel},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Resolve(Options{Getenv: envOf(tc.env), ReadFile: os.ReadFile, Stat: os.Stat, KeyFile: tc.keyFile})
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			if r.Key.Reveal() != tc.wantKey || r.Source != tc.wantSrc || r.BaseURL != tc.wantBase || r.Model != tc.wantMod {
				t.Fatalf("got key=%q src=%q base=%q model=%q", r.Key.Reveal(), r.Source, r.BaseURL, r.Model)
			}
			if len(r.Warnings) != 0 {
				t.Fatalf("unexpected warnings %v", r.Warnings)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, []byte(" \n\t"), 0o600); err != nil {
		t.Fatal(err)
	}
	two := filepath.Join(dir, "two")
	if err := os.WriteFile(two, []byte("a\nb\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		env     map[string]string
		keyFile string
		want    string
	}{
		{"nothing", nil, "", ErrNoKey.Error()},
		{"missing key file is an error", map[string]string{"OPENAI_API_KEY": "o"}, filepath.Join(dir, "nope"), "read api key file"},
		{"empty key file", nil, empty, "empty"},
		{"two lines", nil, two, "more than one line"},
		{"key file is a directory", nil, dir, "not a regular file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Resolve(Options{Getenv: envOf(tc.env), ReadFile: os.ReadFile, Stat: os.Stat, KeyFile: tc.keyFile})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want containing %q", err, tc.want)
			}
		})
	}
	if _, err := Resolve(Options{}); !errors.Is(err, ErrNoKey) {
		t.Fatalf("zero options: %v", err)
	}
}

func TestPermissionWarning(t *testing.T) {
	for _, mode := range []os.FileMode{0o600, 0o400, 0o640, 0o604, 0o644} {
		t.Run(fmt.Sprintf("%04o", mode), func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "key")
			if err := os.WriteFile(p, []byte("k"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, mode); err != nil {
				t.Fatal(err)
			}
			r, err := Resolve(Options{ReadFile: os.ReadFile, Stat: os.Stat, KeyFile: p})
			if err != nil {
				t.Fatal(err)
			}
			want := mode&0o044 != 0
			if got := len(r.Warnings) > 0; got != want {
				t.Fatalf("warning = %v (%v), want %v", got, r.Warnings, want)
			}
			for _, w := range r.Warnings {
				if strings.Contains(w, "k\n") || !strings.Contains(w, p) {
					t.Fatalf("warning should name the file, not the key: %q", w)
				}
			}
		})
	}
}

func TestSecretNeverPrinted(t *testing.T) {
	r := Result{Key: NewSecret("sk-very-secret"), Source: "OPENAI_API_KEY"}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{string(b), fmt.Sprint(r), fmt.Sprintf("%v %+v %s", r.Key, r, r.Key)} {
		if strings.Contains(s, "sk-very-secret") {
			t.Fatalf("key leaked: %s", s)
		}
	}
	if r.Key.Reveal() != "sk-very-secret" || r.Key.Empty() {
		t.Fatal("Reveal must return the key")
	}
}
