// Package treeview records the tree a [search.Searcher] explores and draws it,
// as Graphviz DOT or as indented text for a terminal, like the "search tree"
// figures of the course handouts.
//
// Conventions: nodes are numbered in visit order from 1 (the root); this is
// the order in which the search enters them, so the number of recorded nodes
// equals the search's Stats.Nodes. Values are shown from the root player's
// viewpoint (MAX at even plies, MIN at odd plies), whatever form the game's
// search uses internally. A node that cut off is drawn with the number of its
// moves left unsearched; the edge from each interior node to the child that
// produced its value is marked as the chosen one. Infinite values print as
// -inf and +inf.
package treeview

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Node is one recorded search node.
type Node struct {
	// ID is the visit order, 1 for the root.
	ID int
	// Parent is the index in the recorder's Nodes of the parent, -1 for the
	// root.
	Parent int
	// Ply is the distance from the root.
	Ply int
	// Move is the label of the move that leads to the node ("" for the root).
	Move string
	// Value is the node's value from the root player's viewpoint.
	Value search.Value
	// Alpha and Beta are the window the node was searched with, from the root
	// player's viewpoint.
	Alpha, Beta search.Value
	// Leaf tells that the node was scored without searching children.
	Leaf bool
	// Pruned is the number of the node's moves skipped by a cutoff.
	Pruned int
	// Chosen marks the node as the child that gave its parent its value.
	Chosen bool
	// Children are indexes in the recorder's Nodes, in visit order.
	Children []int
}

// Recorder is a [search.Tracer] that keeps every node of a search.
type Recorder[P, M any] struct {
	// Label names the move m that leads to position p (the child).
	Label func(p *P, m M) string
	// Inf is the search's infinity, printed as -inf/+inf.
	Inf search.Value
	// Limit is the most nodes recorded; 0 means 1,000,000. A larger tree
	// sets Truncated and records no further nodes.
	Limit int
	// Nodes are the recorded nodes, in visit order.
	Nodes []Node
	// Truncated reports that the tree had more nodes than Limit.
	Truncated bool
	stack     []int
}

// Reset forgets the recorded tree.
func (r *Recorder[P, M]) Reset() {
	r.Nodes, r.Truncated, r.stack = r.Nodes[:0], false, r.stack[:0]
}

func (r *Recorder[P, M]) limit() int {
	if r.Limit == 0 {
		return 1_000_000
	}
	return r.Limit
}

// rootView converts a negamax value at ply to the root player's viewpoint.
func rootView(ply int, v search.Value) search.Value {
	if ply&1 == 1 {
		return -v
	}
	return v
}

// Enter implements [search.Tracer].
func (r *Recorder[P, M]) Enter(ply int, p *P, m M, idx int, alpha, beta search.Value) {
	if len(r.Nodes) >= r.limit() {
		r.Truncated = true
		r.stack = append(r.stack, -1)
		return
	}
	n := Node{ID: len(r.Nodes) + 1, Parent: -1, Ply: ply}
	if ply&1 == 1 {
		alpha, beta = -beta, -alpha
	}
	n.Alpha, n.Beta = alpha, beta
	if idx >= 0 && r.Label != nil {
		n.Move = r.Label(p, m)
	}
	if len(r.stack) > 0 {
		n.Parent = r.stack[len(r.stack)-1]
	}
	r.Nodes = append(r.Nodes, n)
	i := len(r.Nodes) - 1
	if n.Parent >= 0 {
		r.Nodes[n.Parent].Children = append(r.Nodes[n.Parent].Children, i)
	}
	r.stack = append(r.stack, i)
}

// Leave implements [search.Tracer].
func (r *Recorder[P, M]) Leave(ply int, v search.Value, leaf bool, pruned int) {
	if len(r.stack) == 0 {
		return
	}
	i := r.stack[len(r.stack)-1]
	r.stack = r.stack[:len(r.stack)-1]
	if i < 0 {
		return
	}
	n := &r.Nodes[i]
	n.Value, n.Leaf, n.Pruned = rootView(ply, v), leaf, pruned
	for _, c := range n.Children {
		if r.Nodes[c].Value == n.Value {
			r.Nodes[c].Chosen = true
			break
		}
	}
}

