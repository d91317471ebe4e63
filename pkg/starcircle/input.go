package starcircle

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/gamesearch/gamesearch/internal/cliutil"
	"github.com/gamesearch/gamesearch/pkg/search"
)

// Algorithm is the search the input asks for.
type Algorithm uint8

const (
	// Minimax is plain minimax ("MINIMAX").
	Minimax Algorithm = iota
	// AlphaBeta is fail-soft alpha-beta ("ALPHABETA").
	AlphaBeta
)

// String returns the algorithm's name as the input file spells it.
func (a Algorithm) String() string {
	if a == AlphaBeta {
		return "ALPHABETA"
	}
	return "MINIMAX"
}

// MaxDepth is the largest depth limit the homework allows.
const MaxDepth = 10

// maxStack is the largest stack height accepted (nine digits).
const maxStack = 999_999_999

// maxUtility bounds the magnitude of any utility: strictly inside
// search.DefaultInf, and small enough that a move's change of the score
// (at most three row values) fits an int64.
const maxUtility = search.DefaultInf - 1

// Problem is one input file: who moves, how to search, the board and the row
// values.
type Problem struct {
	// Player is the player to move, whose utility is maximised.
	Player Player
	// Algorithm is the search to run.
	Algorithm Algorithm
	// Depth is the depth limit, 1 to MaxDepth.
	Depth int
	// Board holds each square's stack height: positive for Star, negative
	// for Circle, 0 for an empty square.
	Board [64]int
	// Values are the row values, A to H for Star, in units of 10^-Scale.
	Values [8]Value
	// Scale is the number of decimal fraction digits of Values.
	Scale int
}

// InputError is a problem in an input file: the line (1-based, counting
// every line of the file) and, when it concerns a piece of text, the byte
// offset of that text in the line; every program's rule (internal/cliutil).
type InputError = cliutil.LineError

// fields of the input, in order, for messages.
var fieldNames = [12]string{
	"the player line", "the algorithm line", "the depth line",
	"board row H", "board row G", "board row F", "board row E",
	"board row D", "board row C", "board row B", "board row A",
	"the row-values line",
}

// field is a piece of an input line with white space trimmed: its text and
// the byte offset of the text in the line.
type field struct {
	text string
	off  int
}

// trimField trims white space around s, which starts at byte off of its
// line.
func trimField(s string, off int) field {
	t := strings.TrimLeftFunc(s, unicode.IsSpace)
	return field{strings.TrimRightFunc(t, unicode.IsSpace), off + len(s) - len(t)}
}

// split splits f at commas into trimmed fields.
func (f field) split() []field {
	var out []field
	off := f.off
	for s := f.text; ; {
		c, rest, found := strings.Cut(s, ",")
		out = append(out, trimField(c, off))
		if !found {
			return out
		}
		off += len(c) + 1
		s = rest
	}
}

