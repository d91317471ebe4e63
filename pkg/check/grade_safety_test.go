package check

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// zipEntry is an entry of a zip a test writes: a file, or with mode a
// folder or a symbolic link (whose body is its target).
type zipEntry struct {
	name, body string
	mode       fs.FileMode
}

// zipOf returns a zip of the entries, in their order.
func zipOf(t *testing.T, entries []zipEntry) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range entries {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate}
		if e.mode != 0 {
			h.SetMode(e.mode)
		}
		w, err := zw.CreateHeader(h)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(e.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// csvRows reads a grades.csv by student (its first cell).
func csvRows(t *testing.T, file string) (map[string][]string, []string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v\n%s", file, err, data)
	}
	got := map[string][]string{}
	for _, r := range rows[1:] {
		got[r[0]] = r
	}
	return got, strings.SplitAfter(string(data), "\n")
}

// gradeArgs are the flags of the graded classes of these tests: one case
// of depth 2 (see TestGradeClass).
var gradeArgs = []string{"ABGame", "-suite", "random", "-n", "1", "-seed", "4", "-timeout", "1s", "-max", "1"}

// runGrade runs grade with gradeArgs, -o out and the class.
func runGrade(t *testing.T, out, class string, extra ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append(append(append([]string{}, gradeArgs...), extra...), "-o", out, class)
	code := Grade(families, args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// TestGradeClassZipRefusesOneStudent: in a class zip as an LMS exports it
// (one top folder), a student whose entries escape with ../ or hold a link,
// and a student's zip that is a link, are refused alone, each with the
// reason in the build column; the others are graded; an entry in no
// student's folder (absolute, ../ at the top) is skipped with a warning.
// A zip without a top folder, with a Mac's __MACOSX beside, is split alike.
func TestGradeClassZipRefusesOneStudent(t *testing.T) {
	t.Parallel()
	lookTool(t, "python3")
	py := source(t, "class", "abgame.py")
	dir := t.TempDir()
	class := filepath.Join(dir, "export.zip")
	daveZip := zipOf(t, []zipEntry{{name: "dave/abgame.py", body: py}})
	os.WriteFile(class, zipOf(t, []zipEntry{
		{name: "export/", mode: fs.ModeDir | 0o755},
		{name: "export/alice/abgame.py", body: py},
		{name: "export/bob/abgame.py", body: py},
		{name: "export/bob/../../evil.txt", body: "x"},
		{name: "export/carol/abgame.py", body: py},
		{name: "export/carol/data.txt", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777},
		{name: "export/dave.zip", body: string(daveZip)},
		{name: "export/erin.zip", body: "/etc/passwd", mode: fs.ModeSymlink | 0o777},
		{name: "export/notes.txt", body: "not a submission\n"},
		{name: "export/__MACOSX/._alice", body: "x"},
		{name: "/tmp/absolute.txt", body: "x"},
		{name: "export/../outside.txt", body: "x"},
	}), 0o644)
	out := filepath.Join(dir, "grades")
	code, stdout, stderr := runGrade(t, out, class)
	t.Logf("%s%s", stdout, stderr)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	got, _ := csvRows(t, filepath.Join(out, "grades.csv"))
	for student, want := range map[string][2]string{
		"alice": {"Python", "100"}, "dave": {"Python", "100"},
		"bob":   {"", `refused: entry "../../evil.txt" escapes the submission's folder`},
		"carol": {"", `refused: entry "data.txt" is a symbolic link`},
		"erin":  {"", `refused: entry "erin.zip" is a symbolic link`},
	} {
		r := got[student]
		if r == nil {
			t.Errorf("%s: no row", student)
			continue
		}
		if r[1] != want[0] || !strings.Contains(strings.Join(r, ","), want[1]) {
			t.Errorf("%s: row %q; want language %q and %q", student, r, want[0], want[1])
		}
	}
	if len(got) != 5 {
		t.Errorf("rows %v: want alice, bob, carol, dave and erin", got)
	}
	for _, w := range []string{`skipped entry "/tmp/absolute.txt", which is in no student's folder`, `skipped entry "export/../outside.txt"`} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q", w)
		}
	}
	for _, p := range []string{filepath.Join(dir, "evil.txt"), filepath.Join(dir, "outside.txt"), "/tmp/absolute.txt"} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s written", p)
		}
	}

	// No top folder, and a top folder beside __MACOSX.
	for name, c := range map[string]struct {
		entries  []zipEntry
		students string
		warnings int
	}{
		"no top": {[]zipEntry{{name: "alice/a.py", body: py}, {name: "bob.zip", body: string(daveZip)}, {name: "../up.txt", body: "x"},
			{name: "C:/x.py", body: "x"}, {name: "readme.txt", body: "x"}}, "alice bob", 2},
		"macosx": {[]zipEntry{{name: "class/alice/a.py", body: py}, {name: "class/bob/b.py", body: py},
			{name: "__MACOSX/class/._alice", body: "x"}}, "alice bob", 0},
	} {
		src := filepath.Join(t.TempDir(), "class.zip")
		os.WriteFile(src, zipOf(t, c.entries), 0o644)
		var warn bytes.Buffer
		subs, err := listSubmissions(src, t.TempDir(), &warn)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var students []string
		for _, s := range subs {
			students = append(students, s.student)
			if s.refused != nil {
				t.Errorf("%s: %s refused: %v", name, s.student, s.refused)
			}
		}
		if strings.Join(students, " ") != c.students || strings.Count(warn.String(), "\n") != c.warnings {
			t.Errorf("%s: students %q, warnings %q; want %q and %d warnings", name, students, warn.String(), c.students, c.warnings)
		}
	}
}

