// Package roundrobin plays the Congo Part 6 experiment of the Wits COMS3005A
// 2021 handout (handouts/congo/2021_part6.txt): every player meets every
// other player twice, once with each colour, from the start position
// "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4" under the 2021 rules; a player
// wins by capturing the enemy lion, and a game in which each side has played
// 100 moves without a capture of a lion is a draw. It also writes the results
// table of the Part 6 report.
//
// Players are anything that implements [Player]. The roster of the report
// is [Entrants]: the course's minimax (depth 2, Part 4 evaluation) and
// alpha-beta (depth 4, Part 5 evaluation) players, built from package congo
// and the shared package search (no search code here), and one line to add
// for each further player, such as the congo-agent engine through [Program].
//
// Conventions: players choose their move at the root the way the Part 6
// handout extracts it: the first move, in ascending move order, whose value
// is strictly greater than every earlier one (alpha-beta: strictly greater
// than alpha at that time). Both course players are deterministic, so the
// whole round robin is: the same configuration gives the same games, the
// same tables and the same bytes. A side to move without a legal move (the
// handout does not say what happens; it does not arise from the Part 6
// start position in practice) ends the game as a draw, and a player that
// returns an illegal move, fails or has no move to offer loses the game;
// the reason is recorded in either case.
package roundrobin

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// StartFEN is the start position of the Part 6 games.
const StartFEN = "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4"

// DefaultMaxMoves is the Part 6 draw rule: a game is drawn when each side
// has played this many moves.
const DefaultMaxMoves = 100

// Player chooses moves. A Player is used for one game at a time, by one
// goroutine.
type Player interface {
	// Move returns the move to play in p (the side to move is p's), and the
	// number of search nodes it took (0 when unknown). An error (including
	// having no move to offer in a position that has one) loses the game.
	Move(p *congo.Position) (m congo.Move, nodes uint64, err error)
}

// Entrant is a named player of the round robin.
type Entrant struct {
	// Name is the short name shown in the tables.
	Name string
	// Description says what the player is, for the report.
	Description string
	// New returns a fresh player for one game under the given rules.
	New func(r congo.Rules) (Player, error)
}

// Entrants returns the players of the Part 6 report, in table order: the
// Part 4 minimax, the Part 5 alpha-beta and our congo-agent's engine. To add
// a player, add one line here; an external program speaking the congo-agent
// protocol is added with [Program], for example
//
//	Program("agent-bin", "congo-agent, fixed depth 6", 1, "bin/congo-agent", "-rules", "2021", "-depth", "6"),
//
// (the path is relative to the working directory; the packager runs the
// round robin from the directory above the built programs' bin/).
func Entrants() []Entrant {
	return []Entrant{
		MinimaxEntrant(),
		AlphaBetaEntrant(),
		AgentEntrant(AgentDepth),
	}
}

// AgentDepth is the fixed depth the agent plays the round robin at, so that
// the report is the same on every machine (congo-agent -depth 6).
const AgentDepth = 6

// AgentEntrant is our congo-agent (package congo/agent) searching to a fixed
// depth, in process: the same engine, evaluation and options as
// "congo-agent -depth D".
func AgentEntrant(depth int) Entrant {
	return Entrant{
		Name:        "agent",
		Description: fmt.Sprintf("our congo-agent engine (iterative deepening PVS, table, quiescence), fixed depth %d", depth),
		New: func(r congo.Rules) (Player, error) {
			return &agentPlayer{agent.New(agent.Config{Rules: r, Depth: depth})}, nil
		},
	}
}

// agentPlayer plays with a congo-agent.
type agentPlayer struct{ a *agent.Agent }

// Move searches p with the agent.
func (ap *agentPlayer) Move(p *congo.Position) (congo.Move, uint64, error) {
	ap.a.SetPosition(*p)
	m, ok := ap.a.Think(0, nil)
	if !ok {
		return 0, 0, fmt.Errorf("no move found")
	}
	res, _ := ap.a.Last()
	return m, res.Nodes, nil
}

