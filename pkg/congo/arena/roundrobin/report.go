package roundrobin

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// score is a player's tally.
type score struct {
	wins, draws, losses [2]int // by colour played
	nodes               uint64
	moves               int
}

// points returns wins + draws/2, in half points.
func (s *score) halfPoints() int {
	return 2*(s.wins[0]+s.wins[1]) + s.draws[0] + s.draws[1]
}

// Tables returns the Markdown tables of the Part 6 report: the players, the
// cross table (row player as White against column player as Black), the
// standings and the list of games. Every figure comes from games.
func Tables(cfg Config, entrants []Entrant, games []Game) []byte {
	var b bytes.Buffer
	idx := map[string]int{}
	for i, e := range entrants {
		idx[e.Name] = i
	}
	scores := make([]score, len(entrants))
	cross := make([][]string, len(entrants))
	for i := range cross {
		cross[i] = make([]string, len(entrants))
		cross[i][i] = "—"
	}
	for _, g := range games {
		w, bl := idx[g.White], idx[g.Black]
		cross[w][bl] = match.Score(g.Winner)
		sw, sb := &scores[w], &scores[bl]
		switch g.Winner {
		case 0:
			sw.wins[0]++
			sb.losses[1]++
		case 1:
			sw.losses[0]++
			sb.wins[1]++
		default:
			sw.draws[0]++
			sb.draws[1]++
		}
		sw.nodes += g.Nodes[congo.White]
		sb.nodes += g.Nodes[congo.Black]
		sw.moves += g.Played[congo.White]
		sb.moves += g.Played[congo.Black]
	}

	fmt.Fprintf(&b, "Start position `%s`, %s rules, a draw after %d moves by each side; each player plays every other player twice, once as White and once as Black (%d games).\n\n",
		cfg.Start, cfg.Edition, cfg.MaxMoves, len(games))
	b.WriteString("| player | what it is |\n|---|---|\n")
	for _, e := range entrants {
		fmt.Fprintf(&b, "| %s | %s |\n", e.Name, e.Description)
	}

	b.WriteString("\n**Results** (row: White, column: Black; 1-0 = White won, 0-1 = Black won, 1/2-1/2 = draw)\n\n")
	b.WriteString("| White \\ Black |")
	for _, e := range entrants {
		fmt.Fprintf(&b, " %s |", e.Name)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(entrants)) + "\n")
	for i, e := range entrants {
		fmt.Fprintf(&b, "| %s |", e.Name)
		for j := range entrants {
			c := cross[i][j]
			if c == "" {
				c = "not played"
			}
			fmt.Fprintf(&b, " %s |", c)
		}
		b.WriteString("\n")
	}

	b.WriteString("\n**Standings** (win 1, draw 1/2)\n\n")
	b.WriteString("| player | games | wins | draws | losses | points | as White W-D-L | as Black W-D-L | search nodes per move |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for i, e := range entrants {
		s := &scores[i]
		n := s.wins[0] + s.wins[1] + s.draws[0] + s.draws[1] + s.losses[0] + s.losses[1]
		perMove := "—"
		if s.moves > 0 && s.nodes > 0 {
			perMove = fmt.Sprintf("%d", (s.nodes+uint64(s.moves)/2)/uint64(s.moves))
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %s | %d-%d-%d | %d-%d-%d | %s |\n",
			e.Name, n, s.wins[0]+s.wins[1], s.draws[0]+s.draws[1], s.losses[0]+s.losses[1], halves(s.halfPoints()),
			s.wins[0], s.draws[0], s.losses[0], s.wins[1], s.draws[1], s.losses[1], perMove)
	}

	b.WriteString("\n**Games**\n\n")
	b.WriteString("| # | White | Black | result | how it ended | moves (White + Black) | final position |\n")
	b.WriteString("|---|---|---|---|---|---|---|\n")
	for i, g := range games {
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %d + %d | `%s` |\n",
			i+1, g.White, g.Black, match.Score(g.Winner), g.Reason, g.Played[congo.White], g.Played[congo.Black], g.Final)
	}
	return b.Bytes()
}

// halves formats a number of half points: "3", "1.5".
func halves(h int) string {
	if h%2 == 0 {
		return fmt.Sprintf("%d", h/2)
	}
	return fmt.Sprintf("%d.5", h/2)
}

// Record returns the record of game number n (1-based) as plain text: the
// players, the start position, the moves numbered in pairs, the result and
// the final position.
func Record(cfg Config, n int, g Game) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "Game %d: %s (White) vs %s (Black)\n", n, g.White, g.Black)
	fmt.Fprintf(&b, "Start: %s (%s rules, draw after %d moves each)\n\n", cfg.Start, cfg.Edition, cfg.MaxMoves)
	// Number moves from the side to move at the start.
	start, _ := congo.ParseFEN(cfg.Start)
	num, col := 1, start.Side
	for i := 0; i < len(g.Moves); {
		if col == congo.White {
			fmt.Fprintf(&b, "%d. %s", num, g.Moves[i])
			i++
			if i < len(g.Moves) {
				fmt.Fprintf(&b, " %s", g.Moves[i])
				i++
			}
		} else {
			fmt.Fprintf(&b, "%d. ... %s", num, g.Moves[i])
			i++
			col = congo.White
		}
		b.WriteString("\n")
		num++
	}
	fmt.Fprintf(&b, "\nResult: %s (%s)\nFinal position: %s\n", match.Score(g.Winner), g.Reason, g.Final)
	return b.Bytes()
}

// RecordName returns the file name of game number n: "01-minimax-vs-alphabeta.txt".
func RecordName(n int, g Game) string {
	return fmt.Sprintf("%02d-%s-vs-%s.txt", n, g.White, g.Black)
}
