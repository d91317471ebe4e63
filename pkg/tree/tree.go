package tree

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// Value is a leaf value.
type Value = search.Value

// Limits of a tree: nesting depth and nodes.
const (
	MaxDepth = 32
	MaxNodes = 20000
)

// Tree is a parsed game tree. Node 0 is the root; nodes are numbered in
// reading order, level by level.
type Tree struct {
	// Kids are the children of each node, in the order written (nil for a
	// leaf); Value the value of each leaf.
	Kids  [][]int32
	Value []Value
	// Name is each inner node's name ("A", "B", ..., "Z", "AA"); Label the
	// move that leads to each node ("b1", the root's "").
	Name, Label []string
	// Height is the depth of the deepest leaf.
	Height int
}

// Leaf tells that node n is a leaf.
func (t *Tree) Leaf(n int32) bool { return t.Kids[n] == nil }

// Leaves returns the leaves under node n, in the order written.
func (t *Tree) Leaves(n int32) []int32 {
	if t.Leaf(n) {
		return []int32{n}
	}
	var out []int32
	for _, c := range t.Kids[n] {
		out = append(out, t.Leaves(c)...)
	}
	return out
}

// String writes the subtree of node n in the input notation.
func (t *Tree) String(n int32) string {
	if t.Leaf(n) {
		return strconv.FormatInt(t.Value[n], 10)
	}
	parts := make([]string, len(t.Kids[n]))
	for i, c := range t.Kids[n] {
		parts[i] = t.String(c)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// NodeName names node n for people: an inner node's name, a leaf's move.
func (t *Tree) NodeName(n int32) string {
	if n == 0 {
		return "A"
	}
	if t.Leaf(n) {
		return t.Label[n]
	}
	return t.Name[n]
}

// name returns the k-th name of A, B, ..., Z, AA, AB, ...
func name(k int) string {
	s := ""
	for k++; k > 0; k = (k - 1) / 26 {
		s = string(rune('A'+(k-1)%26)) + s
	}
	return s
}

// ParseError is a syntax error at a byte offset of the input.
type ParseError struct {
	Offset int
	Msg    string
}

// Error implements error.
func (e *ParseError) Error() string { return fmt.Sprintf("byte %d: %s", e.Offset, e.Msg) }

// raw is a node as parsed, before numbering.
type raw struct {
	leaf bool
	v    Value
	kids []*raw
}

// Parse reads a tree: a list "[...]" of leaves (integers) and lists,
// separated by commas, blanks and line ends allowed between them. Lists
// are not empty, nest at most MaxDepth deep and hold at most MaxNodes
// nodes. An error names the byte offset (0-based) where the input goes
// wrong.
func Parse(in []byte) (*Tree, error) {
	p := &parser{in: in}
	p.blank()
	if p.i >= len(in) {
		return nil, &ParseError{p.i, "empty input; want a tree such as [[3,12,8],[2,4,6],[14,5,2]]"}
	}
	if in[p.i] != '[' {
		return nil, &ParseError{p.i, fmt.Sprintf("want [ (a tree is a list), not %s", p.near())}
	}
	root, err := p.node(0)
	if err != nil {
		return nil, err
	}
	p.blank()
	if p.i < len(in) {
		return nil, &ParseError{p.i, fmt.Sprintf("%s after the tree's closing ]", p.near())}
	}
	return number(root), nil
}

// parser reads the input at offset i.
type parser struct {
	in    []byte
	i     int
	nodes int
}

func (p *parser) blank() {
	for p.i < len(p.in) && strings.IndexByte(" \t\r\n", p.in[p.i]) >= 0 {
		p.i++
	}
}

// near quotes what the input holds at the offset.
func (p *parser) near() string {
	if p.i >= len(p.in) {
		return "the end of the input"
	}
	end := min(p.i+8, len(p.in))
	return strconv.Quote(string(p.in[p.i:end]))
}

// node reads a leaf or a list at nesting depth d.
func (p *parser) node(d int) (*raw, error) {
	p.nodes++
	if p.nodes > MaxNodes {
		return nil, &ParseError{p.i, fmt.Sprintf("more than %d nodes", MaxNodes)}
	}
	if p.i >= len(p.in) || p.in[p.i] != '[' {
		start := p.i
		for p.i < len(p.in) && (p.in[p.i] == '-' || p.in[p.i] == '+' || p.in[p.i] >= '0' && p.in[p.i] <= '9') {
			p.i++
		}
		v, err := strconv.ParseInt(string(p.in[start:p.i]), 10, 64)
		if err != nil || p.i-start > 10 {
			p.i = start
			return nil, &ParseError{start, fmt.Sprintf("want a leaf value (an integer of at most 10 characters) or a list, not %s", p.near())}
		}
		return &raw{leaf: true, v: v}, nil
	}
	if d >= MaxDepth {
		return nil, &ParseError{p.i, fmt.Sprintf("lists nested more than %d deep", MaxDepth)}
	}
	open := p.i
	p.i++ // [
	n := &raw{}
	for {
		p.blank()
		if p.i >= len(p.in) {
			return nil, &ParseError{p.i, fmt.Sprintf("the list opened at byte %d is not closed", open)}
		}
		if p.in[p.i] == ']' {
			if len(n.kids) == 0 {
				return nil, &ParseError{p.i, "an empty list; a node has at least one child"}
			}
			p.i++
			return n, nil
		}
		if len(n.kids) > 0 {
			if p.in[p.i] != ',' {
				return nil, &ParseError{p.i, fmt.Sprintf("want , or ], not %s", p.near())}
			}
			p.i++
			p.blank()
		}
		k, err := p.node(d + 1)
		if err != nil {
			return nil, err
		}
		n.kids = append(n.kids, k)
	}
}

// number lays the parsed tree out level by level and names it.
func number(root *raw) *Tree {
	t := &Tree{}
	type item struct {
		r      *raw
		parent int32
		slot   int
		depth  int
	}
	queue := []item{{r: root, parent: -1}}
	inner := 0
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		id := int32(len(t.Kids))
		t.Kids = append(t.Kids, nil)
		t.Value = append(t.Value, it.r.v)
		t.Name = append(t.Name, "")
		label := ""
		if it.parent >= 0 {
			t.Kids[it.parent] = append(t.Kids[it.parent], id)
			label = strings.ToLower(t.Name[it.parent]) + strconv.Itoa(it.slot+1)
		}
		t.Label = append(t.Label, label)
		t.Height = max(t.Height, it.depth)
		if it.r.leaf {
			continue
		}
		t.Name[id] = name(inner)
		inner++
		t.Kids[id] = make([]int32, 0, len(it.r.kids))
		for k, c := range it.r.kids {
			queue = append(queue, item{r: c, parent: id, slot: k, depth: it.depth + 1})
		}
	}
	return t
}