// TestCSVSafe: a cell a spreadsheet reads as a formula gets a leading
// quote; other cells are unchanged.
func TestCSVSafe(t *testing.T) {
	for in, want := range map[string]string{
		`=HYPERLINK("http://x","y")`: `'=HYPERLINK("http://x","y")`, "+1": "'+1", "-1": "'-1", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "\rx": "'\rx", "": "", "alice": "alice", "a=b": "a=b", "100": "100", "0.5": "0.5",
		"build failed: x": "build failed: x",
	} {
		if got := csvSafe(in); got != want {
			t.Errorf("csvSafe(%q) = %q, want %q", in, got, want)
		}
	}
	rows := csvSafeRows([][]string{{"=1", "2"}, {"-x"}})
	if rows[0][0] != "'=1" || rows[0][1] != "2" || rows[1][0] != "'-x" {
		t.Errorf("csvSafeRows: %q", rows)
	}
}

// TestGradeCSVInjection: students' folders named like formulas are quoted
// in grades.csv, and index.html escapes a name that is HTML.
func TestGradeCSVInjection(t *testing.T) {
	t.Parallel()
	class := t.TempDir()
	names := map[string]string{
		`=HYPERLINK("http:\\evil","click")`: `'=HYPERLINK("http:\\evil","click")`, "+1": "'+1", "-2": "'-2", "@SUM(A1)": "'@SUM(A1)",
		"\tx": "'\tx", "<img src=x onerror=alert(1)>": "<img src=x onerror=alert(1)>", "plain": "plain",
	}
	for name := range names {
		writeFiles(t, filepath.Join(class, name), map[string]string{"notes.txt": "no sources\n"})
	}
	out := filepath.Join(t.TempDir(), "grades")
	if code, _, stderr := runGrade(t, out, class); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
	got, _ := csvRows(t, filepath.Join(out, "grades.csv"))
	for name, want := range names {
		r := got[want]
		if r == nil {
			t.Errorf("%q: no row %q in %q", name, want, got)
			continue
		}
		if r[2] != "build failed: no sources found (.java, .cpp, .c, .py, a Makefile or run.sh)" {
			t.Errorf("%q: build %q", name, r[2])
		}
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(page, []byte("<img")) || !bytes.Contains(page, []byte("&lt;img src=x onerror=alert(1)&gt;")) ||
		!bytes.Contains(page, []byte(`=HYPERLINK(&#34;http:\\evil&#34;,&#34;click&#34;)`)) {
		t.Errorf("index.html does not escape the names:\n%s", page)
	}
}

// pyClass writes a class of Python students into a new folder.
func pyClass(t *testing.T, students map[string]string) string {
	t.Helper()
	class := t.TempDir()
	for name, src := range students {
		writeFiles(t, filepath.Join(class, name), map[string]string{"abgame.py": src})
	}
	return class
}

// withoutTime drops grades.csv's time column.
func withoutTime(rows map[string][]string) map[string]string {
	out := map[string]string{}
	for k, r := range rows {
		out[k] = strings.Join(append(append([]string{}, r[:6]...), r[7:]...), ",")
	}
	return out
}

// TestGradeResume: a gradebook of some of the class (as a stopped run
// leaves it) is resumed by grade onto the same OUTDIR: the students in it
// are kept as they were (their sources, broken since, are not built again)
// and the others graded, the end equal to a one-shot run's but for the
// times; a link or a file left in OUTDIR where a student's folder goes is
// replaced, nothing written through it. OUTDIR written for other settings
// or another program, a folder grade did not write and a damaged state
// file are refused, with one line.
func TestGradeResume(t *testing.T) {
	t.Parallel()
	lookTool(t, "python3")
	py := source(t, "class", "abgame.py")
	wrong := strings.Replace(py, "if v > best_value:", "if v >= best_value:", 1)
	crash := strings.Replace(py, "def main():\n", "def main():\n    raise ValueError(\"cannot read the board\")\n", 1)
	broken := "def main(:\n"
	full := pyClass(t, map[string]string{"alice": py, "bob": wrong, "carol": py, "dave": crash})
	first := pyClass(t, map[string]string{"alice": py, "bob": wrong})
	later := pyClass(t, map[string]string{"alice": broken, "bob": broken, "carol": py, "dave": crash})

	once := filepath.Join(t.TempDir(), "once")
	if code, _, stderr := runGrade(t, once, full); code != 1 {
		t.Fatalf("one-shot run: exit %d: %s", code, stderr)
	}
	out := filepath.Join(t.TempDir(), "grades")
	if code, _, stderr := runGrade(t, out, first); code != 1 {
		t.Fatalf("first run: exit %d: %s", code, stderr)
	}
	_, before := csvRows(t, filepath.Join(out, "grades.csv"))
	// What a stopped run or a stray program may leave where the next
	// students' folders go.
	decoy := t.TempDir()
	if err := os.Symlink(decoy, filepath.Join(out, "dave")); err != nil {
		t.Fatal(err)
	}
	writeFiles(t, out, map[string]string{"carol": "half a report\n"})

	code, stdout, stderr := runGrade(t, out, later)
	t.Logf("%s%s", stdout, stderr)
	if code != 1 {
		t.Fatalf("resumed run: exit %d", code)
	}
	if !strings.Contains(stderr, "2 of the 4 submissions were graded by an earlier run") || strings.Count(stderr, " done, ") != 2 {
		t.Errorf("stderr: want the kept students named and two graded:\n%s", stderr)
	}
	got, after := csvRows(t, filepath.Join(out, "grades.csv"))
	if len(after) != 6 || after[0] != before[0] || after[1] != before[1] || after[2] != before[2] {
		t.Errorf("the kept rows changed:\n%q\nthen\n%q", before, after)
	}
	want, _ := csvRows(t, filepath.Join(once, "grades.csv"))
	if a, b := withoutTime(got), withoutTime(want); len(a) != 4 || strings.Join(sortedValues(a), "\n") != strings.Join(sortedValues(b), "\n") {
		t.Errorf("resumed gradebook:\n%q\none-shot:\n%q", a, b)
	}
	for _, s := range []string{"carol", "dave"} {
		if st, err := os.Lstat(filepath.Join(out, s)); err != nil || !st.IsDir() {
			t.Errorf("%s: not a folder: %v", s, err)
		}
		if _, err := os.Stat(filepath.Join(out, s, "report.txt")); err != nil {
			t.Error(err)
		}
	}
	if entries, _ := os.ReadDir(decoy); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
	var state gradeState
	data, _ := os.ReadFile(filepath.Join(out, gradeStateFile))
	if err := json.Unmarshal(data, &state); err != nil || state.Program != "ABGame" || len(state.Students) != 4 ||
		state.Settings != "-board S22 -suite random -n 1 -seed 4 -timeout 1s -max 1 -memory 1GiB -procs 256 -disk 256MiB" {
		t.Errorf("state file: %v\n%s", err, data)
	}
	if page, _ := os.ReadFile(filepath.Join(out, "index.html")); !bytes.Contains(page, []byte("ABGame: 4 submissions")) {
		t.Error("index.html does not show the four students")
	}

	csvBefore, _ := os.ReadFile(filepath.Join(out, "grades.csv"))
	notOurs := t.TempDir()
	writeFiles(t, notOurs, map[string]string{"thesis.tex": "x"})
	damaged := t.TempDir()
	writeFiles(t, damaged, map[string]string{gradeStateFile: `{"program": "ABGame", "students": [{"entry": "a", "folder": "../x"}]}`})
	for _, c := range []struct {
		dir, want string
		args      []string
	}{
		{out, `graded with "-board S22 -suite random -n 1 -seed 4 -timeout 1s -max 1 -memory 1GiB -procs 256 -disk 256MiB", not "-board S22 -suite random -n 1 -seed 5`, []string{"-seed", "5"}},
		{out, "holds the grades of ABGame, not of ABOpening", nil},
		{notOurs, "the folder is not empty (1 entries)", nil},
		{damaged, "its " + gradeStateFile + " is not one grade wrote", nil},
	} {
		args := append(append([]string{}, gradeArgs...), c.args...)
		if c.want == "holds the grades of ABGame, not of ABOpening" {
			args[0] = "ABOpening"
		}
		var o, e bytes.Buffer
		code := Grade(families, append(args, "-o", c.dir, later), &o, &e)
		if code != 2 || !strings.Contains(e.String(), c.want) || strings.Count(e.String(), "\n") != 1 {
			t.Errorf("%v onto %s: exit %d, %q; want 2 and one line with %q", c.args, c.dir, code, e.String(), c.want)
		}
	}
	if csvAfter, _ := os.ReadFile(filepath.Join(out, "grades.csv")); !bytes.Equal(csvBefore, csvAfter) {
		t.Error("a refused run changed grades.csv")
	}
}

// sortedValues returns the values of m in the order of their keys.
func sortedValues(m map[string]string) []string {
	var out []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k])
	}
	return out
}

