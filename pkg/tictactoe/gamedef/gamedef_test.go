package gamedef_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/games"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/tictactoe/gamedef"
	"github.com/gamesearch/gamesearch/pkg/toolkit"
	"gotest.tools/v3/assert"
)

// run runs gamesearch with args and stdin and returns its status, stdout
// and stderr.
func run(args []string, stdin string) (int, string, string) {
	var out, errOut bytes.Buffer
	status := toolkit.Run(args, strings.NewReader(stdin), &out, &errOut)
	return status, out.String(), errOut.String()
}

// TestRegistered: the game is in the registry under its name.
func TestRegistered(t *testing.T) {
	assert.Equal(t, games.Find("tictactoe"), gamedef.Game)
	assert.Assert(t, gamedef.Game.Pack == nil, "tic-tac-toe has no course archive")
}

// TestPerft: the perft table from the empty board through the toolkit.
func TestPerft(t *testing.T) {
	status, out, errOut := run([]string{"perft", "tictactoe", "start", "9"}, "")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.HasPrefix(out, "127872\n"), out)
	assert.Assert(t, strings.Contains(out, "nodes: 549946 "), out)
	for _, tc := range []struct{ pos, depth, want string }{
		{"start", "1", "9"}, {"start", "2", "72"}, {"start", "5", "15120"}, {"X...O....", "2", "42"},
	} {
		status, out, errOut := run([]string{"perft", "tictactoe", tc.pos, tc.depth}, "")
		assert.Equal(t, status, 0, errOut)
		assert.Assert(t, strings.HasPrefix(out, tc.want+"\n"), "%s %s: %s", tc.pos, tc.depth, out)
	}
	status, out, errOut = run([]string{"perft", "tictactoe", "-", "2"}, "X..\n.O.\n...\n")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.HasPrefix(out, "42\n"), out)
	status, _, errOut = run([]string{"perft", "tictactoe", "XXXX", "2"}, "")
	assert.Assert(t, status != 0)
	assert.Assert(t, strings.HasPrefix(errOut, "gamesearch perft: POSITION: "), errOut)
}

// TestTree: the tree of tictactoe-minimax's search has the program's node
// count.
func TestTree(t *testing.T) {
	status, out, errOut := run([]string{"tree", "tictactoe", "XXO.O...."}, "")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.HasPrefix(out, "Tic-tac-toe: XXO.O...., X to move, minimax depth 9\n"), out)
	want, err := tictactoe.Reference([]byte("XXO\n.O.\n...\n"))
	assert.NilError(t, err)
	nodes := strings.Split(strings.TrimSpace(want), "\n")[1]
	assert.Assert(t, strings.Contains(out, nodes+" nodes"), "want %s nodes:\n%s", nodes, out)
}

// TestPlay: a scripted game against the engine, which never loses; bad
// and illegal moves are refused and the game goes on.
func TestPlay(t *testing.T) {
	status, out, errOut := run([]string{"play", "tictactoe", "-depth", "9"}, "1\n0\nx\n2\n3\n4\n5\n6\n7\n8\n9\n")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.Contains(out, "Engine (O) plays 5"), out)
	assert.Assert(t, strings.Contains(out, "Illegal move"), out)
	assert.Assert(t, strings.Contains(out, "O wins") || strings.Contains(out, "draw"), out)
	assert.Assert(t, !strings.Contains(out, "X wins"), out)
}

// TestMatch: a short match of the engine against the course minimax (both
// perfect: every game is drawn) and a bad player.
func TestMatch(t *testing.T) {
	status, out, errOut := run([]string{"match", "tictactoe", "engine", "minimax", "-openings", "1", "-plies", "0", "-quiet"}, "")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.Contains(out, "result for A: W 0 D 2 L 0"), out)
	status, out, errOut = run([]string{"match", "tictactoe", "alphabeta:depth=9", "minimax:depth=2", "-openings", "3", "-quiet"}, "")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.Contains(out, "match tictactoe: 6 games from 3 of 3 openings"), out)
	status, _, errOut = run([]string{"match", "tictactoe", "engine", "bogus"}, "")
	assert.Assert(t, status != 0)
	assert.Assert(t, strings.Contains(errOut, `unknown player "bogus" for tictactoe`), errOut)
}

// TestBench: the quick workloads run and are named after the game.
func TestBench(t *testing.T) {
	status, out, errOut := run([]string{"bench", "-quick", "-game", "tictactoe"}, "")
	assert.Equal(t, status, 0, errOut)
	assert.Assert(t, strings.Contains(out, "perft start depth 6"), out)
	assert.Assert(t, strings.Contains(out, "54720"), out)
}

// TestExplorer: the explorer runs tictactoe-minimax for its exact output,
// records a tree of its node count, and plays a move.
func TestExplorer(t *testing.T) {
	ts := httptest.NewServer(explorer.NewServer(games.Explorers(), explorer.Config{}))
	t.Cleanup(ts.Close)
	post := func(path string, form url.Values) (int, string) {
		resp, err := http.PostForm(ts.URL+path, form)
		assert.NilError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		assert.NilError(t, err)
		return resp.StatusCode, string(body)
	}
	status, body := post("/api/games", nil)
	assert.Equal(t, status, http.StatusOK)
	assert.Assert(t, strings.Contains(body, tictactoe.ProgramName), body)

	in := "X..\n.O.\n...\n"
	status, body = post("/api/run", url.Values{"program": {tictactoe.ProgramName}, "input": {in}})
	assert.Equal(t, status, http.StatusOK, body)
	var r struct {
		Stdout  string `json:"stdout"`
		Entered uint64 `json:"entered"`
		Tree    struct {
			Size int `json:"size"`
		} `json:"tree"`
	}
	assert.NilError(t, json.Unmarshal([]byte(body), &r))
	want, err := tictactoe.Reference([]byte(in))
	assert.NilError(t, err)
	assert.Equal(t, r.Stdout, want)
	assert.Equal(t, uint64(r.Tree.Size), r.Entered)
	assert.Assert(t, strings.HasSuffix(want, "\n"+strings.TrimSpace(strings.Split(want, "\n")[1])+"\n"))

	status, body = post("/api/run", url.Values{"program": {tictactoe.ProgramName}, "input": {"XXX\nOO.\n...\n"}})
	assert.Equal(t, status, http.StatusBadRequest, body)

	status, body = post("/api/play/move", url.Values{"game": {"tictactoe"}, "state": {"........."}, "move": {"5"}})
	assert.Equal(t, status, http.StatusOK, body)
	assert.Assert(t, strings.Contains(body, `"....X...."`), body)
}
