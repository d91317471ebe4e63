// Package explorer is the web explorer of search trees behind
// "gamesearch serve": a local HTTP server (pages, scripts and styles
// embedded with go:embed, no JavaScript library) that shows the search of
// every graded program on any position, replays alpha-beta node by node,
// and lets a person play the engines.
//
// The package knows no game: each game is an implementation of [Game]
// (each game's pkg/<game>/gamedef holds its own, the Explorer of its
// gamekit.Game, with the helpers of adapt.go), and [NewServer] takes the
// list (package games lists the registered ones). A Game runs the graded program itself in-process for its
// exact output and records the tree of the same pkg/search search, with the
// program's options, through [Record]; the explorer never searches by
// itself.
//
// Conventions: every request is bounded ([Limits]: input size, depth,
// nodes, time, concurrent searches) and cancelled when the client goes
// away; a bad request is answered with HTTP 400 and one line naming the
// problem; answers are deterministic. Values in JSON are strings ("-103",
// "+inf", "0.5" for a Star/Circle scale) so that 64-bit sentinels survive
// JavaScript numbers. The JSON API is documented in docs/explorer.md.
package explorer

import "errors"

// Program is one graded program whose search the explorer shows.
type Program struct {
	// Name is the program's name as its course spells it ("ABGame").
	Name string `json:"name"`
	// Algorithm is "minimax" or "alphabeta".
	Algorithm string `json:"algorithm"`
	// Depth is the depth the program searches by default; MaxDepth the
	// deepest the explorer accepts. A program whose depth is its own
	// (congo-alphabeta: 4) or the input's (Star/Circle) has FixedDepth set
	// and accepts only that depth.
	Depth      int  `json:"depth"`
	MaxDepth   int  `json:"maxDepth"`
	FixedDepth bool `json:"fixedDepth"`
	// Handout, when positive, is the one depth the course program itself
	// searches (congo-alphabeta: 4): the explorer runs its search, with its
	// options, at any depth up to MaxDepth, and at another depth the run's
	// Stdout is what the program would print had it searched that deep.
	Handout int `json:"handout,omitempty"`
	// Output names what the run's stdout holds: "stdout", "output.txt" or
	// "the action file".
	Output string `json:"output"`
	// Count names the count the program reports and the run's Count holds:
	// "nodes" or "static evaluations".
	Count string `json:"count"`
}

// Setting is a choice of a game beside the input (Congo's -rules, Morris'
// -board): the query parameter, its label and its values, the first being
// the default ("" means the program's own default).
type Setting struct {
	Param  string   `json:"param"`
	Label  string   `json:"label"`
	Values []string `json:"values"`
}

// Query is one program run: the program, the input in the course's
// notation, the depth (0: the program's) and the game's settings by
// parameter name ("rules", "board").
type Query struct {
	Program  string
	Input    string
	Depth    int
	Settings map[string]string
}

// Setting returns the value of the setting called param ("" when unset).
func (q Query) Setting(param string) string { return q.Settings[param] }

// Limits bound one search: the most nodes a tree may have, and Stop,
// polled during the search (nil: never), which ends it early.
type Limits struct {
	MaxNodes int
	Stop     func() bool
}

// Run is the outcome of one program run.
type Run struct {
	// Stdout is exactly what the graded program prints for the input (for
	// Star/Circle its output.txt, for MiniChess its action file).
	Stdout string
	// Command shows how the program was run ("printf '1\n...\n' |
	// congo-alphabeta").
	Command string
	// Count is the count the program reports (Program.Count); Nodes and
	// Evals are the search's node and static evaluation counts.
	Count, Nodes, Evals uint64
	// Depth is the depth searched.
	Depth int
	// Title describes the search in one line.
	Title string
	// Tree is the recorded search tree; Tree.Nodes has Nodes entries.
	Tree *Tree
}

// Square is one point of a drawn board.
type Square struct {
	// Name is the square's name in the game's notation ("e4", "a0", "F4").
	Name string `json:"name"`
	// X and Y place the square on the board's grid (0,0 is the top left).
	X int `json:"x"`
	Y int `json:"y"`
	// Piece is the text drawn on the square ("L", "S2", "") and Side its
	// owner: 0 none, 1 the first player (White, Star), 2 the second.
	Piece string `json:"piece"`
	Side  int    `json:"side"`
	// Dark marks a dark square of a chequered board.
	Dark bool `json:"dark,omitempty"`
}

