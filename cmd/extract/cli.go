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

const description = `Extract durable memory and skills from past coding-agent sessions into the review inbox.

Each run scans transcripts, takes the project's lock, picks idle, substantial,
unprocessed sessions, extracts candidates (LLM agent over any OpenAI-compatible
endpoint, or the built-in offline extractor when no key is configured),
validates them, records the run and exits. Review candidates with 'inbox'.

Exit status: 0 done (also: nothing to do), 75 skipped (lock held, throttled,
backing off), 1 failed, 80 usage error.

The flags of a cycle: extract run --help.`

// CLI is the extract command line. Run is the default command, so
// `extract --dry-run` and `extract run --dry-run` are the same.
type CLI struct {
	Version  kong.VersionFlag `help:"Print the version and exit."`
	Run      RunCmd           `cmd:"" default:"withargs" help:"Run one extraction cycle (the default command)."`
	Schedule ScheduleCmd      `cmd:"" help:"Install, remove or inspect the timer that runs extract."`
}

// run builds the environment and parser, runs the chosen command and maps
// its error to an exit code; main only wires the process into it.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	env := newEnv(stdin, stdout, stderr)
	var c CLI
	code := -1
	parser, err := kong.New(&c,
		kong.Name("extract"),
		kong.Description(description),
		kong.Vars(vars(env)),
		kong.UsageOnError(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Writers(stdout, stderr),
		kong.Exit(func(c int) { code = c; panic(exitPanic{}) }),
		kong.BindTo(ctx, (*context.Context)(nil)),
		kong.Bind(env),
	)
	if err != nil {
		fmt.Fprintf(stderr, "extract: %v\n", err)
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
		fmt.Fprintf(env.Stderr, "extract: %v\n", err)
		return 80
	}
	err = kctx.Run()
	if err != nil && !errors.Is(err, cli.ErrSkipped) {
		fmt.Fprintf(env.Stderr, "extract: %v\n", err)
	}
	return cli.Code(err)
}

func newEnv(stdin io.Reader, stdout, stderr io.Writer) *cli.Env {
	home, _ := os.UserHomeDir()
	exe, _ := os.Executable() // not symlink-resolved: a package manager's stable link survives upgrades
	return &cli.Env{
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Getenv: os.Getenv, Home: home, Exe: exe, Now: time.Now,
		StdinTTY: isTTY(stdin), StdoutTTY: isTTY(stdout), StderrTTY: isTTY(stderr),
		Version: version,
	}
}

func vars(env *cli.Env) kong.Vars {
	v := kong.Vars{"version": version}
	for k, val := range defaultVars(env) {
		v[k] = val
	}
	return v
}

func isTTY(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
