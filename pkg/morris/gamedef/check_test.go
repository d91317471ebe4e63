package gamedef

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// TestRandomCasesCoverEdgeCases: the random Morris cases include hopping
// (a side of three pieces), as the corpora do.
func TestRandomCasesCoverEdgeCases(t *testing.T) {
	t.Parallel()
	hop := 0
	for _, mc := range morrisRandom(morris.MiniMaxGame, morris.S22, 100, check.DefaultSeed) {
		if strings.Count(mc.input, "W") == 3 || strings.Count(mc.input, "B") == 3 {
			hop++
		}
	}
	if hop == 0 {
		t.Error("MiniMaxGame: no random position with a side of three pieces (hopping)")
	}
}

// TestMeetsBlocked: for the MINIMAX game programs on every board, the walk
// of meetsBlocked says what the model search of features says, both ways:
// on 10 random draws each and on the first 6 cases of morrisRandom (whose
// sixth is chosen to meet a side without a move). A tree past
// check.ModelLimit (hopping sides, depth 5), where the model search aborts,
// counts as meeting one.
func TestMeetsBlocked(t *testing.T) {
	t.Parallel()
	var met, missed int
	for _, p := range []morris.Program{morris.MiniMaxGame, morris.MiniMaxGameBlack, morris.MiniMaxGameImproved} {
		for kind := morris.S22; kind <= morris.U21; kind++ {
			cases := morrisRandom(p, kind, 6, check.DefaultSeed)
			g := newMorrisDraws(p, kind, check.DefaultSeed+1)
			for len(cases) < 16 {
				if mc, ok := g.next(); ok {
					cases = append(cases, mc)
				}
			}
			for _, mc := range cases {
				want := mc.features().Has(check.CauseBlocked)
				if got := mc.meetsBlocked(); got != want {
					t.Errorf("%s %s depth %d %s: meetsBlocked %v, the model search %v", p.Name, kind, mc.depth, mc.input, got, want)
				}
				if want {
					met++
				} else {
					missed++
				}
			}
		}
	}
	if met < 10 || missed < 200 {
		t.Errorf("%d cases meet a side without a move, %d do not: want at least 10 and 200", met, missed)
	}
	hop := morrisCase{prog: morris.MiniMaxGame, kind: morris.S22, depth: 5, input: "WxWxWxxxxxxxxxxBxBxBxx"}
	pos, _, err := morris.ParseBoard([]byte(hop.input), hop.kind, true)
	if err != nil {
		t.Fatal(err)
	}
	w := blockedWalk{board: morris.BoardOf(hop.kind), phase: morris.Game}
	if root, depth := hop.prog.Root(w.board, pos, hop.depth); !w.node(&root, depth, 0) || w.nodes <= check.ModelLimit || w.nodes > check.ModelLimit+1000 {
		t.Errorf("%s depth 5: walk stopped after %d nodes; want it to stop just past check.ModelLimit (%d)", hop.input, w.nodes, check.ModelLimit)
	}
	if !hop.meetsBlocked() {
		t.Errorf("%s depth 5: meetsBlocked false past check.ModelLimit", hop.input)
	}
}

// TestRandomCoverage: at -n 60 the ABGame random suite holds at least 30
// searches that close a mill and 3 that meet a side without a move
// (docs/check.md).
func TestRandomCoverage(t *testing.T) {
	t.Parallel()
	ms := morrisRandom(morris.ABGame, morris.S22, 60, check.DefaultSeed)
	var mill, blocked int
	for i := range ms {
		f := ms[i].features()
		if f.Has(check.CauseMill) {
			mill++
		}
		if f.Has(check.CauseBlocked) {
			blocked++
		}
	}
	if mill < 30 || blocked < 3 {
		t.Errorf("Morris ABGame -n 60: %d searches close a mill, %d meet a side without a move; want at least 30 and 3", mill, blocked)
	}
}

// TestExplore: a failing ABGame case opens its board, kind and depth.
func TestExplore(t *testing.T) {
	t.Parallel()
	mc := morrisCase{prog: morris.ABGame, kind: morris.S22, depth: 3, input: "xxxxxxxxWWxWWxBBBxxxxx"}
	q := morrisExplore(morrisCheck.Programs[3], "-board S22", mc.describe(3))
	if q.Get("input") != "xxxxxxxxWWxWWxBBBxxxxx" || q.Get("depth") != "3" || q.Get("board") != "S22" {
		t.Errorf("query %v, want the board, depth 3 and S22", q)
	}
}