// Move is a legal move with the squares it joins, for highlighting.
// Note, when set, is shown after the move where a cut-off leaves it
// unsearched (a textbook tree's leaf value or subtree: "c2=4").
type Move struct {
	Text string `json:"text"`
	From string `json:"from,omitempty"`
	To   string `json:"to"`
	Note string `json:"note,omitempty"`
}

// Board is the drawing data of a position.
type Board struct {
	// Width and Height are the grid's size in squares; Points draws
	// points joined by Lines (Morris) instead of squares.
	Width  int       `json:"width"`
	Height int       `json:"height"`
	Points bool      `json:"points,omitempty"`
	Lines  [][2]int  `json:"lines,omitempty"`
	Square []Square  `json:"squares"`
	Files  string    `json:"files"`
	Ranks  []string  `json:"ranks"`
	ToMove string    `json:"toMove"`
	Info   string    `json:"info"`
	Moves  []Move    `json:"moves"`
	Over   string    `json:"over,omitempty"`
	Pieces []string  `json:"pieces,omitempty"`
	State  string    `json:"state,omitempty"`
	Extra  *BoardSum `json:"extra,omitempty"`
	// Numbered draws each square's name in its corner (square numbers
	// that the moves name, a textbook tree's leaf names).
	Numbered bool `json:"numbered,omitempty"`
}

// BoardSum is an optional score line of a board ("Utility for Star: 26").
type BoardSum struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// ThinkLimits bound the engine's reply in play.
type ThinkLimits struct {
	// Engine is "engine" (the tournament engine) or "course" (the course
	// alpha-beta, deepening).
	Engine string
	// Depth is the deepest iteration (0: the engine's own limit) and Time
	// the thinking time.
	Depth int
	Time  Duration
	// Stop ends the search early (client gone).
	Stop func() bool
}

// Duration is a time in milliseconds.
type Duration = int64

// Iteration is one completed iteration of the engine in play. Score is
// the engine's value for itself ([ScoreText]).
type Iteration struct {
	Depth int      `json:"depth"`
	Score string   `json:"score"`
	PV    []string `json:"pv"`
	Nodes uint64   `json:"nodes"`
	Move  string   `json:"move"`
}

// Reply is the engine's move in play and the state after it.
type Reply struct {
	Move  string `json:"move"`
	Depth int    `json:"depth"`
	State string `json:"state"`
}

// Game is what the explorer needs of one game. Every method must be safe
// for concurrent use, bounded, and return errors as one line.
type Game interface {
	// Name is the game's name on the command line ("congo"); Title its
	// name for people ("Congo").
	Name() string
	Title() string
	// Programs lists the graded programs whose search can be shown.
	Programs() []Program
	// Settings lists the game's settings beside the input.
	Settings() []Setting
	// Notation describes the input format in one paragraph; Example is
	// an input (the README's sample).
	Notation() string
	Example(program string) string
	// Position parses q.Input for q.Program and draws it; the error is
	// worded as the program words it.
	Position(q Query) (*Board, error)
	// Edit returns q.Input with the piece (one of Board.Pieces, "" to
	// empty it) put on the square called square.
	Edit(q Query, square, piece string) (string, error)
	// Run runs q.Program on q.Input: the recorded search within lim, then
	// the program itself for its exact output.
	Run(q Query, lim Limits) (*Run, error)
	// BoardAt draws the position of the search of q reached from the root
	// by the moves whose indexes (in each node's move list) path holds.
	BoardAt(q Query, path []int) (*Board, error)
	// Start returns the state of a new game with the settings (Setting
	// params as in Query; "" values are the defaults); Play draws a state
	// with its legal moves; Move plays a move in a state.
	Start(settings map[string]string) (string, error)
	Play(state string) (*Board, error)
	Move(state, move string) (string, error)
	// Think searches for the engine's move in state within lim, calling
	// progress after every completed iteration.
	Think(state string, lim ThinkLimits, progress func(Iteration)) (*Reply, error)
}

// ErrTooBig is returned (wrapped) by a search that exceeded its node limit.
var ErrTooBig = errors.New("the tree is too big")

// ErrStopped is returned (wrapped) by a search ended by Stop.
var ErrStopped = errors.New("the search was stopped")
