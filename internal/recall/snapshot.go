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
}

// File is one memory file to index.
type File struct {
	Path    string
	Kind    string // KindMemory or KindArchive
	Agent   string
	Project string // "" for a global file, searched with every project
	size    int64
	mtime   int64
}

func (s *Session) key() string { return "s:" + s.Path }
func (s *Session) stamp() string {
	return s.ID + " " + s.Project + " " + strconv.FormatInt(s.Updated.UnixNano(), 10)
}

func (f *File) key() string { return "f:" + f.Path }
func (f *File) stamp() string {
	return f.Kind + " " + f.Project + " " + strconv.FormatInt(f.size, 10) + " " + strconv.FormatInt(f.mtime, 10)
}

// stat fills the files' sizes and modification times and drops the ones
// that do not exist (any more).
func (s *Snapshot) stat() {
	files := s.Files[:0]
	for _, f := range s.Files {
		fi, err := os.Stat(f.Path)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		f.size, f.mtime = fi.Size(), fi.ModTime().UnixNano()
		files = append(files, f)
	}
	s.Files = files
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

// fingerprint hashes everything Update compares, so an unchanged snapshot
// is recognised without opening the database.
func (s *Snapshot) fingerprint() string {
	h := sha256.New()
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], Version)
	h.Write(n[:])
	for i := range s.Sessions {
		h.Write([]byte(s.Sessions[i].key()))
		h.Write([]byte{0})
		h.Write([]byte(s.Sessions[i].Agent + " " + s.Sessions[i].stamp()))
		h.Write([]byte{0})
	}
	for i := range s.Files {
		h.Write([]byte(s.Files[i].key()))
		h.Write([]byte{0})
		h.Write([]byte(s.Files[i].Agent + " " + s.Files[i].stamp()))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (s *Scope) covers(agent, project string) bool {
	if !slices.Contains(s.Agents, agent) {
		return false
	}
	return s.Projects == nil || project == "" || slices.Contains(s.Projects, project)
}
