package check

import (
	"fmt"
	"strings"
	"testing"
)

// TestLikelyCause: the first cause common to every failure is named; a
// feature counts only when the failing cases have it markedly more often
// than the passing ones.
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
		{"nothing", []*Result{fail(0, 0), fail(0, 0)}, 0, true},
		{"the evidence counted", []*Result{fail(SetOf(CauseOrderReverse), 0), fail(SetOf(CauseOrderReverse, CauseTie), 0), pass(0)}, CauseOrderReverse, false},
		{"feature lacking in the passing cases", []*Result{fail(0, SetOf(CausePass)), pass(0)}, CausePass, false},
		{"feature everywhere", []*Result{fail(0, SetOf(CausePass)), pass(SetOf(CausePass))}, 0, true},
		{"no failure", []*Result{pass(0)}, 0, true},
		{"run level first", []*Result{fail(SetOf(CauseTimeout, CauseTie), 0)}, CauseTimeout, false},
	} {
		got := LikelyCause(c.results)
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
			want = CauseText[c.want] + " (it fits the one failing case)"
		default:
			want = fmt.Sprintf("%s (it fits all %d failing cases)", CauseText[c.want], failed)
		}
		if got != want {
			t.Errorf("%s: %q, want %q", c.name, got, want)
		}
	}
}

// TestLikelyCauseMixed: timeouts and crashes are told apart from the wrong
// answers; when no cause reproduces every wrong answer, the one that
// reproduces the most is named with its count, then the others are tried
// on the rest; a cause that reproduces none is never named, and a feature
// that the passing cases have about as often as the failing ones (a mill
// closed somewhere in most searches) is not named.
func TestLikelyCauseMixed(t *testing.T) {
	fail := func(c CauseSet, f CauseSet) *Result {
		return &Result{Causes: func() CauseSet { return c }, Features: func() CauseSet { return f }}
	}
	pass := func(f CauseSet) *Result { return &Result{Passed: true, Features: func() CauseSet { return f }} }
	var rs []*Result
	for range 354 {
		rs = append(rs, fail(SetOf(CauseOrderNeighbours), SetOf(CauseMill)))
	}
	for range 12 {
		rs = append(rs, fail(SetOf(CauseTimeout, CauseRunMixed), SetOf(CauseMill)))
	}
	for range 800 {
		rs = append(rs, pass(SetOf(CauseMill)))
	}
	want := CauseText[CauseOrderNeighbours] + " (it fits all 354 wrong answers of the 366 failing cases); 12 are timeouts: " + CauseText[CauseTimeout]
	if got := LikelyCause(rs); got != want {
		t.Errorf("move order and timeouts:\n%q, want\n%q", got, want)
	}
	// Move order for most wrong answers, a count mistake for the others,
	// one answer nothing reproduces, and the mill feature in every case.
	rs = rs[:0]
	for range 40 {
		rs = append(rs, fail(SetOf(CauseOrderNeighbours, CauseTie), SetOf(CauseMill)))
	}
	for range 7 {
		rs = append(rs, fail(SetOf(CauseCountRoot), SetOf(CauseMill)))
	}
	rs = append(rs, fail(0, SetOf(CauseMill)), fail(SetOf(CauseCrash, CauseRunMixed), 0))
	for range 100 {
		rs = append(rs, pass(SetOf(CauseMill)))
	}
	want = CauseText[CauseOrderNeighbours] + " (it reproduces 40 of the 49 failing cases); then, of the other 8: " +
		CauseText[CauseCountRoot] + " (it fits 7); 1 wrong answer is reproduced by no known mistake; 1 is a crash: " + CauseText[CauseCrash]
	if got := LikelyCause(rs); got != want {
		t.Errorf("two mistakes:\n%q, want\n%q", got, want)
	}
	// A feature the failing cases have twice as often as the passing ones
	// is named; the mill feature of 90% of the passing cases is not.
	rs = rs[:0]
	for range 10 {
		rs = append(rs, fail(0, SetOf(CausePass, CauseMill)))
	}
	for i := range 20 {
		var f CauseSet
		if i < 18 {
			f |= SetOf(CauseMill)
		}
		if i%2 == 0 {
			f |= SetOf(CausePass)
		}
		rs = append(rs, pass(f))
	}
	if got, want := LikelyCause(rs), CauseText[CausePass]+" (it fits all 10 failing cases)"; got != want {
		t.Errorf("pass feature in half the passing cases: %q, want %q", got, want)
	}
	rs = append(rs, pass(SetOf(CausePass)))
	if got := LikelyCause(rs); got != noKnownMistake {
		t.Errorf("pass feature in more than half the passing cases: %q, want %q", got, noKnownMistake)
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

// TestWordingAndFileName: lines that differ only in case, punctuation and
// spacing, their numbers left aside, are a wording cause; a crash line naming a missing file other
// than the grader's is a file-name cause.
func TestWordingAndFileName(t *testing.T) {
	want := []string{"Board Position: Wxx", "Positions evaluated by static estimation: 4.", "MINIMAX estimate: 1."}
	if !SameWords(want, []string{"Board Position: Wxx", "Positions evaluated by static estimation: 4", "MINIMAX Estimate: 1."}) {
		t.Error("case and a missing period not taken for wording")
	}
	// The same missing period is the same mistake when the count beside it
	// is wrong too.
	if !SameWords(want, []string{"Board Position: Wxx", "Positions evaluated by static estimation: 12", "MINIMAX estimate: -3."}) {
		t.Error("a missing period beside a wrong count not taken for wording")
	}
	if SameWords(want, want) || SameWords(want, []string{"Board Position: Wxx", "Positions evaluated by static estimation: 5.", "MINIMAX estimate: 1."}) {
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

// TestEmptyStdout: a batch program that prints nothing is told "stdout is
// empty" for every case, not "stdout ends after line N" for the cases
// after the first.
func TestEmptyStdout(t *testing.T) {
	t.Parallel()
	_, rep := runCheck(t, "congo-eval", "-suite", "random", "-n", "3", "-max", "3", "--", "true")
	if len(rep.Failures) != 3 {
		t.Fatalf("%d failures shown, want 3", len(rep.Failures))
	}
	for _, f := range rep.Failures {
		if !strings.HasPrefix(f.Problem, "stdout is empty: want line ") {
			t.Errorf("%s: problem %q, want stdout is empty", f.Case, f.Problem)
		}
	}
}
