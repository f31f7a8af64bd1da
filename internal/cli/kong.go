package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/alecthomas/kong"
	"golang.org/x/term"
)

// NewEnv is the process environment of a real run: os streams, variables,
// home, executable and wall clock.
func NewEnv(stdin io.Reader, stdout, stderr io.Writer, version string) *Env {
	home, _ := os.UserHomeDir()
	exe, _ := os.Executable() // not symlink-resolved: a package manager's stable link survives upgrades
	return &Env{
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Getenv: os.Getenv, Home: home, Exe: exe, Now: time.Now,
		StdinTTY: isTTY(stdin), StdoutTTY: isTTY(stdout), StderrTTY: isTTY(stderr),
		Version: Version(version, debug.ReadBuildInfo),
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
	kctx, code := Parse(ctx, name, root, env, args, opts...)
	if kctx == nil {
		return code
	}
	return Execute(kctx, name, env)
}

// Execute runs the command args were parsed into, prints its error once as
// "<name>: <error>" and returns the exit code (Main's second half, for a
// binary that parsed its arguments another way first).
func Execute(kctx *kong.Context, name string, env *Env) int {
	err := kctx.Run()
	var ee *ExitError
	if err != nil && !(errors.As(err, &ee) && ee.Quiet) {
		fmt.Fprintf(env.Stderr, "%s: %v\n", name, err)
	}
	return Code(err)
}

// Parse parses args into root and checks every flag value (enums, ranges,
// Validate methods) without running anything. It returns the context to
// run, or nil and the exit code when parsing ended the process: 0 after
// --help or --version, ExitUsage after a usage error (already printed).
// The fuzz tests of both binaries drive it with random argument lists.
func Parse(ctx context.Context, name string, root any, env *Env, args []string, opts ...kong.Option) (*kong.Context, int) {
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
		return nil, ExitFailed
	}
	if errs := CheckRangeTags(parser); len(errs) > 0 {
		// A numeric flag without a declared range is a bug in the binary.
		fmt.Fprintf(env.Stderr, "%s: %v\n", name, errors.Join(errs...))
		return nil, ExitFailed
	}
	unsetEmptyVars(parser.Model.Node)
	return parse(name, parser, args, env, &code)
}

// unsetEmptyVars removes the flag variables that are set but empty, so an
// empty one means "not set" (the default applies) as it does for
// CLAUDE_CONFIG_DIR and CODEX_HOME, instead of a parse error. kong reads
// the process environment itself, so this is the one place to do it.
func unsetEmptyVars(n *kong.Node) {
	for _, f := range n.Flags {
		for _, name := range f.Tag.Envs {
			if v, ok := os.LookupEnv(name); ok && v == "" {
				_ = os.Unsetenv(name)
			}
		}
	}
	for _, c := range n.Children {
		unsetEmptyVars(c)
	}
}

type exitPanic struct{}

// fromEnv names the variable a bad value came from when the flag the error
// is about was not typed: kong's own messages only name the flag.
func fromEnv(kctx *kong.Context, err error, getenv func(string) string) string {
	if getenv == nil {
		return ""
	}
	msg := err.Error()
	for _, f := range kctx.Flags() {
		if !strings.HasPrefix(msg, "--"+f.Name+":") && !strings.HasPrefix(msg, "--"+f.Name+" ") || onCommandLine(kctx, f) {
			continue
		}
		for _, name := range f.Tag.Envs {
			if v := getenv(name); v != "" && !strings.Contains(msg, "envar") {
				return " (from envar " + name + ")"
			}
		}
	}
	return ""
}

func parse(name string, parser *kong.Kong, args []string, env *Env, code *int) (kctx *kong.Context, ret int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(exitPanic); !ok {
				panic(r)
			}
			// --help and --version print and "exit"; a usage error found
			// while printing help is still a usage error.
			kctx, ret = nil, *code
			if ret != ExitOK {
				ret = ExitUsage
			}
		}
	}()
	kctx, err := parser.Parse(args)
	if err == nil {
		err = CheckRanges(kctx, env.Getenv)
		if err != nil {
			parser.Errorf("%s", err)
			_ = kctx.PrintUsage(true)
			return nil, ExitUsage
		}
		return kctx, -1
	}
	var pe *kong.ParseError
	if errors.As(err, &pe) && pe.Context != nil {
		parser.Errorf("%s%s", err, fromEnv(pe.Context, err, env.Getenv))
		_ = pe.Context.PrintUsage(true)
	} else {
		fmt.Fprintf(env.Stderr, "%s: %v\n", name, err)
	}
	return nil, ExitUsage
}
