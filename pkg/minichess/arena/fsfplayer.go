package arena

import (
	"fmt"

	"github.com/gamesearch/gamesearch/pkg/match"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
)

// FSFPlayer is Fairy-Stockfish as a match player: for every move a fresh
// engine process searches the position ("go movetime" or "go nodes", see
// [fsf.Engine]), as minichess-fsf does under the runner. It knows nothing
// of the 50-ply adjudication.
type FSFPlayer struct {
	// Label is the player's name.
	Label string
	// Engine is the engine and its limits.
	Engine fsf.Engine
}

// Name returns the label.
func (p *FSFPlayer) Name() string { return p.Label }

// NewGame does nothing: every move starts a fresh engine.
func (p *FSFPlayer) NewGame(uint64) {}

// Move returns the engine's move in the current position.
func (p *FSFPlayer) Move(t *match.Turn[GamePos, minichess.Move]) (minichess.Move, error) {
	m, ok, err := p.Engine.Choose(t.Pos.N.Position())
	if err != nil {
		return m, err
	}
	if !ok {
		return m, fmt.Errorf("%s: no legal moves", p.Label)
	}
	return m, nil
}
