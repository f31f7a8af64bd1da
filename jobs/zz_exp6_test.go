package jobs_test

import (
	"database/sql"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

type zrow struct {
	id   int64
	text string
	pos  int
	role string
	at   string
}

func TestZZWrite(t *testing.T) {
	path := os.Getenv("ZZ_DB")
	if path == "" {
		t.Skip()
	}
	src, _ := sql.Open("sqlite", "file:"+path+"?mode=ro")
	rs, err := src.Query(`SELECT rowid, text, pos, role, at FROM sess`)
	if err != nil {
		t.Fatal(err)
	}
	var rows []zrow
	for rs.Next() {
		var r zrow
		rs.Scan(&r.id, &r.text, &r.pos, &r.role, &r.at)
		rows = append(rows, r)
	}
	rs.Close()
	src.Close()
	t.Logf("%d rows", len(rows))
	type cfg struct {
		name, dsn string
		batch     int
		config    []string
	}
	cfgs := []cfg{
		{"wal-512", "?_pragma=journal_mode(wal)&_pragma=synchronous(normal)", 512, nil},
		{"off-512", "?_pragma=journal_mode(off)&_pragma=synchronous(off)", 512, nil},
		{"off-6000", "?_pragma=journal_mode(off)&_pragma=synchronous(off)", 6000, nil},
		{"off-6000-hash8", "?_pragma=journal_mode(off)&_pragma=synchronous(off)", 6000, []string{"hashsize', 8388608"}},
		{"off-6000-hash8-am16", "?_pragma=journal_mode(off)&_pragma=synchronous(off)", 6000, []string{"hashsize', 8388608", "automerge', 16"}},
		{"off-512-am16", "?_pragma=journal_mode(off)&_pragma=synchronous(off)", 512, []string{"automerge', 16"}},
	}
	if o := os.Getenv("ZZ_ONLY"); o != "" {
		var keep []cfg
		for _, c := range cfgs {
			if strings.Contains(o, c.name+",") {
				keep = append(keep, c)
			}
		}
		cfgs = keep
	}
	for _, c := range cfgs {
		dir := t.TempDir()
		p := dir + "/x.db"
		db, _ := sql.Open("sqlite", "file:"+p+c.dsn)
		db.SetMaxOpenConns(1)
		if _, err := db.Exec(`CREATE VIRTUAL TABLE sess USING fts5(text, pos UNINDEXED, role UNINDEXED, at UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')`); err != nil {
			t.Fatal(err)
		}
		for _, x := range c.config {
			if _, err := db.Exec(`INSERT INTO sess(sess, rank) VALUES('` + x + `)`); err != nil {
				t.Fatal(x, err)
			}
		}
		s, c0 := time.Now(), cpuTime()
		tx, _ := db.Begin()
		args := make([]any, 0, 5*c.batch)
		flush := func() {
			if len(args) == 0 {
				return
			}
			var b strings.Builder
			b.WriteString(`INSERT INTO sess(rowid, text, pos, role, at) VALUES `)
			for i := range len(args) / 5 {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString("(?,?,?,?,?)")
			}
			if _, err := tx.Exec(b.String(), args...); err != nil {
				t.Fatal(err)
			}
			args = args[:0]
		}
		for _, r := range rows {
			args = append(args, r.id, r.text, r.pos, r.role, r.at)
			if len(args) == 5*c.batch {
				flush()
			}
		}
		flush()
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
		d, cpu := time.Since(s), cpuTime()-c0
		var segs int
		db.QueryRow(`SELECT count(*) FROM sess_data`).Scan(&segs)
		db.Close()
		fi, _ := os.Stat(p)
		t.Logf("%-22s wall %-14v cpu %-14v size %s data-rows %d", c.name, d, cpu, fmt.Sprint(fi.Size()>>20, "MiB"), segs)
	}
}
