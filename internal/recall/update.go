package recall

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/automem/automem/internal/atomicfile"
	"github.com/automem/automem/internal/render"
	"github.com/automem/automem/internal/transcript"
)

// maxFileBytes bounds what is read of one memory file (evidence grows).
const maxFileBytes = 16 << 20

// Options tune Update.
type Options struct {
	// Redact cleans every text before it is indexed (required: the index
	// must never hold a secret).
	Redact render.Redact
	// Workers bounds parallel transcript reads (GOMAXPROCS when 0).
	Workers int
	// Progress, when set, is called after each document is indexed.
	Progress func(done, total int)
	// Log receives one debug line per unreadable file.
	Log zerolog.Logger
}

// Stats say what Update did.
type Stats struct {
	// Unchanged is true when the fingerprint matched and the database
	// was not even opened.
	Unchanged bool
	// Rebuilt says why the index was started afresh ("" when it was not).
	Rebuilt string
	// Indexed, Removed and Kept count documents; Rows the rows written.
	Indexed, Removed, Kept, Rows int
}

// renderOptions keep whole human and assistant messages (the index wants
// every word a person may recall) and drop tool outputs.
var renderOptions = render.Options{MaxHuman: 64 << 10, MaxAssistant: 32 << 10, CallsOnly: true}

// Update brings the index at path in line with snap: documents that are
// new or changed are read and indexed, documents of the snapshot's scope
// that are gone are removed, the rest is not touched. When nothing changed
// since the last Update of the same scope, it returns without opening the
// database. A missing, old or corrupt index is rebuilt (Stats.Rebuilt).
func Update(ctx context.Context, path string, snap Snapshot, opt Options) (Stats, error) {
	if opt.Redact == nil {
		return Stats{}, errors.New("update index: no redactor")
	}
	snap.stat()
	key, fp := snap.scopeKey(), snap.fingerprint()
	stamps := readStamps(path)
	if _, err := os.Stat(path); err == nil && stamps[key] == fp {
		return Stats{Unchanged: true}, nil
	}
	st, err := update(ctx, path, snap, opt)
	if IsCorrupt(err) {
		opt.Log.Warn().Err(err).Str("index", path).Msg("search index is corrupt: rebuilding it")
		if err := Rebuild(path); err != nil {
			return st, fmt.Errorf("remove corrupt index: %w", err)
		}
		st, err = update(ctx, path, snap, opt)
		st.Rebuilt = ReasonCorrupt
	}
	if err != nil {
		return st, err
	}
	if st.Rebuilt != "" {
		stamps = map[string]string{}
	}
	stamps[key] = fp
	if err := writeStamps(path, stamps); err != nil {
		opt.Log.Debug().Err(err).Msg("index fingerprint not saved")
	}
	return st, nil
}

func update(ctx context.Context, path string, snap Snapshot, opt Options) (Stats, error) {
	ix, rebuilt, err := Open(path)
	if err != nil {
		return Stats{}, err
	}
	defer ix.Close()
	st, err := ix.apply(ctx, snap, opt)
	st.Rebuilt = rebuilt
	if err != nil {
		return st, err
	}
	if err := ix.Install(); err != nil {
		return st, err
	}
	if ix.saveSigs != nil {
		if err := saveSigs(sigsPath(path), ix.saveGen, ix.saveSigs); err != nil {
			opt.Log.Debug().Err(err).Msg("index signatures not saved")
		}
	}
	return st, nil
}

// doc is one document's row in docs.
type doc struct {
	id          int64
	key         string
	kind, agent string
	project     string
	session     string
	path        string
	date        string
	stamp       string
	sig         int64
	rows        int64
	// head and tail sign the rows as indexed (see work.sum).
	head, tail int64
}

// row is one indexed row: a session turn or a file line.
type row struct {
	text string
	pos  int
	role string
	at   string
}

// work is one document to (re)index.
type work struct {
	old  *doc // the indexed version to replace, if any
	doc  doc
	sess *Session
	file *File
	rows []row
	// keep, when not 0, is where the rows to append start: old's rows
	// 1..keep-1 stay (see sum), its first row is written again.
	keep int
	// ready is closed once rows are filled.
	ready chan struct{}
}

