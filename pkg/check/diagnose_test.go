package check

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
)

// TestModelMatchesReference: without a mistake the model search gives the
// reference's board, count and estimate on every corpus row up to depth 4
// (Morris), and the reference's output on the Star/Circle corpus cases it
// can search.
func TestModelMatchesReference(t *testing.T) {
	corpus := DirFiles(filepath.Dir(testutil.Conformance(t, "morris")))
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
			m, ok := mc.model(Mistake{})
			want := morrisAnswer{mc.want.Board.Format(morris.BoardOf(mc.kind).N), mc.want.Evaluated, mc.want.Estimate}
			if !ok || m.morrisAnswer != want {
				t.Fatalf("%s %s depth %d %s: model %+v, want %+v", p.Name, mc.kind, mc.depth, mc.input, m.morrisAnswer, want)
			}
			rows++
		}
	}
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
		m, ok := sc.model(Mistake{}, nil)
		if !ok || m.lines != strings.TrimSpace(sc.want) {
			t.Fatalf("%s: model %q, want %q", sc.name, m.lines, sc.want)
		}
		searched++
	}
	if rows < 300 || searched < 800 {
		t.Fatalf("compared %d Morris rows and %d Star/Circle cases; want most of the corpora", rows, searched)
	}
}

// TestMistakeModels: each model mistake changes what it should: ties the
// move, strict cuts and a fixed root alpha the alpha-beta count only.
func TestMistakeModels(t *testing.T) {
	// The handout's board3 at depth 3 (docs/morris.md): 453 evaluations with
	// alpha-beta, estimate 952.
	mc := morrisCase{prog: morris.ABGame, kind: morris.S22, depth: 3, input: "xxxxxxxxWWxWWxBBBxxxxx"}
	base, _ := mc.model(Mistake{})
	if base.count != 453 || base.estimate != 952 || base.board != "xxxxxxxxWxxWWWBBBxxxxx" {
		t.Fatalf("base %+v", base.morrisAnswer)
	}
	strict, _ := mc.model(Mistake{Strict: true})
	root, _ := mc.model(Mistake{RootAlphaFixed: true})
	tie, _ := mc.model(Mistake{TieLast: true})
	if strict.count <= base.count || root.count <= base.count || strict.board != base.board || root.estimate != base.estimate {
		t.Errorf("strict %+v, root alpha %+v: want more evaluations, same board and estimate", strict.morrisAnswer, root.morrisAnswer)
	}
	if tie.board == base.board || tie.estimate != base.estimate || tie.count != base.count {
		t.Errorf("tie-last %+v: want another board with the same estimate and count", tie.morrisAnswer)
	}
	// ABOpening on the empty board at depth 2: 42 evaluations, 462 with
	// strict cuts (morris README).
	mc = morrisCase{prog: morris.ABOpening, kind: morris.S22, depth: 2, input: strings.Repeat("x", 22)}
	if m, _ := mc.model(Mistake{Strict: true}); m.count != 462 {
		t.Errorf("strict ABOpening: %d evaluations, want 462", m.count)
	}
	if got := CountCauses(base.r, base.count+1, false); !got.Has(CauseCountRoot) {
		t.Errorf("count + 1: causes %b, want the root counted", got)
	}
	if got := CountCauses(base.r, base.r.Nodes, false); !got.Has(CauseCountNodes) {
		t.Errorf("count = nodes: causes %b, want every node counted", got)
	}
}

