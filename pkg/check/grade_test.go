package check

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// writeFiles writes name → content files under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// writeZip writes a zip file of name → content entries.
func writeZip(t *testing.T, path string, entries map[string]string) {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// source reads a file of testdata.
func source(t *testing.T, parts ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(append([]string{"testdata"}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestGradeClass grades a class folder built in the test: correct programs
// in Python, Java (a zip) and C++, a wrong answer, a timeout, a crash, a
// compile error, a zip whose entry escapes its folder and a folder with a
// link out of it. grades.csv, the reports and index.html are checked.
func TestGradeClass(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"python3", "javac", "java", "g++"} {
		lookTool(t, tool)
	}
	class := t.TempDir()
	py := source(t, "class", "abgame.py")
	cpp := source(t, "class", "ABGame.cpp")
	writeFiles(t, class, map[string]string{
		"alice/abgame.py":  py,
		"alice/notes.txt":  "my notes\n",
		"carol/ABGame.cpp": cpp,
		"dave/abgame.py":   strings.Replace(py, "if v > best_value:", "if v >= best_value:", 1),
		"erin/abgame.py":   strings.Replace(py, "def main():\n", "def main():\n    while True:\n        pass\n", 1),
		"frank/abgame.py":  strings.Replace(py, "def main():\n", "def main():\n    raise ValueError(\"cannot read the board\")\n", 1),
		"grace/ABGame.cpp": "int main( {\n",
		"judy/abgame.py":   py,
		"outside.txt":      "not a submission\n",
	})
	writeZip(t, filepath.Join(class, "bob.zip"), map[string]string{"bob/ABGame.java": source(t, "students", "ABGame.java")})
	writeZip(t, filepath.Join(class, "heidi.zip"), map[string]string{"abgame.py": py, "../evil.txt": "x"})
	if err := os.Symlink(filepath.Join(class, "outside.txt"), filepath.Join(class, "judy", "data.txt")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "grades")
	var stdout, stderr bytes.Buffer
	began := time.Now()
	// Seed 4's first case is at depth 2 (45 positions evaluated): the
	// Python program answers it in about 0.2 s of CPU time (the Java one in
	// 0.15 s), a fifth of the 1 s limit that stops erin's endless loop
	// (twice: her case and its shrunk one), and dave's tie-breaking already
	// fails it. The default seed's depth-4 case took 1.6-2.2 s of CPU time
	// idle, so under load the correct alice was stopped at a 2 s limit (CI
	// at 60bcf4a).
	code := Grade(families, []string{"ABGame", "-suite", "random", "-n", "1", "-seed", "4", "-timeout", "1s", "-max", "1", "-j", "2", "-o", out, class}, &stdout, &stderr)
	t.Logf("graded in %s:\n%s%s", time.Since(began).Round(time.Millisecond), stdout.String(), stderr.String())
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	data, err := os.ReadFile(filepath.Join(out, "grades.csv"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, r := range rows[1:] {
		got[r[0]] = r
	}
	for student, want := range map[string][2]string{
		"alice": {"Python", "100"}, "bob": {"Java", "100"}, "carol": {"C++", "100"},
		"dave": {"Python", "tie-breaking"}, "erin": {"Python", "timeout"}, "frank": {"Python", "crash"},
		"grace": {"", "build failed: "}, "heidi": {"", "refused: entry \"../evil.txt\" escapes"},
		"judy": {"", "refused: \"data.txt\" is a link out of"},
	} {
		r, ok := got[student]
		if !ok {
			t.Errorf("%s: no row", student)
			continue
		}
		line := strings.Join(r, ",")
		if r[1] != want[0] || !strings.Contains(line, want[1]) {
			t.Errorf("%s: row %q; want language %q and %q", student, line, want[0], want[1])
		}
		if _, err := os.Stat(filepath.Join(out, student, "report.txt")); err != nil {
			t.Errorf("%s: %v", student, err)
		}
	}
	if len(got) != 9 {
		t.Errorf("%d rows: want 9 (outside.txt is no submission)", len(got))
	}
	if r := got["frank"]; !strings.Contains(r[8], "ValueError: cannot read the board") {
		t.Errorf("frank's first failure %q: want the exception", r[8])
	}
	page, _ := os.ReadFile(filepath.Join(out, "index.html"))
	for _, want := range []string{"<table id=\"grades\"", "alice/report.txt", "Most common likely causes", "<svg"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	if strings.Count(stderr.String(), "grade: ") != 9 {
		t.Errorf("progress: want one line per submission:\n%s", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(class), "evil.txt")); err == nil {
		t.Error("heidi's zip wrote outside its folder")
	}
	screenshot(t, filepath.Join(out, "index.html"))
}

// screenshot renders page in headless Chromium when it is installed and
// checks that it shows the table, in one run that writes the PNG and
// prints the DOM; GAMESEARCH_SCREENSHOT=FILE keeps the PNG
// (docs/grade.png is made so).
func screenshot(t *testing.T, page string) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Log("chromium not installed (apt-get install chromium): index.html not rendered")
		return
	}
	png := filepath.Join(t.TempDir(), "grade.png")
	if keep := os.Getenv("GAMESEARCH_SCREENSHOT"); keep != "" {
		png = keep
	}
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir="+t.TempDir(),
		"--window-size=1200,900", "--screenshot="+png, "--dump-dom", "file://"+page)
	env, err := testutil.ConfinedEnv(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(os.Environ(), env...)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, errb.String())
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		t.Errorf("chromium wrote no screenshot: %v\n%s", err, errb.String())
	}
	if !bytes.Contains(dom, []byte("alice")) {
		t.Errorf("chromium's DOM of index.html lacks alice:\n%s", dom)
	}
}

// TestAutograderBundle writes a Gradescope bundle and runs its
// run_autograder under a temporary root on a correct, a wrong and a
// non-compiling submission; results.json is checked against Gradescope's
// fields and types. The bundle is unpacked without the executable bits,
// and for the non-compiling submission chmod fails, so that
// run_autograder runs a copy of gamesearch.
func TestAutograderBundle(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"sh", "g++"} {
		lookTool(t, tool)
	}
	bin := ownBin(t)
	dir := t.TempDir()
	bundle := filepath.Join(dir, "autograder.zip")
	var out, errb bytes.Buffer
	if code := Autograder(families, []string{"ABGame", "-n", "3", "-seed", "9", "-binary", filepath.Join(bin, "gamesearch"), "-o", bundle}, &out, &errb); code != 0 {
		t.Fatalf("autograder: %s", errb.String())
	}
	cpp := source(t, "class", "ABGame.cpp")
	for _, c := range []struct {
		name   string
		files  map[string]string
		score  float64
		status string
	}{
		{"correct", map[string]string{"ABGame.cpp": cpp}, 100, "passed"},
		{"wrong", map[string]string{"ABGame.cpp": strings.Replace(cpp, "if (v > bestValue) {", "if (v >= bestValue) {", 1)}, -1, "failed"},
		{"broken", map[string]string{"ABGame.cpp": "int main( {\n"}, 0, "failed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "autograder")
			if err := os.MkdirAll(filepath.Join(root, "source"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := unpackZip(bundle, filepath.Join(root, "source")); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(filepath.Join(root, "source", "gamesearch"), 0o644); err != nil {
				t.Fatal(err)
			}
			writeFiles(t, filepath.Join(root, "submission"), c.files)
			cmd := exec.Command("sh", filepath.Join(root, "source", "run_autograder"))
			cmd.Env = append(os.Environ(), "AUTOGRADER_ROOT="+root, "TMPDIR="+t.TempDir())
			if c.name == "broken" {
				fake := t.TempDir()
				writeFiles(t, fake, map[string]string{"chmod": "exit 1\n"})
				os.Chmod(filepath.Join(fake, "chmod"), 0o755)
				cmd.Env = append(cmd.Env, "PATH="+fake+string(filepath.ListSeparator)+os.Getenv("PATH"))
			}
			if out, err := cmd.CombinedOutput(); err != nil && c.status == "passed" {
				t.Fatalf("run_autograder: %v\n%s", err, out)
			}
			data, err := os.ReadFile(filepath.Join(root, "results", "results.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := validateGradescope(data); err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			var res struct {
				Score float64
				Tests []struct{ Status, Visibility, Output string }
			}
			json.Unmarshal(data, &res)
			if c.score >= 0 && res.Score != c.score || c.score < 0 && (res.Score <= 0 || res.Score >= 100) {
				t.Errorf("score %v, want %v", res.Score, c.score)
			}
			for _, tc := range res.Tests {
				if c.status == "passed" && tc.Status != "passed" {
					t.Errorf("test %+v", tc)
				}
			}
			if c.name == "correct" && (len(res.Tests) != 2 || res.Tests[0].Visibility != "visible" || res.Tests[1].Visibility != "after_published") {
				t.Errorf("tests %+v: want the public suite visible and the hidden cases after publication", res.Tests)
			}
			if c.name == "broken" && !strings.Contains(res.Tests[0].Output, "build failed") {
				t.Errorf("broken: %+v", res.Tests)
			}
		})
	}
}

// TestUnpackRefuses: a zip bomb, an entry that escapes, a link and too
// many entries refuse the submission; nothing is written outside it.
func TestUnpackRefuses(t *testing.T) {
	dir := t.TempDir()
	bomb := filepath.Join(dir, "bomb.zip")
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, _ := zw.Create("big.txt")
	w.Write(make([]byte, maxSubmissionFile+1)) // 32 MiB of zeros deflate to about 32 KiB
	link := &zip.FileHeader{Name: "link"}
	link.SetMode(os.ModeSymlink | 0o777)
	zw.Close()
	os.WriteFile(bomb, b.Bytes(), 0o644)
	b.Reset()
	zw = zip.NewWriter(&b)
	lw, _ := zw.CreateHeader(link)
	lw.Write([]byte("/etc/passwd"))
	zw.Close()
	links := filepath.Join(dir, "link.zip")
	os.WriteFile(links, b.Bytes(), 0o644)
	many := map[string]string{}
	for i := 0; i <= maxSubmissionFiles; i++ {
		many[filepath.Join("src", strings.Repeat("a", 1+i%7)+string(rune('a'+i%26))+strings.Repeat("b", i/26)+".py")] = ""
	}
	manyZip := filepath.Join(dir, "many.zip")
	writeZip(t, manyZip, many)
	escape := filepath.Join(dir, "escape.zip")
	writeZip(t, escape, map[string]string{"ok.py": "", "../../x.py": "x"})
	for zipPath, want := range map[string]string{
		bomb: "holds 33554433 bytes", links: "is a symbolic link", manyZip: "entries, more than", escape: "escapes",
	} {
		out := filepath.Join(t.TempDir(), "out")
		os.Mkdir(out, 0o755)
		err := unpackZip(zipPath, out)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "refused") {
			t.Errorf("%s: %v; want refused, %q", filepath.Base(zipPath), err, want)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(dir), "x.py")); err == nil {
		t.Error("an entry escaped")
	}
}

// TestAutograderKeepsLimits: the bundle's run_autograder grades with the
// -timeout, -startup, -budget and sandbox limits given to autograder; with
// none given, the program's time limits and the bundle's budget.
func TestAutograderKeepsLimits(t *testing.T) {
	t.Parallel()
	o := testOptions(t, "congo-eval", "rules", "2022")
	if s := runScript(o, nil); strings.Contains(s, "-timeout") || strings.Contains(s, "-startup") || !strings.Contains(s, "-budget 6m0s -suite default") {
		t.Errorf("defaults: run_autograder names a limit:\n%s", s)
	}
	o.Timeout, o.TimeoutSet = 500*time.Millisecond, true
	o.Startup, o.StartupSet = 0, true
	o.Budget = time.Minute
	if s := runScript(o, []string{"-memory", "2GiB"}); !strings.Contains(s, "grade congo-eval -rules 2022 -timeout 500ms -startup 0s -budget 1m0s -memory 2GiB -suite default") {
		t.Errorf("run_autograder does not keep -timeout, -startup, -budget and -memory:\n%s", s)
	}
}
