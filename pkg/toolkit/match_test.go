package toolkit

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/games"
	"gotest.tools/v3/assert"
)

// TestMatchStarcircleGolden: engine against the homework's alpha-beta, a few
// games at fixed depths; the output is the golden file and the same twice,
// the progress lines go to stderr, one per game.
func TestMatchStarcircleGolden(t *testing.T) {
	t.Parallel()
	args := []string{"match", "starcircle", "engine:depth=3", "alphabeta:depth=3", "-games", "6", "-v"}
	out, errs, code := runCmd(t, "", args...)
	assert.Equal(t, code, 0, errs)
	assertGolden(t, out, "match_starcircle.txt")
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	assert.Equal(t, len(lines), 6, errs)
	players := []string{"engine:depth=3 (Star) vs alphabeta:depth=3 (Circle)", "alphabeta:depth=3 (Star) vs engine:depth=3 (Circle)"}
	for i, l := range lines {
		assert.Assert(t, strings.HasPrefix(l, "game "+strconv.Itoa(i+1)+"/6: "+players[i%2]+" "), l)
		assert.Assert(t, strings.Contains(l, " plies, "), l)
		assert.Assert(t, strings.Contains(l, " s | A: W "), l)
	}
	again, errs2, _ := runCmd(t, "", args...)
	assert.Equal(t, again, out)
	// The same games, only the times may differ.
	times := regexp.MustCompile(`, [0-9.]+ s \| `)
	assert.Equal(t, times.ReplaceAllString(errs2, ", T s | "), times.ReplaceAllString(errs, ", T s | "))
	quiet := mustRun(t, "", append(args, "-quiet")...)
	assert.Equal(t, quiet, out)
}

// TestMatchSummaryFormat checks every line of the summary and that the
// counts add up, on a match of the two course players.
func TestMatchSummaryFormat(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "starcircle", "minimax:depth=2", "alphabeta:depth=1", "-games", "4", "-quiet", "-seed", "3")
	re := regexp.MustCompile(`^match starcircle: 4 games from 2 of 49 openings, seed 3
A: minimax:depth=2
B: alphabeta:depth=1
A as Star: W (\d) D (\d) L (\d)  score \d+\.\d%
A as Circle: W (\d) D (\d) L (\d)  score \d+\.\d%
forfeits: A 0, B 0
result for A: W (\d) D (\d) L (\d)  score \d+\.\d%  Elo [-+](\d+\.\d|Inf) \[[-+](\d+\.\d|Inf), [-+](\d+\.\d|Inf)\] \(95%\)  LOS \d+\.\d%
$`)
	m := re.FindStringSubmatch(out)
	assert.Assert(t, m != nil, out)
	n := func(i int) int { return int(m[i][0] - '0') }
	assert.Equal(t, n(1)+n(2)+n(3), 2)
	assert.Equal(t, n(4)+n(5)+n(6), 2)
	assert.Equal(t, n(7), n(1)+n(4))
	assert.Equal(t, n(8), n(2)+n(5))
	assert.Equal(t, n(9), n(3)+n(6))
}

// TestMatchSeed: the seed chooses the openings, so another seed gives other
// games; the same seed gives the same output.
func TestMatchSeed(t *testing.T) {
	t.Parallel()
	run := func(seed string) string {
		return mustRun(t, "", "match", "starcircle", "engine:nodes=500", "alphabeta:depth=1", "-games", "4", "-v", "-quiet", "-seed", seed)
	}
	a, b := run("1"), run("2")
	assert.Equal(t, a, run("1"))
	strip := func(s string) string { return strings.ReplaceAll(s, "seed 2", "seed 1") }
	assert.Assert(t, strip(b) != a, "seed 2 played the same games as seed 1:\n%s", a)
}

// TestMatchStrength: the engine at a small node budget beats the depth-1
// homework player from every opening it meets (a test that fails if the
// engine adapter's sign or results are wrong).
func TestMatchStrength(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "starcircle", "engine:nodes=3000", "alphabeta:depth=1", "-games", "12", "-quiet")
	assert.Assert(t, strings.Contains(out, "result for A: W 12 D 0 L 0"), out)
	out = mustRun(t, "", "match", "starcircle", "alphabeta:depth=1", "engine:nodes=3000", "-games", "12", "-quiet")
	assert.Assert(t, strings.Contains(out, "result for A: W 0 D 0 L 12"), out)
}

