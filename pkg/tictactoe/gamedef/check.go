package gamedef

import (
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
	"github.com/gamesearch/gamesearch/pkg/tictactoe"
)

// minimaxCheck is tictactoe-minimax for check, gen and grade: the board on
// stdin, stdout (the square, the node count) compared with the reference's
// byte for byte but for line ends.
var minimaxCheck = (&check.Stdout{
	Title: "Tic-tac-toe",
	Programs: []*check.Program{{Name: tictactoe.ProgramName, Exact: true, PerCase: 5 * time.Second,
		About: "Tic-tac-toe: a board on stdin, the best square and the node count out"}},
	Corpus:    "tictactoe",
	Input:     tictactoe.RandomInput,
	Reference: func(_ *check.Program, in []byte) (string, error) { return tictactoe.Reference(in) },
	Explore:   true,
}).Family()
