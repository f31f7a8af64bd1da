package offline

import (
	"slices"
	"strings"
	"testing"
)

// TestMeansNamedAgain: a tool or service named as the means of a request
// in two sessions, leaned on as settled in one of them, is one candidate
// with both sessions, whatever the domain.
func TestMeansNamedAgain(t *testing.T) {
	cases := []struct {
		name         string
		first, again string
		want         string
	}{
		{"a validation library, leaned on later",
			"validate the payload with valibot",
			"parse the query string with valibot same as the signup form",
			"valibot"},
		{"a queue, leaned on first",
			"the report export should go through celery like the others",
			"send the receipts via celery",
			"celery"},
		{"a name leaned on right after it",
			"add a spec for the parser, rspec like the rest",
			"tests for the importer with rspec please",
			"rspec"},
		{"a type said to be the others', then stated",
			"the created_at column is timestamptz like all the others",
			"bucket the daily rollup on the time column, which is timestamptz",
			"timestamptz"},
		{"a name leaned on by 'same' alone at the clause's end",
			"queue the nightly export, same bullmq",
			"send the weekly digest through bullmq please",
			"bullmq"},
		{"a region written as code, after in",
			"put the thumbnail lambda in ap-south-2 like the others",
			"one more function for the webhooks in ap-south-2 please",
			"ap-south-2"},
	}
	for _, tc := range cases {
		got := candidatesOf(
			[]string{"u:let's start on the statements page", "u:" + tc.first},
			[]string{"u:next the mailer", "u:" + tc.again},
			[]string{"u:the footer links are off by a pixel"},
			[]string{"u:bump the copyright year in the about page"},
		)
		if len(got) != 1 || !strings.Contains(strings.ToLower(got[0].line), tc.want) || len(sessionsOf(got[0])) != 2 {
			t.Errorf("%s: got %+v; want one candidate naming %s from both sessions", tc.name, got, tc.want)
		}
	}
}

// TestMeansNamedAgainNotMerged: the same shape that is no settled means
// makes nothing: no sentence leans on it, one session asks about it or
// names it in other ways, it is said in one session only, it names where
// work goes or what comes with it, "too" adds one more thing, the lean is
// for one time only, or the means was given up since.
func TestMeansNamedAgainNotMerged(t *testing.T) {
	filler := [][]string{{"u:the footer links are off by a pixel"}, {"u:bump the copyright year in the about page"}}
	cases := []struct {
		name     string
		sessions [][]string
	}{
		{"no lean", [][]string{{"u:validate the payload with valibot"}, {"u:parse the query string with valibot"}}},
		{"a question about it", [][]string{{"u:validate the payload with valibot"}, {"u:parse the query string with valibot same as signup"},
			{"u:should we move away from valibot?"}}},
		{"named in another way elsewhere", [][]string{{"u:validate the payload with valibot"}, {"u:parse the query string with valibot same as signup"},
			{"u:I read the valibot changelog this morning, lots of new stuff"}}},
		{"one session", [][]string{{"u:validate the payload with valibot", "u:parse the query string with valibot same as signup"}}},
		{"a plural", [][]string{{"u:add the coupon endpoint with tests like the others"}, {"u:ship the refund flow with tests"}}},
		{"an environment", [][]string{{"u:deploy the worker from staging like before"}, {"u:copy the dump from staging"}}},
		{"too adds a thing", [][]string{{"u:add an sqs queue for the billing events dlq too"}, {"u:cloudwatch alarm on dlq depth above zero"}}},
		{"leaned on for this once", [][]string{{"u:just this once build the installer with freewrap like before"}, {"u:the nightly installer is built with freewrap"}}},
		{"given up", [][]string{{"u:validate the payload with valibot"}, {"u:parse the query string with valibot same as signup"},
			{"u:we dropped valibot, it's all arktype now"}}},
		{"trouble with it", [][]string{{"u:validate the payload with valibot"}, {"u:parse the query string with valibot same as signup"},
			{"u:the form breaks with valibot on safari"}}},
	}
	for _, tc := range cases {
		got := candidatesOf(append(tc.sessions, filler...)...)
		for _, c := range got {
			if low := strings.ToLower(c.line); strings.Contains(low, "like the rest of the project") || strings.Contains(low, "valibot") || strings.Contains(low, "freewrap") {
				t.Errorf("%s: got %+v; want no means line", tc.name, got)
			}
		}
	}
}

// TestLeanWordsWholeWords: the lean prefilter reads whole words, so "was",
// "has", "class" and "tool" do not pass it, and "too," still does.
func TestLeanWordsWholeWords(t *testing.T) {
	cases := []struct {
		s    string
		want bool
	}{
		{"the class was renamed and the tool has a flag", false},
		{"glaze the mugs with the clear coat, as usual", true},
		{"deploy the worker via bump too, please", true},
		{"the tooltip is cut off", false},
		{"bullmq obviously", true},
	}
	for _, tc := range cases {
		if got := leanWords(tc.s); got != tc.want {
			t.Errorf("leanWords(%q) = %v; want %v", tc.s, got, tc.want)
		}
	}
}

// TestMeansInOnce: a term named twice in a clause is returned once.
func TestMeansInOnce(t *testing.T) {
	for _, c := range []string{"sign the image with cosign, cosign like the rest", "fire the mugs in kiln2 at kiln2 like before"} {
		seen := map[string]bool{}
		for _, u := range meansIn(c) {
			if seen[u] {
				t.Errorf("meansIn(%q) returns %q twice", c, u)
			}
			seen[u] = true
		}
	}
	if got := meansIn("validate the payload with valibot"); len(got) != 1 {
		t.Errorf("meansIn names %v; want valibot once", got)
	}
}

// TestMeansNotCompany: a person or place after "from", or company after a
// verb of going or meeting, is no means, so nothing recurs.
func TestMeansNotCompany(t *testing.T) {
	for _, ss := range [][]string{
		{"u:answer the customer email from karen like before", "u:forward the invoice from karen to accounting"},
		{"u:go with mom to the clinic too", "u:drive with mom again"},
		{"u:meet with priya about the roadmap like before", "u:talk with priya about the hiring plan"},
	} {
		got := candidatesOf([]string{ss[0]}, []string{ss[1]}, []string{"u:the footer links are off by a pixel"}, []string{"u:bump the copyright year in the about page"})
		for _, c := range got {
			if strings.Contains(c.line, "like the rest of the project") {
				t.Errorf("%q: got %q", ss, c.line)
			}
		}
	}
	if got := meansIn("pull the image from ghcr.io like before"); !slices.Contains(got, "ghcr.io") {
		t.Errorf("meansIn = %v; want the code term after from", got)
	}
}
