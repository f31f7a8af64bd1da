package offline

import "testing"

func TestDescribesEvent(t *testing.T) {
	wantEach(t, "describesEvent", describesEvent, map[string]bool{
		"the nightly export times out every time the warehouse vacuums":  true,
		"ugh, the linter rewrites my imports every single time it runs":  true,
		"whenever the proxy restarts, the sessions are gone":             true,
		"regenerate the client every time the schema moves":              false,
		"whenever you touch the schema, regenerate the client":           false,
		"whenever the schema moves, regenerate the client":               false,
		"every time we cut a release we tag it from main":                false,
		"back up the volume every time before an upgrade, no exceptions": false,
		"the client is always regenerated from the spec":                 false,
		"run the formatter, every time":                                  false,
	})
}
