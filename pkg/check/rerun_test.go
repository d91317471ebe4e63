package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// slowWrapper is a correct but slow program: it uses 0.6 s of CPU time,
// then runs our program (a copy beside it, named "prog") in its place.
const slowWrapper = `import os, time
while time.process_time() < 0.6:
    pass
here = os.path.dirname(os.path.abspath(__file__))
os.execv(os.path.join(here, 'prog'), ['prog'])
`

// slowSubmission returns a folder holding slowWrapper as slow.py and a
// copy of our starcircle, and the Python 3 interpreter.
func slowSubmission(t *testing.T) (string, string) { return slowOf(t, "starcircle") }

// slowOf returns a folder holding slowWrapper as slow.py and a copy of our
// program, and the Python 3 interpreter.
func slowOf(t *testing.T, program string) (string, string) {
	t.Helper()
	py := lookTool(t, "python3")
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(ownBin(t), program))
	if err != nil {
		t.Fatal(err)
	}
	if err := testutil.WriteExecutable(filepath.Join(dir, "prog"), data); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "slow.py"), []byte(slowWrapper), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, py
}

// TestSlowButRightBatch: a Congo batch stopped at its limit before its
// first answer runs that first case again alone with more time: it is
// right then (too slow only), and the other cases say why they were not
// run again. Before, a batch's limit (its cases' times the per-case time)
// was over what a run again may take, or the whole batch ran again.
func TestSlowButRightBatch(t *testing.T) {
	t.Parallel()
	dir, py := slowOf(t, "congo-eval")
	code, rep := runCheck(t, "congo-eval", "-suite", "random", "-n", "3", "-timeout", "0.1s", "-startup", "0.1s", "-max", "3", "-dir", dir, "--", py, "slow.py")
	if code != 1 || rep.Passed != 0 || rep.TooSlow != 3 || rep.SlowRight != 1 || len(rep.Failures) != 3 {
		t.Fatalf("exit %d, %d/%d passed, too slow %d (right %d), %d failures shown: want 3 too slow, 1 right",
			code, rep.Passed, rep.Total, rep.TooSlow, rep.SlowRight, len(rep.Failures))
	}
	if p := rep.Failures[0].Problem; !strings.HasPrefix(p, "too slow, but right: ") || !strings.Contains(p, "run again with 2 s of CPU time, it answered right after") {
		t.Errorf("first case: %q: want too slow but right", p)
	}
	for _, f := range rep.Failures[1:] {
		if !strings.HasSuffix(f.Problem, "; not run again with more time: a batch runs again only its first case left unanswered, alone") {
			t.Errorf("%s: %q: want why it was not run again", f.Case, f.Problem)
		}
	}
}

// TestSlowButRight: a correct program too slow for the limit (0.6 s of CPU
// time against -timeout 0.2s) is run again with ten times the limit; the
// report says that it answered right then, counts the cases as too slow
// and not as wrong answers, and names "too slow, but right" as the likely
// cause. Before, the report said only "timeout". The limits are CPU time:
// the test does not depend on the machine's speed or load.
func TestSlowButRight(t *testing.T) {
	t.Parallel()
	dir, py := slowSubmission(t)
	code, rep := runCheck(t, "starcircle", "-suite", "random", "-n", "2", "-timeout", "0.2s", "-dir", dir, "--", py, "slow.py")
	if code != 1 || rep.Passed != 0 || rep.Total != 2 {
		t.Fatalf("exit %d, %d/%d passed: want both cases failed", code, rep.Passed, rep.Total)
	}
	if rep.Wrong != 0 || rep.TooSlow != 2 || rep.SlowRight != 2 || rep.Crashes != 0 {
		t.Errorf("wrong %d, too slow %d (right %d), crashes %d: want 0, 2 (2), 0", rep.Wrong, rep.TooSlow, rep.SlowRight, rep.Crashes)
	}
	if want := CauseText[CauseSlowRight] + " (it fits all 2 failing cases)"; rep.LikelyCause != want {
		t.Errorf("likely cause %q, want %q", rep.LikelyCause, want)
	}
	for _, f := range rep.Failures {
		if !strings.HasPrefix(f.Problem, "too slow, but right: killed at the time limit: 0.2 s of CPU time used") ||
			!strings.Contains(f.Problem, "run again with 2 s of CPU time, it answered right after") {
			t.Errorf("%s: problem %q: want too slow but right, with the limits", f.Case, f.Problem)
		}
	}
	if text := rep.text(); !strings.Contains(text, "failed: 0 wrong answers, 2 too slow (2 of them right with more time), 0 crashes\n") {
		t.Errorf("the text report does not count the kinds of failures:\n%s", text)
	}
}

// TestSlowRerunBudget: a case stopped at its limit is not run again when
// the -budget leaves less time than the run again would get (2 s here,
// within a budget of 1 s), and the report says so.
func TestSlowRerunBudget(t *testing.T) {
	t.Parallel()
	dir, py := slowSubmission(t)
	_, rep := runCheck(t, "starcircle", "-suite", "random", "-n", "1", "-timeout", "0.2s", "-budget", "1s", "-dir", dir, "--", py, "slow.py")
	if rep.TooSlow != 1 || rep.SlowRight != 0 || len(rep.Failures) != 1 ||
		!strings.HasSuffix(rep.Failures[0].Problem, "; not run again with more time: the -budget leaves less than the 2 s it would get") {
		t.Errorf("too slow %d (right %d), failures %+v: want one not run again for the budget", rep.TooSlow, rep.SlowRight, rep.Failures)
	}
}
