package morris_test

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"gotest.tools/v3/assert"
)

func children(t testing.TB, k morris.Kind, s string, ph morris.Phase, black bool) []string {
	b := morris.BoardOf(k)
	n := morris.Node{Position: mustParse(t, s, k), Black: black}
	var out []string
	for _, c := range b.AppendChildren(nil, &n, ph) {
		assert.Equal(t, c.Black, !black)
		out = append(out, c.Format(b.N))
	}
	return out
}

// TestWorkedExample is docs/morris.md §4.9: 13 children in this exact order.
func TestWorkedExample(t *testing.T) {
	got := children(t, morris.S22, "WWxxxWxxxBWxxxBxxxxxBx", morris.Game, false)
	want := []string{
		"xWxWxWxxxBWxxxBxxxxxBx", "xWxxxWxxxBWxxxBxxxxWBx", "WxWxxWxxxBWxxxBxxxxxBx",
		"WxxxWWxxxBWxxxBxxxxxBx", "WWWxxxxxxxWxxxBxxxxxBx", "WWWxxxxxxBWxxxxxxxxxBx",
		"WWWxxxxxxBWxxxBxxxxxxx", "WWxxWxxxxBWxxxBxxxxxBx", "WWxxxxxWxBWxxxBxxxxxBx",
		"WWxxxxxxxBWWxxBxxxxxBx", "WWxxxWxWxBxxxxBxxxxxBx", "WWxxxWxxxBxWxxBxxxxxBx",
		"WWxxxWxxxBxxxxBWxxxxBx",
	}
	assert.DeepEqual(t, got, want)
	b := morris.BoardOf(morris.S22)
	for i, c := range want {
		v := b.StandardGame(mustParse(t, c, morris.S22))
		if i >= 4 && i <= 6 {
			assert.Equal(t, v, int64(10000))
		} else {
			assert.Equal(t, v, int64(952), c)
		}
	}
}

// TestHoppingOrder: S22 WxxxxxWxxxxxxxxWBBBxBx has 45 children, the first
// xWxxxxWxxxxxxxxWBBBxBx (docs/morris.md §4.9).
func TestHoppingOrder(t *testing.T) {
	got := children(t, morris.S22, "WxxxxxWxxxxxxxxWBBBxBx", morris.Game, false)
	assert.Equal(t, len(got), 45)
	assert.Equal(t, got[0], "xWxxxxWxxxxxxxxWBBBxBx")
}

// TestRemovalFallback: placing on g0 closes a0-d0-g0, every black piece is
// in a mill, so the unchanged board is the child (docs/morris.md §6.9).
func TestRemovalFallback(t *testing.T) {
	got := children(t, morris.S22, "WWxxxxxxxxxxxxxxBBBxxx", morris.Opening, false)
	assert.Equal(t, len(got), 17)
	assert.Equal(t, got[0], "WWWxxxxxxxxxxxxxBBBxxx")
	// Black's view of the same position: 17 placements of a fourth piece.
	got = children(t, morris.S22, "WWxxxxxxxxxxxxxxBBBxxx", morris.Opening, true)
	assert.Equal(t, len(got), 17)
	assert.Equal(t, got[0], "WWBxxxxxxxxxxxxxBBBxxx")
}

// TestCloseMill checks closeMill on the handout's samples.
func TestCloseMill(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	p := mustParse(t, "WWWxxxxxxxxxxxxxxxxxxx", morris.S22)
	assert.Assert(t, b.CloseMill(0, p) && b.CloseMill(1, p) && b.CloseMill(2, p))
	assert.Assert(t, !b.CloseMill(3, p))
	p = mustParse(t, "BxxBxxBxxxxxxxxxxxxxxx", morris.S22)
	assert.Assert(t, b.CloseMill(0, p) && b.CloseMill(6, p))
	p = mustParse(t, "WxxWxxBxxxxxxxxxxxxxxx", morris.S22)
	assert.Assert(t, !b.CloseMill(0, p))
}

// TestBlackIsSwap checks on every conformance input that Black's children
// are the swapped White children of the swapped board, in the same order,
// that they are distinct, and that the fast count equals the list length.
func TestBlackIsSwap(t *testing.T) {
	for _, c := range readCases(t) {
		k, _ := morris.ParseKind(c.kind)
		b := morris.BoardOf(k)
		p := mustParse(t, c.input, k)
		for _, ph := range []morris.Phase{morris.Opening, morris.Game} {
			bl := morris.Node{Position: p, Black: true}
			sw := morris.Node{Position: p.Swap()}
			cb := b.AppendChildren(nil, &bl, ph)
			cw := b.AppendChildren(nil, &sw, ph)
			assert.Equal(t, len(cb), len(cw))
			seen := map[morris.Position]bool{}
			for i := range cb {
				assert.Equal(t, cb[i].Position, cw[i].Position.Swap())
				assert.Assert(t, !seen[cb[i].Position], "duplicate child")
				seen[cb[i].Position] = true
			}
			assert.Equal(t, b.CountMoves(&bl, ph), len(cb))
			w := morris.Node{Position: p}
			assert.Equal(t, b.CountMoves(&w, ph), len(b.AppendChildren(nil, &w, ph)))
		}
	}
}

// TestNoAllocation checks that generation, evaluation and a whole search do
// not allocate once the buffers exist.
func TestNoAllocation(t *testing.T) {
	b := morris.BoardOf(morris.S22)
	n := morris.Node{Position: mustParse(t, "WWxxxWxxxBWxxxBxxxxxBx", morris.S22)}
	buf := make([]morris.Node, 0, 1024)
	allocs := testing.AllocsPerRun(100, func() {
		buf = b.AppendChildren(buf[:0], &n, morris.Game)
		buf = b.AppendChildren(buf[:0], &n, morris.Opening)
		for _, e := range []morris.Estimator{morris.Standard, morris.Improved} {
			_ = b.Evaluate(&n, morris.Game, e)
			_ = b.Evaluate(&n, morris.Opening, e)
		}
	})
	assert.Equal(t, allocs, 0.0)
	for _, p := range morris.Programs {
		s := morris.NewProgramSearcher(p, b)
		s.Search(n.Position, 3)
		allocs = testing.AllocsPerRun(5, func() { s.Search(n.Position, 3) })
		assert.Equal(t, allocs, 0.0, p.Name)
	}
}
