package offline

import (
	"github.com/automem/automem/internal/memdir"
	"strings"

	"github.com/automem/automem/internal/textkey"
)

// Before anything is written, the candidates are reconciled with each other
// and with what memory already says, so that the inbox never holds two
// lines that contradict each other or memory:
//   - a name the person ruled out ("pnpm, never npm") removes the commands
//     that use it from the verification line;
//   - the verification line is one structured line: an existing one is
//     rewritten in place (commands added or dropped), never added twice;
//   - a candidate that gives a newer value for what an existing line says
//     replaces that line instead of standing beside it;
//   - a candidate that says what an existing line says and adds to it
//     (where, which name, why) is an edit of that line, not a near-copy.

// verificationPrefix opens the structured verification line.
const verificationPrefix = "Verification commands for this project:"

// reconcile returns the candidates to write, some turned into in-place
// rewrites of existing lines.
func reconcile(cands []candidate, k *known, d memdir.Dir) []candidate {
	banned := map[string]bool{}
	for _, c := range cands {
		if c.kind == KindInstruction || c.kind == KindCorrection {
			for _, w := range ruledOut(c.line) {
				banned[w] = true
			}
		}
	}
	for _, l := range k.lines {
		if !k.removed[l] {
			for _, w := range ruledOut(l) {
				banned[w] = true
			}
		}
	}
	var out []candidate
	var verify *candidate
	taken := map[string]bool{} // existing lines already rewritten
	for _, c := range cands {
		if c.kind == KindVerification {
			c := c
			verify = &c
			continue
		}
		if c.kind == KindInstruction || c.kind == KindCorrection {
			old, path := k.superseded(c.line, taken)
			if old == "" {
				old, path = k.elaborated(c.line, taken)
			}
			if old != "" {
				c.replaces, c.replaceIn = old, path
				c.global = path == d.Targets.GlobalMemory
				taken[old] = true
			}
		}
		out = append(out, c)
	}
	if v := verificationUpdate(verify, k, banned, d); v != nil {
		out = append([]candidate{*v}, out...)
	}
	return out
}

// usesBanned reports whether a command runs a program the person ruled out.
func usesBanned(cmd string, banned map[string]bool) bool {
	f := strings.Fields(cmd)
	return len(f) > 0 && banned[strings.ToLower(f[0])]
}

// verificationUpdate merges the mined verification commands with the
// existing verification line, dropping ruled-out ones. It returns nil when
// nothing changes.
func verificationUpdate(v *candidate, k *known, banned map[string]bool, d memdir.Dir) *candidate {
	var cmds []string
	if v != nil {
		for _, c := range v.cmds {
			if !usesBanned(c, banned) && !dangerous(c) {
				cmds = append(cmds, c)
			}
		}
	}
	old, path := k.verificationLine()
	if old == "" {
		if len(cmds) == 0 {
			return nil
		}
		v.cmds, v.line = cmds, verificationLine(cmds)
		return v
	}
	if path == "" {
		path = d.File(d.Local())
	}
	var merged []string
	for _, c := range backticked(old) {
		if !usesBanned(c, banned) {
			merged = append(merged, c)
		}
	}
	have := map[string]bool{}
	for _, c := range merged {
		have[c] = true
	}
	for _, c := range cmds {
		// A command another memory line already names ("Build the PDF
		// with `latexmk`") is left out here as it is from a new line.
		if !have[c] && !k.mentions(c) {
			merged = append(merged, c)
			have[c] = true
		}
	}
	if len(merged) == 0 || verificationLine(merged) == strings.TrimSpace(strings.TrimLeft(old, "-*+ ")) {
		return nil
	}
	out := candidate{kind: KindVerification, cmds: merged, line: verificationLine(merged), replaces: old, replaceIn: path}
	if v != nil {
		out.srcs = v.srcs
	}
	out.global = path == d.Targets.GlobalMemory
	return &out
}

// backticked lists the `code` spans of a line.
func backticked(s string) []string {
	var out []string
	parts := strings.Split(s, "`")
	for i := 1; i < len(parts); i += 2 {
		if c := strings.TrimSpace(parts[i]); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// verificationLine finds the existing structured verification line (the
// pending one if a patch already rewrote it) and its file.
func (k *known) verificationLine() (string, string) {
	for _, l := range k.lines {
		if k.removed[l] || !strings.Contains(l, verificationPrefix) {
			continue
		}
		if path := k.from[l]; path != "" {
			return l, path
		}
		// A pending line: the verification line is already being
		// rewritten or added; never add another.
		return l, ""
	}
	return "", ""
}

// superseded finds an existing memory line (read from a file, not yet
// rewritten) that line gives a newer value for.
func (k *known) superseded(line string, taken map[string]bool) (string, string) {
	for _, l := range k.lines {
		path := k.from[l]
		if path == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		if supersedes(line, l) {
			return l, path
		}
	}
	return "", ""
}

// elaborated finds an existing memory line (read from a file, not yet
// rewritten) that line restates with more detail: it keeps nearly all of
// the old line's terms and adds a name written as code, or three terms.
func (k *known) elaborated(line string, taken map[string]bool) (string, string) {
	tn := textkey.Terms(line)
	for _, l := range k.lines {
		path := k.from[l]
		if path == "" || k.removed[l] || taken[l] || strings.Contains(l, verificationPrefix) {
			continue
		}
		// Every word of the old line, "never" and "commit" included: a
		// line that drops one says something else.
		to := textkey.Terms(strings.TrimLeft(l, "-*+ "))
		if len(to) < 2 || contained(to, tn) < 0.8 || len(to) <= 4 && contained(to, tn) < 1 {
			continue
		}
		oldNames := codeNames(l)
		newName := false
		for n := range codeNames(line) {
			newName = newName || !oldNames[n] && !strings.Contains(strings.ToLower(l), n)
		}
		added := len(tn) - len(to)
		if newName && added >= 1 || added >= 3 {
			return l, path
		}
	}
	return "", ""
}
