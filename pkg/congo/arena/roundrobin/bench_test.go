package roundrobin

import "testing"

// BenchmarkRoundRobin plays the full Part 6 round robin (two games of up to
// 100 moves by each side) of the course players; it reports the games' moves
// per second.
func BenchmarkRoundRobin(b *testing.B) {
	moves := 0
	for i := 0; i < b.N; i++ {
		games, err := Play(DefaultConfig(), Entrants())
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range games {
			moves += len(g.Moves)
		}
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}