// TestModelMatchesReference: without a mistake the model search gives the
// reference's board, count and estimate on every corpus row up to depth 4.
func TestModelMatchesReference(t *testing.T) {
	t.Parallel()
	corpus := check.DirFiles(filepath.Dir(testutil.Conformance(t, "morris")))
	rows := 0
	for _, p := range morris.Programs[:6] {
		cases, err := readMorrisTSV(corpus, "morris/cases.tsv", p, 0, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, mc := range cases {
			if mc.depth > 4 {
				continue
			}
			m, ok := mc.model(check.Mistake{})
			want := morrisAnswer{mc.want.Board.Format(morris.BoardOf(mc.kind).N), mc.want.Evaluated, mc.want.Estimate}
			if !ok || m.morrisAnswer != want {
				t.Fatalf("%s %s depth %d %s: model %+v, want %+v", p.Name, mc.kind, mc.depth, mc.input, m.morrisAnswer, want)
			}
			rows++
		}
	}
	if rows < 300 {
		t.Fatalf("compared %d Morris rows; want most of the corpus", rows)
	}
}

// TestMistakeModels: each model mistake changes what it should: ties the
// move, strict cuts and a fixed root alpha the alpha-beta count only.
func TestMistakeModels(t *testing.T) {
	t.Parallel()
	// The handout's board3 at depth 3 (docs/morris.md): 453 evaluations with
	// alpha-beta, estimate 952.
	mc := morrisCase{prog: morris.ABGame, kind: morris.S22, depth: 3, input: "xxxxxxxxWWxWWxBBBxxxxx"}
	base, _ := mc.model(check.Mistake{})
	if base.count != 453 || base.estimate != 952 || base.board != "xxxxxxxxWxxWWWBBBxxxxx" {
		t.Fatalf("base %+v", base.morrisAnswer)
	}
	strict, _ := mc.model(check.Mistake{Strict: true})
	root, _ := mc.model(check.Mistake{RootAlphaFixed: true})
	tie, _ := mc.model(check.Mistake{TieLast: true})
	if strict.count <= base.count || root.count <= base.count || strict.board != base.board || root.estimate != base.estimate {
		t.Errorf("strict %+v, root alpha %+v: want more evaluations, same board and estimate", strict.morrisAnswer, root.morrisAnswer)
	}
	if tie.board == base.board || tie.estimate != base.estimate || tie.count != base.count {
		t.Errorf("tie-last %+v: want another board with the same estimate and count", tie.morrisAnswer)
	}
	// ABOpening on the empty board at depth 2: 42 evaluations, 462 with
	// strict cuts (morris README).
	mc = morrisCase{prog: morris.ABOpening, kind: morris.S22, depth: 2, input: strings.Repeat("x", 22)}
	if m, _ := mc.model(check.Mistake{Strict: true}); m.count != 462 {
		t.Errorf("strict ABOpening: %d evaluations, want 462", m.count)
	}
	if got := check.CountCauses(base.r, base.count+1, false); !got.Has(check.CauseCountRoot) {
		t.Errorf("count + 1: causes %b, want the root counted", got)
	}
	if got := check.CountCauses(base.r, base.r.Nodes, false); !got.Has(check.CauseCountNodes) {
		t.Errorf("count = nodes: causes %b, want every node counted", got)
	}
}

// TestVariantsNamed: a program whose every failing answer is exactly a
// model variant's (reversed move order, neighbours in descending order, a
// depth off by one, ties to the last move, strict cut-offs, no child when
// every piece is in a mill, Black minimising at the root) is told that
// mistake, with the number of failures it fits; the answers are fed to the
// diagnosis as a run's output, over random cases. The variants run in
// parallel: the cases' model caches are locked (see TestModelsShared).
func TestVariantsNamed(t *testing.T) {
	t.Parallel()
	ms := morrisRandom(morris.ABGame, morris.S22, 150, 5)
	blackCases := morrisRandom(morris.MiniMaxGameBlack, morris.S22, 40, 5)
	for _, v := range check.Variants {
		if v.Keyed {
			continue
		}
		t.Run(check.CauseText[v.C][:20], func(t *testing.T) {
			t.Parallel()
			var results []*check.Result
			cases := ms
			if v.M.MinRoot {
				cases = blackCases
			}
			for i := range cases {
				mc := &cases[i]
				m, ok := mc.model(v.M)
				if !ok {
					continue
				}
				out := fmt.Sprintf("Board Position: %s\nPositions evaluated by static estimation: %d.\nMINIMAX estimate: %d.\n", m.board, m.count, m.estimate)
				rr := &check.RunResult{Stdout: []byte(out), Files: map[string][]byte{morrisOut: []byte(m.board + "\n")}}
				results = append(results, mc.judge(rr, nil))
			}
			if len(results) == 0 {
				t.Skipf("depth %+d: no random case is deep enough", v.M.Depth)
			}
			failed := 0
			for _, r := range results {
				if !r.Passed {
					failed++
					if !r.Causes().Has(v.C) {
						t.Logf("%s: %s: causes %b", r.Name, r.Problem, r.Causes())
					}
				}
			}
			got := check.LikelyCause(results)
			if failed == 0 || !strings.HasPrefix(got, check.CauseText[v.C]) || !strings.Contains(got, fmt.Sprintf("all %d failing cases", failed)) {
				t.Errorf("%d failures: likely cause %q, want %q", failed, got, check.CauseText[v.C])
			}
		})
	}
}

// TestModelsShared: a case's mistake models are asked from several
// goroutines at once, as gamesearch grade does when two submissions fail
// the same case, and every goroutine gets the answers of a case of its own.
// Run with -race: the models kept per case are shared.
func TestModelsShared(t *testing.T) {
	t.Parallel()
	cases := morrisRandom(morris.ABGame, morris.S22, 2, 4)
	for i := range cases {
		mc := &cases[i]
		fresh := morrisCase{prog: mc.prog, kind: mc.kind, depth: mc.depth, input: mc.input}
		var wg sync.WaitGroup
		got := make([][]morrisAnswer, 4)
		for g := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, v := range check.Variants {
					m, _ := mc.model(v.M)
					got[g] = append(got[g], m.morrisAnswer)
				}
			}()
		}
		wg.Wait()
		for j, v := range check.Variants {
			want, _ := fresh.model(v.M)
			for g := range got {
				if got[g][j] != want.morrisAnswer {
					t.Fatalf("%s, variant %d, goroutine %d: %+v, want %+v", mc.input, j, g, got[g][j], want.morrisAnswer)
				}
			}
		}
	}
}

