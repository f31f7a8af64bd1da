package main

import (
	"context"
	"io"

	"github.com/alecthomas/kong"

	"github.com/automem/automem/internal/cli"
)

const description = `Review the memory inbox: memory patches, skill drafts, skill updates and
quarantined candidates that automem's extractor (or Gemini CLI's Auto Memory)
proposed. Nothing reaches your memory or skills until you say so here.

Item IDs: private, global (all pending memory patches of that kind; hunks are
numbered in file-then-hunk order), skill/<dir>, skill-patch/<name> (a
skill update; one that does not parse needs attention: edit or discard it),
rejected/<name> (a quarantined candidate, or a pending change that needs
attention: edit or discard it).

Exit status: 0 done, 1 failed, 80 usage error, 130 review interrupted
(Ctrl-C; decisions made before are kept).

Environment: AUTOMEM_PROJECT, AUTOMEM_COLOR and AUTOMEM_JSON mean the same as
for extract; inbox's own variables are AUTOMEM_INBOX_* (see each --help). No
variable sets --force, --hunks, --to or --allow-scripts.`

// Globals are the flags every command shares.
type Globals struct {
	cli.LogFlags
	Project string `help:"Project directory (default: the project of the current directory)." type:"path" placeholder:"DIR" env:"AUTOMEM_PROJECT"`
	Color   string `help:"Colour diffs: auto is on for a terminal unless NO_COLOR is set (${enum})." enum:"auto,always,never" default:"auto" env:"AUTOMEM_COLOR"`
	Agent   string `help:"Only this agent's memory, items and sessions: gemini, claude or codex (default: every agent)." enum:",gemini,claude,codex" default:"" env:"${env_prefix}AGENT"`
	// StateDir is where the inbox of agents without one of their own
	// (Claude Code, Codex) lives; extract writes it there.
	StateDir string `help:"automem's state dir, holding the inbox of Claude Code and Codex projects (default: extract's, $AUTOMEM_STATE_DIR when set)." type:"path" default:"${state_dir}" env:"${env_prefix}STATE_DIR"`
}

// CLI is the inbox command line.
type CLI struct {
	Globals
	Version kong.VersionFlag `help:"Print the version and exit."`

	List        ListCmd        `cmd:"" help:"List pending items, grouped."`
	Show        ShowCmd        `cmd:"" help:"Show an item in full."`
	Review      ReviewCmd      `cmd:"" help:"Review items interactively (answers one per line when stdin is not a terminal)."`
	Apply       ApplyCmd       `cmd:"" help:"Apply hunks of a patch item without asking."`
	Dismiss     DismissCmd     `cmd:"" help:"Dismiss hunks of a patch item; dismissed lines are not proposed again."`
	Promote     PromoteCmd     `cmd:"" help:"Promote a skill draft to the user or workspace skills."`
	Discard     DiscardCmd     `cmd:"" help:"Discard an item: a skill draft, a rejected candidate, an entry needing attention, or every hunk of a patch item."`
	Edit        EditCmd        `cmd:"" help:"Edit an entry that needs attention in $EDITOR; what you save is pending again."`
	Status      StatusCmd      `cmd:"" help:"Print one line of pending counts (fast, for shell prompts)."`
	Log         LogCmd         `cmd:"" help:"List the changes applied from the inbox, newest first."`
	Undo        UndoCmd        `cmd:"" help:"Undo the newest decision of any kind: apply, dismiss, discard, promote, restore, edit, redo; again to go further back."`
	Redo        RedoCmd        `cmd:"" help:"Take back the newest undo: its decision, and whatever a forced undo overwrote, come back."`
	Dismissed   DismissedCmd   `cmd:"" help:"List dismissed lines and discarded skills, with date and evidence."`
	Restore     RestoreCmd     `cmd:"" help:"Make dismissal N (see dismissed) pending again."`
	Targets     TargetsCmd     `cmd:"" help:"Show or set whose memory the project's candidates go to (own, all, or agents)."`
	ProjectFile ProjectFileCmd `cmd:"" name:"project-file" help:"Show or set whether facts a teammate also needs go to the repository's shared GEMINI.md or CLAUDE.md (on, off)."`
	Search      SearchCmd      `cmd:"" help:"Search memory, the archive and past sessions (the index extract keeps fresh)."`
	MCP         MCPCmd         `cmd:"" name:"mcp" help:"Serve search_memory, search_sessions and read_session_turns over stdio MCP (read-only)."`
}

// run builds the environment and runs the chosen command; main only wires
// the process into it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := cli.NewEnv(stdin, stdout, stderr, version)
	var c CLI
	return cli.Main(ctx, "inbox", &c, env, args, options(env, &c)...)
}

// options are the kong options of the inbox parser (shared with the fuzz
// test, which parses without running).
func options(env *cli.Env, c *CLI) []kong.Option {
	vars := kong.Vars{"version": env.Version, "env_prefix": envPrefix}
	for k, v := range cli.DefaultDirs(env) {
		vars[k] = v
	}
	if d := env.Getenv("AUTOMEM_CACHE_DIR"); d != "" {
		vars["cache_dir"] = d // where extract was told to keep its cache (and the search index)
	}
	if d := env.Getenv("AUTOMEM_STATE_DIR"); d != "" {
		vars["state_dir"] = d // where extract was told to keep its state (and the other agents' inboxes)
	}
	return []kong.Option{kong.Description(description), vars, kong.Bind(&c.Globals)}
}

// envPrefix starts the names of inbox's own environment variables
// (AUTOMEM_INBOX_LOG_LEVEL); AUTOMEM_PROJECT, AUTOMEM_COLOR and AUTOMEM_JSON
// are shared with extract and mean the same there.
const envPrefix = "AUTOMEM_INBOX_"

// AfterApply builds the stderr logger from the log flags once they are
// parsed, so every command gets it through env.Log.
func (g *Globals) AfterApply(env *cli.Env) error {
	log, err := cli.NewLogger(env.Stderr, env.StderrTTY, g.LogLevel, g.LogFormat)
	if err != nil {
		return err
	}
	env.Log = log
	return nil
}
