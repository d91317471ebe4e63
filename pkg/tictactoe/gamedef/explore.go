package gamedef

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

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
	Edit:  edit,
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

// pieces are the set-up palette.
var pieces = []string{"X", "O"}

// board draws p with its square numbers.
func board(_ tictactoe.CourseGame, p *tictactoe.Position) *explorer.Board {
	b := &explorer.Board{Width: 3, Height: 3, Pieces: pieces, State: p.String(), Ranks: []string{"", "", ""},
		ToMove: p.ToMove.String(), Numbered: true}
	for i := 0; i < 9; i++ {
		sq := explorer.Square{Name: fmt.Sprint(i + 1), X: i % 3, Y: i / 3}
		switch p.Cell(i) {
		case 'X':
			sq.Piece, sq.Side = "X", 1
		case 'O':
			sq.Piece, sq.Side = "O", 2
		}
		b.Square = append(b.Square, sq)
	}
	b.Info = fmt.Sprintf("%s to move, %d marks", b.ToMove, (p.Marks[tictactoe.X] | p.Marks[tictactoe.O]).Count())
	return b
}

// edit returns the board of input (empty when it is not nine cells) with
// the square set.
func edit(input, square, piece string) (string, error) {
	if piece != "" && !slices.Contains(pieces, piece) {
		return "", fmt.Errorf("piece %q: want X, O or empty", piece)
	}
	if len(square) != 1 || square[0] < '1' || square[0] > '9' {
		return "", fmt.Errorf("square %q: want 1 to 9", square)
	}
	cells := []byte(strings.ReplaceAll(strings.ReplaceAll(input, "\r", ""), "\n", ""))
	if len(cells) != 9 {
		cells = []byte(".........")
	}
	cells[square[0]-'1'] = '.'
	if piece != "" {
		cells[square[0]-'1'] = piece[0]
	}
	s := string(cells)
	return s[0:3] + "\n" + s[3:6] + "\n" + s[6:9] + "\n", nil
}
