// Package upkeep keeps a project's memory from only ever growing. Once a
// day, after extraction and under the same lock, it reads every memory file
// of the project's targets and proposes ordinary reviewable hunks:
//
//   - merge: an exact or near duplicate (one similarity: offline.SameFact
//     over internal/textkey) leaves the file, the fuller line stays;
//   - replace: a newer session states a different value for the same
//     subject (offline.Supersedes, the extractor's "newest value wins");
//   - archive: a line names a path, script, target, package or command the
//     working tree no longer has (a Tree answers), or nobody has mentioned
//     its subject within the decay period;
//   - move: an index over its line budget has its largest sections moved
//     into topic files, with a pointer line left behind.
//
// Nothing is deleted: every line taken out of memory is appended to
// archive.md beside MEMORY.md with the reason. Every proposal carries its
// reason and the sessions behind it (internal/evidence, shown on review's
// v), and a change a person dismissed is not proposed again until its
// reason changes (tombstone.KindKeep).
//
// The analysis is pure: Plan takes file contents, sessions, a Tree, the
// evidence and tombstones already loaded, and a clock, and returns
// Proposals; Render turns them into the new contents of each file. The
// jobs stage does the reading and writing (intent.Add with
// intent.OriginUpkeep).
package upkeep
