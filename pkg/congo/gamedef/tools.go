package gamedef

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// congoAdapter is Congo for the toolkit. Positions are FENs ("start" is the
// edition's start position, "-" reads the first line of stdin); moves are
// written "a1b2". The graded programs are congo-minimax (minimax, depth 2,
// simple evaluation) and congo-alphabeta (fail-hard alpha-beta, depth 4,
// advanced evaluation, captures first).
type congoAdapter struct {
	rules string
}

// Notation implements kit.Game.
func (a *congoAdapter) Notation() string {
	return `Congo: POSITION/INPUT is a FEN "<placement> <side> <move number>", "start" (the -rules
edition's start position) or "-" (first line of stdin). Moves are "a1b2". perft counts
leaves, no moves below a position with a missing lion. tree: congo-minimax (depth 2, simple
evaluation) by default, -algorithm alphabeta for congo-alphabeta (depth 4, fail-hard,
advanced evaluation, captures first). play: the engine is congo-alphabeta's search.`
}

// Flags implements kit.Game.
func (a *congoAdapter) Flags(fs *flag.FlagSet, _ string) {
	fs.StringVar(&a.rules, "rules", "2022", "congo edition: 2021 or 2022 (only promotion differs)")
}

func (a *congoAdapter) edition() (congo.Edition, error) {
	r, ok := congo.ParseEdition(a.rules)
	if !ok {
		return 0, fmt.Errorf("-rules %q: want 2021 or 2022", a.rules)
	}
	return r, nil
}

// position reads a POSITION argument.
func (a *congoAdapter) position(arg string, stdin io.Reader) (congo.Position, congo.Edition, error) {
	r, err := a.edition()
	if err != nil {
		return congo.Position{}, 0, err
	}
	where := "POSITION"
	fen := arg
	switch arg {
	case "start":
		fen = congo.StartFEN(r)
	case "-":
		data, err := kit.ReadInput("-", stdin)
		if err != nil {
			return congo.Position{}, 0, err
		}
		fen, _, _ = strings.Cut(string(data), "\n")
		where = "stdin line 1"
	}
	p, err := congo.ParseFEN(fen)
	if err != nil {
		return congo.Position{}, 0, fmt.Errorf("%s: %v", where, err)
	}
	return p, r, nil
}

// Perft implements kit.Game.
func (a *congoAdapter) Perft(arg string, stdin io.Reader, depth int) (kit.PerftResult, error) {
	p, r, err := a.position(arg, stdin)
	if err != nil {
		return kit.PerftResult{}, err
	}
	return congoPerft(&p, depth, r), nil
}

// congoPerft is the Congo perft with its divide: the moves in ascending
// order.
func congoPerft(p *congo.Position, depth int, r congo.Edition) kit.PerftResult {
	res, _ := kit.Divide(congo.NewPerft(r), *p, depth, congo.Move.String)
	return res
}

// Tree implements kit.Game.
func (a *congoAdapter) Tree(arg string, stdin io.Reader, o kit.TreeOptions) (kit.TreeResult, error) {
	p, r, err := a.position(arg, stdin)
	if err != nil {
		return kit.TreeResult{}, err
	}
	ab := o.Algorithm == "alphabeta"
	depth := o.Depth
	if depth == 0 {
		depth = 2
		if ab {
			depth = 4
		}
	}
	title := fmt.Sprintf("Congo %s, %s depth %d: %s", r, kit.AlgoName(ab), depth, p.String())
	return kit.RecordTree(congo.NewCourseGame(r, ab), congo.CourseOptions(ab), p, ab, depth, o.Limit, title,
		func(_, _ *congo.Position, m congo.Move) string { return m.String() })
}

// Session implements kit.Game: a Congo game, White first. A game ends when
// a lion is captured, when only the two lions remain (draw) or after 100
// moves by each side (draw), as in the course's Part 6 matches. The
// engine is the congo-alphabeta search (fail-hard, advanced evaluation);
// play lists the moves in generation order.
func (a *congoAdapter) Session(o kit.PlayOptions) (kit.Session, error) {
	r, err := a.edition()
	if err != nil {
		return nil, err
	}
	p, _ := congo.ParseFEN(congo.StartFEN(r))
	pl := &kit.Play[congo.Position, congo.Move, congo.CourseGame]{
		Colors: [2]string{"White", "Black"},
		ToMove: func(p *congo.Position) int { return int(p.Side) },
		Moves:  func(p *congo.Position, buf []congo.Move) []congo.Move { return p.GenerateMoves(buf) },
		Label:  congo.Move.String,
		Draw:   func(w io.Writer, p *congo.Position, _ int) { drawCongo(w, p) },
		Over:   congoOver,
		Course: congo.NewCourseGame(r, true), Options: congo.CourseOptions(true),
		Engine: "fail-hard alpha-beta, advanced evaluation, " + r.String() + " rules", Depth: 4,
	}
	return pl.Session(p), nil
}

// drawCongo writes the board of p, rank 7 on top, and the side to move
// with the FEN.
func drawCongo(w io.Writer, p *congo.Position) {
	var b strings.Builder
	for rank := 6; rank >= 0; rank-- {
		fmt.Fprintf(&b, "%d ", rank+1)
		for file := 0; file < 7; file++ {
			c := byte('.')
			if pc := p.At(congo.SquareAt(file, rank)); pc != congo.NoPiece {
				c = pc.Letter()
			}
			b.WriteByte(' ')
			b.WriteByte(c)
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g\n")
	fmt.Fprintf(&b, "%s to move (FEN %s)\n", sideName(p.Side), p.String())
	io.WriteString(w, b.String())
}

// congoOver reports whether p, plies moves after the start, ends the game,
// with the result.
func congoOver(p *congo.Position, plies int) (string, bool) {
	switch p.Status() {
	case congo.WhiteWins:
		return "White wins (the black lion is captured).", true
	case congo.BlackWins:
		return "Black wins (the white lion is captured).", true
	}
	if p.Occupied().Count() == 2 {
		return "draw (only the two lions remain).", true
	}
	if plies >= 200 {
		return "draw (100 moves by each side).", true
	}
	if p.CountMoves() == 0 {
		return fmt.Sprintf("%s has no move; %s wins.", sideName(p.Side), sideName(p.Side.Other())), true
	}
	return "", false
}

// sideName returns "White" or "Black".
func sideName(c congo.Color) string {
	if c == congo.White {
		return "White"
	}
	return "Black"
}
