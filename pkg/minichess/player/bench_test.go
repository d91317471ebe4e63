package player_test

import (
	"strings"
	"testing"
	"time"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
)

func benchBaseline(b *testing.B, level int) {
	var ps []minichess.Position
	for _, row := range readTSV(b, "baselines.tsv") {
		p, err := minichess.ParseState(strings.NewReader(unescape(row["state"])), "state")
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	emit := func(minichess.Move) error { return nil }
	var worst time.Duration
	for b.Loop() {
		for i := range ps {
			t0 := time.Now()
			if _, err := player.Baseline(&ps[i], level, emit); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, time.Since(t0))
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "max-ms/pos")
	b.ReportMetric(b.Elapsed().Seconds()*1000/float64(b.N*len(ps)), "mean-ms/pos")
}

// BenchmarkBaseline4 runs baseline4 on the 100 positions of baselines.tsv and
// reports the slowest and the mean time per position (target < 500 ms).
func BenchmarkBaseline4(b *testing.B) { benchBaseline(b, 4) }

// BenchmarkBaseline3 is the same for baseline3 (target < 100 ms).
func BenchmarkBaseline3(b *testing.B) { benchBaseline(b, 3) }

// BenchmarkAlphaBetaStart6 measures player_alphabeta's search to depth 6
// from the start position.
func BenchmarkAlphaBetaStart6(b *testing.B) {
	p := minichess.StartPosition()
	emit := func(minichess.Move) error { return nil }
	for b.Loop() {
		player.Deepen(&p, true, player.Limits{Depth: 6}, emit, nil)
	}
}
