package player_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/player"
	"gotest.tools/v3/assert"
)

// playGame is a test model of the runner's game loop (docs/minichess.md, "The
// runner", gamelog only) with in-process baselines: it returns the gamelog
// text.
func playGame(t *testing.T, levels [2]int, maxSteps int) string {
	var log []byte
	p := minichess.StartPosition()
	list, st := p.LegalMoves(nil)
	winner := minichess.White
	for step := 1; st == minichess.None; {
		log = fmt.Appendf(log, "%d step\n", step)
		log = append(p.AppendDrawing(log), '\n')
		var moves []minichess.Move
		_, err := player.Baseline(&p, levels[p.ToMove], func(m minichess.Move) error {
			moves = append(moves, m)
			return nil
		})
		assert.NilError(t, err)
		raw := minichess.NoMove
		if len(moves) > 0 {
			raw = moves[len(moves)-1].Raw()
		}
		if !raw.In(list) {
			log = append(log, "Invalid Action\n"+raw.Render()+"\n"...)
			log = p.AppendDrawing(log)
			st, winner = minichess.Win, p.ToMove.Other()
			break
		}
		m, _ := raw.Move()
		p = p.Play(m)
		list, st = p.LegalMoves(list[:0])
		winner = p.ToMove
		log = fmt.Appendf(log, "Depth: %d\n%s\n", len(moves), raw.Render())
		step++
		if step > maxSteps {
			st, winner = p.Adjudicate()
		}
	}
	log = append(p.AppendDrawing(log), '\n')
	if st == minichess.Draw {
		return string(append(log, "Draw\n"...))
	}
	return string(fmt.Appendf(log, "Player%d wins\n", winner+1))
}

// TestConformanceGamesModel replays every recorded baseline pairing of
// conformance/minichess/games with our in-process baselines and a model of
// the runner loop, and compares gamelog.txt byte for byte. (The runner's own
// tests do the same through processes.) It also covers the four
// -max-steps 10 games of conformance/minichess/runner.
func TestConformanceGamesModel(t *testing.T) {
	t.Parallel()
	type game struct {
		dir          string
		white, black string
		maxSteps     string
	}
	var games []game
	for _, r := range readTSV(t, filepath.Join("games", "index.tsv")) {
		games = append(games, game{filepath.Join("games", r["name"]), r["white"], r["black"], r["max_steps"]})
	}
	for _, r := range readTSV(t, filepath.Join("runner", "index.tsv")) {
		if len(r["white"]) == len("./baseline1") && len(r["black"]) == len("./baseline1") &&
			r["white"][:10] == "./baseline" && r["black"][:10] == "./baseline" {
			games = append(games, game{filepath.Join("runner", r["name"]), r["white"][2:], r["black"][2:], r["max_steps"]})
		}
	}
	ok := 0
	for _, g := range games {
		want, err := os.ReadFile(testutil.Conformance(t, "minichess", g.dir, "gamelog.txt"))
		assert.NilError(t, err)
		maxSteps, err := strconv.Atoi(g.maxSteps)
		assert.NilError(t, err, g.dir)
		levels := [2]int{int(g.white[8] - '0'), int(g.black[8] - '0')}
		if got := playGame(t, levels, maxSteps); got != string(want) {
			t.Errorf("%s: gamelog differs\n got:\n%s\nwant:\n%s", g.dir, got, want)
			continue
		}
		ok++
	}
	t.Logf("%d/%d recorded baseline games reproduced", ok, len(games))
	assert.Equal(t, ok, len(games))
}
