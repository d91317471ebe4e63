package tictactoe

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/gamesearch/gamesearch/internal/cliutil"
)

// InputError is a problem in a board: the line (1-based, counting every line
// of the input, blank ones included) and, when it concerns a piece of text,
// the byte offset of that text in the line; every program's rule
// (internal/cliutil). [ParsePosition] reports its problems on line 1.
type InputError = cliutil.LineError

// cell is one cell of a board as read: its character and where it stands.
type cell struct {
	c          byte
	line, byte int
}

// lineNames names the lines of the program's input, for messages.
var lineNames = [3]string{"board row 1 (top)", "board row 2", "board row 3 (bottom)"}

// ParsePosition reads a position in the notation of [Position.String]: nine
// cells "X", "O" or "." in reading order, white space around them ignored.
// The position must be reachable from the empty board by legal moves (see
// [Validate]); a finished game is accepted. Errors are *InputError on
// line 1, with the byte offset of the offending text.
func ParsePosition(s string) (Position, error) {
	t := strings.TrimLeft(s, " \t\r\n")
	off := len(s) - len(t)
	t = strings.TrimRight(t, " \t\r\n")
	if len(t) != 9 {
		return Position{}, &InputError{Line: 1, Byte: off, Msg: fmt.Sprintf("position %s has %d characters, want 9 cells (X, O or .)", cliutil.Quote(t), len(t))}
	}
	var cells [9]cell
	for i := range cells {
		cells[i] = cell{t[i], 1, off + i}
	}
	return fromCells(&cells, 1)
}

// Parse reads the input of the program tictactoe-minimax: the board as three
// lines of three cells ("X", "O" or "."), top row first. White space at the
// start and end of a line is ignored (CRLF line ends too), blank lines are
// skipped wherever they are, and a missing final newline is fine. The
// position must be reachable (see [Validate]) and not finished: a board with
// three in a row or no empty square has no best move. Errors are
// *InputError naming the line and, for a cell, its byte offset.
func Parse(data []byte) (Position, error) {
	var cells [9]cell
	rows, n, first := 0, 0, 0
	for len(data) > 0 {
		n++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		t := bytes.TrimLeft(l, " \t\r\v\f")
		off := len(l) - len(t)
		t = bytes.TrimRight(t, " \t\r\v\f")
		if len(t) == 0 {
			continue
		}
		if rows == 3 {
			return Position{}, &InputError{Line: n, Byte: off, Msg: fmt.Sprintf("unexpected extra line %s after the three board rows", cliutil.Quote(t))}
		}
		if len(t) != 3 {
			return Position{}, &InputError{Line: n, Byte: off, Msg: fmt.Sprintf("%s %s has %d characters, want 3 cells (X, O or .)", lineNames[rows], cliutil.Quote(t), len(t))}
		}
		if rows == 0 {
			first = n
		}
		for i := range 3 {
			cells[3*rows+i] = cell{t[i], n, off + i}
		}
		rows++
	}
	if rows < 3 {
		return Position{}, &InputError{Line: n + 1, Byte: -1, Msg: fmt.Sprintf("missing %s: the input has %d non-blank lines, want 3", lineNames[rows], rows)}
	}
	p, err := fromCells(&cells, first)
	if err != nil {
		return p, err
	}
	if who, ok := p.Winner(); ok {
		return p, &InputError{Line: first, Byte: -1, Msg: fmt.Sprintf("board (lines %d-%d): the game is over: %v has three in a row (squares %s)", first, cells[8].line, who, LineName(p.Marks[who]))}
	}
	if p.Empty() == 0 {
		return p, &InputError{Line: first, Byte: -1, Msg: fmt.Sprintf("board (lines %d-%d): the game is over: the board is full", first, cells[8].line)}
	}
	return p, nil
}

// fromCells builds and validates the position of cells; board-wide problems
// are reported on line first.
func fromCells(cells *[9]cell, first int) (Position, error) {
	var p Position
	for i, c := range cells {
		switch c.c {
		case 'X':
			p.Marks[X] |= 1 << i
		case 'O':
			p.Marks[O] |= 1 << i
		case '.':
		default:
			return Position{}, &InputError{Line: c.line, Byte: c.byte, Msg: fmt.Sprintf("square %d: %s is not X, O or .", i+1, cliutil.Quote(cellText(cells, i)))}
		}
	}
	if p.Marks[X].Count() > p.Marks[O].Count() {
		p.ToMove = O
	}
	if err := Validate(&p); err != nil {
		where := "board"
		if cells[8].line != first {
			where = fmt.Sprintf("board (lines %d-%d)", first, cells[8].line)
		}
		return Position{}, &InputError{Line: first, Byte: -1, Msg: where + ": " + err.Error()}
	}
	return p, nil
}

// cellText returns the text of the offending cell i: its byte, or the whole
// UTF-8 sequence it starts when the cells of the same line continue it.
func cellText(cells *[9]cell, i int) string {
	b := []byte{cells[i].c}
	for j := i + 1; j < 9 && cells[j].line == cells[i].line && cells[j].c&0xC0 == 0x80; j++ {
		b = append(b, cells[j].c)
	}
	return string(b)
}

// LineName returns the squares of the first line of three in b, as "1-5-9",
// or "" when b holds none.
func LineName(b Board) string {
	for _, l := range Lines {
		if b&l == l {
			var s []string
			for m := Move(0); m < 9; m++ {
				if l.Has(m) {
					s = append(s, m.String())
				}
			}
			return strings.Join(s, "-")
		}
	}
	return ""
}

// Validate returns an error when p cannot be reached from the empty board
// by legal moves (X first, turns alternating, no move after a win): the
// marks must not overlap, X must have as many marks as O (X to move) or one
// more (O to move) and p.ToMove must say so, at most one player may have
// three in a row, and that player must have made the last move.
func Validate(p *Position) error {
	x, o := p.Marks[X], p.Marks[O]
	nx, no := x.Count(), o.Count()
	switch {
	case x|o > Full || x&o != 0:
		return fmt.Errorf("marks %#x and %#x are not two disjoint sets of squares", x, o)
	case nx != no && nx != no+1:
		return fmt.Errorf("X has %d marks and O %d: X moves first, so X has as many marks as O or one more", nx, no)
	case (nx > no) != (p.ToMove == O):
		return fmt.Errorf("%v is to move with %d X and %d O marks", p.ToMove, nx, no)
	case x.HasLine() && o.HasLine():
		return fmt.Errorf("both X (squares %s) and O (squares %s) have three in a row", LineName(x), LineName(o))
	case x.HasLine() && nx == no:
		return fmt.Errorf("X has three in a row (squares %s) but O moved after it", LineName(x))
	case o.HasLine() && nx > no:
		return fmt.Errorf("O has three in a row (squares %s) but X moved after it", LineName(o))
	}
	return nil
}
