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
