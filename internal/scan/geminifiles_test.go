package scan

import "path/filepath"

// GeminiFiles is GeminiFilesLazy with the sub-agent directories opened
// here: their *.jsonl files are listed as sub-agents. The tests feed Scan
// this eager listing, whose files they can see.
func GeminiFiles(chatsDirs ...string) ([]File, error) {
	lazy, err := GeminiFilesLazy(chatsDirs...)
	var files []File
	for _, f := range lazy {
		if !f.Dir {
			files = append(files, f)
			continue
		}
		subs, err := listSubagents(f.Path)
		if err != nil {
			continue
		}
		for _, s := range subs {
			files = append(files, File{Path: filepath.Join(f.Path, s.Name), Source: f.Source, Subagent: true})
		}
	}
	return files, err
}
