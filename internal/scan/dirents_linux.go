//go:build linux

package scan

import (
	"encoding/binary"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// eachEntry calls fn with the name and type of every entry of dir but "."
// and "..", in directory order. It reads the linux_dirent64 records of
// getdents64 itself, 64 KiB at a time: os.File.ReadDir allocates an
// os.DirEntry and a name string per entry (a chats dir holds thousands)
// and asks for 8 KiB per call. name is only valid during the call. An
// entry whose type the file system does not record (DT_UNKNOWN) is
// Lstat'ed, as os.ReadDir does.
func eachEntry(dir string, fn func(name []byte, typ fs.FileMode)) error {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	for err == unix.EINTR {
		fd, err = unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	}
	if err != nil {
		return &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	defer func() { _ = unix.Close(fd) }()
	buf := make([]byte, 64<<10)
	for {
		n, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return &fs.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			return nil
		}
		for b := buf[:n]; len(b) >= 19; {
			// d_ino u64, d_off s64, d_reclen u16, d_type u8, d_name (NUL-terminated, padded)
			reclen := int(binary.NativeEndian.Uint16(b[16:18]))
			if reclen < 19 || reclen > len(b) {
				return &fs.PathError{Op: "readdirent", Path: dir, Err: unix.EIO}
			}
			name := b[19:reclen]
			for i, c := range name {
				if c == 0 {
					name = name[:i]
					break
				}
			}
			typ, dtype := fs.FileMode(0), b[18]
			b = b[reclen:]
			if len(name) == 0 || string(name) == "." || string(name) == ".." {
				continue
			}
			switch dtype {
			case unix.DT_REG:
			case unix.DT_DIR:
				typ = fs.ModeDir
			case unix.DT_UNKNOWN:
				fi, err := os.Lstat(filepath.Join(dir, string(name)))
				if err != nil {
					continue // gone since the listing
				}
				typ = fi.Mode().Type()
			default:
				typ = fs.ModeIrregular // a link, device, pipe or socket: never a transcript
			}
			fn(name, typ)
		}
	}
}
