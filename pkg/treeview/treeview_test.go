package treeview_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/treeview"
	"gotest.tools/v3/assert"
)

// tree: root 0 with MIN children 1..3; leaves numbered after them.
type tree struct {
	kids [][]int
	val  []search.Value
}

func (t tree) Terminal(p *int) bool          { return len(t.kids[*p]) == 0 }
func (t tree) Moves(p *int, buf []int) []int { return append(buf, t.kids[*p]...) }
func (t tree) Play(dst, p *int, m int)       { *dst = m }
func (t tree) Evaluate(p *int) search.Value  { return t.val[*p] }

func textbook() tree {
	t := tree{kids: [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}}}
	for len(t.kids) < 13 {
		t.kids = append(t.kids, nil)
	}
	t.val = []search.Value{0, 0, 0, 0, 3, 12, 8, 2, 4, 6, 14, 5, 2}
	return t
}

// record records the textbook tree's search with the explorer's recorder.
func record(t *testing.T, ab bool) (treeview.Tree, search.Result[int]) {
	t.Helper()
	lim := explorer.Limits{MaxNodes: 100}
	rec, r, err := explorer.Record(textbook(), search.Options{Perspective: search.RootPlayer}, 0, ab, 2, lim, func(_, _ *int, m int) string { return fmt.Sprintf("m%d", m) })
	assert.NilError(t, err)
	return rec.Drawing("textbook"), r
}

func TestTextAlphaBeta(t *testing.T) {
	tr, r := record(t, true)
	assert.Equal(t, uint64(len(tr.Nodes)), r.Nodes)
	var sb strings.Builder
	assert.NilError(t, tr.WriteText(&sb))
	want := `textbook
#1 root [MAX] = 3
|-- *#2 m1 [MIN] = 3
|   |-- *#3 m4 [MAX] = 3 leaf
|   |-- #4 m5 [MAX] = 12 leaf
|   ` + "`" + `-- #5 m6 [MAX] = 8 leaf
|-- #6 m2 [MIN] = 2 cut: 2 pruned
|   ` + "`" + `-- *#7 m7 [MAX] = 2 leaf
` + "`" + `-- #8 m3 [MIN] = 2
    |-- #9 m10 [MAX] = 14 leaf
    |-- #10 m11 [MAX] = 5 leaf
    ` + "`" + `-- *#11 m12 [MAX] = 2 leaf
` + legend + `11 nodes
`
	assert.Equal(t, sb.String(), want)
}

// legend is the legend of the text drawings.
const legend = `legend:
  #ID move      visit order of the search (the root is #1) and the move to the node
  [MAX] [MIN]   the side to move maximises or minimises; "= V" is the value for the root player (MAX)
  *             the chosen child: it gave its parent its value (from the root: the principal variation)
  leaf          scored by the evaluation (horizon or end of game)
  cut: N pruned alpha-beta cut-off: the node's last N moves were not searched
  +N more       collapsed: N search nodes not drawn, K moves of the node and all below them, C cut-offs among them
`

// TestCollapse: the principal variation and the cut-off node stay, the
// budget is filled breadth first, and each drawn node counts what is left
// out below it; with a budget below the principal variation's length only
// the variation is drawn.
func TestCollapse(t *testing.T) {
	tr, _ := record(t, true)
	text := func(tr treeview.Tree) string {
		var sb strings.Builder
		assert.NilError(t, tr.WriteText(&sb))
		return sb.String()
	}
	c := tr.Collapse(5)
	assert.Equal(t, len(c.Nodes), 5)
	assert.Equal(t, text(c), `textbook
#1 root [MAX] = 3
|-- *#2 m1 [MIN] = 3
|   |-- *#3 m4 [MAX] = 3 leaf
|   `+"`"+`-- ... +2 more (2 moves)
|-- #6 m2 [MIN] = 2 cut: 2 pruned
|   `+"`"+`-- ... +1 more (1 move)
`+"`"+`-- #8 m3 [MIN] = 2
    `+"`"+`-- ... +3 more (3 moves)
`+legend+`11 nodes, 5 drawn
`)
	c = tr.Collapse(2)
	assert.Equal(t, text(c), `textbook
#1 root [MAX] = 3
|-- *#2 m1 [MIN] = 3
|   |-- *#3 m4 [MAX] = 3 leaf
|   `+"`"+`-- ... +2 more (2 moves)
`+"`"+`-- ... +6 more (2 moves, 1 cut-off)
`+legend+`11 nodes, 3 drawn
`)
	var sb strings.Builder
	assert.NilError(t, c.WriteDOT(&sb))
	dot := sb.String()
	assert.Assert(t, strings.Contains(dot, `  more1 [label="+6 more (2 moves, 1 cut-off)", style=dashed, color=gray50, fontcolor=gray40];`+"\n"), dot)
	assert.Assert(t, strings.Contains(dot, "  n1 -> more1 [style=dotted, color=gray50];\n"), dot)
	assert.Assert(t, strings.Contains(dot, "  n2 -> more2 [style=dotted, color=gray50];\n"), dot)
	assert.Equal(t, strings.Count(dot, " -> n"), 2)
	// Small enough trees, and no limit, are drawn whole; the original is
	// untouched.
	assert.DeepEqual(t, tr.Collapse(11), tr)
	assert.DeepEqual(t, tr.Collapse(0), tr)
	assert.Equal(t, len(tr.Nodes), 11)
	assert.Assert(t, strings.HasSuffix(text(tr), legend+"11 nodes\n"))
}

func TestDOTMinimax(t *testing.T) {
	tr, r := record(t, false)
	assert.Equal(t, len(tr.Nodes), 13)
	assert.Equal(t, uint64(len(tr.Nodes)), r.Nodes)
	var sb strings.Builder
	assert.NilError(t, tr.WriteDOT(&sb))
	out := sb.String()
	assert.Assert(t, strings.HasPrefix(out, "digraph search {\n"))
	assert.Equal(t, strings.Count(out, " -> n"), 12)
	assert.Assert(t, strings.Contains(out, `n1 -> n2 [label="m1", style=bold];`))
	assert.Assert(t, strings.Contains(out, `n1 [label="root\nMAX 3\n#1"];`))
	assert.Assert(t, !strings.Contains(out, " -> cut"))
	assert.Assert(t, !strings.Contains(out, " -> more"))
	assert.Assert(t, strings.Contains(out, "\n  legend [label=\"legend\\l"), out)
}

// TestLimit: the recorder takes a tree of exactly its limit and refuses a
// larger one.
func TestLimit(t *testing.T) {
	for _, c := range []struct {
		max int
		ok  bool
	}{{13, true}, {12, false}} {
		lim := explorer.Limits{MaxNodes: c.max}
		rec, _, err := explorer.Record(textbook(), search.Options{Perspective: search.RootPlayer}, 0, false, 2, lim, func(_, _ *int, _ int) string { return "" })
		if c.ok {
			assert.NilError(t, err)
			assert.Equal(t, len(rec.Drawing("").Nodes), 13)
		} else {
			assert.ErrorIs(t, err, explorer.ErrTooBig)
		}
	}
}
