package gamedef

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
)

// explorerGame is MiniChess 6x5 for the explorer: player_minimax and
// player_alphabeta run as "PROGRAM -depth D -time 0 state.txt action.txt"
// on a state file (or a FEN, written as a state file); the output is the
// action file, one move per completed depth, and the tree is the last
// iteration's, whose nodes the programs' -v line counts. Play states are
// "<FEN> <plies played>".
type explorerGame struct{}

// Name implements explorer.Game.
func (explorerGame) Name() string { return "minichess" }

// Title implements explorer.Game.
func (explorerGame) Title() string { return "MiniChess 6x5" }

var minichessPrograms = []explorer.Program{
	{Name: "player_minimax", Algorithm: "minimax", Depth: 3, MaxDepth: 8, Output: "the action file", Count: "nodes"},
	{Name: "player_alphabeta", Algorithm: "alphabeta", Depth: 3, MaxDepth: 10, Output: "the action file", Count: "nodes"},
}

// Programs implements explorer.Game.
func (explorerGame) Programs() []explorer.Program { return minichessPrograms }

// Settings implements explorer.Game: none.
func (explorerGame) Settings() []explorer.Setting { return nil }

// Notation implements explorer.Game.
func (explorerGame) Notation() string {
	return `The template's state file: the side to move (0 White, 1 Black), six rows of white piece codes, a blank line, six rows of black codes (0 empty, 1 pawn, 2 rook, 3 knight, 4 bishop, 5 queen, 6 king); or a FEN "kqbnr/ppppp/5/5/PPPPP/RNBQK w". The program writes one move "r1 c1 r2 c2" per completed depth to the action file.`
}

// Example implements explorer.Game: the start position's state file.
func (explorerGame) Example(string) string {
	p := minichess.StartPosition()
	return string(p.AppendState(nil))
}

// isFEN reports whether the input is a FEN rather than a state file.
func isFEN(in string) bool { return strings.Contains(in, "/") }

// parse reads the input; a bad state file is reported by the program.
func (explorerGame) parse(q explorer.Query) (minichess.Position, explorer.Program, error) {
	prog, err := explorer.FindProgram(minichessPrograms, q.Program)
	if err != nil {
		return minichess.Position{}, prog, err
	}
	if isFEN(q.Input) {
		fen, err := explorer.OneLine(q.Input, "FEN")
		if err != nil {
			return minichess.Position{}, prog, err
		}
		p, err := minichess.ParseFEN(fen)
		return p, prog, err
	}
	p, err := minichess.ParseState(strings.NewReader(q.Input), "state.txt")
	if err != nil {
		_, stderr, status, _ := minichessExec(q, prog, 1, q.Input)
		return p, prog, explorer.FirstLine(stderr, status)
	}
	return p, prog, nil
}

// minichessRun returns the program's entry point.
func minichessRun(prog explorer.Program) explorer.RunFunc {
	if prog.Algorithm == "minimax" {
		return player.MinimaxPlayer.Run
	}
	return player.AlphaBetaPlayer.Run
}

// minichessExec runs prog on the state file text at depth in a fresh
// directory: the action file, stderr (the directory left out), the status
// and the arguments as the page shows them.
func minichessExec(q explorer.Query, prog explorer.Program, depth int, state string) (string, string, int, string) {
	wd, err := explorer.NewWorkDir()
	if err != nil {
		return "", err.Error(), 1, ""
	}
	defer wd.Clean()
	if err := wd.Write("state.txt", state); err != nil {
		return "", err.Error(), 1, ""
	}
	d := strconv.Itoa(depth)
	_, stderr, status := explorer.Execute(minichessRun(prog), []string{"-depth", d, "-time", "0", wd.Path("state.txt"), wd.Path("action.txt")}, "")
	return wd.Read("action.txt"), wd.Local(stderr), status, "-depth " + d + " -time 0 state.txt action.txt"
}

// minichessPieces are the set-up palette: White upper case, Black lower.
var minichessPieces = []string{"K", "Q", "R", "B", "N", "P", "k", "q", "r", "b", "n", "p"}

