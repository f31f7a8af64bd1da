package scan

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/automem/automem/internal/transcript"
)

// GeminiFiles is GeminiFilesLazy with the sub-agent directories opened
// here: their *.jsonl files are listed as sub-agents. The tests feed Scan
// this eager listing, whose files they can see.
func GeminiFiles(chatsDirs ...string) ([]File, error) {
	var files []File
	for _, dir := range chatsDirs {
		entries, err := readDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return files, err
		}
		for _, e := range entries {
			name := e.Name()
			p := filepath.Join(dir, name)
			switch {
			case e.Type().IsRegular() && strings.HasPrefix(name, "session-") &&
				(strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".json")):
				files = append(files, File{Path: p, Source: transcript.Gemini})
			case e.IsDir():
				subs, err := readDir(p)
				if err != nil {
					continue
				}
				for _, s := range subs {
					if s.Type().IsRegular() && strings.HasSuffix(s.Name(), ".jsonl") {
						files = append(files, File{Path: filepath.Join(p, s.Name()), Source: transcript.Gemini, Subagent: true})
					}
				}
			}
		}
	}
	return files, nil
}
