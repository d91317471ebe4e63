package engine

// This file holds the quiescence search.

// qnode enters a quiescence node at ply.
func (e *Engine[P, M, G]) qnode(ply int, alpha, beta Value) Value {
	e.pvLen[ply] = 0
	if !e.enter(ply) {
		return 0
	}
	if e.game.Terminal(&e.pos[ply]) {
		return e.terminal(ply)
	}
	return e.qbody(ply, alpha, beta)
}

// qbody is the quiescence search of the entered, non-terminal node at ply:
// stand pat on the static value, then the noisy moves, best first; in check,
// every move.
func (e *Engine[P, M, G]) qbody(ply int, alpha, beta Value) Value {
	if ply >= MaxPly-1 {
		return e.eval(ply)
	}
	p := &e.pos[ply]
	inCheck := e.checker != nil && e.checker.InCheck(p)
	best := -inf
	var list []M
	if inCheck {
		list = e.game.Moves(p, e.moves[ply][:0])
		e.moves[ply] = list[:0]
		if len(list) == 0 {
			return e.noMoves(ply)
		}
	} else {
		best = e.eval(ply)
		if best >= beta {
			return best
		}
		if best > alpha {
			alpha = best
		}
		if e.noisy != nil {
			list = e.noisy.NoisyMoves(p, e.moves[ply][:0])
			e.moves[ply] = list[:0]
		} else {
			list = e.game.Moves(p, e.moves[ply][:0])
			e.moves[ply] = list[:0]
			n := 0
			for _, m := range list {
				if e.game.Noisy(p, m) > 0 {
					list[n] = m
					n++
				}
			}
			list = list[:n]
		}
	}
	var zero M
	scores := e.score(ply, p, list, zero, false, true)
	next := &e.pos[ply+1]
	prune := e.opt.QuiescencePrune && e.exch != nil && !inCheck
	for i := range list {
		e.pick(list, scores, i)
		m := list[i]
		if prune && e.exch.LosingCapture(p, m) {
			continue
		}
		e.game.Play(next, p, m)
		v := -e.qnode(ply+1, -beta, -alpha)
		if e.abort {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				e.setPV(ply, m)
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}
