package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	openai "github.com/sashabaranov/go-openai"
)

// Tool names, exactly Gemini CLI's, so the prompt's habits carry over.
const (
	ToolReadFile      = "read_file"
	ToolWriteFile     = "write_file"
	ToolReplace       = "replace"
	ToolListDirectory = "list_directory"
	ToolGlob          = "glob"
	ToolGrepSearch    = "grep_search"
	ToolCompleteTask  = "complete_task"
)

// toolSchemas are the function declarations offered to the model; nothing
// else is callable. They use only the JSON-schema subset every
// OpenAI-compatible backend accepts (Gemini rejects additionalProperties,
// for one); unknown fields and bad values are refused by DecodeCall instead.
var toolSchemas = []struct{ name, desc, params string }{
	{ToolReadFile, "Read a text file or an offered session transcript (returned as a compact rendering). offset is the 0-based first line, limit the number of lines.",
		`{"type":"object","properties":{"file_path":{"type":"string","description":"Absolute path, or relative to the memory directory."},"offset":{"type":"integer"},"limit":{"type":"integer"}},"required":["file_path"]}`},
	{ToolWriteFile, "Write a whole file (skill drafts under the skills directory, or one of the two canonical inbox extraction.patch files).",
		`{"type":"object","properties":{"file_path":{"type":"string"},"content":{"type":"string"}},"required":["file_path","content"]}`},
	{ToolReplace, "Replace exact text in a writable file. old_string must occur exactly expected_replacements times (default 1). An empty old_string creates a new file.",
		`{"type":"object","properties":{"file_path":{"type":"string"},"old_string":{"type":"string"},"new_string":{"type":"string"},"expected_replacements":{"type":"integer"}},"required":["file_path","old_string","new_string"]}`},
	{ToolListDirectory, "List the entries of a directory.",
		`{"type":"object","properties":{"dir_path":{"type":"string"}},"required":["dir_path"]}`},
	{ToolGlob, "Find paths matching a glob pattern (supports **) below dir_path (default: the memory directory).",
		`{"type":"object","properties":{"pattern":{"type":"string"},"dir_path":{"type":"string"}},"required":["pattern"]}`},
	{ToolGrepSearch, "Search file contents with an RE2 regular expression below dir_path (default: the memory directory); include filters file names by glob.",
		`{"type":"object","properties":{"pattern":{"type":"string"},"dir_path":{"type":"string"},"include":{"type":"string"}},"required":["pattern"]}`},
	{ToolCompleteTask, "Finish the run. result summarises what was written and why, or why nothing was.",
		`{"type":"object","properties":{"result":{"type":"string"}},"required":["result"]}`},
}

func toolDefs() []openai.Tool {
	out := make([]openai.Tool, 0, len(toolSchemas))
	for _, t := range toolSchemas {
		out = append(out, openai.Tool{Type: openai.ToolTypeFunction, Function: &openai.FunctionDefinition{
			Name: t.name, Description: t.desc, Parameters: json.RawMessage(t.params),
		}})
	}
	return out
}

// Call is one decoded, well-formed tool call.
type Call struct {
	Name     string
	Path     string // file_path or dir_path
	Offset   int
	Limit    int
	Content  string
	Old, New string
	Expected int
	Pattern  string
	Include  string
	Result   string
}

// errBadCall marks a call the model got wrong (unknown tool, malformed or
// mistyped arguments, missing parameters); such calls run nothing.
var errBadCall = errors.New("bad tool call")

// maxArgs bounds the argument JSON of one call.
const maxArgs = 1 << 20