// externalPrograms are the cmd/ programs the tests run: buildProgram
// builds them all with one go command the first time one is asked for.
var externalPrograms = []string{"congo-agent", "MiniMaxOpening", "MiniMaxGame", "starcircle", "gamesearch", "minichess-baseline"}

// built is the directory of the programs buildProgram built (removed by
// TestMain) and the error of that build.
var built struct {
	once sync.Once
	dir  string
	err  error
}

// buildProgram returns the path of cmd/name (one of externalPrograms),
// built into a temporary directory.
func buildProgram(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("skipping the build of an external program in -short mode")
	}
	assert.Assert(t, slices.Contains(externalPrograms, name), "%s is not in externalPrograms", name)
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "gamesearch-toolkit-test-"); built.err == nil {
			built.err = testutil.BuildCommands(t, built.dir, nil, externalPrograms...)
		}
	})
	assert.NilError(t, built.err)
	return filepath.Join(built.dir, name)
}

// TestMain removes the programs buildProgram built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// TestMatchStarcircleExternal: the real starcircle program, run through its
// input.txt/output.txt protocol, plays exactly the moves of the built-in
// homework player with the same algorithm and depth.
func TestMatchStarcircleExternal(t *testing.T) {
	t.Parallel()
	bin := buildProgram(t, "starcircle")
	ext := mustRun(t, "", "match", "starcircle", "exec,depth=2,algorithm=minimax:"+bin, "engine:depth=2", "-games", "2", "-v", "-quiet")
	in := mustRun(t, "", "match", "starcircle", "minimax:depth=2", "engine:depth=2", "-games", "2", "-v", "-quiet")
	ext = strings.Replace(ext, "A: exec,depth=2,algorithm=minimax:"+bin, "A: minimax:depth=2", 1)
	assert.Equal(t, ext, in)
}

// TestMatchExternalFaults: an external program that writes an illegal move,
// garbage, nothing, or fails, loses each game by forfeit.
func TestMatchExternalFaults(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script := func(name, body string) string {
		p := filepath.Join(dir, name)
		assert.NilError(t, testutil.WriteExecutable(p, []byte("#!/bin/sh\n"+body+"\n")))
		return p
	}
	for _, c := range []struct{ name, body, reason string }{
		{"illegal", "printf 'A1-B2\\n0\\n0\\n1' > output.txt", "illegal move"},
		{"garbage", "echo hello > output.txt", `error: output.txt line 1: "hello" is not a move`},
		{"silent", "true", "error: no output.txt"},
		{"crash", "echo boom >&2; exit 3", "error: exit status 3: boom"},
	} {
		p := script(c.name, c.body)
		out := mustRun(t, "", "match", "starcircle", "alphabeta:depth=1", "exec:"+p, "-games", "2", "-v", "-quiet")
		assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 2"), "%s: %s", c.name, out)
		assert.Assert(t, strings.Contains(out, "result for A: W 2 D 0 L 0"), "%s: %s", c.name, out)
		assert.Assert(t, strings.Contains(out, c.reason), "%s: %s", c.name, out)
	}
	// The input.txt the program sees: the player to move (Circle, as B in
	// game 1), the player's algorithm and depth, the board and row values.
	copyIn := script("copy", "cp input.txt "+filepath.Join(dir, "seen.txt")+"; echo pass > output.txt")
	mustRun(t, "", "match", "starcircle", "alphabeta:depth=1", "exec,depth=7,algorithm=minimax:"+copyIn, "-games", "1", "-quiet")
	seen, err := os.ReadFile(filepath.Join(dir, "seen.txt"))
	assert.NilError(t, err)
	lines := strings.Split(string(seen), "\n")
	assert.Equal(t, lines[0], "Circle")
	assert.Equal(t, lines[1], "MINIMAX")
	assert.Equal(t, lines[2], "7")
	assert.Equal(t, lines[11], "10,20,30,40,50,60,70,80")
}

