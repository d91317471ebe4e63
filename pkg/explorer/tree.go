package explorer

import (
	"fmt"
	"math"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/treeview"
)

// Node is one recorded search node. Values and windows are from the root
// player's viewpoint (MAX at even plies), whatever form the search uses.
type Node struct {
	// Parent is the index of the parent in Tree.Nodes (-1 for the root) and
	// Index the position of the node's move in the parent's move list.
	Parent, Index int32
	// Ply is the distance from the root.
	Ply int32
	// Move labels the move that leads to the node ("" for the root).
	Move string
	// Value is the node's value; Alpha and Beta the window it was searched
	// with.
	Value, Alpha, Beta search.Value
	// Leaf tells that the node was scored without children.
	Leaf bool
	// Chosen marks the child that gave its parent its value.
	Chosen bool
	// Pruned is the number of the node's moves a cut-off left unsearched.
	Pruned int32
	// Children are the indexes of the children, in visit order.
	Children []int32
	// Size is the number of nodes of the subtree, the node included.
	Size int32
	// EnterAt and LeaveAt are the node's two events in Tree.Events.
	EnterAt, LeaveAt int32
}

// Tree is a recorded search: the nodes in visit order (the order the
// search entered them, so node i has the visit number i+1) and the events
// of the search, an enter and a leave per node, in order.
type Tree struct {
	Nodes []Node
	// Events holds node<<1 for an enter and node<<1|1 for a leave.
	Events []int32
	// Inf is the search's infinity, shown as "-inf" and "+inf".
	Inf search.Value
	// Scale, when positive, shows values in units of 10^-Scale
	// (Star/Circle row values with decimals).
	Scale int
}

// FormatValue shows v: "-inf", "+inf", or the number at the tree's scale
// ([search.FormatBound]).
func (t *Tree) FormatValue(v search.Value) string {
	return search.FormatBound(v, t.Inf, t.Scale)
}

// Path returns the move indexes from the root to node i.
func (t *Tree) Path(i int) []int {
	var rev []int
	for ; i > 0; i = int(t.Nodes[i].Parent) {
		rev = append(rev, int(t.Nodes[i].Index))
	}
	path := make([]int, len(rev))
	for k := range rev {
		path[k] = rev[len(rev)-1-k]
	}
	return path
}

// PV returns the principal variation: the chosen children from the root.
func (t *Tree) PV() []int {
	if len(t.Nodes) == 0 {
		return nil
	}
	pv := []int{0}
	for i := 0; ; {
		next := -1
		for _, c := range t.Nodes[i].Children {
			if t.Nodes[c].Chosen {
				next = int(c)
				break
			}
		}
		if next < 0 {
			return pv
		}
		pv = append(pv, next)
		i = next
	}
}

// SearchOptions returns opt with lim's node limit and stop test, for the
// searcher that [Record] runs.
func (lim Limits) SearchOptions(opt search.Options) search.Options {
	if lim.MaxNodes > 0 {
		opt.MaxNodes = uint64(lim.MaxNodes) + 1
	}
	opt.Stop = lim.Stop
	return opt
}

// Record runs the search of s from root to depth (alpha-beta when
// alphaBeta, else minimax) with a recorder and returns the tree and the
// search's result. s must have been created with lim.SearchOptions, so
// that a tree over lim.MaxNodes nodes or a stop ends the search early, with
// an error wrapping [ErrTooBig] or [ErrStopped]. label names the move m
// from parent to child. The tree's nodes are exactly the nodes the search
// counts.
func Record[P, M any, G search.Game[P, M]](s *search.Searcher[P, M, G], root P, alphaBeta bool, depth int, lim Limits,
	inf search.Value, label func(parent, child *P, m M) string) (*Tree, search.Result[M], error) {
	limit := lim.MaxNodes
	if limit <= 0 {
		limit = math.MaxInt
	}
	rec := &treeview.Recorder[P, M]{Inf: inf, Limit: limit, PathLabel: label}
	r := treeview.Search(rec, s, root, alphaBeta, depth)
	if r.Aborted || rec.Truncated {
		if lim.Stop != nil && lim.Stop() {
			return nil, r, ErrStopped
		}
		return nil, r, fmt.Errorf("%w: more than %d nodes; lower the depth", ErrTooBig, lim.MaxNodes)
	}
	if uint64(len(rec.Nodes)) != r.Nodes {
		return nil, r, fmt.Errorf("recorded %d nodes, the search counted %d", len(rec.Nodes), r.Nodes)
	}
	return treeOf(rec, inf), r, nil
}

// treeOf is the explorer's compact form of a recorded tree.
func treeOf[P, M any](rec *treeview.Recorder[P, M], inf search.Value) *Tree {
	t := &Tree{Inf: inf, Nodes: make([]Node, len(rec.Nodes)), Events: make([]int32, len(rec.Events))}
	for i, n := range rec.Nodes {
		children := make([]int32, len(n.Children))
		for j, c := range n.Children {
			children[j] = int32(c)
		}
		t.Nodes[i] = Node{Parent: int32(n.Parent), Index: int32(n.Index), Ply: int32(n.Ply), Move: n.Move,
			Value: n.Value, Alpha: n.Alpha, Beta: n.Beta, Leaf: n.Leaf, Chosen: n.Chosen, Pruned: int32(n.Pruned),
			Children: children, Size: int32(n.Size), EnterAt: int32(n.EnterAt), LeaveAt: int32(n.LeaveAt)}
	}
	for i, e := range rec.Events {
		t.Events[i] = int32(e)
	}
	return t
}
