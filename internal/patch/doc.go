// Package patch is the one engine that turns unified diffs written by an
// extractor (model or offline) into reviewed, atomic edits of memory and skill
// files. It exists so that every place that touches a patch — extraction-time
// validation and quarantine, and the inbox's list, show, apply, hunk and line
// selection, split and edit — agrees on the same strict rules, and so
// that those rules match what Gemini CLI's own inbox accepts.
//
// # Extraction (jobs: validate)
//
//	plan, err := patch.Validate(path, roots, patch.Private) // read, parse, check targets, dry-run
//	if patch.ReasonOf(err) != "" {                          // a refusal, not an I/O error
//		patch.Quarantine(dir.Data, dir.Rejected(), path, "", err.Error(), now) // <time>-<name>.patch + .reason
//	}
//	f := patch.Diff(memoryMD, oldText, newText) // build a section from old/new text (nil old = create)
//	data := (&patch.Patch{Files: []*patch.File{f}}).Bytes()
//
// # Inbox (list, show, review, apply)
//
//	p, err := patch.ReadFile(path)                 // syntax + header rules; Parse(data) for bytes
//	err = patch.Check(p, roots, kind)              // targets its kind may touch (hidden otherwise)
//	nums, err := patch.ParseRanges("1,3-4", n)     // --hunks lists and the l key's line lists
//	span, _ := h.Span()                            // a hunk's changes, offered as one question
//	parts := h.Split(span)                         // the s key: groups of changes between context
//	sub := h.Sub(h.Window(part, 3))                // what is shown and edited: exact @@ header
//	ed, err := patch.ParseEditedHunk(sub, text)    // the e key: old side must stay, markers kept
//	h.Replace(window, ed.Lines)                    // the edit takes the window's place
//	sel := patch.Selection{h: patch.Fill(h, patch.Apply)} // y/n/l answers, per line
//	sel = patch.Pointers(p, sel)                   // MEMORY.md pointers follow their new files
//	applied, rest, err := patch.Select(p, sel)     // rest applies on top of applied
//	plan, err := patch.DryRun(applied, roots, kind) // then plan.Commit(opts): all files or none
//	err = patch.WritePatch(path, rest)             // atomic rewrite; empty removes the file
//
// Lower level: DryRun computes every target's new bytes in memory (Plan,
// Change), Plan.Commit writes them. CommitOptions.AfterRename is the failpoint
// hook (nil in production); CommitOptions.Journal names a journal file that
// lets Recover finish an apply killed between renames. Staging temps are
// named and cleaned by internal/atomicfile (WriteTemp, RemoveOrphans).
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
