package offline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
)

// All patch-engine calls of the offline extractor are in this file: merge
// new lines into the one canonical extraction.patch of a kind, so that
// exactly one valid patch per kind remains, as Gemini's inbox expects.

// section is a heading and the lines to add under it.
type section struct {
	heading string // "## Conventions"
	lines   []string
}

// replacement is a memory line to rewrite in place: a newer value, or a
// structured line (verification commands) that gained or lost an entry.
type replacement struct {
	path     string // the memory file holding the line
	old, new string // the line as it stands (trimmed), and its new text
}

// mergeIntoPatch applies the kind's pending extraction patch (if any) in
// memory, adds the lines to target under their headings, and rewrites that
// patch as one patch from the files on disk to that result. newFileHeading is the
// first line of target when it must be created ("# Project Memory"; empty
// for none). It returns whether the patch was written.
func mergeIntoPatch(dir memdir.Dir, kind patch.Kind, target, newFileHeading string, secs []section, repl []replacement) (bool, error) {
	patchPath, roots := dir.ExtractionPatch(kind), kindRoots(dir)
	origs := map[string][]byte{}
	exists := map[string]bool{}
	cur := map[string][]byte{}
	var order []string
	load := func(path string) error {
		if _, ok := cur[path]; ok {
			return nil
		}
		data, err := os.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			origs[path], cur[path] = nil, nil
		case err != nil:
			return fmt.Errorf("read memory target %s: %w", path, err)
		default:
			origs[path], cur[path], exists[path] = data, data, true
		}
		order = append(order, path)
		return nil
	}
	pending, err := os.ReadFile(patchPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return false, fmt.Errorf("read pending patch %s: %w", patchPath, err)
	default:
		p, err := patch.Parse(pending)
		if err != nil {
			return false, fmt.Errorf("parse pending patch %s: %w", patchPath, err)
		}
		for _, f := range p.Files {
			if err := load(f.Path); err != nil {
				return false, err
			}
			out, err := patch.ApplyText(cur[f.Path], f)
			if err != nil {
				return false, fmt.Errorf("apply pending patch %s to %s: %w", patchPath, f.Path, err)
			}
			cur[f.Path] = out
		}
	}
	if err := load(target); err != nil {
		return false, err
	}
	text := string(cur[target])
	if text == "" && newFileHeading != "" {
		text = newFileHeading + "\n"
	}
	for _, s := range secs {
		text = addUnderHeading(text, s.heading, s.lines)
	}
	cur[target] = []byte(text)
	for _, r := range repl {
		if err := load(r.path); err != nil {
			return false, err
		}
		out, ok := replaceLine(string(cur[r.path]), r.old, r.new)
		if !ok {
			return false, fmt.Errorf("replace line in %s: %q is not there", r.path, r.old)
		}
		cur[r.path] = []byte(out)
	}

	out := &patch.Patch{}
	for _, path := range order {
		var old []byte
		if exists[path] {
			old = origs[path]
			if old == nil {
				old = []byte{}
			}
		}
		if f := patch.Diff(path, old, cur[path]); f != nil {
			out.Files = append(out.Files, f)
		}
	}
	if len(out.Files) == 0 {
		return false, nil
	}
	data := out.Bytes()
	// The result must be a patch the engine itself accepts for this kind.
	re, err := patch.Parse(data)
	if err != nil {
		return false, fmt.Errorf("generated patch does not parse: %w", err)
	}
	if err := patch.Check(re, roots, kind); err != nil {
		return false, fmt.Errorf("generated patch refused: %w", err)
	}
	rel, err := filepath.Rel(dir.Data, patchPath)
	if err != nil {
		return false, fmt.Errorf("patch path %s: %w", patchPath, err)
	}
	if err := writeUnder(dir.Data, rel, data); err != nil {
		return false, fmt.Errorf("write patch: %w", err)
	}
	return true, nil
}

// addUnderHeading appends "- line" items at the end of the section with the
// given heading, creating the section at the end of the text when absent.
func addUnderHeading(text, heading string, lines []string) string {
	if len(lines) == 0 {
		return text
	}
	var items []string
	for _, l := range lines {
		items = append(items, "- "+l)
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	all := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if text == "" {
		all = nil
	}
	start := -1
	for i, ln := range all {
		if strings.EqualFold(strings.TrimSpace(ln), heading) {
			start = i
			break
		}
	}
	if start < 0 {
		if len(all) > 0 && strings.TrimSpace(all[len(all)-1]) != "" {
			all = append(all, "")
		}
		all = append(all, heading, "")
		all = append(all, items...)
		return strings.Join(all, "\n") + "\n"
	}
	// End of the section: the next heading of the same or higher level.
	level := strings.Count(strings.Fields(heading)[0], "#")
	end := len(all)
	for i := start + 1; i < len(all); i++ {
		t := strings.TrimSpace(all[i])
		if strings.HasPrefix(t, "#") {
			h := strings.Fields(t)[0]
			if strings.Trim(h, "#") == "" && len(h) <= level {
				end = i
				break
			}
		}
	}
	// Insert after the last non-blank line of the section.
	at := end
	for at > start+1 && strings.TrimSpace(all[at-1]) == "" {
		at--
	}
	if at == start+1 {
		items = append([]string{""}, items...)
	}
	res := append([]string{}, all[:at]...)
	res = append(res, items...)
	res = append(res, all[at:]...)
	return strings.Join(res, "\n") + "\n"
}

// replaceLine rewrites the line whose trimmed text is old, keeping its
// indentation and list marker.
func replaceLine(text, old, new string) (string, bool) {
	lines := strings.Split(text, "\n")
	for i, ln := range lines {
		if strings.TrimSpace(ln) != old {
			continue
		}
		indent := ln[:len(ln)-len(strings.TrimLeft(ln, " \t"))]
		marker := ""
		for _, m := range []string{"- ", "* ", "+ "} {
			if strings.HasPrefix(old, m) {
				marker = m
			}
		}
		lines[i] = indent + marker + new
		return strings.Join(lines, "\n"), true
	}
	return text, false
}
