package minichess_test

import (
	"bytes"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"github.com/gamesearch/gamesearch/pkg/minichess/internal/playertest"
)

// readTSV returns the rows of a conformance TSV file (see playertest.ReadTSV).
func readTSV(t testing.TB, file string) []map[string]string {
	t.Helper()
	return playertest.ReadTSV(t, file)
}

func unescape(s string) string { return strings.ReplaceAll(s, `\n`, "\n") }

func joinMoves(list []minichess.Move) string {
	s := make([]string, len(list))
	for i, m := range list {
		s[i] = m.String()
	}
	return strings.Join(s, ";")
}

// TestMovegenConformance checks every row of movegen.tsv and
// movegen_edge.tsv: FEN and state text agree, the ordered list, its status,
// its count, the display names and every child, and on a non-Win row the
// T-perft tree's count of moves and Win children.
func TestMovegenConformance(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"movegen.tsv", "movegen_edge.tsv"} {
		rows := readTSV(t, file)
		ok := 0
		for _, row := range rows {
			id := row["id"]
			p, err := minichess.ParseFEN(row["fen"])
			if err != nil {
				t.Errorf("%s %s: %v", file, id, err)
				continue
			}
			bad := 0
			fail := func(format string, args ...any) {
				bad++
				t.Errorf("%s %s: "+format, append([]any{file, id}, args...)...)
			}
			state := unescape(row["state"])
			if got := string(p.AppendState(nil)); got != state {
				fail("state text:\n got %q\nwant %q", got, state)
			}
			q, err := minichess.ParseState(strings.NewReader(state), "state")
			if err != nil || q != p {
				fail("ParseState: %v, equal %v", err, q == p)
			}
			if got := p.FEN(); got != row["fen"] {
				fail("FEN() = %q", got)
			}
			list, st := p.LegalMoves(make([]minichess.Move, 0, minichess.MaxMoves))
			if got := joinMoves(list); got != row["moves"] {
				fail("moves:\n got %s\nwant %s", got, row["moves"])
			}
			if st.String() != row["game_state"] {
				fail("status %v, want %s", st, row["game_state"])
			}
			if strconv.Itoa(len(list)) != row["count"] {
				fail("count %d, want %s", len(list), row["count"])
			}
			var disp []string
			var kids []string
			for _, m := range list {
				disp = append(disp, minichess.SquareName(int(m.FromRow), int(m.FromCol))+"-"+minichess.SquareName(int(m.ToRow), int(m.ToCol)))
				kids = append(kids, p.Play(m).FEN())
			}
			if got := strings.Join(disp, " "); got != row["display"] {
				fail("display %q, want %q", got, row["display"])
			}
			if got := strings.Join(kids, ";"); got != row["children"] {
				fail("children:\n got %s\nwant %s", got, row["children"])
			}
			// The bitboard form gives the same children and statuses, and
			// the T-perft tree counts the Win children without making them.
			n := p.Node()
			wins := 0
			for i, m := range list {
				var c minichess.Node
				n.Play(&c, m)
				cp := c.Position()
				if cp != p.Play(m) {
					fail("Node.Play(%v) differs from Position.Play", m)
				}
				_, cst := cp.LegalMoves(nil)
				if c.Status() != cst {
					fail("child %d: Node status %v, list status %v", i, c.Status(), cst)
				}
				if cst == minichess.Win {
					wins++
				}
			}
			if moves, ends := (minichess.PerftTree{Template: true}).CountTerminal(&n); st == minichess.None && (moves != len(list) || ends != wins) {
				fail("CountTerminal %d, %d; %d moves, %d Win children", moves, ends, len(list), wins)
			}
			if bad == 0 {
				ok++
			}
		}
		t.Logf("%s: %d/%d rows match", file, ok, len(rows))
		if ok != len(rows) {
			t.Errorf("%s: only %d/%d rows match", file, ok, len(rows))
		}
	}
}

// TestPerftConformance checks T-perft, P-perft and template_terminal of
// every row of perft.tsv. T-perft and template_terminal come from one walk
// of NewPerftWins, which counts the leaves of the T-perft tree as it counts
// its Win leaves; rows of at most bulkRows leaves are counted again by the
// bulk T-perft counter (NewPerft), which must agree. In short mode rows
// above 10 million nodes are skipped. Each row is a parallel subtest (the
// largest take one to two seconds each); the group "rows" returns when all
// have run.
func TestPerftConformance(t *testing.T) {
	// bulkRows is the size of the rows the bulk T-perft counter checks as
	// well: 77 of the 84 rows, 5.7 million of the 151.5 million T-perft
	// leaves.
	const bulkRows = 2_000_000
	t.Parallel()
	rows := readTSV(t, "perft.tsv")
	var ok, skipped atomic.Int64
	t.Run("rows", func(t *testing.T) {
		for _, row := range rows {
			id := row["id"] + "/" + row["depth"]
			t.Run(row["id"]+"_depth"+row["depth"], func(t *testing.T) {
				t.Parallel()
				p, err := minichess.ParseFEN(row["fen"])
				if err != nil {
					t.Fatalf("%s: %v", id, err)
				}
				q, err := minichess.ParseState(strings.NewReader(unescape(row["state"])), "state")
				if err != nil || q != p {
					t.Errorf("%s: state text does not give the FEN's position (%v)", id, err)
					return
				}
				depth, _ := strconv.Atoi(row["depth"])
				want := [3]uint64{}
				for i, col := range []string{"template", "pseudolegal", "template_terminal"} {
					want[i], err = strconv.ParseUint(row[col], 10, 64)
					if err != nil {
						t.Fatalf("%s: %s: %v", id, col, err)
					}
				}
				if testing.Short() && want[1] > 10_000_000 {
					skipped.Add(1)
					return
				}
				wins := minichess.NewPerftWins().Count(p.Node(), depth)
				got := [3]uint64{wins.Leaves, minichess.CountPerft(p, depth, false), wins.Terminal}
				if got != want {
					t.Errorf("%s: T, P, terminal = %v, want %v", id, got, want)
					return
				}
				if want[0] <= bulkRows {
					if bulk := minichess.CountPerft(p, depth, true); bulk != want[0] {
						t.Errorf("%s: bulk T-perft %d, want %d", id, bulk, want[0])
						return
					}
				}
				ok.Add(1)
			})
		}
	})
	n := int64(len(rows))
	t.Logf("perft.tsv: %d/%d rows match, %d skipped (short mode)", ok.Load(), n, skipped.Load())
	if ok.Load()+skipped.Load() != n {
		t.Errorf("perft.tsv: only %d/%d rows match", ok.Load(), n-skipped.Load())
	}
}

// TestStateBytes checks that every state text of the conformance files is
// 136 bytes and round-trips through ParseState and AppendState.
func TestStateBytes(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"movegen.tsv", "movegen_edge.tsv", "perft.tsv", "baselines.tsv", "baselines_edge.tsv"} {
		for _, row := range readTSV(t, file) {
			s := unescape(row["state"])
			p, err := minichess.ParseState(strings.NewReader(s), "state")
			if err != nil {
				t.Errorf("%s %s: %v", file, row["id"], err)
				continue
			}
			if got := p.AppendState(nil); !bytes.Equal(got, []byte(s)) || len(got) != 136 {
				t.Errorf("%s %s: AppendState = %q", file, row["id"], got)
			}
		}
	}
}
