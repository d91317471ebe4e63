package gamedef

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// explorerGame is tic-tac-toe for the explorer: tictactoe-minimax on a
// board of three lines (its stdin), its search also to a smaller depth;
// its output is the best move and the node count, which is the recorded
// tree's. The board is drawn with its square numbers. Play states are the nine cells
// of the position ("X...O....").
type explorerGame struct{}

// Name implements explorer.Game.
func (explorerGame) Name() string { return "tictactoe" }

// Title implements explorer.Game.
func (explorerGame) Title() string { return "Tic-tac-toe" }

var programs = []explorer.Program{
	{Name: tictactoe.ProgramName, Algorithm: "minimax", Depth: tictactoe.FullDepth, MaxDepth: tictactoe.FullDepth,
		Handout: tictactoe.FullDepth, Output: "stdout", Count: "nodes"},
}

// Programs implements explorer.Game.
func (explorerGame) Programs() []explorer.Program { return programs }

// Settings implements explorer.Game: none.
func (explorerGame) Settings() []explorer.Setting { return nil }

// Notation implements explorer.Game.
func (explorerGame) Notation() string {
	return `Three lines of three cells, X, O or . (empty), top row first, e.g. "X..\n.O.\n..."; X moves first, so the counts say who is to move. The program prints the best move's square number (1 2 3 on the top row) and the number of nodes its minimax entered.`
}

// Example implements explorer.Game: a position after two moves.
func (explorerGame) Example(string) string { return "X..\n.O.\n...\n" }

// parse reads q's board; a bad one is reported by the program itself.
func (explorerGame) parse(q explorer.Query) (tictactoe.Position, error) {
	if _, err := explorer.FindProgram(programs, q.Program); err != nil {
		return tictactoe.Position{}, err
	}
	p, err := tictactoe.Parse([]byte(q.Input))
	if err == nil && p.Over() {
		err = fmt.Errorf("the game is over")
	}
	if err != nil {
		_, stderr, status := explorer.Execute(tictactoe.Run, nil, q.Input)
		if status != 0 {
			return p, explorer.FirstLine(stderr, status)
		}
		return p, err
	}
	return p, nil
}

// Position implements explorer.Game.
func (g explorerGame) Position(q explorer.Query) (*explorer.Board, error) {
	p, err := g.parse(q)
	if err != nil {
		return nil, err
	}
	return board(&p), nil
}

// pieces are the set-up palette.
var pieces = []string{"X", "O"}

// board draws p.
func board(p *tictactoe.Position) *explorer.Board {
	b := &explorer.Board{Width: 3, Height: 3, Files: "", Pieces: pieces, State: p.String(),
		Ranks: []string{"", "", ""}, ToMove: p.ToMove.String(), Numbered: true}
	for i := 0; i < 9; i++ {
		sq := explorer.Square{Name: fmt.Sprint(i + 1), X: i % 3, Y: i / 3}
		switch p.Cell(i) {
		case 'X':
			sq.Piece, sq.Side = "X", 1
		case 'O':
			sq.Piece, sq.Side = "O", 2
		}
		b.Square = append(b.Square, sq)
	}
	b.Info = fmt.Sprintf("%s to move, %d marks", b.ToMove, (p.Marks[tictactoe.X] | p.Marks[tictactoe.O]).Count())
	if !p.Over() {
		for _, m := range (tictactoe.CourseGame{}).Moves(p, nil) {
			b.Moves = append(b.Moves, explorer.Move{Text: m.String(), To: m.String()})
		}
	}
	return b
}

// Edit implements explorer.Game: the board with the square set.
func (explorerGame) Edit(q explorer.Query, square, piece string) (string, error) {
	if piece != "" && !slices.Contains(pieces, piece) {
		return "", fmt.Errorf("piece %q: want X, O or empty", piece)
	}
	if len(square) != 1 || square[0] < '1' || square[0] > '9' {
		return "", fmt.Errorf("square %q: want 1 to 9", square)
	}
	cells := []byte(strings.ReplaceAll(strings.ReplaceAll(q.Input, "\r", ""), "\n", ""))
	if len(cells) != 9 {
		cells = []byte(".........")
	}
	cells[square[0]-'1'] = '.'
	if piece != "" {
		cells[square[0]-'1'] = piece[0]
	}
	s := string(cells)
	return s[0:3] + "\n" + s[3:6] + "\n" + s[6:9] + "\n", nil
}

