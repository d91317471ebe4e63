package gamedef

import (
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tree"
)

// explorerGame is the textbook tree for the explorer: tree-minimax and
// tree-alphabeta on a tree typed in the input notation, searched to its
// height. The board is the row of leaves, named by their moves, with
// their values; a pruned move is named with its value or its leaves.
type explorerGame struct{}

// Name implements explorer.Game.
func (explorerGame) Name() string { return "tree" }

// Title implements explorer.Game.
func (explorerGame) Title() string { return "Textbook tree" }

// programs: the depth is the tree's height.
var programs = []explorer.Program{
	{Name: tree.Minimax.Name, Algorithm: "minimax", MaxDepth: tree.MaxDepth, FixedDepth: true, Output: "stdout", Count: "static evaluations"},
	{Name: tree.AlphaBeta.Name, Algorithm: "alphabeta", MaxDepth: tree.MaxDepth, FixedDepth: true, Output: "stdout", Count: "static evaluations"},
}

// Programs implements explorer.Game.
func (explorerGame) Programs() []explorer.Program { return programs }

// Settings implements explorer.Game: none.
func (explorerGame) Settings() []explorer.Setting { return nil }

// Notation implements explorer.Game.
func (explorerGame) Notation() string {
	return `A game tree as nested lists of leaf values, the root MAX's, e.g. "[[3,12,8],[2,4,6],[14,5,2]]" (Russell and Norvig's example: value 3, alpha-beta never evaluates c2 and c3). Inner nodes are A, B, C ... level by level; the moves are b1, b2 ... (B's children). The search goes to the deepest leaf; the count is the leaves evaluated.`
}

// Example implements explorer.Game: the classic three-by-three tree.
func (explorerGame) Example(string) string { return "[[3,12,8],[2,4,6],[14,5,2]]" }

// parse reads q's tree; a bad one is reported by the program itself.
func (explorerGame) parse(q explorer.Query) (*tree.Tree, tree.Program, error) {
	p, err := explorer.FindProgram(programs, q.Program)
	if err != nil {
		return nil, tree.Program{}, err
	}
	prog := tree.Minimax
	if p.Algorithm == "alphabeta" {
		prog = tree.AlphaBeta
	}
	t, err := tree.Parse([]byte(q.Input))
	if err != nil {
		_, stderr, status := explorer.Execute(prog.Run, nil, q.Input)
		return nil, prog, explorer.FirstLine(stderr, status)
	}
	if q.Depth != 0 && q.Depth != t.Height {
		return nil, prog, fmt.Errorf("depth %d: a tree is searched to its height, %d", q.Depth, t.Height)
	}
	return t, prog, nil
}

// Position implements explorer.Game.
func (g explorerGame) Position(q explorer.Query) (*explorer.Board, error) {
	t, _, err := g.parse(q)
	if err != nil {
		return nil, err
	}
	return board(t, 0), nil
}

// board draws the leaves of t, and the moves of node n.
func board(t *tree.Tree, n int32) *explorer.Board {
	leaves := t.Leaves(0)
	b := &explorer.Board{Width: len(leaves), Height: 1, Ranks: []string{""}, Numbered: true, ToMove: "MAX"}
	for i, l := range leaves {
		b.Square = append(b.Square, explorer.Square{Name: t.Label[l], X: i, Piece: fmt.Sprint(t.Value[l]), Side: 1})
	}
	ply := 0
	for p := n; p != 0; p = parent(t, p) {
		ply++
	}
	if ply%2 == 1 {
		b.ToMove = "MIN"
	}
	for _, c := range t.Kids[n] {
		m := explorer.Move{Text: t.Label[c], Note: t.String(c)}
		if t.Leaf(c) {
			m.To = t.Label[c]
		}
		b.Moves = append(b.Moves, m)
	}
	if t.Leaf(n) {
		b.Info = fmt.Sprintf("leaf %s = %d", t.Label[n], t.Value[n])
	} else {
		b.Info = fmt.Sprintf("node %s (%s), %s; %d leaves, height %d", t.NodeName(n), b.ToMove, t.String(n), len(leaves), t.Height)
	}
	return b
}

// parent returns the parent of node n (not the root).
func parent(t *tree.Tree, n int32) int32 {
	for p := range t.Kids {
		for _, c := range t.Kids[p] {
			if c == n {
				return int32(p)
			}
		}
	}
	return 0
}

// Edit implements explorer.Game: a tree is typed, not edited on the board.
func (explorerGame) Edit(explorer.Query, string, string) (string, error) {
	return "", fmt.Errorf("a tree is typed: edit the input")
}

// Run implements explorer.Game.
func (g explorerGame) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	t, prog, err := g.parse(q)
	if err != nil {
		return nil, err
	}
	s := search.New[tree.Position, tree.Move](tree.CourseGame{T: t}, lim.SearchOptions(tree.CourseOptions()))
	rec, res, err := explorer.Record(s, tree.Position{}, prog.AlphaBeta, t.Height, lim, search.DefaultInf,
		func(_, child *tree.Position, _ tree.Move) string { return t.Label[child.Node] })
	if err != nil {
		return nil, err
	}
	stdout, stderr, status := explorer.Execute(prog.Run, nil, q.Input)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	algo := "minimax"
	if prog.AlphaBeta {
		algo = "alpha-beta"
	}
	return &explorer.Run{Stdout: stdout, Count: res.Evals, Nodes: res.Nodes, Evals: res.Evals, Depth: t.Height, Tree: rec,
		Command: fmt.Sprintf("echo %s | %s", explorer.ShellQuote(strings.TrimSpace(q.Input)), prog.Name),
		Title:   fmt.Sprintf("%s: %s of %s, depth %d", prog.Name, algo, t.String(0), t.Height)}, nil
}

// BoardAt implements explorer.Game.
func (g explorerGame) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	t, _, err := g.parse(q)
	if err != nil {
		return nil, err
	}
	cg := tree.CourseGame{T: t}
	p, err := explorer.Walk(tree.Position{}, path, func(p *tree.Position) []tree.Move { return cg.Moves(p, nil) },
		func(p *tree.Position, m tree.Move) tree.Position {
			var next tree.Position
			cg.Play(&next, p, m)
			return next
		})
	if err != nil {
		return nil, err
	}
	return board(t, p.Node), nil
}

// Start implements explorer.Game: a tree is not played.
func (explorerGame) Start(map[string]string) (string, error) { return "", errNoPlay }

// Play implements explorer.Game: a tree is not played.
func (explorerGame) Play(string) (*explorer.Board, error) { return nil, errNoPlay }

// Move implements explorer.Game: a tree is not played.
func (explorerGame) Move(string, string) (string, error) { return "", errNoPlay }

// Think implements explorer.Game: a tree is not played.
func (explorerGame) Think(string, explorer.ThinkLimits, func(explorer.Iteration)) (*explorer.Reply, error) {
	return nil, errNoPlay
}
