package explorer

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/search"
)

// This file is the step mode: the search replayed event by event, each
// event told in one sentence, with the window of every node of the path as
// it stands at that event.

// frame is a node of the current path at an event: its window as the
// children returned so far left it, and its best value so far.
type frame struct {
	ID       int    `json:"id"`
	Move     string `json:"move"`
	Kind     string `json:"kind"`
	Alpha    string `json:"alpha"`
	Beta     string `json:"beta"`
	Best     string `json:"best"`
	Searched int    `json:"searched"`
	Moves    int    `json:"moves"`
}

// kindOf names the side to move at node i: MAX at even plies.
func kindOf(t *Tree, i int) string {
	if t.At(i).Ply%2 == 0 {
		return "MAX"
	}
	return "MIN"
}

// isMax tells whether node i maximises.
func isMax(t *Tree, i int) bool { return t.At(i).Ply%2 == 0 }

// window returns the window and best value of node i once the children
// that left by event e returned, and how many did.
func window(t *Tree, i, e int) (alpha, beta, best search.Value, searched int) {
	n := t.At(i)
	alpha, beta = n.Alpha, n.Beta
	best = -t.inf()
	if !isMax(t, i) {
		best = t.inf()
	}
	for _, c := range t.Kids(i) {
		if t.LeaveAt(c) > e {
			break
		}
		searched++
		v := t.At(c).Value
		if isMax(t, i) {
			best = max(best, v)
			if t.AlphaBeta {
				alpha = max(alpha, v)
			}
		} else {
			best = min(best, v)
			if t.AlphaBeta {
				beta = min(beta, v)
			}
		}
	}
	return alpha, beta, best, searched
}

// inf is the tree's infinity.
func (t *Tree) inf() search.Value {
	if t.Inf == 0 {
		return search.DefaultInf
	}
	return t.Inf
}

// frames returns the nodes from the root to node i at event e.
func frames(t *Tree, i, e int) []frame {
	var out []frame
	for j := i; j >= 0; j = int(t.At(j).Parent) {
		alpha, beta, best, searched := window(t, j, e)
		f := frame{ID: j + 1, Move: t.MoveOf(j), Kind: kindOf(t, j), Alpha: t.FormatValue(alpha), Beta: t.FormatValue(beta),
			Searched: searched, Moves: int(t.At(j).Children + t.At(j).Pruned)}
		if searched > 0 {
			f.Best = t.FormatValue(best)
		}
		if t.LeaveAt(j) <= e {
			f.Best = t.FormatValue(t.At(j).Value)
		}
		out = append([]frame{f}, out...)
	}
	return out
}

// label is how a sentence names node i: "#12 c3-c4 (MIN)".
func label(t *Tree, i int) string {
	if i == 0 {
		return "the root (MAX)"
	}
	return fmt.Sprintf("#%d %s (%s)", i+1, t.MoveOf(i), kindOf(t, i))
}