// TestMissingPeriodIsWording: a missing period after the count is "output
// wording" whether the numbers beside it are right or not (before, a
// wrong count made it "output format", and the two together no known
// mistake), and for an improved program too.
func TestMissingPeriodIsWording(t *testing.T) {
	t.Parallel()
	var results []*check.Result
	for i, mc := range morrisRandom(morris.ABGame, morris.S22, 6, 3) {
		n := morris.BoardOf(mc.kind).N
		count := mc.want.Evaluated
		if i%2 == 1 {
			count++
		}
		out := fmt.Sprintf("Board Position: %s\nPositions evaluated by static estimation: %d\nMINIMAX estimate: %d.\n", mc.want.Board.Format(n), count, mc.want.Estimate)
		rr := &check.RunResult{Stdout: []byte(out), Files: map[string][]byte{morrisOut: []byte(mc.want.Board.Format(n) + "\n")}}
		r := mc.judge(rr, nil)
		if r.Passed || !r.Causes().Has(check.CauseWording) {
			t.Errorf("%s, count %d: passed %v, causes %b: want the wording cause", mc.name, count, r.Passed, r.Causes())
		}
		results = append(results, r)
	}
	if got, want := check.LikelyCause(results), check.CauseText[check.CauseWording]+" (it fits all 6 failing cases)"; got != want {
		t.Errorf("likely cause %q, want %q", got, want)
	}
	mc := morrisRandom(morris.MiniMaxGameImproved, morris.S22, 1, 3)[0]
	n := morris.BoardOf(mc.kind).N
	out := fmt.Sprintf("Board Position: %s\nPositions evaluated by static estimation: %d\nMINIMAX estimate: %d.\n", mc.want.Board.Format(n), mc.want.Evaluated, mc.want.Estimate)
	r := mc.judgeValid(&check.RunResult{Stdout: []byte(out), Files: map[string][]byte{morrisOut: []byte(mc.want.Board.Format(n) + "\n")}})
	if r.Passed || !r.Causes().Has(check.CauseWording) {
		t.Errorf("improved program: passed %v, causes %b, problem %q: want the wording cause", r.Passed, r.Causes(), r.Problem)
	}
}
