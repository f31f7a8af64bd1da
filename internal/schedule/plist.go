package schedule

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// maxPlistDepth bounds nesting so a hostile file cannot exhaust the stack.
const maxPlistDepth = 32

// ParsePlistValue decodes an XML property list into Go values: string,
// int64, bool, []any and map[string]any. It understands exactly the types
// a LaunchAgent uses (no date, data or real) and rejects anything else, so
// tests can check types and `schedule status` can read the installed
// calendar without a plist library.
func ParsePlistValue(r io.Reader) (any, error) {
	d := xml.NewDecoder(r)
	for {
		tok, err := d.Token()
		if err != nil {
			return nil, fmt.Errorf("parse plist: %w", noEOF(err))
		}
		if se, ok := tok.(xml.StartElement); ok {
			if se.Name.Local != "plist" {
				return nil, fmt.Errorf("parse plist: root element is <%s>, want <plist>", se.Name.Local)
			}
			v, err := plistNext(d, 1)
			if err != nil {
				return nil, fmt.Errorf("parse plist: %w", err)
			}
			if err := expectEnd(d); err != nil {
				return nil, fmt.Errorf("parse plist: %w", err)
			}
			return v, nil
		}
	}
}

func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// nextStart skips comments and whitespace and returns the next start
// element, or ok=false at an end element.
func nextStart(d *xml.Decoder) (se xml.StartElement, ok bool, err error) {
	for {
		tok, err := d.Token()
		if err != nil {
			return se, false, noEOF(err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return t, true, nil
		case xml.EndElement:
			return se, false, nil
		case xml.CharData:
			if strings.TrimSpace(string(t)) != "" {
				return se, false, fmt.Errorf("unexpected text %q", truncate(string(t)))
			}
		}
	}
}

func expectEnd(d *xml.Decoder) error {
	_, ok, err := nextStart(d)
	if err != nil {
		return err
	}
	if ok {
		return errors.New("more than one value in <plist>")
	}
	return nil
}

func plistNext(d *xml.Decoder, depth int) (any, error) {
	se, ok, err := nextStart(d)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("missing value")
	}
	return plistElem(d, se, depth)
}

func plistElem(d *xml.Decoder, se xml.StartElement, depth int) (any, error) {
	if depth > maxPlistDepth {
		return nil, errors.New("nested too deeply")
	}
	switch se.Name.Local {
	case "string":
		return text(d)
	case "integer":
		s, err := text(d)
		if err != nil {
			return nil, err
		}
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("bad <integer> %q", truncate(s))
		}
		return n, nil
	case "true", "false":
		if err := d.Skip(); err != nil {
			return nil, noEOF(err)
		}
		return se.Name.Local == "true", nil
	case "array":
		var out []any
		for {
			ce, ok, err := nextStart(d)
			if err != nil {
				return nil, err
			}
			if !ok {
				return out, nil
			}
			v, err := plistElem(d, ce, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
	case "dict":
		return plistDict(d, depth)
	default:
		return nil, fmt.Errorf("unsupported element <%s>", truncate(se.Name.Local))
	}
}

func plistDict(d *xml.Decoder, depth int) (map[string]any, error) {
	out := map[string]any{}
	for {
		ke, ok, err := nextStart(d)
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		if ke.Name.Local != "key" {
			return nil, fmt.Errorf("<dict> has <%s> where a <key> belongs", truncate(ke.Name.Local))
		}
		k, err := text(d)
		if err != nil {
			return nil, err
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("duplicate key %q", truncate(k))
		}
		v, err := plistNext(d, depth+1)
		if err != nil {
			return nil, fmt.Errorf("key %q: %w", truncate(k), err)
		}
		out[k] = v
	}
}

// text reads character data up to the element's end; child elements are
// an error.
func text(d *xml.Decoder) (string, error) {
	var b strings.Builder
	for {
		tok, err := d.Token()
		if err != nil {
			return "", noEOF(err)
		}
		switch t := tok.(type) {
		case xml.CharData:
			b.Write(t)
		case xml.EndElement:
			return b.String(), nil
		case xml.StartElement:
			return "", fmt.Errorf("unexpected <%s> inside a scalar", truncate(t.Name.Local))
		}
	}
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
