package engine

// This file holds the main search: node accounting, terminal and static
// values, table conversions and the principal-variation negamax with its
// pruning and reductions.

// enter counts a node and polls the limits; false means abort.
func (e *Engine[P, M, G]) enter(ply int) bool {
	e.nodes++
	if ply > e.selDepth {
		e.selDepth = ply
	}
	if ply > e.reach {
		e.reach = ply
	}
	if e.maxNodes != 0 && e.nodes > e.maxNodes {
		e.abort = true
	}
	if e.nodes&e.pollMask == 0 {
		if e.tm != nil && e.tm.HardExpired() || e.stop != nil && e.stop() {
			e.abort = true
		}
	}
	return !e.abort
}

// eval is the clamped static value of the node at ply.
func (e *Engine[P, M, G]) eval(ply int) Value {
	e.evals++
	v := e.game.Evaluate(&e.pos[ply])
	if v >= MateBound {
		v = MateBound - 1
	} else if v <= -MateBound {
		v = -MateBound + 1
	}
	return v
}

// terminal is the value of the terminal node at ply.
func (e *Engine[P, M, G]) terminal(ply int) Value {
	switch e.game.Outcome(&e.pos[ply]) {
	case OutcomeWin:
		return Mate - Value(ply)
	case OutcomeLoss:
		return -(Mate - Value(ply))
	case OutcomeDraw:
		return 0
	}
	return e.eval(ply)
}

// noMoves is the value of the node at ply without moves.
func (e *Engine[P, M, G]) noMoves(ply int) Value {
	switch e.opt.NoMoves {
	case NoMovesDraw:
		return 0
	case NoMovesEvaluate:
		return e.eval(ply)
	}
	return -(Mate - Value(ply))
}

// toTT and fromTT convert between root-relative and node-relative win scores.
func toTT(v Value, ply int) int32 {
	if v >= MateBound {
		v += Value(ply)
	} else if v <= -MateBound {
		v -= Value(ply)
	}
	return int32(v)
}

func fromTT(v int32, ply int) Value {
	w := Value(v)
	if w >= MateBound {
		w -= Value(ply)
	} else if w <= -MateBound {
		w += Value(ply)
	}
	return w
}

// key returns the table key of p and the plies p has left before its ply
// limit (-1: none known, or without [Options.PlyFreeTable]).
func (e *Engine[P, M, G]) key(p *P) (uint64, int) {
	if e.limited != nil {
		if left := e.limited.PliesLeft(p); left >= 0 {
			return e.limited.PositionHash(p), left
		}
	}
	return e.game.Hash(p), -1
}

// negamax searches the node at ply (ply >= 1) to depth with the window
// (alpha, beta), fail-soft. With [Options.PlyFreeTable] it keeps reach,
// the deepest ply entered, over the node's subtree.
func (e *Engine[P, M, G]) negamax(ply, depth int, alpha, beta Value) Value {
	if e.limited == nil {
		return e.node(ply, depth, alpha, beta)
	}
	outer := e.reach
	e.reach = ply
	v := e.node(ply, depth, alpha, beta)
	e.reach = max(outer, e.reach)
	return v
}

