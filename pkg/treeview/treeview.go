// Package treeview draws the tree a [search.Searcher] explores, as Graphviz
// DOT or as indented text for a terminal, like the "search tree" figures of
// the course handouts. The tree is recorded by the explorer's recorder
// (explorer.Record, whose Tree.Drawing is a [Tree]).
//
// Conventions: nodes are numbered in visit order from 1 (the root); this is
// the order in which the search enters them, so the number of recorded nodes
// equals the search's Stats.Nodes. Values are shown from the root player's
// viewpoint (MAX at even plies, MIN at odd plies), whatever form the game's
// search uses internally. A node that cut off is drawn with the number of its
// moves left unsearched; the edge from each interior node to the child that
// produced its value is marked as the chosen one. Infinite values print as
// -inf and +inf. Both drawings end with a legend of these marks.
//
// A big tree can be drawn collapsed ([Tree.Collapse]): the principal
// variation and the nodes that cut off stay visible, and the children left
// out below a drawn node are replaced by one "+N more" node that counts them
// and everything below them.
package treeview

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Node is one node of a search tree.
type Node struct {
	// ID is the visit order, 1 for the root.
	ID int
	// Parent is the index in the tree's Nodes of the parent, -1 for the
	// root.
	Parent int
	// Ply is the distance from the root.
	Ply int
	// Move is the label of the move that leads to the node ("" for the root).
	Move string
	// Value is the node's value from the root player's viewpoint.
	Value search.Value
	// Pruned is the number of the node's moves skipped by a cutoff.
	Pruned int
	// Leaf tells that the node was scored without searching children.
	Leaf bool
	// Chosen marks the node as the child that gave its parent its value.
	Chosen bool
	// Children are indexes in the tree's Nodes, in visit order.
	Children []int
	// Hidden is, in a collapsed tree, the number of search nodes left out
	// below the node: HiddenMoves of its children and everything below them,
	// HiddenCuts of which cut off.
	Hidden, HiddenMoves, HiddenCuts int
}

// Tree is a search tree to draw: its nodes in visit order, so that a
// parent comes before its children.
type Tree struct {
	// Nodes are the nodes in visit order.
	Nodes []Node
	// Inf is the search's infinity, drawn as -inf and +inf.
	Inf search.Value
	// Title is printed above the tree.
	Title string
}

// hidden returns the number of search nodes a collapsed tree leaves out.
func (t Tree) hidden() int {
	h := 0
	for i := range t.Nodes {
		h += t.Nodes[i].Hidden
	}
	return h
}

// Collapse returns the tree with at most max of its nodes drawn: first the
// principal variation (the chosen children from the root, drawn whatever
// max is), then the nodes that cut off, in visit order, each with the nodes
// above it while they fit, then the other nodes breadth first (shallow
// first, in visit order) while the budget lasts. The children left out below
// a drawn node are counted in its Hidden fields, to be drawn as one "+N more"
// node. Drawn nodes keep their visit numbers; Parent and Children index the
// new Nodes. With max < 1 or a tree of at most max nodes, t is returned as
// it is.
func (t Tree) Collapse(max int) Tree {
	n := len(t.Nodes)
	if max < 1 || n <= max {
		return t
	}
	keep := make([]bool, n)
	count := 0
	// The principal variation.
	for i := 0; ; {
		keep[i] = true
		count++
		next := -1
		for _, c := range t.Nodes[i].Children {
			if t.Nodes[c].Chosen {
				next = c
				break
			}
		}
		if next < 0 {
			break
		}
		i = next
	}
	// The cut-off nodes with their ancestors, while they fit.
	for i := range t.Nodes {
		if t.Nodes[i].Pruned == 0 || keep[i] {
			continue
		}
		need := 0
		for j := i; j >= 0 && !keep[j]; j = t.Nodes[j].Parent {
			need++
		}
		if count+need > max {
			continue
		}
		for j := i; j >= 0 && !keep[j]; j = t.Nodes[j].Parent {
			keep[j] = true
		}
		count += need
	}
	// The rest breadth first.
	for level := []int{0}; len(level) > 0; {
		var next []int
		for _, i := range level {
			for _, c := range t.Nodes[i].Children {
				if !keep[c] && count < max {
					keep[c] = true
					count++
				}
				if keep[c] {
					next = append(next, c)
				}
			}
		}
		level = next
	}
	// Subtree sizes and cut-off counts; children come after their parents.
	size := make([]int, n)
	cuts := make([]int, n)
	for i := n - 1; i >= 0; i-- {
		size[i]++
		if t.Nodes[i].Pruned > 0 {
			cuts[i]++
		}
		if p := t.Nodes[i].Parent; p >= 0 {
			size[p] += size[i]
			cuts[p] += cuts[i]
		}
	}
	index := make([]int, n)
	out := Tree{Inf: t.Inf, Title: t.Title, Nodes: make([]Node, 0, count)}
	for i := range t.Nodes {
		if !keep[i] {
			continue
		}
		nd := t.Nodes[i]
		nd.Children = nil
		if nd.Parent >= 0 {
			nd.Parent = index[nd.Parent]
		}
		for _, c := range t.Nodes[i].Children {
			if !keep[c] {
				nd.Hidden += size[c]
				nd.HiddenMoves++
				nd.HiddenCuts += cuts[c]
			}
		}
		index[i] = len(out.Nodes)
		out.Nodes = append(out.Nodes, nd)
		if nd.Parent >= 0 {
			out.Nodes[nd.Parent].Children = append(out.Nodes[nd.Parent].Children, index[i])
		}
	}
	return out
}

