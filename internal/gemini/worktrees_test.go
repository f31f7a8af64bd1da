package gemini

import (
	"reflect"
	"testing"
)

func TestFoldWorktrees(t *testing.T) {
	mainOf := func(dir string) (string, bool) {
		switch dir {
		case "/src/app-feature":
			return "/src/app", true
		case "/src/app-fix":
			return "/src/app", true
		case "/src/lone-wt":
			return "/src/lone", true // the main worktree has no Gemini project
		}
		return "", false
	}
	projects := []Project{
		{ID: "app", Root: "/src/app", ChatsDir: "/g/tmp/app/chats", MemoryDir: "/g/tmp/app/memory"},
		{ID: "app-feature", Root: "/src/app-feature", ChatsDir: "/g/tmp/app-feature/chats", ExtraChatsDirs: []string{"/g/tmp/hash/chats"}},
		{ID: "app-fix", Root: "/src/app-fix", ChatsDir: "/g/tmp/app-fix/chats"},
		{ID: "lone-wt", Root: "/src/lone-wt", ChatsDir: "/g/tmp/lone-wt/chats"},
		{ID: "other", Root: "/src/other", ChatsDir: "/g/tmp/other/chats"},
	}
	got := foldWorktrees(projects, mainOf)
	var ids []string
	for _, p := range got {
		ids = append(ids, p.ID)
	}
	if want := []string{"app", "lone-wt", "other"}; !reflect.DeepEqual(ids, want) {
		t.Fatalf("projects after folding = %v, want %v", ids, want)
	}
	app := got[0]
	if want := []string{"/g/tmp/app-feature/chats", "/g/tmp/hash/chats", "/g/tmp/app-fix/chats"}; !reflect.DeepEqual(app.ExtraChatsDirs, want) {
		t.Errorf("main project's extra chats = %v, want %v", app.ExtraChatsDirs, want)
	}
	if want := []string{"/src/app-feature", "/src/app-fix"}; !reflect.DeepEqual(app.Worktrees, want) {
		t.Errorf("main project's worktrees = %v, want %v", app.Worktrees, want)
	}
	if app.MemoryDir != "/g/tmp/app/memory" {
		t.Errorf("memory dir moved to %s", app.MemoryDir)
	}

	// A directory in a folded worktree finds the main project; one in the
	// unfolded worktree finds its own, as before.
	for dir, want := range map[string]string{
		"/src/app-feature/pkg": "app",
		"/src/app-fix":         "app",
		"/src/app/cmd":         "app",
		"/src/lone-wt/x":       "lone-wt",
	} {
		p, err := match(got, dir)
		if err != nil || p.ID != want {
			t.Errorf("match(%s) = %q, %v; want %q", dir, p.ID, err, want)
		}
	}
	if p, ok := ForRoot(got, "/src/app-fix"); !ok || p.ID != "app" {
		t.Errorf("ForRoot(linked worktree) = %q, %v; want app", p.ID, ok)
	}

	// No linked worktree: the very same list comes back.
	plain := []Project{projects[0], projects[4]}
	if out := foldWorktrees(plain, mainOf); !reflect.DeepEqual(out, plain) {
		t.Errorf("a list without worktrees changed: %+v", out)
	}
}
