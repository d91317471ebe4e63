package gamedef

import (
	"flag"
	"fmt"
	"io"

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
minimax to the tree's height. play walks down Russell and Norvig's tree, MAX and MIN in turn.`
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
	title := fmt.Sprintf("Textbook tree %s, %s depth %d", t.String(0), kit.AlgoName(ab), depth)
	return kit.RecordTree(tree.CourseGame{T: t}, tree.CourseOptions(), tree.Position{}, ab, depth, o.Limit, title,
		func(_, child *tree.Position, _ tree.Move) string { return t.Label[child.Node] })
}

// classic is Russell and Norvig's three-by-three tree, play's tree.
const classic = "[[3,12,8],[2,4,6],[14,5,2]]"

// Session implements kit.Game: a walk down Russell and Norvig's
// three-by-three tree, MAX and MIN choosing children in turn, the leaf
// reached the result.
func (adapter) Session(kit.PlayOptions) (kit.Session, error) {
	t, err := tree.Parse([]byte(classic))
	if err != nil {
		return nil, err
	}
	return &session{t: t, History: kit.NewHistory(tree.Position{})}, nil
}

// session is a walk down a tree; the engine is the textbook alpha-beta.
type session struct {
	t *tree.Tree
	kit.History[tree.Position]
}

// Players implements kit.Session.
func (s *session) Players() [2]string { return [2]string{"MAX", "MIN"} }

// EngineName implements kit.Session.
func (s *session) EngineName() string { return "alpha-beta to the leaves" }

// DefaultDepth implements kit.Session: the tree's height.
func (s *session) DefaultDepth() int { return s.t.Height }

// Draw implements kit.Session.
func (s *session) Draw(w io.Writer) {
	n := s.Cur().Node
	fmt.Fprintf(w, "node %s: %s, %s to move\n", s.t.NodeName(n), s.t.String(n), s.Players()[s.Turn()])
}

// Moves implements kit.Session.
func (s *session) Moves() []string {
	var out []string
	for _, c := range s.t.Kids[s.Cur().Node] {
		out = append(out, s.t.Label[c])
	}
	return out
}

// Play implements kit.Session.
func (s *session) Play(i int) { s.Push(tree.Position{Node: s.t.Kids[s.Cur().Node][i]}) }

// Turn implements kit.Session.
func (s *session) Turn() int { return s.Plies() % 2 }

// Over implements kit.Session: a leaf ends the walk.
func (s *session) Over() (string, bool) {
	n := s.Cur().Node
	if !s.t.Leaf(n) {
		return "", false
	}
	return fmt.Sprintf("leaf %s, value %d for MAX.", s.t.Label[n], s.t.Value[n]), true
}

// Think implements kit.Session.
func (s *session) Think(o kit.PlayOptions, progress func(kit.Iteration)) kit.Answer {
	return kit.Think[tree.Position](tree.CourseGame{T: s.t, ForMin: s.Turn() == 1}, tree.CourseOptions(), *s.Cur(), o,
		func(m tree.Move) int { return int(m) }, progress)
}
