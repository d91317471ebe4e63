package check

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// student is a program written for these tests the way a student of the
// course writes it, with classic mistakes selected by the environment
// variable MISTAKE.
type student struct {
	lang, program string
	// build compiles the source into dir and returns the command line.
	build func(t *testing.T, dir string) []string
	// fast are the interpreter's flags for the mistakes' runs, which
	// change nothing the program computes (mutPythonFast, mutJavaFast).
	fast []string
	// flags are check's flags for every run.
	flags    []string
	mistakes []mistakeCase
}

// mistakeCase is one mistake, the words the likely cause must contain and
// those of the first failure's problem line ("" for none).
type mistakeCase struct {
	name    string
	flags   []string
	want    []string
	problem string
}

var students = []student{
	{
		lang: "C++", program: "congo-alphabeta",
		build: func(t *testing.T, dir string) []string {
			cxx := lookTool(t, "g++")
			out := filepath.Join(dir, "congo_alphabeta")
			compile(t, cxx, "-O2", "-o", out, filepath.Join("testdata", "students", "congo_alphabeta.cpp"))
			return []string{out}
		},
		flags: []string{"-rules", "2022", "-suite", "random", "-n", "5"},
		mistakes: []mistakeCase{
			{"rules2021", nil, []string{"promotion", "edition"}, ""},
			{"noignore", nil, []string{"cin.ignore"}, ""},
			{"debug", nil, []string{"extra lines"}, ""},
			{"crash", nil, []string{"crash"}, ""},
			// One case: it loops on every FEN with an empty rank, the batch
			// limit it burns is then 0.2 s (0.1 s and a start-up of 0.1 s,
			// which a native program needs no more of), and a batch of one
			// case is not run again for a shrunk case. The problem names
			// the CPU time of the batch's limit.
			{"timeout", []string{"-timeout", "0.1s", "-startup", "0.1s", "-n", "1"}, []string{"timeout: the program was still running at the time limit"}, "killed at the time limit: 0.2 s of CPU time used"},
		},
	},
	{
		lang: "Java", program: "ABGame",
		build: func(t *testing.T, dir string) []string {
			java := lookTool(t, "java")
			return []string{java, "-cp", studentJava(t), "ABGame"}
		},
		fast:  mutJavaFast,
		flags: []string{"-suite", "random", "-n", "3"},
		mistakes: []mistakeCase{
			{"tielast", nil, []string{"tie-breaking"}, ""},
			{"strict", nil, []string{"cut-off", "strict"}, ""},
			{"rootalpha", nil, []string{"cut-off", "root does not raise alpha"}, ""},
			{"countroot", nil, []string{"what is counted", "root"}, ""},
		},
	},
	{
		lang: "Python", program: "starcircle",
		build: func(t *testing.T, dir string) []string {
			// The interpreter itself, not a version manager's shim:
			// TestMain put its folder first in PATH (realPython).
			py := lookTool(t, "python3")
			src, err := filepath.Abs(filepath.Join("testdata", "students", "starcircle.py"))
			if err != nil {
				t.Fatal(err)
			}
			return []string{py, src}
		},
		fast:  mutPythonFast,
		flags: []string{"-suite", "random", "-n", "10"},
		mistakes: []mistakeCase{
			// 20 random cases: on the first 15, the reverse move order
			// explains the failures as well.
			{"tielast", []string{"-n", "20"}, []string{"tie-breaking"}, ""},
			{"strict", nil, []string{"cut-off", "strict"}, ""},
			{"noroot", nil, []string{"what is counted", "root"}, ""},
			{"passend", nil, []string{"pass"}, ""},
			{"nostack", nil, []string{"stack"}, ""},
		},
	},
}

var (
	javaOnce sync.Once
	javaErr  error
)