func (ix *Index) apply(ctx context.Context, snap Snapshot, opt Options) (Stats, error) {
	var st Stats
	where := ix.path
	if ix.target != "" {
		where = ix.target
	}
	sigs, gen, saved, err := ix.loadSigs(sigsPath(where))
	if err != nil {
		return st, err
	}
	if !saved && gen != "" {
		ix.saveGen, ix.saveSigs = gen, sigs
	}
	var todo []*work
	seen := make(map[string]bool, len(snap.Sessions)+len(snap.Files))
	kept := make(map[int64]bool, len(sigs)) // ids of unchanged documents
	// The document of a new or changed item is made only then: an
	// unchanged one needs its key and signature alone.
	add := func(key string, sig int64, s *Session, f *File) {
		if seen[key] {
			return
		}
		seen[key] = true
		if id, ok := sigs[sig]; ok {
			st.Kept++
			kept[id] = true
			return
		}
		w := &work{sess: s, file: f}
		if s != nil {
			w.doc = doc{key: key, kind: KindSession, agent: s.Agent, project: s.Project, session: s.ID, path: s.Path,
				date: stamp(s.Updated), stamp: s.stamp(), sig: sig}
		} else {
			w.doc = doc{key: key, kind: f.Kind, agent: f.Agent, project: f.Project, path: f.Path,
				date: stamp(time.Unix(0, f.mtime)), stamp: f.stamp(), sig: sig}
		}
		todo = append(todo, w)
	}
	for i := range snap.Sessions {
		s := &snap.Sessions[i]
		add(s.key(), s.sig, s, nil)
	}
	for i := range snap.Files {
		f := &snap.Files[i]
		add(f.key(), f.sig, nil, f)
	}
	// The other indexed documents were changed (replaced by a new version),
	// are gone, or lie outside the snapshot's scope.
	var rest []int64
	for _, id := range sigs {
		if !kept[id] {
			rest = append(rest, id)
		}
	}
	var gone []doc
	if len(rest) > 0 {
		olds, err := ix.docs(rest)
		if err != nil {
			return st, err
		}
		byKey := make(map[string]*doc, len(olds))
		for i := range olds {
			byKey[olds[i].key] = &olds[i]
		}
		for _, w := range todo {
			w.old = byKey[w.doc.key]
		}
		for _, o := range olds {
			if !seen[o.key] && snap.Scope.covers(o.agent, o.project) {
				gone = append(gone, o)
			}
		}
	}
	if len(todo) == 0 && len(gone) == 0 {
		return st, nil
	}
	// Oldest first: a document's id is the next free one when it is
	// written, so ids (and rowids) grow with recency, which is what a query
	// with too many matches ranks by (see candidates).
	slices.SortStableFunc(todo, func(a, b *work) int { return strings.Compare(a.doc.date, b.doc.date) })
	ix.saveGen, ix.saveSigs = "", nil
	n, err := ix.write(ctx, ix.read(ctx, todo, opt), len(todo), gone, opt.Progress)
	st.Indexed, st.Removed, st.Rows = len(todo), len(gone), n
	if err != nil {
		return st, err
	}
	// The signatures as they are now, to be saved with the new generation.
	for _, o := range gone {
		delete(sigs, o.sig)
	}
	for _, w := range todo {
		if w.old != nil {
			delete(sigs, w.old.sig)
		}
	}
	for _, w := range todo {
		sigs[w.doc.sig] = w.doc.id
	}
	ix.saveSigs = sigs
	return st, nil
}

