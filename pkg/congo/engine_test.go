package congo

import (
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/engine/enginetest"
	"gotest.tools/v3/assert"
)

// engineFENs are start positions and middle games with captures, lion
// threats, promotions and river pieces.
var engineFENs = []string{
	"2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0",
	"g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0",
	"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
	"7/P6/2ls1s1/1g5/4p2/ps1ppS1/2L4 b 1",
	"7/1pg4/p1pl1Z1/p3S2/1PL3p/3G1pp/7 w 23",
	"2l4/1s4P/PP2p2/6p/1P2LPP/1PG1pp1/Z2z3 w 23",
	"7/3l3/4P2/7/7/7/3L3 b 28",
	"7/7/2l4/7/7/2L4/7 w 8",
}

// TestCheckEngineGame runs the engine's adapter checks (hashing, purity of
// Play, NoisyMoves = the moves Noisy scores, ranges) three plies deep under
// both editions.
func TestCheckEngineGame(t *testing.T) {
	var roots []Position
	for _, f := range engineFENs {
		roots = append(roots, mustFEN(t, f))
	}
	for _, r := range []Edition{Edition2021, Edition2022} {
		assert.NilError(t, enginetest.CheckGame[Position, Move](NewEngineGame(r), roots, 3), "rules %s", r)
	}
}

// TestEngineGameTerminal checks the terminal rules and outcomes.
func TestEngineGameTerminal(t *testing.T) {
	g := NewEngineGame(Edition2022)
	tests := []struct {
		fen      string
		terminal bool
		outcome  engine.Outcome
	}{
		{"7/7/2l4/7/7/2L4/7 w 8", true, engine.OutcomeDraw},
		{"3L3/7/7/7/7/7/7 b 5", true, engine.OutcomeLoss},
		{"3L3/7/7/7/7/7/7 w 5", true, engine.OutcomeWin},
		{"3l3/7/7/7/7/7/P6 w 5", true, engine.OutcomeLoss},
		{"3l3/7/7/7/7/7/P6 b 5", true, engine.OutcomeWin},
		{"7/7/7/7/7/7/P6 b 5", true, engine.OutcomeLoss}, // no lions: White wins (5.1)
		{"7/3l3/4P2/7/7/7/3L3 b 28", false, 0},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		assert.Equal(t, g.Terminal(&p), tc.terminal, tc.fen)
		if tc.terminal {
			assert.Equal(t, g.Outcome(&p), tc.outcome, tc.fen)
		}
	}
	g.TwoLionsDraw = false
	p := mustFEN(t, "7/7/2l4/7/7/2L4/7 w 8")
	assert.Assert(t, !g.Terminal(&p))
	// Without the two-lions rule the engine finds the flight c2c5.
	e := engine.New[Position, Move](g, engine.DefaultOptions())
	res := e.Search(p, engine.Limits[Move]{Depth: 3})
	assert.Equal(t, res.Move.String(), "c2c5")
	assert.Equal(t, res.Value, engine.Mate-1)
}

// TestAttacked compares Attacked with the move generator: a side attacks a
// square holding an enemy piece exactly when one of its moves goes there.
func TestAttacked(t *testing.T) {
	var walk func(p *Position, d int)
	n := 0
	walk = func(p *Position, d int) {
		for c := White; c <= Black; c++ {
			var targets Bitboard
			for _, m := range p.GenerateMovesFor(c, nil) {
				targets |= Bit(m.To())
			}
			for s := Square(0); s < NumSquares; s++ {
				if p.byColor[c^1].Has(s) {
					assert.Equal(t, p.Attacked(s, c), targets.Has(s), "%s: %s attacks %s", p, c, s)
					n++
				}
			}
		}
		if d == 0 || p.LionMissing() {
			return
		}
		for _, m := range p.GenerateMoves(nil) {
			var c Position
			p.Play(&c, m, Edition2022)
			walk(&c, d-1)
		}
	}
	for _, f := range engineFENs[2:6] {
		p := mustFEN(t, f)
		walk(&p, 2)
	}
	assert.Assert(t, n > 10000, "only %d squares checked", n)
	g := NewEngineGame(Edition2022)
	g.Checks = true
	p := mustFEN(t, "7/3l3/4P2/7/7/7/3L3 b 28") // e5 pawn and d1 flight hit d6
	assert.Assert(t, g.InCheck(&p))
	g.Checks = false
	assert.Assert(t, !g.InCheck(&p))
}

