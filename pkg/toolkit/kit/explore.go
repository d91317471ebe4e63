package kit

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// maxCourseDepth caps the course search's deepening in the explorer's play
// when no depth is given (the time ends it first).
const maxCourseDepth = 64

// ExploreEngine is the tournament engine's reply in the explorer's play:
// iterative deepening within lim (Stop carries the time), an iteration
// reported after each completed depth with its principal variation
// labelled by label from root and its score in words ("win in 3"). It returns the index of the move in the
// root's list, which index gives, and the depth reached.
func ExploreEngine[P any, M comparable, G engine.Game[P, M]](e *engine.Engine[P, M, G], root P, lim explorer.ThinkLimits,
	label func(p *P, m M) string, index func(m M) int, progress func(explorer.Iteration)) (int, int, error) {
	g := e.Game()
	l := engine.Limits[M]{Depth: lim.Depth, Stop: lim.Stop, OnDepth: func(info engine.Info[M]) {
		it := explorer.Iteration{Depth: info.Depth, Score: explorer.ScoreText(info.Value, engine.Mate, engine.MateBound), Nodes: info.Nodes}
		p := root
		for k, m := range info.PV {
			l := label(&p, m)
			if k == 0 {
				it.Move = l
			}
			it.PV = append(it.PV, l)
			var next P
			g.Play(&next, &p, m)
			p = next
		}
		progress(it)
	}}
	res := e.Search(root, l)
	if !res.HasMove {
		return 0, 0, fmt.Errorf("the engine has no move")
	}
	i := index(res.Move)
	if i < 0 {
		return 0, 0, fmt.Errorf("the engine's move is not in the list")
	}
	return i, res.Depth, nil
}

// ExploreCourse is the course alpha-beta's reply in the explorer's play:
// search.Deepen with the program's options, depth 1 always completed, an
// iteration reported after each completed depth (the principal variation
// is the chosen move).
func ExploreCourse[P, M any, G search.Game[P, M]](g G, opt search.Options, root P, lim explorer.ThinkLimits,
	label func(p *P, m M) string, index func(m M) int, progress func(explorer.Iteration)) (int, int, error) {
	s := search.New[P, M](g, opt)
	depth := lim.Depth
	if depth <= 0 {
		depth = maxCourseDepth
	}
	move, got := -1, 0
	_, err := s.Deepen(root, search.DeepenLimits{Depth: depth, AlphaBeta: true, FirstComplete: true, Stop: lim.Stop},
		func(d int, r search.Result[M], total uint64) error {
			move, got = index(r.Move), d
			l := label(&root, r.Move)
			progress(explorer.Iteration{Depth: d, Score: fmt.Sprint(r.Value), Nodes: total, Move: l, PV: []string{l}})
			return nil
		})
	if err != nil {
		return 0, 0, err
	}
	if move < 0 {
		return 0, 0, fmt.Errorf("the course search has no move")
	}
	return move, got, nil
}

// ExploreThink dispatches the explorer's play on lim.Engine: course when
// it is "course", else eng.
func ExploreThink(lim explorer.ThinkLimits, eng, course func() (int, int, error)) (int, int, error) {
	if lim.Engine == "course" {
		return course()
	}
	return eng()
}