// TestGradeKilled: gamesearch grade killed (SIGKILL) after its first
// student leaves a gradebook of the students done, grades.csv a whole CSV;
// the same command then grades the rest and keeps those rows unchanged.
func TestGradeKilled(t *testing.T) {
	t.Parallel()
	lookTool(t, "python3")
	bin := ownBin(t)
	// Each student sleeps a third of a second, so that the run is killed
	// with students left.
	py := "import time\n" + strings.Replace(source(t, "class", "abgame.py"), "def main():\n", "def main():\n    time.sleep(0.3)\n", 1)
	class := pyClass(t, map[string]string{"alice": py, "bob": py, "carol": py, "dave": py})
	out := filepath.Join(t.TempDir(), "grades")
	cmd := exec.Command(filepath.Join(bin, "gamesearch"), append(append([]string{"grade"}, gradeArgs...), "-o", out, class)...)
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if data, err := os.ReadFile(filepath.Join(out, "grades.csv")); err == nil && bytes.Count(data, []byte("\n")) >= 2 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("no student graded in a minute")
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	got, before := csvRows(t, filepath.Join(out, "grades.csv"))
	t.Logf("%d students graded before the kill", len(got))
	if n := len(got); n < 1 || n >= 4 {
		t.Fatalf("%d students graded before the kill: want 1 to 3", n)
	}
	var state gradeState
	data, _ := os.ReadFile(filepath.Join(out, gradeStateFile))
	if err := json.Unmarshal(data, &state); err != nil || len(state.Students) != len(got) {
		t.Fatalf("state file of %d students: %v\n%s", len(got), err, data)
	}
	code, _, stderr := runGrade(t, out, class)
	if code != 0 {
		t.Fatalf("resumed: exit %d: %s", code, stderr)
	}
	final, after := csvRows(t, filepath.Join(out, "grades.csv"))
	if len(final) != 4 || strings.Join(after[:len(before)-1], "") != strings.Join(before[:len(before)-1], "") {
		t.Errorf("kept rows:\n%q\nthen\n%q", before, after)
	}
}

