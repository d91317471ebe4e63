package roundrobin

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/golden"
)

// BenchmarkRoundRobin plays the full Part 6 round robin of the report (six
// games of up to 100 moves by each side, 2021 rules) and compares its
// tables and the records of its games with the golden files (-update
// rewrites them): the report's bytes. It reports the games' moves per
// second. TestPart6Golden checks the first 10 moves of each game in every
// go test; this runs the whole games:
//
//	go test -run '^$' -bench RoundRobin -benchtime 1x ./pkg/congo/arena/roundrobin
func BenchmarkRoundRobin(b *testing.B) {
	moves := 0
	dir := filepath.Join(testutil.RepoRoot(b), "testdata", "congo-roundrobin")
	for i := 0; i < b.N; i++ {
		cfg := DefaultConfig()
		games, err := Play(cfg, Entrants())
		if err != nil {
			b.Fatal(err)
		}
		for _, g := range games {
			moves += len(g.Moves)
		}
		if i > 0 {
			continue
		}
		golden.Assert(b, string(Tables(cfg, Entrants(), games)), filepath.Join(dir, "part6.md"))
		var records strings.Builder
		for n, g := range games {
			fmt.Fprintf(&records, "== %s\n", RecordName(n+1, g))
			records.Write(Record(cfg, n+1, g))
		}
		golden.Assert(b, records.String(), filepath.Join(dir, "part6-games.txt"))
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}
