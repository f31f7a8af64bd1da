package upkeep

import (
	"fmt"
	"strings"

	"github.com/automem/automem/internal/offline"
	"github.com/automem/automem/internal/transcript"
)

// The dream notes distil what a run of sessions taught into a few
// judgements in four sections of dream.md. Everything comes from the
// offline extractor's classifiers (offline.Lessons), so the pass needs no
// model and a "correction" means the same here as in extraction.

// Dream sections, in the order dream.md lists them.
const (
	SectionWorked    = "What worked"
	SectionMistakes  = "Mistakes and how to avoid them"
	SectionJudgement = "Rules of judgement"
	SectionWarnings  = "Warning signs"
)

// Thresholds of the dream pass.
const (
	// MinDreamSessions is how many processed sessions since the last
	// dream.md it takes to write another.
	MinDreamSessions = 10
	// maxDreamItems caps each section.
	maxDreamItems = 3
	// minDreamSupport is how many sessions must show a lesson before it
	// is a judgement rather than an incident.
	minDreamSupport = 2
	// minPassingSessions is how many sessions a check must pass in before
	// "it works" says something.
	minPassingSessions = 3
)

// DreamItem is one dream.md line with the evidence behind it.
type DreamItem struct {
	Section string // one of the Section constants
	Line    string // the line without its bullet
	Proof   Proof
}

// Dream proposes the dream notes for the processed sessions since the last
// dream.md (oldest first). It is nil below MinDreamSessions sessions and
// when nothing was seen in at least two sessions; otherwise at most three
// items per section, in section order, each backed by the newest session
// that shows it. The same sessions always give the same items.
func Dream(sessions []Session) []DreamItem {
	if len(sessions) < MinDreamSessions {
		return nil
	}
	msgs := make([][]transcript.Message, len(sessions))
	for i, s := range sessions {
		msgs[i] = s.Messages
	}
	bySection := map[string][]DreamItem{}
	for _, l := range offline.Lessons(msgs) {
		sec, line := dreamLine(l, len(sessions))
		if sec == "" || len(bySection[sec]) >= maxDreamItems || len(l.Proofs) == 0 {
			continue
		}
		p := l.Proofs[len(l.Proofs)-1]
		s := sessions[p.Session]
		at := p.At
		if at.IsZero() {
			at = s.At
		}
		bySection[sec] = append(bySection[sec], DreamItem{Section: sec, Line: line, Proof: Proof{SessionID: s.ID, MessageID: p.MsgID, Quote: p.Quote, At: at}})
	}
	var out []DreamItem
	for _, sec := range []string{SectionWorked, SectionMistakes, SectionJudgement, SectionWarnings} {
		out = append(out, bySection[sec]...)
	}
	return out
}

// dreamLine files a lesson under its section and words it, or returns ""
// when it is not substantive: seen in one session only, or a check that
// merely passed in too few sessions.
func dreamLine(l offline.Lesson, total int) (string, string) {
	if l.Sessions < minDreamSupport {
		return "", ""
	}
	n := l.Sessions
	switch l.Kind {
	case offline.LessonFixed:
		return SectionWorked, fmt.Sprintf("When `%s` failed, running `%s` and checking again fixed it (%d sessions).", l.Line, l.Fix, n)
	case offline.LessonPassing:
		if n < minPassingSessions {
			return "", ""
		}
		return SectionWorked, fmt.Sprintf("`%s` passed in %d of the last %d sessions: run it before calling work done.", l.Line, n, total)
	case offline.LessonCorrection:
		return SectionMistakes, fmt.Sprintf("%s (corrected in %d sessions)", strings.TrimRight(l.Line, ". "), n)
	case offline.LessonRule:
		return SectionJudgement, fmt.Sprintf("%s (stated in %d sessions)", strings.TrimRight(l.Line, ". "), n)
	case offline.LessonRefused:
		return SectionWarnings, fmt.Sprintf("The person refused `%s` (%d sessions): ask before running it.", l.Line, n)
	case offline.LessonFailing:
		return SectionWarnings, fmt.Sprintf("`%s` failed %d times in a row (%d sessions): stop and read the first error before retrying.", l.Line, offline.MinFailStreak, n)
	}
	return "", ""
}
