package starcircle_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// handout lists the five examples of the handout with the outputs it prints.
// The inputs in testdata/starcircle keep the handout's white-space quirks
// (blank and space-only lines, trailing spaces; example 5 with CRLF line
// ends) and the cells its text dropped (see docs/starcircle.md §8).
var handout = []struct{ name, want string }{
	{"handout_ex1", "F4-H2\n160\n160\n5"},
	{"handout_ex2", "F4-H2\n160\n160\n4"},
	{"handout_ex3", "G1-H2\n130\n90\n26"},
	{"handout_ex4", "pass\n-290\n-300\n5"},
	{"handout_ex5", "pass\n368\n368\n3"},
}

// TestHandoutGolden runs the program on the handout's examples, writing a
// real output file, and compares it with the golden files (regenerate with
// go test ./pkg/starcircle -update) and with the handout's printed outputs.
func TestHandoutGolden(t *testing.T) {
	dir := filepath.Join(testutil.RepoRoot(t), "testdata", "starcircle")
	for _, c := range handout {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "output.txt")
			var stdout, stderr bytes.Buffer
			code := starcircle.Run([]string{"-i", filepath.Join(dir, c.name+".input.txt"), "-o", out}, nil, &stdout, &stderr)
			assert.Equal(t, code, 0, stderr.String())
			assert.Equal(t, stdout.String()+stderr.String(), "")
			got, err := os.ReadFile(out)
			assert.NilError(t, err)
			golden.Assert(t, string(got), filepath.Join(dir, c.name+".golden"))
			assert.Equal(t, string(got), c.want)
		})
	}
}

// TestDefaultFiles checks the grader's convention: no arguments read
// input.txt and write output.txt in the working directory.
func TestDefaultFiles(t *testing.T) {
	src := filepath.Join(testutil.RepoRoot(t), "testdata", "starcircle", "handout_ex1.input.txt")
	in, err := os.ReadFile(src)
	assert.NilError(t, err)
	dir := t.TempDir()
	assert.NilError(t, os.WriteFile(filepath.Join(dir, "input.txt"), in, 0o644))
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	assert.Equal(t, starcircle.Run(nil, nil, &stdout, &stderr), 0, stderr.String())
	got, err := os.ReadFile(filepath.Join(dir, "output.txt"))
	assert.NilError(t, err)
	assert.Equal(t, string(got), "F4-H2\n160\n160\n5")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 2, "only input.txt and output.txt")
}

