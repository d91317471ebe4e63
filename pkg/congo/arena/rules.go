package arena

// This file holds the game-end rules and the fixed openings of the
// acceptance match (docs/congo.md, "The tournament agent").

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/match"
)

// MatchPlies is the acceptance match's move limit: a game is drawn after 100
// moves by each side (counted from the opening position), which the harness
// sets as the match's MaxPlies.
const MatchPlies = 200

// MatchRules is the acceptance match (docs/congo.md, "The tournament agent") as a
// [match.Rules]: colour 0 is White; a game ends when a lion is captured (the
// capturer wins), when only the two lions remain (draw), or when the side to
// move has no legal move (draw, the agent replies 0000 there); the move limit
// is the match's MaxPlies ([MatchPlies]).
type MatchRules struct {
	// Edition is the promotion rule.
	Edition congo.Edition
}

// ToMove returns 0 for White and 1 for Black.
func (r MatchRules) ToMove(p *congo.Position) int { return int(p.Side) }

// Result reports whether p ends the game, the winning colour (-1 for a
// draw) and the reason.
func (r MatchRules) Result(p *congo.Position) (bool, int, string) {
	switch p.Status() {
	case congo.WhiteWins:
		return true, 0, "lion captured"
	case congo.BlackWins:
		return true, 1, "lion captured"
	}
	if p.Occupied() == p.KindSet(congo.Lion) {
		return true, -1, "only the two lions"
	}
	if p.CountMoves() == 0 {
		return true, -1, "no legal move"
	}
	return false, -1, ""
}

// Legal reports whether m is a legal move in p (and the game not over).
func (r MatchRules) Legal(p *congo.Position, m congo.Move) bool {
	return !p.LionMissing() && p.IsLegal(m)
}

// Play returns p after m.
func (r MatchRules) Play(p *congo.Position, m congo.Move) congo.Position {
	var c congo.Position
	p.Play(&c, m, r.Edition)
	return c
}

// Mover is the opening generator's view of Congo ([match.Mover]).
type Mover struct {
	// Edition is the promotion rule.
	Edition congo.Edition
}

// Over reports whether a lion is missing.
func (g Mover) Over(p *congo.Position) bool { return p.LionMissing() }

// Moves appends the moves of p in ascending order.
func (g Mover) Moves(p *congo.Position, buf []congo.Move) []congo.Move {
	return p.GenerateMoves(buf)
}

// Play returns p after m.
func (g Mover) Play(p *congo.Position, m congo.Move) congo.Position {
	return MatchRules{g.Edition}.Play(p, m)
}

// OpeningSeed is the seed of the choice of the 100 fixed openings.
const OpeningSeed = 20260617

// Openings returns the n fixed openings of edition r: the positions two
// plies after the start position, in move order, without the decided ones
// (where White can capture the black lion at once, as after d2c3 d6e5
// opens the d-file to a lion flight), shuffled with [OpeningSeed] and cut to
// n ([match.Select]).
func Openings(r congo.Edition, n int) []congo.Position {
	start, _ := congo.ParseFEN(congo.StartFEN(r))
	var open []congo.Position
	for _, p := range match.Enumerate[congo.Position, congo.Move](Mover{r}, start, 2) {
		if !LionCapturable(&p) {
			open = append(open, p)
		}
	}
	return match.Select(open, n, OpeningSeed)
}

// LionCapturable reports whether the side to move in p can capture the
// enemy lion.
func LionCapturable(p *congo.Position) bool {
	lion := p.Pieces(p.Side.Other(), congo.Lion)
	if lion == 0 {
		return false
	}
	return p.Attacked(lion.First(), p.Side)
}

// ReadOpenings reads one FEN per line ('#' starts a comment line, blank
// lines are skipped).
func ReadOpenings(r io.Reader) ([]congo.Position, error) {
	var out []congo.Position
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		p, err := congo.ParseFEN(s)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		out = append(out, p)
	}
	return out, sc.Err()
}