// capital starts s with a capital letter.
func capital(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

// plural writes n and word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// narrate tells event e, which enters or leaves node i, in one sentence.
func narrate(t *Tree, i int, leave bool, e int) string {
	n := t.At(i)
	v := t.FormatValue
	if !leave {
		if i == 0 {
			if !t.AlphaBeta {
				return "The search starts at the root (MAX); minimax searches every move."
			}
			return fmt.Sprintf("The search starts at the root (MAX) with the window α = %s, β = %s.", v(n.Alpha), v(n.Beta))
		}
		p := t.At(int(n.Parent))
		s := fmt.Sprintf("%s plays %s, move %d of %d: enter #%d (%s, ply %d)", label(t, int(n.Parent)), t.MoveOf(i),
			n.Index+1, p.Children+p.Pruned, i+1, kindOf(t, i), n.Ply)
		if t.AlphaBeta {
			s += fmt.Sprintf(" with α = %s, β = %s", v(n.Alpha), v(n.Beta))
		}
		return s + "."
	}
	var own string
	switch {
	case n.Leaf:
		own = fmt.Sprintf("%s is a leaf: it is scored %s", label(t, i), v(n.Value))
	case i == 0:
		pv := t.PV()
		own = fmt.Sprintf("The root (MAX) returns %s", v(n.Value))
		if len(pv) > 1 {
			own += fmt.Sprintf(": the program plays %s", t.MoveOf(pv[1]))
		}
		return own + "; the search is over."
	default:
		_, _, best, searched := window(t, i, e)
		own = fmt.Sprintf("%s searched all its %s and returns %s", label(t, i), plural(searched, "move"), v(n.Value))
		if searched == 1 && n.Pruned == 0 {
			own = fmt.Sprintf("%s searched its only move and returns %s", label(t, i), v(n.Value))
		}
		if n.Pruned > 0 {
			own = fmt.Sprintf("%s stopped after %d of its %s (cut-off) and returns %s", label(t, i), searched,
				plural(searched+int(n.Pruned), "move"), v(n.Value))
		}
		if n.Value != best {
			bound, why := "α", fmt.Sprintf("no move beat α = %s", v(n.Alpha))
			if !isMax(t, i) {
				bound, why = "β", fmt.Sprintf("no move went below β = %s", v(n.Beta))
			}
			if n.Pruned > 0 {
				bound, why = "β", "it cut off"
				if !isMax(t, i) {
					bound = "α"
				}
			}
			own += fmt.Sprintf(" (fail-hard: %s, so it returns its bound %s = %s instead of its best %s)", why, bound, v(n.Value), v(best))
		}
	}
	return own + "; " + compare(t, i) + "."
}

// compare tells how the return of node i changes its parent: the test
// against the parent's window, and the cut-off it causes.
func compare(t *Tree, i int) string {
	n := t.At(i)
	pi := int(n.Parent)
	p := t.At(pi)
	v, alpha, beta := n.Value, n.Alpha, n.Beta // the parent's window when i was entered
	f := t.FormatValue
	cut := causesCut(t, i)
	rest := fmt.Sprintf("so the %s of %s are not searched (cut-off)", plural(int(p.Pruned), "remaining move"), label(t, pi))
	if p.Pruned == 1 {
		rest = fmt.Sprintf("so the remaining move of %s is not searched (cut-off)", label(t, pi))
	}
	if !t.AlphaBeta {
		_, _, best, _ := window(t, pi, t.LeaveAt(i))
		if best == v {
			return fmt.Sprintf("%s is the best so far for %s", f(v), label(t, pi))
		}
		return fmt.Sprintf("%s keeps its best so far, %s", label(t, pi), f(best))
	}
	if isMax(t, pi) {
		switch {
		case cut:
			return fmt.Sprintf("%s ≥ β = %s, %s", f(v), f(beta), rest)
		case v > alpha:
			return fmt.Sprintf("%s > α = %s, so α of %s rises to %s", f(v), f(alpha), label(t, pi), f(v))
		}
		return fmt.Sprintf("%s ≤ α = %s, so α of %s stays %s", f(v), f(alpha), label(t, pi), f(alpha))
	}
	switch {
	case cut:
		return fmt.Sprintf("%s ≤ α = %s, %s", f(v), f(alpha), rest)
	case v < beta:
		return fmt.Sprintf("%s < β = %s, so β of %s falls to %s", f(v), f(beta), label(t, pi), f(v))
	}
	return fmt.Sprintf("%s ≥ β = %s, so β of %s stays %s", f(v), f(beta), label(t, pi), f(beta))
}

// causesCut tells whether node i is the child whose return made its
// parent cut off: the parent's last searched child, when it pruned moves.
func causesCut(t *Tree, i int) bool {
	if i == 0 {
		return false
	}
	p := int(t.At(i).Parent)
	return t.At(p).Pruned > 0 && t.LeaveAt(i) == t.LeaveAt(p)-1
}

// nextCut returns the first event after e at which a child's return cuts
// its parent off (the event before the parent leaves), or -1 when there is
// none.
func nextCut(t *Tree, e int) int {
	best := -1
	for i := range t.Len() {
		if at := t.LeaveAt(i) - 1; t.At(i).Pruned > 0 && at > e && (best < 0 || at < best) {
			best = at
		}
	}
	return best
}

// cuts returns the number of nodes with a cut-off.
func cuts(t *Tree) int {
	k := 0
	for i := range t.Len() {
		if t.At(i).Pruned > 0 {
			k++
		}
	}
	return k
}

// handleStep answers one event of the search's replay: event=E (0-based),
// or with find=cut the first cut-off after E, with find=node the enter
// event of node=ID.
func (s *Server) handleStep(r *http.Request) (any, error) {
	run, g, q, err := s.run(r)
	if err != nil {
		return nil, err
	}
	t := run.Tree
	e := 0
	if v := r.Form.Get("event"); v != "" {
		if e, err = strconv.Atoi(v); err != nil || e < 0 || e >= t.Events() {
			return nil, fail("event %s: want 0 to %d", quote(v), t.Events()-1)
		}
	}
	note := ""
	switch f := r.Form.Get("find"); f {
	case "":
	case "cut":
		if k := nextCut(t, e); k >= 0 {
			e = k
		} else {
			note = fmt.Sprintf("No cut-off after event %d: the search had %s in all.", e+1, plural(cuts(t), "cut-off"))
		}
	case "node":
		i, err := nodeParam(r, t)
		if err != nil {
			return nil, err
		}
		e = t.EnterAt(i)
	default:
		return nil, fail("find %s: want cut or node", quote(f))
	}
	i, leave := t.Event(e)
	kind := "enter"
	if leave {
		kind = "leave"
		if causesCut(t, i) {
			kind = "leave cut"
		}
	}
	ids := []int{}
	for j := i; j >= 0; j = int(t.At(j).Parent) {
		ids = append([]int{j + 1}, ids...)
	}
	path := t.Path(i)
	b, err := g.BoardAt(q, path)
	if err != nil {
		return nil, err
	}
	var last *Move
	if i > 0 {
		if pb, err := g.BoardAt(q, path[:len(path)-1]); err == nil {
			for _, m := range pb.Moves {
				if strings.EqualFold(m.Text, t.MoveOf(i)) {
					last = &m
					break
				}
			}
		}
	}
	ns := []nodeJSON{node(t, i)}
	name(g, q, t, ns)
	return map[string]any{"event": e, "events": t.Events(), "kind": kind, "node": ns[0], "path": ids,
		"frames": frames(t, i, e), "text": capital(narrate(t, i, leave, e)), "note": note, "last": last, "board": b}, nil
}