// TestAgentEval checks the evaluation's symmetry: the colour-flipped
// position (board mirrored, colours swapped, other side to move) has the
// same value, and the value is from the side to move's view.
func TestAgentEval(t *testing.T) {
	w := DefaultAgentWeights()
	for _, f := range engineFENs[:7] {
		p := mustFEN(t, f)
		q := flip(&p)
		for _, r := range []Edition{Edition2021, Edition2022} {
			assert.Equal(t, p.AgentEval(r, &w), q.AgentEval(r, &w), "%s / %s", p.String(), q.String())
		}
	}
	// Material counts: a white pawn more is worth at least 60 to White.
	a := mustFEN(t, "3l3/7/7/7/7/P6/3L3 w 0")
	b := mustFEN(t, "3l3/7/7/7/7/7/3L3 w 0")
	assert.Assert(t, a.AgentEval(Edition2022, &w)-b.AgentEval(Edition2022, &w) >= 60)
	// Pieces of the side to move in the river drown unless moved: two
	// zebras there are worth less to the side to move than elsewhere.
	river := mustFEN(t, "3l3/7/7/Z5Z/7/7/3L3 w 0")
	safe := mustFEN(t, "3l3/7/7/7/Z5Z/7/3L3 w 0")
	assert.Assert(t, river.AgentEval(Edition2022, &w) < safe.AgentEval(Edition2022, &w))
}

// flip returns p with the board mirrored top to bottom, colours swapped and
// the other side to move.
func flip(p *Position) Position {
	var q Position
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.Put(SquareAt(s.File(), 6-s.Rank()), MakePiece(pc.Color().Other(), pc.Kind()))
		}
	}
	q.Side = p.Side.Other()
	return q
}

// TestEngineNoAllocations checks that the adapter's methods and a whole
// engine search allocate nothing.
func TestEngineNoAllocations(t *testing.T) {
	p := mustFEN(t, "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35")
	g := NewEngineGame(Edition2022)
	buf := make([]Move, 0, MaxMoves)
	m, _ := ParseMove("g4e4")
	e := engine.New[Position, Move](g, engine.DefaultOptions())
	e.Search(p, engine.Limits[Move]{Depth: 5})
	for name, f := range map[string]func(){
		"Evaluate":   func() { _ = g.Evaluate(&p) },
		"NoisyMoves": func() { buf = g.NoisyMoves(&p, buf[:0]) },
		"Noisy":      func() { _ = g.Noisy(&p, m) },
		"InCheck":    func() { _ = g.InCheck(&p) },
		"Terminal":   func() { _ = g.Terminal(&p) },
		"Search":     func() { e.Search(p, engine.Limits[Move]{Depth: 5}) },
	} {
		assert.Equal(t, testing.AllocsPerRun(10, f), 0.0, name)
	}
}

// TestEngineFindsWins checks that the engine sees short wins: a lion
// capture at once, and the lion flight.
func TestEngineFindsWins(t *testing.T) {
	for _, tc := range []struct{ fen, move string }{
		{"7/3l3/4P2/7/7/7/3L3 w 28", "d1d6"}, // the flight comes first in order
		{"7/3l3/4P2/7/7/7/3L3 b 28", "d6d1"},
	} {
		p := mustFEN(t, tc.fen)
		e := engine.New[Position, Move](NewEngineGame(Edition2022), engine.DefaultOptions())
		res := e.Search(p, engine.Limits[Move]{Depth: 4})
		assert.Equal(t, res.Move.String(), tc.move, tc.fen)
		assert.Equal(t, res.Value, engine.Mate-1, tc.fen)
	}
}

// BenchmarkEngineStart searches each edition's start position to depth 8
// with the engine's default options (engine.DefaultOptions) and a
// cleared table, and reports nodes per second and the nodes of the search.
// The agent's own options are benchmarked in package agent.
func BenchmarkEngineStart(b *testing.B) {
	for _, r := range []Edition{Edition2021, Edition2022} {
		b.Run(r.String(), func(b *testing.B) {
			p := mustFEN(b, StartFEN(r))
			o := engine.DefaultOptions()
			e := engine.New[Position, Move](NewEngineGame(r), o)
			var nodes uint64
			for b.Loop() {
				e.Clear()
				nodes += e.Search(p, engine.Limits[Move]{Depth: 8}).Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkEngine500 searches the 500 positions of 2022/positions_500.in
// with a 20,000-node budget each, for the speed on varied positions.
func BenchmarkEngine500(b *testing.B) {
	ps := loadPositions(b, testutil.Conformance(b, "congo", "2022", "positions_500.in"))
	e := engine.New[Position, Move](NewEngineGame(Edition2022), engine.DefaultOptions())
	var nodes uint64
	for b.Loop() {
		for i := range ps {
			nodes += e.Search(ps[i], engine.Limits[Move]{Nodes: 20000}).Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// BenchmarkAgentEval measures the agent's evaluation.
func BenchmarkAgentEval(b *testing.B) {
	p := mustFEN(b, "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35")
	w := DefaultAgentWeights()
	for b.Loop() {
		_ = p.AgentEval(Edition2022, &w)
	}
}
