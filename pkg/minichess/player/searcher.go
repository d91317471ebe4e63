package player

import (
	"time"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// MaxDepth is the deepest iteration the reference players start.
const MaxDepth = 64

// Limits bound an iterative-deepening search. Zero fields mean "no limit".
type Limits struct {
	// Depth is the last iteration to run.
	Depth int
	// Deadline, when not zero, abandons the iteration in progress once
	// passed (polled every 1024 nodes) and starts no new one.
	Deadline time.Time
	// Nodes is a node budget over all iterations; the iteration that
	// exhausts it is abandoned.
	Nodes uint64
}

// Iteration describes one completed iteration, for -v.
type Iteration struct {
	Depth int
	Move  minichess.Move
	Value search.Value
	Nodes uint64 // nodes of this iteration
	Total uint64 // nodes of all iterations so far
}

// Deepen runs the reference players' iterative deepening (docs/minichess.md,
// "Reference players") on p: depth 1, 2, ... up to the limits and MaxDepth,
// emitting R(s, d) of each completed iteration, with pkg/search's alpha-beta
// when alphaBeta is set and its plain minimax otherwise. A Win root emits its
// king capture (the last move of the list) and nothing else. info, when not
// nil, sees every completed iteration.
func Deepen(p *minichess.Position, alphaBeta bool, lim Limits, emit Emit, info func(Iteration)) (minichess.RootCase, error) {
	var buf [minichess.MaxMoves]minichess.Move
	n := p.Node()
	list, st := n.LegalMoves(buf[:0])
	switch rc, m := minichess.ClassifyRoot(list, st); rc {
	case minichess.EmptyRoot:
		return rc, nil
	case minichess.WinCapture:
		return rc, emit(m)
	}
	lim2 := search.DeepenLimits{Depth: MaxDepth, AlphaBeta: alphaBeta, Nodes: lim.Nodes}
	if lim.Depth > 0 && lim.Depth < MaxDepth {
		lim2.Depth = lim.Depth
	}
	if !lim.Deadline.IsZero() {
		deadline := lim.Deadline
		lim2.Stop = func() bool { return !time.Now().Before(deadline) }
	}
	s := search.New[minichess.Node, minichess.Move](minichess.CourseGame{}, minichess.CourseOptions())
	_, err := s.Deepen(n, lim2, func(d int, r search.Result[minichess.Move], total uint64) error {
		if err := emit(r.Move); err != nil {
			return err
		}
		if info != nil {
			info(Iteration{Depth: d, Move: r.Move, Value: r.Value, Nodes: r.Nodes, Total: total})
		}
		return nil
	})
	return minichess.Search, err
}
