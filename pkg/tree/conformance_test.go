package tree

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// published are the textbook answers of the corpus' trees
// (testdata/conformance/tree/README.md): the root's value and best move,
// and the leaves the textbook's alpha-beta never evaluates.
var published = map[string]struct {
	value    Value
	move     string
	unsearch []string
}{
	"aima_fig5_2":   {3, "a1", []string{"c2", "c3"}},
	"aima_layout":   {3, "a1", []string{"c2", "c3"}},
	"gfg_minimax":   {12, "a2", []string{"g2"}},
	"gfg_alphabeta": {5, "a1", []string{"e2", "g1", "g2"}},
}

// TestConformance runs tree-minimax and tree-alphabeta in-process on every
// case of testdata/conformance/tree and compares stdout byte for byte with
// NAME.PROGRAM.out; each answer has the published value and move, and
// alpha-beta evaluates every leaf but the published unsearched ones (the
// independent textbook alpha-beta of tree_test.go agrees).
func TestConformance(t *testing.T) {
	dir := testutil.Conformance(t, "tree")
	ins, err := filepath.Glob(filepath.Join(dir, "*.in"))
	assert.NilError(t, err)
	assert.Equal(t, len(ins), len(published))
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		t.Run(name, func(t *testing.T) {
			pub, ok := published[name]
			assert.Assert(t, ok, "%s has no published answer in the test", name)
			data, err := os.ReadFile(in)
			assert.NilError(t, err)
			tr, err := Parse(data)
			assert.NilError(t, err)
			var leaves []string
			for _, l := range tr.Leaves(0) {
				leaves = append(leaves, tr.Label[l])
			}
			searched := slices.DeleteFunc(slices.Clone(leaves), func(l string) bool { return slices.Contains(pub.unsearch, l) })
			assert.DeepEqual(t, evaluated(tr), searched)
			for _, p := range []Program{Minimax, AlphaBeta} {
				want, err := os.ReadFile(filepath.Join(dir, name+"."+p.Name+".out"))
				assert.NilError(t, err)
				var stdout, stderr bytes.Buffer
				assert.Equal(t, p.Run(nil, bytes.NewReader(data), &stdout, &stderr), 0, stderr.String())
				assert.Equal(t, stdout.String(), string(want))
				n := len(leaves)
				if p.AlphaBeta {
					n -= len(pub.unsearch)
				}
				head := fmt.Sprintf("value: %d\nmove: %s\nleaves evaluated: %d\n", pub.value, pub.move, n)
				assert.Assert(t, strings.HasPrefix(stdout.String(), head), "%s: %s, want %s", p.Name, stdout.String(), head)
			}
		})
	}
}
