package engine

// This file holds move ordering: hash move, MVV-LVA, killers and history.

// Move-ordering score bands. A move's key is 2*score + 1 for a noisy move and
// 2*score for a quiet one: the low bit tells whether the move is noisy, and
// ordering ignores it.
const (
	orderHash   = 1 << 29
	orderNoisy  = 1 << 28
	orderKiller = 1 << 27
	historyMax  = 1 << 25
	noisyMax    = 1 << 24
)

// score fills the ordering keys of list at ply. In quiescence (q) only the
// noisy scores count. The returned slice is parallel to list.
func (e *Engine[P, M, G]) score(ply int, p *P, list []M, hashMove M, hasHash, q bool) []int32 {
	s := e.scores[ply][:0]
	side := ply & 1
	for _, m := range list {
		var v int32
		n := e.game.Noisy(p, m)
		if n >= noisyMax {
			n = noisyMax - 1
		}
		switch {
		case hasHash && m == hashMove:
			v = orderHash
		case n > 0 && (e.opt.MVVLVA || q):
			v = orderNoisy + n
		case n > 0:
			v = 0
		case !q && e.opt.Killers && e.killOK[ply][0] && m == e.killers[ply][0]:
			v = orderKiller + 1
		case !q && e.opt.Killers && e.killOK[ply][1] && m == e.killers[ply][1]:
			v = orderKiller
		case !q && e.opt.History:
			v = e.history[side][e.game.HistoryIndex(p, m)]
		}
		v *= 2
		if n > 0 {
			v++
		}
		s = append(s, v)
	}
	e.scores[ply] = s[:0]
	return s
}

// pick moves the best-scored entry of list[i:] to i, shifting the others up
// so that equal scores keep their order (the noisy bit of the keys is
// ignored).
func (e *Engine[P, M, G]) pick(list []M, s []int32, i int) {
	b := i
	for j := i + 1; j < len(s); j++ {
		if s[j]>>1 > s[b]>>1 {
			b = j
		}
	}
	if b == i {
		return
	}
	m, v := list[b], s[b]
	copy(list[i+1:b+1], list[i:b])
	copy(s[i+1:b+1], s[i:b])
	list[i], s[i] = m, v
}

// isKiller reports whether m is a killer at ply.
func (e *Engine[P, M, G]) isKiller(ply int, m M) bool {
	k := &e.killers[ply]
	ok := &e.killOK[ply]
	return ok[0] && k[0] == m || ok[1] && k[1] == m
}

// cut records the quiet move m that caused a beta cut at ply.
func (e *Engine[P, M, G]) cut(ply, depth int, p *P, m M) {
	if e.opt.Killers {
		k := &e.killers[ply]
		ok := &e.killOK[ply]
		if !ok[0] || k[0] != m {
			k[1], ok[1] = k[0], ok[0]
			k[0], ok[0] = m, true
		}
	}
	if e.opt.History {
		h := e.history[ply&1]
		i := e.game.HistoryIndex(p, m)
		h[i] += int32(depth * depth)
		if h[i] >= historyMax {
			for j := range h {
				h[j] /= 2
			}
		}
	}
}

// malus lowers the history of the quiet moves tried at ply before the one
// that caused a cut there.
func (e *Engine[P, M, G]) malus(ply, depth int, p *P, tried []M) {
	if !e.opt.History {
		return
	}
	h := e.history[ply&1]
	for _, m := range tried {
		i := e.game.HistoryIndex(p, m)
		h[i] -= int32(depth * depth)
		if h[i] <= -historyMax {
			for j := range h {
				h[j] /= 2
			}
		}
	}
}
