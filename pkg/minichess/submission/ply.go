package submission

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"

	"github.com/gamesearch/gamesearch/internal/atomicfile"
	"github.com/gamesearch/gamesearch/pkg/minichess"
)

// The state file carries no ply count, yet the runner decides the game by
// material after minichess.MaxPlies plies. player_submission therefore
// remembers the count in a small side file next to the action file (the
// runner's working directory, which also holds the state file; the action
// file's directory is the one the program must be able to write), one per
// colour so that two copies of the
// program playing each other do not mix their records:
// ".player_submission.white" or ".player_submission.black". The record holds
// the count and the position the program was asked to move in; the next
// position of the same game is two plies after it. A record that is missing,
// unreadable or from another game (the position is not two plies after it)
// is ignored, and the count is then inferred from the start position when
// the position is at most [StartPlies] plies after it, else unknown.

// StartPlies is the depth up to which [InferPlayed] recognises positions
// reached from the start position (the gamesearch match openings are two
// plies long).
const StartPlies = 4

// plyMagic opens a record.
const plyMagic = "player_submission plies v1\n"

// PlyFileName returns the side file of the player to move in the game whose
// action file is actionName.
func PlyFileName(actionName string, side minichess.Color) string {
	return filepath.Join(filepath.Dir(actionName), ".player_submission."+side.String())
}

// PlyRecord returns the record saying that n was reached after played plies.
func PlyRecord(n *minichess.Node, played int) []byte {
	p := n.Position()
	b := append([]byte(plyMagic), strconv.Itoa(played)...)
	b = append(b, '\n')
	b = append(b, p.FEN()...)
	return append(b, '\n')
}

// parsePlyRecord returns the position and count of a record.
func parsePlyRecord(rec []byte) (minichess.Node, int, bool) {
	rest, ok := bytes.CutPrefix(rec, []byte(plyMagic))
	if !ok {
		return minichess.Node{}, 0, false
	}
	num, fen, ok := bytes.Cut(rest, []byte{'\n'})
	if !ok {
		return minichess.Node{}, 0, false
	}
	played, err := strconv.Atoi(string(num))
	if err != nil || played < 0 || played >= minichess.MaxPlies {
		return minichess.Node{}, 0, false
	}
	p, err := minichess.ParseFEN(string(bytes.TrimSuffix(fen, []byte{'\n'})))
	if err != nil {
		return minichess.Node{}, 0, false
	}
	return p.Node(), played, true
}

// InferPlayed returns the number of plies played before n: the record's
// count plus two when n is two plies after the record's position (rec may be
// nil), else the smallest k <= [StartPlies] such that n is k plies after the
// start position, else -1 (unknown). A count of minichess.MaxPlies or more
// (the game is over) is also unknown.
func InferPlayed(n *minichess.Node, rec []byte) int {
	if r, played, ok := parsePlyRecord(rec); ok && played+2 < minichess.MaxPlies && r.ToMove() == n.ToMove() && reaches(&r, n, 2) {
		return played + 2
	}
	start := minichess.StartPosition()
	s := start.Node()
	for k := 0; k <= StartPlies; k++ {
		if (k%2 == 0) == (n.ToMove() == minichess.White) && reaches(&s, n, k) {
			return k
		}
	}
	return -1
}

// reaches reports whether target is exactly k plies after from, the game
// not having ended before (a side to move that can capture a king has won).
func reaches(from, target *minichess.Node, k int) bool {
	if k == 0 {
		return *from == *target
	}
	var buf [minichess.MaxMoves]minichess.Move
	list, st := from.LegalMoves(buf[:0])
	if st == minichess.Win {
		return false
	}
	var next minichess.Node
	for _, m := range list {
		from.Play(&next, m)
		if reaches(&next, target, k-1) {
			return true
		}
	}
	return false
}

// rememberPlayed infers the ply count of the position n from the side file
// next to the action file actionName and records n with that count for the
// next move; it returns the count, -1 when unknown. File errors only lose
// the information: the side file is an aid, never required.
func rememberPlayed(actionName string, n *minichess.Node) int {
	name := PlyFileName(actionName, n.ToMove())
	rec, err := os.ReadFile(name)
	if err != nil {
		rec = nil
	}
	played := InferPlayed(n, rec)
	if played >= 0 {
		_ = atomicfile.WriteFile(name, PlyRecord(n, played), 0o644)
	}
	return played
}
