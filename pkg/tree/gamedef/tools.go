package gamedef

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"github.com/gamesearch/gamesearch/pkg/tree"
)

// adapter is the textbook tree for the toolkit: POSITION is a tree
// ("[[3,12,8],[2,4,6],[14,5,2]]") or "-" for stdin holding one.
type adapter struct{}

// Notation implements kit.Game.
func (adapter) Notation() string {
	return `Textbook tree: POSITION is a game tree as nested lists of leaf values, the root MAX's
("[[3,12,8],[2,4,6],[14,5,2]]"), or "-" (stdin holds one, the input of tree-minimax and
tree-alphabeta). Inner nodes are A, B, C ... level by level; moves are b1, b2 ... (node B's
children). perft counts the nodes at each depth, a leaf above it once. tree: alpha-beta or
minimax to the tree's height.`
}

// Flags implements kit.Game: none.
func (adapter) Flags(*flag.FlagSet, string) {}

// parse reads a POSITION argument.
func parse(arg string, stdin io.Reader) (*tree.Tree, error) {
	data := []byte(arg)
	where := "POSITION"
	if arg == "-" {
		var err error
		if data, err = kit.ReadInput("-", stdin); err != nil {
			return nil, err
		}
		where = "stdin"
	}
	t, err := tree.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", where, err)
	}
	return t, nil
}

// Perft implements kit.Game.
func (adapter) Perft(arg string, stdin io.Reader, depth int) (kit.PerftResult, error) {
	t, err := parse(arg, stdin)
	if err != nil {
		return kit.PerftResult{}, err
	}
	res, _ := kit.Divide(tree.NewPerft(t), tree.Position{}, depth, func(m tree.Move) string { return t.Label[t.Kids[0][m]] })
	return res, nil
}

// Tree implements kit.Game.
func (adapter) Tree(arg string, stdin io.Reader, o kit.TreeOptions) (kit.TreeResult, error) {
	t, err := parse(arg, stdin)
	if err != nil {
		return kit.TreeResult{}, err
	}
	ab := o.Algorithm != "minimax"
	depth := t.Height
	if o.Depth != 0 && o.Depth != depth {
		return kit.TreeResult{}, fmt.Errorf("-depth %d: a tree is searched to its height, %d", o.Depth, depth)
	}
	opt := tree.CourseOptions()
	opt.MaxNodes = uint64(o.Limit) + 1
	s := search.New[tree.Position, tree.Move](tree.CourseGame{T: t}, opt)
	title := fmt.Sprintf("Textbook tree %s, %s depth %d", t.String(0), kit.AlgoName(ab), depth)
	return kit.RecordTree(s, tree.Position{}, ab, depth, o.Limit, search.DefaultInf, title,
		func(_, child *tree.Position, _ tree.Move) string { return t.Label[child.Node] })
}

// errNoPlay says that a tree is not played.
var errNoPlay = errors.New("a textbook tree is searched, not played: use perft, tree or serve")

// Session implements kit.Game: none.
func (adapter) Session(kit.PlayOptions) (kit.Session, error) { return nil, errNoPlay }
