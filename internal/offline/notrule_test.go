package offline

import (
	"strings"
	"testing"
)

// TestClassifyNotRule: "always", "never" and "should" said of how one
// thing behaves, in a doubt, about a future that may not come or for one
// occasion make no rule; the same words in a rule still do.
func TestClassifyNotRule(t *testing.T) {
	none := []string{
		// how one particular thing, person or program behaves
		"the label printer always cuts a blank sheet first",
		"the courier never rings twice, so the parcels wait at the depot",
		"the old importer always dropped the last row, which is why we rewrote it",
		"our florist always sends the order sheet on monday evening",
		"honestly the night shift never reads the handover notes anyway",
		"the kiln controller never reports the cooling phase, annoying",
		// a doubt
		"not sure if we should always gzip the exports",
		"I'm not sure we should never show prices without tax",
		"I don't know whether every recipe needs a photo",
		// a future that may not come
		"if we ever open a second warehouse, every SKU needs a site prefix",
		"in case the choir ever records in stereo, never downmix the masters",
		"once the rebrand is done, never use the old palette",
		"when Tomasz is back, always route the invoices through him",
		"if we move to a managed queue, always set a dead-letter topic",
		// one occasion
		"for this shipment only, always print two labels",
		"only for this rehearsal never loop the backing track",
		"for the tasting tomorrow, always plate the starters first",
		// a habit that ended
		"we used to never version the API",
		// one thing to be made to behave a way: the day's work
		"make the countdown always start at ten",
		"make sure the booking widget never offers past dates",
		// a thing someone else asked for, and what it is to say
		"The security team would like a page on reporting phishing, with a callout telling people never to forward the suspicious email.",
		"There should be a warning before the database migration step, it's the one people always skip.",
		"There should be a warning box near the top that API keys must never be shipped in mobile apps.",
		// labelled as the day's work
		"The real task: the \"SDKs\" page moved to /docs/sdks/overview in 3.0, and the install instructions there need the same OS tabs as the CLI page.",
		// wanting one new thing, wherever the wanting sits
		"We are preparing the 2.0 release of the SDK and I think we need a \"Getting started\" page that is a bit friendlier than what we have.",
		// what the person found or heard, or wonders
		"turns out the label printer never feeds the second tray",
		"apparently the kiln controller always rounds to five degrees",
		"I thought we always billed the deposit separately",
		"I was wondering if every recipe should always list its allergens",
		"the caterer said we should never reuse the trays, no idea why",
		// a story wished not to happen again
		"the spring stocktake was chaos, let's not repeat it",
		"Remember that the last board meeting went badly, don't let that happen again",
		// a change told by what changed alone
		"bumped the kiosk runtime version",
		"upgraded the tills verify the version",
	}
	for _, in := range none {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q, want no statement", in, st.line)
		}
	}
	rules := []string{
		"the locale always comes from the user profile",
		"our code never calls the clock directly, inject it",
		"the courier never rings twice, so always leave a note on the door",
		"if you ever rebuild the index, always drop the cache first",
		"when you add a recipe, always add its allergens",
		"for this repo only, always indent with tabs",
		"invoices must never be edited after they are sent",
		"Sensors always report in kelvin, convert in the UI.",
		"the old kiosk app was retired, never install it again",
		"we switched the region over to frankfurt",
		"make sure you always run the migrations before the seeders",
		"there should be a test for every handler",
		"I thought we agreed to never reuse the trays",
		"we moved the database off the shared host",
		// a condition that keeps happening, or a condition said to last
		"when a booking is cancelled, always refund the deposit",
		"after the build is done, always publish the checksums",
		"when we go through the stock count, always recount the fridges",
		"if we switch shifts, always hand over the till keys",
		"from now on, when a booking is cancelled, always refund the deposit",
		// how a part of the project's own code or workflow works
		"our tests never touch the payment sandbox",
		"the frontend never reads the stock table directly",
		"the PR description always links the work item",
		// a kind or a standing part of the project to be made so
		"please make sure the recipe cards always list the oven setting",
		"make sure the build never fetches fonts from the web",
		// a reminder of what was settled
		"I thought it was clear that we never reuse the trays",
		"I thought the rule was to always weigh the flour twice",
		// "only" for where a rule holds, a lasting start tomorrow
		"always use the metric scale for the bakery only",
		"from tomorrow on, always log the fridge temperature",
	}
	for _, in := range rules {
		if st, _ := classify(in, false, source{}); st == nil || st.line == "" {
			t.Errorf("classify(%q) = no statement, want a rule", in)
		}
	}
}

