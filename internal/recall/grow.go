package recall

// A transcript grows at its end: a live session gets new turns appended,
// and its last turn may still grow (an answer written in parts).
// Re-indexing such a session whole makes FTS5 re-tokenise every old row to
// delete it and tokenise it again to insert it. Instead each document
// keeps two signatures of its rows as indexed, leaving out its first row
// (a session's header: its end time and turn counts change as it grows):
// tail over the others, head over the others but the last. A changed
// document whose new rows start with the old ones (same tail) keeps them
// and gets its first row rewritten and the rows after them appended; one
// whose rows differ from the old last row on (same head) gets that row
// rewritten too; any other change rewrites the document. The rows compared
// are the redacted ones, so the index ends up holding exactly what a
// rewrite would have written.

// sum signs w's rows (w.doc.head, w.doc.tail) and, for a changed document,
// sets w.keep: rows[1:keep] stay as indexed and the others are written
// (keep is old.rows when it only grew, old.rows-1 when its last row
// changed too, 0 when it is rewritten).
func (w *work) sum() {
	n, k := len(w.rows), -1
	var old *doc
	if w.old != nil && w.old.kind == w.doc.kind && w.old.rows > 2 && int(w.old.rows) <= n {
		old, k = w.old, int(w.old.rows)
	}
	h := newSignature()
	w.keep = 0
	for i := 1; i < n; i++ {
		if i == n-1 {
			w.doc.head = int64(h)
		}
		if i == k-1 && int64(h) == old.head {
			w.keep = k - 1
		}
		h = rowSum(h, &w.rows[i])
		if i == k-1 && int64(h) == old.tail {
			w.keep = k
		}
	}
	w.doc.tail = int64(h)
}

// rowSum adds one row to a signature: the text's length, then each field
// ended by a zero byte.
func rowSum(h signature, r *row) signature {
	h.int(int64(len(r.text)))
	h.end()
	h.str(r.text)
	h.end()
	h.int(int64(r.pos))
	h.end()
	h.str(r.role)
	h.end()
	h.str(r.at)
	h.end()
	return h
}
