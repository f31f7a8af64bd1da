package offline

import (
	"strings"
	"testing"
)

// TestQueriedVersionOutputShapes: the shapes a version query's answer
// takes beyond a line naming the program asked: a banner naming the
// product a part of the launcher's name belongs to ("ESP-IDF" for
// idf.py), a service run through compose with only flags after its name
// (its image's program answers), a `show` report of one package whose
// version row is that package's, and a list of "name version" rows of
// the components a version subcommand runs. Negatives: a generic name
// part ("gnu"), a compose run of another program, a `show` of several
// packages, a list with a line of another shape.
func TestQueriedVersionOutputShapes(t *testing.T) {
	for _, tc := range []struct {
		cmd, output string
		want        []string
	}{
		{"idf.py --version", "ESP-IDF v5.3.1\n", []string{"5.3.1"}},
		{"west.py --version", "Zephyr-West v1.2.0\n", []string{"1.2.0"}},
		{"ns-cli --version", "Core-CLI 2.0.1\n", nil},
		{"docker compose run --rm freqtrade --version", "freqtrade 2025.6\n", []string{"2025.6"}},
		{"docker-compose run --rm -T keycloak --version", "Keycloak 26.0.5\n", []string{"26.0.5"}},
		{"docker compose run --rm web ./manage.py --version", "5.1.4\n", []string{"5.1.4"}},
		{"docker compose run --rm web pytest", "pytest 8.3.3\n", nil},
		{"composer show filament/filament", "name     : filament/filament\ndescrip. : A collection of full-stack components\nversions : * v3.3.4\n", []string{"3.3.4"}},
		{"poetry show httpx", "name         : httpx\nversion      : 0.28.1\ndescription  : The next generation HTTP client.\n", []string{"0.28.1"}},
		{"composer show", "filament/filament v3.3.4 A collection\nlaravel/framework v11.9.2 The Laravel Framework\n", nil},
		{"bench version", "erpnext 15.38.1\nfrappe 15.44.0\nfleet_maint 0.0.1\n", []string{"15.38.1", "15.44.0", "0.0.1"}},
		{"stack --version", "ghc 9.6.6\ncabal 3.10.3.0\n", []string{"9.6.6", "3.10.3.0"}},
		{"bench version", "WARN: bench is installed in editable mode\nerpnext 15.38.1\nfrappe 15.44.0\n", nil},
		{"bench version", "erpnext 15.38.1\n", nil},
	} {
		var got []string
		for _, s := range queriedVersion(commands(tc.cmd)[0], tc.output, source{quote: "the feed renders twice"}) {
			got = append(got, s.value)
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("queriedVersion(%q, %q) = %v, want %v", tc.cmd, tc.output, got, tc.want)
		}
	}
}

// TestPastedLabelAndEnvWord: a label of a few words before a colon ("WC
// requires at least: 9.1", a plugin header's) is a key, and a plain word
// is a value under an environment variable's name only, a switch
// ("false") not even there; prose, a lower-case key with a word and a bare
// word are not settings.
func TestPastedLabelAndEnvWord(t *testing.T) {
	for _, tc := range []struct {
		text string
		want string // key=value of the settings read, word values marked *
	}{
		{"Here's the header after the bump:\n/**\n * Plugin Name: Box Builder\n * WC requires at least: 9.1\n */", "WC requires at least=9.1"},
		{"status page says\nMax upload size: 64M\nServer API: FPM", "Max upload size=64M"},
		{"the .env now has this:\nQUEUE_CONNECTION=database\nLOG_LEVEL=debug", "QUEUE_CONNECTION=database*,LOG_LEVEL=debug*"},
		{"staging .env:\nGRAPHQL_PLAYGROUND=false\nQUEUE_CONNECTION=database", "QUEUE_CONNECTION=database*"},
		{"config now:\nqueue: database\nmode: strict", ""},
		{"the build broke again:\nError in module loader: undefined", ""},
		{"we moved it: 8080 was taken", ""},
	} {
		var got []string
		for _, s := range pastedSettings(tc.text, source{quote: "x"}) {
			kv := s.key + "=" + s.value
			if s.word {
				kv += "*"
			}
			got = append(got, kv)
		}
		if g := strings.Join(got, ","); g != tc.want {
			t.Errorf("pastedSettings(%q) = %q, want %q", tc.text, g, tc.want)
		}
	}
}

// TestVersionAfterImagePath: a memory line writing the program as an
// image with its registry path ("apache/superset:3.1.0") gives its tag as
// the version after the name, the path kept; an image of another program
// does not.
func TestVersionAfterImagePath(t *testing.T) {
	for _, tc := range []struct{ line, named, v, wantName, wantOld string }{
		{"Superset runs from the apache/superset:3.1.0 image.", "superset", "4.0.2", "apache/superset:", "3.1.0"},
		{"Docker image freqtradeorg/freqtrade:2024.11.", "freqtrade", "2025.6", "freqtradeorg/freqtrade:", "2024.11"},
		{"Broker image is docker.io/bitnami/kafka:3.7.", "kafka", "3.8", "docker.io/bitnami/kafka:", "3.7"},
		{"Cache image is redis:7.2.", "redis", "7.4", "redis:", "7.2"},
		{"Superset runs beside the apache/airflow:2.9.3 image.", "superset", "4.0.2", "", ""},
		// two names joined by a slash, the version after the last
		{"Site runs Frappe/ERPNext v14.", "erpnext", "15.38.1", "Frappe/ERPNext", "v14"},
		{"Site runs Frappe/ERPNext v14.", "frappe", "15.44.0", "", ""},
		{"Build with GCC/Clang 14 on CI.", "clang", "15", "GCC/Clang", "14"},
		{"Sources in src/app 2 dirs.", "app", "3", "", ""},
	} {
		name, old := versionAfterName(tc.line, keyTerms(tc.named), tc.v)
		if name != tc.wantName || old != tc.wantOld {
			t.Errorf("versionAfterName(%q, %s) = %q, %q; want %q, %q", tc.line, tc.named, name, old, tc.wantName, tc.wantOld)
		}
	}
}

