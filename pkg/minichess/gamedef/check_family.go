package gamedef

import (
	"net/url"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/check"
)

// playerCheck is the MiniChess players' family: COMMAND state action under
// the runner's rules, checked for validity.
var playerCheck = &check.Family{
	Title: "MiniChess",
	Programs: []*check.Program{{Name: "player", PerCase: 10 * time.Second, WallClock: true,
		About: "a MiniChess player: COMMAND state action (validity; the runner's 10 s)"}},
	Public: chessPublic,
	Random: func(_ *check.Options, n int, seed uint64) ([]check.Unit, error) { return chessRandom(n, seed), nil },
	Explore: func(_ *check.Program, _, input string) url.Values {
		_, state, ok := strings.Cut(input, "):\n")
		if !ok {
			return nil
		}
		q := url.Values{}
		q.Set("program", "player_alphabeta")
		q.Set("input", state)
		return q
	},
}
