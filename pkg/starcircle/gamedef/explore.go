package gamedef

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// explorerGame is Star/Circle for the explorer: the homework program
// starcircle on an input.txt, run as "starcircle -i - -o -"; its output is
// output.txt and its count the node count of the file's last line. The
// algorithm and depth are the input's. Play states are "moves" and the
// indexes of the moves played on a first line, then the input file of the
// game's first position.
type explorerGame struct{}

// Name implements explorer.Game.
func (explorerGame) Name() string { return "starcircle" }

// Title implements explorer.Game.
func (explorerGame) Title() string { return "Star/Circle" }

var starcirclePrograms = []explorer.Program{
	{Name: "starcircle", Algorithm: "input", MaxDepth: starcircle.MaxDepth, FixedDepth: true, Output: "output.txt", Count: "nodes"},
}

// Programs implements explorer.Game.
func (explorerGame) Programs() []explorer.Program { return starcirclePrograms }

// Settings implements explorer.Game: none.
func (explorerGame) Settings() []explorer.Setting { return nil }

// Notation implements explorer.Game.
func (explorerGame) Notation() string {
	return `The homework's input.txt: the player (Star or Circle), the algorithm (MINIMAX or ALPHABETA), the depth limit, eight board rows H to A of comma-separated cells (0, S<n>, C<n>) and the row values A to H. The program writes output.txt: the move, the myopic and farsighted utilities and the node count.`
}

// scExample is the homework's example 1 (ALPHABETA, depth 2).
const scExample = `Star
ALPHABETA
2
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,0,0,0,0,0,0,0
0,S1,0,0,0,0,0,0
0,0,C1,0,0,0,0,0
10,20,30,40,50,60,70,80
`

// Example implements explorer.Game.
func (explorerGame) Example(string) string { return scExample }

// parse reads the input; a bad one is reported by the program itself.
func (explorerGame) parse(q explorer.Query) (*starcircle.Problem, error) {
	if _, err := explorer.FindProgram(starcirclePrograms, q.Program); err != nil {
		return nil, err
	}
	p, err := starcircle.Parse([]byte(q.Input))
	if err != nil {
		_, stderr, status := explorer.Execute(starcircle.Run, []string{"-i", "-", "-o", "-"}, q.Input)
		return nil, explorer.FirstLine(stderr, status)
	}
	if q.Depth != 0 && q.Depth != p.Depth {
		return nil, fmt.Errorf("depth %d: starcircle searches the input's depth, %d (line 3)", q.Depth, p.Depth)
	}
	return p, nil
}

// scExploreState is a position with its stack heights (positive Star, negative
// Circle), which the search's Position leaves out.
type scExploreState struct {
	pos   starcircle.Position
	board [64]int
}

// play returns the state after m (played by g).
func (st *scExploreState) play(g starcircle.CourseGame, m starcircle.Move) scExploreState {
	next := *st
	g.Play(&next.pos, &st.pos, m)
	if m != starcircle.Pass {
		sign := 1
		if st.pos.ToMove == starcircle.Circle {
			sign = -1
		}
		next.board[m.From()] -= sign
		next.board[m.To()] += sign
		if m.IsJump() {
			next.board[m.Jumped()] = 0
		}
	}
	return next
}

// scBoard draws st; g generates its moves.
func scBoard(st *scExploreState, g starcircle.CourseGame, scale int) *explorer.Board {
	b := &explorer.Board{Width: 8, Height: 8, Files: "12345678", Pieces: []string{"S1", "S2", "C1", "C2"}}
	for row := 7; row >= 0; row-- {
		b.Ranks = append(b.Ranks, string(rune('A'+row)))
		for col := 0; col < 8; col++ {
			s := starcircle.NewSquare(row, col)
			sq := explorer.Square{Name: s.String(), X: col, Y: 7 - row, Dark: s.Dark()}
			switch h := st.board[s]; {
			case h > 0:
				sq.Piece, sq.Side = fmt.Sprintf("S%d", h), 1
			case h < 0:
				sq.Piece, sq.Side = fmt.Sprintf("C%d", -h), 2
			}
			b.Square = append(b.Square, sq)
		}
	}
	b.ToMove = st.pos.ToMove.String()
	b.Info = fmt.Sprintf("%s to move", b.ToMove)
	b.Extra = &explorer.BoardSum{Label: "Utility for Star", Value: search.FormatValue(st.pos.Score, scale)}
	for _, m := range g.Moves(&st.pos, nil) {
		mv := explorer.Move{Text: m.String()}
		if m != starcircle.Pass {
			mv.From, mv.To = m.From().String(), m.To().String()
		}
		b.Moves = append(b.Moves, mv)
	}
	return b
}

