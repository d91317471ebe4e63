// Package gamedef describes tic-tac-toe to the gamesearch tools, listed by
// package games: its Game value is the generic adapters of package kit
// (perft, tree and play; matches; bench; the explorer) and of package check
// (tictactoe-minimax for check, gen and grade) filled in with the rules of
// pkg/tictactoe and the match rules and program protocol of
// pkg/tictactoe/arena. What is left here is tic-tac-toe's own: its
// notation, its drawings and its results in words. Tic-tac-toe has no
// course archive, so no packaging recipe.
package gamedef

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/gamekit"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/tictactoe/arena"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// Game is tic-tac-toe for the tools.
var Game = &gamekit.Game{
	Name:     "tictactoe",
	Title:    "Tic-tac-toe",
	Graded:   []string{"tictactoe-minimax"},
	Tools:    tools.Tools,
	Match:    matches.Game(),
	Bench:    tools.Bench(tictactoe.ProgramName, tictactoe.Start(), tictactoe.FullDepth, 6),
	Check:    []*check.Family{minimaxCheck},
	Explorer: explorerGame.Game(),
}

// tools is tic-tac-toe for perft, tree and play. A POSITION is "start"
// (the empty board, X to move), nine cells "X...O...." in reading order,
// or "-" for stdin holding the program's input (three lines of three
// cells). Moves are square numbers 1 to 9. The graded program is
// tictactoe-minimax: plain minimax to the end of the game, every node
// counted; play's engine is the course alpha-beta by iterative deepening.
var tools = &kit.Basic[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame]{
	Notation: `Tic-tac-toe: POSITION is "start" (the empty board, X to move), nine cells in reading
order ("X...O....", X, O or .), or "-" (stdin: three lines of three cells, the input of
tictactoe-minimax). Moves are square numbers 1 to 9, 1 2 3 on the top row. perft stops at
finished games. tree: minimax (tictactoe-minimax's search) to the end of the game unless
-algorithm/-depth say otherwise.`,
	Parse: kit.ParseArg(tictactoe.Start(), tictactoe.Parse, tictactoe.ParsePosition),
	PerftNotes: func(total search.PerftCount) []string {
		return []string{fmt.Sprintf("nodes: %d (the minimax node count, root included)", total.Nodes)}
	},
	TreeDepth: tictactoe.FullDepth,
	TreeTitle: func(p *tictactoe.Position, ab bool, depth int) string {
		return fmt.Sprintf("Tic-tac-toe: %s, %s to move, %s depth %d", p, p.ToMove, kit.AlgoName(ab), depth)
	},
	StartUsage: `start from this position ("start" or nine cells such as "X...O....")`,
	Play: kit.Play[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame]{
		Colors: [2]string{"X", "O"},
		ToMove: func(p *tictactoe.Position) int { return int(p.ToMove) },
		Label:  tictactoe.Move.String,
		Draw:   draw,
		Over: func(p *tictactoe.Position, _ int) (string, bool) {
			if who, ok := p.Winner(); ok {
				return fmt.Sprintf("%s wins (three in a row: squares %s).", who, tictactoe.LineName(p.Marks[who])), true
			}
			if p.Over() {
				return "draw (the board is full).", true
			}
			return "", false
		},
		Options: tictactoe.CourseOptions(),
		Engine:  "alpha-beta, win/draw/loss",
		Depth:   tictactoe.FullDepth,
	},
}

// draw writes the board with the numbers of the empty squares.
func draw(w io.Writer, p *tictactoe.Position, _ int) {
	var b strings.Builder
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			i := 3*r + c
			ch := p.Cell(i)
			if ch == '.' {
				ch = byte('1' + i)
			}
			if c > 0 {
				b.WriteString(" | ")
			}
			b.WriteByte(ch)
		}
		b.WriteByte('\n')
		if r < 2 {
			b.WriteString("--+---+--\n")
		}
	}
	fmt.Fprintf(&b, "%s to move\n", p.ToMove)
	io.WriteString(w, b.String())
}

// matches is the match support of tic-tac-toe, over the rules, openings
// and players of pkg/tictactoe/arena.
var matches = &kit.BasicMatch[tictactoe.Position, tictactoe.Move]{
	Name: "tictactoe",
	Notes: `minimax[:depth=D]: tictactoe-minimax's search (default depth 9, the end of the game);
alphabeta[:depth=D]: the course alpha-beta. exec[,timeout=DUR]:COMMAND: an external
program of tictactoe-minimax's protocol (the board on stdin, the move's square number on
stdout's first line; default timeout 60s). Openings: the 72 positions after two plies
(-plies K: after K plies), or -start POSITION (nine cells such as "X...O...."). A game
ends with three in a row or a full board.`,
	Rules:    arena.MatchRules{},
	Colors:   [2]string{"X", "O"},
	Label:    tictactoe.Move.String,
	Openings: func(plies int) []tictactoe.Position { return arena.MatchRules{}.Openings(tictactoe.Start(), plies) },
	Start:    tictactoe.ParsePosition,
	Kinds: kit.PlayerKinds[tictactoe.Position, tictactoe.Move]{
		Engine: kit.Engine(tictactoe.NewEngine), EngineOptions: tictactoe.EngineOptions(),
		Course: kit.Course(tictactoe.NewSearcher), Depth: tictactoe.FullDepth, MaxDepth: tictactoe.FullDepth,
		Program: arena.NewProgramPlayer("", nil, 0),
	},
}

