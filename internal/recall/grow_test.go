package recall

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

// indexed is one document's id and rows as stored, each row as "i pos role
// at text" with i its index in the document.
func indexed(t *testing.T, path, session string) (int64, []string) {
	t.Helper()
	ix, err := open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if _, err := ix.db.Exec(`INSERT INTO sess(sess) VALUES('integrity-check')`); err != nil {
		t.Fatalf("fts5 integrity: %v", err)
	}
	var id, n int64
	if err := ix.db.QueryRow(`SELECT id, rows FROM docs WHERE session = ?`, session).Scan(&id, &n); err != nil {
		t.Fatal(err)
	}
	rs, err := ix.db.Query(`SELECT rowid, pos, role, at, text FROM sess WHERE rowid BETWEEN ? AND ? ORDER BY rowid`, firstRow(id), firstRow(id+1)-1)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var rowid int64
		var pos int
		var role, at, text string
		if err := rs.Scan(&rowid, &pos, &role, &at, &text); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %d %s %s %s", rowid-firstRow(id), pos, role, at, text))
	}
	if int64(len(out)) != n {
		t.Fatalf("docs says %d rows, the table holds %d", n, len(out))
	}
	return id, out
}

// TestGrownSessionAppends: a session that only grew keeps its document and
// rows and gets the new turns appended; one whose last turn grew too gets
// that turn replaced; one changed before its old end is rewritten. Each
// ends up with exactly the rows a fresh build makes, and a secret in an
// appended turn is not findable.
func TestGrownSessionAppends(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	opt := Options{Redact: hook(t)}
	base := []string{"plan the heron migration", "sure, heron first", "then the egret table", "done with egret"}
	secret := "ghp_" + "R8x2Lq7VnT4pZw9KcY3mB6hJd1sF5gA0eU2i"
	cases := []struct {
		name  string
		texts []string
		keep  bool // the document keeps its id
		moved int  // rows rewritten at the old end (the header is rewritten too)
	}{
		{"grew", append(slices.Clone(base), "add the ibis column, token "+secret, "ibis added"), true, 0},
		{"last turn grew", append(slices.Clone(base[:3]), "done with egret, and the stork view", "stork next?"), true, 1},
		{"changed inside", append([]string{"plan the crane migration"}, base[1:]...), false, 0},
		{"shrank", base[:2], false, 0},
		{"header only", append(slices.Clone(base[:3]), "done with egret", ""), true, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			idx := filepath.Join(t.TempDir(), FileName)
			snap := corpus(t, t.TempDir(), 5, 9)
			p := writeSession(t, dir, "grow", t0, base)
			snap.Sessions = append(snap.Sessions, Session{Agent: "gemini", ID: "grow", Path: p, Source: transcript.Gemini, Project: "/p", Updated: t0})
			if _, err := Update(ctx, idx, snap, opt); err != nil {
				t.Fatal(err)
			}
			id0, rows0 := indexed(t, idx, "grow")
			writeSession(t, dir, "grow", t0, c.texts)
			snap.Sessions[5].Updated = t0.Add(time.Hour)
			st, err := Update(ctx, idx, snap, opt)
			if err != nil || st.Indexed != 1 || st.Kept != 5 {
				t.Fatalf("update: %+v %v", st, err)
			}
			id1, rows1 := indexed(t, idx, "grow")
			if (id1 == id0) != c.keep {
				t.Errorf("document id %d → %d, want kept %v", id0, id1, c.keep)
			}
			if want := len(rows1) - len(rows0) + c.moved + 1; c.keep && st.Rows != want {
				t.Errorf("%d rows written, want %d", st.Rows, want)
			}
			fresh := filepath.Join(t.TempDir(), FileName)
			if _, err := Update(ctx, fresh, snap, opt); err != nil {
				t.Fatal(err)
			}
			if _, want := indexed(t, fresh, "grow"); !slices.Equal(rows1, want) {
				t.Errorf("rows after the update:\n%q\nfresh build:\n%q", rows1, want)
			}
			for _, q := range []string{secret, "ghp_R8x2*"} {
				if hits := search(t, idx, Query{Text: q}); len(hits) != 0 {
					t.Errorf("secret found by %q: %+v", q, hits)
				}
			}
			// Every word of the new version is found in it, none of the old
			// version's that it lost.
			for q, want := range map[string]bool{"heron": true, "ibis": c.name == "grew", "stork": c.name == "last turn grew",
				"crane": c.name == "changed inside", "egret": c.name != "shrank"} {
				hits := search(t, idx, Query{Text: q, Kinds: []string{KindSession}})
				if found := len(hits) > 0 && hits[0].Session == "grow"; found != want {
					t.Errorf("%q found %v, want %v (%+v)", q, found, want, hits)
				}
			}
		})
	}
}
