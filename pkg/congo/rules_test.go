package congo

import (
	"strings"
	"testing"

	"github.com/gamesearch/gamesearch/internal/testutil"
	"github.com/gamesearch/gamesearch/pkg/search"

	"gotest.tools/v3/assert"
)

func moveList(p *Position, k Kind, all bool) string {
	var ms []Move
	if all {
		ms = p.GenerateMoves(nil)
	} else {
		ms = p.GenerateKind(k, nil)
	}
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// TestMoveExamples holds move examples of the handouts and the course data
// (docs/congo.md, "Pieces and their moves").
func TestMoveExamples(t *testing.T) {
	tests := []struct {
		fen  string
		kind Kind
		want string
	}{
		{"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4", Lion, "d1d2"},
		{"1e1El2/P1P2P1/1P5/7/1E3P1/1P5/4L2 b 79", Lion, "e7d6 e7d7 e7e1 e7e6"},
		{"7/1P5/4l2/7/2L4/7/7 w 46", Lion, "c3c2 c3d2 c3d3 c3e5"},
		{"7/7/4l1p/3p3/pEL4/7/7 w 36", Lion, "c3c2 c3d2 c3d3"},
		{"6E/3pl1p/ezZ4/E6/2L4/3p3/7 w 45", Zebra, "c5a6 c5b3 c5b7 c5d3 c5d7 c5e4 c5e6"},
		{"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35", Elephant, "f5d5 f5e5 f5f3 f5f4 f5f6 f5f7 g4e4 g4f4 g4g2 g4g6"},
		{"2l4/1s4P/PP2p2/6p/1P2LPP/1PG1pp1/Z2z3 w 23", Giraffe, "c2a2 c2a4 c2b1 c2c1 c2c3 c2c4 c2d2 c2d3 c2e2 c2e4"},
		{"7/2p4/2PlpP1/1P5/p6/3L3/7 w 17", Pawn, "b4a5 b4b5 c5b6 c5c3 c5c4 c5c6 c5d6 f5e6 f5f3 f5f4 f5f6 f5g6"},
		{"3l3/7/6P/7/1Z1P1p1/3L3/7 w 23", Pawn, "d3c4 d3d4 d3e4 g5f6 g5g3 g5g4 g5g6"},
		{"3l3/p6/7/7/1Z1P1p1/3L3/1p5 b 42", Pawn, "a6a5 a6b5 b1b2 f3e2 f3f2 f3f4 f3f5 f3g2"},
		{"3l3/p6/7/7/1Z1P1p1/1p1L3/7 b 42", Pawn, "a6a5 a6b5 b2a1 b2b1 b2c1 f3e2 f3f2 f3f4 f3f5 f3g2"},
		{"3l3/7/6S/7/1Z1S1p1/3L3/7 w 23", Superpawn, "d3b1 d3c2 d3c3 d3c4 d3d4 d3e2 d3e3 d3e4 d3f1 g5e3 g5f4 g5f5 g5f6 g5g3 g5g4 g5g6"},
		{"s2l3/7/7/7/1Z1P3/Ps1L3/7 b 42", Superpawn, "a7a6 a7b6 a7b7 b2a1 b2a2 b2a3 b2b1 b2c1 b2c2 b2c3 b2d4"},
		{"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", Crocodile, ""},
		{"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", Monkey, ""},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		want := strings.Fields(tc.want)
		// the table lists some moves unsorted; the generator must sort
		sortStrings(want)
		assert.Equal(t, moveList(&p, tc.kind, false), strings.Join(want, " "), tc.fen)
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// TestGenerators checks that the ordered generator, the counter, IsLegal and
// the per-kind generators agree with GenerateMoves.
func TestGenerators(t *testing.T) {
	for _, f := range []string{
		StartFEN(Edition2021), StartFEN(Edition2022),
		"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
		"2l4/1s4P/PP2p2/6p/1P2LPP/1PG1pp1/Z2z3 w 23",
		"7/3l3/4P2/7/7/7/3L3 b 28",
		"7/3l3/4P2/7/7/7/3L3 w 28",
	} {
		p := mustFEN(t, f)
		all := p.GenerateMoves(nil)
		assert.Equal(t, p.CountMoves(), len(all), f)
		ordered := p.GenerateOrdered(nil)
		sorted := append([]Move(nil), ordered...)
		for i := 1; i < len(sorted); i++ {
			for j := i; j > 0 && sorted[j] < sorted[j-1]; j-- {
				sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
			}
		}
		assert.DeepEqual(t, sorted, all)
		seenQuiet := false
		for _, m := range ordered {
			capture := p.At(m.To()) != NoPiece
			assert.Assert(t, !(capture && seenQuiet), "%s: capture %s after a quiet move", f, m)
			seenQuiet = seenQuiet || !capture
		}
		var byKind []Move
		for k := Kind(0); k < NumKinds; k++ {
			byKind = p.GenerateKind(k, byKind)
		}
		assert.Equal(t, len(byKind), len(all), f)
		legal := 0
		for from := Square(0); from < NumSquares; from++ {
			for to := Square(0); to < NumSquares; to++ {
				if p.IsLegal(NewMove(from, to)) {
					legal++
				}
			}
		}
		assert.Equal(t, legal, len(all), f)
	}
}

// TestMakeMoveExamples holds the worked examples of docs/congo.md ("Making a
// move").
func TestMakeMoveExamples(t *testing.T) {
	tests := []struct {
		fen, move string
		rules     Edition
		want      string
		status    Status
	}{
		{"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4", "d1d2", Edition2021, "2ele1z/ppppppp/7/7/7/PPPLPPP/2E1E1Z b 4", Continue},
		{"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35", "f5f7", Edition2021, "1z3e1/pPp1lP1/6p/4P2/4L1p/2p2pP/7 w 36", Continue},
		{"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 12", "g4e4", Edition2021, "1z5/pPp1lP1/5ep/7/4L1p/2p2pP/7 w 13", Continue},
		{"7/1pg4/p1pl1Z1/p3S2/1PL3p/3G1pp/7 w 23", "e4d4", Edition2022, "7/1pg4/p1pl1Z1/p6/1PL3p/3G1pp/7 b 23", Continue},
		{"7/P6/2ls1s1/1g5/4p2/ps1ppS1/2L4 b 1", "d2c1", Edition2022, "7/P6/2ls1s1/7/4p2/ps2pS1/2s4 w 2", BlackWins},
		{"4l2/1Zp4/7/2Pp3/6P/2Lp3/z6 b 21", "d2c1", Edition2021, "4l2/1Zp4/7/2P4/6P/2L4/z1p4 w 22", Continue},
		{"7/p6/2ElZ2/p4P1/EpPL1pp/2p1p2/7 b 27", "d5d3", Edition2021, "7/p6/2E1Z2/5P1/EpPl1pp/2p1p2/7 w 28", BlackWins},
		// a crocodile in the river never drowns; a monkey does
		{"3l3/7/7/C1M1P2/7/7/3L3 w 5", "e4e5", Edition2022, "3l3/7/4P2/C6/7/7/3L3 b 5", Continue},
		// a pawn reaching the last rank promotes only in 2022
		{"3l3/P6/7/7/7/7/3L3 w 5", "a6a7", Edition2022, "S2l3/7/7/7/7/7/3L3 b 5", Continue},
		{"3l3/P6/7/7/7/7/3L3 w 5", "a6a7", Edition2021, "P2l3/7/7/7/7/7/3L3 b 5", Continue},
		// both lions gone: the black lion is checked first
		{"3l3/7/7/7/7/7/3L3 w 5", "d1d7", Edition2022, "3L3/7/7/7/7/7/7 b 5", WhiteWins},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		m, ok := ParseMove(tc.move)
		assert.Assert(t, ok)
		assert.Assert(t, p.IsLegal(m), "%s %s", tc.fen, tc.move)
		p.MakeMove(m, tc.rules)
		assert.Equal(t, p.String(), tc.want, "%s %s", tc.fen, tc.move)
		assert.Equal(t, p.Status(), tc.status, "%s %s", tc.fen, tc.move)
	}
	w := mustFEN(t, "3L3/7/7/7/7/7/7 b 5")
	assert.Equal(t, w.Status().String(), "White wins")
	b := mustFEN(t, "3l3/7/7/7/7/7/7 w 5")
	assert.Equal(t, b.Status().String(), "Black wins")
	assert.Equal(t, Continue.String(), "Continue")
}

// TestEvaluationExamples holds the examples of sections 5.1-5.3 and 5.6.
func TestEvaluationExamples(t *testing.T) {
	tests := []struct {
		fen            string
		simple, advanc int
	}{
		{"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4", -100, -102},
		{"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 12", 900, 920},
		{"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12", -900, -920},
		{"3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4", -100, -102},
		{"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12", 1200, 1214},
		{"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35", -1200, -1214},
		{"7/3l3/4P2/7/7/7/3L3 b 28", -100, -112},
		{"7/3l3/7/7/7/7/3L3 b 28", 0, 0},
		{"7/7/7/7/7/7/7 b 28", -10000, -10000},
		{"7/3l3/4P2/7/7/7/7 w 28", -10000, -10000},
		{"7/7/4P2/7/7/7/3L3 b 28", -10000, -10000},
		{"gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 0", 0, 0},
	}
	for _, tc := range tests {
		p := mustFEN(t, tc.fen)
		assert.Equal(t, p.Evaluate(), tc.simple, tc.fen)
		assert.Equal(t, p.EvaluateAdvanced(), tc.advanc, tc.fen)
	}
}

// TestSearchExamples holds the handout samples per edition of docs/congo.md
// ("The 2021 and 2022 editions").
func TestSearchExamples(t *testing.T) {
	fens2021 := []string{
		"2ele1z/ppppppp/7/7/7/PPP1PPP/2ELE1Z w 4",
		"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
		"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 w 12",
	}
	fens2022 := []string{
		"3l2z/ppppppp/7/7/7/PPP1PPP/3L2Z w 4",
		"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 b 12",
		"1z5/pPp1lP1/5sp/4P1s/4L1p/2p2pP/7 w 35",
	}
	tests := []struct {
		fens           []string
		rules          Edition
		minimax, alpha [3]int
	}{
		{fens2021, Edition2021, [3]int{-100, 800, -1000}, [3]int{-103, 832, -914}},
		{fens2021, Edition2022, [3]int{-100, 550, -1000}, [3]int{-103, 581, -967}},
		{fens2022, Edition2021, [3]int{-100, 850, -1200}, [3]int{-105, 1122, -772}},
		{fens2022, Edition2022, [3]int{-100, 750, -1200}, [3]int{-105, 1020, -669}},
	}
	for _, tc := range tests {
		mm, ab := NewMinimax(tc.rules), NewAlphaBeta(tc.rules)
		for i, f := range tc.fens {
			p := mustFEN(t, f)
			assert.Equal(t, MinimaxValue(mm, &p), tc.minimax[i], "%s rules %s", f, tc.rules)
			assert.Equal(t, AlphaBetaValue(ab, &p), tc.alpha[i], "%s rules %s", f, tc.rules)
		}
	}
	// Two lions alone are searched, not scored 0.
	p := mustFEN(t, "7/7/2l4/7/7/2L4/7 w 8")
	assert.Equal(t, p.Evaluate(), 0)
	assert.Equal(t, MinimaxValue(NewMinimax(Edition2021), &p), 10000)
}

// TestAlphaBetaOrderIndependent checks that captures-first ordering gives the
// same value as ascending order, and both equal depth-4 negamax.
func TestAlphaBetaOrderIndependent(t *testing.T) {
	for _, f := range []string{
		"1z5/pPp1lP1/5ep/4P1e/4L1p/2p2pP/7 b 35",
		"7/P6/2ls1s1/1g5/4p2/ps1ppS1/2L4 b 1",
		"7/3l3/4P2/7/7/7/3L3 b 28",
	} {
		p := mustFEN(t, f)
		ordered := AlphaBetaValue(NewAlphaBeta(Edition2022), &p)
		plain := search.New[Position, Move](CourseGame{Edition: Edition2022, Eval: AdvancedEval}, CourseOptions(true))
		assert.Equal(t, int(plain.AlphaBeta(p, 4).Value), ordered, f)
		mm := search.New[Position, Move](CourseGame{Edition: Edition2022, Eval: AdvancedEval}, CourseOptions(false))
		assert.Equal(t, int(mm.Minimax(p, 4).Value), ordered, f)
	}
}

// TestActivityIsTargetsSum: Activity, which walks the pieces kind by kind,
// gives for both sides of every position of the 2021 minimax_d2_500.in
// and the 2022 positions_500.in the sums over the side's pieces of their Targets: their number, one
// per target holding an enemy piece and ten more per target holding the
// enemy lion.
func TestActivityIsTargetsSum(t *testing.T) {
	n := 0
	for _, f := range [][2]string{{"2021", "minimax_d2_500.in"}, {"2022", "positions_500.in"}} {
		for _, p := range loadPositions(t, testutil.Conformance(t, "congo", f[0], f[1])) {
			for _, c := range []Color{White, Black} {
				enemy := p.byColor[c^1]
				mob, att := 0, 0
				for pcs := p.byColor[c]; pcs != 0; {
					tg := p.Targets(pcs.Pop(), c)
					mob += tg.Count()
					att += (tg & enemy).Count()
					if tg&enemy&p.byKind[Lion] != 0 {
						att += 10
					}
				}
				gotMob, gotAtt := p.Activity(c)
				if gotMob != mob || gotAtt != att {
					t.Fatalf("%s, %v: Activity %d %d, Targets' sums %d %d", p.String(), c, gotMob, gotAtt, mob, att)
				}
				n++
			}
		}
	}
	if n < 1000 {
		t.Fatalf("%d sides checked", n)
	}
}