// TestStdio checks "-" for stdin and stdout.
func TestStdio(t *testing.T) {
	src := filepath.Join(testutil.RepoRoot(t), "testdata", "starcircle", "handout_ex2.input.txt")
	in, err := os.ReadFile(src)
	assert.NilError(t, err)
	var stdout, stderr bytes.Buffer
	code := starcircle.Run([]string{"-i", "-", "-o", "-"}, bytes.NewReader(in), &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	assert.Equal(t, stdout.String(), "F4-H2\n160\n160\n4")
	stdout.Reset()
	code = starcircle.Run([]string{"-i", "-", "-o", "-"}, strings.NewReader(edit(3, "x")), &stdout, &stderr)
	assert.Equal(t, code, 2)
	assert.Equal(t, stdout.String(), "")
	assert.Equal(t, stderr.String(), "starcircle: stdin: line 3: byte 0: depth limit \"x\": want a decimal integer in 1..10\n")
}

// good is a valid input; bad inputs below are edits of it.
const good = `Star
MINIMAX
2
0,S1,0,0,0,0,0,0
0,0,C1,0,0,0,0,0
0,0,0,S1,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
10,20,30,40,50,60,70,80
`

// edit returns good with line n (1-based) replaced by s, or removed when s
// is "DEL".
func edit(n int, s string) string {
	lines := strings.Split(good, "\n")
	if s == "DEL" {
		lines = append(lines[:n-1], lines[n:]...)
	} else {
		lines[n-1] = s
	}
	return strings.Join(lines, "\n")
}

// TestBadInput checks every kind of bad input: exit status 2, one stderr line
// naming the line and the problem, the existing output file untouched and no
// file left behind.
func TestBadInput(t *testing.T) {
	cases := []struct {
		name, input string
		args        []string
		want        []string // substrings of the stderr line
	}{
		{"missing file", "", []string{"-i", "nonexistent.txt"}, []string{"cannot read input", "nonexistent.txt"}},
		{"player lower case", edit(1, "star"), nil, []string{"line 1:", `player "star"`}},
		{"player word", edit(1, "Cross"), nil, []string{"line 1:", "not Star or Circle"}},
		{"algorithm", edit(2, "MINMAX"), nil, []string{"line 2:", `algorithm "MINMAX"`}},
		{"algorithm lower", edit(2, "alphabeta"), nil, []string{"line 2:", "not MINIMAX or ALPHABETA"}},
		{"depth zero", edit(3, "0"), nil, []string{"line 3:", `depth limit "0": want a decimal integer in 1..10`}},
		{"depth eleven", edit(3, "11"), nil, []string{"line 3:", `depth limit "11": want a decimal integer in 1..10`}},
		{"depth negative", edit(3, "-2"), nil, []string{"line 3:", `"-2": want a decimal integer in 1..10`}},
		{"depth word", edit(3, "two"), nil, []string{"line 3:", `depth limit "two": want a decimal integer in 1..10`}},
		{"depth decimal", edit(3, "2.5"), nil, []string{"line 3:", `"2.5": want a decimal integer in 1..10`}},
		{"depth plus sign", edit(3, "+3"), nil, []string{"line 3: byte 0:", `depth limit "+3": want a decimal integer in 1..10`}},
		{"depth plus sign indented", edit(3, "  +3"), nil, []string{"line 3: byte 2:", `depth limit "+3"`}},
		{"depth hex", edit(3, "0x3"), nil, []string{"line 3:", `depth limit "0x3"`}},
		{"depth underscore", edit(3, "1_0"), nil, []string{"line 3:", `depth limit "1_0"`}},
		{"depth inner space", edit(3, "1 0"), nil, []string{"line 3:", `depth limit "1 0"`}},
		{"BOM", "\ufeff" + good, nil, []string{"line 1: byte 0:", `player "\ufeffStar" is not Star or Circle`}},
		{"invalid UTF-8", "\xef" + good, nil, []string{"line 1: byte 0:", `player "\xefStar"`}},
		{"long line", edit(1, strings.Repeat("S", 10<<20)), nil, []string{"line 1: byte 0:", `player "SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS"… is not`}},
		{"long cell", edit(7, "0,"+strings.Repeat("7", 10<<20)+",0,0,0,0,0,0"), nil, []string{"line 7: byte 2: board row E, cell 2:", `"77777777777777777777777777777777"…`}},
		{"long depth", edit(3, strings.Repeat("9", 10<<20)), nil, []string{"line 3: byte 0:", `depth limit "99999999999999999999999999999999"…: want`}},
		{"no values line", edit(12, "DEL"), nil, []string{"line 12:", "missing the row-values line", "11 non-blank lines"}},
		{"empty values line", edit(12, "   "), nil, []string{"line 12:", "missing the row-values line"}},
		{"missing board row", edit(9, "DEL"), nil, []string{"line 12:", "missing the row-values line"}},
		{"empty input", "", nil, []string{"line 1:", "missing the player line", "0 non-blank lines"}},
		{"extra line", good + "0,0,0\n", nil, []string{"line 13:", "extra line"}},
		{"row of 7 cells", edit(6, "0,0,0,S1,0,0,0"), nil, []string{"line 6:", "row F has 7 cells, want 8"}},
		{"row of 9 cells", edit(5, "0,0,C1,0,0,0,0,0,0"), nil, []string{"line 5:", "row G has 9 cells"}},
		{"row separated by spaces", edit(7, "0 0 0 0 0 0 0 0"), nil, []string{"line 7:", "row E has 1 cells"}},
		{"bad cell letter", edit(7, "0,X1,0,0,0,0,0,0"), nil, []string{"line 7: byte 2:", "row E, cell 2", `"X1"`}},
		{"bad cell after spaces", edit(7, " 0 ,  X1,0,0,0,0,0,0"), nil, []string{"line 7: byte 6:", "row E, cell 2", `"X1"`}},
		{"bad cell lower", edit(7, "0,s1,0,0,0,0,0,0"), nil, []string{"line 7:", "cell 2", `"s1"`}},
		{"bad cell zero stack", edit(7, "0,S0,0,0,0,0,0,0"), nil, []string{"line 7:", `"S0"`}},
		{"bad cell no count", edit(7, "0,C,0,0,0,0,0,0"), nil, []string{"line 7:", `"C"`}},
		{"bad cell empty", edit(7, "0,,0,0,0,0,0,0"), nil, []string{"line 7:", "cell 2", `""`}},
		{"bad cell sign", edit(7, "0,S-1,0,0,0,0,0,0"), nil, []string{"line 7:", `"S-1"`}},
		{"light square", edit(8, "0,0,0,0,S1,0,0,0"), nil, []string{"line 8:", "row D, cell 5", "light square D5"}},
		{"light square H1", edit(4, "C1,S1,0,0,0,0,0,0"), nil, []string{"line 4:", "light square H1"}},
		{"star stack off H", edit(6, "0,0,0,S2,0,0,0,0"), nil, []string{"line 6:", "stack \"S2\"", "Star's last row H"}},
		{"circle stack on H", edit(4, "0,C3,0,0,0,0,0,0"), nil, []string{"line 4:", "Circle's last row A"}},
		{"star stack on A", edit(11, "S2,0,0,0,0,0,0,0"), nil, []string{"line 11:", "Star's last row H"}},
		{"no circle", edit(5, "0,0,0,0,0,0,0,0"), nil, []string{"line 4:", "Circle has no piece"}},
		{"values equal", edit(12, "10,20,20,40,50,60,70,80"), nil, []string{"line 12:", "not strictly increasing", "value 3 (20) <= value 2 (20)"}},
		{"values decreasing", edit(12, "80,70,60,50,40,30,20,10"), nil, []string{"line 12:", "not strictly increasing"}},
		{"seven values", edit(12, "10,20,30,40,50,60,70"), nil, []string{"line 12:", "7 values, want 8"}},
		{"nine values", edit(12, "10,20,30,40,50,60,70,80,90"), nil, []string{"line 12:", "9 values, want 8"}},
		{"value word", edit(12, "10,20,x,40,50,60,70,80"), nil, []string{"line 12: byte 6:", `value 3 ("x") is not a number`}},
		{"value empty", edit(12, "10,20,30,,50,60,70,80"), nil, []string{"line 12:", "value 4"}},
		{"value huge", edit(12, "10,20,30,40,50,60,70,80000000000000000000"), nil, []string{"line 12: byte 21:", `value 8 ("80000000000000000000") is too large: its digits exceed 2^62`}},
		{"values too large for pieces", edit(12, "10,20,30,40,50,60,70,2000000000000000000"), nil, []string{"line 12:", "row values too large for 3 pieces: utilities would exceed 2^62"}},
		{"values too precise for one another", edit(12, "0.300000000000000004,1,2,3,4,5,6,7"), nil,
			[]string{"line 12: byte 29:", `value 6 ("5") is too large for the 18 decimal places of value 1 ("0.300000000000000004")`}},
		{"values too precise for pieces", edit(12, "0.0000000000000001,1,2,3,4,5,6,200"), nil,
			[]string{"line 12:", "row values too large for 3 pieces at their 16 decimal places"}},
		{"bad flag", good, []string{"-x"}, []string{"flag provided but not defined"}},
		{"extra argument", good, []string{"input.txt"}, []string{"unexpected argument"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			in, out := filepath.Join(dir, "input.txt"), filepath.Join(dir, "output.txt")
			assert.NilError(t, os.WriteFile(in, []byte(c.input), 0o644))
			const old = "previous output\n"
			assert.NilError(t, os.WriteFile(out, []byte(old), 0o644))
			args := []string{"-i", in, "-o", out}
			if c.args != nil {
				args = c.args
				t.Chdir(dir)
			}
			var stdout, stderr bytes.Buffer
			code := starcircle.Run(args, nil, &stdout, &stderr)
			assert.Equal(t, code, 2)
			msg := stderr.String()
			assert.Assert(t, strings.HasSuffix(msg, "\n") && strings.Count(msg, "\n") == 1, "want one stderr line, got %q", msg)
			assert.Assert(t, strings.HasPrefix(msg, "starcircle: "), msg)
			for _, w := range c.want {
				assert.Assert(t, strings.Contains(msg, w), "stderr %q lacks %q", msg, w)
			}
			assert.Equal(t, stdout.String(), "")
			got, err := os.ReadFile(out)
			assert.NilError(t, err)
			assert.Equal(t, string(got), old, "output file changed")
			entries, err := os.ReadDir(dir)
			assert.NilError(t, err)
			assert.Equal(t, len(entries), 2, "a file was left behind")
		})
	}
}

// TestUnwritableOutput checks every output that cannot be written: exit
// status 2 and one stderr line naming the output (not a temporary file),
// found before the search (the input would take minutes), the input and the
// directory untouched.
func TestUnwritableOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "input.txt")
	slow := starcircle.StartInput("MINIMAX", 10)
	assert.NilError(t, os.WriteFile(in, []byte(slow), 0o644))
	unwritable := filepath.Join(testutil.UnwritableDir(t), "output.txt")
	for _, c := range []struct{ out, why string }{
		{dir, "is a directory"},
		{dir + "/", "is a directory"},
		{filepath.Join(dir, "missing", "output.txt"), "no such file or directory"},
		{filepath.Join(in, "output.txt"), "not a directory"},
		{unwritable, "permission denied"},
		{"", "empty file name"},
	} {
		start := time.Now()
		var stdout, stderr bytes.Buffer
		code := starcircle.Run([]string{"-i", in, "-o", c.out}, nil, &stdout, &stderr)
		assert.Equal(t, code, 2, "%q: %s", c.out, stderr.String())
		assert.Assert(t, time.Since(start) < 5*time.Second, "%q: the output was checked after the search", c.out)
		assert.Equal(t, stderr.String(), "starcircle: cannot write output "+c.out+": "+c.why+"\n")
		assert.Equal(t, stdout.String(), "")
	}
	got, err := os.ReadFile(in)
	assert.NilError(t, err)
	assert.Equal(t, string(got), slow)
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	assert.Equal(t, len(entries), 1, "a file was left behind")
}

