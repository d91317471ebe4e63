package minichess

import (
	"bufio"
	"errors"
	"io"
	"math"
)

// RawMove is a move as a player wrote it: four integers, possibly out of
// range. NoMove, (-1, -1, -1, -1), stands for "nothing written".
type RawMove [4]int32

// NoMove is the move of an action file holding no complete move.
var NoMove = RawMove{-1, -1, -1, -1}

// Move returns the move m denotes and true when all four coordinates lie on
// the board, else false.
func (m RawMove) Move() (Move, bool) {
	if m[0] < 0 || m[0] >= Rows || m[1] < 0 || m[1] >= Cols ||
		m[2] < 0 || m[2] >= Rows || m[3] < 0 || m[3] >= Cols {
		return Move{}, false
	}
	return Move{int8(m[0]), int8(m[1]), int8(m[2]), int8(m[3])}, true
}

// Render returns the runner's rendering of the move, "D2 → D3": the two
// square names around a U+2192 arrow, with '?' for each out-of-range
// coordinate (docs/minichess.md, "The runner").
func (m RawMove) Render() string {
	b := []byte{fileChar(int64(m[1])), rankChar(int64(m[0])), ' ', 0xe2, 0x86, 0x92, ' ',
		fileChar(int64(m[3])), rankChar(int64(m[2]))}
	return string(b)
}

// In reports whether m equals one of the moves of list.
func (m RawMove) In(list []Move) bool {
	for _, x := range list {
		if x.Raw() == m {
			return true
		}
	}
	return false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// ParseAction reads an action file the way the C++ runner's `fin >> x >> y >>
// n >> m` loop does (docs/minichess.md, "The file protocol"): integers
// (optional sign, a run of decimal digits, within int32) separated by ASCII
// whitespace, grouped in fours; parsing stops at the first failed read or at
// end of file, and an incomplete last group is ignored. It returns the last
// complete group (NoMove when there is none) and the number of complete
// groups. err is set only when reading r fails.
func ParseAction(r io.Reader) (m RawMove, count int, err error) {
	br := bufio.NewReader(r)
	m = NoMove
	var cur RawMove
	k := 0
	for {
		v, ok, rerr := readInt(br)
		if rerr != nil {
			return m, count, rerr
		}
		if !ok {
			return m, count, nil
		}
		cur[k] = v
		k++
		if k == 4 {
			m, k = cur, 0
			count++
		}
	}
}

// readInt reads one integer like istream >> int: ok is false on end of file
// or a failed read.
func readInt(br *bufio.Reader) (int32, bool, error) {
	c, err := br.ReadByte()
	for err == nil && isSpace(c) {
		c, err = br.ReadByte()
	}
	if err != nil {
		return 0, false, ioErr(err)
	}
	neg := false
	if c == '+' || c == '-' {
		neg = c == '-'
		if c, err = br.ReadByte(); err != nil {
			return 0, false, ioErr(err)
		}
	}
	if c < '0' || c > '9' {
		return 0, false, nil
	}
	var v int64
	overflow := false
	for {
		v = v*10 + int64(c-'0')
		if v > math.MaxInt32+1 {
			overflow = true
			v = math.MaxInt32 + 1
		}
		if c, err = br.ReadByte(); err != nil {
			if err != io.EOF {
				return 0, false, err
			}
			break
		}
		if c < '0' || c > '9' {
			br.UnreadByte()
			break
		}
	}
	if neg {
		v = -v
	}
	if overflow || v > math.MaxInt32 || v < math.MinInt32 {
		return 0, false, nil
	}
	return int32(v), true, nil
}

func ioErr(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