// Tree is a finished recording, ready to draw.
type Tree struct {
	Nodes []Node
	Inf   search.Value
	// Title is printed above the tree.
	Title string
}

// Tree returns the recording as a Tree with the given title.
func (r *Recorder[P, M]) Tree(title string) Tree {
	return Tree{Nodes: r.Nodes, Inf: r.Inf, Title: title}
}

func (t Tree) value(v search.Value) string {
	inf := t.Inf
	if inf == 0 {
		inf = search.DefaultInf
	}
	switch {
	case v >= inf:
		return "+inf"
	case v <= -inf:
		return "-inf"
	}
	return fmt.Sprint(v)
}

func kind(n *Node) string {
	if n.Ply&1 == 0 {
		return "MAX"
	}
	return "MIN"
}

func name(n *Node) string {
	if n.Parent < 0 {
		return "root"
	}
	return n.Move
}

// WriteDOT draws the tree in Graphviz DOT: one box per node with its move,
// MAX/MIN, value and visit number; chosen edges bold; cutoffs as a dashed edge
// to a note with the number of pruned moves.
func (t Tree) WriteDOT(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "digraph search {")
	if t.Title != "" {
		fmt.Fprintf(b, "  label=%s;\n  labelloc=t;\n", quote(t.Title))
	}
	fmt.Fprintln(b, "  node [shape=box, fontname=\"monospace\"];")
	fmt.Fprintln(b, "  edge [fontname=\"monospace\"];")
	for i := range t.Nodes {
		n := &t.Nodes[i]
		label := fmt.Sprintf("%s\n%s %s\n#%d", name(n), kind(n), t.value(n.Value), n.ID)
		attrs := ""
		if n.Leaf {
			attrs = ", style=rounded"
		}
		fmt.Fprintf(b, "  n%d [label=%s%s];\n", n.ID, quote(label), attrs)
		if n.Parent >= 0 {
			p := &t.Nodes[n.Parent]
			style := ""
			if n.Chosen {
				style = ", style=bold"
			}
			fmt.Fprintf(b, "  n%d -> n%d [label=%s%s];\n", p.ID, n.ID, quote(n.Move), style)
		}
		if n.Pruned > 0 {
			fmt.Fprintf(b, "  cut%d [label=%s, shape=plaintext];\n", n.ID,
				quote(fmt.Sprintf("%d pruned", n.Pruned)))
			fmt.Fprintf(b, "  n%d -> cut%d [style=dashed, arrowhead=tee];\n", n.ID, n.ID)
		}
	}
	fmt.Fprintln(b, "}")
	return b.Flush()
}

// WriteText draws the tree as indented text, one node a line:
// "#ID move [MAX|MIN] = value", leaves marked "leaf", cutoffs "cut: N pruned",
// and the chosen child of each node marked with "*".
func (t Tree) WriteText(w io.Writer) error {
	b := bufio.NewWriter(w)
	if t.Title != "" {
		fmt.Fprintln(b, t.Title)
	}
	if len(t.Nodes) > 0 {
		t.text(b, 0, "", "")
	}
	fmt.Fprintf(b, "%d nodes\n", len(t.Nodes))
	return b.Flush()
}

func (t Tree) text(b *bufio.Writer, i int, first, rest string) {
	n := &t.Nodes[i]
	var sb strings.Builder
	sb.WriteString(first)
	if n.Chosen {
		sb.WriteString("*")
	}
	fmt.Fprintf(&sb, "#%d %s [%s] = %s", n.ID, name(n), kind(n), t.value(n.Value))
	if n.Leaf {
		sb.WriteString(" leaf")
	}
	if n.Pruned > 0 {
		fmt.Fprintf(&sb, " cut: %d pruned", n.Pruned)
	}
	b.WriteString(sb.String())
	b.WriteByte('\n')
	for k, c := range n.Children {
		if k == len(n.Children)-1 {
			t.text(b, c, rest+"`-- ", rest+"    ")
		} else {
			t.text(b, c, rest+"|-- ", rest+"|   ")
		}
	}
}

// quote returns s as a DOT double-quoted string.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