// TestMatchStartFile: -start plays both colours from a homework input file.
func TestMatchStartFile(t *testing.T) {
	t.Parallel()
	p := filepath.Join(testutil.RepoRoot(t), "docs", "starcircle", "examples", "handout_ex1", "input.txt")
	out := mustRun(t, "", "match", "starcircle", "engine:depth=2", "minimax:depth=1", "-start", p, "-quiet")
	assert.Assert(t, strings.HasPrefix(out, "match starcircle: 2 games from 1 of 1 openings, seed 1\n"), out)
}

// TestMatchBadInput: bad usage or settings print one line on stderr and exit
// with status 2, with nothing on stdout.
func TestMatchBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notExec := filepath.Join(dir, "plain.txt")
	assert.NilError(t, os.WriteFile(notExec, []byte("x"), 0o644))
	badStart := filepath.Join(dir, "bad.txt")
	assert.NilError(t, os.WriteFile(badStart, []byte("Star\nMINIMAX\n"), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match"}, "gamesearch match: missing GAME"},
		{[]string{"match", "chess", "engine", "engine"}, `gamesearch match: unknown game "chess"`},
		{[]string{"match", "starcircle", "engine"}, "gamesearch match: want two players, got 1"},
		{[]string{"match", "starcircle", "engine", "engine", "engine"}, `gamesearch match: unexpected argument "engine"`},
		{[]string{"match", "starcircle", "engine", "random"}, `unknown player "random" for starcircle`},
		{[]string{"match", "starcircle", "engine:depth=0", "engine"}, `depth="0": want an integer from 1 to 127`},
		{[]string{"match", "starcircle", "engine:nodes=x", "engine"}, `nodes="x": want an integer`},
		{[]string{"match", "starcircle", "engine:time=-1s", "engine"}, `time="-1s": want a positive duration`},
		{[]string{"match", "starcircle", "engine:tt=maybe", "engine"}, `tt="maybe": want on or off`},
		{[]string{"match", "starcircle", "engine:colour=red", "engine"}, `unknown setting "colour" for engine`},
		{[]string{"match", "starcircle", "engine:depth", "engine"}, `setting "depth" is not KEY=VALUE`},
		{[]string{"match", "starcircle", "engine:depth=2,depth=3", "engine"}, `setting "depth" given twice`},
		{[]string{"match", "starcircle", "engine:lmr=on,pvs=off", "engine"}, "lmr=on needs pvs=on"},
		{[]string{"match", "starcircle", "alphabeta:depth=99", "engine"}, `depth="99": want an integer from 1 to 64`},
		{[]string{"match", "starcircle", "", "engine"}, "empty player"},
		{[]string{"match", "starcircle", "exec", "engine"}, "want exec[,KEY=VALUE...]:COMMAND"},
		{[]string{"match", "starcircle", "exec:  ", "engine"}, "empty command"},
		{[]string{"match", "starcircle", "exec:no-such-program-xyz", "engine"}, `program "no-such-program-xyz" not found in PATH`},
		{[]string{"match", "starcircle", "exec:" + notExec, "engine"}, "is not an executable file"},
		{[]string{"match", "starcircle", "exec,depth=11:" + notExec, "engine"}, `depth="11": want an integer from 1 to 10`},
		{[]string{"match", "starcircle", "exec,algorithm=dfs:" + notExec, "engine"}, `algorithm="dfs": want minimax or alphabeta`},
		{[]string{"match", "starcircle", "engine", "engine", "-games", "-1"}, "-games -1: want 1 to 1000000"},
		{[]string{"match", "starcircle", "engine", "engine", "-games", "x"}, `invalid value "x" for flag -games`},
		{[]string{"match", "starcircle", "engine", "engine", "-openings", "50"}, "-openings 50: the game's list has only 49"},
		{[]string{"match", "starcircle", "engine", "engine", "-maxplies", "-5"}, "-maxplies -5: must not be negative"},
		{[]string{"match", "starcircle", "engine", "engine", "-movetime", "-1s"}, "-movetime -1s: must not be negative"},
		{[]string{"match", "starcircle", "engine", "engine", "-seed", "-1"}, `invalid value "-1" for flag -seed`},
		{[]string{"match", "starcircle", "engine", "engine", "-nosuch"}, "flag provided but not defined: -nosuch"},
		{[]string{"match", "starcircle", "engine", "engine", "-start", badStart}, "-start " + badStart + ": line 3: missing the depth line"},
		{[]string{"match", "starcircle", "engine", "engine", "-start", filepath.Join(dir, "none.txt")}, "-start " + filepath.Join(dir, "none.txt")},
		{[]string{"match", "morris", "engine", "engine", "-start", "\ufeff" + strings.Repeat("x", 100000)}, `-start "\ufeffxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…: want a board string`},
		{[]string{"match", "minichess", "engine", "engine", "-start", strings.Repeat("k", 100000) + " w"}, `-start "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"…: fen: byte 0: placement "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"… has 1 ranks, want 6`},
	} {
		out, errs, code := runCmd(t, "", c.args...)
		assert.Equal(t, code, 2, "%q: %s", c.args, errs)
		assert.Equal(t, out, "", "%q", c.args)
		assert.Equal(t, strings.Count(errs, "\n"), 1, "%q: %q", c.args, errs)
		assert.Assert(t, strings.HasPrefix(errs, "gamesearch match: "), "%q: %q", c.args, errs)
		assert.Assert(t, strings.Contains(errs, c.want), "%q: %q lacks %q", c.args, errs, c.want)
	}
}

