package gamedef

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// explorerGame is Morris-Variant for the explorer: the eight programs of the
// course, run as "PROGRAM [-board K] board.txt out.txt DEPTH" on a board
// string; the count is the programs' "Positions evaluated by static
// estimation". The Black programs search the colour swap; their tree and
// boards are drawn with the colours swapped back. Play states are
// "<board kind> <board> <w|b> <white left> <black left> <plies>".
type explorerGame struct{}

// Name implements explorer.Game.
func (explorerGame) Name() string { return "morris" }

// Title implements explorer.Game.
func (explorerGame) Title() string { return "Morris-Variant" }

var morrisPrograms = func() []explorer.Program {
	var ps []explorer.Program
	for _, p := range morris.Programs {
		algo := "minimax"
		if p.AlphaBeta {
			algo = "alphabeta"
		}
		ps = append(ps, explorer.Program{Name: p.Name, Algorithm: algo, Depth: 3, MaxDepth: 8, Output: "stdout", Count: "static evaluations"})
	}
	return ps
}()

// Programs implements explorer.Game.
func (explorerGame) Programs() []explorer.Program { return morrisPrograms }

// Settings implements explorer.Game: the board kind (-board; by default
// the length of the board string chooses).
func (explorerGame) Settings() []explorer.Setting {
	var ks []string
	for _, k := range morris.Kinds() {
		ks = append(ks, k.String())
	}
	return []explorer.Setting{{Param: "board", Label: "board", Values: ks}}
}

// Notation implements explorer.Game.
func (explorerGame) Notation() string {
	return `A board string of W, B and x in the board's point order (listed under the board), e.g. "xxxxxxxxWWxWWxBBBxxxxx"; its length picks the board (22: S22, 21: E21, 18: F18, 23: D23) unless -board says (B21 and U21 always need it). The program reads it from board.txt, writes its board to out.txt and prints three lines.`
}

// Example implements explorer.Game: the README's board.
func (explorerGame) Example(string) string { return "xxxxxxxxWWxWWxBBBxxxxx" }

// morrisQuery is a parsed Morris query.
type morrisQuery struct {
	prog  morris.Program
	info  explorer.Program
	pos   morris.Position
	board *morris.Board
	text  string
}

// parse reads q; a bad board is reported by the program itself.
func (explorerGame) parse(q explorer.Query) (*morrisQuery, error) {
	info, err := explorer.FindProgram(morrisPrograms, q.Program)
	if err != nil {
		return nil, err
	}
	prog, _ := morris.ProgramByName(q.Program)
	var kind morris.Kind
	forced := false
	if k := q.Setting("board"); k != "" {
		kind, _ = morris.ParseKind(k)
		forced = true
	}
	pos, kind, err := morris.ParseBoard([]byte(q.Input), kind, forced)
	if err != nil {
		_, stderr, status, _ := morrisExec(q, prog, 1)
		return nil, explorer.FirstLine(stderr, status)
	}
	return &morrisQuery{prog: prog, info: info, pos: pos, board: morris.BoardOf(kind), text: strings.TrimSpace(q.Input)}, nil
}

// morrisExec runs prog on q's input at depth in a fresh directory and
// returns its stdout, stderr (the directory left out) and status, and the
// arguments as the page shows them.
func morrisExec(q explorer.Query, prog morris.Program, depth int) (string, string, int, string) {
	wd, err := explorer.NewWorkDir()
	if err != nil {
		return "", err.Error(), 1, ""
	}
	defer wd.Clean()
	if err := wd.Write("board.txt", q.Input); err != nil {
		return "", err.Error(), 1, ""
	}
	var args, shown []string
	if k := q.Setting("board"); k != "" {
		args = append(args, "-board", k)
		shown = append(shown, "-board", k)
	}
	args = append(args, wd.Path("board.txt"), wd.Path("out.txt"), strconv.Itoa(depth))
	shown = append(shown, "board.txt", "out.txt", strconv.Itoa(depth))
	stdout, stderr, status := explorer.Execute(prog.Run, args, "")
	return stdout, wd.Local(stderr), status, strings.Join(shown, " ")
}

// Position implements explorer.Game.
func (m explorerGame) Position(q explorer.Query) (*explorer.Board, error) {
	mq, err := m.parse(q)
	if err != nil {
		return nil, err
	}
	n := morris.Node{Position: mq.pos, Black: mq.prog.Black}
	return morrisBoard(mq.board, n, mq.prog.Phase), nil
}

// morrisMove splits a label into its squares.
func morrisMove(label string) explorer.Move {
	mv := explorer.Move{Text: label}
	s, _, _ := strings.Cut(label, "x")
	if from, to, ok := strings.Cut(s, "-"); ok {
		mv.From, mv.To = from, to
	} else {
		mv.To = s
	}
	return mv
}

