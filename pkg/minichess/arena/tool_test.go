package arena_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess/arena"
	"gotest.tools/v3/assert"
)

// TestToolProgress: minichess-match prints one progress line per game on stderr,
// colours alternating; -q prints none and the same result.
func TestToolProgress(t *testing.T) {
	args := []string{"-a", "alphabeta,depth=1", "-b", "baseline1", "-max-plies", "6"}
	var stdout, stderr bytes.Buffer
	assert.Equal(t, arena.Run(args, nil, &stdout, &stderr), 0, stderr.String())
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 2, stderr.String())
	for i, l := range lines {
		players := "player_alphabeta (White) vs baseline1 (Black) "
		if i == 1 {
			players = "baseline1 (White) vs player_alphabeta (Black) "
		}
		assert.Assert(t, strings.HasPrefix(l, fmt.Sprintf("game %d/2: %s", i+1, players)), l)
		assert.Assert(t, strings.Contains(l, " s | A: W "), l)
	}
	var quiet, quietErr bytes.Buffer
	assert.Equal(t, arena.Run(append(args, "-q"), nil, &quiet, &quietErr), 0, quietErr.String())
	assert.Equal(t, quietErr.String(), "")
	assert.Equal(t, quiet.String(), stdout.String())
}
