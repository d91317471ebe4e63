package check

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
)

// script writes an executable shell script and returns its path.
func script(t *testing.T, dir, name, body string) string {
	t.Helper()
	lookTool(t, "sh")
	path := filepath.Join(dir, name)
	if err := testutil.WriteExecutable(path, []byte("#!/bin/sh\n"+body+"\n")); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestUsageErrors: a usage mistake or a command that cannot start prints
// one line on stderr and exits 2, with nothing on stdout.
func TestUsageErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "want one PROGRAM"},
		{[]string{"chess", "--", "x"}, `unknown program "chess"`},
		{[]string{"ABGame"}, "missing -- COMMAND"},
		{[]string{"ABGame", "--"}, "missing COMMAND"},
		{[]string{"ABGame", "-rules", "2022", "--", "x"}, "-rules applies to the Congo programs only"},
		{[]string{"congo-eval", "-rules", "2023", "--", "x"}, `-rules "2023"`},
		{[]string{"congo-eval", "-piece", "lion", "--", "x"}, "-piece applies to congo-moves only"},
		{[]string{"congo-moves", "-piece", "queen", "--", "x"}, `-piece "queen"`},
		{[]string{"ABGame", "-board", "Q22", "--", "x"}, `-board "Q22"`},
		{[]string{"ABGame", "-suite", "some", "--", "x"}, `-suite "some"`},
		{[]string{"ABGame", "-n", "0", "--", "x"}, "-n 0"},
		{[]string{"ABGame", "-n", "2147483648", "--", "x"}, "-n 2147483648: want 1 to 100000"},
		{[]string{"ABGame", "-n", "100000000", "--", "x"}, "want 1 to 100000"},
		{[]string{"ABGame", "-timeout", "5", "--", "x"}, "-timeout \"5\": give a unit, such as 5s or 5ms"},
		{[]string{"ABGame", "-timeout", "soon", "--", "x"}, "want a duration such as 10s"},
		{[]string{"ABGame", "-format", "xml", "--", "x"}, `-format "xml"`},
		{[]string{"ABGame", "-timeout", "-1s", "--", "x"}, "-timeout -1s"},
		{[]string{"ABGame", "-startup", "1s", "--", "x"}, "-startup: ABGame runs one case a run, and only a batch gets a start-up"},
		{[]string{"congo-eval", "-startup", "2", "--", "x"}, "-startup \"2\": give a unit, such as 2s or 2ms"},
		{[]string{"congo-eval", "-startup", "-1s", "--", "x"}, "-startup -1s: want 0 or a positive duration"},
		{[]string{"ABGame", "-cases", dir, "--", "x"}, "cases.tsv: no such file"},
		{[]string{"player", "-cases", dir, "--", "x"}, "validity only"},
		{[]string{"ABGame", "-cases", filepath.Join(dir, "none"), "-suite", "random", "--", "x"}, "not a directory"},
		{[]string{"ABGame", "-corpus", filepath.Join(dir, "none"), "--", "x"}, "-corpus"},
		{[]string{"ABGame", "-suite", "random", "-n", "1", "--", filepath.Join(dir, "missing")}, "cannot start"},
		{[]string{"ABGame", "-suite", "random", "-n", "1", "-batch", dir, "--", "x"}, "no submission folders"},
		{[]string{"ABGame", "-bogus", "--", "x"}, "flag provided but not defined"},
		{[]string{"congo-moves", "-piece", "crocodile", "-suite", "public", "--", "x"}, "no cases"},
	} {
		var out, errb bytes.Buffer
		code := Check(families, c.args, &out, &errb)
		msg := errb.String()
		if code != 2 || out.Len() != 0 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "gamesearch check: ") ||
			!strings.Contains(msg, c.want) {
			t.Errorf("check %q: exit %d, stdout %q, stderr %q; want exit 2 and one line saying %q", c.args, code, out.String(), msg, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"player", "-o", dir}, "validity only"},
		{[]string{"ABGame"}, "missing -o DIR"},
		{[]string{"ABGame", "-o", filepath.Join(dir, "f"), "x"}, "want one PROGRAM"},
	} {
		var out, errb bytes.Buffer
		code := Gen(families, c.args, &out, &errb)
		msg := errb.String()
		if code != 2 || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "gamesearch gen: ") || !strings.Contains(msg, c.want) {
			t.Errorf("gen %q: exit %d, stderr %q; want exit 2 and one line saying %q", c.args, code, msg, c.want)
		}
	}
	var out, errb bytes.Buffer
	if code := Check(families, []string{"-h"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "usage: gamesearch check") {
		t.Errorf("check -h: exit %d, stdout %q", code, out.String())
	}
}

