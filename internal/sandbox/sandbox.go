// Package sandbox is the only door between the extraction agent's tools and
// the filesystem. The model is untrusted (it reads untrusted transcripts), so
// every path it names is confined in code: reads go through os.Root handles
// for the memory dir and the read-only skills roots, offered transcripts are
// answered with a rendering rather than their bytes, and writes reach only
// memory/skills/ and the two canonical inbox patches. Lexical checks merely
// pick which root a path belongs to; os.Root does the enforcement, so a
// symlink planted or swapped mid-call cannot lead a write outside.
package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/automem/automem/internal/memdir"
)

// Defaults for Config's caps.
const (
	DefaultReadCap   = 256 << 10
	DefaultWriteCap  = 256 << 10
	DefaultMaxWrites = 16
	maxPathLen       = 4096
)

// RenderFunc returns the compact, redacted rendering of an offered
// transcript, paged by line offset and limit. The sandbox never hands the
// model a transcript's raw bytes.
type RenderFunc func(path string, offset, limit int) (string, error)

// Config says what one run may see and touch. All paths are absolute.
type Config struct {
	// Memory says where the memory lives. Relative paths resolve against
	// its private memory dir, which must exist; writes reach only its
	// skills inbox and the canonical extraction patches, inside its data
	// dir (the same directory for Gemini CLI).
	Memory memdir.Dir
	// SkillRoots are read-only skill directories (user and workspace
	// skills); missing ones are skipped.
	SkillRoots []string
	// Transcripts are the exact paths offered in this run's session index.
	Transcripts []string
	// ReadOnlyFiles are single files outside the roots that may be read
	// (never written), by exact path: the global memory file
	// ~/.gemini/GEMINI.md, which a global patch must quote as context.
	ReadOnlyFiles []string
	// Render answers read_file on an offered transcript.
	Render RenderFunc
	// ReadCap bounds the bytes read from one file (DefaultReadCap if 0).
	ReadCap int64
	// WriteCap bounds the size of one written file (DefaultWriteCap if 0).
	WriteCap int
	// MaxWrites bounds how many distinct files one run may write
	// (DefaultMaxWrites if 0).
	MaxWrites int
}

// Sandbox executes the agent's file tools inside the run's confinement. It is
// safe for concurrent use; Close releases the root handles.
type Sandbox struct {
	mu       sync.Mutex
	cfg      Config
	mem      *root
	data     *root             // where writes go; mem when they are one dir
	inbox    map[string]string // writable patch (relative to data) -> its dir
	skills   string            // the skills inbox, relative to data
	roots    []*root           // mem first, then data, then skill roots
	offered  map[string]bool
	extra    map[string]bool
	read     map[string]bool
	failed   map[string]bool
	written  map[string]bool
	readCap  int64
	writeCap int
	maxWrite int
}

// root is one directory the model may read, held open as an os.Root.
type root struct {
	abs string
	r   *os.Root
}