// TestPastedEnvWordEditsMemoryLine: a pasted .env line whose variable a
// memory line writes with another word rewrites that line when the
// person says the file is what holds now; asked about, or against a line
// that does not write the variable, it changes nothing.
func TestPastedEnvWordEditsMemoryLine(t *testing.T) {
	mem := "# Project Memory\n\n- Mail goes out through smtp (MAIL_MAILER=smtp).\n- Sessions are kept in redis.\n"
	for _, tc := range []struct {
		name, paste string
		want        bool
	}{
		{"told", "u:the .env on staging now has this, smtp kept timing out:\nMAIL_MAILER=ses\nSESSION_DRIVER=database", true},
		{"asked", "u:why is this in the .env?\nMAIL_MAILER=ses", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			withMemory(t, w, mem)
			w.add("a", true, "u:add the invoice mailable", "x:php artisan test")
			w.add("b", true, tc.paste, "x:php artisan test")
			if !tc.want {
				for _, c := range w.run(t).Candidates {
					if strings.Contains(c.Text, "ses") {
						t.Errorf("a paste asked about proposed %q", c.Text)
					}
				}
				return
			}
			got, _ := w.appliedPrivate(t, mem)
			if !strings.Contains(got, "ses") || strings.Contains(got, "MAIL_MAILER=smtp") {
				t.Errorf("mailer line not rewritten:\n%s", got)
			}
			if !strings.Contains(got, "- Sessions are kept in redis.") {
				t.Errorf("a line not writing the variable changed:\n%s", got)
			}
		})
	}
}

// TestProductOfBinary: a banner's product word belongs to the binary
// asked when the binary's name abbreviates it ("mvn" of Maven, "psql" of
// PostgreSQL) or shares a part of its name that is no generic word ("idf"
// of ESP-IDF and idf.py); a short name, another first letter, letters out
// of order or a generic part ("cli") tie nothing.
func TestProductOfBinary(t *testing.T) {
	for _, tc := range []struct {
		lp, l string
		want  bool
	}{
		{"mvn", "maven", true},
		{"psql", "postgresql", true},
		{"gh", "github", false},
		{"mvn", "gradle", false},
		{"nvm", "maven", false},
		{"ptx", "python", false},
	} {
		if got := abbreviates(tc.lp, tc.l); got != tc.want {
			t.Errorf("abbreviates(%q, %q) = %v, want %v", tc.lp, tc.l, got, tc.want)
		}
	}
	for _, tc := range []struct {
		l, lp string
		want  bool
	}{
		{"esp-idf", "idf.py", true},
		{"zephyr-west", "west.py", true},
		{"core-cli", "ns-cli", false},
		{"gnu", "gnu-indent", false},
	} {
		if got := productSharesPart(tc.l, tc.lp); got != tc.want {
			t.Errorf("productSharesPart(%q, %q) = %v, want %v", tc.l, tc.lp, got, tc.want)
		}
	}
}

// TestShownFileValueAndJSONSection: a file printed whole that holds one
// version alone gives it under the file's name, which only a memory line
// naming the file and writing one version ties to; a JSON key opening an
// object heads the block its keys are under, so a version under
// "dependencies" is that package's.
func TestShownFileValueAndJSONSection(t *testing.T) {
	for _, tc := range []struct{ cmd, output, want string }{
		{"cat .nvmrc", "22.11.0\n", ".nvmrc=22.11.0"},
		{"cat .python-version", "3.12.7\n", ".python-version=3.12.7"},
		{"cat .nvmrc", "lts/iron\n", ""},
		{"cat notes.txt", "see the wiki for 22.11.0\n", ""},
	} {
		var got []string
		for _, s := range shownSettings(commands(tc.cmd)[0], tc.output, source{quote: "bumped it, see"}) {
			got = append(got, s.key+"="+s.value)
		}
		if g := strings.Join(got, ","); g != tc.want {
			t.Errorf("shownSettings(%q, %q) = %q, want %q", tc.cmd, tc.output, g, tc.want)
		}
	}
	for _, tc := range []struct{ line, v, want string }{
		{"Node 20 via nvm (.nvmrc).", "22.11.0", "20"},
		{"Node 20 via nvm (.nvmrc), CI on 18.", "22.11.0", ""},
		{"Node via nvm (.nvmrc).", "22.11.0", ""},
	} {
		if got := onlyVersion(tc.line, tc.v); got != tc.want {
			t.Errorf("onlyVersion(%q, %q) = %q, want %q", tc.line, tc.v, got, tc.want)
		}
	}
	var got []string
	for _, s := range pastedSettings("package.json after the upgrade:\n  \"dependencies\": {\n    \"next\": \"15.0.3\"\n  },\n  \"scripts\": {\n    \"port\": \"3000\"\n  }", source{quote: "x"}) {
		got = append(got, s.key+"="+s.value+" "+strings.Join(s.section, "+")+" "+strings.Join(s.named, "+"))
	}
	if g := strings.Join(got, ","); g != "next=15.0.3 dependency next,port=3000 script " {
		t.Errorf("pastedSettings(package.json) = %q", g)
	}
}
