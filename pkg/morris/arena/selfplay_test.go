package arena_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/morris/arena"
	"gotest.tools/v3/assert"
)

// TestSelfPlayTiny plays a tiny match (F18, depth 1, cap 6) twice: it must
// play both colours from every start position, tally consistently and be
// deterministic.
func TestSelfPlayTiny(t *testing.T) {
	b := morris.BoardOf(morris.F18)
	assert.Equal(t, len(arena.StartPositions(b)), 19)
	assert.Equal(t, arena.StartPositions(b)[1].Format(18), "WxxxxxxxxBxxxxxxxx")
	sp := arena.SelfPlay{Board: b, Depth: 1, Mode: arena.ModeBoth, Cap: 6}
	s1, g1, err := sp.Run()
	assert.NilError(t, err)
	s2, g2, err := sp.Run()
	assert.NilError(t, err)
	var lines1, lines2 []string
	for i, g := range g1 {
		lines1 = append(lines1, g.Final.Format(18)+g.Result.String())
		lines2 = append(lines2, g2[i].Final.Format(18)+g2[i].Result.String())
		assert.Equal(t, g.Start, i/2)
		assert.Equal(t, g.ImprovedWhite, i%2 == 0)
		assert.Assert(t, g.MidgameTurns <= 6)
		if g.Result == match.Draw {
			assert.Equal(t, g.MidgameTurns, 6)
			assert.Equal(t, g.Reason, "6 midgame turns")
		}
	}
	assert.DeepEqual(t, lines1, lines2)
	assert.Equal(t, s1.Games, 38)
	for c := 0; c < 2; c++ {
		assert.Equal(t, s1.W[c]+s1.D[c]+s1.L[c], 19)
	}
	assert.Equal(t, s1.String(), s2.String())
}

// TestSelfPlayEndRules checks every decided game of a small match (E21,
// depth 2): in the final position the loser, who is to move, has two pieces
// or fewer or no legal move; a draw has played the whole cap.
func TestSelfPlayEndRules(t *testing.T) {
	b := morris.BoardOf(morris.E21)
	decided := 0
	_, games, err := arena.SelfPlay{Board: b, Depth: 2, Mode: arena.ModeBoth, Cap: 40}.Run()
	assert.NilError(t, err)
	for _, g := range games {
		if g.Result == match.Draw {
			assert.Equal(t, g.MidgameTurns, 40)
			continue
		}
		decided++
		loserBlack := (g.Result == match.Win) == g.ImprovedWhite
		n := morris.Node{Position: g.Final, Black: loserBlack}
		pieces := g.Final.NumWhite()
		if loserBlack {
			pieces = g.Final.NumBlack()
		}
		assert.Assert(t, pieces <= 2 || b.CountMoves(&n, morris.Game) == 0, "%s: loser has %d pieces and moves", g.Final.Format(b.N), pieces)
	}
	assert.Assert(t, decided > 0)
}
