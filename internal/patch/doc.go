// Package patch is the one engine that turns unified diffs written by an
// extractor (model or offline) into reviewed, atomic edits of memory and skill
// files. It exists so that every place that touches a patch — extraction-time
// validation and quarantine, and the inbox's list, show, apply, hunk and line
// selection, split, edit and render — agrees on the same strict rules, and so
// that those rules match what Gemini CLI's own inbox accepts.
//
// # Extraction (jobs: validate)
//
//	plan, err := patch.Validate(path, roots, patch.Private) // read, parse, check targets, dry-run
//	if patch.ReasonOf(err) != "" {                          // a refusal, not an I/O error
//		patch.Quarantine(memDir, path, "", err.Error(), now) // .automem/rejected/<time>-<name>.patch + .reason
//	}
//	f := patch.Diff(memoryMD, oldText, newText) // build a section from old/new text (nil old = create)
//	data := (&patch.Patch{Files: []*patch.File{f}}).Bytes()
//
// # Inbox (list, show, review, apply)
//
//	p, err := patch.ReadFile(path)                   // syntax + header rules; Parse(data) for bytes
//	all := patch.Number(sources)                    // aggregate hunks 1..N, file-then-hunk order
//	nums, err := patch.ParseRanges("1,3-4", len(all))
//	per, err := patch.ChoicesFor(sources, nums)     // []Choice per source patch
//	next, err := patch.Render(w, p, color, first)   // numbered diff, coloured on a terminal
//	sel, rest, err := patch.Select(p, choices)      // hunks and single +/- lines; rest applies on top
//	kept, err := patch.Drop(p, choices)             // dismiss: the patch without those changes
//	n := patch.SplitHunk(p, ref)                    // the s key
//	h, err := patch.ParseEditedHunk(orig, text)     // the e key: comments dropped, counts recomputed
//	plan, err := patch.Apply(path, roots, kind, opt) // all files or none; the patch file is removed
//	plan, err := patch.ApplySelection(path, roots, kind, choices, opt) // apply a choice, keep the rest pending
//	err = patch.WritePatch(path, rest)               // atomic rewrite; nil removes the file
//
// Lower level: DryRun computes every target's new bytes in memory (Plan,
// Change), Plan.Commit writes them. CommitOptions.AfterRename is the failpoint
// hook (nil in production); CommitOptions.Journal names a journal file that
// lets Recover finish an apply killed between renames. RemoveStaleTemps
// clears temp files a killed apply left without a journal.
//
// # Refusals
//
// Every refusal is an *Error whose Reason is one of the named reasons
// (malformed, noHunks, missingTargetPath, invalidPatchHeaders,
// outsideAllowedRoots, newFileAlreadyExists, targetNotFound, doesNotApply,
// unsupported, tooLarge, notRegularFile, targetChanged); its text always
// starts with that name, then the file and hunk, so callers print it as-is.
//
// # Security
//
// Target checks never rely on string prefixes alone: names are checked
// lexically (absolute, no "." or ".." components, no control or invisible
// characters, no .git variants), then against the allowed set on the raw path
// and on the canonical path (symlinks of the deepest existing ancestor, the
// target included, resolved), an existing target must be a regular file, and
// all reads and writes go through os.Root opened on the allowed directory, so
// a symlink swapped in later still cannot lead outside. Nothing here depends
// on the model that wrote the patch behaving.
package patch