// New opens the roots. The memory dir must exist; missing skill roots are
// ignored, since most users have no workspace skills.
func New(cfg Config) (*Sandbox, error) {
	memDir := cfg.Memory.Targets.MemoryDir
	if memDir != "" && !filepath.IsAbs(memDir) || !filepath.IsAbs(cfg.Memory.Data) {
		return nil, fmt.Errorf("open sandbox: memory dir %q or data dir %q is not absolute", memDir, cfg.Memory.Data)
	}
	if fi, err := os.Stat(memDir); memDir == "" || err != nil || !fi.IsDir() {
		// An agent without a private memory dir (Codex), or one it has
		// not made yet (Claude Code before its first note): relative
		// paths resolve in automem's data dir, where the inbox is.
		memDir = cfg.Memory.Data
	}
	s := &Sandbox{
		cfg:      cfg,
		offered:  map[string]bool{},
		extra:    map[string]bool{},
		read:     map[string]bool{},
		failed:   map[string]bool{},
		written:  map[string]bool{},
		readCap:  cfg.ReadCap,
		writeCap: cfg.WriteCap,
		maxWrite: cfg.MaxWrites,
	}
	if s.readCap <= 0 {
		s.readCap = DefaultReadCap
	}
	if s.writeCap <= 0 {
		s.writeCap = DefaultWriteCap
	}
	if s.maxWrite <= 0 {
		s.maxWrite = DefaultMaxWrites
	}
	mem := filepath.Clean(memDir)
	mr, err := os.OpenRoot(mem)
	if err != nil {
		return nil, fmt.Errorf("open sandbox memory dir %s: %w", mem, err)
	}
	s.mem = &root{abs: mem, r: mr}
	s.roots = append(s.roots, s.mem)
	s.data = s.mem
	if data := filepath.Clean(cfg.Memory.Data); data != mem {
		dr, err := os.OpenRoot(data)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("open sandbox data dir %s: %w", data, err)
		}
		s.data = &root{abs: data, r: dr}
		s.roots = append(s.roots, s.data)
	}
	s.inbox = map[string]string{}
	for _, k := range memdir.Kinds() {
		rel := s.dataRel(cfg.Memory.ExtractionPatch(k))
		s.inbox[rel] = path.Dir(rel)
	}
	s.skills = s.dataRel(cfg.Memory.Skills())
	for _, p := range cfg.SkillRoots {
		if !filepath.IsAbs(p) {
			s.Close()
			return nil, fmt.Errorf("open sandbox: skills root %q is not absolute", p)
		}
		p = filepath.Clean(p)
		r, err := os.OpenRoot(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("open sandbox skills root %s: %w", p, err)
		}
		s.roots = append(s.roots, &root{abs: p, r: r})
	}
	for _, t := range cfg.Transcripts {
		if filepath.IsAbs(t) {
			s.offered[filepath.Clean(t)] = true
		}
	}
	for _, f := range cfg.ReadOnlyFiles {
		if filepath.IsAbs(f) {
			s.extra[filepath.Clean(f)] = true
		}
	}
	return s, nil
}

// Close releases the root handles.
func (s *Sandbox) Close() error {
	var errs []error
	for _, r := range s.roots {
		errs = append(errs, r.r.Close())
	}
	s.roots = nil
	return errors.Join(errs...)
}

// dataRel is p (inside the data dir, as memdir places every inbox file)
// relative to the data dir, slash-separated.
func (s *Sandbox) dataRel(p string) string {
	rel, _ := filepath.Rel(s.data.abs, p)
	return filepath.ToSlash(rel)
}

// MemoryDir returns the memory dir the sandbox is rooted at.
func (s *Sandbox) MemoryDir() string { return s.mem.abs }

// TranscriptsRead returns, sorted, the offered transcripts whose rendering
// was returned to the model without error at least once.
func (s *Sandbox) TranscriptsRead() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return sortedKeys(s.read)
}

// TranscriptsFailed returns, sorted, the offered transcripts whose rendering
// failed every time the model asked for them (never read successfully), so
// the caller can record a "failed" verdict rather than "skipped".
func (s *Sandbox) TranscriptsFailed() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for p := range s.failed {
		if !s.read[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// Written returns, sorted, the absolute paths this run wrote.
func (s *Sandbox) Written() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return sortedKeys(s.written)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// target is a model-supplied path after resolution.
type target struct {
	abs        string
	transcript bool
	extra      bool // one of Config.ReadOnlyFiles
	root       *root
	rel        string // slash-separated, "." for the root itself
}

// resolve makes p absolute (relative paths are relative to the memory dir),
// cleans it and picks the deepest readable root that lexically contains it.
// Containment is then enforced by os.Root when the file is opened.
func (s *Sandbox) resolve(op, p string) (target, error) {
	if p == "" {
		return target{}, &Error{Op: op, Path: p, Reason: Invalid, Detail: "empty path"}
	}
	if len(p) > maxPathLen || strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return target{}, &Error{Op: op, Path: p, Reason: Invalid, Detail: "path has control characters or is too long"}
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(s.mem.abs, abs)
	}
	abs = filepath.Clean(abs)
	if s.offered[abs] {
		return target{abs: abs, transcript: true}, nil
	}
	if s.extra[abs] {
		return target{abs: abs, extra: true}, nil
	}
	var best *root
	var bestRel string
	for _, r := range s.roots {
		rel, err := filepath.Rel(r.abs, abs)
		if err != nil || !filepath.IsLocal(rel) && rel != "." {
			continue
		}
		if best == nil || len(r.abs) > len(best.abs) {
			best, bestRel = r, rel
		}
	}
	if best == nil {
		return target{}, &Error{Op: op, Path: p, Reason: Outside}
	}
	return target{abs: abs, root: best, rel: filepath.ToSlash(bestRel)}, nil
}
