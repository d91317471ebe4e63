package check

// Regression tests of issue 17: verdicts on correct programs run as their
// courses run them, and hostile submissions that must neither hang check,
// nor exhaust its memory, nor lose the user's files, nor leave anything
// running.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/sandbox"
	"github.com/gamesearch/gamesearch/internal/testutil"
)

// inDir runs check with -dir dir.
func inDir(t *testing.T, dir string, args ...string) (int, *report) {
	t.Helper()
	return runCheck(t, append([]string{args[0], "-dir", dir}, args[1:]...)...)
}

// TestJavaDefaultClasspath: "java ABGame" in the folder holding
// ABGame.class passes, as the course runs it (each case's directory links
// the submission's files, so the default classpath finds the class). One
// case shows it: every case runs in a directory linked the same way.
func TestJavaDefaultClasspath(t *testing.T) {
	t.Parallel()
	lookTool(t, "java")
	dir := studentJava(t)
	code, rep := inDir(t, dir, "ABGame", "-suite", "random", "-n", "1", "--", "java", "ABGame")
	if code != 0 || rep.Passed != 1 {
		t.Fatalf("java ABGame: exit %d, %d/%d: %s", code, rep.Passed, rep.Total, rep.firstFailure())
	}
}

// TestArgumentsKept: COMMAND's arguments reach the program as typed, even
// when one names an existing file or folder, and a relative program path is
// taken in the submission folder.
func TestArgumentsKept(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "2022"), 0o755); err != nil {
		t.Fatal(err)
	}
	script(t, dir, "wrap.sh", `[ "$1 $2" = "-rules 2022" ] || { echo "args: $*" >&2; exit 3; }; exec `+
		filepath.Join(bin, "congo-minimax")+` "$@"`)
	// -no-sandbox: wrap.sh runs our program from outside the submission.
	code, rep := inDir(t, dir, "congo-minimax", "-rules", "2022", "-suite", "random", "-n", "3", "-no-sandbox", "--", "./wrap.sh", "-rules", "2022")
	if code != 0 || rep.Passed != 3 {
		t.Fatalf("exit %d, %d/%d: %s", code, rep.Passed, rep.Total, rep.firstFailure())
	}
	if rep.Command != "./wrap.sh -rules 2022" {
		t.Errorf("command shown as %q", rep.Command)
	}
}

// TestTimePerCase: a batch of N cases gets N times the per-case CPU time
// and the start-up (-startup), so a slow but right program passes under a
// limit of 0.6 s, with a warning; a program over its limit is killed with
// its CPU time named (TestStudents: the C++ student's timeout).
// TestReportFile shows the default start-up of 2 s.
func TestTimePerCase(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	py := lookTool(t, "python3")
	dir := t.TempDir()
	// slow.sh uses $1 seconds of CPU time, then answers. A batch of one
	// case at 0.1 s per case with a start-up of 0.5 s may use 0.6 s: 0.35 s
	// passes, with a warning that it used more than half its time.
	slow := script(t, dir, "slow.sh", py+` -c 'import sys, time
t = time.process_time()
while time.process_time() - t < float(sys.argv[1]): pass' "$1"
exec `+filepath.Join(bin, "congo-eval"))
	// -no-sandbox: slow.sh runs our program from outside the submission.
	code, rep := runCheck(t, "congo-eval", "-suite", "random", "-n", "1", "-timeout", "0.1s", "-startup", "0.5s", "-no-sandbox", "--", slow, "0.35")
	if code != 0 || rep.Passed != 1 {
		t.Fatalf("slow but right: exit %d, %d/%d: %s", code, rep.Passed, rep.Total, rep.firstFailure())
	}
	if !strings.Contains(rep.Limits, "CPU time per case 0.1 s, times the cases of a batch, + 0.5 s for start-up") {
		t.Errorf("limits %q", rep.Limits)
	}
	if !strings.HasSuffix(rep.Settings, "-timeout 100ms -startup 500ms") {
		t.Errorf("settings %q: want -startup named after -timeout", rep.Settings)
	}
	if w := strings.Join(rep.Warnings, " "); !strings.Contains(w, "more than half of their CPU time limit") || !strings.Contains(w, "of its 0.6 s") {
		t.Errorf("warnings %q: want the slow runs named with their times", w)
	}
}

