// Package baseline implements congo-baseline: the course baseline of the
// acceptance match (docs/congo.md, "The tournament agent"), the Part 5
// player ([NewSearcher]: fail-hard negamax alpha-beta to [Depth] with the
// advanced evaluation, root moves in ascending order, the first strictly
// best one played), behind the tournament protocol of congo-agent (newgame,
// position, moves, go, quit), so that a student can play her agent against
// it under the course's own runner. The protocol loop is congo-agent's
// ([agent.Serve]) with the baseline as its [agent.Chooser] ([Chooser]); only
// the search differs. The time of go is ignored: the course baseline has no
// time limit.
//
// congo-baseline is a graded program: this package must not import os/exec,
// package match or the toolkit. The match players built on the baseline's
// search are in package github.com/gamesearch/gamesearch/pkg/congo/arena.
package baseline

import (
	"io"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Depth is the depth of the baseline's search.
const Depth = 4

// NewSearcher returns the baseline's search for edition r: the course's
// fail-hard negamax alpha-beta (package search) with the advanced
// evaluation and the moves in ascending order.
func NewSearcher(r congo.Edition) *congo.Searcher {
	g := congo.CourseGame{Edition: r, Eval: congo.AdvancedEval}
	return search.New[congo.Position, congo.Move](g, congo.CourseOptions(true))
}

// Chooser is the baseline as an [agent.Chooser].
type Chooser struct {
	s *congo.Searcher
}

// NewChooser returns the baseline of edition r.
func NewChooser(r congo.Edition) *Chooser { return &Chooser{s: NewSearcher(r)} }

// Choose searches p to [Depth] and returns the first root move whose value
// is strictly greater than alpha at that time, or false when p has none.
func (c *Chooser) Choose(p *congo.Position) (congo.Move, bool) {
	r := c.s.AlphaBeta(*p, Depth)
	return r.Move, r.HasMove
}

// usage is the -h text.
const usage = `usage: congo-baseline [-rules 2021|2022]
Plays Congo over the tournament protocol of congo-agent: reads commands on
stdin (newgame, position <fen>, moves <m1> <m2> ..., go <seconds>, quit) and
answers each go with one move (or 0000) on stdout. Every move is the course's
Part 5 alpha-beta: fail-hard negamax to depth 4 with the advanced evaluation,
root moves in ascending order, the first strictly best one. The time of go
is ignored (the search has no time limit); equal inputs give equal outputs.
  -rules R   edition (default 2022)
`

// Run is the congo-baseline program: args without the program name; the
// result is the exit status (0 at quit or end of input, 1 when stdout cannot
// be written, 2 for bad flags).
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r, exit, ok := congo.ParseEditionArgs("congo-baseline", usage, args, stderr)
	if !ok {
		return exit
	}
	a := agent.New(agent.Config{Edition: r, Chooser: NewChooser(r), Name: "congo-baseline"})
	return agent.Serve(a, stdin, stdout, stderr)
}
