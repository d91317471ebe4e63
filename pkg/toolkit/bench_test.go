package toolkit

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/games"
	"gotest.tools/v3/assert"
)

// TestBenchQuick runs the quick table: a header and one row per workload,
// each with a count, a time and a rate, and the counts of the workloads
// whose size is known from the games' own tests.
func TestBenchQuick(t *testing.T) {
	t.Parallel()
	out := mustRun(t, "", "bench", "-quick")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	type row struct{ game, workload, unit string }
	var cases []row
	for _, g := range games.All {
		for _, c := range g.Bench(true) {
			cases = append(cases, row{g.Name, c.Workload, c.Unit})
		}
	}
	assert.Equal(t, len(lines), 1+len(cases), out)
	assert.Assert(t, strings.HasPrefix(lines[0], "game "), out)
	// counts are keyed by game and workload: two games may name a
	// workload alike ("perft start depth 5").
	counts := map[string]string{}
	for i, c := range cases {
		l := lines[1+i]
		assert.Assert(t, strings.HasPrefix(l, c.game+" "), l)
		assert.Assert(t, strings.Contains(l, c.workload), l)
		f := strings.Fields(l[strings.Index(l, c.workload)+len(c.workload):])
		assert.Equal(t, len(f), 4, l)
		assert.Equal(t, f[3], c.unit, l)
		assert.Assert(t, strings.HasSuffix(f[1], "s"), l)
		counts[c.game+" "+c.workload] = f[0]
	}
	assert.Equal(t, counts["congo perft start (2022) depth 3"], "17112")
	assert.Equal(t, counts["minichess T-perft start depth 4"], "4212")
	assert.Equal(t, counts["starcircle perft start depth 5"], "23582")
	// The MINIMAX node count is the perft tree's node count (see perft).
	assert.Equal(t, counts["starcircle starcircle start MINIMAX 5"], "26890")
	// MiniMaxGameBlack evaluates exactly the leaves the Morris perft counts.
	assert.Equal(t, counts["morris MiniMaxGameBlack E21 depth 3"], counts["morris perft E21 xWWxxxxxxxxWxxxBBBxxW black depth 3"])
	// -game keeps one game's rows.
	out = mustRun(t, "", "bench", "-quick", "-game", "minichess")
	assert.Equal(t, strings.Count(out, "\nminichess "), 3, out)
	assert.Equal(t, strings.Count(out, "\n"), 4, out)
	// -repeat runs each workload N times and reports the fastest.
	out = mustRun(t, "", "bench", "-quick", "-repeat", "3", "-game", "morris")
	assert.Assert(t, strings.Contains(strings.SplitN(out, "\n", 2)[0], "best of 3"), out)
	assert.Equal(t, strings.Count(out, "\nmorris "), 3, out)
}

// TestBenchMissingCorpus: a -corpus that does not exist is a usage error
// (exit 2, one stderr line naming it), not a table of skipped rows.
func TestBenchMissingCorpus(t *testing.T) {
	t.Parallel()
	var out, errb strings.Builder
	code := Run([]string{"bench", "-quick", "-corpus", "/nonexistent/corpus"}, strings.NewReader(""), &out, &errb)
	assert.Equal(t, code, 2)
	assert.Equal(t, strings.Count(errb.String(), "\n"), 1, errb.String())
	assert.Assert(t, strings.Contains(errb.String(), "/nonexistent/corpus"), errb.String())
	assert.Equal(t, out.String(), "")
}