// DecodeCall strictly decodes a tool call's arguments: valid JSON object,
// known fields only, right types, required fields present, integers whole.
func DecodeCall(name, raw string) (Call, error) {
	if len(raw) > maxArgs {
		return Call{}, fmt.Errorf("%w: arguments over %d bytes", errBadCall, maxArgs)
	}
	c := Call{Name: name}
	var err error
	switch name {
	case ToolReadFile:
		var a struct {
			FilePath *string `json:"file_path"`
			Offset   *intArg `json:"offset"`
			Limit    *intArg `json:"limit"`
		}
		if err = strict(raw, &a); err == nil {
			err = need("file_path", a.FilePath)
		}
		if err == nil {
			c.Path, c.Offset, c.Limit = *a.FilePath, a.Offset.get(), a.Limit.get()
			if c.Offset < 0 || c.Limit < 0 {
				err = fmt.Errorf("%w: offset and limit must not be negative", errBadCall)
			}
		}
	case ToolWriteFile:
		var a struct {
			FilePath *string `json:"file_path"`
			Content  *string `json:"content"`
		}
		if err = strict(raw, &a); err == nil {
			err = errors.Join(need("file_path", a.FilePath), need("content", a.Content))
		}
		if err == nil {
			c.Path, c.Content = *a.FilePath, *a.Content
		}
	case ToolReplace:
		var a struct {
			FilePath *string `json:"file_path"`
			Old      *string `json:"old_string"`
			New      *string `json:"new_string"`
			Expected *intArg `json:"expected_replacements"`
		}
		if err = strict(raw, &a); err == nil {
			err = errors.Join(need("file_path", a.FilePath), need("old_string", a.Old), need("new_string", a.New))
		}
		if err == nil {
			c.Path, c.Old, c.New, c.Expected = *a.FilePath, *a.Old, *a.New, a.Expected.get()
			if a.Expected != nil && c.Expected < 1 {
				err = fmt.Errorf("%w: expected_replacements must be at least 1", errBadCall)
			}
		}
	case ToolListDirectory:
		var a struct {
			DirPath *string `json:"dir_path"`
		}
		if err = strict(raw, &a); err == nil {
			err = need("dir_path", a.DirPath)
		}
		if err == nil {
			c.Path = *a.DirPath
		}
	case ToolGlob:
		var a struct {
			Pattern *string `json:"pattern"`
			DirPath *string `json:"dir_path"`
		}
		if err = strict(raw, &a); err == nil {
			err = need("pattern", a.Pattern)
		}
		if err == nil {
			c.Pattern, c.Path = *a.Pattern, deref(a.DirPath)
		}
	case ToolGrepSearch:
		var a struct {
			Pattern *string `json:"pattern"`
			DirPath *string `json:"dir_path"`
			Include *string `json:"include"`
		}
		if err = strict(raw, &a); err == nil {
			err = need("pattern", a.Pattern)
		}
		if err == nil {
			c.Pattern, c.Path, c.Include = *a.Pattern, deref(a.DirPath), deref(a.Include)
		}
	case ToolCompleteTask:
		var a struct {
			Result *string `json:"result"`
		}
		if err = strict(raw, &a); err == nil {
			err = need("result", a.Result)
		}
		if err == nil {
			c.Result = *a.Result
		}
	default:
		return Call{}, fmt.Errorf("%w: unknown tool %q; the only tools are read_file, write_file, replace, list_directory, glob, grep_search and complete_task", errBadCall, clip(name, 64))
	}
	if err != nil {
		return Call{}, err
	}
	return c, nil
}

// strict decodes one JSON object with no unknown fields and nothing after it.
func strict(raw string, v any) error {
	if strings.TrimSpace(raw) == "" {
		raw = "{}"
	}
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: arguments are not the expected JSON object: %s", errBadCall, clip(err.Error(), 200))
	}
	if err := dec.Decode(new(json.RawMessage)); err != io.EOF {
		return fmt.Errorf("%w: trailing data after the arguments object", errBadCall)
	}
	return nil
}

func need(field string, p *string) error {
	if p == nil {
		return fmt.Errorf("%w: missing required parameter %q", errBadCall, field)
	}
	return nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// intArg accepts a JSON number with no fractional part (models often send
// 10.0 for 10), and nothing else.
type intArg int

func (i *intArg) UnmarshalJSON(b []byte) error {
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	if f != math.Trunc(f) || math.Abs(f) > 1<<31 {
		return fmt.Errorf("want a whole number, got %s", clip(string(b), 32))
	}
	*i = intArg(f)
	return nil
}

func (i *intArg) get() int {
	if i == nil {
		return 0
	}
	return int(*i)
}

// clip cuts s to n bytes for messages and logs.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// ToolSchemaBytes is the size of the tool definitions every request
// carries, for estimates of what a run sends.
func ToolSchemaBytes() int {
	b, _ := json.Marshal(toolDefs())
	return len(b)
}
