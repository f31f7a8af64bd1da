package sandbox

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// Search caps: a hostile or confused model cannot make a walk or an answer
// unbounded.
const (
	maxWalkEntries  = 20000
	maxGlobResults  = 500
	maxGrepMatches  = 100
	maxGrepLine     = 300
	maxGrepOutput   = 32 << 10
	maxGrepFileSize = 1 << 20
	maxPatternLen   = 1024
)

// errWalkCap stops a walk that visited too many entries.
var errWalkCap = errors.New("walk cap reached")

// Glob answers glob: pattern is relative to dir (the memory dir when empty),
// '*' and '?' match within a path segment, '**' matches any number of
// segments. Symlinks are listed when they match but never descended, so
// loops terminate; results are absolute paths inside the root.
func (s *Sandbox) Glob(pattern, dir string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const op = "glob"
	segs, err := checkPattern(op, pattern)
	if err != nil {
		return "", err
	}
	t, err := s.searchRoot(op, dir)
	if err != nil {
		return "", err
	}
	var found []string
	capped, err := walk(t, func(rel string, d fs.DirEntry) bool {
		if matchSegments(segs, strings.Split(rel, "/")) {
			found = append(found, path.Join(t.abs, rel))
		}
		return len(found) < maxGlobResults
	})
	if err != nil {
		return "", classify(op, dir, err)
	}
	sort.Strings(found)
	if len(found) == 0 {
		return fmt.Sprintf("No files found matching %q in %s.", pattern, t.abs), nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Found %d path(s) matching %q in %s:\n", len(found), pattern, t.abs)
	for _, f := range found {
		b.WriteString(f + "\n")
	}
	if capped {
		b.WriteString("[search stopped at its cap; narrow the pattern]\n")
	}
	return b.String(), nil
}

// GrepSearch answers grep_search: pattern is an RE2 regular expression
// searched line by line in the regular files under dir (the memory dir when
// empty) whose name matches include (all when empty). Matches, line length,
// file size and output are capped; symlinks are never followed.
func (s *Sandbox) GrepSearch(pattern, dir, include string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	const op = "grep_search"
	if pattern == "" || len(pattern) > maxPatternLen {
		return "", &Error{Op: op, Path: dir, Reason: Invalid, Detail: "pattern empty or too long"}
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", &Error{Op: op, Path: dir, Reason: Invalid, Detail: "bad regular expression: " + err.Error()}
	}
	var inc []string
	if include != "" {
		if inc, err = checkPattern(op, include); err != nil {
			return "", err
		}
	}
	t, err := s.searchRoot(op, dir)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	matches := 0
	full := false
	capped, err := walk(t, func(rel string, d fs.DirEntry) bool {
		if !d.Type().IsRegular() {
			return true
		}
		if inc != nil && !matchInclude(inc, rel) {
			return true
		}
		data, _, err := readRegular(t.root.r, path.Join(t.rel, rel), maxGrepFileSize)
		if err != nil || bytes.IndexByte(data[:min(len(data), 8192)], 0) >= 0 {
			return true
		}
		for i, line := range strings.Split(string(data), "\n") {
			if !re.MatchString(line) {
				continue
			}
			if len(line) > maxGrepLine {
				line = line[:maxGrepLine] + "…"
			}
			entry := fmt.Sprintf("%s:%d: %s\n", path.Join(t.abs, rel), i+1, line)
			if matches == maxGrepMatches || b.Len()+len(entry) > maxGrepOutput {
				full = true
				return false
			}
			b.WriteString(entry)
			matches++
		}
		return true
	})
	if err != nil {
		return "", classify(op, dir, err)
	}
	if matches == 0 {
		return fmt.Sprintf("No matches for %q in %s.", pattern, t.abs), nil
	}
	head := fmt.Sprintf("Found %d match(es) for %q in %s:\n", matches, pattern, t.abs)
	if full || capped {
		b.WriteString("[results capped; narrow the search]\n")
	}
	return head + b.String(), nil
}

// searchRoot resolves the directory of a glob or grep.
func (s *Sandbox) searchRoot(op, dir string) (target, error) {
	if dir == "" {
		return target{abs: s.mem.abs, root: s.mem, rel: "."}, nil
	}
	t, err := s.resolve(op, dir)
	if err != nil {
		return target{}, err
	}
	if t.transcript || t.extra {
		return target{}, &Error{Op: op, Path: dir, Reason: Invalid, Detail: "not a directory"}
	}
	return t, nil
}

// checkPattern rejects absolute patterns and any '..' segment, so a pattern
// can only ever name paths below the search directory.
func checkPattern(op, pattern string) ([]string, error) {
	if pattern == "" || len(pattern) > maxPatternLen || strings.ContainsRune(pattern, 0) {
		return nil, &Error{Op: op, Path: pattern, Reason: Invalid, Detail: "pattern empty or too long"}
	}
	if strings.HasPrefix(pattern, "/") || strings.HasPrefix(pattern, "~") {
		return nil, &Error{Op: op, Path: pattern, Reason: Outside, Detail: "patterns must be relative to dir_path"}
	}
	segs := strings.Split(strings.Trim(pattern, "/"), "/")
	for _, sg := range segs {
		if sg == ".." {
			return nil, &Error{Op: op, Path: pattern, Reason: Outside, Detail: "'..' is not allowed in patterns"}
		}
		if sg != "**" {
			if _, err := path.Match(sg, ""); err != nil {
				return nil, &Error{Op: op, Path: pattern, Reason: Invalid, Detail: "bad pattern"}
			}
		}
	}
	return segs, nil
}

// walk visits every entry below t without following symlinks, calling fn
// with the slash path relative to t. fn returns false to stop. capped
// reports that the entry cap stopped the walk.
func walk(t target, fn func(rel string, d fs.DirEntry) bool) (capped bool, err error) {
	fsys := t.root.r.FS()
	n := 0
	stop := errors.New("stop")
	err = fs.WalkDir(fsys, t.rel, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == t.rel {
				return err
			}
			return nil // unreadable subdirectory: skip it
		}
		if p == t.rel {
			if !d.IsDir() {
				return errNotDir
			}
			return nil
		}
		n++
		if n > maxWalkEntries {
			return errWalkCap
		}
		rel := strings.TrimPrefix(p, t.rel+"/")
		if t.rel == "." {
			rel = p
		}
		if !fn(rel, d) {
			return stop
		}
		return nil
	})
	switch {
	case errors.Is(err, errWalkCap):
		return true, nil
	case errors.Is(err, stop):
		return false, nil
	}
	return false, err
}

// matchSegments matches path segments against pattern segments, where "**"
// matches zero or more whole segments. It is iterative over the pattern with
// bounded backtracking on the last "**" seen.
func matchSegments(pat, name []string) bool {
	pi, ni := 0, 0
	starP, starN := -1, 0
	for ni < len(name) {
		switch {
		case pi < len(pat) && pat[pi] == "**":
			starP, starN = pi, ni
			pi++
		case pi < len(pat) && segMatch(pat[pi], name[ni]):
			pi++
			ni++
		case starP >= 0:
			starN++
			pi, ni = starP+1, starN
		default:
			return false
		}
	}
	for pi < len(pat) && pat[pi] == "**" {
		pi++
	}
	return pi == len(pat)
}

func segMatch(pat, name string) bool {
	ok, err := path.Match(pat, name)
	return err == nil && ok
}

// matchInclude applies an include filter: a pattern without '/' matches the
// base name, otherwise the relative path.
func matchInclude(inc []string, rel string) bool {
	if len(inc) == 1 {
		return segMatch(inc[0], path.Base(rel))
	}
	return matchSegments(inc, strings.Split(rel, "/"))
}
