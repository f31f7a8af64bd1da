// Package credentials finds the model API key the way a background job must:
// from systemd's credential directory first (so the key never sits in the
// unit's environment), then an explicit key file, then environment
// variables. It reports where the key came from so logs can say so without
// ever showing the key, and it picks endpoint defaults that go with the key
// (a Gemini key implies Gemini's OpenAI-compatible endpoint).
package credentials

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// Endpoint defaults selected by the key's origin.
const (
	// GeminiBaseURL is Gemini's OpenAI-compatible endpoint, used when the key
	// comes from GEMINI_API_KEY.
	GeminiBaseURL = "https://generativelanguage.googleapis.com/v1beta/openai/"
	// GeminiModel is the cheap Flash model used by default with a Gemini key.
	GeminiModel = "gemini-2.5-flash"
	// OpenAIBaseURL is the default endpoint for every other key.
	OpenAIBaseURL = "https://api.openai.com/v1"
	// OpenAIModel is the default model for every other key; a small model
	// keeps a nightly batch job cheap.
	OpenAIModel = "gpt-4.1-mini"
	// CredentialName is the file systemd's LoadCredential= must create in
	// $CREDENTIALS_DIRECTORY.
	CredentialName = "api-key"
	// maxKeyFile bounds what is read from a key file: a key is short, and a
	// misconfigured path to a huge file must not be slurped.
	maxKeyFile = 64 << 10
)

// ErrNoKey means no source yielded a key; the caller falls back to the
// offline extractor (or fails when --extractor=llm).
var ErrNoKey = errors.New("no api key configured")

// Secret holds a key. Its String and MarshalJSON never show the value, so a
// Secret that slips into a log line or a JSON report stays hidden.
type Secret struct{ v string }

// NewSecret wraps a key.
func NewSecret(s string) Secret { return Secret{v: s} }

// Reveal returns the key for the one place that must send it (the HTTP
// Authorization header).
func (s Secret) Reveal() string { return s.v }

// Empty reports whether no key is held.
func (s Secret) Empty() bool { return s.v == "" }

// String hides the value.
func (s Secret) String() string {
	if s.v == "" {
		return ""
	}
	return "[REDACTED]"
}

// MarshalJSON hides the value.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + s.String() + `"`), nil }

// Options are the inputs of Resolve; every piece of the outside world is
// injected so tests need no real environment or files.
type Options struct {
	// Getenv reads the environment (os.Getenv in production).
	Getenv func(string) string
	// ReadFile reads a file (os.ReadFile in production).
	ReadFile func(string) ([]byte, error)
	// Stat stats a file, following symlinks (os.Stat in production); used
	// for the permission warning. Nil skips the check.
	Stat func(string) (fs.FileInfo, error)
	// KeyFile is the --api-key-file flag value ("" when unset).
	KeyFile string
}

// Result is the resolved key with its provenance and endpoint defaults.
type Result struct {
	Key Secret `json:"key"`
	// Source names where the key came from, for logs: "credentials-directory",
	// "api-key-file", or the environment variable's name.
	Source string `json:"source"`
	// BaseURL and Model are defaults for flags the user did not set.
	BaseURL string `json:"baseUrl"`
	Model   string `json:"model"`
	// Warnings are human-readable problems that did not stop resolution,
	// such as a key file readable by group or others.
	Warnings []string `json:"warnings,omitempty"`
}

// Resolve returns the first key found, in the documented order:
// $CREDENTIALS_DIRECTORY/api-key, the --api-key-file, AUTOMEM_API_KEY,
// OPENAI_API_KEY, GEMINI_API_KEY. An explicitly named key file that is
// missing or empty is an error rather than a silent fall-through, because
// the user asked for it. ErrNoKey means nothing was configured.
func Resolve(o Options) (Result, error) {
	getenv := o.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	if dir := getenv("CREDENTIALS_DIRECTORY"); dir != "" {
		p := filepath.Join(dir, CredentialName)
		key, warn, err := readKeyFile(o, p)
		switch {
		case err == nil:
			return openAIDefaults(Result{Key: key, Source: "credentials-directory", Warnings: warn}), nil
		case !errors.Is(err, fs.ErrNotExist):
			return Result{}, fmt.Errorf("read credential %s: %w", p, err)
		}
		// systemd may load other credentials; an absent api-key is not ours.
	}
	if o.KeyFile != "" {
		key, warn, err := readKeyFile(o, o.KeyFile)
		if err != nil {
			return Result{}, fmt.Errorf("read api key file %s: %w", o.KeyFile, err)
		}
		return openAIDefaults(Result{Key: key, Source: "api-key-file", Warnings: warn}), nil
	}
	for _, name := range []string{"AUTOMEM_API_KEY", "OPENAI_API_KEY"} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return openAIDefaults(Result{Key: NewSecret(v), Source: name}), nil
		}
	}
	if v := strings.TrimSpace(getenv("GEMINI_API_KEY")); v != "" {
		return Result{Key: NewSecret(v), Source: "GEMINI_API_KEY", BaseURL: GeminiBaseURL, Model: GeminiModel}, nil
	}
	return Result{}, ErrNoKey
}

func openAIDefaults(r Result) Result {
	r.BaseURL, r.Model = OpenAIBaseURL, OpenAIModel
	return r
}

// errEmptyKey reports a key file holding only whitespace.
var errEmptyKey = errors.New("key file is empty")

func readKeyFile(o Options, p string) (Secret, []string, error) {
	if o.ReadFile == nil {
		return Secret{}, nil, fmt.Errorf("no file reader: %w", fs.ErrNotExist)
	}
	var warn []string
	if o.Stat != nil {
		fi, err := o.Stat(p)
		if err != nil {
			return Secret{}, nil, err
		}
		if !fi.Mode().IsRegular() {
			return Secret{}, nil, fmt.Errorf("not a regular file")
		}
		if fi.Size() > maxKeyFile {
			return Secret{}, nil, fmt.Errorf("key file larger than %d bytes", maxKeyFile)
		}
		if perm := fi.Mode().Perm(); perm&0o044 != 0 {
			warn = append(warn, fmt.Sprintf("api key file %s is readable by group or others (mode %04o); chmod 600 it", p, perm))
		}
	}
	b, err := o.ReadFile(p)
	if err != nil {
		return Secret{}, nil, err
	}
	if len(b) > maxKeyFile {
		return Secret{}, nil, fmt.Errorf("key file larger than %d bytes", maxKeyFile)
	}
	k := strings.TrimSpace(string(b))
	if k == "" {
		return Secret{}, nil, errEmptyKey
	}
	if strings.ContainsAny(k, "\r\n") {
		return Secret{}, nil, errors.New("key file holds more than one line")
	}
	return NewSecret(k), warn, nil
}