// TestCasesReadFirst: a -cases folder that cannot be read is reported
// before any random case is drawn.
func TestCasesReadFirst(t *testing.T) {
	t.Parallel()
	o := testOptions(t, "MiniMaxGame")
	fam := *o.Prog.Family
	fam.Random = func(*Options, int, uint64) ([]Unit, error) {
		t.Error("random cases drawn before the -cases folder was read")
		return nil, nil
	}
	prog := *o.Prog
	prog.Family = &fam
	o.Prog, o.Suites, o.N = &prog, map[string]bool{"random": true}, 200
	o.Cases = filepath.Join(t.TempDir(), "none")
	if _, err := buildSuites(o); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("buildSuites: %v; want the -cases folder's error", err)
	}
}

// TestReportFile: -o writes the report to a file and nothing to stdout;
// the exit status is 1 when a case fails.
func TestReportFile(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	file := filepath.Join(t.TempDir(), "report.txt")
	var out, errb bytes.Buffer
	code := Check(families, []string{"congo-minimax", "-rules", "2022", "-suite", "random", "-n", "60", "-o", file,
		"--", filepath.Join(bin, "congo-minimax"), "-rules", "2021"}, &out, &errb)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if code != 1 || out.Len() != 0 || errb.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want 1 and no output", code, out.String(), errb.String())
	}
	for _, want := range []string{"gamesearch check congo-minimax -rules 2022 -suite random -n 60 -seed 1 -timeout 2s",
		"limits: CPU time per case 2 s, times the cases of a batch, + 2 s for start-up",
		"FAIL random #", "shrunk case:", "the case alone", "likely cause: promotion rule of the wrong edition", ": FAIL\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
}

// TestWarnings: CRLF line ends and trailing blanks are tolerated and named
// in warnings; so are a missing final newline and a non-zero exit status
// after right answers.
func TestWarnings(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	dir := t.TempDir()
	crlf := script(t, dir, "crlf.sh", filepath.Join(bin, "congo-eval")+` | sed 's/$/ \r/'`)
	// -no-sandbox: the scripts run our programs from outside the submission.
	code, rep := runCheck(t, "congo-eval", "-n", "20", "-no-sandbox", "--", crlf)
	if code != 0 || rep.Passed != rep.Total {
		t.Fatalf("exit %d, %d/%d: %s", code, rep.Passed, rep.Total, rep.firstFailure())
	}
	w := strings.Join(rep.Warnings, "\n")
	if !strings.Contains(w, "CRLF") || !strings.Contains(w, "trailing white space") {
		t.Errorf("warnings %q: want CRLF and trailing white space", w)
	}
	exit3 := script(t, dir, "exit3.sh", filepath.Join(bin, "congo-eval")+`; exit 3`)
	code, rep = runCheck(t, "congo-eval", "-n", "5", "-suite", "random", "-no-sandbox", "--", exit3)
	if code != 0 || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "non-zero exit status") {
		t.Errorf("exit %d, warnings %q: want a pass with the exit-status warning", code, rep.Warnings)
	}
	nonl := script(t, dir, "nonl.sh", filepath.Join(bin, "MiniMaxGame")+` "$@" | head -c -1`)
	code, rep = runCheck(t, "MiniMaxGame", "-suite", "random", "-n", "3", "-no-sandbox", "--", nonl)
	if code != 0 || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "no newline after the last line") {
		t.Errorf("exit %d, warnings %q: want a pass with the final-newline warning", code, rep.Warnings)
	}
}

