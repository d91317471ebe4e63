package gamedef

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/congo/cli"
	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// explorerGame is Congo for the explorer: congo-minimax (Part 4.2, depth 2) and
// congo-alphabeta (Part 5.2, depth 4, fail-hard) on one FEN, their searches
// also at other depths; the programs print the value only, so the count
// shown is the search's nodes. Play
// states are "<edition> <FEN>".
type explorerGame struct{}

// Name implements explorer.Game.
func (explorerGame) Name() string { return "congo" }

// Title implements explorer.Game.
func (explorerGame) Title() string { return "Congo" }

// congoPrograms: the programs search depth 2 and 4 only (Handout); the
// explorer runs their searches at any depth up to MaxDepth.
var congoPrograms = []explorer.Program{
	{Name: "congo-minimax", Algorithm: "minimax", Depth: 2, MaxDepth: 5, Handout: 2, Output: "stdout", Count: "nodes"},
	{Name: "congo-alphabeta", Algorithm: "alphabeta", Depth: 4, MaxDepth: 8, Handout: 4, Output: "stdout", Count: "nodes"},
}

// Programs implements explorer.Game.
func (explorerGame) Programs() []explorer.Program { return congoPrograms }

// Settings implements explorer.Game: the edition (-rules).
func (explorerGame) Settings() []explorer.Setting {
	return []explorer.Setting{{Param: "rules", Label: "rules", Values: []string{"2021", "2022"}}}
}

// Notation implements explorer.Game.
func (explorerGame) Notation() string {
	return `A FEN "<placement> <side> <move number>", ranks 7 to 1, e.g. "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"; the program reads "1" and the FEN on stdin and prints the value for the side to move. -rules: congo-minimax defaults to 2022, congo-alphabeta to 2021.`
}

// Example implements explorer.Game: the README's samples.
func (explorerGame) Example(program string) string {
	if program == "congo-minimax" {
		return "1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12"
	}
	return "2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4"
}

// congoProg returns the program of q with its edition and entry point.
func congoProg(q explorer.Query) (explorer.Program, congo.Edition, *cli.Program, error) {
	p, err := explorer.FindProgram(congoPrograms, q.Program)
	if err != nil {
		return p, 0, nil, err
	}
	run, ed := cli.Minimax, congo.Edition2022
	if p.Algorithm == "alphabeta" {
		run, ed = cli.AlphaBeta, congo.Edition2021
	}
	if r := q.Setting("rules"); r != "" {
		ed, _ = congo.ParseEdition(r)
	}
	return p, ed, run, nil
}

// parse reads q's FEN; a bad FEN is reported by the program itself.
func (explorerGame) parse(q explorer.Query) (congo.Position, explorer.Program, congo.Edition, error) {
	prog, ed, run, err := congoProg(q)
	if err != nil {
		return congo.Position{}, prog, 0, err
	}
	fen, err := explorer.OneLine(q.Input, "FEN")
	if err != nil {
		return congo.Position{}, prog, 0, err
	}
	p, err := congo.ParseFEN(fen)
	if err != nil {
		_, stderr, status := explorer.Execute(run.Run, []string{"-rules", ed.String()}, "1\n"+fen+"\n")
		return congo.Position{}, prog, 0, explorer.FirstLine(stderr, status)
	}
	return p, prog, ed, nil
}

// Position implements explorer.Game.
func (c explorerGame) Position(q explorer.Query) (*explorer.Board, error) {
	p, _, ed, err := c.parse(q)
	if err != nil {
		return nil, err
	}
	return congoBoard(&p, ed), nil
}

// congoPieces are the pieces of the set-up palette.
var congoPieces = []string{"L", "Z", "E", "G", "C", "M", "P", "S", "l", "z", "e", "g", "c", "m", "p", "s"}

