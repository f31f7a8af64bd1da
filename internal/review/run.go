package review

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/automem/automem/internal/inbox"
	"github.com/automem/automem/internal/patch"
	"github.com/automem/automem/internal/plural"
	"github.com/automem/automem/internal/skills"
)

// Runner reviews a list of items in order and writes each item's decisions
// as soon as the item is done, so quitting half-way keeps what was decided.
type Runner struct {
	S     *Session
	Paths inbox.Paths
	Now   func() time.Time
	// AllowScripts pre-confirms copying executable files of a draft.
	AllowScripts bool
	// Note, when set, returns a line shown before an item's hunks (""
	// for none): that a project-kind file is shared with the team, so the
	// person knows who else reads what they apply.
	Note func(*inbox.Item) string

	failed []string
}

// Run reviews items until they are all done or the person quits.
func (r *Runner) Run(items []*inbox.Item) error {
	if len(items) == 0 {
		fmt.Fprintln(r.S.Out, "No items in inbox.")
		return nil
	}
	for _, it := range items {
		var quit bool
		var err error
		switch it.Group {
		case inbox.GroupNewSkill:
			quit, err = r.skill(it)
		case inbox.GroupRejected, inbox.GroupAttention:
			quit, err = r.rejected(it)
		default:
			quit, err = r.patch(it)
		}
		if errors.Is(err, ErrInterrupted) {
			fmt.Fprintln(r.S.Out, "Interrupted: decisions made so far are kept; undecided items stay in the inbox.")
		}
		if err != nil {
			return err
		}
		if quit {
			fmt.Fprintln(r.S.Out, "Quit: undecided items stay in the inbox.")
			break
		}
	}
	if len(r.failed) > 0 {
		return fmt.Errorf("could not apply %s (left pending)", strings.Join(r.failed, ", "))
	}
	return nil
}

func (r *Runner) patch(it *inbox.Item) (bool, error) {
	if r.Note != nil {
		if n := r.Note(it); n != "" {
			fmt.Fprintf(r.S.Out, "%s: %s\n", it.ID, n)
		}
	}
	sel := inbox.Selection{}
	quit, err := r.S.ReviewHunks(it, sel)
	if errors.Is(err, ErrInterrupted) {
		// Interrupted like q: what was decided on this item is kept too.
		if _, cerr := r.commit(it, sel, true); cerr != nil {
			return true, cerr
		}
		return true, err
	}
	if err != nil {
		return true, err
	}
	return r.commit(it, sel, quit)
}

// commit writes the decisions of one item; a refusal is reported and the
// item left as it was.
func (r *Runner) commit(it *inbox.Item, sel inbox.Selection, quit bool) (bool, error) {
	if !inbox.Decided(it, sel) {
		return quit, nil
	}
	res, err := inbox.Commit(r.Paths, it, sel, r.Now())
	var changed *inbox.ChangedError
	if patch.ReasonOf(err) != "" || errors.As(err, &changed) || errors.Is(err, patch.ErrSelection) {
		// A refusal (the target changed since the patch was drafted, or
		// the answers split a file's last line, for instance) leaves the
		// item as it was; the review goes on.
		fmt.Fprintf(r.S.Out, "Cannot apply %s, nothing changed: %v\n", it.ID, err)
		r.failed = append(r.failed, it.ID)
		return quit, nil
	}
	if err != nil {
		return true, fmt.Errorf("%s: %w", it.ID, err)
	}
	fmt.Fprintf(r.S.Out, "%s: %s applied, %d dismissed, %d pending.\n", it.ID, plural.Of(res.Applied, "line", "lines"), res.Dismissed, res.Pending)
	return quit, nil
}

const skillHelp = `u - promote to user skills (~/.gemini/skills)
w - promote to workspace skills (<git root>/.gemini/skills)
x - discard this draft (it will not be proposed again)
s - skip; the draft stays in the inbox
v - show the evidence for this draft
q - quit
? - print help
`

func (r *Runner) skill(it *inbox.Item) (bool, error) {
	out := r.S.Out
	fmt.Fprintln(out, painter(r.S.Color).paint(bold, Visible(fmt.Sprintf("%s  %s", it.ID, it.Title))))
	d, derr := skills.Load(it.SkillDir)
	if derr != nil {
		fmt.Fprintf(out, "This draft cannot be promoted: %v\n", derr)
	}
	if err := ShowDraft(out, r.S.Color, it); err != nil {
		return true, err
	}
	for {
		keys := "u,w,x,s,v,q,?"
		if derr != nil {
			keys = "x,s,v,q,?"
		}
		k, err := r.S.ask(fmt.Sprintf("Promote this skill [%s]? ", keys))
		if err != nil {
			return true, err
		}
		switch k {
		case "u", "w":
			if derr != nil {
				fmt.Fprint(out, skillHelp)
				continue
			}
			allow := r.AllowScripts
			if d.HasExec() && !allow {
				if allow, err = r.S.Confirm("This draft has executable files (marked above); copy them"); err != nil {
					return true, err
				}
				if !allow {
					fmt.Fprintln(out, "Not promoted.")
					continue
				}
			}
			scope := inbox.ScopeUser
			if k == "w" {
				scope = inbox.ScopeWorkspace
			}
			res, err := inbox.Promote(r.Paths, it, scope, allow, r.Now())
			if err != nil {
				fmt.Fprintf(out, "Cannot promote: %v\n", err)
				continue
			}
			if res.Warning != "" {
				fmt.Fprintf(out, "warning: %s\n", res.Warning)
			}
			fmt.Fprintf(out, "Promoted to %s.\n", res.Dest)
			return false, nil
		case "x":
			if err := inbox.Discard(r.Paths, it, r.Now()); err != nil {
				return true, err
			}
			fmt.Fprintf(out, "Discarded %s.\n", it.ID)
			return false, nil
		case "s":
			return false, nil
		case "v":
			r.draftEvidence(it, d)
		case "q":
			return true, nil
		case "":
		default:
			fmt.Fprint(out, skillHelp)
		}
	}
}