// TestLikelyCause: the first cause common to every failure is named; a
// feature counts only when a passing case lacks it.
func TestLikelyCause(t *testing.T) {
	fail := func(c CauseSet, f CauseSet) *Result {
		return &Result{Causes: func() CauseSet { return c }, Features: func() CauseSet { return f }}
	}
	pass := func(f CauseSet) *Result { return &Result{Passed: true, Features: func() CauseSet { return f }} }
	for _, c := range []struct {
		name    string
		results []*Result
		want    Cause
		none    bool
	}{
		{"common model cause", []*Result{fail(SetOf(CauseStrictCut, CauseCutoff), 0), fail(SetOf(CauseCutoff, CauseStrictCut, CauseCountRoot), 0)}, CauseStrictCut, false},
		{"only the generic cause in common", []*Result{fail(SetOf(CauseStrictCut, CauseCutoff), 0), fail(SetOf(CauseRootAlpha, CauseCutoff), 0)}, CauseCutoff, false},
		{"nothing in common", []*Result{fail(SetOf(CauseTie), 0), fail(SetOf(CauseCountRoot), 0)}, 0, true},
		{"the evidence counted", []*Result{fail(SetOf(CauseOrderReverse), 0), fail(SetOf(CauseOrderReverse, CauseTie), 0), pass(0)}, CauseOrderReverse, false},
		{"feature lacking in a passing case", []*Result{fail(0, SetOf(CausePass)), pass(0)}, CausePass, false},
		{"feature everywhere", []*Result{fail(0, SetOf(CausePass)), pass(SetOf(CausePass))}, 0, true},
		{"no failure", []*Result{pass(0)}, 0, true},
		{"run level first", []*Result{fail(SetOf(CauseTimeout, CauseTie), 0)}, CauseTimeout, false},
	} {
		got := likelyCause(c.results)
		failed := 0
		for _, r := range c.results {
			if !r.Passed {
				failed++
			}
		}
		want := ""
		switch {
		case failed == 0:
		case c.none:
			want = noKnownMistake
		case failed == 1:
			want = causeText[c.want] + " (it fits the one failing case)"
		default:
			want = fmt.Sprintf("%s (it fits all %d failing cases)", causeText[c.want], failed)
		}
		if got != want {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
	}
}

// TestCompare: normalization tolerates CR, trailing blanks and the final
// newline, and reports them; firstDiff names the first differing line.
func TestCompare(t *testing.T) {
	lines, w := Normalize([]byte("a \r\nb\t\nc"), true)
	if strings.Join(lines, "|") != "a|b|c" || w != 1<<WarnCRLF|1<<WarnTrailingSpace|1<<WarnFinalNewline {
		t.Errorf("normalize: %q, warnings %b", lines, w)
	}
	if lines, w := Normalize([]byte("a\nb"), false); len(lines) != 2 || w != 0 {
		t.Errorf("no final newline expected: %q, %b", lines, w)
	}
	for _, c := range []struct {
		want, got []string
		msg       string
	}{
		{[]string{"1", "2"}, []string{"1", "2"}, ""},
		{[]string{"1", "2"}, []string{"1", "3"}, `stdout line 2: want "2", got "3"`},
		{[]string{"1", "2"}, []string{"1"}, `stdout ends after line 1: want line 2 "2"`},
		{[]string{"1"}, nil, `stdout is empty: want "1" first`},
		{[]string{"1"}, []string{"1", "x"}, `stdout has an extra line 2: "x"`},
	} {
		if got := FirstDiff(c.want, c.got, "stdout", 1); got != c.msg {
			t.Errorf("firstDiff(%q, %q) = %q, want %q", c.want, c.got, got, c.msg)
		}
	}
	if !isSubsequence([]string{"1", "2"}, []string{"1", "dbg", "2"}) || isSubsequence([]string{"1", "2"}, []string{"2", "1", "x"}) {
		t.Error("isSubsequence")
	}
	if !hasJunk([]string{"12"}, []string{"12 nodes"}) || hasJunk([]string{"12"}, []string{"13"}) || hasJunk([]string{"10"}, []string{"105"}) {
		t.Error("hasJunk")
	}
}

// TestShifted: answers one case late are recognized.
func TestShifted(t *testing.T) {
	p, _ := findProgram("congo-eval")
	u := &congoUnit{prog: p, cases: []congoCase{{want: []string{"1"}}, {want: []string{"2"}}, {want: []string{"3"}}, {want: []string{"4"}}}}
	if !u.shifted([]string{"10000", "1", "2", "3"}) || !u.shifted([]string{"1", "1", "2", "3"}) {
		t.Error("answers one case late not recognized")
	}
	if u.shifted([]string{"1", "2", "3", "4"}) || u.shifted([]string{"5", "6", "7", "8"}) {
		t.Error("right or unrelated answers taken for shifted ones")
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
	if f := sc.features(); f.Has(CausePass) || f.Has(CauseStack) {
		t.Errorf("start position at depth 2: features %b, want neither pass nor stack", f)
	}
	p.Board = [64]int{}
	p.Board[starcircle.NewSquare(7, 1)] = 2  // a Star stack on H2
	p.Board[starcircle.NewSquare(6, 0)] = 1  // Star on G1: steps onto H2
	p.Board[starcircle.NewSquare(0, 1)] = -1 // Circle on A2: cannot move, passes
	sc = newSCCase("edge", p)
	if f := sc.features(); !f.Has(CausePass) || !f.Has(CauseStack) {
		t.Errorf("stack and blocked Circle: features %b, want pass and stack", f)
	}
}

// TestVariantsNamed: a program whose every failing answer is exactly a
// model variant's (reversed move order, jumps before steps, a depth off by
// one, ties to the last move, strict cut-offs) is told that mistake, with
// the number of failures it fits; the answers are fed to the diagnosis as
// a run's output, over random cases of each game.
func TestVariantsNamed(t *testing.T) {
	scs, err := starcircleRandom(120, 5)
	if err != nil {
		t.Fatal(err)
	}
	morrisProg := morris.ABGame
	ms := morrisRandom(morrisProg, morris.S22, 150, 5)
	blackCases := morrisRandom(morris.MiniMaxGameBlack, morris.S22, 40, 5)
	for _, v := range Variants {
		t.Run(causeText[v.C][:20], func(t *testing.T) {
			var results []*Result
			for i := range scs {
				sc := &scs[i]
				m, ok := sc.model(v.M, nil)
				if !ok {
					continue
				}
				if v.MorrisOnly {
					break
				}
				rr := &RunResult{Files: map[string][]byte{"output.txt": []byte(m.lines + "\n")}}
				results = append(results, sc.judge(rr, nil))
			}
			if !v.Keyed {
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
					rr := &RunResult{Stdout: []byte(out), Files: map[string][]byte{morrisOut: []byte(m.board + "\n")}}
					results = append(results, mc.judge(rr, nil))
				}
			}
			failed := 0
			for _, r := range results {
				if !r.Passed {
					failed++
				}
			}
			got := likelyCause(results)
			for _, r := range results {
				if !r.Passed && !r.Causes().Has(v.C) {
					t.Logf("%s: %s: causes %b", r.Name, r.Problem, r.Causes())
				}
			}
			if failed == 0 || !strings.HasPrefix(got, causeText[v.C]) || !strings.Contains(got, fmt.Sprintf("all %d failing cases", failed)) {
				t.Errorf("%d failures: likely cause %q, want %q", failed, got, causeText[v.C])
			}
		})
	}
}

// TestWordingAndFileName: lines that differ only in case, punctuation and
// spacing are a wording cause; a crash line naming a missing file other
// than the grader's is a file-name cause.
func TestWordingAndFileName(t *testing.T) {
	want := []string{"Board Position: Wxx", "Positions evaluated by static estimation: 4.", "MINIMAX estimate: 1."}
	if !sameWords(want, []string{"Board Position: Wxx", "Positions evaluated by static estimation: 4", "MINIMAX Estimate: 1."}) {
		t.Error("case and a missing period not taken for wording")
	}
	if sameWords(want, want) || sameWords(want, []string{"Board Position: Wxx", "Positions evaluated by static estimation: 5.", "MINIMAX estimate: 1."}) {
		t.Error("equal lines or another number taken for wording")
	}
	for line, want := range map[string]bool{
		"FileNotFoundError: [Errno 2] No such file or directory: 'input1.txt'": true,
		"FileNotFoundError: [Errno 2] No such file or directory: 'input.txt'":  false,
		"java.io.FileNotFoundException: board.txt (No such file or directory)": true,
		"ValueError: invalid literal for int() with base 10: 'x'":              false,
	} {
		if got := WrongFileName(line, "input.txt", "output.txt", "board1.txt"); got != want {
			t.Errorf("%q: %v, want %v", line, got, want)
		}
	}
}

// TestCongoVariantsNamed: congo-minimax and congo-alphabeta answers that
// are exactly the course search one ply shallower or deeper, or with the
// evaluation not negated for Black, are named so.
func TestCongoVariantsNamed(t *testing.T) {
	for _, name := range []string{"congo-minimax", "congo-alphabeta"} {
		p, _ := findProgram(name)
		u, err := congoRandom(&Options{Prog: p, Rules: congo.Edition2022}, 40, 3)
		if err != nil {
			t.Fatal(err)
		}
		ab := name == "congo-alphabeta"
		depth := map[bool]int{false: 2, true: 4}[ab]
		g, opt := congo.NewCourseGame(u.rules, ab), congo.CourseOptions(ab)
		for _, c := range []struct {
			cause  Cause
			answer func(pos congo.Position) string
		}{
			{CauseDepthOff, func(pos congo.Position) string { return congoValue(g, opt, pos, depth-1, ab) }},
			{CauseWhiteView, func(pos congo.Position) string { return congoValue(whiteView{g}, opt, pos, depth, ab) }},
		} {
			var results []*Result
			failed := 0
			for k, cs := range u.cases {
				pos, _ := congo.ParseFEN(cs.fen)
				got := c.answer(pos)
				r := &Result{Passed: got == cs.want[0]}
				if !r.Passed {
					failed++
					r.Causes = func() CauseSet { return u.variantCauses(k, []string{got}) }
				}
				results = append(results, r)
			}
			if got := likelyCause(results); failed == 0 || !strings.HasPrefix(got, causeText[c.cause]) {
				t.Errorf("%s: %d failures, likely cause %q; want %q", name, failed, got, causeText[c.cause])
			}
		}
	}
}
