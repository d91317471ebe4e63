package gamedef

import (
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

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
	Parse: position,
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

// position reads a POSITION argument.
func position(arg string, stdin io.Reader) (tictactoe.Position, error) {
	switch arg {
	case "start":
		return tictactoe.Start(), nil
	case "-":
		data, err := kit.ReadInput("-", stdin)
		if err != nil {
			return tictactoe.Position{}, err
		}
		p, err := tictactoe.Parse(data)
		if err != nil {
			return tictactoe.Position{}, fmt.Errorf("stdin: %v", err)
		}
		return p, nil
	}
	p, err := tictactoe.ParsePosition(arg)
	if err != nil {
		return tictactoe.Position{}, fmt.Errorf("POSITION: %v", err)
	}
	return p, nil
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