// TestOutputIsInput checks that starcircle refuses to overwrite its input,
// however the two paths are spelled.
func TestOutputIsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "input.txt")
	assert.NilError(t, os.WriteFile(in, []byte(good), 0o644))
	assert.NilError(t, os.Symlink(in, filepath.Join(dir, "link.txt")))
	t.Chdir(dir)
	for _, c := range []struct{ in, out, want string }{
		{"input.txt", "input.txt", "starcircle: output input.txt is also the input file\n"},
		{"input.txt", "./input.txt", "starcircle: output ./input.txt is the input file input.txt\n"},
		{in, "link.txt", "starcircle: output link.txt is the input file " + in + "\n"},
		{"", "", "starcircle: output  is also the input file\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := starcircle.Run([]string{"-i", c.in, "-o", c.out}, nil, &stdout, &stderr)
		assert.Equal(t, code, 2)
		assert.Equal(t, stderr.String(), c.want)
		assert.Equal(t, stdout.String(), "")
	}
	got, err := os.ReadFile(in)
	assert.NilError(t, err)
	assert.Equal(t, string(got), good)
	// Standard input and output are never the same file as each other.
	var stdout, stderr bytes.Buffer
	assert.Equal(t, starcircle.Run([]string{"-i", "-", "-o", "-"}, strings.NewReader(good), &stdout, &stderr), 0, stderr.String())
}