// TestShrinkOneCaseBatch: a failing batch of one case is shown without a
// shrunk case and not run again (it was the case alone already); in a batch
// of two the failing case is run alone once more.
func TestShrinkOneCaseBatch(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	// Every answer is 0 (each case's evaluation line), and each run adds a line to runs.
	wrong := script(t, dir, "wrong.sh", `echo run >> `+runs+`
read n
i=0
while [ "$i" -lt "$n" ]; do read fen; echo 0; i=$((i+1)); done`)
	for _, tc := range []struct {
		n, runs int
		shrunk  bool
	}{{1, 1, false}, {2, 2, true}} {
		os.Remove(runs)
		// -no-sandbox: wrong.sh counts its runs in a file outside the
		// submission.
		code, rep := runCheck(t, "congo-eval", "-suite", "random", "-n", strconv.Itoa(tc.n), "-seed", "3", "-max", "1", "-no-sandbox", "--", wrong)
		if code != 1 || len(rep.Failures) != 1 {
			t.Fatalf("-n %d: exit %d, %d failures shown: want 1 and one failure", tc.n, code, len(rep.Failures))
		}
		data, _ := os.ReadFile(runs)
		if got := strings.Count(string(data), "run\n"); got != tc.runs || (rep.Failures[0].Shrunk != "") != tc.shrunk {
			t.Errorf("-n %d: %d runs, shrunk case %q; want %d runs and a shrunk case: %v", tc.n, got, rep.Failures[0].Shrunk, tc.runs, tc.shrunk)
		}
	}
}

// TestCasesAlone: -cases runs that set only, and the header names only
// what applied.
func TestCasesAlone(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	set := filepath.Join(t.TempDir(), "set")
	var out, errb bytes.Buffer
	if code := Gen(families, []string{"congo-eval", "-n", "4", "-o", set}, &out, &errb); code != 0 {
		t.Fatalf("gen: %s", errb.String())
	}
	code, rep := runCheck(t, "congo-eval", "-cases", set, "--", filepath.Join(bin, "congo-eval"))
	if code != 0 || len(rep.Suites) != 1 || rep.Suites[0].Name != "cases" || rep.Total != 4 {
		t.Fatalf("exit %d, suites %+v: want the set alone", code, rep.Suites)
	}
	if strings.Contains(rep.Settings, "-n ") || strings.Contains(rep.Settings, "-seed") || strings.Contains(rep.Settings, "-suite") {
		t.Errorf("settings %q name what did not apply", rep.Settings)
	}
}

// TestEmptyLastLine: an expected empty last line printed without its
// newline is a tolerated missing final newline, not truncated output.
func TestEmptyLastLine(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	dir := t.TempDir()
	set := filepath.Join(dir, "set")
	os.Mkdir(set, 0o755)
	in := "2\ngmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0\n3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4\n"
	os.WriteFile(filepath.Join(set, "congo-moves.in"), []byte(in), 0o644)
	ref := exec.Command(filepath.Join(bin, "congo-moves"), "-piece", "giraffe")
	ref.Stdin = strings.NewReader(in)
	want, err := ref.Output()
	if err != nil || !bytes.HasSuffix(want, []byte("\n\n")) {
		t.Fatalf("reference: %v, %q: want an empty last line", err, want)
	}
	os.WriteFile(filepath.Join(set, "congo-moves.giraffe.out"), want, 0o644)
	cut := script(t, dir, "cut.sh", filepath.Join(bin, "congo-moves")+` -piece giraffe | head -c -1`)
	code, rep := runCheck(t, "congo-moves", "-piece", "giraffe", "-cases", set, "-no-sandbox", "--", cut)
	if code != 0 || rep.Passed != 2 || !strings.Contains(strings.Join(rep.Warnings, " "), "no newline after the last line") {
		t.Fatalf("exit %d, %d/%d, warnings %q: %s", code, rep.Passed, rep.Total, rep.Warnings, rep.firstFailure())
	}
}