// root returns the problem's root state and its search game.
func scRoot(p *starcircle.Problem) (scExploreState, starcircle.CourseGame) {
	return scExploreState{pos: p.Position(), board: p.Board}, starcircle.NewCourseGame(starcircle.NewWeights(p.Values), p.Player)
}

// Position implements explorer.Game.
func (s explorerGame) Position(q explorer.Query) (*explorer.Board, error) {
	p, err := s.parse(q)
	if err != nil {
		return nil, err
	}
	st, g := scRoot(p)
	b := scBoard(&st, g, p.Scale)
	b.Info += fmt.Sprintf(", %s depth %d", p.Algorithm, p.Depth)
	return b, nil
}

// Edit implements explorer.Game: the cell of the board line set to the
// piece ("S1", "C2", ...; "" is 0).
func (explorerGame) Edit(q explorer.Query, square, piece string) (string, error) {
	if len(square) != 2 || square[0] < 'A' || square[0] > 'H' || square[1] < '1' || square[1] > '8' {
		return "", fmt.Errorf("square %q: want A1 to H8", square)
	}
	if piece == "" {
		piece = "0"
	} else if len(piece) < 2 || piece[0] != 'S' && piece[0] != 'C' || strings.Trim(piece[1:], "0123456789") != "" || len(piece) > 10 {
		return "", fmt.Errorf("piece %q: want S<n>, C<n> or empty", piece)
	}
	lines := strings.Split(q.Input, "\n")
	k := 3 + int('H'-square[0])
	if len(lines) <= k {
		return "", fmt.Errorf("the input has no board line for row %c (line %d)", square[0], k+1)
	}
	cr := strings.HasSuffix(lines[k], "\r")
	cells := strings.Split(strings.TrimSuffix(lines[k], "\r"), ",")
	col := int(square[1] - '1')
	if len(cells) != 8 {
		return "", fmt.Errorf("line %d: want 8 cells, got %d", k+1, len(cells))
	}
	cells[col] = piece
	lines[k] = strings.Join(cells, ",")
	if cr {
		lines[k] += "\r"
	}
	return strings.Join(lines, "\n"), nil
}

// Run implements explorer.Game.
func (s explorerGame) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	p, err := s.parse(q)
	if err != nil {
		return nil, err
	}
	ab := p.Algorithm == starcircle.AlphaBeta
	st, g := scRoot(p)
	tree, res, err := explorer.Record(g, starcircle.CourseOptions(), st.pos, ab, p.Depth, lim,
		func(_, _ *starcircle.Position, m starcircle.Move) string { return m.String() })
	if err != nil {
		return nil, err
	}
	tree.Scale = p.Scale
	stdout, stderr, status := explorer.Execute(starcircle.Run, []string{"-i", "-", "-o", "-"}, q.Input)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	return &explorer.Run{Stdout: stdout, Count: res.Nodes, Nodes: res.Nodes, Evals: res.Evals, Depth: p.Depth, Tree: tree,
		Command: "starcircle   (reads input.txt, writes output.txt)",
		Title:   fmt.Sprintf("starcircle: %s to move, %s depth %d", p.Player, p.Algorithm, p.Depth)}, nil
}

// BoardAt implements explorer.Game.
func (s explorerGame) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	p, err := s.parse(q)
	if err != nil {
		return nil, err
	}
	root, g := scRoot(p)
	st, err := explorer.Walk(root, path, func(st *scExploreState) []starcircle.Move { return g.Moves(&st.pos, nil) },
		func(st *scExploreState, m starcircle.Move) scExploreState { return st.play(g, m) })
	if err != nil {
		return nil, err
	}
	return scBoard(&st, g, p.Scale), nil
}

// Start implements explorer.Game: the start position, Star to move.
func (explorerGame) Start(map[string]string) (string, error) {
	return "moves\n" + starcircle.StartInput("ALPHABETA", 2), nil
}

// maxPlies bounds the moves of a Star/Circle play state.
const maxPlies = 1000

