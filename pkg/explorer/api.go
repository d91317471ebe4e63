package explorer

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// nodeJSON is a node as the API shows it.
type nodeJSON struct {
	ID     int    `json:"id"`
	Move   string `json:"move"`
	Ply    int    `json:"ply"`
	Value  string `json:"value"`
	Alpha  string `json:"alpha"`
	Beta   string `json:"beta"`
	Leaf   bool   `json:"leaf,omitempty"`
	Chosen bool   `json:"chosen,omitempty"`
	Pruned int    `json:"pruned,omitempty"`
	// PrunedMoves names the moves left unsearched, when the game's move
	// list at the node is the search's.
	PrunedMoves []string   `json:"prunedMoves,omitempty"`
	Children    int        `json:"children"`
	Size        int        `json:"size"`
	Enter       int        `json:"enter"`
	Leave       int        `json:"leave"`
	Kids        []nodeJSON `json:"kids,omitempty"`
}

// node returns node i of t for the API.
func node(t *Tree, i int) nodeJSON {
	n := t.At(i)
	return nodeJSON{ID: i + 1, Move: t.MoveOf(i), Ply: int(n.Ply), Value: t.FormatValue(n.Value), Alpha: t.FormatValue(n.Alpha),
		Beta: t.FormatValue(n.Beta), Leaf: n.Leaf, Chosen: n.Chosen, Pruned: int(n.Pruned), Children: int(n.Children), Size: int(n.Size),
		Enter: t.EnterAt(i), Leave: t.LeaveAt(i)}
}

// children returns the children of node i.
func children(t *Tree, i int) []nodeJSON {
	kids := t.Kids(i)
	out := make([]nodeJSON, 0, len(kids))
	for _, c := range kids {
		out = append(out, node(t, c))
	}
	return out
}

// pvTree returns the root with the children of every node of the
// principal variation loaded: the tree collapsed around the PV.
func pvTree(t *Tree) nodeJSON {
	pv := t.PV()
	var build func(k int) nodeJSON
	build = func(k int) nodeJSON {
		i := pv[k]
		n := node(t, i)
		n.Kids = children(t, i)
		if k+1 < len(pv) {
			for j := range n.Kids {
				if n.Kids[j].ID == pv[k+1]+1 {
					n.Kids[j] = build(k + 1)
				}
			}
		}
		return n
	}
	return build(0)
}

// prunedMoves returns the moves a cut-off at node i left unsearched, each
// with its Note ("c2=4"): the moves after its last searched child in the
// game's list at the node, when
// that list names the searched children as the tree does (nil otherwise).
func prunedMoves(g Game, q Query, t *Tree, i int) []string {
	n := t.At(i)
	if n.Pruned == 0 {
		return nil
	}
	b, err := g.BoardAt(q, t.Path(i))
	if err != nil || len(b.Moves) != int(n.Children+n.Pruned) {
		return nil
	}
	for _, c := range t.Kids(i) {
		k := int(t.At(c).Index)
		if k >= len(b.Moves) || !strings.EqualFold(b.Moves[k].Text, t.MoveOf(c)) {
			return nil
		}
	}
	var out []string
	for _, m := range b.Moves[n.Children:] {
		if m.Note != "" {
			out = append(out, m.Text+"="+m.Note)
			continue
		}
		out = append(out, m.Text)
	}
	return out
}

// name fills the pruned moves of ns and of their loaded children.
func name(g Game, q Query, t *Tree, ns []nodeJSON) {
	for k := range ns {
		ns[k].PrunedMoves = prunedMoves(g, q, t, ns[k].ID-1)
		name(g, q, t, ns[k].Kids)
	}
}

func (s *Server) handleRun(r *http.Request) (any, error) {
	run, g, q, err := s.run(r)
	if err != nil {
		return nil, err
	}
	tree := []nodeJSON{pvTree(run.Tree)}
	name(g, q, run.Tree, tree)
	pv := run.Tree.PV()
	moves := []string{}
	for _, i := range pv[1:] {
		moves = append(moves, run.Tree.MoveOf(i))
	}
	return map[string]any{
		"stdout": run.Stdout, "nodes": run.Count, "count": run.Count, "counting": s.countName(r), "entered": run.Nodes,
		"evaluations": run.Evals, "depth": run.Depth, "title": run.Title, "command": run.Command,
		"events": run.Tree.Events(), "cuts": cuts(run.Tree), "algorithm": algorithm(run.Tree), "pv": moves, "value": run.Tree.FormatValue(run.Tree.At(0).Value),
		"tree": tree[0],
	}, nil
}

// algorithm names the tree's search.
func algorithm(t *Tree) string {
	if t.AlphaBeta {
		return "alphabeta"
	}
	return "minimax"
}

// countName names the count of the request's program.
func (s *Server) countName(r *http.Request) string {
	for _, g := range s.games {
		for _, p := range g.Programs() {
			if p.Name == r.Form.Get("program") {
				return p.Count
			}
		}
	}
	return ""
}

