// Command extract is automem's one-shot job: it scans past coding-agent
// sessions, extracts memory and skill candidates from the idle, substantial,
// unprocessed ones into the review inbox, records the run and exits. A
// systemd timer or launchd agent runs it; `extract --dry-run` shows what a
// run would do.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/automem/automem/internal/hugeheap"
)

// version is set at link time (-X main.version=...).
var version = "dev"

func main() {
	gc := startGC(os.Getenv)
	hugeheap.Reserve(os.Getenv("GODEBUG"))
	gc.arm()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
