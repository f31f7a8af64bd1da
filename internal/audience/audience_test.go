package audience

import "testing"

func TestOf(t *testing.T) {
	for _, c := range []struct {
		line    string
		command bool
		want    Audience
	}{
		{"Verification commands for this project: `go test ./...`, `go vet ./...`.", true, Team},
		{"Use pnpm, not npm.", false, Team},
		{"Database changes go through alembic migrations.", false, Team},
		{"Commit messages start with the ticket id.", false, Team},
		{"src/gen is generated; never edit it by hand.", false, Team},
		{"Deploy with `make deploy ENV=staging` before production.", false, Team},
		{"Never use `git push --force` on main.", false, Team},
		{"Run `grep -i me` style searches with ripgrep instead.", false, Team}, // "me" only in code
		{"Every error response uses ProblemDetails, no custom error JSON.", false, Team},
		{"Log every run to W&B under `mltrain-ablations`, i.e. never to the default project.", false, Team},
		{"Never use emojis in commit messages.", false, Team},
		{"Answer in German.", false, Person},
		{"Keep replies short.", false, Person},
		{"Keep your answers to two sentences.", false, Person},
		{"Don't apologise.", false, Person},
		{"Ask me before running migrations.", false, Person},
		{"Ask first before deleting files.", false, Person},
		{"My editor is neovim; open files with `nvim`.", false, Person},
		{"I’m on macOS with zsh.", false, Person},
		{"The user prefers explanations with examples.", false, Person},
		{"- I prefer tabs.", false, Person},
	} {
		if got := Of(c.line, c.command); got != c.want {
			t.Errorf("Of(%q, %v) = %v; want %v", c.line, c.command, got, c.want)
		}
	}
}