// TestValidityFailures: the validity checks catch an illegal move, a reply
// in the wrong form, a missing output file and a timeout.
func TestValidityFailures(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		name, prog string
		flags      []string
		body, want string
	}{
		{"illegal MiniChess move", "player", nil, `echo "0 0 0 0" > "$2"`, "illegal move"},
		{"MiniChess no action", "player", nil, `exit 0`, "output file not written"},
		{"MiniChess timeout", "player", []string{"-timeout", "200ms"}, `sleep 5`, "timeout"},
		{"Morris board not reachable", "MiniMaxGameImproved", nil,
			`cp "$1" "$2"; printf 'Board Position: %s\nPositions evaluated by static estimation: 1.\nMINIMAX estimate: 0.\n' "$(cat "$1")"`,
			"illegal move"},
		{"Morris wrong form", "MiniMaxOpeningImproved", nil, `echo hello`, "output format"},
		{"agent bad reply", "congo-agent", nil, `read a; read b; read c; echo info depth 1; sleep 1`, "output format"},
		{"agent silent", "congo-agent", []string{"-timeout", "200ms"}, `sleep 5`, "timeout"},
	} {
		path := script(t, dir, strings.ReplaceAll(c.name, " ", "_")+".sh", c.body)
		args := append([]string{c.prog, "-suite", "random", "-n", "2"}, c.flags...)
		code, rep := runCheck(t, append(args, "--", path)...)
		if code != 1 || rep.Passed != 0 || !strings.Contains(rep.LikelyCause, c.want) {
			t.Errorf("%s: exit %d, %d/%d passed, likely cause %q; want every case failed and %q",
				c.name, code, rep.Passed, rep.Total, rep.LikelyCause, c.want)
		}
	}
}

// TestBatch: -batch runs COMMAND once per subfolder and writes one CSV row
// per submission, in name order, also with -j 2.
func TestBatch(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	root := t.TempDir()
	for name, body := range map[string]string{
		"alice": `exec ` + filepath.Join(bin, "congo-adveval"),
		"bob":   `exec ` + filepath.Join(bin, "congo-eval"),
		"carol": `exit 3`,
	} {
		if err := os.Mkdir(filepath.Join(root, name), 0o755); err != nil {
			t.Fatal(err)
		}
		script(t, filepath.Join(root, name), "run.sh", body)
	}
	for _, jobs := range []string{"1", "2"} {
		var out, errb bytes.Buffer
		// -no-sandbox: run.sh runs our programs from outside the submission.
		code := Check(families, []string{"congo-adveval", "-suite", "random", "-n", "30", "-batch", root, "-j", jobs,
			"-no-sandbox", "--", "sh", "{}/run.sh"}, &out, &errb)
		if code != 1 || errb.Len() != 0 {
			t.Fatalf("-j %s: exit %d, stderr %q; want 1 (bob and carol fail)", jobs, code, errb.String())
		}
		rows, err := csv.NewReader(&out).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 4 || strings.Join(rows[0], ",") != "name,passed,total,score,first_failure" {
			t.Fatalf("-j %s: rows %q", jobs, rows)
		}
		if got := strings.Join(rows[1], ","); got != "alice,30,30,100," {
			t.Errorf("alice: %q", got)
		}
		if rows[2][0] != "bob" || rows[2][1] == "30" || rows[2][2] != "30" || !strings.HasPrefix(rows[2][4], "random #1: stdout line 1: want") {
			t.Errorf("bob: %q; want a failure", rows[2])
		}
		if got := strings.Join(rows[3][:4], ","); got != "carol,0,30,0" || !strings.Contains(rows[3][4], "stdout is empty") {
			t.Errorf("carol: %q", rows[3])
		}
	}
}

// gradescopeSpec lists the fields of Gradescope's results.json
// (gradescope-autograders.readthedocs.io, "Autograder Specifications") and
// their JSON types.
var (
	gradescopeTop = map[string]string{
		"score": "number", "execution_time": "number", "output": "string", "output_format": "string",
		"test_output_format": "string", "test_name_format": "string", "visibility": "string",
		"stdout_visibility": "string", "extra_data": "object", "tests": "array", "leaderboard": "array",
	}
	gradescopeTestFields = map[string]string{
		"score": "number", "max_score": "number", "status": "string", "name": "string", "name_format": "string",
		"number": "string", "output": "string", "output_format": "string", "tags": "array",
		"visibility": "string", "extra_data": "object",
	}
)

