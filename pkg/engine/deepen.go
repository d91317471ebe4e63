package engine

// This file holds iterative deepening with aspiration windows and the root
// search.

// Search runs iterative deepening from root within lim. Killers and history
// start empty on every search; the table keeps its entries (call Clear for a
// new game), so equal inputs give equal results from an equal table.
func (e *Engine[P, M, G]) Search(root P, lim Limits[M]) Result[M] {
	e.nodes, e.evals, e.selDepth, e.reach, e.abort = 0, 0, 0, 0, false
	e.maxNodes, e.tm, e.stop = lim.Nodes, lim.Time, lim.Stop
	e.clearHeuristics()
	if e.tt != nil {
		e.tt.NewSearch()
	}
	e.pos[0] = root
	p := &e.pos[0]
	var res Result[M]
	e.nodes++
	if e.game.Terminal(p) {
		res.Value = e.terminal(0)
		res.Nodes, res.Evals = e.nodes, e.evals
		return res
	}
	list := e.game.Moves(p, e.root[:0])
	e.root = list
	if len(list) == 0 {
		res.Value = e.noMoves(0)
		res.Nodes, res.Evals = e.nodes, e.evals
		return res
	}
	res.Move, res.HasMove = list[0], true
	// Initial root order: table move, noisy moves, then the game's order.
	var hashMove M
	hasHash := false
	rootKey, rootLeft := e.key(p)
	if e.tt != nil && e.opt.HashMove {
		if ent, ok := e.tt.Probe(rootKey); ok && ent.HasMove {
			hashMove, hasHash = ent.Move, true
		}
	}
	scores := e.score(0, p, list, hashMove, hasHash, false)
	for i := range list {
		e.pick(list, scores, i)
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly-1 {
		maxDepth = MaxPly - 1
	}
	delta0 := e.opt.AspirationDelta
	if delta0 <= 0 {
		delta0 = 50
	}
	minAsp := e.opt.AspirationMinDepth
	if minAsp <= 0 {
		minAsp = 4
	}
	var prev Value
	for depth := 1; depth <= maxDepth; depth++ {
		if e.tm != nil && (e.tm.HardExpired() || depth > 1 && e.tm.SoftExpired()) {
			break
		}
		e.iterHas = false
		var v Value
		if e.opt.Aspiration && depth >= minAsp && prev > -MateBound && prev < MateBound {
			delta := delta0
			alpha, beta := prev-delta, prev+delta
			for {
				v = e.rootSearch(depth, alpha, beta)
				if e.abort {
					break
				}
				if v <= alpha && alpha > -inf {
					alpha -= delta
				} else if v >= beta && beta < inf {
					beta += delta
				} else {
					break
				}
				delta *= 2
				if delta > MateBound/4 {
					alpha, beta = -inf, inf
				}
				alpha = max(alpha, -inf)
				beta = min(beta, inf)
			}
		} else {
			v = e.rootSearch(depth, -inf, inf)
		}
		if e.abort {
			if e.iterHas && e.iterMove != res.Move {
				res.Move, res.Partial = e.iterMove, true
			}
			break
		}
		best := e.pv[0][0]
		res.Move, res.Value, res.Depth = best, v, depth
		res.PV = e.pv[0][:e.pvLen[0]]
		// Keep the best move first for the next iteration, the rest in order.
		for i := range list {
			if list[i] == best {
				copy(list[1:i+1], list[:i])
				list[0] = best
				break
			}
		}
		if e.tt != nil {
			e.tt.StoreSpan(rootKey, depth, TTExact, int32(v), best, true, rootLeft, e.reach)
		}
		if lim.OnDepth != nil {
			info := Info[M]{Depth: depth, Move: best, Value: v, Nodes: e.nodes, Evals: e.evals, SelDepth: e.selDepth, PV: res.PV}
			if e.tm != nil {
				info.Elapsed = e.tm.Elapsed()
			}
			lim.OnDepth(info)
		}
		prev = v
		// A win or loss proven within the horizon cannot change with depth.
		if v >= Mate-Value(depth) || v <= -(Mate-Value(depth)) {
			break
		}
	}
	res.Aborted = e.abort
	res.Nodes, res.Evals = e.nodes, e.evals
	res.SelDepth = e.selDepth
	return res
}

// rootSearch searches the root's moves in their current order with the
// window (alpha, beta) and returns the best value (fail-soft).
func (e *Engine[P, M, G]) rootSearch(depth int, alpha, beta Value) Value {
	e.pvLen[0] = 0
	p := &e.pos[0]
	next := &e.pos[1]
	alpha0 := alpha
	best := -inf
	for i, m := range e.root {
		e.game.Play(next, p, m)
		var v Value
		if i == 0 || !e.opt.PVS {
			v = -e.negamax(1, depth-1, -beta, -alpha)
		} else {
			v = -e.negamax(1, depth-1, -alpha-1, -alpha)
			if !e.abort && v > alpha && v < beta {
				v = -e.negamax(1, depth-1, -beta, -alpha)
			}
		}
		if e.abort {
			return best
		}
		if v > best {
			best = v
			if v > alpha0 {
				e.iterMove, e.iterHas = m, true
			}
			if v > alpha || i == 0 {
				e.setPV(0, m)
			}
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// setPV makes m followed by the child's variation the variation of ply.
func (e *Engine[P, M, G]) setPV(ply int, m M) {
	row := e.pv[ply]
	row[0] = m
	n := 1
	if c := ply + 1; c < len(e.pvLen) && e.pvLen[c] > 0 {
		n += copy(row[1:], e.pv[c][:e.pvLen[c]])
	}
	e.pvLen[ply] = n
}
