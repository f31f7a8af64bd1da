package offline

import (
	"strings"
	"testing"
	"time"
)

// TestPoliteAsk: a request said politely as a question reads as said
// plainly; a question that asks for information, and a sentence that is
// no question, stay as they are.
func TestPoliteAsk(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Would you mind, please, not misting the orchids at night?", "avoid misting the orchids at night"},
		{"Oh, do you mind not pruning the roses in March?", "avoid pruning the roses in March"},
		{"can we maybe always note the soil pH in beds.csv?", "always note the soil pH in beds.csv"},
		{"if you don't mind, from now on could each raised bed get a label stake?", "from now on, each raised bed should get a label stake"},
		{"would it be possible for each tray to carry its sowing date?", "each tray should carry its sowing date"},
		{"can you please not use peat in the mix?", "don't use peat in the mix"},
		{"Compost goes in bin 2 — could you move the scraps there?", "Compost goes in bin 2"},
		{"could you explain why the seedlings always wilt?", "could you explain why the seedlings always wilt?"},
		{"would you mind checking the hose?", "would you mind checking the hose?"},
		{"could you sharpen the shears for every bed?", "could you sharpen the shears for every bed?"},
		{"Never water at noon.", "Never water at noon."},
		// where a kind of thing goes in place of where it went; a
		// question about the people, or one with no "instead", asks
		{"Could the seed labels go in the shed drawer instead, please?", "the seed labels should go in the shed drawer instead"},
		{"Could we use the shed drawer instead?", "Could we use the shed drawer instead?"},
		{"Could the seed labels go in the shed drawer?", "Could the seed labels go in the shed drawer?"},
		// "could you not just …" suggests doing it
		{"Could you not just reuse the old trellis?", "Could you not just reuse the old trellis?"},
		{"could you not use the rain barrel for this, like everywhere else?", "could you not use the rain barrel for this, like everywhere else?"},
		{"can you not stack the pots on the bench again?", "don't stack the pots on the bench again"},
		// a lasting marker set off by commas inside the request
		{"Could you, going forward, label every tray with the sowing week?", "going forward, label every tray with the sowing week"},
		// asking whether the agent knows a thing holds it true
		{"Do you understand that the greenhouse vents stay shut below 5 degrees?", "the greenhouse vents stay shut below 5 degrees"},
		{"Can I ask if you realise that, in future, the cold frame is only opened by hand?", "in future, the cold frame is only opened by hand"},
		// a marked rule, then the day's request after a comma
		{"from now on every bed gets a drip line, could you add one to the herb bed too?", "from now on every bed gets a drip line"},
		{"the hose leaks, could you fix it?", "the hose leaks, could you fix it?"},
	} {
		if got := politeAsk(c.in); got != c.want {
			t.Errorf("politeAsk(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestPoliteCorrectionStands: a polite request to stop doing something,
// then what would serve better, is one rule with both; asked again in
// another session it stands. A polite request of the day does not.
func TestPoliteCorrectionStands(t *testing.T) {
	got := candidatesOf(
		[]string{"u:plant out the basil", "a:I poured water over the basil leaves with the rose can.",
			"u:Cheers. Do you mind not pouring over the basil leaves? Perhaps the capillary mat would be far safer for the stems."},
		[]string{"u:the tomato trays next", "a:Done, I poured water over the tomato leaves too.",
			"u:sorry to repeat myself, but would you mind not pouring over the leaves?"},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 || !strings.Contains(got[0].line, "capillary mat") {
		t.Fatalf("got %+v; want one rule from both sessions naming the capillary mat", got)
	}
	day := []string{"u:thanks again. could you repot the fern?"}
	if got := candidatesOf(day, day); len(got) != 0 {
		t.Fatalf("a request of the day: %+v; want nothing", got)
	}
	marked := candidatesOf([]string{"u:going forward, would it be possible for every seed packet to be filed by sowing month?"})
	if len(marked) != 1 || marked[0].line != "Every seed packet should be filed by sowing month." {
		t.Fatalf("marked polite rule: %+v; want it said plainly", marked)
	}
}

// TestMarkerInsideAQuestion: a lasting marker inside a polite question
// ("would you, in future, …?", "could you remember that …", "…, always
// for this project, …") marks the rule it asks for; the same question without
// a marker is the day's request.
func TestMarkerInsideAQuestion(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Would you, in future, sort the recipe cards under cards/ by cuisine?", "Sort the recipe cards under cards/ by cuisine."},
		{"could you remember that a tide table always lists low water first", "A tide table always lists low water first."},
		{"Did you know that, always for this project, harbour charts are drawn north-up?", "Harbour charts are drawn north-up."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want lasting %q", c.in, st, c.want)
		}
	}
	for _, in := range []string{"Could you sort the recipe cards under cards/?", "Do you know that the export failed last night?"} {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q; want nothing", in, st.line)
		}
	}
}

// TestFormalAsk: a request said formally as the person's own asking reads
// as said plainly, "kindly" as "please"; a sentence that asks nothing of
// the agent stays as it is.
func TestFormalAsk(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"We must ask you not to feed the goats after dusk.", "don't feed the goats after dusk."},
		{"We'd, therefore, ask you not to move the easels; the light was measured for them.", "don't move the easels; the light was measured for them."},
		{"I'd request that you don't open the kiln above 200 degrees.", "don't open the kiln above 200 degrees."},
		{"I have to ask that you not ring the bell before nine.", "don't ring the bell before nine."},
		{"I'd ask you to keep the changelog in reverse order.", "keep the changelog in reverse order."},
		{"I must ask the vendor about it first.", "I must ask the vendor about it first."},
	} {
		if got := formalAsk(c.in); got != c.want {
			t.Errorf("formalAsk(%q) = %q; want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"Kindly use the staging bucket rather than the live one.", "Use the staging bucket rather than the live one."},
		{"We must ask you not to feed the goats after dusk.", "Don't feed the goats after dusk."},
	} {
		if st, _ := classify(c.in, true, source{}); st == nil || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want %q", c.in, st, c.want)
		}
	}
}

// TestPoliteRepeat: a polite apology of several words before a repeat
// ("I'm so sorry to be a bother, but I did mention the fonts: …") is taken
// off, the repeat marks a correction and the topic it names as a label
// goes with it; a rule that rules out a possessive ("not Helvetica's")
// rules out the name.
func TestPoliteRepeat(t *testing.T) {
	st, _ := classify("Sorry to be a pest, but we did tell you the glaze schedule: fire the mugs in the small kiln, never Dmitri's.", false, source{})
	if st == nil || !st.correction || st.line != "Fire the mugs in the small kiln, never Dmitri's." {
		t.Fatalf("got %+v; want the polite repeat as a correction without its apology and label", st)
	}
	if got := ruledOut(st.line); len(got) != 1 || got[0] != "dmitri" {
		t.Fatalf("ruledOut = %q; want [dmitri]", got)
	}
}

// TestThanksButCorrects: thanks or praise turned by "but" or "however" is
// politeness before a correction; corrected so in two sessions it stands,
// without the thanks or an "if you don't mind". Thanks turned into a
// question, or into a bare "no", says no rule.
func TestThanksButCorrects(t *testing.T) {
	got := candidatesOf(
		[]string{"u:glaze the buns", "a:I brushed the buns with egg wash before the second proof.",
			"u:Thank you, but please leave the egg wash until after the second proof if you don't mind; it collapses the dough."},
		[]string{"u:now the rolls", "a:Done, I brushed the rolls with egg wash before the second proof.",
			"u:Great work, however the egg wash waits until after the second proof."},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
	if l := strings.ToLower(got[0].line); !strings.Contains(l, "egg wash") || strings.Contains(l, "thank") || strings.Contains(l, "great") || strings.Contains(l, "mind") {
		t.Fatalf("line %q; want the egg wash rule without the thanks or the softener", got[0].line)
	}
	for _, s := range []string{"Thanks, but no.", "Nice, but why did the crust burn?"} {
		if st, _ := classify(s, true, source{}); st != nil {
			t.Errorf("classify(%q) = %q; want nothing", s, st.line)
		}
	}
}

// TestWishIf: a rule said as a formal or polite wish in the conditional
// ("I should be grateful if …", "I'd rather …", "would it be all right
// if …") reads in its plain form, a lasting marker set off after the lead
// kept; a wish whose verb has no known present form stays as said.
func TestWishIf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"I should be grateful if, henceforth, every invoice were numbered by year.", "henceforth, every invoice should be numbered by year."},
		{"I would rather the tide tables were not edited by hand.", "the tide tables should not be edited by hand."},
		{"would it be all right if, from now on, each mooring had its own buoy number?", "from now on, each mooring should have its own buoy number"},
		{"I'd be grateful if you didn't reorder the hymn list.", "don't reorder the hymn list."},
		{"I'd much rather we never varnished the oak in winter.", "never varnished the oak in winter."},
		{"I'd be grateful if you could label every jar with its harvest week.", "label every jar with its harvest week."},
		{"I'd be grateful if you asked before ordering seed.", "I'd be grateful if you asked before ordering seed."},
		{"I would rather go home early.", "I would rather go home early."},
		{"I'd rather you never pushed the drafts to the print queue.", "never push the drafts to the print queue."},
		{"I'd rather you never stored the seed lists on the laptop.", "never store the seed lists on the laptop."},
		{"I'd prefer if the menus never listed prices.", "I'd prefer if the menus never listed prices."},
		{"I'd be grateful if the minutes were never circulated.", "the minutes should never be circulated."},
		{"I'd prefer the map that was printed stays in the hut", "I'd prefer the map that was printed stays in the hut"},
	} {
		if got := wishIf(c.in); got != c.want {
			t.Errorf("wishIf(%q) = %q; want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct {
		in, want string
		lasting  bool
	}{
		{"I should be grateful if, henceforth, every invoice were numbered by year.", "Every invoice should be numbered by year.", true},
		// a later time in the reason is no later rule
		{"From now on every crate gets a customs label, since we start exporting to Norway next quarter.", "Every crate gets a customs label, since we start exporting to Norway next quarter.", true},
		// asking the agent to remember marks the rule to last
		{"btw can u remember that hymn numbers are printed in bold, not italics?", "Hymn numbers are printed in bold, not italics.", true},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || st.line != c.want || st.lasting != c.lasting {
			t.Errorf("classify(%q) = %+v; want %q, lasting %v", c.in, st, c.want, c.lasting)
		}
	}
	if st, _ := classify("From now on we repaint the hull next quarter.", false, source{}); st != nil {
		t.Errorf("a plan for later: %q; want nothing", st.line)
	}
}

// TestFormalCorrection: thanks, then a sentence that turns with
// "however", opens a correction; "refrain from" rules out, and "I must
// repeat myself" marks the correction said again in another session.
func TestFormalCorrection(t *testing.T) {
	if got := formalAsk("However, I must ask that you refrain from watering the bonsai daily."); got != "avoid watering the bonsai daily." {
		t.Errorf("formalAsk = %q; want the ruling-out", got)
	}
	got := candidatesOf(
		[]string{"u:prepare the bonsai", "a:I watered the juniper bonsai daily and put it on the windowsill.",
			"u:Thank you. However, I must ask that you refrain from watering the juniper daily. It rots the roots."},
		[]string{"u:the maple next", "a:Done, the maple is watered daily now, same as the juniper.",
			"u:I regret that I must repeat myself: daily watering rots the roots of the bonsai."},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 || got[0].kind != KindCorrection {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
	if got := politeAsk("Sorry to repeat myself, but could we please prune before the frost rather than after?"); got != "Sorry to repeat myself, but prune before the frost rather than after" {
		t.Errorf("politeAsk = %q; want the way asked for in place of the other", got)
	}
	m := mineSession(0, convo("s", time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), "u:pot the cuttings", "a:I potted the cuttings in peat.",
		"u:Thank you. However, please stop using peat for the cuttings."), nil)
	if len(m.stmts) != 1 || !m.stmts[0].correction || len(m.stmts[0].did) == 0 {
		t.Errorf("thanks, then a turn: %+v; want one correction answering the report", m.stmts)
	}
	if st, _ := classify("I regret that I must repeat myself: the glaze is fired at cone 6.", false, source{}); st == nil || !st.correction || st.line != "The glaze is fired at cone 6." {
		t.Errorf("classify = %+v; want the repeated correction without its lead", st)
	}
}

// TestLowerCaseNameRepeated: a correction said again by the name of what
// to use alone, typed in lower case ("dayjs pls, i said this before"),
// joins the correction it repeats; a bare "no" before the marker says
// nothing.
func TestLowerCaseNameRepeated(t *testing.T) {
	got := candidatesOf(
		[]string{"u:format the dates", "a:I formatted the dates with moment.", "u:no moment, go through DayJs like the rest of the app"},
		[]string{"u:the calendar too", "a:Done, the calendar formats with moment.", "u:again moment??", "u:dayjs pls, i said this before"},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 {
		t.Fatalf("got %+v; want one correction from both sessions", got)
	}
	if st, _ := classify("no, i said this before", true, source{}); st != nil {
		t.Errorf("a bare no: %q; want nothing", st.line)
	}
}

// TestPoliteRepeatApology: apologising for raising a matter again ("sorry
// to bring it up again, but …") or for having been unclear ("I should have
// been clearer last time: …") says it was said before; what follows is the
// correction, without the apology. Apologising for anything else is no
// repeat.
func TestPoliteRepeatApology(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Sorry to bring it up again, but the invoices are numbered per year, not per client.", "The invoices are numbered per year, not per client."},
		{"I'm sorry, I should have been clearer last time: the kiln logs go in the shared drive, never on the desktop.", "The kiln logs go in the shared drive, never on the desktop."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.correction || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want the correction %q", c.in, st, c.want)
		}
		if !repeatMarked([]string{c.in}, 0) {
			t.Errorf("repeatMarked(%q) = false; want a repeat", c.in)
		}
	}
	if repeatMarked([]string{"Sorry to bother you, but the invoices are numbered per year."}, 0) {
		t.Error("an apology for bothering is no repeat")
	}
}

// TestThanksThenPoliteCorrection: thanks first, then a polite request not
// to do what the agent just reported, answers the report as a correction
// said plainly would; asked again in another session it stands. Thanks
// then a new request of the day, or a prohibition of something the report
// never named, corrects nothing.
func TestThanksThenPoliteCorrection(t *testing.T) {
	got := candidatesOf(
		[]string{"u:make thumbnails for the gallery", "a:I resized the gallery images with ImageMagick's convert and a 300px width.",
			"u:Thank you, that was quick. Would you mind not resizing with convert? It strips the colour profiles, so we use vips for thumbnails."},
		[]string{"u:and the press photos", "a:Done, I resized the press photos with convert as well.",
			"u:I'm sorry, I should have been clearer last time: I would rather the photos were not resized with convert."},
	)
	if len(got) != 1 || len(sessionsOf(got[0])) != 2 || !strings.Contains(got[0].line, "convert") {
		t.Fatalf("got %+v; want one correction about convert from both sessions", got)
	}
	for _, c := range [][]string{
		{"u:make thumbnails", "a:I resized the gallery images with ImageMagick's convert.", "u:Thanks, lovely. Could you also add captions to them?"},
		{"u:make thumbnails", "a:I resized the gallery images with ImageMagick's convert.", "u:Great, thank you. Would you mind not touching the archive folder today?"},
	} {
		m := mineSession(0, convo("s", time.Now(), c...), nil)
		for _, st := range m.stmts {
			if st.correction {
				t.Errorf("%q: %q marked a correction; want none", c[2], st.line)
			}
		}
	}
}

// TestHedgedThanksCorrection: "Oh, thank you" opens as thanks does, an
// apology for not saying it earlier leaves the line, and "I don't think
// we use X" rules out X as "we don't use X" would, when the agent's
// report named X. A hedge about something the report never named is no
// correction.
func TestHedgedThanksCorrection(t *testing.T) {
	report := "a:I set the tide tables in Comic Sans with a drop shadow."
	m := mineSession(0, convo("s", time.Now(), "u:print the tide tables", report,
		"u:Oh, thank you, that's quick. I'm sorry, I should have mentioned this earlier: I don't think we use Comic Sans here at all. Every table is set in the house serif."), nil)
	if len(m.stmts) == 0 || !m.stmts[0].correction || !strings.HasPrefix(m.stmts[0].line, "I don't think we use Comic Sans") {
		t.Fatalf("got %+v; want a correction opening with the rule, without the apology", m.stmts)
	}
	m = mineSession(0, convo("s", time.Now(), "u:print the tide tables", report,
		"u:Oh, thank you, that's quick. I don't think we need the harbour map today."), nil)
	for _, st := range m.stmts {
		if st.correction {
			t.Errorf("%q marked a correction; want none", st.line)
		}
	}
}

// TestRememberThenRequestAsked: "remember that …" before a request asked
// after a comma keeps the remembered rule, as a lasting marker does; the
// same request after a plain statement, or after "always" alone, stays a
// question.
func TestRememberThenRequestAsked(t *testing.T) {
	for _, c := range []struct{ said, want string }{
		{"also the greenhouse sensor, remember that readings in this repo are stored in kelvin bc the old firmware sends kelvin, can u check the chart converts them?", "Readings in this repo are stored in kelvin bc the old firmware sends kelvin."},
		{"remember that the cache lives in redis, can you check the keys?", "The cache lives in redis."},
	} {
		st, _ := classify(c.said, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("%q: got %+v; want lasting %q", c.said, st, c.want)
		}
	}
	for _, s := range []string{
		"the cache lives in redis, can you check the keys?",
		"we always deploy on fridays, could you look at the logs?",
		"is the cache in redis now, can you check?",
	} {
		if st, _ := classify(s, false, source{}); st != nil {
			t.Errorf("%q: read as %+v; want nothing", s, st)
		}
	}
}
