package check

import "testing"

// families are the registered games' program families, which the tests
// run: families_test.go (package check_test, which may import the
// registry) sets them before any test runs.
var families []*Family

// UseFamilies sets the families the tests run.
func UseFamilies(f []*Family) { families = f }

// allPrograms lists the programs of the families, each with its Family.
func allPrograms(t testing.TB) []*Program {
	t.Helper()
	var out []*Program
	for _, f := range families {
		for _, p := range f.Programs {
			q, err := findProgram(families, p.Name)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, q)
		}
	}
	return out
}

// testOptions returns the options of program name as check sets them:
// every settings flag at its default, those in settings ("rules",
// "2021", ...) given by the user.
func testOptions(t testing.TB, name string, settings ...string) *Options {
	t.Helper()
	p, err := findProgram(families, name)
	if err != nil {
		t.Fatal(err)
	}
	o := &Options{Prog: p, Settings: map[string]string{}, Timeout: p.PerCase}
	for _, f := range families {
		if f.Flags != nil {
			for _, fl := range f.Flags(false) {
				o.Settings[fl.Name] = fl.Default
			}
		}
	}
	set := map[string]bool{}
	for i := 0; i+1 < len(settings); i += 2 {
		o.Settings[settings[i]], set[settings[i]] = settings[i+1], true
	}
	if p.Family.Apply != nil {
		if err := p.Family.Apply(o, set); err != nil {
			t.Fatal(err)
		}
	}
	return o
}
