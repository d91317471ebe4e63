package congo

import (
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestNoAllocations checks that move generation, make-move, evaluation,
// perft and the searches allocate nothing once their buffers exist.
func TestNoAllocations(t *testing.T) {
	p := mustFEN(t, "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35")
	buf := make([]Move, 0, MaxMoves)
	var child Position
	m, _ := ParseMove("g4e4")
	mm, ab := NewMinimax(Edition2022), NewAlphaBeta(Edition2022)
	pf, pfm := NewPerft(Edition2022), NewPerftMake(Edition2022)
	pf.Count(p, 3)
	pfm.Count(p, 2)
	MinimaxValue(mm, &p)
	AlphaBetaValue(ab, &p)
	for name, f := range map[string]func(){
		"GenerateMoves":    func() { buf = p.GenerateMoves(buf[:0]) },
		"GenerateOrdered":  func() { buf = p.GenerateOrdered(buf[:0]) },
		"GenerateKind":     func() { buf = p.GenerateKind(Elephant, buf[:0]) },
		"CountMoves":       func() { _ = p.CountMoves() },
		"Play":             func() { p.Play(&child, m, Edition2022) },
		"MakeMove":         func() { child = p; child.MakeMove(m, Edition2022) },
		"Evaluate":         func() { _ = p.Evaluate() },
		"EvaluateAdvanced": func() { _ = p.EvaluateAdvanced() },
		"Perft":            func() { _ = pf.Count(p, 3) },
		"PerftMake":        func() { _ = pfm.Count(p, 2) },
		"Minimax":          func() { _ = MinimaxValue(mm, &p) },
		"AlphaBeta":        func() { _ = AlphaBetaValue(ab, &p) },
	} {
		assert.Equal(t, testing.AllocsPerRun(20, f), 0.0, name)
	}
}

func BenchmarkGenerateMoves(b *testing.B) {
	p := mustFEN(b, "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35")
	buf := make([]Move, 0, MaxMoves)
	for b.Loop() {
		buf = p.GenerateMoves(buf[:0])
	}
}

func BenchmarkMakeMove(b *testing.B) {
	p := mustFEN(b, "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35")
	m, _ := ParseMove("g4e4")
	var c Position
	for b.Loop() {
		p.Play(&c, m, Edition2022)
	}
}

func BenchmarkEvaluateAdvanced(b *testing.B) {
	p := mustFEN(b, "1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35")
	for b.Loop() {
		_ = p.EvaluateAdvanced()
	}
}

// BenchmarkAlphaBeta500 searches all 500 positions of 2022/positions_500.in
// at depth 4 (the congo-alphabeta target: under 1 s in total).
func BenchmarkAlphaBeta500(b *testing.B) {
	ps := loadPositions(b, testutil.Conformance(b, "congo", "2022", "positions_500.in"))
	s := NewAlphaBeta(Edition2022)
	for b.Loop() {
		for i := range ps {
			_ = AlphaBetaValue(s, &ps[i])
		}
	}
}

// BenchmarkMinimax500 searches the same positions with depth-2 minimax.
func BenchmarkMinimax500(b *testing.B) {
	ps := loadPositions(b, testutil.Conformance(b, "congo", "2022", "positions_500.in"))
	s := NewMinimax(Edition2022)
	for b.Loop() {
		for i := range ps {
			_ = MinimaxValue(s, &ps[i])
		}
	}
}
