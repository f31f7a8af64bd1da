package schedule

import (
	"strings"
	"testing"
)

func TestSystemdExecPath(t *testing.T) {
	tests := []struct{ in, want, errPart string }{
		{in: "/usr/bin/extract", want: "/usr/bin/extract"},
		{in: "/home/a b/extract", want: `"/home/a b/extract"`},
		{in: "/opt/50%/extract", want: "/opt/50%%/extract"},
		{in: "/opt/$x/extract", want: "/opt/$x/extract"},
		{in: "/opt/a;b/extract", want: `"/opt/a;b/extract"`},
		{in: "/opt/tab\there", errPart: "control character"},
		{in: `/opt/q"uote`, errPart: "quote"},
		{in: `/opt/back\slash`, errPart: "backslash"},
		{in: "/opt/it's", errPart: "quote"},
		{in: "relative/extract", errPart: "not absolute"},
	}
	for _, tt := range tests {
		got, err := SystemdExecPath(tt.in)
		if tt.errPart != "" {
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Errorf("SystemdExecPath(%q) = %q, %v; want error with %q", tt.in, got, err, tt.errPart)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("SystemdExecPath(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestEditUnitDetectsTemplateDrift(t *testing.T) {
	tmpl := []byte("[Service]\nExecStart=/x\n# ExecStart=/commented\n[Timer]\nExecStart=/other-section\n")
	out, err := editUnit(tmpl, []keyEdit{{section: "Service", key: "ExecStart", value: "/y"}})
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != "[Service]\nExecStart=/y\n# ExecStart=/commented\n[Timer]\nExecStart=/other-section\n" {
		t.Errorf("edited =\n%s", out)
	}
	for _, bad := range []string{"[Service]\n", "[Service]\nExecStart=/a\nExecStart=/b\n"} {
		if _, err := editUnit([]byte(bad), []keyEdit{{section: "Service", key: "ExecStart", value: "/y"}}); err == nil {
			t.Errorf("editUnit(%q) succeeded, want a drift error", bad)
		}
	}
}

func TestRenderServiceCommentsOutMissingCredential(t *testing.T) {
	p := Paths{Exe: "/usr/bin/extract", Home: "/home/u", ConfigHome: "/home/u/.config"}
	off, err := RenderService(Options{Paths: p})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(off), "\nLoadCredential=") || !strings.Contains(string(off), "\n# LoadCredential=api-key:%E/automem/api-key\n") {
		t.Errorf("without a key file the line must be commented out:\n%s", off)
	}
	on, err := RenderService(Options{Paths: p, KeyFile: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(on), "\nLoadCredential=api-key:%E/automem/api-key\n") {
		t.Errorf("with a key file the line must be active:\n%s", on)
	}
	for _, b := range [][]byte{off, on} {
		if strings.Contains(string(b), "\n[Install]") {
			t.Errorf("service has an [Install] section:\n%s", b)
		}
	}
}
