package gamedef

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/starcircle"

	"github.com/gamesearch/gamesearch/pkg/check"
)

// TestRandomCasesCoverEdgeCases: the random Star/Circle cases meet passes
// and stacks, as the corpora do.
func TestRandomCasesCoverEdgeCases(t *testing.T) {
	var pass, stack int
	scs, err := starcircleRandom(100, check.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range scs {
		f := sc.features()
		if f.Has(check.CausePass) {
			pass++
		}
		if f.Has(check.CauseStack) {
			stack++
		}
	}
	if pass < 5 || stack < 5 || pass > 95 || stack > 95 {
		t.Errorf("starcircle: %d cases meet a pass and %d a stack, of 100", pass, stack)
	}
}

// TestRandomCoverage: at -n 60 the random suite holds at least 9 cases
// that meet a pass and 15 that meet a stack on the last row
// (docs/check.md).
func TestRandomCoverage(t *testing.T) {
	scs, err := starcircleRandom(60, check.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	var pass, stack int
	for i := range scs {
		f := scs[i].features()
		if f.Has(check.CausePass) {
			pass++
		}
		if f.Has(check.CauseStack) {
			stack++
		}
	}
	if pass < 9 || stack < 15 {
		t.Errorf("Star/Circle -n 60: %d with a pass, %d with a stack; want at least 9 and 15", pass, stack)
	}
}

// TestExplore: a failing case opens its input.txt, read back from the
// report's byte-exact display.
func TestExplore(t *testing.T) {
	in := starcircle.StartInput("ALPHABETA", 3)
	q := starcircleCheck.Explore(nil, "", "input.txt:\n"+check.ShowBytes([]byte(in)))
	if q.Get("input") != in {
		t.Errorf("input %q, want %q", q.Get("input"), in)
	}
}

// TestModelMatchesReference: without a mistake the model search gives the
// reference's output on the corpus cases it can search.
func TestModelMatchesReference(t *testing.T) {
	corpus := check.DirFiles(filepath.Dir(testutil.Conformance(t, "starcircle")))
	units, err := starcircleDir(corpus, "starcircle/cases", "")
	if err != nil {
		t.Fatal(err)
	}
	searched := 0
	for _, u := range units {
		sc := u.(*scCase)
		if sc.prob.Depth > 6 {
			continue
		}
		m, ok := sc.model(check.Mistake{}, nil)
		if !ok || m.lines != strings.TrimSpace(sc.want) {
			t.Fatalf("%s: model %q, want %q", sc.name, m.lines, sc.want)
		}
		searched++
	}
	if searched < 800 {
		t.Fatalf("compared %d Star/Circle cases; want most of the corpus", searched)
	}
}

// TestStarCircleFeatures: the start position at depth 2 meets neither a pass
// nor a stack; a board with a stack and a Circle that cannot move has both.
func TestStarCircleFeatures(t *testing.T) {
	p, err := starcircle.Parse([]byte(starcircle.StartInput("MINIMAX", 2)))
	if err != nil {
		t.Fatal(err)
	}
	sc := newSCCase("start", p)
	if f := sc.features(); f.Has(check.CausePass) || f.Has(check.CauseStack) {
		t.Errorf("start position at depth 2: features %b, want neither pass nor stack", f)
	}
	p.Board = [64]int{}
	p.Board[starcircle.NewSquare(7, 1)] = 2  // a Star stack on H2
	p.Board[starcircle.NewSquare(6, 0)] = 1  // Star on G1: steps onto H2
	p.Board[starcircle.NewSquare(0, 1)] = -1 // Circle on A2: cannot move, passes
	sc = newSCCase("edge", p)
	if f := sc.features(); !f.Has(check.CausePass) || !f.Has(check.CauseStack) {
		t.Errorf("stack and blocked Circle: features %b, want pass and stack", f)
	}
}

// TestVariantsNamed: a program whose every failing answer is exactly a
// model variant's (reversed move order, jumps before steps, a depth off by
// one, ties to the last move, strict cut-offs) is told that mistake, with
// the number of failures it fits; the answers are fed to the diagnosis as
// a run's output, over random cases.
func TestVariantsNamed(t *testing.T) {
	scs, err := starcircleRandom(120, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range check.Variants {
		if v.MorrisOnly {
			continue
		}
		t.Run(check.CauseText[v.C][:20], func(t *testing.T) {
			var results []*check.Result
			for i := range scs {
				sc := &scs[i]
				m, ok := sc.model(v.M, nil)
				if !ok {
					continue
				}
				rr := &check.RunResult{Files: map[string][]byte{"output.txt": []byte(m.lines + "\n")}}
				results = append(results, sc.judge(rr, nil))
			}
			if len(results) == 0 {
				t.Skipf("depth %+d: no random case is deep enough", v.M.Depth)
			}
			assertNamed(t, results, v.C)
		})
	}
}

// assertNamed checks that the likely cause of results is c, fitting every
// failure, and that there is one.
func assertNamed(t *testing.T, results []*check.Result, c check.Cause) {
	t.Helper()
	failed := 0
	for _, r := range results {
		if !r.Passed {
			failed++
			if !r.Causes().Has(c) {
				t.Logf("%s: %s: causes %b", r.Name, r.Problem, r.Causes())
			}
		}
	}
	got := check.LikelyCause(results)
	if failed == 0 || !strings.HasPrefix(got, check.CauseText[c]) || !strings.Contains(got, fmt.Sprintf("all %d failing cases", failed)) {
		t.Errorf("%d failures: likely cause %q, want %q", failed, got, check.CauseText[c])
	}
}
