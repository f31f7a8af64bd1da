package gemini

// foldWorktrees makes the worktrees of one repository one project, as git
// sees them: the project of a linked worktree (`git worktree add`) whose
// repository's main worktree is a project too is merged into the main
// one. Its chats directories become extra chats directories of the main
// project, so their sessions feed one extraction, and its root is kept in
// Worktrees, so a directory inside it finds the main project's memory and
// inbox. Gemini CLI loads private memory by the root it runs in, so the
// memory goes where the main worktree loads it; the linked worktree's own
// memory dir is left as it is.
//
// A linked worktree whose main worktree has no Gemini project stays a
// project of its own, exactly as before: automem does not invent the slug
// Gemini CLI would give the main root. A repository without linked
// worktrees is untouched. mainOf maps a linked worktree's path to the
// main worktree (worktree.Main).
func foldWorktrees(projects []Project, mainOf func(string) (string, bool)) []Project {
	into := map[int]int{} // linked project index -> main project index
	for i, p := range projects {
		if p.Root == "" {
			continue
		}
		main, ok := mainOf(p.Root)
		if !ok {
			continue
		}
		for j, q := range projects {
			if j != i && q.Root != "" && samePath(q.Root, main) {
				into[i] = j
				break
			}
		}
	}
	if len(into) == 0 {
		return projects
	}
	out := make([]Project, 0, len(projects)-len(into))
	at := map[int]int{}
	for i, p := range projects {
		if _, linked := into[i]; !linked {
			at[i] = len(out)
			out = append(out, p)
		}
	}
	for i := range projects {
		j, linked := into[i]
		if !linked {
			continue
		}
		l, m := projects[i], &out[at[j]]
		m.ExtraChatsDirs = append(m.ExtraChatsDirs, l.ChatsDir)
		m.ExtraChatsDirs = append(m.ExtraChatsDirs, l.ExtraChatsDirs...)
		m.Worktrees = append(m.Worktrees, l.Root)
	}
	return out
}

// Holds reports whether dir (absolute, clean) lies in the project: under
// its root or under a linked worktree folded into it. rootLen is the
// length of the root that holds it, so the deepest project wins when roots
// nest.
func (p Project) Holds(dir string) (rootLen int, ok bool) {
	rootLen = -1
	for _, r := range append([]string{p.Root}, p.Worktrees...) {
		if r != "" && within(r, dir) && len(r) > rootLen {
			rootLen, ok = len(r), true
		}
	}
	return rootLen, ok
}
