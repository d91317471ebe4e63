package arena

// This file holds the players: the course's minimax and alpha-beta, the
// tournament engine and external programs, all of package match.

import (
	"fmt"
	"time"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// Player is a player of a tic-tac-toe match.
type Player = match.Player[tictactoe.Position, tictactoe.Move]

// CoursePlayer is the course's search as a player.
type CoursePlayer = match.CoursePlayer[tictactoe.Position, tictactoe.Move, tictactoe.CourseGame]

// NewCoursePlayer returns the course's search as a player: plain minimax
// (docs/tictactoe.md, "Search"), or alpha-beta when alphaBeta, to depth
// plies (0 or more than tictactoe.FullDepth: to the end of the game, as
// tictactoe-minimax does), playing the first best move in square order.
func NewCoursePlayer(label string, alphaBeta bool, depth int) *CoursePlayer {
	if depth <= 0 || depth > tictactoe.FullDepth {
		depth = tictactoe.FullDepth
	}
	return &CoursePlayer{Label: label, Searcher: tictactoe.NewSearcher(), AlphaBeta: alphaBeta, Depth: depth}
}

// NewEnginePlayer returns the player of engine e ([match.NewEnginePlayer]),
// without limits: set Depth, Nodes or the time.
func NewEnginePlayer(label string, e *tictactoe.Engine) *match.EnginePlayer[tictactoe.Position, tictactoe.Move] {
	return match.NewEnginePlayer[tictactoe.Position, tictactoe.Move](label, e)
}

// ProgramPlayer is an external program of tictactoe-minimax's protocol.
type ProgramPlayer = match.ProgramPlayer[tictactoe.Position, tictactoe.Move]

// NewProgramPlayer returns the player of a program of tictactoe-minimax's
// protocol (docs/tictactoe.md, "The program"), run as argv for every move
// with the board on stdin (three lines of three cells); the first line of
// its stdout is its move, a square number 1 to 9 (the match judges
// legality). timeout 0 is [match.DefaultTimeout].
func NewProgramPlayer(label string, argv []string, timeout time.Duration) *ProgramPlayer {
	return &ProgramPlayer{Label: label, Argv: argv, Timeout: timeout, Parse: ParseMove,
		Input: func(t *match.Turn[tictactoe.Position, tictactoe.Move]) string { return t.Pos.Rows() }}
}

// ParseMove reads a move as the program prints it: a square number "1" to
// "9".
func ParseMove(s string) (tictactoe.Move, error) {
	if len(s) != 1 || s[0] < '1' || s[0] > '9' {
		return 0, fmt.Errorf("stdout line 1: %s is not a move (want a square number 1 to 9)", cliutil.Quote(s))
	}
	return tictactoe.Move(s[0] - '1'), nil
}
