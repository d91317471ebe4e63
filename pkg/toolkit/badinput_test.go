package toolkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/games"
	"gotest.tools/v3/assert"
)

// TestBadInput: every subcommand answers bad usage or input with exactly one
// stderr line that says what is wrong, exit status 2 and no output.
func TestBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	badSC := filepath.Join(dir, "bad_input.txt")
	assert.NilError(t, os.WriteFile(badSC, []byte(strings.Replace(handoutEx1, "MINIMAX", "MINMAX", 1)), 0o644))
	badMorris := filepath.Join(dir, "board.txt")
	assert.NilError(t, os.WriteFile(badMorris, []byte("xxxxxxxxxxQxxxxxxxxxxx\n"), 0o644))
	cases := []struct {
		stdin string
		args  []string
		want  string // a part of the message
	}{
		{"", nil, "gamesearch: missing command"},
		{"", []string{"perfect"}, `gamesearch: unknown command "perfect"`},
		// perft
		{"", []string{"perft"}, "gamesearch perft: missing GAME"},
		{"", []string{"perft", "chess", "start", "1"}, `gamesearch perft: unknown game "chess"`},
		{"", []string{"perft", "congo", "start"}, "want POSITION and DEPTH, got 1 arguments"},
		{"", []string{"perft", "congo", "start", "x"}, `DEPTH "x": want an integer from 0 to 64`},
		{"", []string{"perft", "congo", "start", "-1"}, `DEPTH "-1": want an integer from 0 to 64`},
		{"", []string{"perft", "congo", "start", "65"}, `DEPTH "65"`},
		{"", []string{"perft", "congo", "start", "1", "-rules", "2020"}, `-rules "2020": want 2021 or 2022`},
		{"", []string{"perft", "congo", "start", "1", "-pseudo"}, "flag provided but not defined: -pseudo"},
		{"", []string{"perft", "congo", "7/7/7/7/7/7/7 w", "1"}, "POSITION: FEN has 2 fields"},
		{"", []string{"perft", "congo", "7/7/7/7/7/7/8 w 0", "1"}, "POSITION: "},
		{"3l3/7/7/7/7/7/3L3 x 0\n", []string{"perft", "congo", "-", "1"}, `stdin line 1: byte 18: side to move "x"`},
		{"", []string{"perft", "minichess", "kqbnr/ppppp/5/5/PPPPP w", "1"}, "POSITION: fen"},
		{"", []string{"perft", "minichess", "start", "1", "-rules", "2022"}, "flag provided but not defined: -rules"},
		{"", []string{"perft", "morris", "xxxx", "1"}, "POSITION: 4 letters"},
		{"", []string{"perft", "morris", "xxxxxxxxxxxxxxxxxxxxx", "1", "-board", "S22"}, "POSITION: 21 letters, but board S22 has 22"},
		{"", []string{"perft", "morris", "xxxxxxxxxxxxxxxxxxxxx", "1", "-board", "Q9"}, `-board "Q9"`},
		{"", []string{"perft", "morris", "xxxxxxxxxxxxxxxxxxxxx", "1", "-phase", "end"}, `-phase "end": want opening or game`},
		{"", []string{"perft", "morris", badMorris, "1"}, "board.txt: line 1, column 11, byte 10: \"Q\" is not W, B or x"},
		{"", []string{"perft", "morris", filepath.Join(dir, "absent.txt"), "1"}, "absent.txt: cannot read: no such file or directory"},
		{"", []string{"perft", "morris", dir, "1"}, "is a directory"},
		{"", []string{"perft", "starcircle", badSC, "1"}, `bad_input.txt: line 2: byte 0: algorithm "MINMAX" is not MINIMAX or ALPHABETA`},
		{"Star\n", []string{"perft", "starcircle", "-", "1"}, "stdin: line 2: missing the algorithm line"},
		// tree
		{"", []string{"tree"}, "gamesearch tree: missing GAME"},
		{"", []string{"tree", "congo"}, "want one INPUT, got 0 arguments"},
		{"", []string{"tree", "congo", "start", "-algorithm", "negamax"}, `-algorithm "negamax": want minimax or alphabeta`},
		{"", []string{"tree", "congo", "start", "-format", "png"}, `-format "png": want dot or text`},
		{"", []string{"tree", "congo", "start", "-depth", "-2"}, "-depth -2: want 1 to 64"},
		{"", []string{"tree", "congo", "start", "-depth", "two"}, `invalid value "two" for flag -depth`},
		{"", []string{"tree", "congo", "start", "-limit", "0"}, "-limit 0: want 1 to 5000000"},
		{"", []string{"tree", "congo", "start", "-depth", "6"}, "the tree has more than 100000 nodes"},
		{"", []string{"tree", "starcircle", badSC}, "line 2: byte 0: algorithm"},
		{"", []string{"tree", "minichess", "kqbnr/ppppp/5/5/PPPPP/RNBQK x"}, "side must be w or b"},
		{"", []string{"tree", "morris", "WWW"}, "POSITION: 3 letters"},
		// bench
		{"", []string{"bench", "extra"}, `unexpected argument "extra"`},
		{"", []string{"bench", "-game", "go"}, `-game: unknown game "go"`},
		{"", []string{"bench", "-fast"}, "flag provided but not defined: -fast"},
		{"", []string{"bench", "-repeat", "-1"}, "-repeat -1: want 1 to 1000"},
		// play
		{"", []string{"play"}, "gamesearch play: missing GAME"},
		{"", []string{"play", "checkers"}, `unknown game "checkers"`},
		{"", []string{"play", "congo", "now"}, `unexpected argument "now"`},
		{"", []string{"play", "congo", "-human", "third"}, `-human "third": want first or second`},
		{"", []string{"play", "congo", "-depth", "99"}, "-depth 99: want 1 to 64"},
		{"", []string{"play", "congo", "-time", "-1s"}, "-time -1s: want a positive duration such as 500ms or 2s"},
		{"", []string{"play", "congo", "-time", "0"}, "-time 0s: want a positive duration such as 500ms or 2s"},
		{"", []string{"play", "congo", "-time", "soon"}, `invalid value "soon" for flag -time`},
		{"", []string{"play", "congo", "-rules", "1999"}, `-rules "1999"`},
		{"", []string{"play", "morris", "-board", "X1"}, `-board "X1"`},
		{"", []string{"play", "minichess", "-max-steps", "0"}, "-max-steps 0: want at least 1"},
		{"", []string{"play", "starcircle", "-input", badSC}, "line 2: byte 0: algorithm"},
		{"", []string{"play", "starcircle", "-input", "-"}, "-input -: standard input carries the moves"},
	}
	for _, c := range cases {
		out, errs, code := runCmd(t, c.stdin, c.args...)
		assert.Equal(t, code, 2, "%q: stderr %q", c.args, errs)
		assert.Equal(t, out, "", "%q", c.args)
		assert.Equal(t, strings.Count(errs, "\n"), 1, "%q: stderr %q is not one line", c.args, errs)
		assert.Assert(t, strings.HasSuffix(errs, "\n"))
		assert.Assert(t, strings.Contains(errs, c.want), "%q: stderr %q, want it to contain %q", c.args, errs, c.want)
		assert.Assert(t, strings.HasPrefix(errs, "gamesearch"), "%q: %q", c.args, errs)
	}
}

