package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// slowWrapper is a correct but slow Star/Circle program: it uses 0.6 s of
// CPU time, then runs our starcircle (linked beside it) in its place.
const slowWrapper = `import os, time
while time.process_time() < 0.6:
    pass
here = os.path.dirname(os.path.abspath(__file__))
os.execv(os.path.join(here, 'starcircle'), ['starcircle'])
`

// slowSubmission returns a folder holding slowWrapper as slow.py and a
// copy of our starcircle, and the Python 3 interpreter.
func slowSubmission(t *testing.T) (string, string) {
	t.Helper()
	py := lookTool(t, "python3")
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(ownBin(t), "starcircle"))
	if err != nil {
		t.Fatal(err)
	}
	if err := testutil.WriteExecutable(filepath.Join(dir, "starcircle"), data); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "slow.py"), []byte(slowWrapper), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, py
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
