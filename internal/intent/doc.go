// Package intent keeps what each pending memory hunk wants apart from how it
// was last rendered, so that a person's edits to MEMORY.md (a typo fix, a
// reordering, a line added by hand) or to the pending extraction.patch never
// make automem drop a candidate.
//
// An Intent is one group of changes of a pending hunk: the lines it removes
// (or replaces), the lines it adds, a few lines of context before and after
// it and the heading of its section. The store (memdir.Dir.Intents(kind),
// under .automem/ where Gemini CLI never looks) holds the intents of a
// kind's canonical extraction.patch and the hash of the patch last rendered
// from them.
//
// [Rebase] is run by every extract run (before the extractor, and after it
// on what it wrote) and by every inbox command. It reads the patch on disk:
// if it is the last rendering, the stored intents stand; if a person or an
// extractor changed it, the file becomes the new intent (wrong @@ counts are
// recounted from the body; a file that still does not parse is left alone
// and reported as Broken). When the patch no longer applies to the current
// files, each intent is re-anchored by content (exact context, then the best
// partial context, then the end of its section, then the end of the file)
// and one canonical patch per kind is rendered with patch.Diff and written
// atomically. An intent whose removed lines are gone is kept, not rendered,
// and reported as needing attention with the reason; one whose added lines
// are all present already (applied by hand or by Gemini's /memory inbox) is
// retired.
//
// Adding pending hunks (for passes such as upkeep), under the extraction lock:
//
//	f := patch.Diff(path, current, wanted)            // what the pass wants
//	res, err := intent.Add(dir, patch.Private, f, intent.OriginUpkeep, now)
//
// Add merges the section's change groups into the kind's intents (an equal
// intent is not added twice) and re-renders extraction.patch.
package intent
