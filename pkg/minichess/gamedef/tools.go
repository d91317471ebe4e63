package gamedef

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// minichessAdapter is MiniChess 6x5 for the toolkit. Positions are in the
// package's FEN-like notation ("kqbnr/ppppp/5/5/PPPPP/RNBQK w"; "start" is
// the start position, "-" reads the first line of stdin). Moves are written
// from and to square, "B2B3"; play also takes the action-file form "4 1 3 1".
// The graded programs are player_minimax and player_alphabeta: pkg/search
// over minichess.CourseGame with minichess.CourseOptions.
type minichessAdapter struct {
	pseudo   bool
	maxSteps int
}

// Notation implements kit.Game.
func (a *minichessAdapter) Notation() string {
	return `MiniChess: POSITION/INPUT is the FEN-like "<placement> <side>" ("kqbnr/ppppp/5/5/PPPPP/RNBQK w"),
"start" or "-" (first line of stdin). Moves are "B2B3" (play also takes "4 1 3 1"). perft is
T-perft (template lists, Win positions not expanded), -pseudo for P-perft. tree: the search of
player_alphabeta (default) or player_minimax (-algorithm minimax) at one depth (default 3).`
}

// Flags implements kit.Game.
func (a *minichessAdapter) Flags(fs *flag.FlagSet, cmd string) {
	switch cmd {
	case "perft":
		fs.BoolVar(&a.pseudo, "pseudo", false, "P-perft (every pseudo-legal move, no Win truncation) instead of T-perft (template semantics)")
	case "play":
		fs.IntVar(&a.maxSteps, "max-steps", 50, "ply limit, after which material decides (the runner's -max-steps)")
	}
}

func (a *minichessAdapter) position(arg string, stdin io.Reader) (minichess.Position, error) {
	if arg == "start" {
		return minichess.StartPosition(), nil
	}
	fen, where := arg, "POSITION"
	if arg == "-" {
		data, err := kit.ReadInput("-", stdin)
		if err != nil {
			return minichess.Position{}, err
		}
		fen, _, _ = strings.Cut(string(data), "\n")
		where = "stdin line 1"
	}
	p, err := minichess.ParseFEN(fen)
	if err != nil {
		return minichess.Position{}, fmt.Errorf("%s: %v", where, err)
	}
	return p, nil
}

// minichessLabel is a move's name: from square, to square.
func minichessLabel(m minichess.Move) string {
	return minichess.SquareName(int(m.FromRow), int(m.FromCol)) + minichess.SquareName(int(m.ToRow), int(m.ToCol))
}

// Perft implements kit.Game.
func (a *minichessAdapter) Perft(arg string, stdin io.Reader, depth int) (kit.PerftResult, error) {
	p, err := a.position(arg, stdin)
	if err != nil {
		return kit.PerftResult{}, err
	}
	return minichessPerft(p, depth, !a.pseudo), nil
}

// minichessPerft is the MiniChess perft with its divide: the root list in
// template order (T-perft: a Win root has no children; P-perft: a root
// without its king has none).
func minichessPerft(p minichess.Position, depth int, template bool) kit.PerftResult {
	kind := "T-perft (template semantics)"
	if !template {
		kind = "P-perft (pseudo-legal)"
	}
	res, _ := kit.Divide(minichess.NewPerft(template), p.Node(), depth, minichessLabel)
	res.Notes = []string{kind}
	return res
}

// Tree implements kit.Game.
func (a *minichessAdapter) Tree(arg string, stdin io.Reader, o kit.TreeOptions) (kit.TreeResult, error) {
	p, err := a.position(arg, stdin)
	if err != nil {
		return kit.TreeResult{}, err
	}
	ab := o.Algorithm != "minimax"
	depth := o.Depth
	if depth == 0 {
		depth = 3
	}
	opt := minichess.CourseOptions()
	opt.MaxNodes = uint64(o.Limit) + 1
	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, opt)
	title := fmt.Sprintf("MiniChess: %s, %s depth %d", p.FEN(), kit.AlgoName(ab), depth)
	return kit.RecordTree(s, p.Node(), ab, depth, o.Limit, search.DefaultInf, title,
		func(_, _ *minichess.Node, m minichess.Move) string { return minichessLabel(m) })
}

