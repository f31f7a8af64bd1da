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
		{"Would you mind not watering the orchids from above, though?", "avoid watering the orchids from above"},
		{"Oh, do you mind not pruning the roses in March?", "avoid pruning the roses in March"},
		{"could we perhaps always log the soil pH in beds.csv from now on?", "always log the soil pH in beds.csv from now on"},
		{"If it's not too much trouble, going forward could every new bed have a label stake?", "going forward, every new bed should have a label stake"},
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
		[]string{"u:plant out the basil", "a:I watered the basil trays from above with the rose can.",
			"u:Lovely, thanks. Would you mind not watering the basil from above, though? I think the capillary mat would be much kinder to the stems."},
		[]string{"u:the tomato trays next", "a:Done, the tomato trays are watered from above too.",
			"u:sorry to repeat myself, but would you mind not watering the trays from above?"},
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
