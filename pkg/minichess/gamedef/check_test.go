package gamedef

import (
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// TestExplore: a failing player case opens its state with
// player_alphabeta.
func TestExplore(t *testing.T) {
	p := minichess.StartPosition()
	state := string(p.AppendState(nil))
	q := playerCheck.Explore(nil, "", "state ("+p.FEN()+"):\n"+state)
	if q.Get("input") != state || q.Get("program") != "player_alphabeta" {
		t.Errorf("query %v, want the state and player_alphabeta", q)
	}
}