// Parse reads an input file. Leading and trailing white space on a line is
// ignored and blank lines are skipped.
func Parse(data []byte) (*Problem, error) {
	type line struct {
		n int
		field
	}
	var lines []line
	n := 0
	for len(data) > 0 {
		n++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		if len(lines) == len(fieldNames) {
			t := trimField(string(l), 0)
			return nil, &InputError{Line: n, Byte: t.off, Msg: fmt.Sprintf("unexpected extra line %s after the row-values line", cliutil.Quote(t.text))}
		}
		lines = append(lines, line{n, trimField(string(l), 0)})
	}
	if len(lines) < len(fieldNames) {
		at := 1
		if len(lines) > 0 {
			at = lines[len(lines)-1].n + 1
		}
		return nil, &InputError{Line: at, Byte: -1, Msg: fmt.Sprintf("missing %s: the input has %d non-blank lines, want %d",
			fieldNames[len(lines)], len(lines), len(fieldNames))}
	}
	p := new(Problem)
	fail := func(i int, f field, format string, args ...any) error {
		return &InputError{Line: lines[i].n, Byte: f.off, Msg: fmt.Sprintf(format, args...)}
	}
	failLine := func(i int, format string, args ...any) error {
		return &InputError{Line: lines[i].n, Byte: -1, Msg: fmt.Sprintf(format, args...)}
	}
	switch f := lines[0].field; f.text {
	case "Star":
		p.Player = Star
	case "Circle":
		p.Player = Circle
	default:
		return nil, fail(0, f, "player %s is not Star or Circle", cliutil.Quote(f.text))
	}
	switch f := lines[1].field; f.text {
	case "MINIMAX":
		p.Algorithm = Minimax
	case "ALPHABETA":
		p.Algorithm = AlphaBeta
	default:
		return nil, fail(1, f, "algorithm %s is not MINIMAX or ALPHABETA", cliutil.Quote(f.text))
	}
	d, err := cliutil.ParseInt(lines[2].text, 1, MaxDepth)
	if err != nil {
		return nil, fail(2, lines[2].field, "depth limit %s: %v", cliutil.Quote(lines[2].text), err)
	}
	p.Depth = d
	var total int64
	for k := 0; k < 8; k++ {
		row := 7 - k
		cells := lines[3+k].split()
		if len(cells) != 8 {
			return nil, failLine(3+k, "board row %c has %d cells, want 8", 'A'+row, len(cells))
		}
		for col, cell := range cells {
			c := cell.text
			s := NewSquare(row, col)
			h, who, ok := parseCell(c)
			if !ok {
				return nil, fail(3+k, cell, "board row %c, cell %d: %s is not 0, S<i> or C<i> (1 <= i <= %d)",
					'A'+row, col+1, cliutil.Quote(c), maxStack)
			}
			if h == 0 {
				continue
			}
			if !DarkSquares.Has(s) {
				return nil, fail(3+k, cell, "board row %c, cell %d: piece %s on light square %v", 'A'+row, col+1, cliutil.Quote(c), s)
			}
			if h > 1 && !LastRow(who).Has(s) {
				return nil, fail(3+k, cell, "board row %c, cell %d: stack %s of %d pieces off %v's last row %c",
					'A'+row, col+1, cliutil.Quote(c), h, who, "HA"[who])
			}
			total += int64(h)
			if who == Star {
				p.Board[s] = h
			} else {
				p.Board[s] = -h
			}
		}
	}
	var has [2]bool
	for _, h := range p.Board {
		has[Star] = has[Star] || h > 0
		has[Circle] = has[Circle] || h < 0
	}
	for _, who := range []Player{Star, Circle} {
		if !has[who] {
			return nil, &InputError{Line: lines[3].n, Byte: -1, Msg: fmt.Sprintf("board (lines %d-%d): %v has no piece",
				lines[3].n, lines[10].n, who)}
		}
	}
	vals, scale, err := parseValues(lines[11].field)
	if err != nil {
		var ve *valueError
		if errors.As(err, &ve) {
			return nil, fail(11, ve.at, "row values: %s", ve.msg)
		}
		return nil, failLine(11, "row values: %v", err)
	}
	p.Values, p.Scale = vals, scale
	for i := 1; i < 8; i++ {
		if vals[i] <= vals[i-1] {
			return nil, failLine(11, "row values are not strictly increasing: value %d (%s) <= value %d (%s)",
				i+1, search.FormatValue(vals[i], scale), i, search.FormatValue(vals[i-1], scale))
		}
	}
	m := max(-vals[0], vals[7])
	if m > 0 && total > maxUtility/m {
		if scale == 0 {
			return nil, failLine(11, "row values too large for %d pieces: utilities would exceed 2^62", total)
		}
		return nil, failLine(11, "row values too large for %d pieces at their %d decimal places: utilities would exceed 2^62 units of 10^-%d",
			total, scale, scale)
	}
	return p, nil
}

// parseCell parses one board cell: "0", "S<i>" or "C<i>".
func parseCell(c string) (h int, who Player, ok bool) {
	if c == "0" {
		return 0, Star, true
	}
	if len(c) < 2 || len(c) > 10 {
		return 0, Star, false
	}
	switch c[0] {
	case 'S':
		who = Star
	case 'C':
		who = Circle
	default:
		return 0, Star, false
	}
	for i := 1; i < len(c); i++ {
		if c[i] < '0' || c[i] > '9' {
			return 0, Star, false
		}
		h = h*10 + int(c[i]-'0')
	}
	if h < 1 {
		return 0, Star, false
	}
	return h, who, true
}