// TestExtraSuite: our own speed cases and decisions are not in the default
// suites, and run with -suite extra.
func TestExtraSuite(t *testing.T) {
	o := testOptions(t, "starcircle")
	o.Corpus = embeddedCorpus()
	pub, err := publicSuite(o, false)
	if err != nil {
		t.Fatal(err)
	}
	extra, err := publicSuite(o, true)
	if err != nil {
		t.Fatal(err)
	}
	if pub.cases() != 1002 || extra.cases() != 2 {
		t.Errorf("Star/Circle: public %d, extra %d cases; want 1002 and 2", pub.cases(), extra.cases())
	}
	for _, u := range pub.units {
		if n := corpusKey(u); strings.HasPrefix(n, "start_") {
			t.Errorf("public suite holds %s", n)
		}
	}
	o = testOptions(t, "MiniMaxOpening", "board", "E21")
	o.Corpus = embeddedCorpus()
	extra, err = publicSuite(o, true)
	if err != nil || extra.cases() != 1 || corpusKey(extra.units[0]) != "cases.tsv:192" {
		t.Errorf("Morris E21 extra suite: %v, %d cases; want line 192", err, extra.cases())
	}
}

// TestCrashLine: a crash is named by the exception, not by the first line
// of a Python traceback; a native crash by its signal.
func TestCrashLine(t *testing.T) {
	dir := t.TempDir()
	py := script(t, dir, "py.sh", `printf 'Traceback (most recent call last):\n  File "hw1.py", line 9, in <module>\n    main()\nValueError: invalid literal for int()\n' >&2; exit 1`)
	code, rep := runCheck(t, "starcircle", "-suite", "random", "-n", "1", "--", py)
	if code != 1 || !strings.Contains(rep.Failures[0].Problem, "ValueError: invalid literal for int()") {
		t.Errorf("python crash: exit %d, problem %q", code, rep.Failures[0].Problem)
	}
	seg := script(t, dir, "seg.sh", `kill -SEGV $$`)
	code, rep = runCheck(t, "starcircle", "-suite", "random", "-n", "1", "--", seg)
	if code != 1 || !strings.Contains(rep.Failures[0].Problem, "SIGSEGV") {
		t.Errorf("native crash: exit %d, problem %q", code, rep.Failures[0].Problem)
	}
}

// TestReportNeverReplacesInput: -o onto COMMAND's file or into the -cases
// set is refused, and the file is unchanged.
func TestReportNeverReplacesInput(t *testing.T) {
	dir := t.TempDir()
	prog := script(t, dir, "hw1.sh", "exit 0")
	before, _ := os.ReadFile(prog)
	for _, args := range [][]string{
		{"congo-setup", "-dir", dir, "-o", prog, "--", "./hw1.sh"},
		{"congo-setup", "-dir", dir, "-o", filepath.Join(dir, "hw1.sh"), "--", "sh", "hw1.sh"},
		{"congo-setup", "-cases", dir, "-o", filepath.Join(dir, "report.txt"), "--", prog},
		{"congo-setup", "-o", dir, "--", prog},
	} {
		var out, errb bytes.Buffer
		if code := Check(families, args, &out, &errb); code != 2 || strings.Contains(errb.String(), ".tmp") {
			t.Errorf("check %q: exit %d, %q; want exit 2", args, code, errb.String())
		}
	}
	if after, _ := os.ReadFile(prog); !bytes.Equal(before, after) {
		t.Error("the program was replaced")
	}
}

