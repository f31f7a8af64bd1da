package transcript

// walk collects the top-level members of one line. Most bytes of a
// transcript sit in assistant records and tool responses, which can never be
// human turns, so the line is "settled" as soon as it is known to be such a
// message (it has a string id and a non-user type, or a user type whose
// first content part is a functionResponse). A metadata-only read stops
// there without looking at the rest; a full read goes on collecting but
// keeps the line even if something after that point is malformed. Both reads
// therefore accept exactly the same lines. Unlike Gemini CLI, which drops
// any line JSON.parse rejects, a damaged assistant or tool record is kept;
// it is never a human turn either way.
func (g *gemReader) walk(b []byte, f *gemFields) error {
	settled := false
	fail := func() error {
		if settled {
			return nil
		}
		return errSyntax
	}
	i := skipWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return errSyntax
	}
	i = skipWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		i++
		if skipWS(b, i) != len(b) {
			return errSyntax
		}
		return nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return fail()
		}
		ke, esc, err := skipString(b, i)
		if err != nil {
			return fail()
		}
		key := b[i+1 : ke-1]
		if esc {
			k, _ := jsonString(b[i:ke])
			key = []byte(k)
		}
		i = skipWS(b, ke)
		if i >= len(b) || b[i] != ':' {
			return fail()
		}
		i = skipWS(b, i+1)
		if !settled && !f.fr && string(key) == "content" && strIs(f.typ, "user") && hasFunctionResponse(b[i:]) {
			f.fr = true
			if settled = f.settled(); settled {
				f.final = true
				if !g.full || (f.fr && !g.outputs) {
					return nil
				}
			}
		}
		vs := i
		if i, err = skipValue(b, i, 1); err != nil {
			return fail()
		}
		f.collect(key, b[vs:i])
		if !settled {
			if settled = f.settled(); settled {
				f.final = true
				if !g.full || (f.fr && !g.outputs) {
					return nil
				}
			}
		}
		i = skipWS(b, i)
		if i >= len(b) {
			return fail()
		}
		switch b[i] {
		case ',':
			i = skipWS(b, i+1)
		case '}':
			if skipWS(b, i+1) != len(b) {
				return fail()
			}
			return nil
		default:
			return fail()
		}
	}
}