// node is the body of [Engine.negamax].
func (e *Engine[P, M, G]) node(ply, depth int, alpha, beta Value) Value {
	e.pvLen[ply] = 0
	if !e.enter(ply) {
		return 0
	}
	p := &e.pos[ply]
	if e.game.Terminal(p) {
		return e.terminal(ply)
	}
	if depth <= 0 {
		if e.opt.Quiescence {
			return e.qbody(ply, alpha, beta)
		}
		return e.eval(ply)
	}
	if ply >= MaxPly-1 {
		return e.eval(ply)
	}
	pvNode := beta-alpha > 1
	alpha0 := alpha
	var key uint64
	left := -1
	var hashMove M
	hasHash := false
	if e.tt != nil {
		key, left = e.key(p)
		if ent, ok := e.tt.Probe(key); ok {
			if ent.HasMove && e.opt.HashMove {
				hashMove, hasHash = ent.Move, true
			}
			d := int(ent.Depth)
			if (d == depth || d > depth && !e.opt.TTExactDepth) && ent.Fits(left) {
				v := fromTT(ent.Value, ply)
				switch {
				case ent.Bound == TTExact,
					ent.Bound == TTLower && v >= beta,
					ent.Bound == TTUpper && v <= alpha:
					// The value stands for the entry's subtree.
					e.reach = max(e.reach, ply+int(ent.Reach))
					return v
				}
			}
		}
	}
	inCheck := e.checker != nil && e.checker.InCheck(p)
	next := &e.pos[ply+1]
	// The static value, for the pruning decisions that need it.
	static, hasStatic := Value(0), false
	if !pvNode && !inCheck && (e.opt.ReverseFutility || e.opt.NullMove && e.opt.NullMoveAdaptive) {
		static, hasStatic = e.eval(ply), true
	}
	if e.opt.ReverseFutility && hasStatic && depth <= 6 && beta < MateBound && beta > -MateBound {
		margin := e.opt.ReverseFutilityMargin
		if margin <= 0 {
			margin = 120
		}
		if static-margin*Value(depth) >= beta {
			return static
		}
	}
	minNull := 3
	if e.opt.NullMoveAdaptive {
		minNull = 2
	}
	if e.opt.NullMove && e.nuller != nil && !pvNode && !inCheck && depth >= minNull &&
		beta < MateBound && beta > -MateBound && (!e.opt.NullMoveAdaptive || static >= beta) &&
		e.nuller.PlayNull(next, p) {
		r := e.opt.NullMoveReduction
		if r <= 0 {
			r = 2
		}
		if e.opt.NullMoveAdaptive {
			r += depth / 4
		}
		v := -e.negamax(ply+1, depth-1-r, -beta, -beta+1)
		if e.abort {
			return 0
		}
		if v >= beta {
			if v >= MateBound {
				v = beta
			}
			return v
		}
	}
	list := e.game.Moves(p, e.moves[ply][:0])
	e.moves[ply] = list[:0]
	if len(list) == 0 {
		return e.noMoves(ply)
	}
	// Without any ordering technique the game's order stands and no move
	// needs classifying.
	ordered := hasHash || e.opt.MVVLVA || e.opt.Killers || e.opt.History || e.opt.LMR || e.opt.Futility || e.opt.LateMovePruning
	// Futility: at the frontier, quiet moves cannot lift a hopeless static
	// value to alpha.
	futile := false
	var futileValue Value
	if e.opt.Futility && depth == 1 && !pvNode && !inCheck && alpha > -MateBound && alpha < MateBound {
		margin := e.opt.FutilityMargin
		if margin <= 0 {
			margin = 200
		}
		futileValue = e.eval(ply) + margin
		futile = futileValue <= alpha
	}
	ext := 0
	if e.opt.CheckExtension && inCheck {
		ext = 1
	}
	var scores []int32
	if ordered {
		scores = e.score(ply, p, list, hashMove, hasHash, false)
	}
	best := -inf
	var bestMove M
	hasBest := false
	d := depth - 1 + ext
	lmp := e.opt.LateMovePruning && !pvNode && !inCheck && depth <= 4 && alpha > -MateBound
	lmpCount := 3 + depth*depth
	quietsTried := e.quiets[ply][:0]
	for i := range list {
		quiet := true
		if ordered {
			e.pick(list, scores, i)
			quiet = scores[i]&1 == 0
		}
		m := list[i]
		if futile && quiet {
			if futileValue > best {
				best = futileValue
			}
			continue
		}
		if lmp && quiet && i >= lmpCount && hasBest && best > -MateBound {
			continue
		}
		e.game.Play(next, p, m)
		var v Value
		if i == 0 || !e.opt.PVS {
			v = -e.negamax(ply+1, d, -beta, -alpha)
		} else {
			reduced := false
			if e.opt.LMR && depth >= 3 && quiet && !inCheck && !e.isKiller(ply, m) {
				if r := e.reduction(depth, d, i, pvNode); r > 0 {
					v = -e.negamax(ply+1, d-r, -alpha-1, -alpha)
					reduced = true
				}
			}
			if !reduced || !e.abort && v > alpha {
				v = -e.negamax(ply+1, d, -alpha-1, -alpha)
			}
			if !e.abort && v > alpha && v < beta {
				v = -e.negamax(ply+1, d, -beta, -alpha)
			}
		}
		if e.abort {
			return 0
		}
		if v > best || !hasBest && v == best {
			best, bestMove, hasBest = v, m, true
			if v > alpha {
				alpha = v
				e.setPV(ply, m)
				if alpha >= beta {
					if quiet {
						e.cut(ply, depth, p, m)
						if e.opt.HistoryMalus {
							e.malus(ply, depth, p, quietsTried)
						}
					}
					break
				}
			}
		}
		if quiet && e.opt.HistoryMalus {
			quietsTried = append(quietsTried, m)
		}
	}
	e.quiets[ply] = quietsTried[:0]
	if e.tt != nil {
		bound := TTExact
		if best <= alpha0 {
			bound = TTUpper
		} else if best >= beta {
			bound = TTLower
		}
		e.tt.StoreSpan(key, depth, bound, toTT(best, ply), bestMove, hasBest, left, e.reach-ply)
	}
	return best
}

// reduction is the late-move reduction of the i-th move (from 0) of a node
// of depth whose children are searched to depth d: one ply from the fourth
// move, or with [Options.LMRLog] the table's value (by depth and move
// number) from the third move, one less at PV nodes, at most d-1.
func (e *Engine[P, M, G]) reduction(depth, d, i int, pvNode bool) int {
	if !e.opt.LMRLog {
		if i >= 3 {
			return 1
		}
		return 0
	}
	if i < 2 {
		return 0
	}
	r := int(e.lmrTable[min(depth, lmrDepths-1)][min(i+1, lmrMoves-1)])
	if pvNode {
		r--
	}
	return min(r, d-1)
}
