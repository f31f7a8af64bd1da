// Package render turns a transcript into the compact, redacted text the
// extraction agent reads instead of the raw file. Raw transcripts are mostly
// repetition (Gemini records every tool output two or three times), metadata
// and injected context; the model needs the person's words, the assistant's
// answers, what was run and how it ended. Sending only that keeps model
// traffic under a fifth of the raw bytes and gives the model turn numbers and
// message ids it can cite as evidence.
//
// Every text taken from a transcript passes one redaction hook before it is
// cut or placed in a line, so no path sends unredacted text, and a secret is
// never half-cut into a shape the redactor no longer recognises.
//
// In an extraction run: p := NewPager(offered, redactor.Hook(ctx, warn,
// tally), Options{}) and p.Page as the sandbox's read_file renderer;
// p.BytesServed() is the bytes sent. Index headlines and summaries printed
// or sent elsewhere go through Line with the same hook.
package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// Redact is the single redaction hook: it returns text that is safe to send
// (in production redact.Redactor.Hook, which withholds text it cannot clean).
type Redact func(string) string

// Options bound what is kept from each part of a transcript. The zero value
// picks the defaults below.
type Options struct {
	MaxHuman     int // bytes kept of one human message (default 6000)
	MaxAssistant int // bytes kept of one assistant message (default 2000)
	MaxInjected  int // bytes kept of other non-human user text (default 300)
	MaxArgs      int // bytes of a tool call's arguments (default 200)
	MaxArgValue  int // bytes of one argument value when cutting (default 80)
	OutputHead   int // first lines kept of a long tool output (default 6)
	OutputTail   int // last lines kept (default 3)
	OutputErrors int // error lines kept from the middle (default 6)
	MaxLine      int // bytes of any one line of output (default 240)
	MaxInfo      int // bytes of an info/warning record (default 160)
	// CallsOnly leaves tool outputs, tool-result records and message ids
	// out: one line per tool call, for the search index, where outputs are
	// mostly noise and most of the bytes.
	CallsOnly bool
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.MaxHuman, 6000)
	def(&o.MaxAssistant, 2000)
	def(&o.MaxInjected, 300)
	def(&o.MaxArgs, 200)
	def(&o.MaxArgValue, 80)
	def(&o.OutputHead, 6)
	def(&o.OutputTail, 3)
	def(&o.OutputErrors, 6)
	def(&o.MaxLine, 240)
	def(&o.MaxInfo, 160)
	return o
}

// Rendering is a transcript as lines, ready to be paged like a file.
type Rendering struct {
	Lines []string
	// marks are where each message starts in Lines, in order.
	marks []mark
}

// mark is the header line of message n.
type mark struct {
	line int
	n    int
	role string
	time time.Time
}

// File reads a transcript with the transcript package and renders it.
func File(path string, src transcript.Source, red Redact, opt Options) (*Rendering, error) {
	sess, msgs, err := transcript.ReadMessages(path, src)
	if err != nil {
		return nil, fmt.Errorf("render %s: %w", path, err)
	}
	return Transcript(sess, msgs, red, opt), nil
}

// Line makes one redacted line of at most max bytes from s (session
// summaries, workflow hints, titles, index headlines): whitespace runs
// become one space, then the hook runs, then the cut, so a secret is never
// cut before it is seen. For a session-index line, pass the headline and
// keep the transcript path as it is (whitespace in a path is meaningful).
func Line(s string, red Redact, max int) string {
	s = red(strings.Join(strings.Fields(s), " "))
	if max > 0 && len(s) > max {
		s = CutBytes(s, max-len("…")) + "…"
	}
	return s
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02T15:04:05Z")
}
