// Package match plays matches between two players of any two-player game and
// measures them: wins, draws and losses, the score, and the Elo difference
// with its 95% confidence interval. It also has deterministic helpers to
// choose and generate openings.
//
// Conventions. Results are counted from the viewpoint of player A (the first
// of the two players). A game scores 1 for a win, ½ for a draw and 0 for a
// loss. Every random choice goes through [Rand], a splitmix64 generator with
// an explicit seed, so a match is reproducible from its seed. No map is ever
// iterated to decide anything.
//
// Elo. With N games, W wins, D draws and L losses, the score is
// s = (W + D/2) / N and the Elo difference is E(s) = -400·log10(1/s - 1).
// The interval uses the trinomial variance of one game's score,
// σ² = (W(1-s)² + D(½-s)² + L(0-s)²) / N, the standard error σ/√N, and maps
// the normal 95% interval of the score, s ± 1.959964·σ/√N, through E. Scores
// of 0 or 1 give infinite differences (printed as -Inf/+Inf). The likelihood
// of superiority is ½(1 + erf((W − L)/√(2(W + L)))).
package match

import (
	"fmt"
	"math"
)

// Result is the outcome of one game for player A.
type Result int8

const (
	// Loss: player A lost.
	Loss Result = iota
	// Draw: the game was drawn.
	Draw
	// Win: player A won.
	Win
)

// String returns "loss", "draw" or "win".
func (r Result) String() string {
	switch r {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return fmt.Sprintf("Result(%d)", int8(r))
}

// Z95 is the two-sided 95% quantile of the standard normal distribution.
const Z95 = 1.959963984540054

// Stats counts the results of player A.
type Stats struct {
	Wins, Draws, Losses int
}

// Add counts one result.
func (s *Stats) Add(r Result) {
	switch r {
	case Win:
		s.Wins++
	case Draw:
		s.Draws++
	default:
		s.Losses++
	}
}

// Games returns the number of games counted.
func (s Stats) Games() int { return s.Wins + s.Draws + s.Losses }

// Score returns A's mean score per game, in [0, 1]; 0.5 without games.
func (s Stats) Score() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(n)
}

// StdErr returns the standard error of the score: the square root of the
// trinomial variance of one game's score divided by the number of games.
func (s Stats) StdErr() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	m := s.Score()
	v := (float64(s.Wins)*(1-m)*(1-m) + float64(s.Draws)*(0.5-m)*(0.5-m) + float64(s.Losses)*m*m) / n
	return math.Sqrt(v / n)
}

// Elo returns the Elo difference that makes a mean score of s expected:
// -400·log10(1/s - 1); -Inf for s <= 0 and +Inf for s >= 1.
func Elo(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// Elo returns A's Elo difference over B and its 95% interval [lo, hi].
func (s Stats) Elo() (elo, lo, hi float64) {
	m, se := s.Score(), s.StdErr()
	return Elo(m), Elo(m - Z95*se), Elo(m + Z95*se)
}

// String formats the counts, the score and the Elo difference with its 95%
// interval, for example
// "W 60 D 20 L 20  score 70.0%  Elo +147.2 [+86.2, +218.3] (95%)".
func (s Stats) String() string {
	e, lo, hi := s.Elo()
	return fmt.Sprintf("W %d D %d L %d  score %.1f%%  Elo %s [%s, %s] (95%%)",
		s.Wins, s.Draws, s.Losses, 100*s.Score(), fmtElo(e), fmtElo(lo), fmtElo(hi))
}

func fmtElo(x float64) string {
	if math.IsInf(x, 0) {
		if x > 0 {
			return "+Inf"
		}
		return "-Inf"
	}
	if math.Abs(x) < 0.05 {
		x = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// LOS returns the likelihood of superiority of A over B: the probability that
// A is the stronger player given the wins and losses (draws carry no
// information), by the normal approximation 0.5·(1 + erf((W − L)/√(2(W + L)))).
// Without decisive games it is 0.5.
func (s Stats) LOS() float64 {
	d := float64(s.Wins + s.Losses)
	if d == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*d)))
}
