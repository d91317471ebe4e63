package check

// Hostile programs against the grader's own limits: a flood of output must
// leave the reports within maxReport and the grader's memory within one
// run's capture, and an endless loop must not run past the time budget.

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestFloodBounded: a Morris program that prints 16 MiB of "<" on stdout
// and on stderr and writes 9 MiB into board2.txt in each of 3 cases fails
// every case with a problem naming the flood; the results held after the
// runs take less than one run's capture (the old check kept every run's
// output: about 50 MiB a case), and the text and JSON reports stay within
// 1 MiB (a "<" takes six bytes in JSON), each actual output clipped with
// the count of bytes left out.
func TestFloodBounded(t *testing.T) {
	py := lookTool(t, "python3")
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"flood.py": `import sys
b = b"<" * (1 << 20)
for _ in range(16):
    sys.stdout.buffer.write(b)
    sys.stderr.buffer.write(b)
with open(sys.argv[2], "wb") as f:
    for _ in range(9):
        f.write(b)
`})
	o := testOptions(t, "ABGame")
	o.Suites, o.N, o.Seed, o.Dir = map[string]bool{"random": true}, 3, 1, dir
	suites, err := buildSuites(o)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newCommand([]string{py, "flood.py"}, dir)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	results, notRun, err := runSuites(o, c, suites, 5, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("the results of 3 flooded runs hold %d bytes", held)
	if held > maxCapture {
		t.Errorf("the results of 3 flooded runs hold %d bytes; want at most one capture (%d)", held, maxCapture)
	}
	runtime.KeepAlive(results)
	rep := newReport(o, c, suites, results, notRun, 5)
	text, js := rep.text(), rep.jsonText()
	if len(text) > maxReport || len(js) > maxReport {
		t.Errorf("reports of %d (text) and %d (JSON) bytes; want at most %d", len(text), len(js), maxReport)
	}
	if rep.Passed != 0 || rep.Total != 3 || len(rep.Failures) != 3 || !strings.HasPrefix(rep.LikelyCause, "output format") {
		t.Fatalf("%d/%d passed, %d failures shown, likely cause %q; want 0/3, 3 shown, output format", rep.Passed, rep.Total,
			len(rep.Failures), rep.LikelyCause)
	}
	for _, f := range rep.Failures {
		if !strings.Contains(f.Problem, `got "<<<<`) || !strings.HasSuffix(f.Problem, "(more than 8 MiB of output)") {
			t.Errorf("%s: problem %q: want the first line and the flood named", f.Case, f.Problem)
		}
		kept := strings.Repeat("<", maxField/6)
		if want := fmt.Sprintf("%s… [%d more bytes left out]", kept, maxCapture-len(kept)+len("board2.txt: ")+maxCapture+1); f.Actual != want {
			t.Errorf("%s: actual output of %d bytes ending in %q; want %d \"<\" and the bytes left out counted", f.Case,
				len(f.Actual), f.Actual[max(0, len(f.Actual)-60):], len(kept))
		}
	}
}

// stubUnit is a unit whose run returns its results after a pause.
type stubUnit struct {
	results []*Result
	pause   time.Duration
}

// Run returns the results.
func (u *stubUnit) Run(*Command, *Options) ([]*Result, error) {
	time.Sleep(u.pause)
	return u.results, nil
}

// Size is the number of results.
func (u *stubUnit) Size() int { return len(u.results) }

