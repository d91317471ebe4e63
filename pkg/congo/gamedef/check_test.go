package gamedef

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/congo"
)

// checkOptions returns the check options of the Part program name under
// edition ed.
func checkOptions(t *testing.T, name string, ed congo.Edition) *check.Options {
	t.Helper()
	for _, p := range congoCheck.Programs {
		if p.Name == name {
			return &check.Options{Prog: p, Game: congoSettings{edition: ed}}
		}
	}
	t.Fatalf("no program %s", name)
	return nil
}

// TestRandomCasesCoverEdgeCases: the random Congo cases reach the
// situations the corpora show: promotions, lion captures, drownings and
// Black to move, and positions whose value depends on the edition.
func TestRandomCasesCoverEdgeCases(t *testing.T) {
	t.Parallel()
	u, err := congoRandom(checkOptions(t, "congo-move", congo.Edition2022), 100, check.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	var kinds [numMoveKinds]int
	black := 0
	for _, c := range u.cases {
		pos, _ := congo.ParseFEN(c.fen)
		m, _ := congo.ParseMove(c.move)
		for k := range kinds {
			if moveKind(&pos, m, k) {
				kinds[k]++
			}
		}
		if pos.Side == congo.Black {
			black++
		}
	}
	for k, n := range kinds {
		if n < 10 {
			t.Errorf("congo-move: %d cases of move kind %d in 100, want at least 10", n, k)
		}
	}
	if black < 30 || black > 70 {
		t.Errorf("congo-move: %d of 100 cases have Black to move", black)
	}

	u, err = congoRandom(checkOptions(t, "congo-alphabeta", congo.Edition2022), 100, check.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	alt, err := u.reference(u.cases, congo.Edition2021)
	if err != nil {
		t.Fatal(err)
	}
	edition := 0
	for k := range u.cases {
		if strings.Join(alt[k], "\n") != strings.Join(u.cases[k].want, "\n") {
			edition++
		}
	}
	if edition == 0 {
		t.Error("congo-alphabeta: no random case depends on the promotion rule")
	}
}

// TestRandomCoverage: at -n 60 the random suite holds at least 20
// positions with Black to move (docs/check.md).
func TestRandomCoverage(t *testing.T) {
	t.Parallel()
	u, err := congoRandom(checkOptions(t, "congo-alphabeta", congo.Edition2022), 60, check.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	black := 0
	for _, c := range u.cases {
		if strings.Fields(c.fen)[1] == "b" {
			black++
		}
	}
	if black < 20 {
		t.Errorf("Congo -n 60: %d positions with Black to move; want at least 20", black)
	}
}

// TestExplore: a failing congo-alphabeta case opens its FEN with the
// report's edition; congo-setup has no search to show.
func TestExplore(t *testing.T) {
	t.Parallel()
	fen := "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"
	u := &congoUnit{cases: []congoCase{{fen: "x"}, {fen: fen}}}
	ab := checkOptions(t, "congo-alphabeta", congo.Edition2021).Prog
	q := congoExplore(ab, "-rules 2021 -suite public -timeout 5s", u.describe(1))
	if q.Get("input") != fen || q.Get("rules") != "2021" {
		t.Errorf("query %v, want the FEN and -rules 2021", q)
	}
	if q := congoExplore(checkOptions(t, "congo-setup", congo.Edition2022).Prog, "", u.describe(1)); q != nil {
		t.Errorf("congo-setup: query %v, want none", q)
	}
}

// TestShifted: answers one case late are recognized.
func TestShifted(t *testing.T) {
	t.Parallel()
	p := checkOptions(t, "congo-eval", congo.Edition2022).Prog
	u := &congoUnit{prog: p, cases: []congoCase{{want: []string{"1"}}, {want: []string{"2"}}, {want: []string{"3"}}, {want: []string{"4"}}}}
	if !u.shifted([]string{"10000", "1", "2", "3"}) || !u.shifted([]string{"1", "1", "2", "3"}) {
		t.Error("answers one case late not recognized")
	}
	if u.shifted([]string{"1", "2", "3", "4"}) || u.shifted([]string{"5", "6", "7", "8"}) {
		t.Error("right or unrelated answers taken for shifted ones")
	}
}

// TestCongoVariantsNamed: congo-minimax and congo-alphabeta answers that
// are exactly the course search one ply shallower or deeper, two plies
// shallower (depth 2 for congo-alphabeta's 4), or with the
// evaluation not negated for Black, are named so.
func TestCongoVariantsNamed(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"congo-minimax", "congo-alphabeta"} {
		u, err := congoRandom(checkOptions(t, name, congo.Edition2022), 40, 3)
		if err != nil {
			t.Fatal(err)
		}
		ab := name == "congo-alphabeta"
		depth := map[bool]int{false: 2, true: 4}[ab]
		g, opt := congo.NewCourseGame(u.rules, ab), congo.CourseOptions(ab)
		for _, c := range []struct {
			cause  check.Cause
			answer func(pos congo.Position) string
		}{
			{check.CauseDepthOff, func(pos congo.Position) string { return congoValue(g, opt, pos, depth-1, ab) }},
			{check.CauseDepthOff2, func(pos congo.Position) string { return congoValue(g, opt, pos, depth-2, ab) }},
			{check.CauseWhiteView, func(pos congo.Position) string { return congoValue(whiteView{g}, opt, pos, depth, ab) }},
		} {
			if c.cause == check.CauseDepthOff2 && depth < 3 {
				continue // congo-minimax: depth 0 is no search
			}
			var results []*check.Result
			failed := 0
			for k, cs := range u.cases {
				pos, _ := congo.ParseFEN(cs.fen)
				got := c.answer(pos)
				r := &check.Result{Passed: got == cs.want[0]}
				if !r.Passed {
					failed++
					r.Causes = func() check.CauseSet { return u.variantCauses(k, []string{got}) }
				}
				results = append(results, r)
			}
			if got := check.LikelyCause(results); failed == 0 || !strings.HasPrefix(got, check.CauseText[c.cause]) {
				t.Errorf("%s: %d failures, likely cause %q; want %q", name, failed, got, check.CauseText[c.cause])
			}
		}
	}
}
