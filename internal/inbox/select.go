package inbox

import "github.com/automem/automem/internal/patch"

// Decision is what the person decided for one added or removed line.
type Decision uint8

// Line decisions. Pending lines stay in the inbox; applied lines are written
// to the target; dismissed lines are dropped and remembered as tombstones.
const (
	Pending Decision = iota
	Apply
	Dismiss
)

// Selection maps each hunk to the decision of each of its lines (parallel to
// Hunk.Lines; context lines' entries are ignored). A hunk missing from the
// map is wholly pending.
type Selection map[*Hunk][]Decision

// Select cuts p by sel into the patch to apply now and the remainder that
// stays pending, which applies on top of the result. Selected '-' lines
// leave the applied patch as context when not chosen; chosen '+' lines
// become context of the remainder. Sections and hunks left without changes
// are dropped, so a fully decided patch yields an empty remainder.
func Select(p *Patch, sel Selection) (applied, remainder *Patch) {
	applied, remainder = &Patch{}, &Patch{}
	for _, sec := range p.Files {
		as := &patch.File{Path: sec.Path, Create: sec.Create}
		rs := &patch.File{Path: sec.Path, Create: sec.Create}
		shift := 0 // net lines the applied part adds before the current hunk
		aDelta, rDelta := 0, 0
		for _, h := range sec.Hunks {
			dec := sel[h]
			ah := &patch.Hunk{Section: h.Section}
			rh := &patch.Hunk{Section: h.Section}
			net := 0
			for j, l := range h.Lines {
				d := Pending
				if j < len(dec) {
					d = dec[j]
				}
				switch {
				case l.Op == ' ':
					ah.Lines = append(ah.Lines, l)
					rh.Lines = append(rh.Lines, l)
				case l.Op == '+' && d == Apply:
					ah.Lines = append(ah.Lines, l)
					rh.Lines = append(rh.Lines, asContext(l))
					net++
				case l.Op == '+' && d == Pending:
					rh.Lines = append(rh.Lines, l)
				case l.Op == '+': // dismissed
				case l.Op == '-' && d == Apply:
					ah.Lines = append(ah.Lines, l)
					net--
				case l.Op == '-' && d == Pending:
					ah.Lines = append(ah.Lines, asContext(l))
					rh.Lines = append(rh.Lines, l)
				default: // '-' dismissed: the line stays
					ah.Lines = append(ah.Lines, asContext(l))
					rh.Lines = append(rh.Lines, asContext(l))
				}
			}
			pos := oldPos(h)
			if hasChanges(ah) {
				drop := trimContext(ah, 3)
				recount(ah, pos+drop, aDelta)
				aDelta += ah.NewLines - ah.OldLines
				as.Hunks = append(as.Hunks, ah)
			}
			if hasChanges(rh) {
				drop := trimContext(rh, 3)
				recount(rh, pos+shift+drop, rDelta)
				rDelta += rh.NewLines - rh.OldLines
				rs.Hunks = append(rs.Hunks, rh)
			}
			shift += net
		}
		if len(as.Hunks) > 0 {
			applied.Files = append(applied.Files, as)
			rs.Create = false
		}
		if len(rs.Hunks) > 0 {
			remainder.Files = append(remainder.Files, rs)
		}
	}
	return applied, remainder
}

// asContext turns a change line into a context line, keeping its text and
// its no-newline mark.
func asContext(l patch.Line) patch.Line {
	return patch.Line{Op: patch.Context, Text: l.Text, NoEOL: l.NoEOL}
}
