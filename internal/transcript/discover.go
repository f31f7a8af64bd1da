package transcript

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// ClaudeFiles lists the main Claude Code session logs under configDir (the
// directory resolved from CLAUDE_CONFIG_DIR or ~/.claude by the caller):
// <configDir>/projects/<key>/<sessionId>.jsonl across all project keys.
// Sub-agent logs (agent-*.jsonl, <sid>/subagents/…) are not sessions and are
// left out. Only regular files are returned; symlinks are not followed, so a
// link loop or a link out of the tree cannot be walked into. A missing
// projects directory is not an error.
func ClaudeFiles(configDir string) ([]string, error) {
	root := ClaudeDir(configDir)
	keys, err := os.ReadDir(root)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("list claude projects %s: %w", root, err)
	}
	var out []string
	for _, k := range keys {
		if !k.IsDir() { // DirEntry.IsDir is false for a symlink to a directory
			continue
		}
		dir := filepath.Join(root, k.Name())
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, fmt.Errorf("list claude project %s: %w", dir, err)
		}
		for _, e := range ents {
			name := e.Name()
			if e.Type().IsRegular() && strings.HasSuffix(name, ".jsonl") && !strings.HasPrefix(name, "agent-") {
				out = append(out, filepath.Join(dir, name))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// ClaudeDir is where ClaudeFiles looks: <configDir>/projects.
func ClaudeDir(configDir string) string { return filepath.Join(configDir, "projects") }

// CodexDir is where CodexFiles looks first: <codexHome>/sessions (archived
// rollouts sit beside it in archived_sessions).
func CodexDir(codexHome string) string { return filepath.Join(codexHome, "sessions") }

// CodexFiles lists Codex rollouts under codexHome (resolved from CODEX_HOME
// or ~/.codex by the caller): sessions/YYYY/MM/DD/rollout-*.jsonl and
// archived_sessions/rollout-*.jsonl, each possibly compressed as .jsonl.zst.
// When both forms of one name exist the plain file wins, as in Codex. Only
// regular files are returned and symlinks are never followed.
func CodexFiles(codexHome string) ([]string, error) {
	var found []string
	sessions := CodexDir(codexHome)
	err := filepath.WalkDir(sessions, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == sessions && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if d.Type().IsRegular() && isRollout(d.Name()) {
			found = append(found, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list codex sessions %s: %w", sessions, err)
	}
	archived := filepath.Join(codexHome, "archived_sessions")
	ents, err := os.ReadDir(archived)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("list codex archive %s: %w", archived, err)
	}
	for _, e := range ents {
		if e.Type().IsRegular() && isRollout(e.Name()) {
			found = append(found, filepath.Join(archived, e.Name()))
		}
	}
	plain := make(map[string]bool, len(found))
	for _, p := range found {
		if strings.HasSuffix(p, ".jsonl") {
			plain[p] = true
		}
	}
	out := found[:0]
	for _, p := range found {
		if strings.HasSuffix(p, ".zst") && plain[strings.TrimSuffix(p, ".zst")] {
			continue
		}
		out = append(out, p)
	}
	sort.Strings(out)
	return out, nil
}

func isRollout(name string) bool {
	return strings.HasPrefix(name, "rollout-") &&
		(strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".jsonl.zst"))
}

// CodexTitles reads the thread names Codex keeps in
// $CODEX_HOME/session_index.jsonl ({id, thread_name, updated_at}, append
// only, the last line for an id wins). The scan uses them as Session.Summary
// for Codex, which records no title inside the rollout. A missing index is
// an empty map.
func CodexTitles(codexHome string) (map[string]string, error) {
	path := filepath.Join(codexHome, "session_index.jsonl")
	titles := map[string]string{}
	f, _, err := openRegular(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return titles, nil
		}
		return nil, err
	}
	defer func() { _ = f.Close() }()
	lr := newLineReader(f, MaxLineBytes, readBufSize)
	for {
		line, ok, err := lr.next()
		if err != nil {
			return nil, fmt.Errorf("read codex index %s: %w", path, err)
		}
		if !ok {
			return titles, nil
		}
		var id, name []byte
		if eachField(line, func(k, v []byte) {
			switch string(k) {
			case "id":
				id = v
			case "thread_name":
				name = v
			}
		}) != nil {
			continue
		}
		if i, n := str(id), str(name); i != "" && n != "" {
			titles[i] = n
		}
	}
}
