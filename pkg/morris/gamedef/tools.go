package gamedef

import (
	"flag"
	"fmt"
	"io"
	"math/bits"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// morrisAdapter is Morris-Variant for the toolkit. A POSITION or INPUT is a
// board string of W, B and x in point order ("xxxxxxWWWxWWxBBBBxxxx"), or a
// board file holding one, or "-" for stdin; its length chooses the board
// unless -board says (B21 and U21 always need -board). Moves are written with the
// point names: "d0" (placement), "a0-d0" (slide or hop), followed by "xb1"
// when a piece is removed. The graded programs are the eight programs of
// pkg/morris: -phase selects Opening or Game, -black the colour-swap
// programs, -improved the improved estimators.
type morrisAdapter struct {
	board    string
	phase    string
	black    bool
	improved bool
}

// Notation implements kit.Game.
func (a *morrisAdapter) Notation() string {
	return `Morris: POSITION/INPUT is a board string of W, B and x in point order, a file holding
one, or "-" (stdin); the length picks the board unless -board (B21, U21 need -board). Moves are
"d0" (placement) or "a0-d0" (slide or hop), with "xb1" when a piece is removed. perft counts
the leaves of the MINIMAX tree (a position without moves is a leaf): the MiniMax programs'
"Positions evaluated by static estimation". tree: MiniMax<Phase>[Black] by default (depth
2), -algorithm alphabeta for AB<Phase>; the Black programs search the colour swap.`
}

// Flags implements kit.Game.
func (a *morrisAdapter) Flags(fs *flag.FlagSet, cmd string) {
	fs.StringVar(&a.board, "board", "", "board kind: "+morris.KindList()+" (default: chosen by the length; S22 for play)")
	if cmd == "perft" || cmd == "tree" {
		fs.StringVar(&a.phase, "phase", "game", "generator: opening (placements) or game (moves and hops)")
		fs.BoolVar(&a.black, "black", false, "Black to move (the ...Black programs)")
	}
	if cmd == "tree" || cmd == "play" {
		fs.BoolVar(&a.improved, "improved", false, "use the improved estimators instead of the handout's")
	}
}

// settings checks the board and phase flags.
func (a *morrisAdapter) settings() (kind morris.Kind, forced bool, ph morris.Phase, err error) {
	if a.board != "" {
		k, ok := morris.ParseKind(a.board)
		if !ok {
			return 0, false, 0, fmt.Errorf("-board %q: want %s", a.board, morris.KindList())
		}
		kind, forced = k, true
	}
	switch a.phase {
	case "", "game", "midgame":
		ph = morris.Game
	case "opening":
		ph = morris.Opening
	default:
		return 0, false, 0, fmt.Errorf("-phase %q: want opening or game", a.phase)
	}
	return kind, forced, ph, nil
}

// isBoardString reports whether s is a literal board rather than a file name.
func isBoardString(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != 'W' && c != 'B' && c != 'x' {
			return false
		}
	}
	return true
}

// ReadsFile reports whether the POSITION/INPUT argument arg is a file
// name: neither a board string nor "-".
func (a *morrisAdapter) ReadsFile(arg string) bool { return arg != "-" && !isBoardString(arg) }

// position reads a POSITION/INPUT argument.
func (a *morrisAdapter) position(arg string, stdin io.Reader) (morris.Position, *morris.Board, morris.Phase, error) {
	kind, forced, ph, err := a.settings()
	if err != nil {
		return morris.Position{}, nil, 0, err
	}
	data, where := []byte(arg), "POSITION"
	if !isBoardString(arg) {
		if data, err = kit.ReadInput(arg, stdin); err != nil {
			return morris.Position{}, nil, 0, err
		}
		where = kit.InputName(arg)
	}
	p, k, err := morris.ParseBoard(data, kind, forced)
	if err != nil {
		return morris.Position{}, nil, 0, fmt.Errorf("%s: %v", where, err)
	}
	return p, morris.BoardOf(k), ph, nil
}

