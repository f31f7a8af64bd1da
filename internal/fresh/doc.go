// Package fresh answers one question for memory upkeep: does the project's
// working tree still have what a memory line names? A line that tells the
// agent to run `tools/publish.sh`, `make deploy` or `npm run lint` misleads
// it once the script, target or npm script is gone, so upkeep proposes to
// archive such lines.
//
// The check is deliberately one-sided. A false "stale" costs a person a
// good memory line, a missed one only costs a line that upkeep can catch
// later, so a reference is reported only when it surely names something of
// the tree (a path with a file extension, a backticked command, a make or
// just target, an npm script, a dependency added with a package manager)
// and the tree surely lacks it: generic words, commands on $PATH and shell
// builtins, ignored files, targets of generated makefiles and anything the
// line itself says is gone are never reported.
//
// A Snapshot is taken once per upkeep pass and is cheap: the git index
// through go-git when the root is in a repository, otherwise one directory
// walk that skips .git, node_modules, vendor and the like. Manifests
// (Makefiles, justfiles, package.json, go.mod, Cargo.toml, pyproject.toml,
// requirements files) are read only when a line names something they
// define.
package fresh
