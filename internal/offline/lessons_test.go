package offline

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/automem/automem/internal/transcript"
)

func TestLessons(t *testing.T) {
	day := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	at := func(i int) time.Time { return day.Add(time.Duration(i) * 24 * time.Hour) }
	sessions := [][]transcript.Message{
		convo("s0", at(0), "u:Add the parser.", "f:go test ./...", "x:go mod tidy", "x:go test ./...", "c:git push --force origin main",
			"u:No, use pnpm instead of npm."),
		convo("s1", at(1), "u:Fix the build.", "f:go test ./...", "x:go generate ./...", "x:go mod tidy", "x:go test ./...",
			"u:No, use pnpm, not npm."),
		convo("s2", at(2), "u:Always prefer table tests over separate test functions.", "c:git push --force origin main", "x:go test ./..."),
		convo("s3", at(3), "f:go test ./...", "f:go test ./...", "f:go test ./...", "u:Prefer table tests over separate test functions, always."),
		convo("s4", at(4), "f:go vet ./...", "f:go vet ./...", "f:go vet ./...", "x:go vet ./...", "f:go test ./...", "f:go test ./...", "f:go test ./..."),
		convo("s5", at(5), "u:Thanks, looks good.", "c:rm -rf dist", "x:go build ./...", "x:npm test"),
		convo("s6", at(6), "x:npm test", "x:npm test", "u:Remember that the server port is 7171 now."),
		convo("s7", at(7), "x:npm test", "u:The server port is 7171 now."),
	}
	var got []string
	for _, l := range Lessons(sessions) {
		var ps []string
		for _, p := range l.Proofs {
			ps = append(ps, fmt.Sprintf("%d/%s", p.Session, p.MsgID))
		}
		got = append(got, fmt.Sprintf("%s|%s|%s|%d/%d|%s", l.Kind, l.Line, l.Fix, l.Sessions, l.Times, strings.Join(ps, ",")))
	}
	want := []string{
		"correction|Use pnpm, not npm.||2/2|0/s0-m5,1/s1-m5",
		"rule|Prefer table tests over separate test functions, always.||2/2|2/s2-m0,3/s3-m3",
		"refused|git push --force origin main||2/2|0/s0-m4,2/s2-m1",
		"refused|rm -rf dist||1/1|5/s5-m1",
		"failing|go test ./...||2/2|3/s3-m2,4/s4-m6",
		"failing|go vet ./...||1/1|4/s4-m2",
		"fixed|go test ./...|go mod tidy|2/2|0/s0-m3,1/s1-m4",
		"passing|go test ./...||3/3|0/s0-m3,1/s1-m4,2/s2-m2",
		"passing|go vet ./...||1/1|4/s4-m3",
		"passing|go build ./...||1/1|5/s5-m2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Lessons =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// npm was ruled out: its passing test is no lesson; the port is a
	// value, not a rule of judgement.
	if Lessons(nil) != nil {
		t.Error("no sessions, lessons")
	}
}
