package render

import "strings"

// Every call of the redaction hook has a fixed cost (views of the text, the
// keyword automaton, the rules' bookkeeping), and a session has many short
// texts: redacting them one by one was most of an index build's redaction.
// Prefetch redacts them a batch at a time instead: the texts are joined
// with a separator and the result split at it again.
//
// That keeps every guarantee of redacting each text alone:
//   - a batch is at most batchBytes long, the smallest scan window a
//     redactor can be set to, so it is scanned in one piece, as each of
//     its texts would be;
//   - the separator is a line of its own (rules that match the start of
//     a line or a word see what they see at the start of a text), and
//     holds a control byte that no text of the batch holds and that no
//     placeholder contains;
//   - a secret found across a separator (a match that starts in one text
//     and runs into the next) replaces that separator too, so the result
//     no longer splits into as many parts as there were texts: the whole
//     batch is then thrown away and each of its texts redacted alone.

// batchSep separates the texts of a batch.
const batchSep = "\n\x1e\n"

// batchBytes is the most a batch holds: redact's smallest fragment.
const batchBytes = 16 << 10

// Prefetch redacts texts through red in batches and returns a hook that
// answers those texts from the batches and any other text through red.
func Prefetch(red Redact, texts []string) Redact {
	done := make(map[string]string, len(texts))
	var batch []string
	size := 0
	run := func() {
		if len(batch) > 1 {
			parts := strings.Split(red(strings.Join(batch, batchSep)), batchSep)
			if len(parts) == len(batch) {
				for i, t := range batch {
					done[t] = parts[i]
				}
			}
		}
		// A batch of one is left to the hook: the same single call.
		batch, size = batch[:0], 0
	}
	seen := make(map[string]bool, len(texts))
	for _, t := range texts {
		if seen[t] || len(t)+len(batchSep) > batchBytes || strings.Contains(t, "\x1e") {
			continue
		}
		seen[t] = true
		if size+len(t)+len(batchSep) > batchBytes {
			run()
		}
		batch = append(batch, t)
		size += len(t) + len(batchSep)
	}
	run()
	return func(s string) string {
		if out, ok := done[s]; ok {
			return out
		}
		return red(s)
	}
}