// TestChangeKeepsItsNowValue: a change told in one clause and its value
// in the next ("…, it's X now") keeps both.
func TestChangeKeepsItsNowValue(t *testing.T) {
	st, _ := classify("the release branch got renamed in the repo settings, it's trunk now, master is gone", false, source{})
	if st == nil || !strings.Contains(st.line, "trunk") {
		t.Errorf("got %+v; want a line with trunk", st)
	}
}

// TestRequestForOneIsNoRecurringFact: a request for one new thing, asked
// again in a later session ("… as well"), is the work of those days, not
// a fact of the project.
func TestRequestForOneIsNoRecurringFact(t *testing.T) {
	for _, first := range []string{
		`The recipes listing needs a "Cuisine" dropdown filter.`,
		`the recipes listing could use a cuisine dropdown filter`,
	} {
		got := candidatesOf(
			[]string{"u:" + first},
			[]string{"u:the chef liked it, they want the cuisine dropdown filter on the blog page as well"},
		)
		if len(got) != 0 {
			t.Errorf("%q: got %+v; want no candidate", first, got)
		}
	}
}

// TestRequestForOneNamedAgain: a request for a new thing named as code
// ("We need new RPC GetQuote"), named again in later sessions, words no
// setting of the project.
func TestRequestForOneNamedAgain(t *testing.T) {
	said := []source{
		{session: 0, quote: "We need new RPC GetQuote in pricing service, it takes product id and the quantity and returns price."},
		{session: 1, quote: "the amount we return is in the currency of the customer, string, same as GetQuote has."},
		{session: 2, quote: "Last: bulk quote, BulkGetQuote with list of items, like GetQuote."},
	}
	got, _ := recurringNames(nil, said, nil)
	for _, s := range got {
		if strings.Contains(s.line, "We need") {
			t.Errorf("got %q; want no line worded by the request", s.line)
		}
	}
	// Asked for by someone else: "Finance asked for a release endpoint".
	said = []source{
		{session: 0, quote: "I wrote up the requirements in the ticket but here is the gist: seller_id, reason, created_at, released_at nullable, and an amount column, which, as usual, is a bigint in minor units, not numeric."},
		{session: 1, quote: "Finance asked for a release endpoint, POST /holds/{id}/release, that sets released_at and returns the hold."},
	}
	got, _ = recurringNames(nil, said, nil)
	for _, s := range got {
		if strings.Contains(s.line, "asked for") {
			t.Errorf("got %q; want no line worded by the request", s.line)
		}
	}
}

// TestHypotheticalBlankWait: a condition whose waited-for thing is only
// spaces names nothing and must not crash the run.
func TestHypotheticalBlankWait(t *testing.T) {
	if hypothetical("when   is back, tag the release") {
		t.Error("a blank condition read as a hypothetical")
	}
}

