package toolkit

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// scriptGame plays a whole game on a fresh session of game with the
// command-line flags (after "play GAME"), the person (side human) choosing
// with a search of humanDepth and the engine with engineDepth, and returns
// the person's moves and the result line. The engine is deterministic, so
// the moves replayed through stdin give the same game.
func scriptGame(t *testing.T, game string, flags []string, human, engineDepth, humanDepth int) ([]string, string) {
	t.Helper()
	var ad adapter
	for _, g := range games {
		if g.name == game {
			ad = g.new()
		}
	}
	fs := newFlagSetForTest()
	ad.flags(fs, "play")
	assert.NilError(t, fs.Parse(flags))
	s, err := ad.session(playOptions{depth: engineDepth})
	assert.NilError(t, err)
	var script []string
	for ply := 0; ; ply++ {
		assert.Assert(t, ply < 2000, "game does not end")
		if res, over := s.over(); over {
			return script, res
		}
		moves := s.moves()
		if s.turn() == human {
			i, _ := s.think(humanDepth, 0)
			script = append(script, moves[i])
			s.play(i)
		} else {
			i, _ := s.think(engineDepth, 0)
			s.play(i)
		}
	}
}

// TestPlayScriptedGames drives play through stdin to the end of a game in
// every game, with an illegal move, a takeback that is refused at the start,
// a takeback of the first move (replayed), the depth and moves commands, and
// the person playing either side.
func TestPlayScriptedGames(t *testing.T) {
	cases := []struct {
		game          string
		flags         []string
		human         int
		engine, depth int
	}{
		{"congo", nil, 0, 1, 2},
		{"congo", []string{"-rules", "2021"}, 1, 1, 2},
		{"morris", nil, 0, 1, 2},
		{"morris", []string{"-board", "F18"}, 1, 2, 1},
		{"minichess", nil, 0, 1, 3},
		{"minichess", []string{"-max-steps", "20"}, 1, 2, 1},
		{"minichess", []string{"-max-steps", "6"}, 0, 1, 1},
		{"starcircle", nil, 0, 1, 2},
		{"starcircle", nil, 1, 2, 1},
	}
	for _, c := range cases {
		side := []string{"first", "second"}[c.human]
		t.Run(c.game+"/"+side+"/"+strings.Join(c.flags, ""), func(t *testing.T) {
			script, result := scriptGame(t, c.game, c.flags, c.human, c.engine, c.depth)
			assert.Assert(t, len(script) >= 2, "game too short for the takeback test: %q", script)
			var in strings.Builder
			in.WriteString("undo\nzz9\nmoves\ndepth 0\n" + strings.ToUpper(script[0]) + "\nundo\n")
			for _, m := range script {
				in.WriteString(m + "\n")
			}
			args := append([]string{"play", c.game, "-human", side, "-depth", "1"}, c.flags...)
			if c.engine != 1 {
				// The depth command sets the engine's depth mid-game.
				in.Reset()
				in.WriteString("undo\nzz9\nmoves\ndepth 0\ndepth " + string(rune('0'+c.engine)) + "\n" +
					strings.ToUpper(script[0]) + "\nundo\n")
				for _, m := range script {
					in.WriteString(m + "\n")
				}
			}
			out := mustRun(t, in.String(), args...)
			if c.human == 1 {
				assert.Assert(t, strings.Count(out, "Nothing to take back.") == 1, out)
			} else {
				assert.Assert(t, strings.Contains(out, "Nothing to take back."), out)
			}
			assert.Assert(t, strings.Contains(out, `Illegal move "zz9". Legal moves: `), out)
			assert.Assert(t, strings.Contains(out, "Legal moves: "), out)
			assert.Assert(t, strings.Contains(out, `depth "0": want 1 to 64`), out)
			assert.Equal(t, strings.Count(out, "Took back your last move."), 1)
			assert.Equal(t, strings.Count(out, "> You play "), len(script)+1)
			assert.Assert(t, strings.HasSuffix(out, "Game over: "+result+"\n"), "%s\nwant result %q", tail(out), result)
			t.Logf("%d moves by the person; %s", len(script), result)
		})
	}
}

// tail returns the last lines of s, for messages.
func tail(s string) string {
	lines := strings.Split(s, "\n")
	if len(lines) > 30 {
		lines = lines[len(lines)-30:]
	}
	return strings.Join(lines, "\n")
}

func newFlagSetForTest() *flag.FlagSet { return flag.NewFlagSet("test", flag.ContinueOnError) }

// TestPlayTranscript is the full transcript of a short Star/Circle game
// from handout example 1 (golden).
func TestPlayTranscript(t *testing.T) {
	in := filepath.Join(t.TempDir(), "input.txt")
	assert.NilError(t, os.WriteFile(in, []byte(handoutEx1), 0o644))
	flags := []string{"-input", in}
	script, result := scriptGame(t, "starcircle", flags, 0, 2, 2)
	stdin := strings.Join(script, "\n") + "\n"
	out := mustRun(t, stdin, append([]string{"play", "starcircle", "-depth", "2"}, flags...)...)
	assert.Assert(t, strings.HasSuffix(out, "Game over: "+result+"\n"), out)
	assertGolden(t, out, "play_starcircle_ex1.txt")
}

// TestPlayEndOfInput: input ending mid-game abandons it cleanly (status 0).
func TestPlayEndOfInput(t *testing.T) {
	out := mustRun(t, "a2a3\n", "play", "congo", "-depth", "1")
	assert.Assert(t, strings.HasSuffix(out, "\nInput ended; game abandoned.\n"), out)
	out = mustRun(t, "", "play", "minichess", "-human", "second", "-depth", "1")
	assert.Assert(t, strings.Contains(out, "Engine (White) plays "), out)
}

// TestPlayTimeBudget: with -time the engine deepens iteratively and still
// answers; the time command changes the budget.
func TestPlayTimeBudget(t *testing.T) {
	out := mustRun(t, "time 20ms\nB2B3\nquit\n", "play", "minichess", "-time", "10ms")
	assert.Assert(t, strings.Contains(out, "(alpha-beta, course material evaluation, 10ms per move, up to depth 64)"), out)
	assert.Assert(t, strings.Contains(out, "Engine: 20ms per move, up to depth 64."), out)
	assert.Assert(t, strings.Contains(out, "Engine (Black) plays "), out)
	assert.Assert(t, strings.HasSuffix(out, "Game over: White resigns; Black wins.\n"), out)
}
