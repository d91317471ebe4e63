package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// tmpRoot holds what the tests build once (our programs, the students'
// programs); removed when the tests end.
var tmpRoot string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "check-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	tmpRoot = dir
	// The runs' directories go to a temporary folder of the tests' own, so
	// that what is left in it after the tests is a leak.
	runs := filepath.Join(dir, "tmp")
	if err := os.Mkdir(runs, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("TMPDIR", runs)
	realPython()
	code := m.Run()
	if code == 0 {
		code = leftovers(runs)
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// realPython puts the directory of the Python 3 interpreter itself first
// in PATH when "python3" is a version manager's shim (pyenv's costs about
// half a second of CPU time a start, ten times the interpreter's): the
// programs that grade, the autograder and the scripts of the tests start
// as "python3" then run the same interpreter without the shim.
func realPython() {
	shim, err := exec.LookPath("python3")
	if err != nil {
		return
	}
	out, err := exec.Command(shim, "-c", "import sys; print(sys.executable)").Output()
	exe := strings.TrimSpace(string(out))
	if err != nil || !filepath.IsAbs(exe) || filepath.Dir(exe) == filepath.Dir(shim) {
		return
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(exe), "python3")); err != nil {
		return
	}
	os.Setenv("PATH", filepath.Dir(exe)+string(filepath.ListSeparator)+os.Getenv("PATH"))
}

// leftovers reports, after the tests, any run directory left in runs and
// any process the tests started that is still running: a check must leave
// neither. It returns 1 when it found some.
func leftovers(runs string) int {
	code := 0
	entries, _ := os.ReadDir(runs)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "gamesearch-check-") || strings.HasPrefix(e.Name(), ".gen-") {
			fmt.Fprintf(os.Stderr, "left behind: %s\n", filepath.Join(runs, e.Name()))
			code = 1
		}
	}
	self := strconv.Itoa(os.Getpid())
	procs, _ := os.ReadDir("/proc")
	for _, p := range procs {
		data, err := os.ReadFile(filepath.Join("/proc", p.Name(), "stat"))
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(data, ')')
		f := strings.Fields(string(data[i+1:]))
		if len(f) > 1 && f[1] == self && f[0] != "Z" {
			fmt.Fprintf(os.Stderr, "still running: process %s (%s)\n", p.Name(), data[:i+1])
			code = 1
		}
	}
	return code
}

// ownPrograms are the commands the tests run as submissions: the
// checked programs that have a command of their own, the MiniChess players
// and gamesearch.
func ownPrograms(t *testing.T) []string {
	out := []string{"minichess-submission", "minichess-alphabeta", "minichess-baseline", "gamesearch"}
	for _, p := range allPrograms(t) {
		if _, err := os.Stat(filepath.Join(testutil.RepoRoot(t), "cmd", p.Name)); err == nil {
			out = append(out, p.Name)
		}
	}
	return out
}

var (
	buildOnce sync.Once
	buildErr  error
)

// ownBin returns the folder holding our graded programs, built once: each
// is a link to its executable in Go's build cache, which "go run" keeps
// (Go 1.24 and later), so that only a changed program is linked again
// (a go build of the 22 links them all, 8 s of CPU time). The MiniChess
// baseline is also copied to baseline4, the name that selects its level.
func ownBin(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(tmpRoot, "bin")
	buildOnce.Do(func() {
		if buildErr = os.Mkdir(dir, 0o755); buildErr != nil {
			return
		}
		root, progs := testutil.RepoRoot(t), ownPrograms(t)
		errs := make([]error, len(progs))
		ForEach(len(progs), func(i int) {
			var exe string
			if exe, errs[i] = testutil.CachedProgram(root, progs[i], nil); errs[i] == nil {
				errs[i] = os.Symlink(exe, filepath.Join(dir, progs[i]))
			}
		})
		if buildErr = errors.Join(errs...); buildErr != nil {
			return
		}
		data, err := os.ReadFile(filepath.Join(dir, "minichess-baseline"))
		if err == nil {
			err = testutil.WriteExecutable(filepath.Join(dir, "baseline4"), data)
		}
		buildErr = err
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return dir
}

// runCheck runs "gamesearch check" with args and -format json, and returns
// the exit status and the decoded report.
func runCheck(t *testing.T, args ...string) (int, *report) {
	t.Helper()
	dash := len(args)
	for i, a := range args {
		if a == "--" {
			dash = i
			break
		}
	}
	full := append(append(append([]string{}, args[:dash]...), "-format", "json"), args[dash:]...)
	var out, errb bytes.Buffer
	code := Check(families, full, &out, &errb)
	if code == 2 {
		t.Fatalf("check %s: exit 2: %s", strings.Join(args, " "), errb.String())
	}
	var rep report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("check %s: bad JSON report: %v\n%s", strings.Join(args, " "), err, out.String())
	}
	return code, &rep
}

// lookTool returns the path of a compiler or interpreter, skipping the test
// when it is missing.
func lookTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not found: skipping this language", name)
	}
	return p
}