// congoBoard draws p.
func congoBoard(p *congo.Position, ed congo.Edition) *explorer.Board {
	b := &explorer.Board{Width: 7, Height: 7, Files: "abcdefg", Pieces: congoPieces, State: ed.String() + " " + p.String()}
	for r := 6; r >= 0; r-- {
		b.Ranks = append(b.Ranks, fmt.Sprint(r+1))
	}
	for r := 6; r >= 0; r-- {
		for f := 0; f < 7; f++ {
			s := congo.SquareAt(f, r)
			sq := explorer.Square{Name: s.String(), X: f, Y: 6 - r, Dark: r == 3}
			if pc := p.At(s); pc != congo.NoPiece {
				sq.Piece = string(pc.Letter())
				sq.Side = 1 + int(pc.Color())
			}
			b.Square = append(b.Square, sq)
		}
	}
	b.ToMove = sideName(p.Side)
	b.Info = fmt.Sprintf("%s to move, move %d, %s rules", b.ToMove, p.MoveNumber, ed)
	var buf [congo.MaxMoves]congo.Move
	for _, m := range p.GenerateMoves(buf[:0]) {
		b.Moves = append(b.Moves, explorer.Move{Text: m.String(), From: m.From().String(), To: m.To().String()})
	}
	return b
}

// Edit implements explorer.Game: the FEN's placement with the square set.
func (explorerGame) Edit(q explorer.Query, square, piece string) (string, error) {
	fen, err := explorer.OneLine(q.Input, "FEN")
	if err != nil {
		return "", err
	}
	fields := strings.Fields(fen)
	if len(fields) == 0 {
		fields = []string{"7/7/7/7/7/7/7", "w", "1"}
	}
	if piece != "" && !slices.Contains(congoPieces, piece) {
		return "", fmt.Errorf("piece %q: want one of %s or empty", piece, strings.Join(congoPieces, " "))
	}
	if len(square) != 2 || square[0] < 'a' || square[0] > 'g' || square[1] < '1' || square[1] > '7' {
		return "", fmt.Errorf("square %q: want a1 to g7", square)
	}
	placement, err := explorer.EditPlacement(fields[0], 7, 7, int('7'-square[1]), int(square[0]-'a'), piece)
	if err != nil {
		return "", err
	}
	fields[0] = placement
	return strings.Join(fields, " "), nil
}

// Run implements explorer.Game.
func (c explorerGame) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	p, prog, ed, err := c.parse(q)
	if err != nil {
		return nil, err
	}
	ab := prog.Algorithm == "alphabeta"
	depth := explorer.DepthOf(q, prog)
	tree, res, err := explorer.Record(congo.NewCourseGame(ed, ab), congo.CourseOptions(ab), p, ab, depth, lim,
		func(_, _ *congo.Position, m congo.Move) string { return m.String() })
	if err != nil {
		return nil, err
	}
	_, _, run, _ := congoProg(q)
	fen, _ := explorer.OneLine(q.Input, "FEN")
	args := []string{"-rules", ed.String()}
	stdin := "1\n" + fen + "\n"
	out := &explorer.Run{Count: res.Nodes, Nodes: res.Nodes, Evals: res.Evals, Depth: depth, Tree: tree,
		Command: fmt.Sprintf("printf %s | %s -rules %s", explorer.PrintfArg(stdin), prog.Name, ed),
		Title:   fmt.Sprintf("%s (%s rules), %s depth %d", prog.Name, ed, prog.Algorithm, depth)}
	if depth != prog.Handout {
		// The program searches its own depth only: its line at this depth.
		out.Stdout = fmt.Sprintf("%d\n", res.Value)
		out.Command += fmt.Sprintf("   # searches depth %d only: this is its search's value at depth %d", prog.Handout, depth)
		out.Title += fmt.Sprintf(" (the handout's is %d)", prog.Handout)
		return out, nil
	}
	stdout, stderr, status := explorer.Execute(run.Run, args, stdin)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	out.Stdout = stdout
	return out, nil
}

