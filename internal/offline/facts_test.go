package offline

import "testing"

// TestBackRefFolds: a line said only "as before" that names a specific
// folder or name another candidate names is that fact said again and
// folds into it; one that names only common folders, or names something
// no other line does, stays.
func TestBackRefFolds(t *testing.T) {
	rule := candidate{kind: KindInstruction, line: "Keep reading from the ecg-raw share only, never write back there.", srcs: []source{{session: 0, msgID: "m1", quote: "keep reading from the ecg-raw share only, never write back there"}}}
	back := candidate{kind: KindInstruction, line: "Input data from /mnt/shared/ecg-raw/2026-10 (read-only share).", srcs: []source{{session: 1, msgID: "m2", quote: "Input data as before from /mnt/shared/ecg-raw/2026-10 (read-only share)."}}}
	got := foldBackRefs([]candidate{rule, back})
	if len(got) != 1 || len(got[0].srcs) != 2 || got[0].line != rule.line {
		t.Fatalf("an 'as before' line naming the share again: %+v, want the rule with both sources", got)
	}
	// another domain: the scans folder of a museum archive
	scans := candidate{kind: KindCorrection, line: "Never overwrite anything in the TIFF masters, the archive copy is the only one.", srcs: []source{{session: 0, msgID: "m1", quote: "never overwrite anything in the TIFF masters"}}}
	again := candidate{kind: KindInstruction, line: "The scans come from /archive/tiff-masters/2025 this month.", srcs: []source{{session: 2, msgID: "m5", quote: "the scans come from /archive/tiff-masters/2025 as usual this month"}}}
	if got := foldBackRefs([]candidate{scans, again}); len(got) != 2 {
		t.Fatalf("no shared name ('tiff masters' is not tiff-masters): %+v, want two", got)
	}
	common := candidate{kind: KindInstruction, line: "Fixtures live under tests/data, like the others.", srcs: []source{{session: 1, msgID: "m2", quote: "fixtures live under tests/data, like the others"}}}
	other := candidate{kind: KindInstruction, line: "Never commit generated data to the repo.", srcs: []source{{session: 0, msgID: "m1", quote: "never commit generated data to the repo"}}}
	if got := foldBackRefs([]candidate{other, common}); len(got) != 2 {
		t.Fatalf("a common folder name ties nothing: %+v, want two", got)
	}
	// no shared name, but the "as before" line says most of the other in
	// other words (a greenhouse controller): one fact
	vents := candidate{kind: KindInstruction, line: "The vent motors close whenever the wind gauge reads above 40 km/h.", srcs: []source{{session: 0, msgID: "m1", quote: "the vent motors close whenever the wind gauge reads above 40 km/h"}}}
	ventsAgain := candidate{kind: KindInstruction, line: "The vent motors still close on the wind gauge.", srcs: []source{{session: 2, msgID: "m4", quote: "the vent motors still close on the wind gauge as before"}}}
	if got := foldBackRefs([]candidate{vents, ventsAgain}); len(got) != 1 || len(got[0].srcs) != 2 {
		t.Fatalf("an 'as before' line saying most of another: %+v, want one with both sources", got)
	}
	// a dotted field name counts its words: both said "as always"
	fields := candidate{kind: KindInstruction, line: "Every log event carries the tenant id and the request path, like all ours.", srcs: []source{{session: 0, msgID: "m1", quote: "every log event carries the tenant id and the request path, like all ours"}}}
	dotted := candidate{kind: KindInstruction, line: "Log events with ctx.tenant.id and http.request.path.", srcs: []source{{session: 1, msgID: "m3", quote: "log events with ctx.tenant.id and http.request.path as always"}}}
	if got := foldBackRefs([]candidate{fields, dotted}); len(got) != 1 || len(got[0].srcs) != 2 {
		t.Fatalf("dotted names of the same fields: %+v, want one with both sources", got)
	}
	// one shared word is not the same fact
	motors := candidate{kind: KindInstruction, line: "The vent motors are calibrated every spring by the vendor.", srcs: []source{{session: 0, msgID: "m1", quote: "the vent motors are calibrated every spring by the vendor"}}}
	gauge := candidate{kind: KindInstruction, line: "The wind gauge logs to the greenhouse panel.", srcs: []source{{session: 2, msgID: "m4", quote: "the wind gauge logs to the greenhouse panel as before"}}}
	if got := foldBackRefs([]candidate{motors, gauge}); len(got) != 2 {
		t.Fatalf("different parts of the greenhouse: %+v, want two", got)
	}
	said := candidate{kind: KindInstruction, line: "Exports go to /srv/exports/ledger-x.", srcs: []source{{session: 0, msgID: "m1", quote: "exports go to /srv/exports/ledger-x"}}}
	plain := candidate{kind: KindInstruction, line: "Ledger-x uploads nightly.", srcs: []source{{session: 3, msgID: "m9", quote: "ledger-x uploads nightly"}}}
	if got := foldBackRefs([]candidate{said, plain}); len(got) != 2 {
		t.Fatalf("neither said 'as before': %+v, want two", got)
	}
}

