package jobs

import (
	"bytes"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteJSON writes the report as one compact line, byte for byte what
// encoding/json's Encoder writes for it, but streamed through a small
// buffer, with no reflection for the sessions: a dry run over 10,000 sessions prints a 3 MB
// report, and growing encoding/json's buffer to that size (then copying it
// out) was a third of the run. A test compares both encodings field by
// field, so a field added to the report types must be added here too.
func (r *Report) WriteJSON(w io.Writer) error {
	e := jsonWriter{w: w, b: make([]byte, 0, 64<<10)}
	e.raw(`{"dryRun":`)
	e.bool(r.DryRun)
	e.raw(`,"now":`)
	e.str(r.Now)
	e.raw(`,"projects":`)
	e.array(r.Projects == nil, len(r.Projects), func(i int) { e.project(&r.Projects[i]) })
	e.raw("}\n")
	e.flush()
	return e.err
}

func (e *jsonWriter) project(p *ProjectReport) {
	e.raw(`{"source":`)
	e.str(p.Source)
	e.raw(`,"id":`)
	e.str(p.ID)
	e.raw(`,"root":`)
	e.str(p.Root)
	e.raw(`,"memoryDir":`)
	e.str(p.MemoryDir)
	if p.Agent != "" {
		e.raw(`,"agent":`)
		e.str(p.Agent)
	}
	if len(p.Targets) > 0 {
		e.raw(`,"targets":`)
		e.value(p.Targets)
	}
	if len(p.AlsoTargets) > 0 {
		e.raw(`,"alsoTargets":`)
		e.value(p.AlsoTargets)
	}
	if p.DataDir != "" {
		e.raw(`,"dataDir":`)
		e.str(p.DataDir)
	}
	if len(p.Worktrees) > 0 {
		e.raw(`,"worktrees":`)
		e.array(false, len(p.Worktrees), func(i int) { e.str(p.Worktrees[i]) })
	}
	e.raw(`,"status":`)
	e.str(p.Status)
	e.raw(`,"sessions":`)
	e.sessions(p.Sessions)
	e.raw(`,"index":`)
	e.array(p.Index == nil, len(p.Index), func(i int) { e.str(p.Index[i]) })
	if p.Candidates != nil {
		e.raw(`,"candidates":`)
		e.value(p.Candidates)
	}
	if len(p.Redactions) > 0 {
		e.raw(`,"redactions":`)
		e.counts(p.Redactions)
	}
	if p.Error != "" {
		e.raw(`,"error":`)
		e.str(p.Error)
	}
	if p.Until != "" {
		e.raw(`,"until":`)
		e.str(p.Until)
	}
	if p.Usage != nil {
		e.raw(`,"usage":`)
		e.value(p.Usage)
	}
	if p.Estimate != nil {
		e.raw(`,"estimate":`)
		e.value(p.Estimate)
	}
	if p.Would != "" {
		e.raw(`,"would":`)
		e.str(p.Would)
	}
	if p.Lock != nil {
		e.raw(`,"lock":`)
		e.value(p.Lock)
	}
	if p.Upkeep != nil {
		e.raw(`,"upkeep":`)
		e.value(p.Upkeep)
	}
	if p.UpkeepDue {
		e.raw(`,"upkeepDue":true`)
	}
	e.raw("}")
}

func (e *jsonWriter) session(s *SessionReport) {
	e.raw(`{"sessionId":`)
	e.str(s.SessionID)
	e.raw(`,"source":`)
	e.str(s.Source)
	e.raw(`,"path":`)
	e.path(s.Path)
	e.raw(`,"lastUpdated":`)
	e.str(s.LastUpdated)
	e.raw(`,"userMessages":`)
	e.int(s.UserMessages)
	e.raw(`,"eligible":`)
	e.bool(s.Eligible)
	e.raw(`,"new":`)
	e.bool(s.New)
	if s.Exhausted {
		e.raw(`,"exhausted":true`)
	}
	e.raw(`,"reason":`)
	e.str(s.Reason)
	if s.Error != "" {
		e.raw(`,"error":`)
		e.str(s.Error)
	}
	if len(s.Redactions) > 0 {
		e.raw(`,"redactions":`)
		e.counts(s.Redactions)
	}
	e.raw("}")
	if len(e.b) >= 48<<10 {
		e.flush()
	}
}

// parallelSessions is the length from which a session list is written
// by two goroutines.
const parallelSessions = 1024

// sessions writes a project's sessions. A long list is written in two
// halves at once, the second into a buffer of its own: the 10,000
// sessions of a large project are 3 MB of JSON, the last step of a dry
// run, with a core to spare.
func (e *jsonWriter) sessions(ss []SessionReport) {
	if len(ss) < parallelSessions {
		e.array(ss == nil, len(ss), func(i int) { e.session(&ss[i]) })
		return
	}
	half := len(ss) / 2
	var tail bytes.Buffer
	tail.Grow((len(ss) - half) * 320)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := jsonWriter{w: &tail, b: make([]byte, 0, 64<<10)}
		for i := half; i < len(ss); i++ {
			t.raw(",")
			t.session(&ss[i])
		}
		t.flush() // a bytes.Buffer takes every write
	}()
	e.raw("[")
	for i := 0; i < half; i++ {
		if i > 0 {
			e.raw(",")
		}
		e.session(&ss[i])
	}
	<-done
	e.flush()
	if e.err == nil {
		_, e.err = e.w.Write(tail.Bytes())
	}
	e.raw("]")
}

