package morris_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// goldenCases are the handout positions of docs/morris.md §6.9, a few
// deeper searches, and U21 positions of §3.8, per program.
var goldenCases = []struct {
	name, flags, input, depth string
	opening                   bool
}{
	{"board1-e21-d2", "", "xxxxxxxWxxxxxxBxxxxxx", "2", true},
	{"board1-s22-d2", "", "xxxxxxxWxxxxxxBxxxxxxx", "2", true},
	{"empty-s22-d2", "", "xxxxxxxxxxxxxxxxxxxxxx", "2", true},
	{"fallback-s22-d1", "", "WWxxxxxxxxxxxxxxBBBxxx", "1", true},
	{"board1-s22-d4", "", "xxxxxxxWxxxxxxBxxxxxxx", "4", true},
	{"b21-d3", "-board=B21", "xxxxxxxxxWxxxxxxBxxxx", "3", true},
	{"diag-u21-d3", "-board U21", "WxWxxxBxxxxxxxxxxxBxx", "3", true},
	{"board3-s22-d3", "", "xxxxxxxxWWxWWxBBBxxxxx", "3", false},
	{"worked-s22-d1", "", "WWxxxWxxxBWxxxBxxxxxBx", "1", false},
	{"mixed-s22-d2", "", "WBWBWBWBxBWxWWxxxBWBBx", "2", false},
	{"wblocked-s22-d1", "", "WWWBBBWBxBxxBxxxxxxBxx", "1", false},
	{"bblocked-s22-d1", "", "BBBWWWBWxWxxWxxxxxxWxx", "1", false},
	{"board3-e21-d4", "", "xxxxxxWWWxWWxBBBBxxxx", "4", false},
	{"board3-b21-d3", "--board B21", "xxxxxxxxxxWWxWWxBBBxx", "3", false},
	{"board3-u21-d3", "-board U21", "xxxxxxWWWxWWxBBBBxxxx", "3", false},
	{"hop-u21-d3", "-board U21", "xxBBxBWxxxxxWxxxBWxxx", "3", false},
}

// TestGolden runs every program on its phase's cases and compares the
// command, stdout and output file with testdata/<Program>/<case>.golden
// (go test ./pkg/morris -update rewrites them).
func TestGolden(t *testing.T) {
	root := testutil.RepoRoot(t)
	for _, p := range morris.Programs {
		for _, c := range goldenCases {
			if c.opening != (p.Phase == morris.Opening) {
				continue
			}
			t.Run(p.Name+"/"+c.name, func(t *testing.T) {
				flags := strings.Fields(c.flags)
				stdout, stderr, code, file := runProgram(t, p, c.input, flags, c.depth)
				assert.Equal(t, code, 0, stderr)
				assert.Equal(t, stderr, "")
				var sb strings.Builder
				sb.WriteString("$ " + strings.Join(append(append([]string{p.Name}, flags...), "in.txt", "out.txt", c.depth), " ") + "\n")
				sb.WriteString("in.txt: " + c.input + "\n")
				sb.WriteString(stdout)
				sb.WriteString("out.txt: " + file)
				golden.Assert(t, sb.String(), filepath.Join(root, "testdata", p.Name, c.name+".golden"))
			})
		}
	}
}