// Session implements kit.Game.
func (a *minichessAdapter) Session(o kit.PlayOptions) (kit.Session, error) {
	if a.maxSteps < 1 {
		return nil, fmt.Errorf("-max-steps %d: want at least 1", a.maxSteps)
	}
	p := minichess.StartPosition()
	return &minichessSession{maxSteps: a.maxSteps, History: kit.NewHistory(p.Node())}, nil
}

// minichessSession is a MiniChess game under the runner's rules (docs/minichess.md):
// White moves first; a move that leaves the side to move able to capture the
// enemy king wins; a side without a move loses; after maxSteps plies the
// material decides. The engine is player_alphabeta's search.
type minichessSession struct {
	maxSteps int
	kit.History[minichess.Node]
	buf  [minichess.MaxMoves]minichess.Move
	list []minichess.Move
}

// Players implements kit.Session.
func (s *minichessSession) Players() [2]string { return [2]string{"White", "Black"} }

// EngineName implements kit.Session.
func (s *minichessSession) EngineName() string { return "alpha-beta, course material evaluation" }

// DefaultDepth implements kit.Session.
func (s *minichessSession) DefaultDepth() int { return 5 }

// Draw implements kit.Session.
func (s *minichessSession) Draw(w io.Writer) {
	p := s.Cur().Position()
	w.Write(p.AppendDrawing(nil))
	fmt.Fprintf(w, "%s to move, ply %d of %d (FEN %s)\n", colorName(p.ToMove), s.Plies(), s.maxSteps, p.FEN())
}

func colorName(c minichess.Color) string {
	if c == minichess.White {
		return "White"
	}
	return "Black"
}

// Moves implements kit.Session.
func (s *minichessSession) Moves() []string {
	s.list, _ = s.Cur().LegalMoves(s.buf[:0])
	out := make([]string, len(s.list))
	for i, m := range s.list {
		out[i] = minichessLabel(m)
	}
	return out
}

func (s *minichessSession) alias(i int) string { return s.list[i].String() }

// Play implements kit.Session.
func (s *minichessSession) Play(i int) {
	s.list, _ = s.Cur().LegalMoves(s.buf[:0])
	var next minichess.Node
	s.Cur().Play(&next, s.list[i])
	s.Push(next)
}

// Turn implements kit.Session.
func (s *minichessSession) Turn() int { return int(s.Cur().ToMove()) }

// Over implements kit.Session.
func (s *minichessSession) Over() (string, bool) {
	n := s.Cur()
	side := n.ToMove()
	if s.Plies() >= s.maxSteps {
		p := n.Position()
		w, b := p.Material(minichess.White), p.Material(minichess.Black)
		switch st, winner := p.Adjudicate(); st {
		case minichess.Win:
			return fmt.Sprintf("%s wins on material after %d plies (%d to %d).", colorName(winner), s.maxSteps, max(w, b), min(w, b)), true
		default:
			return fmt.Sprintf("draw on material after %d plies (%d each).", s.maxSteps, w), true
		}
	}
	if n.Status() == minichess.Win {
		return fmt.Sprintf("%s wins (the %s king can be captured).", colorName(side), strings.ToLower(colorName(side.Other()))), true
	}
	var buf [minichess.MaxMoves]minichess.Move
	if list, _ := n.LegalMoves(buf[:0]); len(list) == 0 {
		return fmt.Sprintf("%s has no move; %s wins.", colorName(side), colorName(side.Other())), true
	}
	return "", false
}

// Think implements kit.Session.
func (s *minichessSession) Think(o kit.PlayOptions, progress func(kit.Iteration)) kit.Answer {
	s.Moves()
	return kit.Think[minichess.Node](minichess.CourseGame{}, minichess.CourseOptions(), *s.Cur(), o,
		func(m minichess.Move) int { return slices.Index(s.list, m) }, progress)
}
