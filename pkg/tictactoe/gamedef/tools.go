package gamedef

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// adapter is tic-tac-toe for the toolkit. A POSITION is "start" (the empty
// board, X to move), nine cells "X...O...." in reading order, or "-" for
// stdin holding the program's input (three lines of three cells). Moves
// are square numbers 1 to 9. The graded program is tictactoe-minimax:
// plain minimax to the end of the game, every node counted.
type adapter struct {
	start string
}

// Notation implements kit.Game.
func (a *adapter) Notation() string {
	return `Tic-tac-toe: POSITION is "start" (the empty board, X to move), nine cells in reading
order ("X...O....", X, O or .), or "-" (stdin: three lines of three cells, the input of
tictactoe-minimax). Moves are square numbers 1 to 9, 1 2 3 on the top row. perft stops at
finished games. tree: minimax (tictactoe-minimax's search) to the end of the game unless
-algorithm/-depth say otherwise.`
}

// Flags implements kit.Game: play's -start.
func (a *adapter) Flags(fs *flag.FlagSet, cmd string) {
	if cmd == "play" {
		fs.StringVar(&a.start, "start", "start", `start from this position ("start" or nine cells such as "X...O....")`)
	}
}

// position reads a POSITION argument.
func (a *adapter) position(arg string, stdin io.Reader) (tictactoe.Position, error) {
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

// Perft implements kit.Game.
func (a *adapter) Perft(arg string, stdin io.Reader, depth int) (kit.PerftResult, error) {
	p, err := a.position(arg, stdin)
	if err != nil {
		return kit.PerftResult{}, err
	}
	return perft(p, depth), nil
}

// perft is the perft of p to depth with its divide, finished games being
// leaves, and as a note the tree's node count (tictactoe-minimax's count
// at the full depth).
func perft(p tictactoe.Position, depth int) kit.PerftResult {
	res, total := kit.Divide(tictactoe.NewPerft(), p, depth, tictactoe.Move.String)
	res.Notes = []string{fmt.Sprintf("nodes: %d (the minimax node count, root included)", total.Nodes)}
	return res
}

// Tree implements kit.Game.
func (a *adapter) Tree(arg string, stdin io.Reader, o kit.TreeOptions) (kit.TreeResult, error) {
	p, err := a.position(arg, stdin)
	if err != nil {
		return kit.TreeResult{}, err
	}
	ab := o.Algorithm == "alphabeta"
	depth := o.Depth
	if depth == 0 {
		depth = tictactoe.FullDepth
	}
	opt := tictactoe.CourseOptions()
	opt.MaxNodes = uint64(o.Limit) + 1
	s := search.New[tictactoe.Position, tictactoe.Move](tictactoe.CourseGame{}, opt)
	title := fmt.Sprintf("Tic-tac-toe: %s, %s to move, %s depth %d", p, p.ToMove, kit.AlgoName(ab), depth)
	return kit.RecordTree(s, p, ab, depth, o.Limit, search.DefaultInf, title,
		func(_, _ *tictactoe.Position, m tictactoe.Move) string { return m.String() })
}

// Session implements kit.Game.
func (a *adapter) Session(o kit.PlayOptions) (kit.Session, error) {
	p, err := a.position(a.start, nil)
	if err != nil {
		return nil, fmt.Errorf("-start: %v", err)
	}
	return &session{History: kit.NewHistory(p)}, nil
}

// session is a game of tic-tac-toe: X moves first; three in a row wins, a
// full board is a draw. The engine is the course's search (alpha-beta,
// deepening).
type session struct {
	kit.History[tictactoe.Position]
	list []tictactoe.Move
}

// Players implements kit.Session: the side to move first at the start.
func (s *session) Players() [2]string {
	first := s.first()
	return [2]string{first.String(), first.Other().String()}
}

// first is the player to move in the start position.
func (s *session) first() tictactoe.Player {
	if s.Plies()%2 == 0 {
		return s.Cur().ToMove
	}
	return s.Cur().ToMove.Other()
}

// EngineName implements kit.Session.
func (s *session) EngineName() string { return "alpha-beta, win/draw/loss" }

// DefaultDepth implements kit.Session: the end of the game.
func (s *session) DefaultDepth() int { return tictactoe.FullDepth }

// Draw implements kit.Session.
func (s *session) Draw(w io.Writer) {
	p := s.Cur()
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

// Moves implements kit.Session.
func (s *session) Moves() []string {
	s.list = tictactoe.CourseGame{}.Moves(s.Cur(), s.list[:0])
	out := make([]string, len(s.list))
	for i, m := range s.list {
		out[i] = m.String()
	}
	return out
}

// Play implements kit.Session.
func (s *session) Play(i int) {
	s.Moves()
	var next tictactoe.Position
	tictactoe.CourseGame{}.Play(&next, s.Cur(), s.list[i])
	s.Push(next)
}

// Turn implements kit.Session.
func (s *session) Turn() int {
	if s.Cur().ToMove == s.first() {
		return 0
	}
	return 1
}

// Over implements kit.Session.
func (s *session) Over() (string, bool) {
	p := s.Cur()
	if who, ok := p.Winner(); ok {
		return fmt.Sprintf("%s wins (three in a row: squares %s).", who, tictactoe.LineName(p.Marks[who])), true
	}
	if p.Over() {
		return "draw (the board is full).", true
	}
	return "", false
}

// Think implements kit.Session.
func (s *session) Think(o kit.PlayOptions, progress func(kit.Iteration)) kit.Answer {
	s.Moves()
	return kit.Think[tictactoe.Position](tictactoe.CourseGame{}, tictactoe.CourseOptions(), *s.Cur(), o,
		func(m tictactoe.Move) int { return slices.Index(s.list, m) }, progress)
}
