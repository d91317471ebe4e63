package morris_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
	"gotest.tools/v3/golden"
)

// timedCases run the Improved programs in tournament mode with a depth cap
// and a time that is never reached, so the output is deterministic.
var timedCases = []struct {
	name  string
	prog  morris.Program
	flags []string
	input string
	depth string
}{
	{"movetime-board3-s22-d6", morris.MiniMaxGameImproved, []string{"-movetime", "1h"}, "xxxxxxxxWWxWWxBBBxxxxx", "6"},
	{"movetime-black-board3-s22-d6", morris.MiniMaxGameImproved, []string{"-movetime=1h", "-black"}, "xxxxxxxxWWxWWxBBBxxxxx", "6"},
	{"movetime-hop-s22-d5", morris.MiniMaxGameImproved, []string{"-movetime", "1h"}, "WxxxxxWxxxxxxxxWBBBxBx", "5"},
	{"movetime-e21-d5", morris.MiniMaxGameImproved, []string{"-movetime", "1h"}, "xxxxxxWWWxWWxBBBBxxxx", "5"},
	{"movetime-blocked-s22", morris.MiniMaxGameImproved, []string{"-movetime", "1h"}, "WWWBBBWBxBxxBxxxxxxBxx", "4"},
	{"movetime-won-s22", morris.MiniMaxGameImproved, []string{"-movetime", "1h"}, "WWxWxxxxxxxxxxBBBxxxxx", "8"},
	{"movetime-board1-s22-d5", morris.MiniMaxOpeningImproved, []string{"-movetime", "1h"}, "xxxxxxxWxxxxxxBxxxxxxx", "5"},
	{"movetime-left1-s22-d5", morris.MiniMaxOpeningImproved, []string{"-movetime", "1h", "-left", "1"}, "xxxxxxxWxxxxxxBxxxxxxx", "5"},
	{"movetime-black-board1-s22-d5", morris.MiniMaxOpeningImproved, []string{"-movetime", "1h", "-black"}, "xxxxxxxWWxxxxxBxxxxxxx", "5"},
	{"movetime-b21-d4", morris.MiniMaxOpeningImproved, []string{"-board", "B21", "-movetime", "1h"}, "xxxxxxxxxWxxxxxxBxxxx", "4"},
	{"movetime-full-left2", morris.MiniMaxOpeningImproved, []string{"-movetime", "1h", "-left", "2"}, "WWBWBWWBWBWWBWBWBWWBWB", "3"},
}

// TestTimedGolden compares the tournament-mode runs with
// testdata/<Program>/movetime-*.golden (-update rewrites them) and checks
// that the output board is a child of the input for the moving side.
func TestTimedGolden(t *testing.T) {
	root := testutil.RepoRoot(t)
	for _, c := range timedCases {
		t.Run(c.prog.Name+"/"+c.name, func(t *testing.T) {
			stdout, stderr, code, file := runProgram(t, c.prog, c.input, c.flags, c.depth)
			assert.Equal(t, code, 0, stderr)
			assert.Equal(t, stderr, "")
			var sb strings.Builder
			sb.WriteString("$ " + strings.Join(append(append([]string{c.prog.Name}, c.flags...), "in.txt", "out.txt", c.depth), " ") + "\n")
			sb.WriteString("in.txt: " + c.input + "\n")
			sb.WriteString(stdout)
			sb.WriteString("out.txt: " + file)
			golden.Assert(t, sb.String(), filepath.Join(root, "testdata", c.prog.Name, c.name+".golden"))
		})
	}
}

var threeLines = regexp.MustCompile(`^Board Position: ([WBx]+)\nPositions evaluated by static estimation: (\d+)\.\nMINIMAX estimate: (-?\d+)\.\n$`)