// minimaxCheck is tictactoe-minimax for check, gen and grade: the board on
// stdin, stdout (the square, the node count) compared with the reference's
// byte for byte but for line ends.
var minimaxCheck = (&check.Stdout{
	Title: "Tic-tac-toe",
	Programs: []*check.Program{{Name: tictactoe.ProgramName, Exact: true, PerCase: 5 * time.Second,
		About: "Tic-tac-toe: a board on stdin, the best square and the node count out"}},
	Corpus:    "tictactoe",
	Input:     tictactoe.RandomInput,
	Reference: func(_ *check.Program, in []byte) (string, error) { return tictactoe.Reference(in) },
	Explore:   true,
}).Family()

// explorerGame is tic-tac-toe for the explorer: tictactoe-minimax on a
// board of three lines (its stdin), its search also to a smaller depth;
// its output is the best move and the node count, which is the recorded
// tree's. The board is drawn with its square numbers. Play states are the
// nine cells of the position ("X...O....").
var explorerGame = &kit.BasicExplorer[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame]{
	Name: "tictactoe", Title: "Tic-tac-toe",
	Notation: `Three lines of three cells, X, O or . (empty), top row first, e.g. "X..\n.O.\n..."; X moves first, so the counts say who is to move. The program prints the best move's square number (1 2 3 on the top row) and the number of nodes its minimax entered.`,
	Example:  "X..\n.O.\n...\n",
	Programs: []kit.ExploreProgram{{Run: tictactoe.Run, Program: explorer.Program{Name: tictactoe.ProgramName, Algorithm: "minimax",
		Depth: tictactoe.FullDepth, MaxDepth: tictactoe.FullDepth, Handout: tictactoe.FullDepth, Output: "stdout", Count: "nodes"}}},
	Parse: func(in string) (tictactoe.CourseGame, tictactoe.Position, error) {
		p, err := tictactoe.Parse([]byte(in))
		return tictactoe.CourseGame{}, p, err
	},
	Options: tictactoe.CourseOptions(),
	Label:   func(_ tictactoe.CourseGame, _ *tictactoe.Position, m tictactoe.Move) string { return m.String() },
	Move: func(_ tictactoe.CourseGame, _ *tictactoe.Position, m tictactoe.Move) explorer.Move {
		return explorer.Move{Text: m.String(), To: m.String()}
	},
	Board: board,
	Edit:  grid.Edit,
	Command: func(q explorer.Query, prog explorer.Program, depth int) string {
		c := fmt.Sprintf("printf %s | %s", explorer.PrintfArg(q.Input), prog.Name)
		if depth != prog.Handout { // the program searches to the end only: its lines at this depth
			c += fmt.Sprintf("   # searches to the end only: this is its search's answer at depth %d", depth)
		}
		return c
	},
	RunTitle: func(prog explorer.Program, _ tictactoe.CourseGame, _ *tictactoe.Position, depth int) string {
		if depth != prog.Handout {
			return fmt.Sprintf("%s, minimax to depth %d (the program's: %d, the end of the game)", prog.Name, depth, prog.Handout)
		}
		return fmt.Sprintf("%s, minimax to the end of the game", prog.Name)
	},
	Answer: func(r search.Result[tictactoe.Move]) string {
		return tictactoe.Answer{Move: r.Move, Value: r.Value, Nodes: r.Nodes}.Format()
	},
	Play: &kit.ExplorePlay[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame]{
		Start: tictactoe.Start(), State: tictactoe.Position.String, ReadState: tictactoe.ParsePosition,
		Over: func(p *tictactoe.Position) string {
			if who, ok := p.Winner(); ok {
				return fmt.Sprintf("%s wins: three in a row (squares %s).", who, tictactoe.LineName(p.Marks[who]))
			} else if p.Over() {
				return "Draw: the board is full."
			}
			return ""
		},
		Engine: kit.EngineThinker(tictactoe.NewEngine, tictactoe.EngineOptions()),
	},
}

// grid is the board of the explorer: three lines of three cells.
var grid = kit.Grid{Width: 3, Height: 3, Pieces: "XO"}

// board draws p with its square numbers.
func board(_ tictactoe.CourseGame, p *tictactoe.Position) *explorer.Board {
	b := grid.Board(p.String())
	b.ToMove = p.ToMove.String()
	b.Info = fmt.Sprintf("%s to move, %d marks", b.ToMove, (p.Marks[tictactoe.X] | p.Marks[tictactoe.O]).Count())
	return b
}
