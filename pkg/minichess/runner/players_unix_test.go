//go:build unix

package runner

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"gotest.tools/v3/assert"
)

// ourPlayers lists the repository's MiniChess players: package under cmd/
// and the template name they are installed under.
var ourPlayers = []struct{ pkg, name string }{
	{"minichess-baseline", "baseline1"},
	{"minichess-baseline", "baseline2"},
	{"minichess-baseline", "baseline3"},
	{"minichess-baseline", "baseline4"},
	{"minichess-random", "player_random"},
	{"minichess-minimax", "player_minimax"},
	{"minichess-alphabeta", "player_alphabeta"},
	{"minichess-submission", "player_submission"},
}

// ourPlayer builds one of our players (skipping when its package is absent)
// and returns its path in binDir.
func ourPlayer(t *testing.T, pkg, name string) string {
	t.Helper()
	if pkg == "minichess-baseline" {
		return filepath.Join(baselines(t), name)
	}
	return program(t, pkg, name)
}

var completeLine = regexp.MustCompile(`^-?[0-9]+ -?[0-9]+ -?[0-9]+ -?[0-9]+$`)

// TestOurPlayersUnderCppProtocol runs each of our players the way the C++
// runner does: through the shell as "timeout <limit> ./<name> state action"
// in the game directory, with relative file names, a fresh process per
// move, on the state files the runner writes. A player still searching at
// the limit is killed by timeout's SIGTERM; the last complete move in the
// action file must be a legal move, and the player must print nothing.
func TestOurPlayersUnderCppProtocol(t *testing.T) {
	if _, err := exec.LookPath("timeout"); err != nil {
		t.Skip("skipping: no timeout command")
	}
	// The start position and the position after B2-B3 A5-A4.
	start := minichess.StartPosition()
	mid := start.Play(minichess.Move{FromRow: 4, FromCol: 1, ToRow: 3, ToCol: 1})
	mid = mid.Play(minichess.Move{FromRow: 1, FromCol: 0, ToRow: 2, ToCol: 0})
	for _, pl := range ourPlayers {
		t.Run(pl.name, func(t *testing.T) {
			exe := ourPlayer(t, pl.pkg, pl.name)
			for i, pos := range []minichess.Position{start, mid} {
				dir := t.TempDir()
				install(t, dir, pl.name, exe)
				assert.NilError(t, os.WriteFile(filepath.Join(dir, StateFile), pos.AppendState(nil), 0o644))
				cmd := exec.Command("sh", "-c", "timeout 0.25s ./"+pl.name+" state action")
				cmd.Dir = dir
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				err := cmd.Run()
				code := cmd.ProcessState.ExitCode()
				// 0: finished; 124: killed by timeout at the limit.
				assert.Assert(t, code == 0 || code == 124, "position %d: %v, stderr %q", i, err, stderr.String())
				assert.Equal(t, stdout.String(), "", "position %d", i)
				assert.Equal(t, stderr.String(), "", "position %d", i)

				data, err := os.ReadFile(filepath.Join(dir, ActionFile))
				assert.NilError(t, err)
				text := string(data)
				assert.Assert(t, strings.HasSuffix(text, "\n"), "position %d: %q", i, text)
				for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
					assert.Assert(t, completeLine.MatchString(line), "position %d: line %q", i, line)
				}
				raw, count, err := minichess.ParseAction(bytes.NewReader(data))
				assert.NilError(t, err)
				assert.Assert(t, count >= 1)
				list, status := pos.LegalMoves(nil)
				assert.Equal(t, status, minichess.None)
				_, ok := find(list, raw)
				assert.Assert(t, ok, "position %d: last move %v is not legal", i, raw)
			}
		})
	}
}

// TestOurPlayersHosted: our runner hosts our players with a short time
// limit. The searching players are killed at the limit every turn, and
// their last complete move is played; no move is invalid.
func TestOurPlayersHosted(t *testing.T) {
	bin := map[string]string{}
	for _, pl := range ourPlayers {
		if pl.name == "player_minimax" || pl.name == "player_alphabeta" ||
			pl.name == "player_random" || pl.name == "baseline4" {
			bin[pl.name] = ourPlayer(t, pl.pkg, pl.name)
		}
	}
	for _, pair := range [][2]string{
		{"player_alphabeta", "player_minimax"},
		{"player_random", "baseline4"},
	} {
		t.Run(pair[0]+"_vs_"+pair[1], func(t *testing.T) {
			dir := t.TempDir()
			for _, n := range pair {
				install(t, dir, n, bin[n])
			}
			r := playIn(t, dir, "-timeout", "200ms", "-max-steps", "4", "./"+pair[0], "./"+pair[1])
			assert.Equal(t, r.code, 0, r.stderr)
			assert.Equal(t, r.stderr, "")
			assert.Equal(t, strings.Count(r.gamelog, " step\n"), 4, r.gamelog)
			assert.Equal(t, strings.Count(r.gamelog, "Depth: "), 4, r.gamelog)
			assert.Assert(t, !strings.Contains(r.gamelog, "Invalid Action"), r.gamelog)
			checkClean(t, dir)
		})
	}
}