// TestTimedRun runs both programs with a short -movetime and no depth: the
// three lines, a legal board, the output file. The elapsed time is logged
// (speed is not asserted in tests; see BenchmarkMovetime and
// docs/engine/morris.md for measured reply times).
func TestTimedRun(t *testing.T) {
	for _, c := range []struct {
		prog  morris.Program
		input string
		flags []string
	}{
		{morris.MiniMaxGameImproved, "xxxxxxxxWWxWWxBBBxxxxx", []string{"-movetime", "150ms"}},
		{morris.MiniMaxGameImproved, "xxxxxxxxWWxWWxBBBxxxxx", []string{"-movetime", "150ms", "-black"}},
		{morris.MiniMaxOpeningImproved, "xxxxxxxxxxxxxxxxxxxxxx", []string{"-movetime", "150ms"}},
	} {
		start := time.Now()
		stdout, stderr, code, file := runProgram(t, c.prog, c.input, c.flags, "")
		took := time.Since(start)
		assert.Equal(t, code, 0, stderr)
		m := threeLines.FindStringSubmatch(stdout)
		assert.Assert(t, m != nil, "%q", stdout)
		assert.Equal(t, file, m[1]+"\n")
		b := morris.BoardOf(morris.S22)
		in := mustParse(t, c.input, morris.S22)
		out := mustParse(t, m[1], morris.S22)
		s := morris.InferState(b, in, len(c.flags) > 2, c.prog.Phase == morris.Opening, -1)
		g := morris.EngineGame{Board: b}
		legal := false
		for _, ch := range g.Moves(&s, nil) {
			legal = legal || ch.Position == out
		}
		assert.Assert(t, legal, "%s %v: %s is not a child of %s", c.prog.Name, c.flags, m[1], c.input)
		t.Logf("%s %v: %v, %s evaluations", c.prog.Name, c.flags, took, m[2])
	}
}

// TestTimedBadInvocations checks the errors of the tournament flags: exit
// 2, one stderr line, no output file; and that the other programs do not
// accept them.
func TestTimedBadInvocations(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.txt")
	assert.NilError(t, os.WriteFile(in, []byte("xxxxxxxWxxxxxxBxxxxxxx\n"), 0o644))
	out := filepath.Join(dir, "out.txt")
	cases := []struct {
		prog   morris.Program
		args   []string
		substr string
	}{
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "0s", in, out}, `-movetime "0s": want a positive duration`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "-1s", in, out}, `-movetime "-1s"`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "fast", in, out}, `-movetime "fast"`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1", in, out}, `-movetime "1"`},
		{morris.MiniMaxOpeningImproved, []string{"-black", in, out, "2"}, "-black needs -movetime"},
		{morris.MiniMaxOpeningImproved, []string{"-left", "3", in, out, "2"}, "-left needs -movetime"},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", "-left", "-1", in, out}, `invalid value "-1" for flag -left: want a decimal integer >= 0`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", "-left", "x", in, out}, "usage"},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", "-left", "+3", in, out}, `invalid value "+3" for flag -left: want a decimal integer >= 0`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", "-left", "0x3", in, out}, `invalid value "0x3" for flag -left`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", "-left", "10", in, out}, "-left 10: board S22 has 9 pieces per side"},
		{morris.MiniMaxGameImproved, []string{"-movetime", "1s", "-left", "1", in, out}, "flag provided but not defined: -left"},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", in}, "got 1 arguments"},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", in, out, "0"}, `depth "0"`},
		{morris.MiniMaxOpeningImproved, []string{"-movetime", "1s", in, out, "2", "3"}, "got 4 arguments"},
		{morris.MiniMaxOpeningImproved, []string{in, out}, "got 2 arguments"},
		{morris.MiniMaxOpening, []string{"-movetime", "1s", in, out, "2"}, "flag provided but not defined: -movetime"},
		{morris.ABGame, []string{"-black", in, out, "2"}, "flag provided but not defined: -black"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := c.prog.Run(c.args, nil, &stdout, &stderr)
		assert.Equal(t, code, 2, "%v", c.args)
		assert.Equal(t, stdout.String(), "")
		msg := stderr.String()
		assert.Assert(t, strings.HasPrefix(msg, c.prog.Name+": ") && strings.Count(msg, "\n") == 1, "%q", msg)
		assert.Assert(t, strings.Contains(msg, c.substr), "%q does not contain %q", msg, c.substr)
		_, err := os.Stat(out)
		assert.Assert(t, os.IsNotExist(err), "%v wrote the output", c.args)
	}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, morris.MiniMaxGameImproved.Run([]string{"-h"}, nil, &stdout, &stderr), 0)
	assert.Assert(t, strings.Contains(stderr.String(), "-movetime DURATION"))
}
