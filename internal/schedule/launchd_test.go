package schedule

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestCommittedPlist(t *testing.T) {
	path := filepath.Join("..", "..", "deploy", "launchd", Label+".plist")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := ParseAgent(f)
	if err != nil {
		t.Fatalf("committed plist: %v", err)
	}
	if a.Label+".plist" != filepath.Base(path) {
		t.Errorf("Label %q does not match file name %q", a.Label, filepath.Base(path))
	}
	if len(a.Slots) != 1 || a.Slots[0].Minute == nil || *a.Slots[0].Minute != 0 || a.Slots[0].Hour != nil {
		t.Errorf("committed calendar = %+v, want hourly at minute 0", a.Slots)
	}
	plutilLint(t, path)
}

// plutilLint runs plutil -lint where it exists (macOS).
func plutilLint(t *testing.T, path string) {
	t.Helper()
	if _, err := exec.LookPath("plutil"); err != nil {
		return
	}
	if out, err := exec.Command("plutil", "-lint", path).CombinedOutput(); err != nil {
		t.Errorf("plutil -lint %s: %v\n%s", path, err, out)
	}
}

func TestRenderedPlist(t *testing.T) {
	for _, tc := range []struct {
		name, home, exe, every string
		key                    bool
		wantSlots              []Slot
	}{
		{name: "hourly", home: "/Users/ann", exe: "/usr/local/bin/extract", every: "1h",
			wantSlots: []Slot{{Minute: intp(0)}}},
		{name: "spaces and xml specials", home: "/Users/Ann & <Bob>", exe: "/Users/Ann & <Bob>/My Apps/ext'ract\"", every: "30m",
			wantSlots: []Slot{{Minute: intp(0)}, {Minute: intp(30)}}},
		{name: "six hours with key", home: "/Users/ann", exe: "/opt/homebrew/bin/extract", every: "6h", key: true,
			wantSlots: []Slot{{Hour: intp(0), Minute: intp(0)}, {Hour: intp(6), Minute: intp(0)}, {Hour: intp(12), Minute: intp(0)}, {Hour: intp(18), Minute: intp(0)}}},
		{name: "daily", home: "/Users/ann", exe: "/usr/local/bin/extract", every: "1d",
			wantSlots: []Slot{{Hour: intp(0), Minute: intp(0)}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ParseEvery(tc.every)
			if err != nil {
				t.Fatal(err)
			}
			p, err := NewPaths(tc.home, tc.exe, nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := RenderPlist(Options{Paths: p, Every: e, KeyFile: tc.key})
			if err != nil {
				t.Fatal(err)
			}
			a, err := ParseAgent(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("rendered plist: %v\n%s", err, b)
			}
			wantArgs := []string{tc.exe}
			if tc.key {
				wantArgs = append(wantArgs, "--api-key-file", filepath.Join(tc.home, ".config", "automem", "api-key"))
			}
			log := filepath.Join(tc.home, "Library", "Logs", "automem", "extract.log")
			want := Agent{
				Label:             Label,
				ProgramArguments:  wantArgs,
				Slots:             tc.wantSlots,
				RunAtLoad:         false,
				ProcessType:       "Background",
				LowPriorityIO:     true,
				Nice:              10,
				StandardOutPath:   log,
				StandardErrorPath: log,
				Environment:       map[string]string{"PATH": "/opt/homebrew/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"},
			}
			if !reflect.DeepEqual(a, want) {
				t.Errorf("agent =\n%+v\nwant\n%+v", a, want)
			}
			if bytes.Contains(b, []byte("@")) {
				t.Errorf("placeholder left in rendered plist:\n%s", b)
			}
			for k := range a.Environment {
				if strings.Contains(strings.ToUpper(k), "KEY") || strings.Contains(strings.ToUpper(k), "TOKEN") {
					t.Errorf("secret-looking variable %s in plist", k)
				}
			}
			f := filepath.Join(t.TempDir(), Label+".plist")
			if err := os.WriteFile(f, b, 0o644); err != nil {
				t.Fatal(err)
			}
			plutilLint(t, f)
		})
	}
}

func TestRenderPlistRefusesControlCharacters(t *testing.T) {
	p := Paths{Exe: "/usr/local/bin/ex\ntract", Home: "/Users/ann", ConfigHome: "/Users/ann/.config"}
	if _, err := RenderPlist(Options{Paths: p}); err == nil {
		t.Fatal("RenderPlist accepted a newline in the binary path")
	}
}

func TestReplaceCalendarNeedsTheTemplateShape(t *testing.T) {
	for _, s := range []string{
		"<plist><dict></dict></plist>",
		"<key>StartCalendarInterval</key><key>StartCalendarInterval</key><dict></dict>",
		"<key>StartCalendarInterval</key><array></array>",
	} {
		if _, err := replaceCalendar(s, []Slot{{Minute: intp(5)}}); err == nil {
			t.Errorf("replaceCalendar(%q) succeeded, want an error", s)
		}
	}
}
