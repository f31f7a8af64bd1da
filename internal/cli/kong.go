package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/alecthomas/kong"
	"golang.org/x/term"
)

// ExitUsage is kong's exit status for a usage error.
const ExitUsage = 80

// NewEnv is the process environment of a real run: os streams, variables,
// home, executable and wall clock.
func NewEnv(stdin io.Reader, stdout, stderr io.Writer, version string) *Env {
	home, _ := os.UserHomeDir()
	exe, _ := os.Executable() // not symlink-resolved: a package manager's stable link survives upgrades
	return &Env{
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Getenv: os.Getenv, Home: home, Exe: exe, Now: time.Now,
		StdinTTY: isTTY(stdin), StdoutTTY: isTTY(stdout), StderrTTY: isTTY(stderr),
		Version: version,
	}
}

func isTTY(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Main parses args into root (a kong CLI struct), runs the chosen command
// with ctx and env bound, prints an error once as "<name>: <error>" and
// returns the exit code. --help and --version return 0 instead of exiting,
// so tests can call it in-process.
func Main(ctx context.Context, name string, root any, env *Env, args []string, opts ...kong.Option) int {
	code := -1
	opts = append([]kong.Option{
		kong.Name(name),
		kong.UsageOnError(),
		kong.ConfigureHelp(kong.HelpOptions{Compact: true}),
		kong.Writers(env.Stdout, env.Stderr),
		kong.Exit(func(c int) { code = c; panic(exitPanic{}) }),
		kong.BindTo(ctx, (*context.Context)(nil)),
		kong.Bind(env),
	}, opts...)
	parser, err := kong.New(root, opts...)
	if err != nil {
		fmt.Fprintf(env.Stderr, "%s: %v\n", name, err)
		return ExitFailed
	}
	return parseAndRun(name, parser, args, env, &code)
}

type exitPanic struct{}

func parseAndRun(name string, parser *kong.Kong, args []string, env *Env, code *int) (ret int) {
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
		} else {
			fmt.Fprintf(env.Stderr, "%s: %v\n", name, err)
		}
		return ExitUsage
	}
	err = kctx.Run()
	if err != nil && !errors.Is(err, ErrSkipped) {
		fmt.Fprintf(env.Stderr, "%s: %v\n", name, err)
	}
	return Code(err)
}
