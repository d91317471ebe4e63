package check

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
