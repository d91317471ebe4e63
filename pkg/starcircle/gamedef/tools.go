package gamedef

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// starcircleAdapter is Star/Circle for the toolkit. A POSITION or INPUT is
// a homework input file (player, algorithm, depth, board, row values), "-"
// for stdin, or "start" for the start position with Star to move. Moves are
// written as the homework writes them, "F4-H2" or "pass". The graded
// program is starcircle: the file's algorithm and depth, fail-soft, every
// node counted.
type starcircleAdapter struct {
	input string
}

// Notation implements kit.Game.
func (a *starcircleAdapter) Notation() string {
	return `Star/Circle: POSITION/INPUT is a homework input file (player, algorithm, depth, board,
row values), "-" (stdin) or "start" (the start position, Star to move). Moves are "F4-H2"
or "pass". perft searches from the file's player to move at the DEPTH argument, terminal
positions being leaves; it also prints the tree's node count, the MINIMAX node count of
output.txt. tree: the file's algorithm and depth unless -algorithm/-depth say otherwise.`
}

// Flags implements kit.Game.
func (a *starcircleAdapter) Flags(fs *flag.FlagSet, cmd string) {
	if cmd == "play" {
		fs.StringVar(&a.input, "input", "start", "start from this input file (its board, row values and player to move)")
	}
}

// ReadsFile reports whether the POSITION/INPUT argument arg is a file
// name: neither "start" nor "-".
func (a *starcircleAdapter) ReadsFile(arg string) bool { return arg != "start" && arg != "-" }

// problem reads a POSITION/INPUT argument.
func (a *starcircleAdapter) problem(arg string, stdin io.Reader) (*starcircle.Problem, error) {
	data := []byte(starcircle.StartInput("MINIMAX", 8))
	if arg != "start" {
		var err error
		if data, err = kit.ReadInput(arg, stdin); err != nil {
			return nil, err
		}
	}
	p, err := starcircle.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", kit.InputName(arg), err)
	}
	return p, nil
}

// Perft implements kit.Game.
func (a *starcircleAdapter) Perft(arg string, stdin io.Reader, depth int) (kit.PerftResult, error) {
	p, err := a.problem(arg, stdin)
	if err != nil {
		return kit.PerftResult{}, err
	}
	return starcirclePerft(p, depth), nil
}

// starcirclePerft is the perft of the problem's position with its player to
// move: leaf counts per root move, and as a note the number of nodes of the
// tree, which is the node count of the homework's MINIMAX at that depth.
func starcirclePerft(p *starcircle.Problem, depth int) kit.PerftResult {
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	res, total := kit.Divide(starcircle.NewPerft(g), p.Position(), depth, starcircle.Move.String)
	res.Notes = []string{fmt.Sprintf("nodes: %d (the MINIMAX node count, root included)", total.Nodes)}
	return res
}

// Tree implements kit.Game.
func (a *starcircleAdapter) Tree(arg string, stdin io.Reader, o kit.TreeOptions) (kit.TreeResult, error) {
	p, err := a.problem(arg, stdin)
	if err != nil {
		return kit.TreeResult{}, err
	}
	ab := p.Algorithm == starcircle.AlphaBeta
	if o.Algorithm != "" {
		ab = o.Algorithm == "alphabeta"
	}
	depth := p.Depth
	if o.Depth != 0 {
		depth = o.Depth
	}
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
	algo := "MINIMAX"
	if ab {
		algo = "ALPHABETA"
	}
	title := fmt.Sprintf("Star/Circle: %s to move, %s depth %d", p.Player, algo, depth)
	if p.Scale > 0 {
		title += fmt.Sprintf(" (values in units of 10^-%d)", p.Scale)
	}
	return kit.RecordTree(g, starcircle.CourseOptions(), p.Position(), ab, depth, o.Limit, title,
		func(_, _ *starcircle.Position, m starcircle.Move) string { return m.String() })
}

