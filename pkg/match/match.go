package match

import (
	"errors"
	"fmt"
	"time"
)

// Rules is what the match loop needs of a game whose positions are of type P
// and moves of type M. Colour 0 is the side that moves first in the start
// position (White), colour 1 the other.
type Rules[P, M any] interface {
	// ToMove returns the colour to move in p.
	ToMove(p *P) int
	// Result reports whether p ends the game and, if so, the winning colour
	// (0 or 1, or -1 for a draw) and a short reason ("lion captured",
	// "50-move limit").
	Result(p *P) (over bool, winner int, reason string)
	// Legal reports whether m is a legal move in p.
	Legal(p *P, m M) bool
	// Play returns the position after the legal move m in p.
	Play(p *P, m M) P
}

// Turn is what a player is told when it must move.
type Turn[P, M any] struct {
	// Start is the game's opening position and Moves the moves played since,
	// both sides', in order (for players that speak a move-list protocol).
	Start P
	Moves []M
	// Pos is the current position (Start with Moves played).
	Pos P
	// Color is the colour the player moves for.
	Color int
	// MoveTime is the time allowed for this move (0: no limit).
	MoveTime time.Duration
}

// Player chooses moves. A player may keep state between the moves of one game.
type Player[P, M any] interface {
	// Name identifies the player in reports.
	Name() string
	// NewGame prepares for a new game; seed is the game's seed, for players
	// that make random choices.
	NewGame(seed uint64)
	// Move returns the player's move. An error forfeits the game.
	Move(t *Turn[P, M]) (M, error)
}

// Match describes a match between Players[0] (A) and Players[1] (B).
type Match[P, M any] struct {
	Rules   Rules[P, M]
	Players [2]Player[P, M]
	// Openings are the start positions. Game i starts from opening (i/2) mod
	// len(Openings); A has colour 0 in even games and colour 1 in odd ones,
	// so each opening is played with both colours.
	Openings []P
	// Games is the number of games.
	Games int
	// Seed makes the match reproducible: game i's players get GameSeed(Seed, i).
	Seed uint64
	// MoveTime is given to the players with each move; when it is positive,
	// a reply that takes longer, measured with Clock, loses the game.
	MoveTime time.Duration
	// Clock measures the replies (nil: the wall clock).
	Clock func() time.Duration
	// MaxPlies ends a game as a draw after that many plies (0: only the rules
	// end games). It is a safety net; game-specific limits belong in Rules.
	MaxPlies int
	// Progress, if not nil, is called after each game; its String is the
	// progress line commands print on stderr.
	Progress func(Progress)
	// Colors names the colours in progress lines (default "White" and
	// "Black").
	Colors [2]string
	// KeepMoves keeps every game's moves in the report.
	KeepMoves bool
}

// Game records one game of a match.
type Game[M any] struct {
	// Index is the game's number (from 0), Opening the index of its opening.
	Index, Opening int
	// AColor is the colour player A had.
	AColor int
	// Result is the result for A; Winner the winning colour (-1: draw).
	Result Result
	Winner int
	// Reason says how the game ended: the rules' reason, "illegal move",
	// "time", "error: ...", or "ply limit".
	Reason string
	// Plies is the number of moves played.
	Plies int
	// Moves are the moves played, when the match keeps them.
	Moves []M
}

// Progress is reported after each game.
type Progress struct {
	// Done is the number of games finished, Games the number in the match.
	Done, Games int
	// Stats are A's results so far (all zero when there is no player A, as in
	// a round robin: the line then leaves them out).
	Stats Stats
	// Players are the names of the players of the game just finished, by
	// colour, and Colors the names of the colours.
	Players, Colors [2]string
	// Winner is the winning colour (-1: a draw) and Reason says how the game
	// ended.
	Winner int
	Reason string
	// Plies is the number of moves played and Elapsed the game's duration.
	Plies   int
	Elapsed time.Duration
}

// String is the progress line of the game just finished, for example
// "game 3/46: engine (White) vs standard:4 (Black) 1-0, two pieces, 57 plies,
// 12.3 s | A: W 2 D 0 L 1  score 66.7%  Elo +120.4 [-36.1, +345.2] (95%)".
func (p Progress) String() string {
	score := Score(p.Winner)
	colors := p.Colors
	if colors == ([2]string{}) {
		colors = [2]string{"White", "Black"}
	}
	line := fmt.Sprintf("game %d/%d: %s (%s) vs %s (%s) %s, %s, %d plies, %.1f s", p.Done, p.Games,
		p.Players[0], colors[0], p.Players[1], colors[1], score, p.Reason, p.Plies, p.Elapsed.Seconds())
	if p.Stats.Games() > 0 {
		line += " | A: " + p.Stats.String()
	}
	return line
}

