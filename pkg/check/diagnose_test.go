package check

import (
	"fmt"
	"strings"
	"testing"
)

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