// TestBadInvocations checks every error of docs/morris.md §2.7: exit 2, one
// stderr line naming the problem, empty stdout, the output file untouched (or
// not created) and no temporary file left.
func TestBadInvocations(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		assert.NilError(t, os.WriteFile(p, []byte(data), 0o644))
		return p
	}
	write("good.txt", "xxxxxxxxWWxWWxBBBxxxxx\n")
	bad := write("bad.txt", "xxxxxxxxWWxWWxBBBXxxxx\n")
	bad2 := write("bad2.txt", "\n  xxxxxxxxWWxWWxBBBxxxxx\nxx\n")
	short := write("short.txt", "xxxxxxxxWWxWWxBBBxxx\n")
	empty := write("empty.txt", " \r\n\t")
	bom := write("bom.txt", "\ufeffxxxxxxxxWWxWWxBBBxxxxx\n")
	latin1 := write("latin1.txt", "xx\xe9xxxxxWWxWWxBBBxxxx\n")
	big := write("big.txt", strings.Repeat("x", morris.MaxInputSize+1))
	missing := filepath.Join(dir, "missing.txt")
	noDir := filepath.Join(dir, "nodir", "out.txt")
	roDir := filepath.Join(dir, "ro")
	assert.NilError(t, os.Mkdir(roDir, 0o555))
	// A device, reached through a link: a faulty check followed by the
	// rename would replace only the link, never the device.
	devLink := filepath.Join(dir, "dev")
	assert.NilError(t, os.Symlink(os.DevNull, devLink))
	outDir := filepath.Join(dir, "outdir")
	assert.NilError(t, os.Mkdir(outDir, 0o755))
	canWriteRO := os.WriteFile(filepath.Join(roDir, "probe"), nil, 0o644) == nil // root ignores modes

	cases := []struct {
		name   string
		args   []string
		substr string
	}{
		{"no args", nil, "got 0 arguments"},
		{"two args", []string{good, "OUT"}, "got 2 arguments"},
		{"four args", []string{good, "OUT", "2", "3"}, "got 4 arguments"},
		{"flag after args", []string{good, "OUT", "2", "-board", "S22"}, "got 5 arguments"},
		{"unknown flag", []string{"-x", good, "OUT", "2"}, "usage"},
		{"flag without value", []string{"-board"}, "usage"},
		{"unknown board", []string{"-board", "Q22", good, "OUT", "2"}, `-board "Q22": unknown board`},
		{"lower-case board", []string{"-board=s22", good, "OUT", "2"}, "unknown board"},
		{"depth 0", []string{good, "OUT", "0"}, `depth "0"`},
		{"depth -1", []string{good, "OUT", "-1"}, `depth "-1"`},
		{"depth +3", []string{good, "OUT", "+3"}, `depth "+3"`},
		{"depth 3.0", []string{good, "OUT", "3.0"}, `depth "3.0"`},
		{"depth word", []string{good, "OUT", "three"}, `depth "three"`},
		{"depth empty", []string{good, "OUT", ""}, `depth ""`},
		{"depth huge", []string{good, "OUT", "99999999999999999999999"}, `depth "99999999999999999999999": want a decimal integer >= 1`},
		{"depth space", []string{good, "OUT", " 3"}, `depth " 3": want a decimal integer >= 1`},
		{"depth long", []string{good, "OUT", strings.Repeat("7", 100000)}, `depth "77777777777777777777777777777777"…: want a decimal integer >= 1`},
		{"missing input", []string{missing, "OUT", "2"}, "missing.txt: cannot read: no such file or directory"},
		{"input directory", []string{dir, "OUT", "2"}, "cannot read: is a directory"},
		{"input too big", []string{big, "OUT", "2"}, "cannot read: larger than"},
		{"empty board", []string{empty, "OUT", "2"}, "empty board"},
		{"bad letter", []string{bad, "OUT", "2"}, `line 1, column 18, byte 17: "X" is not W, B or x`},
		{"two lines", []string{bad2, "OUT", "2"}, `line 2, column 25, byte 25: "\n" is not W, B or x`},
		{"BOM", []string{bom, "OUT", "2"}, `bom.txt: line 1, column 1, byte 0: "\ufeff" is not W, B or x`},
		{"invalid UTF-8", []string{latin1, "OUT", "2"}, `latin1.txt: line 1, column 3, byte 2: "\xe9" is not W, B or x`},
		{"bad length", []string{short, "OUT", "2"}, "20 letters; a board has 18, 21, 22 or 23"},
		{"length vs flag", []string{"-board", "B21", good, "OUT", "2"}, "22 letters, but board B21 has 21"},
		{"output dir missing", []string{good, noDir, "2"}, "out.txt: cannot write: no such file or directory"},
		{"output is directory", []string{good, outDir, "2"}, "cannot write: is a directory"},
		{"output empty", []string{good, "", "2"}, "MiniMaxGame: : cannot write: empty file name"},
		{"output device", []string{good, devLink, "2"}, "dev: cannot write: is not a regular file"},
	}
	if !canWriteRO {
		cases = append(cases, struct {
			name   string
			args   []string
			substr string
		}{"output permission", []string{good, filepath.Join(roDir, "out.txt"), "2"}, "cannot write: permission denied"})
	}
	out := filepath.Join(dir, "existing.txt")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.NilError(t, os.WriteFile(out, []byte("before\n"), 0o600))
			args := append([]string{}, c.args...)
			for i, a := range args {
				if a == "OUT" {
					args[i] = out
				}
			}
			before := listDir(t, dir)
			var stdout, stderr bytes.Buffer
			code := morris.MiniMaxGame.Run(args, nil, &stdout, &stderr)
			assert.Equal(t, code, 2)
			assert.Equal(t, stdout.String(), "")
			msg := stderr.String()
			assert.Assert(t, strings.HasPrefix(msg, "MiniMaxGame: "), msg)
			assert.Assert(t, strings.Count(msg, "\n") == 1 && strings.HasSuffix(msg, "\n"), "%q", msg)
			assert.Assert(t, strings.Contains(msg, c.substr), "%q does not contain %q", msg, c.substr)
			data, err := os.ReadFile(out)
			assert.NilError(t, err)
			assert.Equal(t, string(data), "before\n")
			assert.DeepEqual(t, listDir(t, dir), before)
			_, err = os.Stat(noDir)
			assert.Assert(t, os.IsNotExist(err))
		})
	}
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// TestCommandLine covers the successful variants of docs/morris.md §9: -h,
// CRLF and missing final newline, output equal to input, B21 with and without
// the flag, flag spellings, permission bits kept, leading zeros in the depth.
func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	for _, h := range []string{"-h", "-help", "--help"} {
		var stdout, stderr bytes.Buffer
		assert.Equal(t, morris.ABGame.Run([]string{h}, nil, &stdout, &stderr), 0)
		assert.Equal(t, stdout.String(), "")
		assert.Assert(t, strings.Contains(stderr.String(), "usage: ABGame"))
	}
	run := func(p morris.Program, data string, args ...string) (string, int) {
		in := filepath.Join(dir, "in.txt")
		assert.NilError(t, os.WriteFile(in, []byte(data), 0o644))
		for i, a := range args {
			if a == "IN" {
				args[i] = in
			}
		}
		var stdout, stderr bytes.Buffer
		code := p.Run(args, nil, &stdout, &stderr)
		assert.Equal(t, stderr.String(), "")
		return stdout.String(), code
	}
	out := filepath.Join(dir, "out.txt")
	want := "Board Position: xxxxxxxxWxxWWWBBBxxxxx\nPositions evaluated by static estimation: 4674.\nMINIMAX estimate: 952.\n"
	for _, data := range []string{"xxxxxxxxWWxWWxBBBxxxxx", "xxxxxxxxWWxWWxBBBxxxxx\r\n", "  xxxxxxxxWWxWWxBBBxxxxx\n\n"} {
		got, code := run(morris.MiniMaxGame, data, "IN", out, "003")
		assert.Equal(t, code, 0)
		assert.Equal(t, got, want)
	}
	// Permission bits of an existing output are kept.
	assert.NilError(t, os.Chmod(out, 0o600))
	run(morris.MiniMaxGame, "xxxxxxxxWWxWWxBBBxxxxx", "IN", out, "1")
	st, err := os.Stat(out)
	assert.NilError(t, err)
	assert.Equal(t, st.Mode().Perm(), os.FileMode(0o600))
	// Output path equal to input path.
	in := filepath.Join(dir, "in.txt")
	got, code := run(morris.MiniMaxGame, "xxxxxxxxWWxWWxBBBxxxxx", "IN", in, "3")
	assert.Equal(t, code, 0)
	assert.Equal(t, got, want)
	data, _ := os.ReadFile(in)
	assert.Equal(t, string(data), "xxxxxxxxWxxWWWBBBxxxxx\n")
	// B21 only with the flag; E21 otherwise (different adjacency).
	for _, fl := range [][]string{{"-board", "B21"}, {"-board=B21"}, {"--board", "B21"}, {"--board=B21"}} {
		got, code = run(morris.ABGame, "xxxxxxxxxxWWxWWxBBBxx", append(fl, "IN", out, "3")...)
		assert.Equal(t, code, 0)
		assert.Assert(t, strings.HasPrefix(got, "Board Position: "))
	}
	b21, _ := run(morris.MiniMaxGame, "xxxxxxWWWxWWxBBBBxxxx", "-board", "B21", "IN", out, "2")
	e21, _ := run(morris.MiniMaxGame, "xxxxxxWWWxWWxBBBBxxxx", "IN", out, "2")
	assert.Assert(t, b21 != e21, "B21 and E21 give the same output:\n%s", b21)
	// `--` ends the flags.
	_, code = run(morris.MiniMaxGame, "xxxxxxxxWWxWWxBBBxxxxx", "--", "IN", out, "1")
	assert.Equal(t, code, 0)
	// A huge depth is legal: the full-board opening root has no move.
	got, code = run(morris.MiniMaxOpening, "WWBWBWWBWBWWBWBWBWWBWB", "IN", out, "9223372036854775807")
	assert.Equal(t, code, 0)
	assert.Equal(t, got, "Board Position: WWBWBWWBWBWWBWBWBWWBWB\nPositions evaluated by static estimation: 1.\nMINIMAX estimate: 4.\n")
}
