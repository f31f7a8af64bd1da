package transcript

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// ErrNotRegular is returned for a path that is not a regular file (a FIFO, a
// device, a directory or a symlink): opening a FIFO would block the whole
// scan, and following links would let a transcript directory point anywhere.
var ErrNotRegular = errors.New("not a regular file")

// ErrNotSession is returned when a file holds no session metadata at all, so
// it cannot be attributed to any session.
var ErrNotSession = errors.New("no session metadata")

// zstdMaxWindow bounds the decoder's memory for compressed Codex rollouts.
const zstdMaxWindow = 32 << 20

// openRegular opens path for reading only if it is a regular file. Where the
// platform allows, the open itself refuses symlinks (O_NOFOLLOW) and cannot
// block on a FIFO (O_NONBLOCK), so one fstat settles the rest; elsewhere an
// Lstat comes first. It returns the file size.
func openRegular(path string) (*os.File, int64, error) {
	if !openChecks {
		fi, err := os.Lstat(path)
		if err != nil {
			return nil, 0, fmt.Errorf("open transcript %s: %w", path, err)
		}
		if !fi.Mode().IsRegular() {
			return nil, 0, fmt.Errorf("open transcript %s: %w", path, ErrNotRegular)
		}
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		if isSymlinkErr(err) {
			return nil, 0, fmt.Errorf("open transcript %s: %w", path, ErrNotRegular)
		}
		return nil, 0, fmt.Errorf("open transcript %s: %w", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, 0, fmt.Errorf("stat transcript %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		_ = f.Close()
		return nil, 0, fmt.Errorf("open transcript %s: %w", path, ErrNotRegular)
	}
	return f, fi.Size(), nil
}

// isZstd says whether a transcript name denotes a zstd-compressed rollout.
func isZstd(path string) bool { return strings.HasSuffix(path, ".zst") }

// zstdTail turns a decode error into a clean end of input and remembers it,
// so a corrupt or truncated compressed rollout still yields what came before.
type zstdTail struct {
	r      io.Reader
	broken bool
}

func (z *zstdTail) Read(p []byte) (int, error) {
	n, err := z.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		z.broken = true
		return n, io.EOF
	}
	return n, err
}

// decompress wraps r in a zstd decoder with bounded memory. The returned
// close function releases the decoder.
func decompress(r io.Reader) (*zstdTail, func(), error) {
	d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
		zstd.WithDecoderMaxWindow(zstdMaxWindow))
	if err != nil {
		return nil, func() {}, fmt.Errorf("open zstd stream: %w", err)
	}
	return &zstdTail{r: d}, d.Close, nil
}
