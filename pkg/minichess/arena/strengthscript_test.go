package arena_test

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"gotest.tools/v3/assert"
)

// TestStrengthScriptProgress runs scripts/minichess-strength.sh on tiny
// settings (2 plies, 100 ms per move): one progress line per game on stderr,
// in order, as the games end, and the 8 rows of the table on stdout.
func TestStrengthScriptProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the builds and games of minichess-strength.sh in -short mode")
	}
	root := testutil.RepoRoot(t)
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "minichess-strength.sh"), "-timeout", "100ms", "-max-steps", "2")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	assert.NilError(t, cmd.Run(), stderr.String())
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	assert.Equal(t, len(lines), 8, stderr.String())
	re := regexp.MustCompile(`^game ([1-8])/8: (\S+) \(White\) vs (\S+) \(Black\) (1-0|0-1|1/2-1/2), (ply-2 adjudication|king capture|invalid action), [0-2] plies, [0-9]+\.[0-9] s$`)
	for i, l := range lines {
		m := re.FindStringSubmatch(l)
		assert.Assert(t, m != nil, "line %q", l)
		assert.Equal(t, m[1], fmt.Sprint(i+1))
		baseline := fmt.Sprintf("baseline%d", i/2+1)
		if i%2 == 0 {
			assert.DeepEqual(t, m[2:4], []string{"player_submission", baseline})
		} else {
			assert.DeepEqual(t, m[2:4], []string{baseline, "player_submission"})
		}
	}
	for i := 1; i <= 8; i++ {
		assert.Assert(t, strings.Contains(stdout.String(), fmt.Sprintf("\n| %d | ", i)), stdout.String())
	}
}