// morrisBoard draws n with the moves of phase ph.
func morrisBoard(b *morris.Board, n morris.Node, ph morris.Phase) *explorer.Board {
	out := &explorer.Board{Width: 7, Height: 7, Points: true, Files: "abcdefg", Pieces: []string{"W", "B"}}
	for r := 6; r >= 0; r-- {
		out.Ranks = append(out.Ranks, strconv.Itoa(r))
	}
	for i, name := range b.Names {
		sq := explorer.Square{Name: name, X: int(name[0] - 'a'), Y: 6 - int(name[1]-'0')}
		switch {
		case n.W>>i&1 != 0:
			sq.Piece, sq.Side = "W", 1
		case n.B>>i&1 != 0:
			sq.Piece, sq.Side = "B", 2
		}
		out.Square = append(out.Square, sq)
		for _, j := range b.Adj[i] {
			if int(j) > i {
				out.Lines = append(out.Lines, [2]int{i, int(j)})
			}
		}
	}
	out.ToMove = "White"
	if n.Black {
		out.ToMove = "Black"
	}
	phase := "midgame"
	if ph == morris.Opening {
		phase = "opening"
	}
	out.Info = fmt.Sprintf("%s to move, %s, board %s: %s", out.ToMove, phase, b.Kind, n.Format(b.N))
	for _, c := range b.AppendChildren(nil, &n, ph) {
		out.Moves = append(out.Moves, morrisMove(morrisLabel(b, &n, &c)))
	}
	return out
}

// Edit implements explorer.Game: the point's letter set to W, B or x.
func (explorerGame) Edit(q explorer.Query, square, piece string) (string, error) {
	text := strings.TrimSpace(q.Input)
	var kind morris.Kind
	if k := q.Setting("board"); k != "" {
		kind, _ = morris.ParseKind(k)
	} else if k, ok := morris.KindByLength(len(text)); ok {
		kind = k
	} else {
		return "", fmt.Errorf("board string of %d letters: want 18, 21, 22 or 23 (or choose the board)", len(text))
	}
	b := morris.BoardOf(kind)
	if len(text) != b.N {
		return "", fmt.Errorf("board string of %d letters: board %s has %d points", len(text), kind, b.N)
	}
	letter := byte('x')
	switch piece {
	case "W", "B":
		letter = piece[0]
	case "":
	default:
		return "", fmt.Errorf("piece %q: want W, B or empty", piece)
	}
	for i, name := range b.Names {
		if name == square {
			return text[:i] + string(letter) + text[i+1:], nil
		}
	}
	return "", fmt.Errorf("point %q: not a point of board %s", square, kind)
}

// Run implements explorer.Game.
func (m explorerGame) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	mq, err := m.parse(q)
	if err != nil {
		return nil, err
	}
	depth := explorer.DepthOf(q, mq.info)
	root, sdepth := mq.prog.Root(mq.board, mq.pos, depth)
	g := morris.CourseGame{Board: mq.board, Phase: mq.prog.Phase, Estimator: mq.prog.Estimator}
	b := mq.board
	tree, res, err := explorer.Record(g, morris.CourseOptions(), root, mq.prog.AlphaBeta, sdepth, lim,
		func(parent, child *morris.Node, _ morris.Node) string { return morrisLabel(b, parent, child) })
	if err != nil {
		return nil, err
	}
	stdout, stderr, status, args := morrisExec(q, mq.prog, depth)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	title := fmt.Sprintf("%s depth %d on board %s", mq.prog.Name, depth, b.Kind)
	if mq.prog.Black {
		title += " (searched as the colour swap, White to move; drawn swapped back)"
	}
	return &explorer.Run{Stdout: stdout, Count: res.Evals, Nodes: res.Nodes, Evals: res.Evals, Depth: depth, Tree: tree, Title: title,
		Command: fmt.Sprintf("echo %s > board.txt && %s %s", mq.text, mq.prog.Name, args)}, nil
}

// BoardAt implements explorer.Game.
func (m explorerGame) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	mq, err := m.parse(q)
	if err != nil {
		return nil, err
	}
	root, _ := mq.prog.Root(mq.board, mq.pos, 1)
	n, err := explorer.Walk(root, path, func(p *morris.Node) []morris.Node { return mq.board.AppendChildren(nil, p, mq.prog.Phase) },
		func(_ *morris.Node, c morris.Node) morris.Node { return c })
	if err != nil {
		return nil, err
	}
	if mq.prog.Black {
		n = morris.Node{Position: n.Position.Swap(), Black: !n.Black}
	}
	return morrisBoard(mq.board, n, mq.prog.Phase), nil
}

// morrisPlayState is a Morris play state.
type morrisPlayState struct {
	s     morris.State
	b     *morris.Board
	plies int
}

// String writes the state.
func (st *morrisPlayState) String() string {
	side := "w"
	if st.s.Black {
		side = "b"
	}
	return fmt.Sprintf("%s %s %s %d %d %d", st.b.Kind, st.s.Position.Format(st.b.N), side, st.s.Left[0], st.s.Left[1], st.plies)
}