// Score writes a game's result from the winning colour (-1: a draw) as
// "1-0" (the first colour won), "0-1" or "1/2-1/2".
func Score(winner int) string {
	switch winner {
	case 0:
		return "1-0"
	case 1:
		return "0-1"
	}
	return "1/2-1/2"
}

// Report is the outcome of a match.
type Report[M any] struct {
	// Names are the players' names, A first.
	Names [2]string
	// Stats are A's results; ByColor[c] A's results when A had colour c.
	Stats   Stats
	ByColor [2]Stats
	// Forfeits[k] counts the games player k lost by an illegal move, a late
	// reply or an error.
	Forfeits [2]int
	// Games holds every game, in order.
	Games []Game[M]
}

// String is the report's summary line for A against B.
func (r *Report[M]) String() string {
	return fmt.Sprintf("%s vs %s: %s", r.Names[0], r.Names[1], r.Stats)
}

// Play plays the match. Its only errors are in the description itself.
func Play[P, M any](m Match[P, M]) (*Report[M], error) {
	switch {
	case m.Rules == nil:
		return nil, errors.New("match: no rules")
	case m.Players[0] == nil || m.Players[1] == nil:
		return nil, errors.New("match: two players are needed")
	case len(m.Openings) == 0:
		return nil, errors.New("match: no openings")
	case m.Games < 0:
		return nil, fmt.Errorf("match: negative number of games %d", m.Games)
	}
	clock := m.Clock
	if clock == nil {
		origin := time.Now()
		clock = func() time.Duration { return time.Since(origin) }
	}
	rep := &Report[M]{Names: [2]string{m.Players[0].Name(), m.Players[1].Name()}}
	for i := 0; i < m.Games; i++ {
		start := clock()
		g := playGame(&m, i, clock)
		elapsed := clock() - start
		rep.Stats.Add(g.Result)
		rep.ByColor[g.AColor].Add(g.Result)
		if isForfeit(g.Reason) {
			loser := 0 // A
			if g.Result == Win {
				loser = 1
			}
			rep.Forfeits[loser]++
		}
		if !m.KeepMoves {
			g.Moves = nil
		}
		rep.Games = append(rep.Games, g)
		if m.Progress != nil {
			p := Progress{Done: i + 1, Games: m.Games, Stats: rep.Stats, Players: rep.Names, Colors: m.Colors,
				Winner: g.Winner, Reason: g.Reason, Plies: g.Plies, Elapsed: elapsed}
			if g.AColor == 1 {
				p.Players[0], p.Players[1] = p.Players[1], p.Players[0]
			}
			m.Progress(p)
		}
	}
	return rep, nil
}

func isForfeit(reason string) bool {
	return reason == "illegal move" || reason == "time" || len(reason) >= 6 && reason[:6] == "error:"
}

// playGame plays game i of m.
func playGame[P, M any](m *Match[P, M], i int, clock func() time.Duration) Game[M] {
	g := Game[M]{Index: i, Opening: (i / 2) % len(m.Openings), AColor: i % 2, Winner: -1}
	seed := GameSeed(m.Seed, i)
	// players[c] is the player with colour c.
	players := [2]Player[P, M]{m.Players[0], m.Players[1]}
	if g.AColor == 1 {
		players[0], players[1] = players[1], players[0]
	}
	players[0].NewGame(seed)
	players[1].NewGame(seed ^ 1)
	t := Turn[P, M]{Start: m.Openings[g.Opening], MoveTime: m.MoveTime}
	t.Pos = t.Start
	for {
		if over, winner, reason := m.Rules.Result(&t.Pos); over {
			g.Winner, g.Reason = winner, reason
			break
		}
		if m.MaxPlies > 0 && len(t.Moves) >= m.MaxPlies {
			g.Reason = "ply limit"
			break
		}
		side := m.Rules.ToMove(&t.Pos)
		t.Color = side
		start := clock()
		mv, err := players[side].Move(&t)
		took := clock() - start
		switch {
		case err != nil:
			g.Winner, g.Reason = 1-side, "error: "+err.Error()
		case m.MoveTime > 0 && took > m.MoveTime:
			g.Winner, g.Reason = 1-side, "time"
		case !m.Rules.Legal(&t.Pos, mv):
			g.Winner, g.Reason = 1-side, "illegal move"
		}
		if g.Reason != "" {
			break
		}
		t.Pos = m.Rules.Play(&t.Pos, mv)
		t.Moves = append(t.Moves, mv)
	}
	g.Plies = len(t.Moves)
	g.Moves = t.Moves
	switch g.Winner {
	case -1:
		g.Result = Draw
	case g.AColor:
		g.Result = Win
	default:
		g.Result = Loss
	}
	return g
}
