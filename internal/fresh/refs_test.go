package fresh

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

func TestRefs(t *testing.T) {
	tests := []struct {
		line string
		want []string // "kind:name=text"
	}{
		{"Publish with `tools/publish.sh`.", []string{"0:tools/publish.sh=tools/publish.sh"}},
		{"Run `make test-unit` before pushing.", []string{"1:test-unit=make test-unit"}},
		{"Run `make -j 4 lint vet` and then `just fmt`.", []string{"1:lint=make lint", "1:vet=make vet", "2:fmt=just fmt"}},
		{"`make -C web build` builds the site.", nil},
		{"`make` with no target runs all.", nil},
		{"`just --list` shows recipes; `just build::web` builds.", []string{"2:build::web=just build::web"}},
		{"Lint with npm run lint:fix, then `pnpm run build`.", []string{"3:lint:fix=npm run lint:fix", "3:build=pnpm run build"}},
		{"`npm test` runs vitest.", []string{"3:test=npm test"}},
		{"`npm --prefix web run build`", nil},
		{"Install deps with `npm install left-pad@1.3.0 @types/node`.", []string{"5:left-pad=npm install left-pad@1.3.0", "5:@types/node=npm install @types/node"}},
		{"`npm install -g typescript` for the CLI.", nil},
		{"`yarn add zod` then `cargo add serde@1` and `uv add Requests[socks]>=2`.", []string{"5:zod=yarn add zod", "6:serde=cargo add serde@1", "7:requests=uv add Requests[socks]"}},
		{"`go get github.com/sirupsen/logrus@v1.9.0`", []string{"4:github.com/sirupsen/logrus=go get github.com/sirupsen/logrus@v1.9.0"}},
		{"We use `github.com/rs/zerolog` for logging.", []string{"4:github.com/rs/zerolog=github.com/rs/zerolog"}},
		{"Install `honnef.co/go/tools/cmd/staticcheck` first.", nil},
		{"Run ./scripts/release.sh from the root.", []string{"0:scripts/release.sh=./scripts/release.sh"}},
		{"`./gradlew build` compiles; `python manage.py migrate` migrates.", []string{"0:gradlew=./gradlew", "0:manage.py=manage.py"}},
		{"`go test ./internal/fresh/...` and `go build -o bin/automem ./cmd/extract`", []string{"0:internal/fresh=./internal/fresh/...", "0:cmd/extract=./cmd/extract"}},
		{"Config lives in config/app.yaml and docs in README.md.", []string{"0:config/app.yaml=config/app.yaml"}},
		{"Always respect robots.txt; the llama.cpp server is local.", nil},
		{"`.jsonl` beats `.json`; the *.g.dart and *.freezed.dart files are generated.", nil},
		{"`.golangci.yml` and `.env.local` configure things.", []string{"0:.golangci.yml=.golangci.yml", "0:.env.local=.env.local"}},
		{"Patches land in `memory/.inbox/x.patch` and `MEMORY.md` points to `dream.md`.", nil},
		{"The frontend uses Node.js and Vue.js, see https://example.com/a.json.", nil},
		{"Rebase onto `origin/main`; read/write errors are retried.", []string{"100:origin/main=origin/main"}},
		{"e.g. v1.2.3 is the version; call os.Exit only in main.", nil},
		{"Use `make check`, not `make test`.", []string{"1:check=make check"}},
		{"Don't run tools/old.sh.", nil},
		{"tools/publish.sh was removed; use `make publish`.", nil},
		{"Never skip `sed -i s/a/b/ x` nor `rm -rf build/out.js`.", nil},
		{"`sed -i s/a/b/ main.go`", nil},
		{"Make sure to just run it, and make it fast.", nil},
		{"`$EDITOR notes.md` and `~/bin/x.sh` and `/usr/bin/env.sh`", nil},
		{"Secrets go in `.env`.", []string{"0:.env=.env"}},
		{"unclosed `make deploy", nil},
		{"`FOO=1 sudo make deploy`", []string{"1:deploy=make deploy"}},
		{"See `cmd/extract/main.go` and `cmd/extract/main.go` again.", []string{"0:cmd/extract/main.go=cmd/extract/main.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			var got []string
			for _, r := range refs(tt.line) {
				got = append(got, fmt.Sprintf("%d:%s=%s", r.kind, r.name, r.text))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("refs(%q)\n got %q\nwant %q", tt.line, got, tt.want)
			}
		})
	}
}

// FuzzRefs checks that no memory line makes the extractor panic, that every
// ref is found at a position inside the line, has a clean name and is
// quoted from the line.
func FuzzRefs(f *testing.F) {
	for _, s := range []string{"Run `make test` and ./scripts/x.sh", "`npm install @a/b@1 c`", "`go test ./...`", "`just a::b`",
		"`cargo add x@1` `uv add Y[z]>=1`", "docs/a.md, (see `x/y/`)", "``", "`a", "`$(x) y`", "`make -j`", "`npm run`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		for _, r := range refs(line) {
			if r.name == "" || r.text == "" || r.pos < 0 || r.pos > len(line) {
				t.Fatalf("bad ref %+v in %q", r, line)
			}
			if r.kind == kindPath || r.kind == kindLoosePath {
				if !filepath.IsLocal(r.name) || path.Clean(r.name) != r.name {
					t.Fatalf("path %q escapes or is not clean in %q", r.name, line)
				}
			}
			if !strings.Contains(line, strings.Fields(r.text)[0]) {
				t.Fatalf("ref text %q not from %q", r.text, line)
			}
		}
	})
}
