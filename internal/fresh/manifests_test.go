package fresh

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

func TestManifestNames(t *testing.T) {
	tests := []struct {
		name  string
		parse func(string, *names)
		data  string
		want  []string
		dyn   bool
	}{
		{"make", makeNames, "all: build\n\nbuild test &: x\n\tgo build\nA = b:c\nB := d\nifeq ($(X),y:z)\nendif\ndefine T\nin-define:\nendef\n%.o: %.c\n# c: d\n", []string{"all", "build", "test"}, false},
		{"make dynamic", makeNames, "$(BIN): x\n", nil, true},
		{"make include", makeNames, "include $(GEN).mk\nx: y\n", []string{"x"}, true},
		{"just", justNames, "set shell := [\"sh\"]\nalias t := test\nmod web\n[private]\n@test filter='a:b':\n    go test\nv := \"1\"\nbuild: test\n", []string{"build", "t", "test", "web"}, false},
		{"go.mod", goModNames, "module example.com/a\n\nrequire (\n\tgithub.com/x/y v1 // indirect\n)\nrequire golang.org/x/tools v0.1\nreplace a.b/c => ../c\n", []string{"a.b/c", "example.com/a", "github.com/x/y", "golang.org/x/tools"}, false},
		{"Cargo.toml", cargoNames, "[package]\nname = \"app\"\n[dependencies]\nserde = \"1\"\nmy_crate = { package = \"real-crate\" }\n[dev-dependencies.tokio]\nversion = \"1\"\n[target.'cfg(unix)'.dependencies]\nlibc = \"0.2\"\n", []string{"libc", "my-crate", "real-crate", "serde", "tokio"}, false},
		{"requirements", requirementNames, "Django>=4 # web\n-r base.txt\nrequests[socks]==2\n", []string{"django", "requests"}, false},
		{"requirements editable", requirementNames, "-e ./lib\n", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var n names
			tt.parse(tt.data, &n)
			var got []string
			for k := range n.set {
				got = append(got, k)
			}
			sort.Strings(got)
			if !slices.Equal(got, tt.want) || n.dynamic != tt.dyn {
				t.Errorf("names = %q dynamic=%v, want %q dynamic=%v", got, n.dynamic, tt.want, tt.dyn)
			}
		})
	}
}

// FuzzManifests feeds every manifest parser the same bytes: none may panic
// or yield an empty or multi-line name.
func FuzzManifests(f *testing.F) {
	for _, s := range []string{"a: b\n\tc\n", "x:=1\n", "alias a := b\n", "require (\nx v\n)\n", "[dependencies]\na = 1\n", "a==1\n", "\\\n", "define\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		for _, parse := range []func(string, *names){makeNames, justNames, goModNames, cargoNames, quotedPyNames, requirementNames} {
			var n names
			parse(data, &n)
			for k := range n.set {
				if k == "" || strings.ContainsAny(k, "\n") {
					t.Fatalf("bad name %q from %q", k, data)
				}
			}
		}
	})
}
