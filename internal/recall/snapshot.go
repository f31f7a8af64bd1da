package recall

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// Snapshot is what a run found: every session and memory file the index
// should hold for the part of the world the run looked at (Scope).
type Snapshot struct {
	Sessions []Session
	Files    []File
	// Scope is what the snapshot covers completely: an indexed document
	// inside it that the snapshot no longer lists is removed, one outside
	// it is kept (a run narrowed to one project or one agent says nothing
	// about the others).
	Scope Scope
}

// Scope names the agents and projects a snapshot covers.
type Scope struct {
	// Agents whose sessions were all listed ("gemini", "claude", "codex").
	Agents []string
	// Projects listed completely; nil means every project of those agents.
	Projects []string
}

// Session is one transcript to index.
type Session struct {
	Agent   string
	ID      string
	Path    string
	Source  transcript.Source
	Project string
	// Updated is the transcript's last update as the scan read it; a
	// session whose Updated changed is read and indexed again.
	Updated time.Time
	sig     int64
}

// File is one memory file to index.
type File struct {
	Path    string
	Kind    string // KindMemory or KindArchive
	Agent   string
	Project string // "" for a global file, searched with every project
	size    int64
	mtime   int64
	sig     int64
}

func (s *Session) key() string { return "s:" + s.Path }
func (s *Session) stamp() string {
	return s.ID + " " + s.Project + " " + strconv.FormatInt(s.Updated.UnixNano(), 10)
}

func (f *File) key() string { return "f:" + f.Path }
func (f *File) stamp() string {
	return f.Kind + " " + f.Project + " " + strconv.FormatInt(f.size, 10) + " " + strconv.FormatInt(f.mtime, 10)
}

// stat fills the files' sizes and modification times, drops the ones
// that do not exist (any more) and signs every document (see signature).
func (s *Snapshot) stat() {
	files := s.Files[:0]
	for _, f := range s.Files {
		fi, err := os.Stat(f.Path)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		f.size, f.mtime = fi.Size(), fi.ModTime().UnixNano()
		f.sig = f.sign()
		files = append(files, f)
	}
	s.Files = files
	for i := range s.Sessions {
		s.Sessions[i].sig = s.Sessions[i].sign()
	}
}

// A document's signature is its identity and version in one number: FNV-1a
// of its key, agent and stamp, each followed by a zero byte. An update
// compares the snapshot with the index through them, loading one pair of
// integers per indexed document, not its path and stamp. They are hashed
// from the parts, without building the key and stamp strings (that and
// formatting every document's date was a fifth of an incremental
// update's CPU).
type signature uint64

func newSignature() signature { return 14695981039346656037 }

func (h *signature) str(s string) { *h = fnv1a(*h, s) }

func (h *signature) int(n int64) {
	var b [20]byte
	*h = fnv1a(*h, strconv.AppendInt(b[:0], n, 10))
}

func fnv1a[T string | []byte](h signature, s T) signature {
	for i := 0; i < len(s); i++ {
		h ^= signature(s[i])
		h *= 1099511628211
	}
	return h
}

func (h *signature) end() {
	*h *= 1099511628211 // a zero byte: x ^= 0, then the multiplication
}

// signDoc signs a document whose key is prefix+path and whose stamp is
// first, project and nums joined by spaces (Session.stamp, File.stamp).
func signDoc(prefix, path, agent, first, project string, nums ...int64) int64 {
	h := newSignature()
	h.str(prefix)
	h.str(path)
	h.end()
	h.str(agent)
	h.end()
	h.str(first)
	h.str(" ")
	h.str(project)
	for _, n := range nums {
		h.str(" ")
		h.int(n)
	}
	h.end()
	return int64(h)
}

func (s *Session) sign() int64 {
	return signDoc("s:", s.Path, s.Agent, s.ID, s.Project, s.Updated.UnixNano())
}

func (f *File) sign() int64 {
	return signDoc("f:", f.Path, f.Agent, f.Kind, f.Project, f.size, f.mtime)
}

// scopeKey names the scope, so that runs over different scopes keep their
// own fingerprints.
func (s *Snapshot) scopeKey() string {
	a := slices.Sorted(slices.Values(s.Scope.Agents))
	h := sha256.New()
	for _, x := range a {
		h.Write([]byte(x + "\x00"))
	}
	h.Write([]byte{1})
	if s.Scope.Projects != nil {
		for _, x := range slices.Sorted(slices.Values(s.Scope.Projects)) {
			h.Write([]byte(x + "\x00"))
		}
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// fingerprint hashes everything Update compares (the documents'
// signatures, in order), so an unchanged snapshot is recognised without
// opening the database.
func (s *Snapshot) fingerprint() string {
	b := make([]byte, 0, 8*(2+len(s.Sessions)+len(s.Files)))
	b = binary.LittleEndian.AppendUint64(b, Version)
	b = binary.LittleEndian.AppendUint64(b, uint64(len(s.Sessions)))
	for i := range s.Sessions {
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Sessions[i].sig))
	}
	for i := range s.Files {
		b = binary.LittleEndian.AppendUint64(b, uint64(s.Files[i].sig))
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func (s *Scope) covers(agent, project string) bool {
	if !slices.Contains(s.Agents, agent) {
		return false
	}
	return s.Projects == nil || project == "" || slices.Contains(s.Projects, project)
}
