package toolkit

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/games"
)

// checkOutcome fails unless a run succeeded with an empty stderr or failed
// with status 2, no output and one stderr line.
func checkOutcome(t *testing.T, args []string, out, errs string, code int) {
	t.Helper()
	switch code {
	case 0:
		if errs != "" {
			t.Fatalf("%q: status 0 with stderr %q", args, errs)
		}
	case 2:
		if out != "" || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") || !strings.HasPrefix(errs, "gamesearch") {
			t.Fatalf("%q: status 2 with stdout %q, stderr %q", args, out, errs)
		}
	default:
		t.Fatalf("%q: status %d, stderr %q", args, code, errs)
	}
}

// FuzzPerftArgs feeds arbitrary POSITION and DEPTH arguments (and stdin for
// "-") to perft of every game: a count or one error line, never a panic.
func FuzzPerftArgs(f *testing.F) {
	f.Add(uint8(0), "start", "2", "")
	f.Add(uint8(0), "3l3/7/7/7/7/7/3L3 w 0", "1", "")
	f.Add(uint8(0), "-", "1", "g2l2z/ppppppp/7/7/7/PPPPPPP/G2L2Z b 4\n")
	f.Add(uint8(1), "xxxxxxxWxxxxxxBxxxxxxx", "2", "")
	f.Add(uint8(1), "-", "2", "WWBxxxxWxxxxxxBxxxxxx\n")
	f.Add(uint8(2), "kqbnr/ppppp/5/5/PPPPP/RNBQK w", "2", "")
	f.Add(uint8(2), "-", "1", "k4/5/5/5/5/4K b\n")
	f.Add(uint8(3), "-", "2", handoutEx1)
	f.Add(uint8(3), "start", "-1", "")
	f.Fuzz(func(t *testing.T, g uint8, pos, depth, stdin string) {
		if d := strings.TrimSpace(depth); len(d) != 1 || d[0] > '2' {
			return // keep every run small: depth 0 to 2
		}
		args := []string{"perft", games.All[int(g)%len(games.All)].Name, pos, depth}
		if g&4 != 0 {
			args = append(args, "-divide")
		}
		out, errs, code := runCmd(t, stdin, args...)
		checkOutcome(t, args, out, errs, code)
	})
}

// FuzzTreeInput feeds arbitrary input files (on stdin) to tree of every
// game with a small limit: a tree or one error line, never a panic.
func FuzzTreeInput(f *testing.F) {
	f.Add(uint8(3), handoutEx1, "2")
	f.Add(uint8(3), strings.Replace(handoutEx1, "MINIMAX", "ALPHABETA", 1), "3")
	f.Add(uint8(1), "xxxxxxxWxxxxxxBxxxxxxx\n", "2")
	f.Add(uint8(0), "3l3/7/2p4/3p3/7/7/3L3 b 42\n", "2")
	f.Add(uint8(2), "k1qnr/1pp2/pP3/N1B2/b1PPP/2RQK b\n", "2")
	f.Fuzz(func(t *testing.T, g uint8, input, depth string) {
		args := []string{"tree", games.All[int(g)%len(games.All)].Name, "-", "-depth", depth, "-limit", "3000"}
		if g&4 != 0 {
			args = append(args, "-format", "dot", "-algorithm", "alphabeta")
		}
		out, errs, code := runCmd(t, input, args...)
		checkOutcome(t, args, out, errs, code)
	})
}

// FuzzPlayInput feeds arbitrary keyboard input to play of every game at
// depth 1: the session answers every line and ends cleanly.
func FuzzPlayInput(f *testing.F) {
	f.Add(uint8(0), "a2a3\nundo\nzz\nmoves\n")
	f.Add(uint8(1), "a0\nd0\nundo\nundo\ndepth 2\ntime 1ms\ng0\n")
	f.Add(uint8(2), "4 1 3 1\nB2B3\nD2-D3\nundo\nquit\n")
	f.Add(uint8(3), "F2-E3\npass\nH2-G1\nresign\n")
	f.Add(uint8(7), "\n\n\r\n  undo  \ndepth x\ntime -1s\n")
	f.Fuzz(func(t *testing.T, g uint8, stdin string) {
		if strings.Count(stdin, "\n") > 64 || len(stdin) > 4096 {
			return
		}
		for _, l := range strings.Split(stdin, "\n") {
			if f := strings.Fields(l); len(f) == 2 && strings.EqualFold(f[0], "depth") && f[1] != "1" && f[1] != "2" {
				return // keep the engine shallow: deeper searches are slow, not wrong
			}
		}
		args := []string{"play", games.All[int(g)%len(games.All)].Name, "-depth", "1"}
		if g&4 != 0 {
			args = append(args, "-human", "second")
		}
		out, errs, code := runCmd(t, stdin, args...)
		if code != 0 || errs != "" {
			t.Fatalf("%q with input %q: status %d, stderr %q", args, stdin, code, errs)
		}
		if !strings.Contains(out, "Game over: ") && !strings.HasSuffix(out, "Input ended; game abandoned.\n") {
			t.Fatalf("%q with input %q: no clean end:\n%s", args, stdin, tail(out))
		}
	})
}