// TestReportFits: with -max 50, 50 failures whose fields hold 1 MiB each
// (control characters, six bytes each in JSON, and newlines, five in the
// indented text) give text and JSON reports within maxReport: each field
// is clipped to maxField with the bytes left out counted, the first
// failures are shown in full up to the bound and the line after them says
// why the others are not.
func TestReportFits(t *testing.T) {
	t.Parallel()
	o := testOptions(t, "ABGame")
	o.Suites = map[string]bool{"public": true}
	big := strings.Repeat("\x01\n", 1<<19)
	u := &stubUnit{}
	for i := range 50 {
		u.results = append(u.results, &Result{Name: fmt.Sprintf("#%d", i+1), Input: big, Expected: big, Actual: big,
			Problem: strings.Repeat("&", 1<<20), Shrink: func() string { return big }})
	}
	suites := []*suite{{name: "public", units: []Unit{u}}}
	c := &Command{Argv: []string{"prog"}}
	results, notRun, err := runSuites(o, c, suites, 50, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep := newReport(o, c, suites, results, notRun, 50)
	text, js := rep.text(), rep.jsonText()
	if len(text) > maxReport || len(js) > maxReport {
		t.Errorf("reports of %d (text) and %d (JSON) bytes; want at most %d", len(text), len(js), maxReport)
	}
	if n := len(rep.Failures); n < 3 || n >= 50 {
		t.Fatalf("%d failures shown; want the first few that fit", n)
	}
	f := rep.Failures[0]
	// A "\x01\n" pair takes 11 bytes; a "\x01" after the last whole pair
	// needs 6 more.
	kept := maxField / 11 * 2
	if maxField%11 >= 6 {
		kept++
	}
	if want := fmt.Sprintf("… [%d more bytes left out]", len(big)-kept); !strings.HasSuffix(f.Actual, want) ||
		!strings.HasSuffix(f.Input, want) || !strings.HasSuffix(f.Shrunk, want) {
		t.Errorf("a 1 MiB field clipped to %d bytes ending in %q; want it to end in %q", len(f.Actual), f.Actual[len(f.Actual)-40:], want)
	}
	if want := fmt.Sprintf("… [%d more bytes left out]", 1<<20-maxProblem/6); !strings.HasSuffix(f.Problem, want) {
		t.Errorf("problem ends in %q; want %q", f.Problem[len(f.Problem)-40:], want)
	}
	if want := fmt.Sprintf("(%d more failures not shown: a report is kept within 1 MiB)", 50-len(rep.Failures)); !strings.Contains(text, want) {
		t.Errorf("text report lacks %q", want)
	}
	if clipField("short <&>", maxField) != "short <&>" {
		t.Error("a short field was changed")
	}
}

// TestBudgetEndlessLoop: a program that loops forever, checked on 30
// Morris cases at 0.2 s of CPU time each with -budget 1s, is stopped after
// about the budget and one case's limit (without the budget it takes more
// than 6 s); the cases left are not run, count as failures in their suite,
// and the report says so and names -budget.
func TestBudgetEndlessLoop(t *testing.T) {
	t.Parallel()
	loop := script(t, t.TempDir(), "loop.sh", "while :; do :; done")
	began := time.Now()
	code, rep := runCheck(t, "ABGame", "-suite", "random", "-n", "30", "-timeout", "0.2s", "-budget", "1s", "--", loop)
	took := time.Since(began)
	if took > 3500*time.Millisecond {
		t.Errorf("check took %v; want about the budget of 1 s and one case's 0.2 s", took)
	}
	ran := rep.Total - rep.NotRun
	if code != 1 || rep.Passed != 0 || rep.Total != 30 || ran < 1 || ran > 15 || rep.Suites[0].NotRun != rep.NotRun {
		t.Fatalf("exit %d, %d/%d passed, %d not run (suite: %d); want exit 1, 0/30, most not run", code, rep.Passed,
			rep.Total, rep.NotRun, rep.Suites[0].NotRun)
	}
	if !strings.HasSuffix(rep.Settings, "-timeout 200ms -budget 1s") || !strings.HasPrefix(rep.LikelyCause, "timeout") {
		t.Errorf("settings %q, likely cause %q: want -budget named and the timeout", rep.Settings, rep.LikelyCause)
	}
	want := fmt.Sprintf("not run: time budget spent: %d of the 30 cases were not run, the runs having used the -budget of 1s; they count as failures", rep.NotRun)
	if rep.NotRunNote != want {
		t.Errorf("note %q; want %q", rep.NotRunNote, want)
	}
	for _, f := range rep.Failures {
		if !strings.Contains(f.Problem, "killed at the time limit") {
			t.Errorf("%s: problem %q: want the time limit", f.Case, f.Problem)
		}
	}
}

// TestBudgetCongoBatch: Congo's batch runs are units: the public batch of
// 500 cases (0.5 s of CPU time at -timeout 1ms) started within -budget
// 100ms runs to its limit; the random batch after it is not started, and
// the shrunk case, a run of its own, is not run either.
func TestBudgetCongoBatch(t *testing.T) {
	t.Parallel()
	loop := script(t, t.TempDir(), "loop.sh", "while :; do :; done")
	code, rep := runCheck(t, "congo-eval", "-suite", "public,random", "-n", "5", "-timeout", "1ms", "-startup", "0s",
		"-budget", "100ms", "--", loop)
	if code != 1 || len(rep.Suites) != 2 || rep.NotRun != 5 {
		t.Fatalf("exit %d, %+v, %d not run; want exit 1 and the random batch not run", code, rep.Suites, rep.NotRun)
	}
	if pub, rnd := rep.Suites[0], rep.Suites[1]; pub.Total != 500 || pub.NotRun != 0 || pub.Passed != 0 ||
		rnd.Total != 5 || rnd.NotRun != 5 || rnd.Passed != 0 {
		t.Errorf("suites %+v: want public 0/500 run, random 0/5 not run", rep.Suites)
	}
	if f := rep.Failures[0]; f.Shrunk != "not run: time budget spent" || !strings.Contains(f.Problem, "killed at the time limit") {
		t.Errorf("first failure %q, shrunk %q: want the timeout, its shrunk case not run", f.Problem, f.Shrunk)
	}
}

// TestBudgetUnaffected: a correct program under a generous -budget passes
// every case, with the budget named in the settings; -budget 0 is no
// budget; a budget without a unit or below 0 is refused, by grade too.
func TestBudgetUnaffected(t *testing.T) {
	t.Parallel()
	prog := filepath.Join(ownBin(t), "congo-eval")
	code, rep := runCheck(t, "congo-eval", "-suite", "random", "-n", "20", "-budget", "10m", "--", prog)
	if code != 0 || rep.Passed != 20 || rep.Total != 20 || rep.NotRun != 0 || rep.Score != 100 ||
		!strings.HasSuffix(rep.Settings, "-timeout 1s -budget 10m0s") {
		t.Errorf("exit %d, %d/%d passed, %d not run, score %v, settings %q; want 20/20 with -budget named", code,
			rep.Passed, rep.Total, rep.NotRun, rep.Score, rep.Settings)
	}
	code, rep = runCheck(t, "congo-eval", "-suite", "random", "-n", "2", "-budget", "0", "--", prog)
	if code != 0 || rep.Passed != 2 || strings.Contains(rep.Settings, "-budget") {
		t.Errorf("-budget 0: exit %d, %d passed, settings %q; want no budget", code, rep.Passed, rep.Settings)
	}
	for _, c := range []struct {
		cmd  func([]*Family, []string, io.Writer, io.Writer) int
		args []string
		want string
	}{
		{Check, []string{"ABGame", "-budget", "5", "--", "x"}, "-budget \"5\": give a unit, such as 5s or 5ms"},
		{Check, []string{"ABGame", "-budget", "-1s", "--", "x"}, "-budget -1s: want 0 (no budget) or a positive duration"},
		{Grade, []string{"ABGame", "-budget", "-1m", "x"}, "-budget -1m: want 0 (no budget) or a positive duration"},
	} {
		var out, errb bytes.Buffer
		if code := c.cmd(families, c.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}