// jsonType names the JSON type of a decoded value.
func jsonType(v any) string {
	switch v.(type) {
	case float64:
		return "number"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	}
	return fmt.Sprintf("%T", v)
}

// validateGradescope checks data against the results.json specification:
// known fields of the right types, a score on every test or at the top,
// statuses passed/failed, and scores within their maxima.
func validateGradescope(data []byte) error {
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil {
		return err
	}
	for k, v := range top {
		want, ok := gradescopeTop[k]
		if !ok || jsonType(v) != want {
			return fmt.Errorf("top-level %q: %s, want a known field (%s)", k, jsonType(v), want)
		}
	}
	tests, _ := top["tests"].([]any)
	_, topScore := top["score"]
	sum := 0.0
	for i, x := range tests {
		tm, ok := x.(map[string]any)
		if !ok {
			return fmt.Errorf("tests[%d] is not an object", i)
		}
		for k, v := range tm {
			want, ok := gradescopeTestFields[k]
			if !ok || jsonType(v) != want {
				return fmt.Errorf("tests[%d].%s: %s, want a known field (%s)", i, k, jsonType(v), want)
			}
		}
		score, hasScore := tm["score"].(float64)
		if !hasScore && !topScore {
			return fmt.Errorf("tests[%d] has no score and there is no top-level score", i)
		}
		if st, ok := tm["status"]; ok && st != "passed" && st != "failed" {
			return fmt.Errorf("tests[%d].status %q", i, st)
		}
		if max, ok := tm["max_score"].(float64); ok && (score < 0 || score > max) {
			return fmt.Errorf("tests[%d]: score %v outside 0..%v", i, score, max)
		}
		sum += score
	}
	if s, ok := top["score"].(float64); ok && len(tests) > 0 && (s < sum-0.02 || s > sum+0.02) {
		return fmt.Errorf("score %v is not the sum %v of the tests' scores", s, sum)
	}
	return nil
}

// TestGradescope: -format gradescope writes a valid results.json, one test
// per suite worth 50 points, scored by the share of cases passed.
func TestGradescope(t *testing.T) {
	t.Parallel()
	bin := ownBin(t)
	for _, c := range []struct {
		rules string
		full  bool
	}{{"2022", true}, {"2021", false}} {
		var out, errb bytes.Buffer
		code := Check(families, []string{"congo-minimax", "-n", "50", "-format", "gradescope", "--",
			filepath.Join(bin, "congo-minimax"), "-rules", c.rules}, &out, &errb)
		if err := validateGradescope(out.Bytes()); err != nil {
			t.Fatalf("-rules %s: results.json: %v\n%s", c.rules, err, out.String())
		}
		var g gradescope
		if err := json.Unmarshal(out.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		if len(g.Tests) != 2 || g.Tests[0].MaxScore != 50 || g.Tests[1].MaxScore != 50 {
			t.Fatalf("-rules %s: tests %+v; want public and random worth 50 each", c.rules, g.Tests)
		}
		if c.full != (code == 0 && g.Score == 100 && g.Tests[0].Status == "passed") {
			t.Errorf("-rules %s: exit %d, score %v, status %s", c.rules, code, g.Score, g.Tests[0].Status)
		}
		if !c.full && (g.Score >= 100 || !strings.Contains(g.Output, "promotion") || !strings.Contains(g.Tests[0].Output, "FAIL")) {
			t.Errorf("-rules %s: score %v, output %q; want a partial score, the likely cause and the failures", c.rules, g.Score, g.Output)
		}
	}
	if err := validateGradescope([]byte(`{"tests":[{"name":"x","max_score":1}]}`)); err == nil {
		t.Error("the validator accepts a test without any score")
	}
	if err := validateGradescope([]byte(`{"score":1,"tests":[{"score":2,"max_score":1,"status":"ok"}]}`)); err == nil {
		t.Error("the validator accepts a bad status and a score above its maximum")
	}
}
