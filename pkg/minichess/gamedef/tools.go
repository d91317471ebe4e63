package gamedef

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/minichess"
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
	title := fmt.Sprintf("MiniChess: %s, %s depth %d", p.FEN(), kit.AlgoName(ab), depth)
	return kit.RecordTree(minichess.CourseGame{}, minichess.CourseOptions(), p.Node(), ab, depth, o.Limit, title,
		func(_, _ *minichess.Node, m minichess.Move) string { return minichessLabel(m) })
}

// Session implements kit.Game: a MiniChess game under the runner's rules
// (docs/minichess.md): White moves first; a move that leaves the side to
// move able to capture the enemy king wins; a side without a move loses;
// after -max-steps plies the material decides. The engine is
// player_alphabeta's search. A move is typed as its squares ("b2b3") or
// as the action file writes it ("4 1 3 1").
func (a *minichessAdapter) Session(o kit.PlayOptions) (kit.Session, error) {
	if a.maxSteps < 1 {
		return nil, fmt.Errorf("-max-steps %d: want at least 1", a.maxSteps)
	}
	maxSteps := a.maxSteps
	pl := &kit.Play[minichess.Node, minichess.Move, minichess.CourseGame]{
		Colors: [2]string{"White", "Black"},
		ToMove: func(n *minichess.Node) int { return int(n.ToMove()) },
		Moves: func(n *minichess.Node, buf []minichess.Move) []minichess.Move {
			list, _ := n.LegalMoves(buf)
			return list
		},
		Label: minichessLabel,
		Alias: minichess.Move.String,
		Draw: func(w io.Writer, n *minichess.Node, plies int) {
			p := n.Position()
			w.Write(p.AppendDrawing(nil))
			fmt.Fprintf(w, "%s to move, ply %d of %d (FEN %s)\n", colorName(p.ToMove), plies, maxSteps, p.FEN())
		},
		Over:   func(n *minichess.Node, plies int) (string, bool) { return minichessOver(n, plies, maxSteps) },
		Course: minichess.CourseGame{}, Options: minichess.CourseOptions(),
		Engine: "alpha-beta, course material evaluation", Depth: 5,
	}
	p := minichess.StartPosition()
	return pl.Session(p.Node()), nil
}

// colorName returns "White" or "Black".
func colorName(c minichess.Color) string {
	if c == minichess.White {
		return "White"
	}
	return "Black"
}

// minichessOver reports whether n, plies moves after the start of a game
// of maxSteps plies, ends it, with the result.
func minichessOver(n *minichess.Node, plies, maxSteps int) (string, bool) {
	side := n.ToMove()
	if plies >= maxSteps {
		p := n.Position()
		w, b := p.Material(minichess.White), p.Material(minichess.Black)
		switch st, winner := p.Adjudicate(); st {
		case minichess.Win:
			return fmt.Sprintf("%s wins on material after %d plies (%d to %d).", colorName(winner), maxSteps, max(w, b), min(w, b)), true
		default:
			return fmt.Sprintf("draw on material after %d plies (%d each).", maxSteps, w), true
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
