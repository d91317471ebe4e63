package morris_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
)

func mustParse(tb testing.TB, s string, k morris.Kind) morris.Position {
	tb.Helper()
	p, _, err := morris.ParseBoard([]byte(s), k, true)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkGameBlackE21Depth5 is the largest conformance row:
// MiniMaxGameBlack, E21, depth 5, 6,449,983 evaluations.
func BenchmarkGameBlackE21Depth5(b *testing.B) {
	pos := mustParse(b, "xWWxxxxxxxxWxxxBBBxxW", morris.E21)
	s := morris.NewProgramSearcher(morris.MiniMaxGameBlack, morris.BoardOf(morris.E21))
	b.ReportAllocs()
	var evals uint64
	for b.Loop() {
		r := s.Search(pos, 5)
		if r.Evaluated != 6449983 {
			b.Fatalf("evaluated %d", r.Evaluated)
		}
		evals += r.Evaluated
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds()/1e6, "Mevals/s")
}

// BenchmarkOpeningS22Depth5 is MiniMaxOpening on S22 at depth 5
// (2,043,660 evaluations).
func BenchmarkOpeningS22Depth5(b *testing.B) {
	pos := mustParse(b, "xxxxxxxWxxxxxxBxxxxxxx", morris.S22)
	s := morris.NewProgramSearcher(morris.MiniMaxOpening, morris.BoardOf(morris.S22))
	b.ReportAllocs()
	var evals uint64
	for b.Loop() {
		r := s.Search(pos, 5)
		if r.Evaluated != 2043660 {
			b.Fatalf("evaluated %d", r.Evaluated)
		}
		evals += r.Evaluated
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds()/1e6, "Mevals/s")
}

// BenchmarkGameImprovedE21Depth5 is MiniMaxGameImproved on the position of
// the largest row, to compare the improved estimator's cost.
func BenchmarkGameImprovedE21Depth5(b *testing.B) {
	pos := mustParse(b, "xWWxxxxxxxxWxxxBBBxxW", morris.E21).Swap()
	s := morris.NewProgramSearcher(morris.MiniMaxGameImproved, morris.BoardOf(morris.E21))
	b.ReportAllocs()
	var evals uint64
	for b.Loop() {
		evals += s.Search(pos, 5).Evaluated
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds()/1e6, "Mevals/s")
}

// BenchmarkPerftE21Depth5 is the perft of the largest conformance row: its
// 6,449,983 leaves are that search's evaluations.
func BenchmarkPerftE21Depth5(b *testing.B) {
	root := morris.Node{Position: mustParse(b, "xWWxxxxxxxxWxxxBBBxxW", morris.E21), Black: true}
	pf := morris.NewPerft(morris.BoardOf(morris.E21), morris.Game)
	b.ReportAllocs()
	var leaves uint64
	for b.Loop() {
		n := pf.Count(root, 5).Leaves
		if n != 6449983 {
			b.Fatalf("leaves %d", n)
		}
		leaves += n
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}
