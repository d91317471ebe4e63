// Package roundrobin implements congo-roundrobin: the Congo Part 6
// experiment of the Wits COMS3005A 2021 handout (handouts/congo/2021_part6.txt).
// Every player meets every other player twice, once with each colour, from
// the start position "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4" under the 2021
// rules; a player wins by capturing the enemy lion, and a game in which each
// side has played 100 moves without a capture of a lion is a draw. It also
// writes the results table of the Part 6 report and the record of every
// game.
//
// The games are played by package match, the one match harness, as one-game
// matches under the Part 6 rules; the players are those of package
// github.com/gamesearch/gamesearch/pkg/congo/arena. The roster of the report
// is [Entrants]: the course's minimax (depth 2, Part 4 evaluation) and
// alpha-beta (depth 4, Part 5 evaluation) players, congo-agent at a fixed
// depth, and one line to add for each further player, such as an external
// program speaking the congo-agent protocol ([Program]).
//
// It is a tool, not a graded program: only cmd/congo-roundrobin imports it,
// and the Congo packager (internal/pack, congo.go) runs that program to fill
// the report.
//
// Conventions: players choose their move at the root the way the Part 6
// handout extracts it: the first move, in ascending move order, whose value
// is strictly greater than every earlier one (alpha-beta: strictly greater
// than alpha at that time). All players of the roster are deterministic, so
// the whole round robin is: the same configuration gives the same games, the
// same tables and the same bytes. A side to move without a legal move (the
// handout does not say what happens; it does not arise from the Part 6
// start position in practice) ends the game as a draw, and a player that
// returns an illegal move, fails or has no move to offer loses the game;
// the reason is recorded in either case.
package roundrobin

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"github.com/gamesearch/gamesearch/pkg/congo/arena"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// StartFEN is the start position of the Part 6 games.
const StartFEN = "2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 4"

// DefaultMaxMoves is the Part 6 draw rule: a game is drawn when each side
// has played this many moves.
const DefaultMaxMoves = 100

// Entrant is a named player of the round robin.
type Entrant struct {
	// Name is the short name shown in the tables.
	Name string
	// Description says what the player is, for the report.
	Description string
	// New returns a fresh player for one game under the rules r; a player
	// that runs a program passes the program's stderr to stderr (nil:
	// discarded). A player with a Close() error method is closed after its
	// game, and one with a Nodes() uint64 method reports its search nodes.
	New func(r congo.Edition, stderr io.Writer) (arena.Player, error)
}

// Entrants returns the players of the Part 6 report, in table order: the
// Part 4 minimax, the Part 5 alpha-beta and our congo-agent. To add a
// player, add one line here; an external program speaking the congo-agent
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

// AgentEntrant is our congo-agent searching to a fixed depth, run in
// process and spoken to over its protocol ([arena.StartInProcess]): the
// same program as "congo-agent -depth D".
func AgentEntrant(depth int) Entrant {
	return Entrant{
		Name:        "agent",
		Description: fmt.Sprintf("our congo-agent engine (iterative deepening PVS, table, quiescence), fixed depth %d", depth),
		New: func(r congo.Edition, stderr io.Writer) (arena.Player, error) {
			return arena.StartInProcess("agent", time.Second, stderr, agent.Config{Edition: r, Depth: depth}), nil
		},
	}
}

// MinimaxEntrant is the Part 4 player: negamax minimax to depth 2 with the
// simple (material) evaluation.
func MinimaxEntrant() Entrant {
	return Entrant{
		Name:        "minimax",
		Description: "minimax (negamax), depth 2, material evaluation of Part 4.1",
		New: func(r congo.Edition, _ io.Writer) (arena.Player, error) {
			return arena.NewMinimax("minimax", r, 2), nil
		},
	}
}

// AlphaBetaEntrant is the Part 5 player: fail-hard alpha-beta to depth 4
// with the advanced evaluation (material + mobility + attack), root moves in
// ascending order, as the course baseline of docs/congo.md.
func AlphaBetaEntrant() Entrant {
	return Entrant{
		Name:        "alphabeta",
		Description: "alpha-beta (fail-hard negamax), depth 4, advanced evaluation of Part 5.1 (material + mobility + attack), moves in ascending order",
		New: func(r congo.Edition, _ io.Writer) (arena.Player, error) {
			return arena.NewAlphaBeta("alphabeta", r, 4), nil
		},
	}
}

