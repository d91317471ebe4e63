package minichess

import (
	"slices"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/engine/enginetest"
	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// engineRoots are varied positions for the adapter tests.
func engineRoots(t testing.TB) []EngineNode {
	fens := []string{
		"kqbnr/ppppp/5/5/PPPPP/RNBQK w",
		"kqbnr/ppppp/5/5/PPPPP/RNBQK b",
		"1kb2/5/2P2/p1r2/3RP/3K1 w",
		"k4/1P3/5/5/5/4K w",
		"k4/5/2q2/5/1N3/4K b",
		"kq3/pp1P1/5/2n2/PP3/RN2K w",
	}
	var out []EngineNode
	for _, f := range fens {
		p, err := ParseFEN(f)
		assert.NilError(t, err, f)
		n := p.Node()
		out = append(out, NewEngineNode(&n, -1))
	}
	return out
}

func TestZobristKeysFollowSpec(t *testing.T) {
	t.Parallel()
	var keys [2*6*Squares + 1]uint64
	engine.ZobristKeys(20230617, keys[:])
	i := 0
	for c := range 2 {
		for k := range 6 {
			for sq := range Squares {
				assert.Equal(t, zobristPiece[c][k][sq], keys[i], "colour %d piece %d square %d", c, k+1, sq)
				i++
			}
		}
	}
	assert.Equal(t, zobristSide, keys[360])
	// splitmix64's first output from 20230617, computed by hand from the
	// reference algorithm, pins the generator itself.
	s := uint64(20230617) + 0x9e3779b97f4a7c15
	z := (s ^ s>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	assert.Equal(t, zobristPiece[0][0][0], z^z>>31)
}

func TestCheckEngineGame(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	assert.NilError(t, enginetest.CheckGame[EngineNode, Move](g, engineRoots(t), 3))
	// With the ply count known, near the limit.
	var roots []EngineNode
	for _, r := range engineRoots(t) {
		r2 := NewEngineNode(&r.N, MaxPlies-2)
		roots = append(roots, r2)
	}
	assert.NilError(t, enginetest.CheckGame[EngineNode, Move](g, roots, 3))
}

// TestIncrementalKey walks the tree and compares the key kept by Play with
// the key computed from scratch.
func TestIncrementalKey(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	var walk func(p *EngineNode, d int)
	walk = func(p *EngineNode, d int) {
		assert.Equal(t, p.Key, p.N.ZobristKey())
		if d == 0 || g.Terminal(p) {
			return
		}
		for _, m := range g.Moves(p, nil) {
			var q EngineNode
			g.Play(&q, p, m)
			walk(&q, d-1)
		}
	}
	for _, r := range engineRoots(t) {
		walk(&r, 3)
	}
}

// TestEvaluateSymmetric: the point reflection of a position with the colours
// swapped has the same value for its side to move.
func TestEvaluateSymmetric(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	for _, r := range engineRoots(t) {
		p := r.N.Position()
		var q Position
		q.ToMove = p.ToMove.Other()
		for c := range 2 {
			for row := range Rows {
				for col := range Cols {
					q.Board[1-c][Rows-1-row][Cols-1-col] = p.Board[c][row][col]
				}
			}
		}
		qn := q.Node()
		qe := NewEngineNode(&qn, -1)
		assert.Equal(t, g.Evaluate(&r), g.Evaluate(&qe), p.FEN())
	}
	// The start position: only the tempo for the side to move.
	s := StartPosition()
	sn := s.Node()
	b := g.Breakdown(&sn)
	assert.Equal(t, b, EvalBreakdown{Tempo: DefaultEvalWeights().Tempo})
}

// TestEvaluateTerms: each term moves the value the way its reason says.
func TestEvaluateTerms(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	val := func(fen string) search.Value {
		p, err := ParseFEN(fen)
		assert.NilError(t, err)
		n := p.Node()
		e := NewEngineNode(&n, -1)
		return g.Evaluate(&e)
	}
	// Material dominates: a queen up beats any positional score.
	assert.Assert(t, val("k4/5/5/5/5/Q3K w") > 800)
	// A pawn one row before promotion is worth much more than at home.
	assert.Assert(t, val("k4/P4/5/5/5/4K w")-val("k4/5/5/5/P4/4K w") >= 50)
	// A centralised knight is better than one in the corner.
	assert.Assert(t, val("k4/5/2N2/5/5/4K w") > val("k4/5/5/5/5/N3K w"))
	// King safety: the same material with the enemy queen next to our king
	// zone is worse.
	assert.Assert(t, val("k4/5/5/5/3q1/R3K w") < val("kq3/5/5/5/5/R3K w"))
	// The Breakdown adds up to Evaluate for white to move.
	p, _ := ParseFEN("kq3/pp1P1/5/2n2/PP3/RN2K w")
	n := p.Node()
	b := g.Breakdown(&n)
	e := NewEngineNode(&n, -1)
	assert.Equal(t, g.Evaluate(&e), search.Value(b.Material+b.PieceSquare+b.Mobility+b.KingZone+b.OpenLines+b.Tempo))
}

func TestOutcomeAtPlyLimit(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	// White can capture the black king, but black has more material: past
	// the ply limit the material decides.
	p, err := ParseFEN("kq3/5/5/5/5/R3K w")
	assert.NilError(t, err)
	n := p.Node()
	e := NewEngineNode(&n, -1)
	assert.Assert(t, g.Terminal(&e))
	assert.Equal(t, g.Outcome(&e), engine.OutcomeWin)
	e = NewEngineNode(&n, MaxPlies)
	assert.Assert(t, g.Terminal(&e))
	assert.Equal(t, g.Outcome(&e), engine.OutcomeLoss)
	e = NewEngineNode(&n, MaxPlies-1)
	assert.Equal(t, g.Outcome(&e), engine.OutcomeWin)
	q, _ := ParseFEN("k4/5/5/5/5/4K b")
	qn := q.Node()
	e = NewEngineNode(&qn, MaxPlies)
	assert.Equal(t, g.Outcome(&e), engine.OutcomeDraw)
	assert.Assert(t, g.Hash(&e) != NewEngineNode(&qn, -1).Key)
	// With LimitPoint the end is scored by the material lead: black to
	// move, 20 points behind (a queen).
	w := DefaultEvalWeights()
	w.LimitPoint = 1000
	lg := NewEngineGame(w)
	b, _ := ParseFEN("k4/5/5/5/5/3QK b")
	bn := b.Node()
	e = NewEngineNode(&bn, MaxPlies)
	assert.Equal(t, lg.Outcome(&e), engine.OutcomeStatic)
	assert.Equal(t, lg.Evaluate(&e), search.Value(-20000))
	e = NewEngineNode(&bn, MaxPlies-1)
	assert.Equal(t, lg.Evaluate(&e), g.Evaluate(&e))
}

// TestLosingCapture: a capture loses when the capturing piece is worth more
// than its victim and the square is defended; a promotion never loses.
func TestLosingCapture(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	for _, c := range []struct {
		fen  string
		move string // "r1 c1 r2 c2"
		want bool
	}{
		// White queen b3 takes the pawn c4 defended by the pawn b5.
		{"k4/5/1p3/2p2/1Q3/4K w", "4 1 3 2", true},
		// The same pawn undefended.
		{"k4/5/5/2p2/1Q3/4K w", "4 1 3 2", false},
		// A pawn takes a defended knight: the victim is worth more.
		{"k4/5/1p3/2n2/1P3/4K w", "4 1 3 2", false},
		// The rook takes a rook defended by the king: equal values.
		{"5/k4/r4/5/R4/4K w", "4 0 2 0", false},
		// The queen takes a pawn defended by a bishop along a diagonal.
		{"k4/5/b4/5/2p2/2Q1K w", "5 2 4 2", true},
		// The bishop's diagonal is blocked: undefended.
		{"k4/5/b4/1P3/2p2/2Q1K w", "5 2 4 2", false},
		// A pawn promotes by capturing a defended rook: never losing.
		{"1rk2/P4/5/5/5/4K w", "1 0 0 1", false},
		// A quiet move.
		{"k4/5/5/5/1Q3/4K w", "4 1 3 1", false},
	} {
		p, err := ParseFEN(c.fen)
		assert.NilError(t, err, c.fen)
		n := p.Node()
		e := NewEngineNode(&n, -1)
		var buf [MaxMoves]Move
		list := g.Moves(&e, buf[:0])
		var m Move
		found := false
		for _, x := range list {
			if x.String() == c.move {
				m, found = x, true
			}
		}
		assert.Assert(t, found, "%s: %s not in %v", c.fen, c.move, list)
		assert.Equal(t, g.LosingCapture(&e, m), c.want, "%s %s", c.fen, c.move)
	}
}

// TestQuiescencePrune: pruning losing captures in quiescence saves nodes
// on MiniChess positions and still returns a move of the list.
func TestQuiescencePrune(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	var with, without uint64
	for _, r := range engineRoots(t) {
		o := engine.DefaultOptions()
		a := engine.New[EngineNode, Move](g, o).Search(r, engine.Limits[Move]{Depth: 5})
		o.QuiescencePrune = true
		b := engine.New[EngineNode, Move](g, o).Search(r, engine.Limits[Move]{Depth: 5})
		with, without = with+b.Nodes, without+a.Nodes
		if b.HasMove {
			var buf [MaxMoves]Move
			assert.Assert(t, slices.Contains(g.Moves(&r, buf[:0]), b.Move))
		}
	}
	t.Logf("nodes to depth 5: %d with the pruning, %d without", with, without)
	assert.Assert(t, with < without, "%d nodes with the pruning, %d without", with, without)
}

// TestEngineAdapterNoAllocation: the adapter's methods do not allocate. Not
// parallel: AllocsPerRun counts the allocations of the whole process.
func TestEngineAdapterNoAllocation(t *testing.T) {
	g := NewEngineGame(DefaultEvalWeights())
	r := engineRoots(t)[5]
	buf := make([]Move, 0, MaxMoves)
	var sink search.Value
	var dst EngineNode
	allocs := testing.AllocsPerRun(100, func() {
		list := g.Moves(&r, buf[:0])
		for _, m := range list {
			g.Play(&dst, &r, m)
			sink += g.Evaluate(&dst) + search.Value(g.Noisy(&r, m)) + search.Value(g.Hash(&dst)&1)
		}
		_ = g.NoisyMoves(&r, buf[:0])
		_ = g.InCheck(&r)
		_ = g.PlayNull(&dst, &r)
		for _, m := range list {
			_ = g.LosingCapture(&r, m)
		}
	})
	assert.Equal(t, allocs, 0.0)
	_ = sink
}

// BenchmarkEvaluate measures one static evaluation of a middlegame position.
func BenchmarkEvaluate(b *testing.B) {
	g := NewEngineGame(DefaultEvalWeights())
	r := engineRoots(b)[5]
	var s search.Value
	for b.Loop() {
		s += g.Evaluate(&r)
	}
	_ = s
}

// TestPlyLimited: the engine sees the plies left before the 50-ply limit
// (none when the count is unknown) and a key without the ply count, and
// keyed by it the table keeps every fixed-depth value of these positions,
// near the limit and far from it.
func TestPlyLimited(t *testing.T) {
	t.Parallel()
	g := NewEngineGame(DefaultEvalWeights())
	r := engineRoots(t)[2]
	for _, c := range []struct{ played, left int }{{-1, -1}, {0, 50}, {44, 6}, {50, 0}, {53, 0}} {
		e := NewEngineNode(&r.N, c.played)
		assert.Equal(t, g.PliesLeft(&e), c.left, "%d plies played", c.played)
		assert.Equal(t, g.PositionHash(&e), r.N.ZobristKey())
	}
	a, b := NewEngineNode(&r.N, 10), NewEngineNode(&r.N, 12)
	assert.Assert(t, g.Hash(&a) != g.Hash(&b))
	for _, r := range engineRoots(t) {
		for _, played := range []int{-1, 20, 44, 46} {
			root := NewEngineNode(&r.N, played)
			o := engine.DefaultOptions()
			o.TTExactDepth = true
			want := engine.New[EngineNode, Move](g, o).Search(root, engine.Limits[Move]{Depth: 5})
			o.PlyFreeTable = true
			got := engine.New[EngineNode, Move](g, o).Search(root, engine.Limits[Move]{Depth: 5})
			assert.Equal(t, got.Value, want.Value, "%s, %d plies played", r.N.Position().FEN(), played)
		}
	}
}
