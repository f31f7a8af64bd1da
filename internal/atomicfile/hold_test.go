//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

// A held temp is no orphan, however old: a long build keeps it; once
// released, an old one is removed as any other.
func TestRemoveOrphansLeavesHeldTemps(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "index.db")
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	var temps []string
	for range 2 {
		tmp, err := WriteTemp(root, "index.db", nil, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		temps = append(temps, filepath.Join(dir, tmp))
	}
	building, orphan := temps[0], temps[1]
	release, err := Hold(building)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Hold(building); err == nil {
		t.Fatal("a held temp was held twice")
	}
	now := time.Now()
	for _, p := range temps {
		if err := os.Chtimes(p, now.Add(-10*OrphanAge), now.Add(-10*OrphanAge)); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := RemoveOrphans(target, now), []string{filepath.Base(orphan)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("removed %v, want %v", got, want)
	}
	if _, err := os.Stat(building); err != nil {
		t.Fatalf("held temp removed: %v", err)
	}
	release()
	if got, want := RemoveOrphans(target, now), []string{filepath.Base(building)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after release: removed %v, want %v", got, want)
	}
	if _, err := os.Stat(building); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("released old temp kept: %v", err)
	}
}
