package scan

import (
	"os"
)

// fileStat is what a scan needs of a file's Lstat.
type fileStat struct {
	regular, dir bool
	size         int64
	mtimeNs      int64
}

func osLstat(path string) (fileStat, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return fileStat{}, err
	}
	return fileStat{regular: fi.Mode().IsRegular(), dir: fi.IsDir(), size: fi.Size(), mtimeNs: fi.ModTime().UnixNano()}, nil
}