// decimal is a parsed decimal number: sign, integer digits and fraction
// digits without trailing zeros.
type decimal struct {
	neg        bool
	whole, frc string
}

// parseDecimal parses [+-]digits[.digits] (digits on at least one side).
func parseDecimal(s string) (decimal, bool) {
	var d decimal
	if s != "" && (s[0] == '+' || s[0] == '-') {
		d.neg = s[0] == '-'
		s = s[1:]
	}
	d.whole, d.frc, _ = strings.Cut(s, ".")
	if d.whole == "" && d.frc == "" {
		return d, false
	}
	for _, part := range []string{d.whole, d.frc} {
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return d, false
			}
		}
	}
	d.whole = strings.TrimLeft(d.whole, "0")
	d.frc = strings.TrimRight(d.frc, "0")
	return d, true
}

// valueError is a problem with one row value, at a place of the line.
type valueError struct {
	at  field
	msg string
}

func (e *valueError) Error() string { return e.msg }

// parseValues parses the eight row values of the line f as exact
// fixed-point numbers with a common scale: the largest number of
// significant fraction digits of any value.
func parseValues(f field) (v [8]Value, scale int, err error) {
	fields := f.split()
	if len(fields) != 8 {
		return v, 0, fmt.Errorf("%d values, want 8", len(fields))
	}
	var ds [8]decimal
	finest := 0 // the value that sets the scale
	for i, f := range fields {
		d, ok := parseDecimal(f.text)
		if !ok {
			return v, 0, &valueError{f, fmt.Sprintf("value %d (%s) is not a number", i+1, cliutil.Quote(f.text))}
		}
		ds[i] = d
		if len(d.frc) > scale {
			scale, finest = len(d.frc), i
		}
	}
	for i, d := range ds {
		digits := d.whole + d.frc + strings.Repeat("0", scale-len(d.frc))
		digits = strings.TrimLeft(digits, "0")
		if digits == "" {
			continue
		}
		x, err := strconv.ParseInt(digits, 10, 64)
		if err != nil || x > maxUtility {
			q := cliutil.Quote(fields[i].text)
			if own, err := strconv.ParseInt(strings.TrimLeft(d.whole+d.frc, "0"), 10, 64); err != nil || own > maxUtility {
				return v, 0, &valueError{fields[i], fmt.Sprintf("value %d (%s) is too large: its digits exceed 2^62", i+1, q)}
			}
			return v, 0, &valueError{fields[i], fmt.Sprintf("value %d (%s) is too large for the %d decimal places of value %d (%s): exact values are at most 2^62 units of 10^-%d",
				i+1, q, scale, finest+1, cliutil.Quote(fields[finest].text), scale)}
		}
		if d.neg {
			x = -x
		}
		v[i] = x
	}
	return v, scale, nil
}

// Position returns the root position of the problem.
func (p *Problem) Position() Position {
	w := NewWeights(p.Values)
	pos := Position{ToMove: p.Player}
	for s, h := range p.Board {
		switch {
		case h > 0:
			pos.Pieces[Star] |= 1 << s
			pos.Score += Value(h) * w[Star][s]
		case h < 0:
			pos.Pieces[Circle] |= 1 << s
			pos.Score -= Value(-h) * w[Circle][s]
		}
	}
	return pos
}

// Format returns the problem as an input file (a canonical one: no extra
// white space, the row values at the problem's scale).
func (p *Problem) Format() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v\n%v\n%d\n", p.Player, p.Algorithm, p.Depth)
	for row := 7; row >= 0; row-- {
		for col := 0; col < 8; col++ {
			if col > 0 {
				b.WriteByte(',')
			}
			switch h := p.Board[NewSquare(row, col)]; {
			case h > 0:
				fmt.Fprintf(&b, "S%d", h)
			case h < 0:
				fmt.Fprintf(&b, "C%d", -h)
			default:
				b.WriteByte('0')
			}
		}
		b.WriteByte('\n')
	}
	for i, v := range p.Values {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(search.FormatValue(v, p.Scale))
	}
	b.WriteByte('\n')
	return b.String()
}
