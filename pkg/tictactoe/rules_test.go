package tictactoe_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"gotest.tools/v3/assert"
)

// perftTable is the number of move sequences of each length from the empty
// board, finished games stopping (index = depth).
var perftTable = []uint64{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872}

// TestPerft checks the perft table from the empty board, with the bulk
// count of the last ply and with every leaf made, the node count of the
// whole tree (549946) and a divide.
func TestPerft(t *testing.T) {
	pf := tictactoe.NewPerft()
	slow := search.NewPerft[tictactoe.Position, tictactoe.Move](tictactoe.CourseGame{}, search.PerftRule{MakeLeaves: true})
	var nodes uint64
	for d, want := range perftTable {
		nodes += want
		c := pf.Count(tictactoe.Start(), d)
		assert.Equal(t, c.Leaves, want, "depth %d", d)
		assert.Equal(t, c.Nodes, nodes, "depth %d", d)
		assert.Equal(t, slow.Count(tictactoe.Start(), d), c, "depth %d", d)
	}
	assert.Equal(t, nodes, uint64(549946))
	// Deeper than the game: nothing more.
	assert.Equal(t, pf.Count(tictactoe.Start(), 10).Leaves, uint64(0))
	assert.Equal(t, pf.Count(tictactoe.Start(), 10).Nodes, uint64(549946))

	// Divide at depth 2: every first move has eight replies; the corner
	// and the centre subtrees to the end of the game.
	var got []string
	pf.Divide(tictactoe.Start(), 2, func(m tictactoe.Move, c search.PerftCount) {
		assert.Equal(t, c.Leaves, uint64(8))
		got = append(got, m.String())
	})
	assert.DeepEqual(t, got, []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"})
	corner := map[tictactoe.Move]uint64{}
	pf.Divide(tictactoe.Start(), 9, func(m tictactoe.Move, c search.PerftCount) { corner[m] = c.Nodes })
	// Known sizes of the three kinds of subtrees, by symmetry 4·corner +
	// 4·edge + centre + root = 549946.
	assert.Equal(t, 4*corner[0]+4*corner[1]+corner[4]+1, uint64(549946))
	assert.Equal(t, corner[0], corner[2])
	assert.Equal(t, corner[1], corner[7])
}

// reachable returns every position reachable from the empty board, finished
// ones included.
func reachable() map[tictactoe.Position]bool {
	seen := map[tictactoe.Position]bool{}
	var walk func(p tictactoe.Position)
	g := tictactoe.CourseGame{}
	walk = func(p tictactoe.Position) {
		if seen[p] {
			return
		}
		seen[p] = true
		if g.Terminal(&p) {
			return
		}
		for _, m := range g.Moves(&p, nil) {
			var q tictactoe.Position
			g.Play(&q, &p, m)
			walk(q)
		}
	}
	walk(tictactoe.Start())
	return seen
}

// TestValidateIsReachability: over all 3^9 boards, ParsePosition accepts
// exactly the 5478 reachable positions (958 of them finished) and gives
// them their side to move; Parse accepts exactly the 4520 unfinished ones.
func TestValidateIsReachability(t *testing.T) {
	reach := reachable()
	assert.Equal(t, len(reach), 5478)
	accepted, finished, unfinished := 0, 0, 0
	var cells [9]byte
	for code := range 19683 {
		c := code
		for i := range cells {
			cells[i] = "XO."[c%3]
			c /= 3
		}
		s := string(cells[:])
		p, err := tictactoe.ParsePosition(s)
		if err != nil {
			var q tictactoe.Position
			for i, ch := range s {
				switch ch {
				case 'X':
					q.Marks[tictactoe.X] |= 1 << i
				case 'O':
					q.Marks[tictactoe.O] |= 1 << i
				}
			}
			for _, tm := range []tictactoe.Player{tictactoe.X, tictactoe.O} {
				q.ToMove = tm
				assert.Assert(t, !reach[q], "%s rejected: %v", s, err)
			}
			continue
		}
		accepted++
		assert.Assert(t, reach[p], "%s accepted but unreachable", s)
		assert.Equal(t, p.String(), s)
		_, perr := tictactoe.Parse([]byte(p.Rows()))
		if p.Over() {
			finished++
			assert.ErrorContains(t, perr, "the game is over")
		} else {
			unfinished++
			assert.NilError(t, perr, s)
		}
	}
	assert.Equal(t, accepted, 5478)
	assert.Equal(t, finished, 958)
	assert.Equal(t, unfinished, 4520)
}

// TestMovesAndPlay checks the move order, Play and the end of the game on
// a few positions.
func TestMovesAndPlay(t *testing.T) {
	g := tictactoe.CourseGame{}
	p, err := tictactoe.ParsePosition("X.O.X..O.")
	assert.NilError(t, err)
	assert.Equal(t, p.ToMove, tictactoe.X)
	var names []string
	for _, m := range g.Moves(&p, nil) {
		names = append(names, m.String())
	}
	assert.DeepEqual(t, names, []string{"2", "4", "6", "7", "9"})
	var q tictactoe.Position
	g.Play(&q, &p, 8) // square 9 completes 1-5-9
	assert.Equal(t, q.String(), "X.O.X..OX")
	assert.Equal(t, q.ToMove, tictactoe.O)
	assert.Assert(t, g.Terminal(&q))
	who, ok := q.Winner()
	assert.Assert(t, ok)
	assert.Equal(t, who, tictactoe.X)
	assert.Equal(t, g.Evaluate(&q), tictactoe.Value(-1), "O to move has lost")
	assert.Equal(t, p.String(), "X.O.X..O.", "Play changed its parent")
	assert.Equal(t, g.CountReplies(&p, 8), -1)
	assert.Equal(t, g.CountReplies(&p, 1), 4)

	full, err := tictactoe.ParsePosition("XOXXOOOXX")
	assert.NilError(t, err)
	assert.Assert(t, g.Terminal(&full))
	_, ok = full.Winner()
	assert.Assert(t, !ok)
	assert.Equal(t, g.Evaluate(&full), tictactoe.Value(0))
	assert.Equal(t, len(g.Moves(&full, nil)), 0)
}

// TestNotationErrors checks the messages and byte offsets of
// ParsePosition.
func TestNotationErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"X.O", `line 1: byte 0: position "X.O" has 3 characters, want 9 cells (X, O or .)`},
		{"  X.O.x....", `line 1: byte 6: square 5: "x" is not X, O or .`},
		{"XX.......", "line 1: board: X has 2 marks and O 0: X moves first, so X has as many marks as O or one more"},
		{"O........", "line 1: board: X has 0 marks and O 1: X moves first, so X has as many marks as O or one more"},
		{"XXXOOO...", "line 1: board: both X (squares 1-2-3) and O (squares 4-5-6) have three in a row"},
		{"XXXOOO.O.", "line 1: board: X has 3 marks and O 4: X moves first, so X has as many marks as O or one more"},
		{"XXXOO.O..", "line 1: board: X has three in a row (squares 1-2-3) but O moved after it"},
		{"OOOXX.X.X", "line 1: board: O has three in a row (squares 1-2-3) but X moved after it"},
		{"X\u00e9......", "line 1: byte 1: square 2: \"\u00e9\" is not X, O or ."},
	}
	for _, c := range cases {
		_, err := tictactoe.ParsePosition(c.in)
		assert.Error(t, err, c.want, c.in)
	}
	p, err := tictactoe.ParsePosition(" XXXOO.O.X \n")
	assert.NilError(t, err)
	assert.Equal(t, p.ToMove, tictactoe.O)
	assert.Assert(t, p.Over())
	bad := tictactoe.Position{ToMove: tictactoe.O}
	assert.ErrorContains(t, tictactoe.Validate(&bad), "O is to move with 0 X and 0 O marks")
	bad = tictactoe.Position{Marks: [2]tictactoe.Board{1, 1}, ToMove: tictactoe.X}
	assert.ErrorContains(t, tictactoe.Validate(&bad), "not two disjoint sets")
}
