package gamedef

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"github.com/gamesearch/gamesearch/pkg/tree"
)

// explorerGame is the textbook tree for the explorer: tree-minimax and
// tree-alphabeta on a tree typed in the input notation, searched to its
// height. The board is the row of leaves, named by their moves, with
// their values; a pruned move is named with its value or its leaves.
var explorerGame = &kit.BasicExplorer[tree.Position, tree.Move, tree.CourseGame]{
	Name: "tree", Title: "Textbook tree",
	Notation: `A game tree as nested lists of leaf values, the root MAX's, e.g. "[[3,12,8],[2,4,6],[14,5,2]]" (Russell and Norvig's example: value 3, alpha-beta never evaluates c2 and c3). Inner nodes are A, B, C ... level by level; the moves are b1, b2 ... (B's children). The search goes to the deepest leaf; the count is the leaves evaluated.`,
	Example:  classic,
	// The depth is the tree's height.
	Programs: []kit.ExploreProgram{
		{Run: tree.Minimax.Run, Program: explorer.Program{Name: tree.Minimax.Name, Algorithm: "minimax", MaxDepth: tree.MaxDepth,
			FixedDepth: true, Output: "stdout", Count: "static evaluations"}},
		{Run: tree.AlphaBeta.Run, Program: explorer.Program{Name: tree.AlphaBeta.Name, Algorithm: "alphabeta", MaxDepth: tree.MaxDepth,
			FixedDepth: true, Output: "stdout", Count: "static evaluations"}},
	},
	Parse: func(in string) (tree.CourseGame, tree.Position, error) {
		t, err := tree.Parse([]byte(in))
		return tree.CourseGame{T: t}, tree.Position{}, err
	},
	Depth: func(q explorer.Query, g tree.CourseGame, _ *tree.Position) (int, error) {
		if q.Depth != 0 && q.Depth != g.T.Height {
			return 0, fmt.Errorf("depth %d: a tree is searched to its height, %d", q.Depth, g.T.Height)
		}
		return g.T.Height, nil
	},
	Options: tree.CourseOptions(),
	Label:   func(g tree.CourseGame, p *tree.Position, m tree.Move) string { return g.T.Label[g.T.Kids[p.Node][m]] },
	Move: func(g tree.CourseGame, p *tree.Position, m tree.Move) explorer.Move {
		t, c := g.T, g.T.Kids[p.Node][m]
		mv := explorer.Move{Text: t.Label[c], Note: t.String(c)}
		if t.Leaf(c) {
			mv.To = t.Label[c]
		}
		return mv
	},
	Board: board,
	Edit:  func(string, string, string) (string, error) { return "", errors.New("a tree is typed: edit the input") },
	Command: func(q explorer.Query, prog explorer.Program, _ int) string {
		return fmt.Sprintf("echo %s | %s", explorer.ShellQuote(strings.TrimSpace(q.Input)), prog.Name)
	},
	RunTitle: func(prog explorer.Program, g tree.CourseGame, _ *tree.Position, depth int) string {
		algo := "minimax"
		if prog.Algorithm == "alphabeta" {
			algo = "alpha-beta"
		}
		return fmt.Sprintf("%s: %s of %s, depth %d", prog.Name, algo, g.T.String(0), depth)
	},
	NoPlay: errors.New("a textbook tree is searched here, not played: use gamesearch play tree"),
}

// board draws the leaves of the tree, and the node of p.
func board(g tree.CourseGame, p *tree.Position) *explorer.Board {
	t, n := g.T, p.Node
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
