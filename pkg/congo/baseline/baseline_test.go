package baseline

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo"
	"gotest.tools/v3/assert"
)

// run runs congo-baseline on in.
func run(args []string, in string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = Run(args, strings.NewReader(in), &out, &errb)
	return out.String(), errb.String(), code
}

// firstBest is the baseline's move by definition, computed without it: the
// first move in ascending order whose depth-4 negamax value (minus the
// depth-3 alpha-beta value of its child with the full window) is the
// largest.
func firstBest(t *testing.T, fen string, r congo.Edition) string {
	t.Helper()
	p, err := congo.ParseFEN(fen)
	assert.NilError(t, err)
	s := congo.NewAlphaBeta(r)
	best, bestVal := "", -congo.Inf-1
	var child congo.Position
	for _, m := range p.GenerateMoves(nil) {
		p.Play(&child, m, r)
		v := -int(s.AlphaBeta(child, 3).Value)
		if v > bestVal {
			best, bestVal = m.String(), v
		}
	}
	return best
}

// TestMoves checks the replies against the definition of the course
// baseline, in both editions, and that the time of go does not matter.
func TestMoves(t *testing.T) {
	fens := []string{
		"g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0",
		"2ele1z/ppppppp/7/7/7/PPPPPPP/2ELE1Z w 0",
		"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
		"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 35",
		"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4",
		"3l3/1P5/7/7/7/3P3/3L3 w 30", // the edition changes the move (promotion)
	}
	for _, r := range []congo.Edition{congo.Edition2021, congo.Edition2022} {
		for _, fen := range fens {
			want := firstBest(t, fen, r)
			for _, secs := range []string{"0.001", "60"} {
				out, errs, code := run([]string{"-rules", r.String()}, "position "+fen+"\ngo "+secs+"\n")
				assert.Equal(t, code, 0)
				assert.Equal(t, errs, "")
				assert.Equal(t, out, want+"\n", "rules %s, %s, go %s", r, fen, secs)
			}
		}
	}
}

// TestProtocol checks that the baseline keeps the game as congo-agent does:
// its own replies are applied, the opponent's come with moves, and a
// finished game gets 0000; problems are reported under its own name.
func TestProtocol(t *testing.T) {
	out, errs, code := run(nil, "newgame\ngo 1\nmoves d6d5\ngo 1\n")
	assert.Equal(t, code, 0)
	assert.Equal(t, errs, "")
	replies := strings.Fields(out)
	assert.Equal(t, len(replies), 2)
	start := "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z w 0"
	assert.Equal(t, replies[0], firstBest(t, start, congo.Edition2022))
	p, _ := congo.ParseFEN(start)
	var q congo.Position
	for _, s := range []string{replies[0], "d6d5"} {
		m, _ := congo.ParseMove(s)
		p.Play(&q, m, congo.Edition2022)
		p = q
	}
	assert.Equal(t, replies[1], firstBest(t, p.String(), congo.Edition2022))

	// The edition is the one of -rules.
	promo := "position 3l3/1P5/7/7/7/3P3/3L3 w 30\ngo 1\n"
	out, _, _ = run([]string{"-rules", "2021"}, promo)
	assert.Equal(t, out, "d2d3\n")
	out, _, _ = run(nil, promo)
	assert.Equal(t, out, "b6a7\n")

	out, errs, code = run(nil, "position 7/7/7/7/7/7/3L3 w 3\ngo 1\nmoves z9z9\nquit\ngo 1\n")
	assert.Equal(t, code, 0)
	assert.Equal(t, out, "0000\n")
	assert.Equal(t, errs, "congo-baseline: line 3: moves: move \"z9z9\" is not <file><rank><file><rank> with files a-g and ranks 1-7; no move of the line applied\n")
}

// TestFlags checks the flag errors and -h.
func TestFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-rules", "2023"}, "congo-baseline: -rules: want 2021 or 2022, got \"2023\"\n"},
		{[]string{"-depth", "3"}, "congo-baseline: flag provided but not defined: -depth\n"},
		{[]string{"x"}, "congo-baseline: unexpected argument \"x\"\n"},
	} {
		out, errs, code := run(tc.args, "go 1\n")
		assert.Equal(t, code, 2)
		assert.Equal(t, out, "")
		assert.Equal(t, errs, tc.err)
	}
	out, errs, code := run([]string{"-h"}, "go 1\n")
	assert.Equal(t, code, 0)
	assert.Equal(t, out, "")
	assert.Assert(t, strings.HasPrefix(errs, "usage: congo-baseline [-rules 2021|2022]\n"), errs)
}
