package explorer

import (
	"fmt"
	"iter"
	"math"
	"slices"
	"unsafe"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/treeview"
)

// Node is one recorded search node. Values and windows are from the root
// player's viewpoint (MAX at even plies), whatever form the search uses.
// Nodes are kept in visit order (depth first), so a node's first child is
// the next node and each further child follows the subtree of the one
// before it: no child list is stored.
type Node struct {
	// Value is the node's value; Alpha and Beta the window it was searched
	// with.
	Value, Alpha, Beta search.Value
	// Parent is the index of the parent in the tree (-1 for the root) and
	// Index the position of the node's move in the parent's move list.
	Parent, Index int32
	// Size is the number of nodes of the subtree, the node included;
	// Children the number of its children.
	Size, Children int32
	// Pruned is the number of the node's moves a cut-off left unsearched.
	Pruned int32
	// Move is the index in Tree.Labels of the label of the move that leads
	// to the node (the root's is "").
	Move int32
	// Ply is the distance from the root.
	Ply int16
	// Leaf tells that the node was scored without children.
	Leaf bool
	// Chosen marks the child that gave its parent its value.
	Chosen bool
}

// NodeBytes is the memory of one recorded node.
const NodeBytes = int64(unsafe.Sizeof(Node{}))

// chunkNodes is the number of nodes allocated at a time: a tree grows by
// whole chunks, never by copying, so a search of n nodes holds at most
// n+chunkNodes nodes' memory.
const chunkNodes = 1 << 14

// Tree is a recorded search: the nodes in visit order (the order the
// search entered them, so node i has the visit number i+1). Its events,
// an enter and a leave per node, follow from that order ([Tree.Event]).
type Tree struct {
	chunks [][]Node
	n      int
	// Labels are the distinct move labels; Node.Move indexes them.
	Labels []string
	// AlphaBeta tells that the search was alpha-beta, not minimax.
	AlphaBeta bool
	// Inf is the search's infinity, shown as "-inf" and "+inf".
	Inf search.Value
	// Scale, when positive, shows values in units of 10^-Scale
	// (Star/Circle row values with decimals).
	Scale int
}

// Len returns the number of nodes.
func (t *Tree) Len() int { return t.n }

// At returns node i.
func (t *Tree) At(i int) *Node { return &t.chunks[i/chunkNodes][i%chunkNodes] }

// MoveOf returns the label of the move that leads to node i.
func (t *Tree) MoveOf(i int) string { return t.Labels[t.At(i).Move] }

// Bytes returns the memory the tree holds: its node chunks and labels.
func (t *Tree) Bytes() int64 {
	b := int64(len(t.chunks))*chunkNodes*NodeBytes + int64(cap(t.chunks))*int64(unsafe.Sizeof([]Node{}))
	for _, l := range t.Labels {
		b += int64(len(l)) + int64(unsafe.Sizeof(l))
	}
	return b
}

// add appends a node and returns its index.
func (t *Tree) add(n Node) int {
	if t.n == len(t.chunks)*chunkNodes {
		t.chunks = append(t.chunks, make([]Node, chunkNodes))
	}
	*t.At(t.n) = n
	t.n++
	return t.n - 1
}

// Kids returns the indexes of the children of node i, in visit order.
func (t *Tree) Kids(i int) []int {
	return slices.AppendSeq(make([]int, 0, t.At(i).Children), t.kids(i))
}

// kids yields the children of node i, in visit order, without allocating
// (the recorder walks them at every node it leaves).
func (t *Tree) kids(i int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for c, k := i+1, int32(0); k < t.At(i).Children; k++ {
			if !yield(c) {
				return
			}
			c += int(t.At(c).Size)
		}
	}
}

// EnterAt returns the event at which node i is entered: before it, its
// i predecessors were entered and all but its Ply ancestors left.
func (t *Tree) EnterAt(i int) int { return 2*i - int(t.At(i).Ply) }

// LeaveAt returns the event at which node i is left.
func (t *Tree) LeaveAt(i int) int { return t.EnterAt(i) + 2*int(t.At(i).Size) - 1 }

