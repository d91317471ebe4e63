package check

import (
	"net/url"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"gotest.tools/v3/assert"
)

// exploreQuery reads the page's query back from an explore line.
func exploreQuery(t *testing.T, line string) url.Values {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "explore: gamesearch serve -open '/search?")
	assert.Assert(t, ok && strings.HasSuffix(rest, "'"), line)
	q, err := url.ParseQuery(strings.TrimSuffix(rest, "'"))
	assert.NilError(t, err)
	return q
}

// TestExploreLine: the explore line of a failing case carries the case's
// input, read back from the report's description, and the settings.
func TestExploreLine(t *testing.T) {
	fen := "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"
	u := &congoUnit{cases: []congoCase{{fen: "x"}, {fen: fen}}}
	q := exploreQuery(t, exploreLine("congo-alphabeta", "-rules 2021 -suite public -timeout 5s", u.describe(1)))
	assert.Equal(t, q.Get("input"), fen)
	assert.Equal(t, q.Get("rules"), "2021")
	assert.Equal(t, q.Get("program"), "congo-alphabeta")

	mc := morrisCase{prog: morris.ABGame, kind: morris.S22, depth: 3, input: "xxxxxxxxWWxWWxBBBxxxxx"}
	q = exploreQuery(t, exploreLine("ABGame", "-board S22", mc.describe(3)))
	assert.Equal(t, q.Get("input"), "xxxxxxxxWWxWWxBBBxxxxx")
	assert.Equal(t, q.Get("depth"), "3")
	assert.Equal(t, q.Get("board"), "S22")

	in := starcircle.StartInput("ALPHABETA", 3)
	q = exploreQuery(t, exploreLine("starcircle", "", "input.txt:\n"+ShowBytes([]byte(in))))
	assert.Equal(t, q.Get("input"), in)

	p := minichess.StartPosition()
	state := string(p.AppendState(nil))
	q = exploreQuery(t, exploreLine("player", "", "state ("+p.FEN()+"):\n"+state))
	assert.Equal(t, q.Get("input"), state)
	assert.Equal(t, q.Get("program"), "player_alphabeta")

	assert.Equal(t, exploreLine("congo-setup", "", u.describe(1)), "")
}
