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
		"Whenever I touch the CSS, something else breaks.":               true,
		"every time I deploy, run the smoke test first":                  false,
		"whenever I ask for a migration, write the down step too":        false,
	})
}

// TestAlwaysFelt: an "always" that tells the speaker's own lapse, an
// evaluation it intensifies, or what the speaker never met marks nothing
// to last; one that says how to work still does.
func TestAlwaysFelt(t *testing.T) {
	wantEach(t, "alwaysFelt", alwaysFelt, map[string]bool{
		"I always forget how the release script works.":              true,
		"we always end up rewriting this parse function":             true,
		"Always fun debugging timezone stuff.":                       true,
		"Helm charts, pain every single time.":                       true,
		"Tekton yaml is pain every time.":                            true,
		"Always nice to see green CI.":                               true,
		"the grading rubric is tedious every time":                   true,
		"never seen that error in this repo before":                  true,
		"I've never seen the scheduler do that":                      true,
		"every time the kiln log is a mess":                          true,
		"Always add a changeset for any change to a package.":        false,
		"we always squash-merge into main in this repo":              false,
		"I always use tabs, in every project":                        false,
		"the main branch is never broken: every PR runs CI first":    false,
		"never commit the .env.local file":                           false,
		"I always forget the flags, so always run it with --help":    false,
		"every measure gets a description, always":                   false,
		"Silkscreen lines are 0.12, always.":                         false,
		"migrations are never seen by the app user, they run as dba": false,
	})
}

// TestSymptomKeepsFailing: a thing told to fail again and again is a
// symptom, however the failure is worded; a rule beside it is not.
func TestSymptomKeepsFailing(t *testing.T) {
	wantEach(t, "symptom", symptom, map[string]bool{
		"the tests always pass locally and fail in CI":          true,
		"the staging box always runs out of disk on fridays":    true,
		"the label printer always gets stuck on the second job": true,
		"the suite always times out":                            true,
		"the tests always pass locally, so run them in CI too":  false,
		"always run out-of-tree builds":                         false,
	})
}