// Events returns the number of events: an enter and a leave per node.
func (t *Tree) Events() int { return 2 * t.n }

// Event returns the node of event e (0 <= e < Events()) and whether the
// event leaves it.
func (t *Tree) Event(e int) (int, bool) {
	i := 0
	for {
		switch e {
		case t.EnterAt(i):
			return i, false
		case t.LeaveAt(i):
			return i, true
		}
		for _, c := range t.Kids(i) {
			if e <= t.LeaveAt(c) {
				i = c
				break
			}
		}
	}
}

// FormatValue shows v: "-inf", "+inf", or the number at the tree's scale
// ([search.FormatBound]).
func (t *Tree) FormatValue(v search.Value) string {
	return search.FormatBound(v, t.Inf, t.Scale)
}

// Path returns the move indexes from the root to node i.
func (t *Tree) Path(i int) []int {
	var rev []int
	for ; i > 0; i = int(t.At(i).Parent) {
		rev = append(rev, int(t.At(i).Index))
	}
	path := make([]int, len(rev))
	for k := range rev {
		path[k] = rev[len(rev)-1-k]
	}
	return path
}

// PV returns the principal variation: the chosen children from the root.
func (t *Tree) PV() []int {
	if t.n == 0 {
		return nil
	}
	pv := []int{0}
	for i := 0; ; {
		next := -1
		for _, c := range t.Kids(i) {
			if t.At(c).Chosen {
				next = c
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

// Drawing returns the tree as a [treeview.Tree] with the given title, to
// draw as text or DOT: node i is drawn with the visit number i+1, its
// children listed in visit order. The drawing's values are whole numbers
// (Scale is not drawn).
func (t *Tree) Drawing(title string) treeview.Tree {
	nodes := make([]treeview.Node, t.n)
	kids := make([]int, max(t.n-1, 0)) // the child lists, one after the other
	next := 0                          // the first entry of kids not yet given
	for i := range nodes {
		n := t.At(i)
		d := &nodes[i]
		*d = treeview.Node{ID: i + 1, Parent: int(n.Parent), Ply: int(n.Ply), Move: t.Labels[n.Move],
			Value: n.Value, Leaf: n.Leaf, Pruned: int(n.Pruned), Chosen: n.Chosen}
		if n.Children > 0 {
			d.Children = kids[next : next : next+int(n.Children)]
			next += int(n.Children)
		}
		if n.Parent >= 0 {
			nodes[n.Parent].Children = append(nodes[n.Parent].Children, i)
		}
	}
	return treeview.Tree{Nodes: nodes, Inf: t.Inf, Title: title}
}

// searchOptions returns opt with lim's node limit and stop test, for the
// searcher that [Record] runs.
func (lim Limits) searchOptions(opt search.Options) search.Options {
	if lim.MaxNodes > 0 {
		opt.MaxNodes = uint64(lim.MaxNodes) + 1
	}
	opt.Stop = lim.Stop
	return opt
}

// recorder is the [search.Tracer] that records a [Tree]: every node in
// visit order, move labels kept once each.
type recorder[P, M any] struct {
	t         *Tree
	limit     int
	label     func(parent, child *P, m M) string
	labels    map[string]int32
	stack     nodeStack
	path      []P
	truncated bool
}

// nodeStack is the stack of the recorded nodes the search is inside; a
// node entered past the recorder's limit is an entry that records nothing
// (-1).
type nodeStack []int

// top returns the innermost entry, -1 when there is none.
func (f nodeStack) top() int {
	if len(f) == 0 {
		return -1
	}
	return f[len(f)-1]
}

// pop removes the innermost entry and returns it; ok is false when there
// is none or it recorded nothing.
func (f *nodeStack) pop() (i int, ok bool) {
	if len(*f) == 0 {
		return -1, false
	}
	i = (*f)[len(*f)-1]
	*f = (*f)[:len(*f)-1]
	return i, i >= 0
}

// rootView converts a negamax value at ply to the root player's viewpoint.
func rootView(ply int, v search.Value) search.Value {
	if ply&1 == 1 {
		return -v
	}
	return v
}

// rootWindow converts a negamax window at ply to the root player's
// viewpoint.
func rootWindow(ply int, alpha, beta search.Value) (search.Value, search.Value) {
	if ply&1 == 1 {
		return -beta, -alpha
	}
	return alpha, beta
}

// Enter implements [search.Tracer].
func (r *recorder[P, M]) Enter(ply int, p *P, m M, idx int, alpha, beta search.Value) {
	for len(r.path) <= ply {
		r.path = append(r.path, *new(P))
	}
	r.path[ply] = *p
	if r.t.n >= r.limit {
		r.truncated = true
		r.stack = append(r.stack, -1)
		return
	}
	alpha, beta = rootWindow(ply, alpha, beta) // the search is negamax
	n := Node{Parent: int32(r.stack.top()), Index: int32(idx), Ply: int16(ply), Alpha: alpha, Beta: beta}
	if ply > 0 {
		l := r.label(&r.path[ply-1], p, m)
		k, ok := r.labels[l]
		if !ok {
			k = int32(len(r.t.Labels))
			r.labels[l] = k
			r.t.Labels = append(r.t.Labels, l)
		}
		n.Move = k
	}
	i := r.t.add(n)
	if n.Parent >= 0 {
		r.t.At(int(n.Parent)).Children++
	}
	r.stack = append(r.stack, i)
}

// Leave implements [search.Tracer].
func (r *recorder[P, M]) Leave(ply int, v search.Value, leaf bool, pruned int) {
	i, ok := r.stack.pop()
	if !ok {
		return
	}
	v = rootView(ply, v)
	n := r.t.At(i)
	n.Value, n.Leaf, n.Pruned, n.Size = v, leaf, int32(pruned), int32(r.t.n-i)
	for c := range r.t.kids(i) {
		if r.t.At(c).Value == v {
			r.t.At(c).Chosen = true
			break
		}
	}
}

// Record runs the search of game g with the conventions opt (and lim's
// node limit and stop test) from root to depth, alpha-beta when alphaBeta,
// else minimax, with a recorder, and returns the tree and the search's
// result. A tree over lim.MaxNodes nodes or a stop ends the search early,
// with an error wrapping [ErrTooBig] or [ErrStopped]. label names the move m
// from parent to child. The tree's nodes are exactly the nodes the search
// counts; while recording it holds at most lim.MaxNodes nodes
// ([NodeBytes] each, allocated in chunks of 16,384) and the labels. Its
// infinity is opt.Inf (0: [search.DefaultInf]).
func Record[P, M any, G search.Game[P, M]](g G, opt search.Options, root P, alphaBeta bool, depth int, lim Limits,
	label func(parent, child *P, m M) string) (*Tree, search.Result[M], error) {
	limit := lim.MaxNodes
	if limit <= 0 {
		limit = math.MaxInt
	}
	t := &Tree{Inf: opt.Inf, Labels: []string{""}, AlphaBeta: alphaBeta}
	t.Inf = t.inf()
	s := search.New[P, M](g, lim.searchOptions(opt))
	rec := &recorder[P, M]{t: t, limit: limit, label: label, labels: map[string]int32{"": 0}}
	s.SetTracer(rec)
	var r search.Result[M]
	if alphaBeta {
		r = s.AlphaBeta(root, depth)
	} else {
		r = s.Minimax(root, depth)
	}
	if r.Aborted || rec.truncated {
		if lim.Stop != nil && lim.Stop() {
			return nil, r, ErrStopped
		}
		return nil, r, fmt.Errorf("%w: more than %d nodes; lower the depth", ErrTooBig, lim.MaxNodes)
	}
	if uint64(rec.t.n) != r.Nodes {
		return nil, r, fmt.Errorf("recorded %d nodes, the search counted %d", rec.t.n, r.Nodes)
	}
	return rec.t, r, nil
}
