package check

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