// TestOutputPermissions checks that a replaced output file keeps its
// permission bits.
func TestOutputPermissions(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "input.txt"), filepath.Join(dir, "output.txt")
	assert.NilError(t, os.WriteFile(in, []byte(good), 0o644))
	assert.NilError(t, os.WriteFile(out, []byte("old"), 0o600))
	assert.NilError(t, os.Chmod(out, 0o600))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, starcircle.Run([]string{"-i", in, "-o", out}, nil, &stdout, &stderr), 0, stderr.String())
	st, err := os.Stat(out)
	assert.NilError(t, err)
	assert.Equal(t, st.Mode().Perm(), os.FileMode(0o600))
}

// TestExactDecimals checks that row values with many decimal places are
// used exactly: 7 + 6 - 0.30000000000000004 (a float64 artefact kept
// digit for digit), at the 17 decimal places it needs.
func TestExactDecimals(t *testing.T) {
	input := "Star\nMINIMAX\n1\n0,S1,0,0,0,0,0,C1\n" + strings.Repeat("0,0,0,0,0,0,0,0\n", 1) +
		"0,0,0,S1,0,0,0,0\n" + strings.Repeat("0,0,0,0,0,0,0,0\n", 5) + "0.30000000000000004,1,2,3,4,5,6,7\n"
	var stdout, stderr bytes.Buffer
	code := starcircle.Run([]string{"-i", "-", "-o", "-"}, strings.NewReader(input), &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	assert.Equal(t, stdout.String(), "F4-G3\n12.69999999999999996\n12.69999999999999996\n3")
	// The same values with the handout's board: three pieces at 10^17
	// units per 1 used to be refused as "too large".
	stdout.Reset()
	code = starcircle.Run([]string{"-i", "-", "-o", "-"}, strings.NewReader(edit(12, "0.30000000000000004,1,2,3,4,5,6,7")), &stdout, &stderr)
	assert.Equal(t, code, 0, stderr.String())
	assert.Equal(t, stdout.String(), "F4-H2\n14\n14\n5")
}
