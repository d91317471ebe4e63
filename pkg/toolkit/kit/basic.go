package kit

import (
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// CourseTree is the course search's game of a [Basic] game: a
// search.Game that a perft can also walk (search.Tree's CountReplies).
type CourseTree[P, M any] interface {
	search.Game[P, M]
	CountReplies(p *P, m M) int
}

// Basic is a game that plays by "position, moves, play, evaluate, print",
// described by values and functions: [Basic.Tools] makes it a [Game]
// (perft, tree and play) without a type of the game's own. P is the
// position, M the move and G the graded program's search game.
type Basic[P any, M comparable, G CourseTree[P, M]] struct {
	// Notation describes the positions and moves for the help text
	// ([Game.Notation]).
	Notation string
	// Parse reads a POSITION argument: "start", "-" (stdin, read with
	// [ReadInput]) or the position's text. Its errors name what is wrong
	// and where ("POSITION: ...", "stdin: ...").
	Parse func(arg string, stdin io.Reader) (P, error)
	// PerftRule is the perft's counting rule over Course; PerftNotes, when
	// not nil, returns the lines printed after its total.
	PerftRule  search.PerftRule
	PerftNotes func(total search.PerftCount) []string
	// TreeDepth is the tree's depth when -depth is not given; TreeTitle is
	// its title. The tree is the graded program's minimax, or alpha-beta
	// with -algorithm alphabeta, both with Options.
	TreeDepth int
	TreeTitle func(p *P, alphaBeta bool, depth int) string
	// StartUsage, when not empty, is the usage of play's -start POSITION
	// flag (read by Parse; without the flag play starts from "start").
	StartUsage string
	// Play is the game in play; its Course and Options are also the
	// search of the tree.
	Play[P, M, G]
}

// ParseArg returns the Parse of a [Basic] game: "start" is start, "-" is
// the graded program's input on stdin, read by input ("stdin: ..." on
// error), and any other argument a position's text, read by text
// ("POSITION: ...").
func ParseArg[P any](start P, input func([]byte) (P, error), text func(string) (P, error)) func(string, io.Reader) (P, error) {
	return func(arg string, stdin io.Reader) (P, error) {
		var p P
		switch arg {
		case "start":
			return start, nil
		case "-":
			data, err := ReadInput("-", stdin)
			if err != nil {
				return p, err
			}
			if p, err = input(data); err != nil {
				return p, fmt.Errorf("stdin: %v", err)
			}
			return p, nil
		}
		p, err := text(arg)
		if err != nil {
			return p, fmt.Errorf("POSITION: %v", err)
		}
		return p, nil
	}
}

// Tools returns a new adapter of the game for one command (its flags set
// its fields): the value of [gamekit.Game]'s Tools.
func (b *Basic[P, M, G]) Tools() Game { return &basicTools[P, M, G]{b: b, start: "start"} }

// basicTools is a [Basic] game as a [Game].
type basicTools[P any, M comparable, G CourseTree[P, M]] struct {
	b     *Basic[P, M, G]
	start string
}

// Notation implements Game.
func (a *basicTools[P, M, G]) Notation() string { return a.b.Notation }

// Flags implements Game: play's -start when the game has one.
func (a *basicTools[P, M, G]) Flags(fs *flag.FlagSet, cmd string) {
	if cmd == "play" && a.b.StartUsage != "" {
		fs.StringVar(&a.start, "start", "start", a.b.StartUsage)
	}
}

// Perft implements Game: the perft of Course under PerftRule, with its
// divide.
func (a *basicTools[P, M, G]) Perft(arg string, stdin io.Reader, depth int) (PerftResult, error) {
	p, err := a.b.Parse(arg, stdin)
	if err != nil {
		return PerftResult{}, err
	}
	return a.b.Perft(p, depth), nil
}

// Perft returns the perft of p to depth with its divide and notes (for
// bench workloads too).
func (b *Basic[P, M, G]) Perft(p P, depth int) PerftResult {
	res, total := Divide(search.NewPerft[P, M](b.Course, b.PerftRule), p, depth, b.Label)
	if b.PerftNotes != nil {
		res.Notes = b.PerftNotes(total)
	}
	return res
}

// Tree implements Game.
func (a *basicTools[P, M, G]) Tree(arg string, stdin io.Reader, o TreeOptions) (TreeResult, error) {
	p, err := a.b.Parse(arg, stdin)
	if err != nil {
		return TreeResult{}, err
	}
	ab := o.Algorithm == "alphabeta"
	depth := o.Depth
	if depth == 0 {
		depth = a.b.TreeDepth
	}
	return RecordTree(a.b.Course, a.b.Options, p, ab, depth, o.Limit, a.b.TreeTitle(&p, ab, depth),
		func(_, _ *P, m M) string { return a.b.Label(m) })
}

// Session implements Game: a game from -start.
func (a *basicTools[P, M, G]) Session(PlayOptions) (Session, error) {
	p, err := a.b.Parse(a.start, nil)
	if err != nil {
		return nil, fmt.Errorf("-start: %v", err)
	}
	return a.b.Play.Session(p), nil
}

// Play describes a game in play (gamesearch play): its colours, its moves,
// its board and its end, and the engine, the course alpha-beta by
// iterative deepening ([Think]). Its [Play.Session] is a [Session].
type Play[P any, M comparable, G search.Game[P, M]] struct {
	// Colors name colour 0 and colour 1 ("X", "O"); ToMove returns the
	// colour to move in p. The player to move in the start position is the
	// first player.
	Colors [2]string
	ToMove func(p *P) int
	// Moves lists the legal moves of p in play's order (nil:
	// Course.Moves); Label writes a move, as the tools print it and play
	// reads it; Alias, when not nil, gives a move's second spelling.
	Moves func(p *P, buf []M) []M
	Label func(m M) string
	Alias func(m M) string
	// Draw writes the board of p, plies moves after the start; Over
	// reports whether p, plies moves after the start, ends the game, with
	// the result ("X wins (...).").
	Draw func(w io.Writer, p *P, plies int)
	Over func(p *P, plies int) (string, bool)
	// Course and Options are the engine's search, Engine describes it
	// ("alpha-beta, win/draw/loss") and Depth is its depth when play's
	// -depth and -time are not given.
	Course  G
	Options search.Options
	Engine  string
	Depth   int
}

// Session returns a game in play from start.
func (pl *Play[P, M, G]) Session(start P) Session {
	return &playSession[P, M, G]{pl: pl, first: pl.ToMove(&start), History: NewHistory(start)}
}

// playSession is a game of a [Play] in progress.
type playSession[P any, M comparable, G search.Game[P, M]] struct {
	pl *Play[P, M, G]
	// first is the colour to move at the start.
	first int
	History[P]
	list []M
}

// Players implements Session: the colour to move at the start first.
func (s *playSession[P, M, G]) Players() [2]string {
	return [2]string{s.pl.Colors[s.first], s.pl.Colors[1-s.first]}
}

// EngineName implements Session.
func (s *playSession[P, M, G]) EngineName() string { return s.pl.Engine }

// DefaultDepth implements Session.
func (s *playSession[P, M, G]) DefaultDepth() int { return s.pl.Depth }

// Draw implements Session.
func (s *playSession[P, M, G]) Draw(w io.Writer) { s.pl.Draw(w, s.Cur(), s.Plies()) }

// moves lists the moves of the current position into s.list.
func (s *playSession[P, M, G]) moves() []M {
	if s.pl.Moves != nil {
		s.list = s.pl.Moves(s.Cur(), s.list[:0])
	} else {
		s.list = s.pl.Course.Moves(s.Cur(), s.list[:0])
	}
	return s.list
}

// Moves implements Session.
func (s *playSession[P, M, G]) Moves() []string {
	out := make([]string, 0, len(s.list))
	for _, m := range s.moves() {
		out = append(out, s.pl.Label(m))
	}
	return out
}

// Alias implements Aliaser: the i-th move's second spelling, or "".
func (s *playSession[P, M, G]) Alias(i int) string {
	if s.pl.Alias == nil {
		return ""
	}
	return s.pl.Alias(s.list[i])
}

// Play implements Session.
func (s *playSession[P, M, G]) Play(i int) {
	var next P
	s.pl.Course.Play(&next, s.Cur(), s.moves()[i])
	s.Push(next)
}

// Turn implements Session.
func (s *playSession[P, M, G]) Turn() int { return s.pl.ToMove(s.Cur()) ^ s.first }

// Over implements Session.
func (s *playSession[P, M, G]) Over() (string, bool) { return s.pl.Over(s.Cur(), s.Plies()) }

// Think implements Session.
func (s *playSession[P, M, G]) Think(o PlayOptions, progress func(Iteration)) Answer {
	list := s.moves()
	return Think[P](s.pl.Course, s.pl.Options, *s.Cur(), o, func(m M) int { return slices.Index(list, m) }, progress)
}
