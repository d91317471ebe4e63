package morris_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
)

// TestSelfPlayTiny plays a tiny match (F18, depth 1, cap 6) twice: it must
// play both colours from every start position, tally consistently and be
// deterministic.
func TestSelfPlayTiny(t *testing.T) {
	b := morris.BoardOf(morris.F18)
	assert.Equal(t, len(morris.StartPositions(b)), 19)
	assert.Equal(t, morris.StartPositions(b)[1].Format(18), "WxxxxxxxxBxxxxxxxx")
	var lines1, lines2 []string
	s1 := morris.NewMatch(b, 1, morris.ModeBoth, 6).Run(func(g morris.GameRecord) {
		lines1 = append(lines1, g.Final.Format(18)+g.Outcome.String())
		assert.Assert(t, g.MidgameTurns <= 6)
		if g.Outcome == morris.Draw {
			assert.Equal(t, g.MidgameTurns, 6)
		}
	})
	s2 := morris.NewMatch(b, 1, morris.ModeBoth, 6).Run(func(g morris.GameRecord) {
		lines2 = append(lines2, g.Final.Format(18)+g.Outcome.String())
	})
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
	morris.NewMatch(b, 2, morris.ModeBoth, 40).Run(func(g morris.GameRecord) {
		if g.Outcome == morris.Draw {
			assert.Equal(t, g.MidgameTurns, 40)
			return
		}
		decided++
		loserBlack := (g.Outcome == morris.Won) == g.ImprovedWhite
		n := morris.Node{Position: g.Final, Black: loserBlack}
		pieces := g.Final.NumWhite()
		if loserBlack {
			pieces = g.Final.NumBlack()
		}
		assert.Assert(t, pieces <= 2 || b.CountMoves(&n, morris.Game) == 0, "%s: loser has %d pieces and moves", g.Final.Format(b.N), pieces)
	})
	assert.Assert(t, decided > 0)
}

// TestSelfPlayAcceptanceDepth2 is the CI check of docs/morris.md §7.3 at depth
// 2: the improved estimators score at least 60 % overall and 50 % per colour
// on S22.
func TestSelfPlayAcceptanceDepth2(t *testing.T) {
	var out, errb bytes.Buffer
	code := morris.SelfPlayMain([]string{"-depth", "2"}, &out, &errb)
	t.Log(strings.TrimSpace(out.String()))
	assert.Equal(t, code, 0, errb.String())
	assert.Assert(t, strings.Contains(out.String(), "games=46"))
}

// TestSelfPlayCommand checks the exit statuses of morris-selfplay.
func TestSelfPlayCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := morris.SelfPlayMain([]string{"-board", "F18", "-depth", "1", "-cap", "4", "-min-score", "1.01", "-games"}, &out, &errb)
	assert.Equal(t, code, 1)
	assert.Equal(t, strings.Count(out.String(), "\ngame ")+1, 38+0) // 38 game lines, the first at the start
	assert.Assert(t, strings.Contains(out.String(), "FAIL"))
	// One progress line per game on stderr, the improved side as A.
	lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 38, errb.String())
	for i, l := range lines {
		players := "improved:1 (White) vs standard:1 (Black) "
		if i%2 == 1 {
			players = "standard:1 (White) vs improved:1 (Black) "
		}
		assert.Assert(t, strings.HasPrefix(l, fmt.Sprintf("game %d/38: %s", i+1, players)), l)
		assert.Assert(t, strings.Contains(l, fmt.Sprintf(" | A: W 0 D %d L 0  score 50.0%%", i+1)), l)
	}
	out.Reset()
	errb.Reset()
	assert.Equal(t, morris.SelfPlayMain([]string{"-board", "F18", "-depth", "1", "-cap", "4", "-quiet"}, &out, &errb), 1)
	assert.Equal(t, errb.String(), "")
	for _, args := range [][]string{{"-board", "X"}, {"-depth", "0"}, {"-mode", "all"}, {"extra"}, {"-cap", "0"}} {
		out.Reset()
		errb.Reset()
		assert.Equal(t, morris.SelfPlayMain(args, &out, &errb), 2, args)
		assert.Equal(t, strings.Count(errb.String(), "\n"), 1)
	}
}
