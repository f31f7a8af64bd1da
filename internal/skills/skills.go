// Package skills checks and promotes skill drafts the extractor left in the
// inbox (<memoryDir>/skills/<dir>/) into the user's or the workspace's skill
// folder. Promotion is where a draft becomes something Gemini CLI loads and
// may run, so every check here is done on the files themselves, never on
// what a model said about them: frontmatter rules, name collisions after
// Gemini's normalisation, no symlinks, executable files shown and confirmed,
// and an all-or-nothing copy.
package skills

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// MaxNameLen bounds a skill name (Gemini's skill-creator rule: under 64).
const MaxNameLen = 64

var hyphenCase = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// File is one file of a draft, relative to the draft folder.
type File struct {
	Rel  string
	Mode fs.FileMode
	Exec bool
	Size int64
}

// Draft is a checked skill draft.
type Draft struct {
	Dir         string
	Name        string
	Description string
	// Agents are the agents the draft is meant for (metadata.agents in
	// its frontmatter); nil when it names none.
	Agents []string
	Files  []File
}

// HasExec reports whether any file of the draft is executable.
func (d *Draft) HasExec() bool {
	for _, f := range d.Files {
		if f.Exec {
			return true
		}
	}
	return false
}

// Frontmatter reads the name and description of a SKILL.md: the block
// between the first two "---" lines, as key: value pairs.
func Frontmatter(data []byte) (name, description string, err error) {
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != "---" {
		return "", "", errors.New("SKILL.md has no frontmatter (--- block)")
	}
	closed := false
	fields := map[string]string{}
	var last string
	for _, l := range lines[1:] {
		if strings.TrimSpace(l) == "---" {
			closed = true
			break
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		if l[0] == ' ' || l[0] == '\t' {
			if last == "description" {
				return "", "", errors.New("description must be one line")
			}
			continue
		}
		k, v, ok := strings.Cut(l, ":")
		if !ok {
			return "", "", fmt.Errorf("frontmatter line %q is not key: value", l)
		}
		last = strings.TrimSpace(k)
		fields[last] = unquote(strings.TrimSpace(v))
	}
	if !closed {
		return "", "", errors.New("frontmatter is not closed by ---")
	}
	name, description = fields["name"], fields["description"]
	if name == "" {
		return "", "", errors.New("frontmatter has no name")
	}
	if description == "" || description == ">" || description == "|" || strings.HasPrefix(description, ">") || strings.HasPrefix(description, "|") {
		return "", "", errors.New("frontmatter needs a one line description")
	}
	return name, description, nil
}

func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

// CheckName enforces Gemini's naming rule: hyphen-case, under 64 characters,
// and never a path (/, \, ., ..).
func CheckName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("skill name %q is not allowed", name)
	}
	if len(name) >= MaxNameLen {
		return fmt.Errorf("skill name %q is %d characters, must be under %d", name, len(name), MaxNameLen)
	}
	if !hyphenCase.MatchString(name) {
		return fmt.Errorf("skill name %q is not hyphen-case", name)
	}
	return nil
}

// Normalize is the name Gemini compares skills by: lower-case, with
// :\/<>*?"| turned into '-'.
func Normalize(name string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if strings.ContainsRune(`:\/<>*?"|`, r) {
			return '-'
		}
		return r
	}, strings.TrimSpace(name)))
}

// Load checks a draft folder: SKILL.md frontmatter, name and folder name
// rules, and that every entry is a regular file or directory (symlinks and
// devices are refused, wherever they point).
func Load(dir string) (*Draft, error) {
	base := filepath.Base(dir)
	if base == "." || base == ".." || strings.ContainsAny(base, `/\`) {
		return nil, fmt.Errorf("draft folder name %q is not allowed", base)
	}
	data, err := os.ReadFile(filepath.Join(dir, "SKILL.md"))
	if err != nil {
		return nil, fmt.Errorf("read draft %s: %w", dir, err)
	}
	name, desc, err := Frontmatter(data)
	if err != nil {
		return nil, fmt.Errorf("draft %s: %w", base, err)
	}
	if err := CheckName(name); err != nil {
		return nil, fmt.Errorf("draft %s: %w", base, err)
	}
	d := &Draft{Dir: dir, Name: name, Description: desc, Agents: Agents(data)}
	err = filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch {
		case e.Type()&fs.ModeSymlink != 0:
			return fmt.Errorf("draft %s: %s is a symlink; symlinks are refused", base, rel)
		case e.IsDir():
			return nil
		case !e.Type().IsRegular():
			return fmt.Errorf("draft %s: %s is not a regular file", base, rel)
		}
		fi, err := e.Info()
		if err != nil {
			return err
		}
		d.Files = append(d.Files, File{Rel: filepath.ToSlash(rel), Mode: fi.Mode().Perm(), Exec: fi.Mode().Perm()&0o111 != 0, Size: fi.Size()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("check draft: %w", err)
	}
	sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].Rel < d.Files[j].Rel })
	return d, nil
}

// Collision finds a skill under root that Gemini would treat as the same
// one: same folder, or a name equal after normalisation, ignoring case. It
// returns the colliding folder, or "" when there is none.
func Collision(root, folder, name string) (string, error) {
	ents, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read skills %s: %w", root, err)
	}
	want := map[string]bool{Normalize(name): true, Normalize(folder): true}
	for _, e := range ents {
		p := filepath.Join(root, e.Name())
		if want[Normalize(e.Name())] {
			return p, nil
		}
		if !e.IsDir() {
			continue
		}
		if data, err := os.ReadFile(filepath.Join(p, "SKILL.md")); err == nil {
			if n, _, err := Frontmatter(data); err == nil && want[Normalize(n)] {
				return p, nil
			}
		}
	}
	return "", nil
}