// morrisLabel names the move from parent to child: the mover's new point,
// preceded by the point it left for a slide or hop, followed by "x" and the
// removed point.
func morrisLabel(b *morris.Board, parent, child *morris.Node) string {
	before, after, opBefore, opAfter := parent.W, child.W, parent.B, child.B
	if parent.Black {
		before, after, opBefore, opAfter = parent.B, child.B, parent.W, child.W
	}
	var sb strings.Builder
	if from := before &^ after; from != 0 {
		sb.WriteString(b.Names[bits.TrailingZeros32(from)])
		sb.WriteByte('-')
	}
	if to := after &^ before; to != 0 {
		sb.WriteString(b.Names[bits.TrailingZeros32(to)])
	}
	if rm := opBefore &^ opAfter; rm != 0 {
		sb.WriteByte('x')
		sb.WriteString(b.Names[bits.TrailingZeros32(rm)])
	}
	return sb.String()
}

// Perft implements kit.Game.
func (a *morrisAdapter) Perft(arg string, stdin io.Reader, depth int) (kit.PerftResult, error) {
	p, b, ph, err := a.position(arg, stdin)
	if err != nil {
		return kit.PerftResult{}, err
	}
	return morrisPerft(b, morris.Node{Position: p, Black: a.black}, ph, depth), nil
}

// morrisPerft counts the leaves of the MINIMAX tree of root to depth per
// root move: the "Positions evaluated by static estimation" of the MiniMax
// programs.
func morrisPerft(b *morris.Board, root morris.Node, ph morris.Phase, depth int) kit.PerftResult {
	res, _ := kit.Divide(morris.NewPerft(b, ph), root, depth, func(m morris.Node) string { return morrisLabel(b, &root, &m) })
	res.Notes = []string{fmt.Sprintf("board %s, %s phase: the count is the MINIMAX programs' static evaluations (a position without moves is a leaf)", b.Kind, phaseName(ph))}
	return res
}

func phaseName(ph morris.Phase) string {
	if ph == morris.Opening {
		return "opening"
	}
	return "game"
}

// morrisProgramName names the graded program with these settings.
func morrisProgramName(ph morris.Phase, ab, black, improved bool) string {
	name := "MiniMax"
	if ab {
		name = "AB"
	}
	if ph == morris.Opening {
		name += "Opening"
	} else {
		name += "Game"
	}
	if black {
		name += "Black"
	}
	if improved {
		name += "Improved"
	}
	return name
}

// Tree implements kit.Game.
func (a *morrisAdapter) Tree(arg string, stdin io.Reader, o kit.TreeOptions) (kit.TreeResult, error) {
	p, b, ph, err := a.position(arg, stdin)
	if err != nil {
		return kit.TreeResult{}, err
	}
	ab := o.Algorithm == "alphabeta"
	depth := o.Depth
	if depth == 0 {
		depth = 2
	}
	est := morris.Standard
	if a.improved {
		est = morris.Improved
	}
	prog := morris.Program{Name: morrisProgramName(ph, ab, a.black, a.improved), Phase: ph, Black: a.black, AlphaBeta: ab, Estimator: est}
	root, depth := prog.Root(b, p, depth)
	title := fmt.Sprintf("Morris %s: %s depth %d on %s", b.Kind, prog.Name, depth, p.Format(b.N))
	if a.black {
		title += " (searched as the colour swap, White to move)"
	}
	return kit.RecordTree(morris.CourseGame{Board: b, Phase: ph, Estimator: est}, morris.CourseOptions(), root, ab, depth, o.Limit, title,
		func(parent, child *morris.Node, _ morris.Node) string { return morrisLabel(b, parent, child) })
}

// Session implements kit.Game.
func (a *morrisAdapter) Session(o kit.PlayOptions) (kit.Session, error) {
	kind := morris.S22
	if a.board != "" {
		k, ok := morris.ParseKind(a.board)
		if !ok {
			return nil, fmt.Errorf("-board %q: want %s", a.board, morris.KindList())
		}
		kind = k
	}
	s := &morrisSession{b: morris.BoardOf(kind), est: morris.Standard}
	if a.improved {
		s.est = morris.Improved
	}
	s.History = kit.NewHistory(morrisState{})
	return s, nil
}

// morrisState is a position of a Morris game and the number of placements
// made so far.
type morrisState struct {
	node   morris.Node
	placed int
}

