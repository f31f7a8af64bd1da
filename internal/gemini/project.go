// Package gemini knows where Gemini CLI keeps its per-project data, so that
// automem reads the same transcripts and writes the same memory files as
// Gemini CLI's own Auto Memory. It only locates things; reading transcripts
// is internal/transcript's job.
package gemini

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/automem/automem/internal/memdir"
	"github.com/automem/automem/internal/skills"
	"github.com/automem/automem/internal/worktree"
)

// Project is one Gemini CLI project: a directory under ~/.gemini/tmp named by
// the project's slug (or, for old installs, the sha256 of its root).
type Project struct {
	// ID is the directory name under tmp/ (slug or legacy hash).
	ID string `json:"id"`
	// Root is the absolute project root, "" when it cannot be told.
	Root string `json:"root"`
	// TmpDir is ~/.gemini/tmp/<id>.
	TmpDir string `json:"-"`
	// ChatsDir is TmpDir/chats.
	ChatsDir string `json:"-"`
	// ExtraChatsDirs are chats directories of the same root left under a
	// legacy hash directory that Gemini CLI has not migrated yet.
	ExtraChatsDirs []string `json:"-"`
	// MemoryDir is TmpDir/memory.
	MemoryDir string `json:"memoryDir"`
	// Worktrees are the roots of the repository's linked worktrees whose
	// projects were folded into this one (its root is the main worktree):
	// their chats are in ExtraChatsDirs and a directory inside them finds
	// this project.
	Worktrees []string `json:"worktrees,omitempty"`
}

// Dir is Gemini CLI's global directory: $GEMINI_CLI_HOME/.gemini when that
// variable is set (it replaces the home directory, as in Gemini CLI), else
// <home>/.gemini.
func Dir(getenv func(string) string, home string) string {
	if h := getenv("GEMINI_CLI_HOME"); h != "" {
		home = h
	}
	return filepath.Join(home, ".gemini")
}

// GlobalMemory is the one global memory file an inbox patch may target.
func GlobalMemory(geminiDir string) string {
	return filepath.Join(geminiDir, "GEMINI.md")
}

// SkillRoots lists the directories whose skills are user or workspace
// skills, in Gemini's precedence order (lowest first). workspaceRoot may be
// "" when the project root is unknown. internal/skills knows the folders.
func SkillRoots(geminiDir, workspaceRoot string) []string {
	return skills.Homes{Gemini: geminiDir}.Roots(skills.Gemini, workspaceRoot)
}

// ProjectMemory is the repository's shared GEMINI.md at its root, loaded
// by Gemini CLI for everyone who works there. Gemini CLI's own Auto Memory
// never writes it; automem does only when the project opts in.
func ProjectMemory(root string) string { return filepath.Join(root, "GEMINI.md") }

// Layout is where the files of a project's memory live, given its memory
// dir (Project.MemoryDir). Gemini CLI reads the inbox, lock and state in the
// memory dir itself, so automem keeps its own data there too; the targets
// are that dir, ~/.gemini/GEMINI.md, the skill roots of workspaceRoot ("" when
// unknown) and, when projectRoot is set (the project opted in to its shared
// file), <projectRoot>/GEMINI.md.
func Layout(geminiDir, memoryDir, workspaceRoot, projectRoot string) memdir.Dir {
	d := memdir.Shared(memoryDir, GlobalMemory(geminiDir), SkillRoots(geminiDir, workspaceRoot))
	if projectRoot != "" {
		d.Targets.ProjectMemory = ProjectMemory(projectRoot)
	}
	d.Agent = Agent
	return d
}

// Agent is the name automem gives Gemini CLI (sources, targets, IDs).
const Agent = "gemini"

var hashDir = regexp.MustCompile(`^[0-9a-f]{64}$`)

// RootHash is the sha256 hex of a project root: the legacy tmp directory
// name and the projectHash recorded in transcripts.
func RootHash(root string) string {
	sum := sha256.Sum256([]byte(root))
	return hex.EncodeToString(sum[:])
}

// Slug is the project id Gemini CLI derives from a root before collision
// suffixes: the lower-cased basename with runs of other characters turned
// into single dashes.
func Slug(root string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(filepath.Base(root)) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		return "project"
	}
	return s
}

// registry reads projects.json: {"projects":{"<abs root>":"<slug>"}}. A
// missing or unreadable registry is not an error: tmp dirs still work.
func registry(geminiDir string) map[string]string {
	data, err := os.ReadFile(filepath.Join(geminiDir, "projects.json"))
	if err != nil {
		return nil
	}
	var reg struct {
		Projects map[string]string `json:"projects"`
	}
	if json.Unmarshal(data, &reg) != nil {
		return nil
	}
	return reg.Projects
}

