package offline

// The evaluation corpus in testdata/offline-eval is written as small
// scripts (see its README.md); this file parses them and renders each
// session in its agent's real record shapes with the corpus writers.

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

const evalDir = "../../testdata/offline-eval"

// matcher is a list of strings a text must contain (want) and must not
// contain (not), case-insensitively.
type matcher struct{ want, not []string }

func parseMatcher(s string) matcher {
	var m matcher
	for _, p := range strings.Split(s, "|") {
		p = strings.ToLower(strings.TrimSpace(p))
		switch {
		case p == "":
		case strings.HasPrefix(p, "!"):
			m.not = append(m.not, p[1:])
		default:
			m.want = append(m.want, p)
		}
	}
	return m
}

func (m matcher) match(text string) bool {
	l := strings.ToLower(text)
	for _, w := range m.want {
		if !strings.Contains(l, w) {
			return false
		}
	}
	for _, n := range m.not {
		if strings.Contains(l, n) {
			return false
		}
	}
	return len(m.want) > 0
}

// evalItem is a labelled fact (kind memory, global, verification, skill) or
// a distractor (kind "not").
type evalItem struct {
	id, kind, category, why string
	m                       matcher
}

type evalSession struct {
	format string
	day    time.Time
	turns  []turn
}

type evalProject struct {
	name, root, file string
	files            map[string]string // MEMORY.md, GEMINI.md → content
	items            []evalItem
	conflicts        [][2]matcher
	sessions         []evalSession
}

var slashRe = regexp.MustCompile(`^/([a-z][\w:-]*)(?:\s+(.*))?$`)

// parseEvalProject reads one project script.
func parseEvalProject(path string) (*evalProject, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := &evalProject{file: filepath.Base(path), files: map[string]string{}}
	var curFile string
	var cur *turn // the item "| " lines continue
	var out *turn // the command "<" lines belong to
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	fail := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", path, n, fmt.Sprintf(format, a...))
	}
	for sc.Scan() {
		n++
		ln := sc.Text()
		if ln == "|" || strings.HasPrefix(ln, "| ") {
			body := strings.TrimPrefix(strings.TrimPrefix(ln, "|"), " ")
			switch {
			case curFile != "" && cur == nil:
				p.files[curFile] += body + "\n"
			case cur != nil && cur.user != "":
				cur.user += "\n" + body
			case cur != nil && cur.cmd != "":
				cur.cmd += "\n" + body
			default:
				return nil, fail("continuation without an item")
			}
			continue
		}
		if strings.TrimSpace(ln) == "" || strings.HasPrefix(ln, "#") {
			cur, curFile = nil, ""
			continue
		}
		word, rest, _ := strings.Cut(ln, " ")
		var s *evalSession
		if len(p.sessions) > 0 {
			s = &p.sessions[len(p.sessions)-1]
		}
		addTurn := func(t turn) *turn {
			if s == nil {
				return nil
			}
			s.turns = append(s.turns, t)
			return &s.turns[len(s.turns)-1]
		}
		switch word {
		case "project":
			f := strings.Fields(rest)
			if len(f) != 2 {
				return nil, fail("project wants a name and a root")
			}
			p.name, p.root = f[0], f[1]
		case "file":
			curFile, cur = rest, nil
		case "fact", "not":
			head, tail, ok := strings.Cut(rest, " :: ")
			if !ok {
				return nil, fail("item without ::")
			}
			match, why, _ := strings.Cut(tail, " :: ")
			f := strings.Fields(head)
			it := evalItem{why: why, m: parseMatcher(match)}
			switch {
			case word == "fact" && len(f) == 3:
				it.id, it.kind, it.category = f[0], f[1], f[2]
			case word == "not" && len(f) == 2:
				it.id, it.kind, it.category = f[0], "not", f[1]
			default:
				return nil, fail("bad item head %q", head)
			}
			p.items = append(p.items, it)
		case "conflict":
			parts := strings.Split(strings.TrimPrefix(rest, ":: "), " :: ")
			if len(parts) != 2 {
				return nil, fail("conflict wants two matchers")
			}
			p.conflicts = append(p.conflicts, [2]matcher{parseMatcher(parts[0]), parseMatcher(parts[1])})
		case "session":
			f := strings.Fields(rest)
			if len(f) != 2 {
				return nil, fail("session wants a format and a date")
			}
			day, err := time.Parse("2006-01-02", f[1])
			if err != nil {
				return nil, fail("%v", err)
			}
			p.sessions = append(p.sessions, evalSession{format: f[0], day: day.Add(9 * time.Hour)})
			cur, out = nil, nil
		case ">":
			cur = addTurn(turn{user: rest})
		case "$":
			cur = addTurn(turn{cmd: rest, out: "ok"})
			out = cur
		case "!":
			cur = addTurn(turn{cmd: rest, cancelled: true})
			out = nil
		case "<":
			if out == nil {
				return nil, fail("output without a command")
			}
			if out.out == "ok" {
				out.out = rest
			} else {
				out.out += "\n" + rest
			}
			cur = nil
		case "=":
			cur = addTurn(turn{say: rest})
		default:
			return nil, fail("unknown line %q", ln)
		}
		if s == nil && strings.ContainsAny(word, "$>!<=") {
			return nil, fail("turn before the first session")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if p.name == "" || len(p.sessions) == 0 {
		return nil, fmt.Errorf("%s: no project line or no session", path)
	}
	return p, nil
}

// renderEval writes the project's sessions under dir in each agent's layout
// and returns the transcript paths with their source, oldest first.
func renderEval(dir string, p *evalProject, seed int) ([][2]string, error) {
	var out [][2]string
	for i, s := range p.sessions {
		id := corpusID(100000*seed + i)
		start := s.day.Add(time.Duration(i) * time.Minute)
		turns := s.turns
		var rel, body string
		switch s.format {
		case "gemini":
			rel = filepath.Join("gemini", "tmp", p.name, "chats", fmt.Sprintf("session-%s-%s.jsonl", start.Format("2006-01-02T15-04"), id[:8]))
			body = geminiFile(id, p.root, start, turns)
			if err := writeFile(filepath.Join(dir, "gemini", "tmp", p.name, ".project_root"), p.root+"\n"); err != nil {
				return nil, err
			}
		case "claude":
			// A custom slash command is recorded the way Claude Code
			// records one: the command and its typed arguments in tags.
			turns = append([]turn(nil), turns...)
			for k, t := range turns {
				if m := slashRe.FindStringSubmatch(t.user); m != nil {
					turns[k].user = fmt.Sprintf("<command-message>%s is running…</command-message>\n<command-name>/%s</command-name>\n<command-args>%s</command-args>", m[1], m[1], m[2])
				}
			}
			rel = filepath.Join("claude", "projects", strings.ReplaceAll(p.root, "/", "-"), id+".jsonl")
			body = claudeFile(id, p.root, start, turns)
		case "codex":
			rel = filepath.Join("codex", "sessions", start.Format("2006/01/02"), fmt.Sprintf("rollout-%s-%s.jsonl", start.Format("2006-01-02T15-04-05"), id))
			body = codexFile(id, p.root, start, turns)
		default:
			return nil, fmt.Errorf("%s: unknown format %q", p.file, s.format)
		}
		if err := writeFile(filepath.Join(dir, rel), body); err != nil {
			return nil, err
		}
		out = append(out, [2]string{filepath.Join(dir, rel), s.format})
	}
	return out, nil
}