// minichessBoard draws n.
func minichessBoard(n *minichess.Node) *explorer.Board {
	p := n.Position()
	b := &explorer.Board{Width: minichess.Cols, Height: minichess.Rows, Files: "ABCDE", Pieces: minichessPieces}
	for r := range minichess.Rows {
		b.Ranks = append(b.Ranks, strconv.Itoa(minichess.Rows-r))
		for c := range minichess.Cols {
			sq := explorer.Square{Name: minichess.SquareName(r, c), X: c, Y: r, Dark: (r+c)%2 == 1}
			if k := p.Board[minichess.White][r][c]; k != minichess.Empty {
				sq.Piece, sq.Side = string(".PRNBQK"[k]), 1
			} else if k := p.Board[minichess.Black][r][c]; k != minichess.Empty {
				sq.Piece, sq.Side = strings.ToLower(string(".PRNBQK"[k])), 2
			}
			b.Square = append(b.Square, sq)
		}
	}
	b.ToMove = colorName(p.ToMove)
	b.Info = fmt.Sprintf("%s to move: %s", b.ToMove, p.FEN())
	var buf [minichess.MaxMoves]minichess.Move
	list, _ := n.LegalMoves(buf[:0])
	for _, m := range list {
		b.Moves = append(b.Moves, explorer.Move{Text: minichessLabel(m),
			From: minichess.SquareName(int(m.FromRow), int(m.FromCol)), To: minichess.SquareName(int(m.ToRow), int(m.ToCol))})
	}
	return b
}

// Position implements explorer.Game.
func (mc explorerGame) Position(q explorer.Query) (*explorer.Board, error) {
	p, _, err := mc.parse(q)
	if err != nil {
		return nil, err
	}
	n := p.Node()
	return minichessBoard(&n), nil
}

// Edit implements explorer.Game: the square set in both layers, the
// input kept in its form (state file or FEN).
func (mc explorerGame) Edit(q explorer.Query, square, piece string) (string, error) {
	p, _, err := mc.parse(q)
	if err != nil {
		return "", err
	}
	if len(square) != 2 || square[0] < 'A' || square[0] > 'E' || square[1] < '1' || square[1] > '6' {
		return "", fmt.Errorf("square %q: want A1 to E6", square)
	}
	r, c := int('6'-square[1]), int(square[0]-'A')
	p.Board[minichess.White][r][c], p.Board[minichess.Black][r][c] = minichess.Empty, minichess.Empty
	if piece != "" {
		k := strings.IndexByte(".PRNBQK", strings.ToUpper(piece)[0])
		if len(piece) != 1 || k < 1 || !slices.Contains(minichessPieces, piece) {
			return "", fmt.Errorf("piece %q: want one of %s or empty", piece, strings.Join(minichessPieces, " "))
		}
		side := minichess.White
		if piece[0] >= 'a' {
			side = minichess.Black
		}
		p.Board[side][r][c] = minichess.Piece(k)
	}
	if isFEN(q.Input) {
		return p.FEN(), nil
	}
	return string(p.AppendState(nil)), nil
}

// Run implements explorer.Game.
func (mc explorerGame) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	p, prog, err := mc.parse(q)
	if err != nil {
		return nil, err
	}
	depth := explorer.DepthOf(q, prog)
	ab := prog.Algorithm == "alphabeta"
	tree, res, err := explorer.Record(minichess.CourseGame{}, minichess.CourseOptions(), p.Node(), ab, depth, lim,
		func(_, _ *minichess.Node, m minichess.Move) string { return minichessLabel(m) })
	if err != nil {
		return nil, err
	}
	state := string(p.AppendState(nil))
	out, stderr, status, args := minichessExec(q, prog, depth, state)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	title := fmt.Sprintf("%s depth %d (the last iteration of its deepening)", prog.Name, depth)
	var buf [minichess.MaxMoves]minichess.Move
	n := p.Node()
	list, st := n.LegalMoves(buf[:0])
	if rc, _ := minichess.ClassifyRoot(list, st); rc != minichess.Search {
		title = fmt.Sprintf("%s: the program answers this root without searching", prog.Name)
	}
	return &explorer.Run{Stdout: out, Count: res.Nodes, Nodes: res.Nodes, Evals: res.Evals, Depth: depth, Tree: tree, Title: title,
		Command: prog.Name + " " + args}, nil
}

// BoardAt implements explorer.Game.
func (mc explorerGame) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	p, _, err := mc.parse(q)
	if err != nil {
		return nil, err
	}
	var g minichess.CourseGame
	n, err := explorer.Walk(p.Node(), path, func(n *minichess.Node) []minichess.Move { return g.Moves(n, nil) },
		func(n *minichess.Node, m minichess.Move) minichess.Node {
			var next minichess.Node
			g.Play(&next, n, m)
			return next
		})
	if err != nil {
		return nil, err
	}
	return minichessBoard(&n), nil
}

