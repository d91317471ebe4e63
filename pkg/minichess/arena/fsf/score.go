package fsf

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// MateScore is the centipawn value [Engine.Scores] gives a position whose
// search found a forced king capture ("score mate N"): positive when the
// side to move wins.
const MateScore = 3000

// Scores searches every position of list to depth ("go depth") in one
// engine process, in order, and calls each with the position's index and
// the engine's score of its last search line in centipawns for the side to
// move (a mate is ±[MateScore]). The commands are the same every time and
// the table is not cleared between positions, so one engine build gives the
// same scores for the same list on every machine (one search thread, the
// engine's default). e.Timeout bounds each search. each's error stops the
// run and is returned.
func (e Engine) Scores(list []minichess.Position, depth int, each func(i, cp int) error) error {
	var last string
	info := e.Info
	e.Info = func(line string) {
		if strings.Contains(line, " score ") {
			last = line
		}
		if info != nil {
			info(line)
		}
	}
	timer := time.NewTimer(e.Timeout)
	defer timer.Stop()
	s, err := e.open(timer.C)
	if err != nil {
		return err
	}
	defer s.stop()
	for i, p := range list {
		timer.Reset(e.Timeout)
		last = ""
		if err := s.send("position fen %s\ngo depth %d", FEN(p), depth); err != nil {
			return err
		}
		if _, err := s.waitFor("bestmove", timer.C); err != nil {
			return err
		}
		cp, err := parseInfoScore(last)
		if err != nil {
			return fmt.Errorf("engine %s, position %d (%s): %v", e.Path, i+1, p.FEN(), err)
		}
		if err := each(i, cp); err != nil {
			return err
		}
	}
	return nil
}

// parseInfoScore returns the score of a UCI info line ("score cp X" or
// "score mate N") in centipawns for the side to move.
func parseInfoScore(line string) (int, error) {
	f := strings.Fields(line)
	for i := 0; i+2 < len(f); i++ {
		if f[i] != "score" {
			continue
		}
		v, err := strconv.Atoi(f[i+2])
		switch {
		case err != nil:
		case f[i+1] == "cp":
			return v, nil
		case f[i+1] == "mate" && v > 0:
			return MateScore, nil
		case f[i+1] == "mate":
			return -MateScore, nil
		}
		break
	}
	if line == "" {
		return 0, fmt.Errorf("no search line with a score")
	}
	return 0, fmt.Errorf("no score in %q", line)
}