// jsonWriter appends JSON to b and hands it to w in large pieces; the
// first write error sticks and stops the output.
type jsonWriter struct {
	w   io.Writer
	b   []byte
	err error
	// dir and dirText are the directory of the last path written and its
	// quoted text (path).
	dir     string
	dirText []byte
}

func (e *jsonWriter) flush() {
	if e.err == nil && len(e.b) > 0 {
		_, e.err = e.w.Write(e.b)
	}
	e.b = e.b[:0]
}

func (e *jsonWriter) raw(s string) { e.b = append(e.b, s...) }

// value writes one of the project's nested objects with encoding/json
// itself (floats, embedded fields): there are few per report.
func (e *jsonWriter) value(v any) {
	b, err := json.Marshal(v)
	if err != nil && e.err == nil {
		e.err = err
	}
	e.b = append(e.b, b...)
}

func (e *jsonWriter) bool(v bool) { e.b = strconv.AppendBool(e.b, v) }

func (e *jsonWriter) int(v int) { e.b = strconv.AppendInt(e.b, int64(v), 10) }

func (e *jsonWriter) str(s string) { e.b = appendJSONString(e.b, s) }

// path writes a session's path. The sessions of a project share their
// directory, most of each path's bytes, so it is quoted once and only the
// file name each time: paths are most of a large report.
func (e *jsonWriter) path(s string) {
	i := strings.LastIndexByte(s, '/') + 1
	if s[:i] != e.dir {
		e.dir, e.dirText = s[:i], appendJSONText(e.dirText[:0], s[:i])
	}
	e.b = append(append(e.b, '"'), e.dirText...)
	e.b = append(appendJSONText(e.b, s[i:]), '"')
}

// array writes a slice of n elements (null when nil, as encoding/json).
func (e *jsonWriter) array(isNil bool, n int, elem func(i int)) {
	if isNil {
		e.raw("null")
		return
	}
	e.raw("[")
	for i := 0; i < n; i++ {
		if i > 0 {
			e.raw(",")
		}
		elem(i)
	}
	e.raw("]")
}

// counts writes a map as encoding/json does: keys sorted.
func (e *jsonWriter) counts(m map[string]int) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.raw("{")
	for i, k := range keys {
		if i > 0 {
			e.raw(",")
		}
		e.str(k)
		e.raw(":")
		e.int(m[k])
	}
	e.raw("}")
}

// jsonPlain marks the ASCII bytes a JSON string holds as they are: one
// table lookup per byte of the 3 MB report instead of six comparisons.
var jsonPlain = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// plain8 tells whether the 8 bytes of s (exactly 8) are all jsonPlain, a
// word at a time: the report is mostly paths and IDs, and testing eight
// bytes at once makes quoting them several times faster than a table
// lookup per byte. Each test below is exact: a borrow can only start at a
// byte that already makes it true.
func plain8(s string) bool {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	x := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
	zero := func(v uint64) uint64 { return (v - lo) &^ v & hi }
	bad := (x-lo*0x20)&^x | x | // a control character, or not ASCII
		zero(x^(lo*'"')) | zero(x^(lo*'\\')) | zero(x^(lo*'<')) | zero(x^(lo*'>')) | zero(x^(lo*'&'))
	return bad&hi == 0
}

// appendJSONString quotes s as encoding/json does by default: ", \ and
// control characters escaped (\b \f \n \r \t by name), <, > and & as
// \u003c \u003e \u0026, invalid UTF-8 as \ufffd, U+2028 and U+2029
// escaped.
func appendJSONString(b []byte, s string) []byte {
	return append(appendJSONText(append(b, '"'), s), '"')
}

// appendJSONText is appendJSONString without the quotes. A cut at an ASCII
// byte never splits what it escapes (no UTF-8 sequence holds one), so
// pieces of a string may be quoted apart and joined.
func appendJSONText(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	start := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) && plain8(s[i:i+8]) {
			i += 8
			continue
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonPlain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(b, s[start:]...)
}
