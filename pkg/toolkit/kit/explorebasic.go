package kit

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/explorer"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// BasicExplorer is a game for the explorer (gamesearch serve) described by
// values and functions, as [Basic] is for the tools: its graded programs
// read their input on stdin and search it with the course search G, whose
// moves (Moves, in order) are the board's moves. [BasicExplorer.Game] makes
// it an explorer.Game without a type of the game's own.
type BasicExplorer[P any, M comparable, G search.Game[P, M]] struct {
	// Name and Title name the game; Notation describes the input in one
	// paragraph and Example is an input (the same for every program).
	Name, Title, Notation, Example string
	// Programs are the graded programs.
	Programs []ExploreProgram
	// Parse reads an input: the game searched (the course game, which may
	// hold the input, as a tree does) and the root. A bad input is
	// reported in the program's words: the program is run on it and its
	// first stderr line is the error (Parse's when the program accepts it).
	Parse func(input string) (G, P, error)
	// Depth, when not nil, returns the depth q searches from root p (a
	// tree's height), or an error for q.Depth; nil: q.Depth, or the
	// program's when it is 0.
	Depth func(q explorer.Query, g G, p *P) (int, error)
	// Options are the programs' search conventions (and the course reply's
	// in play).
	Options search.Options
	// Label writes move m of p, in the tree and in play; Move, when not
	// nil, draws it on the board (its Text the label; nil: the label alone).
	Label func(g G, p *P, m M) string
	Move  func(g G, p *P, m M) explorer.Move
	// Board draws p without its moves (the adapter lists them when p is
	// not terminal).
	Board func(g G, p *P) *explorer.Board
	// Edit returns input with piece (one of Board.Pieces, "" to empty it)
	// on square (nil: positions are typed, not set up on the board).
	Edit func(input, square, piece string) (string, error)
	// Command shows how prog is run on q, which searches to depth;
	// RunTitle describes the search in one line.
	Command  func(q explorer.Query, prog explorer.Program, depth int) string
	RunTitle func(prog explorer.Program, g G, p *P, depth int) string
	// Answer is what a program with a Handout depth prints had its search
	// ended at another depth with r.
	Answer func(r search.Result[M]) string
	// Play, when not nil, is the game on the Play page; nil: every play
	// request fails with NoPlay (nil: "TITLE is not played here").
	Play   *ExplorePlay[P, M, G]
	NoPlay error
}

// ExploreProgram is a graded program of a [BasicExplorer] and its entry
// point, which reads the input on stdin. Its Count is the search's static
// evaluations when it is "static evaluations", else its nodes.
type ExploreProgram struct {
	explorer.Program
	Run explorer.RunFunc
}

// ExplorePlay is a [BasicExplorer] game on the explorer's Play page: its
// states (Board.State) are positions written by State and read by
// ReadState.
type ExplorePlay[P any, M comparable, G search.Game[P, M]] struct {
	// Course is the game played; Start its first position.
	Course G
	Start  P
	State  func(p P) string
	// ReadState reads a state; its error names what is wrong.
	ReadState func(s string) (P, error)
	// Over returns the result when p ends the game ("X wins: ..."), ""
	// otherwise.
	Over func(p *P) string
	// Engine is the tournament engine's reply ([EngineThinker]); nil: the
	// course reply answers both.
	Engine ExploreThinker[P, M]
}

// ExploreThinker is a reply in the explorer's play from root within lim,
// as [ExploreEngine] and [ExploreCourse]: the index of its move (index
// gives a move's) and the depth reached.
type ExploreThinker[P, M any] func(root P, lim explorer.ThinkLimits, label func(p *P, m M) string, index func(m M) int,
	progress func(explorer.Iteration)) (int, int, error)

// EngineThinker is the tournament engine's reply ([ExploreEngine]), on an
// engine newEngine(opt) of its own.
func EngineThinker[P any, M comparable, G engine.Game[P, M]](newEngine func(engine.Options) *engine.Engine[P, M, G], opt engine.Options) ExploreThinker[P, M] {
	return func(root P, lim explorer.ThinkLimits, label func(p *P, m M) string, index func(m M) int, progress func(explorer.Iteration)) (int, int, error) {
		return ExploreEngine(newEngine(opt), root, lim, label, index, progress)
	}
}

