//go:build linux

package lockfile

import (
	"bytes"
	"os"
	"strconv"
	"strings"
)

// processStart identifies one incarnation of a pid: the boot id and the
// process start time in clock ticks since boot (/proc/<pid>/stat field 22).
// A pid reused by another process, or seen after a reboot, gets a different
// value. "" means unknown (no /proc, process gone).
func processStart(pid int) string {
	boot, err := os.ReadFile("/proc/sys/kernel/random/boot_id")
	if err != nil {
		return ""
	}
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ""
	}
	// The command name (field 2) is in parentheses and may contain spaces
	// and parentheses itself: fields resume after the last ')'.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(string(stat[i+1:]))
	const startField = 22 - 3 // field 22, counting from field 3 (state)
	if len(f) <= startField {
		return ""
	}
	return strings.TrimSpace(string(boot)) + ":" + f[startField]
}
