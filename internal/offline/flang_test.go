package offline

import "testing"

// TestReviewProbesFLang: two words of trouble under an all-repos scope are
// a complaint, not a convention; a lead-in that tells what was seen keeps
// its clause a report; after "I told you yesterday" only a rule or what
// holds instead stays in the line; "never" before a past form tells.
func TestReviewProbesFLang(t *testing.T) {
	for in, want := range map[string]string{
		// convention names still stand
		"conventional commits everywhere all my repos":                                                                        "Conventional commits.",
		"and this goes for all my repos: file-scoped namespaces.":                                                             "File-scoped namespaces.",
		"One more thing I'd like you to keep in mind: in all my repositories, not only this one, figures must have alt text.": "Figures must have alt text.",
		"please keep in mind: in all my repos, every table needs a caption.":                                                  "Every table needs a caption.",
		"no butter in the vegan tray, I told you yesterday, the margarine is in the blue tub":                                 "No butter in the vegan tray, the margarine is in the blue tub.",
		// the said-when clause is followed by what happened
		"no sugar in the dough, I told you yesterday, and the oven broke":             "No sugar in the dough.",
		"no force pushes to main, I said last week, and then the release got delayed": "No force pushes to main.",
	} {
		st, _ := classify(in, false, source{})
		if st == nil || st.line != want {
			t.Errorf("classify(%q) = %+v, want %q", in, st, want)
		}
	}
	for _, in := range []string{
		"in all my repos, broken builds",
		"in all my repos, flaky tests",
		"in all my repos, merge conflicts",
		"in all my repos, lots issues",
		"across all my projects, failing pipelines",
		"What I noticed yesterday: in all my repos, the CI takes ten minutes.",
		"I never quite understood the billing code.",
		"we never really used the staging cluster.",
	} {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %+v, want nil", in, st)
		}
	}
}