// Game returns the explorer.Game of b: the value of [gamekit.Game]'s
// Explorer.
func (b *BasicExplorer[P, M, G]) Game() explorer.Game { return basicExplorer[P, M, G]{b} }

// basicExplorer is a [BasicExplorer] as an explorer.Game.
type basicExplorer[P any, M comparable, G search.Game[P, M]] struct{ b *BasicExplorer[P, M, G] }

// Name implements explorer.Game.
func (a basicExplorer[P, M, G]) Name() string { return a.b.Name }

// Title implements explorer.Game.
func (a basicExplorer[P, M, G]) Title() string { return a.b.Title }

// Programs implements explorer.Game.
func (a basicExplorer[P, M, G]) Programs() []explorer.Program {
	out := make([]explorer.Program, len(a.b.Programs))
	for i, p := range a.b.Programs {
		out[i] = p.Program
	}
	return out
}

// Settings implements explorer.Game: none.
func (a basicExplorer[P, M, G]) Settings() []explorer.Setting { return nil }

// Notation implements explorer.Game.
func (a basicExplorer[P, M, G]) Notation() string { return a.b.Notation }

// Example implements explorer.Game.
func (a basicExplorer[P, M, G]) Example(string) string { return a.b.Example }

// query is a parsed query: its program, the game searched, the root and
// the depth.
type query[P, G any] struct {
	prog  ExploreProgram
	g     G
	root  P
	depth int
}

// parse reads q.
func (a basicExplorer[P, M, G]) parse(q explorer.Query) (*query[P, G], error) {
	i := slices.IndexFunc(a.b.Programs, func(p ExploreProgram) bool { return p.Name == q.Program })
	if i < 0 {
		_, err := explorer.FindProgram(a.Programs(), q.Program)
		return nil, err
	}
	r := &query[P, G]{prog: a.b.Programs[i]}
	var err error
	if r.g, r.root, err = a.b.Parse(q.Input); err != nil {
		if _, stderr, status := explorer.Execute(r.prog.Run, nil, q.Input); status != 0 {
			err = explorer.FirstLine(stderr, status)
		}
		return nil, err
	}
	if a.b.Depth == nil {
		r.depth = explorer.DepthOf(q, r.prog.Program)
	} else if r.depth, err = a.b.Depth(q, r.g, &r.root); err != nil {
		return nil, err
	}
	return r, nil
}

// board draws p with its moves.
func (a basicExplorer[P, M, G]) board(g G, p *P) *explorer.Board {
	b := a.b.Board(g, p)
	if g.Terminal(p) {
		return b
	}
	for _, m := range g.Moves(p, nil) {
		if a.b.Move != nil {
			b.Moves = append(b.Moves, a.b.Move(g, p, m))
		} else {
			b.Moves = append(b.Moves, explorer.Move{Text: a.b.Label(g, p, m)})
		}
	}
	return b
}

// Position implements explorer.Game.
func (a basicExplorer[P, M, G]) Position(q explorer.Query) (*explorer.Board, error) {
	r, err := a.parse(q)
	if err != nil {
		return nil, err
	}
	return a.board(r.g, &r.root), nil
}

// Edit implements explorer.Game.
func (a basicExplorer[P, M, G]) Edit(q explorer.Query, square, piece string) (string, error) {
	if a.b.Edit == nil {
		return "", errors.New("positions are typed, not set up on the board")
	}
	return a.b.Edit(q.Input, square, piece)
}

// Run implements explorer.Game: the recorded search, then the program
// itself (at a depth other than its Handout, Answer).
func (a basicExplorer[P, M, G]) Run(q explorer.Query, lim explorer.Limits) (*explorer.Run, error) {
	r, err := a.parse(q)
	if err != nil {
		return nil, err
	}
	prog, g, depth := r.prog, r.g, r.depth
	tree, res, err := explorer.Record(g, a.b.Options, r.root, prog.Algorithm == "alphabeta", depth, lim,
		func(parent, _ *P, m M) string { return a.b.Label(g, parent, m) })
	if err != nil {
		return nil, err
	}
	out := &explorer.Run{Count: res.Nodes, Nodes: res.Nodes, Evals: res.Evals, Depth: depth, Tree: tree,
		Command: a.b.Command(q, prog.Program, depth), Title: a.b.RunTitle(prog.Program, g, &r.root, depth)}
	if prog.Count == "static evaluations" {
		out.Count = res.Evals
	}
	if prog.Handout > 0 && depth != prog.Handout {
		out.Stdout = a.b.Answer(res)
		return out, nil
	}
	stdout, stderr, status := explorer.Execute(prog.Run, nil, q.Input)
	if status != 0 {
		return nil, explorer.FirstLine(stderr, status)
	}
	out.Stdout = stdout
	return out, nil
}

