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
	"time"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, with FTS5

	"github.com/automem/automem/internal/atomicfile"
)

// Version changes whenever the schema or what goes into a row changes; an
// index of another version is rebuilt.
const Version = 5

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
	sig INTEGER NOT NULL,
	rows INTEGER NOT NULL,
	tail INTEGER NOT NULL,
	head INTEGER NOT NULL
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
	// target is where a fresh index (built at path, a temp) is installed;
	// "" for an index opened where it lives.
	target string
	// candidates overrides the package's bound on ranked rows (tests).
	candidates int
	// release drops the hold on a fresh index's temp (see fresh); nil
	// otherwise.
	release func()
	// saveGen and saveSigs are what an update leaves to save beside the
	// index once it is installed (see sigs.go); saveSigs is nil when the
	// saved file is already up to date.
	saveGen  string
	saveSigs map[int64]int64
}

// Path is where the index of a cache dir lives.
func Path(cacheDir string) string {
	return filepath.Join(cacheDir, FileName)
}

// Open opens the index at path, creating it when missing and recreating it
// empty when it is of another version or unreadable. rebuilt says why it
// is new ("" when it was opened as it was); a new index must be filled by
// Update before it answers anything. A new index is built in a temp file
// beside path and replaces it only when Install is called, so readers keep
// the old one meanwhile and a failed build leaves no half index behind.
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
			// Indexes of earlier builds were created 0644: they hold
			// redacted but private text.
			if err := os.Chmod(path, 0o600); err != nil {
				ix.Close()
				return nil, "", fmt.Errorf("open index %s: %w", path, err)
			}
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
	ix, err = fresh(path)
	if err != nil {
		return nil, "", err
	}
	return ix, rebuilt, nil
}

// fresh creates an empty index in a temp file beside path, 0600 and named
// as atomicfile names its temps (so a temp left by a killed build is
// removed by the next one) and held while it is built (so a build that
// takes minutes is not taken for a killed one by another process's
// build). It is written without a journal and without
// fsyncs, which a fresh build can afford: until Install renames it, it is
// nobody's index, and a failed build is thrown away whole.
func fresh(path string) (*Index, error) {
	dir, base := filepath.Split(path)
	atomicfile.RemoveOrphans(path, time.Now())
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("create index %s: %w", path, err)
	}
	tmp, err := atomicfile.WriteTemp(root, base, nil, 0o600)
	root.Close()
	if err != nil {
		return nil, fmt.Errorf("create index %s: %w", path, err)
	}
	tmp = filepath.Join(dir, tmp)
	release, err := atomicfile.Hold(tmp)
	if err != nil {
		os.Remove(tmp)
		return nil, fmt.Errorf("create index %s: %w", path, err)
	}
	ix, err := openDSN(tmp, "file:"+tmp+"?_pragma=journal_mode(off)&_pragma=synchronous(off)&_pragma=locking_mode(exclusive)"+writePragmas)
	if err != nil {
		release()
		os.Remove(tmp)
		return nil, err
	}
	ix.target, ix.release = path, release
	if err := ix.create(); err != nil {
		ix.Close()
		return nil, err
	}
	return ix, nil
}

// Install makes a freshly built index the one at its path (see Open) and
// closes it: the temp is synced, the old index's WAL files are removed (a
// WAL left beside the new file would be replayed into it) and the temp is
// renamed over the old index. For an index that was opened as it was it
// only closes.
func (ix *Index) Install() error {
	if ix.target == "" {
		return ix.Close()
	}
	tmp, target := ix.path, ix.target
	ix.target = ""
	err := ix.db.Close()
	ix.unhold()
	if err == nil {
		err = syncFile(tmp)
	}
	for _, p := range []string{target + "-wal", target + "-shm", target + "-journal"} {
		if err == nil {
			if e := os.Remove(p); e != nil && !errors.Is(e, os.ErrNotExist) {
				err = e
			}
		}
	}
	if err == nil {
		err = os.Rename(tmp, target)
	}
	if err == nil {
		err = atomicfile.SyncDir(filepath.Dir(target))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("install index %s: %w", target, err)
	}
	return nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
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

// writePragmas are a build's or an update's: reads through the memory map
// too (FTS5 merges read back the segments it wrote), but a page cache of
// 8 MB, not readPragmas' 32 MB. Closing the connection hands every cached
// page back (an madvise per region beyond the allocator's 4 MB it keeps),
// and closing a full 32 MB cache after a build was 0.5 s of its CPU; the
// pages a build spills early are the FTS5 leaves it will not touch again.
const writePragmas = "&_pragma=mmap_size(1073741824)&_pragma=cache_size(-8192)"

func open(path string) (*Index, error) {
	return openDSN(path, "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(wal)&_pragma=synchronous(normal)"+writePragmas)
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

// Close releases the database; a fresh index that was not installed is
// thrown away.
func (ix *Index) Close() error {
	err := ix.db.Close()
	ix.unhold()
	if ix.target != "" {
		ix.target = ""
		if rerr := os.Remove(ix.path); err == nil && !errors.Is(rerr, os.ErrNotExist) {
			err = rerr
		}
	}
	return err
}

// unhold drops the hold on a fresh index's temp, once the database is
// closed (see atomicfile.Hold).
func (ix *Index) unhold() {
	if ix.release != nil {
		ix.release()
		ix.release = nil
	}
}

// remove deletes an index and its WAL files.
func remove(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal", path + ".stamp", sigsPath(path)} {
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