// fakeUnit is a unit of cases whose results a test gives.
type fakeUnit struct {
	n   int
	run func() []*Result
}

// Run implements Unit.
func (u fakeUnit) Run(*Command, *Options) ([]*Result, error) { return u.run(), nil }

// Size implements Unit.
func (u fakeUnit) Size() int { return u.n }

// TestGradescopePartialResults: grade -gradescope writes results.json
// after each suite (none before the first): the suites done, and the
// suites to run as failed tests worth nothing, so that a run stopped at
// Gradescope's limit shows what passed; the final write replaces it. The
// results folder, made by someone else with mode 0777, becomes the
// grader's own with mode 0755.
func TestGradescopePartialResults(t *testing.T) {
	t.Parallel()
	o := testOptions(t, "ABGame")
	sub := t.TempDir()
	writeFiles(t, sub, map[string]string{"run.sh": "exit 0\n"})
	resultsDir := filepath.Join(t.TempDir(), "results")
	if err := os.Mkdir(resultsDir, 0o777); err != nil {
		t.Fatal(err)
	}
	os.Chmod(resultsDir, 0o777)
	if os.Geteuid() == 0 {
		if err := os.Chown(resultsDir, 65534, 65534); err != nil {
			t.Fatal(err)
		}
	}
	results := filepath.Join(resultsDir, "results.json")
	var partial []byte
	suites := []*suite{
		{name: "public", units: []Unit{fakeUnit{2, func() []*Result {
			if _, err := os.Stat(results); err == nil {
				t.Error("results.json written before the first suite finished")
			}
			return []*Result{{Name: "1", Input: "x", Passed: true}, {Name: "2", Input: "y", Problem: "wrong move"}}
		}}}},
		{name: "random", units: []Unit{fakeUnit{1, func() []*Result {
			partial, _ = os.ReadFile(results)
			return []*Result{{Name: "1", Input: "z", Passed: true}}
		}}}},
	}
	if err := gradeOneToGradescope(o, suites, sub, results, 5, io.Discard); err != nil {
		t.Fatal(err)
	}
	type test struct {
		Name           string
		Score          float64
		MaxScore       float64 `json:"max_score"`
		Status, Output string
		Visibility     string
	}
	var res struct {
		Score float64
		Tests []test
	}
	if err := validateGradescope(partial); err != nil {
		t.Fatalf("partial results: %v\n%s", err, partial)
	}
	json.Unmarshal(partial, &res)
	if res.Score != 25 || len(res.Tests) != 2 ||
		res.Tests[0] != (test{"ABGame: public suite", 25, 50, "failed", "1/2 cases passed\nFAIL 2: wrong move\n  input: y", "visible"}) ||
		res.Tests[1] != (test{"ABGame: random suite", 0, 50, "failed", notRun, "after_published"}) {
		t.Errorf("partial results:\n%s", partial)
	}
	final, _ := os.ReadFile(results)
	res.Tests = nil
	json.Unmarshal(final, &res)
	if res.Score != 75 || len(res.Tests) != 2 || res.Tests[1].Status != "passed" || res.Tests[1].Score != 50 {
		t.Errorf("final results:\n%s", final)
	}
	st, err := os.Stat(resultsDir)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o755 || int(st.Sys().(*syscall.Stat_t).Uid) != os.Geteuid() {
		t.Errorf("results folder: mode %v, owner %d; want 0755 and %d", st.Mode().Perm(), st.Sys().(*syscall.Stat_t).Uid, os.Geteuid())
	}
}

// TestPrintable: the progress line escapes what a terminal would obey in a
// student's folder name or a compiler's line.
func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"alice":              "alice",
		"x\x1b]0;pwned\x07y": `x\x1b]0;pwned\ay`,
		"a\nb\rc\td":         `a\nb\rc\td`,
		"élève\u202e":        `élève\u202e`,
		"bad\xffutf8":        `bad\xffutf8`,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}
