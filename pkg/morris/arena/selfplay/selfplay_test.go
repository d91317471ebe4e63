package selfplay_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/morris/arena/selfplay"
	"gotest.tools/v3/assert"
)

// TestSelfPlayAcceptanceDepth2 is the CI check of docs/morris.md §7.3 at depth
// 2: the improved estimators score at least 60 % overall and 50 % per colour
// on S22.
func TestSelfPlayAcceptanceDepth2(t *testing.T) {
	var out, errb bytes.Buffer
	code := selfplay.Run([]string{"-depth", "2"}, nil, &out, &errb)
	t.Log(strings.TrimSpace(out.String()))
	assert.Equal(t, code, 0, errb.String())
	assert.Assert(t, strings.Contains(out.String(), "games=46"))
}

// TestSelfPlayCommand checks the exit statuses of morris-selfplay.
func TestSelfPlayCommand(t *testing.T) {
	var out, errb bytes.Buffer
	code := selfplay.Run([]string{"-board", "F18", "-depth", "1", "-cap", "4", "-min-score", "1.01", "-games"}, nil, &out, &errb)
	assert.Equal(t, code, 1)
	assert.Equal(t, strings.Count(out.String(), "\ngame ")+1, 38+0) // 38 game lines, the first at the start
	assert.Assert(t, strings.Contains(out.String(), "FAIL"))
	// One progress line per game on stderr, the improved side as A.
	lines := strings.Split(strings.TrimSuffix(errb.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 38, errb.String())
	for i, l := range lines {
		players := "improved:1 (White) vs standard:1 (Black) "
		if i%2 == 1 {
			players = "standard:1 (White) vs improved:1 (Black) "
		}
		assert.Assert(t, strings.HasPrefix(l, fmt.Sprintf("game %d/38: %s", i+1, players)), l)
		assert.Assert(t, strings.Contains(l, fmt.Sprintf(" | A: W 0 D %d L 0  score 50.0%%", i+1)), l)
	}
	out.Reset()
	errb.Reset()
	assert.Equal(t, selfplay.Run([]string{"-board", "F18", "-depth", "1", "-cap", "4", "-quiet"}, nil, &out, &errb), 1)
	assert.Equal(t, errb.String(), "")
	for _, args := range [][]string{{"-board", "X"}, {"-depth", "0"}, {"-mode", "all"}, {"extra"}, {"-cap", "0"}} {
		out.Reset()
		errb.Reset()
		assert.Equal(t, selfplay.Run(args, nil, &out, &errb), 2, args)
		assert.Equal(t, strings.Count(errb.String(), "\n"), 1)
	}
}
