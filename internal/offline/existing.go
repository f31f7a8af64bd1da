package offline

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/textkey"
)

// known is what memory already says or is already proposed: candidates
// matching it are not proposed again.
type known struct {
	lines   []string          // memory lines: MEMORY.md, topic files, GEMINI.md, pending additions
	text    strings.Builder   // all of it, for command look-ups
	skills  map[string]bool   // lower-case skill names: installed and drafted
	drafts  []string          // bodies of existing skill drafts
	from    map[string]string // memory file of each line read from disk
	removed map[string]bool   // lines a pending patch already removes
}

func (k *known) addText(s string) {
	k.text.WriteString(s)
	k.text.WriteByte('\n')
	for _, ln := range strings.Split(s, "\n") {
		ln = strings.TrimSpace(ln)
		if ln == "" || strings.HasPrefix(ln, "#") || strings.HasPrefix(ln, "---") {
			continue
		}
		k.lines = append(k.lines, ln)
	}
}

// has reports whether a fact is already stated.
func (k *known) has(line string) bool {
	n := textkey.Normalize(line)
	for _, l := range k.lines {
		if !k.removed[l] && says(l, line, n) {
			return true
		}
	}
	return false
}

// hadPending reports whether a line a pending patch takes out of memory
// states line: the patch's new line is the person's answer to it, pending
// review. The run that wrote that patch read line against the memory line
// still standing (has) and proposed nothing; the next run must not propose
// it either.
func (k *known) hadPending(line string) bool {
	n := textkey.Normalize(line)
	for l := range k.removed {
		if says(l, line, n) {
			return true
		}
	}
	return false
}

// holds reports whether a memory line holds line's very words.
func (k *known) holds(line string) bool {
	n := textkey.Normalize(line)
	for _, l := range k.lines {
		if !k.removed[l] && holdsPhrase(strings.ToLower(l), n) {
			return true
		}
	}
	return false
}

// says reports whether memory line l states line (n: its normalised
// form): the same fact (sameFact), or line's very words inside l. The
// second is how a sentence of a line a run proposed is found again in the
// next run ("No jQuery." of "No jQuery. Use the DOM API."), however short.
func says(l, line, n string) bool {
	return sameFact(line, l) || holdsPhrase(strings.ToLower(l), n)
}

// holdsPhrase reports whether phrase is in s as whole words: not "no" in
// "nothing".
func holdsPhrase(s, phrase string) bool {
	if phrase == "" {
		return false
	}
	word := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b >= 0x80 }
	for from := 0; ; {
		i := strings.Index(s[from:], phrase)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(phrase)
		if (i == 0 || !word(s[i-1])) && (end == len(s) || !word(s[end])) {
			return true
		}
		from = i + 1
	}
}

// namesRetired reports whether line names a value (distinctTokens) that
// only lines an edit removes hold, as a word of its own or a part of a
// joined name ("SB1" of "4471203_SB1"): the old value, told as gone.
func (k *known) namesRetired(line string) bool {
	for t := range distinctTokens(line) {
		if !hasDigit(t) {
			continue
		}
		gone, held := false, false
		for _, l := range k.lines {
			if !hasWord(strings.ToLower(l), t) && !joinedPart(l, t) {
				continue
			}
			if k.removed[l] {
				gone = true
			} else {
				held = true
			}
		}
		if gone && !held {
			return true
		}
	}
	return false
}

// joinedPart reports whether t (lower-case) is a part of a name of line
// joined with an underscore or a hyphen: "sb1" of "4471203_SB1".
func joinedPart(line, t string) bool {
	for _, f := range strings.Fields(strings.ToLower(line)) {
		parts := strings.FieldsFunc(strings.Trim(f, "`'\".,;:!?()"), func(r rune) bool { return r == '_' || r == '-' })
		if len(parts) > 1 && slices.Contains(parts, t) {
			return true
		}
	}
	return false
}

// mentions reports whether a command already appears in memory text as
// code. Prose names a command only in passing: "pytest fixtures" says
// nothing about running `pytest`, nor "the content is built on dotnet
// build" that `dotnet build` is one of the project's checks.
func (k *known) mentions(cmd string) bool {
	for _, span := range backticked(k.text.String()) {
		if span == cmd || strings.HasPrefix(span, cmd+" ") || strings.Contains(cmd, " ") && strings.Contains(span, cmd) {
			return true
		}
	}
	return false
}

// loadKnown reads the memory dir's markdown files, the global GEMINI.md, the
// added lines of pending inbox patches and the skill drafts.
func loadKnown(d memdir.Dir, skillNames []string) (*known, error) {
	memoryDir, globalPath := d.Targets.MemoryDir, d.Targets.GlobalMemory
	k := &known{skills: map[string]bool{}, from: map[string]string{}, removed: map[string]bool{}}
	for _, n := range skillNames {
		k.skills[strings.ToLower(n)] = true
	}
	var entries []os.DirEntry
	var err error
	if memoryDir != "" {
		entries, err = os.ReadDir(memoryDir)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("list memory dir %s: %w", memoryDir, err)
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") || !strings.HasSuffix(strings.ToLower(name), ".md") {
			continue
		}
		if err := k.addFile(filepath.Join(memoryDir, name)); err != nil {
			return nil, err
		}
	}
	for _, f := range []string{globalPath, d.Targets.ProjectMemory} {
		if f == "" {
			continue
		}
		if err := k.addFile(f); err != nil {
			return nil, err
		}
	}
	for _, kind := range memdir.Kinds() {
		dir := d.Inbox(kind)
		pend, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range pend {
			if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".patch") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				continue
			}
			k.addPatch(data)
		}
	}
	skillsDir := d.Skills()
	drafts, _ := os.ReadDir(skillsDir)
	for _, e := range drafts {
		if e.IsDir() {
			k.skills[strings.ToLower(e.Name())] = true
			if data, err := os.ReadFile(filepath.Join(skillsDir, e.Name(), "SKILL.md")); err == nil {
				k.drafts = append(k.drafts, string(data))
			}
		}
	}
	return k, nil
}

func (k *known) addFile(path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read memory file %s: %w", path, err)
	}
	k.addText(string(data))
	for _, ln := range strings.Split(string(data), "\n") {
		if t := strings.TrimSpace(ln); t != "" && k.from[t] == "" {
			k.from[t] = path
		}
	}
	return nil
}

// addPatch records the lines a pending patch would add. A patch that does
// not parse still counts line by line, so a broken pending patch never makes
// the extractor propose its content again.
func (k *known) addPatch(data []byte) {
	p, err := patch.Parse(data)
	if err != nil {
		for _, ln := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(ln, "+") && !strings.HasPrefix(ln, "+++") {
				k.addText(ln[1:])
			}
		}
		return
	}
	for _, f := range p.Files {
		for _, h := range f.Hunks {
			for _, l := range h.Lines {
				if l.Op == patch.Add {
					k.addText(l.Text)
				}
				if l.Op == patch.Delete {
					k.removed[strings.TrimSpace(l.Text)] = true
				}
			}
		}
	}
}

// coversSteps reports whether an existing draft already lists every step.
func (k *known) coversSteps(steps []string) bool {
	for _, d := range k.drafts {
		all := true
		for _, s := range steps {
			if !strings.Contains(d, s) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