// BoardAt implements explorer.Game.
func (a basicExplorer[P, M, G]) BoardAt(q explorer.Query, path []int) (*explorer.Board, error) {
	r, err := a.parse(q)
	if err != nil {
		return nil, err
	}
	g := r.g
	p, err := explorer.Walk(r.root, path, func(p *P) []M { return g.Moves(p, nil) }, func(p *P, m M) P {
		var next P
		g.Play(&next, p, m)
		return next
	})
	if err != nil {
		return nil, err
	}
	return a.board(g, &p), nil
}

// noPlay is the error of a play request of a game not played.
func (a basicExplorer[P, M, G]) noPlay() error {
	if a.b.NoPlay != nil {
		return a.b.NoPlay
	}
	return fmt.Errorf("%s is not played here", a.b.Title)
}

// Plays implements explorer.Player: whether the game has Play.
func (a basicExplorer[P, M, G]) Plays() bool { return a.b.Play != nil }

// Start implements explorer.Game: Play.Start, whatever the settings.
func (a basicExplorer[P, M, G]) Start(map[string]string) (string, error) {
	if a.b.Play == nil {
		return "", a.noPlay()
	}
	return a.b.Play.State(a.b.Play.Start), nil
}

// state reads a play state.
func (a basicExplorer[P, M, G]) state(st string) (P, error) {
	var p P
	if a.b.Play == nil {
		return p, a.noPlay()
	}
	p, err := a.b.Play.ReadState(st)
	if err != nil {
		return p, fmt.Errorf("state: %v", err)
	}
	return p, nil
}

// Play implements explorer.Game.
func (a basicExplorer[P, M, G]) Play(st string) (*explorer.Board, error) {
	p, err := a.state(st)
	if err != nil {
		return nil, err
	}
	b := a.board(a.b.Play.Course, &p)
	b.State, b.Over = a.b.Play.State(p), a.b.Play.Over(&p)
	return b, nil
}

// Move implements explorer.Game.
func (a basicExplorer[P, M, G]) Move(st, move string) (string, error) {
	b, err := a.Play(st)
	if err != nil {
		return "", err
	}
	i, err := explorer.FindMove(b, move)
	if err != nil {
		return "", err
	}
	p, _ := a.state(st)
	g := a.b.Play.Course
	var next P
	g.Play(&next, &p, g.Moves(&p, nil)[i])
	return a.b.Play.State(next), nil
}

// Think implements explorer.Game: Play.Engine or the course search,
// deepening.
func (a basicExplorer[P, M, G]) Think(st string, lim explorer.ThinkLimits, progress func(explorer.Iteration)) (*explorer.Reply, error) {
	p, err := a.state(st)
	if err != nil {
		return nil, err
	}
	pl := a.b.Play
	if pl.Course.Terminal(&p) {
		return nil, fmt.Errorf("the game is over")
	}
	list := pl.Course.Moves(&p, nil)
	label := func(p *P, m M) string { return a.b.Label(pl.Course, p, m) }
	index := func(m M) int { return slices.Index(list, m) }
	course := func() (int, int, error) {
		return ExploreCourse[P](pl.Course, a.b.Options, p, lim, label, index, progress)
	}
	eng := course
	if pl.Engine != nil {
		eng = func() (int, int, error) { return pl.Engine(p, lim, label, index, progress) }
	}
	i, d, err := ExploreThink(lim, eng, course)
	if err != nil {
		return nil, err
	}
	var next P
	pl.Course.Play(&next, &p, list[i])
	return &explorer.Reply{Move: label(&p, list[i]), Depth: d, State: pl.State(next)}, nil
}