// TestClassifyNarrationAndConcession: a "never" softened by an adverb in
// what the person did ("I never quite settled it"), a sentence that gives
// in to what was just shown ("…, fine") and an "always" that only closes
// a history ("… and always has") are no rules; the same words in a rule
// still make one.
func TestClassifyNarrationAndConcession(t *testing.T) {
	none := []string{
		"I have used both over the years and I never quite settled the question for myself.",
		"we tried three kilns and I never really decided which one fires evenly",
		"so the key has to be (device_id, time), fine.",
		"the invoice number has to stay a string then, I guess",
		"the choir keeps both rehearsal rooms, so be it",
		"we bake at 180, so the trays fit fine and always have",
		"the florist delivers on monday like she always did",
		// a past auxiliary before the only "never"/"always" tells how it went
		"The old kiln in the shed was a fine teaching tool, but it sits behind the garage and the students could never reach it.",
		"the first scale was always off by a few grams, so we replaced it",
	}
	for _, in := range none {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q, want no statement", in, st.line)
		}
	}
	rules := []string{
		"the key has to be (device_id, time) on every hypertable",
		"never really trust the scale's first reading, weigh twice",
		"always weigh the flour twice, that is how we have always done it",
		"invoice numbers are always strings, fine print included",
		"we always bake at 180, the trays fit fine",
		"the kiln door was a hazard, so never open it above 200 degrees",
	}
	for _, in := range rules {
		if st, _ := classify(in, false, source{}); st == nil || st.line == "" {
			t.Errorf("classify(%q) = no statement, want a rule", in)
		}
	}
}

// TestSaidBeforeWithATimeIsNoStory: "that's what I said last week" in a
// correction repeats it, so the clause after it (what to do instead)
// stays in the line instead of being cut as a story.
func TestSaidBeforeWithATimeIsNoStory(t *testing.T) {
	for in, want := range map[string]string{
		"no physics bodies, ever, thats what i said last week, everything that moves is a bump item and the filter decides.": "No physics bodies, ever, everything that moves is a bump item and the filter decides.",
		"no butter in the vegan tray, I told you yesterday, the margarine is in the blue tub":                                "No butter in the vegan tray, the margarine is in the blue tub.",
	} {
		st, _ := classify(in, true, source{})
		if st == nil || st.line != want {
			t.Errorf("classify(%q) = %+v, want %q", in, st, want)
		}
	}
	// a real story after the rule is still cut
	st, _ := classify("from now on always pin the base image digest, a floating tag pulled a broken build last month", false, source{})
	if st == nil || strings.Contains(st.line, "floating") {
		t.Errorf("story kept: %+v", st)
	}
}

// TestClassifyAlwaysPast: "always" before a past form tells the person's
// own history ("I always found…", "I've always used…", "we always ran…"),
// often the second sentence of a question, and makes no lasting line; the
// present form, or a past form that hands on a rule or a preference ("as
// I always said", "I've always preferred"), still makes one.
func TestClassifyAlwaysPast(t *testing.T) {
	none := []string{
		"I always found the old API confusing.",
		"I've always used Redis in past projects.",
		"We always ran flake8 and black before.",
		"I always hated the way gradle caches things.",
		"honestly I always assumed the kiln fires hotter on the left",
		"I always kept the old keys, which was a mistake",
	}
	for _, in := range none {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q, want no statement", in, st.line)
		}
	}
	rules := []string{
		"we always run flake8 before pushing",
		"I've always preferred tabs, keep them",
		"as I always said, never push to main",
		"I always need the changelog updated in the same PR",
		"always weigh the flour twice, that is how we have always done it",
		"we always tagged releases with a v prefix, keep it",
		"I always prefixed branches with feat/ — keep doing that",
		"we always squashed merges on this repo, keep squashing",
		"we always glazed the rims by hand, stick with that",
	}
	for _, in := range rules {
		if st, _ := classify(in, false, source{}); st == nil || st.line == "" {
			t.Errorf("classify(%q) = no statement, want a rule", in)
		}
	}
}

// TestHypotheticalLeaningBackIsNoRule: a condition on a future that may
// never come followed by a clause that only points back at it ("…, that's
// a separate decision") asks for nothing, even marked to last (an item of
// a list of rules); a marked condition followed by what to do is a rule.
func TestHypotheticalLeaningBackIsNoRule(t *testing.T) {
	for _, in := range []string{
		"Remember that if we ever move the bakery orders to a new till system, that's a separate decision.",
		"From now on, if we ever open a second greenhouse, it's a different budget.",
	} {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q, want no statement", in, st.line)
		}
	}
	if st, _ := classify("Remember that if we ever move the bakery orders to a new till system, keep the old receipts in archive/receipts/.", false, source{}); st == nil {
		t.Error("a marked condition with what to do read as no rule")
	}
}