// searchPlayer plays the root choice of a course search.
type searchPlayer struct {
	s     *congo.Searcher
	depth int
	ab    bool
}

// Move searches p and returns the chosen root move.
func (sp *searchPlayer) Move(p *congo.Position) (congo.Move, uint64, error) {
	var r search.Result[congo.Move]
	if sp.ab {
		r = sp.s.AlphaBeta(*p, sp.depth)
	} else {
		r = sp.s.Minimax(*p, sp.depth)
	}
	if !r.HasMove {
		return 0, r.Nodes, fmt.Errorf("no move found")
	}
	return r.Move, r.Nodes, nil
}

// MinimaxEntrant is the Part 4 player: negamax minimax to depth 2 with the
// simple (material) evaluation.
func MinimaxEntrant() Entrant {
	return Entrant{
		Name:        "minimax",
		Description: "minimax (negamax), depth 2, material evaluation of Part 4.1",
		New: func(r congo.Rules) (Player, error) {
			return &searchPlayer{s: congo.NewMinimax(r), depth: 2}, nil
		},
	}
}

// AlphaBetaEntrant is the Part 5 player: fail-hard alpha-beta to depth 4
// with the advanced evaluation (material + mobility + attack), root moves in
// ascending order, as the course baseline of spec section 6.9.
func AlphaBetaEntrant() Entrant {
	return Entrant{
		Name:        "alphabeta",
		Description: "alpha-beta (fail-hard negamax), depth 4, advanced evaluation of Part 5.1 (material + mobility + attack), moves in ascending order",
		New: func(r congo.Rules) (Player, error) {
			g := congo.Game{Rules: r, Eval: congo.AdvancedEval}
			s := search.New[congo.Position, congo.Move](g, congo.CourseOptions(true))
			return &searchPlayer{s: s, depth: 4, ab: true}, nil
		},
	}
}

// Config is the set-up of a round robin.
type Config struct {
	// Rules is the edition (Part 6: 2021).
	Rules congo.Rules
	// Start is the FEN of the start position (Part 6: [StartFEN]).
	Start string
	// MaxMoves is the number of moves each side may play before the game is
	// drawn (Part 6: [DefaultMaxMoves]).
	MaxMoves int
	// Progress, if not nil, is told about every finished game; its String is
	// the progress line congo-roundrobin prints on stderr.
	Progress func(match.Progress)
}

// DefaultConfig is the Part 6 set-up.
func DefaultConfig() Config {
	return Config{Rules: congo.Rules2021, Start: StartFEN, MaxMoves: DefaultMaxMoves}
}

// Outcome is the result of a game.
type Outcome uint8

const (
	// Draw: the move limit was reached, or the side to move had no move.
	Draw Outcome = iota
	// WhiteWins: White captured the black lion, or Black forfeited.
	WhiteWins
	// BlackWins: Black captured the white lion, or White forfeited.
	BlackWins
)

// String returns "1-0", "0-1" or "1/2-1/2".
func (o Outcome) String() string {
	switch o {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	}
	return "1/2-1/2"
}

// Game is the record of one game.
type Game struct {
	// White and Black are the entrants' names.
	White, Black string
	// Outcome is the result and Reason says how the game ended.
	Outcome Outcome
	Reason  string
	// Moves are the moves played, in order.
	Moves []congo.Move
	// Played are the numbers of moves White and Black played.
	Played [2]int
	// Nodes are the search nodes spent by White and by Black.
	Nodes [2]uint64
	// Final is the FEN of the final position.
	Final string
}

