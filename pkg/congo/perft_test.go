package congo

import (
	"fmt"
	"testing"

	"gotest.tools/v3/assert"
)

// perftTable holds the perft counts of docs/congo.md ("Perft").
var perftTable = []struct {
	rules  Edition
	counts []uint64 // depths 1, 2, ...
}{
	{Edition2021, []uint64{25, 625, 15354, 377134, 9333069, 230863126}},
	{Edition2022, []uint64{26, 676, 17112, 433025, 10939217, 276083539}},
}

func TestPerftStart(t *testing.T) {
	maxDepth := 6
	if testing.Short() {
		maxDepth = 5
	}
	for _, tc := range perftTable {
		p := mustFEN(t, StartFEN(tc.rules))
		for d := 1; d <= maxDepth; d++ {
			assert.Equal(t, NewPerft(tc.rules).Count(p, d).Leaves, tc.counts[d-1], "%s start, depth %d", tc.rules, d)
		}
	}
}

// TestPerftMakeEqualsBulk checks make-move perft against bulk-counted perft
// on the start positions and on constructed positions with drowning,
// promotion, flights and missing lions.
func TestPerftMakeEqualsBulk(t *testing.T) {
	fens := []string{
		StartFEN(Edition2021),
		StartFEN(Edition2022),
		"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
		"7/P6/2ls1s1/1g5/4p2/ps1ppS1/2L4 b 1",
		"7/1pg4/p1pl1Z1/p3S2/1PL3p/3G1pp/7 w 23",
		"7/7/2l4/7/7/2L4/7 w 8",
		"2l4/1s4P/PP2p2/6p/1P2LPP/1PG1pp1/Z2z3 w 23",
		"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0",
	}
	for _, f := range fens {
		for _, r := range []Edition{Edition2021, Edition2022} {
			p := mustFEN(t, f)
			for d := 1; d <= 4; d++ {
				assert.Equal(t, NewPerftMake(r).Count(p, d).Leaves, NewPerft(r).Count(p, d).Leaves, "%s rules %s depth %d", f, r, d)
			}
		}
	}
}

// TestHashIncremental checks that the hash kept by MakeMove equals the hash
// of the position parsed from scratch, along every line of a small tree.
func TestHashIncremental(t *testing.T) {
	var walk func(p *Position, d int)
	walk = func(p *Position, d int) {
		q := mustFEN(t, p.String())
		assert.Equal(t, p.Hash(), q.Hash(), p.String())
		if d == 0 || p.LionMissing() {
			return
		}
		for _, m := range p.GenerateMoves(nil) {
			var c Position
			p.Play(&c, m, Edition2022)
			walk(&c, d-1)
		}
	}
	p := mustFEN(t, "7/P6/2ls1s1/1g5/4p2/ps1ppS1/2L4 b 1")
	walk(&p, 3)
	a, b := mustFEN(t, StartFEN(Edition2022)), mustFEN(t, "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z b 0")
	assert.Assert(t, a.Hash() != b.Hash(), "side to move must change the hash")
}

func mustFEN(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParseFEN(s)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", s, err)
	}
	return p
}

func BenchmarkPerft(b *testing.B) {
	for _, tc := range perftTable {
		for _, d := range []int{4, 5} {
			b.Run(fmt.Sprintf("%s/depth%d", tc.rules, d), func(b *testing.B) {
				p := mustFEN(b, StartFEN(tc.rules))
				pf := NewPerft(tc.rules)
				var n uint64
				for b.Loop() {
					n += pf.Count(p, d).Leaves
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			})
		}
	}
}

func BenchmarkPerftMake(b *testing.B) {
	p := mustFEN(b, StartFEN(Edition2022))
	pf := NewPerftMake(Edition2022)
	var n uint64
	for b.Loop() {
		n += pf.Count(p, 4).Leaves
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}
