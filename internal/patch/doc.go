// Package patch is the one engine that turns unified diffs written by an
// extractor (model or offline) into reviewed, atomic edits of memory and skill
// files. It exists so that every place that touches a patch — extraction-time
// validation and quarantine, and the inbox's list, show, apply, hunk and line
// selection, split, edit and render — agrees on the same strict rules, and so
// that those rules match what Gemini CLI's own inbox accepts.
//
// # Pipeline
//
//	p, err := patch.ReadFile(path)          // or patch.Parse(data): syntax and header rules
//	plan, err := patch.DryRun(p, roots, kind) // targets allowed, regular, hunks apply (in memory)
//	err = plan.Commit(patch.CommitOptions{})  // all files or none, temp+rename, pre-image re-check
//	err = patch.Apply(path, roots, kind, opts) // the three above, then the patch file is removed
//
// Every refusal is an *Error whose Reason is one of the named reasons
// (malformed, noHunks, missingTargetPath, invalidPatchHeaders,
// outsideAllowedRoots, newFileAlreadyExists, targetNotFound, doesNotApply,
// unsupported, tooLarge, notRegularFile, targetChanged); its message always
// starts with that name so the caller can print it as-is.
//
// # Review helpers
//
// Select turns a choice of hunks and of single +/- lines into a patch of just
// that choice and a remainder that applies on top of it; Split cuts a hunk at
// its runs of context as git add -p does; ParseEditedHunk and Recount support
// the inbox's edit key; Aggregate numbers the hunks of several patch files of
// one kind in file-then-hunk order; Render prints a patch (coloured or plain)
// with those numbers; Diff builds a patch from old and new text for the
// extractors. Quarantine moves a refused patch and its reason under
// <memoryDir>/.automem/rejected/, where Gemini CLI never looks.
//
// # Security
//
// Target checks never rely on string prefixes alone: names are checked
// lexically (absolute, no "." or ".." components, no control characters, no
// .git variants), then against the allowed set on the raw path and on the
// canonical path (symlinks of the deepest existing ancestor resolved), and all
// reads and writes go through os.Root opened on the allowed directory, so a
// symlink swapped in later still cannot lead outside.
package patch
