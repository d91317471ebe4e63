package minichess_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// BenchmarkPerftT7 measures T-perft(7) from the start position (6,310,092
// leaves); it reports leaves per second.
func BenchmarkPerftT7(b *testing.B) {
	p := minichess.StartPosition()
	var n uint64
	for b.Loop() {
		n = minichess.CountPerft(p, 7, true)
	}
	if n != 6310092 {
		b.Fatalf("perft(7) = %d", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerftT6 measures T-perft(6) from the start position (514,019).
func BenchmarkPerftT6(b *testing.B) {
	p := minichess.StartPosition()
	var n uint64
	for b.Loop() {
		n = minichess.CountPerft(p, 6, true)
	}
	if n != 514019 {
		b.Fatalf("perft(6) = %d", n)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkLegalMoves measures one generation of the start position's list.
func BenchmarkLegalMoves(b *testing.B) {
	p, _ := minichess.ParseFEN("1kb2/5/2P2/p1r2/3RP/3K1 w")
	n := p.Node()
	buf := make([]minichess.Move, 0, minichess.MaxMoves)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = n.LegalMoves(buf[:0])
	}
}

// BenchmarkPerftWins7 walks the same T-perft(7) tree without CountReplies:
// every position above the last ply is made with Node.Play, and the
// 6,310,092 leaves and the 243,160 Win leaves among them are counted with
// PerftTree.CountTerminal without listing or making them. It reports leaves
// per second.
func BenchmarkPerftWins7(b *testing.B) {
	p := minichess.StartPosition()
	var n uint64
	for b.Loop() {
		n = minichess.CountPerftWins(p, 7)
	}
	if n != 243160 {
		b.Fatalf("template_terminal(7) = %d", n)
	}
	b.ReportMetric(6310092*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}
