package schedule

import (
	"bytes"
	"testing"
)

// Rendering happens once per install, so these only guard against a
// pathological slowdown; the numbers go in the report.
func BenchmarkRenderUnits(b *testing.B) {
	p := Paths{Exe: "/home/u/My Apps/extract", Home: "/home/u", ConfigHome: "/home/u/.config", CacheHome: "/home/u/.cache"}
	o := Options{Paths: p, Every: Every{}, KeyFile: true}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := RenderService(o); err != nil {
			b.Fatal(err)
		}
		if _, err := RenderTimer(o); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRenderAndParsePlist(b *testing.B) {
	p := Paths{Exe: "/Users/u/My Apps/extract", Home: "/Users/u", ConfigHome: "/Users/u/.config"}
	e, _ := ParseEvery("15m")
	o := Options{Paths: p, Every: e}
	b.ReportAllocs()
	for b.Loop() {
		pl, err := RenderPlist(o)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := ParseAgent(bytes.NewReader(pl)); err != nil {
			b.Fatal(err)
		}
	}
}
