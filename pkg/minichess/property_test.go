package minichess_test

import (
	"bytes"
	"slices"
	"testing"

	"github.com/gamesearch/gamesearch/pkg/minichess"
	"gotest.tools/v3/assert"
)

func perftPositions(t *testing.T) []minichess.Position {
	ps := []minichess.Position{minichess.StartPosition()}
	seen := map[string]bool{ps[0].FEN(): true}
	for _, row := range readTSV(t, "perft.tsv") {
		if !seen[row["fen"]] {
			seen[row["fen"]] = true
			p, err := minichess.ParseFEN(row["fen"])
			assert.NilError(t, err)
			ps = append(ps, p)
		}
	}
	return ps
}

// TestListProperties walks a depth-3 tree (depth 2 in short mode) from the
// start position, every perft position and three made-up positions where a
// side has two kings or none, and checks at every
// node: a node is Win iff a pseudo-legal move captures an enemy king; the
// list then equals the pseudo-legal list cut right after its first king
// capture, and otherwise equals the full pseudo-legal list. The Node and
// Position forms agree, CountMoves is the list length, and the state form
// round-trips (FEN round trips are checked by the conformance tests and
// FuzzParseFEN). At a node that is not Win, the perft trees' CountTerminal
// counts its moves and the children that Node.Play makes Win (T-perft) or
// kingless (P-perft).
func TestListProperties(t *testing.T) {
	t.Parallel()
	depth := 3
	var sbuf [200]byte
	if testing.Short() {
		depth = 2
	}
	nodes := 0
	var lbuf, pbuf [64][minichess.MaxMoves]minichess.Move
	var walk func(p minichess.Position, d int)
	walk = func(p minichess.Position, d int) {
		nodes++
		list, st := p.LegalMoves(lbuf[d][:0])
		pseudo := p.PseudoMoves(pbuf[d][:0])
		cut := -1
		for i, m := range pseudo {
			if p.Board[p.ToMove.Other()][m.ToRow][m.ToCol] == minichess.King {
				cut = i
				break
			}
		}
		want, wantSt := pseudo, minichess.None
		if cut >= 0 {
			want, wantSt = pseudo[:cut+1], minichess.Win
		}
		if st != wantSt || !slices.Equal(list, want) {
			t.Fatalf("%s: list %v %v, pseudo-legal list %v", p.FEN(), st, list, pseudo)
		}
		n := p.Node()
		if n.Status() != st || n.CountMoves() != len(pseudo) || n.Position() != p {
			t.Fatalf("%s: Node status %v, count %d, same position %v", p.FEN(), n.Status(), n.CountMoves(), n.Position() == p)
		}
		if q, err := minichess.ParseState(bytes.NewReader(p.AppendState(sbuf[:0])), "state"); err != nil || q != p {
			t.Fatalf("%s: state round trip: %v", p.FEN(), err)
		}
		if d == 0 || st == minichess.Win {
			return
		}
		wins, kingless := 0, 0
		for _, m := range list {
			c := p.Play(m)
			var cn minichess.Node
			n.Play(&cn, m)
			if cn.Position() != c || cn.Material(minichess.White) != c.Material(minichess.White) ||
				cn.Material(minichess.Black) != c.Material(minichess.Black) {
				t.Fatalf("%s: Node.Play(%v) differs from Position.Play", p.FEN(), m)
			}
			if cn.Status() == minichess.Win {
				wins++
			}
			if !cn.HasKing(cn.ToMove()) {
				kingless++
			}
			walk(c, d-1)
		}
		if moves, ends := (minichess.PerftTree{Template: true}).CountTerminal(&n); moves != len(list) || ends != wins {
			t.Fatalf("%s: T-perft CountTerminal %d, %d; %d moves, %d Win children", p.FEN(), moves, ends, len(list), wins)
		}
		if moves, ends := (minichess.PerftTree{}).CountTerminal(&n); moves != len(list) || ends != kingless {
			t.Fatalf("%s: P-perft CountTerminal %d, %d; %d moves, %d kingless children", p.FEN(), moves, ends, len(list), kingless)
		}
	}
	roots := perftPositions(t)
	for _, fen := range []string{"kr1bk/p1q1p/5/1P1n1/PBQ1P/KN1RK w", "kr1bk/p1q1p/5/1P1n1/PBQ1P/KN1RK b", "1r1b1/p1q1p/5/1P1n1/PBQ1P/KN1R1 w"} {
		p, err := minichess.ParseFEN(fen)
		assert.NilError(t, err)
		roots = append(roots, p)
	}
	for _, p := range roots {
		walk(p, depth)
	}
	t.Logf("%d nodes checked", nodes)
}

// TestNoAllocations checks that move generation, Play and the evaluation do
// not allocate. Not parallel: AllocsPerRun counts the allocations of the
// whole process.
func TestNoAllocations(t *testing.T) {
	p := minichess.StartPosition()
	n := p.Node()
	buf := make([]minichess.Move, 0, minichess.MaxMoves)
	var child minichess.Node
	allocs := testing.AllocsPerRun(100, func() {
		list, _ := n.LegalMoves(buf[:0])
		list, _ = p.LegalMoves(list[:0])
		list = p.PseudoMoves(list[:0])
		n.Play(&child, list[0])
		_ = child.Evaluate()
		_ = child.CountMoves()
		q := p.Play(list[0])
		_ = q.Material(minichess.White)
	})
	assert.Equal(t, allocs, 0.0)
}