// morrisSession is a Morris-Variant game: White places first; each side
// places the board's number of pieces, then pieces slide (hop with three).
// In the midgame a side to move with two pieces or fewer, or without a move,
// loses; after 100 midgame moves by each side the game is drawn. The engine
// is the programs' fail-soft alpha-beta with their estimators.
type morrisSession struct {
	b   *morris.Board
	est morris.Estimator
	kit.History[morrisState]
	list []morris.Node
}

func (s *morrisSession) phase() morris.Phase {
	if s.Cur().placed < 2*s.b.Pieces {
		return morris.Opening
	}
	return morris.Game
}

// Players implements kit.Session.
func (s *morrisSession) Players() [2]string { return [2]string{"White", "Black"} }

// EngineName implements kit.Session.
func (s *morrisSession) EngineName() string {
	e := "standard"
	if s.est == morris.Improved {
		e = "improved"
	}
	return fmt.Sprintf("alpha-beta, %s estimators, board %s", e, s.b.Kind)
}

// DefaultDepth implements kit.Session.
func (s *morrisSession) DefaultDepth() int { return 4 }

// Draw implements kit.Session.
func (s *morrisSession) Draw(w io.Writer) {
	st := s.Cur()
	var grid [7][7]byte
	for i := range grid {
		for j := range grid[i] {
			grid[i][j] = ' '
		}
	}
	for i, name := range s.b.Names {
		c := byte('.')
		switch {
		case st.node.W>>i&1 != 0:
			c = 'W'
		case st.node.B>>i&1 != 0:
			c = 'B'
		}
		grid[name[1]-'0'][name[0]-'a'] = c
	}
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		fmt.Fprintf(&b, "%d ", r)
		for c := 0; c < 7; c++ {
			b.WriteByte(' ')
			b.WriteByte(grid[r][c])
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g\n")
	side := "White"
	if st.node.Black {
		side = "Black"
	}
	fmt.Fprintf(&b, "%s to move, %s phase (%d of %d placements); board %s\n", side, phaseName(s.phase()),
		st.placed, 2*s.b.Pieces, st.node.Format(s.b.N))
	io.WriteString(w, b.String())
}

// Moves implements kit.Session.
func (s *morrisSession) Moves() []string {
	st := s.Cur()
	s.list = s.b.AppendChildren(s.list[:0], &st.node, s.phase())
	out := make([]string, len(s.list))
	for i := range s.list {
		out[i] = morrisLabel(s.b, &st.node, &s.list[i])
	}
	return out
}

// Play implements kit.Session.
func (s *morrisSession) Play(i int) {
	s.Moves()
	next := morrisState{node: s.list[i], placed: s.Cur().placed}
	if s.phase() == morris.Opening {
		next.placed++
	}
	s.Push(next)
}

// Turn implements kit.Session.
func (s *morrisSession) Turn() int {
	if s.Cur().node.Black {
		return 1
	}
	return 0
}

// Over implements kit.Session.
func (s *morrisSession) Over() (string, bool) {
	st := s.Cur()
	me, other := "White", "Black"
	own := st.node.NumWhite()
	if st.node.Black {
		me, other, own = "Black", "White", st.node.NumBlack()
	}
	if s.phase() == morris.Game {
		if own <= 2 {
			return fmt.Sprintf("%s has %d pieces left; %s wins.", me, own, other), true
		}
		if s.Plies()-2*s.b.Pieces >= 200 {
			return "draw (100 midgame moves by each side).", true
		}
	}
	if len(s.Moves()) == 0 {
		return fmt.Sprintf("%s has no move; %s wins.", me, other), true
	}
	return "", false
}

// Think implements kit.Session.
func (s *morrisSession) Think(o kit.PlayOptions, progress func(kit.Iteration)) kit.Answer {
	st := s.Cur()
	root := st.node
	if root.Black {
		root = morris.Node{Position: root.Position.Swap()}
	}
	rules := morris.CourseGame{Board: s.b, Phase: s.phase(), Estimator: s.est}
	s.Moves()
	index := func(m morris.Node) int {
		want := m.Position
		if st.node.Black {
			want = want.Swap()
		}
		for i := range s.list {
			if s.list[i].Position == want {
				return i
			}
		}
		return -1
	}
	return kit.Think[morris.Node](rules, morris.CourseOptions(), root, o, index, progress)
}