// more is the label of the collapsed node below n: "+N more (K moves, C
// cut-offs)".
func more(n *Node) string {
	s := fmt.Sprintf("+%d more (%s", n.Hidden, plural(n.HiddenMoves, "move"))
	if n.HiddenCuts > 0 {
		s += ", " + plural(n.HiddenCuts, "cut-off")
	}
	return s + ")"
}

// plural returns "1 move" or "N moves".
func plural(k int, word string) string {
	if k == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", k, word)
}

func (t Tree) value(v search.Value) string {
	return search.FormatBound(v, t.Inf, 0)
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

// dotLegend is the legend note of the DOT drawing (\l ends a left-aligned
// line).
const dotLegend = `legend\l` +
	`box: the move to the node, MAX or MIN (the side to move maximises or minimises),\l` +
	`     the value for the root player (MAX), #visit order of the search (the root is #1)\l` +
	`rounded box: a leaf, scored by the evaluation (horizon or end of game)\l` +
	`bold edge: the chosen child: it gave its parent its value (from the root: the principal variation)\l` +
	`dashed edge to \"N pruned\": alpha-beta cut-off, the node's last N moves were not searched\l` +
	`dashed grey box \"+N more\": collapsed, N search nodes not drawn,\l` +
	`     K moves of the node and all below them, C cut-offs among them\l` +
	`(a tree with more than 16 boxes side by side is drawn left to right)\l`

// maxTopDown is the most boxes side by side of a tree drawn top down in DOT;
// a wider one is drawn left to right.
const maxTopDown = 16

// wide reports whether some ply of the drawing has more than maxTopDown
// boxes (nodes, cut-off notes and collapsed nodes).
func (t Tree) wide() bool {
	var width []int
	for i := range t.Nodes {
		n := &t.Nodes[i]
		for len(width) < n.Ply+2 {
			width = append(width, 0)
		}
		width[n.Ply]++
		if n.Pruned > 0 {
			width[n.Ply+1]++
		}
		if n.Hidden > 0 {
			width[n.Ply+1]++
		}
	}
	return slices.Max(append(width, 0)) > maxTopDown
}

// WriteDOT draws the tree in Graphviz DOT: one box per node with its move,
// MAX/MIN, value and visit number; chosen edges bold; cutoffs as a dashed edge
// to a note with the number of pruned moves; the nodes left out of a
// collapsed tree as a dashed grey "+N more" box below their parent; and a
// legend note. A tree with more than 16 boxes side by side at some depth is
// drawn left to right.
func (t Tree) WriteDOT(w io.Writer) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, "digraph search {")
	if t.Title != "" {
		fmt.Fprintf(b, "  label=%s;\n  labelloc=t;\n", quote(t.Title))
	}
	if t.wide() {
		fmt.Fprintln(b, "  rankdir=LR;")
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
		if n.Hidden > 0 {
			fmt.Fprintf(b, "  more%d [label=%s, style=dashed, color=gray50, fontcolor=gray40];\n", n.ID, quote(more(n)))
			fmt.Fprintf(b, "  n%d -> more%d [style=dotted, color=gray50];\n", n.ID, n.ID)
		}
	}
	fmt.Fprintf(b, "  legend [label=\"%s\", shape=note, fontsize=10];\n", dotLegend)
	fmt.Fprintln(b, "}")
	return b.Flush()
}

// textLegend is the legend of the text drawing.
const textLegend = `legend:
  #ID move      visit order of the search (the root is #1) and the move to the node
  [MAX] [MIN]   the side to move maximises or minimises; "= V" is the value for the root player (MAX)
  *             the chosen child: it gave its parent its value (from the root: the principal variation)
  leaf          scored by the evaluation (horizon or end of game)
  cut: N pruned alpha-beta cut-off: the node's last N moves were not searched
  +N more       collapsed: N search nodes not drawn, K moves of the node and all below them, C cut-offs among them
`

// WriteText draws the tree as indented text, one node a line:
// "#ID move [MAX|MIN] = value", leaves marked "leaf", cutoffs "cut: N pruned",
// the chosen child of each node marked with "*", and the nodes left out of a
// collapsed tree as a last "... +N more" line below their parent; then the
// legend and the number of nodes ("N nodes", or "N nodes, M drawn").
func (t Tree) WriteText(w io.Writer) error {
	b := bufio.NewWriter(w)
	if t.Title != "" {
		fmt.Fprintln(b, t.Title)
	}
	if len(t.Nodes) > 0 {
		t.text(b, 0, "", "")
	}
	b.WriteString(textLegend)
	if h := t.hidden(); h > 0 {
		fmt.Fprintf(b, "%d nodes, %d drawn\n", len(t.Nodes)+h, len(t.Nodes))
	} else {
		fmt.Fprintf(b, "%d nodes\n", len(t.Nodes))
	}
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
		if k == len(n.Children)-1 && n.Hidden == 0 {
			t.text(b, c, rest+"`-- ", rest+"    ")
		} else {
			t.text(b, c, rest+"|-- ", rest+"|   ")
		}
	}
	if n.Hidden > 0 {
		fmt.Fprintf(b, "%s`-- ... %s\n", rest, more(n))
	}
}

// quote returns s as a DOT double-quoted string.
func quote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}
