package search_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/search"
	"gotest.tools/v3/assert"
)

// perftTree is an explicit move tree for the perft: node i has children
// kids[i] and ends the game when end[i], even if it has children (a perft
// must not expand it).
type perftTree struct {
	kids [][]int
	end  []bool
}

func (t perftTree) Terminal(p *int) bool          { return t.end[*p] }
func (t perftTree) Moves(p *int, buf []int) []int { return append(buf, t.kids[*p]...) }
func (t perftTree) Play(dst, p *int, m int)       { *dst = m }
func (t perftTree) CountReplies(p *int, m int) int {
	if t.end[m] {
		return -1
	}
	return len(t.kids[m])
}

// countingTree is a perftTree that counts terminal leaves in bulk (a
// [search.TerminalCounter]).
type countingTree struct{ perftTree }

func (t countingTree) CountTerminal(p *int) (moves, terminal int) {
	for _, m := range t.kids[*p] {
		if t.end[m] {
			terminal++
		}
	}
	return len(t.kids[*p]), terminal
}

// randomPerftTree returns a tree of the given height whose nodes have 0 to 4
// children; about one node in six ends the game.
func randomPerftTree(seed int64, height int) perftTree {
	r := rand.New(rand.NewSource(seed))
	t := perftTree{kids: [][]int{nil}, end: []bool{false}}
	level := []int{0}
	for range height {
		var next []int
		for _, p := range level {
			for range r.Intn(5) {
				c := len(t.kids)
				t.kids = append(t.kids, nil)
				t.end = append(t.end, r.Intn(6) == 0)
				t.kids[p] = append(t.kids[p], c)
				next = append(next, c)
			}
		}
		level = next
	}
	return t
}

// reference counts the tree of p to depth d by the definition of
// [search.PerftRule], one node at a time.
func (t perftTree) reference(rule search.PerftRule, p, d int) search.PerftCount {
	c := search.PerftCount{Nodes: 1}
	switch {
	case d == 0:
		c.Leaves = 1
		if rule.CountTerminal && t.end[p] {
			c.Terminal = 1
		}
	case t.end[p]:
		if rule.TerminalLeaf {
			c.Leaves = 1
		}
	case len(t.kids[p]) == 0:
		if rule.NoMovesLeaf {
			c.Leaves = 1
		}
	default:
		for _, k := range t.kids[p] {
			c = c.Add(t.reference(rule, k, d-1))
		}
	}
	return c
}

// TestPerftRules checks Count and Divide, with bulk counting and without,
// against the one-node-at-a-time definition on random trees, for every rule
// and every depth to the trees' height and beyond, for a tree that counts
// terminal leaves in bulk and one that does not.
func TestPerftRules(t *testing.T) {
	var rules []search.PerftRule
	for bits := range 16 {
		rules = append(rules, search.PerftRule{
			TerminalLeaf:  bits&1 != 0,
			NoMovesLeaf:   bits&2 != 0,
			CountTerminal: bits&4 != 0,
			MakeLeaves:    bits&8 != 0,
		})
	}
	for seed := range int64(20) {
		tr := randomPerftTree(seed, 6)
		for _, rule := range rules {
			for ct, pf := range []perftCounter{search.NewPerft[int, int](tr, rule), search.NewPerft[int, int](countingTree{tr}, rule)} {
				name := fmt.Sprintf("seed %d, %+v, counting tree %v", seed, rule, ct == 1)
				checkPerft(t, tr, rule, pf, name)
			}
		}
	}
}

// perftCounter is a [search.Perft] of ints over any tree type.
type perftCounter interface {
	Count(root, depth int) search.PerftCount
	Divide(root, depth int, each func(m int, c search.PerftCount)) search.PerftCount
}

// checkPerft checks pf's Count and Divide of tr's root under rule at every
// depth to the tree's height and beyond.
func checkPerft(t *testing.T, tr perftTree, rule search.PerftRule, pf perftCounter, prefix string) {
	t.Helper()
	for d := range 8 {
		name := fmt.Sprintf("%s, depth %d", prefix, d)
		want := tr.reference(rule, 0, d)
		assert.Equal(t, pf.Count(0, d), want, name)
		var sum search.PerftCount
		calls := 0
		got := pf.Divide(0, d, func(m int, c search.PerftCount) {
			assert.Equal(t, c, tr.reference(rule, m, d-1), "%s, move %d", name, m)
			sum = sum.Add(c)
			calls++
		})
		assert.Equal(t, got, want, name)
		if calls > 0 {
			assert.Equal(t, sum.Add(search.PerftCount{Nodes: 1}), want, name)
		}
	}
}

// TestPerftBulkCountsLeavesOnce checks that the bulk path agrees with
// MakeLeaves on a tree whose nodes next to the horizon are terminal or
// stuck: the cases CountReplies reports as -1 and 0.
func TestPerftBulkCountsLeavesOnce(t *testing.T) {
	// 0 -> 1 (ends the game, has a child), 2 (stuck), 3 -> 4, 5.
	tr := perftTree{kids: [][]int{{1, 2, 3}, {6}, nil, {4, 5}, nil, nil, nil}, end: []bool{false, true, false, false, false, false, false}}
	for _, rule := range []search.PerftRule{{}, {TerminalLeaf: true}, {NoMovesLeaf: true}, {TerminalLeaf: true, NoMovesLeaf: true}} {
		bulk := search.NewPerft[int, int](tr, rule).Count(0, 2)
		rule.MakeLeaves = true
		made := search.NewPerft[int, int](tr, rule).Count(0, 2)
		assert.Equal(t, bulk, made, "%+v", rule)
	}
	c := search.NewPerft[int, int](tr, search.PerftRule{TerminalLeaf: true, NoMovesLeaf: true}).Count(0, 2)
	assert.Equal(t, c, search.PerftCount{Leaves: 4, Nodes: 6})
}
