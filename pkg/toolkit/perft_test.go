package toolkit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/congo"
	"github.com/gamesearch/gamesearch/pkg/morris"
	"github.com/gamesearch/gamesearch/pkg/starcircle"
	"github.com/gamesearch/gamesearch/pkg/toolkit/kit"
	"gotest.tools/v3/assert"
)

// TestPerftGoldens checks the output forms of perft on small cases.
func TestPerftGoldens(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
	}{
		{"perft_congo_start_2_divide.txt", []string{"perft", "congo", "start", "2", "-divide"}},
		{"perft_congo_2021_3.txt", []string{"perft", "congo", "-rules", "2021", "start", "3"}},
		{"perft_minichess_start_3_divide.txt", []string{"perft", "minichess", "start", "3", "-divide"}},
		{"perft_minichess_start_4_pseudo.txt", []string{"perft", "minichess", "-pseudo", "start", "4"}},
		{"perft_morris_opening_2_divide.txt", []string{"perft", "morris", "xxxxxxxWxxxxxxBxxxxxxx", "2", "-phase", "opening", "-divide"}},
		{"perft_starcircle_start_3_divide.txt", []string{"perft", "starcircle", "start", "3", "-divide"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertGolden(t, mustRun(t, "", c.args...), c.name)
		})
	}
}

// TestPerftCongoStart compares with the start-position table of pkg/congo's
// own perft test, through the command line, with and without -divide.
func TestPerftCongoStart(t *testing.T) {
	t.Parallel()
	want := map[string][]string{
		"2021": {"25", "625", "15354", "377134"},
		"2022": {"26", "676", "17112", "433025"},
	}
	for _, r := range []string{"2021", "2022"} {
		for d, w := range want[r] {
			depth := fmt.Sprint(d + 1)
			assert.Equal(t, mustRun(t, "", "perft", "congo", "start", depth, "-rules", r), w+"\n")
			out := mustRun(t, "", "perft", "congo", "-divide", "-rules", r, "start", depth)
			assert.Assert(t, strings.HasSuffix(out, "\ntotal: "+w+"\n"), out)
		}
	}
	// "-" reads the FEN from stdin.
	assert.Equal(t, mustRun(t, congo.StartFEN(congo.Edition2022)+"\n", "perft", "congo", "-", "3"), "17112\n")
}

// checkDivide checks that the rows of a divide add up to its total.
func checkDivide(t testing.TB, res kit.PerftResult, what string) {
	t.Helper()
	var sum uint64
	for _, r := range res.Rows {
		sum += r.Count
	}
	if len(res.Rows) > 0 {
		assert.Equal(t, sum, res.Total, "%s: divide rows do not add up", what)
	}
}

// TestPerftCongoConformance: the depth-1 divide of every corpus position is
// exactly the sorted move list of the corpus (2021: 1000 positions, 2022:
// 500), and depth-2 and depth-3 totals equal pkg/congo's PerftMake (no bulk
// counting) on a sample.
func TestPerftCongoConformance(t *testing.T) {
	t.Parallel()
	dir := testutil.Conformance(t, "congo")
	sets := []struct {
		in, out string
		rules   congo.Edition
	}{
		{"2021/movegen_1k.in", "derived/2021_movegen_1k.allmoves_sorted.DERIVED.out", congo.Edition2021},
		{"2022/positions_500.in", "derived/2022_positions_500.allmoves_sorted.DERIVED.out", congo.Edition2022},
	}
	for _, set := range sets {
		in := readLines(t, filepath.Join(dir, set.in))[1:]
		out := readLines(t, filepath.Join(dir, set.out))
		assert.Equal(t, len(in), len(out))
		matched := 0
		for i, fen := range in {
			p, err := congo.ParseFEN(fen)
			assert.NilError(t, err)
			res := perftOf(t, "congo", fen, 1, "-rules", set.rules.String())
			var names []string
			for _, r := range res.Rows {
				assert.Equal(t, r.Count, uint64(1))
				names = append(names, r.Move)
			}
			if strings.Join(names, " ") == out[i] && res.Total == uint64(len(names)) {
				matched++
			} else {
				t.Errorf("%s case %d (%s): divide %q, want %q", set.in, i+1, fen, names, out[i])
			}
			if i%50 == 0 {
				for d := 2; d <= 3; d++ {
					res := perftOf(t, "congo", fen, d, "-rules", set.rules.String())
					checkDivide(t, res, fen)
					assert.Equal(t, res.Total, congo.NewPerftMake(set.rules).Count(p, d).Leaves, "%s depth %d", fen, d)
				}
			}
		}
		t.Logf("%s: %d/%d depth-1 divides equal the corpus move lists", set.out, matched, len(in))
	}
}