// TestWillOnceDoneIsNoRule: what someone will do once the work at hand is
// done is one coming event, no rule, even as an item of a rules list; the
// same without "will" is how the project works.
func TestWillOnceDoneIsNoRule(t *testing.T) {
	for _, in := range []string{
		"Remember that Platform squad will review the PR once it's up.",
		"Remember that the head gardener will check the seedlings when they're in.",
		"the editor'll proofread the chapter once it is done",
	} {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q, want no statement", in, st.line)
		}
	}
	if st, _ := classify("Remember that the head gardener checks every tray once it's in.", false, source{}); st == nil {
		t.Error("a standing habit without 'will' read as no rule")
	}
}

// TestClassifyFeltAlwaysAndCause: an "always" that tells how the work
// feels for the speaker (a lapse, an evaluation, something never met) or
// that stands only in a clause giving a cause marks nothing to last, so
// such a sentence makes no statement; the same words around a rule, or a
// cause after a marked rule, still make one. A sentence opening with "go
// through" asks for a task, where "X goes through Y" states a fact.
func TestClassifyFeltAlwaysAndCause(t *testing.T) {
	none := []string{
		"I always forget how the release script works.",
		"Always fun debugging timezone stuff.",
		"Helm charts, pain every single time.",
		"Tekton yaml is pain every time.",
		"the marking scheme is tedious every time",
		"never seen that error in this repo before, weird.",
		"I never know which one they prefer now.",
		"I never remember, and I want to know whether each subscriber gets its own ticker.",
		"I've been put in charge of the docs site, which I've never done before.",
		"Never mind, it builds fine.",
		"Readers report the sync spinner never stops.",
		"Let me explain the parallel setup at some length, since it is the part they always get wrong.",
		"I'm adding the raw logs to the report because the auditors always want them.",
		"Go through the README and the Makefile once more and bring them in line with the new targets.",
		"please go through the glaze recipes and bring them in line with the kiln log",
	}
	for _, in := range none {
		if st, _ := classify(in, false, source{}); st != nil {
			t.Errorf("classify(%q) = %q, want no statement", in, st.line)
		}
	}
	rules := []string{
		"Always pin exact versions in requirements.txt, because floating ones broke the build.",
		"Never run the seed script against prod, since it truncates every table.",
		"I always forget the flags, so always run it with --help first.",
		"we always squash-merge into main in this repo",
		"every outbound request goes through the egress proxy",
		"Silkscreen lines are 0.12, always.",
	}
	for _, in := range rules {
		if st, _ := classify(in, false, source{}); st == nil || st.line == "" {
			t.Errorf("classify(%q) = no statement, want a rule", in)
		}
	}
}

// TestClassifyFutureNeedInCorrection: what the person would need once a
// future comes is a plan, even inside a message that corrects the agent;
// a rule for that future still is one.
func TestClassifyFutureNeedInCorrection(t *testing.T) {
	for _, in := range []string{
		"If we ever open a second shop in Dunmore I'll need a location picker too, but that's a dream for another year.",
		"if we ever go multi-region we would need a second bucket",
		"if we ever port this to hono the routes layout would change anyway, not now.",
		"if we ever get GPUs in this cluster, the train step could use nvidia.com/gpu limits; not now, just keep it in mind",
	} {
		if st, _ := classify(in, true, source{}); st != nil {
			t.Errorf("classify(%q, corrective) = %q, want no statement", in, st.line)
		}
	}
	if st, _ := classify("if you ever rebuild the index, always drop the cache first", true, source{}); st == nil {
		t.Error("a rule for a future, said as a correction, read as no statement")
	}
}

// TestClassifyTaskLabelInCorrection: what follows "then the task:" is the
// day's work, also in a message that corrects the agent.
func TestClassifyTaskLabelInCorrection(t *testing.T) {
	in := "Then the task: the changelog page, it show the last 20 releases from the same releases API."
	if st, _ := classify(in, true, source{}); st != nil {
		t.Errorf("classify(%q, corrective) = %q, want no statement", in, st.line)
	}
}
