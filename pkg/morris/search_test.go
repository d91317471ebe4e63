package morris_test

import (
	"strconv"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
)

// TestSearchProperties checks, over the conformance inputs at depths up to
// 3: ALPHA-BETA gives MINIMAX's board and estimate with no more
// evaluations; the Improved programs count like the standard ones; the
// Black programs equal the White ones on the colour swap.
func TestSearchProperties(t *testing.T) {
	type key struct {
		kind, input string
	}
	done := map[key]bool{}
	for _, c := range readCases(t) {
		k := key{c.kind, c.input}
		if done[k] {
			continue
		}
		done[k] = true
		kind, _ := morris.ParseKind(c.kind)
		b := morris.BoardOf(kind)
		p := mustParse(t, c.input, kind)
		maxDepth := 3
		if d, _ := strconv.Atoi(c.depth); d < maxDepth {
			maxDepth = d
		}
		for depth := 1; depth <= maxDepth; depth++ {
			for _, pair := range [][3]morris.Program{
				{morris.MiniMaxOpening, morris.ABOpening, morris.MiniMaxOpeningImproved},
				{morris.MiniMaxGame, morris.ABGame, morris.MiniMaxGameImproved},
			} {
				mm := morris.NewProgramSearcher(pair[0], b).Search(p, depth)
				ab := morris.NewProgramSearcher(pair[1], b).Search(p, depth)
				im := morris.NewProgramSearcher(pair[2], b).Search(p, depth)
				assert.Equal(t, ab.Board, mm.Board, "%s %s %d", pair[1].Name, c.input, depth)
				assert.Equal(t, ab.Estimate, mm.Estimate)
				assert.Assert(t, ab.Evaluated <= mm.Evaluated)
				assert.Equal(t, im.Evaluated, mm.Evaluated)
			}
			for _, pair := range [][2]morris.Program{
				{morris.MiniMaxOpening, morris.MiniMaxOpeningBlack},
				{morris.MiniMaxGame, morris.MiniMaxGameBlack},
			} {
				w := morris.NewProgramSearcher(pair[0], b).Search(p, depth)
				bl := morris.NewProgramSearcher(pair[1], b).Search(p.Swap(), depth)
				assert.Equal(t, bl.Board.Swap(), w.Board)
				assert.Equal(t, bl.Estimate, w.Estimate)
				assert.Equal(t, bl.Evaluated, w.Evaluated)
			}
		}
	}
}

// TestImprovedDecided checks the contract of docs/morris.md §7.2 on decided
// positions.
func TestImprovedDecided(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	for _, black := range []bool{false, true} {
		twoB := b.ImprovedGame(mustParse(t, "WWxWxxxxxxWxxBxxxxxxxB", morris.S22), black)
		twoW := b.ImprovedGame(mustParse(t, "xxxBBBWWxxxxxxxxBxxxxx", morris.S22), black)
		assert.Assert(t, twoB >= morris.Decided)
		assert.Assert(t, twoW <= -morris.Decided)
		// Black blocked (the swap of the White-blocked row).
		blk := mustParse(t, "WWWBBBWBxBxxBxxxxxxBxx", morris.S22).Swap()
		assert.Assert(t, b.ImprovedGame(blk, black) >= morris.Decided)
	}
}