// TestConventionClauseKeepsShortSubject: a convention marker set inside a
// short subject keeps that subject before the preposition that follows
// it; a marker that opens the sentence or ends a long clause cuts as
// before.
func TestConventionClauseKeepsShortSubject(t *testing.T) {
	for in, want := range map[string]string{
		"Input data as before from /mnt/shared/ecg-raw/2026-10 (read-only share).": "Input data from /mnt/shared/ecg-raw/2026-10 (read-only share).",
		"Fixtures as always under tests/fixtures, please.":                         "Fixtures under tests/fixtures, please.",
		"as usual, modules go in modules/":                                         "modules go in modules/",
		"add the refunds table, new flyway script in db/migration as usual":        "new flyway script in db/migration",
	} {
		if got, ok := conventionClause(in); !ok || got != want {
			t.Errorf("conventionClause(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	// a marker inside a bracket: the clause before it is cut mid-sentence
	in := "please label the new trays for it (seed trays are like always in the cold room, shelf B for brassicas)"
	if got, ok := conventionClause(in); ok {
		t.Errorf("conventionClause(%q) = %q, want no convention clause", in, got)
	}
	// a marker that closes the bracket it sits in: the aside closes too
	in = "the seed trays (shelf B in the cold room, as always) need new labels"
	if got, ok := conventionClause(in); !ok || got != "the seed trays (shelf B in the cold room)" {
		t.Errorf("conventionClause(%q) = %q, %v; want the aside closed", in, got, ok)
	}
}

// The deepest folder of a path is a name of one project only when most
// projects do not share it: "src/utils" and "pkg/internal" tie nothing,
// "/data/shared/nsidc" and "studio/glaze-recipes" do.
func TestSpecificNamesCommonDirs(t *testing.T) {
	for _, tc := range []struct {
		line string
		want string
	}{
		{"Helpers go in src/utils.", ""},
		{"Keep private code under pkg/internal.", ""},
		{"Raw files land in /data/shared/nsidc.", "nsidc"},
		{"The recipes live in studio/glazes.", "glazes"},
	} {
		got := specificNames(tc.line)
		if tc.want == "" && len(got) != 0 || tc.want != "" && !got[tc.want] {
			t.Errorf("specificNames(%q) = %v, want %q", tc.line, got, tc.want)
		}
	}
}

// TestScopedRuleKeepsToItsGroup: a rule the person scoped to every project
// and a statement of this project join one group only when their words say
// the same thing; a project correction sharing a word or two with the
// scoped rule ("small", "workshop") is another fact, so neither carries the
// other into the wrong memory.
func TestScopedRuleKeepsToItsGroup(t *testing.T) {
	never := func(string) bool { return false }
	for _, c := range []struct {
		project, global string
		same            bool
	}{
		{"No, Rota is a small tool I show in my workshop, not a library.", "Every exported function gets a doc comment, even the small ones, because the workshop notes are generated from them.", false},
		{"Let me set the scene before we write any code, because I think it will save us. Tally is a small service that counts attendance for the community workshops. I also use it as a teaching example in the evening course I give.", "Every public function gets a docstring, even the small ones, because I generate the course handouts from them.", false},
		// the same rule said once for the project and once for every
		// project is one fact
		{"Write commit messages in the imperative mood.", "Write commit messages in the imperative mood.", true},
	} {
		m := stmt{line: c.project, correction: true, src: source{session: 0}}
		s := stmt{line: c.global, global: true, lasting: true, src: source{session: 1}}
		if got := sameGroup(m, s, never); got != c.same {
			t.Errorf("sameGroup(%q, %q) = %v; want %v", c.project, c.global, got, c.same)
		}
	}
	// two project corrections keep the looser ties
	a := stmt{line: "No, Rota is a small tool I show in my workshop, not a library.", correction: true, src: source{session: 0}}
	b := stmt{line: "Every exported function gets a doc comment, even the small ones, because the workshop notes are generated from them.", correction: true, src: source{session: 1}}
	if !sameGroup(a, b, never) {
		t.Errorf("two project statements tied by sameStmt no longer join")
	}
}

// TestSharedTokenFolds: two candidates of one inbox that share a distinct
// token (a dotted identifier, a path, a number with a dot) are one fact
// when they share a term more, or when one is said only as settled ("as
// before", "like the others") and the token is a name, or when the token
// is a snake_case name; the clearer line is
// kept with the evidence of both. Two facts naming one value or file for
// different things stay apart.
func TestSharedTokenFolds(t *testing.T) {
	cand := func(kind, line, quote string, session int) candidate {
		return candidate{kind: kind, line: line, srcs: []source{{session: session, msgID: "m", quote: quote}}}
	}
	for _, tt := range []struct {
		name string
		a, b candidate
		keep string // "" when both stay
	}{
		{"a dotted name of the package, said as before",
			cand(KindCorrection, "The shortcut remains with the KeyboardShortcuts package, which handles the recorder view.", "The shortcut remains with the KeyboardShortcuts package, which handles the recorder view.", 0),
			cand(KindInstruction, "Both go through KeyboardShortcuts.Name.", "both go through KeyboardShortcuts.Name as before", 2),
			"The shortcut remains with the KeyboardShortcuts package, which handles the recorder view."},
		{"a short route prefix, said like the others",
			cand(KindInstruction, "Everything public lives under `/v2`; `/v1` is frozen.", "Everything public lives under `/v2`; `/v1` is frozen.", 0),
			cand(KindInstruction, "Route prefix is `/v2`.", "Route prefix is `/v2` as with the others.", 1),
			"Everything public lives under `/v2`; `/v1` is frozen."},
		{"one threshold and one term more",
			cand(KindInstruction, "Null threshold stays 0.98, we don't relax it.", "Null threshold stays 0.98, we don't relax it.", 1),
			cand(KindInstruction, "Null checks on customer_id, with mostly at 0.98.", "Null checks on customer_id, with mostly at 0.98 like the rest.", 3),
			"Null threshold stays 0.98, we don't relax it."},
		// another domain: a greenhouse controller's calibration factor
		{"a factor named twice with the sensor",
			cand(KindInstruction, "The humidity sensor gets a 1.07 correction factor.", "the humidity sensor gets a 1.07 correction factor", 0),
			cand(KindInstruction, "Apply 1.07 to every humidity reading before logging.", "apply 1.07 to every humidity reading before logging", 2),
			"The humidity sensor gets a 1.07 correction factor."},
		// a field named in snake case, alone: one project's one thing
		{"a snake_case field named alone",
			cand(KindInstruction, "Orders that repeat an order_ref we have seen are dropped before billing.", "orders that repeat an order_ref we have seen are dropped before billing", 0),
			cand(KindInstruction, "Invoices are cut only after the order_ref dedupe, never before.", "invoices are cut only after the order_ref dedupe, never before", 2),
			"Orders that repeat an order_ref we have seen are dropped before billing."},
		// a function named as a call in both, alone
		{"a call named in two corrections",
			cand(KindCorrection, "We do not use .delay() anywhere in this codebase.", "we do not use .delay() anywhere in this codebase", 0),
			cand(KindCorrection, "Not .delay(), it bypasses our routing; apply it with a queue.", "not .delay(), it bypasses our routing; apply it with a queue", 3),
			"Not .delay(), it bypasses our routing; apply it with a queue."},
		{"a call in one line, a word in the other",
			cand(KindInstruction, "Retries wait with .delay() between attempts.", "retries wait with .delay() between attempts", 0),
			cand(KindInstruction, "The delay budget for the digest is ten minutes.", "the delay budget for the digest is ten minutes", 2), ""},
		// one absolute directory named at two depths
		{"a scratch dir and a dir inside it",
			cand(KindInstruction, "The checkpoints stay on /scratch.", "the checkpoints stay on /scratch", 2),
			cand(KindInstruction, "Checkpoints have to go on /scratch/s2291034/ckpt, not in my home directory.", "checkpoints have to go on /scratch/s2291034/ckpt, not in my home directory", 0),
			"Checkpoints have to go on /scratch/s2291034/ckpt, not in my home directory."},
		// a marked directory name and a path ending in it
		{"a _media dir named alone and under docs",
			cand(KindInstruction, "Diagram png is in the repo root, move it to _media.", "diagram png is in the repo root, move it to _media", 0),
			cand(KindInstruction, "Image is office.png in Downloads, goes in docs/_media.", "image is office.png in Downloads, goes in docs/_media", 2),
			"Diagram png is in the repo root, move it to _media."},
		{"a plain dir name and a path ending in it",
			cand(KindInstruction, "Fixtures png files go in tests.", "fixtures png files go in tests", 0),
			cand(KindInstruction, "Snapshot png files go in web/tests.", "snapshot png files go in web/tests", 2), ""},
		{"two dirs side by side",
			cand(KindInstruction, "Checkpoints go in /scratch/ckpt.", "checkpoints go in /scratch/ckpt", 2),
			cand(KindInstruction, "Checkpoint logs go in /scratch/logs.", "checkpoint logs go in /scratch/logs", 0), ""},
		// a file named alone and at the end of its Windows path
		{"a file and the path ending in it",
			cand(KindInstruction, "The settings migration must open the same stock.db under LocalAppData.", "the settings migration must open the same stock.db under LocalAppData", 2),
			cand(KindInstruction, `Data is in the SQLite file %LOCALAPPDATA%\StockPad\stock.db.`, `data is in the SQLite file %LOCALAPPDATA%\StockPad\stock.db`, 0),
			"The settings migration must open the same stock.db under LocalAppData."},
		// one port, one file for different things: two facts
		{"a port for two things",
			cand(KindInstruction, "Port is 9090 now, ops took 8080 for the metrics sidecar.", "port is 9090 now, ops took 8080 for the metrics sidecar", 0),
			cand(KindInstruction, "Something else on 9090 locally, kill it.", "something else on 9090 locally, kill it", 1), ""},
		{"one file for two rules",
			cand(KindInstruction, "Every stack gets an owner tag, put it in bin/app.ts.", "every stack gets an owner tag, put it in bin/app.ts", 0),
			cand(KindInstruction, "The region is eu-central-1, set in bin/app.ts.", "the region is eu-central-1, set in bin/app.ts", 2), ""},
		{"a bare number said as before is no name",
			cand(KindInstruction, "Thumbnails are cropped to 320 wide.", "thumbnails are cropped to 320 wide", 0),
			cand(KindInstruction, "The sidebar is 320 px.", "the sidebar is 320 px as before", 2), ""},
		// how money is kept is one fact of a project, however worded
		{"money kept as cents, twice",
			cand(KindInstruction, "The refund table stores amount_cents as an integer, no decimals in this flow.", "the refund table stores amount_cents as an integer, no decimals in this flow", 0),
			cand(KindInstruction, "All these amounts come out of the database as whole cents.", "all these amounts come out of the database as whole cents", 2),
			"The refund table stores amount_cents as an integer, no decimals in this flow."},
		{"money named as a fee, kept as a decimal type",
			cand(KindInstruction, "Amounts in the CSV are written from the BigDecimal values with the same scale as in Postgres.", "amounts in the CSV are written from the BigDecimal values with the same scale as in Postgres", 0),
			cand(KindInstruction, "The fee column in the payload is a string like \"0.30\"; parse it straight into BigDecimal, never via toDouble.", "the fee column in the payload is a string like \"0.30\"; parse it straight into BigDecimal, never via toDouble", 2),
			"The fee column in the payload is a string like \"0.30\"; parse it straight into BigDecimal, never via toDouble."},
		{"money named, no type",
			cand(KindInstruction, "Prices are integer cents.", "prices are integer cents", 0),
			cand(KindInstruction, "Double-check the payment total before a refund.", "double-check the payment total before a refund", 2), ""},
		{"money named, a word opening with a type's letters",
			cand(KindInstruction, "Prices are integer cents.", "prices are integer cents", 0),
			cand(KindInstruction, "Totals go into the internal report.", "totals go into the internal report", 2), ""},
		// a name of its own for a token the other line writes whole
		{"a host by its first label",
			cand(KindInstruction, "The catalog goes to the read replica, mysql-ro.internal, never the primary.", "the catalog goes to the read replica, mysql-ro.internal, never the primary", 0),
			cand(KindInstruction, "Remind finance it's mysql-ro, the replica, they are hitting.", "remind finance it's mysql-ro, the replica, they are hitting", 2),
			"The catalog goes to the read replica, mysql-ro.internal, never the primary."},
		{"a package by its scope",
			cand(KindInstruction, "Fonts are self-hosted with @fontsource/inter, never the Google link tag in the head.", "fonts are self-hosted with @fontsource/inter, never the Google link tag in the head", 0),
			cand(KindInstruction, "The 404 page font must come from @fontsource too.", "the 404 page font must come from @fontsource too", 2),
			"Fonts are self-hosted with @fontsource/inter, never the Google link tag in the head."},
		{"a module by its last part",
			cand(KindInstruction, "Templates are Text::Xslate files in views/.", "templates are Text::Xslate files in views/", 0),
			cand(KindInstruction, "The page is an Xslate template.", "the page is an Xslate template", 2),
			"Templates are Text::Xslate files in views/."},
		{"a file by its name without the extension",
			cand(KindInstruction, "Settings live in config.yaml at the root.", "settings live in config.yaml at the root", 0),
			cand(KindInstruction, "Config settings are loaded once.", "config settings are loaded once", 2), ""},
		{"a name part with nothing more shared",
			cand(KindInstruction, "The catalog goes to mysql-ro.internal.", "the catalog goes to mysql-ro.internal", 0),
			cand(KindInstruction, "Backups of mysql-ro run nightly.", "backups of mysql-ro run nightly", 2), ""},
		// a setting's value written joined and apart
		{"a number in a unit, joined and apart",
			cand(KindInstruction, "Videos are 1080x1920 vertical at 25 fps.", "videos are 1080x1920 vertical at 25 fps", 0),
			cand(KindInstruction, "The recap is 25fps and 15 s, so 375 frames per video.", "the recap is 25fps and 15 s, so 375 frames per video", 2),
			"The recap is 25fps and 15 s, so 375 frames per video."},
		// a size written as one word ties by its sides
		{"a size and its width",
			cand(KindInstruction, "The canvas is 720x1280 portrait so dont put it under the notch.", "the canvas is 720x1280 portrait so dont put it under the notch", 0),
			cand(KindInstruction, "Fit width on 720 wide portrait.", "fit width on 720 wide portrait", 2),
			"The canvas is 720x1280 portrait so dont put it under the notch."},
		{"a size and another line's number",
			cand(KindInstruction, "The canvas is 720x1280 portrait.", "the canvas is 720x1280 portrait", 0),
			cand(KindInstruction, "Uploads are capped at 720 per day.", "uploads are capped at 720 per day", 2), ""},
		// an id of eight digits or more ties alone; a date does not
		{"an id",
			cand(KindInstruction, "Typo, ours is 0106:61245870.", "typo, ours is 0106:61245870", 0),
			cand(KindInstruction, "Sender is us, 0106:61245870, our KvK-based id.", "sender is us, 0106:61245870, our kvk-based id", 2),
			"Sender is us, 0106:61245870, our KvK-based id."},
		{"a date",
			cand(KindInstruction, "Code freeze starts 2026-06-15.", "code freeze starts 2026-06-15", 0),
			cand(KindInstruction, "Tickets go on sale 2026-06-15.", "tickets go on sale 2026-06-15", 2), ""},
	} {
		got := foldSharedToken([]candidate{tt.a, tt.b})
		if tt.keep == "" {
			if len(got) != 2 {
				t.Errorf("%s: %+v, want both kept", tt.name, got)
			}
			continue
		}
		if len(got) != 1 || got[0].line != tt.keep || len(got[0].srcs) != 2 {
			t.Errorf("%s: %+v, want %q with both sources", tt.name, got, tt.keep)
		}
	}
	if longID("192.168.100.200") || !longID("NL61245870") {
		t.Error("longID: an address is no id; eight digits are")
	}
	// a rule for every project and one of this project stay apart
	g := cand(KindInstruction, "Write dates as 2026-01-31 in every repo.", "write dates as 2026-01-31 in every repo", 0)
	g.global = true
	p := cand(KindInstruction, "Dates in the changelog as 2026-01-31.", "dates in the changelog as 2026-01-31 as before", 1)
	if got := foldSharedToken([]candidate{g, p}); len(got) != 2 {
		t.Errorf("a global and a project rule folded: %+v", got)
	}
}
