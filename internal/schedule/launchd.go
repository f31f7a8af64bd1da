package schedule

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/automem/automem/deploy"
)

// Label is the LaunchAgent label; launchd convention (and the design) make
// it equal the plist file name without .plist.
const Label = "io.automem.extract"

// Placeholders in the committed plist. They are plain strings, so the
// committed file stays a well-formed plist that `plutil -lint` accepts.
const (
	exePlaceholder  = "@EXTRACT@"
	homePlaceholder = "@HOME@"
	calendarKey     = "<key>StartCalendarInterval</key>"
)

// RenderPlist fills the committed LaunchAgent template for this user.
func RenderPlist(o Options) ([]byte, error) {
	tmpl, err := deploy.Template(deploy.PlistFile)
	if err != nil {
		return nil, err
	}
	for _, p := range []string{o.Paths.Exe, o.Paths.Home} {
		if strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return nil, fmt.Errorf("render %s.plist: path %q contains a control character", Label, p)
		}
	}
	s := string(tmpl)
	if strings.Count(s, exePlaceholder) != 1 || !strings.Contains(s, homePlaceholder) {
		return nil, fmt.Errorf("render %s.plist: template lost its placeholders", Label)
	}
	args := "<string>" + xmlEscape(o.Paths.Exe) + "</string>"
	if o.KeyFile {
		// launchd has no credential store we can hand a file to; pass the
		// 0600 key file's path, never the key itself.
		args += "\n\t\t<string>--api-key-file</string>\n\t\t<string>" + xmlEscape(o.Paths.KeyFile()) + "</string>"
	}
	s = strings.Replace(s, "<string>"+exePlaceholder+"</string>", args, 1)
	s = strings.ReplaceAll(s, homePlaceholder, xmlEscape(o.Paths.Home))
	s, err = replaceCalendar(s, o.Every.Slots())
	if err != nil {
		return nil, fmt.Errorf("render %s.plist: %w", Label, err)
	}
	return []byte(s), nil
}

// replaceCalendar swaps the template's hourly dict for the period's slots.
// Hourly keeps the single dict; anything else becomes an array of dicts.
func replaceCalendar(s string, slots []Slot) (string, error) {
	k := strings.Index(s, calendarKey)
	if k < 0 || strings.Count(s, calendarKey) != 1 {
		return "", fmt.Errorf("template needs exactly one %s", calendarKey)
	}
	start := strings.Index(s[k:], "<dict>")
	end := strings.Index(s[k:], "</dict>")
	if start < 0 || end < start {
		return "", fmt.Errorf("template has no <dict> after %s", calendarKey)
	}
	start, end = k+start, k+end+len("</dict>")
	if len(slots) == 1 && slots[0].Hour == nil && slots[0].Minute != nil && *slots[0].Minute == 0 {
		return s, nil
	}
	var b strings.Builder
	b.WriteString("<array>\n")
	for _, sl := range slots {
		b.WriteString("\t\t<dict>\n")
		if sl.Hour != nil {
			fmt.Fprintf(&b, "\t\t\t<key>Hour</key>\n\t\t\t<integer>%d</integer>\n", *sl.Hour)
		}
		if sl.Minute != nil {
			fmt.Fprintf(&b, "\t\t\t<key>Minute</key>\n\t\t\t<integer>%d</integer>\n", *sl.Minute)
		}
		b.WriteString("\t\t</dict>\n")
	}
	b.WriteString("\t</array>")
	return s[:start] + b.String() + s[end:], nil
}

func xmlEscape(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s)) // writes to a bytes.Buffer cannot fail
	return b.String()
}

// Agent is the typed view of a LaunchAgent plist: the keys this project
// writes, each checked for its plist type when parsed.
type Agent struct {
	Label             string
	ProgramArguments  []string
	Slots             []Slot
	RunAtLoad         bool
	ProcessType       string
	LowPriorityIO     bool
	Nice              int
	StandardOutPath   string
	StandardErrorPath string
	Environment       map[string]string
}

