package main

import (
	"context"
	"fmt"
	"io"

	"github.com/alecthomas/kong"

	"github.com/automem/automem/internal/cli"
)

const description = `Extract durable memory and skills from past coding-agent sessions into the review inbox.

Each run scans transcripts, takes the project's lock, picks idle, substantial,
unprocessed sessions, extracts candidates (LLM agent over any OpenAI-compatible
endpoint, or the built-in offline extractor when no key is configured),
validates them, records the run and exits. Review candidates with 'inbox'.

Exit status: 0 done (also: nothing to do), 75 skipped (lock held, throttled,
backing off, the day's budget spent), 1 failed, 80 usage error, 130
interrupted (SIGINT/SIGTERM: the run is recorded as aborted, no backoff).

Environment: AUTOMEM_<FLAG> for extract's own flags (below),
AUTOMEM_PROJECT and AUTOMEM_JSON shared with inbox; --force has none.

The flags of a cycle (extract alone runs one) follow.`

// CLI is the extract command line. Run is the default command, so
// `extract --dry-run` and `extract run --dry-run` are the same.
type CLI struct {
	Version  kong.VersionFlag `help:"Print the version and exit."`
	Run      RunCmd           `cmd:"" default:"withargs" help:"Run one extraction cycle (the default command)."`
	Schedule ScheduleCmd      `cmd:"" help:"Install, remove or inspect the timer that runs extract."`
	Usage    UsageCmd         `cmd:"" help:"Show what the model cost, per day and per project (from the usage ledger)."`
	Upkeep   UpkeepCmd        `cmd:"" help:"Run the memory upkeep pass now, or with --dry-run show what it would propose."`
}

// run builds the environment and runs the chosen command; main only wires
// the process into it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := cli.NewEnv(stdin, stdout, stderr, version)
	if kctx := parseCycle(ctx, env, args); kctx != nil {
		return cli.Execute(kctx, "extract", env)
	}
	return cli.Main(ctx, "extract", &CLI{}, env, args, options(env)...)
}

// cycleCLI is the command line of a cycle alone: CLI without the commands
// a run of the timer (or `extract --dry-run`) never names. kong builds its
// model of every command, flag and interpolated help text on each start;
// the other commands were over half of that (1.18 MB and 13,200
// allocations per start, 0.50 MB and 5,800 without them).
type cycleCLI struct {
	Version kong.VersionFlag `help:"Print the version and exit."`
	Run     RunCmd           `cmd:"" default:"withargs" help:"Run one extraction cycle (the default command)."`
}

// parseCycle parses args as a cycle's command line, printing nothing.
// It returns nil unless that succeeds (help, version, another command, a
// usage error): then the whole CLI parses them again and prints what it
// prints. A cycle's arguments parse the same in both, as RunCmd is the
// same type and the default command of both.
func parseCycle(ctx context.Context, env *cli.Env, args []string) *kong.Context {
	quiet := *env
	quiet.Stdout, quiet.Stderr = io.Discard, io.Discard
	kctx, _ := cli.Parse(ctx, "extract", &cycleCLI{}, &quiet, args, options(&quiet)...)
	if kctx != nil {
		kctx.Bind(env) // the run prints to the real streams
	}
	return kctx
}

// options are the kong options of the extract parser (shared with the fuzz
// test, which parses without running).
func options(env *cli.Env) []kong.Option {
	return []kong.Option{kong.Description(description), kong.Vars(vars(env)), kong.Help(helpWithRunFlags)}
}

// envPrefix starts the names of extract's own environment variables
// (AUTOMEM_MIN_IDLE, AUTOMEM_LOG_LEVEL…); AUTOMEM_PROJECT and AUTOMEM_JSON
// are shared with inbox and mean the same there.
const envPrefix = "AUTOMEM_"

// helpWithRunFlags prints the usual help and, for `extract --help`, the
// flags of the default command too: `extract` alone runs a cycle, so its
// flags, defaults and variables belong on the first help page.
func helpWithRunFlags(opts kong.HelpOptions, ctx *kong.Context) error {
	if err := kong.DefaultHelpPrinter(opts, ctx); err != nil {
		return err
	}
	if ctx.Selected() != nil {
		return nil
	}
	rctx, err := kong.Trace(ctx.Kong, []string{"run"})
	if err != nil {
		return err
	}
	fmt.Fprintln(ctx.Stdout)
	return kong.DefaultHelpPrinter(opts, rctx)
}

func vars(env *cli.Env) kong.Vars {
	v := kong.Vars{"version": env.Version, "env_prefix": envPrefix}
	for k, val := range cli.DefaultDirs(env) {
		v[k] = val
	}
	return v
}