// Run implements explorer.Game.
func (g explorerGame) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	p, err := g.parse(q)
	if err != nil {
		return nil, err
	}
	prog := programs[0]
	depth := explorer.DepthOf(q, prog)
	s := search.New[tictactoe.Position, tictactoe.Move](tictactoe.CourseGame{}, lim.SearchOptions(tictactoe.CourseOptions()))
	tree, res, err := explorer.Record(s, p, false, depth, lim, search.DefaultInf,
		func(_, _ *tictactoe.Position, m tictactoe.Move) string { return m.String() })
	if err != nil {
		return nil, err
	}
	out := &explorer.Run{Count: res.Nodes, Nodes: res.Nodes, Evals: res.Evals, Depth: depth, Tree: tree,
		Command: fmt.Sprintf("printf %s | %s", explorer.PrintfArg(q.Input), prog.Name),
		Title:   fmt.Sprintf("%s, minimax to the end of the game", prog.Name)}
	if depth != prog.Handout {
		// The program searches to the end only: its lines at this depth.
		out.Stdout = tictactoe.Answer{Move: res.Move, Value: res.Value, Nodes: res.Nodes}.Format()
		out.Command += fmt.Sprintf("   # searches to the end only: this is its search's answer at depth %d", depth)
		out.Title = fmt.Sprintf("%s, minimax to depth %d (the program's: %d, the end of the game)", prog.Name, depth, prog.Handout)
		return out, nil
	}
	stdout, stderr, status := explorer.Execute(tictactoe.Run, nil, q.Input)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	out.Stdout = stdout
	return out, nil
}

// BoardAt implements explorer.Game.
func (g explorerGame) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	p, err := g.parse(q)
	if err != nil {
		return nil, err
	}
	cg := tictactoe.CourseGame{}
	p, err = explorer.Walk(p, path, func(p *tictactoe.Position) []tictactoe.Move { return cg.Moves(p, nil) },
		func(p *tictactoe.Position, m tictactoe.Move) tictactoe.Position {
			var next tictactoe.Position
			cg.Play(&next, p, m)
			return next
		})
	if err != nil {
		return nil, err
	}
	return board(&p), nil
}

// Start implements explorer.Game: the empty board.
func (explorerGame) Start(map[string]string) (string, error) { return tictactoe.Start().String(), nil }

// state reads a play state.
func (explorerGame) state(st string) (tictactoe.Position, error) {
	p, err := tictactoe.ParsePosition(st)
	if err != nil {
		return p, fmt.Errorf("state: %v", err)
	}
	return p, nil
}

// Play implements explorer.Game.
func (g explorerGame) Play(st string) (*explorer.Board, error) {
	p, err := g.state(st)
	if err != nil {
		return nil, err
	}
	b := board(&p)
	if who, ok := p.Winner(); ok {
		b.Over = fmt.Sprintf("%s wins: three in a row (squares %s).", who, tictactoe.LineName(p.Marks[who]))
	} else if p.Over() {
		b.Over = "Draw: the board is full."
	}
	return b, nil
}

// Move implements explorer.Game.
func (g explorerGame) Move(st, move string) (string, error) {
	b, err := g.Play(st)
	if err != nil {
		return "", err
	}
	i, err := explorer.FindMove(b, move)
	if err != nil {
		return "", err
	}
	p, _ := g.state(st)
	var next tictactoe.Position
	tictactoe.CourseGame{}.Play(&next, &p, tictactoe.Move(b.Moves[i].Text[0]-'1'))
	return next.String(), nil
}

// Think implements explorer.Game: the tournament engine or the course
// search, deepening.
func (g explorerGame) Think(st string, lim explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	p, err := g.state(st)
	if err != nil {
		return nil, err
	}
	if p.Over() {
		return nil, fmt.Errorf("the game is over")
	}
	list := tictactoe.CourseGame{}.Moves(&p, nil)
	label := func(_ *tictactoe.Position, m tictactoe.Move) string { return m.String() }
	index := func(m tictactoe.Move) int { return slices.Index(list, m) }
	i, d, err := kit.ExploreThink(lim, func() (int, int, error) {
		return kit.ExploreEngine(tictactoe.NewEngine(tictactoe.EngineOptions()), p, lim, label, index, progress)
	}, func() (int, int, error) {
		return kit.ExploreCourse[tictactoe.Position](tictactoe.CourseGame{}, tictactoe.CourseOptions(), p, lim, label, index, progress)
	})
	if err != nil {
		return nil, err
	}
	next, err := g.Move(st, list[i].String())
	if err != nil {
		return nil, err
	}
	return &explorer.Reply{Move: list[i].String(), Depth: d, State: next}, nil
}