// Program returns an entrant played by an external program that speaks the
// congo-agent protocol of the specification (section 6.9), through
// [arena.StartProgram]: "go <seconds>" for every move. argv is the command
// line (program and arguments; a fixed -depth keeps the games
// reproducible). One process serves one game; it is sent "quit" at the end.
// A reply later than twice the time plus 5 s forfeits the game.
func Program(name, description string, seconds float64, argv ...string) Entrant {
	return Entrant{
		Name:        name,
		Description: description,
		New: func(_ congo.Edition, stderr io.Writer) (arena.Player, error) {
			if !(seconds > 0) {
				return nil, fmt.Errorf("time per move %v: want a positive number of seconds", seconds)
			}
			t := time.Duration(seconds * float64(time.Second))
			pp, err := arena.StartProgram(name, t, stderr, argv...)
			if err != nil {
				return nil, err
			}
			pp.Deadline = 2*t + 5*time.Second
			return pp, nil
		},
	}
}

// Config is the set-up of a round robin.
type Config struct {
	// Edition is the edition (Part 6: 2021).
	Edition congo.Edition
	// Start is the FEN of the start position (Part 6: [StartFEN]).
	Start string
	// MaxMoves is the number of moves each side may play before the game is
	// drawn (Part 6: [DefaultMaxMoves]).
	MaxMoves int
	// Progress, if not nil, is told about every finished game; its String is
	// the progress line congo-roundrobin prints on stderr.
	Progress func(match.Progress)
	// Stderr receives the stderr of the players' programs (nil: discarded).
	Stderr io.Writer
}

// DefaultConfig is the Part 6 set-up.
func DefaultConfig() Config {
	return Config{Edition: congo.Edition2021, Start: StartFEN, MaxMoves: DefaultMaxMoves}
}

// Game is the record of one game.
type Game struct {
	// White and Black are the entrants' names.
	White, Black string
	// Winner is the winning colour (0 White, 1 Black, -1 a draw: the move
	// limit was reached or the side to move had no move; a forfeit loses)
	// and Reason says how the game ended.
	Winner int
	Reason string
	// Moves are the moves played, in order.
	Moves []congo.Move
	// Played are the numbers of moves White and Black played.
	Played [2]int
	// Nodes are the search nodes spent by White and by Black.
	Nodes [2]uint64
	// Final is the FEN of the final position.
	Final string
}

// part6 is the game of Part 6 as the rules of a match: colour 0 is White;
// the capture of a lion wins, and the game is drawn when each side has
// played maxMoves moves since start (the Part 6 pseudocode counts the
// moves with the move number, which rises after each Black move) or when
// the side to move has no legal move, in that order.
type part6 struct {
	edition  congo.Edition
	start    congo.Position
	maxMoves int
}

// ToMove returns 0 for White and 1 for Black.
func (r part6) ToMove(p *congo.Position) int { return int(p.Side) }

// Result reports whether p ends the game, the winning colour (-1 for a
// draw) and the reason as the records give it.
func (r part6) Result(p *congo.Position) (bool, int, string) {
	switch p.Status() {
	case congo.WhiteWins:
		return true, 0, "White captured the black lion"
	case congo.BlackWins:
		return true, 1, "Black captured the white lion"
	}
	// Each side has played maxMoves moves exactly when 2·maxMoves plies
	// have been played, whichever side began.
	plies := 2*(p.MoveNumber-r.start.MoveNumber) + int(p.Side) - int(r.start.Side)
	if plies >= 2*r.maxMoves {
		return true, -1, fmt.Sprintf("%d moves each", r.maxMoves)
	}
	if p.CountMoves() == 0 {
		return true, -1, colorName(p.Side) + " has no legal move"
	}
	return false, -1, ""
}

// Legal reports whether m is a legal move in p.
func (r part6) Legal(p *congo.Position, m congo.Move) bool { return p.IsLegal(m) }

// Play returns p after m.
func (r part6) Play(p *congo.Position, m congo.Move) congo.Position {
	var c congo.Position
	p.Play(&c, m, r.edition)
	return c
}

// seat is a player in one game: it counts the player's search nodes and
// turns an illegal move into an error that names the move, so that the
// record says which move forfeited the game.
type seat struct {
	arena.Player
	nodes uint64
}

