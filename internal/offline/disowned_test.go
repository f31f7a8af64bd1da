package offline

import "testing"

// TestDisownedLines: a message calling what a memory line says wrong,
// naming the line by what it says or by what it is about (a part of a
// dotted name too), disowns that line; a message naming memory without
// calling it wrong, or naming a thing no line or two lines hold, disowns
// nothing.
func TestDisownedLines(t *testing.T) {
	mem := []string{"- Reeling reads the crank's absolute angle with playdate.getCrankPosition().", "- Save data goes through playdate.datastore.",
		"- Debug output goes through log.Printf with a [splitview] prefix.", "- Local storage is SQLite."}
	for _, tt := range []struct{ msg, want string }{
		{"use getCrankChange(), the delta. the memory note about getCrankPosition is from before we knew better", mem[0]},
		{"ah no, the log.Printf thing in the memory is from before i knew better. use clog.", mem[2]},
		{"the memory file still says SQLite; that's been wrong since December", mem[3]},
		// Negatives.
		{"the memory note about getCrankPosition is fine, keep it", ""},
		{"the memory note about playdate is from before we knew better", ""},
		{"the memory note about bluetooth is from before we knew better", ""},
	} {
		k := memKnown(mem...)
		said := []source{{session: 0, msgID: "m1", quote: tt.msg}}
		got := ""
		for l := range k.disownedLines(said, func(int) bool { return true }) {
			got = l
		}
		if got != tt.want {
			t.Errorf("disownedLines(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}
