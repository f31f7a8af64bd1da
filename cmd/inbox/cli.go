package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/alecthomas/kong"
	"golang.org/x/term"

	"github.com/automem/automem/internal/cli"
)

const description = `Review the memory inbox: memory patches, skill drafts, skill updates and
quarantined candidates that automem's extractor (or Gemini CLI's Auto Memory)
proposed. Nothing reaches your memory or skills until you say so here.

Item IDs: private, global (all pending memory patches of that kind; hunks are
numbered in file-then-hunk order), skill/<dir>, skill-patch/<name>,
rejected/<name>.

Exit status: 0 done, 1 failed, 80 usage error.`

// Globals are the flags every command shares.
type Globals struct {
	cli.LogFlags
	Project string `help:"Project directory (default: the project of the current directory)." type:"path" placeholder:"DIR" env:"AUTOMEM_PROJECT"`
	Color   string `help:"Colour diffs: auto is on for a terminal unless NO_COLOR is set (${enum})." enum:"auto,always,never" default:"auto" env:"AUTOMEM_COLOR"`
}

// CLI is the inbox command line.
type CLI struct {
	Globals
	Version kong.VersionFlag `help:"Print the version and exit."`

	List    ListCmd    `cmd:"" help:"List pending items, grouped."`
	Show    ShowCmd    `cmd:"" help:"Show an item in full."`
	Review  ReviewCmd  `cmd:"" help:"Review items interactively (answers one per line when stdin is not a terminal)."`
	Apply   ApplyCmd   `cmd:"" help:"Apply hunks of a patch item without asking."`
	Dismiss DismissCmd `cmd:"" help:"Dismiss hunks of a patch item; dismissed lines are not proposed again."`
	Promote PromoteCmd `cmd:"" help:"Promote a skill draft to the user or workspace skills."`
	Discard DiscardCmd `cmd:"" help:"Discard an item: a skill draft, a rejected candidate, or every hunk of a patch item."`
	Status  StatusCmd  `cmd:"" help:"Print one line of pending counts (fast, for shell prompts)."`
	Log     LogCmd     `cmd:"" help:"List the changes applied from the inbox, newest first."`
	Undo    UndoCmd    `cmd:"" help:"Undo the last applied change or promotion."`
}

// run builds the environment and parser, runs the chosen command and maps
// its error to an exit code; main only wires the process into it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := newEnv(stdin, stdout, stderr)
	var c CLI
	code := -1
	parser, err := kong.New(&c,
		kong.Name("inbox"),
		kong.Description(description),
		kong.Vars{"version": version},
		kong.UsageOnError(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Writers(stdout, stderr),
		kong.Exit(func(c int) { code = c; panic(exitPanic{}) }),
		kong.BindTo(ctx, (*context.Context)(nil)),
		kong.Bind(env, &c.Globals),
	)
	if err != nil {
		fmt.Fprintf(stderr, "inbox: %v\n", err)
		return cli.ExitFailed
	}
	return parseAndRun(parser, args, env, &code)
}

type exitPanic struct{}

func parseAndRun(parser *kong.Kong, args []string, env *cli.Env, code *int) (ret int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(exitPanic); !ok {
				panic(r)
			}
			ret = *code
		}
	}()
	kctx, err := parser.Parse(args)
	if err != nil {
		var pe *kong.ParseError
		if errors.As(err, &pe) {
			parser.Errorf("%s", err)
			_ = pe.Context.PrintUsage(true)
			return 80
		}
		fmt.Fprintf(env.Stderr, "inbox: %v\n", err)
		return 80
	}
	err = kctx.Run()
	if err != nil {
		fmt.Fprintf(env.Stderr, "inbox: %v\n", err)
	}
	return cli.Code(err)
}

func newEnv(stdin io.Reader, stdout, stderr io.Writer) *cli.Env {
	home, _ := os.UserHomeDir()
	return &cli.Env{
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Getenv: os.Getenv, Home: home, Now: time.Now,
		StdinTTY: isTTY(stdin), StdoutTTY: isTTY(stdout), StderrTTY: isTTY(stderr),
		Version: version,
	}
}

func isTTY(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

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
