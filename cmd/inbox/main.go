// Command inbox is the terminal review tool for what automem's extractor
// (and Gemini CLI's own Auto Memory) left in a project's memory inbox:
// memory patches reviewed hunk by hunk and line by line, skill drafts
// promoted to the user or workspace, quarantined candidates, a history of
// every applied change and undo.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// version is set at link time (-X main.version=...).
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
