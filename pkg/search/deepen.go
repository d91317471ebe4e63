package search

// DeepenLimits bound an iterative deepening of a course search.
type DeepenLimits struct {
	// Depth is the last iteration (at least 1).
	Depth int
	// AlphaBeta selects [Searcher.AlphaBeta] for each iteration, otherwise
	// [Searcher.Minimax].
	AlphaBeta bool
	// Nodes is a node budget over all iterations (0: none); the iteration
	// that exhausts it is abandoned.
	Nodes uint64
	// Stop, when not nil, is polled inside the iterations (as
	// [Options.Stop]) and before each one; true abandons the iteration in
	// progress and starts no new one.
	Stop func() bool
	// FirstComplete exempts the depth-1 iteration from Stop, so a move is
	// always found when the root has one.
	FirstComplete bool
}

// Deepen searches root at depth 1, 2, ... up to lim.Depth with the course
// search (same node counts and choices as a single search at each depth)
// and calls each after every completed iteration with its depth, its result
// and the nodes of all iterations so far; an error from each ends the
// deepening and is returned. It stops early, with stopped set, when Stop or
// the node budget ends an iteration or prevents the next one; it also stops
// at a root without moves. The Searcher's own MaxNodes and Stop are
// restored afterwards.
func (s *Searcher[P, M, G]) Deepen(root P, lim DeepenLimits, each func(depth int, r Result[M], total uint64) error) (stopped bool, err error) {
	saved := s.opt
	defer func() { s.opt = saved }()
	armed := !lim.FirstComplete
	if lim.Stop != nil {
		s.opt.Stop = func() bool { return armed && lim.Stop() }
	}
	var total uint64
	for d := 1; d <= lim.Depth; d++ {
		if s.opt.Stop != nil && s.opt.Stop() {
			return true, nil
		}
		if lim.Nodes > 0 {
			if total >= lim.Nodes {
				return true, nil
			}
			s.opt.MaxNodes = lim.Nodes - total
		}
		var r Result[M]
		if lim.AlphaBeta {
			r = s.AlphaBeta(root, d)
		} else {
			r = s.Minimax(root, d)
		}
		if r.Aborted {
			return true, nil
		}
		if !r.HasMove {
			return false, nil
		}
		total += r.Nodes
		armed = true
		if err := each(d, r, total); err != nil {
			return false, err
		}
	}
	return false, nil
}