// Session implements kit.Game.
func (a *starcircleAdapter) Session(o kit.PlayOptions) (kit.Session, error) {
	if a.input == "-" {
		return nil, fmt.Errorf("-input -: standard input carries the moves; name a file")
	}
	p, err := a.problem(a.input, nil)
	if err != nil {
		return nil, err
	}
	s := &starcircleSession{w: starcircle.NewWeights(p.Values), scale: p.Scale, first: p.Player}
	s.History = kit.NewHistory(scState{pos: p.Position(), board: p.Board})
	return s, nil
}

// scState is a position of a Star/Circle game with its stack heights
// (positive Star, negative Circle), which the search's Position omits.
type scState struct {
	pos   starcircle.Position
	board [64]int
}

// starcircleSession is a Star/Circle game. The player of the input moves
// first (Star from the start position). The game ends when a player has no
// piece or after two passes in a row; the higher utility wins. The engine is
// the homework's fail-soft alpha-beta with the utility from its own view.
type starcircleSession struct {
	w     *starcircle.Weights
	scale int
	first starcircle.Player
	kit.History[scState]
	list []starcircle.Move
}

// Players implements kit.Session.
func (s *starcircleSession) Players() [2]string {
	return [2]string{s.first.String(), s.first.Other().String()}
}

// EngineName implements kit.Session.
func (s *starcircleSession) EngineName() string { return "fail-soft alpha-beta, row-value utility" }

// DefaultDepth implements kit.Session.
func (s *starcircleSession) DefaultDepth() int { return 6 }

// Draw implements kit.Session.
func (s *starcircleSession) Draw(w io.Writer) {
	st := s.Cur()
	var b strings.Builder
	for row := 7; row >= 0; row-- {
		fmt.Fprintf(&b, "%c ", 'A'+row)
		for col := 0; col < 8; col++ {
			sq := starcircle.NewSquare(row, col)
			h := st.board[sq]
			switch {
			case h > 0:
				fmt.Fprintf(&b, " S%d", h)
			case h < 0:
				fmt.Fprintf(&b, " C%d", -h)
			case sq.Dark():
				b.WriteString("  .")
			default:
				b.WriteString("   ")
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("    1  2  3  4  5  6  7  8\n")
	fmt.Fprintf(&b, "Utility for Star: %s; %s to move\n", search.FormatValue(st.pos.Score, s.scale), st.pos.ToMove)
	io.WriteString(w, b.String())
}

func (s *starcircleSession) game() starcircle.CourseGame {
	return starcircle.NewCourseGame(s.w, s.Cur().pos.ToMove)
}

// Moves implements kit.Session.
func (s *starcircleSession) Moves() []string {
	s.list = s.game().Moves(&s.Cur().pos, s.list[:0])
	out := make([]string, len(s.list))
	for i, m := range s.list {
		out[i] = m.String()
	}
	return out
}

// Play implements kit.Session.
func (s *starcircleSession) Play(i int) {
	s.Moves()
	m := s.list[i]
	st := *s.Cur()
	s.game().Play(&st.pos, &s.Cur().pos, m)
	if m != starcircle.Pass {
		sign := 1
		if s.Cur().pos.ToMove == starcircle.Circle {
			sign = -1
		}
		st.board[m.From()] -= sign
		st.board[m.To()] += sign
		if m.IsJump() {
			st.board[m.Jumped()] = 0
		}
	}
	s.Push(st)
}

// Turn implements kit.Session.
func (s *starcircleSession) Turn() int {
	if s.Cur().pos.ToMove == s.first {
		return 0
	}
	return 1
}

// Over implements kit.Session.
func (s *starcircleSession) Over() (string, bool) {
	p := &s.Cur().pos
	if !s.game().Terminal(p) {
		return "", false
	}
	v := search.FormatValue(p.Score, s.scale)
	switch {
	case p.Score > 0:
		return "Star wins (utility " + v + " for Star).", true
	case p.Score < 0:
		return "Circle wins (utility " + v + " for Star).", true
	}
	return "draw (utility 0).", true
}

// Think implements kit.Session.
func (s *starcircleSession) Think(o kit.PlayOptions, progress func(kit.Iteration)) kit.Answer {
	s.Moves()
	return kit.Think[starcircle.Position](s.game(), starcircle.CourseOptions(), s.Cur().pos, o,
		func(m starcircle.Move) int { return slices.Index(s.list, m) }, progress)
}
