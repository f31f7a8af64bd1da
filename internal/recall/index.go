// Package recall is automem's local full-text index over what a person may
// want to recall later: the memory files of every project (with the
// archive, the global files, skills, pending candidates and evidence) and
// the redacted rendering of every past session, one row per turn. It backs
// `inbox search` and the `inbox mcp` server.
//
// The index is an SQLite FTS5 database (pure Go, modernc.org/sqlite) in
// automem's cache dir. It is disposable: a missing, old or corrupt file is
// rebuilt from the transcripts and memory files. `extract` keeps it fresh
// with Update, which reads only what changed since the last run and opens
// the database only when something did. Only redacted text ever enters it,
// so no secret is searchable.
package recall

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, with FTS5
)

// Version changes whenever the schema or what goes into a row changes; an
// index of another version is rebuilt.
const Version = 3

// FileName is the index's file name under automem's cache dir.
const FileName = "recall/index.db"

// Kinds of indexed documents.
const (
	KindSession = "session" // a transcript, one row per turn
	KindMemory  = "memory"  // a memory file, skill, pending candidate or evidence, one row per line
	KindArchive = "archive" // archive.md: searched only when asked
)

// Why an index was (re)built from scratch; the notice shown to a person.
const (
	ReasonMissing = "missing"
	ReasonVersion = "old version"
	ReasonCorrupt = "corrupt"
)

const schema = `
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE docs(
	id INTEGER PRIMARY KEY,
	key TEXT NOT NULL UNIQUE,
	kind TEXT NOT NULL,
	agent TEXT NOT NULL,
	project TEXT NOT NULL,
	session TEXT NOT NULL,
	path TEXT NOT NULL,
	date TEXT NOT NULL,
	stamp TEXT NOT NULL,
	rows INTEGER NOT NULL
);
CREATE INDEX docs_session ON docs(session) WHERE session != '';
CREATE VIRTUAL TABLE mem USING fts5(text, pos UNINDEXED, role UNINDEXED, at UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE sess USING fts5(text, pos UNINDEXED, role UNINDEXED, at UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2');
`

// table is the full-text table of a kind: memory files and sessions are
// apart, so a memory search never ranks the (many more) session turns.
func table(kind string) string {
	if kind == KindSession {
		return "sess"
	}
	return "mem"
}

// A row's rowid is its document's id shifted left by rowBits, plus its
// index in the document: a query filters and joins on the rowid alone,
// without reading any stored column of the rows it ranks, and a document's
// rows are one rowid range to delete or read.
const (
	rowBits = 20
	maxRows = 1<<rowBits - 1
)

func firstRow(doc int64) int64 { return doc << rowBits }

// Index is an open recall database.
type Index struct {
	db   *sql.DB
	path string
	// candidates overrides the package's bound on ranked rows (tests).
	candidates int
}

// Path is where the index of a cache dir lives.
func Path(cacheDir string) string {
	return filepath.Join(cacheDir, FileName)
}

// Open opens the index at path, creating it when missing and recreating it
// empty when it is of another version or unreadable. rebuilt says why it
// is new ("" when it was opened as it was); a new index must be filled by
// Update before it answers anything.
func Open(path string) (ix *Index, rebuilt string, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, "", fmt.Errorf("open index %s: %w", path, err)
	}
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		rebuilt = ReasonMissing
	} else if ix, err := open(path); err == nil {
		v, err := ix.version()
		switch {
		case err == nil && v == fmt.Sprint(Version):
			return ix, "", nil
		case err == nil:
			rebuilt = ReasonVersion
		default:
			rebuilt = ReasonCorrupt
		}
		ix.Close()
	} else {
		rebuilt = ReasonCorrupt
	}
	if err := remove(path); err != nil {
		return nil, "", fmt.Errorf("remove old index: %w", err)
	}
	ix, err = open(path)
	if err != nil {
		return nil, "", err
	}
	if err := ix.create(); err != nil {
		ix.Close()
		return nil, "", err
	}
	return ix, rebuilt, nil
}

// OpenReadOnly opens an existing index for queries only (the MCP server
// and search never write). It fails with ErrNoIndex when there is none and
// with ErrStale when it is of another version or unreadable.
func OpenReadOnly(path string) (*Index, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("%w: %s", ErrNoIndex, path)
	}
	ix, err := openDSN(path, "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)&_pragma=query_only(1)"+readPragmas)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrStale, err)
	}
	if v, err := ix.version(); err != nil || v != fmt.Sprint(Version) {
		ix.Close()
		return nil, fmt.Errorf("%w: %s", ErrStale, path)
	}
	return ix, nil
}

// Errors of OpenReadOnly: both mean "build it first".
var (
	ErrNoIndex = errors.New("no search index")
	ErrStale   = errors.New("search index of another version or unreadable")
)

// readPragmas make ranking read the database through a memory map and
// keep what it read: BM25 looks up every matching row's size, and each
// lookup that misses SQLite's small default page cache costs a read
// system call (most of a query's CPU on a cold cache, as every `inbox
// search` process starts).
const readPragmas = "&_pragma=mmap_size(1073741824)&_pragma=cache_size(-32768)"

func open(path string) (*Index, error) {
	return openDSN(path, "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(wal)&_pragma=synchronous(normal)")
}

func openDSN(path, dsn string) (*Index, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; queries are sequential too
	if err := db.Ping(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open index %s: %w", path, err)
	}
	return &Index{db: db, path: path}, nil
}

func (ix *Index) version() (string, error) {
	var v string
	err := ix.db.QueryRow(`SELECT value FROM meta WHERE key = 'version'`).Scan(&v)
	return v, err
}

func (ix *Index) create() error {
	tx, err := ix.db.Begin()
	if err != nil {
		return fmt.Errorf("create index: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(schema); err != nil {
		return fmt.Errorf("create index: %w", err)
	}
	if _, err := tx.Exec(`INSERT INTO meta(key, value) VALUES('version', ?)`, fmt.Sprint(Version)); err != nil {
		return fmt.Errorf("create index: %w", err)
	}
	return tx.Commit()
}

// Close releases the database.
func (ix *Index) Close() error {
	return ix.db.Close()
}

// remove deletes an index and its WAL files.
func remove(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal", path + ".stamp"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// IsCorrupt tells whether a database error means the file is damaged (and
// should be rebuilt) rather than the query wrong.
func IsCorrupt(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "malformed") || strings.Contains(s, "not a database") ||
		strings.Contains(s, "SQLITE_CORRUPT") || strings.Contains(s, "SQLITE_NOTADB") ||
		strings.Contains(s, "no such table")
}

// Rebuild removes the index at path so that the next Open starts afresh.
func Rebuild(path string) error {
	return remove(path)
}