// PlayGame plays one game between white and black under cfg, following the
// Part 6 pseudocode: White moves, then Black, and after Black's move the
// move counter rises; after MaxMoves moves of each side the game is a draw.
func PlayGame(cfg Config, white, black Player) (Game, error) {
	var g Game
	pos, err := congo.ParseFEN(cfg.Start)
	if err != nil {
		return g, fmt.Errorf("start position: %w", err)
	}
	if pos.LionMissing() {
		return g, fmt.Errorf("start position %q has a lion missing", cfg.Start)
	}
	if cfg.MaxMoves < 1 {
		return g, fmt.Errorf("move limit %d: want at least 1", cfg.MaxMoves)
	}
	players := [2]Player{white, black}
	var buf [congo.MaxMoves]congo.Move
	var next congo.Position
	for {
		side := pos.Side
		if g.Played[congo.White] >= cfg.MaxMoves && g.Played[congo.Black] >= cfg.MaxMoves {
			g.Outcome, g.Reason = Draw, fmt.Sprintf("%d moves each", cfg.MaxMoves)
			break
		}
		if len(pos.GenerateMoves(buf[:0])) == 0 {
			g.Outcome, g.Reason = Draw, colorName(side)+" has no legal move"
			break
		}
		m, nodes, err := players[side].Move(&pos)
		g.Nodes[side] += nodes
		if err == nil && !pos.IsLegal(m) {
			err = fmt.Errorf("illegal move %s", m)
		}
		if err != nil {
			g.Outcome, g.Reason = forfeit(side), fmt.Sprintf("%s forfeits: %v", colorName(side), err)
			break
		}
		g.Moves = append(g.Moves, m)
		g.Played[side]++
		pos.Play(&next, m, cfg.Rules)
		pos = next
		switch pos.Status() {
		case congo.WhiteWins:
			g.Outcome, g.Reason = WhiteWins, "White captured the black lion"
		case congo.BlackWins:
			g.Outcome, g.Reason = BlackWins, "Black captured the white lion"
		default:
			continue
		}
		break
	}
	g.Final = pos.String()
	return g, nil
}

// colorName returns "White" or "Black".
func colorName(c congo.Color) string {
	if c == congo.White {
		return "White"
	}
	return "Black"
}

// forfeit is the outcome when side loses by forfeit.
func forfeit(side congo.Color) Outcome {
	if side == congo.White {
		return BlackWins
	}
	return WhiteWins
}

// Play runs the round robin of the entrants under cfg: for every ordered
// pair (i, j) with i != j, in roster order, entrant i plays White against
// entrant j, so each pair meets twice, once with each colour.
func Play(cfg Config, entrants []Entrant) ([]Game, error) {
	if len(entrants) < 2 {
		return nil, fmt.Errorf("a round robin needs at least two players, have %d", len(entrants))
	}
	seen := map[string]bool{}
	for _, e := range entrants {
		if seen[e.Name] {
			return nil, fmt.Errorf("player name %q used twice", e.Name)
		}
		seen[e.Name] = true
	}
	var games []Game
	total := len(entrants) * (len(entrants) - 1)
	for i, wi := range entrants {
		for j, bj := range entrants {
			if i == j {
				continue
			}
			w, err := wi.New(cfg.Rules)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", wi.Name, err)
			}
			b, err := bj.New(cfg.Rules)
			if err != nil {
				closePlayer(w)
				return nil, fmt.Errorf("%s: %w", bj.Name, err)
			}
			start := time.Now()
			g, err := PlayGame(cfg, w, b)
			elapsed := time.Since(start)
			cerr := closePlayer(w)
			if err2 := closePlayer(b); cerr == nil {
				cerr = err2
			}
			if err != nil {
				return nil, err
			}
			if cerr != nil {
				return nil, cerr
			}
			g.White, g.Black = wi.Name, bj.Name
			games = append(games, g)
			if cfg.Progress != nil {
				winner := -1
				switch g.Outcome {
				case WhiteWins:
					winner = 0
				case BlackWins:
					winner = 1
				}
				cfg.Progress(match.Progress{Done: len(games), Games: total, Players: [2]string{g.White, g.Black},
					Winner: winner, Reason: g.Reason, Plies: len(g.Moves), Elapsed: elapsed})
			}
		}
	}
	return games, nil
}

// closePlayer closes p if it holds resources (an io.Closer, such as a
// [Program] player).
func closePlayer(p Player) error {
	if c, ok := p.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}