// TestGenNeverMixes: gen refuses a folder holding anything, and leaves it
// as it was.
func TestGenNeverMixes(t *testing.T) {
	dir := t.TempDir()
	readme := filepath.Join(dir, "README.txt")
	os.WriteFile(readme, []byte("my notes\n"), 0o644)
	var out, errb bytes.Buffer
	if code := Gen(families, []string{"starcircle", "-n", "3", "-o", dir}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not empty") {
		t.Fatalf("gen into a used folder: exit %d, %q", code, errb.String())
	}
	if data, _ := os.ReadFile(readme); string(data) != "my notes\n" {
		t.Error("README.txt was replaced")
	}
	set := filepath.Join(dir, "set")
	if code := Gen(families, []string{"starcircle", "-n", "12", "-o", set}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if code := Gen(families, []string{"starcircle", "-n", "3", "-o", set}, &out, &errb); code != 2 {
		t.Error("gen over an earlier set: want exit 2")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d entries in the folder: want README.txt and set (no temporary folder left)", len(entries))
	}
}

// TestHostileOutputFiles: an output file that is a named pipe or a link
// does not hang check, and a huge one is read only up to the cap.
func TestHostileOutputFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ body, want string }{
		{`mkfifo output.txt`, "output.txt is a named pipe"},
		{`ln -s /dev/zero output.txt`, "output.txt is a symbolic link"},
		{`mkdir output.txt`, "output.txt is a directory"},
	} {
		path := script(t, dir, "h.sh", c.body)
		done := make(chan struct{})
		var rep *report
		var code int
		go func() {
			defer close(done)
			code, rep = runCheck(t, "starcircle", "-suite", "random", "-n", "1", "--", path)
		}()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: check hangs", c.body)
		}
		if code != 1 || !strings.Contains(rep.Failures[0].Problem, c.want) {
			t.Errorf("%s: exit %d, problem %q; want %q", c.body, code, rep.Failures[0].Problem, c.want)
		}
	}
	data, _, over := readOutput(script(t, dir, "big", "x"))
	if over || string(data) != "#!/bin/sh\nx\n" {
		t.Errorf("a small file read as %q (over %v)", data, over)
	}
	big := filepath.Join(dir, "big.txt")
	os.WriteFile(big, bytes.Repeat([]byte("x"), maxCapture+10), 0o644)
	if data, _, over := readOutput(big); !over || len(data) != maxCapture {
		t.Errorf("a %d-byte file: read %d bytes, over %v; want the cap", maxCapture+10, len(data), over)
	}
}

// TestDamagedCases: a -cases set with a damaged case folder or an
// overlong cases.tsv line is refused with its file and line.
func TestDamagedCases(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sc", "01"), 0o755)
	os.WriteFile(filepath.Join(dir, "sc", "01", "output.txt"), []byte("PASS\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "m"), 0o755)
	os.WriteFile(filepath.Join(dir, "m", "cases.tsv"), []byte("program\tboard_kind\tdepth\tinput\toutput_board\tevaluated\testimate\tsource\n"+strings.Repeat("x", 70000)+"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"starcircle", "-cases", filepath.Join(dir, "sc"), "--", "x"}, "01/input.txt: no such file"},
		{[]string{"ABGame", "-cases", filepath.Join(dir, "m"), "--", "x"}, "cases.tsv: line 2: 70000 bytes"},
	} {
		var out, errb bytes.Buffer
		if code := Check(families, c.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("check %q: exit %d, %q; want %q", c.args, code, errb.String(), c.want)
		}
	}
}

// TestMissingInterpreter: a script whose #! interpreter is missing is
// reported as such, not as the script missing.
func TestMissingInterpreter(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "hw1.py")
	testutil.WriteExecutable(path, []byte("#!/nonexistent/python2\nprint(1)\n"))
	var out, errb bytes.Buffer
	if code := Check(families, []string{"starcircle", "--", path}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `interpreter "/nonexistent/python2"`) {
		t.Errorf("exit %d, %q", code, errb.String())
	}
}

// alive reports whether process pid exists (and is not a zombie).
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	i := bytes.LastIndexByte(data, ')')
	return i < 0 || i+2 >= len(data) || data[i+2] != 'Z'
}

// marked returns the processes whose command line holds marker (a unique
// argument the test gave them): seen from here, in a sandbox or not.
func marked(marker string) []int {
	var out []int
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		pid, err := strconv.Atoi(p.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", p.Name(), "cmdline"))
		if err == nil && bytes.Contains(data, []byte(marker)) && alive(pid) {
			out = append(out, pid)
		}
	}
	return out
}

// waitMarked waits until n processes hold marker and returns them.
func waitMarked(t *testing.T, marker string, n int) []int {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if ps := marked(marker); len(ps) >= n {
			return ps
		}
	}
	t.Fatalf("no %d processes %q: the program did not start", n, marker)
	return nil
}

