// Package deploy ships the scheduler files exactly as committed and
// embeds them, so `extract schedule install` renders the same bytes that CI
// verifies with systemd-analyze and that a reader can copy by hand.
package deploy

import (
	"embed"
	"fmt"
)

// File names, fixed by the design: the units and the plist Label must
// match them.
const (
	ServiceFile = "systemd/automem-extract.service"
	TimerFile   = "systemd/automem-extract.timer"
	PlistFile   = "launchd/io.automem.extract.plist"
)

//go:embed systemd/automem-extract.service systemd/automem-extract.timer launchd/io.automem.extract.plist
var files embed.FS

// Template returns the committed bytes of one of the files above; the
// renderer fills in the per-user values.
func Template(name string) ([]byte, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read embedded template %s: %w", name, err)
	}
	return b, nil
}