// draftEvidence prints what the extractor recorded for a draft, looked up by
// its skill name and by its folder name.
func (r *Runner) draftEvidence(it *inbox.Item, d *skills.Draft) {
	keys := []string{strings.TrimPrefix(it.ID, "skill/")}
	if d != nil && d.Name != keys[0] {
		keys = append(keys, d.Name)
	}
	found := false
	for _, k := range keys {
		if r.S.Evidence == nil {
			break
		}
		for _, e := range r.S.Evidence(k, false) {
			fmt.Fprintf(r.S.Out, "  %s\n", Visible(e))
			found = true
		}
	}
	if !found {
		fmt.Fprintln(r.S.Out, "No evidence recorded for this draft.")
	}
}

// ShowDraft prints every file a promotion would copy, marking executable
// ones, so nothing is copied unseen.
func ShowDraft(out io.Writer, color bool, it *inbox.Item) error {
	for _, rel := range it.Files {
		p := filepath.Join(it.SkillDir, filepath.FromSlash(rel))
		fi, err := os.Lstat(p)
		if err != nil {
			return fmt.Errorf("read draft file %s: %w", p, err)
		}
		if !fi.Mode().IsRegular() {
			fmt.Fprintf(out, "=== %s (not a regular file: refused)\n", rel)
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read draft file %s: %w", p, err)
		}
		WriteFile(out, color, rel, fi.Mode().Perm()&0o111 != 0, data)
	}
	return nil
}

const attentionHelp = `e - edit the patch in $EDITOR; it is made pending again against the files as they are now
x - discard it
s - skip; it stays in the inbox
q - quit
? - print help
`

// rejected asks about a quarantined candidate (discard or skip) or an
// entry that needs attention, which can be edited too: then it is pending
// again, or still needs attention with the new reason.
func (r *Runner) rejected(it *inbox.Item) (bool, error) {
	out := r.S.Out
	attention := it.Group == inbox.GroupAttention
	title, prompt, help := it.ID, "Discard this rejected candidate [x,s,q,?]? ", "x - discard\ns - skip\nq - quit\n? - help\n"
	if attention {
		title, prompt, help = it.ID+"  needs attention", "Edit or discard this change [e,x,s,q,?]? ", attentionHelp
	}
	fmt.Fprintln(out, painter(r.S.Color).paint(bold, title))
	if err := ShowRejected(out, it); err != nil {
		return true, err
	}
	for {
		k, err := r.S.ask(prompt)
		if err != nil {
			return true, err
		}
		switch k {
		case "e":
			if !attention || r.S.Editor == nil {
				fmt.Fprint(out, help)
				continue
			}
			err := r.S.EditAttention(r.Paths, it, r.Now())
			var ef *editorFailed
			if errors.As(err, &ef) {
				fmt.Fprintln(out, err)
				continue
			}
			if errors.Is(err, inbox.ErrStillBroken) {
				fmt.Fprintln(out, err)
				return false, nil
			}
			return err != nil, err
		case "x":
			if err := inbox.Discard(r.Paths, it, r.Now()); err != nil {
				return true, err
			}
			fmt.Fprintf(out, "Discarded %s.\n", it.ID)
			return false, nil
		case "s":
			return false, nil
		case "q":
			return true, nil
		case "":
		default:
			fmt.Fprint(out, help)
		}
	}
}

// EditAttention hands an entry that needs attention to the editor (a copy:
// an editor that fails or is interrupted changes nothing) and makes it
// pending again from what the person saved (inbox.Reopen), saying where it
// went and what still needs attention.
func (s *Session) EditAttention(p inbox.Paths, it *inbox.Item, now time.Time) error {
	if len(it.Files) == 0 {
		return fmt.Errorf("%s has no patch to edit", it.ID)
	}
	data, err := os.ReadFile(it.Files[0])
	if err != nil {
		return fmt.Errorf("read %s: %w", it.Files[0], err)
	}
	edited, err := s.inEditor("automem-attention-*.patch", data)
	if err != nil {
		return err
	}
	res, err := inbox.Reopen(p, it, edited, now)
	if err != nil {
		return err
	}
	where := "in " + string(res.Kind)
	if res.Kind == patch.Skill {
		where = "as a skill update"
	}
	fmt.Fprintf(s.Out, "%s: pending again %s (%s pending).\n", it.ID, where, plural.Of(res.Pending, "change", "changes"))
	for _, m := range res.Still {
		fmt.Fprintf(s.Out, "Still needs attention: rejected/%s\n", strings.TrimSuffix(filepath.Base(m), ".patch"))
	}
	return nil
}

// ShowRejected prints a quarantined candidate: its reason and its patch
// text, made visible (it is exactly what failed validation, so it may hold
// anything).
func ShowRejected(out io.Writer, it *inbox.Item) error {
	fmt.Fprintf(out, "Reason: %s\n", Visible(it.Reason))
	if len(it.Files) == 0 {
		return nil
	}
	data, err := os.ReadFile(it.Files[0])
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", it.Files[0], err)
	}
	if isBinary(data) {
		fmt.Fprintf(out, "(binary, %d bytes, not shown)\n", len(data))
		return nil
	}
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		fmt.Fprintln(out, Visible(l))
	}
	return nil
}
