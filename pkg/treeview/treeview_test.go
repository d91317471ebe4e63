package treeview_test

import (
	"fmt"
	"strings"
	"testing"

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

func record(t *testing.T, ab bool) (treeview.Tree, search.Result[int]) {
	t.Helper()
	s := search.New[int, int](textbook(), search.Options{Perspective: search.RootPlayer})
	rec := &treeview.Recorder[int, int]{Label: func(_ *int, m int) string { return fmt.Sprintf("m%d", m) }}
	s.SetTracer(rec)
	var r search.Result[int]
	if ab {
		r = s.AlphaBeta(0, 2)
	} else {
		r = s.Minimax(0, 2)
	}
	return rec.Tree("textbook"), r
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
11 nodes
`
	assert.Equal(t, sb.String(), want)
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
	assert.Assert(t, !strings.Contains(out, "pruned"))
}

func TestLimit(t *testing.T) {
	s := search.New[int, int](textbook(), search.Options{Perspective: search.RootPlayer})
	rec := &treeview.Recorder[int, int]{Limit: 5}
	s.SetTracer(rec)
	r := s.Minimax(0, 2)
	assert.Equal(t, r.Value, search.Value(3))
	assert.Assert(t, rec.Truncated)
	assert.Equal(t, len(rec.Nodes), 5)
}
