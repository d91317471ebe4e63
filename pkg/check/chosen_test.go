package check

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

var updateChosen = flag.Bool("update-chosen", false, "rewrite the families' lists of the default suite's cases (testdata/conformance)")

// TestChosenSuites: each family's list of the default suite's cases is
// what Choose makes of its public suite and of the default random cases,
// for every exact program at its default settings. -update-chosen writes
// the lists anew (the command is in docs/check.md).
func TestChosenSuites(t *testing.T) {
	root := testutil.RepoRoot(t)
	for _, f := range families {
		if f.Chosen == "" {
			continue
		}
		var b strings.Builder
		b.WriteString("# The cases of the default suite (pkg/check/chosen.go): PROGRAM, SETTINGS, SUITE, CASE.\n" +
			"# Written by: go test ./pkg/check -run TestChosenSuites -update-chosen\n")
		for _, p := range f.Programs {
			if !p.Exact {
				continue
			}
			o := testOptions(t, p.Name)
			o.Corpus, o.N, o.Seed = DirFiles(filepath.Join(root, "testdata", "conformance")), 200, DefaultSeed
			o.Suites = map[string]bool{"public": true, "random": true}
			suites, err := buildSuites(o)
			if err != nil {
				t.Fatal(err)
			}
			settings := strings.Join(gameSettings(o), " ")
			for _, s := range suites {
				for _, i := range Choose(s.units) {
					key := corpusKey(s.units[i])
					if s.name == "random" {
						key = strconv.Itoa(i + 1)
					}
					b.WriteString(ChosenLine(p.Name, settings, s.name, key) + "\n")
				}
			}
		}
		path := filepath.Join(root, "testdata", "conformance", filepath.FromSlash(f.Chosen))
		if *updateChosen {
			if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != b.String() {
			t.Errorf("%s is not what Choose makes of the corpus: go test ./pkg/check -run TestChosenSuites -update-chosen", f.Chosen)
		}
	}
}

// TestChoose: from the cheapest, a unit is kept while one of its classes
// has fewer than two kept; units that are not profiled are all kept.
func TestChoose(t *testing.T) {
	units := []Unit{
		profiled{9, []string{"a"}}, profiled{1, []string{"a", "b"}}, profiled{2, []string{"a"}},
		profiled{3, []string{"a", "b"}}, profiled{4, []string{"b", "c"}}, plainUnit{}, profiled{5, []string{"b"}},
	}
	// By cost: 1 (a, b) kept; 2 (a) kept; 3 (a, b) kept for b; 4 (b, c)
	// kept for c; 5 (b) and 0 (a) not; the plain unit kept.
	if got, want := Choose(units), []int{1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("Choose = %v, want %v", got, want)
	}
}

// profiled is a Profiled unit of a given cost and classes.
type profiled struct {
	cost    uint64
	classes []string
}

func (p profiled) Run(*Command, *Options) ([]*Result, error) { return nil, nil }
func (p profiled) Size() int                                 { return 1 }
func (p profiled) Cost() uint64                              { return p.cost }
func (p profiled) Classes() []string                         { return p.classes }

// plainUnit is a unit that is not profiled.
type plainUnit struct{}

func (plainUnit) Run(*Command, *Options) ([]*Result, error) { return nil, nil }
func (plainUnit) Size() int                                 { return 1 }
