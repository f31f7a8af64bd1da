# automem tasks. `just` lists them.
set shell := ["bash", "-euo", "pipefail", "-c"]

version := `git describe --tags --dirty --always 2>/dev/null || echo dev`
ldflags := "-X main.version=" + version

_help:
    @just --list

# Build both binaries into ./bin (static: CGO_ENABLED=0, see install).
build:
    mkdir -p bin
    CGO_ENABLED=0 go build -ldflags "{{ldflags}}" -o bin/ ./cmd/extract ./cmd/inbox

# Run every test (the README's test command).
test:
    go test ./...

# Tests without the slow end-to-end and oracle ones.
test-short:
    go test -short ./...

# gofmt, go vet and the unit-file checks.
lint:
    test -z "$(gofmt -l $(git ls-files '*.go'))"
    go vet ./...
    deploy/verify.sh

# Format the code.
fmt:
    gofmt -w $(git ls-files '*.go')

# go mod tidy and fail if it changed anything.
tidy:
    go mod tidy
    git diff --exit-code go.mod go.sum

# Benchmarks, printed as ratios against the Gemini reference (see BENCHMARKS.md).
bench:
    scripts/bench.sh

# Run every fuzz target for a while (FUZZTIME=30s by default).
fuzz time="30s":
    scripts/fuzz.sh {{time}}

# Static (CGO_ENABLED=0): nothing of automem needs cgo, and a static extract
# starts without the dynamic loader and glibc (BENCHMARKS.md: fewer page
# faults and less CPU per start of the timer's job).
#
# Install both binaries into $GOBIN (~/go/bin), static.
install:
    CGO_ENABLED=0 go install -ldflags "{{ldflags}}" ./cmd/extract ./cmd/inbox

# Install the hourly timer (systemd user unit or launchd agent).
install-timer: install
    "$(go env GOPATH)/bin/extract" schedule install

# Remove the timer.
uninstall-timer:
    "$(go env GOPATH)/bin/extract" schedule uninstall

# Verify the systemd units and the timer expressions.
verify-units:
    deploy/verify.sh

# Remove build output.
clean:
    rm -rf bin

# Score the offline extractor on testdata/offline-eval and print EVAL.md.
eval:
    s=0; go test ./internal/offline -run '^TestEval$' -count=1 -eval-out "$PWD/EVAL.md" >/dev/null || s=$?; cat EVAL.md; exit $s
