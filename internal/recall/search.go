package recall

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Query is one search.
type Query struct {
	// Text is what the person typed (see Match).
	Text string
	// Kinds to search (KindMemory, KindArchive, KindSession).
	Kinds []string
	// Projects narrows to these projects plus the global files; nil
	// searches every project.
	Projects []string
	// Agent narrows to one agent's sessions and memory ("" for all).
	Agent string
	// Since drops documents last changed before it.
	Since time.Time
	// Limit is the most hits returned (default 10).
	Limit int
	// Mark surrounds each matched term in a snippet (default "**").
	Mark [2]string
}

// Hit is one matching row.
type Hit struct {
	Kind    string  `json:"kind"`
	Agent   string  `json:"agent"`
	Project string  `json:"project,omitempty"`
	Session string  `json:"session,omitempty"`
	Path    string  `json:"path"`
	Date    string  `json:"date,omitempty"` // the session's last update or the file's modification
	Turn    int     `json:"turn,omitempty"` // session turn number
	Line    int     `json:"line,omitempty"` // memory file line number
	Role    string  `json:"role,omitempty"`
	At      string  `json:"at,omitempty"` // the turn's time
	Snippet string  `json:"snippet"`
	Score   float64 `json:"score"` // BM25, lower is better
}

// Search runs q: BM25 ranking, best first.
func (ix *Index) Search(ctx context.Context, q Query) ([]Hit, error) {
	match, err := Match(q.Text)
	if err != nil {
		return nil, err
	}
	if q.Limit <= 0 {
		q.Limit = 10
	}
	if q.Mark == [2]string{} {
		q.Mark = [2]string{"**", "**"}
	}
	var where []string
	var args []any
	if len(q.Kinds) > 0 {
		where = append(where, "d.kind IN ("+placeholders(len(q.Kinds))+")")
		for _, k := range q.Kinds {
			args = append(args, k)
		}
	}
	if q.Projects != nil {
		where = append(where, "d.project IN ("+placeholders(len(q.Projects)+1)+")")
		args = append(args, "")
		for _, p := range q.Projects {
			args = append(args, p)
		}
	}
	if q.Agent != "" {
		where = append(where, "d.agent = ?")
		args = append(args, q.Agent)
	}
	if !q.Since.IsZero() {
		where = append(where, "d.date >= ?")
		args = append(args, stamp(q.Since))
	}
	tables := map[string]bool{}
	for _, k := range q.Kinds {
		tables[table(k)] = true
	}
	if len(q.Kinds) == 0 {
		tables["mem"], tables["sess"] = true, true
	}
	var hits []Hit
	var rowids []int64
	var from []string
	for _, t := range []string{"mem", "sess"} {
		if !tables[t] {
			continue
		}
		h, ids, err := ix.rank(ctx, t, match, where, args, q.Limit)
		if err != nil {
			return nil, queryError(q.Text, err)
		}
		hits, rowids = append(hits, h...), append(rowids, ids...)
		for range h {
			from = append(from, t)
		}
	}
	if len(tables) > 1 { // best first across both tables, then the limit
		idx := make([]int, len(hits))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return hits[idx[a]].Score < hits[idx[b]].Score })
		var h2 []Hit
		var r2 []int64
		var f2 []string
		for _, i := range idx[:min(len(idx), q.Limit)] {
			h2, r2, f2 = append(h2, hits[i]), append(r2, rowids[i]), append(f2, from[i])
		}
		hits, rowids, from = h2, r2, f2
	}
	for i := range hits {
		h := &hits[i]
		var pos int
		err := ix.db.QueryRowContext(ctx, `SELECT pos, role, at, snippet(`+from[i]+`, 0, ?, ?, '…', 24) FROM `+from[i]+` WHERE `+from[i]+` MATCH ? AND rowid = ?`,
			q.Mark[0], q.Mark[1], match, rowids[i]).Scan(&pos, &h.Role, &h.At, &h.Snippet)
		if err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		if h.Kind == KindSession {
			h.Turn = pos
		} else {
			h.Line = pos
		}
		h.Snippet = strings.Join(strings.Fields(h.Snippet), " ")
	}
	return hits, nil
}

// prefetch is how many best-ranked rows the fast path filters; when the
// filters keep fewer than the limit out of a full prefetch, the slow path
// ranks every candidate that passes them.
const prefetch = 400

// candidates bounds how many matching rows one query ranks: BM25 costs a
// row-size lookup per row (a statement inside FTS5, most of a query's
// CPU), and a common word matches tens of thousands of turns. A query with
// more matches ranks the newest candidates (documents get increasing ids
// as they are indexed, oldest first, so the highest rowids are the most
// recent sessions); a rarer query is ranked over every match.
const candidates = 10000