// nodeParam reads the node parameter (a visit number) of a request on t.
func nodeParam(r *http.Request, t *Tree) (int, error) {
	v := r.Form.Get("node")
	id, err := strconv.Atoi(v)
	if err != nil || id < 1 || id > t.Len() {
		return 0, fail("node %s: want a visit number from 1 to %d", quote(v), t.Len())
	}
	return id - 1, nil
}

func (s *Server) handleChildren(r *http.Request) (any, error) {
	run, g, q, err := s.run(r)
	if err != nil {
		return nil, err
	}
	i, err := nodeParam(r, run.Tree)
	if err != nil {
		return nil, err
	}
	ns := append([]nodeJSON{node(run.Tree, i)}, children(run.Tree, i)...)
	name(g, q, run.Tree, ns)
	return map[string]any{"node": ns[0], "children": ns[1:]}, nil
}

func (s *Server) playGame(r *http.Request) (Game, error) {
	return s.gameByName(r.Form.Get("game"))
}

func (s *Server) handleStart(r *http.Request) (any, error) {
	g, err := s.playGame(r)
	if err != nil {
		return nil, err
	}
	set := map[string]string{}
	if err := s.settings(g, r, set); err != nil {
		return nil, err
	}
	st, err := g.Start(set)
	if err != nil {
		return nil, err
	}
	return g.Play(st)
}

// state reads the state parameter.
func (s *Server) state(r *http.Request) (Game, string, error) {
	g, err := s.playGame(r)
	if err != nil {
		return nil, "", err
	}
	st := r.Form.Get("state")
	if len(st) > s.cfg.MaxInput {
		return nil, "", fail("state of %d bytes: the limit is %d", len(st), s.cfg.MaxInput)
	}
	return g, st, nil
}

func (s *Server) handleState(r *http.Request) (any, error) {
	g, st, err := s.state(r)
	if err != nil {
		return nil, err
	}
	return g.Play(st)
}

func (s *Server) handleMove(r *http.Request) (any, error) {
	g, st, err := s.state(r)
	if err != nil {
		return nil, err
	}
	next, err := g.Move(st, r.Form.Get("move"))
	if err != nil {
		return nil, err
	}
	return g.Play(next)
}

// maxThinkDepth is the deepest engine iteration play allows.
const maxThinkDepth = 64

// handleThink streams the engine's reply as JSON lines: one
// {"iteration": ...} per completed iteration that changes the score or the
// principal variation, then {"reply": ..., "board":
// ...}, or {"error": "..."}.
func (s *Server) handleThink(w http.ResponseWriter, r *http.Request) {
	if err := s.parseForm(w, r); err != nil {
		writeError(w, err)
		return
	}
	g, st, err := s.state(r)
	if err != nil {
		writeError(w, err)
		return
	}
	lim := ThinkLimits{Engine: r.Form.Get("engine")}
	if lim.Engine != "engine" && lim.Engine != "course" {
		writeError(w, fail("engine %s: want engine or course", quote(lim.Engine)))
		return
	}
	if v := r.Form.Get("depth"); v != "" {
		if lim.Depth, err = strconv.Atoi(v); err != nil || lim.Depth < 0 || lim.Depth > maxThinkDepth {
			writeError(w, fail("depth %s: want 1 to %d", quote(v), maxThinkDepth))
			return
		}
	}
	lim.Time = 1000
	if v := r.Form.Get("time"); v != "" {
		maxMS := s.cfg.SearchTime.Milliseconds()
		if lim.Time, err = strconv.ParseInt(v, 10, 64); err != nil || lim.Time < 1 || lim.Time > maxMS {
			writeError(w, fail("time %s: want 1 to %d milliseconds", quote(v), maxMS))
			return
		}
	}
	if _, err := g.Play(st); err != nil {
		writeError(w, err)
		return
	}
	release, err := s.acquire(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	defer release(0)
	stop, cancel := s.stopper(r.Context())
	defer cancel()
	deadline := time.Now().Add(time.Duration(lim.Time) * time.Millisecond)
	lim.Stop = func() bool { return stop() || !time.Now().Before(deadline) }
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	rc := http.NewResponseController(w)
	broken := false
	var last *Iteration
	reply, err := g.Think(st, lim, func(it Iteration) {
		if broken || last != nil && sameLine(*last, it) {
			return
		}
		last = &it
		if enc.Encode(map[string]any{"iteration": it}) != nil || rc.Flush() != nil {
			broken = true
		}
	})
	if err != nil {
		if !errors.Is(err, ErrStopped) {
			enc.Encode(map[string]string{"error": err.Error()})
		}
		return
	}
	b, err := g.Play(reply.State)
	if err != nil {
		enc.Encode(map[string]string{"error": err.Error()})
		return
	}
	enc.Encode(map[string]any{"reply": reply, "board": b})
}

// sameLine tells that iteration b changes neither the score nor the
// principal variation of a, so that play shows one line per depth that
// changes something.
func sameLine(a, b Iteration) bool {
	return a.Score == b.Score && strings.Join(a.PV, " ") == strings.Join(b.PV, " ")
}