// ProjectsDir is where Projects looks: <geminiDir>/tmp, one directory per
// project.
func ProjectsDir(geminiDir string) string { return filepath.Join(geminiDir, "tmp") }

// Projects lists every project that has a directory under tmp/, with its
// root taken from tmp/<id>/.project_root, else projects.json, else (legacy
// hash dirs) the registered root whose sha256 is the directory name. A hash
// directory whose root also has a slug directory is folded into that
// project as an extra chats directory, and so is the project of a linked git
// worktree whose main worktree is a project (foldWorktrees).
func Projects(geminiDir string) ([]Project, error) {
	tmp := ProjectsDir(geminiDir)
	entries, err := os.ReadDir(tmp)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list gemini projects %s: %w", tmp, err)
	}
	reg := registry(geminiDir)
	bySlug := make(map[string]string, len(reg))
	byHash := make(map[string]string, len(reg))
	for root, slug := range reg {
		bySlug[slug] = root
		byHash[RootHash(root)] = root
	}
	var projects []Project
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		id := e.Name()
		dir := filepath.Join(tmp, id)
		p := Project{ID: id, TmpDir: dir, ChatsDir: filepath.Join(dir, "chats"), MemoryDir: filepath.Join(dir, "memory")}
		if b, err := os.ReadFile(filepath.Join(dir, ".project_root")); err == nil {
			p.Root = strings.TrimSpace(string(b))
		}
		if p.Root == "" {
			p.Root = bySlug[id]
		}
		if p.Root == "" && hashDir.MatchString(id) {
			p.Root = byHash[id]
		}
		if !isDir(p.ChatsDir) && !isDir(p.MemoryDir) {
			continue // logs-only or empty dirs are not projects
		}
		projects = append(projects, p)
	}
	var wt worktree.Mapper
	return foldWorktrees(fold(projects), wt.Main), nil
}

// fold merges legacy hash projects into the slug project of the same root.
func fold(projects []Project) []Project {
	slugOf := map[string]int{}
	for i, p := range projects {
		if p.Root != "" && !hashDir.MatchString(p.ID) {
			slugOf[p.Root] = i
		}
	}
	out := projects[:0:0]
	var legacy []Project
	for _, p := range projects {
		if _, ok := slugOf[p.Root]; ok && hashDir.MatchString(p.ID) && p.Root != "" {
			legacy = append(legacy, p)
			continue
		}
		out = append(out, p)
	}
	for _, l := range legacy {
		for i := range out {
			if out[i].Root == l.Root && !hashDir.MatchString(out[i].ID) {
				out[i].ExtraChatsDirs = append(out[i].ExtraChatsDirs, l.ChatsDir)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// ErrNoProject means no Gemini CLI project owns a directory.
var ErrNoProject = errors.New("no gemini project")

// FindProject returns the project whose root contains dir, the deepest one
// when roots nest; a directory in a linked worktree folded into a project
// (Project.Worktrees) finds that project. Symlinks in dir are resolved
// first.
func FindProject(geminiDir, dir string) (Project, error) {
	projects, err := Projects(geminiDir)
	if err != nil {
		return Project{}, err
	}
	return match(projects, dir)
}

// ForRoot returns the project of exactly this root, or the project a
// linked worktree of this root was folded into (used to attach Claude Code
// and Codex sessions to the Gemini memory of the same project).
func ForRoot(projects []Project, root string) (Project, bool) {
	for _, p := range projects {
		if p.Root != "" && samePath(p.Root, root) {
			return p, true
		}
		for _, w := range p.Worktrees {
			if samePath(w, root) {
				return p, true
			}
		}
	}
	return Project{}, false
}

func match(projects []Project, dir string) (Project, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Project{}, fmt.Errorf("resolve %s: %w", dir, err)
	}
	cands := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		cands = append(cands, real)
	}
	best, bestLen := -1, -1
	for i, p := range projects {
		for _, c := range cands {
			if n, ok := p.Holds(c); ok && n > bestLen {
				best, bestLen = i, n
			}
		}
	}
	if best < 0 {
		return Project{}, fmt.Errorf("%w for %s", ErrNoProject, abs)
	}
	return projects[best], nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

func samePath(a, b string) bool {
	return filepath.Clean(a) == filepath.Clean(b)
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