// sigs loads every indexed document's signature and id.
func (ix *Index) sigs() (map[int64]int64, error) {
	rs, err := ix.db.Query(`SELECT sig, id FROM docs`)
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	defer rs.Close()
	out := map[int64]int64{}
	for rs.Next() {
		var sig, id int64
		if err := rs.Scan(&sig, &id); err != nil {
			return nil, fmt.Errorf("read index: %w", err)
		}
		out[sig] = id
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	return out, nil
}

// manyDocs is where docs switches from a join to one pass over the table.
const manyDocs = 1000

// docs loads the indexed documents with these ids. Many ids (a run
// narrowed to one project leaves every other project's documents) are
// picked from one pass over the table, which is cheaper than a join.
func (ix *Index) docs(ids []int64) ([]doc, error) {
	const cols = `SELECT id, key, kind, agent, project, rows, head, tail, sig FROM docs`
	var rs *sql.Rows
	var err error
	var want map[int64]bool
	if len(ids) > manyDocs {
		want = make(map[int64]bool, len(ids))
		for _, id := range ids {
			want[id] = true
		}
		rs, err = ix.db.Query(cols)
	} else {
		list, jerr := json.Marshal(ids)
		if jerr != nil {
			return nil, fmt.Errorf("read index: %w", jerr)
		}
		rs, err = ix.db.Query(cols+` WHERE id IN (SELECT value FROM json_each(?))`, string(list))
	}
	if err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	defer rs.Close()
	var out []doc
	for rs.Next() {
		var d doc
		if err := rs.Scan(&d.id, &d.key, &d.kind, &d.agent, &d.project, &d.rows, &d.head, &d.tail, &d.sig); err != nil {
			return nil, fmt.Errorf("read index: %w", err)
		}
		if want == nil || want[d.id] {
			out = append(out, d)
		}
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("read index: %w", err)
	}
	return out, nil
}

// read fills every work item's rows, in parallel, and hands them over in
// todo's order (the order ids are given in) as soon as each is read, so
// that writing overlaps reading; at most a few items per worker wait to be
// written. An unreadable document gets no rows (it is indexed empty and
// read again once it changes).
func (ix *Index) read(ctx context.Context, todo []*work, opt Options) <-chan *work {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	next := make(chan *work)
	out := make(chan *work, 4*workers)
	for range workers {
		go func() {
			rd := transcript.Reader{NoOutputs: true} // tool outputs are not indexed
			for w := range next {
				var err error
				if w.sess != nil {
					w.rows, err = sessionRows(&rd, w.sess, opt.Redact)
				} else {
					w.rows, err = fileRows(w.file.Path, opt.Redact)
				}
				if err != nil {
					opt.Log.Debug().Err(err).Str("path", w.doc.path).Msg("not indexed")
				}
				if len(w.rows) > maxRows {
					w.rows = w.rows[:maxRows]
				}
				w.sum()
				close(w.ready)
			}
		}()
	}
	go func() {
		defer close(out)
		defer close(next)
		for _, w := range todo {
			w.ready = make(chan struct{})
			select {
			case next <- w:
			case <-ctx.Done():
				return
			}
			out <- w // blocks while the writer is a few items behind
		}
	}()
	return out
}

// sessionRows renders a transcript (redacted, tool calls without their
// outputs) and makes one row per turn.
func sessionRows(rd *transcript.Reader, s *Session, red render.Redact) ([]row, error) {
	sess, msgs, err := rd.ReadMessages(s.Path, s.Source)
	if err != nil {
		return nil, err
	}
	r := render.Transcript(sess, msgs, red, renderOptions)
	var rows []row
	for _, t := range r.Turns() {
		if strings.TrimSpace(t.Text) == "" {
			continue
		}
		rows = append(rows, row{text: t.Text, pos: t.N, role: t.Role, at: stamp(t.Time)})
	}
	return rows, nil
}

// fileRows makes one row per non-blank line of a memory file. The whole
// file is redacted at once (a secret may span lines); line numbers are
// those of the redacted text, the same as the file's unless a multi-line
// secret was folded into one placeholder.
func fileRows(path string, red render.Redact) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(f, maxFileBytes)); err != nil {
		return nil, err
	}
	text := red(buf.String())
	var rows []row
	n := 0
	for l := range strings.SplitSeq(text, "\n") {
		n++
		if strings.TrimSpace(l) == "" {
			continue
		}
		rows = append(rows, row{text: strings.TrimRight(l, "\r"), pos: n})
	}
	return rows, nil
}

// batch is how many rows one INSERT carries at most (5 parameters a row,
// under SQLite's 32,766), and batchBytes how much text. FTS5 writes its
// pending terms out as a new segment at the end of every statement, and
// each segment is merged again later: 512 rows a statement cost a fifth
// more CPU than 6,000.
const (
	batch      = 6000
	batchBytes = 8 << 20
)