// Start implements explorer.Game: the start position.
func (explorerGame) Start(map[string]string) (string, error) {
	return minichess.StartPosition().FEN() + " 0", nil
}

// state reads a play state.
func (explorerGame) state(text string) (minichess.Node, int, error) {
	i := strings.LastIndexByte(text, ' ')
	if i < 0 {
		return minichess.Node{}, 0, fmt.Errorf("state: want \"<FEN> <plies>\"")
	}
	plies, err := strconv.Atoi(text[i+1:])
	if err != nil || plies < 0 || plies > minichess.MaxPlies {
		return minichess.Node{}, 0, fmt.Errorf("state: plies %q: want 0 to %d", text[i+1:], minichess.MaxPlies)
	}
	p, err := minichess.ParseFEN(text[:i])
	if err != nil {
		return minichess.Node{}, 0, fmt.Errorf("state: %v", err)
	}
	return p.Node(), plies, nil
}

// Play implements explorer.Game: the runner's rules, 50 plies.
func (mc explorerGame) Play(text string) (*explorer.Board, error) {
	n, plies, err := mc.state(text)
	if err != nil {
		return nil, err
	}
	b := minichessBoard(&n)
	b.State = text
	b.Info += fmt.Sprintf(", ply %d of %d", plies, minichess.MaxPlies)
	side := n.ToMove()
	switch {
	case plies >= minichess.MaxPlies:
		p := n.Position()
		if st, winner := p.Adjudicate(); st == minichess.Win {
			b.Over = fmt.Sprintf("%s wins on material after %d plies.", colorName(winner), plies)
		} else {
			b.Over = fmt.Sprintf("Draw on material after %d plies.", plies)
		}
	case n.Status() == minichess.Win:
		b.Over = fmt.Sprintf("%s wins: the %s king can be captured.", colorName(side), strings.ToLower(colorName(side.Other())))
	case len(b.Moves) == 0:
		b.Over = fmt.Sprintf("%s has no move; %s wins.", colorName(side), colorName(side.Other()))
	}
	if b.Over != "" {
		b.Moves = nil
	}
	return b, nil
}

// Move implements explorer.Game.
func (mc explorerGame) Move(text, move string) (string, error) {
	b, err := mc.Play(text)
	if err != nil {
		return "", err
	}
	i, err := explorer.FindMove(b, move)
	if err != nil {
		return "", err
	}
	n, plies, _ := mc.state(text)
	var buf [minichess.MaxMoves]minichess.Move
	list, _ := n.LegalMoves(buf[:0])
	var next minichess.Node
	n.Play(&next, list[i])
	p := next.Position()
	return p.FEN() + " " + strconv.Itoa(plies+1), nil
}

// Think implements explorer.Game: player_submission's engine or
// player_alphabeta's search, deepening.
func (mc explorerGame) Think(text string, lim explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	n, plies, err := mc.state(text)
	if err != nil {
		return nil, err
	}
	var buf [minichess.MaxMoves]minichess.Move
	list, _ := n.LegalMoves(buf[:0])
	list = slices.Clone(list)
	index := func(m minichess.Move) int { return slices.Index(list, m) }
	i, d, err := kit.ExploreThink(lim, func() (int, int, error) {
		e := engine.New[minichess.EngineNode, minichess.Move](minichess.NewEngineGame(minichess.DefaultEvalWeights()), submission.EngineOptions(4))
		label := func(_ *minichess.EngineNode, m minichess.Move) string { return minichessLabel(m) }
		return kit.ExploreEngine(e, minichess.NewEngineNode(&n, plies), lim, label, index, progress)
	}, func() (int, int, error) {
		label := func(_ *minichess.Node, m minichess.Move) string { return minichessLabel(m) }
		return kit.ExploreCourse[minichess.Node](minichess.CourseGame{}, minichess.CourseOptions(), n, lim, label, index, progress)
	})
	if err != nil {
		return nil, err
	}
	mv := minichessLabel(list[i])
	next, err := mc.Move(text, mv)
	if err != nil {
		return nil, err
	}
	return &explorer.Reply{Move: mv, Depth: d, State: next}, nil
}