// TestHelp: help goes to stdout with status 0.
func TestHelp(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "help")
	assertGolden(t, out, "help.txt")
	for _, c := range [][]string{{"perft", "-h"}, {"perft", "congo", "-h"}, {"tree", "morris", "-h"}, {"bench", "-h"}, {"play", "minichess", "-h"}} {
		out := mustRun(t, "", c...)
		assert.Assert(t, strings.HasPrefix(out, "usage: gamesearch "+c[0]), out)
	}
}

// TestGameCommandHelp: perft, tree and play, which take GAME first, have
// one form of help, with or without a game: the usage line, what the
// subcommand does, then the registered games (or the game's positions and
// moves), then the flags, the subcommand's own and the game's.
func TestGameCommandHelp(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		cmd, usage string
		flags      []string
	}{
		{"perft", "perft GAME POSITION DEPTH [flags]", []string{"-divide"}},
		{"tree", "tree GAME INPUT [flags]", []string{"-algorithm", "-depth", "-format", "-limit", "-max-nodes", "-o"}},
		{"play", "play GAME [flags]", []string{"-depth", "-human", "-time"}},
	} {
		for _, game := range []string{"", "congo", "morris", "minichess", "starcircle"} {
			args := []string{c.cmd, "-h"}
			if game != "" {
				args = []string{c.cmd, game, "-h"}
			}
			out := mustRun(t, "", args...)
			paras := strings.Split(out, "\n\n")
			assert.Equal(t, len(paras), 4, "%q: %s", args, out)
			assert.Equal(t, paras[0], "usage: gamesearch "+c.usage, "%q", args)
			assert.Assert(t, len(paras[1]) > 40 && !strings.HasPrefix(paras[1], "usage"), "%q: %s", args, paras[1])
			if game == "" {
				assert.Equal(t, paras[2], "games: "+strings.Join(games.Names(), ", ")+"; \"gamesearch "+c.cmd+" GAME -h\" adds the game's\npositions, moves and flags.", "%q", args)
			} else {
				ad, err := findGame(game)
				assert.NilError(t, err)
				assert.Equal(t, paras[2], ad.Notation(), "%q", args)
			}
			assert.Assert(t, strings.HasPrefix(paras[3], "flags:\n"), "%q: %s", args, paras[3])
			for _, f := range c.flags {
				assert.Assert(t, strings.Contains(paras[3], "\n  "+f+" ") || strings.Contains(paras[3], "\n  "+f+"\n"), "%q lacks %s: %s", args, f, paras[3])
			}
			if game == "congo" {
				assert.Assert(t, strings.Contains(paras[3], "\n  -rules "), "%q lacks the game's -rules", args)
			}
		}
		_, errs, code := runCmd(t, "", c.cmd)
		assert.Equal(t, code, 2)
		assert.Equal(t, errs, "gamesearch "+c.cmd+": missing GAME (usage: gamesearch "+c.usage+")\n")
	}
}