// write applies removals, then the (re)indexed documents as they are read,
// in one transaction: a cancelled or failed update leaves the index as it
// was.
func (ix *Index) write(ctx context.Context, todo <-chan *work, total int, gone []doc, progress func(done, total int)) (n int, err error) {
	defer func() {
		for range todo { // let the readers finish
		}
	}()
	tx, err := ix.db.Begin()
	if err != nil {
		return 0, fmt.Errorf("write index: %w", err)
	}
	defer tx.Rollback()
	del := func(d *doc) error {
		if d.rows > 0 {
			if _, err := tx.Exec(`DELETE FROM `+table(d.kind)+` WHERE rowid BETWEEN ? AND ?`, firstRow(d.id), firstRow(d.id)+d.rows-1); err != nil {
				return err
			}
		}
		_, err := tx.Exec(`DELETE FROM docs WHERE id = ?`, d.id)
		return err
	}
	for i := range gone {
		if err := del(&gone[i]); err != nil {
			return 0, fmt.Errorf("write index: %w", err)
		}
	}
	// A full batch's statement is prepared once it is needed: parsing
	// 30,000 placeholders is a quarter of an incremental update's CPU,
	// which seldom fills a batch.
	full := map[string]*sql.Stmt{}
	defer func() {
		for _, st := range full {
			st.Close()
		}
	}()
	insDoc, err := tx.Prepare(`INSERT INTO docs(key, kind, agent, project, session, path, date, stamp, sig, rows, head, tail)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return 0, fmt.Errorf("write index: %w", err)
	}
	defer insDoc.Close()
	// Prepared on first use: most updates append to no document.
	var updDoc *sql.Stmt
	defer func() {
		if updDoc != nil {
			updDoc.Close()
		}
	}()
	// Rows are inserted many at a time, across documents: FTS5 writes its
	// pending terms out at the end of every statement, so one row per
	// statement makes thousands of tiny segments to merge.
	args := make([]any, 0, 5*batch)
	into := "" // the table args are for
	size := 0  // bytes of text in args
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		var err error
		if len(args) == 5*batch {
			if full[into] == nil {
				if full[into], err = tx.Prepare(insertRows(into, batch)); err != nil {
					return err
				}
			}
			_, err = full[into].Exec(args...)
		} else {
			_, err = tx.Exec(insertRows(into, len(args)/5), args...)
		}
		args, size = args[:0], 0
		return err
	}
	done := 0
	for w := range todo {
		<-w.ready
		if err := ix.place(tx, w, &into, flush, del, insDoc, &updDoc); err != nil {
			return 0, fmt.Errorf("write index: %w", err)
		}
		id := firstRow(w.doc.id)
		from := 0 // rows[from:] are written, after rows[0] when it is not among them
		if w.keep > 0 && len(w.rows) > 0 {
			from = w.keep
			args = append(args, id, w.rows[0].text, w.rows[0].pos, w.rows[0].role, w.rows[0].at)
			size += len(w.rows[0].text)
		}
		for i := from; i < len(w.rows); i++ {
			r := &w.rows[i]
			args = append(args, id+int64(i), r.text, r.pos, r.role, r.at)
			if size += len(r.text); len(args) == 5*batch || size >= batchBytes {
				if err := flush(); err != nil {
					return 0, fmt.Errorf("write index: %w", err)
				}
			}
		}
		n += len(w.rows) - max(w.keep-1, 0)
		w.rows = nil
		done++
		if progress != nil {
			progress(done, total)
		}
	}
	if err := flush(); err != nil {
		return 0, fmt.Errorf("write index: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	gen, err := setGen(func(q string, args ...any) error { _, err := tx.Exec(q, args...); return err })
	if err != nil {
		return 0, fmt.Errorf("write index: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("write index: %w", err)
	}
	ix.saveGen = gen
	return n, nil
}

// place makes w's document row and sets w.doc.id: a document that grew
// (w.keep > 0) keeps its id and the rows it keeps, loses its first row and
// those after the kept ones, and has its row updated; any other gets a new id, after its old version
// (if any) is deleted.
func (ix *Index) place(tx *sql.Tx, w *work, into *string, flush func() error, del func(*doc) error, insDoc *sql.Stmt, updDoc **sql.Stmt) error {
	d := &w.doc
	if w.old != nil && w.keep == 0 || table(d.kind) != *into {
		// An old version's rows may be pending in args.
		if err := flush(); err != nil {
			return err
		}
		*into = table(d.kind)
	}
	if w.old != nil && w.keep > 0 {
		d.id = w.old.id
		// No row of this document is pending: only now are its rows
		// added to args.
		if _, err := tx.Exec(`DELETE FROM `+*into+` WHERE rowid = ? OR rowid BETWEEN ? AND ?`,
			firstRow(d.id), firstRow(d.id)+int64(w.keep), firstRow(d.id)+w.old.rows-1); err != nil {
			return err
		}
		if *updDoc == nil {
			st, err := tx.Prepare(`UPDATE docs SET agent = ?, project = ?, session = ?, path = ?, date = ?, stamp = ?, sig = ?, rows = ?, head = ?, tail = ? WHERE id = ?`)
			if err != nil {
				return err
			}
			*updDoc = st
		}
		_, err := (*updDoc).Exec(d.agent, d.project, d.session, d.path, d.date, d.stamp, d.sig, len(w.rows), d.head, d.tail, d.id)
		return err
	}
	w.keep = 0
	if w.old != nil {
		if err := del(w.old); err != nil {
			return err
		}
	}
	res, err := insDoc.Exec(d.key, d.kind, d.agent, d.project, d.session, d.path, d.date, d.stamp, d.sig, len(w.rows), d.head, d.tail)
	if err != nil {
		return err
	}
	d.id, err = res.LastInsertId()
	return err
}

func insertRows(table string, n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO ` + table + `(rowid, text, pos, role, at) VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?,?)")
	}
	return b.String()
}

// stamp formats a time for the index ("" for the zero time).
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// readStamps loads the fingerprints of the last Update of each scope.
func readStamps(path string) map[string]string {
	out := map[string]string{}
	data, err := os.ReadFile(path + ".stamp")
	if err != nil {
		return out
	}
	for l := range strings.SplitSeq(string(data), "\n") {
		if k, v, ok := strings.Cut(l, " "); ok {
			out[k] = v
		}
	}
	return out
}

func writeStamps(path string, stamps map[string]string) error {
	var b strings.Builder
	for k, v := range stamps {
		b.WriteString(k + " " + v + "\n")
	}
	return atomicfile.Write(path+".stamp", []byte(b.String()), 0o600)
}