// Start implements explorer.Game: an empty board (S22 unless the board
// setting says), each side with its pieces to place, White first.
func (explorerGame) Start(settings map[string]string) (string, error) {
	kind := morris.S22
	if k := settings["board"]; k != "" {
		kind, _ = morris.ParseKind(k)
	}
	b := morris.BoardOf(kind)
	st := &morrisPlayState{s: morris.GameStart(b, morris.Position{}), b: b}
	return st.String(), nil
}

// state reads a play state.
func (explorerGame) state(text string) (*morrisPlayState, error) {
	f := strings.Fields(text)
	bad := fmt.Errorf("state: want \"<board kind> <board> <w|b> <white left> <black left> <plies>\"")
	if len(f) != 6 || (f[2] != "w" && f[2] != "b") {
		return nil, bad
	}
	kind, ok := morris.ParseKind(f[0])
	if !ok {
		return nil, bad
	}
	pos, _, err := morris.ParseBoard([]byte(f[1]), kind, true)
	if err != nil {
		return nil, fmt.Errorf("state: %v", err)
	}
	b := morris.BoardOf(kind)
	var nums [3]int
	for i := range nums {
		if nums[i], err = strconv.Atoi(f[3+i]); err != nil || nums[i] < 0 || i < 2 && nums[i] > b.Pieces || nums[i] > 10000 {
			return nil, bad
		}
	}
	s := morris.State{Position: pos, Black: f[2] == "b", Left: [2]uint8{uint8(nums[0]), uint8(nums[1])}}
	return &morrisPlayState{s: s, b: b, plies: nums[2]}, nil
}

// Play implements explorer.Game: the side to move loses in the midgame
// with two pieces or without a move; 200 plies draw.
func (m explorerGame) Play(text string) (*explorer.Board, error) {
	st, err := m.state(text)
	if err != nil {
		return nil, err
	}
	out := morrisBoard(st.b, st.s.Node(), st.s.Phase())
	out.State = st.String()
	out.Info += fmt.Sprintf("; to place: White %d, Black %d", st.s.Left[0], st.s.Left[1])
	other := "Black"
	if st.s.Black {
		other = "White"
	}
	switch {
	case st.b.Over(&st.s) || len(out.Moves) == 0:
		out.Over = fmt.Sprintf("%s has two pieces or no move; %s wins.", out.ToMove, other)
	case st.plies >= 200:
		out.Over = "Draw: 200 plies."
	}
	if out.Over != "" {
		out.Moves = nil
	}
	return out, nil
}

// Move implements explorer.Game.
func (m explorerGame) Move(text, move string) (string, error) {
	out, err := m.Play(text)
	if err != nil {
		return "", err
	}
	i, err := explorer.FindMove(out, move)
	if err != nil {
		return "", err
	}
	st, _ := m.state(text)
	n := st.s.Node()
	list := st.b.AppendChildren(nil, &n, st.s.Phase())
	var next morris.State
	st.s.Play(&next, list[i])
	st.s, st.plies = next, st.plies+1
	return st.String(), nil
}

// Think implements explorer.Game: the tournament engine with the improved
// estimators, or the programs' alpha-beta with the standard ones
// (deepening; the Black side searched as the colour swap).
func (m explorerGame) Think(text string, lim explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	st, err := m.state(text)
	if err != nil {
		return nil, err
	}
	b := st.b
	n := st.s.Node()
	list := b.AppendChildren(nil, &n, st.s.Phase())
	i, d, err := kit.ExploreThink(lim, func() (int, int, error) {
		o := morris.EngineOptions()
		o.HashMiB = 4
		e := morris.NewEngine(b, morris.Improved, o)
		label := func(p *morris.State, c morris.Node) string { pn := p.Node(); return morrisLabel(b, &pn, &c) }
		index := func(c morris.Node) int {
			for k := range list {
				if list[k] == c {
					return k
				}
			}
			return -1
		}
		return kit.ExploreEngine(e, st.s, lim, label, index, progress)
	}, func() (int, int, error) {
		root := n
		if n.Black {
			root = morris.Node{Position: n.Position.Swap()}
		}
		g := morris.CourseGame{Board: b, Phase: st.s.Phase(), Estimator: morris.Standard}
		label := func(p *morris.Node, c morris.Node) string { return morrisLabel(b, p, &c) }
		index := func(c morris.Node) int {
			want := c.Position
			if n.Black {
				want = want.Swap()
			}
			for k := range list {
				if list[k].Position == want {
					return k
				}
			}
			return -1
		}
		return kit.ExploreCourse[morris.Node](g, morris.CourseOptions(), root, lim, label, index, progress)
	})
	if err != nil {
		return nil, err
	}
	mv := morrisLabel(b, &n, &list[i])
	next, err := m.Move(text, mv)
	if err != nil {
		return nil, err
	}
	return &explorer.Reply{Move: mv, Depth: d, State: next}, nil
}