// TestMatchHelp: -h prints the usage with every match game's notes.
func TestMatchHelp(t *testing.T) {
	t.Parallel()
	assertGolden(t, mustRun(t, "", "match", "-h"), "match_help.txt")
	for _, args := range [][]string{{"match", "-h"}, {"match", "starcircle", "-h"}} {
		out := mustRun(t, "", args...)
		assert.Assert(t, strings.HasPrefix(out, "usage: gamesearch match GAME PLAYER_A PLAYER_B"), out)
		for _, g := range games.All {
			assert.Equal(t, strings.Contains(out, "\n  "+g.Name+" "), g.Match.Play != nil, "%s: listed only when it plays matches:\n%s", g.Name, out)
		}
	}
	_, stderr, status := runCmd(t, "", "match", "tree", "a", "b")
	assert.Equal(t, status, 2)
	assert.Equal(t, stderr, "gamesearch match: tree has no matches\n")
}

// TestMatchPlies: -plies K takes the openings after K plies.
func TestMatchPlies(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "starcircle", "engine:nodes=300", "alphabeta:depth=1", "-games", "2", "-plies", "1", "-quiet")
	assert.Assert(t, strings.HasPrefix(out, "match starcircle: 2 games from 1 of 7 openings, seed 1\n"), out)
	out = mustRun(t, "", "match", "minichess", "engine:nodes=300", "baseline1", "-games", "2", "-plies", "1", "-quiet")
	assert.Assert(t, strings.HasPrefix(out, "match minichess: 2 games from 1 of 7 openings, seed 1\n"), out)
	for _, args := range [][]string{
		{"match", "starcircle", "engine", "engine", "-plies", "7"},
		{"match", "morris", "engine", "engine", "-plies", "2"},
		{"match", "starcircle", "engine", "engine", "-plies", "2", "-start", "start"},
	} {
		_, errs, code := runCmd(t, "", args...)
		assert.Equal(t, code, 2, "%q", args)
		assert.Assert(t, strings.Contains(errs, "-plies"), errs)
	}
}

// TestMatchTimed: engines with a time per move (their own, or the match's
// -movetime) play complete games; the move limit is generous, so no reply
// is late.
func TestMatchTimed(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "match", "starcircle", "engine:time=4ms", "alphabeta:depth=1", "-games", "2", "-movetime", "5s", "-quiet")
	assert.Assert(t, strings.Contains(out, "forfeits: A 0, B 0"), out)
	assert.Assert(t, strings.Contains(out, "result for A: W 2 D 0 L 0"), out)
	out = mustRun(t, "", "match", "minichess", "engine", "baseline1", "-games", "2", "-movetime", "20ms", "-maxplies", "20", "-quiet")
	assert.Assert(t, strings.Contains(out, "match minichess: 2 games"), out)
}