// studentJava compiles testdata/students/ABGame.java once, for TestStudents
// and TestJavaDefaultClasspath, and returns the folder of its classes.
func studentJava(t *testing.T) string {
	t.Helper()
	javac := lookTool(t, "javac")
	dir := filepath.Join(tmpRoot, "java")
	javaOnce.Do(func() {
		if javaErr = os.Mkdir(dir, 0o755); javaErr != nil {
			return
		}
		args := append(javacFast, "-d", dir, filepath.Join("testdata", "students", "ABGame.java"))
		if out, err := exec.Command(javac, args...).CombinedOutput(); err != nil {
			javaErr = fmt.Errorf("%s: %v\n%s", javac, err, out)
		}
	})
	if javaErr != nil {
		t.Fatal(javaErr)
	}
	return dir
}

// compile runs a compiler and fails the test on an error.
func compile(t *testing.T, tool string, args ...string) {
	t.Helper()
	if out, err := exec.Command(tool, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, out)
	}
}

// TestStudents: for each student program, the correct version passes (run
// as its course runs it) and every mistake is caught with the right likely
// cause (run with the interpreter's fast flags). The table of
// mistakes, verdicts and causes is logged (go test -v -run TestStudents).
func TestStudents(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	table := make([][]string, len(students))
	t.Cleanup(func() {
		var rows []string
		for _, r := range table {
			rows = append(rows, r...)
		}
		t.Logf("mistake table (language, program, mistake: cases passed, likely cause):\n%s", strings.Join(rows, "\n"))
	})
	for i, s := range students {
		t.Run(s.lang, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			argv := s.build(t, dir)
			// The commands name absolute paths and read no file of the
			// submission: an empty -dir spares each case's run directory
			// the links to the entries of this package's folder.
			empty := t.TempDir()
			check := func(mistake string, extra []string) (int, *report) {
				env, err := exec.LookPath("env")
				if err != nil {
					t.Skip("env not found")
				}
				args := append(append([]string{s.program}, s.flags...), "-max", "1")
				args = append(append(args, extra...), "-dir", empty, "--", env, "MISTAKE="+mistake)
				if mistake != "" && len(s.fast) > 0 {
					// The interpreter, its flags for the mistakes, then
					// the rest of the command line.
					args = append(append(append(args, argv[0]), s.fast...), argv[1:]...)
				} else {
					args = append(args, argv...)
				}
				return runCheck(t, args...)
			}
			code, rep := check("", nil)
			if code != 0 || rep.Passed != rep.Total || rep.Total == 0 {
				t.Fatalf("correct %s program: exit %d, %d/%d passed; %s", s.lang, code, rep.Passed, rep.Total, rep.firstFailure())
			}
			mu.Lock()
			table[i] = append(table[i], fmt.Sprintf("%-6s %-15s %-10s %d/%d passed, PASS", s.lang, s.program, "(none)", rep.Passed, rep.Total))
			mu.Unlock()
			for _, m := range s.mistakes {
				code, rep := check(m.name, m.flags)
				mu.Lock()
				table[i] = append(table[i], fmt.Sprintf("%-6s %-15s %-10s %d/%d passed, caught: %s", s.lang, s.program, m.name,
					rep.Passed, rep.Total, Clip(rep.LikelyCause, 90)))
				mu.Unlock()
				if code != 1 || rep.Passed == rep.Total {
					t.Errorf("mistake %s: exit %d, %d/%d passed: not caught", m.name, code, rep.Passed, rep.Total)
					continue
				}
				for _, w := range m.want {
					if !strings.Contains(rep.LikelyCause, w) {
						t.Errorf("mistake %s: likely cause %q does not say %q", m.name, rep.LikelyCause, w)
					}
				}
				if m.problem != "" && (len(rep.Failures) == 0 || !strings.Contains(rep.Failures[0].Problem, m.problem)) {
					t.Errorf("mistake %s: failures %+v; want the first to say %q", m.name, rep.Failures, m.problem)
				}
			}
		})
	}
}
