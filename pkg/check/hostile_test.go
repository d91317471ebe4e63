package check

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/sandbox"
)

// attackLine is one line a hostile program of testdata/hostile prints.
var attackLine = regexp.MustCompile(`ATTACK ([a-z-]+): ([^\n]*)`)

// hostileStudent is one submission of the hostile class: its files and
// the attacks of its attack.txt.
type hostileStudent struct {
	name, file, source string
	attacks            []string
}

// gradeHostile runs the gamesearch binary as a TA would, in a TMPDIR of
// its own and with the environment env added, and returns the exit status
// and stderr.
func gradeHostile(t *testing.T, tmp string, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(ownBin(t), "gamesearch"), args...)
	cmd.Env = append(append(os.Environ(), "TMPDIR="+tmp), env...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, errb.String()
}

// readReport reads a student's report.json of a gradebook.
func readReport(t *testing.T, out, student string) *report {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(out, student, "report.json"))
	if err != nil {
		t.Fatalf("%s: %v", student, err)
	}
	var rep report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v", student, err)
	}
	return &rep
}

// noneOutlive waits longer than attack 4's grandchild sleeps, then fails
// the test (and kills them) if processes holding marker are still there
// after what (grade, run_autograder) ended.
func noneOutlive(t *testing.T, marker, what string) {
	t.Helper()
	time.Sleep(2 * time.Second)
	if ps := marked(marker); len(ps) > 0 {
		for _, p := range ps {
			syscall.Kill(p, syscall.SIGKILL)
		}
		t.Errorf("attack 4: processes %v outlived %s", ps, what)
	}
}

// attacksOf returns the ATTACK lines of a report's failures: attack name →
// outcome (the first seen).
func attacksOf(rep *report) map[string]string {
	out := map[string]string{}
	for _, f := range rep.Failures {
		for _, m := range attackLine.FindAllStringSubmatch(f.Actual, -1) {
			if _, ok := out[m[1]]; !ok {
				out[m[1]] = m[2]
			}
		}
	}
	return out
}

// TestHostileClass grades a class of hostile submissions in Python, C++
// and Java (testdata/hostile), which know gamesearch's source, beside two
// honest students graded after them. In the sandbox every attack of
// docs/security.md's table that a student's program can try is blocked:
// reading the hidden cases (1), the grader's executable and command line
// (2), writing the gradebook (3, 8) or another student's files (5, 7),
// reading another student's source (6), a grandchild that outlives the
// grader (4), memory, processes and disk (9), running as root (12); and the
// honest students get their full score.
func TestHostileClass(t *testing.T) {
	t.Parallel()
	if m, why := sandbox.Detect(); m != sandbox.Namespaces {
		t.Skipf("no namespaces here (%s): the hostile class is graded in them only where they exist", why)
	}
	hostileClass(t, nil)
}

// TestHostileClassUID grades the hostile class as root without namespaces
// (GAMESEARCH_SANDBOX=uid, as in a Docker whose profile refuses them): the
// students' uids and the folders' modes alone block the same attacks, but
// the grader's command line, which /proc shows every user there. grade
// refuses a class folder that other users can read.
func TestHostileClassUID(t *testing.T) {
	t.Parallel()
	if os.Geteuid() != 0 {
		t.Skip("the uid sandbox needs root (a Gradescope autograder runs as root)")
	}
	// The students' uids reach Debian's interpreters, not this one's
	// (pyenv's, under root's home).
	hostileClass(t, []string{sandbox.EnvMode + "=uid", "PATH=/usr/local/bin:/usr/bin:/bin"})
}

