package fsf

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gamesearch/gamesearch/pkg/engine"
	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/submission"
)

// ComparePosition is one line of a -compare positions file: the number of
// plies played and the position.
type ComparePosition struct {
	Played int
	Pos    minichess.Position
}

// ParseComparePositions reads a positions file: one position per line,
// "PLIES FEN" (the FEN of [minichess.ParseFEN]); blank lines and lines
// starting with # are skipped.
func ParseComparePositions(r io.Reader, name string) ([]ComparePosition, error) {
	var out []ComparePosition
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || text[0] == '#' {
			continue
		}
		plies, fen, _ := strings.Cut(text, " ")
		n, err := strconv.Atoi(plies)
		if err != nil || n < 0 || n >= minichess.MaxPlies {
			return nil, fmt.Errorf("%s:%d: plies %q: want 0..%d", name, line, plies, minichess.MaxPlies-1)
		}
		p, err := minichess.ParseFEN(strings.TrimSpace(fen))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		out = append(out, ComparePosition{Played: n, Pos: p})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return out, nil
}

// SearchFigures are the figures of one search: the deepest completed
// iteration, the deepest ply, the nodes and the time.
type SearchFigures struct {
	Depth, SelDepth int
	Nodes           uint64
	Time            time.Duration
}

// NPS is the nodes per second.
func (f SearchFigures) NPS() float64 {
	if f.Time <= 0 {
		return 0
	}
	return float64(f.Nodes) / f.Time.Seconds()
}

// SearchOurs runs player_submission's engine (table of hashMiB MiB) on cp
// for d, the ply count known, as the program does, and returns its figures.
func SearchOurs(cp ComparePosition, d time.Duration, hashMiB int) (SearchFigures, error) {
	e := submission.NewEngine(submission.EngineOptions(hashMiB), minichess.DefaultEvalWeights())
	clock := engine.NewSystemClock()
	lim := submission.Limits{Time: engine.NewTimeManagerFrom(clock, 0, d, d), PlyKnown: true, Played: cp.Played}
	var f SearchFigures
	lim.Info = func(i engine.Info[minichess.Move]) {
		f = SearchFigures{Depth: i.Depth, SelDepth: i.SelDepth, Nodes: i.Nodes, Time: i.Elapsed}
	}
	p := cp.Pos
	res, err := e.Think(&p, lim, func(minichess.Move) error { return nil })
	if err != nil {
		return f, err
	}
	f.Nodes, f.Time = res.Nodes, clock.Now()
	return f, nil
}

// SearchFSF runs the engine on cp ("go movetime") and returns the figures
// of its last info line.
func (e Engine) SearchFSF(cp ComparePosition) (SearchFigures, error) {
	var f SearchFigures
	var parseErr error
	e.Info = func(line string) {
		fields := strings.Fields(line)
		var g SearchFigures
		seen := 0
		for i := 0; i+1 < len(fields); i++ {
			v, err := strconv.ParseUint(fields[i+1], 10, 64)
			switch fields[i] {
			case "depth":
				g.Depth, seen = int(v), seen+1
			case "seldepth":
				g.SelDepth = int(v)
			case "nodes":
				g.Nodes, seen = v, seen+1
			case "time":
				g.Time, seen = time.Duration(v)*time.Millisecond, seen+1
			case "pv":
				i = len(fields)
				continue
			default:
				continue
			}
			if err != nil && parseErr == nil {
				parseErr = fmt.Errorf("engine %s: bad info line %q", e.Path, line)
			}
		}
		if seen == 3 {
			f = g
		}
	}
	if _, err := e.BestMove(FEN(cp.Pos)); err != nil {
		return f, err
	}
	return f, parseErr
}

// Compare searches every position with both engines for e.MoveTime each
// and writes a Markdown table of depth, selective depth, nodes and nodes per
// second, one row per position, with a progress line per position on
// progress.
func Compare(e Engine, positions []ComparePosition, hashMiB int, out, progress io.Writer) error {
	fmt.Fprintf(out, "| position | plies | ours: depth | seldepth | nodes | nps | Fairy-Stockfish: depth | seldepth | nodes | nps |\n")
	fmt.Fprintf(out, "|---|---|---|---|---|---|---|---|---|---|\n")
	for i, cp := range positions {
		ours, err := SearchOurs(cp, e.MoveTime, hashMiB)
		if err != nil {
			return err
		}
		theirs, err := e.SearchFSF(cp)
		if err != nil {
			return err
		}
		fmt.Fprintf(progress, "%s: position %d/%d done\n", Name, i+1, len(positions))
		fmt.Fprintf(out, "| `%s` | %d | %d | %d | %d | %.0fk | %d | %d | %d | %.0fk |\n",
			cp.Pos.FEN(), cp.Played, ours.Depth, ours.SelDepth, ours.Nodes, ours.NPS()/1000,
			theirs.Depth, theirs.SelDepth, theirs.Nodes, theirs.NPS()/1000)
	}
	return nil
}