// ParseAgent reads a LaunchAgent plist and checks that every key it knows
// has the type launchd expects; a wrong type is an error, because launchd
// would ignore the key silently.
func ParseAgent(r io.Reader) (Agent, error) {
	v, err := ParsePlistValue(r)
	if err != nil {
		return Agent{}, err
	}
	top, ok := v.(map[string]any)
	if !ok {
		return Agent{}, fmt.Errorf("parse agent: top level is %T, want <dict>", v)
	}
	var a Agent
	var errs []string
	get := func(k string, dst any) {
		if err := assign(top[k], dst); err != nil {
			errs = append(errs, k+": "+err.Error())
		}
	}
	get("Label", &a.Label)
	get("ProgramArguments", &a.ProgramArguments)
	get("RunAtLoad", &a.RunAtLoad)
	get("ProcessType", &a.ProcessType)
	get("LowPriorityIO", &a.LowPriorityIO)
	get("Nice", &a.Nice)
	get("StandardOutPath", &a.StandardOutPath)
	get("StandardErrorPath", &a.StandardErrorPath)
	get("EnvironmentVariables", &a.Environment)
	slots, err := parseSlots(top["StartCalendarInterval"])
	if err != nil {
		errs = append(errs, "StartCalendarInterval: "+err.Error())
	}
	a.Slots = slots
	if len(errs) > 0 {
		return a, fmt.Errorf("parse agent: %s", strings.Join(errs, "; "))
	}
	return a, nil
}

// assign copies a decoded plist value into dst; a missing key (nil) leaves
// dst at its zero value.
func assign(v any, dst any) error {
	if v == nil {
		return nil
	}
	switch d := dst.(type) {
	case *string:
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("is %s, want string", plistType(v))
		}
		*d = s
	case *bool:
		b, ok := v.(bool)
		if !ok {
			return fmt.Errorf("is %s, want boolean", plistType(v))
		}
		*d = b
	case *int:
		n, ok := v.(int64)
		if !ok {
			return fmt.Errorf("is %s, want integer", plistType(v))
		}
		*d = int(n)
	case *[]string:
		arr, ok := v.([]any)
		if !ok {
			return fmt.Errorf("is %s, want array", plistType(v))
		}
		for i, e := range arr {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("item %d is %s, want string", i, plistType(e))
			}
			*d = append(*d, s)
		}
	case *map[string]string:
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("is %s, want dict", plistType(v))
		}
		*d = make(map[string]string, len(m))
		for k, e := range m {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("%s is %s, want string", k, plistType(e))
			}
			(*d)[k] = s
		}
	}
	return nil
}

func parseSlots(v any) ([]Slot, error) {
	if v == nil {
		return nil, nil
	}
	var dicts []any
	switch t := v.(type) {
	case map[string]any:
		dicts = []any{t}
	case []any:
		dicts = t
	default:
		return nil, fmt.Errorf("is %s, want dict or array of dicts", plistType(v))
	}
	out := make([]Slot, 0, len(dicts))
	for i, d := range dicts {
		m, ok := d.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("item %d is %s, want dict", i, plistType(d))
		}
		var s Slot
		for k, e := range m {
			n, ok := e.(int64)
			if !ok {
				return nil, fmt.Errorf("item %d %s is %s, want integer", i, k, plistType(e))
			}
			switch {
			case k == "Minute" && n >= 0 && n < 60:
				s.Minute = intp(int(n))
			case k == "Hour" && n >= 0 && n < 24:
				s.Hour = intp(int(n))
			default:
				return nil, fmt.Errorf("item %d has %s=%d, which this tool does not write", i, k, n)
			}
		}
		out = append(out, s)
	}
	return out, nil
}

func plistType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64:
		return "integer"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "dict"
	}
	return fmt.Sprintf("%T", v)
}