// sandboxModes are the ways of running a student's program a containment
// test tries: in the sandbox where this machine has one, and without.
func sandboxModes() [][]string {
	if m, _ := sandbox.Detect(); m == sandbox.None {
		return [][]string{{"-no-sandbox"}}
	}
	return [][]string{nil, {"-no-sandbox"}}
}

// TestNothingEscapes: a child started with setsid does not survive check,
// in the sandbox (its PID namespace) or without (check is the subreaper).
func TestNothingEscapes(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs Linux's /proc: elsewhere only the process group is killed")
	}
	lookTool(t, "setsid")
	for i, mode := range sandboxModes() {
		dir := t.TempDir()
		marker := fmt.Sprintf("300.%d%d", os.Getpid(), i)
		path := script(t, dir, "esc.sh", `setsid sleep `+marker+` & sleep 0.2; echo x > output.txt`)
		runCheck(t, append(append([]string{"starcircle", "-suite", "random", "-n", "1"}, mode...), "--", path)...)
		for deadline := time.Now().Add(5 * time.Second); len(marked(marker)) > 0 && time.Now().Before(deadline); {
			time.Sleep(20 * time.Millisecond)
		}
		if ps := marked(marker); len(ps) > 0 {
			for _, p := range ps {
				syscall.Kill(p, syscall.SIGKILL)
			}
			t.Fatalf("%q: the setsid child %v survived check", mode, ps)
		}
	}
}

// TestInterrupt: SIGTERM to gamesearch check stops the program under test,
// its escaped children and its directories, and exits 130.
func TestInterrupt(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs Linux's /proc")
	}
	lookTool(t, "setsid")
	gs := filepath.Join(ownBin(t), "gamesearch")
	for i, mode := range sandboxModes() {
		dir := t.TempDir()
		tmp := filepath.Join(dir, "tmp")
		os.Mkdir(tmp, 0o755)
		marker := fmt.Sprintf("301.%d%d", os.Getpid(), i)
		path := script(t, dir, "hang.sh", `setsid sleep `+marker+` & sleep `+marker)
		cmd := exec.Command(gs, append(append([]string{"check", "starcircle", "-suite", "random", "-n", "3"}, mode...), "--", path)...)
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ps := waitMarked(t, marker, 2)
		cmd.Process.Signal(syscall.SIGTERM)
		err := cmd.Wait()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("%q: exit %v, stderr %q; want 130 and one line", mode, err, errb.String())
		}
		for _, p := range ps {
			if alive(p) {
				syscall.Kill(p, syscall.SIGKILL)
				t.Errorf("%q: process %d survived", mode, p)
			}
		}
		if left, _ := os.ReadDir(tmp); len(left) != 0 {
			t.Errorf("%q: %d entries left in TMPDIR, e.g. %s", mode, len(left), left[0].Name())
		}
	}
}

// TestCoverageLine: the report's coverage line counts the random cases
// with each rule feature (the games' tests hold the shares of their random
// suites, docs/check.md).
func TestCoverageLine(t *testing.T) {
	f := func(cs ...Cause) *Result { return &Result{Features: func() CauseSet { return SetOf(cs...) }} }
	got := coverage([]*Result{f(CausePass), f(CauseStack, CausePass), f(), {}})
	want := "of the 4 random cases, 2 meet a pass, 1 meet a stack on the last row"
	if got != want {
		t.Errorf("coverage %q, want %q", got, want)
	}
	if got := coverage([]*Result{{}, f()}); got != "" {
		t.Errorf("coverage without features %q, want none", got)
	}
}

// TestCopiedBinary: a gamesearch binary copied into an empty folder, away
// from the repository, runs the public suite from the corpus built into it.
func TestCopiedBinary(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(bin, "gamesearch"))
	if err != nil {
		t.Fatal(err)
	}
	gs := filepath.Join(dir, "gamesearch")
	if err := testutil.WriteExecutable(gs, data); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	cmd := exec.Command(gs, "check", "ABGame", "-suite", "public", "--", filepath.Join(bin, "ABGame"))
	cmd.Dir = empty
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "public  ") || !strings.Contains(string(out), ": PASS") {
		t.Fatalf("%v\n%s", err, out)
	}
}