// TestPerftMiniChessConformance compares T-perft and P-perft, totals and
// divides, with the rows of perft.tsv of at most 2,000,000 leaves (75 of
// 84). The 9 larger rows (442 million leaves of 458) would count again with
// minichess.NewPerft, the counter the perft command's divide runs under
// each root move, which pkg/minichess's TestPerftConformance checks on
// those rows too (P-perft on every row, T-perft on every row of at most 2
// million leaves, and every row's T-perft with the counter of
// template_terminal): the rows run here already take every path of the
// command. Each row is a parallel subtest; the group "rows" returns when
// all have run.
func TestPerftMiniChessConformance(t *testing.T) {
	t.Parallel()
	rows := tsv(t, testutil.Conformance(t, "minichess", "perft.tsv"))
	const limit = 2_000_000
	var matched atomic.Int64
	t.Run("rows", func(t *testing.T) {
		for _, r := range rows {
			t.Run(r["id"]+"_depth"+r["depth"], func(t *testing.T) {
				t.Parallel()
				wantT, wantP := atou(t, r["template"]), atou(t, r["pseudolegal"])
				if wantT > limit || wantP > limit {
					t.Logf("%s depth %s (%d leaves): above the size limit, counted by pkg/minichess", r["id"], r["depth"], wantP)
					return
				}
				d := atoi(t, r["depth"])
				gotT, gotP := perftOf(t, "minichess", r["fen"], d), perftOf(t, "minichess", r["fen"], d, "-pseudo")
				checkDivide(t, gotT, r["id"])
				checkDivide(t, gotP, r["id"])
				if gotT.Total == wantT && gotP.Total == wantP {
					matched.Add(1)
				} else {
					t.Errorf("%s depth %d: T-perft %d P-perft %d, want %d %d", r["id"], d, gotT.Total, gotP.Total, wantT, wantP)
				}
			})
		}
	})
	t.Logf("perft.tsv: %d/%d rows matched (both columns)", matched.Load(), len(rows))
}

// TestPerftMorrisConformance: the Morris perft is the MINIMAX programs'
// evaluation count, so it must equal the evaluated column of every
// MiniMax row of cases.tsv (opening, game and Black programs).
func TestPerftMorrisConformance(t *testing.T) {
	t.Parallel()
	rows := tsv(t, testutil.Conformance(t, "morris", "cases.tsv"))
	matched, total := 0, 0
	for _, r := range rows {
		prog, ok := morris.ProgramByName(r["program"])
		assert.Assert(t, ok, r["program"])
		if prog.AlphaBeta {
			continue
		}
		total++
		want := atou(t, r["evaluated"])
		if testing.Short() && want > 1_000_000 {
			continue
		}
		// Through the command line, board forced as the corpus says.
		args := []string{"perft", "morris", r["input"], r["depth"], "-board", r["board_kind"], "-phase", "game"}
		if prog.Phase == morris.Opening {
			args[len(args)-1] = "opening"
		}
		if prog.Black {
			args = append(args, "-black")
		}
		out := mustRun(t, "", args...)
		got, _, _ := strings.Cut(out, "\n")
		if got == r["evaluated"] {
			matched++
		} else {
			t.Errorf("%v: %s, want %d", args, got, want)
		}
	}
	t.Logf("cases.tsv: %d/%d MiniMax rows: perft equals the evaluation count", matched, total)
}

// TestPerftStarCircleConformance: the node count printed by perft is the
// MINIMAX node count, so it must equal the fourth line of output.txt of
// every MINIMAX case of the corpus when run at the file's depth.
func TestPerftStarCircleConformance(t *testing.T) {
	t.Parallel()
	dir := testutil.Conformance(t, "starcircle", "cases")
	entries, err := os.ReadDir(dir)
	assert.NilError(t, err)
	matched, total := 0, 0
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name(), "input.txt"))
		assert.NilError(t, err)
		p, err := starcircle.Parse(data)
		assert.NilError(t, err)
		if p.Algorithm != starcircle.Minimax {
			continue
		}
		total++
		want, err := os.ReadFile(filepath.Join(dir, e.Name(), "output.txt"))
		assert.NilError(t, err)
		lines := strings.Split(strings.TrimSpace(string(want)), "\n")
		res := perftOf(t, "starcircle", filepath.Join(dir, e.Name(), "input.txt"), p.Depth)
		checkDivide(t, res, e.Name())
		note := fmt.Sprintf("nodes: %s (the MINIMAX node count, root included)", strings.TrimSpace(lines[3]))
		if res.Notes[0] == note {
			matched++
		} else {
			t.Errorf("%s: %q, want %q", e.Name(), res.Notes[0], note)
		}
	}
	t.Logf("starcircle corpus: %d/%d MINIMAX cases: perft node count equals output.txt", matched, total)
}