// hostileClass grades the hostile class with env added to grade's
// environment: namespaces when it is empty, else the uid sandbox.
func hostileClass(t *testing.T, env []string) {
	t.Helper()
	uidMode := len(env) > 0
	root := t.TempDir()
	class, out, hidden, tmp := filepath.Join(root, "class"), filepath.Join(root, "grades"), filepath.Join(root, "hidden"), filepath.Join(root, "tmp")
	os.Mkdir(tmp, 0o755)
	if uidMode {
		// The students' uids must reach their run folders in TMPDIR: the
		// folders above it are made searchable (not readable) by others.
		for d := tmp; d != filepath.Dir(tmpRoot); d = filepath.Dir(d) {
			if err := os.Chmod(d, 0o711); err != nil {
				t.Fatal(err)
			}
		}
	}
	if code, stderr := gradeHostile(t, tmp, env, "gen", "ABGame", "-n", "1", "-seed", "4", "-o", hidden); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, stderr)
	}
	secret := filepath.Join(hidden, "cases.tsv")
	if _, err := os.Stat(secret); err != nil {
		t.Fatalf("the hidden set has no cases.tsv: %v", err)
	}
	honest := source(t, "class", "abgame.py") + "# victim-secret-4471\n"
	victim := filepath.Join(class, "zz-victim", "abgame.py")
	marker := fmt.Sprintf("30.%d7", os.Getpid())
	py, cpp, java := source(t, "hostile", "ABGame.py"), source(t, "hostile", "ABGame.cpp"), source(t, "hostile", "ABGame.java")
	students := []hostileStudent{
		{"a-py-read", "ABGame.py", py, []string{"secret", "proc", "cmdline", "read-other", "uid", "env"}},
		{"a-py-write", "ABGame.py", py, []string{"write-other", "outdir", "plant"}},
		{"a-py-linger", "ABGame.py", py, []string{"linger"}},
		{"a-py-memory", "ABGame.py", py, []string{"memory"}},
		{"a-py-procs", "ABGame.py", py, []string{"procs"}},
		{"a-py-disk", "ABGame.py", py, []string{"disk"}},
		{"b-cpp", "ABGame.cpp", cpp, []string{"secret", "proc", "read-other", "write-other", "uid", "linger"}},
		{"c-java", "ABGame.java", java, []string{"secret", "proc", "read-other", "write-other", "uid"}},
	}
	files := map[string]string{"zz-victim/abgame.py": honest, "zz-victim2/abgame.py": honest}
	for _, s := range students {
		var b strings.Builder
		for _, a := range s.attacks {
			fmt.Fprintf(&b, "attack=%s\n", a)
		}
		fmt.Fprintf(&b, "secret=%s\nother=%s\nresults=%s\noutdir=%s\nmarker=%s\n", secret, victim,
			filepath.Join(out, "grades.csv"), filepath.Join(out, "index.html"), marker)
		files[s.name+"/"+s.file] = s.source
		files[s.name+"/attack.txt"] = b.String()
	}
	writeFiles(t, class, files)
	args := []string{"grade", "ABGame", "-cases", hidden, "-timeout", "10s", "-memory", "256MiB",
		"-procs", "64", "-disk", "64MiB", "-max", "1", "-j", "2", "-o", out, class}
	if uidMode {
		// The class folder open to other users is refused; closed, it is
		// graded.
		if code, stderr := gradeHostile(t, tmp, env, args...); code != 2 || !strings.Contains(stderr, "open to other users") {
			t.Fatalf("grade of a class folder others can read: exit %d, %q; want 2 and the reason", code, stderr)
		}
		for _, d := range []string{class, hidden} {
			if err := os.Chmod(d, 0o700); err != nil {
				t.Fatal(err)
			}
		}
	}
	began := time.Now()
	code, stderr := gradeHostile(t, tmp, append(env, "GAMESEARCH_TEST_SECRET=hunter2"), args...)
	t.Logf("graded in %s, exit %d:\n%s", time.Since(began).Round(time.Millisecond), code, stderr)
	if code != 1 {
		t.Fatalf("grade: exit %d, want 1 (the hostile students fail): %s", code, stderr)
	}
	// Attack 4: nothing of the class runs on after grade, and nothing
	// rewrote the gradebook.
	noneOutlive(t, marker, "grade")
	data, err := os.ReadFile(filepath.Join(out, "grades.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("grades.csv: %v\n%s", err, data)
	}
	scores := map[string][]string{}
	for _, r := range rows[1:] {
		scores[r[0]] = r
	}
	// Attacks 5, 6, 7: the honest students are untouched.
	for _, v := range []string{"zz-victim", "zz-victim2"} {
		if r := scores[v]; len(r) < 6 || r[1] != "Python" || r[5] != "100" {
			t.Errorf("attacks 5 and 7: %s's row %q; want Python, 100", v, r)
		}
	}
	if got, _ := os.ReadFile(victim); string(got) != honest {
		t.Errorf("attack 5: the victim's source in the class folder was changed: %q", got)
	}
	if page, err := os.ReadFile(filepath.Join(out, "index.html")); err != nil || bytes.Contains(page, []byte("HACKED")) {
		t.Errorf("attack 8: index.html: %v, %.60q", err, page)
	}
	for _, s := range students {
		rep := readReport(t, out, s.name)
		text, _ := os.ReadFile(filepath.Join(out, s.name, "report.txt"))
		if bytes.Contains(text, []byte("victim-secret-4471")) {
			t.Errorf("attack 6: %s's report shows the victim's source", s.name)
		}
		got := attacksOf(rep)
		for _, a := range s.attacks {
			outcome, ok := got[a]
			switch {
			case a == "memory":
				if !strings.Contains(rep.LikelyCause+rep.firstFailure(), "held more than 256 MiB of memory") {
					t.Errorf("attack 9: %s: %q; want the memory limit named", s.name, rep.firstFailure())
				}
			case a == "disk":
				// Python ignores SIGXFSZ: its write fails with EFBIG.
				if !strings.Contains(rep.firstFailure(), "(the -disk limit)") && !strings.Contains(outcome, "blocked: [Errno 27] File too large") {
					t.Errorf("attack 9: %s: %q; want the disk limit named", s.name, rep.firstFailure())
				}
			case !ok:
				t.Errorf("%s: attack %s printed nothing; report: %s", s.name, a, rep.firstFailure())
			case a == "uid":
				uid := "uid 1000,"
				if uidMode {
					uid = "uid 6"
				}
				if !strings.HasPrefix(outcome, uid) || !strings.HasSuffix(outcome, ", effective capabilities 0000000000000000") {
					t.Errorf("attack 12: %s runs as %q", s.name, outcome)
				}
			case a == "linger":
			case a == "cmdline" && uidMode:
				// Without a PID namespace /proc shows every process.
			case a == "procs":
				var n int
				if _, err := fmt.Sscanf(outcome, "blocked after %d processes", &n); err != nil || n >= 64 {
					t.Errorf("attack 9: %s: %q; want blocked under 64 processes", s.name, outcome)
				}
			case !strings.HasPrefix(outcome, "blocked: "):
				t.Errorf("%s: attack %s: %s", s.name, a, outcome)
			}
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("attack 9: %d entries left in TMPDIR, e.g. %s", len(left), left[0].Name())
	}
}

// TestHostileBundle runs the Gradescope bundle's run_autograder on a
// hostile Python submission that reads the hidden cases (attack 1), writes
// results.json with a score of 100 and kills the grader (3), and leaves a
// grandchild to rewrite results.json later (4): results.json is the
// grader's, its score 0, and nothing of the submission outlives it. As
// root, the same in the uid sandbox.
func TestHostileBundle(t *testing.T) {
	t.Parallel()
	lookTool(t, "python3")
	modes := map[string][]string{}
	if m, _ := sandbox.Detect(); m == sandbox.Namespaces {
		modes["namespaces"] = nil
	}
	if os.Geteuid() == 0 {
		modes["uid"] = []string{sandbox.EnvMode + "=uid", "PATH=/usr/local/bin:/usr/bin:/bin"}
	}
	if len(modes) == 0 {
		t.Skip("no sandbox here: the bundle refuses to run without one")
	}
	bin := ownBin(t)
	bundle := filepath.Join(t.TempDir(), "autograder.zip")
	var out, errb bytes.Buffer
	if code := Autograder(families, []string{"ABGame", "-n", "1", "-seed", "4", "-binary", filepath.Join(bin, "gamesearch"), "-o", bundle}, &out, &errb); code != 0 {
		t.Fatalf("autograder: %s", errb.String())
	}
	for name, env := range modes {
		t.Run(name, func(t *testing.T) {
			base := t.TempDir()
			if name == "uid" {
				for d := base; d != filepath.Dir(tmpRoot); d = filepath.Dir(d) {
					if err := os.Chmod(d, 0o711); err != nil {
						t.Fatal(err)
					}
				}
			}
			root, tmp := filepath.Join(base, "autograder"), filepath.Join(base, "tmp")
			os.Mkdir(tmp, 0o755)
			if err := os.MkdirAll(filepath.Join(root, "source"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := unpackZip(bundle, filepath.Join(root, "source")); err != nil {
				t.Fatal(err)
			}
			results := filepath.Join(root, "results", "results.json")
			marker := fmt.Sprintf("31.%d%d", os.Getpid(), len(name))
			writeFiles(t, filepath.Join(root, "submission"), map[string]string{
				"ABGame.py": source(t, "hostile", "ABGame.py"),
				"attack.txt": fmt.Sprintf("attack=secret\nattack=linger\nattack=results\nsecret=%s\nresults=%s\nmarker=%s\n",
					filepath.Join(root, "source", "cases", "cases.tsv"), results, marker),
			})
			cmd := exec.Command("sh", filepath.Join(root, "source", "run_autograder"))
			cmd.Env = append(append(os.Environ(), "AUTOGRADER_ROOT="+root, "TMPDIR="+tmp), env...)
			output, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("run_autograder: %v\n%s", err, output)
			}
			noneOutlive(t, marker, "run_autograder")
			data, err := os.ReadFile(results)
			if err != nil {
				t.Fatal(err)
			}
			if err := validateGradescope(data); err != nil {
				t.Fatalf("attacks 3 and 4: results.json is not the grader's: %v\n%s", err, data)
			}
			var res struct{ Score float64 }
			json.Unmarshal(data, &res)
			if res.Score != 0 {
				t.Errorf("score %v, want 0", res.Score)
			}
			// The report shows the first line of the output: attack 1's.
			if m := regexp.MustCompile(`ATTACK secret: ([^\\\n]*)`).FindSubmatch(data); m == nil || !bytes.HasPrefix(m[1], []byte("blocked")) {
				t.Errorf("attack 1: %q in\n%s\n%s", m, data, output)
			}
		})
	}
}

// TestNoSandbox: where no sandbox is possible (GAMESEARCH_SANDBOX=none
// stands for such a machine), check runs the program and says so in one
// line and in its report, grade refuses unless -no-sandbox is given, and
// then every report says how the code ran.
func TestNoSandbox(t *testing.T) {
	t.Parallel()
	lookTool(t, "python3")
	dir := t.TempDir()
	class := filepath.Join(dir, "class")
	writeFiles(t, class, map[string]string{"alice/abgame.py": source(t, "class", "abgame.py")})
	none := []string{sandbox.EnvMode + "=none"}
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	report := filepath.Join(dir, "report.txt")
	code, stderr := gradeHostile(t, tmp, none, "check", "ABGame", "-suite", "random", "-n", "1", "-o", report,
		"-dir", filepath.Join(class, "alice"), "--", "python3", "abgame.py")
	text, _ := os.ReadFile(report)
	if code != 0 || stderr != "gamesearch check: not sandboxed: GAMESEARCH_SANDBOX=none\n" ||
		!bytes.Contains(text, []byte("\nsandbox: not sandboxed (GAMESEARCH_SANDBOX=none)\n")) {
		t.Errorf("check: exit %d, stderr %q, report:\n%s", code, stderr, text)
	}
	out := filepath.Join(dir, "grades")
	code, stderr = gradeHostile(t, tmp, none, "grade", "ABGame", "-suite", "random", "-n", "1", "-o", out, class)
	if code != 2 || !strings.Contains(stderr, "no sandbox is possible here (GAMESEARCH_SANDBOX=none): give -no-sandbox") {
		t.Errorf("grade: exit %d, %q; want 2 and the reason", code, stderr)
	}
	code, stderr = gradeHostile(t, tmp, none, "grade", "ABGame", "-suite", "random", "-n", "1", "-no-sandbox", "-o", out, class)
	text, _ = os.ReadFile(filepath.Join(out, "alice", "report.txt"))
	if code != 0 || !bytes.Contains(text, []byte("\nsandbox: not sandboxed (-no-sandbox)\n")) {
		t.Errorf("grade -no-sandbox: exit %d, %q, report:\n%s", code, stderr, text)
	}
}

// TestShownGuard: check refuses a whole temporary (or home) folder as the
// submission folder, and hides a -cases set that lies inside the
// submission's folder from the program: a program that prints the set's
// first expected line when it can read it gets the normal verdict.
func TestShownGuard(t *testing.T) {
	t.Parallel()
	if m, why := sandbox.Detect(); m != sandbox.Namespaces {
		t.Skipf("needs the namespaces sandbox (%s)", why)
	}
	lookTool(t, "python3")
	dir := t.TempDir()
	alice := filepath.Join(dir, "alice")
	writeFiles(t, alice, map[string]string{"abgame.py": source(t, "class", "abgame.py")})
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	for _, set := range []string{filepath.Join(alice, "hidden"), filepath.Join(dir, "hidden")} {
		if code, stderr := gradeHostile(t, tmp, nil, "gen", "ABGame", "-n", "2", "-o", set); code != 0 {
			t.Fatalf("gen: exit %d, %s", code, stderr)
		}
	}
	// A program that answers from the hidden set when it can read it: it
	// fails every case it cannot.
	peek := filepath.Join(dir, "peek")
	writeFiles(t, peek, map[string]string{"abgame.py": "import os, sys\n" +
		"p = " + strconv.Quote(filepath.Join(peek, "hidden", "cases.tsv")) + "\n" +
		"print(open(p).read() if os.path.exists(p) else 'hidden')\n"})
	if code, stderr := gradeHostile(t, tmp, nil, "gen", "ABGame", "-n", "2", "-o", filepath.Join(peek, "hidden")); code != 0 {
		t.Fatalf("gen: exit %d, %s", code, stderr)
	}
	report := filepath.Join(dir, "peek.txt")
	code, stderr := gradeHostile(t, tmp, nil, "check", "ABGame", "-cases", filepath.Join(peek, "hidden"), "-dir", peek, "-o", report,
		"--", "python3", filepath.Join(peek, "abgame.py"))
	text, _ := os.ReadFile(report)
	if code != 1 || !bytes.Contains(text, []byte("    hidden\n")) || bytes.Contains(text, []byte("board_kind")) {
		t.Errorf("a program reading the hidden set: exit %d, %q, report:\n%s", code, stderr, text)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-cases", filepath.Join(alice, "hidden"), "-dir", alice}, 0, ""},
		{[]string{"-cases", filepath.Join(dir, "hidden"), "-dir", tmp}, 2, "gamesearch check: -dir " + tmp + ": the sandbox would show the program all of it"},
		{[]string{"-cases", filepath.Join(dir, "hidden"), "-dir", alice}, 0, ""},
	} {
		args := append(append([]string{"check", "ABGame"}, c.args...), "--", "python3", filepath.Join(alice, "abgame.py"))
		code, stderr := gradeHostile(t, tmp, nil, args...)
		if code != c.code || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want %d, %q", c.args, code, stderr, c.code, c.want)
		}
	}
}

// TestForeignArchCause: a program that makes a system call of another
// architecture (an i386 call from a 64-bit program, as a 32-bit build
// would make every call) fails with that cause named.
func TestForeignArchCause(t *testing.T) {
	t.Parallel()
	if runtime.GOARCH != "amd64" {
		t.Skip("amd64 only: the i386 calls of a 64-bit process")
	}
	if m, why := sandbox.Detect(); m == sandbox.None {
		t.Skipf("needs a sandbox (%s)", why)
	}
	lookTool(t, "gcc")
	base := t.TempDir()
	dir := filepath.Join(base, "sub")
	writeFiles(t, dir, map[string]string{"p.c": "int main(void) { int r; __asm__ volatile(\"int $0x80\" : \"=a\"(r) : \"a\"(20)); return 0; }\n"})
	if out, err := exec.Command("gcc", "-o", filepath.Join(dir, "p"), filepath.Join(dir, "p.c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v: %s", err, out)
	}
	tmp := filepath.Join(base, "tmp")
	os.Mkdir(tmp, 0o755)
	report := filepath.Join(base, "report.txt")
	code, stderr := gradeHostile(t, tmp, nil, "check", "ABGame", "-suite", "random", "-n", "1", "-dir", dir, "-o", report, "--", "./p")
	text, _ := os.ReadFile(report)
	if code != 1 || !bytes.Contains(text, []byte("killed by signal SIGSYS: a system call the sandbox refuses, one of another architecture")) {
		t.Errorf("exit %d, %q, report:\n%s", code, stderr, text)
	}
}
