package offline

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/automem/automem/internal/atomicfile"
)

// writeUnder atomically replaces memoryDir/rel with data, through an os.Root
// opened on the memory dir: a symlinked skills/ or .inbox/ directory cannot
// lead the write anywhere else.
func writeUnder(memoryDir, rel string, data []byte) error {
	root, err := os.OpenRoot(memoryDir)
	if err != nil {
		return fmt.Errorf("open memory dir %s: %w", memoryDir, err)
	}
	defer func() { _ = root.Close() }()
	dir := filepath.Dir(rel)
	if err := root.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", filepath.Join(memoryDir, dir), err)
	}
	return atomicfile.WriteIn(root, rel, data, 0o600)
}
