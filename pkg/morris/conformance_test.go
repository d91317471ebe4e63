package morris_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/morris"
)

// confCase is one row of testdata/conformance/morris/cases.tsv.
type confCase struct {
	line      int
	program   string
	kind      string
	depth     string
	input     string
	board     string
	evaluated string
	estimate  string
}

func readCases(t *testing.T) []confCase {
	t.Helper()
	path := testutil.Conformance(t, "morris", "cases.tsv")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cases []confCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		if n == 1 {
			continue
		}
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 8 {
			t.Fatalf("cases.tsv:%d: %d fields, want 8", n, len(f))
		}
		cases = append(cases, confCase{n, f[0], f[1], f[2], f[3], f[4], f[5], f[6]})
	}
	if len(cases) == 0 {
		t.Fatal("cases.tsv has no rows")
	}
	return cases
}

// runProgram runs prog in-process on input with args before the positional
// ones, and returns stdout, stderr, the exit status and the output file.
func runProgram(t *testing.T, prog morris.Program, input string, flags []string, depth string) (string, string, int, string) {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, []byte(input+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	args := append(append([]string{}, flags...), in, out, depth)
	code := prog.Run(args, nil, &stdout, &stderr)
	file, _ := os.ReadFile(out)
	return stdout.String(), stderr.String(), code, string(file)
}

// TestConformance runs every row of the conformance table through Run and
// compares stdout and the output file byte for byte. Rows of B21 need the
// flag; the first row of every other program and board also runs without it.
func TestConformance(t *testing.T) {
	cases := readCases(t)
	type tally struct{ ok, total int }
	perProgram := map[string]*tally{}
	seenNoFlag := map[string]bool{}
	for _, c := range cases {
		ev, _ := strconv.ParseUint(c.evaluated, 10, 64)
		if testing.Short() && ev > 1_000_000 {
			continue
		}
		prog, ok := morris.ProgramByName(c.program)
		if !ok {
			t.Errorf("cases.tsv:%d: unknown program %q", c.line, c.program)
			continue
		}
		key := c.program + "/" + c.kind
		if perProgram[key] == nil {
			perProgram[key] = &tally{}
		}
		tl := perProgram[key]
		tl.total++
		want := "Board Position: " + c.board + "\nPositions evaluated by static estimation: " + c.evaluated + ".\nMINIMAX estimate: " + c.estimate + ".\n"
		flagSets := [][]string{{"-board", c.kind}}
		if c.kind != "B21" && !seenNoFlag[key] {
			seenNoFlag[key] = true
			flagSets = append(flagSets, nil)
		}
		good := true
		for _, fl := range flagSets {
			stdout, stderr, code, file := runProgram(t, prog, c.input, fl, c.depth)
			if code != 0 || stderr != "" || stdout != want || file != c.board+"\n" {
				good = false
				t.Errorf("cases.tsv:%d: %s %v %s %s: exit %d, stderr %q\ngot:\n%swant:\n%sfile %q", c.line, c.program, fl, c.depth, c.input, code, stderr, stdout, want, file)
			}
		}
		if good {
			tl.ok++
		}
	}
	total, ok := 0, 0
	for _, k := range sortedKeys(perProgram) {
		tl := perProgram[k]
		t.Logf("%-26s %3d/%3d", k, tl.ok, tl.total)
		total += tl.total
		ok += tl.ok
	}
	t.Logf("cases.tsv: %d/%d rows match", ok, total)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
