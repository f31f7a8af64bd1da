package render

import (
	"errors"
	"fmt"
	"sync"

	"github.com/automem/automem/internal/transcript"
)

// ErrNotOffered is returned (wrapped) by Pager.Page for a path that was not
// offered in this run.
var ErrNotOffered = errors.New("transcript not offered")

// Pager serves read_file on the transcripts offered in one run: each file
// is read and rendered once, on first request, and pages are cut from that
// rendering. Its Page method has the shape of the sandbox's RenderFunc.
// It is safe for concurrent use.
type Pager struct {
	sources map[string]transcript.Source
	red     Redact
	opt     Options

	mu    sync.Mutex
	cache map[string]*Rendering
}

// NewPager returns a Pager for the offered transcripts (absolute path →
// the agent that wrote it).
func NewPager(offered map[string]transcript.Source, red Redact, opt Options) *Pager {
	src := make(map[string]transcript.Source, len(offered))
	for p, s := range offered {
		src[p] = s
	}
	return &Pager{sources: src, red: red, opt: opt, cache: map[string]*Rendering{}}
}

// Page returns lines [offset, offset+limit) of the rendering of path.
func (p *Pager) Page(path string, offset, limit int) (string, error) {
	src, ok := p.sources[path]
	if !ok {
		return "", fmt.Errorf("render %s: %w", path, ErrNotOffered)
	}
	p.mu.Lock()
	r, ok := p.cache[path]
	p.mu.Unlock()
	if !ok {
		var err error
		if r, err = File(path, src, p.red, p.opt); err != nil {
			return "", err
		}
		p.mu.Lock()
		p.cache[path] = r
		p.mu.Unlock()
	}
	return r.Page(offset, limit), nil
}