// state reads a play state: the indexes of the moves played since the
// input's position, replayed.
func (explorerGame) state(text string) (*starcircle.Problem, scExploreState, []int, error) {
	first, rest, _ := strings.Cut(text, "\n")
	f := strings.Fields(first)
	if len(f) == 0 || f[0] != "moves" || len(f) > maxPlies+1 {
		return nil, scExploreState{}, nil, fmt.Errorf("state: want \"moves\" and at most %d move numbers, then an input file", maxPlies)
	}
	p, err := starcircle.Parse([]byte(rest))
	if err != nil {
		return nil, scExploreState{}, nil, fmt.Errorf("state: %v", err)
	}
	st, _ := scRoot(p)
	w := starcircle.NewWeights(p.Values)
	var played []int
	for _, a := range f[1:] {
		g := starcircle.NewCourseGame(w, st.pos.ToMove)
		list := g.Moves(&st.pos, nil)
		if g.Terminal(&st.pos) {
			return nil, scExploreState{}, nil, fmt.Errorf("state: a move after the end of the game")
		}
		i, err := explorer.ParseIndex(a, len(list))
		if err != nil {
			return nil, scExploreState{}, nil, fmt.Errorf("state: %v", err)
		}
		st = st.play(g, list[i])
		played = append(played, i)
	}
	return p, st, played, nil
}

// scFormat writes a play state.
func scFormat(p *starcircle.Problem, played []int) string {
	var b strings.Builder
	b.WriteString("moves")
	for _, i := range played {
		fmt.Fprintf(&b, " %d", i)
	}
	b.WriteString("\n")
	b.WriteString(p.Format())
	return b.String()
}

// Play implements explorer.Game: the game ends when a player has no piece
// or after two passes in a row; the higher utility wins.
func (s explorerGame) Play(text string) (*explorer.Board, error) {
	p, st, _, err := s.state(text)
	if err != nil {
		return nil, err
	}
	g := starcircle.NewCourseGame(starcircle.NewWeights(p.Values), st.pos.ToMove)
	b := scBoard(&st, g, p.Scale)
	b.State = text
	if st.pos.Pieces[starcircle.Star] == 0 || st.pos.Pieces[starcircle.Circle] == 0 || st.pos.Over {
		v := search.FormatValue(st.pos.Score, p.Scale)
		switch {
		case st.pos.Score > 0:
			b.Over = "Star wins (utility " + v + " for Star)."
		case st.pos.Score < 0:
			b.Over = "Circle wins (utility " + v + " for Star)."
		default:
			b.Over = "Draw (utility 0)."
		}
		b.Moves = nil
	}
	return b, nil
}

// Move implements explorer.Game; a pass answering a pass ends the game.
func (s explorerGame) Move(text, move string) (string, error) {
	b, err := s.Play(text)
	if err != nil {
		return "", err
	}
	i, err := explorer.FindMove(b, move)
	if err != nil {
		return "", err
	}
	p, _, played, _ := s.state(text)
	if len(played) >= maxPlies {
		return "", fmt.Errorf("the game is %d plies long: start a new one", maxPlies)
	}
	return scFormat(p, append(played, i)), nil
}

// Think implements explorer.Game: the tournament engine or the homework's
// alpha-beta, deepening.
func (s explorerGame) Think(text string, lim explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	p, st, _, err := s.state(text)
	if err != nil {
		return nil, err
	}
	w := starcircle.NewWeights(p.Values)
	g := starcircle.NewCourseGame(w, st.pos.ToMove)
	list := g.Moves(&st.pos, nil)
	label := func(_ *starcircle.Position, m starcircle.Move) string { return m.String() }
	index := func(m starcircle.Move) int { return slices.Index(list, m) }
	i, d, err := kit.ExploreThink(lim, func() (int, int, error) {
		o := starcircle.EngineOptions()
		o.HashMiB = 4
		return kit.ExploreEngine(starcircle.NewEngine(w, o), st.pos, lim, label, index, progress)
	}, func() (int, int, error) {
		return kit.ExploreCourse[starcircle.Position](g, starcircle.CourseOptions(), st.pos, lim, label, index, progress)
	})
	if err != nil {
		return nil, err
	}
	next, err := s.Move(text, list[i].String())
	if err != nil {
		return nil, err
	}
	return &explorer.Reply{Move: list[i].String(), Depth: d, State: next}, nil
}
