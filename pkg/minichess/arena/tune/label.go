package tune

import (
	"math"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/arena/fsf"
)

// LabelConfig sets [Label].
type LabelConfig struct {
	// Engine is the Fairy-Stockfish binary (Path) and the time one search
	// may take (Timeout).
	Engine fsf.Engine
	// Depth is the depth of every search ("go depth").
	Depth int
	// Every keeps the samples 0, Every, 2·Every, … of the data (1 when
	// not positive).
	Every int
	// Scale is the engine's score, in centipawns, that counts as one unit
	// of the logistic: a score s for white becomes 1 / (1 + e^(-s/Scale)).
	// It must be positive.
	Scale float64
	// Progress, when not nil, is called after every position.
	Progress func(done, total int)
}

// Label returns every cfg.Every-th sample of samples labelled by
// Fairy-Stockfish instead of by its game: its score after a search of
// cfg.Depth plies, for white, turned into an expected result in (0, 1) by
// the logistic of cfg.Scale. The engine searches the positions in order in
// one process ([fsf.Engine.Scores]), so one engine build gives the same
// labels every time.
func Label(samples []Sample, cfg LabelConfig) ([]Sample, error) {
	var out []Sample
	var list []minichess.Position
	for i := 0; i < len(samples); i += max(cfg.Every, 1) {
		out = append(out, samples[i])
		list = append(list, samples[i].Node.Position())
	}
	err := cfg.Engine.Scores(list, cfg.Depth, func(i, cp int) error {
		s := float64(cp)
		if list[i].ToMove == minichess.Black {
			s = -s
		}
		out[i].Result = 1 / (1 + math.Exp(-s/cfg.Scale))
		if cfg.Progress != nil {
			cfg.Progress(i+1, len(list))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