// rank returns the best rows of one table that pass the filters, best
// first. The fast path ranks the newest candidates with bm25 (SQLite keeps
// only the best prefetch while ranking; FTS5's own ORDER BY rank would sort
// every match) and filters the best few hundred; the slow path, for
// selective filters, filters the matches first and ranks the newest
// candidates that pass.
func (ix *Index) rank(ctx context.Context, t, match string, where []string, args []any, limit int) ([]Hit, []int64, error) {
	cond := ""
	for _, w := range where {
		cond += " AND " + w
	}
	n := ix.candidates
	if n <= 0 {
		n = candidates
	}
	shift := fmt.Sprint(rowBits)
	cols := `r.rowid, d.kind, d.agent, d.project, d.session, d.path, d.date, r.score`
	newest := `SELECT rowid, bm25(` + t + `) AS score FROM ` + t + ` WHERE ` + t + ` MATCH ? ORDER BY rowid DESC LIMIT ` + fmt.Sprint(n)
	fast := `SELECT ` + cols + ` FROM (SELECT rowid, score FROM (` + newest + `) ORDER BY score LIMIT ` + fmt.Sprint(prefetch) +
		`) r JOIN docs d ON d.id = (r.rowid >> ` + shift + `) WHERE 1` + cond + ` ORDER BY r.score LIMIT ?`
	hits, ids, err := ix.ranked(ctx, fast, append(append([]any{match}, args...), limit))
	if err != nil || len(hits) >= limit || len(where) == 0 {
		return hits, ids, err
	}
	var m int
	if err := ix.db.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT rowid FROM `+t+` WHERE `+t+` MATCH ? LIMIT `+fmt.Sprint(prefetch)+`)`, match).Scan(&m); err != nil {
		return nil, nil, err
	}
	if m < prefetch {
		return hits, ids, nil // every match was looked at
	}
	slow := `SELECT ` + cols + ` FROM (SELECT m.rowid, d.id, bm25(` + t + `) AS score FROM ` + t + ` m JOIN docs d ON d.id = (m.rowid >> ` + shift +
		`) WHERE ` + t + ` MATCH ?` + cond + ` ORDER BY m.rowid DESC LIMIT ` + fmt.Sprint(n) + `) r JOIN docs d ON d.id = r.id ORDER BY r.score LIMIT ?`
	return ix.ranked(ctx, slow, append(append([]any{match}, args...), limit))
}

func (ix *Index) ranked(ctx context.Context, query string, args []any) ([]Hit, []int64, error) {
	rs, err := ix.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rs.Close()
	var hits []Hit
	var ids []int64
	for rs.Next() {
		var h Hit
		var id int64
		if err := rs.Scan(&id, &h.Kind, &h.Agent, &h.Project, &h.Session, &h.Path, &h.Date, &h.Score); err != nil {
			return nil, nil, err
		}
		hits, ids = append(hits, h), append(ids, id)
	}
	return hits, ids, rs.Err()
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

// Turn is one rendered, redacted turn of an indexed session.
type Turn struct {
	N    int    `json:"turn"`
	Role string `json:"role"`
	At   string `json:"at,omitempty"`
	Text string `json:"text"`
}

// SessionInfo identifies an indexed session.
type SessionInfo struct {
	ID      string `json:"session"`
	Agent   string `json:"agent"`
	Project string `json:"project"`
	Path    string `json:"path"`
	Date    string `json:"date"`
}

// ErrNoSession is returned by Turns for a session the index does not hold
// (or holds for another project).
var ErrNoSession = fmt.Errorf("no such session in the index")

// Turns returns the turns from..to (inclusive; 0 means open) of the
// session with that id. projects narrows as in Query (nil: any project).
func (ix *Index) Turns(ctx context.Context, id string, from, to int, projects []string) (SessionInfo, []Turn, error) {
	var info SessionInfo
	var doc, rows int64
	q := `SELECT id, session, agent, project, path, date, rows FROM docs WHERE session = ? AND kind = 'session'`
	args := []any{id}
	if projects != nil {
		q += " AND project IN (" + placeholders(len(projects)) + ")"
		for _, p := range projects {
			args = append(args, p)
		}
	}
	err := ix.db.QueryRowContext(ctx, q+" ORDER BY date DESC LIMIT 1", args...).
		Scan(&doc, &info.ID, &info.Agent, &info.Project, &info.Path, &info.Date, &rows)
	if err != nil {
		return info, nil, fmt.Errorf("%w: %s", ErrNoSession, id)
	}
	if to <= 0 {
		to = int(^uint(0) >> 1)
	}
	rs, err := ix.db.QueryContext(ctx, `SELECT pos, role, at, text FROM sess WHERE rowid BETWEEN ? AND ? AND pos BETWEEN ? AND ? ORDER BY rowid`,
		firstRow(doc), firstRow(doc)+rows-1, from, to)
	if err != nil {
		return info, nil, fmt.Errorf("read turns: %w", err)
	}
	defer rs.Close()
	var turns []Turn
	for rs.Next() {
		var t Turn
		if err := rs.Scan(&t.N, &t.Role, &t.At, &t.Text); err != nil {
			return info, nil, fmt.Errorf("read turns: %w", err)
		}
		turns = append(turns, t)
	}
	return info, turns, rs.Err()
}

// Projects lists every indexed project with a session or memory file.
func (ix *Index) Projects(ctx context.Context) ([]string, error) {
	rs, err := ix.db.QueryContext(ctx, `SELECT DISTINCT project FROM docs WHERE project != '' ORDER BY project`)
	if err != nil {
		return nil, fmt.Errorf("list projects: %w", err)
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var p string
		if err := rs.Scan(&p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rs.Err()
}
