package offline

import (
	"strings"
	"testing"
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
		// "could you not just …" suggests doing it
		{"Could you not just reuse the old trellis?", "Could you not just reuse the old trellis?"},
		{"could you not use the rain barrel for this, like everywhere else?", "could you not use the rain barrel for this, like everywhere else?"},
		{"can you not stack the pots on the bench again?", "don't stack the pots on the bench again"},
		// a lasting marker set off by commas inside the request
		{"Could you, going forward, label every tray with the sowing week?", "going forward, label every tray with the sowing week"},
		// asking whether the agent knows a thing holds it true
		{"Do you understand that the greenhouse vents stay shut below 5 degrees?", "the greenhouse vents stay shut below 5 degrees"},
		{"may I ask whether you remember that, going forward, seed packets are kept in the fridge?", "going forward, seed packets are kept in the fridge"},
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
// ("could you, from now on, …?", "can you remember that …", "…, always
// in this repo, …") marks the rule it asks for; the same question without
// a marker is the day's request.
func TestMarkerInsideAQuestion(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Could you, from now on, keep each invoice template in its own file under templates/?", "Keep each invoice template in its own file under templates/."},
		{"can you remember that every ledger export needs a header row", "Every ledger export needs a header row."},
		{"Do you understand that, always in this repo, a receipt number is never reused?", "A receipt number is never reused."},
	} {
		st, _ := classify(c.in, false, source{})
		if st == nil || !st.lasting || st.line != c.want {
			t.Errorf("classify(%q) = %+v; want lasting %q", c.in, st, c.want)
		}
	}
	for _, in := range []string{"Could you keep the invoice template in templates/?", "Do you know that the export failed last night?"} {
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
		{"I must ask you not to resize the hero images by hand.", "don't resize the hero images by hand."},
		{"I would, however, ask you not to touch anything under vendor/; it is synced from upstream.", "don't touch anything under vendor/; it is synced from upstream."},
		{"We would ask that you do not merge on Fridays.", "don't merge on Fridays."},
		{"I'd ask you to keep the changelog in reverse order.", "keep the changelog in reverse order."},
		{"I must ask the vendor about it first.", "I must ask the vendor about it first."},
	} {
		if got := formalAsk(c.in); got != c.want {
			t.Errorf("formalAsk(%q) = %q; want %q", c.in, got, c.want)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"Kindly use the staging bucket rather than the live one.", "Use the staging bucket rather than the live one."},
		{"I must ask you not to resize the hero images by hand.", "Don't resize the hero images by hand."},
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
	st, _ := classify("I'm so sorry to be a bother, but I did mention the fonts: I'd really rather we kept to the system stack and not Helvetica's.", false, source{})
	if st == nil || !st.correction || st.line != "I'd really rather we kept to the system stack and not Helvetica's." {
		t.Fatalf("got %+v; want the polite repeat as a correction without its apology and label", st)
	}
	if got := ruledOut(st.line); len(got) != 1 || got[0] != "helvetica" {
		t.Fatalf("ruledOut = %q; want [helvetica]", got)
	}
}