// BoardAt implements explorer.Game.
func (c explorerGame) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	p, prog, ed, err := c.parse(q)
	if err != nil {
		return nil, err
	}
	g := congo.NewCourseGame(ed, prog.Algorithm == "alphabeta")
	var buf [congo.MaxMoves]congo.Move
	p, err = explorer.Walk(p, path, func(p *congo.Position) []congo.Move { return g.Moves(p, buf[:0]) },
		func(p *congo.Position, m congo.Move) congo.Position {
			var next congo.Position
			g.Play(&next, p, m)
			return next
		})
	if err != nil {
		return nil, err
	}
	return congoBoard(&p, ed), nil
}

// Start implements explorer.Game: the edition's start position.
func (explorerGame) Start(settings map[string]string) (string, error) {
	ed := congo.Edition2022
	if r := settings["rules"]; r != "" {
		ed, _ = congo.ParseEdition(r)
	}
	return ed.String() + " " + congo.StartFEN(ed), nil
}

// state reads a play state.
func (explorerGame) state(st string) (congo.Position, congo.Edition, error) {
	r, fen, _ := strings.Cut(st, " ")
	ed, ok := congo.ParseEdition(r)
	if !ok {
		return congo.Position{}, 0, fmt.Errorf("state: want \"<2021|2022> <FEN>\"")
	}
	p, err := congo.ParseFEN(fen)
	if err != nil {
		return congo.Position{}, 0, fmt.Errorf("state: %v", err)
	}
	return p, ed, nil
}

// Play implements explorer.Game: a game ends when a lion is captured, when
// only the lions remain, after 100 moves by each side or without a move.
func (c explorerGame) Play(st string) (*explorer.Board, error) {
	p, ed, err := c.state(st)
	if err != nil {
		return nil, err
	}
	b := congoBoard(&p, ed)
	switch {
	case p.Status() == congo.WhiteWins:
		b.Over = "White wins: the black lion is captured."
	case p.Status() == congo.BlackWins:
		b.Over = "Black wins: the white lion is captured."
	case p.Occupied().Count() == 2:
		b.Over = "Draw: only the two lions remain."
	case p.MoveNumber > 100:
		b.Over = "Draw: 100 moves by each side."
	case len(b.Moves) == 0:
		b.Over = fmt.Sprintf("%s has no move; %s wins.", sideName(p.Side), sideName(p.Side.Other()))
	}
	if b.Over != "" {
		b.Moves = nil
	}
	return b, nil
}

// Move implements explorer.Game.
func (c explorerGame) Move(st, move string) (string, error) {
	b, err := c.Play(st)
	if err != nil {
		return "", err
	}
	i, err := explorer.FindMove(b, move)
	if err != nil {
		return "", err
	}
	p, ed, _ := c.state(st)
	m, _ := congo.ParseMove(b.Moves[i].Text)
	var next congo.Position
	p.Play(&next, m, ed)
	return ed.String() + " " + next.String(), nil
}

// Think implements explorer.Game: the tournament engine (congo-agent's
// options) or congo-alphabeta's search, deepening.
func (c explorerGame) Think(st string, lim explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	p, ed, err := c.state(st)
	if err != nil {
		return nil, err
	}
	var buf [congo.MaxMoves]congo.Move
	list := p.GenerateMoves(buf[:0])
	label := func(_ *congo.Position, m congo.Move) string { return m.String() }
	index := func(m congo.Move) int { return slices.Index(list, m) }
	i, d, err := kit.ExploreThink(lim, func() (int, int, error) {
		o := agent.EngineOptions()
		o.HashMiB = 4
		e := engine.New[congo.Position, congo.Move](congo.NewEngineGame(ed), o)
		return kit.ExploreEngine(e, p, lim, label, index, progress)
	}, func() (int, int, error) {
		return kit.ExploreCourse[congo.Position](congo.NewCourseGame(ed, true), congo.CourseOptions(true), p, lim, label, index, progress)
	})
	if err != nil {
		return nil, err
	}
	next, err := c.Move(st, list[i].String())
	if err != nil {
		return nil, err
	}
	return &explorer.Reply{Move: list[i].String(), Depth: d, State: next}, nil
}
