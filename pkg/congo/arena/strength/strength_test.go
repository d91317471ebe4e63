package strength

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gotest.tools/v3/assert"
)

// TestStrengthProgress: congo-strength prints one progress line per game on
// stderr, in order, the colours alternating between the players; -q prints
// none and the same summary.
func TestStrengthProgress(t *testing.T) {
	args := []string{"-selfplay", "no-tt", "-nodes", "300", "-n", "2"}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, Run(args, nil, &stdout, &stderr), 0, stderr.String())
	assert.Assert(t, strings.HasPrefix(stdout.String(), "self-play, rules 2022, 300 nodes per move, 4 games (2 openings × 2 colours)\n"), stdout.String())
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 4, stderr.String())
	for i, l := range lines {
		players := "no-tt (White) vs default (Black) "
		if i%2 == 1 {
			players = "default (White) vs no-tt (Black) "
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
