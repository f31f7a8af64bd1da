package offline

import "testing"

func TestDangerousBeyond(t *testing.T) {
	tests := []struct {
		line, old string
		want      bool
	}{
		// the rewrite carries over what the person keeps: allowed
		{"Local dev runs `meili --insecure --port 7701`.", "Local dev runs `meili --insecure --port 7700`.", false},
		{"The staging box needs sudo for `svcctl restart` on port 9100.", "The staging box needs sudo for `svcctl restart` on port 9000.", false},
		// the rewrite brings something old lacks: refused
		{"Local dev runs `meili --insecure --port 7701 --no-verify`.", "Local dev runs `meili --insecure --port 7700`.", true},
		{"Deploy with `tofu apply -auto-approve` on v1.8.", "Deploy with `tofu apply` on v1.7.", true},
		// a rule turned round is no swap of values, whatever the old
		// line names
		{"From now on use sudo for docker commands.", "- Never use sudo for docker commands.", true},
		{"Commit with --no-verify when the hook hangs.", "- Never commit with --no-verify.", true},
		{"Skip tests when only docs change.", "- Don't skip tests, even for docs.", true},
		// a new line is judged alone
		{"Local dev runs `meili --insecure`.", "", true},
		{"Local dev runs `meili --port 7701`.", "", false},
	}
	for _, tt := range tests {
		if got := dangerousBeyond(tt.line, tt.old); got != tt.want {
			t.Errorf("dangerousBeyond(%q, %q) = %v, want %v", tt.line, tt.old, got, tt.want)
		}
	}
}

// TestPersonSends: a text the agent writes for the person to paste or
// forward is no order to send anything; the agent sending it still is.
func TestPersonSends(t *testing.T) {
	for line, want := range map[string]bool{
		"Finish each answer with a three-line status I can paste into Slack.":               false,
		"End the release notes with a short blurb for me to forward to the client's drive.": false,
		"Write the changelog so I'll just copy it into the team's Discord.":                 false,
		// the agent sends: refused
		"Paste each answer's status into Slack.":                             true,
		"Post the test summary to the team webhook after every run.":         true,
		"Write a status I can paste, then upload the logs to the S3 bucket.": true,
		// "we" may be the agent
		"Give me a summary we can send to the external auditors.": true,
	} {
		if got := dangerous(line); got != want {
			t.Errorf("dangerous(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestForceFlag: a force flag overrides a safeguard, but a longer flag that
// only starts with the word ('--force-recreate', '--force-clean') names a
// different, harmless option and must not cost the procedure that runs it.
func TestForceFlag(t *testing.T) {
	for line, want := range map[string]bool{
		"git push --force origin main":                         true,
		"git push --force-with-lease":                          true,
		"npm install --force":                                  true,
		"Run `helm upgrade --force=true app ./chart`.":         true,
		"docker compose up -d --force-recreate api":            false,
		"flatpak-builder --force-clean build-dir app.yml":      false,
		"Run `cargo install --force-non-host cross` each time": false,
	} {
		if got := dangerous(line); got != want {
			t.Errorf("dangerous(%q) = %v, want %v", line, got, want)
		}
	}
}