// Move asks the player for its move.
func (s *seat) Move(t *match.Turn[congo.Position, congo.Move]) (congo.Move, error) {
	n0 := nodesOf(s.Player)
	m, err := s.Player.Move(t)
	s.nodes += nodesOf(s.Player) - n0
	if err == nil && !t.Pos.IsLegal(m) {
		err = fmt.Errorf("illegal move %s", m)
	}
	return m, err
}

// nodesOf returns the nodes p has searched, or 0 when it does not say.
func nodesOf(p arena.Player) uint64 {
	if n, ok := p.(interface{ Nodes() uint64 }); ok {
		return n.Nodes()
	}
	return 0
}

// PlayGame plays one game between white and black under cfg, following the
// Part 6 pseudocode: White moves, then Black, and after Black's move the
// move counter rises; after MaxMoves moves of each side the game is a draw.
// The players' names go into the record.
func PlayGame(cfg Config, white, black arena.Player) (Game, error) {
	start, err := congo.ParseFEN(cfg.Start)
	if err != nil {
		return Game{}, fmt.Errorf("start position: %w", err)
	}
	if start.LionMissing() {
		return Game{}, fmt.Errorf("start position %q has a lion missing", cfg.Start)
	}
	if cfg.MaxMoves < 1 {
		return Game{}, fmt.Errorf("move limit %d: want at least 1", cfg.MaxMoves)
	}
	rules := part6{edition: cfg.Edition, start: start, maxMoves: cfg.MaxMoves}
	seats := [2]*seat{{Player: white}, {Player: black}}
	rep, err := match.Play(match.Match[congo.Position, congo.Move]{
		Rules:     rules,
		Players:   [2]arena.Player{seats[0], seats[1]},
		Openings:  []congo.Position{start},
		Games:     1,
		KeepMoves: true,
	})
	if err != nil {
		return Game{}, err
	}
	mg := rep.Games[0]
	g := Game{White: white.Name(), Black: black.Name(), Winner: mg.Winner, Reason: mg.Reason, Moves: mg.Moves,
		Nodes: [2]uint64{seats[0].nodes, seats[1].nodes}}
	// The seats make every forfeit an error of the loser.
	if msg, ok := strings.CutPrefix(mg.Reason, "error: "); ok {
		g.Reason = fmt.Sprintf("%s forfeits: %s", colorName(congo.Color(1-mg.Winner)), msg)
	}
	g.Played[start.Side] = (len(g.Moves) + 1) / 2
	g.Played[start.Side.Other()] = len(g.Moves) / 2
	p := start
	for _, m := range g.Moves {
		p = rules.Play(&p, m)
	}
	g.Final = p.String()
	return g, nil
}

// colorName returns "White" or "Black".
func colorName(c congo.Color) string {
	if c == congo.White {
		return "White"
	}
	return "Black"
}

// Play runs the round robin of the entrants under cfg: for every ordered
// pair (i, j) with i != j, in roster order, entrant i plays White against
// entrant j, so each pair meets twice, once with each colour. Every game
// has fresh players.
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
			w, err := wi.New(cfg.Edition, cfg.Stderr)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", wi.Name, err)
			}
			b, err := bj.New(cfg.Edition, cfg.Stderr)
			if err != nil {
				closePlayer(w)
				return nil, fmt.Errorf("%s: %w", bj.Name, err)
			}
			start := time.Now()
			g, err := PlayGame(cfg, w, b)
			elapsed := time.Since(start)
			cerr := closePlayer(w)
			if cerr != nil {
				cerr = fmt.Errorf("%s: %w", wi.Name, cerr)
			}
			if err2 := closePlayer(b); cerr == nil && err2 != nil {
				cerr = fmt.Errorf("%s: %w", bj.Name, err2)
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
				cfg.Progress(match.Progress{Done: len(games), Games: total, Players: [2]string{g.White, g.Black},
					Winner: g.Winner, Reason: g.Reason, Plies: len(g.Moves), Elapsed: elapsed})
			}
		}
	}
	return games, nil
}

// closePlayer closes p if it holds resources (a Close() error method, as
// the protocol players have).
func closePlayer(p arena.Player) error {
	if c, ok := p.(interface{ Close() error }); ok {
		return c.Close()
	}
	return nil
}
