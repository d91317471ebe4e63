package strength

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/congo/agent"
	"gotest.tools/v3/assert"
)

// TestStrengthProgress: congo-strength prints one progress line per game on
// stderr, in order, the colours alternating between the players; -q prints
// none and the same summary.
func TestStrengthProgress(t *testing.T) {
	args := []string{"-selfplay=-tt", "-nodes", "300", "-n", "2"}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run(args, nil, &stdout, &stderr), 0, stderr.String())
	assert.Assert(t, strings.HasPrefix(stdout.String(), "self-play, rules 2022, 300 nodes per move, 4 games (2 openings × 2 colours)\n"), stdout.String())
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 4, stderr.String())
	for i, l := range lines {
		players := "-tt (White) vs default (Black) "
		if i%2 == 1 {
			players = "default (White) vs -tt (Black) "
		}
		assert.Assert(t, strings.HasPrefix(l, fmt.Sprintf("game %d/4: %s", i+1, players)), l)
		assert.Assert(t, strings.Contains(l, " plies, "), l)
		assert.Assert(t, strings.Contains(l, " s | A: W "), l)
	}
	var quiet, quietErr bytes.Buffer
	assert.Equal(t, Run(append(args, "-q"), nil, &quiet, &quietErr), 0, quietErr.String())
	assert.Equal(t, quietErr.String(), "")
	assert.Equal(t, quiet.String(), stdout.String())
}

// TestStrengthFlags checks that congo-strength reads its integers by the
// one rule of every program, bounds included.
func TestStrengthFlags(t *testing.T) {
	o, err := parseStrength([]string{"-n", "012", "-depth", "3", "-nodes", "500", "-budget", "7"})
	assert.NilError(t, err)
	assert.Equal(t, o.n, 12)
	assert.Equal(t, o.depth, 3)
	assert.Equal(t, o.nodes, uint64(500))
	assert.Equal(t, o.budget, uint64(7))
	for _, c := range []struct{ flag, value, want string }{
		{"-n", "+5", "want a decimal integer >= 1"},
		{"-n", "0", "want a decimal integer >= 1"},
		{"-depth", "128", "want a decimal integer in 0..127"},
		{"-depth", "-1", "want a decimal integer in 0..127"},
		{"-nodes", "0", "want a decimal integer >= 1"},
		{"-nodes", "0x10", "want a decimal integer >= 1"},
		{"-budget", "-1", "want a decimal integer >= 0"},
	} {
		_, err := parseStrength([]string{c.flag, c.value})
		assert.Error(t, err, `invalid value "`+c.value+`" for flag `+c.flag+": "+c.want)
	}
}

// TestSelfplaySwitches: -selfplay reads the engine's one table of technique
// names (+name on, -name off); -checks and +checkext turn the game's lion
// checks on; bad lists are errors naming the flag.
func TestSelfplaySwitches(t *testing.T) {
	o, err := parseStrength([]string{"-selfplay=-tt,+futility,qs", "-checks"})
	assert.NilError(t, err)
	opt := agent.EngineOptions()
	o.switches(&opt)
	assert.Assert(t, !opt.TT && opt.Futility && opt.Quiescence)
	assert.Assert(t, o.checks)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-selfplay", "no-tt"}, `-selfplay: unknown engine feature "no-tt" (known: tt, hashmove, mvvlva, killers, history, pvs, aspiration, quiescence, nullmove, lmr, futility, checkext, nulladapt, lmrlog, rfp, lmp, malus, qprune, plyfree)`},
		{[]string{"-selfplay=-pvs"}, "-selfplay -pvs: lmr needs pvs (add -lmr)"},
	} {
		_, err := parseStrength(c.args)
		assert.Error(t, err, c.want)
	}
	// -checks alone is a self-play match of the checks.
	o, err = parseStrength([]string{"-checks"})
	assert.NilError(t, err)
	assert.Assert(t, o.switches != nil && o.checks)
	// +checkext plays with the checks it extends.
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run([]string{"-selfplay=+checkext", "-nodes", "200", "-n", "1", "-q"}, nil, &stdout, &stderr), 0, stderr.String())
}
